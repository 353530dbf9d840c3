//! Document types as the official clients name them, which check each one serves, and which
//! documents a check still waits for.

use serde::{Deserialize, Serialize};

/// A document's type (the Python client's `DocumentType`; sides are part of the name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DocumentType {
    Passport,
    Visa,
    IdCard,
    IdCardFront,
    IdCardBack,
    LivenessPhoto,
    LivenessPhotoExtra,
    ResidencePermit,
    ResidencePermitFront,
    ResidencePermitBack,
    Selfie,
    DriverLicense,
    DriverLicenseFront,
    DriverLicenseBack,
    Poa,
    PoaUtilityBill,
    PoaResidenceRegistration,
    PoaBankStatement,
}

/// Which side of a two-sided document a file shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Side {
    Front,
    Back,
}

/// What a document is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Proof of identity: an identity document.
    Poi,
    /// A picture of the person's face (selfie, liveness photo).
    Face,
    /// Proof of address.
    Poa,
}

impl DocumentType {
    pub const ALL: [DocumentType; 18] = [
        DocumentType::Passport,
        DocumentType::Visa,
        DocumentType::IdCard,
        DocumentType::IdCardFront,
        DocumentType::IdCardBack,
        DocumentType::LivenessPhoto,
        DocumentType::LivenessPhotoExtra,
        DocumentType::ResidencePermit,
        DocumentType::ResidencePermitFront,
        DocumentType::ResidencePermitBack,
        DocumentType::Selfie,
        DocumentType::DriverLicense,
        DocumentType::DriverLicenseFront,
        DocumentType::DriverLicenseBack,
        DocumentType::Poa,
        DocumentType::PoaUtilityBill,
        DocumentType::PoaResidenceRegistration,
        DocumentType::PoaBankStatement,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DocumentType::Passport => "passport",
            DocumentType::Visa => "visa",
            DocumentType::IdCard => "id_card",
            DocumentType::IdCardFront => "id_card_front",
            DocumentType::IdCardBack => "id_card_back",
            DocumentType::LivenessPhoto => "liveness_photo",
            DocumentType::LivenessPhotoExtra => "liveness_photo_extra",
            DocumentType::ResidencePermit => "residence_permit",
            DocumentType::ResidencePermitFront => "residence_permit_front",
            DocumentType::ResidencePermitBack => "residence_permit_back",
            DocumentType::Selfie => "selfie",
            DocumentType::DriverLicense => "driver_license",
            DocumentType::DriverLicenseFront => "driver_license_front",
            DocumentType::DriverLicenseBack => "driver_license_back",
            DocumentType::Poa => "poa",
            DocumentType::PoaUtilityBill => "poa_utility_bill",
            DocumentType::PoaResidenceRegistration => "poa_residence_registration",
            DocumentType::PoaBankStatement => "poa_bank_statement",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == s)
    }

    /// The type without its side (`id_card_front` is an `id_card`).
    pub fn base(self) -> DocumentType {
        use DocumentType as D;
        match self {
            D::IdCardFront | D::IdCardBack => D::IdCard,
            D::ResidencePermitFront | D::ResidencePermitBack => D::ResidencePermit,
            D::DriverLicenseFront | D::DriverLicenseBack => D::DriverLicense,
            D::LivenessPhotoExtra => D::LivenessPhoto,
            other => other,
        }
    }

    /// The side its name carries, if any.
    pub fn side(self) -> Option<Side> {
        use DocumentType as D;
        match self {
            D::IdCardFront | D::ResidencePermitFront | D::DriverLicenseFront => Some(Side::Front),
            D::IdCardBack | D::ResidencePermitBack | D::DriverLicenseBack => Some(Side::Back),
            _ => None,
        }
    }

    /// Whether the document has two sides, each uploaded on its own.
    pub fn is_two_sided(self) -> bool {
        matches!(self.base(), DocumentType::IdCard | DocumentType::ResidencePermit | DocumentType::DriverLicense)
    }

    /// The type naming one side of this (two-sided) document.
    pub fn with_side(self, side: Side) -> DocumentType {
        use DocumentType as D;
        match (self.base(), side) {
            (D::IdCard, Side::Front) => D::IdCardFront,
            (D::IdCard, Side::Back) => D::IdCardBack,
            (D::ResidencePermit, Side::Front) => D::ResidencePermitFront,
            (D::ResidencePermit, Side::Back) => D::ResidencePermitBack,
            (D::DriverLicense, Side::Front) => D::DriverLicenseFront,
            (D::DriverLicense, Side::Back) => D::DriverLicenseBack,
            (other, _) => other,
        }
    }

    pub fn purpose(self) -> Purpose {
        use DocumentType as D;
        match self.base() {
            D::Selfie | D::LivenessPhoto => Purpose::Face,
            D::Poa | D::PoaUtilityBill | D::PoaResidenceRegistration | D::PoaBankStatement => Purpose::Poa,
            _ => Purpose::Poi,
        }
    }

    /// Whether an identity document of this type carries a machine-readable zone.
    pub fn has_mrz(self) -> bool {
        matches!(
            self.base(),
            DocumentType::Passport | DocumentType::Visa | DocumentType::IdCard | DocumentType::ResidencePermit
        )
    }

    /// A readable name for pages and messages.
    pub fn title(self) -> &'static str {
        use DocumentType as D;
        match self {
            D::Passport => "Passport",
            D::Visa => "Visa",
            D::IdCard => "Identity card",
            D::IdCardFront => "Identity card (front)",
            D::IdCardBack => "Identity card (back)",
            D::LivenessPhoto | D::LivenessPhotoExtra => "Liveness photo",
            D::ResidencePermit => "Residence permit",
            D::ResidencePermitFront => "Residence permit (front)",
            D::ResidencePermitBack => "Residence permit (back)",
            D::Selfie => "Selfie",
            D::DriverLicense => "Driving licence",
            D::DriverLicenseFront => "Driving licence (front)",
            D::DriverLicenseBack => "Driving licence (back)",
            D::Poa => "Proof of address",
            D::PoaUtilityBill => "Utility bill",
            D::PoaResidenceRegistration => "Residence registration",
            D::PoaBankStatement => "Bank statement",
        }
    }
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "front" => Some(Side::Front),
            "back" => Some(Side::Back),
            _ => None,
        }
    }
}

/// What satisfies one purpose, given the documents in: `None` when something allowed is
/// complete, else the documents still wanted (every allowed choice, so a person may pick).
///
/// A two-sided document needs its front and its back; a file of a two-sided type sent without
/// a side counts as its front.
pub fn still_wanted(allowed: &[DocumentType], have: &[DocumentType]) -> Option<Vec<DocumentType>> {
    let has = |t: DocumentType| have.contains(&t);
    let mut wanted = Vec::new();
    for &choice in allowed {
        let choice = choice.base();
        if choice.is_two_sided() {
            let front = has(choice.with_side(Side::Front)) || has(choice);
            let back = has(choice.with_side(Side::Back));
            match (front, back) {
                (true, true) => return None,
                (true, false) => return Some(vec![choice.with_side(Side::Back)]),
                (false, true) => return Some(vec![choice.with_side(Side::Front)]),
                (false, false) => wanted.push(choice),
            }
        } else if have.iter().any(|h| h.base() == choice) {
            return None;
        } else {
            wanted.push(choice);
        }
    }
    wanted.dedup();
    Some(wanted)
}

#[cfg(test)]
mod tests {
    use super::DocumentType as D;
    use super::*;

    #[test]
    fn names_round_trip_and_sides_split() {
        for d in D::ALL {
            assert_eq!(D::parse(d.as_str()), Some(d));
            assert_eq!(serde_json::to_value(d).expect("serializes"), serde_json::json!(d.as_str()));
            if let Some(side) = d.side() {
                assert_eq!(d.base().with_side(side), d);
            }
        }
        assert_eq!(D::IdCardBack.base(), D::IdCard);
        assert_eq!(D::Passport.with_side(Side::Back), D::Passport);
    }

    #[test]
    fn a_passport_or_both_sides_of_a_card_prove_identity() {
        let allowed = [D::Passport, D::IdCard];
        assert_eq!(still_wanted(&allowed, &[]), Some(vec![D::Passport, D::IdCard]));
        assert_eq!(still_wanted(&allowed, &[D::Passport]), None);
        assert_eq!(still_wanted(&allowed, &[D::IdCardFront]), Some(vec![D::IdCardBack]));
        assert_eq!(still_wanted(&allowed, &[D::IdCard]), Some(vec![D::IdCardBack]));
        assert_eq!(still_wanted(&allowed, &[D::IdCardBack]), Some(vec![D::IdCardFront]));
        assert_eq!(still_wanted(&allowed, &[D::IdCardFront, D::IdCardBack]), None);
        // A document of a type not allowed does not count.
        assert_eq!(
            still_wanted(&[D::Passport], &[D::DriverLicenseFront, D::DriverLicenseBack]),
            Some(vec![D::Passport])
        );
    }

    #[test]
    fn purposes() {
        assert_eq!(D::LivenessPhotoExtra.purpose(), Purpose::Face);
        assert_eq!(D::PoaBankStatement.purpose(), Purpose::Poa);
        assert_eq!(D::DriverLicenseBack.purpose(), Purpose::Poi);
        assert!(D::Passport.has_mrz() && !D::DriverLicense.has_mrz());
    }
}
