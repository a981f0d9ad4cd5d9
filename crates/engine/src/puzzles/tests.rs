use super::*;

const BUDGET: Budget = Budget { depth: 6 };

#[test]
fn themes_read_back() {
    for t in [
        Theme::Shot { moves: 1 },
        Theme::Shot { moves: 4 },
        Theme::Breakthrough,
        Theme::Ending,
        Theme::Mistake,
    ] {
        assert_eq!(Theme::from_code(&t.code()), Some(t));
    }
    assert_eq!(Theme::from_code("shot0"), None);
    assert_eq!(Theme::from_code("shot"), None);
    assert_eq!(Theme::from_code("trap"), None);
}

#[test]
fn bad_lines_are_errors_in_words() {
    assert_eq!(parse_line("# a comment"), Ok(None));
    assert_eq!(parse_line("   "), Ok(None));
    let cases = [
        "international\tW:W28:B14",
        "nowhere\tW:W28:B14\t28-23\tshot1",
        "international\tW:W99:B14\t28-23\tshot1",
        "international\tW:W28:B14\t28-23\ttrap",
    ];
    for line in cases {
        let e = parse_line(line).unwrap_err();
        assert!(matches!(e, Why::Syntax(_)), "{line}: {e:?}");
        assert!(!e.to_string().is_empty());
    }
    let e = parse_line("international\tW:W28:B14\t28-17\tshot1").unwrap_err();
    assert!(matches!(e, Why::Illegal { ply: 0, .. }), "{e:?}");
}

#[test]
fn alternatives_read_and_write_with_their_ply() {
    // Two white men, two black: any line of legal moves serves to test the format.
    let line = "international\tW:W28,33:B8,9\t28-22|28-23|33-29 9-14|9-13 33-29\tending";
    let p = parse_line(line).unwrap().unwrap();
    assert_eq!(p.solution.len(), 3);
    assert_eq!(p.alternatives.len(), 3);
    assert_eq!(p.alternatives_at(0).len(), 2);
    assert_eq!(p.alternatives_at(1).len(), 1);
    assert!(p.alternatives_at(2).is_empty());
    assert!(p.alternatives_at(9).is_empty());
    assert_eq!(write_line(&p), line);
    // Without any, the field is the plain solution and nothing is kept.
    let plain = parse_line("international\tW:W28,33:B8,9\t28-22 9-14\tending")
        .unwrap()
        .unwrap();
    assert!(plain.alternatives.is_empty());
    let e = parse_line("international\tW:W28,33:B8,9\t28-22|28-17\tending").unwrap_err();
    assert!(matches!(e, Why::Illegal { ply: 0, .. }), "{e:?}");
}

#[test]
fn losing_games_have_no_puzzles() {
    let v = Variant::ALL
        .into_iter()
        .find(|v| !supported(*v))
        .expect("a losing variant");
    let pos = Position::new(v);
    assert_eq!(find(&mut Engine::new(1), &pos, BUDGET), None);
}

fn puzzle(variant: Variant, fen: &str, moves: &[&str]) -> Puzzle {
    let position = parse_fen(fen, variant).unwrap();
    let mut here = position;
    let solution = moves
        .iter()
        .map(|t| {
            let m = parse_move(&here, t).unwrap();
            here.play_unchecked(&m);
            m
        })
        .collect();
    let theme = classify(&position, &[]);
    Puzzle {
        position,
        solution,
        alternatives: Vec::new(),
        theme,
    }
}

/// International: White's 10-5 crowns and the king wins (found by a random search of small
/// positions, then checked here at the test budget).
#[test]
fn an_international_breakthrough_with_one_winning_move_holds() {
    let fen = "W:W10,18,25,29,33,44:B3,8,11,21,35,36";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &["10-5"]);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Breakthrough);
    // Any other first move fails: it does not win.
    let wrong = puzzle(Variant::International, fen, &["18-12"]);
    assert!(matches!(
        verify(&mut engine, &wrong, BUDGET),
        Err(Why::NotWinning { ply: 0, .. })
    ));
}

/// English: 5-1, 7-2 and 13-9 all crown and win: no puzzle.
#[test]
fn an_english_position_with_three_winning_moves_is_rejected() {
    let fen = "W:W5,7,13,30,31:B11,12,15,22,23";
    let mut engine = Engine::new(4);
    for first in ["5-1", "7-2", "13-9"] {
        let p = puzzle(Variant::English, fen, &[first]);
        let e = verify(&mut engine, &p, BUDGET).unwrap_err();
        assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{first}: {e}");
    }
    let pos = parse_fen(fen, Variant::English).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// International: 6-1, 7-2, 8-2 and 41-37 all win: no puzzle.
#[test]
fn an_international_position_with_two_winning_moves_is_rejected() {
    let fen = "W:W6,7,8,26,41,49:B5,22,23,28,33,42";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &["6-1"]);
    let e = verify(&mut engine, &p, BUDGET).unwrap_err();
    assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{e}");
    let pos = parse_fen(fen, Variant::International).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// English: 31-26 and 5-1 both win: no puzzle.
#[test]
fn an_english_position_with_two_winning_moves_is_rejected() {
    let fen = "W:W5,25,30,31,32:B6,12,18,21,23";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::English, fen, &["31-26"]);
    let e = verify(&mut engine, &p, BUDGET).unwrap_err();
    assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{e}");
    let pos = parse_fen(fen, Variant::English).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// International: 19-14 gives a man, 38-33 two more, and 35x24x13x4 takes three back and
/// crowns: the material is even, the king decides (a breakthrough by a shot).
#[test]
fn an_international_shot_to_crown_with_one_winning_move_holds() {
    let fen = "W:W16,19,25,34,35,38,43,46,48:B3,7,9,10,22,26-28,32";
    let line = ["19-14", "10x19", "38-33", "28x39x30", "35x24x13x4"];
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &line);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Breakthrough);
    // Stopping before the win is clear fails.
    let short = puzzle(Variant::International, fen, &line[..3]);
    assert_eq!(verify(&mut engine, &short, BUDGET), Err(Why::Unfinished));
}

/// English: 21-17 gives a man and 25x18x11x2 takes two and crowns (the one-for-two shot).
#[test]
fn an_english_shot_with_one_winning_move_holds() {
    let fen = "W:W14,21,23,25,29,31:B7,12,13,15,16,20";
    let line = ["21-17", "13x22", "25x18x11x2"];
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::English, fen, &line);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Shot { moves: 2 });
    let wrong = puzzle(Variant::English, fen, &["14-10"]);
    assert!(verify(&mut engine, &wrong, BUDGET).is_err());
}
