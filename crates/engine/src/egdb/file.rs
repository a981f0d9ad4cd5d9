//! The table file format (version 1), one file per signature, all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `DRGTEGDB` |
//! | 2 | format version (1) |
//! | 1 | the variant's PDN `GameType` number |
//! | 1 | metric: 1 move limits applied, 0 none ([`Metric`]) |
//! | 4 | signature: men and kings of the side to move, then of the other side |
//! | 8 | slots (the index's size) |
//! | 8 | FNV-1a 64 of the values |
//! | 8 | length of the payload |
//! | … | payload: the values, one byte a slot ([`Value::to_byte`](super::Value::to_byte)), compressed with zlib |
//!
//! Loading checks every field against what the caller expects and the values against the
//! checksum, and reports the first mismatch as an [`EgdbError`].

use super::index::{Indexer, Signature};
use super::{EgdbError, Metric, Table};
use draughts_rules::variant::Variant;

pub const MAGIC: &[u8; 8] = b"DRGTEGDB";
pub const VERSION: u16 = 1;
const HEADER: usize = 8 + 2 + 1 + 1 + 4 + 8 + 8 + 8;

/// FNV-1a, 64 bits: enough to tell a damaged table from a sound one.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A table as file bytes.
pub fn encode(variant: Variant, metric: Metric, table: &Table) -> Vec<u8> {
    let payload = miniz_oxide::deflate::compress_to_vec_zlib(&table.values, 6);
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(variant.rules().pdn_game_type);
    out.push(metric as u8);
    let s = table.sig;
    out.extend_from_slice(&[s.white_men, s.white_kings, s.black_men, s.black_kings]);
    out.extend_from_slice(&(table.values.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(&table.values).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

/// The signature a table file says it holds (the rest is checked by [`decode`]).
///
/// # Errors
/// The bytes are not a table file of this format version, or name no valid signature.
pub fn signature(bytes: &[u8]) -> Result<Signature, EgdbError> {
    let unknown = Signature::new(0, 0, 0, 0);
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(EgdbError::Corrupt {
            sig: unknown,
            reason: "not an endgame table file".to_owned(),
        });
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(EgdbError::Version {
            found: version,
            expected: VERSION,
        });
    }
    let sig = Signature::new(bytes[12], bytes[13], bytes[14], bytes[15]);
    let each_side = sig.white_men + sig.white_kings > 0 && sig.black_men + sig.black_kings > 0;
    if sig.pieces() > super::MAX_PIECES || !each_side {
        return Err(EgdbError::Corrupt {
            sig: unknown,
            reason: format!("names no table ({sig})"),
        });
    }
    Ok(sig)
}

/// Reads a table of `variant` and `sig` built with `metric`.
///
/// # Errors
/// The bytes are not a table file, of another version, variant, metric or signature, cut
/// short, or damaged.
pub fn decode(
    bytes: &[u8],
    variant: Variant,
    metric: Metric,
    sig: Signature,
) -> Result<Table, EgdbError> {
    let (ix, payload, checksum) = check_header(bytes, variant, metric, sig)?;
    let bad = |what: &str| EgdbError::Corrupt {
        sig,
        reason: what.to_owned(),
    };
    let slots = ix.len();
    let values = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(payload, slots as usize)
        .map_err(|_| bad("the payload does not decompress"))?;
    if values.len() as u64 != slots {
        return Err(bad("the payload holds too few values"));
    }
    if fnv1a(&values) != checksum {
        return Err(bad("checksum mismatch"));
    }
    Ok(Table { sig, ix, values })
}

/// Checks a table file's header against what the caller expects (everything but the payload's
/// content, which [`decode`] checks): its index, payload and checksum.
///
/// # Errors
/// As [`decode`], but for a payload that does not unpack to its checksum.
pub fn check_header(
    bytes: &[u8],
    variant: Variant,
    metric: Metric,
    sig: Signature,
) -> Result<(Indexer, &[u8], u64), EgdbError> {
    let bad = |what: &str| EgdbError::Corrupt {
        sig,
        reason: what.to_owned(),
    };
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(bad("not an endgame table file"));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(EgdbError::Version {
            found: version,
            expected: VERSION,
        });
    }
    if bytes[10] != variant.rules().pdn_game_type {
        return Err(bad(&format!(
            "built for GameType {}, not {} ({})",
            bytes[10],
            variant.rules().pdn_game_type,
            variant
        )));
    }
    if bytes[11] != metric as u8 {
        return Err(bad("built with another metric"));
    }
    let found = Signature::new(bytes[12], bytes[13], bytes[14], bytes[15]);
    if found != sig {
        return Err(bad(&format!("holds {found}")));
    }
    let ix = Indexer::new(variant, sig);
    let slots = u64_at(16);
    if slots != ix.len() {
        return Err(bad(&format!("{slots} slots, expected {}", ix.len())));
    }
    let checksum = u64_at(24);
    let len = u64_at(32);
    let payload = &bytes[HEADER..];
    if payload.len() as u64 != len {
        return Err(bad(&format!(
            "payload of {} bytes, expected {len}",
            payload.len()
        )));
    }
    Ok((ix, payload, checksum))
}
