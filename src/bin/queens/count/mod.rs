//! `queens count`: the number of placements, by any counter, on many threads, one part of
//! the work, or a board with reserved squares.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use crate::placed::{self, Given};
use estimate::print_estimate;
use nqueens::count::join::Kernel;
use nqueens::count::Keep;
use nqueens::count::{Algo, Ask, Problem};
use nqueens::read::MAX_WIDTH;

/// The most threads `--threads` asks for.
const MAX_THREADS: u64 = 1024;

mod args;
mod estimate;
mod part;
mod recipe;
mod shown;

pub use args::CountArgs;
use part::count_part;
pub use shown::classes;

pub static SPEC: Spec = Spec {
    name: "count",
    summary: "count the placements of N queens (or of a board)",
    about: "print the number of placements of N non-attacking queens on an N×N board.",
    usage: &[
        "N [--algo NAME] [--threads T] [--unique] [--part K/M] [--checkpoint FILE]",
        "N [--unique] [--threads T] [--part K/M] --estimate [SECONDS]",
        "N --classes [--threads T] [--part K/M] [--checkpoint FILE]",
        "[N] --board FILE [--queens FILE] [--queen ROW,COL]... [--threads T] [--part K/M] [--checkpoint FILE]",
        "N [--queens FILE] [--queen ROW,COL]... [--threads T] [--part K/M] [--checkpoint FILE]",
    ],
    args: &[Arg {
        name: "N",
        help: "the board size, 1 to 32 (with placed queens, to 8192)",
    }],
    flags: &[
        Flag {
            name: "--algo",
            value: "NAME",
            kind: Kind::Choice { what: "algorithm", choices: algo_choices },
            many: Many::One,
            help: "the counting algorithm, one of",
        },
        Flag {
            name: "--threads",
            value: "T",
            kind: Kind::Number { min: 1, max: MAX_THREADS },
            many: Many::One,
            help: "worker threads, 1 to 1024 (default: the number of cores); from N = 28 they
count one unit together and share its memory (about 1.6 GB, and 64 MB more
a thread beyond the first); below, each thread holds its own (up to about
1 GB at N = 26 and 27)",
        },
        Flag {
            name: "--unique",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "count placements distinct under rotations and reflections (OEIS A002562)",
        },
        Flag {
            name: "--part",
            value: "K/M",
            kind: Kind::Part,
            many: Many::One,
            help: "count only the K-th of M disjoint slices of the work and print that partial
sum; with --checkpoint, 'queens merge' adds up the M parts, checking that
each is there once and finished (run every part with the same options):
  for k in 1 2 3 4; do
    queens count 20 --part $k/4 --checkpoint p$k.ckpt &
  done
  wait; queens merge p1.ckpt p2.ckpt p3.ckpt p4.ckpt
A range A-B/M counts parts A to B one after another in this process (the
plan made once for all), each printed as 'K/M COUNT' when it is done and
recorded in its own file of --checkpoint-dir",
        },
        Flag {
            name: "--checkpoint-dir",
            value: "DIR",
            kind: Kind::File,
            many: Many::One,
            help: "as --checkpoint, each part in its own file of DIR, named by the count:
nN-total-part-K-of-M.ckpt (-unique- for classes); for a range of parts",
        },
        Flag {
            name: "--dry-run",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "with --checkpoint-dir, check every argument as the count would, then print
the path of each part's checkpoint file, one a line, and count nothing (no
folder is made): what the recipes list the parts from",
        },
        Flag {
            name: "--checkpoint",
            value: "FILE",
            kind: Kind::File,
            many: Many::One,
            help: "record every counted chunk of the work in FILE, durably; run the same
command again after a crash or a kill and it resumes where it stopped, with
the same answer. A finished checkpoint holds the result ('queens merge'
adds up the parts of one count); one of another count is refused",
        },
        Flag {
            name: "--checkpoint-every",
            value: "SECONDS",
            kind: Kind::Number { min: 0, max: 1 << 40 },
            many: Many::One,
            help: "with a checkpoint, record how far each chunk in progress has got every
SECONDS (default 60) of the clock, where a chunk takes longer (the big
boards: from N = 24 a chunk takes minutes to hours): a count killed and
resumed loses at most that much work a thread. 0 records after every piece",
        },
        Flag {
            name: "--stop-after",
            value: "SECONDS",
            kind: Kind::Number { min: 0, max: 1 << 40 },
            many: Many::One,
            help: "with a checkpoint, stop cleanly SECONDS after the start: no chunk begun
later, every chunk in progress recorded at a step; exit 75, and the same
command resumes (a cluster task stops so before its time limit: the
Slurm recipe sets it from the time the task has left)",
        },
        Flag {
            name: "--list-part",
            value: "PLACEMENTS",
            kind: Kind::Number { min: 1, max: 1 << 40 },
            many: Many::One,
            help: "build every quarter list of more than PLACEMENTS placements in parts (by
default only N >= 28 has lists of more than 8388608): the same count by
the path of the big boards, to check that path on the known counts of
smaller N (fast counter, plain board, total only). Parts under 1048576
are raised to half their list: a row set meets every combination of
its lists' parts, so two parts a list cost up to some 30 times the count",
        },
        Flag {
            name: "--classes",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "print how many classes under the 8 symmetries have 8 members (no symmetry),
4 (fixed by the half turn) and 2 (fixed by the quarter turn), and the total
they make (N = 8: 11 × 8 + 1 × 4 = 92)",
        },
        JSON,
        Flag {
            name: "--estimate",
            value: "[SECONDS]",
            kind: Kind::Number { min: 1, max: 1 << 40 },
            many: Many::One,
            help: "count a seeded random sample of the work for about SECONDS (default 10;
less when the samples have taken fifty times the whole count) and
print the estimated count with its standard error, and the core-hours the
whole count would take on this machine (and the hours on --threads T);
with --part K/M, of that part: what one job of a cluster run will take",
        },
        Flag {
            name: "--cores",
            value: "C",
            kind: Kind::Number { min: 1, max: 1 << 30 },
            many: Many::One,
            help: "with --estimate of a whole count, plan it for a cluster of C cores in tasks
of --threads T threads: the parts, their spread, the days, the memory of a
task and the commands (a count over a day of one core is planned for 4096)",
        },
        Flag {
            name: "--mem-per-core",
            value: "MB",
            kind: Kind::Number { min: 1, max: 1 << 40 },
            many: Many::One,
            help: "with --cores, the memory a node has a core: the plan names the cheapest task
shape that fits it (the fewest threads a task: its threads wait for the work
one of them does alone)",
        },
        placed::BOARD,
        placed::QUEENS,
        placed::QUEEN,
    ],
    notes: "--threads, --unique, --part, --checkpoint, --board, --queens and --queen go with fast and
symmetric. With placed queens, the count is of the board's completions: up to 32 squares a
side by the counters above (threads, parts, checkpoints as for N), but a board counted whole
is first tried by an exhaustive search on the free rows and columns, kept if it will finish in
a few seconds with few completions (tight boards: reserved diagonals, many placed queens); a
wider board, up to 8192, by that search on one thread, when at most 32 of its rows are still
empty. On a terminal, counts that take more than a second show their progress on stderr.
",
};

/// The flags of a count that runs as a problem ([`Algo::runs_problems`]): the others count
/// one N on one thread.
const PROBLEM_FLAGS: [&str; 14] = [
    "--threads",
    "--cores",
    "--mem-per-core",
    "--checkpoint-every",
    "--stop-after",
    "--list-part",
    "--unique",
    "--classes",
    "--part",
    "--board",
    "--queens",
    "--queen",
    "--checkpoint",
    "--estimate",
];

/// The time an estimate samples for when `--estimate` is given without SECONDS.
const ESTIMATE_SECONDS: u64 = 10;

/// The counters and their descriptions, from the library's one description of each.
pub fn algo_choices() -> Vec<(&'static str, &'static str)> {
    let mut algos = Algo::ALL.to_vec();
    // The default first.
    algos.sort_by_key(|&algo| algo != Algo::Fast);
    algos.into_iter().map(|a| (a.name(), a.summary())).collect()
}

/// Reads the arguments of `queens count`.
pub fn parse(parsed: &Parsed) -> Result<CountArgs, Failure> {
    let algo = parsed
        .choice("--algo")
        .and_then(Algo::from_name)
        .unwrap_or(Algo::Fast);
    let given = Given::parse(parsed)?;
    let max = if given.any() { MAX_WIDTH as u64 } else { 32 };
    let args = CountArgs {
        n: parsed.board_size(max)?,
        algo,
        threads: parsed.number("--threads").map(|t| t as usize),
        unique: parsed.has("--unique"),
        part: parsed
            .part("--part")
            .filter(|(a, b, _)| a == b)
            .map(|(k, _, m)| (k, m)),
        range: parsed.part("--part").filter(|(a, b, _)| a < b),
        checkpoint_dir: parsed.file("--checkpoint-dir").map(String::from),
        given,
        checkpoint: parsed.file("--checkpoint").map(String::from),
        estimate: match parsed.has("--estimate") {
            false => None,
            true => Some(parsed.number("--estimate").unwrap_or(ESTIMATE_SECONDS)),
        },
        classes: parsed.has("--classes"),
        json: parsed.has("--json"),
        checkpoint_every: parsed.number("--checkpoint-every"),
        stop_at: parsed
            .number("--stop-after")
            .map(|seconds| std::time::Instant::now() + std::time::Duration::from_secs(seconds)),
        list_part: parsed.number("--list-part"),
        cores: parsed.number("--cores"),
        mem_per_core: parsed.number("--mem-per-core"),
        dry_run: parsed.has("--dry-run"),
    };
    if args.dry_run {
        if args.checkpoint_dir.is_none() {
            return Err(parsed.error(
                "--dry-run prints the checkpoint files of parts: give --checkpoint-dir DIR and --part K/M or A-B/M",
            ));
        }
        parsed.refuse(
            &["--estimate", "--stop-after"],
            "does nothing with --dry-run, which counts nothing",
        )?;
    }
    if args.mem_per_core.is_some() && args.cores.is_none() {
        return Err(parsed
            .error("--mem-per-core names the memory of a cluster's nodes: it goes with --cores"));
    }
    if args.cores.is_some() && (args.estimate.is_none() || args.part.is_some()) {
        return Err(parsed.error(
            "--cores plans a whole count for a cluster: it goes with --estimate, without --part",
        ));
    }
    if args.cores.is_some() && args.json {
        return Err(parsed.error(
            "--cores prints a plan as text for a person: it does not go with --json (the estimate's JSON holds what a plan is made from)",
        ));
    }
    if args.stop_at.is_some() && args.checkpoint.is_none() && args.checkpoint_dir.is_none() {
        return Err(parsed.error(
            "--stop-after stops a count to resume it later: give --checkpoint FILE or --checkpoint-dir DIR",
        ));
    }
    if args.checkpoint_every.is_some() && args.checkpoint.is_none() && args.checkpoint_dir.is_none()
    {
        return Err(parsed.error(
            "--checkpoint-every says how often a checkpoint records: give --checkpoint FILE or --checkpoint-dir DIR",
        ));
    }
    if args.list_part.is_some() {
        parsed.refuse(
            &["--unique", "--classes", "--board", "--queens", "--queen", "--estimate"],
            "does nothing with --list-part, which cuts the join's count of a plain board's placements",
        )?;
        if algo != Algo::Fast {
            return Err(
                parsed.error("--list-part cuts the join's work: it goes with --algo fast only")
            );
        }
    }
    if args.classes {
        parsed.refuse(
            &["--unique", "--estimate"],
            "does nothing with --classes, which counts every class by its symmetry",
        )?;
        if args.given.any() {
            return Err(parsed.error(
                "--classes counts classes under the symmetries of the square, which a board with reserved squares or placed queens does not have",
            ));
        }
    }
    if args.estimate.is_some() {
        parsed.refuse(
            &["--checkpoint", "--checkpoint-dir"],
            "does nothing with --estimate, which counts nothing to keep",
        )?;
        if args.range.is_some() {
            return Err(parsed.error("--estimate estimates one part: give --part K/M, not a range"));
        }
    }
    if args.checkpoint.is_some() && args.checkpoint_dir.is_some() {
        return Err(parsed.error(
            "--checkpoint and --checkpoint-dir both name where the count is recorded: give one",
        ));
    }
    if args.range.is_some() && args.checkpoint.is_some() {
        return Err(parsed.error(
            "a range of parts needs a file a part: give --checkpoint-dir DIR, not --checkpoint FILE",
        ));
    }
    if args.checkpoint_dir.is_some() && args.part.is_none() && args.range.is_none() {
        return Err(parsed.error(
            "--checkpoint-dir names the files of parts: give --part K/M or A-B/M (or --checkpoint FILE for a whole count)",
        ));
    }
    if !algo.runs_problems() {
        parsed.refuse(&PROBLEM_FLAGS, "goes with --algo fast or symmetric only")?;
    }
    if args.checkpoint.as_deref() == Some("-") {
        return Err(parsed.error(
            "--checkpoint needs a file it can write back to; '-' (standard input) is not one",
        ));
    }
    if args.unique && args.given.any() {
        return Err(parsed.error(
            "--unique counts classes under the symmetries of the square, which a board with reserved squares or placed queens does not have",
        ));
    }
    if args.n.is_none() && args.given.board.is_none() {
        return Err(parsed.error("missing N, the board size"));
    }
    Ok(args)
}

/// Runs `queens count`.
pub fn run(args: CountArgs) -> Result<(), Failure> {
    let kernel = kernel_setting()?;
    if !args.algo.runs_problems() {
        let n = args.n.unwrap_or_default();
        let count = args.algo.count(n);
        let text = match args.json {
            true => shown::shown(&args, &Problem::total(n), None, u128::from(count)),
            false => count.to_string(),
        };
        return Ok(output::print(&format!("{}\n", text))?);
    }
    let board = match args.given.any() {
        true => Some(args.given.board("count", args.n.map(u64::from))?),
        false => None,
    };
    let problem = Problem {
        n: board
            .as_ref()
            .map_or(args.n.unwrap_or_default(), |b| b.size() as u32),
        board: board.as_ref(),
        ask: if args.unique || args.classes {
            Ask::Unique
        } else {
            Ask::Total
        },
    };
    if let Some(seconds) = args.estimate {
        return print_estimate(&problem, &args, seconds, kernel);
    }
    if let (true, Some(dir)) = (args.dry_run, &args.checkpoint_dir) {
        return print_part_files(dir, &problem, &args);
    }
    if let Some(dir) = &args.checkpoint_dir {
        if std::fs::metadata(dir).is_ok_and(|meta| !meta.is_dir()) {
            return Err(Failure::Input(format!(
                "--checkpoint-dir {}: a file, not a folder",
                dir
            )));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Write(format!("--checkpoint-dir {}: {}", dir, e)))?;
    }
    if let Some((first, last, m)) = args.range {
        // The parts of a range share a plan and the north lists their workers built.
        // With --json, one document: an array of the parts' objects, each written as it is
        // counted, and closed whatever stops the range (the parts counted are still valid JSON).
        let keep = Keep::default();
        for k in first..=last {
            let text = match count_part(&args, &problem, kernel, Some((k, m)), Some(&keep)) {
                Ok(text) => text,
                Err(e) => {
                    if args.json && k > first {
                        output::print("\n]\n")?;
                    }
                    return Err(e);
                }
            };
            match args.json {
                true => output::print(&format!(
                    "{}{}",
                    if k == first { "[\n" } else { ",\n" },
                    text
                ))?,
                false => output::print(&format!("{}/{} {}\n", k, m, text))?,
            }
        }
        if args.json {
            output::print("\n]\n")?;
        }
        return Ok(());
    }
    let text = count_part(&args, &problem, kernel, args.part, None)?;
    Ok(output::print(&format!("{}\n", text))?)
}

/// `--dry-run`: the checkpoint file of each part the arguments name, one a line, in `dir`.
///
/// # Complexity
///
/// O(parts), written as they are made: a million parts in well under a second.
fn print_part_files(dir: &str, problem: &Problem<'_>, args: &CountArgs) -> Result<(), Failure> {
    use std::io::Write;
    if std::fs::metadata(dir).is_ok_and(|meta| !meta.is_dir()) {
        return Err(Failure::Input(format!(
            "--checkpoint-dir {}: a file, not a folder",
            dir
        )));
    }
    let (first, last, m) = match (args.range, args.part) {
        (Some(range), _) => range,
        (None, Some((k, m))) => (k, k, m),
        (None, None) => unreachable!("--checkpoint-dir goes with --part"),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for k in first..=last {
        writeln!(out, "{}", part::part_file(dir, problem, (k, m)).display())?;
    }
    Ok(out.flush()?)
}

/// `--json`, for count, merge and bench: one JSON document on standard output instead of text.
pub const JSON: Flag = Flag {
    name: "--json",
    value: "",
    kind: Kind::Switch,
    many: Many::One,
    help: "print one JSON document instead of text, for scripts (counts as strings: they\npass 2^64; a range of parts, an array of one object a part); errors still go\nto standard error with the same exit codes",
};

/// The join's kernel the variable `NQUEENS_KERNEL` names (unset or empty: the fastest),
/// refused when it names no kernel this CPU runs, whatever the counter: a typo must never
/// time or run another kernel than the one named.
pub fn kernel_setting() -> Result<Kernel, Failure> {
    match std::env::var_os("NQUEENS_KERNEL") {
        None => Ok(Kernel::best()),
        Some(name) if name.is_empty() => Ok(Kernel::best()),
        Some(name) => Kernel::from_name(&name.to_string_lossy()).map_err(|e| {
            Failure::Input(format!(
                "NQUEENS_KERNEL={} (or unset it for the fastest)",
                e
            ))
        }),
    }
}

#[cfg(test)]
mod tests;
