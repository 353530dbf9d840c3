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
    assert_eq!((answer.verified, answer.code.as_deref(), answer.attempts_left), (false, Some("otp_invalid"), Some(9)));
    let answer = emails.verify_code(f.sandbox, c.id, code.clone()).await.expect("answers");
    assert!(answer.verified && answer.ownership_verified && answer.ownership_verified_at.is_some());
    let shown = f.engine.applicants().get(f.sandbox, applicant).await.expect("applicant");
    assert_eq!(
        shown.verified_info.and_then(|i| i.email).map(|e| e.as_str().to_owned()).as_deref(),
        Some("anna.berg@example.com")
    );

    // Ten wrong codes lock it; the right one no longer helps.
    let c = check(&f, f.sandbox, "locked@example.com", true).await;
    let code = last_code(&f, &c).await;
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..9 {
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

fn wrong_for(code: &str) -> String {
    if code == "000000" { "000001" } else { "000000" }.to_owned()
}

async fn day_later(f: &Fixture) {
    f.engine.sandbox().advance_clock(f.sandbox, jiff::SignedDuration::from_hours(24)).await.expect("clock moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_wrong_codes_lock_a_check_whatever_resends_it_had() {
    let f = fixture().await;
    let emails = f.engine.emails();
    let c = check(&f, f.sandbox, "grind@example.com", true).await;
    assert_eq!(c.details.otp_attempts_left, Some(10));
    let wrong = wrong_for(&last_code(&f, &c).await);
    for left in (5..10).rev() {
        let a = emails.verify_code(f.sandbox, c.id, wrong.clone()).await.expect("answers");
        assert_eq!((a.code.as_deref(), a.attempts_left), (Some("otp_invalid"), Some(left)), "{a:?}");
        assert!(a.message.as_deref().is_some_and(|m| m.contains(&format!("{left} more"))), "{a:?}");
    }
    // A resend gives a new code, not new tries.
    f.time.advance(jiff::SignedDuration::from_secs(61));
    let resent = emails.resend(f.sandbox, c.id).await.expect("resent");
    assert_eq!(resent.details.otp_attempts_left, Some(5));
    let code = last_code(&f, &c).await;
    let wrong = wrong_for(&code);
    let mut answers = Vec::new();
    for _ in 0..5 {
        answers.push(emails.verify_code(f.sandbox, c.id, wrong.clone()).await.expect("answers"));
    }
    let codes: Vec<_> = answers.iter().map(|a| a.code.as_deref()).collect();
    assert_eq!(codes, [Some("otp_invalid"); 4].into_iter().chain([Some("otp_locked")]).collect::<Vec<_>>());
    let locked = answers.last().expect("answers");
    assert_eq!(locked.attempts_left, Some(0));
    assert!(locked.message.as_deref().is_some_and(|m| m.contains("create a new check")), "{locked:?}");
    // The eleventh try is refused even with the right code, and no resend opens it again.
    let eleventh = emails.verify_code(f.sandbox, c.id, code).await.expect("answers");
    assert_eq!((eleventh.verified, eleventh.code.as_deref()), (false, Some("otp_locked")));
    f.time.advance(jiff::SignedDuration::from_secs(61));
    match emails.resend(f.sandbox, c.id).await {
        Err(Error::Conflict(m)) => assert!(m.contains("locked") && m.contains("new check"), "{m}"),
        other => panic!("{other:?}"),
    }
    let shown = emails.get(f.sandbox, c.id).await.expect("get");
    assert_eq!((shown.details.otp_state.as_deref(), shown.details.otp_attempts_left), (Some("locked"), Some(0)));
    assert!(!shown.ownership_verified);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_gets_ten_codes_a_day_on_the_environments_clock() {
    let f = fixture().await;
    let emails = f.engine.emails();
    // However the address is written, it is one address.
    let spellings = ["daily@example.com", "Daily@Example.COM", "DAILY@example.com"];
    let mut first = None;
    for i in 0..10 {
        let c = check(&f, f.sandbox, spellings[i % 3], true).await;
        assert!(c.otp_sent, "code {i}");
        first.get_or_insert(c);
    }
    let input =
        NewEmailCheck { email: "daily@EXAMPLE.com".into(), require_ownership: true, ..NewEmailCheck::default() };
    match emails.create(f.sandbox, input.clone()).await {
        // 09:00 UTC: the day ends in 15 hours.
        Err(Error::TooMany { message, retry_after_seconds }) => {
            assert!(message.contains("10 codes today"), "{message}");
            assert_eq!(retry_after_seconds, 15 * 3600);
        }
        other => panic!("the eleventh code: {other:?}"),
    }
    let first = first.expect("made");
    f.time.advance(jiff::SignedDuration::from_secs(61));
    assert!(matches!(emails.resend(f.sandbox, first.id).await, Err(Error::TooMany { .. })), "a resend is a code too");
    // Erasing a check (with its messages) does not give the address its codes back.
    f.engine.erasures().email_check(f.sandbox, first.id, "test").await.expect("erased");
    assert!(matches!(emails.create(f.sandbox, input.clone()).await, Err(Error::TooMany { .. })), "after an erasure");
    let before = emails.outbox(f.sandbox, None, PageRequest { page: 0, limit: 100 }).await.expect("outbox").data.len();
    assert_eq!(before, 9, "nothing of the refused ones is kept (one erased)");
    // Another address, and the same address without a code, are not held back.
    assert!(check(&f, f.sandbox, "other@example.com", true).await.otp_sent);
    assert!(!check(&f, f.sandbox, "daily@example.com", false).await.otp_sent);
    // The sandbox clock's next day starts afresh.
    day_later(&f).await;
    assert!(emails.create(f.sandbox, input).await.expect("a new day").otp_sent);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_takes_twenty_wrong_codes_a_day_across_its_checks() {
    let f = fixture().await;
    let emails = f.engine.emails();
    let waiting = check(&f, f.sandbox, "target@example.com", true).await;
    let right = last_code(&f, &waiting).await;
    // New checks for the same address do not start the grinding again.
    for _ in 0..2 {
        let c = check(&f, f.sandbox, "target@example.com", true).await;
        let wrong = wrong_for(&last_code(&f, &c).await);
        for _ in 0..10 {
            emails.verify_code(f.sandbox, c.id, wrong.clone()).await.expect("answers");
        }
        assert_eq!(emails.get(f.sandbox, c.id).await.expect("get").details.otp_state.as_deref(), Some("locked"));
    }
    // The day's twenty are used up: no code for the address is compared, the right one neither.
    match emails.verify_code(f.sandbox, waiting.id, right.clone()).await {
        Err(Error::TooMany { message, retry_after_seconds }) => {
            assert!(message.contains("20 wrong codes today"), "{message}");
            assert!(retry_after_seconds > 0 && retry_after_seconds <= 86_400);
        }
        other => panic!("{other:?}"),
    }
    assert!(!emails.get(f.sandbox, waiting.id).await.expect("get").ownership_verified);
    assert!(
        matches!(
            emails
                .create(
                    f.sandbox,
                    NewEmailCheck {
                        email: "target@example.com".into(),
                        require_ownership: true,
                        ..NewEmailCheck::default()
                    }
                )
                .await,
            Err(Error::TooMany { .. })
        ),
        "no code that could not be checked"
    );
    // The next day on the sandbox clock: a new code for the waiting check, and it verifies.
    day_later(&f).await;
    emails.resend(f.sandbox, waiting.id).await.expect("resent");
    let code = last_code(&f, &waiting).await;
    assert!(emails.verify_code(f.sandbox, waiting.id, code).await.expect("answers").verified);

    // The counts name no address: only a keyed digest, and only the current day's are kept.
    let db = rusqlite::Connection::open(f._dir.path().join(docket_engine::DATABASE_FILE)).expect("db");
    let rows: Vec<(Vec<u8>, String, u32, u32)> = db
        .prepare("SELECT address_digest, day, codes_sent, wrong_codes FROM email_address_days")
        .expect("sql")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("read");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!((rows[0].1.as_str(), rows[0].2, rows[0].3), ("2026-03-02", 1, 0));
    assert!(!rows[0].0.windows(6).any(|w| w == b"target"));
}

// --- production: the code waits sealed, on loopback servers of the test's own -------------------

/// A DNS server on loopback that gives every domain one mail exchanger.
async fn dns_server() -> std::net::SocketAddr {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.expect("udp");
    let addr = socket.local_addr().expect("addr");
    tokio::spawn(async move {
        let mut buf = [0u8; 512];
        while let Ok((n, from)) = socket.recv_from(&mut buf).await {
            let query = &buf[..n];
            // The question: its labels, then type and class.
            let mut end = 12;
            while end < n && query[end] != 0 {
                end += 1 + usize::from(query[end]);
            }
            let question_end = end + 5;
            if n < 12 || question_end > n {
                continue;
            }
            let qtype = u16::from_be_bytes([query[end + 1], query[end + 2]]);
            let mut reply = query[..question_end].to_vec();
            reply[2] = 0x81; // a response, recursion desired
            reply[3] = 0x80; // recursion available, no error
            reply[6..12].copy_from_slice(&[0, u8::from(qtype == 15), 0, 0, 0, 0]);
            if qtype == 15 {
                // example.test MX 10 mx.example.test, pointing at the question's name.
                reply.extend_from_slice(&[0xC0, 0x0C, 0, 15, 0, 1, 0, 0, 0, 60]);
                let exchange = b"\x02mx\xC0\x0C";
                reply.extend_from_slice(&u16::try_from(2 + exchange.len()).expect("short").to_be_bytes());
                reply.extend_from_slice(&[0, 10]);
                reply.extend_from_slice(exchange);
            }
            let _ = socket.send_to(&reply, from).await;
        }
    });
    addr
}

/// What the scripted relay was given: (recipient, the message as sent).
type Received = std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>;

/// An SMTP relay on loopback that answers each message by its recipient's local part: `later`
/// is refused for now (451) the first time and taken after; `never` is refused for good (554),
/// quoting the subject back as some relays do; `busy` is always refused for now; the rest taken.
async fn smtp_relay() -> (u16, Received) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("tcp");
    let port = listener.local_addr().expect("addr").port();
    let received: Received = Default::default();
    let kept = received.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 relay.test ESMTP\r\n").await;
                let mut to = String::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.get(..4).unwrap_or_default().to_ascii_uppercase();
                    let answer = match verb.as_str() {
                        "EHLO" | "HELO" => "250 relay.test".to_owned(),
                        "RCPT" => {
                            to = line.split(['<', '>']).nth(1).unwrap_or_default().to_owned();
                            "250 OK".to_owned()
                        }
                        "DATA" => {
                            let _ = write.write_all(b"354 go on\r\n").await;
                            let mut data = String::new();
                            for _ in 0..10_000 {
                                match lines.next_line().await {
                                    Ok(Some(l)) if l == "." => break,
                                    Ok(Some(l)) => data.push_str(&(l + "\n")),
                                    _ => return,
                                }
                            }
                            let subject =
                                data.lines().find(|l| l.starts_with("Subject:")).unwrap_or_default().to_owned();
                            let mut all = kept.lock().expect("lock");
                            let earlier = all.iter().filter(|(r, _)| *r == to).count();
                            all.push((to.clone(), data));
                            match to.split('@').next().unwrap_or_default() {
                                "later" if earlier == 0 => "451 4.3.0 try again later".to_owned(),
                                "busy" => "451 4.3.0 try again later".to_owned(),
                                "never" => format!("554 5.7.1 refused: {subject}"),
                                _ => "250 OK".to_owned(),
                            }
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => "250 OK".to_owned(),
                    };
                    let _ = write.write_all(format!("{answer}\r\n").as_bytes()).await;
                }
            });
        }
    });
    (port, received)
}

/// The six-digit code in a message as the relay was given it.
fn code_in(data: &str) -> String {
    let body = data.split("\n\n").skip(1).collect::<Vec<_>>().join("\n");
    body.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a code in the message").to_owned()
}

/// Every text value stored in the database, with its table and column.
fn stored_text(dir: &std::path::Path) -> Vec<(String, String, String)> {
    let db = rusqlite::Connection::open(dir.join(docket_engine::DATABASE_FILE)).expect("db");
    let tables: Vec<String> = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .expect("sql")
        .query_map([], |r| r.get(0))
        .expect("tables")
        .collect::<Result<_, _>>()
        .expect("read");
    let mut out = Vec::new();
    for table in tables {
        let mut stmt = db.prepare(&format!("SELECT * FROM \"{table}\"")).expect("sql");
        let columns: Vec<String> = stmt.column_names().iter().map(|c| (*c).to_owned()).collect();
        let mut rows = stmt.query([]).expect("rows");
        while let Some(row) = rows.next().expect("row") {
            for (i, column) in columns.iter().enumerate() {
                let text = match row.get_ref(i).expect("value") {
                    rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                    rusqlite::types::ValueRef::Blob(b) => String::from_utf8_lossy(b).into_owned(),
                    _ => continue,
                };
                out.push((table.clone(), column.clone(), text));
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_production_code_waits_sealed_and_is_never_kept_in_clear() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = std::sync::Arc::new(docket_engine::time::ManualTime::new("2026-03-01T09:00:00Z".parse().expect("t")));
    let (port, received) = smtp_relay().await;
    let mut config = docket_engine::EngineConfig::new(dir.path());
    config.time = time.clone();
    config.master_key = Some(docket_engine::webhooks::MasterKey::generate());
    config.dns_server = Some(dns_server().await);
    config.smtp = Some(docket_engine::email::SmtpSettings {
        url: format!("smtp://127.0.0.1:{port}"),
        from: "Docket <no-reply@docket.example>".into(),
    });
    let engine = docket_engine::Engine::open(config).await.expect("opens");
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    let production = Scope::new(org, docket_engine::Environment::Production);
    let emails = engine.emails();
    let create = |email: &str| {
        let input = NewEmailCheck { email: email.into(), require_ownership: true, ..NewEmailCheck::default() };
        emails.create(production, input)
    };
    let message_of = async |check: &EmailCheck| {
        let page = emails.outbox(production, Some(check.id), PageRequest { page: 0, limit: 10 }).await.expect("outbox");
        page.data.into_iter().next().expect("a message")
    };
    let sent_to = |to: &str| {
        received.lock().expect("lock").iter().filter(|(r, _)| r == to).map(|(_, d)| d.clone()).collect::<Vec<_>>()
    };

    // Refused for now: the message waits, its code sealed, shown nowhere.
    let later = create("later@example.test").await.expect("created");
    assert!(!later.otp_sent && later.details.otp_code.as_deref() == Some("otp_send_failed"), "{later:?}");
    let code = code_in(&sent_to("later@example.test")[0]);
    let waiting = message_of(&later).await;
    assert_eq!((waiting.state.as_str(), waiting.attempts, waiting.code.as_deref()), ("queued", 1, None));
    assert!(waiting.text.contains("••••••") && waiting.subject.contains("••••••"), "{waiting:?}");
    for shown in [&waiting.subject, &waiting.text, &waiting.html] {
        assert!(!shown.contains(&code), "{shown}");
    }
    let stored = stored_text(dir.path());
    assert!(
        stored.iter().all(|(.., text)| !text.contains(&code)),
        "{:?}",
        stored.iter().find(|(.., t)| t.contains(&code))
    );

    // The retry opens the sealed code and sends the same one; then nothing of it is kept.
    time.advance(jiff::SignedDuration::from_secs(61));
    emails.run_due().await.expect("runs");
    let sends = sent_to("later@example.test");
    assert_eq!(sends.len(), 2, "tried again");
    assert_eq!(code_in(&sends[1]), code, "the same code");
    let sent = message_of(&later).await;
    assert_eq!((sent.state.as_str(), sent.attempts), ("sent", 2));
    assert!(emails.get(production, later.id).await.expect("get").otp_sent);
    let db = rusqlite::Connection::open(dir.path().join(docket_engine::DATABASE_FILE)).expect("db");
    let sealed: Vec<bool> = db
        .prepare("SELECT sealed_code IS NOT NULL FROM email_messages")
        .expect("sql")
        .query_map([], |r| r.get(0))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("read");
    assert_eq!(sealed, [false], "a sent message keeps no code, sealed or not");
    assert!(emails.verify_code(production, later.id, code).await.expect("answers").verified);

    // Refused for good, the refusal quoting the subject: failed at once, the code masked there too.
    let never = create("never@example.test").await.expect("created");
    let code = code_in(&sent_to("never@example.test")[0]);
    let failed = message_of(&never).await;
    assert_eq!((failed.state.as_str(), failed.attempts), ("failed", 1));
    let error = failed.last_error.clone().unwrap_or_default();
    assert!(error.contains("554") && error.contains("••••••") && !error.contains(&code), "{error}");

    // A code that expires while its message waits is not sent late.
    let busy = create("busy@example.test").await.expect("created");
    let code_busy = code_in(&sent_to("busy@example.test")[0]);
    time.advance(jiff::SignedDuration::from_mins(11));
    emails.run_due().await.expect("runs");
    assert_eq!(sent_to("busy@example.test").len(), 1, "not tried once expired");
    let expired = message_of(&busy).await;
    assert_eq!(expired.state, "failed");
    assert!(expired.last_error.as_deref().is_some_and(|e| e.contains("expired")), "{expired:?}");

    let stored = stored_text(dir.path());
    for code in [&code, &code_busy] {
        assert!(
            stored.iter().all(|(.., text)| !text.contains(code.as_str())),
            "{:?}",
            stored.iter().find(|(.., t)| t.contains(code.as_str()))
        );
    }
    let sealed: u32 = db
        .query_row("SELECT count(*) FROM email_messages WHERE sealed_code IS NOT NULL", [], |r| r.get(0))
        .expect("count");
    assert_eq!(sealed, 0);
    engine.shutdown().await;
}
