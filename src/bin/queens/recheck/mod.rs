//! `queens recheck`: a seeded sample of a count's parts re-counted by a second method, each
//! compared with what its checkpoint records.

mod journal;
mod parts;
mod row_sets;

use crate::cli::{Arg, Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
use crate::progress::Progress;
use nqueens::count::checkpoint::{Contents, Fnv};
use nqueens::count::{cores, recheck, Ask};
use parts::{cpu_seconds, parts_of, Part, Spent};
use std::collections::BTreeMap;

pub static SPEC: Spec = Spec {
    name: "recheck",
    summary: "re-count a count's parts another way and compare",
    about: "re-count the parts of a count (the finished checkpoints of
'queens count N --part K/M --checkpoint FILE') another way, and name every part whose
recorded count differs, with its file and both counts. --method mirror (the default) counts
every part again by the fast counter through the board turned upside down: each row set as
its reverse, through other quarter lists, batches and cuts, for about the part's own cost, so
every part can be checked on another host than the one that counted it. --method search
counts a sample of the parts (with --row-sets, of their row sets, each also counted by the
join here) by a plain search of each row set's west and east halves that shares none of the
join's counting code (no quarter lists, sieve or SIMD kernel), at several times the cost.",
    usage: &[
        "FILE... [--files-from LIST] [--method mirror|search] [--sample FRACTION] [--seed S] [--threads T] [--record FILE]",
        "FILE... [--files-from LIST] --method search --row-sets [--sample FRACTION] [--seed S] [--threads T]",
    ],
    args: &[Arg {
        name: "FILE...",
        help: "the checkpoints of the parts; - reads one from standard input",
    }],
    flags: &[
        crate::merge::FILES_FROM,
        Flag {
            name: "--method",
            value: "METHOD",
            kind: Kind::Choice {
                what: "method",
                choices: method_choices,
            },
            many: Many::One,
            help: "how the parts are counted again, one of",
        },
        Flag {
            name: "--row-sets",
            value: "",
            kind: Kind::Switch,
            many: Many::One,
            help: "with --method search: sample the row sets of every part given instead of\nwhole parts (--sample is then the share of their row sets), each counted by\nthe search and by the join on this machine: the independent check at a grain\nthe search can afford",
        },
        Flag {
            name: "--sample",
            value: "FRACTION",
            kind: Kind::Fraction,
            many: Many::One,
            help: "re-count this share of the parts, above 0, chosen by the seed (default 1\nwith mirror, 0.05 with search). A part is chosen by its number and the seed\nalone, so the same seed picks the same parts from any list",
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
        Flag {
            name: "--record",
            value: "FILE",
            kind: Kind::File,
            many: Many::One,
            help: "also write FILE, in JSON Lines: one object a file re-checked (n, part, parts,\nfile, method, seed, sample, recorded and re-counted counts as strings, agrees,\ncpu_seconds, host, version, commit, run), then one summing them: what a\npublished count says was re-counted, how and by whom. Each part's lines are\nadded as soon as it is re-counted; the same check run again after a kill\nreads them back and re-counts only the parts they do not hold. FILE is only\never added to (one write a part, under a lock), so several processes may\nshare it; it must be new or such a record (a checkpoint is refused)",
        },
    ],
    notes: "It says how much work it is before it begins (from the parts' recorded CPU time: the
mirror takes about the parts' own time, the search 7 times it at N = 20 and more as N grows), and its progress on
a terminal. It re-counts
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
    /// How the parts are counted again.
    pub method: Method,
    /// The share of the parts to re-count.
    pub sample: f64,
    /// The seed of the sample.
    pub seed: u64,
    /// Threads to count with.
    pub threads: Option<usize>,
    /// Where to write what was re-checked, if asked.
    pub record: Option<String>,
    /// Sample row sets of every part instead of whole parts.
    pub row_sets: bool,
}

/// How a part is counted again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The join through the upside-down image of every row set.
    Mirror,
    /// The plain row-by-row search.
    Search,
}

impl Method {
    /// The share of the parts re-counted when `--sample` is not given: every part by the
    /// mirror (it costs about the count), a twentieth by the search.
    fn default_sample(self) -> f64 {
        match self {
            Method::Mirror => 1.0,
            Method::Search => 0.05,
        }
    }

    /// How many times a part's recorded CPU time this method takes on a part of `n`, about.
    fn cost(self, n: u32) -> f64 {
        match self {
            Method::Mirror => 1.0,
            Method::Search => recheck::search_cost(n),
        }
    }

    /// Its name, as `--method` takes it.
    fn name(self) -> &'static str {
        match self {
            Method::Mirror => "mirror",
            Method::Search => "search",
        }
    }

    /// What the report calls it.
    fn described(self) -> &'static str {
        match self {
            Method::Mirror => "the fast counter through the board turned upside down (other lists, batches and cuts)",
            Method::Search => "a plain search of each row set's halves, sharing none of the join's counting code",
        }
    }
}

/// CPU time as a person reads it: "0.35 core-seconds", "41 core-minutes", "2.5 core-hours".
fn core_time(seconds: f64) -> String {
    match seconds {
        s if s >= 5400.0 => format!("{:.1} core-hours", s / 3600.0),
        s if s >= 90.0 => format!("{:.0} core-minutes", s / 60.0),
        s if s >= 10.0 => format!("{:.0} core-seconds", s),
        s => format!("{:.2} core-seconds", s),
    }
}

/// The methods `--method` names.
fn method_choices() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            "mirror",
            "the fast counter through every row set's upside-down image (default)",
        ),
        (
            "search",
            "a plain search of each row set's halves, independent\nof the join's code",
        ),
    ]
}

/// Reads the arguments of `queens recheck`.
pub fn parse(parsed: &Parsed) -> Result<RecheckArgs, Failure> {
    crate::merge::check_files(parsed)?;
    let method = match parsed.choice("--method") {
        Some("search") => Method::Search,
        _ => Method::Mirror,
    };
    if parsed.has("--row-sets") && method != Method::Search {
        return Err(parsed.error(
            "--row-sets samples row sets for the independent search: it goes with --method search",
        ));
    }
    if parsed.has("--row-sets") && parsed.file("--record").is_some() {
        return Err(
            parsed.error("--record records whole parts re-counted: it does not go with --row-sets")
        );
    }
    let sample = parsed
        .seconds("--sample")
        .unwrap_or(method.default_sample());
    if sample <= 0.0 || sample > 1.0 {
        return Err(parsed.error(format!(
            "--sample {}: the share of the parts re-counted is above 0 and at most 1 (a check of no part checks nothing)",
            sample
        )));
    }
    Ok(RecheckArgs {
        files: parsed.args().to_vec(),
        files_from: parsed.file("--files-from").map(String::from),
        method,
        sample,
        seed: parsed.number("--seed").unwrap_or(1),
        threads: parsed.number("--threads").map(|t| t as usize),
        record: parsed.file("--record").map(String::from),
        row_sets: parsed.has("--row-sets"),
    })
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
    if args.row_sets {
        let threads = args.threads.unwrap_or_else(cores);
        let sample = (args.sample, args.seed);
        return row_sets::row_sets(sample, parts.values().collect(), threads);
    }
    let chosen: Vec<&Part> = parts
        .values()
        .filter(|p| chosen(args.seed, args.sample, p.n, p.part))
        .collect();
    if chosen.is_empty() {
        return Err(Failure::usage(
            "recheck",
            format!(
                "a sample of {} (seed {}) takes none of the {} given: it would check nothing (give a larger --sample, or another --seed)",
                args.sample, args.seed, parts_of(given)
            ),
        ));
    }
    let recorded: Option<f64> = chosen.iter().map(|p| p.cpu_seconds).sum();
    let expected: Option<f64> = chosen
        .iter()
        .map(|p| p.cpu_seconds.map(|s| s * args.method.cost(p.n)))
        .sum();
    crate::failure::say(&format!(
        "queens: re-counting {} of {} parts (a sample of {}, seed {}) by {}{}",
        chosen.len(),
        given,
        args.sample,
        args.seed,
        args.method.described(),
        match (expected, recorded) {
            (Some(expected), Some(recorded)) => format!(
                ": about {} of CPU (their counts took {})",
                core_time(expected),
                core_time(recorded)
            ),
            _ => String::new(),
        }
    ));
    let started = Spent::start();
    let threads = args.threads.unwrap_or_else(cores);
    let progress = Progress::new();
    let mut report = String::new();
    let here = nqueens::count::checkpoint::Provenance::here("join", "");
    let mut journal = args
        .record
        .as_deref()
        .map(|path| journal::Journal::open(path, args.method.name(), &here.id))
        .transpose()?;
    let (mut differ, mut before_now) = (0, 0);
    for (i, part) in chosen.iter().enumerate() {
        progress.units(
            "recheck",
            i,
            chosen.len(),
            "parts",
            i as f64 / chosen.len() as f64,
        );
        // A part an earlier run of this check re-counted is read back from the record.
        let earlier = journal
            .as_ref()
            .and_then(|j| j.recounted(part.n, part.part));
        let (again, spent) = match earlier {
            Some(done) => {
                before_now += 1;
                done
            }
            None => {
                let before = cpu_seconds();
                let again = match args.method {
                    Method::Mirror => recheck::recount_mirrored(part.n, part.part, threads),
                    Method::Search => recheck::recount(part.n, part.part, threads),
                }
                .map_err(|e| Failure::Resources(e.to_string()))?;
                (again, before.zip(cpu_seconds()).map(|(b, a)| a - b))
            }
        };
        let mut record = String::new();
        for (file, recorded) in &part.files {
            record += &crate::json::Object::new()
                .number("n", part.n)
                .number("part", part.part.0)
                .number("parts", part.part.1)
                .string("file", &file.display().to_string())
                .string("method", args.method.name())
                .number("seed", args.seed)
                .raw("sample", &args.sample.to_string())
                .string("recorded", &recorded.to_string())
                .string("recounted", &again.to_string())
                .boolean("agrees", *recorded == again)
                .raw(
                    "cpu_seconds",
                    &spent.map_or("null".to_string(), |s| format!("{:.3}", s)),
                )
                .string("host", &here.host)
                .string("version", &here.version)
                .string("commit", &here.commit)
                .string("run", &here.id)
                .finish();
            record += "\n";
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
        if let (Some(journal), None) = (&mut journal, earlier) {
            journal.add(&record)?;
        }
    }
    progress.finish();
    let spent = started.seconds();
    report += &format!(
        "re-counted {} of {} parts (a sample of {}, seed {}{}) by {}, in {:.3} CPU seconds{}: {}\n",
        chosen.len(),
        given,
        args.sample,
        args.seed,
        match before_now {
            0 => String::new(),
            k => format!("; {} of them by an earlier run, read from its record", k),
        },
        args.method.described(),
        spent,
        match recorded {
            Some(seconds) if seconds > 0.0 => format!(
                " ({:.2} times the {:.3} their counts took)",
                spent / seconds,
                seconds
            ),
            _ => String::new(),
        },
        match differ {
            0 => "every one agrees".to_string(),
            1 => "1 file differs".to_string(),
            d => format!("{} files differ", d),
        }
    );
    output::print(&report)?;
    if let Some(journal) = journal {
        let summary = crate::json::Object::new()
            .string("method", args.method.name())
            .number("seed", args.seed)
            .raw("sample", &args.sample.to_string())
            .number("parts_given", given)
            .number("parts_rechecked", chosen.len())
            .number("files_differ", differ)
            .raw("cpu_seconds", &format!("{:.3}", spent))
            .number("parts_read_back", before_now)
            .string("run", &here.id)
            .finish();
        journal.finish(&format!("{}\n", summary))?;
    }
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
        assert_eq!(args("a").unwrap().sample, 1.0);
        assert_eq!(args("a").unwrap().method, Method::Mirror);
        let search = args("a --method search").unwrap();
        assert_eq!((search.method, search.sample), (Method::Search, 0.05));
        assert!(usage_message(args("a --sample 0")).contains("above 0"));
        assert!(usage_message(args("")).contains("missing FILE"));
        assert!(usage_message(args("a --sample 2")).contains("a fraction from 0 to 1"));
        assert!(usage_message(args("- --files-from -")).contains("given twice"));
    }
}
