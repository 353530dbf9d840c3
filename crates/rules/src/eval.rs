//! Evaluation: a walk of the AST, left to right, with `&&` and `||` stopping as soon as the
//! result is known. Values borrow from the expression and the input, so a rule over borrowed
//! input allocates nothing; failures are small and become an [`EvalError`] (with line and
//! column) only once, at the top.

use std::borrow::Cow;
use std::cmp::Ordering;

use rust_decimal::Decimal;

use crate::error::{EvalError, EvalErrorKind, locate};
use crate::parse::{ArithOp, CompareOp, Kind, LogicOp, Node, Span};
use crate::{Input, Value};

/// The type of a run-time value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Type {
    Number,
    String,
    Bool,
}

impl Type {
    pub fn name(self) -> &'static str {
        match self {
            Type::Number => "number",
            Type::String => "string",
            Type::Bool => "boolean",
        }
    }
}

enum Val<'a> {
    Number(Decimal),
    String(Cow<'a, str>),
    Bool(bool),
}

impl Val<'_> {
    fn type_of(&self) -> Type {
        match self {
            Val::Number(_) => Type::Number,
            Val::String(_) => Type::String,
            Val::Bool(_) => Type::Bool,
        }
    }
}

/// A failed evaluation, before it is located in the source.
pub(crate) struct Failure<'a> {
    kind: FailureKind<'a>,
    span: Span,
}

enum FailureKind<'a> {
    DivisionByZero,
    MissingField(&'a str),
    TypeMismatch { operator: &'static str, left: Type, right: Option<Type> },
    Overflow(&'static str),
    NotABoolean(Type),
}

impl Failure<'_> {
    pub fn into_error(self, source: &str) -> EvalError {
        let at = locate(source, self.span);
        let kind = match self.kind {
            FailureKind::DivisionByZero => EvalErrorKind::DivisionByZero,
            FailureKind::MissingField(field) => EvalErrorKind::MissingField { field: field.to_owned() },
            FailureKind::TypeMismatch { operator, left, right } => {
                EvalErrorKind::TypeMismatch { operator, left: left.name(), right: right.map(Type::name) }
            }
            FailureKind::Overflow(operator) => EvalErrorKind::Overflow { operator },
            FailureKind::NotABoolean(found) => EvalErrorKind::NotABoolean { found: found.name() },
        };
        EvalError { kind, span: at.start..at.end, line: at.line, column: at.column }
    }
}

fn mismatch(operator: &'static str, left: Type, right: Option<Type>, span: Span) -> Failure<'static> {
    Failure { kind: FailureKind::TypeMismatch { operator, left, right }, span }
}

pub(crate) fn evaluate<'a, I: Input + ?Sized>(root: &'a Node, input: &'a I) -> Result<bool, Failure<'a>> {
    match value(root, input)? {
        Val::Bool(verdict) => Ok(verdict),
        other => Err(Failure { kind: FailureKind::NotABoolean(other.type_of()), span: root.span }),
    }
}

fn value<'a, I: Input + ?Sized>(node: &'a Node, input: &'a I) -> Result<Val<'a>, Failure<'a>> {
    Ok(match &node.kind {
        Kind::Number(number) => Val::Number(*number),
        Kind::String(text) => Val::String(Cow::Borrowed(text)),
        Kind::Bool(flag) => Val::Bool(*flag),
        Kind::Event(field) => match input.event(field) {
            Some(Value::Number(number)) => Val::Number(number),
            Some(Value::String(text)) => Val::String(text),
            Some(Value::Bool(flag)) => Val::Bool(flag),
            None => return Err(Failure { kind: FailureKind::MissingField(field), span: node.span }),
        },
        Kind::Stat(stat) => Val::Number(input.stat(*stat)),
        Kind::Not { op_span, operand } => match value(operand, input)? {
            Val::Bool(flag) => Val::Bool(!flag),
            other => return Err(mismatch("!", other.type_of(), None, *op_span)),
        },
        Kind::Neg { op_span, operand } => match value(operand, input)? {
            // Negation only flips the sign: it cannot overflow.
            Val::Number(number) => Val::Number(-number),
            other => return Err(mismatch("-", other.type_of(), None, *op_span)),
        },
        Kind::Logic { op, operands, op_spans } => {
            // `||` stops at the first true, `&&` at the first false.
            let decisive = *op == LogicOp::Or;
            for (index, operand) in operands.iter().enumerate() {
                match value(operand, input)? {
                    Val::Bool(flag) if flag == decisive => return Ok(Val::Bool(decisive)),
                    Val::Bool(_) => {}
                    other => {
                        let span = op_spans.get(index.saturating_sub(1)).copied().unwrap_or(node.span);
                        let (left, right) =
                            if index == 0 { (other.type_of(), None) } else { (Type::Bool, Some(other.type_of())) };
                        return Err(mismatch(op.symbol(), left, right, span));
                    }
                }
            }
            Val::Bool(!decisive)
        }
        Kind::Arith { first, rest } => {
            let mut total = value(first, input)?;
            for (op, op_span, operand) in rest {
                let right = value(operand, input)?;
                total = match (&total, &right) {
                    (Val::Number(left), Val::Number(right)) => {
                        Val::Number(arithmetic(*op, *left, *right).map_err(|kind| Failure { kind, span: *op_span })?)
                    }
                    _ => return Err(mismatch(op.symbol(), total.type_of(), Some(right.type_of()), *op_span)),
                };
            }
            total
        }
        Kind::Compare { op, op_span, left, right } => {
            let (left, right) = (value(left, input)?, value(right, input)?);
            let ordering = match (&left, &right) {
                (Val::Number(l), Val::Number(r)) => l.cmp(r),
                // Strings order by their bytes (UTF-8), so by code point: "Z" < "a" < "é".
                (Val::String(l), Val::String(r)) => l.as_bytes().cmp(r.as_bytes()),
                (Val::Bool(l), Val::Bool(r)) if op.is_equality() => l.cmp(r),
                _ => return Err(mismatch(op.symbol(), left.type_of(), Some(right.type_of()), *op_span)),
            };
            Val::Bool(match op {
                CompareOp::Eq => ordering == Ordering::Equal,
                CompareOp::Ne => ordering != Ordering::Equal,
                CompareOp::Lt => ordering == Ordering::Less,
                CompareOp::Le => ordering != Ordering::Greater,
                CompareOp::Gt => ordering == Ordering::Greater,
                CompareOp::Ge => ordering != Ordering::Less,
            })
        }
        Kind::In { left, list, .. } => Val::Bool(match value(left, input)? {
            // Elements of another type than the left side's never match.
            Val::Number(number) => list.numbers.binary_search(&number).is_ok(),
            Val::String(text) => list.strings.binary_search_by(|element| (**element).cmp(&*text)).is_ok(),
            Val::Bool(flag) => list.bools[usize::from(flag)],
        }),
        // Not reached: the type check allows an array only after `in`.
        Kind::Array(_) => Val::Bool(false),
    })
}

fn arithmetic<'a>(op: ArithOp, left: Decimal, right: Decimal) -> Result<Decimal, FailureKind<'a>> {
    let result = match op {
        ArithOp::Add => left.checked_add(right),
        ArithOp::Sub => left.checked_sub(right),
        ArithOp::Mul => left.checked_mul(right),
        ArithOp::Div if right.is_zero() => return Err(FailureKind::DivisionByZero),
        ArithOp::Div => left.checked_div(right),
    };
    result.ok_or(FailureKind::Overflow(op.symbol()))
}
