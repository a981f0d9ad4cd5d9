//! The transposition table: what earlier searches learnt of a position (a score, its bound, the
//! depth it was searched to, the best move), kept by Zobrist hash.
//!
//! Search threads share one table without locks, the way parallel alpha-beta engines commonly
//! do: a slot is two 64-bit words, the entry and the hash XOR the entry. A slot torn by two
//! threads writing at once fails the check on reading and counts as empty, so a reader never
//! takes one position's entry for another's. With one thread the atomics are plain loads and
//! stores.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One position's entry.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct TtEntry {
    pub score: i16,
    pub depth: i8,
    /// [`EXACT`], [`LOWER`] or [`UPPER`]; 0 in an empty entry.
    pub bound: u8,
    /// Index of the best move in the (deterministic) legal move list, +1; 0 = none.
    pub mv: u8,
}

pub const EXACT: u8 = 1;
pub const LOWER: u8 = 2;
pub const UPPER: u8 = 3;

impl TtEntry {
    fn pack(self) -> u64 {
        u64::from(self.score as u16)
            | u64::from(self.depth as u8) << 16
            | u64::from(self.bound) << 24
            | u64::from(self.mv) << 32
    }

    fn unpack(data: u64) -> TtEntry {
        TtEntry {
            score: data as u16 as i16,
            depth: (data >> 16) as u8 as i8,
            bound: (data >> 24) as u8,
            mv: (data >> 32) as u8,
        }
    }
}

/// A table of a power-of-two number of slots, indexed by the hash's low bits.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Tt {
    /// A table of about `size_mb` megabytes (at least 1,024 slots).
    pub fn new(size_mb: usize) -> Tt {
        let bytes = size_mb.max(1) << 20;
        let slots = (bytes / std::mem::size_of::<[AtomicU64; 2]>()).next_power_of_two() / 2;
        let slots = slots.max(1024);
        Tt {
            slots: (0..slots)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: slots - 1,
        }
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtEntry> {
        let [check, data] = &self.slots[hash as usize & self.mask];
        let data = data.load(Relaxed);
        (check.load(Relaxed) ^ data == hash && data != 0).then(|| TtEntry::unpack(data))
    }

    /// Stores `entry` for `hash`, replacing what the slot held.
    #[inline]
    pub fn store(&self, hash: u64, entry: TtEntry) {
        let data = entry.pack();
        let [check, slot] = &self.slots[hash as usize & self.mask];
        check.store(hash ^ data, Relaxed);
        slot.store(data, Relaxed);
    }

    /// Empties every slot.
    pub fn clear(&self) {
        for [a, b] in &self.slots {
            a.store(0, Relaxed);
            b.store(0, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_hashes_miss() {
        let tt = Tt::new(1);
        let e = TtEntry {
            score: -1234,
            depth: -1,
            bound: UPPER,
            mv: 200,
        };
        let hash = 0x0123_4567_89ab_cdef;
        assert_eq!(tt.probe(hash), None);
        tt.store(hash, e);
        assert_eq!(tt.probe(hash), Some(e));
        // Same slot, another position: not taken for it.
        assert_eq!(tt.probe(hash ^ (1 << 40)), None);
        tt.clear();
        assert_eq!(tt.probe(hash), None);
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let tt = Tt::new(1);
        let (a, b) = (0x1111_u64 << 32 | 7, 0x2222_u64 << 32 | 7);
        let e = |score| TtEntry {
            score,
            depth: 5,
            bound: EXACT,
            mv: 1,
        };
        tt.store(a, e(10));
        // Another thread's write of the other word only: neither hash matches.
        let [_, data] = &tt.slots[a as usize & tt.mask];
        data.store(e(20).pack(), Relaxed);
        assert_eq!(tt.probe(a), None);
        assert_eq!(tt.probe(b), None);
    }
}
