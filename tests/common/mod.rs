//! Helpers shared by the integration tests of the `queens` binary.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

/// The `queens` binary, ready for arguments.
pub fn queens() -> assert_cmd::Command {
    cargo_bin_cmd!("queens")
}

/// Runs `queens` with `args` and checks that it succeeds and prints exactly `stdout`.
pub fn prints(args: &[&str], stdout: &str) {
    queens()
        .args(args)
        .assert()
        .success()
        .stdout(stdout.to_string());
}

/// Runs `queens` with `args` and checks exit code 2, nothing on stdout, and `message` on stderr.
pub fn usage_error(args: &[&str], message: &str) {
    queens()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}
