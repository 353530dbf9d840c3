//! What a remediation asks of the merchant (issue 33): one request names several sections and
//! documents, each with its own instruction, and an organization keeps templates of the
//! requests it makes often, per environment. The types and rules here are pure; the service
//! (`Kyb::open_remediation`, `templates.rs`) applies them in one transaction.

use serde::{Deserialize, Serialize};

use super::form::{DocumentKind, SectionKey};
use super::model::NewRemediation;
use crate::error::{Error, Result};
use crate::id::typed_id;
use crate::time::Timestamp;

typed_id!(
    /// A remediation template of an organization's environment.
    TemplateId,
    "remediation template"
);

/// The most sections and documents one request (or template) names.
pub const MAX_ITEMS: usize = 12;
/// The longest instruction, message or note, in characters.
const MAX_TEXT: usize = 2000;
/// The longest template name, in characters.
const MAX_NAME: usize = 100;

/// One section or document to fix, with its instruction (or the request's `message`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RemediationItem {
    /// The section to fix (`company`, `representative`, `ownership`, `documents`).
    #[serde(default)]
    pub section: Option<SectionKey>,
    /// One kind of document to upload again (implies the `documents` section).
    #[serde(default)]
    pub document_kind: Option<DocumentKind>,
    /// The instruction the merchant reads for this item; the request's `message` when absent.
    #[serde(default)]
    pub message: Option<String>,
}

/// One thing a request asks, resolved: its section, document kind and instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub section: SectionKey,
    pub document_kind: Option<DocumentKind>,
    pub message: String,
}

/// The section an item is on: a document kind implies `documents`; the review section has
/// nothing to fix.
fn section_of(field: &str, section: Option<SectionKey>, kind: Option<DocumentKind>) -> Result<SectionKey> {
    match (section, kind) {
        (Some(s), Some(_)) if s != SectionKey::Documents => {
            Err(Error::invalid(field, "a document remediation is on the documents section"))
        }
        (_, Some(_)) => Ok(SectionKey::Documents),
        (Some(SectionKey::Review), None) => {
            Err(Error::invalid(field, "the review section has nothing to fix: name another"))
        }
        (Some(s), None) => Ok(s),
        (None, None) => Err(Error::invalid(field, "name the section (or the document_kind) to fix")),
    }
}

/// Optional text (a message or an instruction, which may run over several lines): absent or
/// blank is none; otherwise under the one text rule.
fn optional_text(field: &str, value: Option<&str>) -> Result<Option<String>> {
    match value {
        Some(v) if !v.trim().is_empty() => crate::values::multiline_text(field, v, MAX_TEXT).map(Some),
        _ => Ok(None),
    }
}

/// The asks of `items` (errors name `field[i]`), each with its instruction or `general`.
pub fn resolve(field: &str, items: &[RemediationItem], general: Option<&str>) -> Result<Vec<Ask>> {
    if items.is_empty() {
        return Err(Error::invalid(field, "name at least one section or document to fix"));
    }
    if items.len() > MAX_ITEMS {
        return Err(Error::invalid(field, format!("at most {MAX_ITEMS} sections and documents in one request")));
    }
    let mut out: Vec<Ask> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let section = section_of(&format!("{field}[{i}].section"), item.section, item.document_kind)?;
        let message = match optional_text(&format!("{field}[{i}].message"), item.message.as_deref())? {
            Some(m) => m,
            None => general.map(str::to_owned).ok_or_else(|| {
                Error::invalid(
                    format!("{field}[{i}].message"),
                    "give this item an instruction, or the request a `message` for all",
                )
            })?,
        };
        if out.iter().any(|a| a.section == section && a.document_kind == item.document_kind) {
            return Err(Error::invalid(
                format!("{field}[{i}]"),
                "this section or document is named twice: give it one instruction",
            ));
        }
        out.push(Ask { section, document_kind: item.document_kind, message });
    }
    Ok(out)
}

/// What a request asks: one section or document (the first form of the route), its `items`,
/// or its template's items; each with its own instruction or the request's (or template's)
/// message.
pub fn asks_of(input: &NewRemediation, template: Option<&RemediationTemplate>) -> Result<Vec<Ask>> {
    let general = match optional_text("message", input.message.as_deref())? {
        Some(m) => Some(m),
        None => template.and_then(|t| t.message.clone()),
    };
    let single = input.section.is_some() || input.document_kind.is_some();
    if single && !input.items.is_empty() {
        return Err(Error::invalid("items", "give either `section` / `document_kind` or `items`, not both"));
    }
    if single {
        let section = section_of("section", input.section, input.document_kind)?;
        let message = general.ok_or_else(|| Error::invalid("message", "must not be empty"))?;
        return Ok(vec![Ask { section, document_kind: input.document_kind, message }]);
    }
    match (input.items.is_empty(), template) {
        (false, _) => resolve("items", &input.items, general.as_deref()),
        (true, Some(t)) => resolve("template_id", &t.items, general.as_deref()),
        (true, None) => Err(Error::invalid(
            "section",
            "name the section (or the document_kind) to fix, give `items`, or a `template_id`",
        )),
    }
}

/// The internal note of a request, if it gives one.
pub fn note_of(input: &NewRemediation) -> Result<Option<String>> {
    optional_text("note", input.note.as_deref())
}

/// A remediation request an organization reuses in one environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RemediationTemplate {
    pub id: TemplateId,
    /// Unique in the environment, whatever its letter case.
    pub name: String,
    pub items: Vec<RemediationItem>,
    /// The instruction of every item without its own.
    pub message: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Who last saved it, as records name them.
    pub updated_by: String,
}

/// `POST` and `PUT /_docket/desk/remediation-templates`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewRemediationTemplate {
    /// 1 to 100 characters.
    pub name: String,
    /// The sections and documents it asks for (1 to 12), each with its instruction or the
    /// template's `message`.
    pub items: Vec<RemediationItem>,
    #[serde(default)]
    pub message: Option<String>,
}

impl NewRemediationTemplate {
    /// The template as stored: its name and texts under the text rule, every item valid (as a
    /// request made from it would be), instructions trimmed.
    pub fn checked(self) -> Result<NewRemediationTemplate> {
        let name = crate::values::text("name", &self.name, MAX_NAME)?;
        let message = optional_text("message", self.message.as_deref())?;
        let asks = resolve("items", &self.items, message.as_deref())?;
        let items = self
            .items
            .iter()
            .zip(&asks)
            .map(|(item, ask)| RemediationItem {
                section: Some(ask.section),
                document_kind: item.document_kind,
                message: item.message.as_deref().map(str::trim).filter(|m| !m.is_empty()).map(|_| ask.message.clone()),
            })
            .collect();
        Ok(NewRemediationTemplate { name, items, message })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(section: Option<SectionKey>, kind: Option<DocumentKind>, message: Option<&str>) -> RemediationItem {
        RemediationItem { section, document_kind: kind, message: message.map(str::to_owned) }
    }

    fn field_of(e: Result<Vec<Ask>>) -> Option<String> {
        match e {
            Err(Error::Invalid(i)) => i.field,
            _ => None,
        }
    }

    #[test]
    fn one_request_asks_for_several_sections_and_documents_each_with_its_instruction() {
        let input = NewRemediation {
            items: vec![
                item(Some(SectionKey::Ownership), None, Some("List every owner above 25 %.")),
                item(None, Some(DocumentKind::ProofOfAddress), None),
            ],
            message: Some("Please upload a recent one.".into()),
            ..NewRemediation::default()
        };
        let asks = asks_of(&input, None).expect("valid");
        assert_eq!(asks.len(), 2);
        assert_eq!(
            (asks[0].section, asks[0].message.as_str()),
            (SectionKey::Ownership, "List every owner above 25 %.")
        );
        assert_eq!(
            (asks[1].section, asks[1].document_kind, asks[1].message.as_str()),
            (SectionKey::Documents, Some(DocumentKind::ProofOfAddress), "Please upload a recent one.")
        );
    }

    #[test]
    fn refusals_name_the_item() {
        let twice = NewRemediation {
            items: vec![
                item(Some(SectionKey::Company), None, Some("a")),
                item(Some(SectionKey::Company), None, Some("b")),
            ],
            ..NewRemediation::default()
        };
        assert_eq!(field_of(asks_of(&twice, None)).as_deref(), Some("items[1]"));
        let review = NewRemediation {
            items: vec![
                item(Some(SectionKey::Company), None, Some("a")),
                item(Some(SectionKey::Review), None, Some("b")),
            ],
            ..NewRemediation::default()
        };
        assert_eq!(field_of(asks_of(&review, None)).as_deref(), Some("items[1].section"));
        let silent =
            NewRemediation { items: vec![item(Some(SectionKey::Company), None, None)], ..NewRemediation::default() };
        assert_eq!(field_of(asks_of(&silent, None)).as_deref(), Some("items[0].message"));
        let both =
            NewRemediation { items: silent.items.clone(), ..NewRemediation::one(Some(SectionKey::Company), None, "x") };
        assert_eq!(field_of(asks_of(&both, None)).as_deref(), Some("items"));
        let many = NewRemediation {
            items: (0..=MAX_ITEMS).map(|_| item(Some(SectionKey::Company), None, Some("a"))).collect(),
            ..NewRemediation::default()
        };
        assert_eq!(field_of(asks_of(&many, None)).as_deref(), Some("items"));
        assert_eq!(field_of(asks_of(&NewRemediation::default(), None)).as_deref(), Some("section"));
        let misplaced = NewRemediation::one(Some(SectionKey::Company), Some(DocumentKind::ProofOfAddress), "x");
        assert_eq!(field_of(asks_of(&misplaced, None)).as_deref(), Some("section"));
    }

    #[test]
    fn the_first_form_still_works() {
        let asks = asks_of(&NewRemediation::one(None, Some(DocumentKind::OwnershipDocument), "Again, please."), None)
            .expect("valid");
        assert_eq!(
            asks,
            [Ask {
                section: SectionKey::Documents,
                document_kind: Some(DocumentKind::OwnershipDocument),
                message: "Again, please.".into()
            }]
        );
        assert!(asks_of(&NewRemediation::one(Some(SectionKey::Company), None, "  "), None).is_err());
    }

    #[test]
    fn a_template_gives_its_items_and_message_unless_the_request_has_its_own() {
        let template = NewRemediationTemplate {
            name: "  Ownership pack ".into(),
            items: vec![
                item(Some(SectionKey::Ownership), None, None),
                item(None, Some(DocumentKind::OwnershipDocument), Some(" Upload the register. ")),
            ],
            message: Some("Tell us who owns the company.".into()),
        }
        .checked()
        .expect("valid");
        assert_eq!(template.name, "Ownership pack");
        assert_eq!(template.items[1].section, Some(SectionKey::Documents));
        assert_eq!(template.items[1].message.as_deref(), Some("Upload the register."));
        let stored = RemediationTemplate {
            id: TemplateId::new(Timestamp::from_millis(1)),
            name: template.name,
            items: template.items,
            message: template.message,
            created_at: Timestamp::from_millis(1),
            updated_at: Timestamp::from_millis(1),
            updated_by: "Ada".into(),
        };
        let from_template = NewRemediation { template_id: Some(stored.id), ..NewRemediation::default() };
        let asks = asks_of(&from_template, Some(&stored)).expect("valid");
        assert_eq!(asks[0].message, "Tell us who owns the company.");
        assert_eq!(asks[1].message, "Upload the register.");
        let own = NewRemediation { message: Some("Our words.".into()), ..from_template };
        assert_eq!(asks_of(&own, Some(&stored)).expect("valid")[0].message, "Our words.");
        let empty = NewRemediationTemplate { name: "x".into(), items: vec![], message: None };
        assert!(empty.checked().is_err());
    }
}
