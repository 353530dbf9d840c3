//! Each applicant's statistics days as its last event left them, so that the next event's rules
//! can run before its write, off the writer's thread, which every write in Docket waits for.
//!
//! Only a hint: the write reads the days again and runs the rules again when they differ
//! (another event of the applicant was stored first, a write was rolled back, the sandbox was
//! reset, the applicant erased). Nothing is read for it: reading the days before the write was
//! measured to cost more than it saved, as every commit empties a reader's page cache.

use std::collections::HashMap;
use std::sync::Mutex;

use super::stats;
use super::store::Days;
use crate::applicants::ApplicantId;
use crate::scope::Scope;
use crate::time::Timestamp;

/// At most this many applicants are remembered (a few kilobytes each at most); past it the
/// hints start again from none.
const MAX_APPLICANTS: usize = 16_384;

#[derive(Default)]
pub(crate) struct Hints {
    days: Mutex<HashMap<(Scope, ApplicantId), Days>>,
}

impl Hints {
    /// The applicant's days in the statistics' window at `at`, as its last event left them.
    pub(crate) fn get(&self, scope: Scope, applicant: ApplicantId, at: Timestamp) -> Option<Days> {
        let (first, last) = stats::window(at);
        let days = self.days.lock().unwrap_or_else(|e| e.into_inner());
        let known = days.get(&(scope, applicant))?;
        Some(known.iter().filter(|(day, _)| *day >= first && *day <= last).cloned().collect())
    }

    /// Remembers the days an event left (set inside its write, so in the order of the writes).
    pub(crate) fn set(&self, scope: Scope, applicant: ApplicantId, left: Days) {
        let mut days = self.days.lock().unwrap_or_else(|e| e.into_inner());
        if days.len() >= MAX_APPLICANTS && !days.contains_key(&(scope, applicant)) {
            days.clear();
        }
        days.insert((scope, applicant), left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scope::{Environment, OrganizationId};
    use crate::transmon::store::Day;

    fn at(s: &str) -> Timestamp {
        Timestamp::from_jiff(s.parse().expect("a time"))
    }

    fn days(names: &[&str]) -> Days {
        names.iter().map(|d| ((*d).to_owned(), Day { events: 1, ..Day::default() })).collect()
    }

    #[test]
    fn a_hint_keeps_only_the_days_of_the_window_at_the_time_asked() {
        let hints = Hints::default();
        let scope = Scope::new(OrganizationId(uuid::Uuid::from_u128(1)), Environment::Sandbox);
        let who = ApplicantId(uuid::Uuid::from_u128(2));
        assert_eq!(hints.get(scope, who, at("2026-03-10T12:00:00Z")), None);
        hints.set(scope, who, days(&["2026-03-10", "2026-02-15", "2026-02-08"]));
        assert_eq!(hints.get(scope, who, at("2026-03-10T23:00:00Z")), Some(days(&["2026-03-10", "2026-02-15"])));
        // A clock set back leaves out the days after it.
        assert_eq!(hints.get(scope, who, at("2026-03-01T00:00:00Z")), Some(days(&["2026-02-15", "2026-02-08"])));
        let other = Scope::new(OrganizationId(uuid::Uuid::from_u128(1)), Environment::Production);
        assert_eq!(hints.get(other, who, at("2026-03-10T12:00:00Z")), None, "each environment its own");
    }

    #[test]
    fn past_the_limit_the_hints_start_again() {
        let hints = Hints::default();
        let scope = Scope::new(OrganizationId(uuid::Uuid::from_u128(1)), Environment::Sandbox);
        for n in 0..MAX_APPLICANTS as u128 {
            hints.set(scope, ApplicantId(uuid::Uuid::from_u128(n)), days(&["2026-03-10"]));
        }
        let now = at("2026-03-10T12:00:00Z");
        assert!(hints.get(scope, ApplicantId(uuid::Uuid::from_u128(0)), now).is_some());
        hints.set(scope, ApplicantId(uuid::Uuid::from_u128(u128::MAX)), days(&["2026-03-10"]));
        assert!(hints.get(scope, ApplicantId(uuid::Uuid::from_u128(0)), now).is_none());
        assert!(hints.get(scope, ApplicantId(uuid::Uuid::from_u128(u128::MAX)), now).is_some());
    }
}
