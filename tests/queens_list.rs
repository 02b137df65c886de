//! `queens list` through the real binary: formats, limits, and output that reaches its reader.

mod common;

use common::{prints, queens};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn list_in_each_format() {
    prints(
        &["list", "6", "--format", "luogu"],
        "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n",
    );
    prints(
        &["list", "4"],
        ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n",
    );
    prints(
        &["list", "5", "--format", "perm", "--limit", "3"],
        "1 3 5 2 4\n1 4 2 5 3\n2 4 1 3 5\n",
    );
    prints(&["list", "3", "--format", "luogu"], "0\n");
    prints(&["list", "8", "--limit", "0"], "");
    prints(&["list", "1", "--format", "perm"], "1\n");
}

#[test]
fn list_perm_gives_every_placement() {
    let output = queens()
        .args(["list", "8", "--format=perm"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 92);
    assert_eq!(text.lines().next(), Some("1 5 8 6 3 7 2 4"));
    assert_eq!(text.lines().last(), Some("8 4 1 3 6 2 7 5"));
}

#[test]
fn a_reader_that_goes_away_ends_a_listing_quietly() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(["list", "12", "--format", "perm"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "1 3 5 8 10 12 6 11 2 7 9 4\n");
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "status {:?}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
#[test]
fn slow_output_reaches_its_reader_promptly() {
    // N = 32: the first placement is found in about a second, the next ones slowly; the first
    // line must not wait for a 64 KiB buffer to fill. A watchdog ends the test if it does.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(["list", "32", "--format", "perm"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        let _ = Command::new("kill").arg(pid.to_string()).status();
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let mut expected = Vec::new();
    let queens = nqueens::Placements::new(32).next().unwrap();
    nqueens::write_perm(&mut expected, &queens).unwrap();
    assert_eq!(first.as_bytes(), expected, "the first line, within 60 s");
    drop(watchdog);
}
