//! `queens list` through the real binary: formats, limits, and output that reaches its reader.

use crate::common::{prints, queens};
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
    // line must not wait for a 64 KiB buffer to fill.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(["list", "32", "--format", "perm"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = crate::common::lines_of(child.stdout.take().unwrap());
    let first = lines.recv_timeout(std::time::Duration::from_secs(60));
    child.kill().unwrap();
    child.wait().unwrap();
    let mut expected = Vec::new();
    let queens = nqueens::list::Placements::new(32).next().unwrap();
    nqueens::list::write_perm(&mut expected, &queens).unwrap();
    let expected = String::from_utf8(expected).unwrap();
    assert_eq!(
        first.as_deref(),
        Ok(expected.trim_end()),
        "the first line, within 60 s"
    );
}

#[test]
fn json_is_leetcode_51s_answer_and_valid_json() {
    queens()
        .args(["list", "4", "--format", "json"])
        .assert()
        .success()
        .stdout("[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
    for n in 1..=8u32 {
        let json = queens()
            .args(["list", &n.to_string(), "--format", "json"])
            .output()
            .unwrap()
            .stdout;
        // A JSON parser reads it back as the boards of every placement.
        let script = "import json, sys\nfor board in json.load(sys.stdin): print(' '.join(str(row.index('Q') + 1) for row in board))";
        let Some(perms) = crate::common::python(script, &json) else {
            return;
        };
        assert!(perms.status.success(), "n = {}: not JSON", n);
        let want = queens()
            .args(["list", &n.to_string(), "--format", "perm"])
            .output()
            .unwrap();
        assert_eq!(perms.stdout, want.stdout, "n = {}", n);
    }
}

#[test]
fn every_format_prints_the_same_placements() {
    let perm = String::from_utf8(
        queens()
            .args(["list", "6", "--format", "perm"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let perms: Vec<Vec<u64>> = perm
        .lines()
        .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect();
    let zero: String = perms
        .iter()
        .map(|p| {
            p.iter()
                .map(|c| (c - 1).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    prints(&["list", "6", "--format", "perm0"], &zero);
    let lines: Vec<String> = perms
        .iter()
        .map(|p| p.iter().map(|c| format!("{}\n", c)).collect())
        .collect();
    prints(&["list", "6", "--format", "lines"], &lines.join("\n"));
}

#[test]
fn the_fundamental_placements_of_eight_are_the_twelve() {
    let out = queens()
        .args(["list", "8", "--unique", "--format", "perm"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 12);
    assert!(text.starts_with("1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n"));
    // Each is in the full list, and the listing is in order.
    let all = String::from_utf8(
        queens()
            .args(["list", "8", "--format", "perm"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let mut at = 0;
    for line in text.lines() {
        let found = all.lines().skip(at).position(|l| l == line).expect(line);
        at += found + 1;
    }
    prints(
        &["list", "8", "--unique", "--limit", "1", "--format", "perm"],
        "1 5 8 6 3 7 2 4\n",
    );
}

#[test]
fn luogu_counts_its_total_instead_of_listing_it() {
    // N = 16 would take seconds to list; its total is counted. The three placements are the
    // first three of the full list.
    let out = queens()
        .args(["list", "16", "--format", "luogu"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3], "14772512");
    let first = queens()
        .args(["list", "16", "--format", "perm", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(
        lines[..3].join("\n") + "\n",
        String::from_utf8(first.stdout).unwrap()
    );
    prints(
        &["list", "8", "--unique", "--format", "luogu"],
        "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n2 4 6 8 3 1 7 5\n12\n",
    );
}

#[test]
fn a_wide_board_with_many_empty_rows_is_refused_as_count_refuses_it() {
    let board = std::env::temp_dir().join(format!("nqueens-wide-{}.board", std::process::id()));
    std::fs::write(&board, format!("{}\n", ".".repeat(40)).repeat(40)).unwrap();
    let out = queens()
        .args(["list", "--board", board.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&board).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("40 rows still empty"));
}
