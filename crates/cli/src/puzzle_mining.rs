//! Mining puzzles from games (behind `draughts puzzles build`): every position of the games
//! given, once each, is screened by a shallow search (the best move must win and stand well
//! above the second), and the few that pass are checked by
//! [`draughts_engine::puzzles::find`] at the full budget, which builds the winning line and
//! verifies it by the rule documented there.
//!
//! The games are real records (PDN text, read at run time) and self-play games of the engine
//! at level 2 (which errs now and then, leaving shots on the board), seeded. Everything is
//! searched by depth, with a cleared engine per check, so the same input and seed give the same
//! puzzles in the same order on any machine.

use draughts_engine::puzzles::{self, Budget, Puzzle, Theme, WINNING};
use draughts_engine::{choose_move, zobrist, Engine, Level};
use draughts_rules::pdn::parse_each_game;
use draughts_rules::{fast, Position, Variant};
use std::collections::{BTreeMap, HashSet};

/// How deep to look, and how much.
#[derive(Clone, Debug)]
pub struct Options {
    pub variant: Variant,
    /// Depth of the quick screen of every position.
    pub screen_depth: u32,
    /// Depth of the full check ([`Budget`]).
    pub depth: u32,
    /// Most positions screened (after removing repeats); `None`: all.
    pub max_positions: Option<usize>,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The puzzles, in the order their positions were met.
    pub puzzles: Vec<Puzzle>,
    /// Distinct positions screened.
    pub screened: usize,
    /// Positions that passed the screen.
    pub candidates: usize,
}

impl Report {
    /// Puzzles per theme.
    pub fn by_theme(&self) -> BTreeMap<Theme, usize> {
        let mut out = BTreeMap::new();
        for p in &self.puzzles {
            *out.entry(p.theme).or_insert(0) += 1;
        }
        out
    }
}

/// The positions of every game of a PDN text in `variant` (records of another variant, and
/// those that do not read, are skipped; a record's moves are kept up to its first illegal
/// one when the replay stops there). Returns the games and how many records were skipped.
pub fn games_from_pdn(text: &str, variant: Variant) -> (Vec<Vec<Position>>, usize) {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for record in parse_each_game(text) {
        match record.ok().and_then(|r| r.replay(variant).ok()) {
            Some(game) if game.variant() == variant => games.push(game.positions().to_vec()),
            _ => skipped += 1,
        }
    }
    (games, skipped)
}

/// `count` self-play games of level 2 against itself from the start of `variant`, seeded by
/// `seed`, each of at most `max_plies` plies.
pub fn selfplay(variant: Variant, count: usize, seed: u64, max_plies: usize) -> Vec<Vec<Position>> {
    let mut engine = Engine::new(2);
    let level = Level::new(2).expect("level 2 exists");
    (0..count)
        .map(|game| {
            engine.clear();
            let mut pos = Position::new(variant);
            let mut out = vec![pos];
            for ply in 0..max_plies {
                if pos.decided().is_some() {
                    break;
                }
                let move_seed = seed
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add((game * 1000 + ply) as u64);
                let Some(m) = choose_move(&mut engine, &pos, &[], level, move_seed, None, None)
                else {
                    break;
                };
                pos.play_unchecked(&m);
                out.push(pos);
            }
            out
        })
        .collect()
}

/// Whether `pos` passes the quick screen: a choice of moves, the best scoring at least
/// three quarters of [`WINNING`] and a man above every other.
fn screen(engine: &mut Engine, pos: &Position, depth: u32) -> bool {
    if fast::legal_moves(pos).len() < 2 {
        return false;
    }
    engine.clear();
    let mut scores: Vec<i32> = engine
        .score_moves(pos, &[], depth, true)
        .iter()
        .map(|&(_, s)| s)
        .collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores[0] >= WINNING * 3 / 4 && scores[1] <= scores[0] - draughts_engine::eval::MAN
}

/// Mines `games` (lists of positions) for puzzles of `opts.variant`; `progress` is called
/// after each game with the report so far.
pub fn mine(games: &[Vec<Position>], opts: &Options, progress: &mut dyn FnMut(&Report)) -> Report {
    let mut report = Report::default();
    if !puzzles::supported(opts.variant) {
        return report;
    }
    let mut engine = Engine::new(16);
    let mut seen = HashSet::new();
    let budget = Budget { depth: opts.depth };
    'games: for game in games {
        for pos in game {
            if pos.variant() != opts.variant || !seen.insert(zobrist::hash(pos)) {
                continue;
            }
            if opts.max_positions.is_some_and(|n| report.screened >= n) {
                break 'games;
            }
            report.screened += 1;
            if !screen(&mut engine, pos, opts.screen_depth) {
                continue;
            }
            report.candidates += 1;
            if let Some(p) = puzzles::find(&mut engine, pos, budget) {
                report.puzzles.push(p);
            }
        }
        progress(&report);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_engine::puzzles::verify;

    #[test]
    fn mining_a_short_selfplay_is_deterministic_and_every_puzzle_verifies() {
        let opts = Options {
            variant: Variant::English,
            screen_depth: 3,
            depth: 5,
            max_positions: None,
        };
        let games = selfplay(Variant::English, 3, 7, 80);
        assert_eq!(games, selfplay(Variant::English, 3, 7, 80));
        let first = mine(&games, &opts, &mut |_| {});
        let second = mine(&games, &opts, &mut |_| {});
        assert!(first.screened > 50, "{} positions screened", first.screened);
        assert_eq!(first.puzzles, second.puzzles);
        assert_eq!(first.screened, second.screened);
        let mut engine = Engine::new(4);
        for p in &first.puzzles {
            let line = puzzles::write_line(p);
            verify(&mut engine, p, Budget { depth: opts.depth })
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(puzzles::parse_line(&line).unwrap().as_ref(), Some(p));
        }
    }
}
