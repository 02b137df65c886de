//! `queens recheck`: a seeded sample of a count's parts re-counted by a second method, each
//! compared with what its checkpoint records.

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use crate::progress::Progress;
use nqueens::count::checkpoint::{Contents, Fnv};
use nqueens::count::{cores, recheck, Ask};
use std::collections::BTreeMap;
use std::path::PathBuf;

pub static SPEC: Spec = Spec {
    name: "recheck",
    summary: "re-count a sample of a count's parts by a second method",
    about: "re-count a seeded random sample of the parts of a count (the finished checkpoints of
'queens count N --part K/M --checkpoint FILE') by a second method that shares none of the
counting code of the first: a plain row-by-row search in bit masks, restricted to the part's
row sets (no quarter lists, sieve or SIMD kernel). Every part whose recorded count differs is
named with its file and both counts.",
    usage: &["FILE... [--files-from LIST] [--sample FRACTION] [--seed S] [--threads T]"],
    args: &[Arg {
        name: "FILE...",
        help: "the checkpoints of the parts; - reads one from standard input",
    }],
    flags: &[
        crate::merge::FILES_FROM,
        Flag {
            name: "--sample",
            value: "FRACTION",
            kind: Kind::Fraction,
            many: Many::One,
            help: "re-count this share of the parts, chosen by the seed (default 0.05; 1\nre-counts every part). A part is chosen by its number and the seed alone, so\nthe same seed picks the same parts from any list",
        },
        Flag {
            name: "--seed",
            value: "S",
            kind: Kind::Number {
                min: 0,
                max: u64::MAX,
            },
            many: Many::One,
            help: "the seed of the sample (default 1): publish it with the result",
        },
        Flag {
            name: "--threads",
            value: "T",
            kind: Kind::Number { min: 1, max: 4096 },
            many: Many::One,
            help: "threads to count with (default: every core)",
        },
    ],
    notes: "It says how much work it is before it begins (from the parts' recorded CPU time: the
second method takes 100 to 150 times the join's time), and its progress on a terminal. It re-counts
parts of the join (plain totals, N = 12 to 32, as 'queens count' makes them); a part given
twice is re-counted once and compared with each file.

Exit codes: 0 every part re-counted agrees; 1 a part differs (each is named, with its file
and both counts); 2 a file that is not a finished checkpoint of the join, is damaged or
cannot be read, or bad usage.
",
};

/// What `queens recheck` was asked.
#[derive(Debug, PartialEq)]
pub struct RecheckArgs {
    /// The checkpoints named on the command line.
    pub files: Vec<String>,
    /// The list of more checkpoints, if one was given.
    pub files_from: Option<String>,
    /// The share of the parts to re-count.
    pub sample: f64,
    /// The seed of the sample.
    pub seed: u64,
    /// Threads to count with.
    pub threads: Option<usize>,
}

/// How many times the join's time the second method takes on a part: 100 at N = 17 (48 s
/// against 0.5 s for the whole count), 140 at N = 20 (36.5 s against 0.26 s for part 7/500).
const SLOWER: f64 = 150.0;

/// The share of the parts re-counted when `--sample` is not given.
const DEFAULT_SAMPLE: f64 = 0.05;

/// Reads the arguments of `queens recheck`.
pub fn parse(parsed: &Parsed) -> Result<RecheckArgs, Failure> {
    crate::merge::check_files(parsed)?;
    Ok(RecheckArgs {
        files: parsed.args().to_vec(),
        files_from: parsed.file("--files-from").map(String::from),
        sample: parsed.seconds("--sample").unwrap_or(DEFAULT_SAMPLE),
        seed: parsed.number("--seed").unwrap_or(1),
        threads: parsed.number("--threads").map(|t| t as usize),
    })
}

/// A part to re-count: its count, and every file that records it with what it records.
struct Part {
    n: u32,
    part: (u64, u64),
    files: Vec<(PathBuf, u128)>,
    cpu_seconds: Option<f64>,
}

/// Runs `queens recheck`.
pub fn run(args: RecheckArgs) -> Result<(), Failure> {
    let files = crate::merge::all_files(&args.files, args.files_from.as_deref())?;
    // Every file is read and judged before any work: a bad one is named at once.
    let mut parts: BTreeMap<(u32, u64, u64), Part> = BTreeMap::new();
    for file in files {
        let contents = Contents::read(&file).map_err(|e| Failure::Input(e.to_string()))?;
        let refuse = |why: String| Failure::Input(format!("{}: {}", file.display(), why));
        let Some(header) = &contents.header else {
            return Err(refuse("empty: no count has begun in it".to_string()));
        };
        let plain_total = header.ask == Ask::Total && header.board == "none";
        let join_range = recheck::MIN_N..=recheck::MAX_N;
        if header.counter != "join" || !plain_total || !join_range.contains(&header.n) {
            return Err(refuse(format!(
                "a part of the {} counter ({}, N = {}): recheck re-counts the join's parts (plain totals, N = {} to {})",
                header.counter,
                header.ask.name(),
                header.n,
                recheck::MIN_N,
                recheck::MAX_N
            )));
        }
        let Some(recorded) = contents.answer() else {
            return Err(refuse(format!(
                "part {}/{} is unfinished: {} of {} chunks counted, nothing to re-check",
                header.part.0,
                header.part.1,
                contents.done.len(),
                header.chunks
            )));
        };
        let (k, m) = header.part;
        let part = parts.entry((header.n, k, m)).or_insert_with(|| Part {
            n: header.n,
            part: (k, m),
            files: Vec::new(),
            cpu_seconds: contents.cpu_seconds(),
        });
        part.files.push((file.clone(), recorded));
    }
    let given = parts.len();
    let chosen: Vec<&Part> = parts
        .values()
        .filter(|p| chosen(args.seed, args.sample, p.n, p.part))
        .collect();
    let recorded: Option<f64> = chosen.iter().map(|p| p.cpu_seconds).sum();
    crate::failure::say(&format!(
        "queens: re-counting {} of {} parts (a sample of {}, seed {}) by a plain row-by-row search{}",
        chosen.len(),
        given,
        args.sample,
        args.seed,
        match recorded {
            Some(seconds) => format!(
                ": about {:.0} core-seconds ({} times the {:.1} their counts took, as measured at N = 17 to 20)",
                SLOWER * seconds,
                SLOWER,
                seconds
            ),
            None => String::new(),
        }
    ));
    let threads = args.threads.unwrap_or_else(cores);
    let progress = Progress::new();
    let mut report = String::new();
    let mut differ = 0;
    for (i, part) in chosen.iter().enumerate() {
        progress.units(
            "recheck",
            i,
            chosen.len(),
            "parts",
            i as f64 / chosen.len() as f64,
        );
        let again = recheck::recount(part.n, part.part, threads)
            .map_err(|e| Failure::Resources(e.to_string()))?;
        for (file, recorded) in &part.files {
            if *recorded != again {
                differ += 1;
                report += &format!(
                    "part {}/{} of N = {} differs: {} records {}, re-counted {}\n",
                    part.part.0,
                    part.part.1,
                    part.n,
                    file.display(),
                    recorded,
                    again
                );
            }
        }
    }
    progress.finish();
    report += &format!(
        "re-counted {} of {} parts (a sample of {}, seed {}) by a plain row-by-row search, sharing none of the join's counting code: {}\n",
        chosen.len(),
        given,
        args.sample,
        args.seed,
        match differ {
            0 => "every one agrees".to_string(),
            1 => "1 file differs".to_string(),
            d => format!("{} files differ", d),
        }
    );
    output::print(&report)?;
    match differ {
        0 => Ok(()),
        d => Err(Failure::Check(format!(
            "{} part file{} whose count the second method does not confirm",
            d,
            if d == 1 { "" } else { "s" }
        ))),
    }
}

/// Whether the seeded sample takes part `(k, m)` of the count of `n`: by the part and the seed
/// alone, so the same seed picks the same parts however the files are listed.
fn chosen(seed: u64, sample: f64, n: u32, (k, m): (u64, u64)) -> bool {
    if sample >= 1.0 {
        return true;
    }
    let mut hash = Fnv::new();
    for word in [seed, u64::from(n), k, m] {
        hash.word(word);
    }
    // FNV's low bits mix poorly: fold the high half in before comparing.
    let h = hash.finish();
    let mixed = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let mixed = mixed ^ (mixed >> 32);
    (mixed as f64) < sample * (u64::MAX as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{parse_line, usage_message};

    fn args(line: &str) -> Result<RecheckArgs, Failure> {
        parse_line(&SPEC, parse, line)
    }

    #[test]
    fn the_sample_is_seeded_and_about_its_share() {
        let taken = (1..=10_000)
            .filter(|&k| chosen(5, 0.25, 28, (k, 10_000)))
            .count();
        assert!((2300..2700).contains(&taken), "{}", taken);
        assert_eq!(
            (1..=100).filter(|&k| chosen(5, 0.25, 17, (k, 100))).count(),
            (1..=100).filter(|&k| chosen(5, 0.25, 17, (k, 100))).count()
        );
        assert!((1..=100).all(|k| chosen(9, 1.0, 17, (k, 100))));
        assert!(!(1..=100).any(|k| chosen(9, 0.0, 17, (k, 100))));
    }

    #[test]
    fn arguments_are_read_and_checked() {
        let got = args("a b --sample 0.25 --seed 5").unwrap();
        assert_eq!((got.sample, got.seed), (0.25, 5));
        assert_eq!(args("a").unwrap().sample, DEFAULT_SAMPLE);
        assert!(usage_message(args("")).contains("missing FILE"));
        assert!(usage_message(args("a --sample 2")).contains("a fraction from 0 to 1"));
        assert!(usage_message(args("- --files-from -")).contains("given twice"));
    }
}
