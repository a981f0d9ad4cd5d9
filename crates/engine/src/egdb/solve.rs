//! The retrograde solver: one signature and its swap at a time (each side's moves lead into
//! the other's table), after every smaller ending they can capture or promote into.
//!
//! 1. Every position's moves are generated once with the engine's own move generator. A move
//!    that captures or promotes leaves the pair: its value is read from a table solved before
//!    (see [`super::value`] for how a conversion is judged against the move limits). The
//!    others (quiet moves) are counted per position.
//! 2. Then level by level, in plies to conversion: a position lost in `d` makes each of its
//!    predecessors won in `d + 1`; a position won in `d` takes one from each predecessor's count
//!    of unresolved moves, and a predecessor left with none, and no way out that draws or wins,
//!    is lost in `d + 1` (or later, if a capture out of the pair holds out longer). A
//!    predecessor is found by taking back a quiet move of the side that just moved: a king back
//!    along a line it could have come down, a man one step back, where the position before had
//!    no capture (captures being compulsory).
//! 3. What is never resolved is a draw.

use super::index::{normalized, Indexer, SigMap, Signature};
use super::value::{
    phase_limit, promotion_continues, Outcome, Value, MAX_LOSS_PLIES, MAX_WIN_PLIES,
};
use super::{EgdbError, Metric, Table};
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::square::Color;
use draughts_rules::variant::{KingRange, Variant, Verdict};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

/// Unresolved-move counts: the low seven bits count quiet moves not yet known to lose; the top
/// bit says a move out of the pair draws or wins, so the position can never be lost.
const CANNOT_LOSE: u8 = 0x80;

/// One table being solved. Threads share it, each slot written by one of them at a time, so
/// relaxed atomics (plain loads and stores) suffice.
struct Work {
    /// The material of this table (which of the pair it is).
    sig: Signature,
    ix: Indexer,
    /// Values as bytes ([`Value::to_byte`]); 0 (a draw) until resolved, and every resolved
    /// value is non-zero.
    value: Vec<AtomicU8>,
    count: Vec<AtomicU8>,
    /// The quickest win out of the pair (plies, 0: none), and the longest loss (0: none).
    exit_win: Vec<AtomicU8>,
    exit_loss: Vec<AtomicU8>,
}

fn bytes(n: usize) -> Vec<AtomicU8> {
    (0..n).map(|_| AtomicU8::new(0)).collect()
}

/// Runs `f` on `threads` consecutive parts of `0..n` (in this thread if `threads` is 1) and
/// gathers the results.
fn in_parallel<T: Send>(
    threads: usize,
    n: usize,
    f: impl Fn(std::ops::Range<usize>) -> T + Sync,
) -> Vec<T> {
    if threads <= 1 || n < 4096 {
        return vec![f(0..n)];
    }
    let part = n.div_ceil(threads);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = (0..threads)
            .map(|k| scope.spawn(move || f(k * part..((k + 1) * part).min(n))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread"))
            .collect()
    })
}

/// The value of a position the game has already decided before it is looked up: the side to
/// move out of pieces, or (Breakthrough) facing a crowned king ([`Position::decided`]).
pub(crate) fn decided(pos: &Position) -> Option<Value> {
    pos.decided().map(value_of)
}

/// The value, for the side to move, of a position with no legal move.
fn no_moves(variant: Variant) -> Value {
    value_of(variant.rules().without_moves())
}

/// A verdict of the rules as a table's value (decided now, at distance 0).
fn value_of(verdict: Verdict) -> Value {
    match verdict {
        Verdict::Win => Value::win(0),
        Verdict::Loss => Value::loss(0),
    }
}

/// Solves `sig` and its swap (one table if they are the same), reading conversions from
/// `solved`, on `threads` threads.
///
/// # Errors
/// A table the pair converts into is missing, or a distance does not fit a table byte.
pub fn solve_pair(
    variant: Variant,
    metric: Metric,
    sig: Signature,
    solved: &SigMap<Arc<Table>>,
    threads: usize,
) -> Result<Vec<Table>, EgdbError> {
    let sigs: Vec<Signature> = if sig == sig.swapped() {
        vec![sig]
    } else {
        vec![sig, sig.swapped()]
    };
    let works: Vec<Work> = sigs.iter().map(|&s| Work::new(variant, s)).collect();
    let other = |t: usize| if sigs.len() == 1 { 0 } else { 1 - t };

    // 1. Moves out of the pair, and counts of the quiet ones.
    let mut pending_max = 0u16;
    for w in &works {
        pending_max = pending_max.max(count_moves(variant, metric, w, solved, threads)?);
    }

    // 2. Level by level.
    let mut level: u16 = 0;
    let mut last_busy: u16 = 0;
    loop {
        let mut busy = false;
        if level > 0 && level <= pending_max {
            for w in &works {
                busy |= settle_exits(w, level);
            }
        }
        for t in 0..works.len() {
            busy |= propagate(&works[t], &works[other(t)], level, threads)?;
        }
        if busy {
            last_busy = level;
        }
        if level > pending_max && level > last_busy {
            break;
        }
        level += 1;
    }
    Ok(works.into_iter().map(Work::into_table).collect())
}

impl Work {
    fn new(variant: Variant, sig: Signature) -> Work {
        let ix = Indexer::new(variant, sig);
        let n = ix.len() as usize;
        Work {
            sig,
            ix,
            value: bytes(n),
            count: bytes(n),
            exit_win: bytes(n),
            exit_loss: bytes(n),
        }
    }

    fn into_table(self) -> Table {
        Table {
            sig: self.sig,
            ix: self.ix,
            values: self.value.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }
}

/// Step 1 for one table: every position's moves out of the pair valued from the tables solved
/// before, and its quiet moves counted. Returns the longest distance such an exit decides, so
/// that the levels go on at least that far.
fn count_moves(
    variant: Variant,
    metric: Metric,
    w: &Work,
    solved: &SigMap<Arc<Table>>,
    threads: usize,
) -> Result<u16, EgdbError> {
    let psig = w.sig;
    let parts = in_parallel(threads, w.value.len(), |range| {
        let mut pending = 0u16;
        let mut moves: Vec<Move> = Vec::with_capacity(64);
        for i in range {
            let Some(pos) = w.ix.position(i as u64) else {
                continue;
            };
            fast::legal_moves_into(&pos, &mut moves);
            if moves.is_empty() {
                w.value[i].store(no_moves(variant).to_byte(), Relaxed);
                continue;
            }
            let mut count = 0u8;
            let mut cannot_lose = false;
            let mut win = u16::MAX;
            let mut loss = 0u16;
            for m in &moves {
                if !m.is_capture() && !m.promotes() {
                    // A quiet move stays in the pair (the other table).
                    count += 1;
                    continue;
                }
                let mut child = pos;
                child.play_unchecked(m);
                let exit = exit_value(variant, metric, psig, m, &normalized(&child), solved)?;
                match exit.outcome {
                    Outcome::Win => {
                        win = win.min(exit.plies);
                        cannot_lose = true;
                    }
                    Outcome::Loss => loss = loss.max(exit.plies),
                    Outcome::Draw => cannot_lose = true,
                }
            }
            if win != u16::MAX {
                check_distance(Outcome::Win, win, psig)?;
                w.exit_win[i].store(win as u8, Relaxed);
                pending = pending.max(win);
            }
            if loss > 0 {
                check_distance(Outcome::Loss, loss, psig)?;
                w.exit_loss[i].store(loss as u8, Relaxed);
                if !cannot_lose {
                    pending = pending.max(loss);
                }
            }
            w.count[i].store(count | if cannot_lose { CANNOT_LOSE } else { 0 }, Relaxed);
        }
        Ok(pending)
    });
    let mut pending_max = 0u16;
    for p in parts {
        pending_max = pending_max.max(p?);
    }
    Ok(pending_max)
}

/// Resolves the positions whose value a move out of the pair decides at `level`: the quickest
/// exit win, or an exit loss once no quiet move is left. True if any was.
fn settle_exits(w: &Work, level: u16) -> bool {
    let mut busy = false;
    for i in 0..w.value.len() {
        if w.value[i].load(Relaxed) != 0 {
            continue;
        }
        if w.exit_win[i].load(Relaxed) as u16 == level {
            w.value[i].store(Value::win(level).to_byte(), Relaxed);
            busy = true;
        } else if w.count[i].load(Relaxed) == 0 && w.exit_loss[i].load(Relaxed) as u16 == level {
            w.value[i].store(Value::loss(level).to_byte(), Relaxed);
            busy = true;
        }
    }
    busy
}

/// Passes everything `w` resolved at `level` back to its predecessors in `wo` (the other side
/// to move): a loss makes each a win one ply further, a win takes one from each's count of
/// unresolved moves and loses the ones left with none. True if `w` resolved anything here.
fn propagate(w: &Work, wo: &Work, level: u16, threads: usize) -> Result<bool, EgdbError> {
    let win_here = Value::win(level).to_byte();
    let loss_here = Value::loss(level).to_byte();
    let osig = wo.sig;
    let parts = in_parallel(threads, w.value.len(), |range| {
        let mut busy = false;
        let mut preds: Vec<u64> = Vec::with_capacity(64);
        for i in range {
            let v = w.value[i].load(Relaxed);
            if v != win_here && v != loss_here {
                continue;
            }
            busy = true;
            let pos =
                w.ix.position(i as u64)
                    .expect("a resolved slot holds a position");
            preds.clear();
            predecessors(&pos, &wo.ix, &mut preds);
            for &q in &preds {
                let q = q as usize;
                if wo.value[q].load(Relaxed) != 0 {
                    continue;
                }
                if v == loss_here {
                    check_distance(Outcome::Win, level + 1, osig)?;
                    let win = Value::win(level + 1).to_byte();
                    let _ = wo.value[q].compare_exchange(0, win, Relaxed, Relaxed);
                } else {
                    let before = wo.count[q].fetch_sub(1, Relaxed);
                    debug_assert!(before & !CANNOT_LOSE > 0);
                    if before == 1 && wo.exit_loss[q].load(Relaxed) as u16 <= level + 1 {
                        check_distance(Outcome::Loss, level + 1, osig)?;
                        let loss = Value::loss(level + 1).to_byte();
                        let _ = wo.value[q].compare_exchange(0, loss, Relaxed, Relaxed);
                    }
                }
            }
        }
        Ok(busy)
    });
    let mut busy = false;
    for p in parts {
        busy |= p?;
    }
    Ok(busy)
}

fn check_distance(outcome: Outcome, plies: u16, sig: Signature) -> Result<(), EgdbError> {
    let max = if outcome == Outcome::Win {
        MAX_WIN_PLIES
    } else {
        MAX_LOSS_PLIES
    };
    if plies > max {
        return Err(EgdbError::TooDeep { sig, plies });
    }
    Ok(())
}

/// The value, for the side that plays `m` from a position of `parent` material, of the child
/// `child` (normalized) that the capture or promotion leads to, counted from the parent.
fn exit_value(
    variant: Variant,
    metric: Metric,
    parent: Signature,
    m: &Move,
    child: &Position,
    solved: &SigMap<Arc<Table>>,
) -> Result<Value, EgdbError> {
    if let Some(v) = decided(child) {
        return Ok(Value { plies: 0, ..v }.back());
    }
    let sig = Signature::of(child);
    let table = solved.get(&sig).ok_or(EgdbError::Missing { sig })?;
    let v = table.value(child);
    let limits = metric == Metric::WithLimits;
    let continues = limits && !m.is_capture() && promotion_continues(variant, parent, sig);
    if continues {
        return Ok(v.back());
    }
    // A new phase: the child's result stands only if it comes within its own limit.
    let left = if limits {
        phase_limit(variant, sig)
    } else {
        None
    };
    Ok(match v.within(left) {
        Outcome::Draw => Value::DRAW,
        Outcome::Win => Value::loss(1),
        Outcome::Loss => Value::win(1),
    })
}

/// The indices, in the table `into` (the other side to move), of every position from which a
/// quiet move leads to `pos` (White to move): each quiet move of Black taken back, where Black
/// had no capture before it.
fn predecessors(pos: &Position, into: &Indexer, out: &mut Vec<u64>) {
    let rules = pos.rules();
    let g = rules.geometry;
    let empty = g.mask() & !pos.occupied();
    let mut take_back = |from: u8, to: u8| {
        let mut black = pos.pieces(Color::Black);
        let mut kings = pos.kings();
        black.clear(to);
        black.set(from);
        if kings.contains(to) {
            kings.clear(to);
            kings.set(from);
        }
        let before = Position::from_bitboards(
            pos.variant(),
            pos.pieces(Color::White),
            black,
            kings,
            Color::Black,
        );
        if !fast::has_capture(&before) {
            out.push(into.index(&normalized(&before)));
        }
    };
    for to in pos.pieces(Color::Black) {
        if pos.kings().contains(to) {
            // King moves run along symmetric sets of lines: back is another way forward.
            for dir in rules.king_move.iter() {
                let mut at = to;
                while let Some(from) = g.next(at, dir).filter(|&b| empty.contains(b)) {
                    take_back(from, to);
                    if rules.king_range == KingRange::Short {
                        break;
                    }
                    at = from;
                }
            }
        } else {
            for dir in rules.men_move.for_color(Color::Black).iter() {
                if let Some(from) = g.next(to, dir.opposite()).filter(|&b| empty.contains(b)) {
                    take_back(from, to);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taking moves back finds exactly the positions whose quiet moves lead forward.
    #[test]
    fn predecessors_invert_quiet_moves() {
        for variant in [
            Variant::International,
            Variant::English,
            Variant::Turkish,
            Variant::Italian,
            Variant::Breakthrough,
        ] {
            let sigs = [
                Signature::new(1, 1, 1, 0),
                Signature::new(0, 1, 1, 1),
                Signature::new(2, 0, 1, 0),
            ];
            for sig in sigs
                .into_iter()
                .filter(|s| super::super::signatures(variant, 3).contains(s))
            {
                let ix = Indexer::new(variant, sig);
                let back = Indexer::new(variant, sig.swapped());
                // Forward: every quiet move from the swapped table, as (predecessor, child).
                let mut forward = Vec::new();
                for q in 0..back.len() {
                    let Some(pos) = back.position(q) else {
                        continue;
                    };
                    for m in fast::legal_moves(&pos) {
                        if m.is_capture() || m.promotes() {
                            continue;
                        }
                        let mut child = pos;
                        child.play_unchecked(&m);
                        let child = normalized(&child);
                        if decided(&child).is_none() {
                            forward.push((q, ix.index(&child)));
                        }
                    }
                }
                let mut backward = Vec::new();
                let mut preds = Vec::new();
                for i in 0..ix.len() {
                    let Some(pos) = ix.position(i) else { continue };
                    preds.clear();
                    predecessors(&pos, &back, &mut preds);
                    backward.extend(preds.iter().map(|&q| (q, i)));
                }
                forward.sort_unstable();
                backward.sort_unstable();
                assert_eq!(forward.len(), backward.len(), "{variant} {sig}");
                assert!(forward == backward, "{variant} {sig}");
            }
        }
    }
}
