//! The rule expression language of Docket's transaction monitoring (interface spec, section
//! 2.9): a rule such as `event.amount > 1000 && stats.last7d.transactions_count >= 5` is
//! compiled once with [`compile`] and evaluated per transaction with
//! [`Expression::evaluate`], which says whether the rule fires.
//!
//! - Names: `event.<field>` reads a field of the transaction (through [`Input::event`]);
//!   `stats.<period>.<indicator>` reads an aggregate of the applicant (through
//!   [`Input::stat`]).
//! - Numbers are exact decimals ([`Decimal`], re-exported from `rust_decimal`): `0.1 * 3 == 0.3`
//!   holds, `1.0 == 1`, and arithmetic is checked (overflow and division by zero are errors).
//! - Compiling checks everything that can be known without an event: syntax, names, the limits
//!   ([`MAX_SOURCE_BYTES`], [`MAX_DEPTH`]) and the types of literals and `stats.*`;
//!   [`compile_for`] also checks `event.*` against the event type's fields (a [`Schema`]). A
//!   [`CompileError`] gives the line, the column and a caret under the offending text.
//! - Evaluating never panics; what can only fail with a given event (a missing field, a field of
//!   the wrong type, a division by zero) is an [`EvalError`] with a stable code.
//!
//! The crate is pure: no I/O, no engine types. The language reference for people writing rules
//! is the crate's README.md.
//!
//! ```
//! use docket_rules::{Decimal, Input, Stat, Value, compile};
//!
//! struct Payment;
//! impl Input for Payment {
//!     fn event(&self, field: &str) -> Option<Value<'_>> {
//!         match field {
//!             "amount" => Some(Value::Number(Decimal::new(250_000, 2))), // 2500.00
//!             "payee_country_cd" => Some(Value::from("KP")),
//!             _ => None,
//!         }
//!     }
//!     fn stat(&self, _stat: Stat) -> Decimal {
//!         Decimal::from(7)
//!     }
//! }
//!
//! let rule = compile(r#"event.amount > 1000 && event.payee_country_cd in ["IR", "KP", "SY"]"#)
//!     .expect("compiles");
//! assert_eq!(rule.evaluate(&Payment), Ok(true));
//! assert_eq!(rule.event_fields(), ["amount", "payee_country_cd"]);
//!
//! let error = compile("event.amount > && true").expect_err("an operand is missing");
//! assert_eq!(error.to_string(), "line 1, column 16: expected an operand after `>`, found `&&`\n\
//!                                event.amount > && true\n\
//!                                \x20              ^^");
//! ```

mod check;
mod error;
mod eval;
mod lex;
mod parse;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

pub use error::{CompileError, EvalError, EvalErrorKind};
pub use rust_decimal::Decimal;

/// The longest source [`compile`] accepts, in bytes.
pub const MAX_SOURCE_BYTES: usize = 10_000;

/// How deeply an expression may nest below its top level. Each pair of parentheses, each unary
/// `!` or `-` and each operand of an operator that binds tighter than the one around it opens a
/// level; a run of the same kind of operator (`a || b || c`, `a + b - c`) stays on one level.
/// So `true` inside 64 pairs of parentheses compiles, inside 65 it does not.
pub const MAX_DEPTH: usize = 64;

/// Compiles a rule: lexing, parsing, name resolution and the static type check.
///
/// The result is checked for everything that does not depend on the event: it is syntactically
/// valid, every name exists, no operator is applied to literals or `stats.*` of the wrong type,
/// and the whole expression can be true or false. Compiling never panics, whatever the text.
pub fn compile(source: &str) -> Result<Expression, CompileError> {
    compile_for(source, &Untyped)
}

/// Compiles a rule for one kind of event: as [`compile`], and every `event.<field>` is checked
/// against `schema`: a field it types takes part in the type check (`event.amount == "x"` is
/// refused when `amount` is a number), a field it says the event does not have is refused with
/// its reason, and any other field is the caller's own, typed when the event is seen.
///
/// ```
/// use docket_rules::{Field, FieldType, Schema, compile_for};
///
/// struct Payments;
/// impl Schema for Payments {
///     fn field(&self, name: &str) -> Field {
///         match name {
///             "checkout_price" => Field::Typed(FieldType::Number),
///             "amount" => Field::Absent("a payment has no `amount`: its amount is `event.checkout_price`".into()),
///             _ => Field::Custom,
///         }
///     }
/// }
///
/// assert!(compile_for("event.checkout_price > 1000", &Payments).is_ok());
/// let error = compile_for("event.amount > 1000", &Payments).expect_err("not a payment's field");
/// assert!(error.to_string().contains("its amount is `event.checkout_price`"));
/// let error = compile_for(r#"event.checkout_price == "high""#, &Payments).expect_err("a number");
/// assert!(error.to_string().contains("cannot compare a number with a string"));
/// ```
pub fn compile_for(source: &str, schema: &dyn Schema) -> Result<Expression, CompileError> {
    if source.len() > MAX_SOURCE_BYTES {
        let mut at = MAX_SOURCE_BYTES;
        while !source.is_char_boundary(at) {
            at -= 1;
        }
        return Err(CompileError::new(
            source,
            parse::Span::new(at, source.len()),
            format!("the rule is {} bytes long; at most {MAX_SOURCE_BYTES} are allowed", source.len()),
        ));
    }
    let tokens = lex::lex(source)?;
    let root = parse::parse(source, &tokens)?;
    let names = check::check(source, &root, schema)?;
    Ok(Expression { source: source.into(), root, fields: names.fields, stats: names.stats })
}

/// The fields an event type has, for [`compile_for`]'s check.
pub trait Schema {
    /// What `event.<name>` is on this event type.
    fn field(&self, name: &str) -> Field;
}

/// What a schema says of one `event.<field>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A field of the event type, always of this type when present.
    Typed(FieldType),
    /// Not one the schema knows: a field of the caller's own, typed when the event is seen.
    Custom,
    /// A field this event type does not have; the text says why (and what to read instead).
    Absent(String),
}

/// The type of a field a [`Schema`] knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldType {
    Number,
    String,
    Bool,
}

/// The schema of [`compile`]: every field is the caller's own.
struct Untyped;

impl Schema for Untyped {
    fn field(&self, _name: &str) -> Field {
        Field::Custom
    }
}

/// A compiled rule: cheap to share between threads and to evaluate many times.
///
/// Its [`Display`](fmt::Display) writes the expression fully parenthesised, one pair of
/// parentheses per operation (`event.a + 2 * 3 > 1` is `((event.a + (2 * 3)) > 1)`), which shows
/// how precedence was applied; [`Expression::source`] gives the text as written.
#[derive(Clone, Debug)]
pub struct Expression {
    source: Box<str>,
    root: parse::Node,
    fields: Vec<Box<str>>,
    stats: Vec<Stat>,
}

impl Expression {
    /// The source text the expression was compiled from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Evaluates to the rule's verdict: true = the rule fires.
    ///
    /// `&&` and `||` evaluate their right side only when needed, so `false && event.x` is false
    /// even when the event has no field `x`. Any failure (a missing field, a value of the wrong
    /// type, a division by zero, an overflow, a result that is not true or false) is an
    /// [`EvalError`] naming where in the source it happened. Never panics, and allocates only
    /// when the [`Input`] hands out owned strings or an error is built.
    pub fn evaluate<I: Input + ?Sized>(&self, input: &I) -> Result<bool, EvalError> {
        eval::evaluate(&self.root, input).map_err(|failure| failure.into_error(&self.source))
    }

    /// Every distinct `event.<field>` the expression reads, in order of first appearance
    /// (the field names without `event.`). A field on the right of `&&` or `||` is listed even
    /// though an evaluation may not reach it.
    pub fn event_fields(&self) -> Vec<&str> {
        self.fields.iter().map(|field| &**field).collect()
    }

    /// Every distinct `stats.<period>.<indicator>` it reads, in order of first appearance.
    pub fn stats(&self) -> Vec<Stat> {
        self.stats.clone()
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.root, f)
    }
}

/// What a rule reads: the fields of the transaction being checked and the applicant's
/// aggregates. Implemented by the caller (for example over a parsed JSON object).
pub trait Input {
    /// The value of `event.<field>`; `None` means the event has no such field (evaluating the
    /// name is then a `missing_field` error). A JSON `null` is best reported as `None`.
    fn event(&self, field: &str) -> Option<Value<'_>>;

    /// The value of `stats.<period>.<indicator>` for the applicant.
    fn stat(&self, stat: Stat) -> Decimal;
}

/// A value of an event field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Number(Decimal),
    /// Borrowed from the input where possible (evaluation then allocates nothing).
    String(Cow<'a, str>),
    Bool(bool),
}

impl Value<'_> {
    /// The name of the value's type as errors spell it: `number`, `string` or `boolean`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
        }
    }
}

impl From<Decimal> for Value<'_> {
    fn from(number: Decimal) -> Self {
        Value::Number(number)
    }
}

impl From<bool> for Value<'_> {
    fn from(flag: bool) -> Self {
        Value::Bool(flag)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(text: &'a str) -> Self {
        Value::String(Cow::Borrowed(text))
    }
}

impl From<String> for Value<'_> {
    fn from(text: String) -> Self {
        Value::String(Cow::Owned(text))
    }
}

/// One aggregate a rule can read: `stats.<period>.<indicator>`. Its
/// [`Display`](fmt::Display) writes it that way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stat {
    pub period: Period,
    pub indicator: Indicator,
}

impl fmt::Display for Stat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stats.{}.{}", self.period.name(), self.indicator.name())
    }
}

/// The window of a [`Stat`], in calendar days (UTC) ending today: `last1d` is today since 00:00
/// UTC, `last7d` today and the 6 full days before.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Period {
    Last1d,
    Last7d,
    Last30d,
}

impl Period {
    /// Every period, shortest first.
    pub const ALL: [Period; 3] = [Period::Last1d, Period::Last7d, Period::Last30d];

    /// The name rules use: `last1d`, `last7d` or `last30d`.
    pub fn name(&self) -> &'static str {
        match self {
            Period::Last1d => "last1d",
            Period::Last7d => "last7d",
            Period::Last30d => "last30d",
        }
    }

    /// The number of calendar days covered, today included: 1, 7 or 30.
    pub fn days(&self) -> u32 {
        match self {
            Period::Last1d => 1,
            Period::Last7d => 7,
            Period::Last30d => 30,
        }
    }

    fn from_name(name: &str) -> Option<Period> {
        Period::ALL.into_iter().find(|period| period.name() == name)
    }
}

/// The aggregate of a [`Stat`], over the applicant's transactions and payments together.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Indicator {
    Sum,
    Avg,
    Min,
    Max,
    TransactionsCount,
}

impl Indicator {
    /// Every indicator.
    pub const ALL: [Indicator; 5] =
        [Indicator::Sum, Indicator::Avg, Indicator::Min, Indicator::Max, Indicator::TransactionsCount];

    /// The name rules use: `sum`, `avg`, `min`, `max` or `transactions_count`.
    pub fn name(&self) -> &'static str {
        match self {
            Indicator::Sum => "sum",
            Indicator::Avg => "avg",
            Indicator::Min => "min",
            Indicator::Max => "max",
            Indicator::TransactionsCount => "transactions_count",
        }
    }

    fn from_name(name: &str) -> Option<Indicator> {
        Indicator::ALL.into_iter().find(|indicator| indicator.name() == name)
    }
}
