//! E-mail verification through the engine: the sandbox's simulated mail exchangers, the
//! verdicts, ownership by one-time code (verify, wrong codes, lock-out, expiry and resend on
//! the sandbox clock), the outbox, and the applicant's verified address.

use docket_engine::email::{EmailCheck, EmailCheckFilter, NewEmailCheck, Verdict};
use docket_engine::page::PageRequest;
use docket_engine::{Error, Scope};

mod common;
use common::{Fixture, fixture};

async fn check(f: &Fixture, scope: Scope, email: &str, require_ownership: bool) -> EmailCheck {
    let input = NewEmailCheck { email: email.to_owned(), require_ownership, ..NewEmailCheck::default() };
    f.engine.emails().create(scope, input).await.expect("created")
}

async fn last_code(f: &Fixture, check: &EmailCheck) -> String {
    let page =
        f.engine.emails().outbox(f.sandbox, Some(check.id), PageRequest { page: 0, limit: 10 }).await.expect("outbox");
    page.data.first().and_then(|m| m.code.clone()).expect("a code in the outbox")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn magic_domains_and_rules_give_their_verdicts() {
    let f = fixture().await;
    for (email, verdict, code) in [
        ("anna@example.com", Verdict::Pass, None),
        ("not an address", Verdict::Fail, Some("email_invalid_syntax")),
        ("anna@no-mx.test", Verdict::Fail, Some("email_no_mx")),
        ("anna@nxdomain.test", Verdict::Fail, Some("email_domain_not_found")),
        ("anna@dns-timeout.test", Verdict::Unknown, Some("email_mx_lookup_failed")),
        ("anna@catch-all.test", Verdict::Risky, Some("email_catch_all")),
        ("anna@mailinator.com", Verdict::Risky, Some("email_disposable")),
        ("support@example.com", Verdict::Risky, Some("email_role_based")),
        ("anna@brightwater.con", Verdict::Risky, Some("email_possible_typo")),
        // A typo-squatting domain is on the disposable list: that finding comes first.
        ("anna@gmial.com", Verdict::Risky, Some("email_disposable")),
    ] {
        let c = check(&f, f.sandbox, email, false).await;
        assert_eq!((c.verdict, c.code.as_deref()), (verdict, code), "{email}: {c:?}");
    }
    // Greylisting defers the verdict until the sandbox clock passes five minutes.
    let c = check(&f, f.sandbox, "anna@greylisted.test", false).await;
    assert_eq!((c.verdict, c.code.as_deref()), (Verdict::Unknown, Some("email_mx_greylisted")));
    f.time.advance(jiff::SignedDuration::from_secs(301));
    f.engine.emails().run_due().await.expect("rechecks");
    let again = f.engine.emails().get(f.sandbox, c.id).await.expect("get");
    assert_eq!(again.verdict, Verdict::Pass, "{again:?}");
    // The list filters by address, in any case.
    let page = f
        .engine
        .emails()
        .list(
            f.sandbox,
            EmailCheckFilter { email: Some("ANNA@Example.com".into()), ..Default::default() },
            PageRequest { page: 0, limit: 20 },
        )
        .await
        .expect("list");
    assert_eq!(page.data.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ownership_by_code_with_lock_out_expiry_and_resend() {
    let f = fixture().await;
    let emails = f.engine.emails();
    let person: docket_engine::applicants::NewApplicant =
        serde_json::from_value(serde_json::json!({"info": {"full_name": "Anna Berg"}})).expect("applicant");
    let applicant = f.engine.applicants().create(f.sandbox, person).await.expect("applicant").applicant_id;
    let input = NewEmailCheck {
        email: "anna.berg@example.com".into(),
        applicant_id: Some(applicant),
        require_ownership: true,
        locale: Some("de".into()),
    };
    let c = emails.create(f.sandbox, input).await.expect("created");
    assert!(c.otp_sent && c.otp_expires_at.is_some());
    let code = last_code(&f, &c).await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let answer = emails.verify_code(f.sandbox, c.id, wrong.into()).await.expect("answers");
    assert_eq!((answer.verified, answer.code.as_deref(), answer.attempts_left), (false, Some("otp_invalid"), Some(4)));
    let answer = emails.verify_code(f.sandbox, c.id, code.clone()).await.expect("answers");
    assert!(answer.verified && answer.ownership_verified && answer.ownership_verified_at.is_some());
    let shown = f.engine.applicants().get(f.sandbox, applicant).await.expect("applicant");
    assert_eq!(
        shown.verified_info.and_then(|i| i.email).map(|e| e.as_str().to_owned()).as_deref(),
        Some("anna.berg@example.com")
    );

    // Five wrong codes lock it; the right one no longer helps.
    let c = check(&f, f.sandbox, "locked@example.com", true).await;
    let code = last_code(&f, &c).await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..4 {
        assert_eq!(
            emails.verify_code(f.sandbox, c.id, wrong.into()).await.expect("a").code.as_deref(),
            Some("otp_invalid")
        );
    }
    assert_eq!(emails.verify_code(f.sandbox, c.id, wrong.into()).await.expect("a").code.as_deref(), Some("otp_locked"));
    assert_eq!(emails.verify_code(f.sandbox, c.id, code).await.expect("a").code.as_deref(), Some("otp_locked"));

    // Expiry on the sandbox clock, then a resend (after its cool-down) replaces the code.
    let c = check(&f, f.sandbox, "late@example.com", true).await;
    let first = last_code(&f, &c).await;
    assert!(matches!(emails.resend(f.sandbox, c.id).await, Err(Error::Conflict(_))), "cool-down");
    f.time.advance(jiff::SignedDuration::from_mins(11));
    assert_eq!(
        emails.verify_code(f.sandbox, c.id, first.clone()).await.expect("a").code.as_deref(),
        Some("otp_expired")
    );
    let resent = emails.resend(f.sandbox, c.id).await.expect("resent");
    assert!(resent.otp_expires_at > c.otp_expires_at);
    let second = last_code(&f, &c).await;
    if first != second {
        assert_eq!(emails.verify_code(f.sandbox, c.id, first).await.expect("a").code.as_deref(), Some("otp_invalid"));
    }
    assert!(emails.verify_code(f.sandbox, c.id, second).await.expect("a").verified);

    // A code for a check that asked for no ownership is refused; an undeliverable address gets none.
    let plain = check(&f, f.sandbox, "plain@example.com", false).await;
    assert!(matches!(emails.verify_code(f.sandbox, plain.id, "123456".into()).await, Err(Error::Invalid(_))));
    let bad = check(&f, f.sandbox, "anna@no-mx.test", true).await;
    assert!(!bad.otp_sent && bad.details.otp_code.as_deref() == Some("otp_not_sent_invalid_address"));
    // Production's sending (and its real DNS) is tested over HTTP with servers of the test's own.
    assert!(matches!(emails.get(f.production, c.id).await, Err(Error::NotFound { .. })), "environments are apart");
    // The message is in the check's language.
    let german = emails.outbox(f.sandbox, None, PageRequest { page: 0, limit: 100 }).await.expect("outbox");
    assert!(german.data.iter().any(|m| m.locale == "de" && m.subject.contains("Bestätigungscode")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_checks_show_each_verdict_once() {
    let f = fixture().await;
    f.engine.demo().seed_applicants(f.sandbox).await.expect("applicants");
    let emails = f.engine.emails();
    let made = emails.seed_demo(f.sandbox).await.expect("seeds");
    assert_eq!(made, 7);
    assert_eq!(emails.seed_demo(f.sandbox).await.expect("again"), 0, "seeded once");
    let all =
        emails.list(f.sandbox, EmailCheckFilter::default(), PageRequest { page: 0, limit: 20 }).await.expect("list");
    let mut verdicts: Vec<_> = all.data.iter().map(|c| format!("{:?}", c.verdict)).collect();
    verdicts.sort();
    verdicts.dedup();
    assert_eq!(verdicts.len(), 4, "pass, risky, fail and unknown: {verdicts:?}");
    assert!(all.data.iter().any(|c| c.ownership_verified));
    assert!(matches!(emails.seed_demo(f.production).await, Err(Error::Forbidden(_))));
}
