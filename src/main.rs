//! The judge program for HDU 2553 "N皇后问题": for each N read from standard input until a `0`,
//! print the number of ways N queens can stand on an N×N board without attacking each other.
//!
//! This file is self-contained and uses only `std`, so it can be submitted to an online judge as it
//! is (`rustc --edition 2018|2021|2024 -O main.rs`, Rust 1.70 or later). The `nqueens` library
//! includes it as its module `judge`, so the counter and the table below exist exactly once.
//!
//! # Example
//!
//! ```
//! use nqueens::judge::{count, run, Source};
//!
//! assert_eq!(count(8), 92);
//!
//! let mut out = Vec::new();
//! run(&b"1\n8\n5\n0\n"[..], &mut out, Source::Compute).unwrap();
//! assert_eq!(out, b"1\n92\n10\n");
//! ```

use std::fmt;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

/// The largest N the counter accepts: rows, columns and diagonals are `u32` bit masks.
pub const MAX_N: u32 = 32;

/// Number of placements of n non-attacking queens on an n×n board for n = 0..=27
/// (OEIS A000170; n = 0 is 1 by convention). No count for n ≥ 28 has been published.
pub const KNOWN_COUNTS: [u64; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// The known number of placements for `n` (from [`KNOWN_COUNTS`]), or `None` above 27.
///
/// # Complexity
///
/// O(1).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::judge::known_count(8), Some(92));
/// assert_eq!(nqueens::judge::known_count(28), None);
/// ```
pub fn known_count(n: u32) -> Option<u64> {
    KNOWN_COUNTS.get(n as usize).copied()
}

/// Counts the placements of `n` non-attacking queens on an `n`×`n` board by recursive search
/// over bit masks (the judge's counter).
///
/// A queen goes in each row in turn. Three masks say which columns of the current row are
/// attacked: `cols` by a queen above in the same column, `left` and `right` along the two
/// diagonals. Going down one row shifts the diagonal masks by one column, so the free squares of
/// a row are `full & !(cols | left | right)`, and `free & free.wrapping_neg()` takes the lowest.
///
/// The left-right mirror halves the work: a placement with the first queen in the right half
/// has a distinct mirror image with it in the left half, so only the right half is searched and
/// doubled. For odd `n` the middle column of the first row is its own mirror; then the second
/// queen is in one half or the other, and again only one half is searched and doubled.
/// `count(0)` is 1, the empty placement.
///
/// # Constraints
///
/// `n <= 32` ([`MAX_N`]). Beyond n ≈ 18 this takes minutes, and hours past 20.
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Complexity
///
/// Proportional to the number of partial placements, roughly O(n!) / 2; memory O(n) (the
/// recursion depth).
///
/// # Example
///
/// ```
/// use nqueens::judge::count;
/// assert_eq!(count(4), 2);
/// assert_eq!(count(8), 92);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(n <= MAX_N, "count: n = {} is above {}", n, MAX_N);
    if n == 0 {
        return 1;
    }
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let right_half = (1u32 << (n / 2)) - 1;
    let mut total = 0;
    let mut first = right_half;
    while first != 0 {
        let bit = first & first.wrapping_neg();
        first ^= bit;
        total += 2 * place(full, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let middle = 1u32 << (n / 2);
        if n == 1 {
            return 1;
        }
        let (cols, left, right) = (middle, middle << 1, middle >> 1);
        let mut second = !(cols | left | right) & right_half;
        while second != 0 {
            let bit = second & second.wrapping_neg();
            second ^= bit;
            total += 2 * place(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }
    total
}

/// Counts the ways to complete a placement whose attacked columns in the next row are given by
/// `cols`, `left` and `right`; `full` has one bit per column.
fn place(full: u32, cols: u32, left: u32, right: u32) -> u64 {
    if cols == full {
        return 1;
    }
    let mut free = full & !(cols | left | right);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += place(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    total
}

/// Where the answers come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Compute each count with [`count`] (N from 1 to 32), remembering answers within a run.
    Compute,
    /// Look each count up in [`KNOWN_COUNTS`] (N from 1 to 27).
    Table,
}

impl Source {
    /// The largest N this source can answer.
    pub fn max_n(self) -> u32 {
        match self {
            Source::Compute => MAX_N,
            Source::Table => KNOWN_COUNTS.len() as u32 - 1,
        }
    }
}

/// What was wrong with a token of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// Text that is not a whole number.
    NotAnInteger,
    /// A number below zero.
    Negative,
    /// A number above what the source can answer; the field is that limit.
    TooLarge(u32),
}

/// Why [`run`] stopped early.
#[derive(Debug)]
pub enum Error {
    /// A bad token: the line it starts on (1-based), its text (escaped, shortened if long) and
    /// what is wrong with it.
    Input {
        /// The 1-based line number.
        line: u64,
        /// The offending text, escaped for printing.
        text: String,
        /// What is wrong with it.
        problem: Problem,
    },
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                line,
                text,
                problem,
            } => {
                write!(f, "line {}: {}: ", line, text)?;
                match problem {
                    Problem::NotUtf8 => write!(f, "not valid UTF-8"),
                    Problem::NotAnInteger => write!(f, "not a whole number"),
                    Problem::Negative => write!(f, "negative; N must be from 1 to {}", MAX_N),
                    Problem::TooLarge(max) if *max < MAX_N => write!(
                        f,
                        "no count is known above N = {} (--table); run without --table to compute it",
                        max
                    ),
                    Problem::TooLarge(max) => write!(f, "too large; N must be from 1 to {}", max),
                }
            }
            Error::Io(e) => write!(f, "{}", e),
        }
    }
}

/// Tokens longer than this are shortened in error messages (and are never valid).
const TOKEN_CAP: usize = 40;

/// One whitespace-separated token being read; memory stays bounded however long it is.
struct Token {
    bytes: Vec<u8>,
    truncated: bool,
    line: u64,
}

impl Token {
    fn push(&mut self, byte: u8) {
        if self.bytes.len() < TOKEN_CAP {
            self.bytes.push(byte);
        } else {
            self.truncated = true;
        }
    }

    /// The token's text for a message: escaped, and marked with `...` when shortened.
    fn text(&self) -> String {
        let mut text = match std::str::from_utf8(&self.bytes) {
            Ok(s) => format!("{:?}", s),
            Err(e) if self.truncated && e.error_len().is_none() => {
                format!(
                    "{:?}",
                    String::from_utf8_lossy(&self.bytes[..e.valid_up_to()])
                )
            }
            Err(_) => format!("\"{}\"", self.bytes.escape_ascii()),
        };
        if self.truncated {
            text.insert_str(text.len() - 1, "...");
        }
        text
    }

    /// The number N the token stands for, or what is wrong with it.
    fn parse(&self, max: u32) -> Result<u32, Problem> {
        let valid_utf8 = match std::str::from_utf8(&self.bytes) {
            Ok(_) => true,
            Err(e) => self.truncated && e.error_len().is_none(),
        };
        if !valid_utf8 {
            return Err(Problem::NotUtf8);
        }
        let (negative, digits) = match self.bytes.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, &self.bytes[..]),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(Problem::NotAnInteger);
        }
        let value = digits.iter().fold(0u64, |v, d| {
            (v * 10 + u64::from(d - b'0')).min(u64::from(u32::MAX))
        });
        if negative && value != 0 {
            Err(Problem::Negative)
        } else if self.truncated || value > u64::from(max) {
            Err(Problem::TooLarge(max))
        } else {
            Ok(value as u32)
        }
    }
}

/// Answers the judge's questions: reads whitespace-separated N from `input` (one per line in
/// HDU 2553, but any whitespace will do) and writes each answer on its own line to `output`,
/// stopping at a `0` (nothing after it is read) or at the end of the input.
///
/// Counts computed once are remembered for the rest of the run. Output goes through one
/// buffer, flushed whenever the input has nothing more waiting, so answers appear as each line
/// is typed at a terminal while piped input runs at full speed. Memory stays flat however long
/// the input is.
///
/// # Errors
///
/// On a bad token (not UTF-8, not a whole number, negative, or above [`Source::max_n`]) every
/// answer before it is written and flushed, then [`Error::Input`] names its line and text.
/// Failing reads or writes give [`Error::Io`].
///
/// # Complexity
///
/// O(length of the input) plus one [`count`] per distinct N.
///
/// # Example
///
/// ```
/// use nqueens::judge::{run, Error, Problem, Source};
///
/// let mut out = Vec::new();
/// let err = run(&b"4\n5\nx\n6\n"[..], &mut out, Source::Table).unwrap_err();
/// assert_eq!(out, b"2\n10\n");
/// assert!(matches!(err, Error::Input { line: 3, problem: Problem::NotAnInteger, .. }));
/// assert_eq!(err.to_string(), "line 3: \"x\": not a whole number");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, source: Source) -> Result<(), Error> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let result = answer_all(&mut reader, &mut writer, source);
    let flushed = writer.flush();
    result?;
    flushed?;
    Ok(())
}

/// The loop of [`run`]: returns at `0`, at the end of input, or at the first error.
fn answer_all<R: Read, W: Write>(
    reader: &mut BufReader<R>,
    writer: &mut W,
    source: Source,
) -> Result<(), Error> {
    let mut answers: [Option<u64>; MAX_N as usize + 1] = [None; MAX_N as usize + 1];
    let mut token = Token {
        bytes: Vec::with_capacity(TOKEN_CAP),
        truncated: false,
        line: 1,
    };
    let mut line = 1u64;
    loop {
        if reader.buffer().is_empty() {
            // The next read may wait for the user: show what is answered so far.
            writer.flush()?;
        }
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::Io(e)),
        };
        let at_end = chunk.is_empty();
        let mut used = 0;
        for &byte in chunk.iter().chain(if at_end { &b"\n"[..] } else { &[] }) {
            used += 1;
            if !byte.is_ascii_whitespace() {
                if token.bytes.is_empty() {
                    token.line = line;
                }
                token.push(byte);
                continue;
            }
            if byte == b'\n' {
                line += 1;
            }
            if token.bytes.is_empty() {
                continue;
            }
            let n = token
                .parse(source.max_n())
                .map_err(|problem| Error::Input {
                    line: token.line,
                    text: token.text(),
                    problem,
                })?;
            if n == 0 {
                return Ok(());
            }
            let answer = match answers[n as usize] {
                Some(answer) => answer,
                None => {
                    let answer = match source {
                        Source::Compute => count(n),
                        Source::Table => KNOWN_COUNTS[n as usize],
                    };
                    answers[n as usize] = Some(answer);
                    answer
                }
            };
            writeln!(writer, "{}", answer)?;
            token.bytes.clear();
            token.truncated = false;
        }
        if at_end {
            return Ok(());
        }
        reader.consume(used);
    }
}

const HELP: &str = "\
nqueens: the HDU 2553 judge program. For each N read from standard input (whitespace-separated,
one per line in HDU 2553) prints the number of ways N queens can stand on an N×N board without
attacking each other, until a 0 or the end of the input.

Usage: nqueens [--table] < input

Options:
  --table        answer from the table of known counts (OEIS A000170, N up to 27) instead of
                 computing (N up to 32, remembered within a run)
  -h, --help     print this help
  -V, --version  print the version

Exit codes: 0 success (also when the reader of the output goes away), 1 an I/O error,
2 bad input (a line that is not UTF-8, not a whole number, negative or too large) or bad usage;
every answer before a bad line is still printed.
";

/// Parses the arguments, runs the judge and maps the outcome to an exit code.
#[allow(dead_code)] // the library includes this file as a module, where `main` is not called
fn main() -> ExitCode {
    let mut source = Source::Compute;
    for arg in std::env::args_os().skip(1) {
        match arg.to_str() {
            Some("--table") => source = Source::Table,
            Some("-h") | Some("--help") => return print_and_exit(HELP),
            Some("-V") | Some("--version") => {
                let version = option_env!("CARGO_PKG_VERSION").unwrap_or("(built alone)");
                return print_and_exit(&format!("nqueens {}\n", version));
            }
            _ => {
                eprintln!(
                    "nqueens: unknown argument {:?}; try 'nqueens --help'",
                    arg.to_string_lossy()
                );
                return ExitCode::from(2);
            }
        }
    }
    match run(io::stdin().lock(), io::stdout().lock(), source) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ Error::Io(_)) => {
            eprintln!("nqueens: {}", e);
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("nqueens: {}", e);
            ExitCode::from(2)
        }
    }
}

/// Prints `text` on stdout; a closed stdout is not an error.
fn print_and_exit(text: &str) -> ExitCode {
    match io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("nqueens: {}", e);
            ExitCode::from(1)
        }
        _ => ExitCode::SUCCESS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_matches_the_table_up_to_14() {
        for n in 0..=14 {
            assert_eq!(count(n), KNOWN_COUNTS[n as usize], "n = {}", n);
        }
    }

    #[test]
    fn the_table_holds_oeis_a000170_up_to_27() {
        assert_eq!(KNOWN_COUNTS.len(), 28);
        assert_eq!(KNOWN_COUNTS[..4], [1, 1, 0, 0]);
        assert_eq!(KNOWN_COUNTS[8], 92);
        assert_eq!(KNOWN_COUNTS[27], 234_907_967_154_122_528);
        // From n = 6 on the counts strictly grow (a typo in a digit group would likely not).
        for n in 7..KNOWN_COUNTS.len() {
            assert!(KNOWN_COUNTS[n] > KNOWN_COUNTS[n - 1], "n = {}", n);
        }
    }

    #[test]
    fn the_full_32_column_mask_does_not_overflow() {
        // N = 32 itself is far too slow to count; this checks the mask arithmetic only.
        assert_eq!(place(u32::MAX, u32::MAX, 0, 0), 1);
    }

    #[test]
    fn run_stops_at_zero_and_reads_nothing_after_it() {
        let mut out = Vec::new();
        run(&b"6 0 \xff"[..], &mut out, Source::Compute).unwrap();
        assert_eq!(out, b"4\n");
    }

    #[test]
    fn tokens_parse_with_sign_and_leading_zeros() {
        let token = |text: &str| Token {
            bytes: text.as_bytes().to_vec(),
            truncated: false,
            line: 1,
        };
        assert_eq!(token("+007").parse(32), Ok(7));
        assert_eq!(token("-0").parse(32), Ok(0));
        assert_eq!(token("-1").parse(32), Err(Problem::Negative));
        assert_eq!(token("28").parse(27), Err(Problem::TooLarge(27)));
        assert_eq!(token("+").parse(32), Err(Problem::NotAnInteger));
        assert_eq!(token("0x10").parse(32), Err(Problem::NotAnInteger));
    }
}
