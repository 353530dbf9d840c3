//! The demo data set's statements: two demo people each with a statement read for real through
//! the same path as an upload (a generated PDF with a text layer): Lukas Müller's is his own
//! (`extracted`), Camille Dubois's names another holder (`needs_review`).

use super::service::Bankbook;
use super::store::{self, StatementFilter};
use crate::error::{Error, Result};
use crate::files::{NewFile, OwnerKind};
use crate::page::PageRequest;
use crate::scope::Scope;

/// (demo person, as its external id numbers it; holder printed when it is not the person, bank, IBAN, BIC, period, balances).
type DemoStatement =
    (usize, Option<&'static str>, &'static str, &'static str, &'static str, &'static str, [&'static str; 2]);

const STATEMENTS: [DemoStatement; 2] = [
    (
        1,
        None,
        "Musterbank AG",
        "DE89 3704 0044 0532 0130 00",
        "COBADEFFXXX",
        "01.02.2026 - 28.02.2026",
        ["3.120,45 EUR", "2.874,10 EUR"],
    ),
    (
        2,
        Some("Claire Moreau"),
        "Banque Populaire du Sud",
        "FR14 2004 1010 0505 0001 3M02 606",
        "BNPAFRPP",
        "01.02.2026 - 28.02.2026",
        ["1.204,00 EUR", "988,51 EUR"],
    ),
];

impl Bankbook<'_> {
    /// Seeds the demo statements (sandbox only; none when the sandbox has statements already).
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let any = PageRequest { page: 0, limit: 1 };
        let filter = StatementFilter::default();
        if !self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, any)).await?.is_empty() {
            return Ok(0);
        }
        let mut made = 0;
        for (person, holder, bank, iban, bic, period, [opening, closing]) in STATEMENTS {
            let Ok(applicant) =
                self.engine.applicants().get_by_external_id(scope, &format!("demo-person-{person:03}")).await
            else {
                continue;
            };
            let name = applicant.provided_info.display_name().unwrap_or_default();
            let lines = [
                bank.to_owned(),
                format!("Account holder: {}", holder.unwrap_or(&name)),
                format!("IBAN: {iban}"),
                format!("BIC: {bic}"),
                format!("Statement period: {period}"),
                format!("Opening balance: {opening}"),
                format!("Closing balance: {closing}"),
            ];
            let pdf = crate::kyb::pdf::write_document("Account statement", &lines, "Docket demo bank");
            let mut upload = self
                .engine
                .files()
                .begin(
                    scope,
                    NewFile {
                        owner_kind: OwnerKind::BankStatement,
                        owner_id: applicant.applicant_id.as_uuid(),
                        declared_type: Some("application/pdf".to_owned()),
                        name: Some("statement-2026-02.pdf".to_owned()),
                        limit: super::MAX_STATEMENT_BYTES,
                    },
                )
                .await?;
            upload.write(&pdf).await?;
            let file = upload.finish().await?;
            self.extract(scope, applicant.applicant_id, file).await?;
            made += 1;
        }
        Ok(made)
    }
}
