//! PDN text never panics the reader, and a game that replays writes out as PDN that reads back
//! to the same moves and final position.
#![no_main]

use draughts_rules::pdn::{parse_games, write_game};
use draughts_rules::{PdnTags, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = parse_games(text) else {
        return;
    };
    for pdn in games.iter().take(4) {
        for variant in Variant::ALL {
            let Ok(game) = pdn.replay(variant) else {
                continue;
            };
            let written = write_game(&game, &PdnTags::default());
            let reread = parse_games(&written)
                .unwrap_or_else(|e| panic!("written PDN does not parse: {e}\n{written}"));
            assert_eq!(
                reread.len(),
                1,
                "written PDN holds {} games\n{written}",
                reread.len()
            );
            let again = reread[0]
                .replay(variant)
                .unwrap_or_else(|e| panic!("written PDN does not replay: {e}\n{written}"));
            assert_eq!(again.variant(), game.variant(), "{written}");
            assert_eq!(again.position(), game.position(), "{written}");
            assert_eq!(again.moves().len(), game.moves().len(), "{written}");
            for (a, b) in again.moves().iter().zip(game.moves()) {
                assert!(a.same_as(b), "{a:?} vs {b:?}\n{written}");
            }
        }
    }
});
