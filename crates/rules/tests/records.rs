//! Records read from a player's paste or file (issue 12 §5, "Defects found on a phone"): error
//! messages quote a bounded excerpt of the input, FEN is told from PDN by the engine, an empty
//! board is not a position, comments and recorded results survive, several games can be chosen
//! from, and a record of another variant is recognised.
//!
//! Sources: the PDN 3.0 standard (<https://pdn.fmjd.org/>; "Comments", "Game termination
//! markers" and "FEN"): `{…}` and `;` comments belong to the game record, and a result token
//! states the result without saying how it came about.

use draughts_rules::excerpt::{excerpt, EXCERPT_CHARS};
use draughts_rules::pdn::{read_nth_game, read_record, suggest_variant, RecordKind};
use draughts_rules::{
    parse_fen, parse_games, DrawReason, Game, PdnTags, Status, Variant, WinReason,
};

/// The most characters an error message may have when it quotes input (message text plus one
/// escaped excerpt, with room for the escapes of control characters).
const MESSAGE_BOUND: usize = 400;

#[test]
fn errors_quote_a_bounded_excerpt_of_the_input() {
    let big = "9".repeat(200_000);
    let cases: Vec<(String, String)> = vec![
        // A FEN side letter, field, square, range and counter.
        (
            "fen turn".into(),
            parse_fen(&format!("{big}:W1"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        (
            "fen field".into(),
            parse_fen(&format!("W:{big}"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        (
            "fen square".into(),
            parse_fen(&format!("W:W1{big}x"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        (
            "fen counter".into(),
            parse_fen(&format!("W:W1:B2:H{big}x"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        // A 200 KB move in a PDN game, and a 200 KB GameType.
        (
            "pdn move".into(),
            draughts_rules::read_game(&format!("1. 32-{big} *"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        (
            "pdn gametype".into(),
            draughts_rules::read_game(&format!("[GameType \"{big}\"]\n*"), Variant::International)
                .unwrap_err()
                .to_string(),
        ),
        // Move text played on a game, and an unknown variant name.
        (
            "move".into(),
            Game::new(Variant::International)
                .play_text(&format!("32-{big}"))
                .unwrap_err()
                .to_string(),
        ),
        (
            "move syntax".into(),
            Game::new(Variant::International)
                .play_text(&big)
                .unwrap_err()
                .to_string(),
        ),
        (
            "variant".into(),
            big.parse::<Variant>().unwrap_err().to_string(),
        ),
    ];
    for (what, message) in cases {
        assert!(
            message.chars().count() < MESSAGE_BOUND,
            "{what}: {} chars",
            message.len()
        );
        assert!(
            message.contains('…'),
            "{what}: the excerpt is marked as cut: {message}"
        );
    }
    // Short input is quoted whole.
    let e = parse_fen("W:W31-x", Variant::International)
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"31-x\""), "{e}");
    assert_eq!(excerpt(&big).chars().count(), EXCERPT_CHARS + 1);
}

#[test]
fn an_empty_board_is_not_a_position_but_one_empty_side_is_a_finished_game() {
    for fen in ["W:W:B", "B:W:B", "W::", "W"] {
        let e = parse_fen(fen, Variant::International)
            .unwrap_err()
            .to_string();
        assert!(e.contains("no pieces on the board"), "{fen}: {e}");
    }
    let g = Game::from_fen("W:W:BK5", Variant::International).unwrap();
    assert_eq!(g.status().to_string(), "Black wins (no pieces)");
}

#[test]
fn a_fen_with_a_bad_side_letter_is_a_fen_error_not_a_pdn_move() {
    for fen in [
        "W:W31-50:B1-20",
        "X:W31:B20",
        " \"b:W31:B20\"",
        "\u{feff}W :W1:B2",
    ] {
        assert_eq!(RecordKind::of(fen), RecordKind::Fen, "{fen:?}");
    }
    for pdn in [
        "1. 32-28 *",
        "[FEN \"W:W31:B20\"]\n*",
        "c3:d4 *",
        "32-28",
        "2-0",
        "{W: x}",
    ] {
        assert_eq!(RecordKind::of(pdn), RecordKind::Pdn, "{pdn:?}");
    }
    let e = read_record("X:W31:B20", Variant::International, 0)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("Cannot read the FEN:") && e.contains("side to move"),
        "{e}"
    );
    let e = read_record("W:W:B", Variant::International, 0)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("Cannot read the FEN:") && e.contains("no pieces"),
        "{e}"
    );
    let g = read_record("1. 32-28 *", Variant::International, 0).unwrap();
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn a_result_without_moves_to_prove_it_is_kept_as_recorded() {
    let g = read_record("2-0", Variant::International, 0).unwrap();
    assert_eq!(
        g.status(),
        Status::Win {
            winner: draughts_rules::Color::White,
            reason: WinReason::Recorded
        }
    );
    assert_eq!(g.status().to_string(), "White wins (result as recorded)");
    let g = read_record("1. 32-28 1-1", Variant::International, 0).unwrap();
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Recorded
        }
    );
    // Written back with its result and no invented termination.
    let pdn = read_record("0-2", Variant::International, 0)
        .unwrap()
        .to_pdn(&PdnTags::default());
    assert!(
        pdn.contains("[Result \"0-2\"]") && !pdn.contains("Termination"),
        "{pdn}"
    );
    assert!(pdn.trim_end().ends_with("0-2"), "{pdn}");
    // Undo takes the recorded result back, as it does a resignation.
    let mut g = read_record("2-0", Variant::International, 0).unwrap();
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn comments_are_kept_shown_and_exported() {
    let text = "[Event \"c\"]\n{Opening notes} 1. 32-28 {a good start} 19-23 2. 28x19 ; forced\n\
                14x23 (2... 13x24 {in a variation}) {end} *";
    let games = parse_games(text).unwrap();
    assert_eq!(
        games[0].comments,
        [
            (0, "Opening notes".to_owned()),
            (1, "a good start".to_owned()),
            (3, "forced".to_owned()),
            (4, "end".to_owned())
        ]
    );
    let g = games[0].replay(Variant::International).unwrap();
    assert_eq!(g.comment(0), Some("Opening notes"));
    assert_eq!(g.comment(1), Some("a good start"));
    assert_eq!(g.comment(2), None);
    let pdn = g.to_pdn(&PdnTags::default());
    let movetext = pdn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext.trim_end(),
        "{Opening notes} 1. 32-28 {a good start} 1... 19-23 2. 28x19 {forced} 2... 14x23 {end} \
         (2... 13x24 {in a variation}) *"
    );
    // Read back, the comments are the same.
    let back = draughts_rules::read_game(&pdn, Variant::International).unwrap();
    assert_eq!(back.to_pdn(&PdnTags::default()), pdn);
    // A move played over an undone one drops the comments of the line it replaces.
    let mut g = back;
    for _ in 0..3 {
        g.undo();
    }
    g.play_text("19-24").unwrap();
    assert_eq!((g.comment(3), g.comment(4)), (None, None));
    assert_eq!(g.comment(1), Some("a good start"));
}

#[test]
fn split_moves_keep_their_comments_in_place() {
    let games = parse_games("1. 32- 28 {after the first} 19-23 *").unwrap();
    assert_eq!(games[0].moves, ["32-28", "19-23"]);
    assert_eq!(games[0].comments, [(1, "after the first".to_owned())]);
}

#[test]
fn any_game_of_a_collection_can_be_read() {
    let text = "[Event \"one\"]\n1. 32-28 *\n\n[Event \"two\"]\n1. 33-28 18-22 *\n";
    assert_eq!(
        read_nth_game(text, Variant::International, 1)
            .unwrap()
            .moves()
            .len(),
        2
    );
    let e = read_nth_game(text, Variant::International, 2)
        .unwrap_err()
        .to_string();
    assert!(e.contains("2 games"), "{e}");
    assert_eq!(
        read_record(text, Variant::International, 1)
            .unwrap()
            .moves()
            .len(),
        2
    );
}

#[test]
fn a_record_of_another_variant_is_recognised() {
    // English (Black moves first from 9-12) pasted while International is selected.
    let english = "1. 11-15 23-19 2. 8-11 22-17 *";
    let e = read_record(english, Variant::International, 0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("11"), "{e}");
    assert_eq!(
        suggest_variant(english, Variant::International, 0),
        Some(Variant::English)
    );
    assert_eq!(suggest_variant(english, Variant::English, 0), None);
    // A FEN of a 10×10 board pasted while English is selected.
    assert_eq!(
        suggest_variant("W:W31-50:B1-20", Variant::English, 0),
        Some(Variant::International)
    );
    // A GameType tag names the variant: nothing else is guessed.
    assert_eq!(
        suggest_variant("[GameType \"20\"]\n1. 11-15 *", Variant::International, 0),
        None
    );
    assert_eq!(suggest_variant("nonsense", Variant::International, 0), None);
}
