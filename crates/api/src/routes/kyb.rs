//! `/api/v4/kyb/verifications`: KYB cases (spec 4.1, 4.2) and the operations that fill, submit
//! and remediate them. The hosted widget's token routes are in [`super::kyb_widget`]; both
//! reach the same engine operations.

use axum::extract::{Path, Request, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, HOST};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use docket_engine::Actor;
use docket_engine::applicants::ApplicantId;
use docket_engine::files::{FileId, NewFile, OwnerKind};
use docket_engine::kyb::single::{Accepted, DocumentRequest, RegistryRequest, TinRequest};
use docket_engine::kyb::{
    AssigneeFilter, CaseDetail, CaseFilter, CaseId, CaseRow, CaseSort, CaseStatus, CheckFlag, DocumentKind,
    LIST_BOUNDS, MAX_DOCUMENT_BYTES, NewCase, NewRemediation, RiskLevel, SectionKey, SlaFilter,
};
use docket_engine::kyb::{RequestId, SingleResult};
use docket_engine::scope::Scope;
use docket_engine::time::Timestamp;
use docket_engine::values::CountryCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query, RawJson};
use crate::state::AppState;
use crate::upload;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get, erase))
        .routes(routes!(save_section))
        .routes(routes!(upload_document))
        .routes(routes!(download_document, remove_document))
        .routes(routes!(submit))
        .routes(routes!(open_remediation))
        .routes(routes!(tin_verification))
        .routes(routes!(us_registry_check))
        .routes(routes!(verify_document))
        .routes(routes!(single_result))
}

/// A case with the absolute URL of its hosted widget.
#[derive(Serialize, ToSchema)]
pub struct CaseResponse {
    #[serde(flatten)]
    pub case: CaseDetail,
    /// The hosted widget for the merchant: no API key needed; works until `widget_expires_at`.
    pub widget_url: String,
}

/// The server's own base URL as the caller reached it (its `Host`), with the scheme it serves.
pub(crate) fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    let host = headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c)));
    let scheme = if state.secure_cookies { "https" } else { "http" };
    format!("{scheme}://{}", host.unwrap_or("127.0.0.1"))
}

pub(crate) fn respond(state: &AppState, headers: &HeaderMap, case: CaseDetail) -> Json<CaseResponse> {
    let widget_url = format!("{}{}", base_url(state, headers), case.widget_path);
    Json(CaseResponse { case, widget_url })
}

/// Create a KYB case
///
/// Opens a case for the organization applicant with `external_id` (created if there is none;
/// without `external_id`, a new applicant). Company and representative data may be prefilled;
/// the merchant completes the rest in the hosted widget at `widget_url`, or an integration fills
/// it through the section and document operations below. `checks` replaces the default plan
/// (see *KYB* in the guide).
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications", tag = "KYB", operation_id = "createKybVerification",
    request_body(content = NewCase, example = json!({
        "external_id": "merchant-1042",
        "company": {"legal_name": "Brightwater Logistics Ltd", "country": "GB", "registration_number": "09876543"}
    })),
    responses(
        (status = 201, description = "The new case, in `draft`", body = CaseResponse),
        (status = 400, description = "Invalid data", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 409, description = "The external_id belongs to a person applicant", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Json(input): Json<NewCase>,
) -> ApiResult<(StatusCode, Json<CaseResponse>)> {
    let case = state.engine.kyb().create(caller.scope(), input, caller.actor()).await?;
    Ok((StatusCode::CREATED, respond(&state, &headers, case)))
}

/// Filters of the case list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Restricts to sandbox cases when true; the key's environment decides in any case, so
    /// `true` with a production key (or `false` with a sandbox key) gives an empty page.
    is_sandbox: Option<String>,
    /// Statuses, comma-separated (`manual_review,failed`).
    status: Option<String>,
    /// Stages, comma-separated (`running_checks`).
    stage: Option<String>,
    /// Risk levels, comma-separated (`medium,high`).
    risk_level: Option<String>,
    /// The company's country (ISO 3166-1 alpha-2).
    country: Option<String>,
    /// Words that must each appear (any letter case) in the company's name or trading name,
    /// registration number, external id, public id, or the name of one of its people (the
    /// representative, the persons of the ownership section) or corporate owners.
    q: Option<String>,
    /// Created at or after (RFC 3339, or a date `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or a date `YYYY-MM-DD`: before that day).
    created_to: Option<String>,
    /// Docket's own: `me` (the signed-in reviewer), `none` (unassigned), or a reviewer's id.
    assignee: Option<String>,
    /// Docket's own: `breached`: cases past their stage's SLA on the environment's clock, in a
    /// stage a person acts in; `stuck`: cases whose checks are running past their SLA.
    sla: Option<String>,
    /// Docket's own: `error` (a check type in error) or `hit` (a check with a finding: severity
    /// medium or high).
    flag: Option<String>,
    /// Docket's own: `second_approval`: cases whose decision awaits its second approval.
    awaiting: Option<String>,
    /// Docket's own: the order, a key ascending or `-key` descending: `created_at`,
    /// `sla_due_at` (most overdue first; cases without an SLA last), `company_name`, `status`,
    /// `assignee` (unassigned last). Also `newest` (the default, `-created_at`), `oldest`
    /// (`created_at`) and `sla_due` (`sla_due_at`). Ties go by creation.
    sort: Option<String>,
}

fn one_of<'a>(field: &str, value: Option<&'a str>, allowed: &[&str]) -> ApiResult<Option<&'a str>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) if allowed.contains(&v) => Ok(Some(v)),
        Some(v) => Err(ApiError::bad_request(format!(
            "{field}: `{}` is not one of {}",
            docket_engine::values::shorten(v, 40),
            allowed.join(", ")
        ))
        .with_field(field)),
    }
}

fn list_of<T>(field: &str, value: Option<&str>, parse: impl Fn(&str) -> Option<T>, allowed: &str) -> ApiResult<Vec<T>> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(Vec::new()) };
    value
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| {
            parse(v).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "{field}: `{}` is not one of {allowed}",
                    docket_engine::values::shorten(v, 40)
                ))
                .with_field(field)
            })
        })
        .collect()
}

/// A bound of a created-at filter: an RFC 3339 instant, or a day (its start).
pub(crate) fn time_bound(field: &str, value: Option<&str>) -> ApiResult<Option<Timestamp>> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
    if let Ok(date) = v.parse::<jiff::civil::Date>() {
        return date
            .to_zoned(jiff::tz::TimeZone::UTC)
            .map(|z| Some(Timestamp::from_jiff(z.timestamp())))
            .map_err(|e| ApiError::bad_request(format!("{field}: {e}")).with_field(field));
    }
    v.parse::<Timestamp>().map(Some).map_err(|e| ApiError::bad_request(format!("{field}: {e}")).with_field(field))
}

/// List KYB verifications
///
/// Newest first (or as `sort` says), `limit` 5 to 25 (default 20), `page` from 0 (spec 4.1).
/// The organization and environment come from the key. Each row carries the company,
/// form_progress and checks_summary blocks. Besides `has_next`, Docket answers `total`: how
/// many cases the filters match in all.
#[utoipa::path(
    get, path = "/api/v4/kyb/verifications", tag = "KYB", operation_id = "listKybVerifications",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of cases", body = CasePage),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<RawJson> {
    let page = paging.within(LIST_BOUNDS)?;
    let scope = caller.scope();
    match params.is_sandbox.as_deref().map(str::trim) {
        None | Some("") => {}
        Some("true") | Some("1") if !scope.is_sandbox() => {
            return Ok(RawJson(bytes::Bytes::from_static(EMPTY_PAGE.as_bytes())));
        }
        Some("false") | Some("0") if scope.is_sandbox() => {
            return Ok(RawJson(bytes::Bytes::from_static(EMPTY_PAGE.as_bytes())));
        }
        Some("true" | "1" | "false" | "0") => {}
        Some(_) => return Err(ApiError::bad_request("is_sandbox: must be true or false").with_field("is_sandbox")),
    }
    let statuses = "draft, under_review, action_required, approved, manual_review, rejected, failed, \
                    approved_manually, rejected_manually";
    let filter = CaseFilter {
        status: list_of("status", params.status.as_deref(), CaseStatus::parse, statuses)?,
        stage: list_of(
            "stage",
            params.stage.as_deref(),
            |s| CaseStatus::ALL.iter().map(|c| c.stage()).find(|st| st.as_str() == s),
            "collecting_data, running_checks, manual_review, action_required, approved, rejected, failed, \
             approved_manually, rejected_manually",
        )?,
        risk_level: list_of(
            "risk_level",
            params.risk_level.as_deref(),
            |s| match s.to_ascii_lowercase().as_str() {
                "low" => Some(RiskLevel::Low),
                "medium" => Some(RiskLevel::Medium),
                "high" => Some(RiskLevel::High),
                _ => None,
            },
            "low, medium, high",
        )?,
        country: params
            .country
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(CountryCode::parse)
            .transpose()
            .map_err(|e| e.within("country"))?,
        q: params.q.filter(|q| !q.trim().is_empty()),
        created_from: time_bound("created_from", params.created_from.as_deref())?,
        created_to: time_bound("created_to", params.created_to.as_deref())?,
        assignee: match params.assignee.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => None,
            Some("none") => Some(AssigneeFilter::Unassigned),
            Some("me") => match caller.reviewer() {
                Some(r) => Some(AssigneeFilter::Reviewer(r.id)),
                None => {
                    return Err(ApiError::bad_request(
                        "assignee: `me` is the console's signed-in reviewer; with an API key, give a reviewer's id",
                    )
                    .with_field("assignee"));
                }
            },
            Some(id) => {
                Some(AssigneeFilter::Reviewer(id.parse().map_err(|e: docket_engine::Error| e.within("assignee"))?))
            }
        },
        sla: one_of("sla", params.sla.as_deref(), &["breached", "stuck"])?
            .map(|v| (if v == "stuck" { SlaFilter::Stuck } else { SlaFilter::Breached }, state.engine.now(scope))),
        flag: one_of("flag", params.flag.as_deref(), &["error", "hit"])?
            .map(|f| if f == "error" { CheckFlag::Error } else { CheckFlag::Hit }),
        awaiting_second_approval: one_of("awaiting", params.awaiting.as_deref(), &["second_approval"])?.is_some(),
        sort: match params.sort.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => CaseSort::default(),
            Some(v) => CaseSort::parse(v).ok_or_else(|| {
                let keys: Vec<&str> = CaseSort::KEYS.iter().map(|(k, _)| *k).collect();
                ApiError::bad_request(format!(
                    "sort: `{}` is not one of {} (each may start with `-` for descending), newest, oldest, sla_due",
                    docket_engine::values::shorten(v, 40),
                    keys.join(", ")
                ))
                .with_field("sort")
            })?,
        },
    };
    Ok(RawJson(state.engine.kyb().list_json(scope, filter, page).await?.into_bytes()))
}

const EMPTY_PAGE: &str = "{\"data\":[],\"has_next\":false,\"total\":0}";

/// One page of cases, with how many the filters match in all.
#[derive(Serialize, ToSchema)]
pub struct CasePage {
    pub data: Vec<CaseRow>,
    pub has_next: bool,
    /// Docket's own: the cases the filters match, on every page.
    pub total: u64,
}

/// Get a KYB verification
///
/// The whole case (spec 4.2): the list row's fields, the form's values by section, what each
/// incomplete section lacks, the persons, the documents, every check instance with its
/// evidence (superseded ones included), the remediations, the timeline and the widget's URL.
#[utoipa::path(
    get, path = "/api/v4/kyb/verifications/{verification_id}", tag = "KYB", operation_id = "getKybVerification",
    params(("verification_id" = String, Path, format = Uuid, description = "The case's id (a list row's `id`)")),
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 400, description = "Not a UUID", body = ErrorBody),
        (status = 404, description = "No such case in this environment", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().get(caller.scope(), id).await?))
}

/// Erase a case (a Docket addition)
///
/// Erasure on request of one KYB case: the case with its checks, remediations, timeline,
/// decisions and comments, its documents and their files, the AML searches of its people, and
/// outbox events, unsent deliveries and journal bodies that name the case, its company or its
/// people (sent deliveries keep only their ids). Its audit events are emptied and one `erased`
/// audit event accounts for them, so the chain still verifies. Answers the erasure log's entry
/// (`GET /_docket/erasures`); the case is gone (404) from then on. An API key, or a console admin.
#[utoipa::path(
    delete, path = "/api/v4/kyb/verifications/{verification_id}", tag = "KYB", operation_id = "eraseKybVerification",
    params(("verification_id" = String, Path, format = Uuid, description = "The case's id (a list row's `id`)")),
    responses(
        (status = 200, description = "Erased: the erasure log's entry", body = docket_engine::erasure::Erasure),
        (status = 400, description = "Not a UUID", body = ErrorBody),
        (status = 403, description = "A console reviewer who is not an admin", body = ErrorBody),
        (status = 404, description = "No such case in this environment", body = ErrorBody),
    )
)]
async fn erase(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<CaseId>,
) -> ApiResult<Json<docket_engine::erasure::Erasure>> {
    Ok(Json(state.engine.erasures().kyb_case(caller.scope(), id, &caller.who()).await?))
}

/// A section named in a path.
pub(crate) fn section_of(raw: &str) -> ApiResult<SectionKey> {
    SectionKey::parse(raw).ok_or_else(|| {
        ApiError::bad_request(format!(
            "`{}` is not a section: use company, representative or ownership",
            docket_engine::values::shorten(raw, 40)
        ))
    })
}

fn case_id(raw: &str) -> ApiResult<CaseId> {
    raw.parse::<CaseId>().map_err(ApiError::from)
}

/// Save a section
///
/// Replaces one section's values (`company`, `representative` or `ownership`): fields left out
/// are not given. Allowed while the case is `draft`, and for a section with an open remediation
/// while it is `action_required`; otherwise 409. Malformed values are refused naming the field;
/// missing ones are allowed (`missing` in the answer says what the section still lacks).
#[utoipa::path(
    put, path = "/api/v4/kyb/verifications/{verification_id}/sections/{section}", tag = "KYB",
    operation_id = "saveKybSection",
    params(
        ("verification_id" = String, Path, format = Uuid),
        ("section" = String, Path, description = "`company`, `representative` or `ownership`"),
    ),
    request_body(content = Object, example = json!({"legal_name": "Brightwater Logistics Ltd", "country": "GB"})),
    responses(
        (status = 200, description = "The case", body = CaseResponse),
        (status = 400, description = "Invalid values", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "The case's status does not allow the change", body = ErrorBody),
    )
)]
async fn save_section(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path((id, section)): Path<(String, String)>,
    Json(body): Json<serde_json::Value>,
) -> ApiResult<Json<CaseResponse>> {
    let (id, section) = (case_id(&id)?, section_of(&section)?);
    let case = state.engine.kyb().save_section(caller.scope(), id, section, body, caller.actor()).await?;
    Ok(respond(&state, &headers, case))
}

/// The query of a document upload.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct UploadParams {
    /// `certificate_of_incorporation`, `ownership_document` or `proof_of_address` (or send it
    /// as a form field `kind` before the file).
    pub(crate) kind: Option<String>,
}

pub(crate) fn document_kind(raw: &str) -> ApiResult<DocumentKind> {
    DocumentKind::ALL.into_iter().find(|k| k.as_str() == raw.trim()).ok_or_else(|| {
        ApiError::bad_request("kind: must be certificate_of_incorporation, ownership_document or proof_of_address")
            .with_field("kind")
    })
}

/// Reads a document upload (`kind`, then one `file` part) into the file store and adds it to
/// the case.
pub(crate) async fn receive_document(
    state: &AppState,
    scope: Scope,
    id: CaseId,
    kind: Option<String>,
    request: Request,
    who: Actor,
) -> ApiResult<CaseDetail> {
    let kyb = state.engine.kyb();
    kyb.check_document_allowed(scope, id).await?;
    let mut form = upload::form(request).await?;
    let mut kind = kind.filter(|k| !k.trim().is_empty()).map(|k| document_kind(&k)).transpose()?;
    while let Some(field) = upload::next(&mut form).await? {
        match field.name().unwrap_or_default() {
            "kind" => kind = Some(document_kind(&upload::text(field, 64).await?)?),
            "file" => {
                let Some(kind) = kind else {
                    return Err(
                        ApiError::bad_request("kind: send the document's kind before the file").with_field("kind")
                    );
                };
                let new = NewFile {
                    owner_kind: OwnerKind::KybCase,
                    owner_id: id.as_uuid(),
                    declared_type: None,
                    name: None,
                    limit: MAX_DOCUMENT_BYTES,
                };
                let Some(file) = upload::store(&state.engine, scope, field, new).await? else {
                    return Err(ApiError::bad_request("file: the file part is empty").with_field("file"));
                };
                return Ok(kyb.add_document(scope, id, kind, file, who).await?);
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown form field `{}`: send `kind` and `file`",
                    docket_engine::values::shorten(other, 40)
                )));
            }
        }
    }
    Err(ApiError::bad_request("file: no file part was sent").with_field("file"))
}

/// Upload a document
///
/// `multipart/form-data` with the document's `kind` (a query parameter, or a form field before
/// the file) and one `file` part: a PDF, JPEG, PNG or WebP file (by its content) of at most
/// 20 MiB. Allowed while the case is `draft`, or with an open remediation on its documents.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/documents", tag = "KYB",
    operation_id = "uploadKybDocument",
    params(("verification_id" = String, Path, format = Uuid), UploadParams),
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 200, description = "The case with the document", body = CaseResponse),
        (status = 400, description = "Malformed form or unknown kind", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it", body = ErrorBody),
        (status = 413, description = "Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded)", body = ErrorBody),
        (status = 415, description = "Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn upload_document(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<CaseId>,
    Query(params): Query<UploadParams>,
    request: Request,
) -> ApiResult<Json<CaseResponse>> {
    let headers = request.headers().clone();
    let case = receive_document(&state, caller.scope(), id, params.kind, request, caller.actor()).await?;
    Ok(respond(&state, &headers, case))
}

/// The case and file of a document path.
fn document_path(id: &str, file: &str) -> ApiResult<(CaseId, FileId)> {
    Ok((case_id(id)?, file.parse::<FileId>().map_err(ApiError::from)?))
}

/// Sends a stored document of a case.
pub(crate) async fn send_document(state: &AppState, scope: Scope, id: CaseId, file_id: FileId) -> ApiResult<Response> {
    let case = state.engine.kyb().get(scope, id).await?;
    if !case.documents.iter().any(|d| d.file_id == file_id) {
        return Err(ApiError::from(docket_engine::Error::not_found("document")));
    }
    let (file, bytes) = state.engine.files().read(scope, file_id).await?;
    let name = file.original_name.unwrap_or_else(|| format!("{file_id}"));
    let safe: String = name.chars().filter(|c| c.is_ascii_graphic() || *c == ' ').filter(|c| *c != '"').collect();
    Ok((
        [
            (CONTENT_TYPE, file.sniffed_type),
            (CONTENT_DISPOSITION, format!("inline; filename=\"{safe}\"")),
            (axum::http::header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

/// Download a document
///
/// The file as uploaded, with the media type its content shows.
#[utoipa::path(
    get, path = "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}", tag = "KYB",
    operation_id = "getKybDocument",
    params(("verification_id" = String, Path, format = Uuid), ("file_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The file's content"),
        (status = 404, description = "No such case or document", body = ErrorBody),
    )
)]
async fn download_document(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, file)): Path<(String, String)>,
) -> ApiResult<Response> {
    let (id, file) = document_path(&id, &file)?;
    send_document(&state, caller.scope(), id, file).await
}

/// Remove a document
#[utoipa::path(
    delete, path = "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}", tag = "KYB",
    operation_id = "removeKybDocument",
    params(("verification_id" = String, Path, format = Uuid), ("file_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The case without the document", body = CaseResponse),
        (status = 404, description = "No such case or document", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it", body = ErrorBody),
    )
)]
async fn remove_document(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path((id, file)): Path<(String, String)>,
) -> ApiResult<Json<CaseResponse>> {
    let (id, file) = document_path(&id, &file)?;
    let case = state.engine.kyb().remove_document(caller.scope(), id, file, caller.actor()).await?;
    Ok(respond(&state, &headers, case))
}

/// Submit a case
///
/// Submits a `draft` case (or resubmits one in `action_required` after its remediations were
/// addressed): every section must be complete, or the 400 names what each lacks. The case goes
/// to `under_review` / `running_checks`, gets its `verification_id` and `submitted_at`, and its
/// checks start (a resubmission runs again only the checks of the remediated sections).
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/submit", tag = "KYB", operation_id = "submitKybVerification",
    params(("verification_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The submitted case", body = CaseResponse),
        (status = 400, description = "Incomplete sections (named)", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it (named)", body = ErrorBody),
    )
)]
async fn submit(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().submit(caller.scope(), id, caller.actor()).await?))
}

/// Open a remediation
///
/// Asks the merchant to fix a section (`section`) or to upload a kind of document again
/// (`document_kind`), with a message shown in the widget; or several at once (`items`, each
/// with its own `message`), or a template's (`template_id`); `note` stays internal. The case
/// moves to `action_required`
/// (allowed while checks run, or while it awaits a reviewer); the widget link is renewed for 30
/// days. The merchant's resubmission closes it.
#[utoipa::path(
    post, path = "/api/v4/kyb/verifications/{verification_id}/remediations", tag = "KYB",
    operation_id = "openKybRemediation",
    params(("verification_id" = String, Path, format = Uuid)),
    request_body(content = NewRemediation, example = json!({"document_kind": "proof_of_address", "message": "The utility bill is older than three months: please upload a recent one."})),
    responses(
        (status = 200, description = "The case, in `action_required`", body = CaseResponse),
        (status = 400, description = "Invalid request", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "The case's status does not allow it (named)", body = ErrorBody),
    )
)]
async fn open_remediation(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<CaseId>,
    Json(input): Json<NewRemediation>,
) -> ApiResult<Json<CaseResponse>> {
    Ok(respond(&state, &headers, state.engine.kyb().open_remediation(caller.scope(), id, input, caller.actor()).await?))
}

/// Verify a TIN
///
/// Checks whether the business name and TIN (EIN) combination matches tax-authority records
/// (spec 4.3). Both fields are required; dashes are ignored and 9 digits must remain. Answers
/// 202 at once; poll `GET /api/v4/kyb/result/{request_id}` or listen for `KYB_CHECK`. In the
/// sandbox the TIN's last digit selects the IRS answer (see the guide); in production Docket
/// cannot reach the IRS offline and answers `failed` with the reason.
#[utoipa::path(
    post, path = "/api/v4/kyb/{applicant_id}/tin-verification", tag = "KYB single checks", operation_id = "verifyTin",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content = TinRequest, example = json!({"tin": "36-2382580", "company_name": "DEERE & COMPANY"})),
    responses(
        (status = 202, description = "Accepted", body = Accepted),
        (status = 400, description = "Missing or malformed field", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn tin_verification(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    Json(input): Json<TinRequest>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    Ok((StatusCode::ACCEPTED, Json(state.engine.kyb().tin_check(caller.scope(), applicant, input).await?)))
}

/// Look up a US company registry
///
/// `state` (name or code) and `company_name` or `sos_id`. Answers 202; the result lists the
/// registry's records in `response_data.results`.
#[utoipa::path(
    post, path = "/api/v4/kyb/{applicant_id}/us-registry-check", tag = "KYB single checks", operation_id = "usRegistryCheck",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content = RegistryRequest, example = json!({"company_name": "Acme Holdings Inc.", "state": "delaware"})),
    responses(
        (status = 202, description = "Accepted", body = Accepted),
        (status = 400, description = "Missing or malformed field", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn us_registry_check(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    Json(input): Json<RegistryRequest>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    Ok((StatusCode::ACCEPTED, Json(state.engine.kyb().registry_check(caller.scope(), applicant, input).await?)))
}

/// Verify corporate documents
///
/// `documents`: files uploaded to one of the applicant's KYB cases (`doc_path` is the file id)
/// with their type; `user_provided_data.shareholders`: people the documents should name.
/// Answers 202; `response_data.result.document_results[]` holds each document's `errors`
/// (`SHAREHOLDER_NAME_NOT_FOUND`, `DOCUMENT_MANIPULATED`, `NO_TEXT_LAYER`, ...).
#[utoipa::path(
    post, path = "/api/v4/kyb/{applicant_id}/verify-document", tag = "KYB single checks", operation_id = "verifyKybDocument",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content = DocumentRequest),
    responses(
        (status = 202, description = "Accepted", body = Accepted),
        (status = 400, description = "Missing or malformed field", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
    )
)]
async fn verify_document(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    Json(input): Json<DocumentRequest>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    Ok((StatusCode::ACCEPTED, Json(state.engine.kyb().document_check(caller.scope(), applicant, input).await?)))
}

/// Get a single check's result
///
/// `status` is `initial` until the check finishes, then `verified`, `not_verified` or `failed`
/// (spec 4.4).
#[utoipa::path(
    get, path = "/api/v4/kyb/result/{request_id}", tag = "KYB single checks", operation_id = "getKybResult",
    params(("request_id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The check's result", body = SingleResult),
        (status = 400, description = "Not a UUID", body = ErrorBody),
        (status = 404, description = "No such request", body = ErrorBody),
    )
)]
async fn single_result(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<RequestId>,
) -> ApiResult<Json<SingleResult>> {
    Ok(Json(state.engine.kyb().result(caller.scope(), id).await?))
}
