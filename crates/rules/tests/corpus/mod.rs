//! Where the real game records are: `DRAUGHTS_PDN_DIR`, else `../shared/pdn` beside the
//! repository (where this project's machines keep them). A clone without them skips the tests
//! that read them, and says so: the records are read at test time, never copied here.
//!
//! Shared by the rules' and the engine's tests (`#[path]`), so the rule lives in one place.

use std::path::PathBuf;

/// The records' directory, or `None` (after saying loudly which test is skipped and how to run
/// it) when there is none.
pub fn pdn_dir(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("DRAUGHTS_PDN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/pdn"));
    if dir.is_dir() {
        return Some(dir);
    }
    eprintln!(
        "SKIPPED {test}: no game records at {} (point DRAUGHTS_PDN_DIR at a directory of PDN \
         records laid out as ../shared/pdn: english/, international/, russian/, italian/, czech/)",
        dir.display()
    );
    None
}
