//! `queens solve`: one placement for N up to 10⁹ (by formula, far beyond), by min-conflicts
//! or by formula; or one for each N of a judge's input.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::placed::{self, Given};
use crate::progress::Progress;
use nqueens::board::Board;
use nqueens::list::{Format, Printer};
use nqueens::place::min_conflicts;
use nqueens::place::verify_on;
use nqueens::place::Columns;
use nqueens::place::{complete_watched, Completion, Method, Options};
use nqueens::read::{number as parse_number, Words};
use std::io::{BufWriter, Write};
use std::time::Duration;

/// The seconds a completion is searched for before giving up, unless `--time-limit` says.
const TIME_LIMIT: u64 = 60;

/// The largest board `--format board` draws.
const MAX_DRAWN: u64 = 300;

/// The largest N min-conflicts holds in memory.
const MAX_N: u64 = 1_000_000_000;

/// The largest N the formula streams (its columns fit in a `u64`; the output would not fit on
/// any disk).
const MAX_CONSTRUCTED: u64 = 1_000_000_000_000_000_000;

pub static SPEC: Spec = Spec {
    name: "solve",
    summary: "print one placement (N up to 10^9), or complete a board",
    about: "print ONE placement of N queens, by default as a perm line: the 1-based column of
the queen in rows 1..N, separated by spaces (POJ 3239 style). With -, one for each N read from
standard input as the judge reads them (POJ 3239's whole input in one run).",
    usage: &[
        "N [--method minconflict|construct] [--seed S] [--format perm|perm0|lines|board]",
        "- [--method ...] [--seed S] [--format ...] < input",
        "[N] --board FILE [--queens FILE] [--queen ROW,COL]... [--method M] [--seed S] [--time-limit SECONDS]",
        "N [--queens FILE] [--queen ROW,COL]... [--method M] [--seed S] [--time-limit SECONDS] [--format ...]",
    ],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 1000000000 (with --method construct, to 10^18);
2 and 3 have no placement: exit 1. - reads N values from standard input
(whitespace-separated, until 0 or the end; bad input as the judge says it)",
    }],
    flags: &[
        Flag {
            name: "--method",
            value: "METHOD",
            kind: Kind::Choice {
                what: "method",
                choices: method_choices,
            },
            many: Many::One,
            help: "how the placement is found (with placed queens, by default every method
that fits the board, in turns), one of",
        },
        Flag {
            name: "--seed",
            value: "S",
            kind: Kind::Number {
                min: 0,
                max: u64::MAX - 1,
            },
            many: Many::One,
            help: "the random seed of minconflict and of the restarted tree search
(default 1); the same seed gives the same placement",
        },
        crate::cli::format_flag("how the placement is printed, one of", format_choices),
        placed::BOARD,
        placed::QUEENS,
        placed::QUEEN,
        Flag {
            name: "--time-limit",
            value: "SECONDS",
            kind: Kind::Number {
                min: 0,
                max: 1 << 40,
            },
            many: Many::One,
            help: "with placed queens: give up after this many seconds of CPU time (of
wall-clock time where the system does not tell CPU time) without a completion
or a proof that none exists (default 60; 0: never give up). The searches take
turns by work done, so the answer does not depend on the machine",
        },
    ],
    notes:
        "Placed queens (--board, --queens, --queen; the n-queens completion problem): tree
searches and a clause-learning search (cdcl), which can prove that no placement completes
the board, take turns with the compact tree search restarted in random orders (restarts,
which finds the completions of hard boards of up to 64 free rows soonest) and with
min-conflicts that never moves a placed queen, which finds completions of large boards in
linear time, and, on boards up to 64 wide, with a check of
the diagonals the new queens could take against the sums (and parities) every placement's
diagonals have, a proof of 'none' without search; the turns go to the method that shows, on
the board, it will finish first, and cdcl and restarts keep a share however they go
(--method runs one alone, without the check). Exit 1 with 'no placement completes this board (HOW IT WAS
PROVED)' when it is proved, and with a different message when --time-limit ran out first. Boards up to 8192 squares a side from a
file, N up to 1000000000 with --queens and --queen.

On a terminal, runs over a second show their progress on stderr (with placed queens: the
share of the search closed, cdcl's conflicts and learnt clauses, and the runs of restarts).
Check any placement with 'queens solve N | queens verify'. Not enough memory for N
queens (about 4.5 bytes each, with minconflict) is reported, exit 1.
",
};

/// Which N to solve.
#[derive(Debug, PartialEq)]
pub enum Boards {
    /// This one.
    One(u64),
    /// Each read from standard input.
    Stdin,
    /// The size of the `--board` file.
    OfTheBoard,
}

/// The methods of `--method`, the default first.
fn method_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        ("minconflict", "local search from a random start, linear time (the default without placed queens; with them, it alone)"),
        ("construct", "an explicit formula, no search, written as it is computed (no memory however large N is)"),
        ("rows", "with placed queens: only the exhaustive search row by row in machine words (boards up to 64 wide)"),
        ("compact", "with placed queens: only the exhaustive search on the free rows and columns (at most 64 free rows)"),
        ("cdcl", "with placed queens: only the clause-learning search on the free rows and columns (at most 64 free rows)"),
        ("restarts", "with placed queens: only the compact search in random orders, restarted (at most 64 free rows)"),
        ("wide", "with placed queens: only the exhaustive search on the whole board (any width)"),
    ]
}

/// The formats of `--format`, the default first.
fn format_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        ("perm", "the 1-based columns on one line (default)"),
        ("perm0", "the same, 0-based"),
        ("lines", "one 1-based column per line (BOJ 3344)"),
        ("board", "N rows of '.' and 'Q', for N up to 300"),
        ("svg", "a picture (SVG) of the board: queens, placed queens and reserved squares told apart, for N up to 400"),
    ]
}

/// What `queens solve` was asked.
#[derive(Debug, PartialEq)]
pub struct SolveArgs {
    /// The board sizes.
    pub n: Boards,
    /// The seed of min-conflicts, or `None` to construct by formula.
    pub seed: Option<u64>,
    /// How to print.
    pub format: Format,
    /// The board to complete, if any.
    pub given: Given,
    /// Give up completing a board after this long (`None`: never).
    pub time_limit: Option<Duration>,
    /// With placed queens, the one method asked for (`None`: all in turns).
    pub only: Option<Method>,
}

/// Reads the arguments of `queens solve`.
pub fn parse(parsed: &Parsed) -> Result<SolveArgs, Failure> {
    let construct = parsed.choice("--method") == Some("construct");
    if construct {
        parsed.refuse(&["--seed"], "goes with --method minconflict only")?;
    }
    let given = Given::parse(parsed)?;
    let only = Method::ALL
        .into_iter()
        .find(|m| parsed.choice("--method") == Some(m.name()));
    if let Some(method) = only.filter(|m| !m.is_seeded()) {
        parsed.refuse(
            &["--seed"],
            &format!(
                "steers min-conflicts and the restarted search, which --method {} leaves out",
                method.name()
            ),
        )?;
    }
    if only.is_some_and(Method::is_exhaustive) && !given.any() {
        return Err(parsed.error(format!(
            "--method {} completes a board: it goes with placed queens (--board, --queens, --queen)",
            parsed.choice("--method").unwrap_or_default()
        )));
    }
    if given.any() {
        if construct {
            return Err(parsed.error(
                "--method construct builds one placement by formula; it cannot keep placed queens (leave --method out)",
            ));
        }
        if parsed.arg(0) == Some("-") {
            return Err(parsed.error(
                "solve - reads many N; placed queens go with one board (give N, or --board)",
            ));
        }
    } else {
        parsed.refuse(
            &["--time-limit"],
            "goes with placed queens (--board, --queens, --queen)",
        )?;
    }
    let max = if construct { MAX_CONSTRUCTED } else { MAX_N };
    let n = match parsed.arg(0) {
        None if given.board.is_some() => Boards::OfTheBoard,
        None => return Err(parsed.error("missing N, the board size")),
        Some("-") => Boards::Stdin,
        Some(text) => match parse_number(text, max) {
            Some(n) if n >= 1 => Boards::One(n),
            _ => {
                return Err(parsed.error(format!(
                    "N must be a number from 1 to {}, not {:?}",
                    max, text
                )))
            }
        },
    };
    let format = parsed
        .choice("--format")
        .and_then(Format::from_name)
        .unwrap_or(Format::Perm);
    if let (Format::Board | Format::Svg, Boards::One(n)) = (format, &n) {
        let most = drawn_up_to(format);
        if *n > most {
            return Err(parsed.error(format!(
                "--format {0} draws boards up to {1}×{1}; N = {2} would draw {3} squares",
                format.name(),
                most,
                n,
                u128::from(*n) * u128::from(*n)
            )));
        }
    }
    if format == Format::Svg && matches!(n, Boards::Stdin) {
        return Err(parsed.error("--format svg draws one board; solve - prints one placement for each N (use perm, perm0, lines or board)"));
    }
    let seed = parsed.number("--seed").unwrap_or(1);
    let time_limit = match parsed.number("--time-limit") {
        Some(0) => None,
        Some(seconds) => Some(Duration::from_secs(seconds)),
        None => Some(Duration::from_secs(TIME_LIMIT)),
    };
    Ok(SolveArgs {
        n,
        seed: if construct { None } else { Some(seed) },
        format,
        given,
        time_limit,
        only,
    })
}

/// The widest board `format` draws (no limit for the formats of numbers).
fn drawn_up_to(format: Format) -> u64 {
    match format {
        Format::Board => MAX_DRAWN,
        Format::Svg => nqueens::draw::MAX_DRAWN as u64,
        _ => u64::MAX,
    }
}

/// Runs `queens solve`.
pub fn run(args: SolveArgs) -> Result<(), Failure> {
    let out = BufWriter::with_capacity(1 << 16, std::io::stdout());
    let mut printer = Printer::new(out, args.format);
    if args.given.any() {
        let n = match args.n {
            Boards::One(n) => Some(n),
            _ => None,
        };
        let board = args.given.board("solve", n)?;
        let most = drawn_up_to(args.format);
        if board.size() as u64 > most {
            return Err(Failure::usage(
                "solve",
                format!(
                    "--format {0} draws boards up to {1}×{1}; this one is {2}×{2}",
                    args.format.name(),
                    most,
                    board.size()
                ),
            ));
        }
        let mut printer = printer.on_board(&board);
        complete_board(&board, &args, &mut printer)?;
        return Ok(printer.finish()?.flush()?);
    }
    match args.n {
        Boards::One(n) => solve(n, &args, &mut printer)?,
        Boards::OfTheBoard => unreachable!("a board is given"),
        Boards::Stdin => {
            let max = if args.seed.is_none() {
                MAX_CONSTRUCTED
            } else {
                MAX_N
            };
            let mut words = Words::new(std::io::stdin().lock());
            // N with no placement (2, 3) are said as they come, and the batch goes on.
            let (mut asked, mut none) = (0u64, Vec::new());
            loop {
                let word = match words.next_word() {
                    Ok(Some(word)) => word,
                    Ok(None) => break,
                    Err(e) => {
                        // What was solved before the failed read is written first.
                        printer.finish()?.flush()?;
                        return Err(Failure::Read(format!("cannot read the input: {}", e)));
                    }
                };
                let bad = |problem: String| {
                    let (place, text) = (word.place(), &word.text);
                    Failure::Input(format!("stdin: {}: {}: {}", place, text, problem))
                };
                let n = match word.number(max) {
                    Ok(0) => break,
                    Ok(n) if args.format == Format::Board && n > MAX_DRAWN => {
                        printer.finish()?.flush()?;
                        let most = format!(
                            "--format board draws boards up to {}×{}",
                            MAX_DRAWN, MAX_DRAWN
                        );
                        return Err(bad(most));
                    }
                    Ok(n) => n,
                    Err(problem) => {
                        // What was solved before the bad word is written first.
                        printer.finish()?.flush()?;
                        let range = match problem {
                            "not a whole number" => String::new(),
                            _ => format!("; N must be from 1 to {}", max),
                        };
                        return Err(bad(format!("{}{}", problem, range)));
                    }
                };
                asked += 1;
                match solve(n, &args, &mut printer) {
                    Ok(()) => {}
                    Err(Failure::Check(message)) => {
                        printer.flush()?;
                        crate::failure::say(&format!(
                            "queens: stdin: {}: {}",
                            word.place(),
                            message
                        ));
                        none.push(n);
                    }
                    Err(failure) => {
                        printer.finish()?.flush()?;
                        return Err(failure);
                    }
                }
            }
            if !none.is_empty() {
                printer.finish()?.flush()?;
                let listed: Vec<String> = none.iter().map(u64::to_string).collect();
                return Err(Failure::Check(format!(
                    "{} of the {} N asked for have no placement ({}); the others were answered",
                    none.len(),
                    asked,
                    listed.join(", ")
                )));
            }
        }
    }
    Ok(printer.finish()?.flush()?)
}

/// Prints one completion of `board`.
fn complete_board<W: Write>(
    board: &Board,
    args: &SolveArgs,
    printer: &mut Printer<W>,
) -> Result<(), Failure> {
    if let Some(only) = args.only {
        if let Err(needs) = only.fits(board) {
            let (n, m) = (board.size(), board.free_rows());
            let text = format!(
                "--method {} takes {}; this board is {n}×{n} with {m} rows free",
                only.name(),
                needs
            );
            return Err(Failure::usage("solve", text));
        }
    }
    let options = Options {
        seed: args.seed.unwrap_or(1),
        give_up_after: args.time_limit,
        only: args.only,
    };
    let progress = Progress::new();
    let found = complete_watched(board, &options, &mut |report| {
        progress.show(|secs| {
            format!(
                "solve: {:.2}% of the search closed, {} conflicts, {} learnt, {} runs, {}",
                100.0 * report.closed,
                report.conflicts,
                report.learnt,
                report.runs,
                crate::progress::seconds(secs)
            )
        })
    });
    progress.finish();
    match found.map_err(|e| Failure::Resources(format!("{} (solve {})", e, board.size())))? {
        Completion::Found(queens) => {
            // Checked by the independent verifier before it is shown.
            match verify_on(board, &queens) {
                Ok(Err(flaw)) => {
                    return Err(Failure::Check(format!(
                        "internal error: the completion found is wrong: {}",
                        flaw
                    )))
                }
                Err(e) => return Err(Failure::Resources(e.to_string())),
                Ok(Ok(())) => {}
            }
            Ok(printer.print(&queens)?)
        }
        Completion::Impossible(proof) => Err(Failure::Check(format!(
            "no placement completes this board ({})",
            proof
        ))),
        Completion::GaveUp { exhaustive } => Err(Failure::Check(format!(
            "gave up after {} s: no completion found, and none proved impossible{}; a longer --time-limit may decide it",
            args.time_limit.map_or(0, |t| t.as_secs()),
            match (exhaustive, args.only) {
                (true, _) => String::new(),
                (false, Some(only)) => format!(
                    " (--method {} cannot prove there is none; without --method the exhaustive searches take turns too)",
                    only.name()
                ),
                (false, None) => {
                    " (the board is too large for the exhaustive search, which alone can prove there is none)"
                        .to_string()
                }
            }
        ))),
    }
}

/// Prints one placement of `n` queens.
fn solve<W: Write>(n: u64, args: &SolveArgs, printer: &mut Printer<W>) -> Result<(), Failure> {
    let none = || Failure::Check(format!("no placement of {} queens exists", n));
    let Some(seed) = args.seed else {
        let columns = Columns::new(n).ok_or_else(none)?;
        return Ok(printer.print_columns(n as usize, columns)?);
    };
    let progress = Progress::new();
    let found = min_conflicts(n as u32, seed, &mut |placed, all| {
        progress.show(|secs| {
            format!(
                "solve: greedy start, {} of {} queens placed, {:.1} s",
                placed, all, secs
            )
        })
    });
    progress.finish();
    let queens = found
        .map_err(|e| Failure::Resources(format!("{} (solve {})", e, n)))?
        .ok_or_else(none)?;
    Ok(printer.print(&queens)?)
}

#[cfg(test)]
mod tests;
