//! Building an opening book ([`draughts_engine::book`]): a best-first expansion of the opening from the start position.
//!
//! The position most likely to be reached (the product of the book's choice shares along the
//! way) is expanded first, until the book holds the positions asked for or the ply limit is
//! reached. Expanding a position searches every legal move to the same depth (a full-width
//! search of the position after it, with the capture quiescence beyond), so each move has a
//! score and the best score is known. Then:
//!
//! - where real games played moves at least `min_games` times, those moves that score within
//!   `margin` of the best are the book's, weighted by how often they were played and how well
//!   they scored (games × (1 + the mover's points share): a move that always won counts double
//!   one that always lost);
//! - elsewhere (or if every move the games played falls outside the margin) the moves within
//!   `margin` of the best are, at most `max_moves` of them, weighted from 255 for the best down
//!   to 64 at the margin.
//!
//! So no book move scores worse than the best by more than the margin at the stated depth: a
//! move that loses material or walks into a shot within the search's horizon is never in the
//! book. Everything is deterministic (one engine, positions expanded in a fixed order), so the
//! same options and games give the same book.

use draughts_engine::book::file::MAX_MOVES;
use draughts_engine::book::{Book, BookMove};
use draughts_engine::{zobrist, Engine, Limits, WIN};
use draughts_rules::fast;
use draughts_rules::game::{Game, Status};
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::Variant;
use std::collections::{BinaryHeap, HashMap, HashSet};

/// How to build.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Deepest ply of the book (positions at this ply are not expanded).
    pub plies: u32,
    /// Search depth of the check, counted from the position before the move.
    pub depth: u32,
    /// How far below the best a book move may score, in hundredths of a man.
    pub margin: i32,
    /// Most positions in the book.
    pub positions: usize,
    /// Games that must have played a move for it to count as the games' choice.
    pub min_games: u32,
    /// Most moves per position where the search alone chooses.
    pub max_moves: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            plies: 16,
            depth: 11,
            margin: 15,
            positions: 1000,
            min_games: 3,
            max_moves: 3,
        }
    }
}

/// What real games played in one position: per move, the games and the mover's points
/// (doubled: 2 a win, 1 a draw or an unknown result, 0 a loss).
#[derive(Clone, Default, Debug)]
pub struct PositionStats {
    pub moves: Vec<(Move, u32, u32)>,
}

/// Statistics of the games' openings, by the position's full hash.
#[derive(Default, Debug)]
pub struct GameStats {
    pub positions: HashMap<u64, PositionStats>,
    /// Games read (those of the variant that start from its start position).
    pub games: usize,
}

impl GameStats {
    /// Adds the first `plies` plies of `game`, if it is of `variant` and starts from its start
    /// position (returns whether it was used).
    pub fn add(&mut self, game: &Game, variant: Variant, plies: u32) -> bool {
        if game.variant() != variant || *game.start() != Position::new(variant) {
            return false;
        }
        let winner = match game.status() {
            Status::Win { winner, .. } => Some(winner),
            _ => None,
        };
        let decided = matches!(game.status(), Status::Win { .. });
        for (pos, m) in game
            .positions()
            .iter()
            .zip(game.moves())
            .take(plies as usize)
        {
            let points = match (decided, winner) {
                (true, Some(w)) if w == pos.turn() => 2,
                (true, _) => 0,
                _ => 1,
            };
            let stats = self.positions.entry(zobrist::hash(pos)).or_default();
            match stats.moves.iter_mut().find(|(x, _, _)| x.same_as(m)) {
                Some(e) => {
                    e.1 += 1;
                    e.2 += points;
                }
                None => stats.moves.push((*m, 1, points)),
            }
        }
        self.games += 1;
        true
    }
}

/// How the build went.
#[derive(Clone, Default, Debug)]
pub struct Report {
    /// Positions in the book, and how many of them took their moves from games.
    pub entries: usize,
    pub from_games: usize,
    /// Book moves in all.
    pub moves: usize,
    /// Searches run and their nodes.
    pub searches: u64,
    pub nodes: u64,
    /// Deepest ply that holds an entry.
    pub deepest: u32,
    /// Game moves left out for scoring worse than the margin allows.
    pub rejected_game_moves: usize,
    /// Positions left out because their key was already another position's.
    pub key_collisions: usize,
}

/// A position waiting in the queue: most likely first, then in the order queued.
struct Pending {
    reach: f64,
    order: u64,
    pos: Position,
    ply: u32,
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
impl Eq for Pending {}
impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Pending {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.reach
            .total_cmp(&other.reach)
            .then(other.order.cmp(&self.order))
    }
}

/// Builds a book of `variant` (see the module's description). `progress` hears about each
/// position added.
pub fn build(
    variant: Variant,
    stats: &GameStats,
    opts: &Options,
    progress: &mut dyn FnMut(&Report, u32),
) -> (Book, Report) {
    let mut book = Book::new(variant);
    book.margin = opts.margin.clamp(0, u16::MAX as i32) as u16;
    book.depth = opts.depth.min(255) as u8;
    book.plies = opts.plies.min(255) as u8;
    let mut report = Report::default();
    let mut engine = Engine::new(64);
    let mut queue = BinaryHeap::new();
    let mut seen = HashSet::new();
    let mut order = 0u64;
    queue.push(Pending {
        reach: 1.0,
        order,
        pos: Position::new(variant),
        ply: 0,
    });
    while let Some(Pending {
        reach, pos, ply, ..
    }) = queue.pop()
    {
        if book.len() >= opts.positions {
            break;
        }
        let hash = zobrist::hash(&pos);
        if ply >= opts.plies || !seen.insert(hash) {
            continue;
        }
        let legal = fast::legal_moves(&pos);
        if legal.len() == 1 {
            // A forced move needs no book: go on through it.
            let mut child = pos;
            child.play_unchecked(&legal[0]);
            order += 1;
            queue.push(Pending {
                reach,
                order,
                pos: child,
                ply: ply + 1,
            });
            continue;
        }
        let chosen = choose(
            &pos,
            &legal,
            stats.positions.get(&hash),
            opts,
            &mut engine,
            &mut report,
        );
        if chosen.is_empty() {
            continue;
        }
        let total: u32 = chosen.iter().map(|(_, w)| *w as u32).sum();
        let entry: Vec<BookMove> = chosen
            .iter()
            .map(|(m, w)| BookMove {
                from: m.from().number(),
                to: m.to().number(),
                weight: *w,
            })
            .collect();
        if !book.insert(&pos, entry) {
            report.key_collisions += 1;
            continue;
        }
        if stats.positions.get(&hash).is_some_and(|s| {
            chosen.iter().any(|(m, _)| {
                s.moves
                    .iter()
                    .any(|(g, n, _)| g.same_as(m) && *n >= opts.min_games)
            })
        }) {
            report.from_games += 1;
        }
        report.entries = book.len();
        report.moves += chosen.len();
        report.deepest = report.deepest.max(ply);
        for (m, w) in &chosen {
            let mut child = pos;
            child.play_unchecked(m);
            order += 1;
            queue.push(Pending {
                reach: reach * *w as f64 / total as f64,
                order,
                pos: child,
                ply: ply + 1,
            });
        }
        progress(&report, ply);
    }
    (book, report)
}

/// Scores every legal move of `pos` and picks the book's moves with their weights.
fn choose(
    pos: &Position,
    legal: &[Move],
    games: Option<&PositionStats>,
    opts: &Options,
    engine: &mut Engine,
    report: &mut Report,
) -> Vec<(Move, u8)> {
    let root = zobrist::hash(pos);
    let limits = Limits {
        depth: Some(opts.depth.max(2) - 1),
        ..Default::default()
    };
    // A book move is named by its origin and destination: leave out the rare moves that share
    // both with another legal move.
    let nameable = |m: &Move| {
        legal
            .iter()
            .filter(|x| x.from() == m.from() && x.to() == m.to())
            .count()
            == 1
    };
    let scored: Vec<(Move, i32)> = legal
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            report.searches += 1;
            let score = match engine.search(&child, &[root], &limits) {
                Some(r) => {
                    report.nodes += r.nodes;
                    -r.score
                }
                // The child's side to move has no move: its verdict, turned to ours.
                None => match child.rules().without_moves() {
                    draughts_rules::variant::Verdict::Win => -WIN,
                    draughts_rules::variant::Verdict::Loss => WIN,
                },
            };
            (*m, score)
        })
        .collect();
    let Some(best) = scored.iter().map(|&(_, s)| s).max() else {
        return Vec::new();
    };
    let good = |m: &Move| {
        scored
            .iter()
            .find(|(x, _)| x.same_as(m))
            .is_some_and(|&(_, s)| s >= best - opts.margin)
    };
    if let Some(g) = games {
        let played: Vec<&(Move, u32, u32)> = g
            .moves
            .iter()
            .filter(|(_, n, _)| *n >= opts.min_games)
            .collect();
        let kept: Vec<(Move, f64)> = played
            .iter()
            .filter(|(m, _, _)| good(m) && nameable(m))
            .map(|&&(m, n, points)| (m, n as f64 * (1.0 + points as f64 / (2.0 * n as f64))))
            .collect();
        report.rejected_game_moves += played.len() - kept.len();
        if !kept.is_empty() {
            let top = kept.iter().map(|&(_, r)| r).fold(0.0, f64::max);
            let mut kept: Vec<(Move, u8)> = kept
                .into_iter()
                .map(|(m, r)| (m, ((255.0 * r / top).round() as u8).max(1)))
                .collect();
            kept.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
            kept.truncate(MAX_MOVES);
            return kept;
        }
    }
    let mut near: Vec<(Move, i32)> = scored
        .into_iter()
        .filter(|&(m, s)| s >= best - opts.margin && nameable(&m))
        .collect();
    near.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    near.truncate(opts.max_moves.clamp(1, MAX_MOVES));
    let margin = opts.margin.max(1) as f64;
    near.into_iter()
        .map(|(m, s)| {
            let gap = (best - s) as f64;
            (
                m,
                (64.0 + 191.0 * (1.0 - gap / margin).max(0.0)).round() as u8,
            )
        })
        .collect()
}
