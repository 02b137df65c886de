//! `queens list`: every placement, in lexicographic order, as boards or `perm` lines.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output::TimedWriter;
use crate::placed::{self, Given};
use nqueens::count::symmetric::Fundamental;
use nqueens::list::Format::Board;
use nqueens::list::Placements;
use nqueens::list::Printer;
use nqueens::place::Completions;
use nqueens::read::MAX_WIDTH;
use std::io::Write;

pub static SPEC: Spec = Spec {
    name: "list",
    summary: "print every placement of N queens, in order",
    about: "print every placement of N queens, in order of their columns (or one of
each class under the symmetries of the square).",
    usage: &[
        "N [--format board|perm|perm0|lines|json|luogu|svg] [--limit K] [--unique]",
        "[N] --board FILE [--queens FILE] [--queen ROW,COL]... [--format ...] [--limit K]",
        "N [--queens FILE] [--queen ROW,COL]... [--format ...] [--limit K]",
    ],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 32 (with placed queens or a board, to 8192)",
    }],
    flags: &[
        crate::cli::format_flag("how each placement is printed, one of", format_choices),
        Flag {
            name: "--limit",
            value: "K",
            kind: Kind::Number {
                min: 0,
                max: u64::MAX - 1,
            },
            many: Many::One,
            help: "stop after K placements (every format but luogu)",
        },
        Flag {
            name: "--unique",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "one placement per class under the 8 symmetries of the square, the smallest
of each (the fundamental placements: 12 for N = 8; OEIS A002562 of them)",
        },
        placed::BOARD,
        placed::QUEENS,
        placed::QUEEN,
    ],
    notes:
        "With --board, --queens or --queen, the completions of that board are listed (the placements
that keep every placed queen and leave reserved squares empty), in the same order and formats,
by an exhaustive search that sees a dead end as soon as any row or column is shut.
Output that comes slowly (large N) is flushed at least every 0.1 s.
",
};

/// How placements are printed: one of the library's formats, or Luogu's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every placement in this format.
    Each(nqueens::list::Format),
    /// The first three `perm` lines, then the total.
    Luogu,
}

/// The formats of `--format`, the default first.
fn format_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            "board",
            "N rows of '.' and 'Q', a blank line between placements (default)",
        ),
        (
            "perm",
            "one line per placement, the 1-based column of rows 1..N",
        ),
        ("perm0", "the same, 0-based"),
        (
            "lines",
            "one 1-based column per line, a blank line between placements",
        ),
        (
            "json",
            "LeetCode 51's answer: [[\".Q..\",\"...Q\",...],...]",
        ),
        (
            "luogu",
            "the Luogu P1219 answer: the first three perm lines, then the total",
        ),
        ("svg", "one picture (SVG) of the placements, 8 boards a row: queens, placed queens and reserved squares told apart; needs --limit K, K up to 256, N up to 400"),
    ]
}

/// The most placements `--format svg` draws in one picture.
const MAX_PICTURED: u64 = 256;

/// What `queens list` was asked.
#[derive(Debug, PartialEq)]
pub struct ListArgs {
    /// The board size (a board file gives it too).
    pub n: Option<u32>,
    /// How to print.
    pub format: Format,
    /// At most this many placements.
    pub limit: Option<u64>,
    /// One placement per class under the symmetries.
    pub unique: bool,
    /// The board whose completions are listed.
    pub given: Given,
}

/// Reads the arguments of `queens list`.
pub fn parse(parsed: &Parsed) -> Result<ListArgs, Failure> {
    let format = match parsed.choice("--format") {
        Some("luogu") => Format::Luogu,
        Some(name) => Format::Each(nqueens::list::Format::from_name(name).unwrap_or(Board)),
        None => Format::Each(Board),
    };
    if format == Format::Each(nqueens::list::Format::Svg) {
        match parsed.number("--limit") {
            Some(k) if (1..=MAX_PICTURED).contains(&k) => {}
            _ => {
                return Err(parsed.error(format!(
                "--format svg draws the placements in one picture: give --limit K, K from 1 to {}",
                MAX_PICTURED
            )))
            }
        }
    }
    if format == Format::Luogu {
        parsed.refuse(
            &["--limit"],
            "does not go with --format luogu, which prints three placements and the total",
        )?;
    }
    let given = Given::parse(parsed)?;
    let max = match (format, given.any()) {
        (Format::Each(nqueens::list::Format::Svg), true) => nqueens::draw::MAX_DRAWN as u64,
        (_, true) => MAX_WIDTH as u64,
        (_, false) => 32,
    };
    let n = parsed.board_size(max)?;
    if n.is_none() && given.board.is_none() {
        return Err(parsed.error("missing N, the board size"));
    }
    if given.any() && parsed.has("--unique") {
        return Err(parsed.error(
            "--unique lists classes under the symmetries of the square, which a board with reserved squares or placed queens does not have",
        ));
    }
    Ok(ListArgs {
        n,
        format,
        limit: parsed.number("--limit"),
        unique: parsed.has("--unique"),
        given,
    })
}

/// Runs `queens list`.
pub fn run(args: ListArgs) -> Result<(), Failure> {
    let n = args.n.unwrap_or_default();
    let svg = args.format == Format::Each(nqueens::list::Format::Svg);
    let mut on = None;
    let placements: Box<dyn Iterator<Item = Vec<usize>>> = if args.given.any() {
        let board = args.given.board("list", args.n.map(u64::from))?;
        let most = nqueens::draw::MAX_DRAWN;
        if svg && board.size() > most {
            let message = format!(
                "--format svg draws boards up to {0}×{0}; this one is {1}×{1}",
                most,
                board.size()
            );
            return Err(Failure::usage("list", message));
        }
        // As count: a wide board with many empty rows could be searched without end.
        if let Some(why) = nqueens::count::too_open(&board) {
            let message = format!("{}, or 'queens solve' finds one completion", why);
            return Err(Failure::usage("list", message));
        }
        on = Some(board.clone());
        let completions =
            Completions::new(&board).map_err(|e| Failure::Resources(e.to_string()))?;
        Box::new(completions.map(|q| q.into_iter().map(|c| c as usize).collect()))
    } else if args.unique {
        Box::new(Fundamental::new(n))
    } else {
        Box::new(Placements::new(n))
    };
    let placements = placements.take(
        args.limit
            .map_or(usize::MAX, |k| k.min(usize::MAX as u64) as usize),
    );
    let out = TimedWriter::new(std::io::stdout());
    match args.format {
        Format::Each(format) => {
            let mut printer = Printer::new(out, format);
            if let Some(board) = &on {
                printer = printer.on_board(board);
            }
            for queens in placements {
                printer.print(&queens)?;
            }
            Ok(printer.finish()?.finish()?)
        }
        Format::Luogu => {
            // Three placements, then the total, counted (not listed) by the fastest counter.
            let mut out = out;
            for queens in placements.take(3) {
                nqueens::list::write_perm(&mut out, &queens)?;
            }
            out.flush()?;
            let total = luogu_total(n, args.unique, on.as_ref())?;
            writeln!(out, "{}", total)?;
            Ok(out.finish()?)
        }
    }
}

/// The total of Luogu's answer: the placements (or classes, or completions of `board`)
/// counted on every core.
fn luogu_total(
    n: u32,
    unique: bool,
    board: Option<&nqueens::board::Board>,
) -> Result<u128, Failure> {
    let fail = |e: String| Failure::Resources(e);
    if let Some(board) = board.filter(|b| b.size() > nqueens::judge::MAX_N as usize) {
        let count = nqueens::place::count_completions(board);
        return count.map(u128::from).map_err(|e| fail(e.to_string()));
    }
    let problem = nqueens::count::Problem {
        n: board.map_or(n, |b| b.size() as u32),
        board,
        ask: if unique {
            nqueens::count::Ask::Unique
        } else {
            nqueens::count::Ask::Total
        },
    };
    let run = nqueens::count::Run {
        threads: nqueens::count::cores(),
        ..nqueens::count::Run::default()
    };
    nqueens::count::count_with(&problem, &run).map_err(|e| fail(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<ListArgs, Failure> {
        crate::cli::parse_line(&SPEC, parse, line)
    }

    #[test]
    fn the_arguments_of_a_listing() {
        assert_eq!(
            parse_line("6 --format perm --limit 3").unwrap(),
            ListArgs {
                n: Some(6),
                format: Format::Each(nqueens::list::Format::Perm),
                limit: Some(3),
                unique: false,
                given: Given::default(),
            }
        );
        assert_eq!(parse_line("4").unwrap().format, Format::Each(Board));
        assert!(parse_line("8 --unique --format json").unwrap().unique);
        assert!(parse_line("0").is_err());
        assert!(parse_line("6 --format luogu --limit 2").is_err());
        assert!(parse_line("6 --format csv").is_err());
        assert!(parse_line("--format perm").is_err());
        assert_eq!(parse_line("--board b.txt").unwrap().n, None);
        assert_eq!(parse_line("40 --queen 1,1").unwrap().n, Some(40));
        assert!(parse_line("40").is_err());
        assert!(parse_line("8 --queen 1,1 --unique").is_err());
    }
}
