//! The lexer: source text to tokens with byte spans. Names are lexed whole
//! (`stats.last7d.sum` is one token, split and checked by the parser), keywords are `true`,
//! `false` and `in`, and errors point at the offending characters (an unterminated string at its
//! opening quote).

use rust_decimal::Decimal;

use crate::error::CompileError;
use crate::parse::Span;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Number(Decimal),
    Str(Box<str>),
    /// `event.amount`, `stats.last7d.sum` or anything else made of letters, digits, `_` and `.`
    /// that starts with a letter or `_`; the text is the token's span.
    Name,
    True,
    False,
    In,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Bang,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    /// The end of the source; its span is empty, just after the last token.
    Eof,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Every token of the source, ending with [`Tok::Eof`].
pub(crate) fn lex(source: &str) -> Result<Vec<Token>, CompileError> {
    let bytes = source.as_bytes();
    let error = |start: usize, end: usize, message: String| CompileError::new(source, Span::new(start, end), message);
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        let next = bytes.get(i + 1).copied();
        let (tok, end) = match byte {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'0'..=b'9' => number(source, i)?,
            b'A'..=b'Z' | b'a'..=b'z' | b'_' => {
                let end = scan(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
                let tok = match &source[i..end] {
                    "true" => Tok::True,
                    "false" => Tok::False,
                    "in" => Tok::In,
                    _ => Tok::Name,
                };
                (tok, end)
            }
            b'"' | b'\'' => string(source, i)?,
            b'(' => (Tok::LParen, i + 1),
            b')' => (Tok::RParen, i + 1),
            b'[' => (Tok::LBracket, i + 1),
            b']' => (Tok::RBracket, i + 1),
            b',' => (Tok::Comma, i + 1),
            b'+' => (Tok::Plus, i + 1),
            b'-' => (Tok::Minus, i + 1),
            b'*' => (Tok::Star, i + 1),
            b'/' => (Tok::Slash, i + 1),
            b'=' if next == Some(b'=') => (Tok::EqEq, i + 2),
            b'=' => return Err(error(i, i + 1, "`=` is not an operator: compare with `==`".into())),
            b'!' if next == Some(b'=') => (Tok::NotEq, i + 2),
            b'!' => (Tok::Bang, i + 1),
            b'<' if next == Some(b'=') => (Tok::Le, i + 2),
            b'<' => (Tok::Lt, i + 1),
            b'>' if next == Some(b'=') => (Tok::Ge, i + 2),
            b'>' => (Tok::Gt, i + 1),
            b'&' if next == Some(b'&') => (Tok::AndAnd, i + 2),
            b'&' => return Err(error(i, i + 1, "`&` is not an operator: write `&&` for AND".into())),
            b'|' if next == Some(b'|') => (Tok::OrOr, i + 2),
            b'|' => return Err(error(i, i + 1, "`|` is not an operator: write `||` for OR".into())),
            b'.' if next.is_some_and(|b| b.is_ascii_digit()) => {
                let end = scan(bytes, i + 1, |b| b.is_ascii_digit());
                let text = &source[i..end];
                return Err(error(i, end, format!("a number starts with a digit: write `0{text}`")));
            }
            _ => {
                let c = source[i..].chars().next().unwrap_or('\u{fffd}');
                let end = i + c.len_utf8();
                // Copied rules bring no-break and other Unicode spaces along.
                if c.is_whitespace() {
                    i = end;
                    continue;
                }
                return Err(error(i, end, format!("unexpected character `{}`", c.escape_debug())));
            }
        };
        tokens.push(Token { tok, span: Span::new(i, end) });
        i = end;
    }
    let end = tokens.last().map_or(0, |token| token.span.end);
    tokens.push(Token { tok: Tok::Eof, span: Span::new(end, end) });
    Ok(tokens)
}

/// The end of the run of bytes from `start` that satisfy `accept`.
fn scan(bytes: &[u8], start: usize, accept: impl Fn(u8) -> bool) -> usize {
    let mut end = start;
    while bytes.get(end).is_some_and(|&b| accept(b)) {
        end += 1;
    }
    end
}

/// `12` or `560.00`: digits with at most one decimal point followed by digits.
fn number(source: &str, start: usize) -> Result<(Tok, usize), CompileError> {
    let bytes = source.as_bytes();
    let mut end = scan(bytes, start, |b| b.is_ascii_digit());
    if bytes.get(end) == Some(&b'.') {
        if !bytes.get(end + 1).is_some_and(|b| b.is_ascii_digit()) {
            let message = format!("a decimal point must be followed by digits: write `{}.0`", &source[start..end]);
            return Err(CompileError::new(source, Span::new(end, end + 1), message));
        }
        end = scan(bytes, end + 1, |b| b.is_ascii_digit());
    }
    if bytes.get(end).is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.') {
        let bad_end = scan(bytes, end, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
        let message = format!(
            "`{}` is not a number: write digits with at most one decimal point, like `12` or `560.00` (no exponents)",
            &source[start..bad_end]
        );
        return Err(CompileError::new(source, Span::new(start, bad_end), message));
    }
    let text = &source[start..end];
    match Decimal::from_str_exact(text) {
        Ok(number) => Ok((Tok::Number(number), end)),
        Err(_) => {
            let message = format!(
                "the number `{text}` cannot be represented exactly: numbers have at most 28 digits after the \
                 decimal point and are below 79228162514264337593543950336"
            );
            Err(CompileError::new(source, Span::new(start, end), message))
        }
    }
}

/// A string in double or single quotes with the escapes `\\`, `\"`, `\'`, `\n` and `\t`.
fn string(source: &str, start: usize) -> Result<(Tok, usize), CompileError> {
    let bytes = source.as_bytes();
    let quote = bytes[start];
    let unterminated = || {
        let message =
            format!("this string is never closed: end it with {}", if quote == b'"' { "`\"`" } else { "`'`" });
        CompileError::new(source, Span::new(start, start + 1), message)
    };
    // Built only when there are escapes; otherwise the text is a slice of the source.
    let mut unescaped: Option<String> = None;
    let mut piece = start + 1;
    let mut i = start + 1;
    loop {
        match bytes.get(i) {
            None => return Err(unterminated()),
            Some(&b) if b == quote => {
                let text = match unescaped {
                    Some(mut text) => {
                        text.push_str(&source[piece..i]);
                        text.into_boxed_str()
                    }
                    None => source[piece..i].into(),
                };
                return Ok((Tok::Str(text), i + 1));
            }
            Some(b'\\') => {
                let Some(escaped) = source[i + 1..].chars().next() else { return Err(unterminated()) };
                let replacement = match escaped {
                    '\\' => '\\',
                    '"' => '"',
                    '\'' => '\'',
                    'n' => '\n',
                    't' => '\t',
                    _ => {
                        let message = format!(
                            "unknown escape `\\{}`: the escapes are `\\\\`, `\\\"`, `\\'`, `\\n` and `\\t`",
                            escaped.escape_debug()
                        );
                        return Err(CompileError::new(source, Span::new(i, i + 1 + escaped.len_utf8()), message));
                    }
                };
                let text = unescaped.get_or_insert_with(String::new);
                text.push_str(&source[piece..i]);
                text.push(replacement);
                i += 1 + escaped.len_utf8();
                piece = i;
            }
            // Bytes of multi-byte characters are never a quote or a backslash.
            Some(_) => i += 1,
        }
    }
}
