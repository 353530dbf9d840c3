//! `stats.<period>.<indicator>`: an applicant's transactions and payments together, by calendar
//! day from 00:00 UTC on the environment's clock. `last1d` is today, `last7d` today and the six
//! full days before, `last30d` likewise; the event being evaluated is counted (it is added to
//! its day before the rules run, and its day is written in the transaction that stores it).

use docket_rules::{Decimal, Indicator, Period, Stat};
use jiff::ToSpan;

use super::model::{PeriodStats, Stats};
use super::store::{Day, Days};
use crate::error::Result;
use crate::time::Timestamp;

/// The three periods' aggregates, as numbers for the rules.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Aggregates {
    periods: [Aggregate; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Aggregate {
    events: u64,
    amounts: u64,
    sum: Decimal,
    min: Option<Decimal>,
    max: Option<Decimal>,
}

impl Aggregate {
    fn add(&mut self, day: &Day) {
        self.events += day.events;
        self.amounts += day.amounts;
        // A day's sum fitted; a period of 30 such days may not: then it saturates (documented).
        self.sum = self.sum.checked_add(day.sum).unwrap_or(Decimal::MAX);
        if let Some(m) = day.min {
            self.min = Some(self.min.map_or(m, |x| x.min(m)));
        }
        if let Some(m) = day.max {
            self.max = Some(self.max.map_or(m, |x| x.max(m)));
        }
    }

    fn avg(&self) -> Decimal {
        if self.amounts == 0 {
            return Decimal::ZERO;
        }
        self.sum.checked_div(Decimal::from(self.amounts)).map(|d| d.round_dp(12).normalize()).unwrap_or_default()
    }

    fn get(&self, indicator: Indicator) -> Decimal {
        match indicator {
            Indicator::Sum => self.sum,
            Indicator::Avg => self.avg(),
            Indicator::Min => self.min.unwrap_or_default(),
            Indicator::Max => self.max.unwrap_or_default(),
            Indicator::TransactionsCount => Decimal::from(self.events),
        }
    }

    fn served(&self) -> PeriodStats {
        PeriodStats {
            sum: self.sum.to_string(),
            avg: self.avg().to_string(),
            min: self.min.unwrap_or_default().to_string(),
            max: self.max.unwrap_or_default().to_string(),
            transactions_count: self.events,
        }
    }
}

fn slot(period: Period) -> usize {
    match period {
        Period::Last1d => 0,
        Period::Last7d => 1,
        Period::Last30d => 2,
    }
}

/// The first and last day (`YYYY-MM-DD`) the statistics at `now` read.
pub(crate) fn window(now: Timestamp) -> (String, String) {
    let today = now.date();
    let first = today.checked_sub(29.days()).unwrap_or(today);
    (first.to_string(), today.to_string())
}

/// The days of a [`window`] (newest first) with one more event counted into its last day,
/// `today`; and that day as counted.
pub(crate) fn counted(days: &[(String, Day)], today: &str, amount: Option<Decimal>) -> Result<(Days, Day)> {
    let mut days = days.to_vec();
    if days.first().is_none_or(|(d, _)| d != today) {
        days.insert(0, (today.to_owned(), Day::default()));
    }
    days[0].1.add(amount)?;
    let day = days[0].1.clone();
    Ok((days, day))
}

impl Aggregates {
    /// Folds an applicant's days (from [`window`]) into the three periods.
    pub(crate) fn of(now: Timestamp, days: &[(String, Day)]) -> Self {
        let today = now.date();
        let since = |n: i32| today.checked_sub((n - 1).days()).unwrap_or(today).to_string();
        let (from7, from1) = (since(7), since(1));
        let mut out = Aggregates::default();
        for (day, d) in days {
            out.periods[2].add(d);
            if *day >= from7 {
                out.periods[1].add(d);
            }
            if *day >= from1 {
                out.periods[0].add(d);
            }
        }
        out
    }

    pub(crate) fn get(&self, stat: Stat) -> Decimal {
        self.periods[slot(stat.period)].get(stat.indicator)
    }

    pub(crate) fn served(&self) -> Stats {
        Stats { last1d: self.periods[0].served(), last7d: self.periods[1].served(), last30d: self.periods[2].served() }
    }
}

/// The value of `stats.<period>.<indicator>` as served in a result, for replaying it.
pub(crate) fn served_value(s: &Stats, stat: Stat) -> Decimal {
    let p = match stat.period {
        Period::Last1d => &s.last1d,
        Period::Last7d => &s.last7d,
        Period::Last30d => &s.last30d,
    };
    let d = |t: &str| t.parse::<Decimal>().unwrap_or_default();
    match stat.indicator {
        Indicator::Sum => d(&p.sum),
        Indicator::Avg => d(&p.avg),
        Indicator::Min => d(&p.min),
        Indicator::Max => d(&p.max),
        Indicator::TransactionsCount => Decimal::from(p.transactions_count),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Timestamp {
        Timestamp::from_jiff(s.parse().expect("a time"))
    }

    fn day(events: u64, amounts: &[i64]) -> Day {
        let mut d = Day::default();
        for a in amounts {
            d.add(Some(Decimal::from(*a))).expect("fits");
        }
        for _ in amounts.len() as u64..events {
            d.add(None).expect("fits");
        }
        d
    }

    #[test]
    fn periods_are_calendar_days_from_midnight_utc() {
        let now = at("2026-03-10T00:30:00Z");
        let days = vec![
            ("2026-03-10".to_owned(), day(1, &[100])),
            ("2026-03-09".to_owned(), day(2, &[50, 10])), // yesterday: in 7d and 30d, not 1d
            ("2026-03-04".to_owned(), day(1, &[5])),      // the sixth full day before: in 7d
            ("2026-03-03".to_owned(), day(1, &[7])),      // the seventh: only in 30d
            ("2026-02-09".to_owned(), day(1, &[1])),      // 29 days before: in 30d
        ];
        let a = Aggregates::of(now, &days);
        let get = |p, i| a.get(Stat { period: p, indicator: i });
        assert_eq!(get(Period::Last1d, Indicator::TransactionsCount), Decimal::from(1));
        assert_eq!(get(Period::Last7d, Indicator::TransactionsCount), Decimal::from(4));
        assert_eq!(get(Period::Last30d, Indicator::TransactionsCount), Decimal::from(6));
        assert_eq!(get(Period::Last7d, Indicator::Sum), Decimal::from(165));
        assert_eq!(get(Period::Last7d, Indicator::Min), Decimal::from(5));
        assert_eq!(get(Period::Last30d, Indicator::Max), Decimal::from(100));
        assert_eq!(
            get(Period::Last30d, Indicator::Avg),
            (Decimal::from(173) / Decimal::from(6)).round_dp(12),
            "to 12 places"
        );
        assert_eq!(window(now), ("2026-02-09".to_owned(), "2026-03-10".to_owned()));
    }

    #[test]
    fn events_without_an_amount_count_but_do_not_average() {
        let now = at("2026-03-10T12:00:00Z");
        let a = Aggregates::of(now, &[("2026-03-10".to_owned(), day(3, &[30]))]);
        let s = a.served();
        assert_eq!((s.last1d.transactions_count, s.last1d.avg.as_str(), s.last1d.sum.as_str()), (3, "30", "30"));
        let empty = Aggregates::of(now, &[("2026-03-10".to_owned(), day(1, &[]))]).served();
        assert_eq!((empty.last1d.avg.as_str(), empty.last1d.min.as_str()), ("0", "0"));
    }

    #[test]
    fn served_values_replay_exactly() {
        let now = at("2026-03-10T12:00:00Z");
        let a = Aggregates::of(now, &[("2026-03-10".to_owned(), day(2, &[1, 2]))]);
        let s = a.served();
        for period in [Period::Last1d, Period::Last7d, Period::Last30d] {
            for indicator in
                [Indicator::Sum, Indicator::Avg, Indicator::Min, Indicator::Max, Indicator::TransactionsCount]
            {
                let stat = Stat { period, indicator };
                assert_eq!(served_value(&s, stat), a.get(stat), "{stat:?}");
            }
        }
    }
}
