//! Endgame databases built by our own retrograde solver: for every position of a few pieces,
//! win, draw or loss for the side to move, with the plies to conversion, read against the
//! variant's move limits (see [`value`]).
//!
//! ```
//! use draughts_engine::egdb::{Egdb, Metric, Outcome};
//! use draughts_rules::{parse_fen, Variant};
//!
//! // Every English ending of up to three pieces, in memory (a few hundred milliseconds).
//! let db = Egdb::build(Variant::English, 3, Metric::WithLimits, &mut |_| Ok(())).unwrap();
//! // Two kings against one: a win (well within the 40-move rule).
//! let pos = parse_fen("W:WK1,K2:BK32", Variant::English).unwrap();
//! assert_eq!(db.probe(&pos).unwrap().outcome, Outcome::Win);
//! ```
//!
//! Every variant but Frisian and Frysk! can be built: there a king's moves in a row are limited
//! while its side has men, which makes a position's value depend on its history. Tables hold
//! the positions with the side to move as "White"; Black to move is looked up mirrored.

pub mod builder;
pub mod file;
pub mod index;
mod solve;
mod unpacked;
pub mod value;

pub use index::{normalized, Indexer, SigMap, Signature, MAX_PIECES};
pub use unpacked::UnpackedStats;
pub use value::{phase_limit, promotion_continues, Outcome, Value};

use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::{Goal, Variant};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Whether the move limits are applied (the tables the engine uses), or not at all (the plain
/// game-theoretic value, for comparison with a reference solver).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Metric {
    NoLimits = 0,
    WithLimits = 1,
}

/// Why a database could not be built, read or used.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EgdbError {
    #[error("{variant} endings cannot be tabled: {reason}")]
    Unsupported {
        variant: Variant,
        reason: &'static str,
    },
    #[error("{pieces} pieces is more than the {max} a table can hold")]
    TooManyPieces { pieces: u8, max: u8 },
    #[error("table {sig} is missing")]
    Missing { sig: Signature },
    #[error("table {sig} is damaged: {reason}")]
    Corrupt { sig: Signature, reason: String },
    #[error("table format version {found}, this program reads version {expected}")]
    Version { found: u16, expected: u16 },
    #[error("table {sig}: a distance of {plies} plies does not fit the format")]
    TooDeep { sig: Signature, plies: u16 },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

/// The solved values of one signature.
#[derive(Clone, Debug)]
pub struct Table {
    pub sig: Signature,
    ix: Indexer,
    /// One byte a slot ([`Value::to_byte`]).
    pub values: Vec<u8>,
}

impl Table {
    /// The value of a position with White to move and this table's signature.
    pub fn value(&self, pos: &Position) -> Value {
        Value::from_byte(self.values[self.ix.index(pos) as usize])
    }

    /// Positions (slots that hold one), and how many of them are wins, draws and losses for the
    /// side to move.
    pub fn stats(&self) -> TableStats {
        let mut s = TableStats {
            positions: self.ix.positions(),
            ..TableStats::default()
        };
        for &b in &self.values {
            match Value::from_byte(b).outcome {
                Outcome::Win => s.wins += 1,
                Outcome::Draw => {}
                Outcome::Loss => s.losses += 1,
            }
        }
        // Empty slots read as draws.
        s.draws = s.positions - s.wins - s.losses;
        s
    }
}

/// A move as the database ranks it ([`Egdb::rank_moves`]).
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    pub mv: Move,
    /// For the side that plays it, the move limits applied.
    pub outcome: Outcome,
    /// Plies to conversion counted from before the move (1 for a move that converts).
    pub plies: u16,
    /// Whether the move starts a new count of the move limits.
    pub new_phase: bool,
}

impl Ranked {
    /// Sorting key, best first: quick wins, draws, long losses.
    fn order(&self) -> (u8, i32) {
        match self.outcome {
            Outcome::Win => (0, self.plies as i32),
            Outcome::Draw => (1, 0),
            Outcome::Loss => (2, -(self.plies as i32)),
        }
    }
}

/// Counts of a table's positions by outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TableStats {
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// Whether a variant's endings can be tabled.
///
/// # Errors
/// Frisian and Frysk!: a king's moves in a row are history, not board.
pub fn supports(variant: Variant) -> Result<(), EgdbError> {
    if variant.rules().king_move_limit.is_some() {
        return Err(EgdbError::Unsupported {
            variant,
            reason: "a king may not move more than three times in a row while its side has men, \
                     so a position's value depends on the moves before it",
        });
    }
    Ok(())
}

/// The signatures of up to `pieces` pieces a variant's database holds, in solving order. In
/// Breakthrough a king ends the game, so only men are tabled.
pub fn signatures(variant: Variant, pieces: u8) -> Vec<Signature> {
    Signature::all_up_to(pieces)
        .into_iter()
        .filter(|s| variant.rules().goal != Goal::FirstKing || s.white_kings + s.black_kings == 0)
        .collect()
}

/// A table slot of a database: built in memory, or unpacked from its file or file bytes when
/// first probed (and kept unpacked for good, unless the database has a budget: see
/// [`Egdb::with_budget`]).
struct Slot {
    source: Source,
    table: OnceLock<Result<Arc<Table>, EgdbError>>,
}

enum Source {
    Built,
    Path(PathBuf),
    /// File bytes (checked when added), so that a table takes its packed size until probed;
    /// and its size unpacked (its slots), from the header.
    Bytes(Vec<u8>, usize),
}

/// A database: the tables of one variant up to some number of pieces. Read-only once made, so
/// one handle may serve several searches (it is `Sync`); nothing global.
pub struct Egdb {
    variant: Variant,
    metric: Metric,
    max_pieces: u8,
    slots: SigMap<Slot>,
    /// With a budget, the tables given as file bytes are unpacked here, the least recently
    /// probed let go first; without, each is unpacked once into its slot and kept.
    unpacked: Option<Mutex<unpacked::Unpacked>>,
}

impl std::fmt::Debug for Egdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Egdb")
            .field("variant", &self.variant)
            .field("metric", &self.metric)
            .field("max_pieces", &self.max_pieces)
            .field("tables", &self.slots.len())
            .finish()
    }
}

impl Egdb {
    /// Solves every ending of the variant of up to `pieces` pieces in memory, calling
    /// `on_table` with each table as it is solved (to write it, or to report progress).
    ///
    /// # Errors
    /// The variant is not supported, `pieces` is too many, or `on_table` failed.
    pub fn build(
        variant: Variant,
        pieces: u8,
        metric: Metric,
        on_table: &mut dyn FnMut(&Table) -> Result<(), EgdbError>,
    ) -> Result<Egdb, EgdbError> {
        Egdb::build_reusing(variant, pieces, metric, 1, &mut |_| None, on_table)
    }

    /// Every table of up to `pieces` pieces solved in memory on `threads` threads, nothing
    /// reused or written: the tables a search needs for a while (building and verifying puzzle
    /// sets, tests).
    ///
    /// # Errors
    /// As [`Egdb::build`].
    pub fn build_on(
        variant: Variant,
        pieces: u8,
        metric: Metric,
        threads: usize,
    ) -> Result<Egdb, EgdbError> {
        Egdb::build_reusing(variant, pieces, metric, threads, &mut |_| None, &mut |_| {
            Ok(())
        })
    }

    /// [`Egdb::build`] on `threads` threads (1: in the calling thread, the only choice in a
    /// browser), taking from `reuse` the tables it already has (read from files built before,
    /// say): a signature and its swap are solved only if `reuse` lacks either.
    ///
    /// # Errors
    /// As [`Egdb::build`].
    pub fn build_reusing(
        variant: Variant,
        pieces: u8,
        metric: Metric,
        threads: usize,
        reuse: &mut dyn FnMut(Signature) -> Option<Table>,
        on_table: &mut dyn FnMut(&Table) -> Result<(), EgdbError>,
    ) -> Result<Egdb, EgdbError> {
        supports(variant)?;
        if pieces > MAX_PIECES {
            return Err(EgdbError::TooManyPieces {
                pieces,
                max: MAX_PIECES,
            });
        }
        let mut solved: SigMap<Arc<Table>> = SigMap::default();
        let mut order = Vec::new();
        for sig in signatures(variant, pieces) {
            if solved.contains_key(&sig) {
                continue;
            }
            if let (Some(a), Some(b)) = (reuse(sig), reuse(sig.swapped())) {
                order.extend([a.sig, b.sig]);
                solved.insert(a.sig, Arc::new(a));
                solved.insert(b.sig, Arc::new(b));
                continue;
            }
            for table in solve::solve_pair(variant, metric, sig, &solved, threads)? {
                on_table(&table)?;
                order.push(table.sig);
                solved.insert(table.sig, Arc::new(table));
            }
        }
        let mut slots = SigMap::default();
        for sig in order {
            let table = solved.get(&sig).expect("solved").clone();
            let cell = OnceLock::new();
            let _ = cell.set(Ok(table));
            slots.insert(
                sig,
                Slot {
                    source: Source::Built,
                    table: cell,
                },
            );
        }
        Ok(Egdb {
            variant,
            metric,
            max_pieces: pieces,
            slots,
            unpacked: None,
        })
    }

    /// The file of a table under a database directory: `DIR/<variant>/<signature>.egdb`.
    pub fn table_path(dir: &Path, variant: Variant, sig: Signature) -> PathBuf {
        dir.join(variant.name())
            .join(format!("{}.egdb", sig.name()))
    }

    /// Opens the tables of `variant` under `dir` (as [`Egdb::table_path`] lays them out) built
    /// with the move limits; each is read and checked when first probed. A set may be partial
    /// (a build still under way): a position whose table is absent is not answered.
    ///
    /// # Errors
    /// The variant is not supported, or the directory holds no table of it.
    pub fn open(dir: &Path, variant: Variant) -> Result<Egdb, EgdbError> {
        supports(variant)?;
        let mut max_pieces = 0;
        let mut slots = SigMap::default();
        for sig in signatures(variant, MAX_PIECES) {
            let path = Egdb::table_path(dir, variant, sig);
            if path.is_file() {
                max_pieces = max_pieces.max(sig.pieces());
                slots.insert(
                    sig,
                    Slot {
                        source: Source::Path(path),
                        table: OnceLock::new(),
                    },
                );
            }
        }
        if max_pieces == 0 {
            return Err(EgdbError::Missing {
                sig: signatures(variant, 2)[0],
            });
        }
        Ok(Egdb {
            variant,
            metric: Metric::WithLimits,
            max_pieces,
            slots,
            unpacked: None,
        })
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The most pieces of a position the database answers for.
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// The table of a signature, read and checked on first use.
    ///
    /// # Errors
    /// The table is not part of the database, or its file is unreadable or damaged.
    pub fn table(&self, sig: Signature) -> Result<Arc<Table>, EgdbError> {
        self.table_for(sig, false)
            .map(|t| t.expect("a root probe always unpacks"))
    }

    /// [`Egdb::table`]; with a budget and `in_tree`, `None` when the table is not unpacked and
    /// there is no room for it without letting go of a table this search uses (see
    /// src/egdb/unpacked.rs).
    fn table_for(&self, sig: Signature, in_tree: bool) -> Result<Option<Arc<Table>>, EgdbError> {
        let slot = self.slots.get(&sig).ok_or(EgdbError::Missing { sig })?;
        if let (Some(cache), Source::Bytes(bytes, size)) = (&self.unpacked, &slot.source) {
            // A damaged table is remembered in its slot; a sound one goes to the budget.
            if let Some(Err(e)) = slot.table.get() {
                return Err(e.clone());
            }
            let mut cache = cache.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(table) = cache.get(sig) {
                return Ok(Some(table));
            }
            if in_tree && !cache.make_room(*size) {
                return Ok(None);
            }
            return match file::decode(bytes, self.variant, self.metric, sig) {
                Ok(table) => {
                    let table = Arc::new(table);
                    cache.insert(table.clone());
                    Ok(Some(table))
                }
                Err(e) => {
                    let _ = slot.table.set(Err(e.clone()));
                    Err(e)
                }
            };
        }
        slot.table
            .get_or_init(|| {
                let read;
                let bytes = match &slot.source {
                    Source::Built => return Err(EgdbError::Missing { sig }),
                    Source::Bytes(bytes, _) => bytes,
                    Source::Path(path) => {
                        read = std::fs::read(path).map_err(|e| EgdbError::Io {
                            path: path.display().to_string(),
                            message: e.to_string(),
                        })?;
                        &read
                    }
                };
                file::decode(bytes, self.variant, self.metric, sig).map(Arc::new)
            })
            .clone()
            .map(Some)
    }

    /// A database of `variant` with no table yet, for tables added one by one
    /// ([`Egdb::add_file`]), as a browser reads them from its store.
    ///
    /// # Errors
    /// The variant cannot be tabled.
    pub fn empty(variant: Variant) -> Result<Egdb, EgdbError> {
        supports(variant)?;
        Ok(Egdb {
            variant,
            metric: Metric::WithLimits,
            max_pieces: 0,
            slots: SigMap::default(),
            unpacked: None,
        })
    }

    /// Holds the tables given as file bytes ([`Egdb::add_file`]) unpacked within `bytes` of
    /// values, letting go of the least recently probed first (a single table larger than the
    /// budget is still unpacked, alone). For a host with little memory: a phone's browser.
    pub fn with_budget(mut self, bytes: usize) -> Egdb {
        self.unpacked = Some(Mutex::new(unpacked::Unpacked::new(bytes)));
        self
    }

    /// What the budget holds and how often it unpacked; `None` without a budget.
    pub fn unpacked_stats(&self) -> Option<UnpackedStats> {
        self.unpacked
            .as_ref()
            .map(|c| c.lock().unwrap_or_else(PoisonError::into_inner).stats())
    }

    /// A search from `root` begins: with a budget, the tables of earlier searches are the first
    /// to go (see src/egdb/unpacked.rs).
    pub fn begin_search(&self, root: &Position) {
        if let Some(c) = &self.unpacked {
            c.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .begin_search(root);
        }
    }

    /// Lets go of the unpacked table of `sig` (held under the budget).
    fn unpack_forget(&mut self, sig: Signature) {
        if let Some(c) = &mut self.unpacked {
            c.get_mut()
                .unwrap_or_else(PoisonError::into_inner)
                .forget(sig);
        }
    }

    /// Adds a table from its file bytes after checking its header; it is kept packed, and
    /// unpacked and checked against its checksum when first probed (a damaged one then
    /// answers nothing, and [`Egdb::damaged`] names it). Returns its signature.
    ///
    /// # Errors
    /// The header is not a table's of this database's variant (see [`file::check_header`]).
    pub fn add_file(&mut self, bytes: Vec<u8>) -> Result<Signature, EgdbError> {
        let sig = file::signature(&bytes)?;
        let (ix, _, _) = file::check_header(&bytes, self.variant, self.metric, sig)?;
        let size = ix.len() as usize;
        self.max_pieces = self.max_pieces.max(sig.pieces());
        self.unpack_forget(sig);
        self.slots.insert(
            sig,
            Slot {
                source: Source::Bytes(bytes, size),
                table: OnceLock::new(),
            },
        );
        Ok(sig)
    }

    /// The tables found damaged when first probed.
    pub fn damaged(&self) -> Vec<Signature> {
        self.signatures()
            .into_iter()
            .filter(|s| {
                self.slots
                    .get(s)
                    .is_some_and(|slot| matches!(slot.table.get(), Some(Err(_))))
            })
            .collect()
    }

    /// Whether the database holds the table of `sig`.
    pub fn has(&self, sig: Signature) -> bool {
        self.slots.contains_key(&sig)
    }

    /// The signatures of the tables held.
    pub fn signatures(&self) -> Vec<Signature> {
        signatures(self.variant, self.max_pieces)
            .into_iter()
            .filter(|s| self.has(*s))
            .collect()
    }

    /// Drops the tables `keep` refuses (those a game can no longer reach, say), so that memory
    /// holds only what may still be probed.
    pub fn retain(&mut self, keep: impl Fn(Signature) -> bool) {
        for sig in self.signatures() {
            if !keep(sig) {
                self.unpack_forget(sig);
                self.slots.remove(sig);
            }
        }
        self.max_pieces = self.signatures().last().map_or(0, |s| s.pieces());
    }

    /// The value of a position for its side to move, if the database covers it.
    ///
    /// # Errors
    /// Its table could not be read (see [`Egdb::table`]).
    pub fn value(&self, pos: &Position) -> Result<Option<Value>, EgdbError> {
        if pos.variant() != self.variant || pos.occupied().count() > self.max_pieces as u32 {
            return Ok(None);
        }
        let pos = normalized(pos);
        if let Some(v) = solve::decided(&pos) {
            return Ok(Some(v));
        }
        let table = self.table(Signature::of(&pos))?;
        Ok(Some(table.value(&pos)))
    }

    /// [`Egdb::value`] for the search's tree: a table that cannot be read answers nothing, nor,
    /// with a budget, one there is no room for (see src/egdb/unpacked.rs).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.variant() != self.variant || pos.occupied().count() > self.max_pieces as u32 {
            return None;
        }
        let pos = normalized(pos);
        if let Some(v) = solve::decided(&pos) {
            return Some(v);
        }
        let table = self.table_for(Signature::of(&pos), true).ok()??;
        Some(table.value(&pos))
    }

    /// Each legal move with what it brings the side that plays it once the move limits are
    /// applied, `played` plies of the current phase having gone: best first (the quickest
    /// win, then draws, then the longest loss). `None` if the database does not cover the
    /// positions after the moves.
    ///
    /// # Errors
    /// A table could not be read.
    pub fn rank_moves(
        &self,
        pos: &Position,
        played: u16,
    ) -> Result<Option<Vec<Ranked>>, EgdbError> {
        let mut out = Vec::new();
        for m in fast::legal_moves(pos) {
            let Some(r) = self.rank_move(pos, m, played)? else {
                return Ok(None);
            };
            out.push(r);
        }
        out.sort_by_key(Ranked::order);
        Ok(Some(out))
    }

    /// What the legal move `m` brings the side that plays it, as [`Egdb::rank_moves`] ranks
    /// it; `None` if the database does not cover the position after it.
    ///
    /// # Errors
    /// A table could not be read.
    pub fn rank_move(
        &self,
        pos: &Position,
        m: Move,
        played: u16,
    ) -> Result<Option<Ranked>, EgdbError> {
        let mut child = *pos;
        child.play_unchecked(&m);
        let Some(v) = self.value(&child)? else {
            return Ok(None);
        };
        let new_phase = self.starts_phase(pos, &m, &child);
        let (outcome, plies) = if new_phase {
            // The child's count starts afresh: its own result within its own limit.
            let o = match v.within(self.plies_left(&child, 0)) {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            };
            (o, 1)
        } else {
            let v = v.back();
            (v.within(self.plies_left(pos, played)), v.plies)
        };
        Ok(Some(Ranked {
            mv: m,
            outcome,
            plies,
            new_phase,
        }))
    }

    /// Whether `m`, played from `before` to `after`, starts a new count of the move limits.
    pub fn starts_phase(&self, before: &Position, m: &Move, after: &Position) -> bool {
        m.is_capture()
            || (m.promotes()
                && !promotion_continues(self.variant, Signature::of(before), Signature::of(after)))
    }

    /// The plies of the current phase a game has played: back from its last position, until a
    /// capture or a promotion that restarts the count.
    pub fn phase_plies(&self, positions: &[Position], moves: &[Move]) -> u16 {
        let mut plies = 0u16;
        for (i, m) in moves.iter().enumerate().rev() {
            if self.starts_phase(&positions[i], m, &positions[i + 1]) {
                break;
            }
            plies = plies.saturating_add(1);
        }
        plies
    }

    /// What is left of the move limit of `pos`'s phase after `played` plies of it (`None`:
    /// no limit).
    pub fn plies_left(&self, pos: &Position, played: u16) -> Option<u16> {
        if self.metric == Metric::NoLimits {
            return None;
        }
        phase_limit(self.variant, Signature::of(pos)).map(|l| l.saturating_sub(played))
    }
}
