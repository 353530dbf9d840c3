//! `/api/v4/bankbook`: bank statements and bankbooks uploaded for an applicant, and what was
//! read from each (issue 35 item 3; Docket's own design: the public service does not detail
//! these endpoints).

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use docket_engine::applicants::ApplicantId;
use docket_engine::bankbook::{
    BankStatement, BankStatementId, LIST_BOUNDS, MAX_STATEMENT_BYTES, StatementFilter, StatementStatus,
};
use docket_engine::files::{NewFile, OwnerKind};
use docket_engine::page::Page;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;
use crate::upload;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload)).routes(routes!(list)).routes(routes!(get)).routes(routes!(file))
}

/// Upload a bank statement
///
/// `multipart/form-data` with one `file` part: a bank statement or bankbook page as a PDF, JPEG
/// or PNG file (by its content) of at most 20 MiB. Answers `201` with what was read: the
/// holder, IBAN (checked by ISO 13616) or account number, bank name, BIC (ISO 9362), period and
/// balances, each with the line it was read from; the holder compared with the applicant's name
/// (the AML name matcher's score); the file's signs of editing. A PDF is read through its text
/// layer; a picture through OCR when the server has Tesseract (else, like a scanned PDF, it is
/// kept as `needs_review` with the reason, and nothing is made up). `BANKBOOK_EXTRACTION` goes
/// to subscribed webhooks. In the sandbox, magic file names give deterministic outcomes (see
/// the guide).
#[utoipa::path(
    post, path = "/api/v4/bankbook/{applicant_id}", tag = "Bankbook extraction", operation_id = "uploadBankStatement",
    params(("applicant_id" = String, Path, format = Uuid)),
    request_body(content_type = "multipart/form-data", content = Object),
    responses(
        (status = 201, description = "The statement and what was read from it", body = BankStatement),
        (status = 400, description = "Malformed form, or no file part", body = ErrorBody),
        (status = 404, description = "No such applicant", body = ErrorBody),
        (status = 413, description = "Larger than 20 MiB, or a picture too large to decode", body = ErrorBody),
        (status = 415, description = "Not a PDF, JPEG or PNG file by its content, or damaged or cut short", body = ErrorBody),
        (status = 503, description = "Heavy work on documents must wait: try again after `Retry-After` seconds", body = ErrorBody, headers(("Retry-After" = u32, description = "Seconds to wait"))),
    )
)]
async fn upload(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(applicant): IdPath<ApplicantId>,
    request: Request,
) -> ApiResult<(StatusCode, Json<BankStatement>)> {
    let scope = caller.scope();
    let bankbook = state.engine.bankbook();
    bankbook.check_applicant(scope, applicant).await?;
    let mut form = upload::form(request).await?;
    // One part: the file.
    let Some(field) = upload::next(&mut form).await? else {
        return Err(ApiError::bad_request("file: no file part was sent").with_field("file"));
    };
    if field.name().unwrap_or_default() != "file" {
        return Err(ApiError::bad_request(format!(
            "unknown form field `{}`: send one `file`",
            docket_engine::values::shorten(field.name().unwrap_or_default(), 40)
        )));
    }
    let new = NewFile {
        owner_kind: OwnerKind::BankStatement,
        owner_id: applicant.as_uuid(),
        declared_type: None,
        name: None,
        limit: MAX_STATEMENT_BYTES,
    };
    let Some(file) = upload::store(&state.engine, scope, field, new).await? else {
        return Err(ApiError::bad_request("file: the file part is empty").with_field("file"));
    };
    Ok((StatusCode::CREATED, Json(bankbook.extract(scope, applicant, file).await?)))
}

/// Filters of the statement list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// One applicant's statements.
    applicant_id: Option<String>,
    /// `extracted` or `needs_review`.
    status: Option<String>,
    /// Created at or after (RFC 3339, or `YYYY-MM-DD`).
    created_from: Option<String>,
    /// Created before (RFC 3339, or `YYYY-MM-DD`).
    created_to: Option<String>,
}

/// List bank statements
///
/// Newest first; `limit` 1 to 100 (default 20), `page` from 0.
#[utoipa::path(
    get, path = "/api/v4/bankbook/statements", tag = "Bankbook extraction", operation_id = "listBankStatements",
    params(Paging, ListParams),
    responses(
        (status = 200, description = "One page of statements", body = Page<BankStatement>),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
    )
)]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Page<BankStatement>>> {
    let page = paging.within(LIST_BOUNDS)?;
    let applicant_id = match params.applicant_id.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(raw) => Some(raw.parse::<ApplicantId>().map_err(|e| ApiError::from(e).with_field("applicant_id"))?),
        None => None,
    };
    let status = match params.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some("extracted") => Some(StatementStatus::Extracted),
        Some("needs_review") => Some(StatementStatus::NeedsReview),
        Some(_) => {
            return Err(ApiError::bad_request("status: must be extracted or needs_review").with_field("status"));
        }
    };
    let filter = StatementFilter {
        applicant_id,
        status,
        created_from: super::kyb::time_bound("created_from", params.created_from.as_deref())?,
        created_to: super::kyb::time_bound("created_to", params.created_to.as_deref())?,
    };
    Ok(Json(state.engine.bankbook().list(caller.scope(), filter, page).await?))
}

/// Get a bank statement's extraction
#[utoipa::path(
    get, path = "/api/v4/bankbook/statements/{id}", tag = "Bankbook extraction", operation_id = "getBankStatement",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The statement and what was read from it", body = BankStatement),
        (status = 404, description = "No such statement", body = ErrorBody),
    )
)]
async fn get(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<BankStatementId>,
) -> ApiResult<Json<BankStatement>> {
    Ok(Json(state.engine.bankbook().get(caller.scope(), id).await?))
}

/// Download a bank statement's file
///
/// The file as uploaded, with the media type its content shows.
#[utoipa::path(
    get, path = "/api/v4/bankbook/statements/{id}/file", tag = "Bankbook extraction", operation_id = "getBankStatementFile",
    params(("id" = String, Path, format = Uuid)),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 404, description = "No such statement", body = ErrorBody),
    )
)]
async fn file(
    State(state): State<AppState>,
    caller: Caller,
    IdPath(id): IdPath<BankStatementId>,
) -> ApiResult<Response> {
    let statement = state.engine.bankbook().get(caller.scope(), id).await?;
    let (file, bytes) = state.engine.files().read(caller.scope(), statement.file_id).await?;
    let name = file.original_name.unwrap_or_else(|| format!("{id}"));
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
