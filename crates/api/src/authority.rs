//! Who may call what: the one authority table.
//!
//! Every route Docket serves is a [`Rule`] here: which callers it admits ([`Access`]) and which
//! fields of its requests and responses are secrets the request journal must never keep.
//! `middleware::authorize` looks the matched route up, authenticates the caller the rule asks
//! for and refuses anyone else before the handler (or the body) is reached; a route that is not
//! in the table is refused, so a new route without a rule fails closed, and a test fails the
//! build. Handlers take typed extractors ([`crate::extract::Caller`], [`crate::extract::SignedIn`])
//! that state what they use, and never decide who may call them.
//!
//! The callers:
//! - an **API key**: the organization's integration, in the key's environment only;
//! - a **console session**: a reviewer (role `reviewer`, `senior` or `admin`, or the machine's
//!   owner), in the session's organization and the environment its request names;
//! - a **person's token**: the KYB widget's token, a verification's short id or a profile's link
//!   id, which opens exactly its own record (the token is in the path);
//! - **anyone**: no credential at all (health, the reference, the console's sign-in);
//! - the **`docket` command** on the machine, which does not come through HTTP: whoever can run
//!   it holds the data directory, and with it every record.
//!
//! Whose data: a key's or a session's scope (organization and environment) bounds every record
//! a call reads or writes; another organization's records are 404 to it. The machine owner's
//! controls (the data directory, backups, the database key) span every organization.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::http::Method;
use docket_engine::console::Role;
use docket_engine::{Environment, Error};

use crate::extract::Caller;

/// Which callers a route admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No credential: health, the OpenAPI description and reference, the console's pages and
    /// its sign-in.
    Anyone,
    /// A person's token in the path (the KYB widget's token, a verification's short id, a
    /// profile's link id): it opens exactly its own record.
    Holder,
    /// The organization's integration (an API key of either environment) and its reviewers
    /// signed in to the console with at least this role.
    Integration(Role),
    /// As [`Access::Integration`], in a sandbox only: production refuses it.
    Sandbox(Role),
    /// Reviewers signed in to the console with at least this role; never an API key.
    Console(Role),
    /// The machine's owner, signed in to the console: the data directory holds every
    /// organization.
    Owner,
    /// What production screens against (the shared watchlists): a production key, or an admin
    /// signed in to the console. A sandbox key never changes what production sees.
    ListImport,
}

/// A kind of caller, as the API reference and the matrix test name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallerKind {
    SandboxKey,
    ProductionKey,
    Reviewer,
    Senior,
    Admin,
    Owner,
    Person,
    Anyone,
}

impl CallerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CallerKind::SandboxKey => "sandbox_key",
            CallerKind::ProductionKey => "production_key",
            CallerKind::Reviewer => "reviewer",
            CallerKind::Senior => "senior",
            CallerKind::Admin => "admin",
            CallerKind::Owner => "owner",
            CallerKind::Person => "person",
            CallerKind::Anyone => "anyone",
        }
    }
}

/// The console roles at or above `role`, the owner (an admin) included.
fn roles_from(role: Role) -> &'static [CallerKind] {
    match role {
        Role::Reviewer => &[CallerKind::Reviewer, CallerKind::Senior, CallerKind::Admin, CallerKind::Owner],
        Role::Senior => &[CallerKind::Senior, CallerKind::Admin, CallerKind::Owner],
        Role::Admin => &[CallerKind::Admin, CallerKind::Owner],
    }
}

impl Access {
    /// Whether the route needs an API key or a console session.
    pub fn needs_credential(self) -> bool {
        !matches!(self, Access::Anyone | Access::Holder)
    }

    /// The callers admitted, for the reference and the matrix test. Console roles are admitted
    /// in both environments unless the access says otherwise (`Sandbox`: the sandbox only).
    pub fn callers(self) -> Vec<CallerKind> {
        use CallerKind::*;
        match self {
            Access::Anyone => vec![Anyone],
            Access::Holder => vec![Person],
            Access::Integration(role) => [&[SandboxKey, ProductionKey][..], roles_from(role)].concat(),
            Access::Sandbox(role) => [&[SandboxKey][..], roles_from(role)].concat(),
            Access::Console(role) => roles_from(role).to_vec(),
            Access::Owner => vec![Owner],
            Access::ListImport => vec![ProductionKey, Admin, Owner],
        }
    }

    /// One sentence for the API reference.
    pub fn describe(self) -> String {
        let role = |r: Role| match r {
            Role::Reviewer => "any reviewer",
            Role::Senior => "a senior reviewer or an admin",
            Role::Admin => "an admin",
        };
        match self {
            Access::Anyone => "Anyone: no credential.".into(),
            Access::Holder => "The person holding the token or link in the path; it opens only its own record.".into(),
            Access::Integration(r) => {
                format!("An API key (its environment's data), or {} signed in to the console.", role(r))
            }
            Access::Sandbox(r) => format!(
                "In a sandbox only: a sandbox key, or {} signed in to the console with the sandbox selected.",
                role(r)
            ),
            Access::Console(r) => {
                format!("Only {} signed in to the console; an API key never reaches this control.", role(r))
            }
            Access::Owner => "Only the machine's owner, signed in to the console.".into(),
            Access::ListImport => {
                "A production key, or an admin signed in to the console: the lists are shared with production, so a \
                 sandbox key never changes them."
                    .into()
            }
        }
    }

    /// Refuses `caller` (authenticated already) unless the route admits them, with a 403 that
    /// says who may.
    pub fn admits(self, caller: &Caller, method: &Method, path: &str) -> Result<(), Error> {
        let what = format!("{method} {path}");
        let reviewer = caller.reviewer();
        let env = caller.scope().environment;
        let refuse = |message: String| Err(Error::Forbidden(message));
        match self {
            Access::Anyone | Access::Holder => Ok(()),
            Access::Integration(role) => match reviewer {
                Some(r) if !r.may(role) => refuse(format!("only {} may call {what}", role_name(role))),
                _ => Ok(()),
            },
            Access::Sandbox(role) => match reviewer {
                _ if env != Environment::Sandbox => refuse(format!(
                    "{what} is the sandbox's: production refuses it (use a sandbox key or switch the console to the sandbox)"
                )),
                Some(r) if !r.may(role) => refuse(format!("only {} may call {what}", role_name(role))),
                _ => Ok(()),
            },
            Access::Console(role) => match reviewer {
                None => refuse(format!(
                    "{what} is a console control: a reviewer signs in to the console for it, and an API key never reaches it"
                )),
                Some(r) if !r.may(role) => refuse(format!("only {} may call {what}", role_name(role))),
                Some(_) => Ok(()),
            },
            Access::Owner => match reviewer {
                Some(r) if r.owner => Ok(()),
                _ => refuse(format!(
                    "{what} is the machine owner's alone (the data directory holds every organization): sign in to the \
                     console as the owner, or use the `docket` command on the machine"
                )),
            },
            Access::ListImport => match (reviewer, env) {
                (Some(r), _) if r.may(Role::Admin) => Ok(()),
                (Some(_), _) => refuse(format!("only an admin may call {what}")),
                (None, Environment::Production) => Ok(()),
                (None, Environment::Sandbox) => refuse(format!(
                    "{what} changes the watchlists production screens against: use a production key, or an admin in the \
                     console (a sandbox key never changes what production sees)"
                )),
            },
        }
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Reviewer => "a reviewer",
        Role::Senior => "a senior reviewer or an admin",
        Role::Admin => "an admin",
    }
}

/// One route: who may call it, and what of its traffic is secret.
#[derive(Debug)]
pub struct Rule {
    pub method: &'static str,
    /// The route as the router writes it, `{name}` for a path parameter.
    pub path: &'static str,
    pub access: Access,
    /// Fields (at any depth of a JSON body, or query and form parameters) whose values are
    /// secrets: the journal keeps `[redacted]` instead. Declared by the route, not guessed.
    pub secrets: &'static [&'static str],
}

const fn rule(method: &'static str, path: &'static str, access: Access) -> Rule {
    Rule { method, path, access, secrets: &[] }
}

const fn secret(method: &'static str, path: &'static str, access: Access, secrets: &'static [&'static str]) -> Rule {
    Rule { method, path, access, secrets }
}

use Access::{Anyone, Holder, ListImport, Owner};
const READ: Access = Access::Integration(Role::Reviewer);
const ADMIN_OR_KEY: Access = Access::Integration(Role::Admin);
const CONSOLE: Access = Access::Console(Role::Reviewer);
const SENIOR: Access = Access::Console(Role::Senior);
const ADMIN: Access = Access::Console(Role::Admin);
const SANDBOX: Access = Access::Sandbox(Role::Reviewer);
const SANDBOX_ADMIN: Access = Access::Sandbox(Role::Admin);

/// The table. Grouped as the API reference's tags are.
pub const RULES: &[Rule] = &[
    // Server, reference and console pages.
    rule("GET", "/healthz", Anyone),
    rule("GET", "/openapi.json", Anyone),
    rule("GET", "/docs", Anyone),
    secret("GET", "/_docket/console/login", Anyone, &["token"]),
    secret("POST", "/_docket/console/sign-in", Anyone, &["password", "code"]),
    rule("POST", "/_docket/console/logout", Anyone),
    // The person's pages and token routes.
    rule("GET", "/kyb/widget/{token}", Holder),
    rule("GET", "/v/{short_id}", Holder),
    rule("GET", "/vp/{link_id}", Holder),
    rule("GET", "/api/v4/kyb/widget/{token}", Holder),
    rule("PUT", "/api/v4/kyb/widget/{token}/sections/{section}", Holder),
    rule("POST", "/api/v4/kyb/widget/{token}/documents", Holder),
    rule("GET", "/api/v4/kyb/widget/{token}/documents/{file_id}", Holder),
    rule("DELETE", "/api/v4/kyb/widget/{token}/documents/{file_id}", Holder),
    rule("POST", "/api/v4/kyb/widget/{token}/submit", Holder),
    rule("GET", "/api/v3/sdk/link/{link_id}", Holder),
    rule("POST", "/api/v3/sdk/link/{link_id}/start", Holder),
    rule("GET", "/api/v3/sdk/{short_id}", Holder),
    rule("POST", "/api/v3/sdk/{short_id}/fields", Holder),
    rule("POST", "/api/v3/sdk/{short_id}/proceed", Holder),
    rule("DELETE", "/api/v3/sdk/{short_id}/documents/{document_id}", Holder),
    rule("GET", "/api/v3/sdk/{short_id}/documents/{document_id}/preview", Holder),
    rule("POST", "/api/v3/sdk/{short_id}/set_country", Holder),
    rule("POST", "/api/v3/upload/sdk/{short_id}", Holder),
    rule("GET", "/api/v3/public/dictionary/countries", Anyone),
    // Applicants.
    rule("GET", "/api/v3/applicants", READ),
    rule("POST", "/api/v3/applicants", READ),
    rule("GET", "/api/v3/applicants/by_external_id/{external_id}", READ),
    rule("GET", "/api/v3/applicants/{applicant_id}", READ),
    rule("POST", "/api/v3/applicants/{applicant_id}", READ),
    rule("DELETE", "/api/v3/applicants/{applicant_id}", ADMIN_OR_KEY),
    rule("POST", "/api/v3/applicants/{applicant_id}/link/tg", READ),
    rule("POST", "/api/v3/applicants/{applicant_id}/screening", READ),
    rule("POST", "/api/v3/applicants/{applicant_id}/search-options", READ),
    // AML screening and the shared watchlists.
    rule("POST", "/api/v3/aml/search", READ),
    rule("GET", "/api/v3/aml/search/history", READ),
    rule("GET", "/api/v3/aml/search/history/{search_uuid}", READ),
    rule("GET", "/api/v3/aml/search/{uuid}", READ),
    rule("POST", "/webapi/public/datasources", READ),
    rule("POST", "/_docket/aml/screenings/{search_uuid}/hits/{entity_uuid}/disposition", READ),
    rule("GET", "/_docket/aml/fatf", READ),
    rule("GET", "/_docket/aml/lists", READ),
    rule("GET", "/_docket/aml/lists/imports", READ),
    rule("POST", "/_docket/aml/lists/imports", ListImport),
    rule("GET", "/_docket/aml/lists/imports/{import_id}", READ),
    // Webhooks and events.
    rule("GET", "/api/v3/organization/webhooks", READ),
    secret("POST", "/api/v3/organization/webhooks", READ, &["hmac_signing_secret"]),
    rule("GET", "/api/v3/organization/webhooks/{webhook_id}", READ),
    rule("PUT", "/api/v3/organization/webhooks/{webhook_id}", READ),
    rule("DELETE", "/api/v3/organization/webhooks/{webhook_id}", READ),
    secret("POST", "/api/v3/organization/webhooks/{webhook_id}/hmac/rotate", READ, &["hmac_signing_secret"]),
    rule("GET", "/api/v3/notifications/webhook/history", READ),
    rule("GET", "/_docket/webhooks/deliveries/{delivery_id}", READ),
    rule("POST", "/_docket/webhooks/deliveries/{delivery_id}/replay", READ),
    rule("POST", "/_docket/webhooks/{webhook_id}/test", READ),
    rule("GET", "/_docket/webhooks/settings", READ),
    rule("PATCH", "/_docket/webhooks/settings", ADMIN_OR_KEY),
    rule("PUT", "/_docket/webhooks/address-guard", ADMIN),
    rule("GET", "/_docket/events", READ),
    // Document verification.
    rule("GET", "/api/v3/profiles", READ),
    rule("POST", "/api/v3/profiles", READ),
    rule("GET", "/api/v3/profiles/{profile_id}", READ),
    rule("POST", "/api/v3/profiles/{profile_id}", READ),
    rule("DELETE", "/api/v3/profiles/{profile_id}", READ),
    rule("POST", "/api/v3/profiles/{profile_id}/link", READ),
    rule("POST", "/api/v3/profiles/{profile_id}/set_default", READ),
    rule("POST", "/api/v3/profiles/link/{link_id}", READ),
    rule("DELETE", "/api/v3/profiles/link/{link_id}", READ),
    rule("POST", "/api/v3/profiles/link/{link_id}/unarchive", READ),
    rule("GET", "/api/v3/verifications", READ),
    rule("POST", "/api/v3/verifications", READ),
    rule("GET", "/api/v3/verifications/applicant/{applicant_id}", READ),
    rule("GET", "/api/v3/verifications/short/{short_id}", READ),
    rule("GET", "/api/v3/verifications/{verification_id}", READ),
    rule("DELETE", "/api/v3/verifications/{verification_id}", ADMIN_OR_KEY),
    rule("GET", "/api/v3/verifications/{verification_id}/cancel", READ),
    rule("POST", "/api/v3/verifications/{verification_id}/cancel", READ),
    rule("POST", "/api/v3/verifications/{verification_id}/proceed", READ),
    rule("POST", "/api/v3/upload/{applicant_id}", READ),
    rule("GET", "/api/v3/documents/{document_id}", READ),
    rule("DELETE", "/api/v3/documents/{document_id}", ADMIN_OR_KEY),
    rule("GET", "/api/v3/applicants/{applicant_id}/documents", READ),
    rule("GET", "/api/v3/documents/{document_id}/preview", READ),
    rule("GET", "/_docket/verifications/{verification_id}/file", READ),
    rule("POST", "/_docket/verifications/{verification_id}/outcomes", CONSOLE),
    rule("POST", "/_docket/verifications/{verification_id}/outcomes/{check}/undo", CONSOLE),
    rule("POST", "/_docket/verifications/{verification_id}/reading", CONSOLE),
    // Bankbook extraction.
    rule("POST", "/api/v4/bankbook/{applicant_id}", READ),
    rule("GET", "/api/v4/bankbook/statements", READ),
    rule("GET", "/api/v4/bankbook/statements/{id}", READ),
    rule("GET", "/api/v4/bankbook/statements/{id}/file", READ),
    // E-mail verification.
    rule("GET", "/api/v4/email/checks", READ),
    rule("POST", "/api/v4/email/checks", READ),
    rule("GET", "/api/v4/email/checks/{id}", READ),
    rule("DELETE", "/api/v4/email/checks/{id}", ADMIN_OR_KEY),
    rule("POST", "/api/v4/email/checks/{id}/resend", READ),
    rule("GET", "/api/v4/kyt/checks", READ),
    rule("POST", "/api/v4/kyt/checks", READ),
    rule("GET", "/api/v4/kyt/checks/{id}", READ),
    rule("GET", "/api/v4/kyt/monitors", READ),
    rule("DELETE", "/api/v4/kyt/monitors/{id}", READ),
    secret("POST", "/api/v4/email/otp/verify", READ, &["code"]),
    secret("GET", "/_docket/email/outbox", READ, &["code", "subject", "text", "html"]),
    rule("DELETE", "/_docket/email/outbox", SANDBOX),
    // Non-document verification: the number is personal data the journal never keeps.
    secret("POST", "/api/v4/nondoc/{applicant_id}/verify", READ, &["bvn", "nin", "number"]),
    rule("GET", "/api/v4/nondoc/{applicant_id}/checks", READ),
    rule("GET", "/api/v4/nondoc/checks/{id}", READ),
    rule("GET", "/api/v4/nondoc/types", READ),
    // Deepfake analysis: the stream is a WebSocket, authenticated at its upgrade like any request.
    rule("GET", "/api/v4/deepfake/stream", READ),
    rule("GET", "/api/v4/deepfake/analyses", READ),
    rule("POST", "/api/v4/deepfake/analyses", READ),
    rule("GET", "/api/v4/deepfake/analyses/{id}", READ),
    // Transaction monitoring.
    rule("GET", "/api/v3/transmon/rules", READ),
    rule("POST", "/api/v3/transmon/rules", READ),
    rule("GET", "/api/v3/transmon/rules/list/{event_type}", READ),
    rule("POST", "/api/v3/transmon/rules/try", READ),
    rule("POST", "/api/v3/transmon/rules/validate", READ),
    rule("GET", "/api/v3/transmon/rules/{rule_id}", READ),
    rule("PUT", "/api/v3/transmon/rules/{rule_id}", READ),
    rule("DELETE", "/api/v3/transmon/rules/{rule_id}", READ),
    rule("POST", "/api/v3/transmon/rules/{rule_id}/activate", READ),
    rule("POST", "/api/v3/transmon/rules/{rule_id}/deactivate", READ),
    rule("POST", "/api/v3/transmon/transaction", READ),
    rule("POST", "/api/v3/transmon/payment", READ),
    rule("GET", "/api/v3/transmon/events", READ),
    rule("GET", "/api/v3/transmon/events/{event_id}", READ),
    rule("GET", "/api/v3/transmon/applicants/{applicant_id}/stats", READ),
    rule("POST", "/_docket/transmon/events/{event_id}/disposition", CONSOLE),
    rule("POST", "/_docket/transmon/events/{event_id}/assignee", CONSOLE),
    rule("POST", "/api/v3/transmon/backtests", READ),
    // KYB cases: the integration's side.
    rule("GET", "/api/v4/kyb/verifications", READ),
    rule("POST", "/api/v4/kyb/verifications", READ),
    rule("GET", "/api/v4/kyb/verifications/{verification_id}", READ),
    rule("DELETE", "/api/v4/kyb/verifications/{verification_id}", ADMIN_OR_KEY),
    rule("PUT", "/api/v4/kyb/verifications/{verification_id}/sections/{section}", READ),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/documents", READ),
    rule("GET", "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}", READ),
    rule("DELETE", "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}", READ),
    rule("GET", "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}/preview", READ),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/submit", READ),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/remediations", READ),
    rule("GET", "/api/v4/kyb/result/{request_id}", READ),
    rule("POST", "/api/v4/kyb/{applicant_id}/tin-verification", READ),
    rule("POST", "/api/v4/kyb/{applicant_id}/us-registry-check", READ),
    rule("POST", "/api/v4/kyb/{applicant_id}/verify-document", READ),
    // The reviewer's desk. A key decides only unassigned cases, as the integration, and under
    // four eyes its decision waits for a senior in the console (the engine's rule).
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/decision", READ),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/remediation", READ),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/second-approval", SENIOR),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/claim", CONSOLE),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/release", CONSOLE),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/assign", ADMIN),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/comments", CONSOLE),
    rule("POST", "/api/v4/kyb/verifications/{verification_id}/checks/{check_id}/rerun", CONSOLE),
    rule("GET", "/_docket/desk/counts", READ),
    rule("POST", "/_docket/desk/next", CONSOLE),
    // Bulk assign or release: any reviewer for their own claims and releases; assigning to
    // someone else is an admin's (the engine's rule, per request).
    rule("POST", "/_docket/desk/assignments", CONSOLE),
    rule("GET", "/_docket/desk/stuck-checks", ADMIN),
    rule("GET", "/_docket/desk/metrics", CONSOLE),
    rule("GET", "/_docket/desk/settings", READ),
    rule("PUT", "/_docket/desk/settings", ADMIN),
    // Four eyes that routes itself, and remediation templates (issue 33).
    rule("GET", "/_docket/desk/approvals", READ),
    rule("GET", "/_docket/desk/inbox", CONSOLE),
    rule("POST", "/_docket/desk/mentions/read", CONSOLE),
    rule("GET", "/_docket/desk/remediation-templates", READ),
    rule("POST", "/_docket/desk/remediation-templates", ADMIN),
    rule("PUT", "/_docket/desk/remediation-templates/{template_id}", ADMIN),
    rule("DELETE", "/_docket/desk/remediation-templates/{template_id}", ADMIN),
    // The audit trail.
    rule("GET", "/_docket/audit", READ),
    rule("GET", "/_docket/audit/export", READ),
    rule("GET", "/_docket/audit/verify", READ),
    rule("GET", "/_docket/audit/status", READ),
    rule("POST", "/_docket/audit/acknowledge", ADMIN),
    // Reviewers and their sessions.
    rule("GET", "/_docket/me", CONSOLE),
    rule("GET", "/_docket/me/sessions", CONSOLE),
    rule("DELETE", "/_docket/me/sessions/{session_id}", CONSOLE),
    secret("PUT", "/_docket/me/password", CONSOLE, &["password", "current_password"]),
    secret("POST", "/_docket/me/second-factor", CONSOLE, &["secret", "otpauth_uri"]),
    secret("POST", "/_docket/me/second-factor/confirm", CONSOLE, &["code"]),
    rule("GET", "/_docket/reviewers", CONSOLE),
    secret("POST", "/_docket/reviewers", ADMIN, &["login_url"]),
    rule("DELETE", "/_docket/reviewers/{reviewer_id}", ADMIN),
    rule("PUT", "/_docket/reviewers/{reviewer_id}/role", ADMIN),
    secret("POST", "/_docket/reviewers/{reviewer_id}/link", ADMIN, &["login_url"]),
    rule("POST", "/_docket/reviewers/{reviewer_id}/disable", ADMIN),
    rule("POST", "/_docket/reviewers/{reviewer_id}/enable", ADMIN),
    rule("GET", "/_docket/sessions", ADMIN),
    rule("DELETE", "/_docket/sessions/{session_id}", ADMIN),
    // Docket's own controls.
    rule("GET", "/_docket/info", READ),
    rule("GET", "/_docket/clock", READ),
    rule("POST", "/_docket/clock/set", SANDBOX),
    rule("POST", "/_docket/clock/advance", SANDBOX),
    rule("POST", "/_docket/clock/reset", SANDBOX),
    rule("POST", "/_docket/reset", SANDBOX_ADMIN),
    rule("GET", "/_docket/requests", READ),
    rule("DELETE", "/_docket/requests", SANDBOX),
    rule("GET", "/_docket/requests/refused", Owner),
    rule("GET", "/_docket/keys", ADMIN),
    secret("POST", "/_docket/keys", ADMIN, &["key"]),
    rule("POST", "/_docket/keys/{key_id}/revoke", ADMIN),
    // Data and privacy.
    rule("GET", "/_docket/data", Owner),
    secret("GET", "/_docket/data/key", Owner, &["key"]),
    rule("POST", "/_docket/backups", Owner),
    rule("PUT", "/_docket/backups/settings", Owner),
    rule("GET", "/_docket/erasures", ADMIN_OR_KEY),
    rule("GET", "/_docket/retention", READ),
    rule("PUT", "/_docket/retention", ADMIN),
    // The organization's own settings (who may frame its hosted pages).
    rule("GET", "/_docket/organization/settings", ADMIN),
    rule("PUT", "/_docket/organization/settings", ADMIN),
];

static INDEX: LazyLock<HashMap<(&'static str, &'static str), &'static Rule>> =
    LazyLock::new(|| RULES.iter().map(|r| ((r.method, r.path), r)).collect());

/// The rule of a route (`path` as the router matched it), if the table has one. HEAD follows GET.
pub fn find(method: &Method, path: &str) -> Option<&'static Rule> {
    let method = if method == Method::HEAD { "GET" } else { method.as_str() };
    INDEX.get(&(method, path)).copied()
}

/// Writes the table into the OpenAPI description: each operation's `x-docket-access` (the callers
/// it admits, the secrets the journal withholds) and a "Who may call" line first in its text.
pub fn describe(doc: &mut utoipa::openapi::OpenApi) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let operations = [
            ("GET", &mut item.get),
            ("PUT", &mut item.put),
            ("POST", &mut item.post),
            ("DELETE", &mut item.delete),
            ("PATCH", &mut item.patch),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            let Some(rule) = INDEX.get(&(method, path.as_str())) else { continue };
            let callers: Vec<&str> = rule.access.callers().into_iter().map(CallerKind::as_str).collect();
            let extension = serde_json::json!({
                "callers": callers,
                "who": rule.access.describe(),
                "secrets": rule.secrets,
            });
            operation.extensions.get_or_insert_with(Default::default).insert("x-docket-access".into(), extension);
            let who = format!("**Who may call:** {}", rule.access.describe());
            operation.description = Some(match operation.description.take() {
                Some(text) if !text.is_empty() => format!("{who}\n\n{text}"),
                _ => who,
            });
        }
    }
}

/// The table as Markdown for the API reference: one row per route, a column per kind of
/// caller.
pub fn markdown_table() -> String {
    use CallerKind::*;
    let kinds = [SandboxKey, ProductionKey, Reviewer, Senior, Admin, Owner, Person, Anyone];
    let mut out = String::from(
        "| Operation | sandbox key | production key | reviewer | senior | admin | owner | person | anyone |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    for rule in RULES {
        let callers = rule.access.callers();
        let cells: Vec<&str> = kinds.iter().map(|k| if callers.contains(k) { "✓" } else { "" }).collect();
        let sandbox_only = if matches!(rule.access, Access::Sandbox(_)) { " (sandbox)" } else { "" };
        out.push_str(&format!("| `{} {}`{sandbox_only} | {} |\n", rule.method, rule.path, cells.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_one_rule() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            assert!(seen.insert((r.method, r.path)), "{} {} is in the table twice", r.method, r.path);
        }
    }

    #[test]
    fn head_follows_get_and_unknown_routes_have_no_rule() {
        assert_eq!(find(&Method::HEAD, "/healthz").map(|r| r.access), Some(Access::Anyone));
        assert!(find(&Method::GET, "/_docket/nothing").is_none());
    }

    #[test]
    fn console_controls_admit_no_key() {
        for access in [CONSOLE, SENIOR, ADMIN, Owner] {
            let callers = access.callers();
            assert!(!callers.contains(&CallerKind::SandboxKey) && !callers.contains(&CallerKind::ProductionKey));
        }
        assert!(!ListImport.callers().contains(&CallerKind::SandboxKey));
    }
}
