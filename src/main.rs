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

/// The columns of an n-column board as a bit mask: bit `c` for column `c`; every counter
/// that works on masks starts from it.
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Example
///
/// ```
/// use nqueens::judge::columns;
/// assert_eq!(columns(0), 0);
/// assert_eq!(columns(5), 0b11111);
/// assert_eq!(columns(32), u32::MAX);
/// ```
pub fn columns(n: u32) -> u32 {
    assert!(n <= MAX_N, "columns: n = {} is above {}", n, MAX_N);
    u32::MAX.checked_shr(32 - n).unwrap_or(0)
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
    let full = columns(n);
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

/// What is wrong with a token of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// Text that is not a whole number.
    NotAnInteger,
    /// A number below zero.
    Negative,
    /// A number above the largest one asked for.
    TooLarge,
}

/// A token that is not a number in range: where it is, what it says and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadToken {
    /// The 1-based line the token starts on (`\n`, `\r\n` and a lone `\r` each end a line).
    pub line: u64,
    /// The token's text, escaped for printing, shortened with `...` past 40 bytes.
    pub text: String,
    /// What is wrong with it.
    pub problem: Problem,
    /// The largest number that was asked for.
    pub max: u64,
}

impl fmt::Display for BadToken {
    /// The judge's wording: N is from 1 to `max`, and a `max` below 32 is `--table`'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: ", self.line, self.text)?;
        match self.problem {
            Problem::NotUtf8 => write!(f, "not valid UTF-8"),
            Problem::NotAnInteger => write!(f, "not a whole number"),
            Problem::Negative => write!(f, "negative; N must be from 1 to {}", self.max),
            Problem::TooLarge if self.max < u64::from(MAX_N) => write!(
                f,
                "no count is known above N = {} (--table); run without --table to compute it",
                self.max
            ),
            Problem::TooLarge => write!(f, "too large; N must be from 1 to {}", self.max),
        }
    }
}

/// Why [`run`] stopped early.
#[derive(Debug)]
pub enum Error {
    /// A bad token; every answer before it was written.
    BadInput(BadToken),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the answers failed; `bad_input` is set when a bad token had been found too.
    Write {
        /// The failed write.
        error: io::Error,
        /// The bad token found before the write failed, if any.
        bad_input: Option<BadToken>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadInput(bad) => write!(f, "{}", bad),
            Error::Read(e) => write!(f, "cannot read the input: {}", e),
            Error::Write { error, .. } => write!(f, "cannot write the answers: {}", error),
        }
    }
}

/// A token's bytes are shown up to this many in messages; a bad token is reported as soon as
/// one more byte shows it is longer.
const TEXT_CAP: usize = 40;

/// The UTF-8 byte-order mark, skipped at the very start of the input.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The whitespace-separated token being read: its number so far, and its first bytes for a
/// message. Memory stays bounded however long it is.
#[derive(Default)]
struct Token {
    /// Whether a token is being read (the fields below then describe it; once it has ended
    /// they still describe it, until the next one starts).
    open: bool,
    line: u64,
    len: u64,
    text: Vec<u8>,
    negative: bool,
    digits: bool,
    not_number: bool,
    /// The value of the digits so far, held at `max + 1` once above `max`.
    value: u64,
    bad: bool,
}

/// The state of [`Numbers`] between bytes: line counting, the byte-order mark, the token.
struct Scanner {
    max: u64,
    line: u64,
    after_cr: bool,
    /// Bytes of the byte-order mark matched at the start; 3 once past the start.
    bom: usize,
    token: Token,
}

impl Scanner {
    /// Takes one byte; returns a finished token, if this byte ends one or shows it bad.
    #[inline(always)]
    fn feed(&mut self, byte: u8) -> Option<Result<u64, BadToken>> {
        if self.bom < BOM.len() {
            if byte == BOM[self.bom] {
                self.bom += 1;
                return None;
            }
            let matched = self.bom;
            self.bom = BOM.len();
            for &b in &BOM[..matched] {
                self.push(b);
            }
        }
        match byte {
            b' ' | b'\t' | 0x0B | 0x0C => {
                self.after_cr = false;
                self.end()
            }
            b'\n' => {
                if !self.after_cr {
                    self.line += 1;
                }
                self.after_cr = false;
                self.end()
            }
            b'\r' => {
                self.line += 1;
                self.after_cr = true;
                self.end()
            }
            _ => {
                self.after_cr = false;
                self.push(byte)
            }
        }
    }

    /// Adds a byte to the token; reports the token once it is bad and longer than shown.
    #[inline(always)]
    fn push(&mut self, byte: u8) -> Option<Result<u64, BadToken>> {
        let t = &mut self.token;
        if !t.open {
            *t = Token {
                open: true,
                line: self.line,
                text: std::mem::take(&mut t.text),
                ..Token::default()
            };
            t.text.clear();
        }
        let first = t.len == 0;
        t.len += 1;
        if t.text.len() < TEXT_CAP {
            t.text.push(byte);
        }
        if byte.is_ascii_digit() {
            t.digits = true;
            t.value = (t.value * 10 + u64::from(byte - b'0')).min(self.max + 1);
        } else if first && (byte == b'+' || byte == b'-') {
            t.negative = byte == b'-';
        } else {
            t.not_number = true;
        }
        t.bad = t.bad || t.not_number || t.value > self.max || (t.negative && t.value > 0);
        if t.bad && t.len > TEXT_CAP as u64 {
            return Some(Err(self.bad_token()));
        }
        None
    }

    /// Ends the token, if one is being read: its number, or what is wrong with it.
    fn end(&mut self) -> Option<Result<u64, BadToken>> {
        if !self.token.open {
            return None;
        }
        self.token.open = false;
        Some(if self.token.bad || !self.token.digits {
            Err(self.bad_token())
        } else {
            Ok(self.token.value)
        })
    }

    /// The end of the input: a byte-order mark begun but not finished is text, then the last
    /// token ends.
    fn finish(&mut self) -> Option<Result<u64, BadToken>> {
        if self.bom < BOM.len() {
            let matched = self.bom;
            self.bom = BOM.len();
            for &b in &BOM[..matched] {
                self.push(b);
            }
        }
        self.end()
    }

    /// The current token as a [`BadToken`].
    fn bad_token(&self) -> BadToken {
        let t = &self.token;
        let truncated = t.len > t.text.len() as u64;
        let utf8 = match std::str::from_utf8(&t.text) {
            Ok(_) => true,
            Err(e) => truncated && e.error_len().is_none(),
        };
        let problem = if !utf8 {
            Problem::NotUtf8
        } else if t.not_number || !t.digits {
            Problem::NotAnInteger
        } else if t.negative && t.value > 0 {
            Problem::Negative
        } else {
            Problem::TooLarge
        };
        BadToken {
            line: t.line,
            text: self.shown(),
            problem,
            max: self.max,
        }
    }

    /// The current (or last) token's text for a message: quoted and escaped, shortened with
    /// `...` past its first 40 bytes.
    fn shown(&self) -> String {
        let t = &self.token;
        let truncated = t.len > t.text.len() as u64;
        let mut text = match std::str::from_utf8(&t.text) {
            Ok(s) => format!("{:?}", s),
            Err(e) if truncated && e.error_len().is_none() => {
                format!("{:?}", String::from_utf8_lossy(&t.text[..e.valid_up_to()]))
            }
            Err(_) => format!("\"{}\"", t.text.escape_ascii()),
        };
        if truncated {
            text.insert_str(text.len() - 1, "...");
        }
        text
    }
}

/// Whole numbers read one at a time from whitespace-separated text, as judges' `scanf` reads
/// them: the rule for what a number is, in one place.
///
/// - A UTF-8 byte-order mark at the very start is skipped.
/// - Whitespace is C's `isspace` set: space, `\t`, `\n`, `\v`, `\f`, `\r`. Lines end at `\n`,
///   `\r\n` or a lone `\r`, and are counted for messages.
/// - A number is an optional `+` or `-` and ASCII digits, read by value whatever its length
///   (`000…0008` is 8, `-0` is 0).
/// - A token that is not a number from 0 to `max` is a [`BadToken`], reported as soon as it is
///   known to be bad and 40 bytes of it are read (an endless token is never waited for).
///
/// Memory stays flat however long the input or a token is.
///
/// # Example
///
/// ```
/// use nqueens::judge::{Numbers, Problem};
///
/// let mut numbers = Numbers::new(&b"\xEF\xBB\xBF+7 0008\r-0\x0B12"[..], 10);
/// assert_eq!(numbers.next_number().unwrap(), Some(7));
/// assert_eq!(numbers.next_number().unwrap(), Some(8));
/// assert_eq!(numbers.next_number().unwrap(), Some(0));
/// match numbers.next_number() {
///     Err(nqueens::judge::Error::BadInput(bad)) => {
///         assert_eq!((bad.line, bad.problem), (2, Problem::TooLarge));
///     }
///     other => panic!("{:?}", other),
/// }
/// ```
pub struct Numbers<R: Read> {
    reader: BufReader<R>,
    scanner: Scanner,
    ended: bool,
}

impl<R: Read> Numbers<R> {
    /// Reads numbers from 0 to `max` from `input`.
    ///
    /// # Panics
    ///
    /// Panics if `max` is `u64::MAX` (one above it must be representable).
    pub fn new(input: R, max: u64) -> Numbers<R> {
        assert!(max < u64::MAX, "Numbers: max must be below u64::MAX");
        Numbers {
            reader: BufReader::with_capacity(1 << 16, input),
            scanner: Scanner {
                max,
                line: 1,
                after_cr: false,
                bom: 0,
                token: Token {
                    text: Vec::with_capacity(TEXT_CAP),
                    ..Token::default()
                },
            },
            ended: false,
        }
    }

    /// The next number, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// [`Error::BadInput`] for a token that is not a number from 0 to `max` (stop reading
    /// then), [`Error::Read`] if reading fails.
    ///
    /// # Complexity
    ///
    /// O(bytes read).
    pub fn next_number(&mut self) -> Result<Option<u64>, Error> {
        self.next_or_wait(&mut || Ok(()))
    }

    /// The line the number last returned starts on, and its text as written (quoted,
    /// escaped, shortened past 40 bytes), for a message about it.
    pub fn last_token(&self) -> (u64, String) {
        (self.scanner.token.line, self.scanner.shown())
    }

    /// [`Numbers::next_number`], calling `before_wait` whenever the next read may wait for
    /// more input (nothing is buffered): the judge flushes its answers there, so they appear
    /// as each line is typed. An error of `before_wait` is returned as [`Error::Write`].
    ///
    /// # Errors
    ///
    /// Those of [`Numbers::next_number`], and [`Error::Write`].
    pub fn next_or_wait(
        &mut self,
        before_wait: &mut dyn FnMut() -> io::Result<()>,
    ) -> Result<Option<u64>, Error> {
        if self.ended {
            return Ok(None);
        }
        loop {
            if self.reader.buffer().is_empty() {
                before_wait().map_err(|error| Error::Write {
                    error,
                    bad_input: None,
                })?;
            }
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::Read(e)),
            };
            if chunk.is_empty() {
                self.ended = true;
                return match self.scanner.finish() {
                    None => Ok(None),
                    Some(Ok(n)) => Ok(Some(n)),
                    Some(Err(bad)) => Err(Error::BadInput(bad)),
                };
            }
            let mut used = 0;
            let mut found = None;
            for &byte in chunk {
                used += 1;
                found = self.scanner.feed(byte);
                if found.is_some() {
                    break;
                }
            }
            self.reader.consume(used);
            match found {
                None => {}
                Some(Ok(n)) => return Ok(Some(n)),
                Some(Err(bad)) => return Err(Error::BadInput(bad)),
            }
        }
    }
}

/// Answers the judge's questions: reads whitespace-separated N from `input` (one per line in
/// HDU 2553, but any whitespace will do; see [`Numbers`] for what a number is) and writes each
/// answer on its own line to `output`, stopping at a `0` (nothing after it is read) or at the
/// end of the input.
///
/// Counts computed once are remembered for the rest of the run. Output goes through one
/// buffer, flushed whenever the input has nothing more waiting, so answers appear as each line
/// is typed at a terminal while piped input runs at full speed. Memory stays flat however long
/// the input is.
///
/// # Errors
///
/// On a bad token (not UTF-8, not a whole number, negative, or above [`Source::max_n`]) every
/// answer before it is written and flushed, then [`Error::BadInput`] names its line and text.
/// [`Error::Read`] if reading fails; [`Error::Write`] if writing fails, which also carries a
/// bad token found before the failed write.
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
/// assert!(matches!(&err, Error::BadInput(bad) if bad.line == 3 && bad.problem == Problem::NotAnInteger));
/// assert_eq!(err.to_string(), "line 3: \"x\": not a whole number");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, source: Source) -> Result<(), Error> {
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let result = answer_all(input, &mut writer, source);
    let flushed = writer.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => Ok(()),
        (Ok(()), Err(error)) => Err(Error::Write {
            error,
            bad_input: None,
        }),
        (Err(Error::BadInput(bad)), Err(error)) => Err(Error::Write {
            error,
            bad_input: Some(bad),
        }),
        (Err(e), _) => Err(e),
    }
}

/// The loop of [`run`]: returns at `0`, at the end of input, or at the first error.
fn answer_all<R: Read, W: Write>(input: R, writer: &mut W, source: Source) -> Result<(), Error> {
    let mut answers: [Option<u64>; MAX_N as usize + 1] = [None; MAX_N as usize + 1];
    let mut numbers = Numbers::new(input, u64::from(source.max_n()));
    loop {
        // Before waiting for more input, show what is answered so far.
        let n = match numbers.next_or_wait(&mut || writer.flush())? {
            Some(0) | None => return Ok(()),
            Some(n) => n as usize,
        };
        let answer = match answers[n] {
            Some(answer) => answer,
            None => {
                let answer = match source {
                    Source::Compute => count(n as u32),
                    Source::Table => KNOWN_COUNTS[n],
                };
                answers[n] = Some(answer);
                answer
            }
        };
        writeln!(writer, "{}", answer).map_err(|error| Error::Write {
            error,
            bad_input: None,
        })?;
    }
}

/// Whether this process was started with its standard output closed (`cmd >&-`).
///
/// The Rust runtime opens `/dev/null` read-write on a closed standard descriptor before `main`
/// runs, so writes to it would vanish without an error. A shell's `> /dev/null` opens it
/// write-only, which tells the two apart on Linux (`/proc/self/fdinfo/1`); elsewhere this is
/// always `false`.
///
/// # Example
///
/// ```
/// // Under `cargo test` standard output is a pipe or a file, never closed.
/// assert!(!nqueens::judge::stdout_was_closed());
/// ```
pub fn stdout_was_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let is_null = std::fs::read_link("/proc/self/fd/1")
        .map(|target| target == std::path::Path::new("/dev/null"))
        .unwrap_or(false);
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1")
        .ok()
        .and_then(|info| {
            let flags = info.lines().find(|l| l.starts_with("flags:"))?[6..]
                .trim()
                .to_string();
            u32::from_str_radix(&flags, 8).ok()
        })
        .map(|flags| flags & 0o3 == 0o2)
        .unwrap_or(false);
    is_null && read_write
}

/// Standard output that was closed at the start: every write fails, naming why.
pub struct ClosedStdout;

impl Write for ClosedStdout {
    // `io::Error::other` is Rust 1.74: too new for the judges' compilers.
    #[allow(unknown_lints, clippy::io_other_error)]
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(
            io::ErrorKind::Other,
            "standard output is closed",
        ))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The process's standard output, or [`ClosedStdout`] if it was closed from the start
/// ([`stdout_was_closed`]): writing to it is then an error, not a silent loss.
pub fn stdout() -> Box<dyn Write + Send> {
    if stdout_was_closed() {
        Box::new(ClosedStdout)
    } else {
        Box::new(io::stdout())
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

Input: a UTF-8 byte-order mark at the start is skipped; whitespace is space, tab, newline,
vertical tab, form feed and carriage return; a number may have a sign and any number of
leading zeros.

Exit codes: 0 success (also when the reader of the output goes away), 1 reading the input or
writing the output failed (also a closed standard output, and a failed write before bad
input), 2 bad input (not UTF-8, not a whole number, negative or too large, named by its line)
or bad usage; every answer before a bad line is still printed.
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
    match run(io::stdin().lock(), stdout(), source) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::BadInput(bad)) => {
            eprintln!("nqueens: {}", bad);
            ExitCode::from(2)
        }
        Err(Error::Write { error, bad_input }) => {
            // A reader that went away is no failure of ours; any other failed write is.
            let gone = error.kind() == io::ErrorKind::BrokenPipe;
            if !gone {
                eprintln!("nqueens: cannot write the answers: {}", error);
            }
            if let Some(bad) = &bad_input {
                eprintln!("nqueens: {}", bad);
            }
            match (gone, bad_input) {
                (true, None) => ExitCode::SUCCESS,
                (true, Some(_)) => ExitCode::from(2),
                (false, _) => ExitCode::from(1),
            }
        }
        Err(e) => {
            eprintln!("nqueens: {}", e);
            ExitCode::from(1)
        }
    }
}

/// Prints `text` on stdout; a reader that went away is not an error, a closed stdout is.
fn print_and_exit(text: &str) -> ExitCode {
    let mut out = stdout();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
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
    fn numbers_are_read_by_value_with_sign_and_leading_zeros() {
        let read = |text: &str| {
            let mut numbers = Numbers::new(text.as_bytes(), 32);
            let mut found = Vec::new();
            loop {
                match numbers.next_number() {
                    Ok(Some(n)) => found.push(Ok(n)),
                    Ok(None) => return found,
                    Err(Error::BadInput(bad)) => {
                        found.push(Err(bad.problem));
                        return found;
                    }
                    Err(e) => panic!("{}", e),
                }
            }
        };
        assert_eq!(read("+007 -0 -000"), [Ok(7), Ok(0), Ok(0)]);
        assert_eq!(read(&format!("{}8", "0".repeat(100))), [Ok(8)]);
        assert_eq!(read("-1"), [Err(Problem::Negative)]);
        assert_eq!(
            read(&format!("-{}1", "0".repeat(60))),
            [Err(Problem::Negative)]
        );
        assert_eq!(read("33"), [Err(Problem::TooLarge)]);
        assert_eq!(read("+"), [Err(Problem::NotAnInteger)]);
        assert_eq!(read("0x10"), [Err(Problem::NotAnInteger)]);
        assert_eq!(
            read("\u{feff}5 \u{feff}5"),
            [Ok(5), Err(Problem::NotAnInteger)]
        );
        assert_eq!(read("\x0b4\x0c5"), [Ok(4), Ok(5)]);
    }

    #[test]
    fn lines_end_at_lf_crlf_and_a_lone_cr() {
        let mut numbers = Numbers::new(&b"1\r2\r\n3\n\n\rx"[..], 32);
        for n in 1..=3 {
            assert_eq!(numbers.next_number().unwrap(), Some(n));
        }
        match numbers.next_number() {
            Err(Error::BadInput(bad)) => assert_eq!(bad.line, 6),
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn an_endless_bad_token_is_reported_after_41_bytes() {
        let endless = std::io::repeat(0);
        match Numbers::new(endless, 32).next_number() {
            Err(Error::BadInput(bad)) => {
                assert_eq!(bad.problem, Problem::NotAnInteger);
                assert!(bad.text.ends_with("...\""), "{}", bad.text);
            }
            other => panic!("{:?}", other),
        }
    }
}
