//! Running the `draughts` binary from the tests: with text or raw bytes on its input, or none.
//! Shared by the test files of this crate (`mod common;`); not every file uses every runner.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary on `stdin`: standard output and the exit code.
pub fn draughts(args: &[&str], stdin: &str) -> (String, i32) {
    draughts_bytes(args, stdin.as_bytes())
}

/// Runs the binary without input: standard output, standard error and the exit code.
pub fn draughts_all(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs the binary on raw bytes; fails (rather than hangs) if it has not exited after a minute
/// once its input is closed.
pub fn draughts_bytes(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let pid = child.id();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if done_rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    });
    let out = child.wait_with_output().unwrap();
    let _ = done_tx.send(());
    watchdog.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs the binary on `input` and expects success: its standard output. No time limit (a
/// whole match may run here; its errors go to the test's own output).
pub fn run_cli(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the draughts binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}
