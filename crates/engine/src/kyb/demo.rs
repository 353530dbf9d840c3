//! Demo KYB cases: 42 businesses in twelve countries across every status and stage, with
//! their people, generated PDF documents, AML hits on some people (the magic names, and one name
//! close to a listed PEP's), an errored check, open remediations and reviewer decisions, played
//! forward over the last two months on the sandbox clock (`seed_demo`). Each is keyed by a `demo-kyb-…` external id, so seeding
//! twice adds nothing.

use jiff::SignedDuration;
use serde_json::json;

use super::form::DocumentKind;
use super::model::CaseId;
use super::review::{CaseReview, DecisionKind, NewComment, NewDecision, Reason, SlaHours};
use super::service::entry;
use super::{NewCase, NewRemediation, SectionKey, pdf, pipeline, store};
use crate::Actor;
use crate::console::{self, NewReviewer, Role};
use crate::error::Result;
use crate::scope::Scope;
use crate::time::Timestamp;

/// What a demo case ends as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Still in the widget, with this many sections saved (0 to 4).
    Draft(usize),
    /// Submitted; its checks are held back for two days of the sandbox clock.
    Running,
    /// Decided by the pipeline (approved or rejected) as the magic values make it.
    Decided,
    /// Sent by the pipeline to a reviewer (manual review, or failed with an errored check), and
    /// waiting in the queue now.
    Waiting,
    /// Decided, then sent back to the merchant about this section.
    Remediation(SectionKey),
    /// Decided (manual review or failed), then decided by a reviewer.
    Reviewer(bool),
}

/// A demo business: legal name, form, registration number, country, city, postal code,
/// street, director (first, last, nationality), what it ends as, and a document name marker.
struct Business {
    name: &'static str,
    form: &'static str,
    number: &'static str,
    country: &'static str,
    city: &'static str,
    postal: &'static str,
    street: &'static str,
    director: (&'static str, &'static str, &'static str),
    target: Target,
    document: &'static str,
}

const fn b(
    name: &'static str,
    form: &'static str,
    number: &'static str,
    place: (&'static str, &'static str, &'static str, &'static str),
    director: (&'static str, &'static str, &'static str),
    target: Target,
    document: &'static str,
) -> Business {
    Business {
        name,
        form,
        number,
        country: place.0,
        city: place.1,
        postal: place.2,
        street: place.3,
        director,
        target,
        document,
    }
}

const LONDON: (&str, &str, &str, &str) = ("GB", "London", "EC2A 4NE", "1 Finsbury Avenue");
const BRISTOL: (&str, &str, &str, &str) = ("GB", "Bristol", "BS1 4DJ", "14 Quay Street");
const BERLIN: (&str, &str, &str, &str) = ("DE", "Berlin", "10999", "Wiener Strasse 17");
const HAMBURG: (&str, &str, &str, &str) = ("DE", "Hamburg", "20457", "Am Sandtorkai 48");
const PARIS: (&str, &str, &str, &str) = ("FR", "Paris", "75002", "12 Rue de la Paix");
const AMSTERDAM: (&str, &str, &str, &str) = ("NL", "Amsterdam", "1017 CE", "Herengracht 420");
const DUBLIN: (&str, &str, &str, &str) = ("IE", "Dublin", "D02 X285", "14 Grafton Street");
const TALLINN: (&str, &str, &str, &str) = ("EE", "Tallinn", "10111", "Narva mnt 5");
const MADRID: (&str, &str, &str, &str) = ("ES", "Madrid", "28013", "Calle Mayor 45");
const MILAN: (&str, &str, &str, &str) = ("IT", "Milan", "20121", "Via Manzoni 7");
const STOCKHOLM: (&str, &str, &str, &str) = ("SE", "Stockholm", "111 47", "Kungsgatan 12");
const WARSAW: (&str, &str, &str, &str) = ("PL", "Warsaw", "00-001", "ul. Marszalkowska 84");
const WILMINGTON: (&str, &str, &str, &str) = ("US", "Wilmington", "19801", "1209 Orange Street");
const NAIROBI: (&str, &str, &str, &str) = ("KE", "Nairobi", "00100", "Kenyatta Avenue 30");

use Target::{Decided, Draft, Remediation, Reviewer, Running, Waiting};

#[rustfmt::skip]
const BUSINESSES: [Business; 42] = [
    b("Brightwater Logistics Ltd", "Private limited company", "09876543", BRISTOL, ("Amelia", "Hart", "GB"), Decided, ""),
    b("Nordlicht Logistik GmbH", "GmbH", "HRB204518", HAMBURG, ("Lukas", "Brandt", "DE"), Decided, ""),
    b("Atelier Lumiere SAS", "SAS", "852147963", PARIS, ("Camille", "Dubois", "FR"), Decided, ""),
    b("Grachtenhuis Software B.V.", "B.V.", "71234567", AMSTERDAM, ("Noah", "de Vries", "NL"), Decided, ""),
    b("Liffey Analytics Ltd", "Private company limited by shares", "654321", DUBLIN, ("Liam", "O'Connor", "IE"), Decided, ""),
    b("Baltic Amber OU", "OU", "14567890", TALLINN, ("Kadri", "Tamm", "EE"), Decided, ""),
    b("Sierra Verde Alimentacion S.L.", "S.L.", "B87654321", MADRID, ("Lucia", "Navarro", "ES"), Decided, ""),
    b("Navigli Design S.r.l.", "S.r.l.", "MI2045871", MILAN, ("Sofia", "Rossi", "IT"), Decided, ""),
    b("Norrsken Energi AB", "AB", "5591234567", STOCKHOLM, ("Asa", "Lindqvist", "SE"), Decided, ""),
    b("Wisla Components Sp. z o.o.", "Sp. z o.o.", "0000712345", WARSAW, ("Anna", "Nowak", "PL"), Decided, ""),
    b("Blue Harbor Capital Inc.", "Corporation", "7301945", WILMINGTON, ("Marcus", "Johnson", "US"), Decided, ""),
    b("Kestrel Payments Ltd", "Private limited company", "11223344", LONDON, ("Olivia", "Bennett", "GB"), Decided, ""),
    // Manual review: a registry name mismatch, a director who needs a closer look, a PEP.
    b("Harbourside Ventures Ltd", "Private limited company", "10452222", LONDON, ("Raj", "Patel", "GB"), Waiting, ""),
    b("Spreewald Handel GmbH", "GmbH", "HRB991201", BERLIN, ("Jonas", "Review", "DE"), Waiting, ""),
    b("Politikova Consulting Ltd", "Private limited company", "12009876", LONDON, ("Petra", "Politikova", "GB"), Waiting, ""),
    b("Rhone Partners SARL", "SARL", "793144444", PARIS, ("Hugo", "Lefevre", "FR"), Waiting, ""),
    b("Savannah Trade Links Ltd", "Private limited company", "PVT-7KQ2B", NAIROBI, ("Wanjiru", "Kamau", "KE"), Waiting, ""),
    b("Kanal Media B.V.", "B.V.", "70981234", AMSTERDAM, ("Emma", "Visser", "NL"), Waiting, "unreadable"),
    // Rejected: no such company, a sanctioned director, an edited certificate, data that disagree.
    b("Ghost Holdings Ltd", "Private limited company", "99990000", LONDON, ("Daniel", "Grey", "GB"), Decided, ""),
    b("Volga Export Partners Ltd", "Private limited company", "13579246", LONDON, ("Ivan", "Sanctionov", "RU"), Decided, ""),
    b("Quickfix Trading S.L.", "S.L.", "B11223355", MADRID, ("Pablo", "Ruiz", "ES"), Decided, "edited"),
    b("Mirage Imports GmbH", "GmbH", "HRB553333", BERLIN, ("Felix", "Wagner", "DE"), Decided, ""),
    // Failed: a registry outage and an identity service outage (errored checks).
    b("Cobalt Freight Ltd", "Private limited company", "08719999", BRISTOL, ("Grace", "Hughes", "GB"), Waiting, ""),
    b("Fjord Fisk AB", "AB", "5567123456", STOCKHOLM, ("Erik", "Error", "SE"), Waiting, ""),
    b("Tatra Logistics Sp. z o.o.", "Sp. z o.o.", "0000659999", WARSAW, ("Piotr", "Zielinski", "PL"), Waiting, ""),
    // Decided by reviewers.
    b("Solent Marine Services Ltd", "Private limited company", "07342222", BRISTOL, ("Harry", "Wells", "GB"), Reviewer(true), ""),
    b("Isar Robotics GmbH", "GmbH", "HRB120034", BERLIN, ("Mia", "Review", "DE"), Reviewer(true), ""),
    b("Emerald Isle Gaming Ltd", "Private company limited by shares", "712222", DUBLIN, ("Sean", "Byrne", "IE"), Reviewer(false), ""),
    // Waiting for the merchant (sent back from manual review: their registry names differ).
    b("Thames Crafts Ltd", "Private limited company", "10982222", LONDON, ("Sophie", "Turner", "GB"), Remediation(SectionKey::Documents), ""),
    b("Montmartre Editions SAS", "SAS", "881232222", PARIS, ("Louis", "Martin", "FR"), Remediation(SectionKey::Ownership), ""),
    b("Tallinn Cloud OU", "OU", "16542222", TALLINN, ("Mart", "Kask", "EE"), Remediation(SectionKey::Company), ""),
    b("Alster Biotech GmbH", "GmbH", "HRB772222", HAMBURG, ("Clara", "Vogel", "DE"), Remediation(SectionKey::Representative), ""),
    // Checks running.
    b("Canal Street Coffee Ltd", "Private limited company", "12345098", LONDON, ("Jack", "Evans", "GB"), Running, ""),
    b("Lagune Voyages SAS", "SAS", "901234567", PARIS, ("Chloe", "Moreau", "FR"), Running, ""),
    b("Polder Solar B.V.", "B.V.", "72345678", AMSTERDAM, ("Daan", "Bakker", "NL"), Running, ""),
    b("Delaware Data Systems Inc.", "Corporation", "7456120", WILMINGTON, ("Ethan", "Miller", "US"), Running, ""),
    // Still collecting data.
    b("Sunrise Bakery Ltd", "Private limited company", "13456789", BRISTOL, ("Ella", "Price", "GB"), Draft(0), ""),
    b("Spree Mobility GmbH", "GmbH", "HRB334455", BERLIN, ("Leon", "Schulz", "DE"), Draft(1), ""),
    b("Vltava Games Ltd", "Private limited company", "13998877", LONDON, ("Tomas", "Novak", "GB"), Draft(2), ""),
    b("Costa Brava Hotels S.L.", "S.L.", "B66554433", MADRID, ("Marta", "Vidal", "ES"), Draft(3), ""),
    b("Lakeside Clinics Ltd", "Private company limited by shares", "702345", DUBLIN, ("Aoife", "Walsh", "IE"), Draft(4), ""),
    b("Varta Kitchens Sp. z o.o.", "Sp. z o.o.", "0000823456", WARSAW, ("Ewa", "Lewandowska", "PL"), Draft(2), ""),
];

/// A second person for each business: a shareholder who is not a director.
const SHAREHOLDERS: [(&str, &str, &str); 6] = [
    ("Hannah", "Schmidt", "DE"),
    ("Oliver", "Smith", "GB"),
    ("Ines", "Moreira", "PT"),
    ("Jan", "Jansen", "NL"),
    ("Marco", "Bianchi", "IT"),
    ("Sara", "Lindgren", "SE"),
];

/// A business whose shareholder's name is close to a listed PEP's (the demo list's fictitious
/// French Minister of Defence, Marie Rousseau): with its director's own PEP hit, the demo has a
/// case with two potential matches to dispose of, as a reviewer's day meets them.
const LOOKALIKE: (&str, (&str, &str, &str)) = ("Politikova Consulting Ltd", ("Marie", "Rousseaux", "FR"));

/// The second person of the `i`-th business.
fn shareholder_of(i: usize, biz: &Business) -> (&'static str, &'static str, &'static str) {
    if biz.name == LOOKALIKE.0 { LOOKALIKE.1 } else { SHAREHOLDERS[i % SHAREHOLDERS.len()] }
}

/// A step of a demo case's history, in the order steps at the same instant happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Create,
    Submit,
    Checks,
    Review,
}

/// How long running cases' checks are held during the seeding (they run after it).
const HOLD: SignedDuration = SignedDuration::from_hours(48);

/// When a demo case's steps happen, in minutes before the seeding.
struct Schedule {
    created: i64,
    submitted: Option<i64>,
    review: Option<i64>,
}

impl Schedule {
    /// The schedule of the `k`-th case with this target.
    fn of(target: Target, k: usize) -> Schedule {
        const H: i64 = 60;
        const D: i64 = 24 * H;
        let k = k as i64;
        match target {
            // Drafts: started over the last three days (no SLA while collecting data).
            Draft(_) => Schedule { created: [70, 50, 30, 20, 8, 2][k as usize % 6] * H, submitted: None, review: None },
            // Submitted minutes ago: their checks are running (SLA 1 h).
            Running => {
                let submitted = [40, 25, 12, 5][k as usize % 4];
                Schedule { created: submitted + 2 * H, submitted: Some(submitted), review: None }
            }
            // Decided by the pipeline, over the last two months.
            Decided => {
                let created = 60 * D - k * (55 * D / 16);
                Schedule { created, submitted: Some(created - 25), review: None }
            }
            // In the queue since their checks ended (SLA 24 h): two breached, one due soon,
            // the rest in time.
            Waiting => {
                let checked = [30 * H, 26 * H, 22 * H, 15 * H, 9 * H, 6 * H, 3 * H + 30, 2 * H, H][k as usize % 9];
                Schedule { created: checked + 35, submitted: Some(checked + 5), review: Some(checked - 30) }
            }
            // Sent back to the merchant (SLA 168 h): one breached, one due soon.
            Remediation(_) => {
                let (created, opened) =
                    [(12 * D, 8 * D), (9 * D, 7 * D - 2 * H), (7 * D + 12 * H, 3 * D), (3 * D, 20 * H)][k as usize % 4];
                Schedule { created, submitted: Some(created - 25), review: Some(opened) }
            }
            // Decided by a reviewer the day after.
            Reviewer(_) => {
                let created = [40 * D, 30 * D, 20 * D][k as usize % 3];
                Schedule { created, submitted: Some(created - 25), review: Some(created - D) }
            }
        }
    }
}

/// The sandbox clock held at the demo's steps, put back as it was when dropped (an error
/// included), unless someone moved it meanwhile (`POST /_docket/clock/...`): theirs then stays.
/// Held in memory only: nothing of it is stored or audited. While the demo seeds (seconds), the
/// sandbox clock reads the time being played.
struct HeldClock<'e> {
    engine: &'e crate::Engine,
    scope: Scope,
    before: crate::clock::SandboxClock,
    last: std::cell::Cell<Option<crate::clock::SandboxClock>>,
}

impl<'e> HeldClock<'e> {
    fn hold(engine: &'e crate::Engine, scope: Scope) -> Self {
        HeldClock { engine, scope, before: engine.core.clocks.get(scope.organization), last: None.into() }
    }

    fn at(&self, at: Timestamp) {
        let held = crate::clock::SandboxClock::Frozen { at };
        self.engine.core.clocks.set(self.scope.organization, held);
        self.last.set(Some(held));
    }
}

impl Drop for HeldClock<'_> {
    fn drop(&mut self) {
        let clocks = &self.engine.core.clocks;
        if self.last.get().is_none_or(|held| clocks.get(self.scope.organization) == held) {
            clocks.set(self.scope.organization, self.before);
        }
    }
}

impl super::Kyb<'_> {
    /// A demo reviewer account, made once.
    async fn demo_reviewer(&self, scope: Scope, name: &str, role: Role) -> Result<console::Reviewer> {
        let console = self.engine.console();
        match console.find_reviewer(scope.organization, name).await {
            Ok(found) => Ok(found),
            Err(_) => {
                let new = NewReviewer { name: name.into(), email: None, role };
                console.add_reviewer(scope.organization, new, &Actor::Docket).await
            }
        }
    }

    /// Seeds the demo cases into a sandbox, with the demo registry their registry and cross
    /// checks compare against; returns how many cases were created.
    ///
    /// The cases' history is played forward on the sandbox clock, held at each step's time in
    /// turn, so that everything a step writes (the case, its timeline, the audit chain, its SLA
    /// and due work) carries that time: the timeline and the audit trail agree, and the chain's
    /// times run forward. The clock is put back as it was afterwards. Cases waiting for a
    /// reviewer entered the queue over the last 30 hours against the 24-hour SLA (most in time,
    /// one due soon, two breached); cases running checks were submitted minutes ago and their
    /// checks finish through due work a minute or two after the seeding.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        self.seed_demo_registry().await?;
        let start = self.engine.now(scope);
        let mut plan: Vec<(Timestamp, Step, usize)> = Vec::new();
        let mut counts = std::collections::HashMap::<&str, usize>::new();
        for (i, biz) in BUSINESSES.iter().enumerate() {
            let external_id = format!("demo-kyb-{:03}", i + 1);
            if self.engine.core.db.read(move |conn| store::case_with_external_id(conn, scope, &external_id)).await? {
                continue;
            }
            let kind = match biz.target {
                Draft(_) => "draft",
                Running => "running",
                Decided => "decided",
                Waiting => "waiting",
                Remediation(_) => "remediation",
                Reviewer(_) => "reviewer",
            };
            let k = *counts.entry(kind).and_modify(|n| *n += 1).or_insert(0);
            let at = |minutes_ago: i64| start.saturating_add(SignedDuration::from_mins(-minutes_ago));
            let schedule = Schedule::of(biz.target, k);
            plan.push((at(schedule.created), Step::Create, i));
            if let Some(submitted) = schedule.submitted {
                plan.push((at(submitted), Step::Submit, i));
                if biz.target != Running {
                    plan.push((at(submitted - 5), Step::Checks, i));
                }
            }
            if let Some(review) = schedule.review {
                plan.push((at(review), Step::Review, i));
            }
        }
        if plan.is_empty() {
            return Ok(0);
        }
        plan.sort_by_key(|(at, step, i)| (*at, *step, *i));
        let maya = self.demo_reviewer(scope, "Maya Chen", Role::Reviewer).await?;
        let jonas = self.demo_reviewer(scope, "Jonas Weber", Role::Senior).await?;
        let mut ids: std::collections::HashMap<usize, CaseId> = std::collections::HashMap::new();
        let mut first_waiting = true;
        {
            let clock = HeldClock::hold(self.engine, scope);
            for (at, step, i) in plan {
                clock.at(at);
                let biz = &BUSINESSES[i];
                match step {
                    Step::Create => {
                        let input: NewCase =
                            serde_json::from_value(json!({ "external_id": format!("demo-kyb-{:03}", i + 1) }))?;
                        let id = self.create(scope, input, Actor::Docket).await?.row.id;
                        self.fill(scope, id, i, biz).await?;
                        ids.insert(i, id);
                    }
                    Step::Submit => {
                        let Some(id) = ids.get(&i).copied() else { continue };
                        self.submit(scope, id, Actor::Person).await?;
                        // Running cases' checks wait for the end of the seeding; the others run
                        // at their own step.
                        let due = if biz.target == Running { at.saturating_add(HOLD) } else { at };
                        self.engine
                            .core
                            .db
                            .write(move |conn| match store::get_case(conn, scope, id)? {
                                Some(case) => pipeline::reschedule_pending(conn, &case, due),
                                None => Ok(()),
                            })
                            .await?;
                    }
                    Step::Checks => while self.run_due_checks().await? > 0 {},
                    Step::Review => {
                        let Some(id) = ids.get(&i).copied() else { continue };
                        self.settled(scope, id).await?;
                        self.review_step(scope, id, biz.target, &maya, &jonas, &mut first_waiting).await?;
                    }
                }
            }
        }
        // The running cases' checks finish a little after the seeding, one case after another,
        // through the due-work loop of a serving engine.
        let now = self.engine.now(scope);
        let mut running: Vec<(usize, CaseId)> =
            ids.iter().filter(|(i, _)| BUSINESSES[**i].target == Running).map(|(i, id)| (*i, *id)).collect();
        running.sort();
        for (n, (_, id)) in running.into_iter().enumerate() {
            let due = now.saturating_add(SignedDuration::from_secs(15 + 15 * n as i64));
            self.engine
                .core
                .db
                .write(move |conn| match store::get_case(conn, scope, id)? {
                    Some(case) => pipeline::reschedule_pending(conn, &case, due),
                    None => Ok(()),
                })
                .await?;
        }
        Ok(ids.len())
    }

    /// Waits (briefly) for a case's checks to settle: a serving engine's own loop may have
    /// taken some of them.
    async fn settled(&self, scope: Scope, id: CaseId) -> Result<()> {
        for _ in 0..100 {
            if self.get(scope, id).await?.row.stage != super::Stage::RunningChecks {
                return Ok(());
            }
            while self.run_due_checks().await? > 0 {}
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        Ok(())
    }

    /// What a reviewer does to a demo case at its review step.
    async fn review_step(
        &self,
        scope: Scope,
        id: CaseId,
        target: Target,
        maya: &console::Reviewer,
        jonas: &console::Reviewer,
        first_waiting: &mut bool,
    ) -> Result<()> {
        match target {
            Remediation(section) => {
                let message = match section {
                    SectionKey::Documents => {
                        "The proof of address is older than three months: please upload a recent utility bill or bank statement."
                    }
                    SectionKey::Ownership => {
                        "Please add every shareholder holding 25% or more, with their dates of birth."
                    }
                    SectionKey::Company => "The registered address does not match the registry: please correct it.",
                    _ => "Please give the representative's full legal name as on their passport.",
                };
                let input = NewRemediation::one(
                    (section != SectionKey::Documents).then_some(section),
                    (section == SectionKey::Documents).then_some(DocumentKind::ProofOfAddress),
                    message,
                );
                self.claim(scope, id, maya.clone()).await?;
                self.open_remediation(scope, id, input, Actor::Reviewer(maya.clone())).await?;
            }
            Reviewer(approve) => {
                let note = if approve {
                    "Registry extract and director's passport checked by hand; consistent."
                } else {
                    "Gaming licence could not be confirmed with the regulator."
                };
                let reviewer = if approve { maya.clone() } else { jonas.clone() };
                let claimed = self.claim(scope, id, reviewer.clone()).await?;
                let decision = NewDecision::new(
                    if approve { DecisionKind::Approve } else { DecisionKind::Reject },
                    vec![if approve { Reason::ManuallyVerified } else { Reason::CompanyUnverifiable }],
                    note,
                )
                // Checked by hand, as the note says.
                .acknowledging(claimed.open_flags.iter().map(|f| f.key.clone()).collect());
                self.decide(scope, id, decision, Actor::Reviewer(reviewer)).await?;
            }
            // One case waiting for a reviewer is already being worked, with a note.
            Waiting if *first_waiting => {
                *first_waiting = false;
                self.claim(scope, id, maya.clone()).await?;
                let body = "@Jonas Weber the director's name is close to a PEP entry: same birth year, different \
                            nationality. I'd clear it; can you take a look before I decide?";
                self.comment(scope, id, NewComment { body: body.into() }, maya.clone()).await?;
            }
            _ => {}
        }
        Ok(())
    }

    /// The demo registry: every demo business as a registry would show it (replaced whole, so
    /// seeding again changes nothing).
    async fn seed_demo_registry(&self) -> Result<()> {
        use super::registry::{RegistryFormat, RegistryRecord, RegistrySnapshot};
        let records: Vec<RegistryRecord> = BUSINESSES
            .iter()
            .enumerate()
            .map(|(i, b)| RegistryRecord {
                source: RegistryFormat::Demo,
                country: b.country.into(),
                jurisdiction: if b.country == "US" { "US-DE".into() } else { b.country.into() },
                number: b.number.into(),
                lei: None,
                name: b.name.into(),
                status: "active".into(),
                raw_status: "Active".into(),
                incorporated_on: Some(format!("{}-{:02}-{:02}", 2008 + i % 15, 1 + i % 12, 1 + (i * 7) % 28)),
                category: Some(b.form.into()),
                street: Some(b.street.into()),
                city: Some(b.city.into()),
                region: None,
                postal_code: Some(b.postal.into()),
            })
            .collect();
        let snapshot = RegistrySnapshot {
            source: RegistryFormat::Demo,
            file_name: "generated".into(),
            records: records.len() as u64,
            rows_read: records.len() as u64,
            rows_rejected: 0,
            imported_at: self.engine.real_now(),
        };
        self.engine.core.db.write(move |conn| store::replace_registry(conn, &snapshot, &records)).await
    }

    /// Fills the sections a demo business has got to, with its documents.
    async fn fill(&self, scope: Scope, id: CaseId, i: usize, biz: &Business) -> Result<()> {
        let sections = match biz.target {
            Draft(n) => n,
            _ => 4,
        };
        let (first, last, nationality) = biz.director;
        let shareholder = shareholder_of(i, biz);
        let us = biz.country == "US";
        let company = json!({
            "legal_name": biz.name, "form_type": biz.form,
            "entity_type": if us { "corporation" } else { "limited_company" },
            "registration_type": if us { "sos_id" } else { "company_number" },
            "registration_number": biz.number, "country": biz.country,
            "state": if us { Some("DE") } else { None },
            "tin": if us { Some(format!("84-{:07}", 1_200_000 + i * 7_919)) } else { None },
            "incorporation_date": format!("{}-{:02}-{:02}", 2008 + i % 15, 1 + i % 12, 1 + (i * 7) % 28),
            "address": { "street": biz.street, "city": biz.city, "postal_code": biz.postal, "country": biz.country },
        });
        let representative = json!({
            "first_name": first, "last_name": last, "title": "Managing director", "nationality": nationality,
            "email": format!("{}.{}@example.com", first.to_lowercase(), last.to_lowercase().replace([' ', '\''], "")),
            "date_of_birth": format!("{}-{:02}-{:02}", 1965 + i % 30, 1 + (i * 5) % 12, 1 + (i * 3) % 28),
        });
        let ownership = json!({ "persons": [
            { "first_name": first, "last_name": last, "roles": ["director", "shareholder"], "ownership_percentage": 60,
              "nationality": nationality, "date_of_birth": format!("{}-{:02}-{:02}", 1965 + i % 30, 1 + (i * 5) % 12, 1 + (i * 3) % 28) },
            { "first_name": shareholder.0, "last_name": shareholder.1, "roles": ["shareholder"], "ownership_percentage": 40,
              "nationality": shareholder.2, "date_of_birth": format!("{}-{:02}-{:02}", 1970 + i % 25, 1 + (i * 11) % 12, 1 + (i * 13) % 28) },
        ]});
        let steps = [
            (SectionKey::Company, company),
            (SectionKey::Representative, representative),
            (SectionKey::Ownership, ownership),
        ];
        for (section, body) in steps.into_iter().take(sections) {
            self.save_section(scope, id, section, body, Actor::Person).await?;
        }
        if sections < 4 {
            return Ok(());
        }
        let registry = if us { "Delaware Division of Corporations" } else { "the national company registry" };
        let marker = if biz.document.is_empty() { String::new() } else { format!("-{}", biz.document) };
        let documents = [
            (
                DocumentKind::CertificateOfIncorporation,
                "Certificate of incorporation",
                vec![
                    format!("This certifies that {}", biz.name),
                    format!("company number {}", biz.number),
                    format!("was incorporated as a {} and is registered with {registry}.", biz.form),
                ],
            ),
            (
                DocumentKind::ProofOfAddress,
                "Utility bill",
                vec![biz.name.to_owned(), biz.street.to_owned(), format!("{} {}", biz.postal, biz.city)],
            ),
            (
                DocumentKind::OwnershipDocument,
                "Register of members",
                vec![
                    biz.name.to_owned(),
                    format!("{first} {last}: 60 ordinary shares"),
                    format!("{} {}: 40 ordinary shares", shareholder.0, shareholder.1),
                ],
            ),
        ];
        for (kind, title, lines) in documents {
            let producer = if biz.document == "edited" && kind == DocumentKind::CertificateOfIncorporation {
                "Adobe Photoshop 25.0"
            } else {
                "Docket demo registry"
            };
            let bytes = pdf::write_document(title, &lines, producer);
            let name = format!("{}{marker}.pdf", kind.as_str().replace('_', "-"));
            self.add_document_bytes(scope, id, kind, &name, &bytes, Actor::Person).await?;
        }
        Ok(())
    }
}

impl super::Kyb<'_> {
    /// Adds `count` generated cases quickly, in large transactions, for benchmarks: filled
    /// forms, a mix of statuses with their checks summaries, each with its organization
    /// applicant. Deterministic for a given `seed`.
    pub async fn seed_synthetic(&self, scope: Scope, count: usize, seed: u64) -> Result<usize> {
        use rand::{RngExt, SeedableRng};

        use super::case::{CaseStatus, RiskLevel};
        use super::model::{Case, VerificationId};
        use super::summary::{CheckInstance, CheckType, ChecksSummary, Outcome, Severity};
        use crate::applicants::{self, ApplicantId, ApplicantInfo, ApplicantType, NewApplicant};

        const BATCH: usize = 2_000;
        const STATUSES: [(CaseStatus, Option<RiskLevel>); 8] = [
            (CaseStatus::Approved, Some(RiskLevel::Low)),
            (CaseStatus::Approved, Some(RiskLevel::Low)),
            (CaseStatus::ManualReview, Some(RiskLevel::Medium)),
            (CaseStatus::Rejected, Some(RiskLevel::High)),
            (CaseStatus::Draft, None),
            (CaseStatus::UnderReview, None),
            (CaseStatus::Failed, None),
            (CaseStatus::ApprovedManually, Some(RiskLevel::Medium)),
        ];
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut done = 0;
        while done < count {
            let n = BATCH.min(count - done);
            let now = self.engine.now(scope);
            let mut batch = Vec::with_capacity(n);
            for k in 0..n {
                let biz = &BUSINESSES[rng.random_range(0..BUSINESSES.len())];
                let (status, risk) = STATUSES[rng.random_range(0..STATUSES.len())];
                let real_now = self.engine.real_now();
                let name = format!("{} {}", biz.name, done + k);
                let applicant = applicants::build(
                    NewApplicant {
                        applicant_type: Some(ApplicantType::Organization),
                        info: Some(ApplicantInfo { full_name: Some(name.clone()), ..ApplicantInfo::default() }),
                        ..NewApplicant::default()
                    },
                    ApplicantId::new(real_now),
                    now,
                )?;
                let form: super::Form = serde_json::from_value(json!({
                    "company": {
                        "legal_name": name, "form_type": biz.form, "entity_type": "limited_company",
                        "registration_type": "company_number", "registration_number": format!("{}{}", biz.number, k),
                        "country": biz.country, "incorporation_date": "2016-04-12",
                        "address": { "street": biz.street, "city": biz.city, "postal_code": biz.postal, "country": biz.country },
                    },
                    "representative": { "first_name": biz.director.0, "last_name": biz.director.1, "email": "rep@example.com",
                                        "title": "Director", "date_of_birth": "1980-01-01" },
                }))?;
                let plan = super::plan::default_plan(&form);
                let submitted = status != CaseStatus::Draft;
                let summary = submitted.then(|| {
                    let instances: Vec<CheckInstance> = plan
                        .iter()
                        .map(|t| CheckInstance {
                            check_type: *t,
                            outcome: match status {
                                CaseStatus::UnderReview if *t == CheckType::BusinessRiskScore => None,
                                CaseStatus::Failed if *t == CheckType::Registry => {
                                    Some(Outcome::Error { reason: "x".into() })
                                }
                                CaseStatus::Failed if *t == CheckType::BusinessRiskScore => {
                                    Some(Outcome::Error { reason: "x".into() })
                                }
                                _ => Some(Outcome::Done {
                                    severity: match (risk, *t) {
                                        (Some(RiskLevel::High), CheckType::AmlPerson) => Severity::High,
                                        (Some(RiskLevel::Medium), CheckType::Kyc) => Severity::Medium,
                                        _ => Severity::Low,
                                    },
                                    verdict: "verified".into(),
                                }),
                            },
                        })
                        .collect();
                    ChecksSummary::of(&plan, &instances)
                });
                let at = now.saturating_add(SignedDuration::from_mins(-(rng.random_range(0..60 * 24 * 90))));
                let case = Case {
                    id: CaseId::new(real_now),
                    public_id: format!("KYB-S{:07}", done + k),
                    scope,
                    applicant_id: applicant.applicant_id,
                    external_id: None,
                    status,
                    risk_level: risk,
                    verification_id: submitted.then(|| VerificationId::new(real_now)),
                    round: u32::from(submitted),
                    form,
                    plan: submitted.then_some(plan),
                    checks_summary: summary,
                    remediation_sections: Vec::new(),
                    widget_token: format!("{:048x}", (done + k) as u128 * 0x9E37_79B9_7F4A_7C15 + seed as u128),
                    widget_expires_at: at.saturating_add(SignedDuration::from_hours(720)),
                    created_at: at,
                    submitted_at: submitted.then_some(at),
                    last_activity_at: at,
                    review: CaseReview {
                        sla_due_at: SlaHours::default().due(status.stage(), at),
                        ..CaseReview::new(at)
                    },
                };
                batch.push((applicant, case));
            }
            self.engine
                .core
                .db
                .write(move |conn| {
                    for (applicant, case) in &batch {
                        applicants::store::insert(conn, scope, applicant)?;
                        store::insert_case(conn, case)?;
                        // Its first timeline event, as a created case has (and so an audit chain
                        // as long as the case list, for the desk's benchmark).
                        let created = json!({ "public_id": case.public_id });
                        store::add_timeline(conn, case, &entry(case.created_at, "created", &Actor::Docket, created))?;
                    }
                    Ok(())
                })
                .await?;
            done += n;
        }
        Ok(done)
    }
}
