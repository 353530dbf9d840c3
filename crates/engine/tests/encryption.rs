//! Encryption at rest: nothing plain on disk, a wrong or missing key refused before anything is
//! written, the `sqlcipher` shell's passphrase stretch, conversions in place that survive a
//! crash at any step, and encrypted backups that restore.

use std::path::Path;

use docket_engine::applicants::NewApplicant;
use docket_engine::encryption::DatabaseKey;
use docket_engine::encryption::convert::{self, StopAt};
use docket_engine::files::{NewFile, OwnerKind, StoredFile};
use docket_engine::{DATABASE_FILE, Engine, EngineConfig, Environment, Error, Scope};

const NAME: &str = "zebulon-quartermaine-4471";
const DOCUMENT: &[u8] = b"PASSPORT OF ZEBULON QUARTERMAINE, No. X99417723, issued 2024";

async fn open(dir: &Path, key: Option<&DatabaseKey>) -> Result<Engine, Error> {
    let mut config = EngineConfig::new(dir);
    config.database_key = key.cloned();
    Engine::open(config).await
}

async fn scope(engine: &Engine) -> Scope {
    let org = match engine.organizations().bootstrap(&[]).await.expect("bootstrap") {
        Some(first) => first.organization.id,
        None => engine.organizations().find(None).await.expect("org").id,
    };
    Scope::new(org, Environment::Sandbox)
}

/// Plants the distinctive name and document; returns the file's record.
async fn plant(engine: &Engine) -> StoredFile {
    let scope = scope(engine).await;
    let input: NewApplicant =
        serde_json::from_value(serde_json::json!({ "external_id": NAME, "email": format!("{NAME}@example.com") }))
            .expect("input");
    engine.applicants().create(scope, input).await.expect("creates");
    let new = NewFile {
        owner_kind: OwnerKind::VerificationDocument,
        owner_id: uuid::Uuid::now_v7(),
        declared_type: None,
        name: Some("passport.txt".into()),
        limit: 1 << 20,
    };
    let mut upload = engine.files().begin(scope, new).await.expect("begins");
    for chunk in DOCUMENT.chunks(5) {
        upload.write(chunk).await.expect("writes");
    }
    upload.finish().await.expect("stores")
}

/// Whether any file under `dir` holds `needle`.
fn found(dir: &Path, needle: &[u8]) -> Vec<String> {
    let mut hits = Vec::new();
    for entry in walk(dir) {
        if let Ok(bytes) = std::fs::read(&entry)
            && memchr::memmem::find(&bytes, needle).is_some()
        {
            hits.push(entry.display().to_string());
        }
    }
    hits
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() { out.extend(walk(&path)) } else { out.push(path) }
    }
    out
}

async fn still_there(engine: &Engine, file: &StoredFile) {
    let scope = scope(engine).await;
    let page = engine
        .applicants()
        .list(scope, Default::default(), docket_engine::page::PageRequest { page: 0, limit: 10 })
        .await
        .expect("lists");
    assert!(serde_json::to_string(&page).expect("json").contains(NAME), "the applicant is readable");
    let (_, content) = engine.files().read(scope, file.id).await.expect("reads the document");
    assert_eq!(content, DOCUMENT);
}

fn message(e: Error) -> String {
    e.to_string()
}

/// Runs `work` on an engine of its own runtime, then closes that engine for good (its runtime
/// gone, its database connections closed), as a stopped Docket would be.
fn with_engine<T>(dir: &Path, key: Option<&DatabaseKey>, work: impl AsyncFnOnce(&Engine) -> T) -> T {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let out = runtime.block_on(async {
        let engine = open(dir, key).await.expect("opens");
        let out = work(&engine).await;
        engine.shutdown().await;
        out
    });
    drop(runtime);
    // The database threads close their connections once the last handle is gone.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let database = std::fs::canonicalize(dir.join(DATABASE_FILE)).expect("database");
    loop {
        let open_here = std::fs::read_dir("/proc/self/fd")
            .expect("fds")
            .flatten()
            .filter_map(|fd| std::fs::read_link(fd.path()).ok())
            .any(|target| target == database);
        if !open_here {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the engine's database stayed open");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    out
}

#[tokio::test]
async fn an_encrypted_directory_holds_nothing_plain_and_opens_only_with_its_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let key = DatabaseKey::generate();
    let engine = open(dir.path(), Some(&key)).await.expect("opens encrypted");
    assert!(engine.is_encrypted());
    let file = plant(&engine).await;
    still_there(&engine, &file).await;
    engine.shutdown().await;
    drop(engine);

    for needle in [NAME.as_bytes(), DOCUMENT, b"SQLite format 3", file.sha256.as_bytes()] {
        assert_eq!(found(dir.path(), needle), Vec::<String>::new(), "{:?} on disk", String::from_utf8_lossy(needle));
    }

    let missing = message(open(dir.path(), None).await.err().expect("refused without a key"));
    assert!(missing.contains("is encrypted") && missing.contains("DOCKET_DATABASE_KEY"), "{missing}");
    let wrong = message(open(dir.path(), Some(&DatabaseKey::generate())).await.err().expect("refused"));
    assert!(wrong.contains("does not open"), "{wrong}");
    let engine = open(dir.path(), Some(&key)).await.expect("opens with its key");
    still_there(&engine, &file).await;
}

#[tokio::test]
async fn a_key_for_a_plain_database_is_refused_and_a_passphrase_opens_in_the_sqlcipher_shell() {
    let dir = tempfile::tempdir().expect("temp dir");
    drop(open(dir.path(), None).await.expect("plain"));
    let refused = message(open(dir.path(), Some(&DatabaseKey::generate())).await.err().expect("refused"));
    assert!(refused.contains("not encrypted") && refused.contains("docket db encrypt"), "{refused}");

    let other = tempfile::tempdir().expect("temp dir");
    let passphrase = DatabaseKey::parse("correct horse battery staple").expect("passphrase");
    let engine = open(other.path(), Some(&passphrase)).await.expect("opens");
    plant(&engine).await;
    engine.shutdown().await;
    drop(engine);
    // What SQLCipher's own stretch of the passphrase makes opens what Docket's made.
    let conn = rusqlite::Connection::open(other.path().join(DATABASE_FILE)).expect("raw open");
    conn.pragma_update(None, "key", "correct horse battery staple").expect("key");
    conn.pragma_update(None, "cipher_page_size", 16 * 1024).expect("page size");
    let id: String =
        conn.query_row("SELECT external_id FROM applicants", [], |r| r.get(0)).expect("the shell reads it");
    assert_eq!(id, NAME);
}

#[test]
fn a_directory_is_encrypted_rekeyed_and_decrypted_in_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = with_engine(dir.path(), None, async |e| plant(e).await);
    assert!(!found(dir.path(), DOCUMENT).is_empty(), "plain to begin with");

    let (first, second) = (DatabaseKey::generate(), DatabaseKey::parse("a long enough passphrase").expect("key"));
    let done = convert::convert(dir.path(), None, Some(&first)).expect("encrypts");
    assert_eq!(done.files, 1);
    assert_eq!(found(dir.path(), DOCUMENT), Vec::<String>::new());
    assert_eq!(found(dir.path(), NAME.as_bytes()), Vec::<String>::new());
    with_engine(dir.path(), Some(&first), async |e| still_there(e, &file).await);

    convert::convert(dir.path(), Some(&first), Some(&second)).expect("rekeys");
    let old = tokio::runtime::Runtime::new().expect("rt").block_on(open(dir.path(), Some(&first)));
    assert!(message(old.err().expect("old key")).contains("does not open"));
    with_engine(dir.path(), Some(&second), async |e| still_there(e, &file).await);

    let wrong = convert::convert(dir.path(), Some(&first), None).expect_err("a wrong key converts nothing");
    assert!(message(wrong).contains("does not open"));
    convert::convert(dir.path(), Some(&second), None).expect("decrypts");
    with_engine(dir.path(), None, async |e| still_there(e, &file).await);
}

#[test]
fn a_conversion_cut_short_leaves_one_whole_database_under_one_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = with_engine(dir.path(), None, async |e| plant(e).await);
    let key = DatabaseKey::generate();

    // Cut before the conversion was decided: the old database, plain, as it was.
    convert::convert_until(dir.path(), None, Some(&key), Some(StopAt::BeforeMarker)).expect("stops");
    assert!(dir.path().join("docket.db.converting").exists());
    with_engine(dir.path(), None, async |e| still_there(e, &file).await);
    assert!(!dir.path().join("docket.db.converting").exists(), "the half-made copy is gone");

    // Cut after it was decided and the database moved: the next open finishes it.
    convert::convert_until(dir.path(), None, Some(&key), Some(StopAt::AfterDatabase)).expect("stops");
    with_engine(dir.path(), Some(&key), async |e| still_there(e, &file).await);
    assert!(!dir.path().join("conversion.pending").exists());
    assert_eq!(found(dir.path(), DOCUMENT), Vec::<String>::new(), "the plain files are gone");
}

#[tokio::test]
async fn a_running_docket_is_not_converted_under_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = open(dir.path(), None).await.expect("plain");
    let file = plant(&engine).await;
    let refused = convert::convert(dir.path(), None, Some(&DatabaseKey::generate())).expect_err("refused");
    assert!(message(refused).contains("stop it first"));
    let missing = convert::convert(&dir.path().join("nowhere"), None, Some(&DatabaseKey::generate()));
    assert!(message(missing.expect_err("refused")).contains("does not exist"));
    still_there(&engine, &file).await;
}

#[tokio::test]
async fn an_encrypted_backup_is_encrypted_and_restores_with_its_key_only() {
    let root = tempfile::tempdir().expect("temp dir");
    let data = root.path().join("data");
    let key = DatabaseKey::generate();
    let engine = open(&data, Some(&key)).await.expect("opens");
    let file = plant(&engine).await;
    let archive = root.path().join("b.docket-backup");
    let manifest = docket_engine::backup::create(&data, &archive, Some(&key)).expect("backs up while open");
    assert!(manifest.encrypted);
    assert_eq!(manifest.files(), 1);
    let bytes = std::fs::read(&archive).expect("reads");
    assert!(memchr::memmem::find(&bytes, NAME.as_bytes()).is_none());
    assert!(memchr::memmem::find(&bytes, DOCUMENT).is_none());

    let without = docket_engine::backup::verify(&archive, None).expect_err("needs the key");
    assert!(message(without).contains("is encrypted"));
    let wrong = docket_engine::backup::verify(&archive, Some(&DatabaseKey::generate())).expect_err("wrong key");
    assert!(message(wrong).contains("does not open"));
    let restored = root.path().join("restored");
    docket_engine::backup::restore(&archive, &restored, Some(&key)).expect("restores");
    still_there(&open(&restored, Some(&key)).await.expect("opens the restored copy"), &file).await;
}

#[test]
fn a_docket_starting_during_a_conversion_is_refused_and_takes_nothing_of_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = with_engine(dir.path(), None, async |e| plant(e).await);
    // As a running conversion holds it.
    let lock = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.path().join("conversion.lock"))
        .expect("opens");
    lock.try_lock().expect("locks");
    std::fs::create_dir_all(dir.path().join("files.converting")).expect("a part in progress");
    let refused = tokio::runtime::Runtime::new().expect("rt").block_on(open(dir.path(), None));
    assert!(message(refused.err().expect("refused")).contains("conversion is running"));
    assert!(dir.path().join("files.converting").exists(), "the conversion's parts are left alone");
    drop(lock);
    with_engine(dir.path(), None, async |e| still_there(e, &file).await);
    assert!(!dir.path().join("files.converting").exists(), "leftovers go once no conversion runs");
}

#[test]
fn vacuum_removes_what_an_older_docket_left_in_free_space_under_either_key() {
    for key in [None, Some(DatabaseKey::generate())] {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = with_engine(dir.path(), key.as_ref(), async |e| plant(e).await);
        if key.is_none() {
            // As an older Docket deleted rows: their cells stay in the free space of the page that
            // keeps the others.
            let conn = rusqlite::Connection::open(dir.path().join(DATABASE_FILE)).expect("raw open");
            conn.pragma_update(None, "secure_delete", false).expect("off");
            conn.execute_batch("CREATE TABLE older (text TEXT NOT NULL)").expect("table");
            for n in 0..20 {
                let text = if n % 2 == 0 { format!("kept-row-{n}") } else { format!("gone-row-{n}") };
                conn.execute("INSERT INTO older VALUES (?1)", [text]).expect("inserts");
            }
            conn.execute("DELETE FROM older WHERE text LIKE 'gone-%'", []).expect("deletes");
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).expect("checkpoint");
            drop(conn);
            assert!(!found(dir.path(), b"gone-row-").is_empty(), "the deleted cells are there");
        }
        let (before, after) = convert::vacuum(dir.path(), key.as_ref()).expect("vacuums");
        assert!(after > 0 && after <= before, "{before} -> {after}");
        if key.is_none() {
            assert_eq!(found(dir.path(), b"gone-row-"), Vec::<String>::new());
            assert!(!found(dir.path(), b"kept-row-").is_empty());
        }
        with_engine(dir.path(), key.as_ref(), async |e| still_there(e, &file).await);
    }
}
