//! The learned evaluation's weights, one generated file per variant (`draughts tune fit`; the
//! commands that regenerate them are in docs/engine.md, "The learned evaluation").

mod antidraughts;
mod brazilian;
mod breakthrough;
mod czech;
mod english;
mod frisian;
mod frysk;
mod international;
mod italian;
mod pool;
mod portuguese;
mod russian;
mod spanish;
mod turkish;

use super::learned::Tuned;
use draughts_rules::variant::Variant;

/// The fitted weights of `variant` (every variant has its own).
pub fn of(variant: Variant) -> &'static Tuned {
    match variant {
        Variant::International => &international::WEIGHTS,
        Variant::English => &english::WEIGHTS,
        Variant::Russian => &russian::WEIGHTS,
        Variant::Brazilian => &brazilian::WEIGHTS,
        Variant::Frisian => &frisian::WEIGHTS,
        Variant::Frysk => &frysk::WEIGHTS,
        Variant::Antidraughts => &antidraughts::WEIGHTS,
        Variant::Breakthrough => &breakthrough::WEIGHTS,
        Variant::Italian => &italian::WEIGHTS,
        Variant::Spanish => &spanish::WEIGHTS,
        Variant::Portuguese => &portuguese::WEIGHTS,
        Variant::Czech => &czech::WEIGHTS,
        Variant::Pool => &pool::WEIGHTS,
        Variant::Turkish => &turkish::WEIGHTS,
    }
}
