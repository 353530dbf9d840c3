//! The static check: the type of every node as far as it is known without an event (literals,
//! `stats.*` and the fields the [`Schema`] types are known; the caller's own fields are not), an
//! error for every operation whose operands are known to be wrong or that reads a field the
//! event type does not have, and the names the expression reads.

use crate::error::CompileError;
use crate::parse::{Kind, Node, Span};
use crate::{Field, FieldType, Schema, Stat, eval::Type};

/// What compiling learns besides validity: the names read, in order of first appearance.
#[derive(Default)]
pub(crate) struct Names {
    pub fields: Vec<Box<str>>,
    pub stats: Vec<Stat>,
}

/// A node's static type: a runtime [`Type`], or unknown until the event is seen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Static {
    Known(Type),
    Dynamic,
}

impl Static {
    fn is(self, wanted: Type) -> bool {
        match self {
            Static::Known(found) => found == wanted,
            Static::Dynamic => true,
        }
    }

    /// "a number", for messages.
    fn described(self) -> &'static str {
        match self {
            Static::Known(Type::Number) => "a number",
            Static::Known(Type::String) => "a string",
            Static::Known(Type::Bool) => "a boolean",
            Static::Dynamic => "an event field",
        }
    }
}

pub(crate) fn check(source: &str, root: &Node, schema: &dyn Schema) -> Result<Names, CompileError> {
    let mut checker = Checker { source, schema, names: Names::default() };
    let found = checker.node(root)?;
    if !found.is(Type::Bool) {
        let message = format!("a rule must be true or false; this expression is {}", found.described());
        return Err(checker.error(root.span, message));
    }
    Ok(checker.names)
}

struct Checker<'s> {
    source: &'s str,
    schema: &'s dyn Schema,
    names: Names,
}

impl Checker<'_> {
    fn error(&self, span: Span, message: String) -> CompileError {
        CompileError::new(self.source, span, message)
    }

    /// The node's type, after checking it and its operands, left to right.
    fn node(&mut self, node: &Node) -> Result<Static, CompileError> {
        Ok(match &node.kind {
            Kind::Number(_) => Static::Known(Type::Number),
            Kind::String(_) => Static::Known(Type::String),
            Kind::Bool(_) => Static::Known(Type::Bool),
            Kind::Event(field) => {
                let found = match self.schema.field(field) {
                    Field::Typed(FieldType::Number) => Static::Known(Type::Number),
                    Field::Typed(FieldType::String) => Static::Known(Type::String),
                    Field::Typed(FieldType::Bool) => Static::Known(Type::Bool),
                    Field::Custom => Static::Dynamic,
                    Field::Absent(why) => return Err(self.error(node.span, why)),
                };
                if !self.names.fields.contains(field) {
                    self.names.fields.push(field.clone());
                }
                found
            }
            Kind::Stat(stat) => {
                if !self.names.stats.contains(stat) {
                    self.names.stats.push(*stat);
                }
                Static::Known(Type::Number)
            }
            Kind::Not { operand, .. } => {
                self.operand(operand, Type::Bool, "`!` needs true or false")?;
                Static::Known(Type::Bool)
            }
            Kind::Neg { operand, .. } => {
                self.operand(operand, Type::Number, "unary `-` needs a number")?;
                Static::Known(Type::Number)
            }
            Kind::Logic { op, operands, .. } => {
                let needs = format!("`{}` needs true or false on both sides", op.symbol());
                for operand in operands {
                    self.operand(operand, Type::Bool, &needs)?;
                }
                Static::Known(Type::Bool)
            }
            Kind::Arith { first, rest } => {
                let mut op = rest.first().map_or("+", |(op, _, _)| op.symbol());
                self.operand(first, Type::Number, &format!("`{op}` needs numbers"))?;
                for (next, _, operand) in rest {
                    op = next.symbol();
                    self.operand(operand, Type::Number, &format!("`{op}` needs numbers"))?;
                }
                Static::Known(Type::Number)
            }
            Kind::Compare { op, op_span, left, right } => {
                let symbol = op.symbol();
                let (left_type, right_type) = (self.node(left)?, self.node(right)?);
                if !op.is_equality() {
                    for (operand, found) in [(left, left_type), (right, right_type)] {
                        if found == Static::Known(Type::Bool) {
                            let message = format!("`{symbol}` compares numbers or strings, but this is a boolean");
                            return Err(self.error(operand.span, message));
                        }
                    }
                }
                if let (Static::Known(l), Static::Known(r)) = (left_type, right_type)
                    && l != r
                {
                    let message =
                        format!("`{symbol}` cannot compare {} with {}", left_type.described(), right_type.described());
                    return Err(self.error(*op_span, message));
                }
                Static::Known(Type::Bool)
            }
            Kind::In { left, .. } => {
                // Elements of another type than the left side's simply do not match.
                self.node(left)?;
                Static::Known(Type::Bool)
            }
            Kind::Array(_) => {
                let message = "an array literal can only be the right side of `in`, like \
                               `event.payee_country_cd in [\"IR\", \"KP\"]`";
                return Err(self.error(node.span, message.into()));
            }
        })
    }

    /// Checks an operand that must be of type `wanted` (or unknown until run time).
    fn operand(&mut self, operand: &Node, wanted: Type, needs: &str) -> Result<(), CompileError> {
        let found = self.node(operand)?;
        if !found.is(wanted) {
            return Err(self.error(operand.span, format!("{needs}, but this is {}", found.described())));
        }
        Ok(())
    }
}
