//! Docket's own checks in production: what can be checked offline is checked for real; what
//! needs a service Docket cannot reach reports `error` with the reason, and the case goes to a
//! reviewer. Nothing is passed unchecked.

use serde_json::json;

use super::{CheckInput, Finding};
use crate::Engine;
use crate::error::Result;
use crate::kyb::pdf::{self, Analysis};
use crate::kyb::registry::{self, RegistryRecord};
use crate::kyb::store;
use crate::kyb::summary::{CheckType, Severity};

pub(super) async fn run(engine: &Engine, input: &CheckInput<'_>) -> Result<Finding> {
    Ok(match input.check_type {
        CheckType::Tin => Finding::error(
            "TIN matching needs the IRS TIN Matching service, which Docket cannot reach offline: a reviewer \
             compares the TIN with the company's tax documents",
            json!({}),
        ),
        CheckType::AgenticVerification => Finding::error(
            "agentic verification researches the business online, which Docket cannot do offline: a reviewer \
             checks the business's public presence",
            json!({}),
        ),
        CheckType::Registry => registry(engine, input, false).await?,
        CheckType::CrossCheck => cross_check(engine, input, false).await?,
        // Runs through the person's document verification (`kyc.rs`) before it gets here.
        CheckType::Kyc => Finding::error("identity checks run through document verification", json!({})),
        CheckType::DocumentVerification | CheckType::DocManipulation => {
            let analyses = analyse(engine, input).await?;
            if input.check_type == CheckType::DocumentVerification {
                pdf::verify_documents(input.case, &analyses)
            } else {
                pdf::manipulation(&analyses)
            }
        }
        // Screening runs through the AML engine and the risk score through the risk model.
        CheckType::AmlCompany | CheckType::AmlPerson | CheckType::BusinessRiskScore => {
            Finding::error("this check type has no provider of its own", json!({}))
        }
    })
}

/// Reads and analyses every document of the case.
async fn analyse(engine: &Engine, input: &CheckInput<'_>) -> Result<Vec<Analysis>> {
    let mut out = Vec::with_capacity(input.documents.len());
    for (kind, file) in input.documents {
        let (_, bytes) = engine.files().read(input.case.scope, file.id).await?;
        let (kind, file) = (*kind, file.clone());
        let analysis = tokio::task::spawn_blocking(move || Analysis::of(kind, &file, &bytes))
            .await
            .map_err(|e| crate::Error::Storage(format!("reading a document failed: {e}")))?;
        out.push(analysis);
    }
    Ok(out)
}

/// The declared company's registry record: by number, else by name, in its country; in the
/// demo registry (`demo`) or the imported ones.
async fn lookup(engine: &Engine, input: &CheckInput<'_>, demo: bool) -> Result<Lookup> {
    let company = &input.case.form.company;
    let country = company.country.as_ref().map(|c| c.as_str().to_owned()).unwrap_or_default();
    let number = company.registration_number.as_ref().map(|n| n.as_str().to_owned());
    let name = company.legal_name.as_ref().map(|n| n.as_str().to_owned());
    let c = country.clone();
    let (found, by_number, covered) = engine
        .core
        .db
        .read(move |conn| {
            let (found, by_number) = store::find_registry(conn, &c, number.as_deref(), name.as_deref(), demo)?;
            // The demo registry holds only the demo's companies: a miss there says nothing.
            let covered = !found.is_empty() || (!demo && store::registry_covers(conn, &c)?);
            Ok((found, by_number, covered))
        })
        .await?;
    Ok(Lookup { country, record: found.into_iter().next(), by_number, covered })
}

struct Lookup {
    country: String,
    record: Option<RegistryRecord>,
    by_number: bool,
    covered: bool,
}

fn no_coverage(country: &str) -> Finding {
    Finding::error(
        format!(
            "no imported registry covers {country} (import Companies House or GLEIF files with `docket registries \
             import`): a reviewer checks the registry"
        ),
        json!({ "country": country }),
    )
}

/// `registry`: the declared company in the imported registry snapshots (the demo registry in
/// the sandbox).
pub(super) async fn registry(engine: &Engine, input: &CheckInput<'_>, demo: bool) -> Result<Finding> {
    let company = &input.case.form.company;
    let declared_name = company.legal_name.as_ref().map(|n| n.as_str()).unwrap_or_default();
    let declared_number = company.registration_number.as_ref().map(|n| n.as_str()).unwrap_or_default();
    let found = lookup(engine, input, demo).await?;
    let Some(record) = found.record else {
        if !found.covered {
            return Ok(no_coverage(&found.country));
        }
        return Ok(Finding::done(
            Severity::High,
            "not_found",
            format!(
                "No company numbered {declared_number} or named {declared_name} is registered in {}",
                found.country
            ),
            json!({ "country": found.country, "registration_number": declared_number, "legal_name": declared_name }),
        ));
    };
    let evidence = json!({ "source": record.source.source(), "matched_by": if found.by_number { "number" } else { "name" }, "record": record });
    let same_name = registry::name_key(&record.name) == registry::name_key(declared_name);
    Ok(if record.status != "active" {
        Finding::done(
            Severity::High,
            "inactive",
            format!("{} ({}) is {} in the registry ({})", record.name, record.number, record.status, record.raw_status),
            evidence,
        )
    } else if !found.by_number {
        Finding::done(
            Severity::Medium,
            "number_mismatch",
            format!("{} is registered under number {}, not {declared_number}", record.name, record.number),
            evidence,
        )
    } else if !same_name {
        Finding::done(
            Severity::Medium,
            "name_mismatch",
            format!("{} is registered as {}, not {declared_name}", record.number, record.name),
            evidence,
        )
    } else {
        Finding::done(
            Severity::Low,
            "active",
            format!("{} ({}) is registered and active ({})", record.name, record.number, record.source.source()),
            evidence,
        )
    })
}

/// `cross_check`: the declared data against the registry record, field by field.
pub(super) async fn cross_check(engine: &Engine, input: &CheckInput<'_>, demo: bool) -> Result<Finding> {
    let found = lookup(engine, input, demo).await?;
    let Some(record) = found.record.filter(|_| found.by_number) else {
        return Ok(if found.covered {
            Finding::error(
                "the registry has no record under the declared number to compare with: a reviewer compares the \
                 declared data with the documents",
                json!({ "country": found.country }),
            )
        } else {
            no_coverage(&found.country)
        });
    };
    let company = &input.case.form.company;
    let address = company.address.clone().unwrap_or_default();
    let squash = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_uppercase).collect::<String>();
    let line = |v: &Option<crate::values::Line>| v.as_ref().map(|l| l.as_str().to_owned());
    let pairs = [
        ("legal_name", line(&company.legal_name), Some(record.name.clone()), registry::name_key as fn(&str) -> String),
        ("postal_code", line(&address.postal_code), record.postal_code.clone(), squash),
        ("city", line(&address.city), record.city.clone(), squash),
        ("street", line(&address.street), record.street.clone(), squash),
        (
            "incorporation_date",
            company.incorporation_date.map(|d| d.to_string()),
            record.incorporated_on.clone(),
            |s: &str| s.to_owned(),
        ),
    ];
    let mut fields = serde_json::Map::new();
    let mut mismatches = Vec::new();
    for (field, declared, registered, key) in pairs {
        let verdict = match (&declared, &registered) {
            (Some(d), Some(r)) if key(d) == key(r) || (field == "street" && key(r).contains(&key(d))) => "match",
            (Some(_), Some(_)) => {
                mismatches.push(field);
                "mismatch"
            }
            _ => "not_compared",
        };
        fields.insert(field.into(), json!({ "declared": declared, "registry": registered, "result": verdict }));
    }
    // The declared data against the documents' text layers, field by field.
    let analyses = analyse(engine, input).await?;
    let mut documents = serde_json::Map::new();
    for (field, declared, found) in pdf::declared_in_documents(input.case, &analyses) {
        let result = match &found {
            None => "not_compared",
            Some(names) if names.is_empty() => {
                if !mismatches.contains(&field) {
                    mismatches.push(field);
                }
                "not_found"
            }
            Some(_) => "match",
        };
        documents.insert(field.into(), json!({ "declared": declared, "found_in": found, "result": result }));
    }
    let evidence = json!({
        "source": record.source.source(), "number": record.number, "fields": fields, "documents": documents,
    });
    Ok(match mismatches.len() {
        0 => Finding::done(
            Severity::Low,
            "match",
            "The declared data matches the registry record and the documents",
            evidence,
        ),
        1 => Finding::done(
            Severity::Medium,
            "partial_match",
            format!(
                "The declared {} differs from the registry record or the documents",
                mismatches[0].replace('_', " ")
            ),
            evidence,
        ),
        _ => Finding::done(
            Severity::High,
            "mismatch",
            format!(
                "The declared {} differ from the registry record or the documents",
                mismatches.join(", ").replace('_', " ")
            ),
            evidence,
        ),
    })
}
