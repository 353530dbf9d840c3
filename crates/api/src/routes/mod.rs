//! The routers, one per feature.

pub mod accounts;
pub mod aml;
pub mod applicants;
pub mod approvals;
pub mod audit;
pub mod bankbook;
pub mod console;
pub mod data;
pub mod desk;
pub mod desk_queue;
pub mod email;
pub mod events;
pub mod imports;
pub mod keys;
pub mod kyb;
pub mod kyb_desk;
pub mod kyb_widget;
pub mod meta;
pub mod organization;
pub mod requests;
pub mod sandbox;
pub mod transmon;
pub mod verification_person;
pub mod verifications;
pub mod webhooks;
