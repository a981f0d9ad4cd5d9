//! The input layout the fuzz targets share: byte 0 picks the variant, the rest is split at its
//! first `\n` (which belongs to neither part).

use draughts_rules::Variant;

/// `(variant, before the first newline, after it)`; `None` for empty input.
pub fn split(data: &[u8]) -> Option<(Variant, &[u8], &[u8])> {
    let (&v, rest) = data.split_first()?;
    let variant = Variant::ALL[v as usize % Variant::ALL.len()];
    let split = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let (head, tail) = rest.split_at(split);
    Some((variant, head, tail.get(1..).unwrap_or(&[])))
}
