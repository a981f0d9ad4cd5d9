//! The puzzle trainer: a variant's set of puzzles (the file format of
//! [`draughts_engine::puzzles`]), the choice of the next one for a player's rating, a try at one
//! (the player's moves checked, the defender's replies played) and what a result does to the
//! rating ([`crate::rating`]).
//!
//! Everything here is plain data, so the trainer's rules are tested natively; the study module
//! (crates/web-study) only converts, and the page keeps the player's record (rating, puzzles
//! solved, misses) in its storage.

use crate::rating::{Game, Rating};
use draughts_engine::puzzles::{parse_line, Puzzle, Theme, Why};
use draughts_rules::{Color, Move, Position, Variant};
use std::fmt;

/// The deviation given to every puzzle's difficulty: puzzles are not rated by play here, so
/// their ratings are estimates, held less sure than a settled player's.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// How many of the puzzles nearest a player's rating the next one is drawn from, so that a
/// player does not always get the same next puzzle after the same result.
const NEAREST: usize = 8;

/// Why a set does not read.
#[derive(Clone, PartialEq, Debug)]
pub struct SetError {
    /// The line (from 1) that does not read.
    pub line: usize,
    pub why: String,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for SetError {}

/// Reads a set of `variant`'s puzzles (comments and blank lines skipped).
///
/// # Errors
/// The first line that does not read, or that is a puzzle of another variant, or that has no
/// solution.
pub fn read_set(text: &str, variant: Variant) -> Result<Vec<Puzzle>, SetError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let error = |why: String| SetError { line: i + 1, why };
        let Some(p) = parse_line(line).map_err(|e| error(parse_error(e)))? else {
            continue;
        };
        if p.variant() != variant {
            return Err(error(format!(
                "a puzzle of {}, not {}",
                p.variant().name(),
                variant.name()
            )));
        }
        if p.solution.is_empty() {
            return Err(error("the solution is empty".into()));
        }
        out.push(p);
    }
    Ok(out)
}

/// What [`parse_line`] says, in words. Written here rather than by `Why`'s `Display`, whose
/// scores are formatted as decimals: the study module would link Rust's float formatting for
/// errors that never show a score.
fn parse_error(why: Why) -> String {
    match why {
        Why::Syntax(s) => s,
        Why::Illegal { ply, text } => {
            format!("the solution's move {text} (ply {}) is illegal", ply + 1)
        }
        _ => "the line does not read".into(),
    }
}

/// A puzzle's name in a player's record: a hash of its position (FNV-1a, 48 bits, 12 hex
/// digits), so that a set rebuilt in another order keeps what the player solved.
pub fn id(p: &Puzzle) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in p.fen().bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:012x}", h & 0xffff_ffff_ffff)
}

/// A puzzle's difficulty as a rating, from what makes a line hard to see: its length in the
/// player's moves (150 a move after the first), a quiet first move (no capture: +200, the
/// eye looks for captures first), a first move that gives material away (the defender captures
/// next: +100), and the theme (a breakthrough +100, an ending +150, whose wins are slow). From
/// 1100 (a one-move shot) up. An estimate, not measured on players (see
/// [`PUZZLE_DEVIATION`]); a player's own mistakes are not rated.
pub fn difficulty(p: &Puzzle) -> f64 {
    let moves = p.solution.len().div_ceil(2).clamp(1, 7) as f64;
    let mut d = 1100.0 + 150.0 * (moves - 1.0);
    if p.solution.first().is_some_and(|m| m.captures().is_empty()) {
        d += 200.0;
    }
    if p.solution.get(1).is_some_and(|m| !m.captures().is_empty()) {
        d += 100.0;
    }
    d += match p.theme {
        Theme::Breakthrough => 100.0,
        Theme::Ending => 150.0,
        Theme::Shot { .. } | Theme::Mistake => 0.0,
    };
    d
}

/// The next puzzle for a player rated `rating`: one of the [`NEAREST`] unsolved puzzles nearest
/// that rating (`solved` says which are solved, by [`id`]), drawn by `seed`; when every one is
/// solved, from all of them. `None` for an empty set.
pub fn pick(
    puzzles: &[Puzzle],
    rating: f64,
    solved: impl Fn(&str) -> bool,
    seed: u32,
) -> Option<usize> {
    let mut open: Vec<usize> = (0..puzzles.len())
        .filter(|&i| !solved(&id(&puzzles[i])))
        .collect();
    if open.is_empty() {
        open = (0..puzzles.len()).collect();
    }
    let distance = |i: usize| (difficulty(&puzzles[i]) - rating).abs();
    open.sort_by(|&a, &b| distance(a).total_cmp(&distance(b)).then(a.cmp(&b)));
    open.truncate(NEAREST);
    (!open.is_empty()).then(|| open[seed as usize % open.len()])
}

/// The rating after a try at `p`: won when solved without a miss. A puzzle of a player's own
/// mistakes leaves it as it is.
pub fn rate(player: Rating, p: &Puzzle, won: bool) -> Rating {
    if p.theme == Theme::Mistake {
        return player;
    }
    player.after(&[Game {
        rating: difficulty(p),
        deviation: PUZZLE_DEVIATION,
        score: if won { 1.0 } else { 0.0 },
    }])
}

/// What a move did to a try.
#[derive(Clone, PartialEq, Debug)]
pub enum Outcome {
    /// The move is the solution's (or an alternative the puzzle accepts): played, then the
    /// defender's `reply` when the line goes on; `solved` when nothing is left to find.
    Right { reply: Option<Move>, solved: bool },
    /// Not the move: nothing played; the try counts as missed.
    Wrong,
    /// The puzzle is solved already: nothing played.
    Over,
}

/// A try at a puzzle: where it stands, and whether a wrong move was made on the way.
#[derive(Clone, Debug)]
pub struct Attempt {
    puzzle: Puzzle,
    /// Plies of the solution played.
    ply: usize,
    position: Position,
    solved: bool,
    missed: bool,
    hinted: bool,
}

impl Attempt {
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            position: puzzle.position,
            puzzle,
            ply: 0,
            solved: false,
            missed: false,
            hinted: false,
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position to play in.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side the player plays (to move at the start).
    pub fn player(&self) -> Color {
        self.puzzle.position.turn()
    }

    pub fn solved(&self) -> bool {
        self.solved
    }

    /// Whether a wrong move was played, or a hint taken: the try no longer counts as won.
    pub fn missed(&self) -> bool {
        self.missed || self.hinted
    }

    /// The player's moves played so far.
    pub fn moves_found(&self) -> usize {
        self.ply.div_ceil(2)
    }

    /// The player's moves in the whole solution.
    pub fn moves_to_find(&self) -> usize {
        self.puzzle.solution.len().div_ceil(2)
    }

    /// Plays the player's move `m`.
    pub fn play(&mut self, m: &Move) -> Outcome {
        if self.solved {
            return Outcome::Over;
        }
        let solution = &self.puzzle.solution;
        let expected = &solution[self.ply];
        if m.same_as(expected) {
            self.position.play_unchecked(expected);
            self.ply += 1;
            let reply = solution.get(self.ply).copied();
            if let Some(r) = &reply {
                self.position.play_unchecked(r);
                self.ply += 1;
            }
            self.solved = self.ply >= solution.len();
            Outcome::Right {
                reply,
                solved: self.solved,
            }
        } else if let Some(alt) = self
            .puzzle
            .alternatives_at(self.ply)
            .iter()
            .find(|a| a.same_as(m))
        {
            // Another move that wins as well (the generator proved it): the puzzle ends there.
            self.position.play_unchecked(alt);
            self.solved = true;
            Outcome::Right {
                reply: None,
                solved: true,
            }
        } else {
            self.missed = true;
            Outcome::Wrong
        }
    }

    /// The move to find now (`None` once solved); asking counts the try as missed.
    pub fn hint(&mut self) -> Option<Move> {
        if self.solved {
            return None;
        }
        self.hinted = true;
        self.puzzle.solution.get(self.ply).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::parse_move;

    /// Two lines of International whose moves are legal (a line of play serves to test the
    /// trainer; whether they are puzzles is the generator's business, tested there).
    const SET: &str = "# a test set\n\
        international\tW:W28,33:B8,9\t28-22 9-14 33-29\tshot2\n\
        \n\
        international\tW:W28,33:B8,9\t33-29|28-23 9-13\tending\n";

    fn set() -> Vec<Puzzle> {
        read_set(SET, Variant::International).unwrap()
    }

    fn mv(pos: &Position, text: &str) -> Move {
        parse_move(pos, text).unwrap()
    }

    #[test]
    fn a_set_reads_and_bad_lines_say_where() {
        assert_eq!(set().len(), 2);
        let e = read_set(SET, Variant::Brazilian).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("not brazilian"), "{e}");
        let e = read_set(
            "# x\ninternational\tW:W28:B8\t28-17\tshot1\n",
            Variant::International,
        )
        .unwrap_err();
        assert_eq!(e.line, 2);
        let e = read_set("international\tW:W28:B8\t\tshot1", Variant::International).unwrap_err();
        assert!(e.why.contains("empty"), "{e}");
    }

    #[test]
    fn ids_are_short_stable_and_differ() {
        let s = set();
        assert_eq!(id(&s[0]).len(), 12);
        assert_eq!(id(&s[0]), id(&s[1]), "same position, same id");
        let other = read_set(
            "international\tW:W28,33:B8,10\t28-22\tshot1",
            Variant::International,
        )
        .unwrap();
        assert_ne!(id(&s[0]), id(&other[0]));
    }

    #[test]
    fn the_line_is_played_with_the_defenders_replies() {
        let p = set()[0].clone();
        let mut a = Attempt::new(p);
        assert_eq!(a.player(), Color::White);
        assert_eq!(a.moves_to_find(), 2);
        // A wrong move changes nothing but marks the miss.
        let wrong = mv(a.position(), "33-29");
        assert_eq!(a.play(&wrong), Outcome::Wrong);
        assert!(a.missed());
        assert_eq!(a.position(), &a.puzzle().position);
        let first = mv(a.position(), "28-22");
        let Outcome::Right { reply, solved } = a.play(&first) else {
            panic!("28-22 is the solution");
        };
        assert!(!solved);
        assert_eq!(reply, Some(a.puzzle().solution[1]));
        assert_eq!(a.moves_found(), 1);
        let last = mv(a.position(), "33-29");
        assert_eq!(
            a.play(&last),
            Outcome::Right {
                reply: None,
                solved: true
            }
        );
        assert!(a.solved());
        assert_eq!(a.play(&last), Outcome::Over);
    }

    #[test]
    fn an_alternative_the_puzzle_accepts_solves_it_and_a_hint_is_a_miss() {
        let p = set()[1].clone();
        let mut a = Attempt::new(p.clone());
        let alt = mv(a.position(), "28-23");
        assert_eq!(
            a.play(&alt),
            Outcome::Right {
                reply: None,
                solved: true
            }
        );
        assert!(!a.missed());
        let mut b = Attempt::new(p);
        let hint = b.hint().unwrap();
        assert!(hint.same_as(&b.puzzle().solution[0]));
        assert!(b.missed());
    }

    #[test]
    fn difficulty_grows_with_the_line_and_pick_follows_the_rating() {
        let s = set();
        // Two player's moves, quiet first move, shot: 1100 + 150 + 200.
        assert_eq!(difficulty(&s[0]), 1450.0);
        // One quiet move, the defender does not capture, an ending: 1100 + 200 + 150.
        assert_eq!(difficulty(&s[1]), 1450.0);
        let many: Vec<Puzzle> = (0..20)
            .map(|i| {
                let mut p = s[0].clone();
                p.solution.truncate(1 + (i % 2) * 2);
                p.theme = Theme::Shot { moves: 1 };
                // Distinct positions, so distinct ids.
                p.position = draughts_rules::parse_fen(
                    &format!("W:W28,33:B{}", 1 + i),
                    Variant::International,
                )
                .unwrap();
                p
            })
            .collect();
        let low = pick(&many, 1000.0, |_| false, 3).unwrap();
        assert_eq!(difficulty(&many[low]), 1300.0);
        let high = pick(&many, 2000.0, |_| false, 3).unwrap();
        assert_eq!(difficulty(&many[high]), 1450.0);
        // Solved ones are skipped while others are left, then all come back.
        let first = id(&many[low]);
        let next = pick(&many, 1000.0, |i| i == first, 3).unwrap();
        assert_ne!(id(&many[next]), first);
        assert!(pick(&many, 1000.0, |_| true, 3).is_some());
        assert_eq!(pick(&[], 1500.0, |_| false, 0), None);
    }

    #[test]
    fn rating_moves_with_results_but_not_for_own_mistakes() {
        let mut p = set()[0].clone();
        let r = Rating::default();
        assert!(rate(r, &p, true).rating > r.rating);
        assert!(rate(r, &p, false).rating < r.rating);
        p.theme = Theme::Mistake;
        assert_eq!(rate(r, &p, true), r);
    }
}
