//! `queens`: the N-Queens toolkit. Parses the command line, calls the library, prints.
//!
//! Exit codes: 0 success (also when the reader of the output goes away), 1 a check that failed
//! or an I/O error, 2 bad usage or bad input.

use nqueens::bench::{self, Cell, Contender};
use nqueens::board::Board;
use nqueens::verify::Flaw;
use nqueens::{construct, fast, min_conflicts, plot, verify, Algo, Placements};
use std::collections::VecDeque;
use std::fmt::Display;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const HELP: &str = "\
queens: count, list and find N-Queens placements.

Usage: queens <COMMAND> [ARGS]

Commands:
  count N    print the number of placements of N queens (or of distinct ones, or on a board
             with reserved squares)
  list N     print every placement of N queens, in lexicographic order
  solve N    print one placement of N queens, for N up to 10^9 (min-conflicts or a formula)
  verify     check a placement read from a file or stdin
  bench      time the counters against each other and print a table (and a plot)

Run 'queens <COMMAND> --help' for the flags of each.
Exit codes: 0 success, 1 a failed check or an I/O error, 2 bad usage or bad input.
";

const HELP_COUNT: &str = "\
queens count: print the number of placements of N non-attacking queens on an N×N board.

Usage: queens count N [--algo NAME] [--threads T] [--unique] [--part K/M]
       queens count --board FILE [--threads T] [--part K/M]

Arguments:
  N              the board size, 0 to 32

Options:
  --algo NAME    the counting algorithm, one of
                   fast       the fastest: joins half boards for a total from N = 14,
                              runs the symmetric search below that and for --unique
                              and --board (default)
                   symmetric  one placement per class under the 8 symmetries of the
                              square (Takaken's rules)
                   backtrack  plain backtracking, each queen checked against those above
                   mirror     the same on half the board, doubled by the left-right mirror
                   flags      flag arrays for columns and diagonals (O(1) checks)
                   links      a linked list of the free columns
                   bitwise    bit masks and an explicit stack
                   recursive  the judge's recursive bit masks with the mirror
  --threads T    worker threads (default: the number of cores)
  --unique       count placements distinct under rotations and reflections (OEIS A002562)
  --part K/M     count only the K-th of M disjoint slices of the work and print that partial
                 sum; the M partial sums add up to the count when every part is run with
                 the same other options, e.g. one slice per machine:
                   for k in 1 2 3 4; do queens count 20 --part $k/4 > part-$k & done
  --board FILE   count on a board with reserved squares (CSES 1624): N lines of N squares,
                 '.' free and '*' reserved (no queen there; queens still attack across it)
  -h, --help     print this help

--threads, --unique, --part and --board go with fast and symmetric. On a terminal, counts
that take more than a second show their progress on stderr.
";

const HELP_LIST: &str = "\
queens list: print every placement of N queens, in lexicographic order of their columns.

Usage: queens list N [--format board|perm|luogu] [--limit K]

Arguments:
  N               the board size, 0 to 32

Options:
  --format FMT    board: N rows of '.' and 'Q', a blank line between placements (default)
                  perm:  one line per placement, the 1-based column of rows 1..N
                  luogu: the Luogu P1219 answer: the first three perm lines, then the total
  --limit K       stop after K placements (board and perm)
  -h, --help      print this help
";

const HELP_SOLVE: &str = "\
queens solve: print ONE placement of N queens as a perm line: the 1-based column of the queen
in rows 1..N, separated by spaces (POJ 3239 style).

Usage: queens solve N [--method minconflict|construct] [--seed S] [--board]

Arguments:
  N                  the board size, 1 to 1000000000 (2 and 3 have no placement: exit 1)

Options:
  --method METHOD    minconflict: local search from a random start, linear time (default)
                     construct:   an explicit formula, no search
  --seed S           the random seed of minconflict (default 1); the same seed gives the same
                     placement
  --board            draw the board instead ('Q' and '.'), for N up to 300
  -h, --help         print this help

On a terminal, runs over a second show their progress on stderr. Check any placement with
'queens solve N | queens verify'.
";

const HELP_VERIFY: &str = "\
queens verify: check a placement in the perm format (the 1-based column of the queen in each
row, whitespace-separated) read from FILE or stdin. Prints ok, or the first two queens that
attack each other.

Usage: queens verify [FILE] [--n N]

Options:
  --n N          the board size the placement must have (default: the number of queens read)
  -h, --help     print this help

Exit codes: 0 valid, 1 invalid (attacking queens, or not N queens), 2 malformed input (not
numbers, a column outside the board, an unreadable file).
";

const HELP_BENCH: &str = "\
queens bench: time the counters for each N and print a Markdown table of median milliseconds.

Usage: queens bench [--from A] [--to B] [--algo NAME...] [--budget SECONDS] [--svg FILE]

Each cell is the median of several runs after a warm-up. A cell whose time, predicted from the
growth of the counter's times before it (quick probes at smaller N, then its cells), would take
the run past the budget is skipped (and marked), so the whole run stays within the budget.
Every count is checked against the known counts and the other counters. Build with --release
for meaningful times.

Options:
  --from A            the smallest N (default 10)
  --to B              the largest N (default 18; at most 32)
  --algo NAME...      the counters to time, by name (default: all); repeat the flag, list
                      several names after it, or separate them with commas. fast is timed
                      on one thread, and again on every core (\"fast ×T\")
  --budget SECONDS    the time the run may take (default 60)
  --svg FILE          also write the table as a plot: time on a log axis against N
  -h, --help          print this help
";

/// Why a command failed; printed once by `main`.
enum Failure {
    /// Bad usage of a command (named, for the hint to its help): exit 2.
    Usage(&'static str, String),
    /// Bad input, e.g. a malformed file: exit 2.
    Input(String),
    /// A check that failed, e.g. an invalid placement or no placement: exit 1.
    Check(String),
    /// Reading or writing failed: exit 1 (a closed stdout is success).
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("queens: {}", e);
            ExitCode::from(1)
        }
        Err(Failure::Usage(command, message)) => {
            let help = if command.is_empty() {
                "queens --help".to_string()
            } else {
                format!("queens {} --help", command)
            };
            eprintln!("queens: {}\ntry '{}'", message, help);
            ExitCode::from(2)
        }
        Err(Failure::Input(message)) => {
            eprintln!("queens: {}", message);
            ExitCode::from(2)
        }
        Err(Failure::Check(message)) => {
            eprintln!("queens: {}", message);
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<(), Failure> {
    let mut words = VecDeque::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(word) => words.push_back(word),
            Err(raw) => {
                return Err(Failure::Usage(
                    "",
                    format!("argument {:?} is not valid UTF-8", raw),
                ))
            }
        }
    }
    let command = words.pop_front().unwrap_or_default();
    match command.as_str() {
        "count" => count(Args::new("count", words)),
        "list" => list(Args::new("list", words)),
        "bench" => bench(Args::new("bench", words)),
        "solve" => solve(Args::new("solve", words)),
        "verify" => verify(Args::new("verify", words)),
        "-h" | "--help" | "help" => print(HELP),
        "-V" | "--version" => print(&format!("queens {}\n", env!("CARGO_PKG_VERSION"))),
        "" => Err(Failure::Usage("", "missing command".to_string())),
        other => Err(Failure::Usage("", format!("unknown command {:?}", other))),
    }
}

/// Writes `text` to stdout.
fn print(text: &str) -> Result<(), Failure> {
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}

/// One word of a command line, as the parser sees it.
enum Word {
    /// `--name` or `-x` (a value given as `--name=value` waits in [`Args::value`]).
    Flag(String),
    /// Anything else.
    Positional(String),
}

/// The hand-written argument parser shared by every subcommand: flags with values as
/// `--flag VALUE` or `--flag=VALUE`, positionals, and numbers checked against a range.
struct Args {
    command: &'static str,
    words: VecDeque<String>,
    /// The flag last returned and a value glued to it with `=`, not yet taken.
    flag: String,
    inline: Option<String>,
}

impl Args {
    fn new(command: &'static str, words: VecDeque<String>) -> Args {
        Args {
            command,
            words,
            flag: String::new(),
            inline: None,
        }
    }

    /// A usage error of this command.
    fn error(&self, message: String) -> Failure {
        Failure::Usage(self.command, message)
    }

    /// The next word, or `None` at the end.
    fn next(&mut self) -> Result<Option<Word>, Failure> {
        if self.inline.is_some() {
            return Err(self.error(format!("{} takes no value", self.flag)));
        }
        let word = match self.words.pop_front() {
            Some(word) => word,
            None => return Ok(None),
        };
        if word.starts_with('-')
            && word.len() > 1
            && !word[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            let (flag, inline) = match word.split_once('=') {
                Some((flag, value)) => (flag.to_string(), Some(value.to_string())),
                None => (word, None),
            };
            self.flag = flag.clone();
            self.inline = inline;
            Ok(Some(Word::Flag(flag)))
        } else {
            Ok(Some(Word::Positional(word)))
        }
    }

    /// The value of the flag just read.
    fn value(&mut self) -> Result<String, Failure> {
        match self.inline.take().or_else(|| self.words.pop_front()) {
            Some(value) => Ok(value),
            None => Err(self.error(format!("{} needs a value", self.flag))),
        }
    }

    /// Values following the flag just read, up to the next flag (at least one).
    fn values(&mut self) -> Result<Vec<String>, Failure> {
        let mut values = vec![self.value()?];
        while self.words.front().is_some_and(|w| !w.starts_with('-')) {
            values.extend(self.words.pop_front());
        }
        Ok(values)
    }

    /// `text` as a number in `range`; `what` names it in the message.
    fn number<T>(&self, what: &str, text: &str, range: RangeInclusive<T>) -> Result<T, Failure>
    where
        T: FromStr + PartialOrd + Display,
    {
        match text.parse::<T>() {
            Ok(value) if range.contains(&value) => Ok(value),
            _ => Err(self.error(format!(
                "{} must be a number from {} to {}, not {:?}",
                what,
                range.start(),
                range.end(),
                text
            ))),
        }
    }

    /// The value of the flag just read, as a number in `range`.
    fn flag_number<T>(&mut self, range: RangeInclusive<T>) -> Result<T, Failure>
    where
        T: FromStr + PartialOrd + Display,
    {
        let value = self.value()?;
        self.number(&self.flag, &value, range)
    }

    /// The error for a flag this command does not know.
    fn unknown(&self, flag: &str) -> Failure {
        self.error(format!("unknown flag {}", flag))
    }

    /// The error for a positional argument too many.
    fn unexpected(&self, word: &str) -> Failure {
        self.error(format!("unexpected argument {:?}", word))
    }

    /// The board size N, which must have been given.
    fn required_n(&self, n: Option<u32>) -> Result<u32, Failure> {
        n.ok_or_else(|| self.error("missing N, the board size".to_string()))
    }
}

/// Parses an algorithm name.
fn algo(args: &Args, name: &str) -> Result<Algo, Failure> {
    Algo::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Algo::ALL.iter().map(|a| a.name()).collect();
        args.error(format!(
            "unknown algorithm {:?}; choose one of {}",
            name,
            names.join(", ")
        ))
    })
}

fn count(mut args: Args) -> Result<(), Failure> {
    let mut n = None;
    let mut chosen = Algo::Fast;
    let mut threads = None;
    let mut unique = false;
    let mut part = None;
    let mut board_file = None;
    while let Some(word) = args.next()? {
        match word {
            Word::Flag(f) if f == "-h" || f == "--help" => return print(HELP_COUNT),
            Word::Flag(f) if f == "--algo" => {
                let name = args.value()?;
                chosen = algo(&args, &name)?
            }
            Word::Flag(f) if f == "--threads" => threads = Some(args.flag_number(1..=1024)?),
            Word::Flag(f) if f == "--unique" => unique = true,
            Word::Flag(f) if f == "--part" => {
                let text = args.value()?;
                part = Some(parse_part(&args, &text)?)
            }
            Word::Flag(f) if f == "--board" => board_file = Some(args.value()?),
            Word::Flag(f) => return Err(args.unknown(&f)),
            Word::Positional(p) if n.is_none() => n = Some(args.number("N", &p, 0..=32)?),
            Word::Positional(p) => return Err(args.unexpected(&p)),
        }
    }
    if chosen != Algo::Fast && chosen != Algo::Symmetric {
        let fast_only = [
            ("--threads", threads.is_some()),
            ("--unique", unique),
            ("--part", part.is_some()),
            ("--board", board_file.is_some()),
        ];
        if let Some((flag, _)) = fast_only.iter().find(|(_, given)| *given) {
            return Err(args.error(format!("{} goes with --algo fast or symmetric only", flag)));
        }
        let n = args.required_n(n)?;
        return print(&format!("{}\n", chosen.count(n)));
    }
    if unique && board_file.is_some() {
        return Err(args.error(
            "--unique counts classes under the symmetries of the square, which a board with reserved squares does not have".to_string(),
        ));
    }
    let board = board_file.as_deref().map(read_board).transpose()?;
    let n = match (&board, n) {
        (Some(board), Some(n)) if n as usize != board.size() => {
            return Err(args.error(format!(
                "N = {} but the board in {} has {} lines",
                n,
                board_file.unwrap_or_default(),
                board.size()
            )))
        }
        (Some(board), _) => board.size() as u32,
        (None, n) => args.required_n(n)?,
    };
    let progress = Progress::new("count", "sub-problems");
    let report = |done: usize, total: usize| progress.show(done, total);
    let options = fast::Options {
        threads: threads.unwrap_or_else(cores),
        part,
        board: board.as_ref(),
        progress: Some(&report),
    };
    let count = if unique {
        fast::count_with(n, &options).unique
    } else if chosen == Algo::Symmetric {
        fast::count_with(n, &options).total
    } else {
        fast::total_with(n, &options)
    };
    progress.finish();
    print(&format!("{}\n", count))
}

/// Reads and parses the board file of `--board`; errors name the file (and line).
fn read_board(path: &str) -> Result<Board, Failure> {
    let text =
        std::fs::read(path).map_err(|e| Failure::Input(format!("cannot read {}: {}", path, e)))?;
    Board::parse(&text).map_err(|e| Failure::Input(format!("{}: {}", path, e)))
}

/// The number of cores, for the default number of threads.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Parses `--part K/M`.
fn parse_part(args: &Args, text: &str) -> Result<(usize, usize), Failure> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, m)| Some((k.parse::<usize>().ok()?, m.parse::<usize>().ok()?)));
    match parsed {
        Some((k, m)) if 1 <= k && k <= m => Ok((k, m)),
        _ => Err(args.error(format!(
            "--part must be K/M with 1 <= K <= M, such as 2/8, not {:?}",
            text
        ))),
    }
}

/// A self-updating progress line on stderr, shown only on a terminal and only once the work
/// has taken more than a second.
struct Progress {
    what: &'static str,
    unit: &'static str,
    start: Instant,
    enabled: bool,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    fn new(what: &'static str, unit: &'static str) -> Progress {
        Progress {
            what,
            unit,
            start: Instant::now(),
            enabled: io::stderr().is_terminal(),
            last: Mutex::new(None),
        }
    }

    /// Shows `done` of `total` with the time taken and an estimate of the time left, at most
    /// five times a second.
    fn show(&self, done: usize, total: usize) {
        let elapsed = self.start.elapsed();
        if !self.enabled || elapsed < Duration::from_secs(1) {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.is_some_and(|t| t.elapsed() < Duration::from_millis(200)) {
            return;
        }
        *last = Some(Instant::now());
        let secs = elapsed.as_secs_f64();
        let left = secs * (total - done) as f64 / done.max(1) as f64;
        eprint!(
            "\r{}: {}/{} {}, {:.1} s, about {:.0} s left   ",
            self.what, done, total, self.unit, secs, left
        );
    }

    /// Clears the progress line if one was shown.
    fn finish(&self) {
        if self
            .last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
        {
            eprint!("\r{}\r", " ".repeat(72));
        }
    }
}

/// How `queens list` prints placements.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Board,
    Perm,
    Luogu,
}

fn list(mut args: Args) -> Result<(), Failure> {
    let (mut n, mut format, mut limit) = (None, Format::Board, None);
    while let Some(word) = args.next()? {
        match word {
            Word::Flag(f) if f == "-h" || f == "--help" => return print(HELP_LIST),
            Word::Flag(f) if f == "--format" => {
                format = match args.value()?.as_str() {
                    "board" => Format::Board,
                    "perm" => Format::Perm,
                    "luogu" => Format::Luogu,
                    other => {
                        return Err(args.error(format!(
                            "unknown format {:?}; choose board, perm or luogu",
                            other
                        )))
                    }
                }
            }
            Word::Flag(f) if f == "--limit" => limit = Some(args.flag_number(0..=u64::MAX)?),
            Word::Flag(f) => return Err(args.unknown(&f)),
            Word::Positional(p) if n.is_none() => n = Some(args.number("N", &p, 0..=32)?),
            Word::Positional(p) => return Err(args.unexpected(&p)),
        }
    }
    let n = args.required_n(n)?;
    if format == Format::Luogu && limit.is_some() {
        return Err(args.error(
            "--limit does not go with --format luogu, which prints three placements and the total"
                .to_string(),
        ));
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut placements = Placements::new(n);
    let mut printed = 0u64;
    while limit.map_or(true, |k| printed < k) {
        let queens = match placements.next_placement() {
            Some(queens) => queens,
            None => break,
        };
        match format {
            Format::Board => {
                if printed > 0 {
                    out.write_all(b"\n")?;
                }
                nqueens::write_board(&mut out, queens)?;
            }
            Format::Perm => nqueens::write_perm(&mut out, queens)?,
            Format::Luogu if printed < 3 => nqueens::write_perm(&mut out, queens)?,
            Format::Luogu => {}
        }
        printed += 1;
    }
    if format == Format::Luogu {
        writeln!(out, "{}", printed)?;
    }
    out.flush()?;
    Ok(())
}

fn bench(mut args: Args) -> Result<(), Failure> {
    let (mut from, mut to, mut budget, mut svg) = (10, 18, 60.0, None);
    let mut algos: Vec<Algo> = Vec::new();
    while let Some(word) = args.next()? {
        match word {
            Word::Flag(f) if f == "-h" || f == "--help" => return print(HELP_BENCH),
            Word::Flag(f) if f == "--from" => from = args.flag_number(1..=32)?,
            Word::Flag(f) if f == "--to" => to = args.flag_number(1..=32)?,
            Word::Flag(f) if f == "--budget" => budget = args.flag_number(0.001..=1e9)?,
            Word::Flag(f) if f == "--svg" => svg = Some(args.value()?),
            Word::Flag(f) if f == "--algo" => {
                for value in args.values()? {
                    for name in value.split(',').filter(|s| !s.is_empty()) {
                        let chosen = algo(&args, name)?;
                        if !algos.contains(&chosen) {
                            algos.push(chosen);
                        }
                    }
                }
            }
            Word::Flag(f) => return Err(args.unknown(&f)),
            Word::Positional(p) => return Err(args.unexpected(&p)),
        }
    }
    if from > to {
        return Err(args.error(format!("--from {} is above --to {}", from, to)));
    }
    if algos.is_empty() {
        algos = Algo::ALL.to_vec();
    }
    if cfg!(debug_assertions) {
        eprintln!("queens bench: this is a debug build; build with --release for meaningful times");
    }
    let mut contenders: Vec<Contender> = algos
        .iter()
        .map(|a| Contender {
            label: a.name().to_string(),
            count: Box::new(a.counter()),
        })
        .collect();
    let threads = cores();
    if algos.contains(&Algo::Fast) && threads > 1 {
        // The fast counter is also timed on every core.
        contenders.push(Contender {
            label: format!("fast ×{}", threads),
            count: Box::new(move |n| {
                let options = fast::Options {
                    threads,
                    ..fast::Options::default()
                };
                fast::total_with(n, &options)
            }),
        });
    }
    let ns: Vec<u32> = (from..=to).collect();
    let terminal = io::stderr().is_terminal();
    let table = bench::run(
        &ns,
        &contenders,
        Duration::from_secs_f64(budget),
        |label, n, cell| {
            if terminal {
                match cell {
                    Cell::Time(t) => eprintln!("bench: {} N={}: {} ms", label, n, bench::millis(t)),
                    Cell::Skipped => eprintln!("bench: {} N={}: skipped", label, n),
                }
            }
        },
    )
    .map_err(Failure::Input)?;
    let mut text = table.markdown();
    if table
        .rows
        .iter()
        .any(|(_, cells)| cells.contains(&Cell::Skipped))
    {
        text += &format!(
            "\nskipped: the predicted time would have taken the run past its {} s budget\n",
            budget
        );
    }
    print(&text)?;
    if let Some(path) = svg {
        let title = format!(
            "N-Queens counters: median time per count, N = {}..{}",
            from, to
        );
        std::fs::write(&path, plot::svg(&table, &title))
            .map_err(|e| Failure::Input(format!("cannot write {}: {}", path, e)))?;
    }
    Ok(())
}

/// The largest board `queens solve --board` draws.
const MAX_DRAWN: u32 = 300;

fn solve(mut args: Args) -> Result<(), Failure> {
    let (mut n, mut seed, mut draw, mut construct_it) = (None, 1u64, false, false);
    while let Some(word) = args.next()? {
        match word {
            Word::Flag(f) if f == "-h" || f == "--help" => return print(HELP_SOLVE),
            Word::Flag(f) if f == "--method" => {
                construct_it = match args.value()?.as_str() {
                    "minconflict" => false,
                    "construct" => true,
                    other => {
                        return Err(args.error(format!(
                            "unknown method {:?}; choose minconflict or construct",
                            other
                        )))
                    }
                }
            }
            Word::Flag(f) if f == "--seed" => seed = args.flag_number(0..=u64::MAX)?,
            Word::Flag(f) if f == "--board" => draw = true,
            Word::Flag(f) => return Err(args.unknown(&f)),
            Word::Positional(p) if n.is_none() => {
                n = Some(args.number("N", &p, 1..=1_000_000_000u32)?)
            }
            Word::Positional(p) => return Err(args.unexpected(&p)),
        }
    }
    let n = args.required_n(n)?;
    if draw && n > MAX_DRAWN {
        return Err(args.error(format!(
            "--board draws boards up to {0}×{0}; N = {1} would print {2} squares",
            MAX_DRAWN,
            n,
            u64::from(n) * u64::from(n)
        )));
    }
    let queens = if construct_it {
        construct::construct(n)
    } else {
        let progress = Progress::new("solve", "queens placed by the greedy start");
        let found = min_conflicts::min_conflicts(n, seed, &mut |placed, all| {
            progress.show(placed as usize, all as usize)
        });
        progress.finish();
        found
    };
    let queens =
        queens.ok_or_else(|| Failure::Check(format!("no placement of {} queens exists", n)))?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if draw {
        let columns: Vec<usize> = queens.iter().map(|&c| c as usize).collect();
        nqueens::write_board(&mut out, &columns)?;
    } else {
        nqueens::list::write_perm_u32(&mut out, &queens)?;
    }
    out.flush()?;
    Ok(())
}

fn verify(mut args: Args) -> Result<(), Failure> {
    let (mut file, mut n) = (None, None);
    while let Some(word) = args.next()? {
        match word {
            Word::Flag(f) if f == "-h" || f == "--help" => return print(HELP_VERIFY),
            Word::Flag(f) if f == "--n" => n = Some(args.flag_number(1..=u32::MAX as usize)?),
            Word::Flag(f) => return Err(args.unknown(&f)),
            Word::Positional(p) if file.is_none() => file = Some(p),
            Word::Positional(p) => return Err(args.unexpected(&p)),
        }
    }
    let input: Box<dyn Read> = match &file {
        None => Box::new(io::stdin().lock()),
        Some(path) => Box::new(
            std::fs::File::open(path)
                .map_err(|e| Failure::Input(format!("cannot read {}: {}", path, e)))?,
        ),
    };
    let source = file.as_deref().unwrap_or("stdin");
    let queens = verify::read_perm(input).map_err(|e| match e {
        verify::ReadError::Io(e) => Failure::Io(e),
        other => Failure::Input(format!("{}: {}", source, other)),
    })?;
    let n = n.unwrap_or(queens.len());
    match verify::verify(n, &queens) {
        Ok(()) => print("ok\n"),
        Err(flaw @ Flaw::OutOfRange { .. }) => Err(Failure::Input(format!("{}: {}", source, flaw))),
        Err(flaw) => {
            let columns = match flaw {
                Flaw::SameColumn { first, second }
                | Flaw::SameDiagonal { first, second }
                | Flaw::SameAntiDiagonal { first, second } => format!(
                    " (columns {} and {})",
                    queens[first] + 1,
                    queens[second] + 1
                ),
                _ => String::new(),
            };
            print(&format!("invalid: {}{}\n", flaw, columns))?;
            Err(Failure::Check(format!("{}: not a valid placement", source)))
        }
    }
}
