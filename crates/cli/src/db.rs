//! `docket db`: encryption at rest of a data directory — make a key, say whether the database
//! is encrypted, encrypt, decrypt or change the key in place (Docket stopped) — and `vacuum`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use docket_engine::encryption::convert::{self, Conversion, Converted};
use docket_engine::encryption::{AtRest, DatabaseKey};
use docket_engine::{DATABASE_FILE, private};

/// Encryption at rest. The key comes from --database-key-file or DOCKET_DATABASE_KEY, as for
/// every other command; `rekey` takes the new one from --new-key-file or
/// DOCKET_NEW_DATABASE_KEY. Conversions need Docket stopped, work in place and survive being
/// interrupted: the directory then holds the old database or the new one, never a mix.
#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Make a new random database key (64 hex digits) and write it to FILE, readable only by
    /// you (or print it when no FILE is given). Keep a copy somewhere safe and apart from the
    /// data: without the key, the data and its backups cannot be read by anyone, you included.
    Keygen {
        /// Where to write the key (it must not exist yet); without it, the key is printed.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Say whether the database is encrypted, and whether the given key opens it.
    Status,
    /// Encrypt the database and its stored files with the given key.
    Encrypt,
    /// Decrypt the database and its stored files (the given key opens them).
    Decrypt,
    /// Rewrite the database file whole (Docket stopped): old copies of changed rows that a Docket
    /// before this one left in free space go (run it once after upgrading, for erasures to be
    /// complete byte for byte), and the file shrinks to its data.
    Vacuum,
    /// Change the key: the given key opens the database, the new one encrypts it afterwards.
    Rekey {
        /// The file holding the new key (or give the key itself in DOCKET_NEW_DATABASE_KEY).
        #[arg(long, value_name = "FILE")]
        new_key_file: Option<PathBuf>,
    },
}

pub fn run(data_dir: &Path, cmd: DbCommand) -> Result<()> {
    let key = crate::database_key();
    match cmd {
        DbCommand::Keygen { file } => keygen(file.as_deref()),
        DbCommand::Status => status(data_dir, key),
        DbCommand::Vacuum => {
            let (before, after) = convert::vacuum(data_dir, key)?;
            println!(
                "vacuumed {}: {:.1} MB, was {:.1} MB",
                data_dir.display(),
                after as f64 / 1e6,
                before as f64 / 1e6
            );
            Ok(())
        }
        DbCommand::Encrypt => {
            let Some(key) = key else {
                bail!("give the key to encrypt with: --database-key-file FILE or {}", crate::KEY_VARIABLE)
            };
            report(data_dir, convert::convert(data_dir, None, Some(key))?)
        }
        DbCommand::Decrypt => {
            let Some(key) = key else {
                bail!("give the key that opens the database: --database-key-file FILE or {}", crate::KEY_VARIABLE)
            };
            report(data_dir, convert::convert(data_dir, Some(key), None)?)
        }
        DbCommand::Rekey { new_key_file } => {
            let Some(key) = key else {
                bail!("give the current key: --database-key-file FILE or {}", crate::KEY_VARIABLE)
            };
            let new = new_key(new_key_file.as_deref())?;
            report(data_dir, convert::convert(data_dir, Some(key), Some(&new))?)
        }
    }
}

fn keygen(file: Option<&Path>) -> Result<()> {
    let key = DatabaseKey::generate();
    match file {
        None => {
            println!("{}", key.to_text().as_str());
        }
        Some(path) => {
            let mut out = private::file_options()
                .write(true)
                .create_new(true)
                .open(path)
                .with_context(|| format!("cannot create {} (it must not exist yet)", path.display()))?;
            writeln!(out, "{}", key.to_text().as_str()).and_then(|()| out.sync_all())?;
            println!(
                "wrote a new database key to {} (readable only by you); keep a copy apart from the data",
                path.display()
            );
        }
    }
    Ok(())
}

fn new_key(file: Option<&Path>) -> Result<DatabaseKey> {
    const NEW_VARIABLE: &str = "DOCKET_NEW_DATABASE_KEY";
    let from_env = std::env::var(NEW_VARIABLE).ok().filter(|v| !v.trim().is_empty());
    match (file, from_env) {
        (Some(_), Some(_)) => bail!("give the new key one way: --new-key-file or {NEW_VARIABLE}"),
        (Some(path), None) => DatabaseKey::from_file(path).map_err(anyhow::Error::msg),
        (None, Some(text)) => DatabaseKey::parse(&text).map_err(|e| anyhow::anyhow!("{NEW_VARIABLE}: {e}")),
        (None, None) => bail!("give the new key: --new-key-file FILE or {NEW_VARIABLE}"),
    }
}

fn status(data_dir: &Path, key: Option<&DatabaseKey>) -> Result<()> {
    let path = data_dir.join(DATABASE_FILE);
    match AtRest::of(&path)? {
        AtRest::New => println!("{} holds no database yet", data_dir.display()),
        AtRest::Plain => println!("{} is NOT encrypted", path.display()),
        AtRest::Encrypted(_) => match key {
            None => println!("{} is encrypted (no key given to try)", path.display()),
            Some(key) => match docket_engine::encryption::check_key(&path, key) {
                Ok(()) => println!("{} is encrypted, and the given key opens it", path.display()),
                Err(e) => bail!("{} is encrypted, but {e}", path.display()),
            },
        },
    }
    Ok(())
}

fn report(data_dir: &Path, done: Converted) -> Result<()> {
    let what = match done.conversion {
        Conversion::Encrypt => "encrypted",
        Conversion::Decrypt => "decrypted",
        Conversion::Rekey => "rekeyed",
    };
    println!(
        "{what} {}: the database ({:.1} MB) and {} stored files",
        data_dir.display(),
        done.database_bytes as f64 / 1e6,
        done.files
    );
    if done.conversion == Conversion::Decrypt {
        println!("the data is now readable by anyone who can read {}", data_dir.display());
    }
    Ok(())
}
