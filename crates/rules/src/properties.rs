//! Property tests: any text and any soup of the language's tokens compiles or fails without
//! panicking, and what compiles evaluates without panicking against inputs of any values (the
//! fuzz target's property, in every test run); expressions generated from the grammar compile,
//! evaluate as an independent reference evaluator of the generated tree says (which checks
//! precedence and associativity), and their fully parenthesised form compiles back to an
//! expression that evaluates the same.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use proptest::prelude::*;

use super::*;

/// An input whose fields and stats take values picked by a hash of the seed and the name: any
/// type, missing fields, zero, extremes. Fields named `n…`, `s…` and `b…` are mostly numbers,
/// strings and booleans.
struct AnyInput {
    seed: u64,
}

fn pick(seed: u64, name: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    (seed, name).hash(&mut hasher);
    hasher.finish()
}

fn numbers() -> [Decimal; 8] {
    [
        Decimal::ZERO,
        Decimal::ONE,
        Decimal::new(-25, 1),
        Decimal::new(1, 1),
        Decimal::new(250_000, 2),
        Decimal::MAX,
        Decimal::MIN,
        Decimal::new(1, 28),
    ]
}

impl Input for AnyInput {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        let hash = pick(self.seed, field);
        let choice = (hash >> 8) as usize;
        let typed = !hash.is_multiple_of(5);
        Some(match field.as_bytes().first() {
            Some(b'n') if typed => Value::Number(numbers()[choice % 8]),
            Some(b's') if typed => Value::from(["US", "KP", "", "é", "a\"b"][choice % 5]),
            Some(b'b') if typed => Value::Bool(choice.is_multiple_of(2)),
            _ => match choice % 6 {
                0 => return None,
                1 | 2 => Value::Number(numbers()[choice % 8]),
                3 => Value::from(["US", "", "é"][choice % 3]),
                4 => Value::from(String::from("owned")),
                _ => Value::Bool(choice.is_multiple_of(2)),
            },
        })
    }

    fn stat(&self, stat: Stat) -> Decimal {
        numbers()[pick(self.seed, &stat.to_string()) as usize % 8]
    }
}

/// The tokens of the language, valid and not, for soups.
const TOKENS: &[&str] = &[
    "event.amount",
    "event.name",
    "event.flag",
    "event.",
    "event",
    "event.a.b",
    "stats.last7d.sum",
    "stats.last1d.transactions_count",
    "stats.last30d.avg",
    "stats.last2d.sum",
    "stats",
    "amount",
    "and",
    "0",
    "1",
    "0.1",
    "560.00",
    "79228162514264337593543950335",
    "99999999999999999999999999999999",
    "1.",
    ".5",
    "1e5",
    "-",
    "+",
    "*",
    "/",
    "!",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "&&",
    "||",
    "&",
    "|",
    "=",
    "in",
    "(",
    ")",
    "[",
    "]",
    ",",
    "\"US\"",
    "'a\\'b'",
    "\"unterminated",
    "'\\q'",
    "true",
    "false",
    "é",
    "\\",
    "%",
    "\n",
    "\t",
    "\u{a0}",
];

fn evaluate_everywhere(rule: &Expression) {
    for seed in 0..8 {
        let _ = rule.evaluate(&AnyInput { seed });
    }
    let _ = (rule.event_fields(), rule.stats(), rule.to_string());
}

/// A generated expression, rendered with the parentheses its shape needs (and some more).
#[derive(Clone, Debug)]
enum Gen {
    Literal(&'static str),
    Name(&'static str),
    Paren(Box<Gen>),
    Not(Box<Gen>),
    Neg(Box<Gen>),
    Binary(&'static str, Box<Gen>, Box<Gen>),
    In(Box<Gen>, Vec<&'static str>),
}

/// An operator's level, as the parser's: higher binds tighter; 7 is an operand that needs no
/// parentheses.
fn level(op: &str) -> u8 {
    match op {
        "||" => 1,
        "&&" => 2,
        "==" | "!=" => 3,
        "<" | "<=" | ">" | ">=" | "in" => 4,
        "+" | "-" => 5,
        _ => 6,
    }
}

impl Gen {
    fn level(&self) -> u8 {
        match self {
            Gen::Binary(op, ..) => level(op),
            Gen::In(..) => 4,
            _ => 7,
        }
    }

    fn render(&self, out: &mut String) {
        let operand = |out: &mut String, operand: &Gen, at_least: u8| {
            if operand.level() < at_least {
                out.push('(');
                operand.render(out);
                out.push(')');
            } else {
                operand.render(out);
            }
        };
        match self {
            Gen::Literal(text) | Gen::Name(text) => out.push_str(text),
            Gen::Paren(inner) => {
                out.push_str("( ");
                inner.render(out);
                out.push_str(" )");
            }
            Gen::Not(inner) => {
                out.push('!');
                operand(out, inner, 7);
            }
            Gen::Neg(inner) => {
                out.push_str("- ");
                operand(out, inner, 7);
            }
            Gen::Binary(op, left, right) => {
                let level = level(op);
                // Left-associative levels take an operand of their own level on the left;
                // comparisons and equality take none.
                operand(out, left, if level <= 2 || level >= 5 { level } else { level + 1 });
                out.push_str(&format!(" {op} "));
                operand(out, right, level + 1);
            }
            Gen::In(left, elements) => {
                operand(out, left, 5);
                out.push_str(&format!(" in [{}]", elements.join(", ")));
            }
        }
    }

    fn source(&self) -> String {
        let mut out = String::new();
        self.render(&mut out);
        out
    }

    /// The reference semantics, written from the language's description and independent of
    /// the parser: the error codes of failures.
    fn evaluate(&self, input: &dyn Input) -> Result<Reference, &'static str> {
        use Reference::{Bool, Number, String as Text};
        Ok(match self {
            Gen::Literal(text) => {
                if let Some(quoted) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
                    Text(quoted.to_owned())
                } else if *text == "true" || *text == "false" {
                    Bool(*text == "true")
                } else {
                    Number(Decimal::from_str_exact(text).map_err(|_| "bad literal")?)
                }
            }
            Gen::Name(name) => match name.strip_prefix("event.") {
                Some(field) => match input.event(field) {
                    None => return Err("missing_field"),
                    Some(Value::Number(number)) => Number(number),
                    Some(Value::String(text)) => Text(text.into_owned()),
                    Some(Value::Bool(flag)) => Bool(flag),
                },
                None => {
                    let stat = Period::ALL
                        .into_iter()
                        .flat_map(|period| Indicator::ALL.map(|indicator| Stat { period, indicator }))
                        .find(|stat| stat.to_string() == *name)
                        .ok_or("bad name")?;
                    Number(input.stat(stat))
                }
            },
            Gen::Paren(inner) => inner.evaluate(input)?,
            Gen::Not(inner) => match inner.evaluate(input)? {
                Bool(flag) => Bool(!flag),
                _ => return Err("type_mismatch"),
            },
            Gen::Neg(inner) => match inner.evaluate(input)? {
                Number(number) => Number(-number),
                _ => return Err("type_mismatch"),
            },
            Gen::Binary(op @ ("&&" | "||"), left, right) => {
                let Bool(left) = left.evaluate(input)? else { return Err("type_mismatch") };
                if left == (*op == "||") {
                    return Ok(Bool(left));
                }
                let Bool(right) = right.evaluate(input)? else { return Err("type_mismatch") };
                Bool(right)
            }
            Gen::Binary(op, left, right) => {
                let (left, right) = (left.evaluate(input)?, right.evaluate(input)?);
                match (*op, left, right) {
                    ("/", Number(_), Number(divisor)) if divisor.is_zero() => return Err("division_by_zero"),
                    (op @ ("+" | "-" | "*" | "/"), Number(l), Number(r)) => Number(
                        match op {
                            "+" => l.checked_add(r),
                            "-" => l.checked_sub(r),
                            "*" => l.checked_mul(r),
                            _ => l.checked_div(r),
                        }
                        .ok_or("overflow")?,
                    ),
                    ("==", l, r) if l.same_type(&r) => Bool(l == r),
                    ("!=", l, r) if l.same_type(&r) => Bool(l != r),
                    ("<", Number(l), Number(r)) => Bool(l < r),
                    ("<=", Number(l), Number(r)) => Bool(l <= r),
                    (">", Number(l), Number(r)) => Bool(l > r),
                    (">=", Number(l), Number(r)) => Bool(l >= r),
                    ("<", Text(l), Text(r)) => Bool(l < r),
                    ("<=", Text(l), Text(r)) => Bool(l <= r),
                    (">", Text(l), Text(r)) => Bool(l > r),
                    (">=", Text(l), Text(r)) => Bool(l >= r),
                    _ => return Err("type_mismatch"),
                }
            }
            Gen::In(left, elements) => {
                let left = left.evaluate(input)?;
                let mut found = false;
                for element in elements {
                    found |= Gen::Literal(element).evaluate(input)? == left;
                }
                Bool(found)
            }
        })
    }
}

#[derive(Debug, PartialEq)]
enum Reference {
    Number(Decimal),
    String(String),
    Bool(bool),
}

impl Reference {
    fn same_type(&self, other: &Reference) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

const NUMBERS: &[&str] = &["0", "1", "2", "3", "0.1", "0.3", "560.00", "1000", "79228162514264337593543950335"];
const STRINGS: &[&str] = &["'US'", "'KP'", "''", "'é'", "'a'"];

fn number() -> impl Strategy<Value = Gen> {
    let leaf = prop_oneof![
        prop::sample::select(NUMBERS).prop_map(Gen::Literal),
        prop::sample::select(&["stats.last7d.sum", "stats.last1d.transactions_count", "stats.last30d.avg"][..])
            .prop_map(Gen::Name),
        prop::sample::select(&["event.n1", "event.n2", "event.x"][..]).prop_map(Gen::Name),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (prop::sample::select(&["+", "-", "*", "/"][..]), inner.clone(), inner.clone())
                .prop_map(|(op, l, r)| Gen::Binary(op, Box::new(l), Box::new(r))),
            inner.clone().prop_map(|n| Gen::Neg(Box::new(n))),
            inner.prop_map(|n| Gen::Paren(Box::new(n))),
        ]
    })
}

fn string() -> impl Strategy<Value = Gen> {
    prop_oneof![
        prop::sample::select(STRINGS).prop_map(Gen::Literal),
        prop::sample::select(&["event.s1", "event.s2"][..]).prop_map(Gen::Name),
    ]
}

fn boolean() -> impl Strategy<Value = Gen> {
    let comparison = prop::sample::select(&["==", "!=", "<", "<=", ">", ">="][..]);
    let leaf = prop_oneof![
        prop::sample::select(&["true", "false"][..]).prop_map(Gen::Literal),
        prop::sample::select(&["event.b1", "event.b2"][..]).prop_map(Gen::Name),
        (comparison.clone(), number(), number()).prop_map(|(op, l, r)| Gen::Binary(op, Box::new(l), Box::new(r))),
        (comparison, string(), string()).prop_map(|(op, l, r)| Gen::Binary(op, Box::new(l), Box::new(r))),
        (number(), prop::collection::vec(prop::sample::select(NUMBERS), 0..4))
            .prop_map(|(l, elements)| Gen::In(Box::new(l), elements)),
        (string(), prop::collection::vec(prop::sample::select(STRINGS), 0..4))
            .prop_map(|(l, elements)| Gen::In(Box::new(l), elements)),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (prop::sample::select(&["&&", "||", "==", "!="][..]), inner.clone(), inner.clone())
                .prop_map(|(op, l, r)| Gen::Binary(op, Box::new(l), Box::new(r))),
            inner.clone().prop_map(|b| Gen::Not(Box::new(b))),
            inner.prop_map(|b| Gen::Paren(Box::new(b))),
        ]
    })
}

proptest! {
    #[test]
    fn any_text_compiles_or_fails_without_panic(text in "\\PC{0,200}") {
        if let Ok(rule) = compile(&text) {
            evaluate_everywhere(&rule);
        }
    }

    #[test]
    fn any_soup_of_tokens_compiles_or_fails_without_panic(
        tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..40),
        spaced in any::<bool>(),
    ) {
        let text = tokens.join(if spaced { " " } else { "" });
        match compile(&text) {
            Ok(rule) => evaluate_everywhere(&rule),
            Err(error) => {
                // The position is always inside the source (or just after its end).
                prop_assert!(error.span.start <= text.len() && error.span.end <= text.len());
                let _ = error.to_string();
            }
        }
    }

    #[test]
    fn generated_expressions_evaluate_as_the_reference_says(expression in boolean()) {
        let source = expression.source();
        let rule = compile(&source).map_err(|error| TestCaseError::fail(format!("{source}\n{error}")))?;
        let parenthesised = rule.to_string();
        let again = compile(&parenthesised).map_err(|error| TestCaseError::fail(format!("{parenthesised}\n{error}")))?;
        prop_assert_eq!(again.to_string(), parenthesised.clone());
        prop_assert_eq!(again.event_fields(), rule.event_fields());
        prop_assert_eq!(again.stats(), rule.stats());
        for seed in 0..6 {
            let input = AnyInput { seed };
            let verdict = rule.evaluate(&input).map_err(|error| error.code());
            let reference = match expression.evaluate(&input) {
                Ok(Reference::Bool(flag)) => Ok(flag),
                Ok(_) => Err("not_a_boolean"),
                Err(code) => Err(code),
            };
            prop_assert_eq!(verdict, reference, "{} / {}", source, parenthesised);
            prop_assert_eq!(again.evaluate(&input).map_err(|error| error.code()), verdict);
        }
    }
}
