//! The parser: tokens to an AST whose every node carries its byte span, by precedence climbing.
//!
//! Levels, lowest first: `||`; `&&`; `==` `!=`; `<` `<=` `>` `>=` `in`; `+` `-`; `*` `/`; then
//! unary `!` and `-`, literals, names and parentheses. A run of left-associative operators of one
//! level is a single n-ary node (`a + b - c` is one [`Kind::Arith`]), so a long chain is neither
//! a deep tree nor deep recursion; comparisons and equality do not chain at all. Recursion is
//! bounded by [`MAX_DEPTH`], so no input can overflow the stack here, in the type check or in
//! evaluation.

use std::fmt;

use rust_decimal::Decimal;

use crate::error::CompileError;
use crate::lex::{Tok, Token};
use crate::{Indicator, MAX_DEPTH, Period, Stat};

/// A byte range of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    fn to(self, other: Span) -> Span {
        Span::new(self.start, other.end)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The node's text, parentheses around it included.
    pub span: Span,
    pub kind: Kind,
}

#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Number(Decimal),
    String(Box<str>),
    Bool(bool),
    /// `event.<field>`: the field name.
    Event(Box<str>),
    Stat(Stat),
    /// `!operand`; `op_span` is the `!`.
    Not {
        op_span: Span,
        operand: Box<Node>,
    },
    /// `-operand` (but `-5` is a [`Kind::Number`]); `op_span` is the `-`.
    Neg {
        op_span: Span,
        operand: Box<Node>,
    },
    /// `a && b && c` or `a || b || c`: one operator, two or more operands, evaluated left to
    /// right until one decides. `op_spans[i]` is the operator before `operands[i + 1]`.
    Logic {
        op: LogicOp,
        operands: Vec<Node>,
        op_spans: Vec<Span>,
    },
    /// `first op rest…` of one level (`+ -` or `* /`), left-associative.
    Arith {
        first: Box<Node>,
        rest: Vec<(ArithOp, Span, Node)>,
    },
    Compare {
        op: CompareOp,
        op_span: Span,
        left: Box<Node>,
        right: Box<Node>,
    },
    In {
        left: Box<Node>,
        list: Box<List>,
    },
    /// An array literal anywhere but after `in` (the type check rejects it).
    Array(Box<List>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LogicOp {
    And,
    Or,
}

impl LogicOp {
    pub fn symbol(self) -> &'static str {
        match self {
            LogicOp::And => "&&",
            LogicOp::Or => "||",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl ArithOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }

    pub fn is_equality(self) -> bool {
        matches!(self, CompareOp::Eq | CompareOp::Ne)
    }
}

/// The elements of an array literal, as written (for display) and sorted for look-ups.
#[derive(Clone, Debug)]
pub(crate) struct List {
    pub elements: Vec<Literal>,
    pub numbers: Vec<Decimal>,
    pub strings: Vec<Box<str>>,
    /// Whether `false` and `true` are elements.
    pub bools: [bool; 2],
}

impl List {
    fn new(elements: Vec<Literal>) -> List {
        let mut numbers = Vec::new();
        let mut strings = Vec::new();
        let mut bools = [false; 2];
        for element in &elements {
            match element {
                Literal::Number(number) => numbers.push(*number),
                Literal::String(text) => strings.push(text.clone()),
                Literal::Bool(flag) => bools[usize::from(*flag)] = true,
            }
        }
        // Decimal's order is by value, so 1 and 1.0 are one element.
        numbers.sort_unstable();
        numbers.dedup();
        strings.sort_unstable();
        strings.dedup();
        List { elements, numbers, strings, bools }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Literal {
    Number(Decimal),
    String(Box<str>),
    Bool(bool),
}

/// One binary operator and its level (higher binds tighter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Logic(LogicOp),
    Compare(CompareOp),
    In,
    Arith(ArithOp),
}

const OR: u8 = 1;
const AND: u8 = 2;
const EQUALITY: u8 = 3;
const COMPARISON: u8 = 4;
const ADDITIVE: u8 = 5;
const MULTIPLICATIVE: u8 = 6;

impl BinOp {
    fn of(tok: &Tok) -> Option<BinOp> {
        Some(match tok {
            Tok::OrOr => BinOp::Logic(LogicOp::Or),
            Tok::AndAnd => BinOp::Logic(LogicOp::And),
            Tok::EqEq => BinOp::Compare(CompareOp::Eq),
            Tok::NotEq => BinOp::Compare(CompareOp::Ne),
            Tok::Lt => BinOp::Compare(CompareOp::Lt),
            Tok::Le => BinOp::Compare(CompareOp::Le),
            Tok::Gt => BinOp::Compare(CompareOp::Gt),
            Tok::Ge => BinOp::Compare(CompareOp::Ge),
            Tok::In => BinOp::In,
            Tok::Plus => BinOp::Arith(ArithOp::Add),
            Tok::Minus => BinOp::Arith(ArithOp::Sub),
            Tok::Star => BinOp::Arith(ArithOp::Mul),
            Tok::Slash => BinOp::Arith(ArithOp::Div),
            _ => return None,
        })
    }

    fn level(self) -> u8 {
        match self {
            BinOp::Logic(LogicOp::Or) => OR,
            BinOp::Logic(LogicOp::And) => AND,
            BinOp::Compare(op) if op.is_equality() => EQUALITY,
            BinOp::Compare(_) | BinOp::In => COMPARISON,
            BinOp::Arith(ArithOp::Add | ArithOp::Sub) => ADDITIVE,
            BinOp::Arith(ArithOp::Mul | ArithOp::Div) => MULTIPLICATIVE,
        }
    }
}

/// Parses the tokens of `source` (from [`crate::lex::lex`]) into one expression.
pub(crate) fn parse(source: &str, tokens: &[Token]) -> Result<Node, CompileError> {
    let mut parser = Parser { source, tokens, pos: 0, depth: 0 };
    if parser.peek().tok == Tok::Eof {
        return Err(parser.error(
            Span::new(0, 0),
            "the rule is empty: write an expression that is true or false, like `event.amount > 1000`".into(),
        ));
    }
    let node = parser.expr(OR)?;
    let next = parser.peek();
    match next.tok {
        Tok::Eof => Ok(node),
        Tok::RParen => Err(parser.error(next.span, "this `)` has no matching `(`".into())),
        _ => Err(parser.error(
            next.span,
            parser
                .word_operator(next)
                .unwrap_or_else(|| format!("unexpected {} after the end of the expression", parser.describe(next))),
        )),
    }
}

struct Parser<'s, 't> {
    source: &'s str,
    /// Ends with [`Tok::Eof`], where the parser stops.
    tokens: &'t [Token],
    pos: usize,
    depth: usize,
}

impl<'s, 't> Parser<'s, 't> {
    fn peek(&self) -> &'t Token {
        self.tokens.get(self.pos).or(self.tokens.last()).unwrap_or(&DANGLING)
    }

    fn error(&self, span: Span, message: String) -> CompileError {
        CompileError::new(self.source, span, message)
    }

    /// A token as messages quote it.
    fn describe(&self, token: &Token) -> String {
        if token.tok == Tok::Eof {
            return "the end of the expression".into();
        }
        let text = self.source.get(token.span.start..token.span.end).unwrap_or("");
        if text.chars().count() > 40 {
            format!("`{}…`", text.chars().take(40).collect::<String>())
        } else {
            format!("`{text}`")
        }
    }

    /// The message for `and`, `or` or `not` where an operator was expected.
    fn word_operator(&self, token: &Token) -> Option<String> {
        let word = self.text(token.span);
        let symbol = match word.to_ascii_lowercase().as_str() {
            "and" => "`&&` for AND",
            "or" => "`||` for OR",
            "not" => "`!` for NOT",
            _ => return None,
        };
        Some(format!("`{word}` is not an operator: write {symbol}"))
    }

    fn text(&self, span: Span) -> &'s str {
        self.source.get(span.start..span.end).unwrap_or("")
    }

    /// One more level of nesting (see [`MAX_DEPTH`]; the whole expression is level 0).
    fn enter(&mut self) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH + 1 {
            let span = self.peek().span;
            return Err(self.error(
                span,
                format!("the expression nests more than {MAX_DEPTH} levels deep: split it or remove parentheses"),
            ));
        }
        Ok(())
    }

    /// An expression whose binary operators are all of `min_level` or tighter.
    fn expr(&mut self, min_level: u8) -> Result<Node, CompileError> {
        self.enter()?;
        let mut left = self.unary()?;
        // The level of the operator that built `left` in this loop: the same level again
        // extends a chain, or is an error for comparisons.
        let mut last_level = None;
        loop {
            let token = self.peek();
            let Some(op) = BinOp::of(&token.tok) else { break };
            let level = op.level();
            if level < min_level {
                break;
            }
            let op_span = token.span;
            self.pos += 1;
            let right = self.expr(level + 1)?;
            let same_level = last_level == Some(level);
            if same_level && matches!(level, EQUALITY | COMPARISON) {
                return Err(self.chained(&left, op_span, &right));
            }
            left = self.combine(left, op, op_span, right, same_level)?;
            last_level = Some(level);
        }
        self.depth -= 1;
        Ok(left)
    }

    fn combine(&self, left: Node, op: BinOp, op_span: Span, right: Node, extend: bool) -> Result<Node, CompileError> {
        let span = left.span.to(right.span);
        let kind = match (op, left.kind) {
            (BinOp::Logic(op), Kind::Logic { op: left_op, mut operands, mut op_spans }) if extend && left_op == op => {
                operands.push(right);
                op_spans.push(op_span);
                Kind::Logic { op, operands, op_spans }
            }
            (BinOp::Arith(op), Kind::Arith { first, mut rest }) if extend => {
                rest.push((op, op_span, right));
                Kind::Arith { first, rest }
            }
            (op, kind) => {
                let left = Node { span: left.span, kind };
                match op {
                    BinOp::Logic(op) => Kind::Logic { op, operands: vec![left, right], op_spans: vec![op_span] },
                    BinOp::Arith(op) => Kind::Arith { first: Box::new(left), rest: vec![(op, op_span, right)] },
                    BinOp::Compare(op) => Kind::Compare { op, op_span, left: Box::new(left), right: Box::new(right) },
                    BinOp::In => match right.kind {
                        Kind::Array(list) => Kind::In { left: Box::new(left), list },
                        _ => {
                            return Err(self.error(
                                right.span,
                                "the right side of `in` must be an array literal, like `[\"US\", \"GB\"]`".into(),
                            ));
                        }
                    },
                }
            }
        };
        Ok(Node { span, kind })
    }

    /// The error for `a < b < c` or `a == b == c`, at the second operator, with the rewrite.
    fn chained(&self, left: &Node, op_span: Span, right: &Node) -> CompileError {
        let op = self.text(op_span);
        let suggestion = match &left.kind {
            Kind::Compare { op_span: first_op, left: a, right: b, .. } => format!(
                "; write `{} {} {} && {} {op} {}`",
                self.text(a.span),
                self.text(*first_op),
                self.text(b.span),
                self.text(b.span),
                self.text(right.span)
            ),
            _ => String::new(),
        };
        let what = if op == "==" || op == "!=" { "equality tests" } else { "comparisons" };
        self.error(op_span, format!("{what} cannot be chained{suggestion}"))
    }

    fn unary(&mut self) -> Result<Node, CompileError> {
        let token = self.peek();
        let negate = match token.tok {
            Tok::Bang => false,
            Tok::Minus => true,
            _ => return self.primary(),
        };
        let op_span = token.span;
        self.pos += 1;
        self.enter()?;
        let operand = self.unary()?;
        self.depth -= 1;
        let span = op_span.to(operand.span);
        let kind = match (negate, operand.kind) {
            // `-5` is a literal.
            (true, Kind::Number(number)) => Kind::Number(-number),
            (true, kind) => Kind::Neg { op_span, operand: Box::new(Node { span: operand.span, kind }) },
            (false, kind) => Kind::Not { op_span, operand: Box::new(Node { span: operand.span, kind }) },
        };
        Ok(Node { span, kind })
    }

    fn primary(&mut self) -> Result<Node, CompileError> {
        let token = self.peek();
        let span = token.span;
        let kind = match &token.tok {
            Tok::Number(number) => Kind::Number(*number),
            Tok::Str(text) => Kind::String(text.clone()),
            Tok::True => Kind::Bool(true),
            Tok::False => Kind::Bool(false),
            Tok::Name => self.name(span)?,
            Tok::LParen => {
                self.pos += 1;
                let mut inner = self.expr(OR)?;
                let close = self.peek();
                return match close.tok {
                    Tok::RParen => {
                        self.pos += 1;
                        inner.span = span.to(close.span);
                        Ok(inner)
                    }
                    Tok::Eof => Err(self.error(span, "this `(` is never closed".into())),
                    _ => Err(self.error(
                        close.span,
                        self.word_operator(close)
                            .unwrap_or_else(|| format!("expected `)` or an operator, found {}", self.describe(close))),
                    )),
                };
            }
            Tok::LBracket => return self.array(),
            _ => {
                let found = self.describe(token);
                let message = match self.pos.checked_sub(1).and_then(|previous| self.tokens.get(previous)) {
                    Some(previous) => format!("expected an operand after {}, found {found}", self.describe(previous)),
                    None => format!("expected an operand, found {found}"),
                };
                return Err(self.error(span, message));
            }
        };
        self.pos += 1;
        Ok(Node { span, kind })
    }

    /// `[literal, …]`; a trailing comma is allowed.
    fn array(&mut self) -> Result<Node, CompileError> {
        let open = self.peek().span;
        self.pos += 1;
        let never_closed = |parser: &Self| parser.error(open, "this `[` is never closed".into());
        let mut elements = Vec::new();
        loop {
            let token = self.peek();
            match token.tok {
                Tok::RBracket => {
                    self.pos += 1;
                    return Ok(Node { span: open.to(token.span), kind: Kind::Array(Box::new(List::new(elements))) });
                }
                Tok::Eof => return Err(never_closed(self)),
                _ => {}
            }
            elements.push(self.element()?);
            let token = self.peek();
            match token.tok {
                Tok::Comma => self.pos += 1,
                Tok::RBracket => {}
                Tok::Eof => return Err(never_closed(self)),
                _ => {
                    let message = format!("expected `,` or `]` after an array element, found {}", self.describe(token));
                    return Err(self.error(token.span, message));
                }
            }
        }
    }

    fn element(&mut self) -> Result<Literal, CompileError> {
        let token = self.peek();
        let literal = match &token.tok {
            Tok::Number(number) => Literal::Number(*number),
            Tok::Str(text) => Literal::String(text.clone()),
            Tok::True => Literal::Bool(true),
            Tok::False => Literal::Bool(false),
            Tok::Minus => {
                self.pos += 1;
                let number = self.peek();
                let Tok::Number(value) = number.tok else {
                    let message = format!("expected a number after `-` in the array, found {}", self.describe(number));
                    return Err(self.error(number.span, message));
                };
                Literal::Number(-value)
            }
            _ => {
                let message = format!(
                    "an array element must be a literal (a number, a string, true or false), found {}",
                    self.describe(token)
                );
                return Err(self.error(token.span, message));
            }
        };
        self.pos += 1;
        Ok(literal)
    }

    /// Resolves a name token: `event.<field>` or `stats.<period>.<indicator>`.
    fn name(&self, span: Span) -> Result<Kind, CompileError> {
        let text = self.text(span);
        // Each part with its offset in the source.
        let mut parts = Vec::new();
        let mut offset = span.start;
        for part in text.split('.') {
            parts.push((offset, part));
            offset += part.len() + 1;
        }
        let part_span = |index: usize| {
            parts.get(index).map_or(Span::new(span.end, span.end), |&(at, part)| Span::new(at, at + part.len()))
        };
        // The span of `.part` and everything after it.
        let rest_span = |index: usize| Span::new(part_span(index).start.saturating_sub(1), span.end);
        let part = |index: usize| parts.get(index).map(|&(_, part)| part);
        const PERIODS: &str = "`last1d`, `last7d` and `last30d`";
        const INDICATORS: &str = "`sum`, `avg`, `min`, `max` and `transactions_count`";
        let root = part(0).unwrap_or("");
        match root {
            "event" => {
                let Some(field) = part(1) else {
                    return Err(self.error(span, "`event` needs a field name, like `event.amount`".into()));
                };
                if field.is_empty() {
                    return Err(self.error(rest_span(1), "expected a field name after `event.`".into()));
                }
                if field.starts_with(|c: char| c.is_ascii_digit()) {
                    let message = format!(
                        "`{field}` is not a field name: a field name starts with a letter or `_`, followed by \
                         letters, digits or `_`"
                    );
                    return Err(self.error(part_span(1), message));
                }
                if parts.len() > 2 {
                    let message = format!(
                        "unexpected `{}`: an event field is a single name, like `event.amount`",
                        self.text(rest_span(2))
                    );
                    return Err(self.error(rest_span(2), message));
                }
                Ok(Kind::Event(field.into()))
            }
            "stats" => {
                let period = match part(1) {
                    None => {
                        let message = format!(
                            "`stats` needs a period and an indicator, like `stats.last7d.sum`; the periods are {PERIODS}"
                        );
                        return Err(self.error(span, message));
                    }
                    Some("") => {
                        let message = format!("expected a period after `stats.`: {PERIODS}");
                        return Err(self.error(rest_span(1), message));
                    }
                    Some(name) => Period::from_name(name).ok_or_else(|| {
                        self.error(part_span(1), format!("unknown period `{name}`: the periods are {PERIODS}"))
                    })?,
                };
                let indicator = match part(2) {
                    None | Some("") => {
                        let message = format!("expected an indicator after `stats.{}.`: {INDICATORS}", period.name());
                        return Err(self.error(if parts.len() > 2 { rest_span(2) } else { span }, message));
                    }
                    Some(name) => Indicator::from_name(name).ok_or_else(|| {
                        self.error(part_span(2), format!("unknown indicator `{name}`: the indicators are {INDICATORS}"))
                    })?,
                };
                if parts.len() > 3 {
                    let message = format!(
                        "unexpected `{}` after `stats.{}.{}`",
                        self.text(rest_span(3)),
                        period.name(),
                        indicator.name()
                    );
                    return Err(self.error(rest_span(3), message));
                }
                Ok(Kind::Stat(Stat { period, indicator }))
            }
            _ => Err(self.unknown_name(root, part_span(0), parts.len() == 1)),
        }
    }

    fn unknown_name(&self, root: &str, span: Span, alone: bool) -> CompileError {
        const NAMES: &str = "a name is `event.<field>` (like `event.amount`) or `stats.<period>.<indicator>` \
                             (like `stats.last7d.sum`)";
        let lower = root.to_ascii_lowercase();
        let message = match lower.as_str() {
            "event" | "stats" => format!("unknown name `{root}`: names are written in lower case, `{lower}`"),
            "and" if alone => format!("unknown name `{root}`: write `&&` for AND"),
            "or" if alone => format!("unknown name `{root}`: write `||` for OR"),
            "not" if alone => format!("unknown name `{root}`: write `!` for NOT"),
            "true" | "false" | "in" if alone => format!("unknown name `{root}`: write `{lower}` in lower case"),
            _ if alone => format!("unknown name `{root}`; did you mean `event.{root}`? {NAMES}"),
            _ => format!("unknown name `{root}`: {NAMES}"),
        };
        self.error(span, message)
    }
}

/// Stands in for a token when the token list is (impossibly) empty.
static DANGLING: Token = Token { tok: Tok::Eof, span: Span { start: 0, end: 0 } };

/// Fully parenthesised: one pair of parentheses around each operation, none around literals and
/// names (a negative number is an operation of its own: `(-5)`).
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Number(number) if number.is_sign_negative() => write!(f, "(-{})", number.abs()),
            Kind::Number(number) => write!(f, "{number}"),
            Kind::String(text) => write_string(f, text),
            Kind::Bool(flag) => write!(f, "{flag}"),
            Kind::Event(field) => write!(f, "event.{field}"),
            Kind::Stat(stat) => write!(f, "{stat}"),
            Kind::Not { operand, .. } => write!(f, "(!{operand})"),
            Kind::Neg { operand, .. } => write!(f, "(-{operand})"),
            Kind::Logic { op, operands, .. } => {
                f.write_str("(")?;
                for (index, operand) in operands.iter().enumerate() {
                    if index > 0 {
                        write!(f, " {} ", op.symbol())?;
                    }
                    write!(f, "{operand}")?;
                }
                f.write_str(")")
            }
            Kind::Arith { first, rest } => {
                write!(f, "({first}")?;
                for (op, _, operand) in rest {
                    write!(f, " {} {operand}", op.symbol())?;
                }
                f.write_str(")")
            }
            Kind::Compare { op, left, right, .. } => write!(f, "({left} {} {right})", op.symbol()),
            Kind::In { left, list, .. } => write!(f, "({left} in {list})"),
            Kind::Array(list) => write!(f, "{list}"),
        }
    }
}

impl fmt::Display for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (index, element) in self.elements.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            match element {
                Literal::Number(number) => write!(f, "{number}")?,
                Literal::String(text) => write_string(f, text)?,
                Literal::Bool(flag) => write!(f, "{flag}")?,
            }
        }
        f.write_str("]")
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in text.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            _ => fmt::Write::write_char(f, c)?,
        }
    }
    f.write_str("\"")
}
