//! `queens count`: the number of placements, by any counter, on many threads, one part of
//! the work, or a board with reserved squares.

use crate::cli::{board_size, Arg, Flag, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use crate::progress::Progress;
use nqueens::count::board::{self, Board};
use nqueens::count::checkpoint::{Checkpoint, CheckpointError};
use nqueens::count::work::cores;
use nqueens::count::{symmetric, total_with, Algo, CountError, Options};
use std::io::Read;
use std::path::Path;

/// The most threads `--threads` asks for.
const MAX_THREADS: u64 = 1024;

pub static SPEC: Spec = Spec {
    name: "count",
    about: "print the number of placements of N non-attacking queens on an N×N board.",
    usage: &[
        "N [--algo NAME] [--threads T] [--unique] [--part K/M] [--checkpoint FILE]",
        "--board FILE [--threads T] [--part K/M] [--checkpoint FILE]",
    ],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 32",
    }],
    flags: &[
        Flag {
            name: "--algo",
            value: Some("NAME"),
            many: false,
            help: "the counting algorithm, one of
  fast       the fastest: joins half boards for a total from N = 12,
             runs the symmetric search below that and for --unique
             and --board (default)
  symmetric  one placement per class under the 8 symmetries of the
             square (Takaken's rules)
  backtrack  plain backtracking, each queen checked against those above
  mirror     the same on half the board, doubled by the left-right mirror
  flags      flag arrays for columns and diagonals (O(1) checks)
  links      a linked list of the free columns
  bitwise    bit masks and an explicit stack
  recursive  the judge's recursive bit masks with the mirror",
        },
        Flag {
            name: "--threads",
            value: Some("T"),
            many: false,
            help: "worker threads, 1 to 1024 (default: the number of cores)",
        },
        Flag {
            name: "--unique",
            value: None,
            many: false,
            help: "count placements distinct under rotations and reflections (OEIS A002562)",
        },
        Flag {
            name: "--part",
            value: Some("K/M"),
            many: false,
            help: "count only the K-th of M disjoint slices of the work and print that partial
sum; with --checkpoint, 'queens merge' adds up the M parts, checking that
each is there once and finished (run every part with the same options):
  for k in 1 2 3 4; do queens count 20 --part $k/4 --checkpoint p$k.ckpt & done
  wait; queens merge p1.ckpt p2.ckpt p3.ckpt p4.ckpt",
        },
        Flag {
            name: "--checkpoint",
            value: Some("FILE"),
            many: false,
            help: "record every counted chunk of the work in FILE, durably; run the same
command again after a crash or a kill and it resumes where it stopped, with
the same answer. A finished checkpoint holds the result ('queens merge'
adds up the parts of one count); one of another count is refused",
        },
        Flag {
            name: "--board",
            value: Some("FILE"),
            many: false,
            help: "count on a board with reserved squares (CSES 1624): N lines of N squares,
'.' free and '*' reserved (no queen there; queens still attack across it);
- reads standard input",
        },
    ],
    notes:
        "--threads, --unique, --part, --checkpoint and --board go with fast and symmetric. On a terminal, counts
that take more than a second show their progress on stderr.
",
};

/// What `queens count` was asked.
#[derive(Debug, PartialEq)]
pub struct CountArgs {
    /// The board size, if given (a board file gives it too).
    pub n: Option<u32>,
    /// The counter.
    pub algo: Algo,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Count classes under the symmetries instead of placements.
    pub unique: bool,
    /// The part of the work, `(k, m)`.
    pub part: Option<(usize, usize)>,
    /// The board file, `-` for standard input.
    pub board: Option<String>,
    /// The checkpoint file.
    pub checkpoint: Option<String>,
}

/// Reads the arguments of `queens count`.
pub fn parse(parsed: &Parsed) -> Result<CountArgs, Failure> {
    let names: Vec<&'static str> = Algo::ALL.iter().map(|a| a.name()).collect();
    let algo = match parsed.choice("--algo", "algorithm", &names)? {
        Some(name) => Algo::from_name(name).unwrap_or(Algo::Fast),
        None => Algo::Fast,
    };
    let args = CountArgs {
        n: board_size(parsed, 32)?,
        algo,
        threads: parsed
            .number("--threads", 1, MAX_THREADS)?
            .map(|t| t as usize),
        unique: parsed.has("--unique"),
        part: parsed
            .value("--part")
            .map(|text| part(parsed, text))
            .transpose()?,
        board: parsed.value("--board").map(String::from),
        checkpoint: parsed.value("--checkpoint").map(String::from),
    };
    if algo != Algo::Fast && algo != Algo::Symmetric {
        parsed.refuse(
            &["--threads", "--unique", "--part", "--board", "--checkpoint"],
            "goes with --algo fast or symmetric only",
        )?;
    }
    if args.unique && args.board.is_some() {
        return Err(parsed.error(
            "--unique counts classes under the symmetries of the square, which a board with reserved squares does not have",
        ));
    }
    if args.n.is_none() && args.board.is_none() {
        return Err(parsed.error("missing N, the board size"));
    }
    Ok(args)
}

/// Parses `--part K/M`.
fn part(parsed: &Parsed, text: &str) -> Result<(usize, usize), Failure> {
    let numbers = text
        .split_once('/')
        .and_then(|(k, m)| Some((k.parse::<usize>().ok()?, m.parse::<usize>().ok()?)));
    match numbers {
        Some((k, m)) if 1 <= k && k <= m => Ok((k, m)),
        _ => Err(parsed.error(format!(
            "--part must be K/M with 1 <= K <= M, such as 2/8, not {:?}",
            text
        ))),
    }
}

/// Runs `queens count`.
pub fn run(args: CountArgs) -> Result<(), Failure> {
    if args.algo != Algo::Fast && args.algo != Algo::Symmetric {
        let n = args.n.unwrap_or_default();
        return Ok(output::print(&format!("{}\n", args.algo.count(n)))?);
    }
    let board = args.board.as_deref().map(read_board).transpose()?;
    let n = match (&board, args.n) {
        (Some(board), Some(n)) if n as usize != board.size() => {
            return Err(Failure::usage(
                "count",
                format!(
                    "N = {} but the board in {} has {} lines",
                    n,
                    args.board.unwrap_or_default(),
                    board.size()
                ),
            ))
        }
        (Some(board), _) => board.size() as u32,
        (None, n) => n.unwrap_or_default(),
    };
    let ask = if args.unique { "unique" } else { "total" };
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| Checkpoint::open(Path::new(path), ask))
        .transpose()
        .map_err(checkpoint_failure)?;
    let progress = Progress::new();
    let report = |done: usize, all: usize| progress.units("count", done, all, "chunks");
    let options = Options {
        threads: args.threads.unwrap_or_else(cores),
        part: args.part,
        board: board.as_ref(),
        progress: Some(&report),
        checkpoint: checkpoint.as_ref(),
    };
    let counted = if args.unique {
        symmetric::count_with(n, &options).map(|c| c.unique)
    } else if args.algo == Algo::Symmetric {
        symmetric::count_with(n, &options).map(|c| c.total)
    } else {
        total_with(n, &options)
    };
    progress.finish();
    let count = counted.map_err(|e| match e {
        CountError::Threads(e) => Failure::Resources(format!("{}; try fewer --threads", e)),
        CountError::Memory(e) => Failure::Resources(e.to_string()),
        CountError::Checkpoint(e) => checkpoint_failure(e),
    })?;
    Ok(output::print(&format!("{}\n", count))?)
}

/// A checkpoint that cannot be used: exit 2 if the file is at fault (not a checkpoint,
/// damaged, of another count), 1 if the system is (busy, unwritable).
pub fn checkpoint_failure(e: CheckpointError) -> Failure {
    if e.is_bad_input() {
        Failure::Input(e.to_string())
    } else {
        Failure::Write(e.to_string())
    }
}

/// Reads the board of `--board`; errors name the file (and line).
fn read_board(path: &str) -> Result<Board, Failure> {
    let input: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|e| Failure::Input(format!("cannot read {}: {}", path, e)))?,
        )
    };
    let shown = if path == "-" { "stdin" } else { path };
    Board::read(input).map_err(|e| match e {
        board::ReadError::Invalid(e) => Failure::Input(format!("{}: {}", shown, e)),
        board::ReadError::Io(e) => Failure::Input(format!("cannot read {}: {}", shown, e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<CountArgs, Failure> {
        crate::cli::parse_line(&SPEC, parse, line)
    }

    fn refused(line: &str) -> String {
        crate::cli::usage_message(parse_line(line))
    }

    #[test]
    fn the_arguments_of_a_count() {
        assert_eq!(
            parse_line("12 --threads 3 --part 2/5 --unique --checkpoint c").unwrap(),
            CountArgs {
                n: Some(12),
                algo: Algo::Fast,
                threads: Some(3),
                unique: true,
                part: Some((2, 5)),
                board: None,
                checkpoint: Some("c".to_string()),
            }
        );
        assert_eq!(parse_line("--algo=links 9").unwrap().algo, Algo::Links);
        assert_eq!(parse_line("--board b.txt").unwrap().n, None);
    }

    #[test]
    fn misuses_are_refused() {
        assert_eq!(refused("0"), "N must be a number from 1 to 32, not \"0\"");
        assert_eq!(refused("8 --part 1/4 --part 2/4"), "--part is given twice");
        assert_eq!(
            refused("8 --algo links --threads 2"),
            "--threads goes with --algo fast or symmetric only"
        );
        assert!(refused("--board b --unique").starts_with("--unique counts classes"));
        assert_eq!(refused("--threads 2"), "missing N, the board size");
        assert!(refused("8 --part 3/2").starts_with("--part must be K/M"));
    }
}
