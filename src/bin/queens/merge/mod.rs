//! `queens merge`: the total of a count run in parts, from their checkpoints, only when they
//! make the whole count exactly once, and the count expected; `--status` says how far each
//! part has got.

mod manifest;
mod picture;
mod status;

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::json::array;
use crate::output;
use nqueens::count::merge::{merge, Expect, MergeError};
use nqueens::count::Ask;
use std::path::{Path, PathBuf};

pub static SPEC: Spec = Spec {
    name: "merge",
    summary: "add up the parts of one count from their checkpoints",
    about: "print the count made by the parts of one count ('queens count N --part K/M
--checkpoint FILE' for K = 1..M), from their checkpoints: only when they are every part once,
each finished, all of the same count, and of the count expected.",
    usage: &[
        "FILE... [--files-from LIST] [--n N] [--parts M] [--total | --unique | --classes] [--board FILE] [--queens FILE] [--queen ROW,COL]... [--manifest FILE]",
        "--status [--todo | --svg] FILE... [--files-from LIST]",
    ],
    args: &[Arg {
        name: "FILE...",
        help: "the checkpoints of the parts; - reads one from standard input",
    }],
    flags: &[
        FILES_FROM,
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
            name: "--manifest",
            value: "FILE",
            kind: Kind::File,
            many: Many::One,
            help: "also write FILE, in JSON Lines: one object a part (part, parts, n, count as\na string, cpu_seconds, host, version, commit, kernel, cpu, os, started,\nfinished, its runs, file (from the manifest's folder, or its name alone),\nsha256, confirmed_by), then one with the total;\nwritten whole only when the merge succeeds, under a fresh temporary name then\nrenamed (an existing FILE keeps its mode; a link keeps pointing where it did,\nto the new file)",
        },
        crate::count::JSON,
        Flag {
            name: "--status",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "print how far each part has got instead: part, chunks counted, finished or not",
        },
        Flag {
            name: "--svg",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "with --status, print a picture instead (SVG): every part a cell coloured by\nits state (finished, in progress, not begun, damaged, missing: give every\npart's name, as the recipes' lists do), the finished parts' median and\nlargest CPU time, the CPU by host, and the finish their rate projects",
        },
        Flag {
            name: "--todo",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "with --status, print only the files still to count, one a line as 'STATE\nFILE': missing, damaged (or not a checkpoint, or unreadable), empty (not\nbegun), unfinished, or wrong-part (named as the recipes name a part, but\nholding another part or count: a copy or rename by mistake); finished ones\nare left out. Exit 0 whatever their state: what a rerun counts again\n(scripts/slurm/submit --rerun asks this)",
        },
    ],
    notes: "A script that merges a folder's parts should say which count it expects (--n,
--parts, --total, --unique or --classes, and the board with --board, --queens or --queen): a
folder that holds another count's parts is then refused, never added up. --n alone expects
the plain board.

A part given twice is compared: independent counts of it (their runs differ) that agree
confirm it (said on standard error) and it is added once; counts that differ are a conflict,
both files named, no total. The same file twice, a byte copy of one, or two copies of one run
confirm nothing and are refused as given twice.

Exit codes: 0 the count (or the status) printed; 1 the parts are not the whole count
expected (a part missing, given twice, unfinished, of another count, or a conflict: the files
and the problem are named) or the manifest could not be written; 2 a file that is not a
checkpoint, is damaged, cannot be read, or bad usage.
",
};

/// `--files-from LIST`, for merge and recheck: the parts' files named in a file.
pub const FILES_FROM: Flag = Flag {
    name: "--files-from",
    value: "LIST",
    kind: Kind::File,
    many: Many::One,
    help: "read more checkpoint names from LIST, one a line, exactly as written (spaces and\nquotes kept; - reads standard input): for more parts than a command line holds",
};

/// What `queens merge` was asked.
#[derive(Debug, PartialEq)]
pub struct MergeArgs {
    /// The checkpoints named on the command line.
    pub files: Vec<String>,
    /// The list of more checkpoints, if one was given.
    pub files_from: Option<String>,
    /// Where to write the manifest.
    pub manifest: Option<String>,
    /// Print one JSON document instead of text.
    pub json: bool,
    /// What the parts must be.
    pub expect: Expect,
    /// Print each part's progress instead of the total.
    pub status: bool,
    /// With `status`, only the files still to count, with their states.
    pub todo: bool,
    /// With `status`, a picture instead of text.
    pub svg: bool,
    /// Print the classes by their symmetry.
    pub classes: bool,
    /// The board whose completions the parts count, if one is expected.
    pub given: crate::placed::Given,
}

/// Reads the arguments of `queens merge`.
pub fn parse(parsed: &Parsed) -> Result<MergeArgs, Failure> {
    check_files(parsed)?;
    let status = parsed.has("--status");
    if status {
        parsed.refuse(&["--manifest"], "does nothing with --status")?;
    }
    let todo = parsed.has("--todo");
    if todo && !status {
        return Err(parsed.error("--todo lists what --status finds still to count: give --status"));
    }
    if todo {
        parsed.refuse(
            &["--json"],
            "does nothing with --todo, whose lines are for scripts already",
        )?;
    }
    let svg = parsed.has("--svg");
    if svg && !status {
        return Err(parsed.error("--svg draws what --status finds: give --status"));
    }
    if svg {
        parsed.refuse(
            &["--json", "--todo"],
            "does nothing with --svg, which prints a picture",
        )?;
    }
    if parsed.file("--manifest") == Some("-") {
        return Err(parsed
            .error("--manifest needs a file: standard output carries the total ('-' is not one)"));
    }

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
        files_from: parsed.file("--files-from").map(String::from),
        manifest: parsed.file("--manifest").map(String::from),
        json: parsed.has("--json"),
        expect: Expect {
            n,
            ask,
            parts: parsed.number("--parts"),
            // N named alone is the plain board's count; a board is named in run().
            board: (n.is_some() && !given.any()).then(|| "none".to_string()),
        },
        status,
        todo,
        svg,
        classes: parsed.has("--classes"),
        given,
    })
}

/// The checkpoints of merge and recheck must be named, on the command line or in a list, and
/// standard input read once at most.
pub fn check_files(parsed: &Parsed) -> Result<(), Failure> {
    if parsed.args().is_empty() && !parsed.has("--files-from") {
        return Err(parsed.error("missing FILE: the checkpoints of the parts"));
    }
    let stdin_uses = parsed.args().iter().filter(|f| *f == "-").count()
        + usize::from(parsed.file("--files-from") == Some("-"));
    if stdin_uses > 1 {
        return Err(parsed.error("- (standard input) is given twice"));
    }
    Ok(())
}

/// The checkpoints named on the command line, then those the list names.
pub fn all_files(files: &[String], files_from: Option<&str>) -> Result<Vec<PathBuf>, Failure> {
    let mut all: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    if let Some(list) = files_from {
        let names = nqueens::read::file_names(crate::placed::open(list)?)
            .map_err(|e| e.in_source(crate::placed::shown(list)))?;
        if names.is_empty() && all.is_empty() {
            return Err(Failure::Input(format!(
                "{}: names no checkpoint",
                crate::placed::shown(list)
            )));
        }
        all.extend(names);
    }
    Ok(all)
}

/// Runs `queens merge`.
pub fn run(args: MergeArgs) -> Result<(), Failure> {
    let files = all_files(&args.files, args.files_from.as_deref())?;
    if args.todo {
        return status::print_todo(&files);
    }
    if args.svg {
        return Ok(output::print(&picture::status_svg(&files))?);
    }
    if args.status {
        return status::print_status(&files, args.json);
    }
    if let Some(path) = &args.manifest {
        output::check_overwrite(
            "merge",
            ("--manifest", Path::new(path)),
            "a manifest",
            manifest::is_manifest,
        )?;
    }
    let mut expect = args.expect.clone();
    if args.given.any() {
        let board = args.given.board("merge", expect.n.map(u64::from))?;
        expect.board = Some(nqueens::count::checkpoint::Header::board_name(Some(&board)));
    }
    let merged = merge(&files, &expect).map_err(|e| match e {
        MergeError::File(e) => Failure::unmergeable(e),
        MergeError::Parts(message) | MergeError::Conflict(message) => Failure::Check(message),
    })?;
    for part in merged.parts.iter().filter(|p| !p.confirmed_by.is_empty()) {
        let files: Vec<String> = std::iter::once(&part.file)
            .chain(&part.confirmed_by)
            .map(|f| f.display().to_string())
            .collect();
        crate::failure::say(&format!(
            "queens: part {}/{} confirmed by {} counts ({})",
            part.part.0,
            part.part.1,
            files.len(),
            files.join(", ")
        ));
    }
    if let Some(path) = &args.manifest {
        let at = Path::new(path);
        crate::output::write_whole(at, &manifest::manifest(&merged, at))
            .map_err(|e| Failure::Write(format!("cannot write the manifest {}: {}", path, e)))?;
    }
    if args.json {
        let parts = merged.parts.iter().map(|part| {
            manifest::part_object(&merged, part, &|file| file.to_string_lossy().into_owned())
        });
        let text = manifest::total_object(&merged)
            .raw("by_part", &array(parts))
            .finish();
        return Ok(output::print(&format!("{}\n", text))?);
    }
    // A plain merge of parts that counted classes says them by size, total included, as
    // `count --classes` does: a bare number of classes would read as the placements.
    let asked = args.expect.ask.is_some();
    if args.classes || (!asked && merged.ask == Ask::Unique) {
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
