//! Record ids: UUIDv7, time-ordered like the public service's ids, and typed per resource so an
//! applicant id can never be passed where a key id is expected.

use std::sync::Mutex;

use uuid::{ContextV7, Uuid};

use crate::time::Timestamp;

/// Keeps ids made in the same millisecond in creation order.
static CONTEXT: Mutex<ContextV7> = Mutex::new(ContextV7::new());

/// A new UUIDv7 for the given instant. Ids made by one process are strictly increasing.
pub fn new_uuid(at: Timestamp) -> Uuid {
    let context = CONTEXT.lock().unwrap_or_else(|e| e.into_inner());
    let ms = u64::try_from(at.as_millis()).unwrap_or(0);
    let ts = uuid::Timestamp::from_unix(&*context, ms / 1000, ((ms % 1000) * 1_000_000) as u32);
    Uuid::new_v7(ts)
}

/// Declares a typed id: a UUID newtype that serialises as its hyphenated string, is stored as a
/// 16-byte BLOB and parses only from a well-formed UUID.
macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident, $what:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub uuid::Uuid);

        impl $name {
            /// What this id names, for messages.
            pub const WHAT: &'static str = $what;

            pub fn new(at: $crate::time::Timestamp) -> Self {
                $name($crate::id::new_uuid(at))
            }

            pub fn as_uuid(&self) -> uuid::Uuid {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.hyphenated().fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::error::Error;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                uuid::Uuid::try_parse(s.trim()).map($name).map_err(|_| {
                    $crate::error::Error::invalid_request(format!("`{}` is not a valid {} id (expected a UUID)", $crate::values::shorten(s, 64), $what))
                })
            }
        }

        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
                uuid::Uuid::column_result(value).map($name)
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::Type::String)
                    .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Uuid)))
                    .description(Some(concat!("The ", $what, " id (UUIDv7).")))
                    .into()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {}
    };
}

pub(crate) use typed_id;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_version_7_and_increase_within_a_millisecond() {
        let at = Timestamp::from_millis(1_700_000_000_000);
        let ids: Vec<Uuid> = (0..1000).map(|_| new_uuid(at)).collect();
        assert!(ids.iter().all(|id| id.get_version_num() == 7));
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
    }
}
