//! The two kinds of failure, both located in the source by byte span, line and column (1-based,
//! columns counted in characters): [`CompileError`] (the rule is not valid) and [`EvalError`]
//! (the rule could not be decided for one event).

use std::fmt;
use std::ops::Range;

use crate::parse::Span;

/// Why a rule does not compile, and where.
///
/// Its [`Display`](fmt::Display) writes three lines: `line L, column C: message`, the source
/// line, and carets under the offending text:
///
/// ```text
/// line 1, column 7: unknown period `last2d`: the periods are `last1d`, `last7d` and `last30d`
/// stats.last2d.sum > 0
///       ^^^^^^
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong, in one sentence (without the position).
    pub message: String,
    /// The offending text, as a byte range of the source.
    pub span: Range<usize>,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column of the span's start, in characters.
    pub column: usize,
    /// The source line, for the rendering.
    line_text: String,
    /// How many carets go under it.
    width: usize,
}

impl CompileError {
    pub(crate) fn new(source: &str, span: Span, message: impl Into<String>) -> CompileError {
        let at = locate(source, span);
        CompileError {
            message: message.into(),
            span: at.start..at.end,
            line: at.line,
            column: at.column,
            line_text: at.line_text.to_owned(),
            width: at.width,
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rendered(f, self.line, self.column, &self.message, &self.line_text, self.width)
    }
}

impl std::error::Error for CompileError {}

/// Why a rule could not be decided for one input, and where.
///
/// A caller records it with the evaluation and treats the rule as not fired. Its
/// [`Display`](fmt::Display) is `line L, column C: message`; [`EvalError::render`] adds the
/// source line and carets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub kind: EvalErrorKind,
    /// The part of the source that failed, as a byte range: the operator of a failed operation,
    /// the name of a missing field, the whole expression for `not_a_boolean`.
    pub span: Range<usize>,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column of the span's start, in characters.
    pub column: usize,
}

impl EvalError {
    /// The kind's stable code (see [`EvalErrorKind::code`]).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The message with the source line and carets under the failed part, like
    /// [`CompileError`]'s rendering. `source` is the expression's [`source`](crate::Expression::source).
    pub fn render(&self, source: &str) -> String {
        let at = locate(source, Span::new(self.span.start, self.span.end));
        let mut out = String::new();
        let _ = write_rendered(&mut out, self.line, self.column, &self.kind.to_string(), at.line_text, at.width);
        out
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

impl std::error::Error for EvalError {}

/// What went wrong while evaluating. Its [`Display`](fmt::Display) is a human message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalErrorKind {
    /// `/` with a right side equal to zero.
    DivisionByZero,
    /// The event has no such field ([`Input::event`](crate::Input::event) returned `None`).
    MissingField { field: String },
    /// An operator was given values it does not accept. Types are `number`, `string` and
    /// `boolean`; `right` is `None` for a unary operator, and for `&&` or `||` whose left side
    /// was already wrong (the right side is then not evaluated).
    TypeMismatch { operator: &'static str, left: &'static str, right: Option<&'static str> },
    /// The result of an arithmetic operator is beyond ±79,228,162,514,264,337,593,543,950,335.
    Overflow { operator: &'static str },
    /// The whole rule evaluated to something other than true or false (`found` is its type).
    NotABoolean { found: &'static str },
}

impl EvalErrorKind {
    /// A stable snake_case code: `division_by_zero`, `missing_field`, `type_mismatch`,
    /// `overflow` or `not_a_boolean`.
    pub fn code(&self) -> &'static str {
        match self {
            EvalErrorKind::DivisionByZero => "division_by_zero",
            EvalErrorKind::MissingField { .. } => "missing_field",
            EvalErrorKind::TypeMismatch { .. } => "type_mismatch",
            EvalErrorKind::Overflow { .. } => "overflow",
            EvalErrorKind::NotABoolean { .. } => "not_a_boolean",
        }
    }
}

impl fmt::Display for EvalErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalErrorKind::DivisionByZero => f.write_str("division by zero"),
            EvalErrorKind::MissingField { field } => write!(f, "the event has no field `{field}`"),
            EvalErrorKind::TypeMismatch { operator, left, right: Some(right) } => {
                write!(f, "`{operator}` cannot be applied to a {left} and a {right}")
            }
            EvalErrorKind::TypeMismatch { operator, left, right: None } => {
                write!(f, "`{operator}` cannot be applied to a {left}")
            }
            EvalErrorKind::Overflow { operator } => {
                write!(f, "the result of `{operator}` is too large for a decimal number")
            }
            EvalErrorKind::NotABoolean { found } => {
                write!(f, "the rule evaluated to a {found}, not to true or false")
            }
        }
    }
}

/// A span resolved against its source.
pub(crate) struct Location<'s> {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub column: usize,
    pub line_text: &'s str,
    /// Characters of the span on its first line, at least 1.
    pub width: usize,
}

/// Resolves a span (clamped to the source and to character boundaries, so any span is safe).
pub(crate) fn locate(source: &str, span: Span) -> Location<'_> {
    let floor = |mut at: usize| {
        at = at.min(source.len());
        while !source.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = floor(span.start);
    let end = floor(span.end.max(start));
    let line_start = source[..start].rfind('\n').map_or(0, |newline| newline + 1);
    let line_end = source[start..].find('\n').map_or(source.len(), |newline| start + newline);
    let line_text = &source[line_start..line_end];
    Location {
        start,
        end,
        line: 1 + source.as_bytes()[..start].iter().filter(|&&byte| byte == b'\n').count(),
        column: 1 + source[line_start..start].chars().count(),
        line_text: line_text.strip_suffix('\r').unwrap_or(line_text),
        width: source[start..end.min(line_end)].chars().count().max(1),
    }
}

fn write_rendered(
    out: &mut impl fmt::Write,
    line: usize,
    column: usize,
    message: &str,
    line_text: &str,
    width: usize,
) -> fmt::Result {
    writeln!(out, "line {line}, column {column}: {message}")?;
    writeln!(out, "{line_text}")?;
    // Tabs stay tabs so that the carets line up under them.
    for c in line_text.chars().chain(std::iter::repeat(' ')).take(column.saturating_sub(1)) {
        out.write_char(if c == '\t' { '\t' } else { ' ' })?;
    }
    for _ in 0..width {
        out.write_char('^')?;
    }
    Ok(())
}
