//! The game record: draw rules, results, undo/redo, errors that change nothing, PDN round trip.

use draughts_rules::{
    parse_fen, DrawReason, Game, GameError, Move, PdnTags, Position, Status, Variant, WinReason,
};
use std::collections::HashSet;

/// Plays quiet king moves (first in text order) that never repeat a position, never offer a
/// capture and leave the opponent a quiet reply, until the game ends or `max` plies have been
/// played. Returns the ply count at which the game ended.
fn wander(game: &mut Game, max: usize) -> usize {
    let quiet_king_moves = |pos: &Position| -> Vec<(Move, Position)> {
        let mut legal = pos.legal_moves();
        legal.sort_by_key(Move::full_notation);
        legal
            .into_iter()
            .filter(|m| {
                !m.is_capture()
                    && pos
                        .piece_at(m.from())
                        .is_some_and(|p| p.role == draughts_rules::Role::King)
            })
            .map(|m| {
                let mut next = *pos;
                next.play_unchecked(&m);
                (m, next)
            })
            .filter(|(_, next)| !next.has_capture())
            .collect()
    };
    let mut seen: HashSet<Position> = game.positions().iter().copied().collect();
    for ply in 0..max {
        if game.status().is_over() {
            return ply;
        }
        let pos = *game.position();
        let (m, next) = quiet_king_moves(&pos)
            .into_iter()
            .find(|(_, next)| !seen.contains(next) && !quiet_king_moves(next).is_empty())
            .unwrap_or_else(|| panic!("no fresh quiet move in {pos:?}"));
        game.play(&m).unwrap();
        seen.insert(next);
    }
    max
}

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::from_fen("W:WK48,K50:BK3,K1", Variant::International).unwrap();
    for m in ["48-43", "3-9", "43-48", "9-3", "48-43", "3-9", "43-48"] {
        assert_eq!(g.status(), Status::Ongoing, "before {m}");
        g.play_text(m).unwrap();
    }
    assert_eq!(g.status(), Status::Ongoing);
    g.play_text("9-3").unwrap();
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Repetition
        }
    );
    assert_eq!(g.status().to_string(), "draw (threefold repetition)");
    // Taking the move back reopens the game; moves are then refused while it is drawn again.
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.redo());
    assert!(matches!(g.play_text("48-43"), Err(GameError::GameOver(_))));
}

#[test]
fn twenty_five_king_moves_draw_in_international() {
    let mut g = Game::from_fen("W:WK46,K50,36:BK5,K1,15", Variant::International).unwrap();
    assert_eq!(wander(&mut g, 200), 50);
    assert_eq!(g.status().to_string(), "draw (25-move rule)");
}

#[test]
fn forty_move_rule_in_english() {
    let mut g = Game::from_fen("B:WK29,K32,K28:BK1,K4,K5", Variant::English).unwrap();
    assert_eq!(wander(&mut g, 200), 80);
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::KingMoves { moves: 40 }
        }
    );
}

#[test]
fn sixteen_and_five_move_endgames() {
    let mut g = Game::from_fen("W:WK46,K50,K45:BK3", Variant::International).unwrap();
    assert_eq!(wander(&mut g, 200), 32);
    assert_eq!(g.status().to_string(), "draw (16-move rule)");
    let mut g = Game::from_fen("W:WK46,K50:BK3", Variant::International).unwrap();
    assert_eq!(wander(&mut g, 200), 10);
    assert_eq!(g.status().to_string(), "draw (5-move rule)");
    // Russian: three kings against one, 15 moves.
    let mut g = Game::from_fen("W:WK29,K30,K31:BK3", Variant::Russian).unwrap();
    assert_eq!(wander(&mut g, 200), 30);
    assert_eq!(g.status().to_string(), "draw (15-move rule)");
}

#[test]
fn russian_lone_king_on_the_main_road_draws_in_five_moves() {
    // Three kings against a lone king holding a1–h8 (FMJD-64 7.2.7): 5 moves, not 15.
    let moves = "1-5 29-25 2-6 25-22 3-7 22-25 5-1 25-29 6-2 29-25";
    let mut g = Game::from_fen("W:WK1,K2,K3:BK29", Variant::Russian).unwrap();
    for m in moves.split_whitespace() {
        assert_eq!(g.status(), Status::Ongoing, "before {m}");
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Endgame { moves: 5 }
        }
    );
    // Off the main road for one move (ply 4, `25-30`): the 5-move count starts again when the
    // king is back (ply 6), so the draw comes 10 plies later, at ply 16.
    let moves = "1-5 29-25 2-6 25-30 3-7 30-25 5-1 25-29 6-2 29-25 7-3 25-29";
    let mut g = Game::from_fen("W:WK1,K2,K3:BK29", Variant::Russian).unwrap();
    for m in moves.split_whitespace() {
        assert_eq!(g.status(), Status::Ongoing, "before {m}");
        g.play_text(m).unwrap();
    }
    assert_eq!(g.status(), Status::Ongoing);
    wander(&mut g, 200);
    assert_eq!(g.moves().len(), 16);
    assert_eq!(g.status().to_string(), "draw (5-move rule)");
}

#[test]
fn russian_endgame_count_restarts_on_promotion() {
    // King and man against two kings (both sides have kings, 4 pieces: 30 moves each). The man
    // crowns at ply 41 (`5-1`), which changes the balance of forces, so 60 plies from the start
    // are not a draw (FMJD-64 7.2.6): only 19 plies have passed in the new balance.
    let moves = "30-23 20-7 23-27 7-16 27-31 4-29 31-27 29-25 27-20 25-11 20-27 16-12 27-32 11-29 \
        32-28 29-11 28-1 11-4 1-6 4-25 9-5 25-21 6-1 12-26 1-6 26-22 6-19 22-4 19-23 4-8 23-16 \
        8-15 16-23 15-1 23-32 21-30 32-18 1-24 18-8 24-20 5-1 30-26 1-15 26-12 8-3 12-30 15-1 \
        30-12 1-6 12-30 3-14 30-26 14-10 26-16 10-3 16-23 6-13 23-19 13-9 20-2";
    let mut g = Game::from_fen("W:WK30,9:BK4,K20", Variant::Russian).unwrap();
    for m in moves.split_whitespace() {
        assert_eq!(g.status(), Status::Ongoing, "before {m}");
        g.play_text(m).unwrap();
    }
    assert_eq!(g.moves().len(), 60);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn undo_redo_and_new_moves_drop_the_redo_line() {
    let mut g = Game::new(Variant::International);
    assert!(!g.undo());
    g.play_text("32-28").unwrap();
    g.play_text("19-23").unwrap();
    g.play_text("28x19").unwrap();
    assert_eq!(g.history(), ["32-28", "19-23", "28x19"]);
    assert_eq!(g.position().counts(draughts_rules::Color::Black).men, 19);
    assert!(g.undo());
    assert_eq!(g.position().counts(draughts_rules::Color::Black).men, 20);
    assert!(g.can_redo());
    assert!(g.redo());
    assert!(!g.redo());
    g.undo();
    g.undo();
    g.play_text("18-23").unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.history(), ["32-28", "18-23"]);
}

#[test]
fn illegal_moves_change_nothing_and_say_why() {
    let mut g = Game::new(Variant::International);
    let before = g.clone().fen();
    for (text, why) in [
        ("33-27", "cannot move there"),
        ("19-23", "Black's"),
        ("hello", "not a move"),
        ("32-60", "60"),
        ("", "not a move"),
    ] {
        let e = g.play_text(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
        assert_eq!(g.fen(), before);
        assert!(g.moves().is_empty());
    }
    let mut g = Game::from_fen("W:W28,40:B23", Variant::International).unwrap();
    let e = g.play_text("40-35").unwrap_err().to_string();
    assert!(e.contains("compulsory"), "{e}");
    let mut g = Game::from_fen("W:W32,33:B17,27,28", Variant::International).unwrap();
    let e = g.play_text("32x23").unwrap_err().to_string();
    assert!(e.contains("majority rule requires taking 2 pieces"), "{e}");
}

#[test]
fn a_set_up_position_without_pieces_for_one_side_is_decided() {
    for (fen, text) in [
        ("W:WK1:B", "White wins (no pieces)"),
        ("B:WK1:B", "White wins (no pieces)"),
        ("W:W:BK5", "Black wins (no pieces)"),
    ] {
        let g = Game::from_fen(fen, Variant::International).unwrap();
        assert_eq!(g.status().to_string(), text, "{fen}");
    }
}

#[test]
fn a_byte_order_mark_is_blank() {
    let g = draughts_rules::read_game("\u{feff}[Event \"x\"]\n1. 32-28 *", Variant::International)
        .unwrap();
    assert_eq!(g.moves().len(), 1);
    assert!(parse_fen("\u{feff}W:W31-50:B1-20", Variant::International).is_ok());
}

#[test]
fn resignation_and_agreed_draws() {
    let mut g = Game::new(Variant::English);
    g.play_text("11-15").unwrap();
    g.resign(draughts_rules::Color::White);
    assert_eq!(
        g.status(),
        Status::Win {
            winner: draughts_rules::Color::Black,
            reason: WinReason::Resignation
        }
    );
    assert!(g.legal_moves().is_empty());
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    g.agree_draw();
    assert_eq!(g.status().to_string(), "draw (agreement)");
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[Result \"1/2-1/2\"]"), "{pdn}");
}

#[test]
fn pdn_round_trip_from_a_fen_with_black_to_move() {
    let mut g = Game::from_fen("B:W28,33,K46:B17,19,K5", Variant::International).unwrap();
    g.play_text("19-23").unwrap();
    g.play_text("28x19").unwrap();
    let reply = g.legal_moves()[0];
    g.play(&reply).unwrap();
    let tags = PdnTags {
        white: Some("Ann \"A\"".into()),
        black: Some("Bob".into()),
        ..PdnTags::default()
    };
    let pdn = g.to_pdn(&tags);
    assert!(pdn.contains("[FEN \"B:W28,33,K46:BK5,17,19\"]"), "{pdn}");
    assert!(pdn.contains("1... 19-23 2. 28x19"), "{pdn}");
    let back = draughts_rules::read_game(&pdn, Variant::English).unwrap();
    assert_eq!(back.variant(), Variant::International);
    assert_eq!(back.positions(), g.positions());
    let games = draughts_rules::parse_games(&pdn).unwrap();
    assert_eq!(games[0].tag("White"), Some("Ann \"A\""));
}

#[test]
fn bad_fen_and_pdn_are_reported() {
    for bad in [
        "",
        "Z:W31:B1",
        "W:W31-29:B1",
        "W:W31,K:B1",
        "W:X31:B1",
        "W:W:B:H-1",
    ] {
        assert!(parse_fen(bad, Variant::International).is_err(), "{bad:?}");
    }
    let e = draughts_rules::read_game("[FEN \"W:W99:B1\"]\n1. 32-28 *", Variant::International)
        .unwrap_err()
        .to_string();
    assert!(e.contains("99"), "{e}");
    let e = draughts_rules::read_game("1. 32-28 28-23 *", Variant::International)
        .unwrap_err()
        .to_string();
    assert!(e.contains("1... 28-23"), "{e}");
    assert!(draughts_rules::read_game("", Variant::International).is_err());
}

#[test]
fn a_flag_loses_unless_the_opponent_could_never_win() {
    use draughts_rules::Color;
    // Black, to move, runs out of time. White's only man (6) can never move: 1 stands in front
    // of it at the edge and cannot move either, and none of Black's moves (17-21, 17-22, 7-11,
    // 7-12) frees it or offers it a capture, so whatever is played White is blocked and loses.
    let fen = "B:W6:B1,7,17";
    let mut g = Game::from_fen(fen, Variant::International).unwrap();
    assert!(!draughts_rules::game::can_ever_win(&g, Color::White));
    g.time_out(Color::Black);
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::TimeNoWin {
                flagged: Color::Black
            }
        }
    );
    assert_eq!(g.status().to_string(), "draw (time forfeit)");
    // The rule is the variant's: in Antidraughts being blocked wins, so the flag loses.
    let mut g = Game::from_fen(fen, Variant::Antidraughts).unwrap();
    g.time_out(Color::Black);
    let white_on_time = Status::Win {
        winner: Color::White,
        reason: WinReason::Time,
    };
    assert_eq!(g.status(), white_on_time);
    // In Breakthrough too a blocked side loses: a draw.
    let mut g = Game::from_fen(fen, Variant::Breakthrough).unwrap();
    g.time_out(Color::Black);
    assert!(matches!(g.status(), Status::Draw { .. }));
    // A game in progress: either side could win.
    let mut g = Game::new(Variant::International);
    g.play_text("32-28").unwrap();
    g.time_out(Color::Black);
    assert_eq!(g.status(), white_on_time);
    assert_eq!(g.status().to_string(), "White wins (time forfeit)");
    // A lone king can still win (the other side helping): the flag loses.
    let mut g = Game::from_fen("W:W31,36,41,46:BK5", Variant::International).unwrap();
    g.time_out(Color::White);
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::Time
        }
    );
    // Nothing more is played, the decision can be taken back like a resignation, and a game
    // that is over has no flag.
    assert!(g.play_text("31-27").is_err());
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
    g.resign(Color::White);
    g.time_out(Color::Black);
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        }
    );
}
