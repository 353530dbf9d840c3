//! Words of the screening domain as the public service spells them.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, Result};
use crate::values::shorten;

/// How risky a watchlist hit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RiskScore {
    Low,
    Medium,
    High,
}

impl RiskScore {
    pub fn as_str(self) -> &'static str {
        match self {
            RiskScore::Low => "Low",
            RiskScore::Medium => "Medium",
            RiskScore::High => "High",
        }
    }

    pub(crate) fn from_stored(s: &str) -> Option<Self> {
        match s {
            "Low" => Some(RiskScore::Low),
            "Medium" => Some(RiskScore::Medium),
            "High" => Some(RiskScore::High),
            _ => None,
        }
    }
}

/// Declares a closed set of names that parses with a message listing every accepted value.
macro_rules! closed_set {
    ($(#[$meta:meta])* $name:ident, $what:literal, [$($variant:ident),+ $(,)?]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),+ }
            }

            pub fn parse(s: &str) -> Result<Self> {
                match s {
                    $(stringify!($variant) => Ok($name::$variant),)+
                    _ => Err(Error::invalid_request(format!(
                        concat!("`{}` is not a known ", $what, " (expected one of {})"),
                        shorten(s, 40),
                        [$(stringify!($variant)),+].join(", ")
                    ))),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                $name::parse(&s).map_err(|e| serde::de::Error::custom(e.to_string()))
            }
        }
    };
}

closed_set!(
    /// The category labels of watchlist entities.
    Tag,
    "tag",
    [
        Finance,
        Legal,
        Terrorism,
        Criminal,
        PEP,
        Media,
        Social,
        Sanctions,
        UnofficialSource,
        Leaks,
        CompanyRegistry,
        Associate,
        Debarred,
        PublicInterest,
        RegulatoryWarning,
    ]
);

/// A watchlist source id such as `US_OFAC_SDN` or `UN_SCC`: upper-case letters, digits and `_`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = String, example = "US_OFAC_SDN"))]
pub struct SourceId(String);

impl SourceId {
    pub fn parse(s: &str) -> Result<Self> {
        let ok = (2..=64).contains(&s.len())
            && s.starts_with(|c: char| c.is_ascii_uppercase())
            && s.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if ok {
            Ok(SourceId(s.to_owned()))
        } else {
            Err(Error::invalid_request(format!(
                "`{}` is not a source id (upper-case letters, digits and _, such as US_OFAC_SDN)",
                shorten(s, 40)
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for SourceId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        SourceId::parse(&s).map_err(|e| serde::de::Error::custom(e.to_string()))
    }
}

/// Which request names a search matches on. Sent as an integer (0, 1, 2) or as its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NameMode {
    /// First and last name when both are given (the full name refines), else the full name.
    #[default]
    Auto,
    /// The full name only; first and last names are ignored.
    FullNameOnly,
    /// First and last names only; the full name is ignored.
    FirstAndLastNamesOnly,
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for NameMode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::Integer)
            .enum_values(Some([0, 1, 2]))
            .description(Some(
                "0 AUTO (first and last names when both are given, else the full name), 1 FULL_NAME_ONLY, \
                 2 FIRST_AND_LAST_NAMES_ONLY. The names are accepted too.",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for NameMode {}

impl NameMode {
    pub fn code(self) -> u8 {
        match self {
            NameMode::Auto => 0,
            NameMode::FullNameOnly => 1,
            NameMode::FirstAndLastNamesOnly => 2,
        }
    }
}

impl Serialize for NameMode {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_u8(self.code())
    }
}

impl<'de> Deserialize<'de> for NameMode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Code(i64),
            Name(String),
        }
        let bad =
            || serde::de::Error::custom("mode must be 0 (AUTO), 1 (FULL_NAME_ONLY) or 2 (FIRST_AND_LAST_NAMES_ONLY)");
        match Raw::deserialize(d).map_err(|_| bad())? {
            Raw::Code(0) => Ok(NameMode::Auto),
            Raw::Code(1) => Ok(NameMode::FullNameOnly),
            Raw::Code(2) => Ok(NameMode::FirstAndLastNamesOnly),
            Raw::Name(n) => match n.to_ascii_uppercase().as_str() {
                "AUTO" => Ok(NameMode::Auto),
                "FULL_NAME_ONLY" => Ok(NameMode::FullNameOnly),
                "FIRST_AND_LAST_NAME_ONLY" | "FIRST_AND_LAST_NAMES_ONLY" => Ok(NameMode::FirstAndLastNamesOnly),
                _ => Err(bad()),
            },
            Raw::Code(_) => Err(bad()),
        }
    }
}

/// A fuzziness level between 0 (exact) and 1 (broad).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = f64, minimum = 0, maximum = 1, example = 1))]
pub struct FuzzinessLevel(f64);

impl FuzzinessLevel {
    pub fn value(self) -> f64 {
        self.0
    }
}

impl Default for FuzzinessLevel {
    fn default() -> Self {
        FuzzinessLevel(1.0)
    }
}

impl Serialize for FuzzinessLevel {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        // Whole values print as integers (`1`, not `1.0`), as the public examples show them.
        if self.0.fract() == 0.0 { s.serialize_u8(self.0 as u8) } else { s.serialize_f64(self.0) }
    }
}

impl<'de> Deserialize<'de> for FuzzinessLevel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        if (0.0..=1.0).contains(&v) {
            Ok(FuzzinessLevel(v))
        } else {
            Err(serde::de::Error::custom("fuzziness_level must be between 0 and 1"))
        }
    }
}

/// How an applicant is screened: filters and name-matching options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchOptions {
    /// Only hits with these risk scores count; empty means all.
    pub risk_scores: Vec<RiskScore>,
    /// Only entities with one of these tags count; empty means all.
    pub tags: Vec<Tag>,
    /// Only entities from these sources count; empty means all.
    pub sources: Vec<SourceId>,
    /// Whether approximate name matches are allowed (default true).
    pub fuzziness: bool,
    /// 0 means exact, 1 means broad (default 1).
    pub fuzziness_level: FuzzinessLevel,
    /// Whether names that sound alike match (default true).
    pub phonetics: bool,
    /// 0 AUTO, 1 FULL_NAME_ONLY, 2 FIRST_AND_LAST_NAMES_ONLY (default 0).
    pub mode: NameMode,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            risk_scores: Vec::new(),
            tags: Vec::new(),
            sources: Vec::new(),
            fuzziness: true,
            fuzziness_level: FuzzinessLevel::default(),
            phonetics: true,
            mode: NameMode::Auto,
        }
    }
}

/// Search options as sent: every field optional; what is left out keeps its current value.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchOptionsInput {
    pub risk_scores: Option<Vec<RiskScore>>,
    pub tags: Option<Vec<Tag>>,
    pub sources: Option<Vec<SourceId>>,
    pub fuzziness: Option<bool>,
    pub fuzziness_level: Option<FuzzinessLevel>,
    pub phonetics: Option<bool>,
    pub mode: Option<NameMode>,
}

impl SearchOptions {
    /// Applies the fields that were sent, removing duplicates from the lists.
    pub fn apply(&mut self, input: SearchOptionsInput) -> Result<()> {
        fn dedup<T: Ord>(mut v: Vec<T>) -> Vec<T> {
            v.sort();
            v.dedup();
            v
        }
        if let Some(v) = input.risk_scores {
            self.risk_scores = dedup(v);
        }
        if let Some(v) = input.tags {
            self.tags = dedup(v);
        }
        if let Some(v) = input.sources {
            if v.len() > 200 {
                return Err(Error::invalid("sources", "at most 200 sources"));
            }
            self.sources = dedup(v);
        }
        if let Some(v) = input.fuzziness {
            self.fuzziness = v;
        }
        if let Some(v) = input.fuzziness_level {
            self.fuzziness_level = v;
        }
        if let Some(v) = input.phonetics {
            self.phonetics = v;
        }
        if let Some(v) = input.mode {
            self.mode = v;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_accepts_codes_and_names() {
        let m: NameMode = serde_json::from_str("2").expect("code");
        assert_eq!(m, NameMode::FirstAndLastNamesOnly);
        let m: NameMode = serde_json::from_str("\"full_name_only\"").expect("name");
        assert_eq!(m, NameMode::FullNameOnly);
        assert!(serde_json::from_str::<NameMode>("3").is_err());
        assert_eq!(serde_json::to_string(&NameMode::FullNameOnly).ok().as_deref(), Some("1"));
    }

    #[test]
    fn tags_list_the_accepted_values() {
        let err = serde_json::from_str::<Tag>("\"Fraud\"").expect_err("unknown tag");
        assert!(err.to_string().contains("RegulatoryWarning"), "{err}");
    }

    #[test]
    fn defaults_match_the_public_docs() {
        let json = serde_json::to_value(SearchOptions::default()).expect("serialises");
        assert_eq!(
            json,
            serde_json::json!({"risk_scores": [], "tags": [], "sources": [], "fuzziness": true,
                               "fuzziness_level": 1, "phonetics": true, "mode": 0})
        );
    }
}
