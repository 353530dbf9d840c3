//! Crypto addresses of named chains: [`parse`] checks that a text is a mainnet address of the
//! chain it is said to be on (its encoding, length, version bytes and checksum) and gives its
//! canonical form, the one spelling that exact matching against a sanctions list compares.
//!
//! ```
//! use docket_chainaddr::{Chain, Form, parse};
//!
//! let a = parse(Chain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed").unwrap();
//! assert_eq!(a.canonical(), "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
//! assert_eq!(a.form(), Form::Account);
//!
//! // One wrong character of a mixed-case (EIP-55) address breaks its checksum.
//! let e = parse(Chain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD").unwrap_err();
//! assert_eq!(e.code(), "checksum");
//!
//! // A valid address of another chain is named as such.
//! let e = parse(Chain::Ethereum, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").unwrap_err();
//! assert_eq!(e, docket_chainaddr::Invalid::WrongChain(Chain::Bitcoin));
//! ```
//!
//! What each chain accepts, and its canonical form:
//! - Bitcoin: base58check P2PKH (`1…`) and P2SH (`3…`), kept as written (base58 is case
//!   sensitive); bech32 (v0) and bech32m (v1+) segwit `bc1…`, lower-cased.
//! - Ethereum: `0x` and 40 hex digits; a mixed-case address must carry a valid EIP-55
//!   checksum, an all-lower or all-upper one carries none; canonical: `0x` and lower case.
//! - Tron: base58check with version byte 0x41 (`T…`).
//! - Litecoin: base58check `L…`, `M…` and the older `3…`; bech32 `ltc1…`.
//! - Bitcoin Cash: CashAddr with or without its `bitcoincash:` prefix, and the legacy base58
//!   form; canonical: the prefixed lower-case CashAddr (a legacy address is converted).
//! - Dash: base58check `X…` and `7…`.
//! - Zcash: transparent `t1…` and `t3…`, and Sapling `zs1…` (bech32). Unified (`u1…`) and
//!   Sprout (`zc…`) addresses are refused as [`Invalid::Unsupported`]: not validated here.
//! - Monero: standard (`4…`), integrated (`4…`, 106 characters) and subaddresses (`8…`):
//!   Monero's block base58 with its Keccak-256 checksum. The two keys inside are not checked to
//!   be points of the curve.
//!
//! Testnet, stagenet and regtest addresses are refused as [`Invalid::Testnet`]: sanctions lists
//! name mainnet addresses, and a test address means the caller is pointed at the wrong network.
//!
//! The codecs are kept crates (`bs58`, `bech32`, `bitcoincash-addr`, `base58-monero`,
//! `tiny-keccak`); this crate only knows each chain's versions, lengths and prefixes. Parsing
//! never panics on any input. [`example`] writes a valid address of any chain from a seed, for
//! test and demo data.

use std::fmt;

use bech32::primitives::decode::{CheckedHrpstring, SegwitHrpstring};
use bech32::{Bech32, Hrp};
use tiny_keccak::{Hasher, Keccak};

/// Texts longer than this are refused before decoding (the longest valid address, a Monero
/// integrated one, has 106 characters).
pub const MAX_LEN: usize = 128;

/// The chains whose addresses are validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Chain {
    Bitcoin,
    Ethereum,
    Tron,
    Litecoin,
    BitcoinCash,
    Dash,
    Zcash,
    Monero,
}

impl Chain {
    pub const ALL: [Chain; 8] = [
        Chain::Bitcoin,
        Chain::Ethereum,
        Chain::Tron,
        Chain::Litecoin,
        Chain::BitcoinCash,
        Chain::Dash,
        Chain::Zcash,
        Chain::Monero,
    ];

    /// Its code on the wire: `bitcoin`, `bitcoin_cash`...
    pub fn code(self) -> &'static str {
        match self {
            Chain::Bitcoin => "bitcoin",
            Chain::Ethereum => "ethereum",
            Chain::Tron => "tron",
            Chain::Litecoin => "litecoin",
            Chain::BitcoinCash => "bitcoin_cash",
            Chain::Dash => "dash",
            Chain::Zcash => "zcash",
            Chain::Monero => "monero",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Chain::Bitcoin => "Bitcoin",
            Chain::Ethereum => "Ethereum",
            Chain::Tron => "Tron",
            Chain::Litecoin => "Litecoin",
            Chain::BitcoinCash => "Bitcoin Cash",
            Chain::Dash => "Dash",
            Chain::Zcash => "Zcash",
            Chain::Monero => "Monero",
        }
    }

    /// The currency code that sanctions lists write for the chain's coin (OFAC writes `XBT`).
    pub fn ticker(self) -> &'static str {
        match self {
            Chain::Bitcoin => "BTC",
            Chain::Ethereum => "ETH",
            Chain::Tron => "TRX",
            Chain::Litecoin => "LTC",
            Chain::BitcoinCash => "BCH",
            Chain::Dash => "DASH",
            Chain::Zcash => "ZEC",
            Chain::Monero => "XMR",
        }
    }

    /// A chain from its code or its coin's ticker, in any case (`bitcoin`, `BTC`, `XBT`).
    pub fn from_code(text: &str) -> Option<Chain> {
        let text = text.trim();
        Chain::ALL
            .into_iter()
            .find(|c| text.eq_ignore_ascii_case(c.code()) || text.eq_ignore_ascii_case(c.ticker()))
            .or(if text.eq_ignore_ascii_case("XBT") { Some(Chain::Bitcoin) } else { None })
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What kind of address it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Pay to a public key's hash (base58 or CashAddr); Zcash's `t1`.
    P2pkh,
    /// Pay to a script's hash; Zcash's `t3`.
    P2sh,
    /// Segwit version 0 (bech32).
    SegwitV0,
    /// Segwit version 1, taproot (bech32m).
    Taproot,
    /// Segwit versions 2 to 16 (bech32m), valid but not yet given a meaning.
    SegwitFuture,
    /// An account (Ethereum, Tron).
    Account,
    /// A Zcash Sapling shielded address.
    Sapling,
    MoneroStandard,
    MoneroIntegrated,
    MoneroSubaddress,
}

impl Form {
    pub fn code(self) -> &'static str {
        match self {
            Form::P2pkh => "p2pkh",
            Form::P2sh => "p2sh",
            Form::SegwitV0 => "segwit_v0",
            Form::Taproot => "taproot",
            Form::SegwitFuture => "segwit_future",
            Form::Account => "account",
            Form::Sapling => "sapling",
            Form::MoneroStandard => "standard",
            Form::MoneroIntegrated => "integrated",
            Form::MoneroSubaddress => "subaddress",
        }
    }
}

/// A valid mainnet address of a chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    chain: Chain,
    form: Form,
    canonical: String,
}

impl Address {
    pub fn chain(&self) -> Chain {
        self.chain
    }

    pub fn form(&self) -> Form {
        self.form
    }

    /// The one spelling of this address that exact matching compares.
    pub fn canonical(&self) -> &str {
        &self.canonical
    }

    pub fn into_canonical(self) -> String {
        self.canonical
    }
}

/// Why a text is not a mainnet address of the named chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    Empty,
    TooLong,
    /// Not the chain's encoding, length or version: says what was wrong.
    Format(&'static str),
    /// Well formed, but its checksum does not match: a mistyped character, most often.
    Checksum,
    /// A test network's address.
    Testnet,
    /// A valid address of another chain.
    WrongChain(Chain),
    /// A kind of address this crate does not validate, and why.
    Unsupported(&'static str),
}

impl Invalid {
    /// Its code on the wire.
    pub fn code(&self) -> &'static str {
        match self {
            Invalid::Empty => "empty",
            Invalid::TooLong => "too_long",
            Invalid::Format(_) => "format",
            Invalid::Checksum => "checksum",
            Invalid::Testnet => "testnet",
            Invalid::WrongChain(_) => "wrong_chain",
            Invalid::Unsupported(_) => "unsupported",
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Empty => f.write_str("the address is empty"),
            Invalid::TooLong => write!(f, "the address is longer than any valid one ({MAX_LEN} characters at most)"),
            Invalid::Format(what) => write!(f, "not an address of this chain: {what}"),
            Invalid::Checksum => f.write_str("the checksum does not match: a character is wrong or missing"),
            Invalid::Testnet => f.write_str("a test network's address; only mainnet addresses are checked"),
            Invalid::WrongChain(chain) => write!(f, "a valid {chain} address, not one of the chain named"),
            Invalid::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Invalid {}

/// Checks that `text` (surrounding white space ignored) is a mainnet address of `chain`; when
/// it is not but is a valid address of another chain, says so ([`Invalid::WrongChain`]).
pub fn parse(chain: Chain, text: &str) -> Result<Address, Invalid> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Invalid::Empty);
    }
    if text.len() > MAX_LEN {
        return Err(Invalid::TooLong);
    }
    match parse_on(chain, text) {
        Ok((form, canonical)) => Ok(Address { chain, form, canonical }),
        // A test network or an unsupported kind is a verdict on this chain's own address; a
        // checksum error may be another chain's encoding read as this one's (Monero's base58).
        Err(e @ (Invalid::Testnet | Invalid::Unsupported(_))) => Err(e),
        Err(e) => match Chain::ALL.into_iter().find(|&other| other != chain && parse_on(other, text).is_ok()) {
            Some(other) => Err(Invalid::WrongChain(other)),
            None => Err(e),
        },
    }
}

fn parse_on(chain: Chain, text: &str) -> Result<(Form, String), Invalid> {
    match chain {
        Chain::Bitcoin => {
            utxo(text, &Utxo { hrp: "bc", test_hrps: &["tb", "bcrt"], p2pkh: 0x00, p2sh: &[0x05], test: &[0x6f, 0xc4] })
        }
        Chain::Litecoin => utxo(
            text,
            &Utxo {
                hrp: "ltc",
                test_hrps: &["tltc", "rltc"],
                p2pkh: 0x30,
                p2sh: &[0x32, 0x05],
                test: &[0x6f, 0x3a, 0xc4],
            },
        ),
        Chain::Dash => base58_versioned(text, 0x4c, &[0x10], &[0x8c, 0x13]),
        Chain::Tron => tron(text),
        Chain::Ethereum => ethereum(text),
        Chain::BitcoinCash => bitcoin_cash(text),
        Chain::Zcash => zcash(text),
        Chain::Monero => monero(text),
    }
}

/// A bitcoin-like chain: its segwit prefix and base58 version bytes.
struct Utxo {
    hrp: &'static str,
    test_hrps: &'static [&'static str],
    p2pkh: u8,
    p2sh: &'static [u8],
    test: &'static [u8],
}

fn utxo(text: &str, chain: &Utxo) -> Result<(Form, String), Invalid> {
    let lower = text.to_ascii_lowercase();
    let hrp_of = |h: &str| lower.starts_with(h) && lower.as_bytes().get(h.len()) == Some(&b'1');
    if hrp_of(chain.hrp) {
        return segwit(text, chain.hrp);
    }
    if chain.test_hrps.iter().any(|h| hrp_of(h)) {
        return Err(Invalid::Testnet);
    }
    base58_versioned(text, chain.p2pkh, chain.p2sh, chain.test)
}

fn segwit(text: &str, hrp: &str) -> Result<(Form, String), Invalid> {
    use bech32::primitives::decode::{ChecksumError, SegwitHrpstringError};
    let parsed = SegwitHrpstring::new(text).map_err(|e| match e {
        SegwitHrpstringError::Checksum(ChecksumError::InvalidResidue) => Invalid::Checksum,
        _ => Invalid::Format("not a valid bech32 segwit address"),
    })?;
    if !parsed.hrp().as_str().eq_ignore_ascii_case(hrp) {
        return Err(Invalid::Format("the bech32 prefix is another chain's"));
    }
    let version = parsed.witness_version().to_u8();
    let length = parsed.byte_iter().len();
    let form = match (version, length) {
        (0, 20 | 32) => Form::SegwitV0,
        (1, 32) => Form::Taproot,
        (1, _) | (2.., _) => Form::SegwitFuture,
        _ => return Err(Invalid::Format("a segwit v0 program is 20 or 32 bytes")),
    };
    Ok((form, text.to_ascii_lowercase()))
}

fn base58_versioned(text: &str, p2pkh: u8, p2sh: &[u8], test: &[u8]) -> Result<(Form, String), Invalid> {
    let payload = base58check(text)?;
    let [version, hash @ ..] = payload.as_slice() else { return Err(Invalid::Format("empty payload")) };
    if hash.len() != 20 {
        return Err(Invalid::Format("a base58 address holds a version byte and a 20-byte hash"));
    }
    let form = if *version == p2pkh {
        Form::P2pkh
    } else if p2sh.contains(version) {
        Form::P2sh
    } else if test.contains(version) {
        return Err(Invalid::Testnet);
    } else {
        return Err(Invalid::Format("the version byte is another chain's"));
    };
    Ok((form, text.to_owned()))
}

/// The payload of a base58check text (version bytes and body, without the checksum).
fn base58check(text: &str) -> Result<Vec<u8>, Invalid> {
    bs58::decode(text).with_check(None).into_vec().map_err(|e| match e {
        bs58::decode::Error::InvalidChecksum { .. } => Invalid::Checksum,
        bs58::decode::Error::InvalidCharacter { .. } | bs58::decode::Error::NonAsciiCharacter { .. } => {
            Invalid::Format("a character outside base58")
        }
        _ => Invalid::Format("not base58check"),
    })
}

fn tron(text: &str) -> Result<(Form, String), Invalid> {
    let payload = base58check(text)?;
    match payload.as_slice() {
        [0x41, hash @ ..] if hash.len() == 20 => Ok((Form::Account, text.to_owned())),
        [0xa0, hash @ ..] if hash.len() == 20 => Err(Invalid::Testnet),
        _ => Err(Invalid::Format("a Tron address is version 0x41 and a 20-byte account")),
    }
}

fn ethereum(text: &str) -> Result<(Form, String), Invalid> {
    let Some(hex) = text.strip_prefix("0x") else { return Err(Invalid::Format("an Ethereum address starts with 0x")) };
    if hex.len() != 40 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Invalid::Format("an Ethereum address is 0x and 40 hexadecimal digits"));
    }
    let lower = hex.to_ascii_lowercase();
    let mixed = hex.bytes().any(|b| b.is_ascii_lowercase()) && hex.bytes().any(|b| b.is_ascii_uppercase());
    if mixed && eip55(&lower) != hex {
        return Err(Invalid::Checksum);
    }
    Ok((Form::Account, format!("0x{lower}")))
}

/// EIP-55: a letter is upper case where the Keccak-256 of the lower-case hex has a nibble ≥ 8.
fn eip55(lower_hex: &str) -> String {
    let hash = keccak256(lower_hex.as_bytes());
    lower_hex
        .bytes()
        .enumerate()
        .map(|(i, b)| {
            let nibble = (hash[i / 2] >> if i % 2 == 0 { 4 } else { 0 }) & 0x0f;
            if b.is_ascii_alphabetic() && nibble >= 8 { b.to_ascii_uppercase() as char } else { b as char }
        })
        .collect()
}

fn keccak256(data: &[u8]) -> [u8; 32] {
    let mut hasher = Keccak::v256();
    hasher.update(data);
    let mut out = [0u8; 32];
    hasher.finalize(&mut out);
    out
}

fn bitcoin_cash(text: &str) -> Result<(Form, String), Invalid> {
    use bitcoincash_addr::{
        Address as CashAddress, AddressCodec, Base58Codec, CashAddrCodec, HashType, Network, Scheme,
    };
    let has_lower = text.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = text.bytes().any(|b| b.is_ascii_uppercase());
    let first = text.as_bytes()[0].to_ascii_lowercase();
    let decoded = if text.contains(':') || (matches!(first, b'q' | b'p') && text.len() == 42) {
        // CashAddr is case-insensitive but never mixed; the prefix may be left out.
        if has_lower && has_upper {
            return Err(Invalid::Format("a CashAddr address is all lower or all upper case"));
        }
        let lower = text.to_ascii_lowercase();
        let prefixed = if lower.contains(':') { lower } else { format!("bitcoincash:{lower}") };
        if prefixed.starts_with("bchtest:") || prefixed.starts_with("bchreg:") {
            return Err(Invalid::Testnet);
        }
        CashAddrCodec::decode(&prefixed).map_err(|e| match e {
            bitcoincash_addr::cashaddr::DecodingError::ChecksumFailed(_) => Invalid::Checksum,
            _ => Invalid::Format("not a valid CashAddr address"),
        })?
    } else {
        // A legacy address is a bitcoin one; decode its base58check through our own reader
        // first, so a checksum error is told apart from a format error.
        base58_versioned(text, 0x00, &[0x05], &[0x6f, 0xc4])?;
        Base58Codec::decode(text).map_err(|_| Invalid::Format("not a legacy Bitcoin Cash address"))?
    };
    if decoded.network != Network::Main {
        return Err(Invalid::Testnet);
    }
    let form = match decoded.hash_type {
        HashType::Key => Form::P2pkh,
        HashType::Script => Form::P2sh,
    };
    let canonical = CashAddress { scheme: Scheme::CashAddr, ..decoded }
        .encode()
        .map_err(|_| Invalid::Format("cannot be written as CashAddr"))?;
    Ok((form, canonical))
}

fn zcash(text: &str) -> Result<(Form, String), Invalid> {
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("zs1") {
        let parsed = CheckedHrpstring::new::<Bech32>(text).map_err(|e| match e {
            bech32::primitives::decode::CheckedHrpstringError::Checksum(_) => Invalid::Checksum,
            _ => Invalid::Format("not a valid bech32 Sapling address"),
        })?;
        if !parsed.hrp().as_str().eq_ignore_ascii_case("zs") || parsed.byte_iter().len() != 43 {
            return Err(Invalid::Format("a Sapling address is zs1 and 43 bytes"));
        }
        return Ok((Form::Sapling, lower));
    }
    if lower.starts_with("ztestsapling1")
        || lower.starts_with("tm")
        || lower.starts_with("t2")
        || lower.starts_with("utest1")
    {
        return Err(Invalid::Testnet);
    }
    if lower.starts_with("u1") || lower.starts_with("zc") {
        return Err(Invalid::Unsupported(
            "Zcash unified (u1) and Sprout (zc) addresses are not validated: check the transparent (t1, t3) or Sapling (zs1) receiver",
        ));
    }
    let payload = base58check(text)?;
    match payload.as_slice() {
        [0x1c, 0xb8, hash @ ..] if hash.len() == 20 => Ok((Form::P2pkh, text.to_owned())),
        [0x1c, 0xbd, hash @ ..] if hash.len() == 20 => Ok((Form::P2sh, text.to_owned())),
        [0x1d, 0x25, ..] | [0x1c, 0xba, ..] => Err(Invalid::Testnet),
        _ => Err(Invalid::Format("a transparent Zcash address is t1 or t3 and a 20-byte hash")),
    }
}

fn monero(text: &str) -> Result<(Form, String), Invalid> {
    if !matches!(text.len(), 95 | 106) {
        return Err(Invalid::Format("a Monero address has 95 characters (106 when integrated)"));
    }
    let payload = base58_monero::decode_check(text).map_err(|e| match e {
        base58_monero::Error::InvalidChecksum => Invalid::Checksum,
        _ => Invalid::Format("not Monero base58"),
    })?;
    let (form, length) = match payload.first() {
        Some(18) => (Form::MoneroStandard, 65),
        Some(19) => (Form::MoneroIntegrated, 73),
        Some(42) => (Form::MoneroSubaddress, 65),
        // Testnet (53, 54, 63) and stagenet (24, 25, 36).
        Some(53 | 54 | 63 | 24 | 25 | 36) => return Err(Invalid::Testnet),
        _ => return Err(Invalid::Format("the network byte is not Monero mainnet's")),
    };
    if payload.len() != length {
        return Err(Invalid::Format(
            "a Monero address holds two 32-byte keys (and an 8-byte payment id when integrated)",
        ));
    }
    Ok((form, text.to_owned()))
}

/// A valid mainnet address of `chain` made from `seed` (the same seed, the same address), of
/// the chain's first form: for tests, demo lists and benchmarks. Its keys belong to nobody.
pub fn example(chain: Chain, seed: u64) -> String {
    let body = |n: usize| -> Vec<u8> {
        let mut out = Vec::with_capacity(n + 32);
        let mut block = 0u64;
        while out.len() < n {
            let mut input = seed.to_le_bytes().to_vec();
            input.extend_from_slice(&block.to_le_bytes());
            out.extend_from_slice(&keccak256(&input));
            block += 1;
        }
        out.truncate(n);
        out
    };
    let base58 = |version: &[u8], n: usize| {
        let mut payload = version.to_vec();
        payload.extend(body(n));
        bs58::encode(payload).with_check().into_string()
    };
    match chain {
        Chain::Bitcoin => base58(&[0x00], 20),
        Chain::Litecoin => base58(&[0x30], 20),
        Chain::Dash => base58(&[0x4c], 20),
        Chain::Tron => base58(&[0x41], 20),
        Chain::Zcash => base58(&[0x1c, 0xb8], 20),
        Chain::Ethereum => format!("0x{}", eip55(&body(20).iter().map(|b| format!("{b:02x}")).collect::<String>())),
        Chain::BitcoinCash => {
            let address = bitcoincash_addr::Address { body: body(20), ..Default::default() };
            address.encode().unwrap_or_default()
        }
        Chain::Monero => {
            let mut payload = vec![18u8];
            payload.extend(body(64));
            base58_monero::encode_check(&payload).unwrap_or_default()
        }
    }
}

/// A segwit (`bc1…`, `ltc1…`) address made from `seed`, for tests.
pub fn example_segwit(chain: Chain, seed: u64) -> Option<String> {
    let hrp = match chain {
        Chain::Bitcoin => bech32::hrp::BC,
        Chain::Litecoin => Hrp::parse_unchecked("ltc"),
        _ => return None,
    };
    let program = keccak256(&seed.to_le_bytes());
    bech32::segwit::encode_v0(hrp, &program[..20]).ok()
}

#[cfg(test)]
mod tests;
