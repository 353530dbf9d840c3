//! `/_docket/data` and `/_docket/backups`: the data directory at a glance (where it is, its
//! size, whether it is private and encrypted, the backups) and backups taken from the console
//! (issue 16). The data directory holds every organization, so these are the machine owner's
//! alone (the authority table): the reviewer `docket serve`'s printed link and the desktop
//! window sign in as.

use axum::extract::State;
use axum::http::StatusCode;
use docket_engine::Actor;
use docket_engine::backup::{BackupRecord, BackupSettings, BackupSettingsChange, DataStatus};
use docket_engine::erasure::Erasure;
use docket_engine::retention::{RetentionChange, RetentionSettings};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Caller, Json, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(database_key))
        .routes(routes!(take_backup))
        .routes(routes!(put_backup_settings))
        .routes(routes!(erasures))
        .routes(routes!(get_retention, put_retention))
}

/// The data directory at a glance
///
/// Where the data lives and its size, whether the directory is private and the data encrypted
/// at rest, where backups go and the newest of them. The machine owner's.
#[utoipa::path(
    get, path = "/_docket/data", tag = "Data and privacy", operation_id = "getDataStatus",
    responses(
        (status = 200, description = "The data directory", body = DataStatus),
        (status = 403, description = "Not the machine's owner", body = ErrorBody),
    )
)]
async fn status(State(state): State<AppState>, _owner: SignedIn) -> ApiResult<Json<DataStatus>> {
    Ok(Json(state.engine.backups().status().await?))
}

/// The database key, to keep a copy
///
/// The key the database and stored files are encrypted with (and so the backups): the desktop
/// app keeps it in the OS keychain, where nobody sees it, so that a copy kept apart from the
/// computer (a password manager, a sealed envelope) is the only way back from a lost or broken
/// machine to its backups. The machine owner's; the request journal records that it was asked
/// for, never the key. 409 when the database is not encrypted.
#[utoipa::path(
    get, path = "/_docket/data/key", tag = "Data and privacy", operation_id = "getDatabaseKey",
    responses(
        (status = 200, description = "The key", body = DatabaseKeyView),
        (status = 403, description = "Not the machine's owner", body = ErrorBody),
        (status = 409, description = "The database is not encrypted", body = ErrorBody),
    )
)]
async fn database_key(State(state): State<AppState>, _owner: SignedIn) -> ApiResult<Json<DatabaseKeyView>> {
    let key = state
        .engine
        .database_key()
        .ok_or_else(|| docket_engine::Error::Conflict("the database is not encrypted: there is no key".into()))?;
    Ok(Json(DatabaseKeyView {
        key: key.to_text().to_string(),
        form: if key.is_passphrase() { "passphrase" } else { "hex" },
    }))
}

/// The database key as shown to the machine's owner.
#[derive(Debug, Serialize, ToSchema)]
pub struct DatabaseKeyView {
    /// The key: 64 hex digits, or the passphrase it was given as.
    pub key: String,
    /// `hex` or `passphrase`.
    pub form: &'static str,
}

/// Back up now
///
/// Takes a backup (the same archive as `docket backup`) into the settings' folder as
/// `docket-<time>.docket-backup`, records it, and deletes the oldest beyond the number to keep.
/// Docket goes on serving meanwhile; a second request waits for the first.
#[utoipa::path(
    post, path = "/_docket/backups", tag = "Data and privacy", operation_id = "takeBackup",
    responses(
        (status = 201, description = "The backup taken", body = BackupRecord),
        (status = 400, description = "The folder cannot be written", body = ErrorBody),
        (status = 403, description = "Not the machine's owner", body = ErrorBody),
    )
)]
async fn take_backup(State(state): State<AppState>, owner: SignedIn) -> ApiResult<(StatusCode, Json<BackupRecord>)> {
    Ok((StatusCode::CREATED, Json(state.engine.backups().take(owner.reviewer.name.as_str()).await?)))
}

/// Set where backups go
///
/// Replaces the settings: `folder` an absolute path on this machine (`null` or absent: `backups`
/// in the data directory, which guards against mistakes but not against losing the disk), `keep`
/// how many backups to keep, 1 to 100 (absent: 7), `daily` whether one is taken every day
/// (absent: no; the first at once when the newest backup is a day old or there is none, by
/// "daily schedule").
#[utoipa::path(
    put, path = "/_docket/backups/settings", tag = "Data and privacy", operation_id = "putBackupSettings",
    request_body(content = BackupSettingsChange, example = json!({"folder": "/mnt/usb/docket-backups", "keep": 14, "daily": true})),
    responses(
        (status = 200, description = "The settings", body = BackupSettings),
        (status = 400, description = "A relative folder, or keep out of range", body = ErrorBody),
        (status = 403, description = "Not the machine's owner", body = ErrorBody),
    )
)]
async fn put_backup_settings(
    State(state): State<AppState>,
    owner: SignedIn,
    Json(change): Json<BackupSettingsChange>,
) -> ApiResult<Json<BackupSettings>> {
    let schedule_in = docket_engine::Scope::new(owner.scope.organization, docket_engine::Environment::Production);
    Ok(Json(state.engine.backups().change_settings(schedule_in, change).await?))
}

/// `GET /_docket/erasures`.
#[derive(Serialize, ToSchema)]
struct Erasures {
    data: Vec<Erasure>,
}

/// The erasure log
///
/// The environment's erasures, newest first (at most 100): whose data (by id only), when, by
/// whom, and how many records of each kind went. Deleting an applicant
/// (`DELETE /api/v3/applicants/{id}`) or `docket erase --applicant ID` adds one.
#[utoipa::path(
    get, path = "/_docket/erasures", tag = "Data and privacy", operation_id = "listErasures",
    responses((status = 200, description = "The erasure log", body = Erasures))
)]
async fn erasures(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Erasures>> {
    Ok(Json(Erasures { data: state.engine.erasures().recent(caller.scope()).await? }))
}

/// The environment's retention
///
/// How long this environment keeps its request journal, finished webhook deliveries and AML
/// search history.
#[utoipa::path(
    get, path = "/_docket/retention", tag = "Data and privacy", operation_id = "getRetention",
    responses((status = 200, description = "The settings", body = RetentionSettings))
)]
async fn get_retention(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<RetentionSettings>> {
    Ok(Json(state.engine.retention().settings(caller.scope()).await?))
}

/// Set the environment's retention
///
/// Replaces the settings (a field left out takes its default: the journal the server's own
/// limit, deliveries 30 days, searches kept) and enforces them at once; then every hour. An
/// admin's, in the console; the change is on the audit chain.
#[utoipa::path(
    put, path = "/_docket/retention", tag = "Data and privacy", operation_id = "putRetention",
    request_body(content = RetentionChange, example = json!({"journal_days": 3, "deliveries_days": 14, "search_history_days": 1825})),
    responses(
        (status = 200, description = "The settings", body = RetentionSettings),
        (status = 400, description = "A value out of range", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
    )
)]
async fn put_retention(
    State(state): State<AppState>,
    me: SignedIn,
    Json(change): Json<RetentionChange>,
) -> ApiResult<Json<RetentionSettings>> {
    Ok(Json(state.engine.retention().change(me.scope, change, &Actor::Reviewer(me.reviewer)).await?))
}
