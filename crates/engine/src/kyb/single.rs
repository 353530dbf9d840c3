//! Single KYB checks of an applicant (spec 4.3, 4.4; public-api.md section 4): TIN matching, a
//! US company registry lookup and corporate-document verification, each accepted at once
//! (`initial`), run as due work (`work::Kind::KybSingleCheck`) and polled by request id. Each
//! finished check emits `KYB_CHECK`.
//!
//! Sandbox outcomes are chosen by documented magic values; in production, what needs a service
//! Docket cannot reach offline answers `failed` with the reason in `response_data.message`.

use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::form::DocumentKind;
use super::pdf::{self, Analysis};
use super::providers::Finding;
use super::summary::{Outcome, Severity};
use crate::Engine;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::files::FileId;
use crate::id::typed_id;
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Claim, Kind, Tasks, Worker};

typed_id!(
    /// A single check's request id.
    RequestId,
    "KYB check request"
);

/// The event a finished single check emits.
pub const CHECK_EVENT: &str = "KYB_CHECK";

/// What a single check verifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum VerificationType {
    TinVerification,
    UsCompanyRegistryCheck,
    DocumentVerification,
}

impl VerificationType {
    fn as_str(self) -> &'static str {
        match self {
            VerificationType::TinVerification => "tin_verification",
            VerificationType::UsCompanyRegistryCheck => "us_company_registry_check",
            VerificationType::DocumentVerification => "document_verification",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        [Self::TinVerification, Self::UsCompanyRegistryCheck, Self::DocumentVerification]
            .into_iter()
            .find(|t| t.as_str() == s)
    }

    /// Seconds of the sandbox clock it takes (the public service: a few seconds, 10 to 20 s,
    /// 15 to 30 s).
    fn sandbox_seconds(self) -> i64 {
        match self {
            VerificationType::TinVerification => 2,
            VerificationType::UsCompanyRegistryCheck => 10,
            VerificationType::DocumentVerification => 15,
        }
    }
}

/// A single check's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SingleStatus {
    /// Accepted; not finished yet.
    Initial,
    Verified,
    NotVerified,
    /// Invalid input the checker refused, or the checker failed.
    Failed,
}

impl SingleStatus {
    fn as_str(self) -> &'static str {
        match self {
            SingleStatus::Initial => "initial",
            SingleStatus::Verified => "verified",
            SingleStatus::NotVerified => "not_verified",
            SingleStatus::Failed => "failed",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        [Self::Initial, Self::Verified, Self::NotVerified, Self::Failed].into_iter().find(|t| t.as_str() == s)
    }
}

/// `POST /api/v4/kyb/{applicant_id}/tin-verification`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TinRequest {
    /// 9 digits; dashes and spaces are ignored.
    pub tin: String,
    pub company_name: String,
}

/// `POST /api/v4/kyb/{applicant_id}/us-registry-check`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegistryRequest {
    /// The US state of the registry (`delaware`, `new york`, or its code `DE`).
    pub state: String,
    pub company_name: Option<String>,
    /// The Secretary of State's file number.
    pub sos_id: Option<String>,
}

/// A document to verify.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DocumentRef {
    /// The id of a file uploaded to one of the applicant's KYB cases.
    pub doc_path: String,
    /// `KybCertificateOfIncorporation` or `KybOwnershipDocument`.
    pub document_type: String,
}

/// A shareholder the documents should name.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Shareholder {
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub nationality: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserProvidedData {
    #[serde(default)]
    pub shareholders: Vec<Shareholder>,
}

/// `POST /api/v4/kyb/{applicant_id}/verify-document`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DocumentRequest {
    pub documents: Vec<DocumentRef>,
    #[serde(default)]
    pub user_provided_data: UserProvidedData,
}

/// The answer to a submission: 202 with the id to poll.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Accepted {
    pub request_id: RequestId,
    pub status: SingleStatus,
}

/// `GET /api/v4/kyb/result/{request_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SingleResult {
    pub request_id: RequestId,
    pub status: SingleStatus,
    pub verification_type: VerificationType,
    /// `{}` until finished; then the type's result (see the guide).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub response_data: Value,
    pub created_at: Timestamp,
    pub completed_at: Option<Timestamp>,
}

/// US states and DC by name and code.
const US_STATES: [(&str, &str); 51] = [
    ("AL", "alabama"),
    ("AK", "alaska"),
    ("AZ", "arizona"),
    ("AR", "arkansas"),
    ("CA", "california"),
    ("CO", "colorado"),
    ("CT", "connecticut"),
    ("DE", "delaware"),
    ("DC", "district of columbia"),
    ("FL", "florida"),
    ("GA", "georgia"),
    ("HI", "hawaii"),
    ("ID", "idaho"),
    ("IL", "illinois"),
    ("IN", "indiana"),
    ("IA", "iowa"),
    ("KS", "kansas"),
    ("KY", "kentucky"),
    ("LA", "louisiana"),
    ("ME", "maine"),
    ("MD", "maryland"),
    ("MA", "massachusetts"),
    ("MI", "michigan"),
    ("MN", "minnesota"),
    ("MS", "mississippi"),
    ("MO", "missouri"),
    ("MT", "montana"),
    ("NE", "nebraska"),
    ("NV", "nevada"),
    ("NH", "new hampshire"),
    ("NJ", "new jersey"),
    ("NM", "new mexico"),
    ("NY", "new york"),
    ("NC", "north carolina"),
    ("ND", "north dakota"),
    ("OH", "ohio"),
    ("OK", "oklahoma"),
    ("OR", "oregon"),
    ("PA", "pennsylvania"),
    ("RI", "rhode island"),
    ("SC", "south carolina"),
    ("SD", "south dakota"),
    ("TN", "tennessee"),
    ("TX", "texas"),
    ("UT", "utah"),
    ("VT", "vermont"),
    ("VA", "virginia"),
    ("WA", "washington"),
    ("WV", "west virginia"),
    ("WI", "wisconsin"),
    ("WY", "wyoming"),
];

/// A US state by name or code: its code and name.
pub fn us_state(s: &str) -> Option<(&'static str, &'static str)> {
    let s = s.trim().to_lowercase().replace(['_', '-'], " ");
    US_STATES.iter().copied().find(|(code, name)| *name == s || code.eq_ignore_ascii_case(&s))
}

/// A required text field of a request: present and not blank.
fn required(field: &str, value: &str, max: usize) -> Result<String> {
    if value.trim().is_empty() {
        return Err(Error::invalid(field, "is required"));
    }
    crate::values::text(field, value, max)
}

/// The checked form of a TIN: 9 digits once dashes and spaces are removed.
pub fn parse_tin(tin: &str) -> Result<String> {
    let digits: String = tin.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    if digits.len() != 9 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(Error::invalid("tin", "must be 9 digits (dashes are ignored), such as 36-2382580"));
    }
    Ok(digits)
}

fn document_kind(document_type: &str) -> Option<DocumentKind> {
    match document_type.trim() {
        "KybCertificateOfIncorporation" | "kyb_certificate_of_incorporation" | "certificate_of_incorporation" => {
            Some(DocumentKind::CertificateOfIncorporation)
        }
        "KybOwnershipDocument" | "kyb_ownership_document" | "ownership_document" => {
            Some(DocumentKind::OwnershipDocument)
        }
        _ => None,
    }
}

impl super::Kyb<'_> {
    /// Accepts a TIN check of the applicant.
    pub async fn tin_check(&self, scope: Scope, applicant: ApplicantId, input: TinRequest) -> Result<Accepted> {
        let tin = parse_tin(&input.tin)?;
        let company_name = required("company_name", &input.company_name, 300)?;
        let request = json!({ "tin": tin, "company_name": company_name });
        self.accept(scope, applicant, VerificationType::TinVerification, request).await
    }

    /// Accepts a US registry lookup for the applicant.
    pub async fn registry_check(
        &self,
        scope: Scope,
        applicant: ApplicantId,
        input: RegistryRequest,
    ) -> Result<Accepted> {
        let (code, name) = us_state(&input.state).ok_or_else(|| {
            if input.state.trim().is_empty() {
                Error::invalid("state", "is required")
            } else {
                Error::invalid("state", "must be a US state's name (delaware, new york) or code (DE)")
            }
        })?;
        let company_name = input.company_name.as_deref().filter(|n| !n.trim().is_empty());
        let sos_id = input.sos_id.as_deref().filter(|n| !n.trim().is_empty());
        if company_name.is_none() && sos_id.is_none() {
            return Err(Error::invalid("company_name", "give company_name or sos_id"));
        }
        let company_name = company_name.map(|n| crate::values::text("company_name", n, 300)).transpose()?;
        let sos_id = sos_id.map(|n| crate::values::text("sos_id", n, 64)).transpose()?;
        let request = json!({ "state": name, "state_code": code, "company_name": company_name, "sos_id": sos_id });
        self.accept(scope, applicant, VerificationType::UsCompanyRegistryCheck, request).await
    }

    /// Accepts a corporate-document verification for the applicant: every document must be a
    /// file of one of its KYB cases.
    pub async fn document_check(
        &self,
        scope: Scope,
        applicant: ApplicantId,
        input: DocumentRequest,
    ) -> Result<Accepted> {
        if input.documents.is_empty() || input.documents.len() > 10 {
            return Err(Error::invalid("documents", "give 1 to 10 documents"));
        }
        let mut docs = Vec::new();
        for (i, d) in input.documents.iter().enumerate() {
            let field = |f: &str| format!("documents[{i}].{f}");
            let kind = document_kind(&d.document_type).ok_or_else(|| {
                Error::invalid(field("document_type"), "must be KybCertificateOfIncorporation or KybOwnershipDocument")
            })?;
            let file: FileId = d.doc_path.parse().map_err(|_| Error::invalid(field("doc_path"), "is not a file id"))?;
            docs.push(json!({ "file_id": file, "kind": kind }));
        }
        let files: Vec<FileId> = docs.iter().filter_map(|d| d["file_id"].as_str()?.parse().ok()).collect();
        let owned = self
            .engine
            .core
            .db
            .read(move |conn| {
                for f in &files {
                    if !super::store::file_of_applicant(conn, scope, *f, applicant)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            })
            .await?;
        if !owned {
            return Err(Error::invalid(
                "documents",
                "every doc_path must be a file uploaded to one of this applicant's KYB cases",
            ));
        }
        let shareholders: Vec<String> = input
            .user_provided_data
            .shareholders
            .iter()
            .filter_map(|s| {
                s.name.clone().filter(|n| !n.trim().is_empty()).or_else(|| {
                    let n = [&s.first_name, &s.last_name].into_iter().flatten().cloned().collect::<Vec<_>>().join(" ");
                    (!n.trim().is_empty()).then_some(n)
                })
            })
            .collect();
        let request = json!({ "documents": docs, "shareholders": shareholders });
        self.accept(scope, applicant, VerificationType::DocumentVerification, request).await
    }

    async fn accept(
        &self,
        scope: Scope,
        applicant: ApplicantId,
        kind: VerificationType,
        request: Value,
    ) -> Result<Accepted> {
        let now = self.engine.now(scope);
        let id = RequestId::new(self.engine.real_now());
        let due = if scope.is_sandbox() {
            now.saturating_add(jiff::SignedDuration::from_secs(kind.sandbox_seconds()))
        } else {
            now
        };
        self.engine
            .core
            .db
            .write(move |conn| {
                if crate::applicants::store::get(conn, scope, applicant)?.is_none() {
                    return Err(Error::not_found("applicant"));
                }
                super::store::insert_single(conn, scope, id, applicant, kind.as_str(), &request, now)?;
                work::store::schedule(conn, Kind::KybSingleCheck, scope, id.as_uuid(), due)
            })
            .await?;
        Ok(Accepted { request_id: id, status: SingleStatus::Initial })
    }

    /// A single check's current result.
    pub async fn result(&self, scope: Scope, id: RequestId) -> Result<SingleResult> {
        self.engine
            .core
            .db
            .read(move |conn| get(conn, scope, id)?.map(|(r, _, _)| r).ok_or(Error::not_found("KYB check request")))
            .await
    }
}

/// A stored single check: its result, applicant and request.
fn get(conn: &Connection, scope: Scope, id: RequestId) -> Result<Option<(SingleResult, ApplicantId, Value)>> {
    let Some(row) = super::store::get_single(conn, scope, id)? else { return Ok(None) };
    let bad = |what: &str| Error::Storage(format!("a stored single check has an unknown {what}"));
    Ok(Some((
        SingleResult {
            request_id: id,
            verification_type: VerificationType::parse(&row.verification_type).ok_or_else(|| bad("type"))?,
            status: SingleStatus::parse(&row.status).ok_or_else(|| bad("status"))?,
            response_data: row.response_data.unwrap_or_else(|| json!({})),
            created_at: row.created_at,
            completed_at: row.completed_at,
        },
        row.applicant_id,
        row.request,
    )))
}

/// Runs due single checks.
pub(crate) struct SingleCheckWorker;

impl Worker for SingleCheckWorker {
    const KIND: Kind = Kind::KybSingleCheck;
    const MAX_IN_FLIGHT: usize = 16;
    const LEASE: std::time::Duration = std::time::Duration::from_secs(120);

    async fn start(&self, engine: &Engine, _scope: Scope, items: Vec<Claim>, tasks: &mut Tasks) -> Result<()> {
        work::spawn_each(engine, items, tasks, |engine, claim| async move { run(&engine, &claim).await });
        Ok(())
    }
}

async fn run(engine: &Engine, claim: &Claim) -> Result<()> {
    let (scope, id) = (claim.scope, RequestId(claim.subject));
    let found = engine.core.db.read(move |conn| get(conn, scope, id)).await?;
    let Some((result, applicant, request)) = found.filter(|(r, _, _)| r.status == SingleStatus::Initial) else {
        let claim = claim.clone();
        return engine.core.db.write(move |conn| work::store::complete(conn, &claim).map(drop)).await;
    };
    let sandbox = scope.is_sandbox();
    let (status, data) = match result.verification_type {
        VerificationType::TinVerification => tin(&request, sandbox),
        VerificationType::UsCompanyRegistryCheck if sandbox => registry(&request),
        VerificationType::UsCompanyRegistryCheck => registry_offline(engine, &request).await?,
        VerificationType::DocumentVerification => documents(engine, scope, &request, sandbox).await?,
    };
    let now = engine.now(scope);
    let real_now = engine.real_now();
    let claim = claim.clone();
    engine
        .core
        .db
        .write(move |conn| {
            if super::store::finish_single(conn, id, status.as_str(), &data, now)? {
                let done = SingleResult { status, response_data: data, completed_at: Some(now), ..result };
                let mut payload = serde_json::to_value(&done)?;
                if let Some(p) = payload.as_object_mut() {
                    p.insert("applicant_id".into(), json!(applicant));
                }
                crate::events::emit(
                    conn,
                    scope,
                    &crate::events::NewEvent {
                        id: crate::events::EventId::new(real_now),
                        event_type: CHECK_EVENT,
                        subject: Some(id.as_uuid()),
                        payload: &payload.to_string(),
                        at: now,
                        real_now,
                    },
                )?;
            }
            work::store::complete(conn, &claim).map(drop)
        })
        .await
}

/// TIN matching: the sandbox answers by the TIN's last digit (the IRS code it simulates).
fn tin(request: &Value, sandbox: bool) -> (SingleStatus, Value) {
    let tin = request["tin"].as_str().unwrap_or_default();
    let name = request["company_name"].as_str().unwrap_or_default();
    if !sandbox {
        return (
            SingleStatus::Failed,
            json!({ "message": "TIN matching needs the IRS TIN Matching service, which Docket cannot reach offline" }),
        );
    }
    let answer = super::providers::tin_answer(tin);
    let status = match answer.code {
        Some(0 | 5 | 6 | 7 | 8) => SingleStatus::Verified,
        Some(2 | 3) => SingleStatus::NotVerified,
        _ => SingleStatus::Failed,
    };
    (
        status,
        json!({ "result": { "name": name, "tin": tin, "status": answer.status, "irs_code": answer.code, "irs_reason": answer.reason } }),
    )
}

/// The US registry lookup in production: the imported GLEIF records of the state's
/// jurisdiction (`US-DE`), by the registration authority's id (the SOS file number) or name.
async fn registry_offline(engine: &Engine, request: &Value) -> Result<(SingleStatus, Value)> {
    let state = request["state"].as_str().unwrap_or_default().to_owned();
    let jurisdiction = format!("US-{}", request["state_code"].as_str().unwrap_or_default());
    let sos = request["sos_id"].as_str().map(str::to_owned);
    let name = request["company_name"].as_str().map(str::to_owned);
    let (found, covered) = engine
        .core
        .db
        .read(move |conn| {
            let (found, _) = super::store::find_registry(conn, "US", sos.as_deref(), name.as_deref(), false)?;
            Ok((found, super::store::registry_covers(conn, "US")?))
        })
        .await?;
    let found: Vec<_> = found.into_iter().filter(|r| r.jurisdiction == jurisdiction).collect();
    if found.is_empty() {
        return Ok(if covered {
            (
                SingleStatus::NotVerified,
                json!({ "message": format!("no matching company in the imported records of {state}"), "results": [] }),
            )
        } else {
            (
                SingleStatus::Failed,
                json!({ "message": format!("no registry covering {state} is imported (import GLEIF's LEI file with `docket registries import`); Docket cannot query the state registry offline"), "results": [] }),
            )
        });
    }
    let results: Vec<Value> = found
        .iter()
        .map(|r| {
            json!({
                "base_info": {
                    "company_name": r.name, "registration_number": r.number, "status": r.raw_status,
                    "company_type": r.category, "registration_date": r.incorporated_on, "jurisdiction": r.jurisdiction,
                    "registered_address": { "street": r.street, "city": r.city, "state_or_province": r.region, "postal_code": r.postal_code, "country": r.country },
                },
                "sos_id": r.number, "state_of_formation": r.jurisdiction, "normalized_status": r.status, "lei": r.lei,
                "source": r.source.source(),
            })
        })
        .collect();
    let active = found.iter().any(|r| r.status == "active");
    let status = if active { SingleStatus::Verified } else { SingleStatus::NotVerified };
    Ok((
        status,
        json!({ "message": format!("{} record(s) found in the imported {state} records", results.len()), "results": results }),
    ))
}

/// The US registry lookup in the sandbox: answered by the SOS id's or name's magic values.
fn registry(request: &Value) -> (SingleStatus, Value) {
    let state = request["state"].as_str().unwrap_or_default();
    let code = request["state_code"].as_str().unwrap_or_default();
    let name = request["company_name"].as_str().unwrap_or_default();
    let sos = request["sos_id"].as_str().unwrap_or_default();
    let key = if sos.is_empty() { name.to_lowercase() } else { sos.to_owned() };
    if key.ends_with("9999") || key.contains("registry error") {
        return (
            SingleStatus::Failed,
            json!({ "message": format!("the {state} registry did not answer (simulated outage)"), "results": [] }),
        );
    }
    if key.ends_with("0000") || key.contains("unknown") {
        return (SingleStatus::NotVerified, json!({ "message": "no matching company was found", "results": [] }));
    }
    let inactive = key.ends_with("1111") || key.contains("dissolved");
    let number = if sos.is_empty() {
        format!(
            "{}",
            1_000_000 + name.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b))) % 9_000_000
        )
    } else {
        sos.to_owned()
    };
    let company = if name.is_empty() { format!("Sandbox Company {number}") } else { name.to_uppercase() };
    let status = if inactive { "Dissolved" } else { "Active" };
    let result = json!({
        "base_info": {
            "company_name": company, "registration_number": number, "status": status,
            "company_type": "Domestic Limited Liability Company", "registration_date": "2015-03-02",
            "jurisdiction": code,
            "registered_address": { "street": "1209 Orange Street", "city": "Wilmington", "state_or_province": code, "postal_code": "19801", "country": "US" },
            "associated_persons": [{ "name": "Sandbox Registered Agent Inc.", "role": "registered_agent", "current": true }],
        },
        "sos_id": number, "state_of_formation": code, "normalized_status": status.to_lowercase(),
        "normalized_filing_date": "2015-03-02", "good_standing": !inactive, "confidence_level": 100,
    });
    let verdict = if inactive { SingleStatus::NotVerified } else { SingleStatus::Verified };
    (
        verdict,
        json!({ "message": format!("{} found in the {state} registry (simulated)", company), "results": [result] }),
    )
}

/// Corporate documents: the sandbox answers by words in the files' names; production reads the
/// files (text layer, editing signs) and looks for the shareholders' names.
async fn documents(engine: &Engine, scope: Scope, request: &Value, sandbox: bool) -> Result<(SingleStatus, Value)> {
    let shareholders: Vec<String> = request["shareholders"]
        .as_array()
        .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    let mut analyses = Vec::new();
    for d in request["documents"].as_array().into_iter().flatten() {
        let Some(file) = d["file_id"].as_str().and_then(|f| f.parse::<FileId>().ok()) else { continue };
        let kind = match d["kind"].as_str() {
            Some("ownership_document") => DocumentKind::OwnershipDocument,
            _ => DocumentKind::CertificateOfIncorporation,
        };
        let (stored, bytes) = match engine.files().read(scope, file).await {
            Ok(f) => f,
            Err(Error::NotFound { .. }) => {
                return Ok((
                    SingleStatus::Failed,
                    json!({ "message": "a document was deleted before it was checked" }),
                ));
            }
            Err(e) => return Err(e),
        };
        analyses.push(
            tokio::task::spawn_blocking(move || Analysis::of(kind, &stored, &bytes))
                .await
                .map_err(|e| Error::Storage(e.to_string()))?,
        );
    }
    let mut results = Vec::new();
    let mut all_ok = true;
    for a in &analyses {
        let name = a.file.original_name.clone().unwrap_or_default().to_lowercase();
        let mut errors: Vec<&str> = Vec::new();
        if sandbox {
            if name.contains("doc-error") {
                return Ok((
                    SingleStatus::Failed,
                    json!({ "message": "the document service did not answer (simulated outage)" }),
                ));
            }
            if name.contains("invalid") {
                errors.push("DOCUMENT_NOT_RECOGNIZED");
            }
            if name.contains("edited") {
                errors.push("DOCUMENT_MANIPULATED");
            }
            if name.contains("noshareholder") {
                errors.push("SHAREHOLDER_NAME_NOT_FOUND");
            }
        } else {
            let text = a.pdf.as_ref().map(|p| p.text.to_uppercase()).unwrap_or_default();
            if a.pdf.is_none() {
                errors.push("DOCUMENT_NOT_READABLE");
            } else if text.trim().is_empty() {
                errors.push("NO_TEXT_LAYER");
            }
            if a.pdf.is_some() && shareholders.iter().any(|s| !text.contains(&s.to_uppercase())) {
                errors.push("SHAREHOLDER_NAME_NOT_FOUND");
            }
            if let Finding { outcome: Outcome::Done { severity: Severity::Medium | Severity::High, .. }, .. } =
                pdf::manipulation(std::slice::from_ref(a))
            {
                errors.push("DOCUMENT_MANIPULATED");
            }
        }
        all_ok &= errors.is_empty();
        results.push(
            json!({ "file_id": a.file.id, "document_type": a.kind, "valid": errors.is_empty(), "errors": errors }),
        );
    }
    let status = if all_ok { SingleStatus::Verified } else { SingleStatus::NotVerified };
    Ok((status, json!({ "result": { "document_results": results } })))
}

impl super::Kyb<'_> {
    /// Runs every due single check now (for tests and tools without the background loops).
    pub async fn run_due_single_checks(&self) -> Result<usize> {
        work::run_now(self.engine, &SingleCheckWorker).await
    }
}

/// Starts the single checks' loop.
pub(crate) fn spawn(engine: &Engine) {
    work::spawn(engine, SingleCheckWorker);
}
