//! `/_docket/keys`: the API keys of the caller's organization and environment (for the
//! console's overview; `docket keys` does the same from the command line).

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::Environment;
use docket_engine::organizations::{ApiKey, ApiKeyId, CreatedKey};
use docket_engine::time::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Caller, IdPath, Json};
use crate::middleware::CarriesCredentials;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(revoke))
}

/// An API key: everything but the key itself, which Docket keeps only as a hash.
#[derive(Debug, Serialize, ToSchema)]
struct Key {
    #[schema(value_type = String, format = Uuid)]
    id: ApiKeyId,
    environment: Environment,
    name: String,
    /// The key's start and last characters, to tell keys apart: `dk_sandbox_…x1Y2`.
    hint: String,
    /// Set when the key is pinned by an environment variable (`DOCKET_SANDBOX_API_KEY`, ...).
    pinned_from: Option<String>,
    created_at: Timestamp,
    /// Written at most once a minute.
    last_used_at: Option<Timestamp>,
    revoked_at: Option<Timestamp>,
}

impl From<ApiKey> for Key {
    fn from(k: ApiKey) -> Self {
        Key {
            id: k.id,
            environment: k.environment,
            name: k.name,
            hint: k.hint,
            pinned_from: k.pinned_from,
            created_at: k.created_at,
            last_used_at: k.last_used_at,
            revoked_at: k.revoked_at,
        }
    }
}

/// A new key: the same fields, and the key itself, shown only this once.
#[derive(Debug, Serialize, ToSchema)]
struct NewKeyCreated {
    #[serde(flatten)]
    record: Key,
    /// The key to send in `ds-api-token`. Shown only now; the journal keeps it redacted.
    #[schema(example = "dk_sandbox_4kQ9...")]
    key: String,
}

impl From<CreatedKey> for NewKeyCreated {
    fn from(c: CreatedKey) -> Self {
        NewKeyCreated { record: Key::from(c.key), key: c.secret }
    }
}

#[derive(Debug, Serialize, ToSchema)]
struct KeyList {
    /// The environment's keys, revoked ones included, oldest first.
    data: Vec<Key>,
}

/// List API keys
///
/// The keys of the caller's organization and environment, revoked ones included, oldest first.
#[utoipa::path(
    get, path = "/_docket/keys", tag = "Docket controls", operation_id = "listKeys",
    responses((status = 200, description = "The keys", body = KeyList))
)]
async fn list(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<KeyList>> {
    let keys = state.engine.keys().list_in(caller.scope()).await?;
    Ok(Json(KeyList { data: keys.into_iter().map(Key::from).collect() }))
}

/// The body of a key creation.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewKey {
    /// A name to tell the key apart, 1 to 80 characters: "CI", "Alice's laptop".
    name: String,
}

/// Create an API key
///
/// Makes a key for the caller's organization and environment. The answer holds the key itself,
/// shown only this once (the request journal records the answer with the key redacted).
#[utoipa::path(
    post, path = "/_docket/keys", tag = "Docket controls", operation_id = "createKey",
    request_body(content = NewKey, example = json!({"name": "CI"})),
    responses(
        (status = 201, description = "Created; the key is shown only now", body = NewKeyCreated),
        (status = 400, description = "No name, or one too long", body = ErrorBody),
    )
)]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Json(body): Json<NewKey>,
) -> ApiResult<(StatusCode, Extension<CarriesCredentials>, Json<NewKeyCreated>)> {
    let scope = caller.scope();
    let created = state.engine.keys().create(scope.organization, scope.environment, &body.name).await?;
    Ok((StatusCode::CREATED, Extension(CarriesCredentials), Json(created.into())))
}

/// Revoke an API key
///
/// Revokes a key of the caller's organization and environment at once: requests with it get 401
/// from then on. A key may revoke itself.
#[utoipa::path(
    post, path = "/_docket/keys/{key_id}/revoke", tag = "Docket controls", operation_id = "revokeKey",
    params(("key_id" = String, Path, format = Uuid, description = "The key's id")),
    responses(
        (status = 200, description = "The revoked key", body = Key),
        (status = 404, description = "No such key in this organization and environment", body = ErrorBody),
        (status = 409, description = "The key was already revoked", body = ErrorBody),
    )
)]
async fn revoke(State(state): State<AppState>, caller: Caller, IdPath(id): IdPath<ApiKeyId>) -> ApiResult<Json<Key>> {
    Ok(Json(state.engine.keys().revoke_in(caller.scope(), id).await?.into()))
}
