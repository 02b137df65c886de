//! `queens solve` and `queens verify` through the real binaries: one placement, checked, and
//! what they do with hostile input, a reader that goes away and too little memory.

use crate::common::{prints, queens, shell, usage_error};
use nqueens::place::verify;
use predicates::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn solve_piped_into_verify_says_ok() {
    for args in [
        vec!["solve", "100000", "--seed", "5"],
        vec!["solve", "100000", "--seed", "6"],
        vec!["solve", "99999", "--method", "construct"],
    ] {
        let mut solve = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
            .args(&args)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let verify = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
            .arg("verify")
            .stdin(solve.stdout.take().unwrap())
            .output()
            .unwrap();
        assert!(solve.wait().unwrap().success());
        assert_eq!(
            String::from_utf8_lossy(&verify.stdout),
            "ok\n",
            "{:?}",
            args
        );
        assert!(verify.status.success());
    }
}

#[test]
fn solve_prints_one_placement_or_says_there_is_none() {
    prints(&["solve", "4", "--method", "construct"], "2 4 1 3\n");
    prints(&["solve", "1"], "1\n");
    let out = queens()
        .args(["solve", "8", "--format", "board"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let board = String::from_utf8(out.stdout).unwrap();
    let queens_at: Vec<u32> = board.lines().map(|l| l.find('Q').unwrap() as u32).collect();
    assert_eq!(board.lines().count(), 8);
    assert!(board
        .lines()
        .all(|l| l.len() == 8 && l.matches('Q').count() == 1));
    assert_eq!(verify(8, &queens_at), Ok(()));
    for n in ["2", "3"] {
        queens()
            .args(["solve", n])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("queens: no placement of {} queens exists\n", n));
    }
}

#[test]
fn solve_usage_errors() {
    usage_error(
        &["solve", "301", "--format", "board"],
        "--format board draws boards up to 300×300",
    );
    usage_error(
        &["solve", "8", "--method", "annealing"],
        "unknown method \"annealing\"",
    );
    usage_error(&["solve", "8", "--seed", "-1"], "--seed must be a number");
}

#[test]
fn verify_reports_invalid_and_malformed_placements() {
    queens()
        .arg("verify")
        .write_stdin("2 4 1 3\n")
        .assert()
        .success()
        .stdout("ok\n");
    queens()
        .arg("verify")
        .write_stdin("1 2 3\n")
        .assert()
        .code(1)
        .stdout("invalid: the queens of rows 1 and 2 share a diagonal (columns 1 and 2)\n");
    queens()
        .args(["verify", "--n", "5"])
        .write_stdin("2 4 1 3\n")
        .assert()
        .code(1)
        .stdout("invalid: 4 queens, but the board is 5×5\n");
    queens()
        .arg("verify")
        .write_stdin("1 9 3\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("queens: stdin: the queen of row 2 is in column 9, outside the board\n");
    queens()
        .arg("verify")
        .write_stdin("2 four\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 3: \"four\" (number 2) is not a column",
        ));
    queens()
        .args(["verify", "/nonexistent/placement"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/placement",
        ));
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("placement.txt");
    std::fs::write(&file, "3 1 4 2\n").unwrap();
    queens()
        .arg("verify")
        .arg(&file)
        .assert()
        .success()
        .stdout("ok\n");
}

#[test]
fn a_failed_check_is_exit_1_even_when_the_reader_has_gone() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .arg("verify")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before anything is written.
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(b"1 2 3\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: stdin: not a valid placement\n"
    );
}

#[test]
fn verify_reads_numbers_by_the_judges_rule_and_dash_is_stdin() {
    for args in [vec!["verify"], vec!["verify", "-"]] {
        queens()
            .args(&args)
            .write_stdin("\u{feff}+2 04\r1\x0b3")
            .assert()
            .success()
            .stdout("ok\n");
    }
}

#[test]
fn an_unreadable_or_endless_placement_is_refused_at_once() {
    queens()
        .args(["verify", "/"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("queens: cannot read /: "));
    queens()
        .args(["verify", "/dev/zero"])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "queens: /dev/zero: line 1, column 1: \"\\0\\0",
        ));
}

#[test]
fn too_little_memory_is_a_clear_error() {
    let out = shell("ulimit -v 300000; exec \"$0\" solve 100000000 --method minconflict");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("queens: not enough memory: ") && stderr.contains("(solve 100000000)"),
        "{}",
        stderr
    );
    // The formula holds no array: 10^8 queens stream out under 30 MB of address space.
    let out = shell(
        "ulimit -v 30000; \"$0\" solve 100000000 --method construct | tail -c 20; exit ${PIPESTATUS[0]}",
    );
    assert_eq!(out.status.code(), Some(0), "{:?}", out);
    // 10^8 = 4 mod 6: the even columns, then the odd ones up to 99999999.
    assert!(out.stdout.ends_with(b" 99999997 99999999\n"), "{:?}", out);
    let out = shell("seq 1 30000000 | (ulimit -v 100000; exec \"$0\" verify)");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("queens: stdin: not enough memory: the placement read needs"),
        "{}",
        stderr
    );
}

#[test]
fn solve_dash_answers_a_whole_judge_input() {
    let out = queens()
        .args(["solve", "-"])
        .write_stdin("8\n300\n0\n9\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "stops at the 0");
    for (line, n) in lines.iter().zip([8, 300]) {
        queens()
            .args(["verify", "--n", &n.to_string()])
            .write_stdin(format!("{}\n", line))
            .assert()
            .success()
            .stdout("ok\n");
    }
    // Bad input: the answers before it, then the judge's message, exit 2.
    queens()
        .args(["solve", "-", "--method", "construct", "--format", "perm0"])
        .write_stdin("4\nabc\n5\n")
        .assert()
        .code(2)
        .stdout("1 3 0 2\n")
        .stderr("queens: stdin: line 2, column 1: \"abc\": not a whole number\n");
    // An N with no placement is said as it comes; the batch goes on, and ends with exit 1.
    queens()
        .args(["solve", "-", "--format", "lines"])
        .write_stdin("1 3 4")
        .assert()
        .code(1)
        .stdout("1\n\n2\n4\n1\n3\n")
        .stderr("queens: stdin: line 1, column 3: no placement of 3 queens exists\nqueens: 1 of the 3 N asked for have no placement (3); the others were answered\n");
    // POJ 3239's shape with a 2 in it: every other N is answered.
    let out = queens()
        .arg("solve")
        .arg("-")
        .write_stdin("2\n8\n5\n0\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

#[test]
fn verify_reads_boards_as_well_as_perm_lines() {
    for board in [
        ".Q..\n...Q\nQ...\n..Q.\n",
        "\u{feff}..Q.\r\nQ...\r\n...Q\r\n.Q..\r\n\r\n",
        "\n.Q..\r...Q\rQ...\r..Q.",
    ] {
        queens()
            .arg("verify")
            .write_stdin(board)
            .assert()
            .success()
            .stdout("ok\n");
    }
    // Read fine, but not a placement: exit 1 with the reason.
    for (board, verdict) in [
        (
            ".Q..\n..Q.\nQ...\n...Q\n",
            "invalid: the queens of rows 1 and 2 share a diagonal",
        ),
        (
            "Q.\n.Q\n",
            "invalid: the queens of rows 1 and 2 share a diagonal",
        ),
        (
            ".Q..\n.Q.Q\n....\n..Q.\n",
            "invalid: row 2 holds 2 queens, not one",
        ),
        (".Q.\n...\n.Q.\n", "invalid: row 2 holds 0 queens, not one"),
    ] {
        queens()
            .arg("verify")
            .write_stdin(board)
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with(verdict));
    }
    // Not a board: exit 2, naming the line.
    for (board, message) in [
        (".Qx.\n", "line 1, column 3: 'x' is none of '.' (free), '*'"),
        (
            ".Q*.\n",
            "line 1, column 3: '*' (a reserved square) is not part of a placement",
        ),
        (".Q..\n...\n", "line 2: 3 squares, but line 1 has 4"),
        (
            ".Q\nQ.\n.Q\n",
            "line 3: a line too many: the board's lines have 2 squares",
        ),
        (
            "..Q.\nQ...\n",
            "line 2: the board ends after 2 lines, but its lines have 4 squares",
        ),
    ] {
        queens()
            .arg("verify")
            .write_stdin(board)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn verify_reads_every_format_the_tool_prints() {
    for (list, verify) in [
        (&["list", "6", "--format", "json"][..], &["verify"][..]),
        (
            &["list", "6", "--format", "perm0", "--limit", "1"],
            &["verify", "--format", "perm0"],
        ),
        (
            &["list", "6", "--format", "lines", "--limit", "1"],
            &["verify"],
        ),
        (
            &["list", "6", "--format", "board", "--limit", "1"],
            &["verify"],
        ),
    ] {
        let printed = queens().args(list).output().unwrap().stdout;
        let expected = if list.contains(&"json") {
            "ok: 4 placements\n"
        } else {
            "ok\n"
        };
        queens()
            .args(verify)
            .write_stdin(printed)
            .assert()
            .success()
            .stdout(expected);
    }
    // One bad board among several is named by its place; malformed JSON by line and column.
    queens()
        .arg("verify")
        .write_stdin(r#"[[".Q..","...Q","Q...","..Q."],["Q...",".Q..","..Q.","...Q"]]"#)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "invalid: placement 2: the queens of rows 1 and 2",
        ));
    queens()
        .arg("verify")
        .write_stdin("[[\".Q..\",\n\"..x.\"]]")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 2, column 4: a row of a board holds only '.' and 'Q'",
        ));
    // 0-based columns read as 1-based get a hint.
    queens()
        .arg("verify")
        .write_stdin("1 3 0 2")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "0-based columns are the perm0 format",
        ));
}

#[test]
fn a_ragged_board_is_malformed_input_before_it_is_an_invalid_placement() {
    // Dots alone, lines of unequal length: not a board (exit 2), whatever its rows hold.
    for text in ["...\n..\n...\n", ".Q.\n..\n...\n"] {
        queens()
            .arg("verify")
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "line 2: 2 squares, but line 1 has 3",
            ));
    }
    // A well-formed board with an empty row is a placement that fails the check (exit 1).
    queens()
        .arg("verify")
        .write_stdin("...\n...\n...\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("row 1 holds 0 queens, not one"));
}
