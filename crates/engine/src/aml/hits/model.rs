//! The shapes of hit resolution: the party a screening was for, a reviewer's disposition of a
//! potential match with its fixed reasons, and the fingerprint of a list entry that tells when
//! the entry changed (a disposition applies to the entry as it was when it was made).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::aml::model::{Entity, EntityId, SearchId};
use crate::applicants::ApplicantId;
use crate::console::ReviewerId;
use crate::id::typed_id;
use crate::organizations::ApiKeyId;
use crate::time::Timestamp;
use crate::values::CountryCode;

typed_id!(
    /// A disposition of a hit.
    DispositionId,
    "disposition"
);

/// Who a screening screened: an applicant, or a company or person of a KYB case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PartyKind {
    Applicant,
    CaseCompany,
    CasePerson,
}

/// The party a screening was for, with its own data: what each hit is compared with, and the
/// key its dispositions are remembered under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScreenedParty {
    pub kind: PartyKind,
    /// `applicant:<id>`, or `case:<id>:company` / `case:<id>:person:<n>`: the same for every
    /// screening of the party, so a disposition outlives re-screening.
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applicant_id: Option<ApplicantId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub case_id: Option<uuid::Uuid>,
    /// The case's public id (`KYB-…`), for "for case …".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case_public_id: Option<String>,
    pub name: String,
    /// `1987-12-24`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_of_birth: Option<String>,
    #[serde(default)]
    pub nationalities: Vec<CountryCode>,
    /// Residence, or a company's country of registration.
    #[serde(default)]
    pub countries: Vec<CountryCode>,
}

impl ScreenedParty {
    /// The key of an applicant's screenings.
    pub fn applicant_key(id: ApplicantId) -> String {
        format!("applicant:{id}")
    }

    /// The key of a KYB case's company (`company`) or person (`person:<n>`).
    pub fn case_key(case: uuid::Uuid, party: &str) -> String {
        format!("case:{}:{party}", case.hyphenated())
    }
}

/// What a reviewer decided about a potential match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DispositionKind {
    /// The listed entity is the screened party.
    TrueMatch,
    /// It is not: remembered for the party until the list entry changes.
    FalsePositive,
    /// Cannot tell yet: the hit stays open.
    NeedsMoreInformation,
}

impl DispositionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DispositionKind::TrueMatch => "true_match",
            DispositionKind::FalsePositive => "false_positive",
            DispositionKind::NeedsMoreInformation => "needs_more_information",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [DispositionKind::TrueMatch, DispositionKind::FalsePositive, DispositionKind::NeedsMoreInformation]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// Whether the hit is resolved (a true match or a false positive); "needs more information"
    /// leaves it open.
    pub fn resolves(self) -> bool {
        !matches!(self, DispositionKind::NeedsMoreInformation)
    }
}

/// Why: the fixed list a disposition's reason comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DispositionReason {
    /// True match: name, date of birth and nationality agree.
    DetailsMatch,
    /// True match: an identifier (passport, registration number) is the same.
    IdentifierMatches,
    /// False positive: the dates of birth differ.
    DateOfBirthDiffers,
    /// False positive: the nationalities or countries differ.
    NationalityDiffers,
    /// False positive: a person against an organization, or the reverse.
    EntityTypeDiffers,
    /// False positive: only the name is alike, and other details rule the entity out.
    NameOnly,
    /// Needs more information: the list holds too little to compare.
    InsufficientListData,
    /// Needs more information: a document from the party is awaited.
    AwaitingDocuments,
    /// Any disposition; the note says why.
    Other,
}

impl DispositionReason {
    pub const ALL: [DispositionReason; 9] = [
        DispositionReason::DetailsMatch,
        DispositionReason::IdentifierMatches,
        DispositionReason::DateOfBirthDiffers,
        DispositionReason::NationalityDiffers,
        DispositionReason::EntityTypeDiffers,
        DispositionReason::NameOnly,
        DispositionReason::InsufficientListData,
        DispositionReason::AwaitingDocuments,
        DispositionReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DispositionReason::DetailsMatch => "details_match",
            DispositionReason::IdentifierMatches => "identifier_matches",
            DispositionReason::DateOfBirthDiffers => "date_of_birth_differs",
            DispositionReason::NationalityDiffers => "nationality_differs",
            DispositionReason::EntityTypeDiffers => "entity_type_differs",
            DispositionReason::NameOnly => "name_only",
            DispositionReason::InsufficientListData => "insufficient_list_data",
            DispositionReason::AwaitingDocuments => "awaiting_documents",
            DispositionReason::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        DispositionReason::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// The disposition this reason explains (`Other` explains any).
    pub fn fits(self, kind: DispositionKind) -> bool {
        use DispositionReason::*;
        match self {
            DetailsMatch | IdentifierMatches => kind == DispositionKind::TrueMatch,
            DateOfBirthDiffers | NationalityDiffers | EntityTypeDiffers | NameOnly => {
                kind == DispositionKind::FalsePositive
            }
            InsufficientListData | AwaitingDocuments => kind == DispositionKind::NeedsMoreInformation,
            Other => true,
        }
    }
}

/// `POST /_docket/aml/screenings/{search_uuid}/hits/{entity_uuid}/disposition`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewDisposition {
    pub disposition: DispositionKind,
    pub reason: DispositionReason,
    /// What the reviewer compared (up to 2000 characters; required with the reason `other`).
    #[serde(default)]
    pub note: String,
}

/// A disposition of a hit, as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Disposition {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Uuid))]
    pub id: DispositionId,
    pub disposition: DispositionKind,
    pub reason: DispositionReason,
    pub note: String,
    /// Who decided: a reviewer's name, or `API key <id>`.
    pub by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub reviewer_id: Option<ReviewerId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub api_key_id: Option<ApiKeyId>,
    pub at: Timestamp,
    /// The fingerprint of the list entry as it was decided on.
    pub entity_version: String,
    /// The screening the reviewer looked at.
    pub search_id: SearchId,
    /// When a later disposition replaced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_at: Option<Timestamp>,
}

/// The dispositions of one party on one entity, newest first, and what stands for a version of
/// the entry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DispositionHistory(pub Vec<Disposition>);

impl DispositionHistory {
    /// The disposition in force for the entry as `version` describes it: the newest one, if it
    /// was made on that version (a changed entry is potential again).
    pub fn standing(&self, version: &str) -> Option<&Disposition> {
        self.0.first().filter(|d| d.replaced_at.is_none() && d.entity_version == version)
    }

    /// Whether the entry, as `version` describes it, is a remembered false positive.
    pub fn remembered_false_positive(&self, version: &str) -> bool {
        self.standing(version).is_some_and(|d| d.disposition == DispositionKind::FalsePositive)
    }
}

/// What a list says of an entity, as a short fingerprint: equal while the entry is unchanged.
/// Left out: when it was imported (`updated_at` is stamped at import for lists without it), the
/// scores derived from the rest, and the FATF records added when served.
pub fn fingerprint(entity: &Entity) -> String {
    let mut fields = entity.fields.clone();
    fields.fatf_records.clear();
    let said = (entity.entity_type, &entity.tags, entity.risk_score, &entity.annotation, &fields);
    // Serialising these plain types cannot fail; an empty digest would only make every entry
    // look changed, never unchanged.
    let bytes = serde_json::to_vec(&said).unwrap_or_default();
    hex::encode(&Sha256::digest(&bytes)[..12])
}

/// A hit's identity in a disposition: the entity and its fingerprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedEntry {
    pub entity: EntityId,
    pub version: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aml::model::{EntityFields, EntityName, EntityType};
    use crate::aml::vocabulary::RiskScore;

    fn entity(name: &str) -> Entity {
        Entity {
            uuid: EntityId(uuid::Uuid::nil()),
            entity_type: EntityType::Person,
            annotation: None,
            tags: Vec::new(),
            risk_score: RiskScore::High,
            risk_score_value: 80.0,
            importance_score: 0.5,
            updated_at: 1,
            fields: EntityFields { names: vec![EntityName::new(name)], ..EntityFields::default() },
        }
    }

    fn disposition(kind: DispositionKind, version: &str, replaced: bool) -> Disposition {
        Disposition {
            id: DispositionId(uuid::Uuid::nil()),
            disposition: kind,
            reason: DispositionReason::Other,
            note: String::new(),
            by: "Ada".into(),
            reviewer_id: None,
            api_key_id: None,
            at: Timestamp::from_millis(0),
            entity_version: version.into(),
            search_id: SearchId(uuid::Uuid::nil()),
            replaced_at: replaced.then(|| Timestamp::from_millis(1)),
        }
    }

    #[test]
    fn the_fingerprint_follows_what_the_list_says_not_when_it_was_imported() {
        let a = entity("Ivan Petrov");
        let mut reimported = a.clone();
        reimported.updated_at = 999;
        reimported.fields.fatf_records.push(crate::aml::model::FatfRecord {
            fatf_status: crate::aml::model::FatfStatus::FatfMember,
            url: String::new(),
            description: String::new(),
            country: CountryCode::parse("DE").expect("a country"),
        });
        assert_eq!(fingerprint(&a), fingerprint(&reimported));
        let mut changed = a.clone();
        changed.fields.dates_of_birth.extend(crate::aml::model::DateRange::year(1970));
        assert_ne!(fingerprint(&a), fingerprint(&changed));
        assert_eq!(fingerprint(&a).len(), 24);
    }

    #[test]
    fn a_disposition_stands_for_the_version_it_was_made_on_only() {
        let history = DispositionHistory(vec![
            disposition(DispositionKind::FalsePositive, "v1", false),
            disposition(DispositionKind::TrueMatch, "v1", true),
        ]);
        assert!(history.remembered_false_positive("v1"));
        assert!(!history.remembered_false_positive("v2"), "a changed entry is potential again");
        assert!(history.standing("v2").is_none());
        let changed_mind = DispositionHistory(vec![disposition(DispositionKind::TrueMatch, "v1", false)]);
        assert!(!changed_mind.remembered_false_positive("v1"));
        assert!(DispositionHistory::default().standing("v1").is_none());
    }

    #[test]
    fn reasons_fit_their_dispositions() {
        assert!(DispositionReason::DateOfBirthDiffers.fits(DispositionKind::FalsePositive));
        assert!(!DispositionReason::DateOfBirthDiffers.fits(DispositionKind::TrueMatch));
        assert!(DispositionReason::IdentifierMatches.fits(DispositionKind::TrueMatch));
        assert!(DispositionReason::AwaitingDocuments.fits(DispositionKind::NeedsMoreInformation));
        for kind in [DispositionKind::TrueMatch, DispositionKind::FalsePositive, DispositionKind::NeedsMoreInformation]
        {
            assert!(DispositionReason::Other.fits(kind));
            assert_eq!(DispositionKind::parse(kind.as_str()), Some(kind));
        }
        for r in DispositionReason::ALL {
            assert_eq!(DispositionReason::parse(r.as_str()), Some(r));
        }
    }
}
