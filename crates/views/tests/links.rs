//! Games as links (`src/link.rs`): every game of every variant comes back from its link move for
//! move, and a damaged link never opens as some other game unnoticed.
#![cfg(not(target_arch = "wasm32"))]

use draughts_rules::{Game, Variant};
use draughts_views::link::{read_link, write_link, LinkError};
use draughts_views::snapshot::ordered_moves;
use proptest::prelude::*;

/// A game of `variant` whose moves are picked by `choices` (each taken modulo the number of
/// legal moves), ending early if the game does.
fn random_game(variant: Variant, choices: &[u16]) -> Game {
    let mut game = Game::new(variant);
    for &c in choices {
        let legal = ordered_moves(game.legal_moves());
        if legal.is_empty() {
            break;
        }
        game.play(&legal[c as usize % legal.len()]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_game_comes_back_from_its_link(
        v in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
        resign in 0u8..4,
    ) {
        let mut game = random_game(Variant::ALL[v], &choices);
        match resign {
            1 => game.resign(draughts_rules::Color::White),
            2 => game.agree_draw(),
            _ => {}
        }
        let link = write_link(&game);
        let back = read_link(&link).unwrap();
        prop_assert_eq!(back.variant(), game.variant());
        prop_assert_eq!(back.moves(), game.moves());
        prop_assert_eq!(back.status(), game.status());
        // The order is canonical: the list sorted again is the same list.
        let legal = ordered_moves(back.legal_moves());
        prop_assert_eq!(ordered_moves(legal.clone()), legal);
    }

    #[test]
    fn a_changed_character_is_refused(
        v in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<u16>(), 1..80),
        at in any::<prop::sample::Index>(),
        to in "[A-Za-z0-9_-]",
    ) {
        let game = random_game(Variant::ALL[v], &choices);
        let link = write_link(&game);
        let i = at.index(link.len());
        let mut edited = link.clone();
        edited.replace_range(i..=i, &to);
        prop_assume!(edited != link);
        // Any one character changed (in the moves, the variant or the check itself) is refused:
        // the 24-bit check lets one edit in 16 million through.
        prop_assert!(read_link(&edited).is_err(), "{} opened", edited);
    }
}

#[test]
fn set_up_positions_travel_with_their_move_number() {
    let mut game = Game::from_fen("W:W31,32,K45:B5,6,K17:F20", Variant::International).unwrap();
    let first = ordered_moves(game.legal_moves())[0];
    game.play(&first).unwrap();
    let back = read_link(&write_link(&game)).unwrap();
    assert_eq!(back.start(), game.start());
    assert_eq!(back.first_move_number(), 20);
    assert_eq!(back.moves(), game.moves());
}

#[test]
fn a_link_to_nothing_says_so() {
    assert_eq!(read_link("").unwrap_err(), LinkError::NotAGame);
    assert_eq!(
        read_link("https://example.org/").unwrap_err(),
        LinkError::NotAGame
    );
    assert_eq!(read_link("#v=international").unwrap_err(), LinkError::Check);
}

/// A time-out in the record: PDN and the link keep it.
#[test]
fn a_time_out_survives_pdn_and_links() {
    use draughts_rules::game::PdnTags;
    use draughts_rules::{Color, Status, WinReason};
    let mut g = Game::new(Variant::English);
    g.play_text("11-15").unwrap();
    g.time_out(Color::White);
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[Termination \"time forfeit\"]"), "{pdn}");
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
    let back = draughts_rules::read_game(&pdn, Variant::English).unwrap();
    assert_eq!(back.status(), g.status());
    let link = draughts_views::link::write_link(&g);
    assert!(link.contains("&r=tw"), "{link}");
    assert_eq!(
        draughts_views::link::read_link(&link).unwrap().status(),
        g.status()
    );

    let mut g = Game::from_fen("B:W6:B1,7,17", Variant::International).unwrap();
    g.time_out(Color::Black);
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[Result \"1-1\"]"), "{pdn}");
    assert_eq!(
        draughts_rules::read_game(&pdn, Variant::International)
            .unwrap()
            .status(),
        g.status()
    );
    let link = draughts_views::link::write_link(&g);
    assert!(link.contains("&r=Tb"), "{link}");
    assert_eq!(
        draughts_views::link::read_link(&link).unwrap().status(),
        g.status()
    );
    // A record saying the side that did not have the move lost on time is kept as recorded.
    let odd = "[Result \"0-2\"]\n[Termination \"time forfeit\"]\n1. 32-28 0-2";
    assert_eq!(
        draughts_rules::read_game(odd, Variant::International)
            .unwrap()
            .status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::Recorded
        }
    );
}
