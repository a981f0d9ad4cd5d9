//! Move text never panics the move reader; a move it accepts is legal and its standard text
//! reads back as the same move.
//!
//! Input: byte 0 picks the variant, bytes 1.. up to the first `\n` pick moves of a playout from
//! the start position (by index), the rest is the move text to read.
#![no_main]

use draughts_rules::notation::{candidates, move_to_text, parse_move};
use draughts_rules::Position;
use libfuzzer_sys::fuzz_target;

mod input;

fuzz_target!(|data: &[u8]| {
    let Some((variant, choices, text)) = input::split(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut pos = Position::new(variant);
    for &c in choices.iter().take(60) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[c as usize % moves.len()]);
    }
    let legal = pos.legal_moves();
    if let Ok(found) = candidates(&pos, text) {
        for m in &found {
            assert!(
                legal.iter().any(|l| l.same_as(m)),
                "{pos:?}: {text:?} gave illegal {m:?}"
            );
        }
    }
    if let Ok(m) = parse_move(&pos, text) {
        assert!(
            pos.is_legal(&m),
            "{pos:?}: {text:?} parsed to illegal {m:?}"
        );
        let standard = move_to_text(&pos, &m);
        let back = parse_move(&pos, &standard)
            .unwrap_or_else(|e| panic!("{pos:?}: standard text {standard:?} of {m:?}: {e}"));
        assert!(
            back.same_as(&m),
            "{pos:?}: {standard:?} read back as {back:?}, not {m:?}"
        );
    }
    // Every legal move's own texts read back to it.
    for m in &legal {
        let standard = move_to_text(&pos, m);
        let back = parse_move(&pos, &standard)
            .unwrap_or_else(|e| panic!("{pos:?}: standard text {standard:?} of {m:?}: {e}"));
        assert!(
            back.same_as(m),
            "{pos:?}: {standard:?} read back as {back:?}, not {m:?}"
        );
        let full = m.full_notation();
        let found = candidates(&pos, &full)
            .unwrap_or_else(|e| panic!("{pos:?}: full notation {full:?}: {e}"));
        assert!(
            found.iter().any(|f| f.same_as(m)),
            "{pos:?}: {full:?} does not find {m:?}"
        );
    }
});
