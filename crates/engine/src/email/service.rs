//! E-mail verification's rules: a check from its address to its verdict, ownership by a
//! one-time code (send, resend, verify, within the limits of `caps`), and the messages:
//! the sandbox's keep their code for the outbox; production's are written with the code masked
//! and keep it only sealed with the master key until it is sent or has failed for good.

use jiff::SignedDuration;

use super::address;
use super::caps::{self, AddressDay, WRONG_PER_CHECK};
use super::messages;
use super::model::{CheckFlags, Details, EmailCheck, EmailCheckId, EmailMessage, EmailMessageId, OtpAnswer, Record};
use super::mx;
use super::otp;
use super::rules::{self, Findings, MxState, Verdict};
use super::smtp::SendError;
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

/// How a production message shows its code: it is never stored in clear.
const MASK: &str = "••••••";

/// What a production message's sealed code is bound to: its own message.
fn seal_context(id: EmailMessageId) -> Vec<u8> {
    format!("email message {id}").into_bytes()
}

/// A code made for a check, or why none can go out (the check's `details.otp_code`).
enum Made {
    Code(Box<NewCode>),
    NotSent(&'static str),
}

/// A new code, made before the write that keeps it: its HMAC for the check, and the message
/// that carries it (in production written with the code masked, the code itself sealed for the
/// send).
struct NewCode {
    hash: Vec<u8>,
    salt: Vec<u8>,
    message: EmailMessage,
    sealed_code: Option<Vec<u8>>,
    /// The address's digest, under which its day is counted.
    address: Vec<u8>,
}

impl NewCode {
    /// Counts the code against its address's day, or refuses it (a 429 until midnight UTC) once
    /// the day's codes or wrong codes are used up.
    fn count(&self, conn: &rusqlite::Connection, scope: Scope, now: Timestamp) -> Result<()> {
        let today = caps::day(now);
        store::address_day(conn, scope, &self.address, &today)?.may_send(now)?;
        store::count_address_day(conn, scope, &self.address, &today, AddressDay { codes_sent: 1, wrong_codes: 0 })
    }

    /// Gives the record this code, replacing any earlier one. The check's wrong codes stay
    /// counted: a new code is no new set of tries.
    fn apply(&self, r: &mut Record, now: Timestamp) {
        r.otp_hash = Some(self.hash.clone());
        r.otp_salt = Some(self.salt.clone());
        r.otp_sent_at = Some(now);
        let check = &mut r.check;
        // The sandbox's outbox has it at once; production's is sent once the check is saved.
        check.otp_sent = r.scope.is_sandbox();
        check.otp_expires_at = Some(now.saturating_add(SignedDuration::from_mins(otp::VALID_MINUTES)));
        check.details.otp_code = None;
        check.details.otp_state = Some("pending".to_owned());
        check.details.otp_attempts_left = Some(WRONG_PER_CHECK.saturating_sub(r.wrong_codes));
    }
}

/// Why a check may not have a new code now: it asked for no ownership, is verified already, is
/// locked, or had one within the cool-down.
fn resend_refusal(r: &Record, now: Timestamp) -> Result<()> {
    if !r.check.require_ownership {
        return Err(Error::Conflict("this check did not ask for ownership proof".to_owned()));
    }
    if r.check.ownership_verified {
        return Err(Error::Conflict("the address's ownership is verified already".to_owned()));
    }
    if r.wrong_codes >= WRONG_PER_CHECK {
        return Err(Error::Conflict(format!(
            "this check took {WRONG_PER_CHECK} wrong codes and is locked: create a new check to send a new code"
        )));
    }
    if let Some(sent) = r.otp_sent_at {
        let wait = otp::RESEND_COOLDOWN_SECONDS - (now.as_second() - sent.as_second());
        if wait > 0 {
            return Err(Error::Conflict(format!("a code was sent just now: ask again in {wait} s")));
        }
    }
    Ok(())
}

/// What a code tried for a check comes to.
enum Judgement {
    /// The check's answer stands as it is (verified already; no code; locked).
    Stands(Option<&'static str>),
    Expired,
    Right,
    Wrong,
}

/// Judges a code tried for a check before anything is written: only a code that is out, not
/// expired, of a check that is not locked, for an address whose wrong codes of the day allow
/// another try (else a 429), is compared, by `right(hash, salt)`.
fn judge(r: &Record, day: AddressDay, now: Timestamp, right: impl FnOnce(&[u8], &[u8]) -> bool) -> Result<Judgement> {
    if r.check.ownership_verified {
        return Ok(Judgement::Stands(None));
    }
    let (Some(hash), Some(salt)) = (&r.otp_hash, &r.otp_salt) else {
        return Ok(Judgement::Stands(Some("otp_not_sent")));
    };
    if r.wrong_codes >= WRONG_PER_CHECK {
        return Ok(Judgement::Stands(Some("otp_locked")));
    }
    if r.check.otp_expires_at.is_some_and(|e| now >= e) {
        return Ok(Judgement::Expired);
    }
    day.may_guess(now)?;
    Ok(if right(hash, salt) { Judgement::Right } else { Judgement::Wrong })
}

/// What an answer's `code` means and what to do next.
fn explain(code: &str, left: u32) -> String {
    match code {
        "otp_invalid" => format!("the code is wrong: {left} more wrong codes lock this check"),
        "otp_locked" => format!(
            "this check took {WRONG_PER_CHECK} wrong codes and is locked: create a new check to send a new code"
        ),
        "otp_expired" => "the code has expired: ask for a new one (POST /api/v4/email/checks/{id}/resend)".to_owned(),
        _ => "no code was sent for this check: `details.otp_code` says why".to_owned(),
    }
}

impl Emails<'_> {
    /// The key one-time codes are kept under (their HMAC's).
    fn pepper(&self) -> Option<[u8; 32]> {
        self.engine.core.webhooks.master_key().ok().map(|k| k.derive(b"docket email one-time codes"))
    }

    /// The key an address's day is counted under (its digest's).
    fn counts_key(&self) -> Option<[u8; 32]> {
        self.engine.core.webhooks.master_key().ok().map(|k| k.derive(b"docket email address days"))
    }

    /// Checks an address; with `require_ownership`, sends it a one-time code (a 429 once the
    /// address's day is used up: `caps`).
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
            wrong_codes: 0,
            updated_at: None,
        };
        let new_code = match input.require_ownership.then(|| self.make_code(scope, &record.check, now)).transpose()? {
            Some(Made::Code(c)) => Some(c),
            Some(Made::NotSent(reason)) => {
                record.check.details.otp_code = Some(reason.to_owned());
                None
            }
            None => None,
        };
        let greylisted = record.check.details.mx == Some(MxState::Greylisted);
        let (check, queued) = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut record = record;
                if let Some(c) = &new_code {
                    c.count(conn, scope, now)?;
                    c.apply(&mut record, now);
                }
                store::save(conn, &record)?;
                if let Some(c) = &new_code {
                    store::insert_message(conn, scope, &c.message, c.sealed_code.as_deref())?;
                }
                if greylisted {
                    let at = now.saturating_add(SignedDuration::from_secs(mx::GREYLIST_SECONDS));
                    work::store::schedule(conn, Kind::EmailRecheck, scope, id.as_uuid(), at)?;
                } else {
                    emit(conn, scope, &record.check, "check_completed", now, real_now)?;
                }
                Ok((record.check, new_code.filter(|_| !scope.is_sandbox()).map(|c| c.message.id)))
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

    /// Sends a queued production message through the relay, its code opened from its seal, and
    /// records the outcome on the message and its check. A failure the relay may get over is
    /// tried again later (five sends in all); a code no longer worth sending (its check
    /// verified, locked or given a newer code, or the code expired) is not sent. Once sent or
    /// failed for good, the message keeps nothing of its code.
    pub(crate) async fn deliver(&self, scope: Scope, id: EmailMessageId, claim: Option<work::Claim>) -> Result<()> {
        const MAX_SENDS: u32 = 5;
        let found = self
            .engine
            .core
            .db
            .read(move |conn| {
                let Some(message) = store::get_message(conn, scope, id)?.filter(|m| m.state == "queued") else {
                    return Ok(None);
                };
                let sealed = store::sealed_code(conn, id)?;
                let check = store::get(conn, scope, message.check_id)?;
                Ok(Some((message, sealed, check)))
            })
            .await?;
        let Some((mut message, sealed, check)) = found else {
            return match claim {
                Some(c) => self.engine.core.db.write(move |conn| work::store::complete(conn, &c).map(drop)).await,
                None => Ok(()),
            };
        };
        let now = self.engine.now(scope);
        // Some(outcome) when the relay was asked.
        let sent = match self.code_to_send(&message, sealed.as_deref(), check.as_ref(), now) {
            Err(reason) => {
                message.state = "failed".to_owned();
                message.last_error = Some(reason.to_owned());
                None
            }
            Ok(code) => {
                let words = messages::one_time_code(&message.to, &code, Some(&message.locale), otp::VALID_MINUTES);
                let outcome = match self.engine.core.email.relay() {
                    Some(Ok(relay)) => relay.send(&message.to, &words.subject, &words.text, &words.html).await,
                    Some(Err(e)) => Err(SendError { reason: e.to_owned(), retry: false }),
                    None => Err(SendError { reason: "no SMTP relay is configured".to_owned(), retry: false }),
                };
                message.attempts += 1;
                match outcome {
                    Ok(()) => {
                        message.state = "sent".to_owned();
                        message.sent_at = Some(now);
                        message.last_error = None;
                    }
                    Err(e) => {
                        // A relay's answer may quote the message: its code is masked there too.
                        message.last_error = Some(crate::values::shorten(&e.reason.replace(&code, MASK), 300));
                        let again = e.retry && message.attempts < MAX_SENDS;
                        message.state = if again { "queued" } else { "failed" }.to_owned();
                    }
                }
                Some(message.state == "sent")
            }
        };
        let retry_at = now.saturating_add(SignedDuration::from_secs(30 * (1 << message.attempts.min(6))));
        let check_id = message.check_id;
        let code_hash = check.and_then(|r| r.otp_hash);
        self.engine
            .core
            .db
            .write(move |conn| {
                store::update_message(conn, &message)?;
                // The check tells of its current code's send only.
                if let Some(sent) = sent
                    && let Some(mut r) = store::get(conn, scope, check_id)?.filter(|r| r.otp_hash == code_hash)
                {
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

    /// The code a queued message is to carry, opened from its seal; or why it is not sent.
    fn code_to_send(
        &self,
        message: &EmailMessage,
        sealed: Option<&[u8]>,
        check: Option<&Record>,
        now: Timestamp,
    ) -> std::result::Result<String, &'static str> {
        let r = check.ok_or("not sent: its check was erased")?;
        if r.check.ownership_verified {
            return Err("not sent: the address's ownership was verified already");
        }
        if r.wrong_codes >= WRONG_PER_CHECK {
            return Err("not sent: the check is locked");
        }
        if r.check.otp_expires_at.is_some_and(|e| now >= e) {
            return Err("not sent: the code expired before it could be sent");
        }
        let sealed = sealed.ok_or("not sent: its code was not kept")?;
        let key = self.engine.core.webhooks.master_key().map_err(|_| "not sent: this process has no master key")?;
        let code = key
            .open(sealed, &seal_context(message.id))
            .ok()
            .and_then(|plain| String::from_utf8(plain).ok())
            .ok_or("not sent: its code does not open with this process's master key")?;
        let (Some(hash), Some(salt)) = (&r.otp_hash, &r.otp_salt) else {
            return Err("not sent: the check has no code");
        };
        if !otp::matches(&code, salt, hash, self.pepper().as_ref()) {
            return Err("not sent: a newer code replaced it");
        }
        Ok(code)
    }

    /// Makes a new code for a check, or says why none can go out.
    fn make_code(&self, scope: Scope, check: &EmailCheck, now: Timestamp) -> Result<Made> {
        if !check.checks.syntax_valid || matches!(check.details.mx, Some(MxState::NoDomain | MxState::NoMail)) {
            return Ok(Made::NotSent("otp_not_sent_invalid_address"));
        }
        let sandbox = scope.is_sandbox();
        let master = self.engine.core.webhooks.master_key().ok();
        if !sandbox {
            // Production sends by SMTP through a configured relay; without one nothing is sent.
            match self.engine.core.email.relay() {
                None => return Ok(Made::NotSent("otp_not_sent_no_relay")),
                Some(Err(_)) => return Ok(Made::NotSent("otp_not_sent_relay_misconfigured")),
                Some(Ok(_)) => {}
            }
            // The code waits for its send sealed with the master key, and its HMAC is keyed from
            // it: without one (only an engine embedded without it), no code is made.
            if master.is_none() {
                return Ok(Made::NotSent("otp_not_sent_no_master_key"));
            }
        }
        let code = otp::generate();
        let salt = otp::salt();
        let hash = otp::hash(&code, &salt, self.pepper().as_ref());
        let id = EmailMessageId::new(self.engine.real_now());
        // Production's message is written with the code masked; the code is kept only sealed.
        let (shown, sealed_code) = match master.filter(|_| !sandbox) {
            Some(key) => (MASK, Some(key.seal(code.as_bytes(), &seal_context(id))?)),
            None => (code.as_str(), None),
        };
        let text = messages::one_time_code(&check.email, shown, check.locale.as_deref(), otp::VALID_MINUTES);
        let message = EmailMessage {
            id,
            check_id: check.id,
            to: check.email.clone(),
            subject: text.subject,
            text: text.text,
            html: text.html,
            code: sandbox.then_some(code),
            locale: text.locale.to_owned(),
            state: if sandbox { "outbox" } else { "queued" }.to_owned(),
            attempts: 0,
            last_error: None,
            created_at: now,
            sent_at: None,
        };
        let address = caps::digest(&check.email, self.counts_key().as_ref());
        Ok(Made::Code(Box::new(NewCode { hash, salt, message, sealed_code, address })))
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

    /// Checks a one-time code. A wrong, expired or locked code is an answer (`verified: false`
    /// with its code), not an error; a code for an address whose wrong codes of the day are used
    /// up is not checked at all (a 429 until midnight UTC).
    pub async fn verify_code(&self, scope: Scope, id: EmailCheckId, code: String) -> Result<OtpAnswer> {
        let now = self.engine.now(scope);
        let real_now = self.engine.real_now();
        let pepper = self.pepper();
        let counts_key = self.counts_key();
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
                    message: code.map(|c| explain(c, WRONG_PER_CHECK.saturating_sub(r.wrong_codes))),
                };
                let today = caps::day(now);
                let address = caps::digest(&r.check.email, counts_key.as_ref());
                let day = store::address_day(conn, scope, &address, &today)?;
                match judge(&r, day, now, |hash, salt| otp::matches(&code, salt, hash, pepper.as_ref()))? {
                    Judgement::Stands(code) => Ok((answer(&r, code), None)),
                    Judgement::Expired => {
                        r.check.details.otp_state = Some("expired".to_owned());
                        store::save(conn, &r)?;
                        Ok((answer(&r, Some("otp_expired")), None))
                    }
                    Judgement::Right => {
                        r.check.ownership_verified = true;
                        r.check.ownership_verified_at = Some(now);
                        r.check.details.otp_state = Some("verified".to_owned());
                        r.updated_at = Some(now);
                        store::save(conn, &r)?;
                        emit(conn, scope, &r.check, "ownership_verified", now, real_now)?;
                        Ok((answer(&r, None), r.check.applicant_id.map(|a| (a, r.check.email.clone()))))
                    }
                    Judgement::Wrong => {
                        let wrong = AddressDay { codes_sent: 0, wrong_codes: 1 };
                        store::count_address_day(conn, scope, &address, &today, wrong)?;
                        r.wrong_codes += 1;
                        let left = WRONG_PER_CHECK.saturating_sub(r.wrong_codes);
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
                    }
                }
            })
            .await?;
        if let Some((applicant, email)) = verified_applicant {
            self.engine.applicants().record_verified_email(scope, applicant, &email).await?;
        }
        Ok(answer)
    }

    /// Sends a new code, replacing the earlier one, once the cool-down since the last is over;
    /// not for a locked check (a new check is needed), nor past the address's day (a 429).
    pub async fn resend(&self, scope: Scope, id: EmailCheckId) -> Result<EmailCheck> {
        let now = self.engine.now(scope);
        let r = self
            .engine
            .core
            .db
            .read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("email check")))
            .await?;
        resend_refusal(&r, now)?;
        let made = self.make_code(scope, &r.check, now)?;
        let (check, queued) = self
            .engine
            .core
            .db
            .write(move |conn| {
                // Judged again on the stored check: a wrong code or another resend may have come
                // in since it was read.
                let mut r = store::get(conn, scope, id)?.ok_or(Error::not_found("email check"))?;
                resend_refusal(&r, now)?;
                r.updated_at = Some(now);
                let queued = match &made {
                    Made::NotSent(reason) => {
                        r.check.details.otp_code = Some((*reason).to_owned());
                        None
                    }
                    Made::Code(c) => {
                        c.count(conn, scope, now)?;
                        c.apply(&mut r, now);
                        store::insert_message(conn, scope, &c.message, c.sealed_code.as_deref())?;
                        (!scope.is_sandbox()).then_some(c.message.id)
                    }
                };
                store::save(conn, &r)?;
                Ok((r.check, queued))
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
