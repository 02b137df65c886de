//! `queens bench`: the counters timed side by side, a table of median times and its plot.

use crate::cli::{Flag, Kind, Many, Parsed, Spec};
use crate::failure::Failure;
use crate::output;
mod plot;
mod table;

use nqueens::count::{count_on, Algo, Problem, Run};
use std::fs::File;
use std::io::{IsTerminal, Seek, Write};
use std::sync::Mutex;
use std::time::Duration;
use table::{Cell, Contender};

/// The defaults, said once for the code and the help.
const FROM: u64 = 10;
const TO: u64 = 18;
const BUDGET: f64 = 60.0;

pub static SPEC: Spec = Spec {
    name: "bench",
    summary: "time the counters side by side: a table and a plot",
    about: "time the counters for each N and print a Markdown table of median milliseconds.",
    usage: &["[--from A] [--to B] [--algo NAME...] [--budget SECONDS] [--svg FILE]"],
    args: &[],
    flags: &[
        crate::count::JSON,
        Flag {
            name: "--from",
            value: "A",
            kind: Kind::Number { min: 1, max: 32 },
            many: Many::One,
            help: "the smallest N, 1 to 32 (default 10)",
        },
        Flag {
            name: "--to",
            value: "B",
            kind: Kind::Number { min: 1, max: 32 },
            many: Many::One,
            help: "the largest N, 1 to 32 (default 18)",
        },
        Flag {
            name: "--algo",
            value: "NAME",
            kind: Kind::Choice {
                what: "algorithm",
                choices: crate::count::algo_choices,
            },
            many: Many::Words,
            help: "the counters to time, by name (default: all); repeat the flag, list
several names after it, or separate them with commas. fast is timed
on one thread, and again on every core (\"fast ×T\")",
        },
        Flag {
            name: "--budget",
            value: "SECONDS",
            kind: Kind::Seconds {
                min: 0.001,
                max: 1e9,
            },
            many: Many::One,
            help: "the time the run may take (default 60)",
        },
        Flag {
            name: "--svg",
            value: "FILE",
            kind: Kind::File,
            many: Many::One,
            help: "also write the table as a plot: time on a log axis against N; the file
is opened before the run, and written even if stdout fails",
        },
    ],
    notes: "Each cell is the median of several runs after a warm-up. Cells are timed cheapest first
(by their time predicted from quick probes at smaller N and the counter's cells before),
and a cell that would take the run past the budget is skipped (and marked), so the whole
run stays within the budget. Every count is checked against the known counts and the other
counters: a counter that disagrees fails the run (exit 1). Build with --release for
meaningful times.
",
};

/// What `queens bench` was asked.
#[derive(Debug, PartialEq)]
pub struct BenchArgs {
    /// The smallest and largest N.
    pub from: u32,
    /// The largest N.
    pub to: u32,
    /// The counters, in the order given (all by default).
    pub algos: Vec<Algo>,
    /// The time the run may take.
    pub budget: Duration,
    /// Where to write the plot.
    pub svg: Option<String>,
    /// Print the table as one JSON document.
    pub json: bool,
}

/// Reads the arguments of `queens bench`.
pub fn parse(parsed: &Parsed) -> Result<BenchArgs, Failure> {
    let from = parsed.number("--from").unwrap_or(FROM) as u32;
    let to = parsed.number("--to").unwrap_or(TO) as u32;
    if from > to {
        return Err(parsed.error(format!("--from {} is above --to {}", from, to)));
    }
    let mut algos = Vec::new();
    for algo in parsed
        .choices("--algo")
        .into_iter()
        .filter_map(Algo::from_name)
    {
        if !algos.contains(&algo) {
            algos.push(algo);
        }
    }
    if algos.is_empty() {
        algos = Algo::ALL.to_vec();
    }
    let budget = parsed.seconds("--budget").unwrap_or(BUDGET);
    Ok(BenchArgs {
        from,
        to,
        algos,
        budget: Duration::from_secs_f64(budget),
        svg: parsed.file("--svg").map(String::from),
        json: parsed.has("--json"),
    })
}

/// Runs `queens bench`.
pub fn run(args: BenchArgs) -> Result<(), Failure> {
    // The plot's file is opened first: a path that cannot be written is known before the run.
    let mut svg = args
        .svg
        .as_deref()
        .map(|path| {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(|e| Failure::Write(format!("cannot write {}: {}", path, e)))?;
            Ok::<(File, &str), Failure>((file, path))
        })
        .transpose()?;
    let kernel = crate::count::kernel_setting()?;
    if cfg!(debug_assertions) {
        crate::failure::say(
            "queens bench: this is a debug build; build with --release for meaningful times",
        );
    }
    // A count that could not run (memory too short) or ran on fewer threads than its label
    // says is reported as such, never as a counter that counts wrong or a faster one.
    let trouble: Mutex<Option<String>> = Mutex::new(None);
    let fewer: Mutex<Option<(usize, usize)>> = Mutex::new(None);
    let note_fewer = |worked: usize, wanted: usize| {
        *fewer.lock().unwrap_or_else(|e| e.into_inner()) = Some((worked, wanted));
    };
    let fast = |n: u32, threads: usize| {
        let run = Run {
            threads,
            fewer_threads: Some(&note_fewer),
            ..Run::default()
        };
        match count_on(kernel, &Problem::total(n), &run) {
            // The benchmark's N are far below 2^64 placements.
            Ok(total) => u64::try_from(total).unwrap_or(u64::MAX),
            Err(e) => {
                trouble
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(format!("N = {}: {}", n, e));
                0
            }
        }
    };
    // The symmetric search asks for memory for its plan too: short of it, the same report.
    let symmetric =
        |n: u32| match nqueens::count::symmetric::count_with(&Problem::total(n), &Run::default()) {
            Ok(counts) => u64::try_from(counts.total).unwrap_or(u64::MAX),
            Err(e) => {
                trouble
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(format!("N = {} (symmetric): {}", n, e));
                0
            }
        };
    let mut contenders: Vec<Contender> = args
        .algos
        .iter()
        .map(|&a| Contender {
            label: a.name().to_string(),
            count: match a {
                // The fast counter on one thread, with the kernel NQUEENS_KERNEL names.
                Algo::Fast => Box::new(move |n| fast(n, 1)),
                Algo::Symmetric => Box::new(symmetric),
                _ => Box::new(a.counter()),
            },
        })
        .collect();
    let threads = nqueens::count::cores();
    if args.algos.contains(&Algo::Fast) && threads > 1 {
        contenders.push(Contender {
            label: format!("fast ×{}", threads),
            count: Box::new(move |n| fast(n, threads)),
        });
    }
    let ns: Vec<u32> = (args.from..=args.to).collect();
    let terminal = std::io::stderr().is_terminal();
    let table = table::measure(&ns, &contenders, args.budget, |label, n, cell| {
        if terminal {
            match cell {
                Cell::Time(t) => crate::failure::say(&format!(
                    "bench: {} N={}: {} ms",
                    label,
                    n,
                    table::millis(t)
                )),
                Cell::Skipped => crate::failure::say(&format!("bench: {} N={}: skipped", label, n)),
            }
        }
    });
    if let Some(why) = trouble.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(Failure::Resources(format!(
            "bench: a counter could not count {}",
            why
        )));
    }
    let table = table.map_err(|e| Failure::Check(e.to_string()))?;
    let mut text = match args.json {
        true => json_table(&table, &args) + "\n",
        false => table.markdown(),
    };
    let fewer = *fewer.lock().unwrap_or_else(|e| e.into_inner());
    if let (Some((worked, wanted)), true) = (fewer, args.json) {
        crate::failure::say(&format!(
            "queens: note: fast ×{} ran on {} of its {} threads at times: its row is not a {}-thread time",
            wanted, worked, wanted, wanted
        ));
    }
    if let (Some((worked, wanted)), false) = (fewer, args.json) {
        text += &format!(
            "\nnote: fast ×{} ran on {} of its {} threads at times (the others could not start): its row is not a {}-thread time\n",
            wanted, worked, wanted, wanted
        );
    }
    if !args.json
        && table
            .rows
            .iter()
            .any(|(_, cells)| cells.contains(&Cell::Skipped))
    {
        text += &format!(
            "\nskipped: the predicted time would have taken the run past its {} s budget\n",
            args.budget.as_secs_f64()
        );
    }
    let printed = output::print(&text);
    if let Some((file, path)) = svg.as_mut() {
        let title = format!(
            "N-Queens counters: median time per count, N = {}..{}",
            args.from, args.to
        );
        let plot = plot::svg(&table, &title);
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(plot.as_bytes()))
            .and_then(|()| file.sync_all())
            .map_err(|e| Failure::Write(format!("cannot write {}: {}", path, e)))?;
    }
    Ok(printed?)
}

/// The table as one JSON document: a row per counter, a cell per N, each its median time in
/// milliseconds (`null` where it was skipped to keep to the budget).
fn json_table(table: &table::Table, args: &BenchArgs) -> String {
    use crate::json::{array, Object};
    let rows = table.rows.iter().map(|(label, cells)| {
        let cells = table.ns.iter().zip(cells).map(|(&n, cell)| {
            let object = Object::new().number("n", n);
            match cell {
                Cell::Time(time) => object.number("median_ms", table::millis(*time)),
                Cell::Skipped => object.null("median_ms"),
            }
            .finish()
        });
        Object::new()
            .string("counter", label)
            .raw("cells", &array(cells))
            .finish()
    });
    Object::new()
        .number("from", args.from)
        .number("to", args.to)
        .number("budget_seconds", args.budget.as_secs_f64())
        .boolean("release_build", !cfg!(debug_assertions))
        .raw("rows", &array(rows))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<BenchArgs, Failure> {
        crate::cli::parse_line(&SPEC, parse, line)
    }

    #[test]
    fn the_arguments_of_a_benchmark() {
        let args =
            parse_line("--from 4 --to 7 --algo links bitwise,recursive --budget 2.5").unwrap();
        assert_eq!((args.from, args.to), (4, 7));
        assert_eq!(args.algos, [Algo::Links, Algo::Bitwise, Algo::Recursive]);
        assert_eq!(args.budget, Duration::from_millis(2500));
        let defaults = parse_line("").unwrap();
        assert_eq!((defaults.from, defaults.to), (FROM as u32, TO as u32));
        assert_eq!(defaults.algos, Algo::ALL);
        assert!(parse_line("--from 12 --to 10").is_err());
        assert!(parse_line("--budget 0").is_err());
        assert!(parse_line("--to 40").is_err());
        assert!(parse_line("--algo fastest").is_err());
        assert!(parse_line("--svg a --svg b").is_err());
    }
}
