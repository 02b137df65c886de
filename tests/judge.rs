//! The judge program `nqueens` through its real binary: fixtures, bad input, exit codes. (The
//! single-file build with plain `rustc` is checked by `.ci/run` and `scripts/check-old-rustc`.)

mod common;

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

/// Runs the judge on `input` and checks the answers written before the bad token, the exit
/// code 2 and that stderr names the line and the text.
fn rejects(args: &[&str], input: &[u8], stdout: &str, stderr: &str) {
    cargo_bin_cmd!("nqueens")
        .args(args)
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(predicate::eq(stdout))
        .stderr(predicate::eq(format!("nqueens: {}\n", stderr)));
}

#[test]
fn a_word_is_not_a_number() {
    rejects(
        &[],
        b"4\n5\n  abc \n6\n0\n",
        "2\n10\n",
        "line 3: \"abc\": not a whole number",
    );
}

#[test]
fn a_number_glued_to_text_is_not_a_number() {
    rejects(
        &[],
        b"8\n1x\n",
        "92\n",
        "line 2: \"1x\": not a whole number",
    );
    rejects(
        &[],
        b"8 3.5\n",
        "92\n",
        "line 1: \"3.5\": not a whole number",
    );
}

#[test]
fn a_negative_number_is_rejected() {
    rejects(
        &[],
        b"1\r\n-4\r\n",
        "1\n",
        "line 2: \"-4\": negative; N must be from 1 to 32",
    );
}

#[test]
fn n_above_32_is_rejected() {
    rejects(
        &[],
        b"6\n\n33\n",
        "4\n",
        "line 3: \"33\": too large; N must be from 1 to 32",
    );
}

#[test]
fn numbers_are_read_by_value_whatever_their_length() {
    let zeros = "0".repeat(50);
    cargo_bin_cmd!("nqueens")
        .write_stdin(format!("{z}8\n{z}\n4\n", z = zeros))
        .assert()
        .success()
        .stdout("92\n");
    rejects(
        &[],
        format!("1\n-{}1\n", "0".repeat(44)).as_bytes(),
        "1\n",
        &format!(
            "line 2: \"-{}...\": negative; N must be from 1 to 32",
            "0".repeat(39)
        ),
    );
}

#[test]
fn a_negative_number_with_the_table_names_the_table_range() {
    rejects(
        &["--table"],
        b"4\n-3\n",
        "2\n",
        "line 2: \"-3\": negative; N must be from 1 to 27",
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped_and_nowhere_else() {
    cargo_bin_cmd!("nqueens")
        .write_stdin(&b"\xEF\xBB\xBF8\r\n0\r\n"[..])
        .assert()
        .success()
        .stdout("92\n");
    rejects(
        &[],
        "8\n\u{feff}8\n".as_bytes(),
        "92\n",
        "line 2: \"\\u{feff}8\": not a whole number",
    );
    // A byte-order mark cut short is text that is not UTF-8.
    rejects(
        &[],
        b"\xEF\xBB",
        "",
        "line 1: \"\\xef\\xbb\": not valid UTF-8",
    );
}

#[test]
fn lines_end_at_a_lone_cr_and_vertical_tabs_are_whitespace() {
    rejects(
        &[],
        b"8\r5\rabc\r",
        "92\n10\n",
        "line 3: \"abc\": not a whole number",
    );
    rejects(
        &[],
        b"8\r\n\r\n5\x0b4\x0c\nabc",
        "92\n10\n2\n",
        "line 4: \"abc\": not a whole number",
    );
}

#[test]
fn an_endless_bad_token_is_reported_at_once() {
    // /dev/zero never ends: the judge must stop on its own, after 41 bytes.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
        .stdin(fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("nqueens < /dev/zero still runs after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child
        .wait_with_output()
        .unwrap()
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("nqueens: line 1: \"\\0\\0\\0"))
        .stderr(predicate::str::contains("...\": not a whole number"));
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
    let answers = common::lines_of(child.stdout.take().unwrap());
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

/// What the judge must print for `input` (with `--table`), by a model written apart from it:
/// the answers before the first bad token, and the bad token's line if there is one.
fn model(input: &[u8]) -> (String, Option<u64>) {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut answers = String::new();
    let (mut line, mut i) = (1u64, 0);
    while i < input.len() {
        let byte = input[i];
        if b" \t\n\x0b\x0c\r".contains(&byte) {
            if byte == b'\n' && !(i > 0 && input[i - 1] == b'\r') || byte == b'\r' {
                line += 1;
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < input.len() && !b" \t\n\x0b\x0c\r".contains(&input[i]) {
            i += 1;
        }
        let token = &input[start..i];
        let (negative, digits) = match token[0] {
            b'-' => (true, &token[1..]),
            b'+' => (false, &token[1..]),
            _ => (false, token),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return (answers, Some(line));
        }
        let significant = match digits.iter().position(|&d| d != b'0') {
            None => return (answers, None), // a zero ends the input
            Some(p) => &digits[p..],
        };
        if negative || significant.len() > 2 {
            return (answers, Some(line));
        }
        let n: usize = std::str::from_utf8(significant).unwrap().parse().unwrap();
        if n > 27 {
            return (answers, Some(line));
        }
        answers += &format!("{}\n", nqueens::judge::KNOWN_COUNTS[n]);
    }
    (answers, None)
}

#[test]
fn random_input_never_panics_and_answers_up_to_the_first_bad_token() {
    let pieces: &[&[u8]] = &[
        b"1",
        b"4",
        b"8",
        b"27",
        b"28",
        b"0",
        b"00",
        b"+",
        b"-",
        b"-0",
        b"5",
        b"12",
        b" ",
        b"\t",
        b"\n",
        b"\r",
        b"\r\n",
        b"\x0b",
        b"\x0c",
        b"\xEF\xBB\xBF",
        b"\xff",
        b"\xc3",
        b"\xc3\xa9",
        b"x",
        b".",
        b"00000000000000000000000000000000000000000000007",
        b"99999999999999999999999",
    ];
    let mut state = 0x2553_u64; // a fixed seed: the same inputs every run
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for case in 0..2000 {
        let mut input = Vec::new();
        for _ in 0..next() % 12 {
            // Non-zero digits and whitespace more often, so many inputs have several answers.
            let piece = pieces[(next() % pieces.len() as u64) as usize];
            if piece == b"0" && next() % 4 != 0 {
                continue;
            }
            input.extend_from_slice(piece);
        }
        let (answers, bad_line) = model(&input);
        let output = Command::new(assert_cmd::cargo::cargo_bin!("nqueens"))
            .arg("--table")
            .stdout(Stdio::piped())
            .write_stdin_bytes(&input);
        let shown = format!(
            "case {}: input {:?}",
            case,
            input.escape_ascii().to_string()
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            answers,
            "{}",
            shown
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        match bad_line {
            None => assert_eq!(output.status.code(), Some(0), "{} {}", shown, stderr),
            Some(line) => {
                assert_eq!(output.status.code(), Some(2), "{}", shown);
                let prefix = format!("nqueens: line {}: ", line);
                assert!(stderr.starts_with(&prefix), "{}: {}", shown, stderr);
            }
        }
    }
}

/// Running a command with bytes on its stdin (stdout as set, stderr captured), where
/// `write_stdin` of assert_cmd cannot be used with a stdout of our choosing.
trait WriteStdinBytes {
    fn write_stdin_bytes(&mut self, input: &[u8]) -> std::process::Output;
}

impl WriteStdinBytes for Command {
    fn write_stdin_bytes(&mut self, input: &[u8]) -> std::process::Output {
        let mut child = self
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        // The judge may stop reading early: a failed write here is expected then.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        output
    }
}

#[test]
fn a_huge_number_is_rejected_and_shortened() {
    let mut input = b"4\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 100_000));
    rejects(
        &[],
        &input,
        "2\n",
        &format!(
            "line 2: \"{}...\": too large; N must be from 1 to 32",
            "9".repeat(40)
        ),
    );
}

#[test]
fn n_above_27_has_no_table_entry() {
    rejects(
        &["--table"],
        b"27\n28\n",
        "234907967154122528\n",
        "line 2: \"28\": no count is known above N = 27 (--table); run without --table to compute it",
    );
}

#[test]
fn bytes_that_are_not_utf8_are_rejected() {
    rejects(
        &[],
        b"5\n4 \xff\xfe1\n",
        "10\n2\n",
        "line 2: \"\\xff\\xfe1\": not valid UTF-8",
    );
}

#[test]
fn text_that_is_utf8_but_not_ascii_is_not_a_number() {
    rejects(
        &[],
        "8\n八\n".as_bytes(),
        "92\n",
        "line 2: \"八\": not a whole number",
    );
}

#[test]
fn bad_input_after_the_zero_is_never_read() {
    cargo_bin_cmd!("nqueens")
        .write_stdin(&b"4\n0\n\xff oops -1\n"[..])
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn an_unknown_or_repeated_argument_is_a_usage_error() {
    for (args, message) in [
        (&["--fast"][..], "unknown argument \"--fast\""),
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

#[test]
fn a_character_cut_by_the_40_byte_cap_is_left_out_of_the_message() {
    // 39 letters and a two-byte character: the 40 bytes kept end in half of it.
    let token = format!("{}é{}\n", "a".repeat(39), "b".repeat(10));
    rejects(
        &[],
        token.as_bytes(),
        "",
        &format!("line 1: \"{}...\": not a whole number", "a".repeat(39)),
    );
}
