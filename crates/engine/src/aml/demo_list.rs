//! Docket's generated demo list: about 20,000 fictitious but realistic entities, the same on
//! every start (a fixed seed), so that demos and the sandbox screen against something without
//! any download. Only the sandbox sees it.
//!
//! It holds people of many cultures with aliases in their own script and in other spellings,
//! politically exposed persons with their roles, relatives and associates, criminals, debarred
//! parties, people in adverse media, deceased persons, companies with owners and officers,
//! vessels with IMO numbers, aircraft and crypto wallets; and four magic names (see
//! [`MAGIC_NAMES`]) whose outcome is fixed.

use docket_chainaddr::Chain;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::import::entity_id;
use super::model::{
    AdverseMedia, Associate, DateRange, Entity, EntityFields, EntityGender, EntityInfo, EntityName, EntityType,
    ListFormat, Location, Occupation, PoliticalRole, RegistrationId, Snapshot, SnapshotId, SourceData,
};
use super::pools::{COMPANY_TRADES, COMPANY_WORDS, CULTURES, Culture, LEGAL_FORMS};
use super::translit::{respell, to_arabic, to_cyrillic, to_hangul, to_hanzi};
use super::vocabulary::{RiskScore, SourceId, Tag};
use crate::time::Timestamp;
use crate::values::CountryCode;

/// The demo list's key.
pub const LIST: &str = "DOCKET_DEMO";
/// Bumped when the generator changes, so reports can tell versions apart.
const VERSION: &str = "2026.1";
const SEED: u64 = 0x0D0C_4E7D_E310;
/// "Now" for the generator: dates are relative to it, so the list never changes.
const REFERENCE_YEAR: i16 = 2026;

/// The outcome a magic name always gives in the sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MagicOutcome {
    /// One High-risk sanctions hit.
    Sanctions,
    /// One Medium-risk PEP hit.
    Pep,
    /// One Low-risk adverse-media hit.
    Media,
    /// No hits at all, whatever the lists hold.
    Clean,
}

/// Names whose sandbox outcome is fixed: searching one (any case, any order, accents or not)
/// returns exactly its entity, or nothing for the clean name.
pub const MAGIC_NAMES: [(&str, MagicOutcome); 4] = [
    ("Ivan Sanctionov", MagicOutcome::Sanctions),
    ("Petra Politikova", MagicOutcome::Pep),
    ("Marco Medialli", MagicOutcome::Media),
    ("Clara Cleanfield", MagicOutcome::Clean),
];

/// The demo list's snapshot record (it is generated, not stored).
pub fn snapshot(entities: u32, names: u32) -> Snapshot {
    Snapshot {
        id: SnapshotId(uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, format!("{LIST}:{VERSION}").as_bytes())),
        list: LIST.into(),
        format: ListFormat::Demo,
        label: format!("Docket demo list {VERSION} (fictitious)"),
        as_of: Some(format!("{REFERENCE_YEAR}-01-01")),
        imported_at: Timestamp::from_millis(1_767_225_600_000),
        entities,
        names,
        rows_read: entities,
        rows_rejected: 0,
        sha256: String::new(),
        demo: true,
        active: true,
    }
}

struct Gen {
    rng: Xoshiro256PlusPlus,
    next: u32,
    out: Vec<Entity>,
}

fn cc(code: &str) -> CountryCode {
    CountryCode::parse(code).unwrap_or_else(|_| CountryCode::parse("US").expect("a code"))
}

fn source(id: &str, name: &str, risk: RiskScore, tags: &[Tag], reason: Option<String>) -> SourceData {
    SourceData {
        source_id: SourceId::parse(id).unwrap_or_else(|_| SourceId::parse("DOCKET_DEMO").expect("an id")),
        name: format!("Demo – {name}"),
        reason,
        summary: Some("Fictitious record of Docket's demo list".into()),
        source_url: Some("https://docket.invalid/demo-list".into()),
        risk_score: risk,
        tags: tags.to_vec(),
    }
}

#[rustfmt::skip]
const CITIES: &[(&str, &[&str])] = &[
    ("RU", &["Moscow", "Saint Petersburg", "Kazan", "Novosibirsk", "Yekaterinburg"]),
    ("UA", &["Kyiv", "Odesa", "Kharkiv", "Lviv"]), ("AE", &["Dubai", "Abu Dhabi", "Sharjah"]),
    ("IR", &["Tehran", "Isfahan", "Mashhad", "Shiraz", "Tabriz"]),
    ("CN", &["Shanghai", "Beijing", "Shenzhen", "Guangzhou", "Dalian"]),
    ("DE", &["Berlin", "Hamburg", "Munich", "Frankfurt"]), ("GB", &["London", "Manchester", "Birmingham", "Glasgow"]),
    ("US", &["New York", "Miami", "Houston", "Los Angeles", "Chicago"]),
    ("ES", &["Madrid", "Barcelona", "Valencia", "Marbella"]),
    ("MX", &["Mexico City", "Culiacán", "Guadalajara", "Tijuana"]), ("TR", &["Istanbul", "Ankara", "Izmir"]),
    ("NG", &["Lagos", "Abuja", "Port Harcourt"]), ("VE", &["Caracas", "Maracaibo", "Valencia"]),
    ("KP", &["Pyongyang", "Nampo", "Wonsan"]), ("FR", &["Paris", "Marseille", "Lyon", "Nice"]),
];

#[rustfmt::skip]
const ROLES: &[&str] = &[
    "Minister of Finance", "Minister of Defence", "Deputy Prime Minister", "Member of Parliament", "Governor",
    "Mayor", "Ambassador", "Head of the Central Bank", "Supreme Court Judge", "General of the Armed Forces",
    "Head of State", "Minister of Energy", "Deputy Minister of the Interior", "Chairman of a State Enterprise",
];

#[rustfmt::skip]
const OUTLETS: &[&str] =
    &["Global Ledger", "The Daily Compass", "Financial Observer", "Eastern Herald", "Reuters Wire (demo)"];

#[rustfmt::skip]
const HEADLINES: &[(&str, Tag, RiskScore)] = &[
    ("{} under investigation for money laundering", Tag::Finance, RiskScore::Medium),
    ("Prosecutors charge {} in bribery case", Tag::Criminal, RiskScore::Medium),
    ("{} named in offshore leaks", Tag::Leaks, RiskScore::Low),
    ("Court fines {} over tax evasion", Tag::Legal, RiskScore::Low),
    ("{} linked to sanctions-evasion network", Tag::Sanctions, RiskScore::Medium),
    ("Regulator warns investors about {}", Tag::RegulatoryWarning, RiskScore::Low),
];

impl Gen {
    fn id(&mut self) -> super::model::EntityId {
        self.next += 1;
        entity_id(LIST, &self.next.to_string())
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.rng.random_range(0..items.len())]
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn city(&mut self, country: &str) -> Option<String> {
        let cities = CITIES.iter().find(|(c, _)| *c == country)?.1;
        Some(self.pick(cities).to_owned())
    }

    fn date_of_birth(&mut self) -> Option<DateRange> {
        let year = self.rng.random_range(1945..2000);
        if self.chance(0.3) {
            return DateRange::year(year);
        }
        let date = jiff::civil::Date::new(year, self.rng.random_range(1..=12), self.rng.random_range(1..=28)).ok()?;
        DateRange::day(date)
    }

    fn passport(&mut self, country: &str) -> RegistrationId {
        RegistrationId {
            id: format!("{}{:07}", self.pick(&["P", "A", "N", "E"]), self.rng.random_range(0..10_000_000)),
            id_type: Some("Passport".into()),
            date: None,
            industry: None,
            country: Some(cc(country)),
            imo_number: None,
            mmsi_number: None,
            currency: None,
        }
    }

    fn media(&mut self, name: &str, country: &str, count: usize) -> Vec<AdverseMedia> {
        (0..count)
            .map(|_| {
                let (template, tag, risk) = self.pick(HEADLINES);
                let days = self.rng.random_range(30..1800i64);
                AdverseMedia {
                    source_name: self.pick(OUTLETS).to_owned(),
                    source_url: Some(format!("https://news.invalid/{}", self.rng.random_range(100_000..999_999))),
                    headline: Some(template.replace("{}", name)),
                    summary: Some(format!("Fictitious news item about {name} in Docket's demo list.")),
                    published_at: Some(1_767_225_600 - days * 86_400),
                    risk_score: risk,
                    importance_score: f64::from(self.rng.random_range(20..90u8)) / 100.0,
                    sentiment: -f64::from(self.rng.random_range(30..95u8)) / 100.0,
                    tags: vec![Tag::Media, tag],
                    country_codes: vec![cc(country)],
                }
            })
            .collect()
    }

    /// The names of a person of a culture, with aliases in its script and other spellings.
    fn person_names(&mut self, culture: &Culture, female: bool) -> (Vec<EntityName>, String) {
        let given = self.pick(if female { culture.female } else { culture.male });
        let surname = self.pick(culture.surnames);
        let (full, first, middle, last) = match culture.country {
            "RU" | "UA" => {
                let father = self.pick(culture.male);
                let patronymic = format!("{father}{}", if female { "ovna" } else { "ovich" });
                let surname =
                    if female && surname.ends_with("ov") { format!("{surname}a") } else { surname.to_owned() };
                (format!("{given} {patronymic} {surname}"), given.to_owned(), Some(patronymic), surname)
            }
            "ES" | "MX" | "VE" => {
                let second = self.pick(culture.surnames);
                (format!("{given} {surname} {second}"), given.to_owned(), None, format!("{surname} {second}"))
            }
            "AE" | "IR" if self.chance(0.5) => {
                let father = self.pick(culture.male);
                let middle = format!("{} {father}", if culture.country == "AE" { "bin" } else { "ibn" });
                (format!("{given} {middle} {surname}"), given.to_owned(), Some(middle), surname.to_owned())
            }
            "CN" | "KP" => (format!("{surname} {given}"), given.to_owned(), None, surname.to_owned()),
            _ => (format!("{given} {surname}"), given.to_owned(), None, surname.to_owned()),
        };
        let primary = EntityName {
            full_name: full.clone(),
            first_name: Some(first.clone()),
            middle_name: middle.clone(),
            last_name: Some(last.clone()),
            lang: culture.lang.map(str::to_owned).filter(|l| *l != "ru" && *l != "ar" && *l != "zh" && *l != "ko"),
            primary: true,
        };
        let mut names = vec![primary];
        let native = match culture.country {
            "RU" | "UA" => Some((to_cyrillic(&full), "ru")),
            "AE" | "IR" => Some((to_arabic(&full), "ar")),
            "CN" => to_hanzi(&last, &first).map(|n| (n, "zh")),
            "KP" => to_hangul(&last, &first).map(|n| (n, "ko")),
            _ => None,
        };
        if let Some((text, lang)) = native {
            names.push(EntityName { lang: Some(lang.into()), ..EntityName::new(text) });
        }
        if let Some(variant) = respell(&full).filter(|_| self.chance(0.5)) {
            names.push(EntityName::new(title_case(&variant)));
        }
        if culture.country == "AE" && self.chance(0.3) {
            names.push(EntityName::new(format!("Abu {}", self.pick(culture.male))));
        }
        names.push(EntityName::new(format!("{}, {first}", last.to_uppercase())));
        (names, full)
    }

    fn person(&mut self, kind: PersonKind) -> Entity {
        let culture = &CULTURES[self.rng.random_range(0..CULTURES.len())];
        let female = self.chance(0.35);
        let (names, full) = self.person_names(culture, female);
        let country = culture.country;
        let mut fields = EntityFields { names, ..EntityFields::default() };
        fields.genders.push(if female { EntityGender::Female } else { EntityGender::Male });
        if self.chance(0.85) {
            fields.dates_of_birth.extend(self.date_of_birth());
        }
        fields.nationalities.push(cc(country));
        fields.citizenships.push(cc(country));
        if let Some(city) = self.city(country) {
            fields.places_of_birth.push(Location {
                country: Some(cc(country)),
                city: Some(city.clone()),
                ..Location::default()
            });
            if self.chance(0.6) {
                fields.addresses.push(Location {
                    country: Some(cc(country)),
                    city: Some(city.clone()),
                    address: Some(format!(
                        "{} Street {}, {city}",
                        self.pick(COMPANY_WORDS),
                        self.rng.random_range(1..200)
                    )),
                    ..Location::default()
                });
            }
        }
        if self.chance(0.5) {
            fields.registration_ids.push(self.passport(country));
        }
        let (tags, risk, importance, annotation) = match kind {
            PersonKind::Sanctioned => {
                let terror = self.chance(0.12);
                let list = self.pick(&[
                    ("US_OFAC_SDN", "OFAC Specially Designated Nationals"),
                    ("UN_SCC", "UN Security Council Consolidated List"),
                    ("EU_FINANCIAL", "EU Financial Sanctions"),
                    ("UK_OFSI", "UK Sanctions List"),
                    ("CH_SECO", "Swiss SECO Sanctions"),
                ]);
                let mut tags = vec![Tag::Sanctions];
                if terror {
                    tags.push(Tag::Terrorism);
                }
                let program = if terror {
                    "SDGT"
                } else {
                    self.pick(&["RUSSIA-EO14024", "IRAN", "DPRK", "VENEZUELA", "SYRIA", "CYBER2"])
                };
                fields.sources.push(source(
                    list.0,
                    list.1,
                    RiskScore::High,
                    &tags,
                    Some(format!("Programs: {program}")),
                ));
                (tags, RiskScore::High, 0.7, format!("Designated under {program} (fictitious)"))
            }
            PersonKind::Pep => {
                let role = self.pick(ROLES);
                fields.political_roles.push(PoliticalRole { role: role.to_owned(), country: Some(cc(country)) });
                fields.occupations.push(Occupation { occupation: role.to_owned(), country: Some(cc(country)) });
                let list =
                    self.pick(&[("EVERYPOLITICIAN", "EveryPolitician"), ("WIKIDATA", "Wikidata"), ("RUPEP", "RuPEP")]);
                fields.sources.push(source(list.0, list.1, RiskScore::Medium, &[Tag::PEP], Some(role.to_owned())));
                let importance = if role == "Head of State" {
                    0.95
                } else {
                    0.4 + f64::from(self.rng.random_range(0..40u8)) / 100.0
                };
                (vec![Tag::PEP], RiskScore::Medium, importance, format!("{role} of {country} (fictitious)"))
            }
            PersonKind::Criminal => {
                fields.sources.push(source(
                    "INTERPOL_RED",
                    "Interpol Red Notices",
                    RiskScore::High,
                    &[Tag::Criminal],
                    Some("Wanted for fraud and money laundering".into()),
                ));
                let count = self.rng.random_range(1..3);
                fields.media = self.media(&full, country, count);
                (vec![Tag::Criminal, Tag::Media], RiskScore::High, 0.5, "Wanted person (fictitious)".into())
            }
            PersonKind::Media => {
                let count = self.rng.random_range(1..4);
                fields.media = self.media(&full, country, count);
                let risk = fields.media.iter().map(|m| m.risk_score).max().unwrap_or(RiskScore::Low);
                (vec![Tag::Media], risk, 0.3, "Subject of adverse media (fictitious)".into())
            }
            PersonKind::Debarred => {
                fields.sources.push(source(
                    "WORLDBANK_DP",
                    "World Bank Debarred Firms and Individuals",
                    RiskScore::Medium,
                    &[Tag::Debarred],
                    Some("Fraudulent practice".into()),
                ));
                (vec![Tag::Debarred], RiskScore::Medium, 0.3, "Debarred (fictitious)".into())
            }
        };
        if self.chance(0.03) {
            let year = self.rng.random_range(2005..REFERENCE_YEAR);
            fields.dates_of_death.extend(DateRange::year(year));
        }
        Entity {
            uuid: self.id(),
            entity_type: EntityType::Person,
            annotation: Some(annotation),
            tags,
            risk_score: risk,
            risk_score_value: risk_value(risk, &mut self.rng),
            importance_score: importance,
            updated_at: 1_767_225_600 - i64::from(self.rng.random_range(0..700u32)) * 86_400,
            fields,
        }
    }

    fn company(&mut self, owners: &[(super::model::EntityId, String)]) -> Entity {
        let culture = &CULTURES[self.rng.random_range(0..CULTURES.len())];
        let country = culture.country;
        let form = match country {
            "RU" => "OOO",
            "DE" => "GmbH",
            "AE" => self.pick(&["FZE", "LLC", "FZCO"]),
            "CN" => "Co., Ltd.",
            "GB" => "Ltd",
            "US" => self.pick(&["Inc.", "LLC"]),
            "ES" | "MX" | "VE" => "S.A.",
            "FR" => "SARL",
            _ => self.pick(LEGAL_FORMS),
        };
        let base = format!("{} {}", self.pick(COMPANY_WORDS), self.pick(COMPANY_TRADES));
        let name = if form == "OOO" { format!("OOO {base}") } else { format!("{base} {form}") };
        let mut names = vec![EntityName { primary: true, ..EntityName::new(&name) }];
        if country == "RU" {
            names
                .push(EntityName {
                    lang: Some("ru".into()), ..EntityName::new(format!("ООО {}", to_cyrillic(&base)))
                });
        }
        if self.chance(0.3) {
            names.push(EntityName::new(base.to_uppercase()));
        }
        let mut fields = EntityFields { names, ..EntityFields::default() };
        let city = self.city(country);
        fields.addresses.push(Location {
            country: Some(cc(country)),
            city: city.clone(),
            postal_code: Some(format!("{:05}", self.rng.random_range(1000..99999))),
            address: Some(format!(
                "{} Avenue {}, {}",
                self.pick(COMPANY_WORDS),
                self.rng.random_range(1..300),
                city.unwrap_or_default()
            )),
            ..Location::default()
        });
        fields.registration_ids.push(RegistrationId {
            id: format!("{}{:09}", &country[..1], self.rng.random_range(0..1_000_000_000u32)),
            id_type: Some("Company Registration Number".into()),
            date: None,
            industry: Some(base.split_whitespace().last().unwrap_or("Trading").to_owned()),
            country: Some(cc(country)),
            imo_number: None,
            mmsi_number: None,
            currency: None,
        });
        for _ in 0..self.rng.random_range(1..3) {
            let Some(mut link) = self.owner_link(owners, "") else { break };
            link.role = Some(self.pick(&["Owner", "Beneficial owner", "Director", "Shareholder"]).to_owned());
            link.ownership_percentage = Some(f64::from(self.rng.random_range(10..=100u8)));
            link.country = Some(cc(country));
            fields.owners_and_beneficiaries.push(link);
        }
        let roll = self.rng.random_range(0..100);
        let (tags, risk) = if roll < 40 {
            fields.sources.push(source(
                "US_OFAC_SDN",
                "OFAC Specially Designated Nationals",
                RiskScore::High,
                &[Tag::Sanctions],
                Some("Programs: RUSSIA-EO14024".into()),
            ));
            (vec![Tag::Sanctions], RiskScore::High)
        } else if roll < 60 {
            let count = self.rng.random_range(1..3);
            fields.media = self.media(&name, country, count);
            (vec![Tag::Media], RiskScore::Medium)
        } else if roll < 75 {
            fields.sources.push(source(
                "EU_FINANCIAL",
                "EU Financial Sanctions",
                RiskScore::High,
                &[Tag::Sanctions],
                None,
            ));
            (vec![Tag::Sanctions], RiskScore::High)
        } else if roll < 88 {
            fields.sources.push(source(
                "WORLDBANK_DP",
                "World Bank Debarred Firms",
                RiskScore::Medium,
                &[Tag::Debarred],
                None,
            ));
            (vec![Tag::Debarred], RiskScore::Medium)
        } else {
            fields.sources.push(source(
                "OPENCORPORATES",
                "Regulatory warnings",
                RiskScore::Low,
                &[Tag::RegulatoryWarning],
                None,
            ));
            (vec![Tag::RegulatoryWarning], RiskScore::Low)
        };
        Entity {
            uuid: self.id(),
            entity_type: EntityType::Organization,
            annotation: Some(format!("{} company (fictitious)", base)),
            tags,
            risk_score: risk,
            risk_score_value: risk_value(risk, &mut self.rng),
            importance_score: f64::from(self.rng.random_range(10..70u8)) / 100.0,
            updated_at: 1_767_225_600 - i64::from(self.rng.random_range(0..700u32)) * 86_400,
            fields,
        }
    }

    /// A link to one of `owners`, picked at random, in `role`; none when there are no owners.
    fn owner_link(&mut self, owners: &[(super::model::EntityId, String)], role: &str) -> Option<EntityInfo> {
        if owners.is_empty() {
            return None;
        }
        let (id, owner) = owners[self.rng.random_range(0..owners.len())].clone();
        let mut link = EntityInfo::new(owner, Some(id));
        link.role = Some(role.to_owned());
        Some(link)
    }

    /// A High-risk listed vessel, aircraft or wallet.
    fn listed_property(
        &mut self,
        entity_type: EntityType,
        annotation: String,
        tags: Vec<Tag>,
        importance_score: f64,
        fields: EntityFields,
    ) -> Entity {
        Entity {
            uuid: self.id(),
            entity_type,
            annotation: Some(annotation),
            tags,
            risk_score: RiskScore::High,
            risk_score_value: risk_value(RiskScore::High, &mut self.rng),
            importance_score,
            updated_at: 1_767_225_600,
            fields,
        }
    }

    fn vessel(&mut self, owners: &[(super::model::EntityId, String)]) -> Entity {
        #[rustfmt::skip]
        const WORDS: [&str; 16] = [
            "Ocean", "Star", "Pride", "Glory", "Spirit", "Neptune", "Horizon", "Pearl", "Falcon", "Dawn", "Crystal",
            "Atlas", "Sea", "Wind", "Jade", "Aurora",
        ];
        let name = format!("{} {}", self.pick(&WORDS), self.pick(&WORDS)).to_uppercase();
        let imo = imo_number(self.rng.random_range(100_000..999_999));
        let flag = self.pick(&["PA", "LR", "MH", "KM", "TG", "CM", "SL", "IR", "KP", "RU"]);
        let mut fields = EntityFields {
            names: vec![EntityName { primary: true, ..EntityName::new(&name) }],
            ..EntityFields::default()
        };
        if self.chance(0.4) {
            fields.names.push(EntityName::new(format!(
                "{} {}",
                self.pick(&WORDS).to_uppercase(),
                self.rng.random_range(1..9)
            )));
        }
        fields.nationalities.push(cc(flag));
        fields.registration_ids.push(RegistrationId {
            id: format!("IMO {imo}"),
            id_type: Some("IMO Number".into()),
            date: None,
            industry: Some(
                self.pick(&["Crude Oil Tanker", "Bulk Carrier", "General Cargo", "Container Ship", "LPG Tanker"])
                    .to_owned(),
            ),
            country: Some(cc(flag)),
            imo_number: Some(imo.to_string()),
            mmsi_number: Some(format!("{}{:06}", self.rng.random_range(200..775), self.rng.random_range(0..1_000_000))),
            currency: None,
        });
        fields.owners_and_beneficiaries.extend(self.owner_link(owners, "Registered owner"));
        fields.sources.push(source(
            "US_OFAC_SDN",
            "OFAC Specially Designated Nationals",
            RiskScore::High,
            &[Tag::Sanctions],
            Some("Blocked property: vessel".into()),
        ));
        self.listed_property(
            EntityType::Vessel,
            "Sanctioned vessel (fictitious)".into(),
            vec![Tag::Sanctions],
            0.4,
            fields,
        )
    }

    fn aircraft(&mut self, owners: &[(super::model::EntityId, String)]) -> Entity {
        let (prefix, country) =
            self.pick(&[("EP", "IR"), ("RA", "RU"), ("UP", "KZ"), ("YK", "SY"), ("P", "KP"), ("YV", "VE")]);
        let letters: String = (0..3).map(|_| (b'A' + self.rng.random_range(0..26u8)) as char).collect();
        let mark = format!("{prefix}-{letters}");
        let model = self.pick(&[
            "Boeing 747-200",
            "Airbus A340-300",
            "Ilyushin Il-76",
            "Tupolev Tu-204",
            "Gulfstream G450",
            "Bombardier Global 6000",
        ]);
        let mut fields = EntityFields {
            names: vec![
                EntityName { primary: true, ..EntityName::new(format!("{mark} ({model})")) },
                EntityName::new(mark.clone()),
            ],
            ..EntityFields::default()
        };
        fields.nationalities.push(cc(country));
        fields.registration_ids.push(RegistrationId {
            id: format!("{}", self.rng.random_range(10_000..99_999)),
            id_type: Some("Aircraft Manufacturer's Serial Number (MSN)".into()),
            date: None,
            industry: Some(model.to_owned()),
            country: Some(cc(country)),
            imo_number: None,
            mmsi_number: None,
            currency: None,
        });
        fields.owners_and_beneficiaries.extend(self.owner_link(owners, "Operator"));
        fields.sources.push(source(
            "US_OFAC_SDN",
            "OFAC Specially Designated Nationals",
            RiskScore::High,
            &[Tag::Sanctions],
            Some("Blocked property: aircraft".into()),
        ));
        self.listed_property(EntityType::Aircraft, format!("{model} (fictitious)"), vec![Tag::Sanctions], 0.3, fields)
    }

    fn wallet(&mut self, owners: &[(super::model::EntityId, String)]) -> Entity {
        #[rustfmt::skip]
        const BASE58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
        // The draws are those of the first generator (random text), so the rest of the list is
        // unchanged; the address is then made from them with valid checksums.
        let (body, chain, currency) = if self.chance(0.6) {
            let body: String = (0..33).map(|_| BASE58[self.rng.random_range(0..BASE58.len())] as char).collect();
            (body, docket_chainaddr::Chain::Bitcoin, "XBT")
        } else {
            let body: String =
                (0..40).map(|_| char::from_digit(self.rng.random_range(0..16), 16).unwrap_or('0')).collect();
            (body, docket_chainaddr::Chain::Ethereum, self.pick(&["ETH", "USDT"]))
        };
        let seed =
            body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let address = docket_chainaddr::example(chain, seed);
        let mut fields = EntityFields {
            names: vec![EntityName { primary: true, ..EntityName::new(&address) }],
            ..EntityFields::default()
        };
        fields.registration_ids.push(RegistrationId {
            id: address.clone(),
            id_type: Some(format!("Digital Currency Address - {currency}")),
            date: None,
            industry: None,
            country: None,
            imo_number: None,
            mmsi_number: None,
            currency: Some(currency.into()),
        });
        fields.owners_and_beneficiaries.extend(self.owner_link(owners, "Controller"));
        let criminal = self.chance(0.3);
        let tags = if criminal { vec![Tag::Criminal] } else { vec![Tag::Sanctions] };
        fields.sources.push(source(
            if criminal { "RANSOMWHERE_WALLETS" } else { "US_OFAC_SDN" },
            if criminal { "Ransomware payment addresses" } else { "OFAC Specially Designated Nationals" },
            RiskScore::High,
            &tags,
            None,
        ));
        self.listed_property(EntityType::CryptoWallet, format!("{currency} address (fictitious)"), tags, 0.2, fields)
    }
}

#[derive(Clone, Copy)]
enum PersonKind {
    Sanctioned,
    Pep,
    Criminal,
    Media,
    Debarred,
}

fn risk_value(risk: RiskScore, rng: &mut Xoshiro256PlusPlus) -> f64 {
    let (lo, hi) = match risk {
        RiskScore::High => (70, 99),
        RiskScore::Medium => (40, 69),
        RiskScore::Low => (10, 39),
    };
    f64::from(rng.random_range(lo..=hi))
}

/// An IMO number: six digits and a check digit (the sum of each digit times 7, 6, ... 2, mod 10).
fn imo_number(six: u32) -> u32 {
    let digits: Vec<u32> = six.to_string().chars().filter_map(|c| c.to_digit(10)).collect();
    let check: u32 = digits.iter().zip((2..=7).rev()).map(|(d, w)| d * w).sum::<u32>() % 10;
    six * 10 + check
}

fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The magic entities, with fixed ids.
fn magic(g: &mut Gen) -> Vec<Entity> {
    let mut out = Vec::new();
    for (name, outcome) in MAGIC_NAMES {
        let (tags, risk, source_data, media) = match outcome {
            MagicOutcome::Sanctions => (
                vec![Tag::Sanctions],
                RiskScore::High,
                vec![source(
                    "US_OFAC_SDN",
                    "OFAC Specially Designated Nationals",
                    RiskScore::High,
                    &[Tag::Sanctions],
                    Some("Sandbox magic name: always a High sanctions hit".into()),
                )],
                Vec::new(),
            ),
            MagicOutcome::Pep => (
                vec![Tag::PEP],
                RiskScore::Medium,
                vec![source(
                    "EVERYPOLITICIAN",
                    "EveryPolitician",
                    RiskScore::Medium,
                    &[Tag::PEP],
                    Some("Sandbox magic name: always a Medium PEP hit".into()),
                )],
                Vec::new(),
            ),
            MagicOutcome::Media => (vec![Tag::Media], RiskScore::Low, Vec::new(), g.media(name, "GB", 1)),
            MagicOutcome::Clean => continue,
        };
        let mut media = media;
        for m in &mut media {
            m.risk_score = RiskScore::Low;
            m.tags = vec![Tag::Media];
        }
        let (first, last) = name.split_once(' ').unwrap_or((name, ""));
        let mut fields = EntityFields {
            names: vec![EntityName {
                full_name: name.into(),
                first_name: Some(first.into()),
                middle_name: None,
                last_name: Some(last.into()),
                lang: None,
                primary: true,
            }],
            sources: source_data,
            media,
            ..EntityFields::default()
        };
        if outcome == MagicOutcome::Pep {
            fields.political_roles.push(PoliticalRole { role: "Minister of Finance".into(), country: Some(cc("GB")) });
        }
        fields.dates_of_birth.extend(DateRange::day(jiff::civil::date(1970, 1, 1)));
        fields.genders.push(if first.ends_with('a') { EntityGender::Female } else { EntityGender::Male });
        out.push(Entity {
            uuid: entity_id(LIST, &format!("magic:{name}")),
            entity_type: EntityType::Person,
            annotation: Some("Sandbox magic name: its outcome is fixed (see the API reference)".into()),
            tags,
            risk_score: risk,
            risk_score_value: match risk {
                RiskScore::High => 90.0,
                RiskScore::Medium => 55.0,
                RiskScore::Low => 25.0,
            },
            importance_score: 0.5,
            updated_at: 1_767_225_600,
            fields,
        });
    }
    out
}

/// Generates the demo list.
pub fn entities() -> Vec<Entity> {
    let mut g = Gen { rng: Xoshiro256PlusPlus::seed_from_u64(SEED), next: 0, out: Vec::with_capacity(21_000) };
    let magic_keys: Vec<String> = MAGIC_NAMES.iter().map(|(n, _)| super::normalize::normalize(n).key()).collect();
    let kinds = [
        (PersonKind::Sanctioned, 3_600),
        (PersonKind::Pep, 3_400),
        (PersonKind::Criminal, 1_300),
        (PersonKind::Media, 1_900),
        (PersonKind::Debarred, 900),
    ];
    for (kind, count) in kinds {
        for _ in 0..count {
            let p = g.person(kind);
            if !magic_keys.contains(&super::normalize::normalize(&p.fields.names[0].full_name).key()) {
                g.out.push(p);
            }
        }
    }
    // Relatives and close associates of politically exposed persons.
    let peps: Vec<(super::model::EntityId, String)> = g
        .out
        .iter()
        .filter(|e| e.tags.contains(&Tag::PEP))
        .map(|e| (e.uuid, e.fields.names[0].full_name.clone()))
        .collect();
    for i in 0..1_200 {
        let (pep_id, pep_name) = peps[(i * 7) % peps.len()].clone();
        let mut p = g.person(PersonKind::Pep);
        p.fields.political_roles.clear();
        p.fields.occupations.clear();
        p.tags = vec![Tag::PEP, Tag::Associate];
        p.risk_score = RiskScore::Medium;
        let relative = g.chance(0.6);
        p.fields.associates.push(Associate {
            uuid: Some(pep_id),
            name: pep_name.clone(),
            start_date: None,
            end_date: None,
            relationship: Some(
                if relative {
                    g.pick(&["Spouse", "Son", "Daughter", "Brother", "Sister"])
                } else {
                    g.pick(&["Business partner", "Adviser"])
                }
                .into(),
            ),
            is_relative: relative,
        });
        p.annotation =
            Some(format!("{} of {pep_name} (fictitious)", if relative { "Relative" } else { "Close associate" }));
        g.out.push(p);
    }
    let owners: Vec<(super::model::EntityId, String)> =
        g.out.iter().step_by(3).map(|e| (e.uuid, e.fields.names[0].full_name.clone())).collect();
    let mut companies = Vec::new();
    for _ in 0..6_200 {
        companies.push(g.company(&owners));
    }
    // Officers know their companies too.
    let mut links = Vec::new();
    for c in &companies {
        for o in &c.fields.owners_and_beneficiaries {
            if let Some(owner) = o.reference {
                let mut link = EntityInfo::new(c.fields.names[0].full_name.clone(), Some(c.uuid));
                link.role.clone_from(&o.role);
                link.ownership_percentage = o.ownership_percentage;
                links.push((owner, link));
            }
        }
    }
    let position: std::collections::HashMap<super::model::EntityId, usize> =
        g.out.iter().enumerate().map(|(i, e)| (e.uuid, i)).collect();
    for (owner, link) in links {
        if let Some(p) = position.get(&owner).map(|&i| &mut g.out[i])
            && p.fields.companies_and_enterprises.len() < 5
        {
            p.fields.companies_and_enterprises.push(link);
        }
    }
    let company_owners: Vec<(super::model::EntityId, String)> =
        companies.iter().map(|c| (c.uuid, c.fields.names[0].full_name.clone())).collect();
    g.out.extend(companies);
    for _ in 0..900 {
        let v = g.vessel(&company_owners);
        g.out.push(v);
    }
    for _ in 0..350 {
        let a = g.aircraft(&company_owners);
        g.out.push(a);
    }
    for _ in 0..700 {
        let w = g.wallet(&owners);
        g.out.push(w);
    }
    let magic = magic(&mut g);
    g.out.extend(magic);
    g.out.extend(Chain::ALL.into_iter().map(kyt_magic_wallet));
    g.out
}

/// The sandbox's sanctioned wallet of a chain: a KYT check of this address in the sandbox is
/// always a sanctions hit on the demo list (documented in the guide; production never sees it).
pub fn kyt_sanctioned_address(chain: Chain) -> String {
    docket_chainaddr::example(chain, KYT_MAGIC_SEED + chain as u64)
}

const KYT_MAGIC_SEED: u64 = 0x4B59_5400;

fn kyt_magic_wallet(chain: Chain) -> Entity {
    let address = kyt_sanctioned_address(chain);
    let currency = if chain == Chain::Bitcoin { "XBT" } else { chain.ticker() };
    let mut fields = EntityFields {
        names: vec![EntityName { primary: true, ..EntityName::new(&address) }],
        ..EntityFields::default()
    };
    fields.registration_ids.push(RegistrationId {
        id: address.clone(),
        id_type: Some(format!("Digital Currency Address - {currency}")),
        date: None,
        industry: None,
        country: None,
        imo_number: None,
        mmsi_number: None,
        currency: Some(currency.into()),
    });
    let holder = entity_id(LIST, "magic:Ivan Sanctionov");
    let mut link = EntityInfo::new("Ivan Sanctionov", Some(holder));
    link.role = Some("Controller".into());
    fields.owners_and_beneficiaries.push(link);
    fields.sources.push(source(
        "US_OFAC_SDN",
        "OFAC Specially Designated Nationals",
        RiskScore::High,
        &[Tag::Sanctions],
        Some("CYBER2 (sandbox magic wallet: always a sanctions hit)".into()),
    ));
    Entity {
        uuid: entity_id(LIST, &format!("kyt-magic:{}", chain.code())),
        entity_type: EntityType::CryptoWallet,
        annotation: Some(format!("{} address of Ivan Sanctionov (sandbox magic wallet, fictitious)", chain.name())),
        tags: vec![Tag::Sanctions],
        risk_score: RiskScore::High,
        risk_score_value: 95.0,
        importance_score: 0.5,
        updated_at: 1_767_225_600,
        fields,
    }
}

/// Generates a list of at least `names` distinct names (as the index counts them: an entity's
/// names that normalise alike count once) in the demo list's style (persons of every kind, and
/// companies), for benchmarks at sizes beyond the demo list's, handing each entity to `each`
/// as it is made. Deterministic per seed; any prefix is a fair sample of the whole.
pub fn synthetic(names: usize, seed: u64, mut each: impl FnMut(Entity)) {
    let mut g = Gen { rng: Xoshiro256PlusPlus::seed_from_u64(seed), next: 0, out: Vec::new() };
    let kinds =
        [PersonKind::Sanctioned, PersonKind::Pep, PersonKind::Criminal, PersonKind::Media, PersonKind::Debarred];
    let mut total = 0;
    let mut i = 0usize;
    while total < names {
        let entity = if i % 4 == 3 { g.company(&[]) } else { g.person(kinds[i % kinds.len()]) };
        let mut keys: Vec<String> =
            entity.fields.names.iter().map(|n| super::normalize::normalize(&n.full_name).key()).collect();
        keys.sort();
        keys.dedup();
        total += keys.len();
        each(entity);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_list_is_large_varied_and_the_same_every_time() {
        let a = entities();
        assert!(a.len() >= 20_000, "{}", a.len());
        let count = |t: EntityType| a.iter().filter(|e| e.entity_type == t).count();
        assert!(count(EntityType::Organization) > 5_000);
        assert!(
            count(EntityType::Vessel) > 500
                && count(EntityType::Aircraft) > 200
                && count(EntityType::CryptoWallet) > 500
        );
        assert!(a.iter().any(|e| !e.fields.dates_of_death.is_empty()));
        assert!(a.iter().any(|e| !e.fields.political_roles.is_empty()));
        assert!(a.iter().any(|e| !e.fields.media.is_empty()));
        assert!(a.iter().any(|e| !e.fields.owners_and_beneficiaries.is_empty()));
        assert!(a.iter().any(|e| e.fields.names.iter().any(|n| n.lang.as_deref() == Some("ar"))));
        assert!(a.iter().any(|e| e.fields.names.iter().any(|n| n.lang.as_deref() == Some("zh"))));
        let mut ids: Vec<_> = a.iter().map(|e| e.uuid).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), a.len(), "ids are unique");
        let b = entities();
        assert_eq!(a.len(), b.len());
        assert_eq!(a[12_345].fields.names, b[12_345].fields.names);
    }

    #[test]
    fn imo_numbers_carry_their_check_digit() {
        assert_eq!(imo_number(907_472), 9_074_729);
    }
}
