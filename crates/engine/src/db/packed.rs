//! JSON stored LZ4-compressed in an `ANY` column, beside rows that older versions wrote as
//! JSON text. For documents of a few kilobytes written on the hot path (transaction results,
//! webhook payloads): compressed, they are about two fifths of the pages to write.

use rusqlite::Row;
use rusqlite::types::{ToSqlOutput, Type, ValueRef};

/// JSON as stored: LZ4-compressed (size-prepended). Made before the write, off the writer's thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PackedJson(Vec<u8>);

impl PackedJson {
    pub(crate) fn of(json: &str) -> Self {
        Self(lz4_flex::compress_prepend_size(json.as_bytes()))
    }
}

impl rusqlite::ToSql for PackedJson {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(ValueRef::Blob(&self.0)))
    }
}

/// A packed column's JSON text: decompressed, or as stored by a row written as text.
pub(crate) fn packed_text(row: &Row<'_>, i: usize) -> rusqlite::Result<String> {
    let bad = |e: Box<dyn std::error::Error + Send + Sync>| rusqlite::Error::FromSqlConversionFailure(i, Type::Blob, e);
    match row.get_ref(i)? {
        ValueRef::Blob(packed) => {
            let json = lz4_flex::decompress_size_prepended(packed).map_err(|e| bad(e.into()))?;
            String::from_utf8(json).map_err(|e| bad(e.into()))
        }
        _ => row.get(i),
    }
}

/// A packed column read as `T` (a row that does not parse is a conversion failure, not a panic).
pub(crate) fn packed_column<T: serde::de::DeserializeOwned>(row: &Row<'_>, i: usize) -> rusqlite::Result<T> {
    let json = packed_text(row, i)?;
    serde_json::from_str(&json).map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, Type::Text, e.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_and_text_rows_read_the_same() {
        let conn = rusqlite::Connection::open_in_memory().expect("opens");
        conn.execute_batch("CREATE TABLE t (n INTEGER PRIMARY KEY, doc ANY NOT NULL) STRICT").expect("creates");
        let json = r#"{"decision":"allow","fired":[]}"#;
        conn.execute("INSERT INTO t VALUES (1, ?1), (2, ?2)", rusqlite::params![PackedJson::of(json), json])
            .expect("inserts");
        let types: Vec<String> = conn
            .prepare("SELECT typeof(doc) FROM t ORDER BY n")
            .expect("prepares")
            .query_map([], |r| r.get(0))
            .expect("queries")
            .collect::<rusqlite::Result<_>>()
            .expect("reads");
        assert_eq!(types, ["blob", "text"]);
        let docs: Vec<serde_json::Value> = conn
            .prepare("SELECT doc FROM t ORDER BY n")
            .expect("prepares")
            .query_map([], |r| packed_column(r, 0))
            .expect("queries")
            .collect::<rusqlite::Result<_>>()
            .expect("reads");
        assert_eq!(docs[0], docs[1]);
        assert_eq!(docs[0]["decision"], "allow");
        conn.execute("INSERT INTO t VALUES (3, x'64000000ff')", []).expect("inserts");
        let broken = conn.query_row("SELECT doc FROM t WHERE n = 3", [], |r| packed_text(r, 0));
        assert!(broken.is_err(), "a damaged blob is an error, not a panic");
    }
}
