//! The engine's one error type. Every failure a caller can cause is a variant here; the API crate
//! maps each variant to a status code in one place.

use std::fmt;

/// A result whose error is the engine's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input broke a rule: a bad value, a missing field, a bound exceeded.
    #[error("{0}")]
    Invalid(Invalid),
    /// No record with that id exists in the caller's scope.
    #[error("{resource} not found")]
    NotFound { resource: &'static str },
    /// The change conflicts with existing data (a duplicate external id, say).
    #[error("{0}")]
    Conflict(String),
    /// The record existed and was erased: the message says when and by whom.
    #[error("{0}")]
    Gone(String),
    /// No usable API key was presented.
    #[error("{0}")]
    Unauthorized(String),
    /// The caller may not do this in its environment (sandbox controls with a production key).
    #[error("{0}")]
    Forbidden(String),
    /// The database file cannot be used by this build of Docket.
    #[error("{0}")]
    Incompatible(String),
    /// An upload or body larger than its limit.
    #[error("{0}")]
    TooLarge(String),
    /// An upload whose content is of a type the operation does not take.
    #[error("{0}")]
    UnsupportedMedia(String),
    /// Too many attempts (failed sign-ins, failed keys): try again after `retry_after_seconds`.
    #[error("{message}")]
    TooMany { message: String, retry_after_seconds: u64 },
    /// The operation needs something this process was started without (a master key).
    #[error("{0}")]
    Unavailable(String),
    /// The operation could not have its turn now (every slot for heavy work is taken): the
    /// caller may try again after `retry_after_seconds`.
    #[error("{message}")]
    Busy { message: String, retry_after_seconds: u32 },
    /// A storage failure the caller did not cause.
    #[error("storage error: {0}")]
    Storage(String),
}

/// A rejected input value: which field (a dotted path such as `info.dob`) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub field: Option<String>,
    pub message: String,
    /// What is wrong, for programs (`country`, `percentage`, `date`...), so a page can say it
    /// in its own words and language next to the field.
    pub code: Option<&'static str>,
    /// The other fields the same input got wrong, so a form can show every error at once.
    pub others: Vec<Invalid>,
}

impl Invalid {
    fn within(self, parent: &str) -> Invalid {
        Invalid {
            field: Some(match self.field {
                Some(field) => format!("{parent}.{field}"),
                None => parent.to_owned(),
            }),
            others: self.others.into_iter().map(|o| o.within(parent)).collect(),
            ..self
        }
    }

    /// This error and the others, each on its own.
    pub fn all(&self) -> Vec<Invalid> {
        let mut out = vec![Invalid { others: Vec::new(), ..self.clone() }];
        out.extend(self.others.iter().flat_map(Invalid::all));
        out
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message)?,
            None => f.write_str(&self.message)?,
        }
        for other in &self.others {
            write!(f, "; {other}")?;
        }
        Ok(())
    }
}

impl Error {
    /// A file operation that failed: `could not {what} {path}: {e}`.
    pub(crate) fn io(what: &str, path: &std::path::Path, e: &std::io::Error) -> Self {
        Error::Storage(format!("could not {what} {}: {e}", path.display()))
    }

    /// An invalid value of a named field.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Invalid(Invalid { field: Some(field.into()), message: message.into(), code: None, others: Vec::new() })
    }

    /// An invalid value of a named field, with its machine code.
    pub fn invalid_coded(field: impl Into<String>, code: &'static str, message: impl Into<String>) -> Self {
        Error::Invalid(Invalid {
            field: Some(field.into()),
            message: message.into(),
            code: Some(code),
            others: Vec::new(),
        })
    }

    /// Several rejected fields as one error (the first leads); `None` when there are none.
    pub fn invalid_fields(mut all: Vec<Invalid>) -> Option<Self> {
        if all.is_empty() {
            return None;
        }
        let mut first = all.remove(0);
        first.others.extend(all);
        Some(Error::Invalid(first))
    }

    /// An invalid request as a whole.
    pub fn invalid_request(message: impl Into<String>) -> Self {
        Error::Invalid(Invalid { field: None, message: message.into(), code: None, others: Vec::new() })
    }

    pub fn not_found(resource: &'static str) -> Self {
        Error::NotFound { resource }
    }

    /// Prefixes the field path of an `Invalid` error, so nested validation reports `info.dob`.
    pub fn within(self, parent: &str) -> Self {
        match self {
            Error::Invalid(invalid) => Error::Invalid(invalid.within(parent)),
            other => other,
        }
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        Error::Storage(e.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Storage(format!("stored JSON is unreadable: {e}"))
    }
}
