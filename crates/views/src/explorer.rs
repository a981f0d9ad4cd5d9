//! The opening explorer: for the position shown, the moves played from it in a collection of real
//! games (the records a player imported into the library) with how those games ended, and the
//! moves of the variant's opening book with their share of its choice.
//!
//! Positions are known by their Zobrist hash (the book's own key: it tells the variants and the
//! side to move apart), so a game that reaches a position by another move order counts there too.
//! Only a game's first [`DEPTH`] plies are kept: the explorer is for openings, and a collection of
//! ten thousand games stays a few megabytes.

use draughts_engine::book::Book;
use draughts_engine::zobrist;
use draughts_rules::game::{Game, Status};
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::square::Color;
use draughts_rules::variant::Variant;
use serde::Serialize;
use std::collections::HashMap;

use crate::snapshot::{ordered_moves, MoveView};

/// Plies of each game that are kept.
pub const DEPTH: usize = 60;

/// How often a move was played from one position, and how those games ended.
#[derive(Clone, Debug)]
struct Tally {
    mv: Move,
    games: u32,
    /// White's wins, draws, Black's wins (games without a result count in `games` only).
    results: [u32; 3],
}

/// The moves of a collection's games, by position.
#[derive(Clone, Debug)]
pub struct Explorer {
    variant: Variant,
    games: usize,
    seen: HashMap<u64, Vec<Tally>>,
}

/// One move of the explorer's list: by index among the position's ordered legal moves (see
/// [`ordered_moves`]), its text, the games that played it and their results, and its share of
/// the book's choice in percent (0: not a book move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExploredMove {
    pub index: usize,
    pub notation: String,
    pub games: u32,
    pub white: u32,
    pub draws: u32,
    pub black: u32,
    pub book: u8,
}

impl Explorer {
    pub fn new(variant: Variant) -> Explorer {
        Explorer {
            variant,
            games: 0,
            seen: HashMap::new(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Adds a game's first [`DEPTH`] moves, counted with its result (another variant's game is
    /// left out; false then).
    pub fn add(&mut self, game: &Game) -> bool {
        if game.variant() != self.variant {
            return false;
        }
        let result = match game.status() {
            Status::Win { winner, .. } => Some(if winner == Color::White { 0 } else { 2 }),
            Status::Draw { .. } => Some(1),
            Status::Ongoing => None,
        };
        self.games += 1;
        let mut pos = *game.start();
        for m in game.moves().iter().take(DEPTH) {
            let tallies = self.seen.entry(zobrist::hash(&pos)).or_default();
            let tally = match tallies.iter_mut().position(|t| t.mv == *m) {
                Some(i) => &mut tallies[i],
                None => {
                    tallies.push(Tally {
                        mv: *m,
                        games: 0,
                        results: [0; 3],
                    });
                    tallies.last_mut().expect("just pushed")
                }
            };
            tally.games += 1;
            if let Some(r) = result {
                tally.results[r] += 1;
            }
            pos.play_unchecked(m);
        }
        true
    }

    /// The moves from `pos`: those the games played, most played first, then the book's that no
    /// game played, by their share. A move is listed only if it is legal in `pos` (a hash that
    /// collides with another position's could name others).
    pub fn moves(&self, pos: &Position, book: Option<&Book>) -> Vec<ExploredMove> {
        let legal = ordered_moves(pos.legal_moves());
        let book_moves = book.map(|b| b.moves(pos)).unwrap_or_default();
        let total: u32 = book_moves.iter().map(|(_, w)| u32::from(*w)).sum();
        let share = |m: &Move| {
            book_moves
                .iter()
                .find(|(b, _)| b == m)
                .map_or(0, |(_, w)| {
                    ((u32::from(*w) * 100 + total / 2) / total.max(1)) as u8
                })
                .max(u8::from(book_moves.iter().any(|(b, _)| b == m)))
        };
        let mut out: Vec<ExploredMove> = Vec::new();
        let mut list = |m: &Move, games: u32, results: [u32; 3]| {
            let Some(index) = legal.iter().position(|l| l == m) else {
                return;
            };
            out.push(ExploredMove {
                index,
                notation: MoveView::new(pos.variant(), &legal, index, m).notation,
                games,
                white: results[0],
                draws: results[1],
                black: results[2],
                book: share(m),
            });
        };
        if let Some(tallies) = self.seen.get(&zobrist::hash(pos)) {
            for t in tallies {
                list(&t.mv, t.games, t.results);
            }
        }
        for (m, _) in &book_moves {
            if !self
                .seen
                .get(&zobrist::hash(pos))
                .is_some_and(|ts| ts.iter().any(|t| t.mv == *m))
            {
                list(m, 0, [0; 3]);
            }
        }
        out.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(b.book.cmp(&a.book))
                .then(a.index.cmp(&b.index))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_engine::book::BookMove;
    use draughts_rules::pdn::read_game;

    fn game(text: &str) -> Game {
        read_game(text, Variant::International).unwrap()
    }

    #[test]
    fn counts_moves_and_results_by_position_whatever_the_move_order() {
        let mut e = Explorer::new(Variant::International);
        assert!(e.add(&game("1. 32-28 19-23 2. 28x19 14x23 2-0")));
        assert!(e.add(&game("1. 32-28 18-23 0-2")));
        assert!(e.add(&game("1. 33-28 19-23 1-1")));
        assert!(e.add(&game("1. 32-28 *")));
        assert!(!e.add(&read_game("1. 11-15 *", Variant::English).unwrap()));
        assert_eq!(e.games(), 4);
        let start = Position::new(Variant::International);
        let list = e.moves(&start, None);
        let rows: Vec<(&str, u32, u32, u32, u32)> = list
            .iter()
            .map(|m| (m.notation.as_str(), m.games, m.white, m.draws, m.black))
            .collect();
        assert_eq!(rows, [("32-28", 3, 1, 0, 1), ("33-28", 1, 0, 1, 0)]);
        let legal = ordered_moves(start.legal_moves());
        assert!(list.iter().all(|m| MoveView::new(
            Variant::International,
            &legal,
            m.index,
            &legal[m.index]
        )
        .notation
            == m.notation));
        // After 1. 32-28 19-23 the position is counted once per game that reached it.
        let mut pos = start;
        for t in ["32-28", "19-23"] {
            let m = draughts_rules::notation::parse_move(&pos, t).unwrap();
            pos.play_unchecked(&m);
        }
        let after = e.moves(&pos, None);
        assert_eq!(after.len(), 1);
        assert_eq!((after[0].notation.as_str(), after[0].games), ("28x19", 1));
    }

    #[test]
    fn the_books_moves_with_their_share() {
        let start = Position::new(Variant::International);
        let mut book = Book::new(Variant::International);
        book.insert(
            &start,
            vec![
                BookMove {
                    from: 32,
                    to: 28,
                    weight: 3,
                },
                BookMove {
                    from: 33,
                    to: 29,
                    weight: 1,
                },
            ],
        );
        let mut e = Explorer::new(Variant::International);
        e.add(&game("1. 31-27 *"));
        let list = e.moves(&start, Some(&book));
        let rows: Vec<(&str, u32, u8)> = list
            .iter()
            .map(|m| (m.notation.as_str(), m.games, m.book))
            .collect();
        assert_eq!(rows, [("31-27", 1, 0), ("32-28", 0, 75), ("33-29", 0, 25)]);
    }
}
