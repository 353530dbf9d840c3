//! Checking any text as any identifier never panics.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let today = docket_nationalid::Day { year: 2026, month: 11, day: 27 };
        for kind in docket_nationalid::Kind::ALL {
            if let Ok(id) = docket_nationalid::check(kind, text, today) {
                let _ = (id.birth_date.map(|b| b.to_string()), id.masked());
            }
        }
    }
});
