//! Amounts as statements print them, kept exact: the decimal separator is the point or comma
//! before the last two digits; thousands are grouped by threes with a comma, point, space,
//! no-break space or apostrophe (`1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`); the sign is a
//! minus before or after, parentheses, `DR` / `CR`, or German `S` / `H` (Soll, Haben). The
//! currency is an ISO 4217 code or a symbol beside the number.

use rust_decimal::Decimal;

use crate::text::fold_char;

/// An amount of money as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Amount {
    pub value: Decimal,
    /// ISO 4217, when printed beside it.
    pub currency: Option<String>,
}

/// Codes Docket reads as currencies beside an amount (the common ones of statements; a code
/// outside this list is not taken for one).
const CODES: &[&str] = &[
    "EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "BGN",
    "TRY", "MXN", "BRL", "ARS", "CLP", "COP", "PEN", "ZAR", "INR", "CNY", "HKD", "SGD", "AED", "SAR", "ILS", "NGN",
    "KES", "MAD", "XOF", "XAF",
];

/// Currency symbols and the code each stands for (`$` is read as USD only where no code says
/// otherwise).
const SYMBOLS: &[(char, &str)] = &[('€', "EUR"), ('£', "GBP"), ('$', "USD"), ('¥', "JPY"), ('₦', "NGN"), ('₹', "INR")];

/// Whether a word is a currency code Docket knows.
pub(crate) fn currency_code(word: &str) -> Option<&'static str> {
    CODES.iter().find(|c| c.eq_ignore_ascii_case(word) && word.len() == 3).copied()
}

/// The first amount in a text (a value cell or what follows a label), with its byte range.
pub(crate) fn first_amount(text: &str) -> Option<(Amount, usize, usize)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1.is_ascii_digit() && (i == 0 || !chars[i - 1].1.is_alphanumeric()) {
            if let Some(found) = amount_at(text, &chars, i) {
                return Some(found);
            }
            // Past this run of digits and separators (`23,456.00` in `1,23,456.00` is no amount).
            while i < chars.len() && (chars[i].1.is_ascii_digit() || matches!(chars[i].1, '.' | ',' | '\'' | '’')) {
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    None
}

fn amount_at(text: &str, chars: &[(usize, char)], start: usize) -> Option<(Amount, usize, usize)> {
    // The run of digits and separators.
    let mut n = start;
    let mut digits = String::new();
    let mut seps: Vec<(usize, char)> = Vec::new(); // (digits before it, separator)
    while n < chars.len() {
        let c = chars[n].1;
        if c.is_ascii_digit() {
            digits.push(c);
            n += 1;
        } else if matches!(c, '.' | ',' | '\'' | '’' | ' ' | '\u{a0}' | '\u{202f}')
            && chars.get(n + 1).is_some_and(|d| d.1.is_ascii_digit())
        {
            // A space groups only three digits that end the group (`1 234,56`), never two numbers.
            if matches!(c, ' ' | '\u{a0}' | '\u{202f}') {
                let three = (1..=3).all(|k| chars.get(n + k).is_some_and(|d| d.1.is_ascii_digit()));
                let fourth = chars.get(n + 4).map(|d| d.1);
                if !three || fourth.is_some_and(|d| d.is_ascii_digit()) {
                    break;
                }
            }
            seps.push((digits.len(), c));
            n += 1;
        } else {
            break;
        }
    }
    if digits.is_empty() || digits.len() > 24 {
        return None;
    }
    // The decimal separator: a point or comma followed by exactly two digits that end the run.
    let (int_len, scale, decimal_sep, group_seps) = match seps.split_last() {
        Some((&(at, c), rest)) if matches!(c, '.' | ',') && digits.len() - at == 2 => (at, 2u32, Some(c), rest),
        _ => (digits.len(), 0, None, &seps[..]),
    };
    // Thousands: one kind of separator, other than the decimal one, every three digits.
    if let Some(&(first, kind)) = group_seps.first() {
        if !(1..=3).contains(&first) || Some(kind) == decimal_sep {
            return None;
        }
        for (k, &(at, c)) in group_seps.iter().enumerate() {
            if c != kind || at != first + 3 * k {
                return None;
            }
        }
        if int_len != first + 3 * group_seps.len() {
            return None;
        }
    } else if scale == 0 && digits.len() > 12 {
        // A long bare run of digits is a reference or an account number, not an amount.
        return None;
    }
    let mut value = Decimal::from_str_exact(&digits).ok()?;
    value.set_scale(scale).ok()?;
    let end_byte = chars.get(n).map_or(text.len(), |c| c.0);
    let start_byte = chars[start].0;

    // The sign and currency around it.
    let before = text[..start_byte].trim_end();
    let after = text[end_byte..].trim_start();
    let mut negative = false;
    let mut currency = None;
    let mut before_rest = before;
    if let Some(c) = before_rest.chars().last()
        && let Some((_, code)) = SYMBOLS.iter().find(|(s, _)| *s == c)
    {
        currency = Some((*code).to_owned());
        before_rest = before_rest[..before_rest.len() - c.len_utf8()].trim_end();
    }
    if let Some(word) = before_rest.rsplit(|c: char| !c.is_ascii_alphabetic()).next()
        && let Some(code) = currency_code(word)
        && before_rest.ends_with(word)
    {
        currency = Some(code.to_owned());
        before_rest = before_rest[..before_rest.len() - word.len()].trim_end();
    }
    if before_rest.ends_with('-') || before_rest.ends_with('−') {
        negative = true;
    }
    if before_rest.ends_with('(') && after.starts_with(')') {
        negative = true;
    }
    let mut after_rest = after.trim_start_matches(')').trim_start();
    if after_rest.starts_with('-') || after_rest.starts_with('−') {
        negative = true;
        after_rest = after_rest.trim_start_matches(['-', '−']).trim_start();
    }
    if let Some(c) = after_rest.chars().next()
        && let Some((_, code)) = SYMBOLS.iter().find(|(s, _)| *s == c)
    {
        currency.get_or_insert_with(|| (*code).to_owned());
        after_rest = after_rest[c.len_utf8()..].trim_start();
    }
    let next_word: String = after_rest.chars().take_while(char::is_ascii_alphabetic).collect();
    if let Some(code) = currency_code(&next_word) {
        currency.get_or_insert_with(|| code.to_owned());
        after_rest = after_rest[next_word.len()..].trim_start();
    }
    let marker: String = after_rest.chars().take_while(|c| c.is_alphabetic()).map(fold_char).collect();
    match marker.as_str() {
        "dr" | "s" | "debit" | "soll" => negative = true,
        _ => {}
    }
    if negative {
        value.set_sign_negative(true);
    }
    Some((Amount { value, currency }, start_byte, end_byte))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(String, Option<String>)> {
        first_amount(text).map(|(a, _, _)| (a.value.to_string(), a.currency))
    }

    #[test]
    fn separators_of_several_locales() {
        for (text, want) in [
            ("1,234.56", "1234.56"),
            ("1.234,56", "1234.56"),
            ("1 234,56", "1234.56"),
            ("1\u{a0}234,56", "1234.56"),
            ("1\u{202f}234,56", "1234.56"),
            ("1'234.56", "1234.56"),
            ("12,345,678.90", "12345678.90"),
            ("0,05", "0.05"),
            ("12,34", "12.34"),
            ("987.00", "987.00"),
            ("1,234", "1234"),
            ("250", "250"),
        ] {
            assert_eq!(read(text).map(|r| r.0).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn signs_and_currencies_around_the_number() {
        assert_eq!(read("-1.234,56 EUR"), Some(("-1234.56".into(), Some("EUR".into()))));
        assert_eq!(read("1.234,56- EUR"), Some(("-1234.56".into(), Some("EUR".into()))));
        assert_eq!(read("(1,234.56)"), Some(("-1234.56".into(), None)));
        assert_eq!(read("£1,234.56 DR"), Some(("-1234.56".into(), Some("GBP".into()))));
        assert_eq!(read("$ 1,234.56 CR"), Some(("1234.56".into(), Some("USD".into()))));
        assert_eq!(read("1.234,56 S"), Some(("-1234.56".into(), None)));
        assert_eq!(read("1.234,56 H"), Some(("1234.56".into(), None)));
        assert_eq!(read("EUR 1.234,56"), Some(("1234.56".into(), Some("EUR".into()))));
        assert_eq!(read("1 234,56 €"), Some(("1234.56".into(), Some("EUR".into()))));
        assert_eq!(read("CHF 1'234.50"), Some(("1234.50".into(), Some("CHF".into()))));
    }

    #[test]
    fn badly_grouped_numbers_are_not_amounts() {
        for text in ["1,23,456.00", "1.234.56,00", "1,2345.00", "1234567890123456789012345.00"] {
            assert_eq!(read(text), None, "{text}");
        }
    }

    #[test]
    fn two_amounts_side_by_side_stay_apart() {
        assert_eq!(read("1 234,56  2 000,00").map(|r| r.0).as_deref(), Some("1234.56"));
        assert_eq!(read("12 345").map(|r| r.0).as_deref(), Some("12345"));
        assert_eq!(read("12 34").map(|r| r.0).as_deref(), Some("12"));
    }
}
