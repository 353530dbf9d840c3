//! `/api/v3/aml`: searches, their history, and list entities; and `/_docket/aml`: the lists.

use axum::extract::Path;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use docket_engine::aml::hits::model::NewDisposition;
use docket_engine::aml::model::{
    Entity, EntityId, Hit, SearchId, SearchKind, SearchReport, SearchRequest, SearchSummary, Snapshot,
};
use docket_engine::aml::sources::{DataSource, DataSourceQuery};
use docket_engine::aml::{HISTORY_BOUNDS, HistoryFilter};
use docket_engine::applicants::ApplicantId;
use docket_engine::page::Page;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::compat;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json, Paging, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(history))
        .routes(routes!(report))
        .routes(routes!(dispose))
        .routes(routes!(entity))
        .routes(routes!(lists))
        .routes(routes!(fatf))
        .routes(routes!(data_sources))
}

/// Serialises a body, shaped for the Python client 0.1.x when it asked.
fn respond<T: Serialize>(headers: &HeaderMap, body: &T, shape: fn(&mut serde_json::Value)) -> ApiResult<Response> {
    if !compat::python_sdk_01(headers) {
        return Ok(Json(body).into_response());
    }
    let mut value = serde_json::to_value(body).map_err(|e| ApiError::bad_request(e.to_string()))?;
    shape(&mut value);
    Ok(Json(value).into_response())
}

/// Search the watchlists
///
/// Screens a name against the sanctions, PEP, watchlist and adverse-media lists: in the sandbox,
/// Docket's demo list and every imported list; in production, the imported lists only. `full_name`
/// is required. With `first_name` and `last_name` (mode 0, AUTO) both forms are matched and the
/// better counts. Filters that the entity's data contradicts remove it (`countries`,
/// `date_of_birth`, `gender`, `cities`, `postal_codes`, `registration_ids`); `entity_types`,
/// `tags`, `sources` and `risk_scores` select. Each hit carries `search_metadata` with match
/// levels and Docket's `explanation` of the score. The search is kept in the history.
#[utoipa::path(
    post, path = "/api/v3/aml/search", tag = "AML screening", operation_id = "amlSearch",
    request_body(content = SearchRequest, example = json!({
        "full_name": "Grace MUGABE", "first_name": "Grace", "last_name": "MUGABE", "countries": ["ZW"],
        "date_of_birth": {"gte": "1965-01-01T00:00:00.000Z", "lte": "1965-12-31T00:00:00.000Z"},
        "risk_scores": ["High", "Medium"], "tags": ["Sanctions", "PEP"], "entity_types": ["Person"],
        "fuzziness": true, "fuzziness_level": 1, "phonetics": true, "mode": 0
    })),
    responses(
        (status = 200, description = "The search report", body = SearchReport),
        (status = 400, description = "Invalid request", body = ErrorBody),
    )
)]
async fn search(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Json(request): Json<SearchRequest>,
) -> ApiResult<Response> {
    let report = state.engine.aml().search(caller.scope(), request).await?;
    respond(&headers, &report, |v| {
        for hit in v.get_mut("data").and_then(serde_json::Value::as_array_mut).into_iter().flatten() {
            compat::shape_entity(hit);
        }
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct HistoryParams {
    /// Part of the requested name.
    name: Option<String>,
    /// `search` (API calls) or `screening` (of applicants and of KYB cases' parties).
    kind: Option<String>,
    /// Screenings of one applicant.
    applicant_id: Option<String>,
}

/// List past searches
///
/// Searches and applicant screenings of the caller's environment, newest first.
#[utoipa::path(
    get, path = "/api/v3/aml/search/history", tag = "AML screening", operation_id = "amlSearchHistory",
    params(Paging, HistoryParams),
    responses(
        (status = 200, description = "One page of past searches", body = Page<SearchSummary>),
        (status = 400, description = "Invalid paging or filter", body = ErrorBody),
    )
)]
async fn history(
    State(state): State<AppState>,
    caller: Caller,
    paging: Paging,
    Query(p): Query<HistoryParams>,
) -> ApiResult<Json<Page<SearchSummary>>> {
    let page = paging.within(HISTORY_BOUNDS)?;
    let filter = HistoryFilter {
        kind: match p.kind.as_deref() {
            None | Some("") => None,
            Some("search") => Some(SearchKind::Search),
            Some("screening") => Some(SearchKind::Screening),
            Some(_) => return Err(ApiError::bad_request("kind: must be search or screening").with_field("kind")),
        },
        applicant: p.applicant_id.as_deref().map(str::parse::<ApplicantId>).transpose()?,
        name: p.name.filter(|n| !n.trim().is_empty()),
    };
    Ok(Json(state.engine.aml().history(caller.scope(), filter, page).await?))
}

/// Get a past search report
///
/// The report as it was when the search ran, with `fatf_records` for the countries its hits are
/// linked with. A screening (of an applicant, or of a KYB case's company or person) also names
/// the party it `screened`, with the party's own name, date of birth, nationalities and
/// countries (and the case's `case_public_id`), and each hit carries its `entity_version`, the
/// `disposition` in force and the `disposition_history`.
#[utoipa::path(
    get, path = "/api/v3/aml/search/history/{search_uuid}", tag = "AML screening", operation_id = "amlSearchReport",
    params(("search_uuid" = String, Path, format = Uuid, description = "The search's `search_uuid`")),
    responses(
        (status = 200, description = "The stored report", body = SearchReport),
        (status = 404, description = "No such search in this environment", body = ErrorBody),
    )
)]
async fn report(State(state): State<AppState>, caller: Caller, IdPath(id): IdPath<SearchId>) -> ApiResult<Response> {
    let json = state.engine.aml().report(caller.scope(), id).await?;
    Ok(([(CONTENT_TYPE, "application/json")], json).into_response())
}

/// Dispose of a hit of a screening
///
/// Records what a reviewer decided about one potential match of a screening (of an applicant, or
/// of a KYB case's company or person): `true_match`, `false_positive` or
/// `needs_more_information`, with a `reason` from the fixed list (true match: `details_match`,
/// `identifier_matches`; false positive: `date_of_birth_differs`, `nationality_differs`,
/// `entity_type_differs`, `name_only`; needs more information: `insufficient_list_data`,
/// `awaiting_documents`; `other` for any, with a note) and a `note`. The actor is the caller (a
/// reviewer, or the integration's API key). A new disposition replaces the one in force, which
/// stays in `disposition_history`; each is on the audit chain (`hit_disposed`, with the case
/// when the screening ran for one). Dispositions are kept for the party, the entity and the
/// fingerprint of its list entry (`entity_version`): they hold for every later screening of
/// the party, and an applicant's false positive raises no flag in its monitoring until the list
/// entry changes (then the hit is a potential match again). A plain search of a name has no
/// party: 409.
#[utoipa::path(
    post, path = "/_docket/aml/screenings/{search_uuid}/hits/{entity_uuid}/disposition", tag = "AML screening",
    operation_id = "amlDisposeHit",
    params(
        ("search_uuid" = String, Path, format = Uuid, description = "The screening's `search_uuid`"),
        ("entity_uuid" = String, Path, format = Uuid, description = "The hit's entity `uuid`"),
    ),
    request_body(content = NewDisposition, example = json!({
        "disposition": "false_positive", "reason": "date_of_birth_differs",
        "note": "Listed born 1970-01-01; the director was born 1985-03-02 (passport checked)."
    })),
    responses(
        (status = 200, description = "The hit with its disposition and history", body = Hit),
        (status = 400, description = "A reason that does not fit the disposition, or a note too long or missing", body = ErrorBody),
        (status = 404, description = "No such screening in this environment, or no such hit in it", body = ErrorBody),
        (status = 409, description = "A search of a name, not a screening of a party", body = ErrorBody),
    )
)]
async fn dispose(
    State(state): State<AppState>,
    caller: Caller,
    Path((search, entity)): Path<(String, String)>,
    Json(input): Json<NewDisposition>,
) -> ApiResult<Json<Hit>> {
    let search = search.parse::<SearchId>().map_err(ApiError::from)?;
    let entity = entity.parse::<EntityId>().map_err(ApiError::from)?;
    Ok(Json(state.engine.aml().dispose(caller.scope(), search, entity, input, caller.actor()).await?))
}

/// Get a list entity
///
/// One entity as the lists hold it now (demo-list entities only with a sandbox key).
#[utoipa::path(
    get, path = "/api/v3/aml/search/{uuid}", tag = "AML screening", operation_id = "amlEntity",
    params(("uuid" = String, Path, format = Uuid, description = "The entity's `uuid`")),
    responses(
        (status = 200, description = "The entity", body = Entity),
        (status = 404, description = "No such entity on the lists in use", body = ErrorBody),
    )
)]
async fn entity(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    IdPath(id): IdPath<EntityId>,
) -> ApiResult<Response> {
    let entity = state.engine.aml().entity(caller.scope(), id).await?;
    respond(&headers, &entity, compat::shape_entity)
}

#[derive(Serialize, ToSchema)]
struct Lists {
    /// Every imported snapshot, newest first, and the demo list (sandbox only).
    data: Vec<Snapshot>,
}

/// List the watchlists
///
/// Every imported list snapshot (the active one of each list, and the replaced ones), and the
/// generated demo list. Imports are made with `docket lists import`.
#[utoipa::path(
    get, path = "/_docket/aml/lists", tag = "Docket controls", operation_id = "amlLists",
    responses((status = 200, description = "The list snapshots", body = Lists))
)]
async fn lists(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Lists>> {
    let sandbox = caller.scope().is_sandbox();
    let data = state.engine.aml().snapshots().await?.into_iter().filter(|s| sandbox || !s.demo).collect();
    Ok(Json(Lists { data }))
}

#[derive(Serialize, ToSchema)]
struct FatfTable {
    data: Vec<docket_engine::aml::model::FatfRecord>,
}

/// The FATF table
///
/// The FATF statuses `fatf_records` are drawn from: members, jurisdictions under increased
/// monitoring, and those subject to a call for action. Replace it with `docket aml fatf --import`.
#[utoipa::path(
    get, path = "/_docket/aml/fatf", tag = "Docket controls", operation_id = "amlFatf",
    responses((status = 200, description = "The FATF table in use", body = FatfTable))
)]
async fn fatf(State(state): State<AppState>, _caller: Caller) -> ApiResult<Json<FatfTable>> {
    Ok(Json(FatfTable { data: state.engine.aml().fatf_table().await?.as_ref().clone() }))
}

/// List the data sources
///
/// The sources screening reads (the JS client's `aml.getDataSources`): every source id the lists
/// in use cite, with the name they give it, its address, the highest risk and every tag of its
/// records, and (Docket additions) how many entities it names and from which list snapshots. In
/// production the imported lists only; in the sandbox the demo list's sources too, merged with
/// the imported ones of the same id. Every body field is optional: `name` (part of the source's
/// id or name), `tags` and `risk_scores` (any of them), `page` (0-based) and `limit` (1 to 200,
/// default 50). Ordered by source id.
#[utoipa::path(
    post, path = "/webapi/public/datasources", tag = "AML screening", operation_id = "amlDataSources",
    request_body(content = DataSourceQuery, example = json!({"name": "ofac", "tags": ["Sanctions"], "risk_scores": ["High"], "page": 0, "limit": 20})),
    responses(
        (status = 200, description = "One page of data sources", body = Page<DataSource>),
        (status = 400, description = "Invalid filter or paging", body = ErrorBody),
    )
)]
async fn data_sources(
    State(state): State<AppState>,
    caller: Caller,
    Json(query): Json<DataSourceQuery>,
) -> ApiResult<Json<Page<DataSource>>> {
    Ok(Json(state.engine.aml().data_sources(caller.scope(), query).await?))
}
