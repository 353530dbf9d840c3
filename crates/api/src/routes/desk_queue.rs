//! `/_docket/desk/assignments` and `/_docket/desk/stuck-checks`: the queue's bulk assign and
//! release, and the admin's list of cases whose checks are stuck (issue 33). Who may assign to
//! whom is the engine's rule; the authority table admits reviewers (and admins to the list).

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::Actor;
use docket_engine::kyb::{BulkAssignment, CaseId, CaseRow, StuckCase};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bulk_assign)).routes(routes!(stuck_checks))
}

/// What became of one case of a bulk request.
#[derive(Serialize, ToSchema)]
struct BulkOutcome {
    case_id: CaseId,
    /// 200, or the status the single request would have answered (403, 404, 409).
    status: u16,
    /// The case's list row after the change (null when refused).
    case: Option<CaseRow>,
    /// Why it was refused.
    message: Option<String>,
}

/// `POST /_docket/desk/assignments`.
#[derive(Serialize, ToSchema)]
struct BulkOutcomes {
    /// One per case, in the order given (a case given twice once).
    results: Vec<BulkOutcome>,
    succeeded: usize,
    failed: usize,
}

/// Assign or release several cases
///
/// `action: assign` assigns each case to `reviewer_id` (null: the signed-in reviewer). A
/// reviewer assigning to themselves claims each case, as `POST .../claim` does (a case someone
/// else works is refused, 409). An admin's assignment, to anyone, reassigns each case as `POST
/// .../assign` does; assigning to someone else is an admin's (403 for the whole request). `action: release` releases each
/// case as `POST .../release` does (one's own; an admin any). Each case is its own transaction
/// and audit event; one refused does not stop the others: the answer is 200 with an outcome per
/// case. 1 to 100 cases.
#[utoipa::path(
    post, path = "/_docket/desk/assignments", tag = "Reviewer desk", operation_id = "bulkAssignCases",
    request_body(content = BulkAssignment, example = json!({"action": "assign", "case_ids": ["0190f1c2-0000-7000-8000-000000000001"], "reviewer_id": null})),
    responses(
        (status = 200, description = "An outcome per case", body = BulkOutcomes),
        (status = 400, description = "No cases, more than 100, or a release naming a reviewer", body = ErrorBody),
        (status = 403, description = "Assigning to someone else, and not an admin", body = ErrorBody),
    )
)]
async fn bulk_assign(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<BulkAssignment>,
) -> ApiResult<Json<BulkOutcomes>> {
    let done = state.engine.kyb().bulk_assign(me.scope, input, me.reviewer).await?;
    let results: Vec<BulkOutcome> = done
        .into_iter()
        .map(|(case_id, result)| match result {
            Ok(detail) => {
                BulkOutcome { case_id, status: StatusCode::OK.as_u16(), case: Some(detail.row), message: None }
            }
            Err(e) => {
                let e = ApiError::from(e);
                let status = e.status().as_u16();
                BulkOutcome { case_id, status, case: None, message: Some(e.into_body().message) }
            }
        })
        .collect();
    let succeeded = results.iter().filter(|r| r.case.is_some()).count();
    Ok(Json(BulkOutcomes { failed: results.len() - succeeded, succeeded, results }))
}

#[derive(Serialize, ToSchema)]
struct StuckCases {
    data: Vec<StuckCase>,
}

/// Cases with stuck checks
///
/// Cases in *Running checks* past that stage's SLA, the most overdue first (at most 200), each
/// with its pending checks: how often each was tried, its last error and when it runs next. A
/// reviewer cannot act on these; their breach is not counted as a reviewer's (`sla_breached`)
/// but as `checks_stuck`.
#[utoipa::path(
    get, path = "/_docket/desk/stuck-checks", tag = "Reviewer desk", operation_id = "listStuckChecks",
    responses(
        (status = 200, description = "The stuck cases", body = StuckCases),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
async fn stuck_checks(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<StuckCases>> {
    Ok(Json(StuckCases { data: state.engine.kyb().stuck_checks(me.scope, Actor::Reviewer(me.reviewer)).await? }))
}
