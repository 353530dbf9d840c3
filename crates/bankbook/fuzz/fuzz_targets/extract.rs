//! Extracting a statement from any text never panics.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let statement = docket_bankbook::extract(text);
        let _ = statement.is_empty();
    }
});
