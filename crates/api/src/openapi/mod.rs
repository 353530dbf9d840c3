//! The OpenAPI 3.1 description: generated from the route annotations, with the narrative guide
//! (authentication, environments, errors, paging, sandbox controls) as its description.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

mod events;
use events::EventCatalogue;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Docket API",
        description = include_str!("guide.md"),
        license(name = "Apache-2.0", identifier = "Apache-2.0"),
    ),
    servers((url = "/", description = "This Docket server")),
    components(schemas(crate::error::ErrorBody)),
    modifiers(&Security, &EventCatalogue, &RuleLanguage, &AuthorityTable),
    security(("ApiKeyAuth" = []), ("ConsoleSession" = [])),
    tags(
        (name = "Applicants", description = "Persons and organizations that every other workflow links to."),
        (name = "AML screening", description = "Sanctions, PEP, watchlist and adverse-media screening, its history and list entities."),
        (name = "Deepfake analysis", description = "The WebSocket stream the public deepfake bot speaks, and analyses of an uploaded video or picture. The sandbox simulates verdicts from magic texts; production gives none (nothing offline can tell a deepfake) and keeps the evidence for a reviewer. The protocol is under \"Deepfake analysis\" in the introduction."),
        (name = "KYT", description = "Crypto-address risk: an address's validity on its chain and an exact match against the sanctions lists' digital-currency addresses, with the listing as evidence; exposure simulated in the sandbox only; monitored addresses checked again after every list import."),
        (name = "Bankbook extraction", description = "Bank statements and bankbooks uploaded for an applicant: holder, IBAN or account number, bank, BIC, period and balances read with their evidence, the holder matched with the applicant, editing signs. Docket's own design."),
        (name = "Transaction monitoring", description = "Rules in Docket's rule language evaluated on every transaction and payment, with the applicant's statistics and the payee's screening; results by webhook and by event id; backtests of draft rules. The language is described under \"Transaction monitoring rules\" in the introduction."),
        (name = "Webhooks", description = "Endpoints that receive signed events, their secrets, and the delivery history. The event catalogue is under `webhooks`."),
        (name = "Docket controls", description = "Docket's own endpoints: the sandbox clock, sandbox reset, the request journal, the event outbox, list snapshots and imports, webhook deliveries and settings, API keys. Not part of the public service."),
        (name = "Data and privacy", description = "The data directory at a glance and backups taken from the console: the machine owner's alone (the data directory holds every organization)."),
        (name = "Console", description = "Signing the console in (a one-time login link, or a password and a second factor) and out. See \"Console\" in the introduction for sessions and their headers."),
        (name = "Reviewer accounts", description = "A reviewer's own password, second factor and sessions, and an admin's hold on everyone's: console controls, never an API key's."),
        (name = "Server", description = "Health and descriptions; no key needed."),
    )
)]
pub struct ApiDoc;

struct Security;

/// The authority table, printed into the guide where it says so: every route and the callers it
/// admits, from the one table the server enforces.
struct AuthorityTable;

impl Modify for AuthorityTable {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(guide) = openapi.info.description.as_mut() {
            *guide = guide.replace("<!-- the authority table -->", &crate::authority::markdown_table());
        }
    }
}

/// The rule language's reference is `crates/rules/README.md` (one text for the crate and the
/// API); it joins the guide before "Webhooks", under a heading of the guide's level.
struct RuleLanguage;

impl Modify for RuleLanguage {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        const README: &str = include_str!("../../../rules/README.md");
        let body = README.split_once('\n').map_or(README, |(_, rest)| rest);
        if let Some(guide) = openapi.info.description.as_mut() {
            let section = format!("# Transaction monitoring rules\n{body}\n");
            *guide = match guide.find("\n# Webhooks\n") {
                Some(at) => format!("{}\n{section}{}", &guide[..at], &guide[at..]),
                None => format!("{guide}\n\n{section}"),
            };
        }
    }
}

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "ApiKeyAuth",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                crate::middleware::API_KEY_HEADER,
                "The environment's API key. A sandbox key selects the sandbox, a production key production.",
            ))),
        );
        components.add_security_scheme(
            "ConsoleSession",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::middleware::SESSION_COOKIE,
                "A console session of a reviewer (opened with a login link, or a password and a second factor). Such \
                 requests also send `X-Docket-Environment` (`sandbox` or `production`): see \"Console\" in the \
                 introduction.",
            ))),
        );
    }
}
