//! Puzzles: positions where one move wins and every other does not, with the winning line.
//!
//! A [`Puzzle`] is a position, its solution (the player's moves and the defender's best replies,
//! up to the point where the win is clear) and a [`Theme`]. [`find`] builds one from a position
//! when there is one to find; [`verify`] re-checks a stored one from scratch. Both use the same
//! rule, by fixed-depth search only (no clock, no node budget, a cleared engine each time, one
//! thread: the same answer on every machine):
//!
//! * **At each of the player's turns** every legal move is searched to the [`Budget`]'s depth with a
//!   full window ([`Engine::score_moves`]). The solution's move must score at least [`WINNING`]
//!   (two men up, or a forced win). At the **first** turn every other move must score at most
//!   [`NOT_WINNING`] (one man up): a margin of a man between the one win and the rest, which is
//!   what makes the position a puzzle. At the **later** turns other moves that score at least
//!   [`WINNING`] too are accepted: they are listed in [`Puzzle::alternatives`] at that ply (a
//!   trainer counts the puzzle solved when one is played); a move scoring strictly between
//!   [`NOT_WINNING`] and [`WINNING`] still rejects the puzzle (neither clearly a win nor
//!   clearly not). A turn with a single legal move (a forced capture) needs no check, but the
//!   first turn must offer a choice.
//! * **At each of the defender's turns** the solution's reply must be one the search scores
//!   best (ties allowed: any of them loses).
//! * **The end** is a position where the win is clear: the game is over and the player won,
//!   or the side to move has no capture (material is settled), the player has gained at least
//!   [`WINNING`] in material since the start (a king counts its evaluation weight, so a crowning
//!   counts), and the search still scores it [`WINNING`] for the player; or the search proves a
//!   forced win there, or the tables do.
//!
//! **The endgame tables**, when the budget has them ([`Budget::tables`]), give every position
//! of the tree they cover its exact value ([`Engine::score_moves`]), the puzzle's start counted
//! as the start of a phase of the move limits (a FEN carries no history). So a won ending the
//! search alone cannot see through is found (its winning move scores as a table win, every
//! other as the draw or loss it is), and a material gain the tables know to be a draw (three
//! kings against one on the main diagonal in International) is no win. A set records the
//! tables it was built with, and is verified with the same ones.
//!
//! The file format ([`write_line`], [`parse_line`]) is one puzzle a line, four fields separated
//! by tabs: the variant's name, the FEN, the solution's moves in full notation (every landing
//! square, as the variant's records write squares) separated by spaces, a ply with
//! alternatives written `solution|other|other`, and the theme (`shot1`, `shot2`, …, `ending`,
//! `breakthrough`). Lines starting with `#` and blank lines are comments; a set's header
//! lines `# key: value` say how it was built ([`header`], [`header_tables`]).
//!
//! ```
//! use draughts_engine::puzzles::{self, Budget, Puzzle};
//! use draughts_engine::Engine;
//! use draughts_rules::{parse_fen, Variant};
//!
//! // International: White's 28-23 gives a man and takes two back (a one-for-two shot).
//! let pos = parse_fen("W:W28,38,39:B14,19,20", Variant::International).unwrap();
//! let mut engine = Engine::new(4);
//! if let Some(p) = puzzles::find(&mut engine, &pos, Budget::depth(6)) {
//!     assert!(puzzles::verify(&mut engine, &p, Budget::depth(6)).is_ok());
//! }
//! ```

use crate::egdb::Egdb;
use crate::eval::{Weights, MAN};
use crate::search::{Engine, EGDB_BOUND};
use draughts_rules::notation::full_text;
use draughts_rules::variant::Goal;
use draughts_rules::{fast, parse_fen, parse_move, write_fen, Color, Move, Position, Variant};
use std::fmt;

/// The least score (hundredths of a man, the player's view) that counts as winning: two men.
pub const WINNING: i32 = 2 * MAN;
/// The most any other move may score at the player's turn: one man, a margin of a man below
/// [`WINNING`].
pub const NOT_WINNING: i32 = MAN;
/// The longest solution [`find`] builds, in plies.
pub const MAX_PLIES: usize = 15;
/// Pieces on the board (both sides) at or below which a puzzle's end is an ending.
pub const ENDING_PIECES: u32 = 8;

/// The search budget of a check: a fixed depth, in plies, for every move's score, and the
/// endgame tables the search probes, if any.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    pub depth: u32,
    pub tables: Option<&'a Egdb>,
}

impl Budget<'static> {
    /// `depth` plies, no tables.
    pub const fn depth(depth: u32) -> Budget<'static> {
        Budget {
            depth,
            tables: None,
        }
    }
}

impl<'a> Budget<'a> {
    /// The same depth, searching with `tables`.
    pub fn with_tables(self, tables: Option<&'a Egdb>) -> Budget<'a> {
        Budget { tables, ..self }
    }
}

impl fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("depth", &self.depth)
            .field("tables", &self.tables.map(Egdb::max_pieces))
            .finish()
    }
}

/// What a puzzle is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Theme {
    /// Material won by captures: `moves` of the player's moves (1, a shot; more, a
    /// combination).
    Shot { moves: u8 },
    /// A man breaks through and crowns, and that decides it rather than the material taken.
    Breakthrough,
    /// The win comes in an ending (few pieces at the end) or is a forced win the search proves
    /// without winning material.
    Ending,
    /// A player's own mistake, found by a game's review: the move to find is the one that does
    /// not lose what the game's move lost (not a win to find; a trainer does not rate it).
    Mistake,
}

impl Theme {
    /// The theme's name in the file format.
    pub fn code(self) -> String {
        match self {
            Theme::Shot { moves } => format!("shot{moves}"),
            Theme::Breakthrough => "breakthrough".into(),
            Theme::Ending => "ending".into(),
            Theme::Mistake => "mistake".into(),
        }
    }

    /// Reads [`Theme::code`].
    pub fn from_code(text: &str) -> Option<Theme> {
        match text {
            "breakthrough" => Some(Theme::Breakthrough),
            "ending" => Some(Theme::Ending),
            "mistake" => Some(Theme::Mistake),
            _ => {
                let moves: u8 = text.strip_prefix("shot")?.parse().ok()?;
                (moves >= 1).then_some(Theme::Shot { moves })
            }
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// A position, the line that wins it, and what it is about.
#[derive(Clone, PartialEq, Debug)]
pub struct Puzzle {
    pub position: Position,
    /// The player's moves and the defender's replies, alternately, the player's first.
    pub solution: Vec<Move>,
    /// Per ply of the solution, the other moves accepted there: at a player's turn after the
    /// first, moves that win as well (a trainer counts the puzzle solved when one is played);
    /// empty at the defender's turns, and at the first except in a [`Theme::Mistake`] (the
    /// moves as good as the best). Empty throughout, or as long as
    /// `solution`.
    pub alternatives: Vec<Vec<Move>>,
    pub theme: Theme,
}

impl Puzzle {
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn fen(&self) -> String {
        write_fen(&self.position)
    }

    /// The moves accepted at `ply` besides the solution's.
    pub fn alternatives_at(&self, ply: usize) -> &[Move] {
        self.alternatives.get(ply).map_or(&[], Vec::as_slice)
    }
}

/// Why a puzzle fails [`verify`] (or a line of a file fails [`parse_line`]).
#[derive(Clone, PartialEq, Debug)]
pub enum Why {
    /// The line is not four tab-separated fields, or a field does not read.
    Syntax(String),
    /// The solution is empty.
    NoSolution,
    /// The solution's move at `ply` is not legal there.
    Illegal { ply: usize, text: String },
    /// The first position offers a single legal move: nothing to find.
    NoChoice,
    /// At the player's turn at `ply`, the solution's move scores `score`, below [`WINNING`].
    NotWinning { ply: usize, score: i32 },
    /// At the player's turn at `ply`, another move also wins (scores above [`NOT_WINNING`]).
    SecondWin {
        ply: usize,
        other: String,
        score: i32,
    },
    /// Alternatives are listed where none may be: at the first turn, at a defender's turn,
    /// in a list not as long as the solution, or the solution's own move again.
    MisplacedAlternatives { ply: usize },
    /// The alternative `text` listed at `ply` scores `score`, below [`WINNING`].
    AlternativeNotWinning {
        ply: usize,
        text: String,
        score: i32,
    },
    /// At the defender's turn at `ply`, a better defence than the solution's reply exists.
    WeakDefence { ply: usize, better: String },
    /// The solution ends before the win is clear.
    Unfinished,
    /// The variant's goal is to lose one's pieces: material does not measure a win there.
    Unsupported(Variant),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let man = |s: i32| s as f64 / MAN as f64;
        match self {
            Why::Syntax(s) => write!(f, "unreadable puzzle: {s}"),
            Why::NoSolution => f.write_str("the solution is empty"),
            Why::Illegal { ply, text } => {
                write!(f, "the solution's move {text} (ply {}) is illegal", ply + 1)
            }
            Why::NoChoice => f.write_str("the position has a single legal move"),
            Why::NotWinning { ply, score } => write!(
                f,
                "the solution's move at ply {} scores {:+.2}, not a win",
                ply + 1,
                man(*score)
            ),
            Why::SecondWin { ply, other, score } => write!(
                f,
                "at ply {} the move {other} also wins ({:+.2})",
                ply + 1,
                man(*score)
            ),
            Why::MisplacedAlternatives { ply } => write!(
                f,
                "alternatives are listed at ply {}, where none may be",
                ply + 1
            ),
            Why::AlternativeNotWinning { ply, text, score } => write!(
                f,
                "the alternative {text} at ply {} scores {:+.2}, not a win",
                ply + 1,
                man(*score)
            ),
            Why::WeakDefence { ply, better } => write!(
                f,
                "at ply {} the defence {better} is better than the solution's",
                ply + 1
            ),
            Why::Unfinished => f.write_str("the solution ends before the win is clear"),
            Why::Unsupported(v) => write!(f, "no puzzles in {} (a losing game)", v.name()),
        }
    }
}

impl std::error::Error for Why {}

/// Whether puzzles are made in `variant`: not in the losing games (giveaway), whose goal is to
/// lose one's pieces, so that material won measures nothing.
pub fn supported(variant: Variant) -> bool {
    variant.rules().goal != Goal::Losing
}

/// Material of `color` minus the opponent's, in hundredths of a man (a king at its evaluation
/// weight).
pub fn material(pos: &Position, color: Color) -> i32 {
    let king = Weights::of(pos.variant()).king;
    let side = |c: Color| {
        let n = pos.counts(c);
        n.men as i32 * MAN + n.kings as i32 * king
    };
    side(color) - side(color.other())
}

/// Every legal move with its score at the budget, from the side to move's view, by a cleared
/// engine (so the result does not depend on what it searched before).
fn scores(engine: &mut Engine, pos: &Position, budget: Budget<'_>) -> Vec<(Move, i32)> {
    engine.clear();
    engine.score_moves(pos, &[], budget.depth, true, budget.tables)
}

/// The search score of `pos` for `player` (the best move's score, negated if the other side
/// is to move); a side without moves has lost.
fn value_for(engine: &mut Engine, pos: &Position, player: Color, budget: Budget<'_>) -> i32 {
    let best = scores(engine, pos, budget)
        .iter()
        .map(|&(_, s)| s)
        .max()
        .unwrap_or(-crate::search::WIN);
    if pos.turn() == player {
        best
    } else {
        -best
    }
}

/// Whether the game is over at `pos`, and if so whether `player` won it.
fn player_won(pos: &Position, player: Color) -> Option<bool> {
    let verdict = match pos.decided() {
        Some(v) => v,
        None if fast::legal_moves(pos).is_empty() => pos.rules().without_moves(),
        None => return None,
    };
    Some(verdict.winner(pos.turn()) == player)
}

/// Whether the win is clear at `pos` (see the module's rule), `start` being the material at
/// the puzzle's start for `player`.
fn clear_win(
    engine: &mut Engine,
    pos: &Position,
    player: Color,
    start: i32,
    budget: Budget<'_>,
) -> bool {
    if let Some(won) = player_won(pos, player) {
        return won;
    }
    let value = value_for(engine, pos, player, budget);
    // A forced win the search proves, or one the tables know.
    if value > EGDB_BOUND {
        return true;
    }
    !fast::has_capture(pos) && material(pos, player) - start >= WINNING && value >= WINNING
}

/// The winning move at the player's turn, with the other moves that win as well where they
/// are accepted (not at the first turn, `ply` 0), or why there is none.
fn the_win(
    engine: &mut Engine,
    pos: &Position,
    budget: Budget<'_>,
    ply: usize,
) -> Result<(Move, Vec<Move>), Why> {
    let scored = scores(engine, pos, budget);
    let (best, score) = *scored
        .iter()
        .max_by_key(|&&(_, s)| s)
        .ok_or(Why::NoSolution)?;
    if score < WINNING {
        return Err(Why::NotWinning { ply, score });
    }
    let alternatives: Vec<Move> = if ply == 0 {
        Vec::new()
    } else {
        scored
            .iter()
            .filter(|&&(m, s)| s >= WINNING && !m.same_as(&best))
            .map(|&(m, _)| m)
            .collect()
    };
    second_win(pos, &scored, &best, &alternatives, ply)?;
    Ok((best, alternatives))
}

/// An error if a move other than `chosen` and the `accepted` ones scores above
/// [`NOT_WINNING`].
fn second_win(
    pos: &Position,
    scored: &[(Move, i32)],
    chosen: &Move,
    accepted: &[Move],
    ply: usize,
) -> Result<(), Why> {
    match scored
        .iter()
        .filter(|(m, _)| !m.same_as(chosen) && !accepted.iter().any(|a| a.same_as(m)))
        .find(|&&(_, s)| s > NOT_WINNING)
    {
        Some((m, s)) => Err(Why::SecondWin {
            ply,
            other: full_text(pos.variant(), m),
            score: *s,
        }),
        None => Ok(()),
    }
}

/// Checks a puzzle by the module's rule at `budget`.
///
/// # Errors
/// The first rule the solution breaks, in words ([`Why`]'s `Display`).
pub fn verify(engine: &mut Engine, puzzle: &Puzzle, budget: Budget<'_>) -> Result<(), Why> {
    let start_pos = &puzzle.position;
    let player = start_pos.turn();
    let start = material(start_pos, player);
    if !supported(puzzle.variant()) {
        return Err(Why::Unsupported(puzzle.variant()));
    }
    if puzzle.solution.is_empty() {
        return Err(Why::NoSolution);
    }
    if fast::legal_moves(start_pos).len() < 2 {
        return Err(Why::NoChoice);
    }
    if !puzzle.alternatives.is_empty() && puzzle.alternatives.len() != puzzle.solution.len() {
        return Err(Why::MisplacedAlternatives {
            ply: puzzle.alternatives.len().min(puzzle.solution.len()),
        });
    }
    let mut pos = *start_pos;
    for (ply, m) in puzzle.solution.iter().enumerate() {
        let illegal = |m: &Move| Why::Illegal {
            ply,
            text: full_text(pos.variant(), m),
        };
        let m = pos.listed(m).map_err(|_| illegal(m))?;
        let listed = puzzle.alternatives_at(ply);
        if !listed.is_empty() && (ply == 0 || pos.turn() != player) {
            return Err(Why::MisplacedAlternatives { ply });
        }
        if fast::legal_moves(&pos).len() > 1 {
            let scored = scores(engine, &pos, budget);
            let score_of = |m: &Move| {
                scored
                    .iter()
                    .find(|(o, _)| o.same_as(m))
                    .map(|&(_, s)| s)
                    .ok_or_else(|| illegal(m))
            };
            let score = score_of(&m)?;
            if pos.turn() == player {
                if score < WINNING {
                    return Err(Why::NotWinning { ply, score });
                }
                for alt in listed {
                    if alt.same_as(&m) {
                        return Err(Why::MisplacedAlternatives { ply });
                    }
                    let s = score_of(alt)?;
                    if s < WINNING {
                        return Err(Why::AlternativeNotWinning {
                            ply,
                            text: full_text(pos.variant(), alt),
                            score: s,
                        });
                    }
                }
                second_win(&pos, &scored, &m, listed, ply)?;
            } else if let Some((better, _)) = scored.iter().find(|&&(_, s)| s > score) {
                return Err(Why::WeakDefence {
                    ply,
                    better: full_text(pos.variant(), better),
                });
            }
        }
        pos.play_unchecked(&m);
    }
    if clear_win(engine, &pos, player, start, budget) {
        Ok(())
    } else {
        Err(Why::Unfinished)
    }
}

/// The puzzle of `pos`, if it is one at `budget`: the side to move has one winning move, and
/// the line it starts (the player's best winning moves, the other winning ones recorded as
/// alternatives after the first turn; the defender's best replies) reaches a clear win within
/// [`MAX_PLIES`]. Among equal scores the last in the move generator's order is taken.
pub fn find(engine: &mut Engine, pos: &Position, budget: Budget<'_>) -> Option<Puzzle> {
    let player = pos.turn();
    let start = material(pos, player);
    if !supported(pos.variant())
        || fast::legal_moves(pos).len() < 2
        || player_won(pos, player).is_some()
    {
        return None;
    }
    let (mut line, mut alternatives) = (Vec::new(), Vec::new());
    let mut here = *pos;
    loop {
        if !line.is_empty() && clear_win(engine, &here, player, start, budget) {
            break;
        }
        if line.len() >= MAX_PLIES {
            return None;
        }
        let legal = fast::legal_moves(&here);
        let (m, others) = if legal.len() == 1 {
            (legal[0], Vec::new())
        } else if here.turn() == player {
            the_win(engine, &here, budget, line.len()).ok()?
        } else {
            let scored = scores(engine, &here, budget);
            (scored.iter().max_by_key(|&&(_, s)| s)?.0, Vec::new())
        };
        here.play_unchecked(&m);
        line.push(m);
        alternatives.push(others);
    }
    if alternatives.iter().all(Vec::is_empty) {
        alternatives.clear();
    }
    let theme = classify(pos, &line);
    let puzzle = Puzzle {
        position: *pos,
        solution: line,
        alternatives,
        theme,
    };
    // `max_by_key` keeps the last of equal scores; the check says whether the line holds.
    verify(engine, &puzzle, budget).ok()?;
    Some(puzzle)
}

/// The theme of a solution from `pos`: a shot (of the player's move count) when the captures
/// win two men, or one man with no crowning; else a breakthrough when the player crowns; else
/// an ending (a win by manoeuvre the search proves), as also whenever the puzzle starts with
/// [`ENDING_PIECES`] pieces or fewer.
pub fn classify(pos: &Position, solution: &[Move]) -> Theme {
    let player = pos.turn();
    let mut here = *pos;
    let (mut crowned, mut taken) = (false, 0);
    for m in solution {
        let before = material(&here, player);
        let mover = here.turn();
        here.play_unchecked(m);
        // Material the move changed, from the player's view, the crowning left out.
        let crown = if m.promotes() {
            Weights::of(here.variant()).king - MAN
        } else {
            0
        };
        let change = material(&here, player) - before;
        if mover == player {
            crowned |= m.promotes();
            taken += change - crown;
        } else {
            taken += change + crown;
        }
    }
    let moves = solution.len().div_ceil(2).min(u8::MAX as usize) as u8;
    if pos.occupied().count() <= ENDING_PIECES {
        Theme::Ending
    } else if taken >= WINNING || (taken >= MAN && !crowned) {
        Theme::Shot { moves }
    } else if crowned {
        Theme::Breakthrough
    } else {
        Theme::Ending
    }
}

/// The value of a set file's header line `# key: value` (the first such line).
pub fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("# "))
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
}

/// The endgame tables a set file was built with, from its header (`# tables: N pieces`): the
/// same must be used to verify it.
pub fn header_tables(text: &str) -> Option<u8> {
    header(text, "tables")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// One line of the file format (no newline). A ply with alternatives is written
/// `solution|other|other`.
pub fn write_line(puzzle: &Puzzle) -> String {
    let v = puzzle.variant();
    let moves: Vec<String> = puzzle
        .solution
        .iter()
        .enumerate()
        .map(|(ply, m)| {
            std::iter::once(m)
                .chain(puzzle.alternatives_at(ply))
                .map(|m| full_text(v, m))
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    format!(
        "{}\t{}\t{}\t{}",
        v.name(),
        puzzle.fen(),
        moves.join(" "),
        puzzle.theme
    )
}

/// Reads one line of the file format; `None` for a comment or a blank line.
///
/// # Errors
/// [`Why::Syntax`] for a line that does not read (wrong field count, unknown variant, bad FEN,
/// unknown theme), [`Why::Illegal`] for a solution move that is not legal where it is played.
pub fn parse_line(line: &str) -> Result<Option<Puzzle>, Why> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split('\t').collect();
    let [variant, fen, moves, theme] = fields[..] else {
        return Err(Why::Syntax(format!(
            "{} fields, not 4 (variant, FEN, solution, theme)",
            fields.len()
        )));
    };
    let variant: Variant = variant
        .parse()
        .map_err(|_| Why::Syntax(format!("unknown variant {variant:?}")))?;
    let position = parse_fen(fen, variant)
        .map_err(|e| Why::Syntax(format!("bad FEN {fen:?}: {}", e.message())))?;
    let theme =
        Theme::from_code(theme).ok_or_else(|| Why::Syntax(format!("unknown theme {theme:?}")))?;
    let mut here = position;
    let (mut solution, mut alternatives) = (Vec::new(), Vec::new());
    for (ply, token) in moves.split_whitespace().enumerate() {
        let mut read = Vec::new();
        for text in token.split('|') {
            read.push(parse_move(&here, text).map_err(|_| Why::Illegal {
                ply,
                text: text.to_owned(),
            })?);
        }
        let m = read.remove(0);
        here.play_unchecked(&m);
        solution.push(m);
        alternatives.push(read);
    }
    if alternatives.iter().all(Vec::is_empty) {
        alternatives.clear();
    }
    Ok(Some(Puzzle {
        position,
        solution,
        alternatives,
        theme,
    }))
}

#[cfg(test)]
mod tests;
