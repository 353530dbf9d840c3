//! The page as lines and column segments. `pdftotext -layout` keeps a statement's columns apart
//! with runs of spaces; Tesseract joins a line's words with single spaces. A segment is a run of
//! text between two or more spaces, with the column it starts at, so a label printed above its
//! value (a table's header) finds the value below it.

/// One line of a page.
#[derive(Debug, Clone)]
pub(crate) struct Line<'a> {
    /// 1-based page (pages are separated by form feeds).
    pub page: usize,
    /// 1-based line within its page.
    pub number: usize,
    pub text: &'a str,
    pub segments: Vec<Segment<'a>>,
}

/// A run of text on a line, between runs of two or more spaces.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Segment<'a> {
    /// Its first character's column.
    pub column: usize,
    /// Its first byte in the line.
    pub byte: usize,
    pub text: &'a str,
}

impl Segment<'_> {
    /// The columns it covers.
    pub fn end(&self) -> usize {
        self.column + self.text.chars().count()
    }
}

/// The lines of a text, at most `max_lines` of them (bounded work on any input).
pub(crate) fn lines(text: &str, max_lines: usize) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    for (p, page) in text.split('\u{c}').enumerate() {
        for (n, line) in page.lines().enumerate() {
            if out.len() >= max_lines {
                return out;
            }
            if line.trim().is_empty() {
                continue;
            }
            out.push(Line { page: p + 1, number: n + 1, text: line.trim_end(), segments: segments(line) });
        }
    }
    out
}

/// The segments of a line: text between runs of two or more spaces (or a tab).
fn segments(line: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut spaces = 0;
    let mut last_end = 0;
    for (column, (byte, c)) in line.char_indices().enumerate() {
        if c == ' ' || c == '\u{a0}' || c == '\t' {
            spaces += if c == '\t' { 2 } else { 1 };
            if spaces >= 2
                && let Some((b, col)) = start.take()
            {
                out.push(Segment { column: col, byte: b, text: line[b..last_end].trim_end() });
            }
            continue;
        }
        spaces = 0;
        if start.is_none() {
            start = Some((byte, column));
        }
        last_end = byte + c.len_utf8();
    }
    if let Some((b, col)) = start {
        out.push(Segment { column: col, byte: b, text: line[b..last_end].trim_end() });
    }
    out
}

/// A character folded for matching words: lower case, Latin accents dropped, one character for
/// one (so positions in the folded text are positions in the original).
pub(crate) fn fold_char(c: char) -> char {
    let c = c.to_lowercase().next().unwrap_or(c);
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        // The ordinal indicators of Spanish and French numbers (Nº, N°).
        'º' | '°' => 'o',
        other => other,
    }
}

/// A text folded character by character, as `(byte offset in the original, folded char)`.
pub(crate) fn folded(text: &str) -> Vec<(usize, char)> {
    text.char_indices().map(|(i, c)| (i, fold_char(c))).collect()
}

/// Whether `phrase` (already folded) occurs in `hay` at char index `at`, on word boundaries.
pub(crate) fn phrase_at(hay: &[(usize, char)], at: usize, phrase: &str) -> Option<usize> {
    if at > 0 && hay[at - 1].1.is_alphanumeric() {
        return None;
    }
    let mut i = at;
    for p in phrase.chars() {
        let (_, c) = hay.get(i)?;
        if *c != p {
            return None;
        }
        i += 1;
    }
    if hay.get(i).is_some_and(|(_, c)| c.is_alphanumeric()) && phrase.chars().last().is_some_and(char::is_alphanumeric)
    {
        return None;
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_split_on_runs_of_spaces_and_keep_their_columns() {
        let s = segments("Account holder:  Jane Doe      IBAN: DE89 3704");
        let texts: Vec<_> = s.iter().map(|s| (s.column, s.text)).collect();
        assert_eq!(texts, vec![(0, "Account holder:"), (17, "Jane Doe"), (31, "IBAN: DE89 3704")]);
    }

    #[test]
    fn pages_and_lines_are_numbered_from_one_and_blank_lines_skipped() {
        let l = lines("a\n\nb\u{c}c", 100);
        let at: Vec<_> = l.iter().map(|l| (l.page, l.number, l.text)).collect();
        assert_eq!(at, vec![(1, 1, "a"), (1, 3, "b"), (2, 1, "c")]);
    }

    #[test]
    fn phrases_match_on_word_boundaries_accents_aside() {
        let hay = folded("Période du 1er");
        assert_eq!(phrase_at(&hay, 0, "periode"), Some(7));
        let hay = folded("Xiban");
        assert_eq!(phrase_at(&hay, 1, "iban"), None);
    }
}
