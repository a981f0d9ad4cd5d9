//! What the page, the CLI and the Hub protocol say about each variant: its names, the two lines
//! a variant picker shows, and which rule table it plays by.

use super::tables::{
    ANTIDRAUGHTS, BRAZILIAN, BREAKTHROUGH, CZECH, ENGLISH, FRISIAN, FRYSK, INTERNATIONAL, ITALIAN,
    POOL, PORTUGUESE, RUSSIAN, SPANISH, TURKISH,
};
use super::{Rules, Variant};

/// What the page, the CLI and the Hub protocol say about a variant.
pub(super) struct About {
    pub(super) name: &'static str,
    /// Other names accepted on input.
    pub(super) aliases: &'static [&'static str],
    pub(super) title: &'static str,
    pub(super) summary: &'static str,
    /// Scan's name in the Hub protocol, where Scan has one.
    pub(super) hub: &'static str,
    pub(super) rules: &'static Rules,
}

impl Variant {
    pub(super) const fn about(self) -> &'static About {
        match self {
            Variant::International => &About {
                name: "international",
                aliases: &["intl", "10x10", "normal"],
                title: "International",
                summary: "10×10, flying kings, men capture backward.\nThe most pieces must be taken.",
                hub: "normal",
                rules: &INTERNATIONAL,
            },
            Variant::English => &About {
                name: "english",
                aliases: &["american", "checkers"],
                title: "English / Checkers",
                summary: "8×8, Black first, kings move one square.\nMen capture forward only; any capture.",
                hub: "english",
                rules: &ENGLISH,
            },
            Variant::Russian => &About {
                name: "russian",
                aliases: &["shashki"],
                title: "Russian",
                summary: "8×8, flying kings, men capture backward.\nAny capture; a man crowned mid-capture goes on as a king.",
                hub: "russian",
                rules: &RUSSIAN,
            },
            Variant::Brazilian => &About {
                name: "brazilian",
                aliases: &[],
                title: "Brazilian",
                summary: "International rules on 8×8.\nFlying kings; the most pieces must be taken.",
                hub: "brazilian",
                rules: &BRAZILIAN,
            },
            Variant::Frisian => &About {
                name: "frisian",
                aliases: &[],
                title: "Frisian",
                summary: "10×10; pieces also capture along rows and columns.\nThe capture of greatest value is compulsory.",
                hub: "frisian",
                rules: &FRISIAN,
            },
            Variant::Frysk => &About {
                name: "frysk",
                aliases: &["frysk!"],
                title: "Frysk!",
                summary: "Frisian rules from five men each\non the back row.",
                hub: "frysk",
                rules: &FRYSK,
            },
            Variant::Antidraughts => &About {
                name: "antidraughts",
                aliases: &["losing", "giveaway"],
                title: "Antidraughts",
                summary: "International moves and captures.\nLose all your pieces, or get blocked, to win.",
                hub: "losing",
                rules: &ANTIDRAUGHTS,
            },
            Variant::Breakthrough => &About {
                name: "breakthrough",
                aliases: &["bt"],
                title: "Breakthrough",
                summary: "International moves and captures.\nThe first player to crown a king wins.",
                hub: "bt",
                rules: &BREAKTHROUGH,
            },
            Variant::Italian => &About {
                name: "italian",
                aliases: &["dama"],
                title: "Italian",
                summary: "8×8 turned; men cannot take kings; kings move one square.\nMost pieces, then king captures, then most kings.",
                hub: "italian",
                rules: &ITALIAN,
            },
            Variant::Spanish => &About {
                name: "spanish",
                aliases: &[],
                title: "Spanish",
                summary: "8×8 turned, flying kings; men capture forward only.\nMost pieces, then most kings.",
                hub: "spanish",
                rules: &SPANISH,
            },
            Variant::Portuguese => &About {
                name: "portuguese",
                aliases: &[],
                title: "Portuguese",
                summary: "8×8 turned, flying kings; men capture forward only.\nMost pieces, then most kings.",
                hub: "portuguese",
                rules: &PORTUGUESE,
            },
            Variant::Czech => &About {
                name: "czech",
                aliases: &[],
                title: "Czech",
                summary: "8×8, flying kings; men capture forward only.\nA king must capture if it can; otherwise any capture.",
                hub: "czech",
                rules: &CZECH,
            },
            Variant::Pool => &About {
                name: "pool",
                aliases: &["american-pool", "pool-checkers"],
                title: "American Pool",
                summary: "8×8, Black first, flying kings, men capture backward.\nAny capture; crowned only where the capture ends.",
                hub: "pool",
                rules: &POOL,
            },
            Variant::Turkish => &About {
                name: "turkish",
                aliases: &["dama-turca"],
                title: "Turkish",
                summary: "All 64 squares; men move forward and sideways.\nKings fly along lines; the most pieces must be taken.",
                hub: "turkish",
                rules: &TURKISH,
            },
        }
    }
}
