//! Move text: `32-28`, `28x19`, the full path `47x38x24x13x36`, and on 8×8 variants whose players
//! write algebraically, `c3-d4`, `c3xe5` or the Russian `c3:e5`.
//!
//! Text is matched against the legal moves, so any unambiguous spelling is accepted: the origin,
//! the destination and, in between, some or all landing squares in order. Written text is the
//! short form `from-to`/`fromxto` unless two legal moves share origin and destination, in which
//! case the full path is written.

use crate::excerpt::excerpt;
use crate::message::{Join, Message, Param};
use crate::mv::Move;
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// Move text that does not name exactly one legal move. Quoted text is at most a short excerpt
/// ([`excerpt`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    Syntax(String),
    BadSquare {
        text: String,
        square: String,
    },
    Illegal {
        text: String,
        reason: Message,
    },
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl MoveTextError {
    pub fn message(&self) -> Message {
        match self {
            MoveTextError::Syntax(text) => Message::new("move.syntax").with("text", text.as_str()),
            MoveTextError::BadSquare { text, square } => Message::new("move.bad-square")
                .with("text", text.as_str())
                .with("square", square.as_str()),
            MoveTextError::Illegal { text, reason } => Message::new("move.illegal")
                .with("text", text.as_str())
                .with("reason", reason.clone()),
            MoveTextError::Ambiguous { text, candidates } => Message::new("move.ambiguous")
                .with("text", text.as_str())
                .with(
                    "candidates",
                    Param::List(
                        candidates.iter().map(|c| c.as_str().into()).collect(),
                        Join::Or,
                    ),
                ),
        }
    }
}

crate::error_by_message!(MoveTextError);

/// Splits move text into squares and whether a capture separator was used.
fn squares_of(pos: &Position, text: &str) -> Result<Vec<Square>, MoveTextError> {
    let g = pos.geometry();
    let cleaned: String = text
        .trim()
        .trim_end_matches(['!', '?', '*', '+', '#'])
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if cleaned.is_empty() {
        return Err(MoveTextError::Syntax(excerpt(text)));
    }
    let parts: Vec<&str> = cleaned.split(['-', 'x', 'X', ':', '×']).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(MoveTextError::Syntax(excerpt(text)));
    }
    parts
        .iter()
        .map(|p| {
            let bad = || MoveTextError::BadSquare {
                text: excerpt(text),
                square: excerpt(p),
            };
            if p.bytes().all(|b| b.is_ascii_digit()) {
                let n: u32 = p.parse().map_err(|_| bad())?;
                if g.has_number(n) {
                    Ok(Square::from_number(n as u8))
                } else {
                    Err(bad())
                }
            } else if pos.rules().algebraic || !pos.rules().numbered {
                g.parse_algebraic(p).ok_or_else(bad)
            } else {
                Err(bad())
            }
        })
        .collect()
}

/// Every legal move the text could mean (several when it is ambiguous).
///
/// # Errors
/// Text that is not move syntax, names a square off the board, or matches no legal move.
pub fn candidates(pos: &Position, text: &str) -> Result<Vec<Move>, MoveTextError> {
    let squares = squares_of(pos, text)?;
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let middle = &squares[1..squares.len() - 1];
    let legal = pos.legal_moves();
    let found: Vec<Move> = legal
        .iter()
        .filter(|m| m.from() == from && m.to() == to && is_subsequence(middle, m.path()))
        .copied()
        .collect();
    // A complete path names its move even when it is also a subsequence of a longer one
    // (a Russian man crowned mid-capture can come back through its own squares).
    if let Some(exact) = found.iter().find(|m| {
        (m.is_capture() && m.path() == &squares[1..]) || (!m.is_capture() && squares.len() == 2)
    }) {
        return Ok(vec![*exact]);
    }
    if found.is_empty() {
        if let Some(routed) = other_route(pos, text) {
            return Ok(routed);
        }
        let wants_capture = text.contains(['x', 'X', ':', '×']);
        return Err(MoveTextError::Illegal {
            text: excerpt(text.trim()),
            reason: pos.why_illegal(from, wants_capture, &legal),
        });
    }
    Ok(found)
}

/// The legal moves a full capture path written by a player stands for when the move list keeps
/// another route of the same move: a flying king taking two pieces on one line may land
/// anywhere between them (Czech records write `a1xf6xh8` where the list keeps `a1xe5xh8`).
/// Each written leg must run along a line over exactly one enemy piece; the legal moves with
/// the same ends and the same captured set are returned.
fn other_route(pos: &Position, text: &str) -> Option<Vec<Move>> {
    let g = pos.geometry();
    let squares = text
        .trim()
        .trim_end_matches(['!', '?', '*', '+', '#'])
        .split(['x', 'X', ':', '×'])
        .map(|p| match p.trim().parse::<u32>() {
            Ok(n) => g.has_number(n).then(|| Square::from_number(n as u8)),
            Err(_) => g.parse_algebraic(p.trim()),
        })
        .collect::<Option<Vec<Square>>>()?;
    if squares.len() < 3 {
        return None;
    }
    let theirs = pos.pieces(pos.turn().other());
    let mut taken: Vec<Square> = Vec::new();
    for leg in squares.windows(2) {
        let (r0, c0) = (g.row(leg[0]) as i32, g.col(leg[0]) as i32);
        let (dr, dc) = (g.row(leg[1]) as i32 - r0, g.col(leg[1]) as i32 - c0);
        let n = dr.abs().max(dc.abs());
        if n == 0 || (dr != 0 && dc != 0 && dr.abs() != dc.abs()) {
            return None;
        }
        let between: Vec<Square> = (1..n)
            .filter_map(|i| g.at((r0 + i * dr.signum()) as u8, (c0 + i * dc.signum()) as u8))
            .filter(|&s| s != squares[0] && !taken.contains(&s) && pos.piece_at(s).is_some())
            .collect();
        match between[..] {
            [s] if theirs.contains(g.bit(s)) => taken.push(s),
            _ => return None,
        }
    }
    taken.sort();
    let found: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let mut captured = m.captures().to_vec();
            captured.sort();
            m.from() == squares[0] && m.to() == squares[squares.len() - 1] && captured == taken
        })
        .collect();
    (!found.is_empty()).then_some(found)
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// The one legal move named by the text.
///
/// # Errors
/// As [`candidates`], plus [`MoveTextError::Ambiguous`] when several moves match.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let found = candidates(pos, text)?;
    if found.len() == 1 {
        Ok(found[0])
    } else {
        Err(MoveTextError::Ambiguous {
            text: excerpt(text.trim()),
            candidates: found.iter().map(|m| full_text(pos.variant(), m)).collect(),
        })
    }
}

/// A square as the variant's records write it: its field number, or algebraically (`c3`) where
/// records do not number the squares (Czech, Turkish).
pub fn square_text(variant: Variant, sq: Square) -> String {
    if variant.rules().numbered {
        sq.to_string()
    } else {
        variant.geometry().algebraic(sq)
    }
}

/// The full text of a move, every landing square written: `32-28`, `47x38x24x13x36`, or in
/// Czech and Turkish `c3-d4`, `a3xa5xc5`.
pub fn full_text(variant: Variant, m: &Move) -> String {
    m.full_text_with(|sq| square_text(variant, sq))
}

/// The standard text of a legal move: short unless another legal move shares its origin and
/// destination, then the full path.
pub fn move_to_text(pos: &Position, m: &Move) -> String {
    if !m.is_capture() {
        return move_text_among(pos.variant(), m, &[]);
    }
    move_text_among(pos.variant(), m, &pos.legal_moves())
}

/// [`move_to_text`] for a caller that already holds the position's legal moves (`legal`; a
/// non-capture needs none), so that writing a whole list costs one move generation, not one
/// per move.
pub fn move_text_among(variant: Variant, m: &Move, legal: &[Move]) -> String {
    let sq = |s: Square| square_text(variant, s);
    if !m.is_capture() {
        return format!("{}-{}", sq(m.from()), sq(m.to()));
    }
    let clash = legal
        .iter()
        .any(|o| o.from() == m.from() && o.to() == m.to() && !o.same_as(m));
    if clash {
        full_text(variant, m)
    } else {
        format!("{}x{}", sq(m.from()), sq(m.to()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_fen, Variant};

    /// Czech records write a flying king's two captures on one line with any landing square
    /// between them (mrcd2006 game 27: `24... a1xf6xh8`); the list keeps one route.
    #[test]
    fn a_written_route_the_list_does_not_keep_names_the_same_move() {
        let p = parse_fen("W:WKa1:Bc3,g7", Variant::Czech).unwrap();
        let listed = parse_move(&p, "a1xh8").unwrap();
        for text in ["a1xd4xh8", "a1xe5xh8", "a1xf6xh8"] {
            assert!(parse_move(&p, text).unwrap().same_as(&listed), "{text}");
        }
        assert_eq!(move_to_text(&p, &listed), "a1xh8");
        assert!(parse_move(&p, "a1xb2xh8").is_err());
    }

    #[test]
    fn short_full_and_algebraic_forms() {
        let p = Position::new(Variant::International);
        assert_eq!(parse_move(&p, "32-28").unwrap().full_notation(), "32-28");
        assert_eq!(move_to_text(&p, &parse_move(&p, "32-28").unwrap()), "32-28");
        let r = Position::new(Variant::Russian);
        assert_eq!(parse_move(&r, "c3-d4").unwrap().full_notation(), "22-18");
        let k = parse_fen("W:WK47:B14,19,29,31,42", Variant::International).unwrap();
        // Two four-piece captures share origin and destination: the short form is ambiguous.
        let e = parse_move(&k, "47x36").unwrap_err();
        assert!(matches!(e, MoveTextError::Ambiguous { .. }), "{e}");
        let m = parse_move(&k, "47x24x36").unwrap();
        assert_eq!(m.full_notation(), "47x38x24x13x36");
        assert_eq!(move_to_text(&k, &m), "47x38x24x13x36");
        let w = parse_fen(
            "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
            Variant::International,
        )
        .unwrap();
        let m = parse_move(&w, "27-22").unwrap();
        assert_eq!(move_to_text(&w, &m), "27-22");
    }

    #[test]
    fn a_full_path_is_never_ambiguous() {
        // 19x26 and 19x10x3x12x19x26 both exist: the man crowns on 3 and comes back.
        let p = parse_fen("W:W13,19,21,25,28,29:B1,5-9,11,15,16,23", Variant::Russian).unwrap();
        for m in p.legal_moves() {
            let text = move_to_text(&p, &m);
            assert!(parse_move(&p, &text).unwrap().same_as(&m), "{text}");
            assert!(parse_move(&p, &m.full_notation()).unwrap().same_as(&m));
        }
        assert_eq!(parse_move(&p, "19x26").unwrap().capture_count(), 1);
    }

    #[test]
    fn errors_explain() {
        let p = Position::new(Variant::International);
        let e = parse_move(&p, "28-23").unwrap_err().to_string();
        assert!(e.contains("no piece on 28"), "{e}");
        let e = parse_move(&p, "19-23").unwrap_err().to_string();
        assert!(e.contains("Black"), "{e}");
        let e = parse_move(&p, "32-27x").unwrap_err().to_string();
        assert!(e.contains("not a move"), "{e}");
        let e = parse_move(&p, "32-99").unwrap_err().to_string();
        assert!(e.contains("99"), "{e}");
        let e = parse_move(&p, "c3-d4").unwrap_err().to_string();
        assert!(e.contains("c3"), "{e}");
    }
}
