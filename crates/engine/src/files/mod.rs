//! The file store: engine-owned blobs under the data directory, content addressed (SHA-256),
//! each with a scoped record (owner, declared and sniffed media type, size, sanitised name).
//! Uploads stream in with a size limit and become visible atomically; files go with their
//! owner and with a sandbox reset; what a crash left behind is swept when a server starts.
//!
//! `sniff` tells a file's type from its content; `model` is the record; `store` its SQL;
//! `service` the blobs on disk.

mod model;
pub(crate) mod service;
pub mod sniff;
pub(crate) mod store;

pub use model::{FileId, OwnerKind, StoredFile, sanitise_name};
pub(crate) use service::FilesState;
pub use service::{FILES_DIR, Files, NewFile, Upload};

/// File records go with a sandbox reset (their blobs after it, see `sandbox::reset_data`).
/// Not counted on their own: each owner's domain shows its files.
pub(crate) const DOMAIN: crate::domains::Domain = crate::domains::Domain {
    tables: &[crate::domains::Table {
        name: "files",
        reset: crate::domains::Reset::Delete(Some("files")),
        counts: &[],
    }],
    after_reset: None,
};
