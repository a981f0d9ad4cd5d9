use super::*;
use crate::clock::{PdnClock, TimeControl};
use crate::game::{PdnTags, Status};

#[test]
fn reads_sloppy_movetext() {
    let text = "[Event \"x\"]\n\n 1. 32-28 19-23 2. 28x19 14x23 3. 37-32  10- 14 {comment} 4.35-30 $1 (4. 34-30) 2-0\n\n[Event \"y\"]\n1. 31-26 *";
    let games = parse_games(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].moves,
        ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "35-30"]
    );
    assert_eq!(games[0].result.as_deref(), Some("2-0"));
    assert_eq!(games[1].tag("event"), Some("y"));
    let g = games[0].replay(Variant::International).unwrap();
    assert_eq!(g.moves().len(), 7);
    // The record says White won; the board had not decided it: the result as recorded.
    assert_eq!(g.status().to_string(), "White wins (result as recorded)");
    assert_eq!(
        games[1].replay(Variant::International).unwrap().status(),
        Status::Ongoing
    );
}

#[test]
fn round_trips_a_game() {
    let mut g = Game::new(Variant::English);
    for m in ["11-15", "22-18", "15x22", "25x18", "9-14"] {
        g.play_text(m).unwrap();
    }
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    assert!(
        pdn.contains("1. 11-15 22-18 2. 15x22 25x18 3. 9-14 *"),
        "{pdn}"
    );
    let back = read_game(&pdn, Variant::International).unwrap();
    assert_eq!(back.position(), g.position());
    // English results score the first player (Black) first.
    g.resign(crate::square::Color::White);
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
    assert_eq!(back.position(), g.position());
}

#[test]
fn stray_dots_glued_nags_and_comments_in_variations() {
    let games =
        parse_games("1. 32-28. 19-23$1 2.28x19 (2. 33-29 ; a ) here\n 14-19) 14x23 *").unwrap();
    assert_eq!(games[0].moves, ["32-28", "19-23", "28x19", "14x23"]);
}

#[test]
fn variations_are_read_nested_with_their_comments_and_written_back() {
    let text = "[Event \"v\"]\n1. 32-28 19-23 (1... 18-23 {the other way} 2. 37-32 (2. 38-32? \
                12-18) 2... 12-18 3. 41-37) 2. 28x19 14x23 (2... 13x24 3. 34-30) 3. 37-32 *";
    let games = parse_games(text).unwrap();
    let v = &games[0].variations;
    assert_eq!(
        games[0].moves,
        ["32-28", "19-23", "28x19", "14x23", "37-32"]
    );
    assert_eq!((v.len(), v[0].replaces, v[1].replaces), (2, 1, 3));
    assert_eq!(v[0].moves, ["18-23", "37-32", "12-18", "41-37"]);
    assert_eq!(v[0].comments, [(1, "the other way".to_owned())]);
    assert_eq!(v[0].variations[0].replaces, 1);
    assert_eq!(v[0].variations[0].moves, ["38-32?", "12-18"]);
    let g = games[0].replay(Variant::International).unwrap();
    assert_eq!(g.moves().len(), 5);
    let lines = g.variations();
    assert_eq!((lines[0].at, lines[0].line.moves.len()), (1, 4));
    assert_eq!(lines[0].line.comments, [(2, "the other way".to_owned())]);
    assert_eq!(lines[0].line.variations[0].at, 2);
    assert_eq!((lines[1].at, lines[1].line.moves.len()), (3, 2));
    let pdn = g.to_pdn(&PdnTags::default());
    let movetext = pdn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext.trim_end(),
        "1. 32-28 19-23 (1... 18-23 {the other way} 2. 37-32 (2. 38-32 12-18) 2... 12-18 3. 41-37) \
         2. 28x19 14x23 (2... 13x24 3. 34-30) 3. 37-32 *"
    );
    let back = read_game(&pdn, Variant::International).unwrap();
    assert_eq!(back.variations(), g.variations());
    assert_eq!(back.to_pdn(&PdnTags::default()), pdn);
}

#[test]
fn a_sloppy_variation_keeps_what_replays_and_the_game_is_read() {
    // 99-1 is no move; the variation stops before it. One before any move replaces nothing.
    let text = "(1. 31-26) 1. 32-28 (1. 33-28 19-23 99-1 23-29) 19-23 (1... 50-45) *";
    let g = read_game(text, Variant::International).unwrap();
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.variations().len(), 1);
    assert_eq!(g.variations()[0].line.moves.len(), 2);
    // Broken text is still refused.
    assert!(parse_games("1. 32-28 (1. 33-28 19-23 *").is_err());
    assert!(parse_games("1. 32-28 (1. 33-28\n[Event \"x\"]\n1. 32-28 *").is_err());
}

#[test]
fn a_later_start_keeps_its_move_number() {
    let mut g = Game::from_fen("W:W31-50:B1-20:F10", Variant::International).unwrap();
    g.play_text("32-28").unwrap();
    g.play_text("19-23").unwrap();
    let pdn = g.to_pdn(&PdnTags::default());
    assert!(pdn.contains("[FEN \"W:W31-50:B1-20:F10\"]"), "{pdn}");
    assert!(pdn.contains("10. 32-28 19-23"), "{pdn}");
    let back = read_game(&pdn, Variant::International).unwrap();
    assert_eq!(back.first_move_number(), 10);
    assert_eq!(back.to_pdn(&PdnTags::default()), pdn);
}

#[test]
fn a_damaged_game_is_skipped_up_to_the_next() {
    let text = "[Event \"a\"]\n1. 32-28 *\n{ never closed\n[Site \"x\"]\n\n\
                [Event \"b\"]\n[Site \"y\n1. 31-26 *\n\n[White \"c\"]\n1. 33-28 *\n";
    let games = parse_each_game(text);
    assert_eq!(games.len(), 4, "{games:?}");
    assert_eq!(games[0].as_ref().unwrap().moves, ["32-28"]);
    assert_eq!(games[1].as_ref().unwrap_err().line, 3);
    assert_eq!(games[2].as_ref().unwrap_err().line, 7);
    let last = games[3].as_ref().unwrap();
    assert_eq!((last.line, last.tag("White")), (10, Some("c")));
    assert_eq!(last.moves, ["33-28"]);
    assert!(parse_each_game("[Event \"a\"]\n1. 32-28 *\n")[0].is_ok());
}

#[test]
fn clocks_are_written_as_tags_and_clock_commands_and_read_back_without_them() {
    let mut g = Game::new(Variant::International);
    for m in ["32-28", "19-23", "28x19"] {
        g.play_text(m).unwrap();
    }
    g.add_comment(2, "a classic");
    let tc: TimeControl = "300+3".parse().unwrap();
    let clock = PdnClock {
        white: Some(tc),
        black: Some(tc),
        after: vec![Some(300_000), Some(299_400), Some(3_723_999)],
    };
    let pdn = write_game_clocked(&g, &PdnTags::default(), Some(&clock));
    let one_line = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(pdn.contains("[TimeControl \"300+3\"]"), "{pdn}");
    assert!(
        one_line.contains(
            "1. 32-28 {[%clk 0:05:00]} 1... 19-23 {[%clk 0:04:59] a classic} 2. 28x19 {[%clk 1:02:03]} *"
        ),
        "{pdn}"
    );
    let back = read_game(&pdn, Variant::International).unwrap();
    assert_eq!(back.positions(), g.positions());
    assert_eq!(back.comment(1), None);
    assert_eq!(back.comment(2), Some("a classic"));
    // One side timed (against the computer): a tag per side, `-` for no clock.
    let player = PdnClock {
        white: None,
        after: vec![None, Some(299_400), None],
        ..clock
    };
    let pdn = write_game_clocked(&g, &PdnTags::default(), Some(&player));
    assert!(
        pdn.contains("[TimeControlWhite \"-\"]\n[TimeControlBlack \"300+3\"]"),
        "{pdn}"
    );
    assert!(
        pdn.contains("1. 32-28 19-23 {[%clk 0:04:59] a classic} 2. 28x19 *"),
        "{pdn}"
    );
    // Other commands and a broken one are dropped too, words around them kept.
    let games =
        parse_games("1. 32-28 {[%eval 0.3] good [%clk 0:01:00]} 19-23 {[%cal x} *").unwrap();
    assert_eq!(games[0].comments, [(1, "good".to_owned())]);
}

#[test]
fn syntax_errors_have_lines() {
    let e = parse_games("[Event \"x\"]\n1. 32-28 {never closed").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(parse_games("[Event \"x").is_err());
}
