//! The demo data set's non-document checks (sandbox only): a BVN that passes, a NIN whose
//! simulated registry is unavailable, a PESEL and a personnummer that agree with their demo
//! people, and a CPR whose birth date does not, so that the console has each outcome to show.

use super::model::VerificationType;
use super::service::{NewNondocCheck, Nondoc};
use super::store::{self, NondocCheckFilter};
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;

/// (the demo person (1-based), the verification type, the identifier's code, the number; a
/// trailing `?` is its check character, made by `docket_nationalid::complete`).
const CHECKS: &[(usize, VerificationType, &str, &str)] = &[
    (15, VerificationType::NondocNigeriaBvnBasic, "NG_BVN", "22345678901"),
    (15, VerificationType::NondocNigeriaNin, "NG_NIN", "12345678999"),
    (8, VerificationType::NondocNationalId, "PL_PESEL", "9003091235?"),
    (17, VerificationType::NondocNationalId, "SE_PERSONNUMMER", "19850119238?"),
    // 13 December 1976; the demo person was born on the 12th.
    (28, VerificationType::NondocNationalId, "DK_CPR", "1312761235"),
];

impl Nondoc<'_> {
    /// Seeds the demo checks once; the number made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let mut made = 0;
        for (person, verification_type, id_type, number) in CHECKS {
            let external_id = format!("demo-person-{person:03}");
            let Ok(applicant) = self.engine.applicants().get_by_external_id(scope, &external_id).await else {
                continue;
            };
            let id = applicant.applicant_id;
            let page = PageRequest { page: 0, limit: 1 };
            let seen =
                NondocCheckFilter { verification_type: Some(*verification_type), ..NondocCheckFilter::default() };
            if !self.engine.core.db.read(move |conn| store::list(conn, scope, id, &seen, page)).await?.is_empty() {
                continue;
            }
            let kind = docket_nationalid::Kind::from_code(id_type).ok_or(Error::invalid_request("demo id type"))?;
            let number = match number.strip_suffix('?') {
                Some(body) => docket_nationalid::complete(kind, &format!("{body}0"))
                    .ok_or(Error::invalid_request("a demo number with no check digit"))?,
                None => (*number).to_owned(),
            };
            let data = match verification_type {
                VerificationType::NondocNigeriaBvnBasic => serde_json::json!({"bvn": number}),
                VerificationType::NondocNigeriaNin => serde_json::json!({"nin": number}),
                VerificationType::NondocNationalId => serde_json::json!({"id_type": id_type, "number": number}),
            };
            let input = NewNondocCheck { verification_type: verification_type.as_str().to_owned(), request_data: data };
            self.verify(scope, id, input).await?;
            made += 1;
        }
        Ok(made)
    }
}
