//! The learned evaluation's weights, one data file per variant (`crates/engine/weights/`,
//! written by `draughts tune fit`; the commands that regenerate them are in docs/engine.md,
//! "The learned evaluation", and each file's own `about` text). Built in and decoded once, on
//! first use; the format is [`file`]'s.

pub mod file;

use super::learned::Tuned;
use draughts_rules::variant::Variant;
use std::sync::OnceLock;

pub use file::{decode, encode, WeightsError, WeightsFile};

/// Each variant's weights file, built in, in the order of `Variant::ALL` (the variants'
/// declaration order, so that `variant as usize` indexes it).
const FILES: [(Variant, &[u8]); Variant::ALL.len()] = [
    (
        Variant::International,
        include_bytes!("../../weights/international.weights"),
    ),
    (
        Variant::English,
        include_bytes!("../../weights/english.weights"),
    ),
    (
        Variant::Russian,
        include_bytes!("../../weights/russian.weights"),
    ),
    (
        Variant::Brazilian,
        include_bytes!("../../weights/brazilian.weights"),
    ),
    (
        Variant::Frisian,
        include_bytes!("../../weights/frisian.weights"),
    ),
    (
        Variant::Frysk,
        include_bytes!("../../weights/frysk.weights"),
    ),
    (
        Variant::Antidraughts,
        include_bytes!("../../weights/antidraughts.weights"),
    ),
    (
        Variant::Breakthrough,
        include_bytes!("../../weights/breakthrough.weights"),
    ),
    (
        Variant::Italian,
        include_bytes!("../../weights/italian.weights"),
    ),
    (
        Variant::Spanish,
        include_bytes!("../../weights/spanish.weights"),
    ),
    (
        Variant::Portuguese,
        include_bytes!("../../weights/portuguese.weights"),
    ),
    (
        Variant::Czech,
        include_bytes!("../../weights/czech.weights"),
    ),
    (Variant::Pool, include_bytes!("../../weights/pool.weights")),
    (
        Variant::Turkish,
        include_bytes!("../../weights/turkish.weights"),
    ),
];

/// The built-in weights file of `variant`, decoded.
///
/// # Errors
/// The built-in file is damaged or is another variant's (a build from a broken tree).
pub fn built_in(variant: Variant) -> Result<WeightsFile, WeightsError> {
    let (_, bytes) = FILES[variant as usize];
    let file = decode(bytes)?;
    if file.variant != variant {
        return Err(WeightsError::WrongVariant {
            found: file.variant,
            expected: variant,
        });
    }
    Ok(file)
}

/// The fitted weights of `variant` (every variant has its own), decoded on first use.
///
/// # Panics
/// If the built-in file does not decode, which the tests rule out for every variant.
pub fn of(variant: Variant) -> &'static Tuned {
    static DECODED: [OnceLock<Tuned>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    DECODED[variant as usize].get_or_init(|| match built_in(variant) {
        Ok(file) => file.tuned,
        Err(e) => panic!("the built-in {variant} weights: {e}"),
    })
}
