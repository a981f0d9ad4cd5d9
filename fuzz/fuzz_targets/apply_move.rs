//! Playing moves chosen by index: `is_legal` agrees with `legal_moves`, checked `play` agrees
//! with `play_unchecked`, piece counts change exactly as the move says, FEN round-trips, the
//! fast path lists the moves the rules generator states, and perft's fast path counts the same
//! two plies as the rules generator and `play`.
//!
//! Input: byte 0 picks the variant; then a FEN up to the first `\n` (the start position when
//! it does not parse); every byte after it picks the next move by index.
#![no_main]

use draughts_rules::{fast, parse_fen, perft, write_fen, Position};
use libfuzzer_sys::fuzz_target;

mod input;

fuzz_target!(|data: &[u8]| {
    let Some((variant, fen, choices)) = input::split(data) else {
        return;
    };
    let mut pos = std::str::from_utf8(fen)
        .ok()
        .and_then(|f| parse_fen(f, variant).ok())
        .unwrap_or_else(|| Position::new(variant));
    for &c in choices.iter().take(200) {
        // The FEN holds the board (a Frisian king's moves in a row are the game's history).
        let fen = write_fen(&pos);
        let back = parse_fen(&fen, variant).expect("own FEN reads back");
        assert_eq!(back.to_setup(), pos.to_setup(), "{fen}");
        let legal = fast::legal_moves(&pos);
        // The fast path lists what the rules generator states.
        let by_rules = pos.legal_moves();
        assert_eq!(by_rules.len(), legal.len(), "{pos:?}");
        assert!(by_rules.iter().all(|r| legal.iter().any(|l| l.same_as(r))), "{pos:?}");
        // Moves of the other side, and of the mirrored position, as candidates that are
        // mostly not legal here.
        let strangers = pos
            .with_turn(pos.turn().other())
            .legal_moves()
            .into_iter()
            .chain(pos.mirrored().legal_moves());
        for m in legal.iter().copied().chain(strangers) {
            let listed = legal.iter().any(|l| l.same_as(&m));
            assert_eq!(pos.is_legal(&m), listed, "{pos:?} {m:?}");
            assert_eq!(pos.play(&m).is_ok(), listed, "{pos:?} {m:?}");
        }
        // Two plies by the rules generator, the children made by `play` (which counts a
        // Frisian king's moves in a row, as perft's children must too).
        let walked: u64 = legal
            .iter()
            .map(|m| {
                let next = pos.play(m).expect("listed move plays");
                next.legal_moves().len() as u64
            })
            .sum();
        assert_eq!(perft(&pos, 2), walked, "{pos:?}");
        assert_eq!(perft(&pos, 1), legal.len() as u64, "{pos:?}");
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        let mover = pos.turn();
        let before = (pos.counts(mover), pos.counts(mover.other()));
        let mut next = pos;
        next.play_unchecked(&m);
        assert_eq!(pos.play(&m).as_ref(), Ok(&next), "{pos:?} {m:?}");
        let after = (next.counts(mover), next.counts(mover.other()));
        assert_eq!(after.0.total(), before.0.total(), "{pos:?} {m:?}");
        assert_eq!(
            after.1.total() as usize + m.capture_count(),
            before.1.total() as usize,
            "{pos:?} {m:?}"
        );
        let crowned = u8::from(m.promotes());
        assert_eq!(after.0.kings, before.0.kings + crowned, "{pos:?} {m:?}");
        assert_eq!(next.turn(), mover.other());
        pos = next;
    }
});
