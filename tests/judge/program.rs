//! The judge program `nqueens` through its real binary: fixtures, bad input, exit codes. (The
//! single-file build with plain `rustc` is checked by `.ci/run` and `scripts/check-old-rustc`.)

use crate::common::WriteStdinBytes;
use assert_cmd::cargo::cargo_bin_cmd;
use assert_cmd::prelude::*;
use predicates::prelude::*;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every `fixtures/*.in` with its `.out`, sorted; panics if there is none, so the fixture tests
/// cannot pass by finding nothing.
fn fixtures() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut found: Vec<(PathBuf, String)> = fs::read_dir(&dir)
        .expect("fixtures/ is readable")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .map(|input| {
            let out = fs::read_to_string(input.with_extension("out"))
                .unwrap_or_else(|e| panic!("{} has no .out: {}", input.display(), e));
            (input, out)
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no fixtures found in {}", dir.display());
    found
}

#[test]
fn every_fixture_gives_its_expected_output() {
    for (input, expected) in fixtures() {
        cargo_bin_cmd!("nqueens")
            .pipe_stdin(&input)
            .unwrap()
            .assert()
            .success()
            .stdout(predicate::eq(expected.as_str()))
            .stderr(predicate::str::is_empty());
    }
}

#[test]
fn every_fixture_gives_the_same_output_from_the_table() {
    for (input, expected) in fixtures() {
        cargo_bin_cmd!("nqueens")
            .arg("--table")
            .pipe_stdin(&input)
            .unwrap()
            .assert()
            .success()
            .stdout(predicate::eq(expected.as_str()));
    }
}

#[test]
fn an_unreadable_input_is_an_io_error() {
    Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdin(fs::File::open("/").unwrap())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("nqueens: cannot read the input: "));
}

#[test]
fn a_full_disk_is_reported_even_when_bad_input_follows() {
    Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdout(fs::File::create("/dev/full").unwrap())
        .write_stdin_bytes(b"8\nabc\n")
        .assert()
        .code(1)
        .stderr(
            "nqueens: cannot write the answers: No space left on device (os error 28)\n\
             nqueens: line 2: \"abc\": not a whole number\n",
        );
    Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdout(fs::File::create("/dev/full").unwrap())
        .write_stdin_bytes(b"8\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("No space left on device"));
}

#[test]
fn a_dev_null_stdout_is_a_success_however_it_was_opened() {
    // `>/dev/null` opens it write-only; Python's subprocess.DEVNULL and `1<>` read-write; `>&-`
    // closes it, and the Rust runtime reopens it as /dev/null read-write before main.
    let judge = assert_cmd::cargo::cargo_bin!("nqueens");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample-1.in");
    for redirect in [">/dev/null", "1<>/dev/null", ">&-"] {
        Command::new("bash")
            .args(["-c", &format!("exec \"$0\" <\"$1\" {}", redirect)])
            .arg(judge)
            .arg(&sample)
            .assert()
            .success()
            .stderr("");
    }
}

#[test]
fn each_answer_is_flushed_before_the_next_line_is_waited_for() {
    use std::io::Write;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let answers = crate::common::lines_of(child.stdout.take().unwrap());
    for (n, answer) in [("8", "92"), ("5", "10"), ("1", "1")] {
        writeln!(input, "{}", n).unwrap();
        input.flush().unwrap();
        let line = answers.recv_timeout(std::time::Duration::from_secs(30));
        assert_eq!(
            line.as_deref(),
            Ok(answer),
            "the answer to {} within 30 s",
            n
        );
    }
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn an_unwritable_stderr_keeps_the_exit_code() {
    for (input, code) in [("abc\n", 2), ("8\n0\n", 0)] {
        let out = Command::new("bash")
            .args(["-c", "printf '%s' \"$1\" | \"$0\" 2>/dev/full"])
            .arg(assert_cmd::cargo::cargo_bin!("nqueens"))
            .arg(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{:?}", input);
    }
    Command::new("bash")
        .args(["-c", "\"$0\" --bogus 2>/dev/full"])
        .arg(assert_cmd::cargo::cargo_bin!("nqueens"))
        .assert()
        .code(2);
}

#[test]
fn an_unknown_or_repeated_argument_is_a_usage_error() {
    for (args, message) in [
        (
            &["--fast"][..],
            "unknown argument \"--fast\"; try 'nqueens --help'",
        ),
        // A near miss is named.
        (
            &["--tabel"],
            "unknown argument \"--tabel\"; did you mean --table?",
        ),
        (&["-table"], "did you mean --table?"),
        (&["--hlep"], "did you mean --help?"),
        (&["--table", "--table"], "--table is given twice"),
        // `--` ends the flags; the judge takes no other argument.
        (&["--", "--table"], "unknown argument \"--table\""),
    ] {
        cargo_bin_cmd!("nqueens")
            .args(args)
            .write_stdin("4\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    cargo_bin_cmd!("nqueens")
        .args(["--table", "--"])
        .write_stdin("4\n")
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn help_and_version() {
    cargo_bin_cmd!("nqueens")
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage: nqueens [--table]"))
        .stdout(predicate::str::contains("Exit codes"));
    cargo_bin_cmd!("nqueens")
        .arg("-V")
        .assert()
        .success()
        .stdout(format!("nqueens {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_reader_that_goes_away_ends_quietly() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Far more answers than a pipe buffer holds, so the judge must meet the closed pipe.
        for _ in 0..200_000 {
            if stdin.write_all(b"8\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "92\n");
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "status {:?}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
