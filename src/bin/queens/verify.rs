//! `queens verify`: an independent check of one placement read as a `perm` line.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use crate::placed::{self, Given};
use nqueens::place::{try_verify, verify_on, Flaw};
use nqueens::read::{perm0, placements};
use std::io::Read;

pub static SPEC: Spec = Spec {
    name: "verify",
    summary: "check a placement read from a file or stdin",
    about: "check a placement read from FILE or stdin: a perm line (the 1-based column of the
queen in each row, whitespace-separated), a board (N rows of '.' and 'Q', as LeetCode
prints them) or LeetCode 51's JSON answer (every board in it), told apart by the first
character; --format perm0 for 0-based columns. Prints ok, or the first two queens that
attack each other. With --board (or --queens, --queen), also that the placement completes that
board: every placed queen kept, no queen on a reserved square.",
    usage: &[
        "[FILE] [--n N]",
        "[FILE] --board FILE [--queens FILE] [--queen ROW,COL]...",
        "[FILE] --n N [--queens FILE] [--queen ROW,COL]...",
    ],
    args: &[Arg {
        name: "FILE",
        help: "the placement (default, or -: standard input)",
    }],
    flags: &[
        Flag {
            name: "--n",
            value: "N",
            kind: Kind::Number {
                min: 1,
                max: u32::MAX as u64,
            },
            many: Many::One,
            help: "the board size the placement must have (default: the number of queens read)",
        },
        crate::cli::format_flag("how the placement is written, one of", format_choices),
        placed::BOARD,
        placed::QUEENS,
        placed::QUEEN,
    ],
    notes:
        "Exit codes: 0 valid, 1 invalid (attacking queens, or not N queens, a placed queen moved, a
queen on a reserved square; also when the reader of
the output has gone away), 2 malformed input (not numbers, a column outside the board, an
unreadable file).
",
};

/// The formats of `--format`, the default first.
fn format_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        ("auto", "a perm line, a board of '.' and 'Q', or LeetCode 51's JSON, told apart by the first character (default)"),
        ("perm0", "0-based columns, as 'queens list --format perm0' prints them"),
    ]
}

/// What `queens verify` was asked.
#[derive(Debug, PartialEq)]
pub struct VerifyArgs {
    /// The file to read, `None` for standard input.
    pub file: Option<String>,
    /// The board size the placement must have.
    pub n: Option<usize>,
    /// The board it must complete.
    pub given: Given,
    /// Whether the columns are 0-based.
    pub zero_based: bool,
}

/// Reads the arguments of `queens verify`.
pub fn parse(parsed: &Parsed) -> Result<VerifyArgs, Failure> {
    let given = Given::parse(parsed)?;
    let file = parsed.arg(0).filter(|f| *f != "-").map(String::from);
    if file.is_none()
        && (given.board.as_deref() == Some("-") || given.files.iter().any(|f| f == "-"))
    {
        return Err(parsed
            .error("the placement is read from standard input; the board or queens need a file"));
    }
    Ok(VerifyArgs {
        given,
        file,
        n: parsed.number("--n").map(|n| n as usize),
        zero_based: parsed.choice("--format") == Some("perm0"),
    })
}

/// Runs `queens verify`.
pub fn run(args: VerifyArgs) -> Result<(), Failure> {
    let source = args.file.as_deref().unwrap_or("stdin");
    let input: Box<dyn Read> = match &args.file {
        None => Box::new(std::io::stdin().lock()),
        Some(path) => Box::new(
            std::fs::File::open(path)
                .map_err(|e| Failure::Input(format!("cannot read {}: {}", path, e)))?,
        ),
    };
    let read = match args.zero_based {
        true => perm0(input).map(|queens| vec![queens]),
        false => placements(input),
    };
    let all = read.map_err(|e| match e.is_not_a_placement() {
        // A board row with no queen or two is read fine, and is not a placement.
        true => invalid(&format!("invalid: {}\n", e), source),
        false => e.in_source(source).into(),
    })?;
    for (i, queens) in all.iter().enumerate() {
        // Several placements (LeetCode 51's JSON) are named by their place in the list.
        let which = match all.len() {
            1 => String::new(),
            _ => format!("placement {}: ", i + 1),
        };
        check(&args, queens, source, &which)?;
    }
    match all.len() {
        1 => Ok(output::print("ok\n")?),
        count => Ok(output::print(&format!("ok: {} placements\n", count))?),
    }
}

/// Checks one placement, as `args` ask; `which` names it among several.
fn check(args: &VerifyArgs, queens: &[u32], source: &str, which: &str) -> Result<(), Failure> {
    let verdict = if args.given.any() {
        // The board file gives the size; with only --queens or --queen, --n or the placement.
        let n = match args.given.board {
            Some(_) => args.n,
            None => Some(args.n.unwrap_or(queens.len())),
        };
        let board = args.given.board("verify", n.map(|n| n as u64))?;
        verify_on(&board, queens)
    } else {
        try_verify(args.n.unwrap_or(queens.len()), queens)
    };
    let verdict = verdict.map_err(|e| Failure::Resources(e.to_string()))?;
    match verdict {
        Ok(()) => Ok(()),
        Err(flaw @ Flaw::OutOfRange { .. }) => {
            Err(Failure::Input(format!("{}: {}{}", source, which, flaw)))
        }
        Err(flaw) => {
            let columns = match flaw {
                Flaw::SameColumn { first, second }
                | Flaw::SameDiagonal { first, second }
                | Flaw::SameAntiDiagonal { first, second } => format!(
                    " (columns {} and {})",
                    queens[first] + 1,
                    queens[second] + 1
                ),
                Flaw::WrongLength { .. }
                | Flaw::OutOfRange { .. }
                | Flaw::Moved { .. }
                | Flaw::OnReserved { .. } => String::new(),
            };
            Err(invalid(
                &format!("invalid: {}{}{}\n", which, flaw, columns),
                source,
            ))
        }
    }
}

/// A failed check: `verdict` printed, exit 1. The check failed, whatever becomes of the
/// verdict: a reader that went away does not turn it into success.
fn invalid(verdict: &str, source: &str) -> Failure {
    match output::print(verdict) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Failure::Output(e),
        _ => Failure::Check(format!("{}: not a valid placement", source)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<VerifyArgs, Failure> {
        crate::cli::parse_line(&SPEC, parse, line)
    }

    #[test]
    fn the_arguments_of_a_check() {
        assert_eq!(
            parse_line("p.txt --n 8").unwrap(),
            VerifyArgs {
                file: Some("p.txt".into()),
                n: Some(8),
                given: Given::default(),
                zero_based: false,
            }
        );
        assert!(parse_line("--format perm0").unwrap().zero_based);
        assert_eq!(parse_line("-").unwrap().file, None);
        assert_eq!(parse_line("").unwrap().file, None);
        assert!(parse_line("a b").is_err());
        assert!(parse_line("--n 0").is_err());
    }
}
