//! Parsing any bytes as an address of any chain never panics, and a valid address's canonical
//! form parses to itself.
#![no_main]

use docket_chainaddr::{Chain, parse};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for chain in Chain::ALL {
            if let Ok(address) = parse(chain, text) {
                let again = parse(chain, address.canonical()).expect("a canonical form parses");
                assert_eq!(again.canonical(), address.canonical());
            }
        }
    }
});
