//! The unpacked tables of a database whose tables are kept packed (file bytes, as a browser
//! hands them over), held under a byte budget.
//!
//! Why: an eight-piece English position can reach most of the 151 MB of the ≤ 5-piece tables,
//! more than a cheap phone should give one worker. How, without thrashing (a plain LRU under a
//! budget smaller than what one search touches unpacks the same tables again and again: 26
//! searches that took 12 s without a budget were stopped after 3 minutes under 64 MiB): a
//! search's tree takes a table only while there is room, or room to be
//! made by letting go of tables no probe of this search has used; a table it cannot take
//! answers nothing (the search evaluates that position as without tables). A probe of the
//! position itself (the root: its moves' values) always gets its tables, letting go of the
//! least recently used. A new search (another root position) makes the old tables the first
//! to go.

use super::index::{SigMap, Signature};
use super::Table;
use draughts_rules::position::Position;
use std::sync::Arc;

/// What a database with a budget holds unpacked, and how often it unpacked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct UnpackedStats {
    /// Bytes of table values unpacked now.
    pub bytes: usize,
    /// The most bytes unpacked at once so far.
    pub peak: usize,
    /// Tables unpacked so far (the same table counted again when unpacked again).
    pub unpacks: u64,
    /// The budget: `bytes` stays within it, but for a single table larger than it.
    pub budget: usize,
}

pub(super) struct Unpacked {
    stats: UnpackedStats,
    /// A counter of probes, for "least recently".
    clock: u64,
    /// The clock when the current search began: a table used since is this search's.
    search_began: u64,
    /// The root of the current search.
    root: Option<Position>,
    tables: SigMap<(Arc<Table>, u64)>,
    /// The signatures in `tables`, to look for the oldest without walking the whole map.
    held: Vec<Signature>,
}

impl Unpacked {
    pub(super) fn new(budget: usize) -> Unpacked {
        Unpacked {
            stats: UnpackedStats {
                budget,
                ..UnpackedStats::default()
            },
            clock: 0,
            search_began: 0,
            root: None,
            tables: SigMap::default(),
            held: Vec::new(),
        }
    }

    pub(super) fn stats(&self) -> UnpackedStats {
        self.stats
    }

    /// A search from `root` begins (the same root again, as the analysis deepens: the same
    /// search goes on).
    pub(super) fn begin_search(&mut self, root: &Position) {
        if self.root != Some(*root) {
            self.root = Some(*root);
            self.clock += 1;
            self.search_began = self.clock;
        }
    }

    /// Whether a table of `size` bytes can be held by letting go only of tables the current
    /// search has not used; if so, lets go of them (least recently used first) as needed.
    pub(super) fn make_room(&mut self, size: usize) -> bool {
        let old: usize = self
            .held
            .iter()
            .filter_map(|s| self.tables.get(s))
            .filter(|t| t.1 < self.search_began)
            .map(|t| t.0.values.len())
            .sum();
        if self.stats.bytes - old + size > self.stats.budget {
            return false;
        }
        self.evict_for(size);
        true
    }

    /// Lets go of the least recently used tables until `size` more bytes fit the budget.
    fn evict_for(&mut self, size: usize) {
        while self.stats.bytes + size > self.stats.budget && !self.held.is_empty() {
            let oldest = *self
                .held
                .iter()
                .min_by_key(|s| self.tables.get(s).map_or(0, |t| t.1))
                .expect("not empty");
            self.forget(oldest);
        }
    }

    /// The unpacked table of `sig`, if held, marked as just used.
    pub(super) fn get(&mut self, sig: Signature) -> Option<Arc<Table>> {
        self.clock += 1;
        let clock = self.clock;
        let (table, used) = self.tables.get_mut(&sig)?;
        *used = clock;
        Some(table.clone())
    }

    /// Holds a table just unpacked, letting go of the least recently used ones first as far
    /// as the budget needs.
    pub(super) fn insert(&mut self, table: Arc<Table>) {
        let size = table.values.len();
        self.forget(table.sig);
        self.evict_for(size);
        self.clock += 1;
        self.held.push(table.sig);
        self.tables.insert(table.sig, (table, self.clock));
        self.stats.bytes += size;
        self.stats.peak = self.stats.peak.max(self.stats.bytes);
        self.stats.unpacks += 1;
    }

    /// Lets go of the table of `sig`, if held.
    pub(super) fn forget(&mut self, sig: Signature) {
        if let Some((table, _)) = self.tables.get(&sig) {
            self.stats.bytes -= table.values.len();
            self.tables.remove(sig);
            self.held.retain(|s| *s != sig);
        }
    }
}
