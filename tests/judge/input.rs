//! The judge's reader through its real binary: what a number is, bad tokens named by line,
//! input as people save it, endless and random input. (Its answers, exit codes and output:
//! the module `program`.)

use crate::common::WriteStdinBytes;
use assert_cmd::cargo::cargo_bin_cmd;
use assert_cmd::prelude::*;
use predicates::prelude::*;
use std::fs;
use std::process::{Command, Stdio};

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
        "line 2: \"28\": no count is known above N = 27 (--table): from N = 28 the counts are open records, years of a cluster's time, far beyond this program (the toolkit plans one: queens count 28 --estimate)",
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
