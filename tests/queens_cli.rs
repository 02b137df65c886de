//! The toolkit `queens` through its real binary: each subcommand, each format, each usage error.

mod common;

use common::{prints, queens, usage_error};
use predicates::prelude::*;

#[test]
fn count_12_with_every_algorithm() {
    for algo in [
        "backtrack",
        "mirror",
        "flags",
        "links",
        "bitwise",
        "recursive",
    ] {
        prints(&["count", "12", "--algo", algo], "14200\n");
    }
    prints(&["count", "--algo=links", "9"], "352\n");
    prints(&["count", "0"], "1\n");
    prints(&["count", "3"], "0\n");
}

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
fn usage_errors_are_named_with_exit_2() {
    usage_error(&[], "missing command");
    usage_error(&["counts", "8"], "unknown command \"counts\"");
    usage_error(&["count"], "missing N");
    usage_error(&["count", "8", "9"], "unexpected argument \"9\"");
    usage_error(
        &["count", "33"],
        "N must be a number from 0 to 32, not \"33\"",
    );
    usage_error(
        &["count", "-1"],
        "N must be a number from 0 to 32, not \"-1\"",
    );
    usage_error(
        &["count", "eight"],
        "N must be a number from 0 to 32, not \"eight\"",
    );
    usage_error(&["count", "8", "--algo"], "--algo needs a value");
    usage_error(
        &["count", "8", "--algo", "quick"],
        "unknown algorithm \"quick\"",
    );
    usage_error(&["count", "8", "--fast"], "unknown flag --fast");
    usage_error(&["list", "8", "--format", "csv"], "unknown format \"csv\"");
    usage_error(&["list", "8", "--limit", "x"], "--limit must be a number");
    usage_error(
        &["list", "8", "--format", "luogu", "--limit", "2"],
        "--limit does not go with --format luogu",
    );
    usage_error(
        &["bench", "--from", "12", "--to", "10"],
        "--from 12 is above --to 10",
    );
    usage_error(&["bench", "--budget", "0"], "--budget must be a number");
    usage_error(
        &["bench", "--to", "40"],
        "--to must be a number from 1 to 32",
    );
    usage_error(&["bench", "--svg"], "--svg needs a value");
    usage_error(
        &["bench", "--algo", "fastest"],
        "unknown algorithm \"fastest\"",
    );
    queens()
        .args(["list", "5", "--limit=2=3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit must be a number"));
}

#[test]
fn help_for_the_whole_and_each_subcommand() {
    queens()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Commands:"));
    for (command, flag) in [
        ("count", "--algo"),
        ("list", "--format"),
        ("bench", "--budget"),
    ] {
        queens()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(flag));
    }
    queens()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("queens "));
}

#[test]
fn bench_prints_a_table_and_writes_a_plot() {
    let svg = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-test.svg");
    let _ = std::fs::remove_file(&svg);
    queens()
        .args([
            "bench",
            "--from",
            "4",
            "--to",
            "7",
            "--algo",
            "links",
            "bitwise,recursive",
            "--budget",
            "10",
            "--svg",
        ])
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "| ms \\ N | 4 | 5 | 6 | 7 |\n| --- | ---: | ---: | ---: | ---: |\n| links |",
        ))
        .stdout(predicate::str::contains("| bitwise |"))
        .stdout(predicate::str::contains("| recursive |"))
        .stdout(predicate::str::contains("backtrack").not());
    let plot = std::fs::read_to_string(&svg).unwrap();
    assert!(plot.starts_with("<svg") && plot.trim_end().ends_with("</svg>"));
    assert_eq!(plot.matches("<polyline").count(), 3);
}

#[test]
fn bench_says_when_it_cannot_write_the_plot() {
    queens()
        .args([
            "bench",
            "--from",
            "4",
            "--to",
            "4",
            "--algo",
            "links",
            "--svg",
            "/nonexistent/dir/x.svg",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot write /nonexistent/dir/x.svg",
        ));
}

#[test]
fn count_with_the_fast_counter() {
    prints(&["count", "12"], "14200\n");
    prints(&["count", "12", "--unique"], "1787\n");
    prints(&["count", "11", "--threads", "3"], "2680\n");
    let parts: u64 = (1..=4)
        .map(|k| {
            let out = queens()
                .args(["count", "12", "--part", &format!("{}/4", k)])
                .output()
                .unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(parts, 14200);
    let board = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/cses-1624.board");
    prints(&["count", "--board", board], "65\n");
    prints(&["count", "8", "--board", board], "65\n");
    // Not a terminal: no progress on stderr.
    queens().args(["count", "10"]).assert().success().stderr("");
}

#[test]
fn count_usage_errors_for_the_fast_counter() {
    let board = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/cses-1624.board");
    usage_error(
        &["count", "8", "--part", "0/3"],
        "--part must be K/M with 1 <= K <= M",
    );
    usage_error(&["count", "8", "--part", "4/3"], "--part must be K/M");
    usage_error(&["count", "8", "--part", "three"], "--part must be K/M");
    usage_error(
        &["count", "8", "--threads", "0"],
        "--threads must be a number from 1 to 1024",
    );
    usage_error(
        &["count", "8", "--algo", "links", "--unique"],
        "--unique goes with --algo fast or symmetric only",
    );
    usage_error(
        &["count", "8", "--algo", "links", "--threads", "2"],
        "--threads goes with --algo fast or symmetric only",
    );
    usage_error(
        &["count", "--board", board, "--unique"],
        "--unique counts classes",
    );
    usage_error(&["count", "9", "--board", board], "N = 9 but the board in");
    usage_error(
        &["count", "--board", "/nonexistent/board"],
        "cannot read /nonexistent/board",
    );
}

#[test]
fn a_malformed_board_is_refused_with_its_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("ragged.board");
    std::fs::write(&path, "...\n..\n...\n").unwrap();
    queens()
        .args(["count", "--board"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "ragged.board: line 2: 2 squares, but the board has 3 lines",
        ));
}

#[test]
fn a_closed_stdout_ends_a_listing_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
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
