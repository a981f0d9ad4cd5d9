//! The endgame tables in the search: the exact score of a position in the tree they cover, and
//! the answer at a root they cover.

use super::{Limits, SearchResult, EGDB_WIN};
use crate::egdb::{Egdb, Outcome, Ranked, Value};
use draughts_rules::mv::Move;
use draughts_rules::position::Position;

/// The search score of a database value, `ply` plies from the root, `played` plies into its
/// phase of the move limits: a win or loss only if it comes within what is left of the limit.
fn egdb_to_score(db: &Egdb, pos: &Position, v: Value, ply: usize, played: u16) -> i32 {
    let plies = ply as i32 + v.plies as i32;
    match v.within(db.plies_left(pos, played)) {
        Outcome::Win => EGDB_WIN - plies,
        Outcome::Loss => -EGDB_WIN + plies,
        Outcome::Draw => 0,
    }
}

/// The database's score of a position in the tree, if it covers it.
#[inline]
pub(super) fn egdb_score(pos: &Position, ply: usize, played: u16, limits: &Limits) -> Option<i32> {
    let db = limits.egdb?;
    if pos.occupied().count() > db.max_pieces() as u32 {
        return None;
    }
    let v = db.probe(pos)?;
    Some(egdb_to_score(db, pos, v, ply, played))
}

/// The answer at a root the database covers: its best move (the quickest win, the longest
/// loss, the move limits applied) and the line that follows from it.
pub(super) fn egdb_root(pos: &Position, limits: &Limits) -> Option<SearchResult> {
    let (db, ranked) = egdb_ranked(pos, limits)?;
    let best = *ranked.first()?;
    Some(SearchResult {
        best: best.mv,
        score: ranked_score(&best),
        depth: 1,
        nodes: ranked.len() as u64,
        threads: 1,
        helper_nodes: 0,
        pv: egdb_line(db, pos, &best, limits.phase_plies),
        time_ms: 0.0,
        from_egdb: true,
    })
}

/// The database and its ranking of every root move (best first), if it covers them all.
pub(super) fn egdb_ranked<'a>(
    pos: &Position,
    limits: &Limits<'a>,
) -> Option<(&'a Egdb, Vec<Ranked>)> {
    let db = limits.egdb?;
    if pos.occupied().count() > db.max_pieces() as u32 {
        return None;
    }
    let ranked = db.rank_moves(pos, limits.phase_plies).ok()??;
    Some((db, ranked))
}

/// The search score of a root move the database ranks.
pub(super) fn ranked_score(r: &Ranked) -> i32 {
    match r.outcome {
        Outcome::Win => EGDB_WIN - r.plies as i32,
        Outcome::Loss => -EGDB_WIN + r.plies as i32,
        Outcome::Draw => 0,
    }
}

/// The line from a root move the database ranks: each side's best reply in turn, while the
/// count goes on or starts afresh; `played`: plies of the root's phase of the move limits.
pub(super) fn egdb_line(db: &Egdb, pos: &Position, first: &Ranked, played: u16) -> Vec<Move> {
    let mut pv = vec![first.mv];
    let mut at = *pos;
    let mut played = if first.new_phase { 0 } else { played + 1 };
    at.play_unchecked(&first.mv);
    while pv.len() < 24 {
        let Some(next) = db
            .rank_moves(&at, played)
            .ok()
            .flatten()
            .and_then(|r| r.first().copied())
        else {
            break;
        };
        played = if next.new_phase { 0 } else { played + 1 };
        at.play_unchecked(&next.mv);
        pv.push(next.mv);
    }
    pv
}
