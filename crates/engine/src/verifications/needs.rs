//! What a verification still needs from the person: one description, computed here from the
//! settings and the documents in, that the hosted page draws and that proceeding checks, so the
//! page cannot take a step for done while the server still waits for it.
//!
//! Each requirement is what one or more checks read (`identity` for `document_mrz` and
//! `document_ocr`, `face` for `face_comparison`, `liveness`, `address` for `poa`), with the
//! document types that satisfy it and, for each, the uploads it takes (both sides of a card).
//! Its `pending_documents` are [`Settings::pending_for`]'s, the list the checks and proceeding use.

use serde::Serialize;

use super::document::{DocumentType, Side};
use super::model::{DocumentId, DocumentRef};
use super::profile::{CheckStep, Settings};

/// What one requirement is, in the person's words (the page's `verify.need.<kind>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum NeedKind {
    /// An identity document.
    Identity,
    /// A picture of the face to compare with the document.
    Face,
    /// A liveness photo: a picture of the face taken now.
    Liveness,
    /// A proof of address.
    Address,
}

impl NeedKind {
    fn of(step: CheckStep) -> NeedKind {
        match step {
            CheckStep::DocumentMrz | CheckStep::DocumentOcr => NeedKind::Identity,
            CheckStep::FaceComparison => NeedKind::Face,
            CheckStep::Liveness => NeedKind::Liveness,
            CheckStep::Poa => NeedKind::Address,
        }
    }
}

/// One file a document takes: the document itself, or one side of a two-sided one.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NeededUpload {
    /// The type to upload it as (`id_card_back`; `passport`).
    pub document_type: DocumentType,
    pub side: Option<Side>,
    /// The latest document uploaded for it, if any.
    pub document_id: Option<DocumentId>,
    /// That document's file name as sent.
    pub file_name: Option<String>,
}

/// A document type that satisfies a requirement, and the files it takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NeedChoice {
    /// The type without side (`id_card`).
    pub document_type: DocumentType,
    /// One upload, or front and back.
    pub uploads: Vec<NeededUpload>,
}

/// One thing the person must send.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Need {
    pub kind: NeedKind,
    /// The checks that read it.
    pub checks: Vec<CheckStep>,
    /// Whether what is in satisfies it.
    pub done: bool,
    /// The choice the person has started or completed (a document of it is in), if any.
    pub chosen: Option<DocumentType>,
    /// The documents it may be satisfied with, in the profile's order.
    pub choices: Vec<NeedChoice>,
    /// What is still wanted (the checks' `pending_documents`): every choice while nothing is
    /// in, the missing side once one side of a card is in, nothing when done.
    pub pending_documents: Vec<DocumentType>,
    /// Another requirement whose document satisfies this one too, while this one is open: the
    /// face, when a liveness photo is both allowed for it and required. A page asks for that one
    /// document instead of two.
    pub covered_by: Option<NeedKind>,
}

/// What a verification still needs (`still_needed` of `GET /api/v3/sdk/{short_id}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StillNeeded {
    /// Nothing is missing: proceeding is accepted.
    pub complete: bool,
    /// Required fields without a value: `full_name`, ..., `custom_fields.<label>`.
    pub fields: Vec<String>,
    /// One entry per requirement, done or not, in the page's order.
    pub documents: Vec<Need>,
}

impl StillNeeded {
    /// The description for `settings` with `documents` in and `missing_fields` not filled.
    pub fn of(settings: &Settings, documents: &[DocumentRef], missing_fields: Vec<String>) -> StillNeeded {
        let have: Vec<DocumentType> = documents.iter().map(|d| d.document_type).collect();
        let mut needs: Vec<Need> = Vec::new();
        for step in settings.steps() {
            let kind = NeedKind::of(step);
            if let Some(need) = needs.iter_mut().find(|n| n.kind == kind) {
                need.checks.push(step);
                continue;
            }
            let allowed = settings.allowed_for(step);
            let pending = settings.pending_for(step, &have);
            let mut choices: Vec<NeedChoice> = Vec::new();
            for base in allowed.iter().map(|d| d.base()) {
                if choices.iter().any(|c| c.document_type == base) {
                    continue;
                }
                let uploads = if base.is_two_sided() {
                    [Side::Front, Side::Back]
                        .into_iter()
                        .map(|s| upload(base.with_side(s), Some(s), documents))
                        .collect()
                } else {
                    vec![upload(base, None, documents)]
                };
                choices.push(NeedChoice { document_type: base, uploads });
            }
            let done = pending.is_empty();
            // The choice in use: complete when done, else the one whose side is awaited.
            let chosen = choices
                .iter()
                .filter(|c| c.uploads.iter().any(|u| u.document_id.is_some()))
                .find(|c| {
                    let complete = c.uploads.iter().all(|u| u.document_id.is_some());
                    if done { complete } else { c.uploads.iter().any(|u| pending.contains(&u.document_type)) }
                })
                .map(|c| c.document_type);
            needs.push(Need {
                kind,
                checks: vec![step],
                done,
                chosen,
                choices,
                pending_documents: pending,
                covered_by: None,
            });
        }
        let liveness = needs.iter().any(|n| n.kind == NeedKind::Liveness && !n.done);
        for need in needs.iter_mut().filter(|n| n.kind == NeedKind::Face && !n.done) {
            if liveness && need.choices.iter().any(|c| c.document_type == DocumentType::LivenessPhoto) {
                need.covered_by = Some(NeedKind::Liveness);
            }
        }
        let complete = missing_fields.is_empty() && needs.iter().all(|n| n.done);
        StillNeeded { complete, fields: missing_fields, documents: needs }
    }

    /// Every document still wanted, once each (what a refused proceed names).
    pub fn pending_documents(&self) -> Vec<DocumentType> {
        let mut all: Vec<DocumentType> = self.documents.iter().flat_map(|n| n.pending_documents.clone()).collect();
        all.sort();
        all.dedup();
        all
    }

    /// Puts each uploaded document's file name beside it.
    pub(crate) fn name_files(&mut self, name: impl Fn(DocumentId) -> Option<String>) {
        for need in &mut self.documents {
            for upload in need.choices.iter_mut().flat_map(|c| c.uploads.iter_mut()) {
                upload.file_name = upload.document_id.and_then(&name);
            }
        }
    }
}

/// The upload of `document_type` and the latest document in for it. A two-sided type sent
/// without a side counts as its front, and a single-sided one by its base type
/// (`liveness_photo_extra` is a liveness photo), as in [`super::document::still_wanted`].
fn upload(document_type: DocumentType, side: Option<Side>, documents: &[DocumentRef]) -> NeededUpload {
    let fits = |d: &&DocumentRef| match side {
        Some(Side::Front) => d.document_type == document_type || d.document_type == document_type.base(),
        Some(Side::Back) => d.document_type == document_type,
        None => d.document_type.base() == document_type,
    };
    NeededUpload {
        document_type,
        side,
        document_id: documents.iter().rev().find(fits).map(|d| d.document_id),
        file_name: None,
    }
}

#[cfg(test)]
mod tests {
    use super::DocumentType as D;
    use super::*;
    use serde_json::{Value, json};

    fn docs(types: &[D]) -> Vec<DocumentRef> {
        types
            .iter()
            .enumerate()
            .map(|(i, t)| DocumentRef {
                document_id: DocumentId(uuid::Uuid::from_u128(i as u128 + 1)),
                document_type: *t,
                content_type: "image/jpeg".to_owned(),
            })
            .collect()
    }

    fn settings(value: Value) -> Settings {
        Settings::from_value(Some(value)).expect("settings")
    }

    #[test]
    fn an_identity_card_wants_its_back_after_its_front_and_the_choice_stays() {
        let s = Settings::default();
        let none = StillNeeded::of(&s, &[], Vec::new());
        assert!(!none.complete);
        let identity = &none.documents[0];
        assert_eq!(identity.kind, NeedKind::Identity);
        assert_eq!(identity.checks, vec![CheckStep::DocumentMrz, CheckStep::DocumentOcr]);
        assert_eq!(identity.chosen, None);
        let card = identity.choices.iter().find(|c| c.document_type == D::IdCard).expect("id card");
        assert_eq!(
            card.uploads.iter().map(|u| u.document_type).collect::<Vec<_>>(),
            vec![D::IdCardFront, D::IdCardBack]
        );

        let front = StillNeeded::of(&s, &docs(&[D::IdCardFront]), Vec::new());
        assert_eq!(front.documents[0].chosen, Some(D::IdCard));
        assert_eq!(front.documents[0].pending_documents, vec![D::IdCardBack]);
        assert!(!front.documents[0].done);

        let both = StillNeeded::of(&s, &docs(&[D::IdCardFront, D::IdCardBack, D::Selfie]), Vec::new());
        assert!(both.complete, "{both:?}");
        assert_eq!(both.documents[0].chosen, Some(D::IdCard));
        assert!(both.pending_documents().is_empty());
    }

    #[test]
    fn a_selfie_does_not_stand_in_for_the_liveness_photo() {
        let s = settings(json!({"face_comparison_allowed_documents": ["selfie", "liveness_photo"]}));
        let n = StillNeeded::of(&s, &docs(&[D::Passport, D::Selfie]), Vec::new());
        let kinds: Vec<(NeedKind, bool)> = n.documents.iter().map(|d| (d.kind, d.done)).collect();
        assert_eq!(kinds, vec![(NeedKind::Identity, true), (NeedKind::Face, true), (NeedKind::Liveness, false)]);
        assert_eq!(n.pending_documents(), vec![D::LivenessPhoto]);
        assert!(!n.complete);
        // Before anything is in, one liveness photo will do for both.
        let n = StillNeeded::of(&s, &[], Vec::new());
        assert_eq!(n.documents[1].covered_by, Some(NeedKind::Liveness));
        let selfie_only = StillNeeded::of(&Settings::default(), &[], Vec::new());
        assert_eq!(selfie_only.documents[1].covered_by, None);
        // The liveness photo serves both face checks.
        let n = StillNeeded::of(&s, &docs(&[D::Passport, D::LivenessPhoto]), Vec::new());
        assert!(n.complete, "{n:?}");
    }

    #[test]
    fn missing_fields_keep_it_incomplete_and_file_names_are_put_beside_uploads() {
        let s = Settings::default();
        let mut n = StillNeeded::of(&s, &docs(&[D::Passport, D::Selfie]), vec!["full_name".to_owned()]);
        assert!(!n.complete && n.pending_documents().is_empty());
        n.name_files(|_| Some("pass.jpg".to_owned()));
        let passport = &n.documents[0].choices[0].uploads[0];
        assert_eq!((passport.document_type, passport.file_name.as_deref()), (D::Passport, Some("pass.jpg")));
        assert_eq!(n.documents[0].choices[1].uploads[0].file_name, None, "nothing uploaded, no name");
    }

    #[test]
    fn the_description_agrees_with_the_checks_for_every_document_and_every_face_setting() {
        let faces = [json!(["selfie"]), json!(["liveness_photo"]), json!(["selfie", "liveness_photo"])];
        for face in faces {
            let s = settings(json!({"face_comparison_allowed_documents": face, "poa_required": true}));
            for poi in [D::Passport, D::IdCard, D::DriverLicense, D::ResidencePermit] {
                let mut have: Vec<D> = Vec::new();
                // Upload what the description asks for, one file at a time, until complete.
                for _ in 0..10 {
                    let n = StillNeeded::of(&s, &docs(&have), Vec::new());
                    let pending: Vec<D> = s
                        .steps()
                        .into_iter()
                        .flat_map(|step| s.pending_for(step, &have))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect();
                    assert_eq!(n.pending_documents(), pending, "{poi:?} with {have:?}");
                    assert_eq!(n.complete, pending.is_empty());
                    let Some(need) = n.documents.iter().find(|d| !d.done) else { break };
                    let choice = need
                        .choices
                        .iter()
                        .find(|c| Some(c.document_type) == need.chosen)
                        .or_else(|| need.choices.iter().find(|c| c.document_type == poi))
                        .unwrap_or(&need.choices[need.choices.len() - 1]);
                    let next = choice.uploads.iter().find(|u| u.document_id.is_none()).expect("an upload to make");
                    have.push(next.document_type);
                }
                assert!(StillNeeded::of(&s, &docs(&have), Vec::new()).complete, "{poi:?}: {have:?}");
            }
        }
    }
}
