//! One test per rule: a FEN in, the exact set of legal moves out (as full paths, sorted, in
//! the variant's notation: field numbers, or algebraic squares in Czech and Turkish).
//! Square names in the comments are algebraic with White at the bottom.

use draughts_rules::notation::full_text;
use draughts_rules::{parse_fen, Color, Game, Move, Square, Status, Variant, WinReason};

fn moves(variant: Variant, fen: &str) -> Vec<String> {
    let pos = parse_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| full_text(variant, m))
        .collect();
    v.sort();
    v
}

fn only_move(variant: Variant, fen: &str) -> Move {
    let pos = parse_fen(fen, variant).unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 1, "{fen}: {legal:?}");
    legal[0]
}

use Variant::{
    Antidraughts, Brazilian, Breakthrough, Czech, English, Frisian, Frysk, International, Italian,
    Pool, Portuguese, Russian, Spanish, Turkish,
};

#[test]
fn men_step_forward_only() {
    assert_eq!(moves(International, "W:W28:B1"), ["28-22", "28-23"]);
    assert_eq!(moves(International, "B:W50:B23"), ["23-28", "23-29"]);
    assert_eq!(moves(English, "W:W18:B1"), ["18-14", "18-15"]);
}

#[test]
fn capture_is_compulsory() {
    // 40 could move, but 28 can take 23.
    assert_eq!(moves(International, "W:W28,40:B23"), ["28x19"]);
}

#[test]
fn men_capture_backward_except_in_english() {
    // White man on d4 (18), black man behind it on c3 (22).
    assert_eq!(moves(English, "W:W18:B22"), ["18-14", "18-15"]);
    assert_eq!(moves(Russian, "W:W18:B22"), ["18x25"]);
    assert_eq!(moves(Brazilian, "W:W18:B22"), ["18x25"]);
    assert_eq!(moves(International, "W:W28:B32"), ["28x37"]);
}

#[test]
fn flying_kings_move_and_capture_at_a_distance() {
    // The long diagonal: a king on 46 slides to any free square short of the black man on 5.
    assert_eq!(
        moves(International, "W:WK46:B5"),
        ["46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41"]
    );
    // It takes 28 from afar and lands on any free square beyond.
    assert_eq!(
        moves(International, "W:WK46:B28"),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
}

#[test]
fn english_kings_step_one_square() {
    assert_eq!(
        moves(English, "W:WK18:B1"),
        ["18-14", "18-15", "18-22", "18-23"]
    );
}

#[test]
fn majority_rule_counts_pieces() {
    // Three captures of two pieces each; none of one piece is allowed.
    assert_eq!(
        moves(International, "W:W32,33:B17,27,28"),
        ["32x21x12", "33x22x11", "33x22x31"]
    );
    // Brazilian applies the majority rule on 8×8; Russian and English let the player choose.
    let fen = "W:W27,28:B23,24,16";
    assert_eq!(moves(Brazilian, fen), ["27x20x11", "28x19x12", "28x19x26"]);
    assert_eq!(
        moves(Russian, fen),
        ["27x18", "27x20x11", "28x19x12", "28x19x26"]
    );
    assert_eq!(moves(English, fen), ["27x18", "27x20x11", "28x19x12"]);
}

#[test]
fn kings_count_as_much_as_men_in_the_majority_rule() {
    // 32 can take the king on 27 (one piece) or the men on 28 and 18 (two): two it is.
    assert_eq!(moves(International, "W:W32:BK27,28,18"), ["32x23x12"]);
    // One king or one man: either capture is legal.
    assert_eq!(moves(International, "W:W32:BK27,28"), ["32x21", "32x23"]);
}

#[test]
fn a_piece_cannot_be_taken_twice_and_the_start_square_can_be_crossed() {
    // The king circles four men; going round either way to its own square is one move
    // (same origin, destination and captured set), so five moves remain, not six.
    assert_eq!(
        moves(International, "W:WK38:B18,19,32,33"),
        [
            "38x24x13x27x43",
            "38x24x13x27x49",
            "38x27x13x24x38",
            "38x27x13x24x42",
            "38x27x13x24x47"
        ]
    );
}

#[test]
fn same_ends_different_captures_are_different_moves() {
    assert_eq!(
        moves(International, "W:WK47:B14,19,29,31,42"),
        ["47x38x20x9x36", "47x38x24x13x36"]
    );
}

#[test]
fn promotion_only_when_the_move_ends_on_the_far_row() {
    // International: the man passes 2 on the back row, captures backward and stays a man.
    let m = only_move(International, "W:W13:B7,8");
    assert_eq!(m.full_notation(), "13x2x11");
    assert!(!m.promotes());
    let m = only_move(International, "W:W12:B7");
    assert_eq!(m.full_notation(), "12x1");
    assert!(m.promotes());
    // Brazilian: the same on 8×8.
    let m = only_move(Brazilian, "W:W11:B6,7");
    assert_eq!(m.full_notation(), "11x2x9");
    assert!(!m.promotes());
}

#[test]
fn english_crowning_ends_the_move() {
    // Crowned on 2, the new king could take 6, but the move ends.
    let m = only_move(English, "W:W11:B6,7");
    assert_eq!(m.full_notation(), "11x2");
    assert!(m.promotes());
}

#[test]
fn russian_man_crowned_mid_capture_goes_on_as_a_flying_king() {
    assert_eq!(moves(Russian, "W:W11:B6,7"), ["11x2x13", "11x2x9"]);
    let pos = parse_fen("W:W11:B6,7", Russian).unwrap();
    assert!(pos.legal_moves().iter().all(Move::promotes));
}

#[test]
fn russian_king_must_land_where_it_can_go_on_capturing() {
    // After taking 25 the king could stop on c3..h8, but only d4 (18) lets it take 14.
    assert_eq!(moves(Russian, "W:WK29:B25,14"), ["29x18x5", "29x18x9"]);
}

#[test]
fn english_start_has_black_to_move() {
    assert_eq!(
        moves(English, "B:W21-32:B1-12"),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn blocked_side_loses() {
    // Black's only man on 36 is blocked by 41, which cannot be taken because 47 is occupied.
    assert_eq!(moves(International, "B:W41,47:B36"), Vec::<String>::new());
    let g = Game::from_fen("B:W41,47:B36", International).unwrap();
    assert_eq!(g.status().to_string(), "White wins (no legal moves)");
}

#[test]
fn no_pieces_loses() {
    let mut g = Game::from_fen("W:W28:B23", International).unwrap();
    g.play_text("28x19").unwrap();
    assert!(matches!(g.status(), Status::Win { .. }));
    assert_eq!(g.status().to_string(), "White wins (no pieces)");
}

// ---------------------------------------------------------------------------------------------
// Frisian (KNDB / Fryske Dambûn rules, Art. 7-9 and the value rule of Art. 11 as DCTL states it
// and lidraughts implements it; notes: /work/notes/rules-A.md §1). 10×10, numbered as
// International: 1 = b10, 46 = a1.

#[test]
fn frisian_men_capture_along_rows_and_columns() {
    // Art. 7: a man takes in all eight directions; along a row the next square is ±1, along a
    // column ±10 (the light square between is skipped).
    assert_eq!(moves(Frisian, "W:W28:B29"), ["28x30"]);
    assert_eq!(moves(Frisian, "W:W38:B28"), ["38x18"]);
    // Quiet man moves stay diagonal and forward.
    assert_eq!(moves(Frisian, "W:W28:B1"), ["28-22", "28-23"]);
}

#[test]
fn frisian_kings_capture_orthogonally_at_a_distance_but_move_diagonally() {
    // Art. 9: the king on a1 takes a5 from afar up the a-file, landing on a7 or a9.
    assert_eq!(moves(Frisian, "W:WK46:B26"), ["46x16", "46x6"]);
    // Art. 9: its simple moves run along the diagonals only.
    assert_eq!(
        moves(Frisian, "W:WK46:B1"),
        ["46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41", "46-5"]
    );
}

#[test]
fn frisian_two_men_outweigh_a_king_and_a_king_outweighs_a_man() {
    // Value rule (a king is worth more than one man, less than two): the man on e3 may take
    // the king on d4 (one king) or f4 and f6 (two men, along the row then the column).
    assert_eq!(moves(Frisian, "W:W38:BK32,33,23"), ["38x29x18"]);
    // One king against one man: the king.
    assert_eq!(moves(Frisian, "W:W38:BK32,33"), ["38x27"]);
}

#[test]
fn frisian_n_kings_outweigh_2n_minus_1_men() {
    // KNDB Art. 11 as DCTL (frisian.hpp) states it: n kings are worth more than 2n - 1 men and
    // less than 2n (lidraughts: man 100, king 199). The man on c1 can take the kings on c3
    // and c7 (47x27x7); the man on j2 three men, j4, j8 and h10 (45x25x5x3). 398 > 300: the
    // kings. (pydraughts agrees here: with its king = 1.501 men, 3.002 > 3.)
    assert_eq!(moves(Frisian, "W:W45,47:BK17,K37,4,15,35"), ["47x27x7"]);
    // The same with three kings (c3, c7, b8: 47x27x7x16) against five men (j4, j8, h10, f8, h6:
    // 45x25x5x3x23x25): 597 > 500, the kings.
    assert_eq!(
        moves(Frisian, "W:W45,47:BK11,K17,K37,4,13,15,24,35"),
        ["47x27x7x16"]
    );
    // Two kings and a man (498) against five men (500): the men.
    assert_eq!(
        moves(Frisian, "W:W45,47:BK11,K17,37,4,13,15,24,35"),
        ["45x25x5x3x23x25"]
    );
}

#[test]
fn frisian_at_equal_value_the_king_must_capture() {
    // lidraughts `validMoves`, DCTL `is_with_king_`: the king on a1 and the man on i1 can each
    // take one man; the king must.
    assert_eq!(
        moves(Frisian, "W:WK46,50:B36,44"),
        ["46x16", "46x26", "46x6"]
    );
    // Two men: free choice.
    assert_eq!(moves(Frisian, "W:W46,50:B36,44"), ["46x26", "50x39"]);
}

#[test]
fn frisian_man_passing_the_far_row_mid_capture_stays_a_man() {
    // Art. 8 (and the Frisian text of Swingel 3, rule 5): crowned only if the move ends there.
    let m = only_move(Frisian, "W:W13:B7,8");
    assert_eq!(m.full_notation(), "13x2x11");
    assert!(!m.promotes());
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", game.fen()));
    }
}

fn sq(n: u8) -> Square {
    Square::from_number(n)
}

#[test]
fn frisian_same_king_at_most_three_moves_in_a_row_while_men_remain() {
    // mindsports.nl and lidraughts: a player with men may not make more than three
    // non-capturing moves in a row with the same king; another piece must move.
    let mut g = Game::from_fen("W:W46,K28:B1,5", Frisian).unwrap();
    play_all(&mut g, &["28-50", "1-7", "50-44", "7-12", "44-49", "12-17"]);
    assert_eq!(g.position().king_streak(Color::White, sq(49)), 3);
    let legal: Vec<String> = g.legal_moves().iter().map(Move::full_notation).collect();
    assert_eq!(legal, ["46-41"]);
    // A man move frees the king.
    play_all(&mut g, &["46-41", "5-10"]);
    assert_eq!(g.position().king_streak(Color::White, sq(49)), 0);
    assert!(g.legal_moves().iter().any(|m| m.from() == sq(49)));
    play_all(&mut g, &["49-44"]);
    assert_eq!(g.position().king_streak(Color::White, sq(44)), 1);
}

#[test]
fn frisian_king_streak_is_reset_by_a_capture_and_counts_one_king() {
    // lidraughts `finalizeBoard`: any capture (even by that king) resets the count; a move by
    // another king starts a new count for that king.
    let mut g = Game::from_fen("W:W46,K28:B1,5,20", Frisian).unwrap();
    play_all(&mut g, &["28-50", "20-24", "50-44", "1-7"]);
    assert_eq!(g.position().king_streak(Color::White, sq(44)), 2);
    // The king on h2 must take h6 up the h-file.
    let mut legal: Vec<String> = g.legal_moves().iter().map(Move::full_notation).collect();
    legal.sort();
    assert_eq!(legal, ["44x14", "44x4"]);
    play_all(&mut g, &["44x14", "7-11"]);
    assert_eq!(g.position().king_streak(Color::White, sq(14)), 0);
    play_all(&mut g, &["14-19"]);
    assert_eq!(g.position().king_streak(Color::White, sq(19)), 1);

    let mut g = Game::from_fen("W:W46,K28,K50:B1,5", Frisian).unwrap();
    play_all(&mut g, &["28-39", "1-7", "39-28", "7-12", "50-44"]);
    assert_eq!(g.position().king_streak(Color::White, sq(44)), 1);
    assert_eq!(g.position().king_streak(Color::White, sq(28)), 0);
}

#[test]
fn frisian_king_limit_does_not_apply_without_men() {
    // The restriction is for a player who has both kings and men (mindsports.nl; lidraughts).
    let mut g = Game::from_fen("W:WK28:B1,5", Frisian).unwrap();
    play_all(&mut g, &["28-50", "1-7", "50-44", "7-12", "44-49", "12-17"]);
    // The king on g1 keeps all nine of its moves.
    assert_eq!(g.legal_moves().len(), 9);
    assert!(g.legal_moves().iter().all(|m| m.from() == sq(49)));
}

#[test]
fn frysk_starts_with_five_men_each_on_the_back_row() {
    // lidraughts Frysk.scala: Frisian rules from W46-50 / B1-5.
    assert_eq!(
        moves(Frysk, "W:W46-50:B1-5"),
        ["46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"]
    );
    assert_eq!(moves(Frysk, "W:W38:BK32,33,23"), ["38x29x18"]);
}

// ---------------------------------------------------------------------------------------------
// Antidraughts and Breakthrough (lidraughts Antidraughts.scala, Breakthrough.scala; notes §3-4):
// International moves, other goals.

#[test]
fn antidraughts_moves_as_international() {
    assert_eq!(
        moves(Antidraughts, "W:W32,33:B17,27,28"),
        ["32x21x12", "33x22x11", "33x22x31"]
    );
}

#[test]
fn antidraughts_losing_every_piece_wins() {
    // White takes Black's last piece: Black, to move with no pieces, wins.
    let mut g = Game::from_fen("W:W28:B23", Antidraughts).unwrap();
    g.play_text("28x19").unwrap();
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        }
    );
}

#[test]
fn antidraughts_being_blocked_wins() {
    // Black's man on 36 is blocked: Black wins.
    let g = Game::from_fen("B:W41,47:B36", Antidraughts).unwrap();
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMoves
        }
    );
}

#[test]
fn breakthrough_first_king_wins_and_ends_the_game() {
    let mut g = Game::from_fen("W:W7:B40", Breakthrough).unwrap();
    g.play_text("7-1").unwrap();
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::White,
            reason: WinReason::KingCrowned
        }
    );
    assert!(g.legal_moves().is_empty());
    assert!(g.position().legal_moves().is_empty());
}

#[test]
fn breakthrough_passing_the_far_row_mid_capture_does_not_win() {
    // The man passes 2 but ends on 11 a man (FMJD art. 4.9): the game goes on.
    let mut g = Game::from_fen("W:W13:B7,8,40", Breakthrough).unwrap();
    g.play_text("13x2x11").unwrap();
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn breakthrough_blocked_side_loses() {
    let g = Game::from_fen("B:W41,47:B36", Breakthrough).unwrap();
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMoves
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Italian (FID Regolamento tecnico; the FID examples below are DCTL's
// test/src/actions/rulebook/italian.cpp, article numbers of FID 2008). The board is turned:
// 1 = a8, 4 = g8, 5 = b7, 21 = b3, 32 = h1; White on 21-32 moves first.

#[test]
fn italian_turned_board_numbering() {
    // FID Art. 2.3-2.6: White's first moves b3-a4, b3-c4, ... h3-g4.
    assert_eq!(
        moves(Italian, "W:W21-32:B1-12"),
        ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
    );
}

#[test]
fn italian_men_may_not_capture_kings() {
    // FID Art. 5.3b: the man on e2 cannot take the king on f3 (pydraughts agrees).
    assert_eq!(moves(Italian, "W:W27:BK23"), ["27-22"]);
    assert_eq!(moves(Italian, "W:W27:B23"), ["27x20"]);
}

#[test]
fn italian_fid_examples() {
    let cases: &[(&str, &str, &[&str])] = &[
        // 5.6: a man captures forward.
        ("5.6", "W:W30:B27", &["30x23"]),
        // 5.7: and on, forward only.
        ("5.7", "W:W31:B12,20,28", &["31x24x15x8"]),
        // 5.8: a king takes forward and backward, one square.
        ("5.8", "W:WK22:B18,19,27", &["22x13", "22x15", "22x31"]),
        // 5.9: a long king capture.
        ("5.9", "W:WK27:B5,6,13,15,21,23", &["27x20x11x2x9x18x25"]),
        // 6.6: the most pieces, whatever captures.
        ("6.6", "W:WK21,31:B10,18,27", &["31x22x13x6"]),
        // 6.7: at equal count, the king captures.
        ("6.7", "W:WK23,31:B19,26,27", &["23x30x21"]),
        // 6.8: then the most kings.
        ("6.8", "W:WK23:B19,K28", &["23x32"]),
        // 6.9: then the kings met earliest.
        ("6.9", "W:WK30:B10,12,18,K20,K26,27", &["30x21x14x5"]),
        // 6.10: otherwise free choice.
        ("6.10", "W:WK31:B18,20,K27,K28", &["31x22x13", "31x24x15"]),
    ];
    for (article, fen, want) in cases {
        assert_eq!(moves(Italian, fen), *want, "FID Art. {article}: {fen}");
    }
}

#[test]
fn italian_promotion_ends_the_move() {
    // FID (English rules): "When a piece becomes king the move passes to the opponent in the
    // case the new king has to jump too." The man on c6 takes d7 to e8; as a king it could take
    // f7, but the move ends.
    let m = only_move(Italian, "W:W10:B6,7");
    assert_eq!(m.full_notation(), "10x3");
    assert!(m.promotes());
}

// ---------------------------------------------------------------------------------------------
// Spanish and Portuguese (FPD Regras, rules 3, 7; Spanish club rules; PDN GameType 24/28 "N1"):
// the turned board numbered from White's near right corner, 1 = h1, 4 = b1, 5 = g2 ... 32 = a8.

#[test]
fn spanish_and_portuguese_numbering_from_white() {
    for v in [Spanish, Portuguese] {
        assert_eq!(
            moves(v, "W:W1-12:B21-32"),
            ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"],
            "{v}"
        );
    }
}

#[test]
fn spanish_and_portuguese_men_capture_forward_only() {
    // The man on e4 (14) does not take f3 (10) behind it.
    for v in [Spanish, Portuguese] {
        assert_eq!(moves(v, "W:W14:B10"), ["14-18", "14-19"], "{v}");
    }
}

#[test]
fn spanish_and_portuguese_kings_fly() {
    for v in [Spanish, Portuguese] {
        // The king on h1 runs the long diagonal up to the man on a8.
        assert_eq!(
            moves(v, "W:WK1:B32"),
            ["1-10", "1-14", "1-19", "1-23", "1-28", "1-5"],
            "{v}"
        );
        // It takes d5 from afar and lands on any free square beyond.
        assert_eq!(moves(v, "W:WK1:B19"), ["1x23", "1x28", "1x32"], "{v}");
    }
}

#[test]
fn spanish_and_portuguese_most_pieces_then_most_kings() {
    // FPD rule 7b,c ("Lei da quantidade", "Lei da qualidade").
    for v in [Spanish, Portuguese] {
        // Two men (b3 takes c4 and e6) beat one king (e4 takes f5).
        assert_eq!(moves(v, "W:W12,14:B15,K18,22"), ["12x19x26"], "{v}");
        // One piece each: the king.
        assert_eq!(moves(v, "W:W12,14:B15,K18"), ["14x21"], "{v}");
        // No precedence for capturing with a king: king and man each take one man.
        assert_eq!(
            moves(v, "W:WK1,12:B5,15"),
            ["12x19", "1x10", "1x14", "1x19", "1x23", "1x28", "1x32"],
            "{v}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Czech (Česká federace dámy; rules at hrejsi.cz and klububoudu.cz, CZ-full 4.14 as DCTL cites
// it): squares are written algebraically.

#[test]
fn czech_algebraic_squares_and_men_capture_forward_only() {
    assert_eq!(
        moves(Czech, "W:Wa3,c3,e3,g3:Bb6"),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    // The man on d4 does not take c3 behind it.
    assert_eq!(moves(Czech, "W:Wd4:Bc3"), ["d4-c5", "d4-e5"]);
}

#[test]
fn czech_a_king_must_capture_if_it_can() {
    // "Dáma má přednost": the king on a5 takes b6 (one man) although the man on a1 could take
    // two.
    assert_eq!(moves(Czech, "W:WKa5,a1:Bb6,b2,d4"), ["a5xc7", "a5xd8"]);
}

#[test]
fn czech_otherwise_any_capture_even_a_shorter_one() {
    // "Nemusí přeskočit největší možný počet kamenů": one man or two, as the player likes.
    assert_eq!(moves(Czech, "W:Wa5,a1:Bb6,b2,d4"), ["a1xc3xe5", "a5xc7"]);
}

#[test]
fn czech_kings_fly_and_promotion_ends_the_move() {
    assert_eq!(moves(Czech, "W:WKa1:Be5"), ["a1xf6", "a1xg7", "a1xh8"]);
    // CZ rule 10: a man ending a capture on the last row stops there, a king from next move.
    let pos = parse_fen("W:Wb6:Bc7,e7", Czech).unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 1);
    assert_eq!(full_text(Czech, &legal[0]), "b6xd8");
    assert!(legal[0].promotes());
}

// ---------------------------------------------------------------------------------------------
// American Pool checkers (APCA rules of play; numbered as English, Black on 1-12 moves first).

#[test]
fn pool_black_first_and_men_capture_backward() {
    assert_eq!(
        moves(Pool, "B:W21-32:B1-12"),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    // APCA rule 4: the man on d4 takes c3 behind it.
    assert_eq!(moves(Pool, "W:W18:B22"), ["18x25"]);
}

#[test]
fn pool_free_choice_of_capture() {
    // APCA rule 20: any capture, even the shorter one.
    assert_eq!(
        moves(Pool, "W:W27,28:B23,24,16"),
        ["27x18", "27x20x11", "28x19x12", "28x19x26"]
    );
}

#[test]
fn pool_man_passing_the_king_row_goes_on_as_a_man() {
    // APCA rule 5: a man reaching the far row by a jump that can jump on (backward) must, and
    // is not crowned; it is crowned only if the capture ends there.
    let m = only_move(Pool, "W:W11:B6,7");
    assert_eq!(m.full_notation(), "11x2x9");
    assert!(!m.promotes());
    let m = only_move(Pool, "W:W10:B6");
    assert_eq!(m.full_notation(), "10x1");
    assert!(m.promotes());
}

#[test]
fn pool_kings_fly() {
    // The king on a1 takes e5 from afar, landing on f6, g7 or h8.
    assert_eq!(moves(Pool, "W:WK29:B15"), ["29x11", "29x4", "29x8"]);
}

// ---------------------------------------------------------------------------------------------
// Turkish (Wikipedia "Turkish draughts"; hcheckers Turkish.hs; kish; notes §5): all 64 squares,
// squares written algebraically.

#[test]
fn turkish_men_move_forward_and_sideways() {
    assert_eq!(moves(Turkish, "W:Wd4:Bh8"), ["d4-c4", "d4-d5", "d4-e4"]);
    assert_eq!(moves(Turkish, "B:Wa1:Bd5"), ["d5-c5", "d5-d4", "d5-e5"]);
}

#[test]
fn turkish_men_capture_forward_and_sideways_not_backward() {
    assert_eq!(
        moves(Turkish, "W:Wd4:Bd5,e4,c4,d3"),
        ["d4xb4", "d4xd6", "d4xf4"]
    );
}

#[test]
fn turkish_kings_fly_along_rows_and_columns() {
    assert_eq!(
        moves(Turkish, "W:WKd4:Bh8"),
        [
            "d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7",
            "d4-d8", "d4-e4", "d4-f4", "d4-g4", "d4-h4"
        ]
    );
}

#[test]
fn turkish_captured_pieces_go_at_once() {
    // The king takes e3, g5, h4, then crosses e3's square again to take c3: four pieces. With
    // the pieces left on the board until the end, e3 would block that last jump.
    assert_eq!(
        moves(Turkish, "W:WKe1:Be3,g5,h4,c3"),
        ["e1xe5xh5xh3xa3", "e1xe5xh5xh3xb3"]
    );
}

#[test]
fn turkish_no_jump_turns_straight_back() {
    // Without the 180° rule the king would take d5 then d2 (or the reverse): two pieces, the
    // majority. With it, one.
    assert_eq!(
        moves(Turkish, "W:WKd4:Bd5,d2"),
        ["d4xd1", "d4xd6", "d4xd7", "d4xd8"]
    );
}

#[test]
fn turkish_majority_counts_kings_as_men() {
    // Two men (b5, b7) beat one king (c4); the man ends on b8 and is crowned.
    let m = only_move(Turkish, "W:Wb4:Bb5,Kc4,b7");
    assert_eq!(full_text(Turkish, &m), "b4xb6xb8");
    assert!(m.promotes());
}

#[test]
fn turkish_man_reaching_the_far_row_mid_capture_goes_on_as_a_man() {
    // kish's test sideways_capture_from_promotion_row_as_pawn: d6xd8 then sideways xf8,
    // crowned at the end.
    let m = only_move(Turkish, "W:Wd6:Bd7,e8");
    assert_eq!(full_text(Turkish, &m), "d6xd8xf8");
    assert!(m.promotes());
}
