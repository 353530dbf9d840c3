//! The check-digit algorithms the identifiers share: Luhn, weighted sums modulo 10 and 11,
//! ISO 7064 MOD 97-10 style remainders, Verhoeff. Each takes digits as bytes `b'0'..=b'9'`
//! (callers checked them) and answers the check value.

/// A digit's value.
pub(crate) fn digit(b: u8) -> u32 {
    u32::from(b.wrapping_sub(b'0'))
}

/// The digits as a number (at most 18 of them).
pub(crate) fn number(digits: &[u8]) -> u64 {
    digits.iter().fold(0u64, |n, b| n * 10 + u64::from(digit(*b)))
}

/// The Luhn check digit of `body` (the digit that makes the whole pass).
pub(crate) fn luhn(body: &[u8]) -> u32 {
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = digit(*b);
            if i % 2 == 0 {
                let twice = d * 2;
                if twice > 9 { twice - 9 } else { twice }
            } else {
                d
            }
        })
        .sum();
    (10 - sum % 10) % 10
}

/// `Σ digit × weight`.
pub(crate) fn weighted(digits: &[u8], weights: &[u32]) -> u32 {
    digits.iter().zip(weights).map(|(b, w)| digit(*b) * w).sum()
}

const VERHOEFF_D: [[u8; 10]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P: [[u8; 10]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV: [u8; 10] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/// The Verhoeff check digit of `body` (dihedral group D5).
pub(crate) fn verhoeff(body: &[u8]) -> u32 {
    let mut c = 0u8;
    for (i, b) in body.iter().rev().enumerate() {
        let d = (digit(*b) % 10) as usize;
        c = VERHOEFF_D[c as usize][VERHOEFF_P[(i + 1) % 8][d] as usize];
    }
    u32::from(VERHOEFF_INV[c as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_and_verhoeff_give_the_published_check_digits() {
        assert_eq!(luhn(b"7992739871"), 3, "the Luhn algorithm's own example");
        assert_eq!(verhoeff(b"236"), 3, "the Verhoeff algorithm's own example");
        assert_eq!(number(b"0012"), 12);
        assert_eq!(weighted(b"123", &[3, 2, 1]), 3 + 4 + 3);
    }
}
