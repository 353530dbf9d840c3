//! Demo data: a realistic, deterministic sandbox for demos and first steps, and a fast synthetic
//! generator for benchmarks. Seeding is idempotent: records are keyed by `demo-…` external ids.

use jiff::SignedDuration;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use crate::Engine;
use crate::aml::{RiskScore, SearchOptionsInput, Tag};
use crate::applicants::{self, Address, ApplicantId, ApplicantInfo, ApplicantType, Dob, Gender, NewApplicant};
use crate::error::{Error, Result};
use crate::scope::Scope;
use crate::values::{CountryCode, Email, ExternalId, Phone};

/// What a seeding run added.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SeedSummary {
    pub applicants_created: usize,
    pub applicants_present: usize,
    pub kyb_cases_created: usize,
    pub verifications_created: usize,
    pub email_checks_created: usize,
    pub nondoc_checks_created: usize,
    pub kyt_checks_created: usize,
    pub deepfake_analyses_created: usize,
    pub transmon_events_created: usize,
    pub bank_statements_created: usize,
}

/// A demo person: (first, last, name in its own script, gender, date of birth, country, city,
/// postal code, street, phone).
type Person = (
    &'static str,
    &'static str,
    &'static str,
    char,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
const PEOPLE: &[Person] = &[
    ("Lukas", "Müller", "", 'M', "1988-04-12", "DE", "Berlin", "10999", "Wiener Straße 17", "+49 30 1234567"),
    ("Camille", "Dubois", "", 'F', "1992-09-03", "FR", "Lyon", "69002", "12 Rue de la République", "+33 4 72 10 20 30"),
    ("José", "García Fernández", "", 'M', "1979-01-27", "ES", "Madrid", "28013", "Calle Mayor 45", "+34 91 555 0101"),
    ("Olivia", "Bennett", "", 'F', "1995-06-18", "GB", "Manchester", "M1 4BT", "22 Deansgate", "+44 161 496 0123"),
    ("Marcus", "Johnson", "", 'M', "1983-11-30", "US", "Austin", "78701", "401 Congress Ave", "+1 512 555 0142"),
    ("Dmitry", "Sokolov", "Дмитрий Соколов", 'M', "1986-02-14", "RU", "Kazan", "420111", "ul. Baumana 58", "+7 843 555 1234"),
    ("Olena", "Kovalenko", "Олена Коваленко", 'F', "1991-07-22", "UA", "Kyiv", "01001", "vul. Khreshchatyk 22", "+380 44 555 2233"),
    ("Łukasz", "Wiśniewski", "", 'M', "1990-03-09", "PL", "Kraków", "31-042", "Rynek Główny 9", "+48 12 555 0199"),
    ("Ayşe", "Yılmaz", "", 'F', "1987-12-24", "TR", "Istanbul", "34367", "Halaskargazi Cd. 101", "+90 212 555 0177"),
    ("Mohammed", "Al-Rashid", "محمد الراشد", 'M', "1975-05-05", "AE", "Dubai", "00000", "Sheikh Zayed Rd, Tower 3", "+971 4 555 0110"),
    ("Wei", "Wang", "王伟", 'M', "1984-10-01", "CN", "Shanghai", "200002", "Zhongshan East 1st Rd 18", "+86 21 5555 0188"),
    ("Kenji", "Sato", "佐藤健", 'M', "1993-08-15", "JP", "Osaka", "530-0001", "Umeda 2-4-9", "+81 6 5555 0123"),
    ("Priya", "Sharma", "प्रिया शर्मा", 'F', "1996-02-29", "IN", "Bengaluru", "560001", "MG Road 44", "+91 80 5555 0166"),
    ("João", "Silva", "", 'M', "1981-06-06", "BR", "São Paulo", "01310-100", "Av. Paulista 1578", "+55 11 5555 0144"),
    ("Chinedu", "Okafor", "", 'M', "1989-04-21", "NG", "Lagos", "101241", "12 Adeola Odeku St", "+234 1 555 0190"),
    ("Wanjiru", "Kamau", "", 'F', "1994-12-02", "KE", "Nairobi", "00100", "Kenyatta Ave 30", "+254 20 555 0133"),
    ("Åsa", "Lindqvist", "", 'F', "1985-01-19", "SE", "Gothenburg", "411 06", "Kungsportsavenyen 10", "+46 31 555 0155"),
    ("Georgios", "Papadopoulos", "Γιώργος Παπαδόπουλος", 'M', "1977-09-11", "GR", "Athens", "105 57", "Ermou 35", "+30 21 0555 0111"),
    ("Sofia", "Rossi", "", 'F', "1998-05-30", "IT", "Milan", "20121", "Via Manzoni 7", "+39 02 5555 0122"),
    ("Noah", "de Vries", "", 'M', "1991-10-10", "NL", "Utrecht", "3511 AB", "Oudegracht 120", "+31 30 555 0177"),
    ("Emma", "Tremblay", "", 'F', "1988-08-08", "CA", "Montréal", "H2Y 1C6", "275 Rue Notre-Dame E", "+1 514 555 0163"),
    ("Liam", "O'Connor", "", 'M', "1990-03-17", "IE", "Dublin", "D02 X285", "14 Grafton St", "+353 1 555 0140"),
    ("Yuki", "Tanaka", "田中由紀", 'F', "1982-11-03", "JP", "Tokyo", "150-0002", "Shibuya 2-21-1", "+81 3 5555 0147"),
    ("Min-jun", "Kim", "김민준", 'M', "1995-01-25", "KR", "Seoul", "04524", "Sejong-daero 110", "+82 2 555 0198"),
    ("Fatima", "Zahra Benali", "فاطمة الزهراء بنعلي", 'F', "1993-06-12", "MA", "Casablanca", "20250", "Bd Mohammed V 88", "+212 522 555 011"),
    ("Mateo", "González", "", 'M', "1999-09-09", "AR", "Buenos Aires", "C1005", "Av. Corrientes 1200", "+54 11 5555 0170"),
    ("Anna", "Nowak", "", 'F', "1984-04-04", "PL", "Warsaw", "00-001", "ul. Marszałkowska 84", "+48 22 555 0135"),
    ("Thomas", "Andersen", "", 'M', "1976-12-12", "DK", "Aarhus", "8000", "Strøget 21", "+45 86 55 01 99"),
    ("Nguyen", "Van An", "Nguyễn Văn An", 'M', "1990-02-02", "VN", "Hanoi", "100000", "Pho Hue 52", "+84 24 5555 0188"),
    ("Isabella", "Martínez", "", 'F', "1997-07-07", "MX", "Guadalajara", "44100", "Av. Juárez 976", "+52 33 5555 0156"),
    ("Hans", "Gruber", "", 'M', "1969-05-15", "AT", "Vienna", "1010", "Graben 19", "+43 1 555 0161"),
    ("Amelia", "Clarke", "", 'F', "2001-01-11", "AU", "Melbourne", "3000", "200 Collins St", "+61 3 5555 0102"),
    ("Raj", "Patel", "", 'M', "1972-03-03", "GB", "Leicester", "LE1 5WW", "8 Belgrave Gate", "+44 116 496 0177"),
    ("Elena", "Popescu", "", 'F', "1989-10-20", "RO", "Bucharest", "030167", "Calea Victoriei 12", "+40 21 555 0144"),
    ("Ahmed", "Hassan", "أحمد حسن", 'M', "1980-08-28", "EG", "Cairo", "11511", "26 July St 15", "+20 2 5555 0123"),
    ("Sarah", "Cohen", "שרה כהן", 'F', "1994-04-14", "IL", "Tel Aviv", "6473925", "Rothschild Blvd 22", "+972 3 555 0119"),
    // Sandbox magic names (see the API reference): their screenings always hit.
    ("Ivan", "Sanctionov", "Иван Санкционов", 'M', "1970-01-01", "RU", "Moscow", "101000", "Tverskaya 7", "+7 495 555 0100"),
    ("Petra", "Politikova", "", 'F', "1970-01-01", "GB", "London", "SW1A 2AA", "10 Whitehall Place", "+44 20 7946 0101"),
];

/// A demo organization: (legal name, registration id, country, city, postal code, street, domain).
type Company = (&'static str, &'static str, &'static str, &'static str, &'static str, &'static str, &'static str);

#[rustfmt::skip]
const COMPANIES: &[Company] = &[
    ("Nordlicht Logistik GmbH", "HRB 204518 B", "DE", "Hamburg", "20457", "Am Sandtorkai 48", "nordlicht-logistik.de"),
    ("Acme Payments Ltd", "12345678", "GB", "London", "EC2A 4NE", "1 Finsbury Ave", "acmepayments.co.uk"),
    ("Sunrise Trading LLC", "DMCC-784512", "AE", "Dubai", "00000", "Jumeirah Lakes Towers, Cluster G", "sunrisetrading.ae"),
    ("Blue Harbor Capital Inc.", "7301945", "US", "Wilmington", "19801", "1209 Orange St", "blueharbor.com"),
    ("Tokyo Robotics K.K.", "0104-01-123456", "JP", "Tokyo", "105-0011", "Shibakoen 4-2-8", "tokyorobotics.jp"),
    ("OOO Volga Agro", "1161690123456", "RU", "Samara", "443010", "ul. Kuibysheva 90", "volga-agro.ru"),
    ("Andes Minerals S.A.", "76.123.456-7", "CL", "Santiago", "7550000", "Av. Apoquindo 3000", "andesminerals.cl"),
    ("Lagos Fintech Hub Ltd", "RC 1456789", "NG", "Lagos", "101233", "Plot 5, Admiralty Way", "lagosfintech.ng"),
    ("Baltic Amber OÜ", "14567890", "EE", "Tallinn", "10111", "Narva mnt 5", "balticamber.ee"),
    ("Maple Leaf Crypto Exchange Corp.", "BC1234567", "CA", "Vancouver", "V6C 3L6", "1055 W Georgia St", "mapleleafx.ca"),
    ("Shenzhen Bright Star Electronics Co., Ltd.", "91440300MA5F000000", "CN", "Shenzhen", "518000", "Shennan Blvd 6008", "brightstar.cn"),
    ("Atlas Freight SARL", "RC 445566", "MA", "Tangier", "90000", "Zone Franche, Lot 12", "atlasfreight.ma"),
];

/// Demo people that are always monitored: the magic names, so that screenings show hits.
const ALWAYS_MONITORED: [&str; 2] = ["Sanctionov", "Politikova"];

const SEGMENTS: [&str; 3] = ["retail", "premium", "business"];

fn country(code: &str) -> Result<CountryCode> {
    CountryCode::parse(code)
}

fn person(i: usize, p: &Person) -> Result<NewApplicant> {
    let (first, last, native, gender, dob, cc, city, postal, street, phone) = *p;
    let email_local = crate::values::fold(&format!("{first}.{last}")).replace([' ', '\''], "");
    let aml = i.is_multiple_of(3) || ALWAYS_MONITORED.contains(&last);
    Ok(NewApplicant {
        external_id: Some(ExternalId::parse(&format!("demo-person-{:03}", i + 1))?),
        email: Some(Email::parse(&format!("{email_local}@example.com"))?),
        phone: Some(Phone::parse(phone)?),
        info: Some(ApplicantInfo {
            full_name: Some(if native.is_empty() { format!("{first} {last}") } else { native.to_owned() }),
            first_name: Some(first.to_owned()),
            last_name: Some(last.to_owned()),
            dob: Some(Dob::parse(dob).map_err(Error::invalid_request)?),
            gender: Some(if gender == 'F' { Gender::F } else { Gender::M }),
            citizenship: Some(country(cc)?),
            country: Some(country(cc)?),
            address: Some(format!("{street}, {postal} {city}")),
            addresses: [(
                "residence".to_owned(),
                Address {
                    country: Some(country(cc)?),
                    state: None,
                    city: Some(city.to_owned()),
                    postal_code: Some(postal.to_owned()),
                    street: Some(street.to_owned()),
                },
            )]
            .into(),
            custom_fields: serde_json::json!({"segment": SEGMENTS[i % 3]}).as_object().cloned().unwrap_or_default(),
            ..ApplicantInfo::default()
        }),
        applicant_type: Some(ApplicantType::Person),
        aml_screening_enabled: Some(aml),
        search_options: aml.then(|| SearchOptionsInput {
            risk_scores: Some(vec![RiskScore::Medium, RiskScore::High]),
            tags: Some(vec![Tag::Sanctions, Tag::PEP]),
            ..SearchOptionsInput::default()
        }),
    })
}

fn company(i: usize, c: &Company) -> Result<NewApplicant> {
    let (name, registration, cc, city, postal, street, domain) = *c;
    Ok(NewApplicant {
        external_id: Some(ExternalId::parse(&format!("demo-company-{:03}", i + 1))?),
        email: Some(Email::parse(&format!("compliance@{domain}"))?),
        phone: None,
        info: Some(ApplicantInfo {
            full_name: Some(name.to_owned()),
            country: Some(country(cc)?),
            registration_id: Some(registration.to_owned()),
            address: Some(format!("{street}, {postal} {city}")),
            addresses: [(
                "registered".to_owned(),
                Address {
                    country: Some(country(cc)?),
                    state: None,
                    city: Some(city.to_owned()),
                    postal_code: Some(postal.to_owned()),
                    street: Some(street.to_owned()),
                },
            )]
            .into(),
            custom_fields: serde_json::json!({"website": format!("https://{domain}")})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            ..ApplicantInfo::default()
        }),
        applicant_type: Some(ApplicantType::Organization),
        aml_screening_enabled: Some(i.is_multiple_of(2)),
        search_options: None,
    })
}

pub struct Demo<'e> {
    pub(crate) engine: &'e Engine,
}

impl Demo<'_> {
    /// Seeds the sandbox with the demo data set: applicants, then KYB cases. Records that exist
    /// already are left alone.
    pub async fn seed(&self, scope: Scope) -> Result<SeedSummary> {
        let mut summary = self.seed_applicants(scope).await?;
        self.seed_records(scope, &mut summary).await?;
        Ok(summary)
    }

    /// Seeds every domain's demo records once the applicants are there, counted into `summary`:
    /// the one list of them, for `docket demo seed` and for `docket serve --demo`, which runs it
    /// in the background while it already answers.
    pub async fn seed_records(&self, scope: Scope, summary: &mut SeedSummary) -> Result<()> {
        summary.kyb_cases_created = self.engine.kyb().seed_demo(scope).await?;
        summary.verifications_created = self.engine.verifications().seed_demo(scope).await?;
        summary.bank_statements_created = self.engine.bankbook().seed_demo(scope).await?;
        summary.email_checks_created = self.engine.emails().seed_demo(scope).await?;
        summary.nondoc_checks_created = self.engine.nondoc().seed_demo(scope).await?;
        summary.kyt_checks_created = self.engine.kyt().seed_demo(scope).await?;
        summary.deepfake_analyses_created = self.engine.deepfakes().seed_demo(scope).await?;
        summary.transmon_events_created = self.engine.transmon().seed_demo(scope).await?;
        Ok(())
    }

    /// Seeds the demo applicants only (quick: a server answers at once, and adds the KYB cases,
    /// which run their checks, in the background).
    pub async fn seed_applicants(&self, scope: Scope) -> Result<SeedSummary> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let now = self.engine.core.clocks.now(scope);
        let inputs = PEOPLE
            .iter()
            .enumerate()
            .map(|(i, p)| person(i, p))
            .chain(COMPANIES.iter().enumerate().map(|(i, c)| company(i, c)))
            .collect::<Result<Vec<_>>>()?;
        let total = inputs.len();
        let mut summary = SeedSummary::default();
        for (i, input) in inputs.into_iter().enumerate() {
            // Spread over the last 90 days, oldest first, at plausible office hours.
            let days_ago = ((total - i) * 89 / total) as i64;
            let minutes = (i as i64 * 137) % (9 * 60);
            let at =
                now.saturating_add(SignedDuration::from_hours(-24 * days_ago) + SignedDuration::from_mins(-minutes));
            match self.engine.applicants().create_at(scope, input, at).await {
                Ok(_) => summary.applicants_created += 1,
                Err(Error::Conflict(_)) => summary.applicants_present += 1,
                Err(e) => return Err(e),
            }
        }
        Ok(summary)
    }

    /// Adds `count` generated person applicants quickly, in large transactions (for benchmarks).
    /// Deterministic for a given `seed`.
    pub async fn seed_synthetic(&self, scope: Scope, count: usize, seed: u64) -> Result<usize> {
        const BATCH: usize = 5_000;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut done = 0;
        while done < count {
            let n = BATCH.min(count - done);
            let now = self.engine.core.clocks.now(scope);
            let mut batch = Vec::with_capacity(n);
            for _ in 0..n {
                let p = &PEOPLE[rng.random_range(0..PEOPLE.len())];
                let q = &PEOPLE[rng.random_range(0..PEOPLE.len())];
                let input = NewApplicant {
                    external_id: None,
                    info: Some(ApplicantInfo {
                        first_name: Some(p.0.to_owned()),
                        last_name: Some(q.1.to_owned()),
                        country: Some(country(p.5)?),
                        dob: Some(Dob(jiff::civil::date(
                            rng.random_range(1950..2005),
                            rng.random_range(1..=12),
                            rng.random_range(1..=28),
                        ))),
                        ..ApplicantInfo::default()
                    }),
                    ..NewApplicant::default()
                };
                batch.push(applicants::build(input, ApplicantId::new(self.engine.core.clocks.real_now()), now)?);
            }
            self.engine
                .core
                .db
                .write(move |conn| {
                    for a in &batch {
                        applicants::store::insert(conn, scope, a)?;
                    }
                    Ok(())
                })
                .await?;
            done += n;
        }
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_record_is_valid() {
        let now = crate::time::Timestamp::from_millis(1_790_000_000_000);
        for (i, p) in PEOPLE.iter().enumerate() {
            let input = person(i, p).expect("valid input");
            applicants::build(input, ApplicantId::new(now), now).expect("valid person");
        }
        for (i, c) in COMPANIES.iter().enumerate() {
            let input = company(i, c).expect("valid input");
            applicants::build(input, ApplicantId::new(now), now).expect("valid company");
        }
    }
}
