//! Finding and reading a zone in any bytes never panics.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(Ok(mrz)) = docket_mrz::find(text) {
            let _ = (mrz.is_valid(), mrz.birth_date(2026), mrz.expiry_date(2026));
        }
    }
});
