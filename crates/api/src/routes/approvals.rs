//! `/_docket/desk/approvals`, `/_docket/desk/inbox` and `/_docket/desk/remediation-templates`
//! (issue 33): the four-eyes queue, what waits for the signed-in reviewer, and the
//! organization's remediation templates. Who may call each is the authority table's; the
//! engine holds the rules (who may approve, who manages templates).

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::Actor;
use docket_engine::kyb::{Approvals, CaseId, Inbox, NewRemediationTemplate, RemediationTemplate, TemplateId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(approvals))
        .routes(routes!(inbox))
        .routes(routes!(read_mentions))
        .routes(routes!(list_templates, add_template))
        .routes(routes!(update_template, delete_template))
}

/// Decisions awaiting a second approval
///
/// The four-eyes queue: every first decision of the environment that waits for a senior, oldest
/// first, with its case, reasons, the senior it is routed to (`decision.approver`: named by the
/// first reviewer, or the one who took it with *Next case*; null: any senior) and the
/// approval's own SLA. For a console caller, `may_approve` says whether they may give it (a
/// senior or admin other than the first reviewer, nor another account of the same person) and
/// `routed_to_me` whether it is routed to them; for an API key both are false.
#[utoipa::path(
    get, path = "/_docket/desk/approvals", tag = "Reviewer desk", operation_id = "listApprovals",
    responses((status = 200, description = "The pending approvals, oldest first", body = Approvals))
)]
async fn approvals(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Approvals>> {
    Ok(Json(state.engine.kyb().approvals(caller.scope(), caller.reviewer().cloned()).await?))
}

/// The signed-in reviewer's inbox
///
/// The second approvals they may give that are routed to them or to no one (every senior sees
/// those), oldest first, and the latest 20 comments by others that mention them, newest first,
/// each `read` or not, with `unread_mentions` (all of them). The console shows the number of
/// approvals and of unread mentions beside *Inbox* in its sidebar.
#[utoipa::path(
    get, path = "/_docket/desk/inbox", tag = "Reviewer desk", operation_id = "getInbox",
    responses((status = 200, description = "The inbox", body = Inbox))
)]
async fn inbox(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<Inbox>> {
    Ok(Json(state.engine.kyb().inbox(me.scope, me.reviewer).await?))
}

/// `POST /_docket/desk/mentions/read`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReadMentions {
    /// The case whose mentions were read (the console sends it when the reviewer opens the
    /// case); absent or null: every mention.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid)]
    case_id: Option<CaseId>,
}

/// Mark mentions read
///
/// Marks read the signed-in reviewer's mentions on one case (`case_id`: the console does so when
/// they open it) or all of them (no `case_id`). Answers their inbox with the unread count.
#[utoipa::path(
    post, path = "/_docket/desk/mentions/read", tag = "Reviewer desk", operation_id = "readMentions",
    request_body = ReadMentions,
    responses(
        (status = 200, description = "The inbox, mentions read", body = Inbox),
        (status = 400, description = "Not a case id", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    )
)]
async fn read_mentions(
    State(state): State<AppState>,
    me: SignedIn,
    Json(body): Json<ReadMentions>,
) -> ApiResult<Json<Inbox>> {
    Ok(Json(state.engine.kyb().read_mentions(me.scope, me.reviewer, body.case_id).await?))
}

#[derive(Serialize, ToSchema)]
struct Templates {
    data: Vec<RemediationTemplate>,
}

/// List remediation templates
///
/// The environment's remediation templates, by name: several sections and documents, each with
/// its instruction, and a message for the items without one. A remediation names one with
/// `template_id`.
#[utoipa::path(
    get, path = "/_docket/desk/remediation-templates", tag = "Reviewer desk", operation_id = "listRemediationTemplates",
    responses((status = 200, description = "The templates", body = Templates))
)]
async fn list_templates(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Templates>> {
    Ok(Json(Templates { data: state.engine.kyb().remediation_templates(caller.scope()).await? }))
}

/// Add a remediation template
///
/// An admin's, in the console; on the audit chain. Names are unique in the environment whatever
/// their letter case (409). Each item is checked as a remediation made from it would be.
#[utoipa::path(
    post, path = "/_docket/desk/remediation-templates", tag = "Reviewer desk", operation_id = "addRemediationTemplate",
    request_body(content = NewRemediationTemplate, example = json!({
        "name": "Ownership unclear",
        "items": [
            {"section": "ownership", "message": "List every person who owns 25 % or more, or controls the company."},
            {"document_kind": "ownership_document"}
        ],
        "message": "Upload a shareholder register or an ownership chart signed by a director."
    })),
    responses(
        (status = 201, description = "The template", body = RemediationTemplate),
        (status = 400, description = "Invalid template (the field is named)", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
    )
)]
async fn add_template(
    State(state): State<AppState>,
    me: SignedIn,
    Json(input): Json<NewRemediationTemplate>,
) -> ApiResult<(StatusCode, Json<RemediationTemplate>)> {
    let added = state.engine.kyb().add_remediation_template(me.scope, input, Actor::Reviewer(me.reviewer)).await?;
    Ok((StatusCode::CREATED, Json(added)))
}

/// Change a remediation template
///
/// Replaces its name, items and message (an admin's; on the audit chain).
#[utoipa::path(
    put, path = "/_docket/desk/remediation-templates/{template_id}", tag = "Reviewer desk",
    operation_id = "updateRemediationTemplate",
    params(("template_id" = String, Path, format = Uuid)),
    request_body = NewRemediationTemplate,
    responses(
        (status = 200, description = "The template", body = RemediationTemplate),
        (status = 400, description = "Invalid template", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such template here", body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody),
    )
)]
async fn update_template(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<TemplateId>,
    Json(input): Json<NewRemediationTemplate>,
) -> ApiResult<Json<RemediationTemplate>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(Json(state.engine.kyb().update_remediation_template(me.scope, id, input, actor).await?))
}

/// Delete a remediation template
///
/// An admin's; on the audit chain. Remediations made from it keep what they asked.
#[utoipa::path(
    delete, path = "/_docket/desk/remediation-templates/{template_id}", tag = "Reviewer desk",
    operation_id = "deleteRemediationTemplate",
    params(("template_id" = String, Path, format = Uuid)),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such template here", body = ErrorBody),
    )
)]
async fn delete_template(
    State(state): State<AppState>,
    me: SignedIn,
    IdPath(id): IdPath<TemplateId>,
) -> ApiResult<StatusCode> {
    state.engine.kyb().delete_remediation_template(me.scope, id, Actor::Reviewer(me.reviewer)).await?;
    Ok(StatusCode::NO_CONTENT)
}
