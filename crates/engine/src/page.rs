//! Paging as the public service does it: a 0-based `page`, a `limit`, and `{data, has_next}`,
//! newest first. Each list declares its own bounds.

use serde::Serialize;

use crate::error::{Error, Result};

/// The bounds of one list's `limit`, and its default.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

impl Bounds {
    /// The `/api/v3` lists (applicants, AML history, webhook deliveries).
    pub const V3: Bounds = Bounds { min: 1, max: 100, default: 10 };
}

/// The deepest page any list serves; beyond it a client should narrow its filters instead.
pub const MAX_PAGE: u32 = 100_000;

/// A checked page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub limit: u32,
}

impl PageRequest {
    /// Checks `page` and `limit` (as given by the caller, if at all) against a list's bounds.
    pub fn new(page: Option<i64>, limit: Option<i64>, bounds: Bounds) -> Result<Self> {
        let page = page.unwrap_or(0);
        if !(0..=i64::from(MAX_PAGE)).contains(&page) {
            return Err(Error::invalid("page", format!("must be between 0 and {MAX_PAGE} (pages count from 0)")));
        }
        let limit = limit.unwrap_or(i64::from(bounds.default));
        if !(i64::from(bounds.min)..=i64::from(bounds.max)).contains(&limit) {
            return Err(Error::invalid("limit", format!("must be between {} and {}", bounds.min, bounds.max)));
        }
        Ok(PageRequest { page: page as u32, limit: limit as u32 })
    }

    /// SQL `LIMIT`: one more row than the page holds, to learn whether a next page exists.
    pub fn sql_limit(&self) -> i64 {
        i64::from(self.limit) + 1
    }

    pub fn sql_offset(&self) -> i64 {
        i64::from(self.page) * i64::from(self.limit)
    }

    /// Turns the rows fetched with [`Self::sql_limit`] into a page.
    pub fn finish<T>(&self, mut rows: Vec<T>) -> Page<T> {
        let has_next = rows.len() > self.limit as usize;
        rows.truncate(self.limit as usize);
        Page { data: rows, has_next }
    }
}

/// One page of a list.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Page<T> {
    pub data: Vec<T>,
    /// True when a further page exists.
    pub has_next: bool,
}

/// A page already serialised as JSON, `{"data":[...],"has_next":...}`, for lists that keep each
/// record's wire JSON stored and send it without decoding it. Only the engine makes one, from
/// JSON it wrote itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonPage(String);

impl JsonPage {
    pub(crate) fn from_trusted(json: String) -> Self {
        JsonPage(json)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_bounds() {
        let b = Bounds { min: 5, max: 25, default: 20 };
        assert_eq!(PageRequest::new(None, None, b).ok(), Some(PageRequest { page: 0, limit: 20 }));
        assert!(PageRequest::new(Some(-1), None, b).is_err());
        assert!(PageRequest::new(None, Some(4), b).is_err());
        assert!(PageRequest::new(None, Some(26), b).is_err());
        assert!(PageRequest::new(Some(i64::from(MAX_PAGE) + 1), None, b).is_err());
    }

    #[test]
    fn has_next_comes_from_the_extra_row() {
        let p = PageRequest { page: 0, limit: 2 };
        let page = p.finish(vec![1, 2, 3]);
        assert_eq!(page.data, vec![1, 2]);
        assert!(page.has_next);
        assert!(!p.finish(vec![1, 2]).has_next);
    }
}
