//! What Docket holds of an applicant (`system_info`), derived from what was provided and what
//! verifications confirmed. Used by the service when an applicant changes and by the store when
//! one is read.

use super::model::{Applicant, ApplicantInfo};

/// `system_info`: provided data with `full_name` filled in, overlaid by verified data.
pub(super) fn system_info(a: &Applicant) -> ApplicantInfo {
    let mut info = a.provided_info.clone();
    if let Some(verified) = &a.verified_info {
        let v = verified.clone();
        macro_rules! overlay { ($($f:ident),*) => { $( if v.$f.is_some() { info.$f = v.$f; } )* } }
        overlay!(full_name, first_name, last_name, dob, gender, citizenship, country, address, registration_id, email);
        info.addresses.extend(v.addresses);
    }
    if info.full_name.is_none() {
        info.full_name = info.display_name();
    }
    info
}
