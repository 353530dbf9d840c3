//! Each chain's published example addresses (BIP-173/350, EIP-55, the CashAddr spec, monero-rs'
//! documentation, ...) and addresses made by [`example`] where none is at hand: valid, one
//! character wrong, and on the wrong chain.

use proptest::prelude::*;

use super::*;

fn ok(chain: Chain, text: &str) -> Address {
    parse(chain, text).unwrap_or_else(|e| panic!("{text} on {chain}: {e}"))
}

/// `text` with the character at `at` replaced by another that both base58 and bech32 allow.
fn corrupt(text: &str, at: usize) -> String {
    const BOTH: &str = "qpzry9x8gf2tvdws3jn54khce6mua7";
    let mut chars: Vec<char> = text.chars().collect();
    let c = chars[at];
    let lower = c.to_ascii_lowercase();
    let next = match BOTH.find(lower) {
        Some(i) => BOTH.as_bytes()[(i + 1) % BOTH.len()] as char,
        None => 'q',
    };
    chars[at] = if c.is_ascii_uppercase() { next.to_ascii_uppercase() } else { next };
    assert_ne!(chars[at], c);
    chars.into_iter().collect()
}

#[test]
fn bitcoin_published_examples() {
    assert_eq!(ok(Chain::Bitcoin, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").form(), Form::P2pkh);
    assert_eq!(ok(Chain::Bitcoin, "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy").form(), Form::P2sh);
    let v0 = ok(Chain::Bitcoin, "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4");
    assert_eq!((v0.form(), v0.canonical()), (Form::SegwitV0, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"));
    assert_eq!(
        ok(Chain::Bitcoin, "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0").form(),
        Form::Taproot
    );
    assert_eq!(parse(Chain::Bitcoin, "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"), Err(Invalid::Testnet));
    assert_eq!(parse(Chain::Bitcoin, &corrupt("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", 12)), Err(Invalid::Checksum));
    assert_eq!(
        parse(Chain::Bitcoin, &corrupt("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", 20)),
        Err(Invalid::Checksum)
    );
    // A v0 program under a bech32m checksum (BIP-350's invalid vector) is refused.
    assert!(parse(Chain::Bitcoin, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh").is_err());
    assert_eq!(
        parse(Chain::Bitcoin, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
        Err(Invalid::WrongChain(Chain::Ethereum))
    );
    let mut testnet = vec![0x6fu8];
    testnet.extend([7u8; 20]);
    assert_eq!(parse(Chain::Bitcoin, &bs58::encode(testnet).with_check().into_string()), Err(Invalid::Testnet));
}

#[test]
fn ethereum_eip55_examples() {
    for text in [
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ] {
        let a = ok(Chain::Ethereum, text);
        assert_eq!(a.canonical(), text.to_ascii_lowercase());
        assert_eq!(eip55(&text[2..].to_ascii_lowercase()), &text[2..]);
    }
    // All lower and all upper carry no checksum.
    ok(Chain::Ethereum, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
    ok(Chain::Ethereum, "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED");
    assert_eq!(parse(Chain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"), Err(Invalid::Checksum));
    assert_eq!(
        parse(Chain::Ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA"),
        Err(Invalid::Format("an Ethereum address is 0x and 40 hexadecimal digits"))
    );
    assert_eq!(parse(Chain::Ethereum, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), Err(Invalid::WrongChain(Chain::Tron)));
}

#[test]
fn tron_examples() {
    assert_eq!(ok(Chain::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").form(), Form::Account);
    assert_eq!(parse(Chain::Tron, &corrupt("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 9)), Err(Invalid::Checksum));
    assert_eq!(parse(Chain::Tron, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"), Err(Invalid::WrongChain(Chain::Bitcoin)));
}

#[test]
fn bitcoin_cash_spec_examples() {
    // The CashAddr specification's pairs: legacy and CashAddr name the same hash.
    for (legacy, cash) in [
        ("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"),
        ("1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR", "bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy"),
        ("3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq"),
    ] {
        assert_eq!(ok(Chain::BitcoinCash, legacy).canonical(), cash);
        assert_eq!(ok(Chain::BitcoinCash, cash).canonical(), cash);
        assert_eq!(ok(Chain::BitcoinCash, &cash["bitcoincash:".len()..]).canonical(), cash);
        assert_eq!(ok(Chain::BitcoinCash, &cash.to_ascii_uppercase()).canonical(), cash);
        assert_eq!(parse(Chain::BitcoinCash, &corrupt(cash, 20)), Err(Invalid::Checksum));
        assert_eq!(parse(Chain::Bitcoin, cash), Err(Invalid::WrongChain(Chain::BitcoinCash)));
    }
    assert_eq!(ok(Chain::BitcoinCash, "3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC").form(), Form::P2sh);
    assert!(parse(Chain::BitcoinCash, "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvY22gdx6a").is_err());
}

#[test]
fn monero_published_examples() {
    let standard = "4ADT1BtbxqEWeMKp9GgPr2NeyJXXtNxvoDawpyA4WpzFcGcoHUvXeijE66DNfohE9r1bQYaBiQjEtKE7CtkTdLwiDznFzra";
    assert_eq!(ok(Chain::Monero, standard).form(), Form::MoneroStandard);
    let integrated =
        "4Byr22j9M2878Mtyb3fEPcBNwBZf5EXqn1Yi6VzR46618SFBrYysab2Cs1474CVDbsh94AJq7vuV3Z2DRq4zLcY3LHzo1Nbv3d8J6VhvCV";
    assert_eq!(ok(Chain::Monero, integrated).form(), Form::MoneroIntegrated);
    let mut sub = vec![42u8];
    sub.extend([9u8; 64]);
    let sub = base58_monero::encode_check(&sub).expect("encodes");
    assert_eq!(ok(Chain::Monero, &sub).form(), Form::MoneroSubaddress);
    assert_eq!(parse(Chain::Monero, &corrupt(standard, 40)), Err(Invalid::Checksum));
    let mut test = vec![53u8];
    test.extend([9u8; 64]);
    assert_eq!(parse(Chain::Monero, &base58_monero::encode_check(&test).expect("encodes")), Err(Invalid::Testnet));
    assert_eq!(parse(Chain::Bitcoin, standard), Err(Invalid::WrongChain(Chain::Monero)));
}

#[test]
fn litecoin_dash_zcash_from_their_version_bytes() {
    let cases = [
        (Chain::Litecoin, 'L', Form::P2pkh),
        (Chain::Dash, 'X', Form::P2pkh),
        (Chain::Zcash, 't', Form::P2pkh),
        (Chain::Tron, 'T', Form::Account),
        (Chain::Bitcoin, '1', Form::P2pkh),
    ];
    for (chain, first, form) in cases {
        for seed in 0..50 {
            let text = example(chain, seed);
            assert!(text.starts_with(first), "{text}");
            assert_eq!(ok(chain, &text).form(), form);
            assert_eq!(parse(chain, &corrupt(&text, 10)), Err(Invalid::Checksum), "{text}");
        }
    }
    assert!(example(Chain::Zcash, 1).starts_with("t1"));
    let ltc = example_segwit(Chain::Litecoin, 3).expect("ltc1");
    assert!(ltc.starts_with("ltc1"));
    assert_eq!(ok(Chain::Litecoin, &ltc).form(), Form::SegwitV0);
    assert_eq!(parse(Chain::Bitcoin, &ltc), Err(Invalid::WrongChain(Chain::Litecoin)));
    // Litecoin's M (0x32) and Dash's 7 (0x10) script hashes.
    for (chain, version, first) in [(Chain::Litecoin, 0x32u8, 'M'), (Chain::Dash, 0x10, '7')] {
        let mut payload = vec![version];
        payload.extend([3u8; 20]);
        let text = bs58::encode(payload).with_check().into_string();
        assert!(text.starts_with(first));
        assert_eq!(ok(chain, &text).form(), Form::P2sh);
    }
    let mut t3 = vec![0x1c, 0xbd];
    t3.extend([3u8; 20]);
    let t3 = bs58::encode(t3).with_check().into_string();
    assert!(t3.starts_with("t3"));
    assert_eq!(ok(Chain::Zcash, &t3).form(), Form::P2sh);
    assert_eq!(parse(Chain::Litecoin, &example(Chain::Dash, 1)), Err(Invalid::WrongChain(Chain::Dash)));
    assert_eq!(parse(Chain::Zcash, "u1abcdef").map_err(|e| e.code()), Err("unsupported"));
}

#[test]
fn zcash_sapling_is_bech32_with_43_bytes() {
    let sapling = bech32::encode::<Bech32>(Hrp::parse_unchecked("zs"), &[5u8; 43]).expect("encodes");
    assert_eq!(ok(Chain::Zcash, &sapling).form(), Form::Sapling);
    assert_eq!(parse(Chain::Zcash, &corrupt(&sapling, 30)), Err(Invalid::Checksum));
}

#[test]
fn every_example_is_valid_only_on_its_chain_and_canonical_is_stable() {
    for chain in Chain::ALL {
        for seed in 0..20 {
            let text = example(chain, seed);
            let a = ok(chain, &text);
            assert_eq!(ok(chain, a.canonical()).canonical(), a.canonical(), "canonical is a fixed point");
            for other in Chain::ALL {
                // A legacy Bitcoin address is also a legacy Bitcoin Cash one.
                if other != chain && !(chain == Chain::Bitcoin && other == Chain::BitcoinCash) {
                    assert!(parse(other, &text).is_err(), "{text} valid on {other} too");
                }
            }
        }
    }
}

#[test]
fn codes_and_tickers_name_chains() {
    assert_eq!(Chain::from_code("XBT"), Some(Chain::Bitcoin));
    assert_eq!(Chain::from_code("bitcoin_cash"), Some(Chain::BitcoinCash));
    assert_eq!(Chain::from_code("xmr"), Some(Chain::Monero));
    assert_eq!(Chain::from_code("USDT"), None);
    assert_eq!(parse(Chain::Bitcoin, "  "), Err(Invalid::Empty));
    assert_eq!(parse(Chain::Bitcoin, &"1".repeat(200)), Err(Invalid::TooLong));
}

proptest! {
    // Parsing never panics, whatever the text (the fuzz target's property, in every test run).
    #[test]
    fn any_text_is_parsed_without_panic(text in "\\PC{0,130}") {
        for chain in Chain::ALL {
            let _ = parse(chain, &text);
        }
    }

    #[test]
    fn base58_like_text_is_parsed_without_panic(text in "[1-9A-HJ-NP-Za-km-z:]{20,110}") {
        for chain in Chain::ALL {
            if let Ok(a) = parse(chain, &text) {
                prop_assert_eq!(parse(chain, a.canonical()).map(Address::into_canonical), Ok(a.canonical().to_owned()));
            }
        }
    }

    #[test]
    fn examples_round_trip(seed in any::<u64>(), i in 0usize..8) {
        let chain = Chain::ALL[i];
        prop_assert!(parse(chain, &example(chain, seed)).is_ok());
    }
}
