//! Mining puzzles from games (behind `draughts puzzles build`): every position of the games
//! given, once each, is screened by a shallow search (the best move must win and stand well
//! above the second), and the few that pass are checked by
//! [`draughts_engine::puzzles::find`] at the full budget, which builds the winning line and
//! verifies it by the rule documented there.
//!
//! Each position is mined as its FEN reads (what a shipped set holds). The games are real
//! records (PDN text, read at run time) and self-play games of the engine
//! at level 2 (which errs now and then, leaving shots on the board), seeded. Everything is
//! searched by depth, with a cleared engine per check, so the same input and seed give the same
//! puzzles in the same order on any machine.

use draughts_engine::egdb::Egdb;
use draughts_engine::puzzles::{self, Budget, Puzzle, Theme, WINNING};
use draughts_engine::{choose_move, zobrist, Engine, Level};
use draughts_rules::pdn::parse_each_game;
use draughts_rules::{fast, parse_fen, write_fen, Position, Variant};
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
    /// Depth of a second, deeper check of every puzzle found; those that fail it are left out
    /// (and counted in [`Report::failed_check`]). `None`: no second check.
    pub check_depth: Option<u32>,
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
    /// Puzzles found at the full budget that failed the deeper check, with the reason.
    pub failed_check: Vec<(Puzzle, puzzles::Why)>,
}

/// Puzzles per theme.
pub fn by_theme<'a>(set: impl IntoIterator<Item = &'a Puzzle>) -> BTreeMap<Theme, usize> {
    let mut out = BTreeMap::new();
    for p in set {
        *out.entry(p.theme).or_insert(0) += 1;
    }
    out
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
fn screen(engine: &mut Engine, pos: &Position, depth: u32, tables: Option<&Egdb>) -> bool {
    if fast::legal_moves(pos).len() < 2 {
        return false;
    }
    engine.clear();
    let mut scores: Vec<i32> = engine
        .score_moves(pos, &[], depth, true, tables)
        .iter()
        .map(|&(_, s)| s)
        .collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores[0] >= WINNING * 3 / 4 && scores[1] <= scores[0] - draughts_engine::eval::MAN
}

/// Mines `games` (lists of positions) for puzzles of `opts.variant`, searching with `tables`
/// (the variant's endgame tables) if given; `progress` is called after each game with the
/// report so far.
pub fn mine(
    games: &[Vec<Position>],
    opts: &Options,
    tables: Option<&Egdb>,
    progress: &mut dyn FnMut(&Report),
) -> Report {
    let mut report = Report::default();
    if !puzzles::supported(opts.variant) {
        return report;
    }
    let mut engine = Engine::new(16);
    let mut seen = HashSet::new();
    let budget = Budget::depth(opts.depth).with_tables(tables);
    'games: for game in games {
        for pos in game {
            // Mined as its FEN reads, since that is what a set ships: a game's position can
            // hold more (Frisian's count of a king's moves in a row), which changes the search.
            if pos.variant() != opts.variant {
                continue;
            }
            let Ok(pos) = &parse_fen(&write_fen(pos), opts.variant) else {
                continue;
            };
            if !seen.insert(zobrist::hash(pos)) {
                continue;
            }
            if opts.max_positions.is_some_and(|n| report.screened >= n) {
                break 'games;
            }
            report.screened += 1;
            if !screen(&mut engine, pos, opts.screen_depth, tables) {
                continue;
            }
            report.candidates += 1;
            let Some(p) = puzzles::find(&mut engine, pos, budget) else {
                continue;
            };
            let deeper = opts.check_depth.map_or(Ok(()), |depth| {
                puzzles::verify(&mut engine, &p, Budget { depth, ..budget })
            });
            match deeper {
                Ok(()) => report.puzzles.push(p),
                Err(why) => report.failed_check.push((p, why)),
            }
        }
        progress(&report);
    }
    report
}

/// How a shipped set is cut from what a run found.
#[derive(Clone, Copy, Debug)]
pub struct Selection {
    /// Most puzzles kept.
    pub max: usize,
    /// Most share of the set, in percent, one theme may take (`shot1`, `shot2`, … count as
    /// themes of their own); 100: no cap.
    pub max_share: u32,
    /// Longest line of the file format kept, in bytes (a long line is mostly a list of
    /// alternatives in a won ending).
    pub max_bytes: usize,
}

/// The puzzles of a set, cut from `found` by `sel`: lines longer than `sel.max_bytes` dropped,
/// then each theme capped at `sel.max_share` percent of the set, then the whole scaled to at
/// most `sel.max` (each theme in proportion). A theme's puzzles are taken evenly spread over
/// the order they were found in, and the set keeps that order, so the cut is deterministic.
pub fn select(found: &[Puzzle], sel: Selection) -> Vec<Puzzle> {
    let fits: Vec<&Puzzle> = found
        .iter()
        .filter(|p| puzzles::write_line(p).len() <= sel.max_bytes)
        .collect();
    let have = by_theme(fits.iter().copied());
    let cap_shares = |allowed: &mut BTreeMap<Theme, usize>| {
        let share = sel.max_share.min(100) as usize;
        if share >= 100 {
            return;
        }
        // Lowering one theme lowers the total the others are measured against: repeat.
        loop {
            let total: usize = allowed.values().sum();
            let over = allowed
                .iter()
                .find(|&(_, &n)| n * 100 > share * total)
                .map(|(&t, &n)| (t, n));
            let Some((theme, n)) = over else { break };
            let others = total - n;
            // n' * 100 <= share * (others + n')  <=>  n' <= share * others / (100 - share)
            allowed.insert(theme, share * others / (100 - share));
        }
    };
    let mut allowed = have.clone();
    cap_shares(&mut allowed);
    let total: usize = allowed.values().sum();
    if total > sel.max {
        for n in allowed.values_mut() {
            *n = *n * sel.max / total;
        }
        cap_shares(&mut allowed);
    }
    // Evenly spread picks per theme: the k-th of n' kept is the (k * n / n')-th met.
    let mut seen: BTreeMap<Theme, usize> = BTreeMap::new();
    let mut taken: BTreeMap<Theme, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for p in fits {
        let i = seen.entry(p.theme).or_insert(0);
        let k = taken.entry(p.theme).or_insert(0);
        let (n, want) = (have[&p.theme], allowed[&p.theme]);
        if *k < want && *i == *k * n / want {
            out.push(p.clone());
            *k += 1;
        }
        *i += 1;
    }
    out
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
            check_depth: None,
        };
        let games = selfplay(Variant::English, 3, 7, 80);
        assert_eq!(games, selfplay(Variant::English, 3, 7, 80));
        let first = mine(&games, &opts, None, &mut |_| {});
        let second = mine(&games, &opts, None, &mut |_| {});
        assert!(first.screened > 50, "{} positions screened", first.screened);
        assert_eq!(first.puzzles, second.puzzles);
        assert_eq!(first.screened, second.screened);
        let mut engine = Engine::new(4);
        for p in &first.puzzles {
            let line = puzzles::write_line(p);
            verify(&mut engine, p, Budget::depth(opts.depth))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(puzzles::parse_line(&line).unwrap().as_ref(), Some(p));
        }
    }

    #[test]
    fn selection_caps_a_theme_and_the_total_evenly() {
        // Ten endings and four shots (of one line): endings capped to half, spread evenly.
        let shot = "english\tW:W14,21,23,25,29,31:B7,12,13,15,16,20\t21-17 13x22 25x18x11x2\tshot2";
        let ending = "english\tB:WK2:BK15\t15-10\tending";
        let read = |line: &str| puzzles::parse_line(line).unwrap().unwrap();
        let mut found: Vec<Puzzle> = (0..10).map(|_| read(ending)).collect();
        found.extend((0..4).map(|_| read(shot)));
        let sel = Selection {
            max: 100,
            max_share: 50,
            max_bytes: 150,
        };
        let kept = select(&found, sel);
        let count = |kept: &[Puzzle], t: Theme| kept.iter().filter(|p| p.theme == t).count();
        assert_eq!(count(&kept, Theme::Ending), 4);
        assert_eq!(count(&kept, Theme::Shot { moves: 2 }), 4);
        let small = select(&found, Selection { max: 4, ..sel });
        assert_eq!(small.len(), 4);
        assert_eq!(count(&small, Theme::Ending), 2);
        let none = select(
            &found,
            Selection {
                max_bytes: 10,
                ..sel
            },
        );
        assert!(none.is_empty());
        let all = select(
            &found,
            Selection {
                max_share: 100,
                ..sel
            },
        );
        assert_eq!(all.len(), found.len());
    }
}
