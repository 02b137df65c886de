//! `queens solve`: one placement for N up to 10⁹, by min-conflicts or by formula.

use crate::cli::{board_size, Arg, Flag, Parsed, Spec};
use crate::failure::Failure;
use crate::progress::Progress;
use nqueens::place::{construct, min_conflicts};
use std::io::{BufWriter, Write};

/// The largest board `--board` draws.
const MAX_DRAWN: u32 = 300;

/// The largest N.
const MAX_N: u64 = 1_000_000_000;

pub static SPEC: Spec = Spec {
    name: "solve",
    about: "print ONE placement of N queens as a perm line: the 1-based column of the queen
in rows 1..N, separated by spaces (POJ 3239 style).",
    usage: &["N [--method minconflict|construct] [--seed S] [--board]"],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 1000000000 (2 and 3 have no placement: exit 1)",
    }],
    flags: &[
        Flag {
            name: "--method",
            value: Some("METHOD"),
            many: false,
            choices: None,
            help: "minconflict: local search from a random start, linear time (default)
construct:   an explicit formula, no search",
        },
        Flag {
            name: "--seed",
            value: Some("S"),
            many: false,
            choices: None,
            help: "the random seed of minconflict (default 1); the same seed gives the same
placement",
        },
        Flag {
            name: "--board",
            value: None,
            many: false,
            choices: None,
            help: "draw the board instead ('Q' and '.'), for N up to 300",
        },
    ],
    notes:
        "On a terminal, runs over a second show their progress on stderr. Check any placement with
'queens solve N | queens verify'. Not enough memory for N queens (about 4.5 bytes each) is
reported, exit 1.
",
};

/// What `queens solve` was asked.
#[derive(Debug, PartialEq)]
pub struct SolveArgs {
    /// The board size.
    pub n: u32,
    /// The seed of min-conflicts, or `None` to construct by formula.
    pub seed: Option<u64>,
    /// Draw the board.
    pub draw: bool,
}

/// Reads the arguments of `queens solve`.
pub fn parse(parsed: &Parsed) -> Result<SolveArgs, Failure> {
    let construct =
        parsed.choice("--method", "method", &["minconflict", "construct"])? == Some("construct");
    if construct {
        parsed.refuse(&["--seed"], "goes with --method minconflict only")?;
    }
    let n = board_size(parsed, MAX_N)?.ok_or_else(|| parsed.error("missing N, the board size"))?;
    let draw = parsed.has("--board");
    if draw && n > MAX_DRAWN {
        return Err(parsed.error(format!(
            "--board draws boards up to {0}×{0}; N = {1} would print {2} squares",
            MAX_DRAWN,
            n,
            u64::from(n) * u64::from(n)
        )));
    }
    let seed = parsed.number("--seed", 0, u64::MAX - 1)?.unwrap_or(1);
    Ok(SolveArgs {
        n,
        seed: if construct { None } else { Some(seed) },
        draw,
    })
}

/// Runs `queens solve`.
pub fn run(args: SolveArgs) -> Result<(), Failure> {
    let n = args.n;
    let found = match args.seed {
        None => construct(n),
        Some(seed) => {
            let progress = Progress::new();
            let found = min_conflicts(n, seed, &mut |placed, all| {
                progress.show(|secs| {
                    format!(
                        "solve: greedy start, {} of {} queens placed, {:.1} s",
                        placed, all, secs
                    )
                })
            });
            progress.finish();
            found
        }
    };
    let queens = found
        .map_err(|e| Failure::Resources(format!("{} (solve {})", e, n)))?
        .ok_or_else(|| Failure::Check(format!("no placement of {} queens exists", n)))?;
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout());
    if args.draw {
        let columns: Vec<usize> = queens.iter().map(|&c| c as usize).collect();
        nqueens::write_board(&mut out, &columns)?;
    } else {
        nqueens::list::write_perm_u32(&mut out, &queens)?;
    }
    Ok(out.flush()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<SolveArgs, Failure> {
        crate::cli::parse_line(&SPEC, parse, line)
    }

    #[test]
    fn the_arguments_of_a_solve() {
        assert_eq!(
            parse_line("1000 --seed 7").unwrap(),
            SolveArgs {
                n: 1000,
                seed: Some(7),
                draw: false
            }
        );
        assert_eq!(
            parse_line("8 --method construct --board").unwrap().seed,
            None
        );
        assert_eq!(parse_line("8").unwrap().seed, Some(1));
        assert!(parse_line("8 --method construct --seed 3").is_err());
        assert!(parse_line("301 --board").is_err());
        assert!(parse_line("0").is_err());
    }
}
