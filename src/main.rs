//! The judge program for HDU 2553 "N皇后问题": for each N read from standard input until a `0`,
//! print the number of ways N queens can stand on an N×N board without attacking each other.
//!
//! One self-contained file, std only, submitted to online judges as it is
//! (`rustc --edition 2018|2021|2024 -O main.rs`, Rust 1.70 or later). It reads top-down: `main`
//! and the answer loop, then the modules they use: [`counter`] (the recursive bitmask counter
//! and the table of known counts), [`numbers`] (what a number of the input is), and the help
//! and error report. The `nqueens` library includes this file as its module `judge`, so each of
//! these exists exactly once.
//!
//! ```
//! use nqueens::judge::{count, run, Source};
//!
//! assert_eq!(count(8), 92);
//! let mut out = Vec::new();
//! run(&b"1\n8\n5\n0\n"[..], &mut out, Source::Compute).unwrap();
//! assert_eq!(out, b"1\n92\n10\n");
//! ```

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

pub use counter::{columns, count, known_count, KNOWN_COUNTS, MAX_N};
pub use numbers::{parse_one, BadToken, Flaw, Numbers, ReadError, Scanned};

/// Reads the flags, answers standard input on standard output, and reports how it ended.
#[allow(dead_code)] // the library includes this file as a module, where `main` is not called
fn main() -> ExitCode {
    let result = match report::parse_args(std::env::args_os().skip(1)) {
        Ok(report::Args::Answer(source)) => run(io::stdin().lock(), io::stdout().lock(), source),
        Ok(report::Args::Print(text)) => report::print(&text),
        Err(e) => Err(e),
    };
    report::exit(result)
}

/// Answers the judge's questions: reads whitespace-separated N from `input` (one per line in
/// HDU 2553; [`Numbers`] says what a number is) and writes each answer on its own line to
/// `output`, stopping at a `0` (nothing after it is read) or at the end of the input.
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
/// use nqueens::judge::{run, Error, Flaw, Source};
///
/// let mut out = Vec::new();
/// let err = run(&b"4\n5\nx\n6\n"[..], &mut out, Source::Table).unwrap_err();
/// assert_eq!(out, b"2\n10\n");
/// assert!(matches!(&err, Error::BadInput(bad) if bad.line == 3 && bad.flaw == Flaw::NotAnInteger));
/// assert_eq!(err.to_string(), "line 3: \"x\": not a whole number");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, source: Source) -> Result<(), Error> {
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let answered = answer_all(input, &mut writer, source);
    match (answered, writer.flush()) {
        (Ok(()), Ok(())) => Ok(()),
        (Ok(()), Err(error)) => Err(Error::write(error)),
        (Err(Error::BadInput(bad)), Err(error)) => Err(Error::Write {
            error,
            bad_input: Some(bad),
        }),
        (Err(e), _) => Err(e),
    }
}

/// The answer loop of [`run`]: returns at `0`, at the end of the input, or at the first error.
fn answer_all<R: Read, W: Write>(input: R, writer: &mut W, source: Source) -> Result<(), Error> {
    let mut numbers = Numbers::new(input, u64::from(source.max_n()));
    let mut answers = [None; MAX_N as usize + 1];
    loop {
        if numbers.would_wait() {
            // Show what is answered before waiting for more input.
            writer.flush().map_err(Error::write)?;
        }
        let n = match numbers.scan()? {
            Scanned::More => continue,
            Scanned::Number(0) | Scanned::End => return Ok(()),
            Scanned::Number(n) => n as u32,
        };
        let answer = *answers[n as usize].get_or_insert_with(|| source.answer(n));
        writeln!(writer, "{}", answer).map_err(Error::write)?;
    }
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

    /// The answer for `n <= self.max_n()`.
    fn answer(self, n: u32) -> u64 {
        match self {
            Source::Compute => count(n),
            Source::Table => KNOWN_COUNTS[n as usize],
        }
    }
}

/// Why the judge stopped early.
#[derive(Debug)]
pub enum Error {
    /// An unknown argument.
    Usage(String),
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

impl Error {
    fn write(error: io::Error) -> Error {
        Error::Write {
            error,
            bad_input: None,
        }
    }
}

impl From<ReadError> for Error {
    fn from(e: ReadError) -> Error {
        match e {
            ReadError::Bad(bad) => Error::BadInput(bad),
            ReadError::Io(e) => Error::Read(e),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Usage(message) => write!(f, "{}", message),
            Error::BadInput(bad) => write!(f, "{}", bad),
            Error::Read(e) => write!(f, "cannot read the input: {}", e),
            Error::Write { error, .. } => write!(f, "cannot write the answers: {}", error),
        }
    }
}

/// The command line, the help, and the one place where an outcome becomes messages on stderr
/// and an exit code.
pub mod report {
    use super::{Error, Source};
    use std::io::{self, Write};
    use std::process::ExitCode;

    /// The help of `nqueens --help`.
    pub const HELP: &str = "\
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

Exit codes: 0 success (also when the reader of the output goes away, and when the output is
/dev/null or closed: a closed standard output is /dev/null to a Rust program), 1 reading the
input or writing the output failed (also a failed write before bad input), 2 bad input (not
UTF-8, not a whole number, negative or too large, named by its line) or bad usage; every
answer before a bad line is still printed.
";

    /// What the command line asks for.
    pub enum Args {
        /// Answer the input from this source.
        Answer(Source),
        /// Print this text (the help or the version) and stop.
        Print(String),
    }

    /// Reads the flags.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] for an unknown argument.
    pub fn parse_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Args, Error> {
        let mut source = Source::Compute;
        for arg in args {
            match arg.to_str() {
                Some("--table") => source = Source::Table,
                Some("-h") | Some("--help") => return Ok(Args::Print(HELP.to_string())),
                Some("-V") | Some("--version") => {
                    let version = option_env!("CARGO_PKG_VERSION").unwrap_or("(built alone)");
                    return Ok(Args::Print(format!("nqueens {}\n", version)));
                }
                _ => {
                    return Err(Error::Usage(format!(
                        "unknown argument {:?}; try 'nqueens --help'",
                        arg.to_string_lossy()
                    )))
                }
            }
        }
        Ok(Args::Answer(source))
    }

    /// Prints `text` on standard output.
    ///
    /// # Errors
    ///
    /// [`Error::Write`] if the write fails.
    pub fn print(text: &str) -> Result<(), Error> {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(Error::write)
    }

    /// Writes what went wrong on stderr (a stderr that cannot be written to loses the message,
    /// never the exit code) and gives the exit code: 0 success, also when the reader of the
    /// output went away; 1 a failed read or write; 2 bad input or bad usage.
    pub fn exit(result: Result<(), Error>) -> ExitCode {
        let say = |message: &dyn std::fmt::Display| {
            let _ = writeln!(io::stderr(), "nqueens: {}", message);
        };
        let code = match &result {
            Ok(()) => 0,
            Err(error @ Error::Write { bad_input, .. }) => {
                // A reader that went away is no failure of ours; any other failed write is.
                let gone = matches!(error, Error::Write { error, .. } if error.kind() == io::ErrorKind::BrokenPipe);
                if !gone {
                    say(error);
                }
                if let Some(bad) = bad_input {
                    say(bad);
                }
                match (gone, bad_input) {
                    (true, None) => 0,
                    (true, Some(_)) => 2,
                    (false, _) => 1,
                }
            }
            Err(error @ Error::Read(_)) => {
                say(error);
                1
            }
            Err(error) => {
                say(error);
                2
            }
        };
        ExitCode::from(code)
    }
}

/// The judge's counter: recursive search over bit masks, and the table of known counts.
pub mod counter {
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

    /// Counts the placements of `n` non-attacking queens on an `n`×`n` board by recursive
    /// search over bit masks (the judge's counter).
    ///
    /// A queen goes in each row in turn. Three masks say which columns of the current row are
    /// attacked: `cols` by a queen above in the same column, `left` and `right` along the two
    /// diagonals. Going down one row shifts the diagonal masks by one column, so the free
    /// squares of a row are `full & !(cols | left | right)`, and `free & free.wrapping_neg()`
    /// takes the lowest.
    ///
    /// The left-right mirror halves the work: a placement with the first queen in the right
    /// half has a distinct mirror image with it in the left half, so only the left half
    /// (columns `0..n/2`) is searched and doubled. For odd `n` the middle column of the first
    /// row is its own mirror; then the second queen is in one half or the other, and again only
    /// the left half is searched and doubled. `count(0)` is 1, the empty placement.
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
        if n <= 1 {
            return 1;
        }
        let full = columns(n);
        let left_half = columns(n / 2);
        let mut total = 0;
        let mut first = left_half;
        while first != 0 {
            let bit = first & first.wrapping_neg();
            first ^= bit;
            total += 2 * place(full, bit, bit << 1, bit >> 1);
        }
        if n % 2 == 1 {
            let middle = 1u32 << (n / 2);
            let (cols, left, right) = (middle, middle << 1, middle >> 1);
            let mut second = !(cols | left | right) & left_half;
            while second != 0 {
                let bit = second & second.wrapping_neg();
                second ^= bit;
                total += 2 * place(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
            }
        }
        total
    }

    /// Counts the ways to complete a placement whose attacked columns in the next row are
    /// given by `cols`, `left` and `right`; `full` has one bit per column.
    pub(crate) fn place(full: u32, cols: u32, left: u32, right: u32) -> u64 {
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
pub mod numbers {
    use std::fmt;
    use std::io::{self, BufRead, BufReader, Read};

    /// What is wrong with a token of the input.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Flaw {
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
        pub flaw: Flaw,
        /// The largest number that was asked for.
        pub max: u64,
    }

    impl fmt::Display for BadToken {
        /// The judge's wording: N is from 1 to `max`, and a `max` below 32 is `--table`'s.
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "line {}: {}: ", self.line, self.text)?;
            match self.flaw {
                Flaw::NotUtf8 => write!(f, "not valid UTF-8"),
                Flaw::NotAnInteger => write!(f, "not a whole number"),
                Flaw::Negative => write!(f, "negative; N must be from 1 to {}", self.max),
                Flaw::TooLarge if self.max < u64::from(super::MAX_N) => write!(
                    f,
                    "no count is known above N = {} (--table); run without --table to compute it",
                    self.max
                ),
                Flaw::TooLarge => write!(f, "too large; N must be from 1 to {}", self.max),
            }
        }
    }

    /// Why [`Numbers`] stopped: a bad token, or a failed read.
    #[derive(Debug)]
    pub enum ReadError {
        /// A token that is not a number from 0 to `max`.
        Bad(BadToken),
        /// Reading the input failed.
        Io(io::Error),
    }

    impl fmt::Display for ReadError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                ReadError::Bad(bad) => write!(f, "{}", bad),
                ReadError::Io(e) => write!(f, "cannot read the input: {}", e),
            }
        }
    }

    /// What one step of [`Numbers::scan`] found.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Scanned {
        /// A number.
        Number(u64),
        /// The end of the input.
        End,
        /// Nothing yet: the bytes read so far end inside a token or in whitespace.
        More,
    }

    /// A token's bytes are shown up to this many in messages; a bad token is reported as soon
    /// as one more byte shows it is longer.
    const TEXT_CAP: usize = 40;

    /// The UTF-8 byte-order mark, skipped at the very start of the input.
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

    /// Numbers from 0 to a maximum, read from a byte stream.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::judge::{Flaw, Numbers, ReadError};
    ///
    /// let mut numbers = Numbers::new(&b"\xEF\xBB\xBF+7 0008\r-0\x0B12"[..], 10);
    /// assert_eq!(numbers.next_number().unwrap(), Some(7));
    /// assert_eq!(numbers.next_number().unwrap(), Some(8));
    /// assert_eq!(numbers.next_number().unwrap(), Some(0));
    /// match numbers.next_number() {
    ///     Err(ReadError::Bad(bad)) => assert_eq!((bad.line, bad.flaw), (2, Flaw::TooLarge)),
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
            Numbers {
                reader: BufReader::with_capacity(1 << 16, input),
                scanner: Scanner::new(max),
                ended: false,
            }
        }

        /// The next number, or `None` at the end of the input.
        ///
        /// # Errors
        ///
        /// [`ReadError::Bad`] for a token that is not a number from 0 to `max` (stop reading
        /// then), [`ReadError::Io`] if reading fails.
        ///
        /// # Complexity
        ///
        /// O(bytes read).
        pub fn next_number(&mut self) -> Result<Option<u64>, ReadError> {
            loop {
                match self.scan()? {
                    Scanned::More => {}
                    Scanned::Number(n) => return Ok(Some(n)),
                    Scanned::End => return Ok(None),
                }
            }
        }

        /// Whether the next [`Numbers::scan`] reads from the input, and so may wait for it:
        /// nothing read is left to scan. (The judge flushes its answers then, so they appear
        /// as each line is typed.)
        pub fn would_wait(&self) -> bool {
            !self.ended && self.reader.buffer().is_empty()
        }

        /// Scans what was read, reading once more first if nothing is left: the next number,
        /// the end, or [`Scanned::More`] if the bytes end before a token does.
        ///
        /// # Errors
        ///
        /// As [`Numbers::next_number`].
        pub fn scan(&mut self) -> Result<Scanned, ReadError> {
            if self.ended {
                return Ok(Scanned::End);
            }
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(Scanned::More),
                Err(e) => return Err(ReadError::Io(e)),
            };
            if chunk.is_empty() {
                self.ended = true;
                return match self.scanner.finish() {
                    None => Ok(Scanned::End),
                    Some(found) => found.map(Scanned::Number).map_err(ReadError::Bad),
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
                None => Ok(Scanned::More),
                Some(found) => found.map(Scanned::Number).map_err(ReadError::Bad),
            }
        }

        /// The line the number last returned starts on, and its text as written (quoted,
        /// escaped, shortened past 40 bytes), for a message about it.
        pub fn last_token(&self) -> (u64, String) {
            (self.scanner.token.line, self.scanner.shown())
        }
    }

    /// The one number in `text` (whitespace around it is allowed), if it is a number from 0 to
    /// `max` by the rule of [`Numbers`]: for a number given on a command line.
    ///
    /// # Panics
    ///
    /// Panics if `max` is `u64::MAX`.
    ///
    /// # Complexity
    ///
    /// O(`text.len()`), no allocation past 40 bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::judge::parse_one;
    /// assert_eq!(parse_one("+0008", 32), Some(8));
    /// assert_eq!(parse_one(" 8\n", 32), Some(8));
    /// assert_eq!(parse_one("8 9", 32), None);
    /// assert_eq!(parse_one("33", 32), None);
    /// assert_eq!(parse_one("", 32), None);
    /// // Numbers past any max are refused, whatever their length.
    /// assert_eq!(parse_one("99999999999999999999", u64::MAX - 1), None);
    /// ```
    pub fn parse_one(text: &str, max: u64) -> Option<u64> {
        let mut scanner = Scanner::new(max);
        let mut found = None;
        for &byte in text.as_bytes() {
            match scanner.feed(byte) {
                None => {}
                Some(Ok(n)) if found.is_none() => found = Some(n),
                Some(_) => return None,
            }
        }
        match scanner.finish() {
            None => found,
            Some(Ok(n)) if found.is_none() => Some(n),
            Some(_) => None,
        }
    }

    /// The whitespace-separated token being read: its number so far, and its first bytes for
    /// a message. Memory stays bounded however long it is.
    #[derive(Default)]
    struct Token {
        /// Whether a token is being read (the fields below then describe it; once it has
        /// ended they still describe it, until the next one starts).
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
        fn new(max: u64) -> Scanner {
            assert!(max < u64::MAX, "Numbers: max must be below u64::MAX");
            Scanner {
                max,
                line: 1,
                after_cr: false,
                bom: 0,
                token: Token {
                    text: Vec::with_capacity(TEXT_CAP),
                    ..Token::default()
                },
            }
        }

        /// Takes one byte; returns a finished token, if this byte ends one or shows it bad.
        #[inline(always)]
        fn feed(&mut self, byte: u8) -> Option<Result<u64, BadToken>> {
            if self.bom < BOM.len() {
                if byte == BOM[self.bom] {
                    self.bom += 1;
                    return None;
                }
                if let Some(bad) = self.leave_bom() {
                    return Some(bad);
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

        /// Leaves the start of the input: the bytes of a byte-order mark begun but not
        /// finished are text of the first token.
        fn leave_bom(&mut self) -> Option<Result<u64, BadToken>> {
            let matched = self.bom;
            self.bom = BOM.len();
            BOM[..matched].iter().find_map(|&b| self.push(b))
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
                t.value = (t.value.saturating_mul(10))
                    .saturating_add(u64::from(byte - b'0'))
                    .min(self.max + 1);
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

        /// The end of the input: a byte-order mark begun but not finished is text, then the
        /// last token ends.
        fn finish(&mut self) -> Option<Result<u64, BadToken>> {
            if self.bom < BOM.len() {
                if let Some(bad) = self.leave_bom() {
                    return Some(bad);
                }
            }
            self.end()
        }

        /// The current token's first bytes as text, if they are UTF-8 (a character cut off by
        /// the 40-byte cap left out).
        fn text(&self) -> Option<&str> {
            let t = &self.token;
            let truncated = t.len > t.text.len() as u64;
            match std::str::from_utf8(&t.text) {
                Ok(text) => Some(text),
                Err(e) if truncated && e.error_len().is_none() => {
                    std::str::from_utf8(&t.text[..e.valid_up_to()]).ok()
                }
                Err(_) => None,
            }
        }

        /// The current token as a [`BadToken`].
        fn bad_token(&self) -> BadToken {
            let t = &self.token;
            let flaw = if self.text().is_none() {
                Flaw::NotUtf8
            } else if t.not_number || !t.digits {
                Flaw::NotAnInteger
            } else if t.negative && t.value > 0 {
                Flaw::Negative
            } else {
                Flaw::TooLarge
            };
            BadToken {
                line: t.line,
                text: self.shown(),
                flaw,
                max: self.max,
            }
        }

        /// The current (or last) token's text for a message: quoted and escaped, shortened
        /// with `...` past its first 40 bytes.
        fn shown(&self) -> String {
            let t = &self.token;
            let mut text = match self.text() {
                Some(text) => format!("{:?}", text),
                None => format!("\"{}\"", t.text.escape_ascii()),
            };
            if t.len > t.text.len() as u64 {
                text.insert_str(text.len() - 1, "...");
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::counter::place;
    use super::*;

    #[test]
    fn the_counter_matches_the_table_up_to_14() {
        for n in 0..=14 {
            assert_eq!(count(n), KNOWN_COUNTS[n as usize], "n = {}", n);
        }
    }

    #[test]
    fn the_table_grows_as_oeis_a000170_does() {
        assert_eq!(KNOWN_COUNTS[..4], [1, 1, 0, 0]);
        assert_eq!(KNOWN_COUNTS[27], 234_907_967_154_122_528);
        // From n = 6 on the counts strictly grow (a typo in a digit group would likely not).
        for n in 7..KNOWN_COUNTS.len() {
            assert!(KNOWN_COUNTS[n] > KNOWN_COUNTS[n - 1], "n = {}", n);
        }
    }

    /// The completions of the last rows of an n-column board, tried square by square.
    fn completions_by_hand(n: i64, queens: &mut Vec<i64>) -> u64 {
        let row = queens.len() as i64;
        if row == n {
            return 1;
        }
        let mut found = 0;
        for col in 0..n {
            let free = queens
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && (row - r as i64) != (col - c).abs());
            if free {
                queens.push(col);
                found += completions_by_hand(n, queens);
                queens.pop();
            }
        }
        found
    }

    #[test]
    fn the_masks_hold_32_columns_without_losing_a_diagonal() {
        // Random non-attacking first rows of a 32-column board, then the last rows completed
        // by the masks and by hand: the shifts must carry every diagonal to the edge and drop
        // it there, in both directions.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        let (full, mut completed) = (columns(32), 0);
        for _ in 0..200 {
            let mut queens: Vec<i64> = Vec::new();
            let (mut cols, mut left, mut right) = (0u32, 0u32, 0u32);
            while queens.len() < 25 {
                let free = full & !(cols | left | right);
                if free == 0 {
                    break;
                }
                let mut pick = random(u64::from(free.count_ones()));
                let mut bits = free;
                while pick > 0 {
                    bits &= bits - 1;
                    pick -= 1;
                }
                let bit = bits & bits.wrapping_neg();
                queens.push(i64::from(bit.trailing_zeros()));
                cols |= bit;
                left = (left | bit) << 1;
                right = (right | bit) >> 1;
            }
            if queens.len() < 25 {
                continue;
            }
            let by_masks = place(full, cols, left, right);
            assert_eq!(
                by_masks,
                completions_by_hand(32, &mut queens),
                "{:?}",
                queens
            );
            completed += by_masks;
        }
        assert!(
            completed > 0,
            "no prefix had a completion: the test tests nothing"
        );
    }

    #[test]
    fn run_stops_at_zero_and_reads_nothing_after_it() {
        let mut out = Vec::new();
        run(&b"6 0 \xff"[..], &mut out, Source::Compute).unwrap();
        assert_eq!(out, b"4\n");
    }

    fn read(text: &str) -> Vec<Result<u64, Flaw>> {
        let mut numbers = Numbers::new(text.as_bytes(), 32);
        let mut found = Vec::new();
        loop {
            match numbers.next_number() {
                Ok(Some(n)) => found.push(Ok(n)),
                Ok(None) => return found,
                Err(ReadError::Bad(bad)) => {
                    found.push(Err(bad.flaw));
                    return found;
                }
                Err(e) => panic!("{}", e),
            }
        }
    }

    #[test]
    fn numbers_are_read_by_value_with_sign_and_leading_zeros() {
        assert_eq!(read("+007 -0 -000"), [Ok(7), Ok(0), Ok(0)]);
        assert_eq!(read(&format!("{}8", "0".repeat(100))), [Ok(8)]);
        assert_eq!(read("-1"), [Err(Flaw::Negative)]);
        assert_eq!(
            read(&format!("-{}1", "0".repeat(60))),
            [Err(Flaw::Negative)]
        );
        assert_eq!(read("33"), [Err(Flaw::TooLarge)]);
        assert_eq!(read("+"), [Err(Flaw::NotAnInteger)]);
        assert_eq!(read("0x10"), [Err(Flaw::NotAnInteger)]);
        assert_eq!(
            read("\u{feff}5 \u{feff}5"),
            [Ok(5), Err(Flaw::NotAnInteger)]
        );
        assert_eq!(read("\x0b4\x0c5"), [Ok(4), Ok(5)]);
    }

    #[test]
    fn a_byte_order_mark_cut_short_is_text() {
        assert_eq!(read("\u{feff}"), []);
        // The first two bytes of a mark, then a digit: one token that is not UTF-8 text.
        let mut numbers = Numbers::new(&b"\xEF\xBB7"[..], 32);
        match numbers.next_number() {
            Err(ReadError::Bad(bad)) => assert_eq!(bad.flaw, Flaw::NotUtf8),
            other => panic!("{:?}", other),
        }
        let mut numbers = Numbers::new(&b"\xEF"[..], 32);
        match numbers.next_number() {
            Err(ReadError::Bad(bad)) => assert_eq!(bad.text, "\"\\xef\""),
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn lines_end_at_lf_crlf_and_a_lone_cr() {
        let mut numbers = Numbers::new(&b"1\r2\r\n3\n\n\rx"[..], 32);
        for n in 1..=3 {
            assert_eq!(numbers.next_number().unwrap(), Some(n));
        }
        match numbers.next_number() {
            Err(ReadError::Bad(bad)) => assert_eq!(bad.line, 6),
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn an_endless_bad_token_is_reported_after_41_bytes() {
        match Numbers::new(std::io::repeat(0), 32).next_number() {
            Err(ReadError::Bad(bad)) => {
                assert_eq!(bad.flaw, Flaw::NotAnInteger);
                assert!(bad.text.ends_with("...\""), "{}", bad.text);
            }
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn a_character_cut_by_the_40_byte_cap_is_still_text() {
        // 39 letters and a two-byte character: the 40 bytes kept end in half of it.
        let token = format!("{}é{}", "a".repeat(39), "b".repeat(10));
        match Numbers::new(token.as_bytes(), 32).next_number() {
            Err(ReadError::Bad(bad)) => {
                assert_eq!(bad.flaw, Flaw::NotAnInteger);
                assert_eq!(bad.text, format!("\"{}...\"", "a".repeat(39)));
            }
            other => panic!("{:?}", other),
        }
    }
}
