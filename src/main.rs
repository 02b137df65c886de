//! The judge program for HDU 2553 "N皇后问题": for each N read from standard input until a `0`,
//! print the number of ways N queens can stand on an N×N board without attacking each other.
//!
//! One self-contained file, std only, submitted to online judges as it is
//! (`rustc --edition 2018|2021|2024 -O main.rs`, Rust 1.70 or later). It reads top-down: `main`
//! and the answer loop, then [`report`] (the flags, the help, messages and exit codes),
//! `counter` (the recursive bitmask counter [`count`] and the table of known counts) and
//! `numbers` (what a number of the input is: [`Numbers`]). The `nqueens` library includes
//! this file as its module `judge`, so the counter and the table exist exactly once.
//!
//! ```
//! use nqueens::judge::{count, run, Source};
//!
//! assert_eq!(count(8), 92);
//! let mut out = Vec::new();
//! let err = run(&b"1\n8\n5\nx\n"[..], &mut out, Source::Compute).unwrap_err();
//! assert_eq!(out, b"1\n92\n10\n");
//! assert_eq!(err.to_string(), "line 4: \"x\": not a whole number");
//! ```

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

pub use counter::{columns, count, KNOWN_COUNTS, MAX_N};
pub use numbers::Numbers;

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

/// Answers the judge's questions: reads N from `input` ([`Numbers`] says what a number is)
/// and writes each answer on its own line to `output`, stopping at a `0` (nothing after it is
/// read) or at the end of the input.
///
/// Counts computed once are remembered for the rest of the run. Output goes through one
/// buffer, flushed whenever the input has nothing more waiting, so answers appear as each line
/// is typed at a terminal while piped input runs at full speed. Memory stays flat.
///
/// # Errors
///
/// On a bad token every answer before it is written and flushed, then [`Error::BadInput`]
/// names its line and text. [`Error::Read`] if reading fails; [`Error::Write`] if writing
/// fails, which also carries a bad token found before the failed write.
///
/// # Complexity
///
/// O(length of the input) plus one [`count`] per distinct N.
pub fn run<R: Read, W: Write>(input: R, output: W, source: Source) -> Result<(), Error> {
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let answered = answer_all(input, &mut writer, source);
    match (answered, writer.flush()) {
        (Ok(()), Err(error)) => Err(Error::Write(error, None)),
        (Err(Error::BadInput(bad)), Err(error)) => Err(Error::Write(error, Some(bad))),
        (answered, _) => answered,
    }
}

/// The answer loop of [`run`]: returns at `0`, at the end of the input, or at the first error.
fn answer_all<R: Read, W: Write>(input: R, writer: &mut W, source: Source) -> Result<(), Error> {
    let mut numbers = Numbers::new(input, u64::from(source.max_n()));
    let mut answers = [None; MAX_N as usize + 1];
    loop {
        if numbers.would_wait() {
            // Show what is answered before waiting for more input.
            writer.flush().map_err(|e| Error::Write(e, None))?;
        }
        let n = match numbers.scan()? {
            None => continue,
            Some(0) => return Ok(()),
            Some(n) => n as usize,
        };
        let answer = *answers[n].get_or_insert_with(|| source.answer(n));
        writeln!(writer, "{}", answer).map_err(|e| Error::Write(e, None))?;
    }
}

/// Where the answers come from: computed by [`count`] (N up to 32), or looked up in
/// [`KNOWN_COUNTS`] (N up to 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Source {
    Compute,
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

    fn answer(self, n: usize) -> u64 {
        match self {
            Source::Compute => count(n as u32),
            Source::Table => KNOWN_COUNTS[n],
        }
    }
}

/// Why the judge stopped early: an unknown argument, a bad token (every answer before it was
/// written), a failed read, or a failed write (with the bad token found before it, if any).
#[derive(Debug)]
#[allow(missing_docs)]
pub enum Error {
    Usage(String),
    BadInput(String),
    Read(io::Error),
    Write(io::Error, Option<String>),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Usage(message) => write!(f, "{}", message),
            Error::BadInput(bad) => write!(f, "{}", bad),
            Error::Read(e) => write!(f, "cannot read the input: {}", e),
            Error::Write(e, _) => write!(f, "cannot write the answers: {}", e),
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

    /// What the command line asks for: answer the input from a source, or print a text (the
    /// help or the version) and stop.
    #[allow(missing_docs)]
    pub enum Args {
        Answer(Source),
        Print(String),
    }

    /// Reads the flags.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] for an unknown argument.
    pub fn parse_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Args, Error> {
        let (mut source, mut flags_end) = (Source::Compute, false);
        for arg in args {
            match arg.to_str().filter(|_| !flags_end) {
                Some("--") => flags_end = true,
                Some("--table") if source == Source::Table => {
                    return Err(Error::Usage("--table is given twice".to_string()))
                }
                Some("--table") => source = Source::Table,
                Some("-h") | Some("--help") => return Ok(Args::Print(HELP.to_string())),
                Some("-V") | Some("--version") => {
                    let version = option_env!("CARGO_PKG_VERSION").unwrap_or("(built alone)");
                    return Ok(Args::Print(format!("nqueens {}\n", version)));
                }
                _ => {
                    let arg = arg.to_string_lossy();
                    let hint = nearest_flag(&arg).map(|f| format!("did you mean {}?", f));
                    let hint = hint.unwrap_or_else(|| "try 'nqueens --help'".to_string());
                    let message = format!("unknown argument {:?}; {}", arg, hint);
                    return Err(Error::Usage(message));
                }
            }
        }
        Ok(Args::Answer(source))
    }

    /// The flag `arg` was probably meant as (`--tabel`: `--table`): one within two edits, a
    /// letter added, dropped or changed. O(length of `arg`) a flag, whatever its length.
    fn nearest_flag(arg: &str) -> Option<&'static str> {
        let edits = |flag: &str| {
            let mut row: Vec<usize> = (0..=flag.len()).collect();
            for (i, x) in arg.bytes().enumerate() {
                let mut corner = std::mem::replace(&mut row[0], i + 1);
                for (j, y) in flag.bytes().enumerate() {
                    let changed = corner + usize::from(x != y);
                    corner = row[j + 1];
                    row[j + 1] = changed.min(row[j] + 1).min(corner + 1);
                }
            }
            row[flag.len()]
        };
        let (flags, near) = (["--table", "--help", "--version"], |f: &&str| edits(f) <= 2);
        flags.iter().copied().find(near)
    }

    /// Prints `text` on standard output.
    pub fn print(text: &str) -> Result<(), Error> {
        let mut out = io::stdout().lock();
        let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        written.map_err(|e| Error::Write(e, None))
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
            // A reader that went away is no failure of ours; any other failed write is.
            Err(Error::Write(e, None)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Err(Error::Write(e, Some(bad))) if e.kind() == io::ErrorKind::BrokenPipe => {
                say(bad);
                2
            }
            Err(error @ Error::Write(_, bad)) => {
                say(error);
                bad.iter().for_each(|bad| say(bad));
                1
            }
            Err(error) => {
                say(error);
                2 - u8::from(matches!(error, Error::Read(_)))
            }
        };
        ExitCode::from(code)
    }
}

/// The judge's counter: recursive search over bit masks, and the table of known counts.
pub(crate) mod counter {
    /// The largest N the counter accepts: rows, columns and diagonals are `u32` bit masks.
    pub const MAX_N: u32 = 32;

    /// Number of placements of n non-attacking queens on an n×n board for n = 0..=27
    /// (OEIS A000170; n = 0 is 1 by convention). No count for n ≥ 28 has been published.
    #[rustfmt::skip]
    pub const KNOWN_COUNTS: [u64; 28] = [
        1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596,
        2_279_184, 14_772_512, 95_815_104, 666_090_624, 4_968_057_848, 39_029_188_884,
        314_666_222_712, 2_691_008_701_644, 24_233_937_684_440, 227_514_171_973_736,
        2_207_893_435_808_352, 22_317_699_616_364_044, 234_907_967_154_122_528,
    ];

    /// The columns of an n-column board as a bit mask: bit `c` for column `c`; every counter
    /// that works on masks starts from it. Panics if `n > 32`.
    ///
    /// ```
    /// assert_eq!(nqueens::judge::columns(5), 0b11111);
    /// assert_eq!(nqueens::judge::columns(32), u32::MAX);
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
    /// # Panics
    ///
    /// Panics if `n > 32` ([`MAX_N`]). (Beyond n ≈ 18 this takes minutes, and hours past 20.)
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
/// them: a UTF-8 byte-order mark at the very start is skipped; whitespace is C's `isspace` set
/// (space, `\t`, `\n`, `\v`, `\f`, `\r`); lines end at `\n`, `\r\n` or a lone `\r`; a number
/// is an optional sign and ASCII digits, read by value whatever its length (`000…0008` is 8). A
/// token that is not a number from 0 to `max` is reported once it is known to be bad and 40
/// bytes of it are read: memory stays flat, and an endless token is not waited for.
mod numbers {
    use super::Error;
    use std::io::{self, Read};

    /// Bytes of a token kept for messages; a bad token is reported once it is longer.
    const KEPT: usize = 40;
    const BOM: &[u8] = b"\xEF\xBB\xBF";

    /// Numbers from 0 to a maximum (below `u64::MAX`), read from a byte stream.
    pub struct Numbers<R: Read> {
        input: R,
        buffer: Vec<u8>,
        at: usize, // the bytes read and not yet scanned are `buffer[at..filled]`
        filled: usize,
        ended: bool,
        max: u64,
        line: u64,
        after_cr: bool,
        /// Bytes of a byte-order mark matched at the start; 3 once past the start.
        bom: usize,
        token: Token,
    }

    /// The token being read, or the last one; `value` is held at `max + 1` once above `max`.
    #[derive(Default)]
    struct Token {
        open: bool,
        line: u64,
        len: u64,
        text: Vec<u8>,
        minus: bool,
        digits: bool,
        junk: bool,
        value: u64,
    }

    impl<R: Read> Numbers<R> {
        /// Reads numbers from 0 to `max` from `input`.
        pub fn new(input: R, max: u64) -> Numbers<R> {
            assert!(max < u64::MAX, "Numbers: max must be below u64::MAX");
            let (buffer, token) = (vec![0; 1 << 16], Token::default());
            let (at, filled, ended, line, after_cr, bom) = (0, 0, false, 1, false, 0);
            #[rustfmt::skip]
            return Numbers { input, buffer, at, filled, ended, max, line, after_cr, bom, token };
        }

        /// Whether the next [`Numbers::scan`] reads, and so may wait (flush the answers then).
        pub fn would_wait(&self) -> bool {
            !self.ended && self.at == self.filled
        }

        /// Scans what was read, reading once more first if nothing is left: the next number, 0
        /// at the end of the input (the judge stops at either), or `None` if the bytes end
        /// inside a token or in whitespace.
        ///
        /// # Errors
        ///
        /// [`Error::BadInput`] for a token that is not a number from 0 to `max` (stop reading
        /// then), [`Error::Read`] if reading fails.
        pub fn scan(&mut self) -> Result<Option<u64>, Error> {
            if self.ended {
                return Ok(Some(0));
            }
            if self.at == self.filled {
                match self.input.read(&mut self.buffer) {
                    Ok(0) => self.ended = true,
                    Ok(read) => (self.at, self.filled) = (0, read),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(None),
                    Err(e) => return Err(Error::Read(e)),
                }
            }
            // At the end, a byte-order mark begun and the last token are finished.
            let ended = self
                .ended
                .then(|| self.leave_start().or_else(|| self.end()));
            let mut found = ended.flatten();
            while found.is_none() && self.at < self.filled {
                self.at += 1;
                found = self.feed(self.buffer[self.at - 1]);
            }
            match found {
                None if self.ended => Ok(Some(0)),
                None => Ok(None),
                Some(found) => found.map(Some).map_err(Error::BadInput),
            }
        }

        /// Takes one byte; returns a finished token, if this byte ends one or shows it bad.
        #[inline(always)]
        fn feed(&mut self, byte: u8) -> Option<Result<u64, String>> {
            if self.bom < BOM.len() {
                if byte == BOM[self.bom] {
                    self.bom += 1;
                    return None;
                }
                if let Some(bad) = self.leave_start() {
                    return Some(bad);
                }
            }
            let after_cr = std::mem::replace(&mut self.after_cr, byte == b'\r');
            match byte {
                b'\n' | b'\r' => {
                    self.line += u64::from(!(after_cr && byte == b'\n'));
                    self.end()
                }
                b' ' | b'\t' | 0x0B | 0x0C => self.end(),
                _ => self.push(byte),
            }
        }

        /// Leaves the start: the bytes of a byte-order mark begun but not finished are text.
        fn leave_start(&mut self) -> Option<Result<u64, String>> {
            let matched = std::mem::replace(&mut self.bom, BOM.len()) % BOM.len();
            BOM[..matched].iter().find_map(|&b| self.push(b))
        }

        /// Adds a byte to the token; reports the token once it is bad and longer than kept.
        #[inline(always)]
        fn push(&mut self, byte: u8) -> Option<Result<u64, String>> {
            let t = &mut self.token;
            if !t.open {
                let text = std::mem::take(&mut t.text);
                (*t, t.open, t.line, t.text) = (Token::default(), true, self.line, text);
                t.text.clear();
            }
            t.len += 1;
            if t.text.len() < KEPT {
                t.text.push(byte);
            }
            match byte {
                b'0'..=b'9' => {
                    let digit = u64::from(byte - b'0');
                    let value = t.value.saturating_mul(10).saturating_add(digit);
                    (t.value, t.digits) = (value.min(self.max + 1), true);
                }
                b'+' | b'-' if t.len == 1 => t.minus = byte == b'-',
                _ => t.junk = true,
            }
            let bad = t.junk || t.value > self.max || (t.minus && t.value > 0);
            (bad && t.len > KEPT as u64).then(|| Err(self.bad_token()))
        }

        /// Ends the token, if one is being read: its number, or what is wrong with it.
        fn end(&mut self) -> Option<Result<u64, String>> {
            let t = &mut self.token;
            if !std::mem::replace(&mut t.open, false) {
                return None;
            }
            let good = t.digits && !t.junk && !(t.minus && t.value > 0) && t.value <= self.max;
            let value = t.value;
            Some(good.then_some(value).ok_or_else(|| self.bad_token()))
        }

        /// What is wrong with the token, and where: `line 3: "x": not a whole number` (its text
        /// quoted, escaped, cut to 40 bytes and `...`, a character cut off left out).
        fn bad_token(&self) -> String {
            let t = &self.token;
            let cut = t.len > t.text.len() as u64;
            let valid = match std::str::from_utf8(&t.text) {
                Err(e) if cut && e.error_len().is_none() => e.valid_up_to(),
                _ => t.text.len(),
            };
            let text = std::str::from_utf8(&t.text[..valid]).ok();
            let (max, table) = (self.max, self.max < u64::from(super::MAX_N));
            let problem = match text {
                None => "not valid UTF-8".to_string(),
                Some(_) if t.junk || !t.digits => "not a whole number".to_string(),
                Some(_) if t.minus && t.value > 0 => format!("negative; N must be from 1 to {max}"),
                Some(_) if table => format!(
                    "no count is known above N = {} (--table): from N = 28 the counts are open records, years of a cluster's time, far beyond this program (the toolkit plans one: queens count 28 --estimate)",
                    max
                ),
                Some(_) => format!("too large; N must be from 1 to {}", max),
            };
            let mut text = match text {
                Some(text) => format!("{:?}", text),
                None => format!("\"{}\"", t.text.escape_ascii()),
            };
            if cut {
                text.insert_str(text.len() - 1, "...");
            }
            format!("line {}: {}: {}", t.line, text, problem)
        }
    }
}
