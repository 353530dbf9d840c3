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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
pub struct JsonPage(bytes::Bytes);

impl JsonPage {
    pub(crate) fn from_trusted(json: String) -> Self {
        JsonPage(bytes::Bytes::from(json))
    }

    /// The JSON text (always UTF-8: a page is only made from a `String`).
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The JSON text, shared (a page served from the cache is not copied).
    pub fn into_bytes(self) -> bytes::Bytes {
        self.0
    }
}

/// Rendered pages of one list, each kept with the data version of its table when it was read
/// (see `db::versions`): served again until the table changes. Polling clients (a reviewer's
/// queue, an integration test waiting for a decision) ask for the same page over and over.
pub(crate) struct PageCache<K> {
    pages: std::sync::Mutex<std::collections::HashMap<K, (u64, JsonPage)>>,
}

/// Pages a cache holds at most; when full, pages of older versions go first, then all.
const CACHED_PAGES: usize = 256;

impl<K: std::hash::Hash + Eq> PageCache<K> {
    pub(crate) fn new() -> Self {
        PageCache { pages: std::sync::Mutex::new(std::collections::HashMap::new()) }
    }

    /// The page for `key` read at `version`, if kept.
    pub(crate) fn get(&self, key: &K, version: u64) -> Option<JsonPage> {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.get(key).filter(|(v, _)| *v == version).map(|(_, page)| page.clone())
    }

    pub(crate) fn put(&self, key: K, version: u64, page: JsonPage) {
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        if pages.len() >= CACHED_PAGES && !pages.contains_key(&key) {
            pages.retain(|_, (v, _)| *v >= version);
            if pages.len() >= CACHED_PAGES {
                pages.clear();
            }
        }
        pages.insert(key, (version, page));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_page_is_served_only_at_its_version() {
        let cache = PageCache::new();
        let page = |s: &str| JsonPage::from_trusted(s.to_owned());
        cache.put("a", 1, page("one"));
        assert_eq!(cache.get(&"a", 1), Some(page("one")));
        assert_eq!(cache.get(&"a", 2), None, "the table changed since");
        assert_eq!(cache.get(&"b", 1), None);
        // Full: stale pages go first, the current ones stay.
        let cache = PageCache::new();
        for i in 0..CACHED_PAGES {
            cache.put(Box::leak(format!("k{i}").into_boxed_str()) as &str, if i == 0 { 2 } else { 1 }, page("x"));
        }
        cache.put("new", 2, page("fresh"));
        assert_eq!(cache.get(&"k0", 2), Some(page("x")));
        assert_eq!(cache.get(&"new", 2), Some(page("fresh")));
        assert_eq!(cache.get(&"k1", 1), None);
    }

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
