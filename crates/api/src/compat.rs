//! Shaping responses for official clients whose models differ from the documented API.
//!
//! The Python client `dataspike` 0.1.x models an entity's `media` and `contact_info` as single
//! objects (the API sends lists) and knows no `CryptoWallet` entity type; it would refuse such
//! responses. Requests it makes (its User-Agent is `dataspike-python/0.1.…`) get entities shaped
//! to its models: the first media item, the contact details merged into one object, wallets
//! typed `Organization` (their `annotation` keeps the real type). Every other client gets the
//! documented shapes.

use axum::http::HeaderMap;
use axum::http::header::USER_AGENT;
use serde_json::{Map, Value};

/// Whether the request comes from the Python client 0.1.x.
pub fn python_sdk_01(headers: &HeaderMap) -> bool {
    headers.get(USER_AGENT).and_then(|v| v.to_str().ok()).is_some_and(|ua| ua.starts_with("dataspike-python/0.1."))
}

/// Shapes one entity for the Python client 0.1.x.
pub fn shape_entity(entity: &mut Value) {
    let Some(obj) = entity.as_object_mut() else { return };
    if obj.get("type").and_then(Value::as_str) == Some("CryptoWallet") {
        obj.insert("type".into(), Value::String("Organization".into()));
        let note = obj.get("annotation").and_then(Value::as_str).unwrap_or("").to_owned();
        obj.insert("annotation".into(), Value::String(format!("CryptoWallet. {note}").trim().to_owned()));
    }
    let Some(fields) = obj.get_mut("fields").and_then(Value::as_object_mut) else { return };
    match fields.remove("media") {
        Some(Value::Array(items)) if !items.is_empty() => {
            fields.insert("media".into(), items.into_iter().next().unwrap_or(Value::Null));
        }
        _ => {}
    }
    if let Some(Value::Array(items)) = fields.remove("contact_info")
        && !items.is_empty()
    {
        let mut merged = Map::new();
        for key in ["emails", "phones", "websites"] {
            let all: Vec<Value> =
                items.iter().filter_map(|i| i.get(key)).filter_map(Value::as_array).flatten().cloned().collect();
            merged.insert(key.into(), Value::Array(all));
        }
        fields.insert("contact_info".into(), Value::Object(merged));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_media_contacts_and_wallets() {
        let mut e = serde_json::json!({
            "type": "CryptoWallet", "annotation": "XBT address",
            "fields": {"names": [], "media": [{"source_name": "a"}, {"source_name": "b"}], "contact_info": [{"emails": ["x@y.z"], "phones": [], "websites": []}, {"emails": ["q@y.z"]}]}
        });
        shape_entity(&mut e);
        assert_eq!(e["type"], "Organization");
        assert_eq!(e["annotation"], "CryptoWallet. XBT address");
        assert_eq!(e["fields"]["media"]["source_name"], "a");
        assert_eq!(e["fields"]["contact_info"]["emails"], serde_json::json!(["x@y.z", "q@y.z"]));
        let mut plain = serde_json::json!({"type": "Person", "fields": {"names": [], "media": [], "contact_info": []}});
        shape_entity(&mut plain);
        assert!(
            plain["fields"].get("media").is_none() && plain["fields"].get("contact_info").is_none(),
            "empty lists left out"
        );
    }
}
