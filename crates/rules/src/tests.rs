//! Unit tests: precedence and associativity, exact decimals, every operator, strings and escapes,
//! `in`, short-circuits, every compile error with its position and rendering, every runtime
//! error with its code and position.

use std::collections::HashMap;

use super::*;

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).expect("a decimal")
}

/// A payment: the fields and the applicant's stats the tests read.
struct Payment {
    fields: HashMap<&'static str, Value<'static>>,
    stats: HashMap<Stat, Decimal>,
}

impl Input for Payment {
    fn event(&self, field: &str) -> Option<Value<'_>> {
        self.fields.get(field).cloned()
    }

    fn stat(&self, stat: Stat) -> Decimal {
        self.stats.get(&stat).copied().unwrap_or(Decimal::ZERO)
    }
}

fn payment() -> Payment {
    let fields = HashMap::from([
        ("amount", Value::Number(dec("2500.00"))),
        ("zero", Value::Number(Decimal::ZERO)),
        ("big", Value::Number(Decimal::MAX)),
        ("name", Value::from("Ada")),
        ("country", Value::from("KP")),
        ("flag", Value::Bool(true)),
        ("user_ds_registration", Value::Number(Decimal::ZERO)),
        ("checkout_price", Value::Number(dec("1500"))),
    ]);
    let stat = |period, indicator| Stat { period, indicator };
    let stats = HashMap::from([
        (stat(Period::Last1d, Indicator::Sum), dec("1200")),
        (stat(Period::Last7d, Indicator::Sum), dec("3000")),
        (stat(Period::Last7d, Indicator::Avg), dec("500")),
        (stat(Period::Last7d, Indicator::TransactionsCount), dec("6")),
        (stat(Period::Last30d, Indicator::Avg), dec("250.5")),
    ]);
    Payment { fields, stats }
}

fn compiled(source: &str) -> Expression {
    compile(source).unwrap_or_else(|error| panic!("{source:?} does not compile:\n{error}"))
}

fn run(source: &str) -> Result<bool, EvalError> {
    compiled(source).evaluate(&payment())
}

fn holds(sources: &[&str]) {
    for source in sources {
        assert_eq!(run(source), Ok(true), "{source}");
    }
}

fn does_not_hold(sources: &[&str]) {
    for source in sources {
        assert_eq!(run(source), Ok(false), "{source}");
    }
}

fn compile_error(source: &str) -> CompileError {
    match compile(source) {
        Ok(expression) => panic!("{source:?} compiles to {expression}"),
        Err(error) => error,
    }
}

fn runtime_error(source: &str) -> EvalError {
    match run(source) {
        Ok(verdict) => panic!("{source:?} evaluates to {verdict}"),
        Err(error) => error,
    }
}

#[test]
fn precedence_and_associativity_show_in_the_parenthesised_form() {
    for (source, parenthesised) in [
        ("1 + 2 * 3 == 7", "((1 + (2 * 3)) == 7)"),
        ("!true || true", "((!true) || true)"),
        ("-2 * 3 == -6", "(((-2) * 3) == (-6))"),
        ("(1 + 2) * 3 == 9", "(((1 + 2) * 3) == 9)"),
        ("10 - 4 - 3 == 3", "((10 - 4 - 3) == 3)"),
        ("10 - (4 - 3) == 9", "((10 - (4 - 3)) == 9)"),
        ("8 / 4 * 2 == 4", "((8 / 4 * 2) == 4)"),
        ("1 + 2 * 3 - 4 / 2 > 0", "((1 + (2 * 3) - (4 / 2)) > 0)"),
        ("true || false && false", "(true || (false && false))"),
        ("true && false || true && true", "((true && false) || (true && true))"),
        ("event.a || event.b || event.c", "(event.a || event.b || event.c)"),
        ("event.a == 1 && event.b != 2 || event.c < 3", "(((event.a == 1) && (event.b != 2)) || (event.c < 3))"),
        ("1 < 2 == true", "((1 < 2) == true)"),
        ("true != 1 >= 2", "(true != (1 >= 2))"),
        ("1 + 1 in [2, 3]", "((1 + 1) in [2, 3])"),
        ("event.x in [1] == true", "((event.x in [1]) == true)"),
        ("!event.flag && event.amount >= -1.5", "((!event.flag) && (event.amount >= (-1.5)))"),
        ("!!true", "(!(!true))"),
        ("- -2 == 2", "(2 == 2)"),
        ("-(1 + 2) == -3", "((-(1 + 2)) == (-3))"),
        ("-event.amount < 0", "((-event.amount) < 0)"),
        (
            "stats.last7d.sum / stats.last7d.transactions_count > 2 * stats.last30d.avg",
            "((stats.last7d.sum / stats.last7d.transactions_count) > (2 * stats.last30d.avg))",
        ),
        (" ( ( true ) ) ", "true"),
        ("event.s == \"a\\\"b\\\\c\\nd\\te'f\"", "(event.s == \"a\\\"b\\\\c\\nd\\te'f\")"),
        ("event.c in ['IR', \"KP\", -1, 2.50, true]", "(event.c in [\"IR\", \"KP\", -1, 2.50, true])"),
    ] {
        assert_eq!(compiled(source).to_string(), parenthesised, "{source}");
    }
}

#[test]
fn precedence_decides_the_values() {
    holds(&[
        "1 + 2 * 3 == 7",
        "!true || true",
        "-2 * 3 == -6",
        "(1 + 2) * 3 == 9",
        "10 - 4 - 3 == 3",
        "10 - (4 - 3) == 9",
        "100 / 10 / 5 == 2",
        "8 / 4 * 2 == 4",
        "2 * 3 + 4 * 5 == 26",
        "true || false && false",
        "!false == true",
        "1 < 2 == true",
        "1 + 1 in [2]",
        "!(1 in [2])",
        "- -2 == 2",
        "2 - -2 == 4",
        "-(1 + 2) == -3",
    ]);
    does_not_hold(&["(true || false) && false", "!(true || true)", "2 * (3 + 4) == 10"]);
}

#[test]
fn decimals_are_exact() {
    holds(&[
        "0.1 * 3 == 0.3",
        "0.1 + 0.2 == 0.3",
        "560.00 == 560",
        "1.0 == 1",
        "1 != 1.0000000000000000000000000001",
        "10 / 4 == 2.5",
        "-7 / 2 == -3.5",
        // Division keeps 28 significant decimals: 1 / 3 is rounded, so multiplying back is not 1.
        "1 / 3 == 0.3333333333333333333333333333",
        "1 / 3 * 3 == 0.9999999999999999999999999999",
        "1 / 3 * 3 != 1",
        "2 / 3 == 0.6666666666666666666666666667",
        "79228162514264337593543950335 > 79228162514264337593543950334",
        "0.0000000000000000000000000001 > 0",
        "007 == 7",
        "event.amount == 2500",
        "stats.last30d.avg * 2 == 501",
    ]);
}

#[test]
fn arithmetic_operators() {
    holds(&[
        "7 + 5 == 12",
        "7 - 5 == 2",
        "5 - 7 == -2",
        "7 * 5 == 35",
        "7 / 5 == 1.4",
        "0 / 5 == 0",
        "event.amount * 2 == 5000",
        "event.amount - stats.last1d.sum == 1300",
        "stats.last7d.sum / stats.last7d.transactions_count == 500",
        "-event.amount == -2500",
    ]);
}

#[test]
fn comparison_operators() {
    holds(&[
        "1 == 1",
        "1 != 2",
        "1 < 2",
        "1 <= 1",
        "1 <= 2",
        "2 > 1",
        "2 >= 2",
        "2 >= 1",
        "-1 < 0",
        "event.amount > 1000",
        "event.amount >= 2500",
        "stats.last7d.transactions_count >= 5",
    ]);
    does_not_hold(&["1 == 2", "1 != 1", "2 < 1", "2 <= 1", "1 > 2", "1 >= 2", "2 < 2", "2 > 2"]);
    // Strings compare by their bytes: upper case before lower case, ASCII before accents.
    holds(&[
        "'b' > 'a'",
        "'a' < 'ab'",
        "'' < 'a'",
        "'Z' < 'a'",
        "'z' < 'é'",
        "'a' <= 'a'",
        "'a' >= 'a'",
        "event.name >= 'Ad'",
        "event.name == 'Ada'",
        "event.name != 'ada'",
    ]);
    does_not_hold(&["'a' > 'b'", "'Ada' == 'ada'"]);
    holds(&["true == true", "true != false", "event.flag == true", "event.flag != false"]);
    does_not_hold(&["true == false", "false != false"]);
}

#[test]
fn logical_operators() {
    holds(&[
        "true && true",
        "false || true",
        "true || false",
        "!false",
        "true && true && true",
        "false || false || true",
    ]);
    does_not_hold(&["true && false", "false && true", "false || false", "!true", "true && true && false"]);
    holds(&["event.flag && event.amount > 1000", "!(event.amount < 1000) || false"]);
}

#[test]
fn strings_and_escapes() {
    holds(&[
        r#""a" == 'a'"#,
        r#"'it\'s' == "it's""#,
        r#""say \"hi\"" == 'say "hi"'"#,
        r#""back\\slash" != "back/slash""#,
        r#""tab\there" != "tab here""#,
        r#""line\n" == 'line\n'"#,
        "\"é\" == 'é'",
        "\"\" == ''",
        "'two\nlines' == \"two\\nlines\"",
    ]);
    let input = Payment { fields: HashMap::from([("note", Value::from("a\tb\\c\"d'e\nf"))]), stats: HashMap::new() };
    assert_eq!(compiled(r#"event.note == "a\tb\\c\"d'e\nf""#).evaluate(&input), Ok(true));
    assert_eq!(compiled(r#"event.note == 'a\tb\\c"d\'e\nf'"#).evaluate(&input), Ok(true));
}

#[test]
fn membership() {
    holds(&[
        "2 in [1, 2, 3]",
        "2.0 in [1, 2]",
        "-1 in [-1]",
        "'GB' in ['US', 'GB']",
        "event.country in [\"IR\", \"KP\", \"SY\"]",
        "true in [false, true]",
        "event.amount in [2500]",
        "1 in [1, 2,]",
        "!(1 in [])",
        "!('gb' in ['GB'])",
        // An element of another type than the left side's never matches.
        "!(1 in ['1', true])",
        "!('true' in [true])",
        "'1' in [1, '1']",
    ]);
    let many: Vec<String> = (0..200).map(|n| format!("'C{n}'")).collect();
    holds(&[&format!("'C123' in [{}]", many.join(", ")), &format!("!('C200' in [{}])", many.join(", "))]);
}

#[test]
fn and_and_or_evaluate_their_right_side_only_when_needed() {
    does_not_hold(&["false && event.missing", "false && 1 / 0 == 1", "false && event.name + 1 > 0"]);
    holds(&["true || event.missing", "event.amount > 1 || event.missing", "true || 1 / event.zero > 0"]);
    holds(&["false || true || event.missing", "!(true && false && event.missing)"]);
    for source in ["event.missing && false", "true && event.missing", "false || event.missing"] {
        assert_eq!(runtime_error(source).code(), "missing_field", "{source}");
    }
}

#[test]
fn the_examples_of_the_spec_and_the_brief() {
    holds(&[
        "event.user_ds_registration == 0 && event.checkout_price > 1000",
        "event.amount > 1000 && event.country in [\"IR\", \"KP\", \"SY\"] && stats.last7d.transactions_count >= 5",
        "event.amount > 3 * stats.last7d.avg",
    ]);
}

#[test]
fn fields_and_stats_are_listed_once_in_order_of_appearance() {
    let rule = compiled(
        "event.b > 1 && (event.a > 1 || event.b < 5) && stats.last7d.sum > stats.last1d.avg && \
         stats.last7d.sum > 0 && event.c in [1]",
    );
    assert_eq!(rule.event_fields(), ["b", "a", "c"]);
    let stat = |period, indicator| Stat { period, indicator };
    assert_eq!(rule.stats(), [stat(Period::Last7d, Indicator::Sum), stat(Period::Last1d, Indicator::Avg)]);
    assert_eq!(rule.stats()[0].to_string(), "stats.last7d.sum");
    assert!(compiled("true").event_fields().is_empty());
    // Names in the right side of a short-circuit are listed too: they may be read.
    assert_eq!(compiled("false && event.x == stats.last30d.transactions_count").event_fields(), ["x"]);
}

#[test]
fn expressions_are_shareable_and_inputs_can_be_dynamic() {
    fn shareable<T: Clone + std::fmt::Debug + Send + Sync + 'static>() {}
    shareable::<Expression>();
    shareable::<CompileError>();
    shareable::<EvalError>();
    let rule = compiled("event.amount > 1000");
    let input: &dyn Input = &payment();
    assert_eq!(rule.evaluate(input), Ok(true));
    assert_eq!(rule.source(), "event.amount > 1000");
    let copy = rule.clone();
    assert_eq!(std::thread::spawn(move || copy.evaluate(&payment())).join().expect("joins"), Ok(true));
}

#[test]
fn owned_strings_from_the_input_are_compared_too() {
    struct Owned;
    impl Input for Owned {
        fn event(&self, field: &str) -> Option<Value<'_>> {
            Some(Value::from(format!("{field}!")))
        }
        fn stat(&self, _stat: Stat) -> Decimal {
            Decimal::ONE
        }
    }
    assert_eq!(compiled("event.a == 'a!' && event.b in ['b!'] && event.c > 'c'").evaluate(&Owned), Ok(true));
}

#[test]
fn periods_and_indicators_have_names() {
    assert_eq!(
        Period::ALL.map(|period| (period.name(), period.days())),
        [("last1d", 1), ("last7d", 7), ("last30d", 30)]
    );
    assert_eq!(Indicator::ALL.map(|indicator| indicator.name()), ["sum", "avg", "min", "max", "transactions_count"]);
    for period in Period::ALL {
        for indicator in Indicator::ALL {
            let rule = compiled(&format!("stats.{}.{} >= 0", period.name(), indicator.name()));
            assert_eq!(rule.stats(), [Stat { period, indicator }]);
        }
    }
    assert_eq!(Value::from("x").type_name(), "string");
    assert_eq!(Value::from(true).type_name(), "boolean");
    assert_eq!(Value::from(Decimal::ONE).type_name(), "number");
}

/// Every compile error: (source, the whole rendering).
#[test]
fn compile_errors_point_at_the_offending_text() {
    let cases: &[(&str, &str)] = &[
        // Operands and operators.
        (
            "event.amount > && true",
            "line 1, column 16: expected an operand after `>`, found `&&`\n\
             event.amount > && true\n\
             \x20              ^^",
        ),
        (
            "event.amount >",
            "line 1, column 15: expected an operand after `>`, found the end of the expression\n\
             event.amount >\n\
             \x20             ^",
        ),
        ("&& true", "line 1, column 1: expected an operand, found `&&`\n&& true\n^^"),
        (
            "",
            "line 1, column 1: the rule is empty: write an expression that is true or false, like `event.amount > 1000`\n\n^",
        ),
        (
            "   \n  ",
            "line 1, column 1: the rule is empty: write an expression that is true or false, like `event.amount > 1000`\n   \n^",
        ),
        (
            "event.amount > 1 x",
            "line 1, column 18: unexpected `x` after the end of the expression\n\
             event.amount > 1 x\n\
             \x20                ^",
        ),
        (
            "event.a event.b",
            "line 1, column 9: unexpected `event.b` after the end of the expression\nevent.a event.b\n        ^^^^^^^",
        ),
        ("(1 + 2", "line 1, column 1: this `(` is never closed\n(1 + 2\n^"),
        ("1 + 2) > 0", "line 1, column 6: this `)` has no matching `(`\n1 + 2) > 0\n     ^"),
        ("(1 2) > 0", "line 1, column 4: expected `)` or an operator, found `2`\n(1 2) > 0\n   ^"),
        ("() == 1", "line 1, column 2: expected an operand after `(`, found `)`\n() == 1\n ^"),
        ("1 = 1", "line 1, column 3: `=` is not an operator: compare with `==`\n1 = 1\n  ^"),
        ("true & false", "line 1, column 6: `&` is not an operator: write `&&` for AND\ntrue & false\n     ^"),
        ("true | false", "line 1, column 6: `|` is not an operator: write `||` for OR\ntrue | false\n     ^"),
        ("5 % 2 == 1", "line 1, column 3: unexpected character `%`\n5 % 2 == 1\n  ^"),
        // Chained comparisons.
        (
            "1 < event.x < 3",
            "line 1, column 13: comparisons cannot be chained; write `1 < event.x && event.x < 3`\n\
             1 < event.x < 3\n\
             \x20           ^",
        ),
        (
            "event.a == event.b != true",
            "line 1, column 20: equality tests cannot be chained; write `event.a == event.b && event.b != true`\n\
             event.a == event.b != true\n\
             \x20                  ^^",
        ),
        ("1 in [1] in [true]", "line 1, column 10: comparisons cannot be chained\n1 in [1] in [true]\n         ^^"),
        // Literals.
        (
            "event.name == \"abc",
            "line 1, column 15: this string is never closed: end it with `\"`\nevent.name == \"abc\n              ^",
        ),
        ("'abc\\", "line 1, column 1: this string is never closed: end it with `'`\n'abc\\\n^"),
        (
            "'a\\qb' == 'a'",
            "line 1, column 3: unknown escape `\\q`: the escapes are `\\\\`, `\\\"`, `\\'`, `\\n` and `\\t`\n\
             'a\\qb' == 'a'\n\
             \x20 ^^",
        ),
        ("1. > 0", "line 1, column 2: a decimal point must be followed by digits: write `1.0`\n1. > 0\n ^"),
        (".5 > 0", "line 1, column 1: a number starts with a digit: write `0.5`\n.5 > 0\n^^"),
        (
            "1e5 > 0",
            "line 1, column 1: `1e5` is not a number: write digits with at most one decimal point, like `12` or \
             `560.00` (no exponents)\n1e5 > 0\n^^^",
        ),
        (
            "1.2.3 > 0",
            "line 1, column 1: `1.2.3` is not a number: write digits with at most one decimal point, like `12` or \
             `560.00` (no exponents)\n1.2.3 > 0\n^^^^^",
        ),
        (
            "event.a > 79228162514264337593543950336",
            "line 1, column 11: the number `79228162514264337593543950336` cannot be represented exactly: numbers \
             have at most 28 digits after the decimal point and are below 79228162514264337593543950336\n\
             event.a > 79228162514264337593543950336\n\
             \x20         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
        // Arrays.
        (
            "event.c in 'IR'",
            "line 1, column 12: the right side of `in` must be an array literal, like `[\"US\", \"GB\"]`\n\
             event.c in 'IR'\n\
             \x20          ^^^^",
        ),
        (
            "event.c in [1] + 1",
            "line 1, column 12: the right side of `in` must be an array literal, like `[\"US\", \"GB\"]`\n\
             event.c in [1] + 1\n\
             \x20          ^^^^^^^",
        ),
        ("event.c in [1, 2", "line 1, column 12: this `[` is never closed\nevent.c in [1, 2\n           ^"),
        (
            "event.c in [1 2]",
            "line 1, column 15: expected `,` or `]` after an array element, found `2`\nevent.c in [1 2]\n              ^",
        ),
        (
            "event.c in [event.d]",
            "line 1, column 13: an array element must be a literal (a number, a string, true or false), found \
             `event.d`\nevent.c in [event.d]\n            ^^^^^^^",
        ),
        (
            "event.c in [-'a']",
            "line 1, column 14: expected a number after `-` in the array, found `'a'`\nevent.c in [-'a']\n             ^^^",
        ),
        (
            "[1] == [1]",
            "line 1, column 1: an array literal can only be the right side of `in`, like \
             `event.payee_country_cd in [\"IR\", \"KP\"]`\n[1] == [1]\n^^^",
        ),
        // Names.
        (
            "stats.last2d.sum > 0",
            "line 1, column 7: unknown period `last2d`: the periods are `last1d`, `last7d` and `last30d`\n\
             stats.last2d.sum > 0\n\
             \x20     ^^^^^^",
        ),
        (
            "stats.last7d.median > 0",
            "line 1, column 14: unknown indicator `median`: the indicators are `sum`, `avg`, `min`, `max` and \
             `transactions_count`\nstats.last7d.median > 0\n             ^^^^^^",
        ),
        (
            "stats.last7d > 0",
            "line 1, column 1: expected an indicator after `stats.last7d.`: `sum`, `avg`, `min`, `max` and \
             `transactions_count`\nstats.last7d > 0\n^^^^^^^^^^^^",
        ),
        (
            "stats.last7d. > 0",
            "line 1, column 13: expected an indicator after `stats.last7d.`: `sum`, `avg`, `min`, `max` and \
             `transactions_count`\nstats.last7d. > 0\n            ^",
        ),
        (
            "stats > 0",
            "line 1, column 1: `stats` needs a period and an indicator, like `stats.last7d.sum`; the periods are \
             `last1d`, `last7d` and `last30d`\nstats > 0\n^^^^^",
        ),
        (
            "stats. > 0",
            "line 1, column 6: expected a period after `stats.`: `last1d`, `last7d` and `last30d`\nstats. > 0\n     ^",
        ),
        (
            "stats.last1d.sum.usd > 0",
            "line 1, column 17: unexpected `.usd` after `stats.last1d.sum`\nstats.last1d.sum.usd > 0\n                ^^^^",
        ),
        ("event > 0", "line 1, column 1: `event` needs a field name, like `event.amount`\nevent > 0\n^^^^^"),
        ("event. > 0", "line 1, column 6: expected a field name after `event.`\nevent. > 0\n     ^"),
        (
            "event.1st > 0",
            "line 1, column 7: `1st` is not a field name: a field name starts with a letter or `_`, followed by \
             letters, digits or `_`\nevent.1st > 0\n      ^^^",
        ),
        (
            "event.payee.country == 'IR'",
            "line 1, column 12: unexpected `.country`: an event field is a single name, like `event.amount`\n\
             event.payee.country == 'IR'\n\
             \x20          ^^^^^^^^",
        ),
        (
            "amount > 1000",
            "line 1, column 1: unknown name `amount`; did you mean `event.amount`? a name is `event.<field>` (like \
             `event.amount`) or `stats.<period>.<indicator>` (like `stats.last7d.sum`)\namount > 1000\n^^^^^^",
        ),
        (
            "evnt.amount > 1000",
            "line 1, column 1: unknown name `evnt`: a name is `event.<field>` (like `event.amount`) or \
             `stats.<period>.<indicator>` (like `stats.last7d.sum`)\nevnt.amount > 1000\n^^^^",
        ),
        (
            "Event.amount > 1",
            "line 1, column 1: unknown name `Event`: names are written in lower case, `event`\nEvent.amount > 1\n^^^^^",
        ),
        ("true and false", "line 1, column 6: `and` is not an operator: write `&&` for AND\ntrue and false\n     ^^^"),
        ("(true OR false)", "line 1, column 7: `OR` is not an operator: write `||` for OR\n(true OR false)\n      ^^"),
        ("not true", "line 1, column 1: unknown name `not`: write `!` for NOT\nnot true\n^^^"),
        ("TRUE", "line 1, column 1: unknown name `TRUE`: write `true` in lower case\nTRUE\n^^^^"),
        // Types known at compile time.
        ("1 && true", "line 1, column 1: `&&` needs true or false on both sides, but this is a number\n1 && true\n^"),
        (
            "event.a || 'yes'",
            "line 1, column 12: `||` needs true or false on both sides, but this is a string\nevent.a || 'yes'\n           ^^^^^",
        ),
        ("\"a\" + 1 > 0", "line 1, column 1: `+` needs numbers, but this is a string\n\"a\" + 1 > 0\n^^^"),
        ("1 * (1 > 0) > 0", "line 1, column 5: `*` needs numbers, but this is a boolean\n1 * (1 > 0) > 0\n    ^^^^^^^"),
        ("!5", "line 1, column 2: `!` needs true or false, but this is a number\n!5\n ^"),
        ("-'a' < 0", "line 1, column 2: unary `-` needs a number, but this is a string\n-'a' < 0\n ^^^"),
        (
            "stats.last1d.sum == \"x\"",
            "line 1, column 18: `==` cannot compare a number with a string\nstats.last1d.sum == \"x\"\n                 ^^",
        ),
        ("1 < 'a'", "line 1, column 3: `<` cannot compare a number with a string\n1 < 'a'\n  ^"),
        (
            "event.flag < true",
            "line 1, column 14: `<` compares numbers or strings, but this is a boolean\nevent.flag < true\n             ^^^^",
        ),
        (
            "event.amount + 1",
            "line 1, column 1: a rule must be true or false; this expression is a number\n\
             event.amount + 1\n\
             ^^^^^^^^^^^^^^^^",
        ),
        ("'IR'", "line 1, column 1: a rule must be true or false; this expression is a string\n'IR'\n^^^^"),
        // Positions: lines, columns in characters, tabs.
        (
            "event.amount > 1000\n  && event.country in [\"IR\", \"KP\",\n                       'SY]",
            "line 3, column 24: this string is never closed: end it with `'`\n\
             \x20                      'SY]\n\
             \x20                      ^",
        ),
        (
            "event.amount > 1000 &&\nstats.last7d.transactions_count >=\n",
            "line 2, column 35: expected an operand after `>=`, found the end of the expression\n\
             stats.last7d.transactions_count >=\n\
             \x20                                 ^",
        ),
        (
            "event.a > 1\r\n  && stats.last7.sum > 0\r\n",
            "line 2, column 12: unknown period `last7`: the periods are `last1d`, `last7d` and `last30d`\n\
             \x20 && stats.last7.sum > 0\n\
             \x20          ^^^^^",
        ),
        (
            "'é' == 'é' && amount",
            "line 1, column 15: unknown name `amount`; did you mean `event.amount`? a name is `event.<field>` (like \
             `event.amount`) or `stats.<period>.<indicator>` (like `stats.last7d.sum`)\n'é' == 'é' && amount\n\
             \x20             ^^^^^^",
        ),
        (
            "true &&\n\tevent.a >",
            "line 2, column 11: expected an operand after `>`, found the end of the expression\n\tevent.a >\n\t         ^",
        ),
    ];
    for (source, rendered) in cases {
        let error = compile_error(source);
        assert_eq!(error.to_string(), *rendered, "{source:?}");
        assert!(rendered.starts_with(&format!("line {}, column {}: {}\n", error.line, error.column, error.message)));
    }
    // The span is in bytes, the column in characters.
    let error = compile_error("'é' == 'é' && amount");
    assert_eq!((error.span, error.line, error.column), (16..22, 1, 15));
}

#[test]
fn the_limits_are_compile_errors() {
    let nested = |depth: usize| format!("{}true{}", "(".repeat(depth), ")".repeat(depth));
    assert!(compile(&nested(MAX_DEPTH)).is_ok());
    let error = compile_error(&nested(MAX_DEPTH + 1));
    assert_eq!((error.line, error.column), (1, MAX_DEPTH + 2));
    assert!(error.message.starts_with("the expression nests more than 64 levels deep"), "{}", error.message);
    assert!(compile(&format!("{}true", "!".repeat(MAX_DEPTH))).is_ok());
    assert!(compile_error(&format!("{}true", "!".repeat(MAX_DEPTH + 1))).message.contains("64 levels"));
    assert!(compile_error(&format!("{}true", "!(".repeat(2_000))).message.contains("64 levels"));
    // A long run of one operator is one level.
    let long = vec!["event.a == 1"; 500].join(" || ");
    assert_eq!(compiled(&long).event_fields(), ["a"]);
    assert!(compile(&format!("{} > 0", vec!["1"; 2000].join(" + "))).is_ok());

    let padded = format!("true{}", " ".repeat(MAX_SOURCE_BYTES - 4));
    assert!(compile(&padded).is_ok());
    let error = compile_error(&format!("{padded} "));
    assert_eq!(error.message, "the rule is 10001 bytes long; at most 10000 are allowed");
    assert_eq!((error.span, error.column), (10_000..10_001, 10_001));
    // The limit never splits a character.
    let error = compile_error(&format!("true{}é", " ".repeat(MAX_SOURCE_BYTES - 5)));
    assert_eq!(error.span, 9_999..10_001);
}

/// Every runtime error: its code, kind and position.
#[test]
fn runtime_errors_have_a_code_a_kind_and_a_position() {
    type Case = (&'static str, EvalErrorKind, (usize, usize), std::ops::Range<usize>);
    let cases: Vec<Case> = vec![
        ("event.amount / 0 > 1", EvalErrorKind::DivisionByZero, (1, 14), 13..14),
        ("10 / event.zero > 1", EvalErrorKind::DivisionByZero, (1, 4), 3..4),
        ("1 / (event.zero * 2) > 1", EvalErrorKind::DivisionByZero, (1, 3), 2..3),
        ("event.missing > 1", EvalErrorKind::MissingField { field: "missing".into() }, (1, 1), 0..13),
        (
            "event.amount > 1 &&\n  event.iban == 'x'",
            EvalErrorKind::MissingField { field: "iban".into() },
            (2, 3),
            22..32,
        ),
        (
            "event.name + 1 > 0",
            EvalErrorKind::TypeMismatch { operator: "+", left: "string", right: Some("number") },
            (1, 12),
            11..12,
        ),
        (
            "1 - event.flag < 0",
            EvalErrorKind::TypeMismatch { operator: "-", left: "number", right: Some("boolean") },
            (1, 3),
            2..3,
        ),
        (
            "event.name == 1",
            EvalErrorKind::TypeMismatch { operator: "==", left: "string", right: Some("number") },
            (1, 12),
            11..13,
        ),
        (
            "event.flag != 'true'",
            EvalErrorKind::TypeMismatch { operator: "!=", left: "boolean", right: Some("string") },
            (1, 12),
            11..13,
        ),
        (
            "event.name < 1",
            EvalErrorKind::TypeMismatch { operator: "<", left: "string", right: Some("number") },
            (1, 12),
            11..12,
        ),
        (
            "event.flag >= event.flag",
            EvalErrorKind::TypeMismatch { operator: ">=", left: "boolean", right: Some("boolean") },
            (1, 12),
            11..13,
        ),
        ("!event.amount", EvalErrorKind::TypeMismatch { operator: "!", left: "number", right: None }, (1, 1), 0..1),
        ("(-event.name) < 0", EvalErrorKind::TypeMismatch { operator: "-", left: "string", right: None }, (1, 2), 1..2),
        (
            "event.amount && true",
            EvalErrorKind::TypeMismatch { operator: "&&", left: "number", right: None },
            (1, 14),
            13..15,
        ),
        (
            "true && true && event.name",
            EvalErrorKind::TypeMismatch { operator: "&&", left: "boolean", right: Some("string") },
            (1, 14),
            13..15,
        ),
        (
            "false || event.amount",
            EvalErrorKind::TypeMismatch { operator: "||", left: "boolean", right: Some("number") },
            (1, 7),
            6..8,
        ),
        ("event.big * 2 > 0", EvalErrorKind::Overflow { operator: "*" }, (1, 11), 10..11),
        ("event.big + 1 > 0", EvalErrorKind::Overflow { operator: "+" }, (1, 11), 10..11),
        ("-event.big - 1 < 0", EvalErrorKind::Overflow { operator: "-" }, (1, 12), 11..12),
        ("event.big / 0.5 > 0", EvalErrorKind::Overflow { operator: "/" }, (1, 11), 10..11),
        ("event.amount", EvalErrorKind::NotABoolean { found: "number" }, (1, 1), 0..12),
        ("(event.name)", EvalErrorKind::NotABoolean { found: "string" }, (1, 1), 0..12),
    ];
    for (source, kind, (line, column), span) in cases {
        let error = runtime_error(source);
        assert_eq!(error, EvalError { kind, span, line, column }, "{source}");
    }
    let codes: Vec<&str> = ["1 / event.zero > 0", "event.x", "event.name > 1", "event.big * 2 > 0", "event.amount"]
        .into_iter()
        .map(|source| runtime_error(source).code())
        .collect();
    assert_eq!(codes, ["division_by_zero", "missing_field", "type_mismatch", "overflow", "not_a_boolean"]);
}

#[test]
fn runtime_errors_have_messages_and_a_rendering() {
    let source = "event.amount > 1000 &&\n  event.amount / event.zero > 2";
    let error = compiled(source).evaluate(&payment()).expect_err("fails");
    assert_eq!(error.to_string(), "line 2, column 16: division by zero");
    assert_eq!(
        error.render(source),
        "line 2, column 16: division by zero\n  event.amount / event.zero > 2\n               ^"
    );
    let messages: Vec<String> =
        ["event.iban == 'x'", "event.name * 2 > 1", "!event.name", "event.big * 2 > 0", "event.flag && event.name"]
            .into_iter()
            .map(|source| runtime_error(source).kind.to_string())
            .collect();
    assert_eq!(
        messages,
        [
            "the event has no field `iban`",
            "`*` cannot be applied to a string and a number",
            "`!` cannot be applied to a string",
            "the result of `*` is too large for a decimal number",
            "`&&` cannot be applied to a boolean and a string",
        ]
    );
    assert_eq!(
        runtime_error("event.missing").render("event.missing"),
        "line 1, column 1: the event has no field `missing`\nevent.missing\n^^^^^^^^^^^^^"
    );
    assert_eq!(runtime_error("event.amount").kind.to_string(), "the rule evaluated to a number, not to true or false");
}

/// The rules in README.md compile, and its error renderings are the real ones.
#[test]
fn the_readme_examples_are_true() {
    let mut blocks: Vec<String> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for line in include_str!("../README.md").lines() {
        let indent = line.len() - line.trim_start().len();
        match (&mut open, line.trim()) {
            (None, "```text") => open = Some((indent, String::new())),
            (Some((_, block)), "```") => {
                blocks.push(block.trim_end().to_owned());
                open = None;
            }
            (Some((indent, block)), _) => {
                block.push_str(line.get(*indent..).unwrap_or(""));
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    assert_eq!(blocks.len(), 13);
    for block in blocks {
        if block.starts_with("line ") {
            let source = block.lines().nth(1).unwrap_or("");
            assert_eq!(compile_error(source).to_string(), block);
        } else {
            let _ = compiled(&block).evaluate(&payment());
        }
    }
}

/// A schema like the engine's: a payment has `checkout_price` (a number) and `checkout_isguest`
/// (a boolean), not a transaction's `amount`.
struct PaymentFields;

impl crate::Schema for PaymentFields {
    fn field(&self, name: &str) -> crate::Field {
        use crate::{Field, FieldType};
        match name {
            "checkout_price" => Field::Typed(FieldType::Number),
            "checkout_isguest" => Field::Typed(FieldType::Bool),
            "checkout_billing_country" => Field::Typed(FieldType::String),
            "amount" => Field::Absent("a payment has no `amount` (a transaction's field)".into()),
            _ => Field::Custom,
        }
    }
}

#[test]
fn a_schema_refuses_fields_the_event_type_does_not_have_and_types_the_ones_it_has() {
    let error = crate::compile_for("event.checkout_price > 10 && event.amount > 1000", &PaymentFields)
        .expect_err("a payment has no amount");
    assert_eq!(error.line, 1);
    assert_eq!(error.column, 30, "the caret is under `event.amount`: {error}");
    assert!(error.to_string().contains("a payment has no `amount`"), "{error}");
    let error = crate::compile_for("event.checkout_isguest > 5", &PaymentFields).expect_err("a boolean");
    assert!(error.to_string().contains("compares numbers or strings, but this is a boolean"), "{error}");
    let error = crate::compile_for("event.checkout_price", &PaymentFields).expect_err("not a verdict");
    assert!(error.to_string().contains("a rule must be true or false; this expression is a number"), "{error}");
    let rule = crate::compile_for("event.loyalty_tier == \"gold\" && event.checkout_price > 1", &PaymentFields)
        .expect("the caller's own fields stay open");
    assert_eq!(rule.event_fields(), ["loyalty_tier", "checkout_price"]);
    // Without a schema, every field is open (as before).
    assert!(compile("event.amount > 1000").is_ok());
}
