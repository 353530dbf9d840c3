//! E-mail verification's rules: a check from its address to its verdict, ownership by a
//! one-time code (send, resend, verify), and the messages.

use jiff::SignedDuration;

use super::address;
use super::messages;
use super::model::{CheckFlags, Details, EmailCheck, EmailCheckId, EmailMessage, EmailMessageId, OtpAnswer, Record};
use super::mx;
use super::otp;
use super::rules::{self, Findings, MxState, Verdict};
use super::store::{self, EmailCheckFilter};
use crate::Engine;
use crate::applicants::ApplicantId;
use crate::error::{Error, Result};
use crate::page::{Bounds, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::work::{self, Kind};

/// Bounds of the check list (spec 8: 1 to 200, default 20).
pub const LIST_BOUNDS: Bounds = Bounds { min: 1, max: 200, default: 20 };
/// The longest address accepted as input (longer ones are refused before any check).
const MAX_INPUT: usize = 320;

/// A new check (public-api.md section 5).
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NewEmailCheck {
    pub email: String,
    /// The applicant the address belongs to; its verified e-mail is set when ownership is
    /// proven.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Uuid))]
    pub applicant_id: Option<ApplicantId>,
    /// Send a one-time code to prove the address is the person's.
    #[serde(default)]
    pub require_ownership: bool,
    /// The code message's language (`en`, `de`, `fr`, `es`; others get English).
    pub locale: Option<String>,
}

/// The event of a check (its verdict known, or its ownership verified).
pub const EVENT: &str = "EMAIL_CHECK";

/// Emits `EMAIL_CHECK` for a check in the caller's transaction.
fn emit(
    conn: &rusqlite::Connection,
    scope: Scope,
    check: &EmailCheck,
    event: &str,
    at: Timestamp,
    real_now: Timestamp,
) -> Result<()> {
    let mut payload = serde_json::to_value(check)?;
    if let Some(object) = payload.as_object_mut() {
        object.insert("event".to_owned(), serde_json::Value::String(event.to_owned()));
    }
    crate::events::emit(
        conn,
        scope,
        &crate::events::NewEvent {
            id: crate::events::EventId::new(real_now),
            event_type: EVENT,
            subject: Some(check.id.as_uuid()),
            payload: &payload.to_string(),
            at,
            real_now,
        },
    )
    .map(drop)
}

pub struct Emails<'e> {
    pub(crate) engine: &'e Engine,
}

/// Checks an address and gives its flags, details and verdict (the mail exchanger from
/// `mx_state` when the syntax allows a lookup).
fn evaluate(
    parsed: &Result<address::Address, address::SyntaxError>,
    mx_state: impl FnOnce(&address::Address) -> (MxState, bool),
) -> (CheckFlags, Details, Verdict, Option<String>, u8) {
    let mut details = Details { risk_model: rules::RISK_MODEL.to_owned(), ..Details::default() };
    let findings = match parsed {
        Err(e) => {
            details.syntax_error = Some(e.to_string());
            Findings {
                syntax_valid: false,
                mx: None,
                disposable: false,
                role_based: false,
                catch_all: false,
                typo: false,
            }
        }
        Ok(a) => {
            let (mx, catch_all) = mx_state(a);
            details.normalized = Some(a.normalized());
            details.mx = Some(mx);
            details.catch_all = catch_all;
            details.suggestion = rules::suggestion(a);
            Findings {
                syntax_valid: true,
                mx: Some(mx),
                disposable: rules::is_disposable(a),
                role_based: rules::is_role(a),
                catch_all,
                typo: details.suggestion.is_some(),
            }
        }
    };
    let (verdict, code, risk) = rules::verdict(&findings);
    let flags = CheckFlags {
        syntax_valid: findings.syntax_valid,
        mx_found: findings.mx == Some(MxState::Found),
        disposable: findings.disposable,
        role_based: findings.role_based,
    };
    (flags, details, verdict, code.map(str::to_owned), risk)
}

fn check_locale(locale: Option<String>) -> Result<Option<String>> {
    let Some(l) = locale.map(|l| l.trim().to_owned()).filter(|l| !l.is_empty()) else { return Ok(None) };
    if l.len() > 35 || !l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(Error::invalid("locale", "must be a language tag such as `en`, `de` or `fr-CA`"));
    }
    Ok(Some(l))
}

impl Emails<'_> {
    fn pepper(&self) -> Option<[u8; 32]> {
        self.engine.core.webhooks.master_key().ok().map(|k| k.derive(b"docket email one-time codes"))
    }

    /// Checks an address; with `require_ownership`, sends it a one-time code.
    pub async fn create(&self, scope: Scope, input: NewEmailCheck) -> Result<EmailCheck> {
        let email = input.email.trim_matches(' ').to_owned();
        if email.is_empty() {
            return Err(Error::invalid("email", "is required"));
        }
        if email.chars().count() > MAX_INPUT {
            return Err(Error::invalid("email", format!("must be at most {MAX_INPUT} characters")));
        }
        let locale = check_locale(input.locale)?;
        if let Some(a) = input.applicant_id {
            self.engine.applicants().get(scope, a).await?;
        }
        // The mail exchanger: simulated in the sandbox, asked of DNS in production.
        let parsed = address::parse(&email);
        let looked_up = match (scope.is_sandbox(), &parsed) {
            (false, Ok(a)) => Some(match self.engine.core.email.resolver() {
                Ok(resolver) => resolver.lookup(&a.ascii_domain).await,
                Err(_) => (MxState::LookupFailed, Vec::new()),
            }),
            _ => None,
        };
        let (flags, mut details, verdict, code, risk) = evaluate(&parsed, |a| match &looked_up {
            Some((state, _)) => (*state, false),
            None => mx::simulate(&a.ascii_domain, true),
        });
        if let Some((_, hosts)) = looked_up {
            details.mx_hosts = hosts;
        }
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let id = EmailCheckId::new(real_now);
        let mut record = Record {
            check: EmailCheck {
                id,
                email: email.clone(),
                verdict,
                code,
                risk_score: risk,
                checks: flags,
                otp_sent: false,
                otp_expires_at: None,
                ownership_verified: false,
                ownership_verified_at: None,
                created_at: now,
                applicant_id: input.applicant_id,
                require_ownership: input.require_ownership,
                locale: locale.clone(),
                details: std::mem::take(&mut details),
            },
            scope,
            otp_hash: None,
            otp_salt: None,
            otp_sent_at: None,
            otp_attempts: 0,
            updated_at: None,
        };
        let message = if input.require_ownership { self.new_code(&mut record, now) } else { None };
        let greylisted = record.check.details.mx == Some(MxState::Greylisted);
        let (check, queued) = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::save(conn, &record)?;
                if let Some(m) = &message {
                    store::insert_message(conn, scope, m)?;
                }
                if greylisted {
                    let at = now.saturating_add(SignedDuration::from_secs(mx::GREYLIST_SECONDS));
                    work::store::schedule(conn, Kind::EmailRecheck, scope, id.as_uuid(), at)?;
                } else {
                    emit(conn, scope, &record.check, "check_completed", now, real_now)?;
                }
                Ok((record.check, message.filter(|m| m.state == "queued").map(|m| m.id)))
            })
            .await?;
        self.send_now(scope, check, queued).await
    }

    /// Sends a queued message at once (production), then answers the check as it now is.
    async fn send_now(&self, scope: Scope, check: EmailCheck, queued: Option<EmailMessageId>) -> Result<EmailCheck> {
        let Some(message) = queued else { return Ok(check) };
        self.deliver(scope, message, None).await?;
        self.get(scope, check.id).await
    }

    /// Sends a queued message through the relay and records the outcome on the message and
    /// its check; a failure is tried again later (at most five times).
    pub(crate) async fn deliver(&self, scope: Scope, id: EmailMessageId, claim: Option<work::Claim>) -> Result<()> {
        const MAX_SENDS: u32 = 5;
        let found = self.engine.core.db.read(move |conn| store::get_message(conn, scope, id)).await?;
        let done = |claim: Option<work::Claim>| async move {
            match claim {
                Some(c) => self.engine.core.db.write(move |conn| work::store::complete(conn, &c).map(drop)).await,
                None => Ok(()),
            }
        };
        let Some(mut message) = found.filter(|m| m.state == "queued") else { return done(claim).await };
        let outcome = match self.engine.core.email.relay() {
            Some(Ok(relay)) => relay.send(&message.to, &message.subject, &message.text, &message.html).await,
            Some(Err(e)) => Err(e.to_owned()),
            None => Err("no SMTP relay is configured".to_owned()),
        };
        let now = self.engine.now(scope);
        message.attempts += 1;
        let sent = outcome.is_ok();
        match outcome {
            Ok(()) => {
                // Sent: the stored copy no longer shows the code.
                if let Some(code) = message.code.take() {
                    for part in [&mut message.subject, &mut message.text, &mut message.html] {
                        *part = part.replace(&code, "••••••");
                    }
                }
                message.state = "sent".to_owned();
                message.sent_at = Some(now);
                message.last_error = None;
            }
            Err(e) => {
                message.last_error = Some(crate::values::shorten(&e, 300));
                message.state = if message.attempts >= MAX_SENDS { "failed" } else { "queued" }.to_owned();
            }
        }
        let retry_at = now.saturating_add(SignedDuration::from_secs(30 * (1 << message.attempts.min(6))));
        let check_id = message.check_id;
        self.engine
            .core
            .db
            .write(move |conn| {
                store::update_message(conn, &message)?;
                if let Some(mut r) = store::get(conn, scope, check_id)? {
                    r.check.otp_sent = sent || r.check.otp_sent;
                    r.check.details.otp_code = if sent { None } else { Some("otp_send_failed".to_owned()) };
                    r.updated_at = Some(now);
                    store::save(conn, &r)?;
                }
                let again = message.state == "queued";
                match (&claim, again) {
                    (Some(c), true) => work::store::reschedule(conn, c, retry_at).map(drop),
                    (Some(c), false) => work::store::complete(conn, c).map(drop),
                    (None, true) => {
                        work::store::schedule(conn, Kind::EmailDelivery, scope, message.id.as_uuid(), retry_at)
                    }
                    (None, false) => Ok(()),
                }
            })
            .await
    }

    /// Makes a new code for the record (replacing any earlier one) and its message; `None`
    /// when no code can go out, with the reason in `details.otp_code`.
    fn new_code(&self, record: &mut Record, now: Timestamp) -> Option<EmailMessage> {
        let check = &mut record.check;
        if !check.checks.syntax_valid || matches!(check.details.mx, Some(MxState::NoDomain | MxState::NoMail)) {
            check.details.otp_code = Some("otp_not_sent_invalid_address".to_owned());
            return None;
        }
        let sandbox = record.scope.is_sandbox();
        if !sandbox {
            // Production sends by SMTP through a configured relay; without one nothing is sent.
            match self.engine.core.email.relay() {
                None => {
                    check.details.otp_code = Some("otp_not_sent_no_relay".to_owned());
                    return None;
                }
                Some(Err(_)) => {
                    check.details.otp_code = Some("otp_not_sent_relay_misconfigured".to_owned());
                    return None;
                }
                Some(Ok(_)) => {}
            }
        }
        let code = otp::generate();
        let salt = otp::salt();
        record.otp_hash = Some(otp::hash(&code, &salt, self.pepper().as_ref()));
        record.otp_salt = Some(salt);
        record.otp_sent_at = Some(now);
        record.otp_attempts = 0;
        // The sandbox's outbox has it at once; production's is sent once the check is saved.
        check.otp_sent = sandbox;
        check.otp_expires_at = Some(now.saturating_add(SignedDuration::from_mins(otp::VALID_MINUTES)));
        check.details.otp_code = None;
        check.details.otp_state = Some("pending".to_owned());
        check.details.otp_attempts_left = Some(otp::MAX_ATTEMPTS);
        let text = messages::one_time_code(&check.email, &code, check.locale.as_deref(), otp::VALID_MINUTES);
        Some(EmailMessage {
            id: EmailMessageId::new(self.engine.real_now()),
            check_id: check.id,
            to: check.email.clone(),
            subject: text.subject,
            text: text.text,
            html: text.html,
            code: Some(code),
            locale: text.locale.to_owned(),
            state: if sandbox { "outbox" } else { "queued" }.to_owned(),
            attempts: 0,
            last_error: None,
            created_at: now,
            sent_at: None,
        })
    }

    pub async fn get(&self, scope: Scope, id: EmailCheckId) -> Result<EmailCheck> {
        self.engine
            .core
            .db
            .read(move |conn| Ok(store::get(conn, scope, id)?.ok_or(Error::not_found("email check"))?.check))
            .await
    }

    pub async fn list(&self, scope: Scope, filter: EmailCheckFilter, page: PageRequest) -> Result<Page<EmailCheck>> {
        let rows = self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await?;
        Ok(page.finish(rows))
    }

    /// Checks a one-time code. A wrong, expired or locked code is an answer
    /// (`verified: false` with its code), not an error.
    pub async fn verify_code(&self, scope: Scope, id: EmailCheckId, code: String) -> Result<OtpAnswer> {
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let pepper = self.pepper();
        let (answer, verified_applicant) = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut r = store::get(conn, scope, id)?.ok_or(Error::not_found("email check"))?;
                if !r.check.require_ownership {
                    return Err(Error::invalid(
                        "check_id",
                        "this check did not ask for ownership proof: create one with `require_ownership: true`",
                    ));
                }
                let answer = |r: &Record, code: Option<&str>| OtpAnswer {
                    verified: r.check.ownership_verified,
                    ownership_verified: r.check.ownership_verified,
                    ownership_verified_at: r.check.ownership_verified_at,
                    verdict: r.check.verdict,
                    code: code.map(str::to_owned),
                    attempts_left: r.check.details.otp_attempts_left,
                };
                if r.check.ownership_verified {
                    return Ok((answer(&r, None), None));
                }
                let (Some(hash), Some(salt)) = (r.otp_hash.clone(), r.otp_salt.clone()) else {
                    return Ok((answer(&r, Some("otp_not_sent")), None));
                };
                if r.otp_attempts >= otp::MAX_ATTEMPTS {
                    return Ok((answer(&r, Some("otp_locked")), None));
                }
                if r.check.otp_expires_at.is_some_and(|e| now >= e) {
                    r.check.details.otp_state = Some("expired".to_owned());
                    store::save(conn, &r)?;
                    return Ok((answer(&r, Some("otp_expired")), None));
                }
                if otp::matches(&code, &salt, &hash, pepper.as_ref()) {
                    r.check.ownership_verified = true;
                    r.check.ownership_verified_at = Some(now);
                    r.check.details.otp_state = Some("verified".to_owned());
                    r.updated_at = Some(now);
                    store::save(conn, &r)?;
                    emit(conn, scope, &r.check, "ownership_verified", now, real_now)?;
                    return Ok((answer(&r, None), r.check.applicant_id.map(|a| (a, r.check.email.clone()))));
                }
                r.otp_attempts += 1;
                let left = otp::MAX_ATTEMPTS.saturating_sub(r.otp_attempts);
                r.check.details.otp_attempts_left = Some(left);
                let code = if left == 0 {
                    r.check.details.otp_state = Some("locked".to_owned());
                    "otp_locked"
                } else {
                    "otp_invalid"
                };
                r.updated_at = Some(now);
                store::save(conn, &r)?;
                Ok((answer(&r, Some(code)), None))
            })
            .await?;
        if let Some((applicant, email)) = verified_applicant {
            self.engine.applicants().record_verified_email(scope, applicant, &email).await?;
        }
        Ok(answer)
    }

    /// Sends a new code, replacing the earlier one, once the cool-down since the last is over.
    pub async fn resend(&self, scope: Scope, id: EmailCheckId) -> Result<EmailCheck> {
        let now = self.engine.now(scope);
        let mut r = self
            .engine
            .core
            .db
            .read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("email check")))
            .await?;
        if !r.check.require_ownership {
            return Err(Error::Conflict("this check did not ask for ownership proof".to_owned()));
        }
        if r.check.ownership_verified {
            return Err(Error::Conflict("the address's ownership is verified already".to_owned()));
        }
        if let Some(sent) = r.otp_sent_at {
            let wait = otp::RESEND_COOLDOWN_SECONDS - (now.as_second() - sent.as_second());
            if wait > 0 {
                return Err(Error::Conflict(format!("a code was sent just now: ask again in {wait} s")));
            }
        }
        let message = self.new_code(&mut r, now);
        r.updated_at = Some(now);
        let (check, queued) = self
            .engine
            .core
            .db
            .write(move |conn| {
                store::save(conn, &r)?;
                if let Some(m) = &message {
                    store::insert_message(conn, scope, m)?;
                }
                Ok((r.check, message.filter(|m| m.state == "queued").map(|m| m.id)))
            })
            .await?;
        self.send_now(scope, check, queued).await
    }

    /// The environment's messages, newest first.
    pub async fn outbox(
        &self,
        scope: Scope,
        check: Option<EmailCheckId>,
        page: PageRequest,
    ) -> Result<Page<EmailMessage>> {
        let rows = self.engine.core.db.read(move |conn| store::messages(conn, scope, check, page)).await?;
        Ok(page.finish(rows))
    }

    /// Empties the sandbox's outbox.
    pub async fn clear_outbox(&self, scope: Scope) -> Result<usize> {
        self.engine.core.db.write(move |conn| store::clear_outbox(conn, scope)).await
    }

    /// Looks again at a greylisted domain (due work).
    pub(crate) async fn recheck(&self, scope: Scope, id: EmailCheckId) -> Result<()> {
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        self.engine
            .core
            .db
            .write(move |conn| {
                let Some(mut r) = store::get(conn, scope, id)? else { return Ok(()) };
                if r.check.details.mx != Some(MxState::Greylisted) {
                    return Ok(());
                }
                let keep = r.check.details.clone();
                let (flags, mut details, verdict, code, risk) =
                    evaluate(&address::parse(&r.check.email), |a| mx::simulate(&a.ascii_domain, false));
                details.otp_code = keep.otp_code;
                details.otp_state = keep.otp_state;
                details.otp_attempts_left = keep.otp_attempts_left;
                r.check.checks = flags;
                r.check.details = details;
                r.check.verdict = verdict;
                r.check.code = code;
                r.check.risk_score = risk;
                r.updated_at = Some(now);
                store::save(conn, &r)?;
                emit(conn, scope, &r.check, "check_completed", now, real_now)
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluation_gives_flags_details_and_verdict() {
        let found = |_: &address::Address| (MxState::Found, false);
        let (flags, details, verdict, code, risk) = evaluate(&address::parse("Info@Mailinator.com"), found);
        assert!(flags.syntax_valid && flags.mx_found && flags.disposable && flags.role_based);
        assert_eq!((verdict, code.as_deref(), risk), (Verdict::Risky, Some("email_disposable"), 90));
        assert_eq!(details.normalized.as_deref(), Some("Info@mailinator.com"));
        let (flags, details, verdict, ..) = evaluate(&address::parse("not an address"), found);
        assert!(!flags.syntax_valid && !flags.mx_found && details.syntax_error.is_some());
        assert_eq!(verdict, Verdict::Fail);
        let (_, details, verdict, code, _) = evaluate(&address::parse("anna@brightwater.con"), found);
        assert_eq!(details.suggestion.as_deref(), Some("anna@brightwater.com"));
        assert_eq!((verdict, code.as_deref()), (Verdict::Risky, Some("email_possible_typo")));
    }
}
