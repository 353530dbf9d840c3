//! `/_docket/organization/settings`: the organization's own settings, for both of its
//! environments (today the sites that may frame its hosted pages). An admin's, in the console
//! (the authority table): an API key never reaches them.

use axum::extract::State;
use docket_engine::Actor;
use docket_engine::organizations::{OrganizationSettings, OrganizationSettingsChange};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, put_settings))
}

/// The organization's settings
///
/// The same in both environments. `frame_origins`: the sites that may show the hosted pages (the
/// KYB widget at `/kyb/widget/{token}`, the verification pages at `/v/{short_id}` and
/// `/vp/{link_id}`) in a frame, besides Docket itself; empty by default.
#[utoipa::path(
    get, path = "/_docket/organization/settings", tag = "Docket controls", operation_id = "getOrganizationSettings",
    responses(
        (status = 200, description = "The settings", body = OrganizationSettings),
        (status = 403, description = "Not an admin signed in to the console", body = ErrorBody),
    )
)]
async fn get_settings(State(state): State<AppState>, me: SignedIn) -> ApiResult<Json<OrganizationSettings>> {
    Ok(Json(state.engine.organizations().settings(me.scope.organization).await?))
}

/// Set the organization's settings
///
/// Replaces them; a field left out takes its default. `frame_origins`: up to 20 exact origins,
/// `https://host[:port]`, or `http://localhost[:port]` and `http://127.0.0.1[:port]` for
/// development. No path, no wildcard (`*.example.com` would let any subdomain frame the pages,
/// a forgotten or taken-over one included) and no IP address; scheme and host are kept in
/// lower case and a default port is dropped. The hosted pages then send
/// `Content-Security-Policy: frame-ancestors 'self' <origins>` (and no `X-Frame-Options`, which
/// cannot name a site); with none listed, `frame-ancestors 'self'` and
/// `X-Frame-Options: SAMEORIGIN`. `widget.branding`: `logo` (a `data:` URL of a PNG, JPEG or
/// WebP picture up to 96 KiB, its content the type it names), `accent_color` (`#rrggbb`), `font`
/// (`system`, `sans_serif`, `serif`, `rounded`); never CSS. `widget.outcomes`: for `approved`
/// and `rejected`, `outcome_and_message` (the default), `outcome` or `submitted`. Each change is an event on the organization's production
/// audit chain (`organization_settings_changed`, with the reviewer, before and after),
/// whichever environment the console shows.
#[utoipa::path(
    put, path = "/_docket/organization/settings", tag = "Docket controls", operation_id = "putOrganizationSettings",
    request_body(content = OrganizationSettingsChange, example = json!({"frame_origins": ["https://shop.example.com", "http://localhost:5173"]})),
    responses(
        (status = 200, description = "The settings as set", body = OrganizationSettings),
        (status = 400, description = "An origin that is not accepted (the message says why), more than 20, or an unknown field", body = ErrorBody),
        (status = 403, description = "Not an admin signed in to the console", body = ErrorBody),
    )
)]
async fn put_settings(
    State(state): State<AppState>,
    me: SignedIn,
    Json(change): Json<OrganizationSettingsChange>,
) -> ApiResult<Json<OrganizationSettings>> {
    let actor = Actor::Reviewer(me.reviewer);
    Ok(Json(state.engine.organizations().set_settings(me.scope.organization, change, &actor).await?))
}
