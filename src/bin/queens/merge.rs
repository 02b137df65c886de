//! `queens merge`: the total of a count run in parts, from their checkpoints, only when they
//! make the whole count exactly once, and the count expected; `--status` says how far each
//! part has got.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use nqueens::count::checkpoint::{CheckpointError, Contents};
use nqueens::count::merge::{merge, Expect, MergeError};
use nqueens::count::Ask;
use std::path::Path;

pub static SPEC: Spec = Spec {
    name: "merge",
    summary: "add up the parts of one count from their checkpoints",
    about: "print the count made by the parts of one count ('queens count N --part K/M
--checkpoint FILE' for K = 1..M), from their checkpoints: only when they are every part once,
each finished, all of the same count, and of the count expected.",
    usage: &[
        "FILE... [--n N] [--parts M] [--total | --unique | --classes] [--board FILE] [--queens FILE] [--queen ROW,COL]...",
        "--status FILE...",
    ],
    args: &[Arg {
        name: "FILE...",
        help: "the checkpoints of the parts; - reads one from standard input",
    }],
    flags: &[
        Flag {
            name: "--n",
            value: "N",
            kind: Kind::Number { min: 1, max: 32 },
            many: Many::One,
            help: "expect a count of N queens (on the plain board, unless --board, --queens or\n--queen say which): parts of another N or board are refused",
        },
        Flag {
            name: "--parts",
            value: "M",
            kind: Kind::Number {
                min: 1,
                max: u64::MAX - 1,
            },
            many: Many::One,
            help: "expect the count split into M parts: parts of another split are refused",
        },
        Flag {
            name: "--total",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "expect a count of every placement (queens count without --unique)",
        },
        Flag {
            name: "--unique",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "expect a count of classes under the symmetries (queens count --unique)",
        },
        Flag {
            name: "--classes",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "expect parts of 'queens count --classes', and print the classes by their\nsymmetry as it does",
        },
        crate::placed::BOARD,
        crate::placed::QUEENS,
        crate::placed::QUEEN,
        Flag {
            name: "--status",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "print how far each part has got instead: part, chunks counted, finished or not",
        },
    ],
    notes: "A script that merges a folder's parts should say which count it expects (--n,
--parts, --total, --unique or --classes, and the board with --board, --queens or --queen): a
folder that holds another count's parts is then refused, never added up. --n alone expects
the plain board.

Exit codes: 0 the count (or the status) printed; 1 the parts are not the whole count
expected (a part missing, given twice, unfinished, or of another count: the file and the
problem are named); 2 a file that is not a checkpoint, is damaged, cannot be read, or bad
usage.
",
};

/// What `queens merge` was asked.
#[derive(Debug, PartialEq)]
pub struct MergeArgs {
    /// The checkpoints.
    pub files: Vec<String>,
    /// What the parts must be.
    pub expect: Expect,
    /// Print each part's progress instead of the total.
    pub status: bool,
    /// Print the classes by their symmetry.
    pub classes: bool,
    /// The board whose completions the parts count, if one is expected.
    pub given: crate::placed::Given,
}

/// Reads the arguments of `queens merge`.
pub fn parse(parsed: &Parsed) -> Result<MergeArgs, Failure> {
    if parsed.args().is_empty() {
        return Err(parsed.error("missing FILE: the checkpoints of the parts"));
    }
    let status = parsed.has("--status");
    if status {
        parsed.refuse(
            &[
                "--n",
                "--parts",
                "--total",
                "--unique",
                "--classes",
                "--board",
                "--queens",
                "--queen",
            ],
            "does nothing with --status",
        )?;
    }
    let asks = ["--total", "--unique", "--classes"]
        .iter()
        .filter(|f| parsed.has(f))
        .count();
    if asks > 1 {
        return Err(
            parsed.error("--total, --unique and --classes expect different counts: give one")
        );
    }
    let given = crate::placed::Given::parse(parsed)?;
    if parsed.has("--classes") && given.any() {
        return Err(parsed.error("--classes counts classes under the symmetries of the square, which a board with reserved squares or placed queens does not have"));
    }
    if parsed.args().iter().filter(|f| *f == "-").count() > 1 {
        return Err(parsed.error("- (standard input) is given twice"));
    }
    let ask = match (
        parsed.has("--total"),
        parsed.has("--unique") || parsed.has("--classes"),
    ) {
        (true, _) => Some(Ask::Total),
        (_, true) => Some(Ask::Unique),
        _ => None,
    };
    let n = parsed.number("--n").map(|n| n as u32);
    Ok(MergeArgs {
        files: parsed.args().to_vec(),
        expect: Expect {
            n,
            ask,
            parts: parsed.number("--parts"),
            // N named alone is the plain board's count; a board is named in run().
            board: (n.is_some() && !given.any()).then(|| "none".to_string()),
        },
        status,
        classes: parsed.has("--classes"),
        given,
    })
}

/// Runs `queens merge`.
pub fn run(args: MergeArgs) -> Result<(), Failure> {
    if args.status {
        let mut text = String::new();
        for file in &args.files {
            text += &status(file)?;
        }
        return Ok(output::print(&text)?);
    }
    let mut expect = args.expect.clone();
    if args.given.any() {
        let board = args.given.board("merge", expect.n.map(u64::from))?;
        expect.board = Some(nqueens::count::checkpoint::Header::board_name(Some(&board)));
    }
    let merged = merge(&args.files, &expect).map_err(|e| match e {
        MergeError::File(e) => file_failure(e),
        MergeError::Parts(message) => Failure::Check(message),
    })?;
    if args.classes {
        if merged.counter != "symmetric" {
            return Err(Failure::Check(format!(
                "these parts were counted by the {} counter, which does not count the classes by their symmetry: count them with --classes",
                merged.counter
            )));
        }
        let counts = nqueens::count::Counts {
            total: merged.total,
            unique: merged.unique,
            half_turn: merged.symmetric[0],
            quarter_turn: merged.symmetric[1],
        };
        return Ok(output::print(&format!(
            "{}\n",
            crate::count::classes(merged.n, &counts)
        ))?);
    }
    Ok(output::print(&format!("{}\n", merged.count()))?)
}

/// One line of `--status`: the file's part and how far it has got.
fn status(file: &str) -> Result<String, Failure> {
    let contents = Contents::read(Path::new(file)).map_err(file_failure)?;
    Ok(match &contents.header {
        None => format!("{}: empty, not begun\n", file),
        Some(h) => format!(
            "{}: N = {}{}, {}, part {}/{}: {} of {} chunks counted, {}\n",
            file,
            h.n,
            match h.board.as_str() {
                "none" => String::new(),
                board => format!(", completions of the board {}", board),
            },
            h.ask.name(),
            h.part.0,
            h.part.1,
            contents.done.len(),
            h.chunks,
            match contents.answer() {
                Some(count) => format!("finished: {}", count),
                None => "unfinished".to_string(),
            }
        ),
    })
}

/// A file that cannot be merged: not a checkpoint, damaged, or unreadable, all exit 2 (the
/// input is at fault: merge writes nothing).
fn file_failure(e: CheckpointError) -> Failure {
    Failure::Input(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{parse_line, usage_message};

    fn args(line: &str) -> Result<MergeArgs, Failure> {
        parse_line(&SPEC, parse, line)
    }

    #[test]
    fn files_expectations_and_status_are_read() {
        let got = args("a b c --n 12 --parts 4 --unique").unwrap();
        assert_eq!(got.files, ["a", "b", "c"]);
        assert_eq!(
            got.expect,
            Expect {
                n: Some(12),
                ask: Some(Ask::Unique),
                parts: Some(4),
                board: Some("none".to_string()),
            }
        );
        assert!(!got.status);
        assert!(args("a --status").unwrap().status);
        assert!(usage_message(args("")).contains("missing FILE"));
        assert!(usage_message(args("--status")).contains("missing FILE"));
        assert!(usage_message(args("a --status --n 3")).contains("does nothing with --status"));
        assert!(usage_message(args("a --total --unique")).contains("expect different counts"));
        assert!(usage_message(args("- -")).contains("given twice"));
        assert!(usage_message(args("a --n 0")).contains("--n must be a number from 1 to 32"));
    }
}
