//! Building a set of tables one pair at a time, for a host that cannot block for minutes (a
//! browser worker reporting progress between steps) and cannot hold every table unpacked at
//! once (a phone).
//!
//! The host names the signatures it wants ([`plan`]: those a game's material can still reach),
//! hands over the tables it already has (checked, so a damaged store is refused rather than
//! trusted), then calls [`Builder::step`] until it returns `None`, storing each table it gets.
//! Finished tables are kept as file bytes (zlib); only what the next pair converts into is
//! unpacked for its step: every table with fewer pieces (a capture), and the tables with one
//! man crowned (a promotion).

use super::index::{SigMap, Signature};
use super::{file, solve, supports, EgdbError, Metric, Table};
use draughts_rules::position::Position;
use draughts_rules::variant::Variant;
use std::sync::Arc;

/// The most pieces of the tables the page builds for a variant: five on the 32-square boards
/// (English ≤ 5: 85 tables, 146M positions), four on 10×10 (International ≤ 4: 41 tables,
/// 42.8M positions), three in Turkish, whose men and kings use all 64 squares (≤ 4 would be
/// 111M positions and 188 s of one native core). `None`: the variant cannot be tabled.
pub fn page_pieces(variant: Variant) -> Option<u8> {
    supports(variant).ok()?;
    let squares = variant.geometry().squares();
    Some(match squares {
        0..=32 => 5,
        33..=50 => 4,
        _ => 3,
    })
}

/// How close to its tables a position must be before the page builds them: a few pieces more
/// than the tables hold, so that they are ready when the search starts reaching them.
pub fn page_horizon(variant: Variant) -> Option<u8> {
    page_pieces(variant).map(|n| n + 3)
}

/// The signatures of up to `pieces` pieces a game in `pos` can still reach (pieces are only
/// taken and men only crowned: never more men of a colour, never more pieces), either side to
/// move, in solving order. Every table they convert into is among them.
pub fn plan(pos: &Position, pieces: u8) -> Vec<Signature> {
    use draughts_rules::square::Color;
    let w = pos.counts(Color::White);
    let b = pos.counts(Color::Black);
    let within = |men: u8, kings: u8, c: draughts_rules::position::Counts| {
        men <= c.men && men + kings <= c.men + c.kings
    };
    super::signatures(pos.variant(), pieces)
        .into_iter()
        .filter(|s| {
            // The side to move is White's or Black's.
            (within(s.white_men, s.white_kings, w) && within(s.black_men, s.black_kings, b))
                || (within(s.white_men, s.white_kings, b) && within(s.black_men, s.black_kings, w))
        })
        .collect()
}

/// A finished table as its file bytes.
pub type TableFile = (Signature, Vec<u8>);

/// A set of tables being built step by step.
pub struct Builder {
    variant: Variant,
    /// Wanted, in solving order.
    wanted: Vec<Signature>,
    /// File bytes of each table finished or handed over.
    files: SigMap<Vec<u8>>,
    /// Unpacked tables with fewer pieces than the pair being solved.
    unpacked: SigMap<Arc<Table>>,
    unpacked_pieces: u8,
}

impl Builder {
    /// A build of `wanted` (in any order; put into solving order here).
    ///
    /// # Errors
    /// The variant cannot be tabled, or a signature has too many pieces.
    pub fn new(variant: Variant, wanted: &[Signature]) -> Result<Builder, EgdbError> {
        supports(variant)?;
        let max = wanted.iter().map(|s| s.pieces()).max().unwrap_or(0);
        let order = super::signatures(variant, max);
        if let Some(s) = wanted
            .iter()
            .find(|s| s.pieces() > super::MAX_PIECES || !order.contains(s))
        {
            return Err(EgdbError::TooManyPieces {
                pieces: s.pieces(),
                max: super::MAX_PIECES,
            });
        }
        Ok(Builder {
            variant,
            wanted: order.into_iter().filter(|s| wanted.contains(s)).collect(),
            files: SigMap::default(),
            unpacked: SigMap::default(),
            unpacked_pieces: 0,
        })
    }

    /// Takes a table built before (file bytes), after checking every field and the checksum.
    ///
    /// # Errors
    /// The bytes are not a sound table of this variant (see [`file::decode`]).
    pub fn add(&mut self, bytes: Vec<u8>) -> Result<Signature, EgdbError> {
        let sig = file::signature(&bytes)?;
        file::decode(&bytes, self.variant, Metric::WithLimits, sig)?;
        self.files.insert(sig, bytes);
        Ok(sig)
    }

    /// Tables wanted, and how many of them are finished.
    pub fn total(&self) -> usize {
        self.wanted.len()
    }

    pub fn done(&self) -> usize {
        self.wanted
            .iter()
            .filter(|s| self.files.contains_key(s))
            .count()
    }

    /// Solves the next wanted signature not yet finished, with its swap, and returns their
    /// tables as file bytes; `None` when every wanted table is finished.
    ///
    /// # Errors
    /// A table the pair converts into is neither wanted nor handed over, or a distance does
    /// not fit a table byte.
    pub fn step(&mut self) -> Result<Option<Vec<TableFile>>, EgdbError> {
        let Some(&sig) = self.wanted.iter().find(|s| !self.files.contains_key(s)) else {
            return Ok(None);
        };
        let n = sig.pieces();
        // Every table of fewer pieces, unpacked once for all the pairs of `n` pieces.
        if self.unpacked_pieces != n {
            self.unpacked = SigMap::default();
            for s in super::signatures(self.variant, n - 1) {
                if let Some(bytes) = self.files.get(&s) {
                    let t = file::decode(bytes, self.variant, Metric::WithLimits, s)?;
                    self.unpacked.insert(s, Arc::new(t));
                }
            }
            self.unpacked_pieces = n;
        }
        // And for this step only, the tables of `n` pieces with one man crowned.
        let mut solved = self.unpacked.clone();
        for s in [sig, sig.swapped()] {
            for c in crowned(s).into_iter().flat_map(|c| [c, c.swapped()]) {
                if let Some(bytes) = self.files.get(&c) {
                    let t = file::decode(bytes, self.variant, Metric::WithLimits, c)?;
                    solved.insert(c, Arc::new(t));
                }
            }
        }
        let tables = solve::solve_pair(self.variant, Metric::WithLimits, sig, &solved, 1)?;
        let mut out = Vec::with_capacity(tables.len());
        for t in tables {
            let bytes = file::encode(self.variant, Metric::WithLimits, &t);
            self.files.insert(t.sig, bytes.clone());
            out.push((t.sig, bytes));
        }
        Ok(Some(out))
    }
}

/// The signatures a promotion without a capture leads to: one man of either side crowned.
fn crowned(s: Signature) -> Vec<Signature> {
    let mut out = Vec::new();
    if s.white_men > 0 {
        out.push(Signature::new(
            s.white_men - 1,
            s.white_kings + 1,
            s.black_men,
            s.black_kings,
        ));
    }
    if s.black_men > 0 {
        out.push(Signature::new(
            s.white_men,
            s.white_kings,
            s.black_men - 1,
            s.black_kings + 1,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::fen::parse_fen;

    #[test]
    fn steps_equal_the_whole_build() {
        let variant = Variant::English;
        let whole = super::super::Egdb::build(variant, 3, Metric::WithLimits, &mut |_| Ok(()))
            .expect("build");
        let pos = parse_fen("W:W21,22:BK5", variant).expect("fen");
        let wanted = plan(&pos, 3);
        // Two white men and a black king: White never has kings beyond two pieces, and Black
        // never has men.
        assert!(wanted.contains(&Signature::new(1, 1, 0, 1)));
        assert!(wanted.contains(&Signature::new(0, 1, 1, 1)));
        assert!(!wanted.contains(&Signature::new(1, 0, 1, 0)));
        let mut b = Builder::new(variant, &wanted).expect("builder");
        // Half of it handed over, as from a store; the rest solved here.
        let mut first = Builder::new(variant, &wanted[..wanted.len() / 2]).expect("builder");
        while let Some(tables) = first.step().expect("step") {
            for (_, bytes) in tables {
                b.add(bytes).expect("a sound table");
            }
        }
        let mut steps = 0;
        while let Some(tables) = b.step().expect("step") {
            steps += 1;
            for (sig, bytes) in tables {
                let t = file::decode(&bytes, variant, Metric::WithLimits, sig).expect("decode");
                assert_eq!(t.values, whole.table(sig).expect("table").values, "{sig}");
            }
        }
        assert!(steps > 0);
        assert_eq!(b.done(), b.total());
    }

    #[test]
    fn page_sizes() {
        assert_eq!(page_pieces(Variant::English), Some(5));
        assert_eq!(page_pieces(Variant::International), Some(4));
        assert_eq!(page_pieces(Variant::Turkish), Some(3));
        assert_eq!(page_pieces(Variant::Frisian), None);
    }
}
