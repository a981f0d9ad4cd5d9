//! The learned evaluation's weights, one generated file per variant (`draughts tune fit`; the
//! commands that regenerate them are in README, "The learned evaluation"). Variants without a
//! file of their own keep the hand-made evaluation.

mod brazilian;
mod english;
mod international;
mod russian;

use super::learned::Tuned;
use crate::variant::Variant;

/// The fitted weights of `variant`, if it has any.
pub fn of(variant: Variant) -> Option<&'static Tuned> {
    match variant {
        Variant::International => Some(&international::WEIGHTS),
        Variant::English => Some(&english::WEIGHTS),
        Variant::Russian => Some(&russian::WEIGHTS),
        Variant::Brazilian => Some(&brazilian::WEIGHTS),
        _ => None,
    }
}
