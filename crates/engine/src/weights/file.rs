//! The weights file format (`crates/engine/weights/<variant>.weights`, written by
//! `draughts tune fit`), all integers little-endian:
//!
//! ```text
//! magic      8 bytes  "DRWEIGHT"
//! version    u16      VERSION
//! variant    u8 n, then n bytes of UTF-8: the variant's name (`Variant::name`)
//! about      u16 n, then n bytes of UTF-8: where the weights come from (the command that
//!            generated them, the data, the held-out error), for people; not interpreted
//! squares    u16      playable squares of the variant's board
//! lengths    3 × u32  open, end and regions weights (`Tuned::len_for(squares)` twice, then
//!                     0 or 2 · regions · REGION)
//! weights    i16 each: the open weights, the end weights, the regions' (open and end side by
//!                      side, see `Tuned::regions`)
//! ```
//!
//! Nothing may follow. Reading checks every field and reports the first problem as a
//! [`WeightsError`]; nothing in the file can make the reader panic.

use crate::learned::{self, Tuned, REGION};
use draughts_rules::variant::Variant;

/// The first bytes of every weights file.
pub const MAGIC: &[u8; 8] = b"DRWEIGHT";
/// The format version this build writes and reads.
pub const VERSION: u16 = 1;

/// Why bytes are not usable weights.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("not a weights file")]
    NotWeights,
    #[error("weights format version {found}, this program reads version {expected}")]
    Version { found: u16, expected: u16 },
    #[error("the weights are for an unknown variant {0:?}")]
    UnknownVariant(String),
    #[error("the weights are for {found}, not {expected}")]
    WrongVariant { found: Variant, expected: Variant },
    #[error("the weights file is damaged: {0}")]
    Corrupt(&'static str),
}

/// A decoded weights file.
#[derive(PartialEq, Eq, Debug)]
pub struct WeightsFile {
    /// The variant the weights were fitted for.
    pub variant: Variant,
    /// Where they come from (the generating command, the held-out error).
    pub about: String,
    /// The weights.
    pub tuned: Tuned,
}

/// The bytes of a weights file for `variant`'s `tuned` weights, `about` their provenance.
///
/// # Panics
/// If `about` is longer than 65,535 bytes or `tuned` is not a variant's set of weights (both
/// are the writer's mistakes, never the data's).
pub fn encode(variant: Variant, about: &str, tuned: &Tuned) -> Vec<u8> {
    let name = variant.name();
    let tables = [tuned.open(), tuned.end(), tuned.regions()];
    let mut out =
        Vec::with_capacity(64 + about.len() + 2 * tables.iter().map(Vec::len).sum::<usize>());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(u8::try_from(name.len()).expect("a short variant name"));
    out.extend_from_slice(name.as_bytes());
    let about_len = u16::try_from(about.len()).expect("an about text under 64 KiB");
    out.extend_from_slice(&about_len.to_le_bytes());
    out.extend_from_slice(about.as_bytes());
    let squares = u16::try_from(tuned.squares).expect("a board's squares");
    out.extend_from_slice(&squares.to_le_bytes());
    for t in &tables {
        let len = u32::try_from(t.len()).expect("fewer than 2^32 weights");
        out.extend_from_slice(&len.to_le_bytes());
    }
    for t in &tables {
        for &w in t {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    out
}

/// Reads the bytes one field after another.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        if self.bytes.len() < n {
            return Err(WeightsError::Corrupt("the file is cut short"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, WeightsError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, WeightsError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, WeightsError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn text(&mut self, n: usize) -> Result<&'a str, WeightsError> {
        std::str::from_utf8(self.take(n)?).map_err(|_| WeightsError::Corrupt("text is not UTF-8"))
    }

    fn weights(&mut self, n: usize) -> Result<Box<[i16]>, WeightsError> {
        let bytes = self.take(
            n.checked_mul(2)
                .ok_or(WeightsError::Corrupt("too many weights"))?,
        )?;
        Ok(bytes
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect())
    }
}

/// Decodes a weights file, checking every field.
///
/// # Errors
/// The bytes are not a weights file of this version, name an unknown variant, or are damaged
/// (cut short, lengths that do not fit the variant's board, bytes left over).
pub fn decode(bytes: &[u8]) -> Result<WeightsFile, WeightsError> {
    let mut r = Reader { bytes };
    if r.take(MAGIC.len()).ok() != Some(&MAGIC[..]) {
        return Err(WeightsError::NotWeights);
    }
    let version = r.u16()?;
    if version != VERSION {
        return Err(WeightsError::Version {
            found: version,
            expected: VERSION,
        });
    }
    let n = r.u8()? as usize;
    let name = r.text(n)?;
    let variant = Variant::ALL
        .into_iter()
        .find(|v| v.name() == name)
        .ok_or_else(|| WeightsError::UnknownVariant(name.to_owned()))?;
    let n = r.u16()? as usize;
    let about = r.text(n)?.to_owned();
    let squares = r.u16()? as usize;
    let g = variant.geometry();
    if squares != g.squares() as usize {
        return Err(WeightsError::Corrupt("not the variant's number of squares"));
    }
    let (open, end, regions) = (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
    let base = Tuned::len_for(squares);
    if open != base || end != base {
        return Err(WeightsError::Corrupt("not the board's number of weights"));
    }
    if regions != 0 && regions != 2 * learned::regions(g) * REGION {
        return Err(WeightsError::Corrupt(
            "not the board's number of region weights",
        ));
    }
    let tuned = Tuned::new(
        squares,
        &r.weights(open)?,
        &r.weights(end)?,
        &r.weights(regions)?,
    );
    if !r.bytes.is_empty() {
        return Err(WeightsError::Corrupt("bytes after the weights"));
    }
    Ok(WeightsFile {
        variant,
        about,
        tuned,
    })
}
