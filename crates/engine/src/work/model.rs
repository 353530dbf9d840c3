//! The kinds of due work and a claimed item.

use std::time::Duration;

use crate::scope::Scope;
use crate::time::Timestamp;

/// What an item is for. Each kind has one worker; stored by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// The next attempt of a webhook delivery (subject: the delivery).
    WebhookDelivery,
    /// The next screening of a monitored applicant (subject: the applicant).
    AmlScreening,
    /// A KYB check instance to run (subject: the check).
    KybCheck,
    /// A single KYB check (TIN, US registry, documents) to run (subject: the request).
    KybSingleCheck,
    /// A KYB case's SLA due time, to record its breach (subject: the case).
    KybSla,
    /// A proceeded document verification's checks to run (subject: the verification).
    VerificationProcess,
    /// An open document verification to expire (subject: the verification).
    VerificationExpiry,
    /// A reviewer's outcome of a verification's check, once its undo minute has passed
    /// (subject: the verification).
    VerificationOutcome,
    /// An e-mail check whose domain was greylisted, to look at again (subject: the check).
    EmailRecheck,
    /// A one-time code's message to send (again) by SMTP (subject: the message).
    EmailDelivery,
    /// The daily backup (subject: [`crate::backup::DAILY_SUBJECT`]).
    Backup,
    /// A monitored crypto address to check again (subject: the check that started it).
    KytMonitor,
}

impl Kind {
    pub(crate) const ALL: [Kind; 12] = [
        Kind::WebhookDelivery,
        Kind::AmlScreening,
        Kind::KybCheck,
        Kind::KybSingleCheck,
        Kind::KybSla,
        Kind::VerificationProcess,
        Kind::VerificationExpiry,
        Kind::VerificationOutcome,
        Kind::EmailRecheck,
        Kind::EmailDelivery,
        Kind::Backup,
        Kind::KytMonitor,
    ];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Kind::WebhookDelivery => "webhook_delivery",
            Kind::AmlScreening => "aml_screening",
            Kind::KybCheck => "kyb_check",
            Kind::KybSingleCheck => "kyb_single_check",
            Kind::KybSla => "kyb_sla",
            Kind::VerificationProcess => "verification_process",
            Kind::VerificationExpiry => "verification_expiry",
            Kind::VerificationOutcome => "verification_outcome",
            Kind::EmailRecheck => "email_recheck",
            Kind::EmailDelivery => "email_delivery",
            Kind::Backup => "backup",
            Kind::KytMonitor => "kyt_monitor",
        }
    }

    /// Its bit in the set of kinds a commit wakes.
    pub(crate) fn bit(self) -> u64 {
        1 << (self as u64)
    }

    /// The delay before running an item again after its worker failed `attempts` times in a
    /// row: doubling from 5 seconds, at most an hour.
    pub(crate) fn backoff(self, attempts: u32) -> Duration {
        let seconds = 5u64.saturating_mul(1 << attempts.saturating_sub(1).min(10));
        Duration::from_secs(seconds.min(3600))
    }
}

/// An item a loop has claimed: it is leased to this process until it is ended or the lease
/// expires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Claim {
    pub(crate) kind: Kind,
    pub(crate) scope: Scope,
    pub(crate) subject: uuid::Uuid,
    /// The generation claimed; a newer one means the subject was scheduled anew meanwhile.
    pub(crate) generation: i64,
    /// Runs since it was last scheduled, this one included.
    pub(crate) attempts: u32,
    /// When it was due.
    pub(crate) due_at: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_to_an_hour() {
        let k = Kind::AmlScreening;
        assert_eq!(k.backoff(1), Duration::from_secs(5));
        assert_eq!(k.backoff(2), Duration::from_secs(10));
        assert_eq!(k.backoff(3), Duration::from_secs(20));
        assert_eq!(k.backoff(40), Duration::from_secs(3600));
    }

    #[test]
    fn kinds_have_distinct_bits_and_names() {
        let bits: u64 = Kind::ALL.iter().map(|k| k.bit()).fold(0, |a, b| a | b);
        assert_eq!(bits.count_ones() as usize, Kind::ALL.len());
        let mut names: Vec<_> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
    }
}
