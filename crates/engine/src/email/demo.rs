//! The demo data set's e-mail checks (sandbox only): one of each verdict, and ownership proven
//! for a demo person, so that the console's views and the outbox have something to show.

use super::service::{Emails, NewEmailCheck};
use super::store::{self, EmailCheckFilter};
use crate::error::{Error, Result};
use crate::page::PageRequest;
use crate::scope::Scope;

/// (address, the demo person it belongs to (1-based), whether ownership is asked and proven).
const CHECKS: &[(&str, Option<usize>, bool)] = &[
    ("maria.garcia@example.com", Some(1), true),
    ("j.okafor@example.org", Some(2), true),
    ("sales@example.com", None, false),
    ("quick.signup@mailinator.com", None, false),
    ("lena@gmial.com", None, false),
    ("anna@no-mx.test", None, false),
    ("tom@greylisted.test", None, false),
];

impl Emails<'_> {
    /// Seeds the demo checks once; the number made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let first = EmailCheckFilter { email: Some(CHECKS[0].0.to_owned()), ..EmailCheckFilter::default() };
        let page = PageRequest { page: 0, limit: 1 };
        if !self.engine.core.db.read(move |conn| store::list(conn, scope, &first, page)).await?.is_empty() {
            return Ok(0);
        }
        let mut made = 0;
        for (email, person, ownership) in CHECKS {
            let applicant = match person {
                Some(n) => {
                    let external_id = format!("demo-person-{n:03}");
                    self.engine.applicants().get_by_external_id(scope, &external_id).await.ok().map(|a| a.applicant_id)
                }
                None => None,
            };
            let input = NewEmailCheck {
                email: (*email).to_owned(),
                applicant_id: applicant,
                require_ownership: *ownership,
                locale: None,
            };
            let check = self.create(scope, input).await?;
            if *ownership && made == 0 {
                // The first proves ownership; the second's code waits in the outbox.
                let outbox = self.outbox(scope, Some(check.id), PageRequest { page: 0, limit: 1 }).await?;
                if let Some(code) = outbox.data.first().and_then(|m| m.code.clone()) {
                    self.verify_code(scope, check.id, code).await?;
                }
            }
            made += 1;
        }
        Ok(made)
    }
}
