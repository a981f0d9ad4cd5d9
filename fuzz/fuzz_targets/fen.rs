//! FEN text never panics the parser, and every position it accepts writes back to the same
//! position, for every variant.
#![no_main]

use draughts_rules::{parse_fen, write_fen, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in Variant::ALL {
        if let Ok(pos) = parse_fen(text, variant) {
            let written = write_fen(&pos);
            let again = parse_fen(&written, variant).unwrap_or_else(|e| {
                panic!("{variant}: written FEN {written:?} does not parse: {e}")
            });
            assert_eq!(
                again, pos,
                "{variant}: {text:?} -> {written:?} changed the position"
            );
            assert_eq!(
                write_fen(&again),
                written,
                "{variant}: FEN writing is not stable"
            );
        }
    }
});
