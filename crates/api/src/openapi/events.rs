//! The event catalogue as OpenAPI 3.1 `webhooks`: one entry per event type, with the envelope,
//! its payload schema, an example, and what the endpoint's answer means.

use docket_engine::webhooks::samples::CATALOGUE;
use serde_json::{Value, json};
use utoipa::Modify;
use utoipa::openapi::path::Paths;

pub struct EventCatalogue;

/// The payload schema of an event type.
fn payload_schema(event_type: &str) -> Value {
    match event_type {
        "AML_SCREENING" => json!({
            "type": "object",
            "required": ["screening_id", "applicant_id", "search_request", "search_response", "risk_score", "completed_at"],
            "properties": {
                "screening_id": {"type": "string", "format": "uuid", "description": "The search's id in the AML history."},
                "applicant_id": {"type": "string", "format": "uuid"},
                "external_id": {"type": ["string", "null"]},
                "search_request": {"$ref": "#/components/schemas/SearchRequest"},
                "search_response": {"$ref": "#/components/schemas/SearchReport"},
                "search_result": {"$ref": "#/components/schemas/SearchReport", "description": "The same report, under the older examples' name."},
                "risk_score": {"type": "object", "properties": {"type": {"oneOf": [{"$ref": "#/components/schemas/RiskScore"}, {"type": "null"}]}}},
                "completed_at": {"type": "string", "format": "date-time"}
            }
        }),
        "KYB_VERIFICATION" => json!({
            "allOf": [
                {"$ref": "#/components/schemas/CaseRow"},
                {"type": "object", "required": ["previous_status"], "properties": {
                    "previous_status": {"$ref": "#/components/schemas/CaseStatus"}
                }}
            ]
        }),
        "KYB_CHECK" => json!({
            "allOf": [
                {"$ref": "#/components/schemas/SingleResult"},
                {"type": "object", "required": ["applicant_id"], "properties": {
                    "applicant_id": {"type": "string", "format": "uuid"}
                }}
            ]
        }),
        "EMAIL_CHECK" => json!({
            "allOf": [
                {"$ref": "#/components/schemas/EmailCheck"},
                {"type": "object", "required": ["event"], "properties": {
                    "event": {"type": "string", "enum": ["check_completed", "ownership_verified"]}
                }}
            ]
        }),
        "NONDOC_VERIFICATION" => json!({"$ref": "#/components/schemas/NondocCheck"}),
        "DOCVER" => json!({"$ref": "#/components/schemas/Verification"}),
        "KYT_WALLET_CHECK" => json!({"$ref": "#/components/schemas/KytCheck"}),
        "TRANSACTION_MONITORING" => json!({"$ref": "#/components/schemas/MonitoringResult"}),
        _ => json!({"type": "object"}),
    }
}

fn entry(event_type: &str, summary: &str, description: &str, example: Value) -> Value {
    json!({
        "post": {
            "tags": ["Webhooks"],
            "summary": summary,
            "description": format!(
                "{description}\n\nSent as a POST with `Content-Type: application/json` and \
                 `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). \
                 The envelope's `id` is the same on every attempt: de-duplicate by it."
            ),
            "operationId": format!("event{}", event_type.split('_').map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_string() + &c.as_str().to_lowercase()).unwrap_or_default()
            }).collect::<String>()),
            "parameters": [{
                "name": "X-Webhook-Signature", "in": "header", "required": true,
                "description": "`t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid.",
                "schema": {"type": "string"}
            }],
            "requestBody": {
                "required": true,
                "content": {"application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["id", "webhook_id", "event_type", "timestamp", "payload"],
                        "properties": {
                            "id": {"type": "string", "format": "uuid", "description": "The delivery's id, the same on every attempt."},
                            "webhook_id": {"type": "string", "format": "uuid"},
                            "event_type": {"type": "string", "const": event_type},
                            "timestamp": {"type": "string", "format": "date-time", "description": "When the event happened (the environment's clock)."},
                            "payload": payload_schema(event_type)
                        }
                    },
                    "example": {
                        "id": "01920b71-0000-7000-8000-000000000003",
                        "webhook_id": "01920b72-0000-7000-8000-000000000004",
                        "event_type": event_type,
                        "timestamp": "2026-11-22T09:00:00.000Z",
                        "payload": example
                    }
                }}
            },
            "responses": {
                "200": {"description": "Any 2xx within the timeout acknowledges the delivery."},
                "410": {"description": "Gone: Docket disables the endpoint and stops trying."},
                "default": {"description": "Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`)."}
            }
        }
    })
}

impl Modify for EventCatalogue {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let mut paths = serde_json::Map::new();
        for e in &CATALOGUE {
            let example = serde_json::from_str(e.example).unwrap_or(Value::Null);
            let status = if e.emitted { "Emitted." } else { "Not emitted yet (test events only)." };
            let description = format!("{} {status}", e.description);
            paths.insert(
                e.event_type.as_str().to_owned(),
                entry(e.event_type.as_str(), e.summary, &description, example),
            );
        }
        match serde_json::from_value::<Paths>(Value::Object(paths)) {
            Ok(webhooks) => openapi.webhooks = Some(webhooks),
            Err(e) => tracing::error!(error = %e, "the event catalogue is not a valid OpenAPI webhooks object"),
        }
    }
}
