//! Helpers shared by the integration tests of the `queens` binary.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

/// The `queens` binary, ready for arguments.
pub fn queens() -> assert_cmd::Command {
    cargo_bin_cmd!("queens")
}

/// Runs `queens` with `args` and checks that it succeeds and prints exactly `stdout`.
#[allow(dead_code)] // not every test file uses every helper
pub fn prints(args: &[&str], stdout: &str) {
    queens()
        .args(args)
        .assert()
        .success()
        .stdout(stdout.to_string());
}

/// Runs `queens` with `args` and checks exit code 2, nothing on stdout, and `message` on stderr.
#[allow(dead_code)] // not every test file uses every helper
pub fn usage_error(args: &[&str], message: &str) {
    queens()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

/// Runs `script` in bash with `$0` set to the `queens` binary, e.g.
/// `shell("ulimit -v 300000; exec \"$0\" solve 100000000")`: for closed descriptors, memory
/// limits and pipes.
#[allow(dead_code)] // not every test file uses every helper
pub fn shell(script: &str) -> std::process::Output {
    std::process::Command::new("bash")
        .args(["-c", script])
        .arg(assert_cmd::cargo::cargo_bin!("queens"))
        .output()
        .expect("bash runs")
}
