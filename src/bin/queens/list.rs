//! `queens list`: every placement, in lexicographic order, as boards or `perm` lines.

use crate::cli::{board_size, Arg, Flag, Parsed, Spec};
use crate::failure::Failure;
use crate::output::TimedWriter;
use nqueens::Placements;
use std::io::Write;

pub static SPEC: Spec = Spec {
    name: "list",
    about: "print every placement of N queens, in lexicographic order of their columns.",
    usage: &["N [--format board|perm|luogu] [--limit K]"],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 32",
    }],
    flags: &[
        Flag {
            name: "--format",
            value: Some("FMT"),
            many: false,
            choices: None,
            help: "board: N rows of '.' and 'Q', a blank line between placements (default)
perm:  one line per placement, the 1-based column of rows 1..N
luogu: the Luogu P1219 answer: the first three perm lines, then the total",
        },
        Flag {
            name: "--limit",
            value: Some("K"),
            many: false,
            choices: None,
            help: "stop after K placements (board and perm)",
        },
    ],
    notes: "Output that comes slowly (large N) is flushed at least every 0.1 s.
",
};

/// How placements are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// N rows of `.` and `Q`, a blank line between placements.
    Board,
    /// One line per placement: the 1-based columns.
    Perm,
    /// The first three `perm` lines, then the total.
    Luogu,
}

/// What `queens list` was asked.
#[derive(Debug, PartialEq)]
pub struct ListArgs {
    /// The board size.
    pub n: u32,
    /// How to print.
    pub format: Format,
    /// At most this many placements.
    pub limit: Option<u64>,
}

/// Reads the arguments of `queens list`.
pub fn parse(parsed: &Parsed) -> Result<ListArgs, Failure> {
    let format = match parsed.choice("--format", "format", &["board", "perm", "luogu"])? {
        Some("perm") => Format::Perm,
        Some("luogu") => Format::Luogu,
        _ => Format::Board,
    };
    if format == Format::Luogu {
        parsed.refuse(
            &["--limit"],
            "does not go with --format luogu, which prints three placements and the total",
        )?;
    }
    Ok(ListArgs {
        n: board_size(parsed, 32)?.ok_or_else(|| parsed.error("missing N, the board size"))?,
        format,
        limit: parsed.number("--limit", 0, u64::MAX - 1)?,
    })
}

/// Runs `queens list`.
pub fn run(args: ListArgs) -> Result<(), Failure> {
    let mut out = TimedWriter::new(std::io::stdout());
    let mut placements = Placements::new(args.n);
    let mut printed = 0u64;
    while args.limit.is_none_or(|k| printed < k) {
        let queens = match placements.next_placement() {
            Some(queens) => queens,
            None => break,
        };
        match args.format {
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
    if args.format == Format::Luogu {
        writeln!(out, "{}", printed)?;
    }
    Ok(out.finish()?)
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
                n: 6,
                format: Format::Perm,
                limit: Some(3)
            }
        );
        assert_eq!(parse_line("4").unwrap().format, Format::Board);
        assert!(parse_line("0").is_err());
        assert!(parse_line("6 --format luogu --limit 2").is_err());
        assert!(parse_line("6 --format csv").is_err());
        assert!(parse_line("--format perm").is_err());
    }
}
