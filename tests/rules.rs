//! One test per rule: a FEN in, the exact set of legal moves out (as full paths, sorted).
//! Square names in the comments are algebraic with White at the bottom.

use draughts::{parse_fen, Game, Move, Status, Variant};

fn moves(variant: Variant, fen: &str) -> Vec<String> {
    let pos = parse_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> = pos.legal_moves().iter().map(Move::full_notation).collect();
    v.sort();
    v
}

fn only_move(variant: Variant, fen: &str) -> Move {
    let pos = parse_fen(fen, variant).unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 1, "{fen}: {legal:?}");
    legal[0]
}

use Variant::{Brazilian, English, International, Russian};

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
