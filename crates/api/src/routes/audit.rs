//! `/_docket/audit`: the environment's audit chain (issues 12 and 32): its events, its export,
//! its verification and what the last one found, and an admin's acknowledgement of its problems
//! (itself an event on the chain).

use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use docket_engine::audit::{Acknowledge, AuditEvent, AuditFilter, ChainStatus, Verified};

use docket_engine::page::{Bounds, Page};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kyb::time_bound;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, Json, Paging, Query, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(audit))
        .routes(routes!(audit_export))
        .routes(routes!(audit_verify))
        .routes(routes!(audit_status))
        .routes(routes!(audit_acknowledge))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditParams {
    /// One case's events: its id (UUID), or its public id (`KYB-…`).
    case_id: Option<String>,
    /// One reviewer's events.
    reviewer_id: Option<String>,
    /// At or after (RFC 3339 or a date), on the environment's clock.
    from: Option<String>,
    /// Before (RFC 3339 or a date).
    to: Option<String>,
}

const AUDIT_BOUNDS: Bounds = Bounds { min: 1, max: 100, default: 50 };

fn uuid_param(field: &str, value: Option<&str>) -> ApiResult<Option<uuid::Uuid>> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| {
            uuid::Uuid::try_parse(v)
                .map_err(|_| ApiError::bad_request(format!("{field}: not a UUID")).with_field(field))
        })
        .transpose()
}

/// The audit trail
///
/// The environment's audit events, newest first (limit 1 to 100, default 50): every case event
/// (created, submitted, check_completed, checks_finished, assigned, released, commented,
/// remediation_opened, decision_proposed, decided, second_approval, sla_breached, ...) and every
/// change of the desk's rules, each linked to the one before by its hash.
#[utoipa::path(
    get, path = "/_docket/audit", tag = "Audit trail", operation_id = "listAuditEvents",
    params(Paging, AuditParams),
    responses((status = 200, description = "One page of events", body = Page<AuditEvent>), (status = 400, description = "Invalid filter", body = ErrorBody))
)]
async fn audit(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<AuditParams>,
) -> ApiResult<Json<Page<AuditEvent>>> {
    let page = paging.within(AUDIT_BOUNDS)?;
    let filter = AuditFilter {
        case_id: match p.case_id.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            Some(v) if v.starts_with("KYB-") => Some(
                // A public id that names no case matches no event, as an unknown id does.
                state.engine.kyb().id_of_public(caller.scope(), v).await?.map_or(uuid::Uuid::nil(), |id| id.as_uuid()),
            ),
            v => uuid_param("case_id", v).map_err(|_| {
                ApiError::bad_request("case_id: a case's id (a UUID) or its public id (KYB-…)").with_field("case_id")
            })?,
        },
        reviewer_id: uuid_param("reviewer_id", p.reviewer_id.as_deref())?,
        from: time_bound("from", p.from.as_deref())?,
        to: time_bound("to", p.to.as_deref())?,
    };
    let (data, has_next) = state.engine.audit().list(caller.scope(), filter, page).await?;
    Ok(Json(Page { data, has_next }))
}

/// Export the audit chain
///
/// The environment's whole chain as JSON Lines, oldest first: verify it with `docket audit
/// verify FILE`, or with the few lines of Python in the guide.
#[utoipa::path(
    get, path = "/_docket/audit/export", tag = "Audit trail", operation_id = "exportAudit",
    responses((status = 200, description = "application/x-ndjson", content_type = "application/x-ndjson"))
)]
async fn audit_export(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let scope = caller.scope();
    let text = state.engine.audit().export(scope).await?;
    let name = format!("docket-audit-{}.jsonl", scope.environment.as_str());
    Ok((
        [
            (CONTENT_TYPE, "application/x-ndjson".to_owned()),
            (CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        text,
    )
        .into_response())
}

/// Verify the audit chain
///
/// Follows the stored chain event by event, emptied events included, and reads on past a
/// problem: `ok` false lists each event that was edited, removed, reordered or emptied without an
/// erasure (`problems`, the first also as `problem`), each with the admin's acknowledgement if
/// there is one; `unacknowledged` counts the rest. `head_hash` is the last event's hash: kept
/// elsewhere, it proves every event up to it, and shows later whether events were cut from the
/// end. What it finds is what `/_docket/audit/status` answers until the next verification.
#[utoipa::path(
    get, path = "/_docket/audit/verify", tag = "Audit trail", operation_id = "verifyAudit",
    responses((status = 200, description = "The verification", body = Verified))
)]
async fn audit_verify(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Verified>> {
    Ok(Json(state.engine.audit().verify(caller.scope()).await?))
}

/// The audit chain's last verification
///
/// What the last verification of the environment's chain found (every start of Docket verifies
/// every chain, beside serving; `/_docket/audit/verify` verifies again), without verifying now:
/// the console shows a broken chain on every page while `verification.unacknowledged` is above 0.
/// Both fields are null until the chain was verified since Docket started.
#[utoipa::path(
    get, path = "/_docket/audit/status", tag = "Audit trail", operation_id = "auditStatus",
    responses((status = 200, description = "The last verification", body = ChainStatus))
)]
async fn audit_status(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<ChainStatus>> {
    Ok(Json(state.engine.audit().status(caller.scope())))
}

/// Acknowledge problems of the audit chain
///
/// A console admin acknowledges problems a verification found, naming each by its `seq` (as
/// `/_docket/audit/verify` lists them) with a note saying what was found and done. The chain is
/// verified again first; the acknowledgement is appended to the chain (`chain_problem_acknowledged`,
/// by the admin, naming each problem's `seq`, `kind` and `message`, with the note), and the
/// verification that follows is answered. An acknowledged problem stays listed; a later one is
/// shown again. 409 when a named event has no problem, or its problem is acknowledged already.
#[utoipa::path(
    post, path = "/_docket/audit/acknowledge", tag = "Audit trail", operation_id = "acknowledgeAudit",
    request_body(content = Acknowledge, example = json!({"problems": [1164], "note": "The database was edited while Docket was stopped; restored from the 09:00 backup."})),
    responses(
        (status = 200, description = "The verification after the acknowledgement", body = Verified),
        (status = 400, description = "Invalid request", body = ErrorBody),
        (status = 403, description = "Not a console admin", body = ErrorBody),
        (status = 409, description = "No such problem, or acknowledged already", body = ErrorBody),
    )
)]
async fn audit_acknowledge(
    State(state): State<AppState>,
    admin: SignedIn,
    Json(input): Json<Acknowledge>,
) -> ApiResult<Json<Verified>> {
    Ok(Json(state.engine.audit().acknowledge(admin.scope, &admin.reviewer, input).await?))
}
