//! `queens recheck --method search --row-sets`: the independent search on a seeded sample of
//! row sets.

use super::parts::{parts_of, Part, Spent};
use crate::failure::Failure;
use crate::output;
use crate::progress::Progress;
use nqueens::count::recheck;

/// `--method search --row-sets`: a seeded sample of the row sets of every part given, each
/// counted by the search and by the join here; every row set where they differ is named.
pub fn row_sets(
    (sample, seed): (f64, u64),
    parts: Vec<&Part>,
    threads: usize,
) -> Result<(), Failure> {
    let recorded: Option<f64> = parts.iter().map(|p| p.cpu_seconds).sum();
    crate::failure::say(&format!(
        "queens: re-counting a sample of {} of the row sets of {} parts (seed {}) by a plain row-by-row search and by the join",
        sample,
        parts.len(),
        seed
    ));
    let started = Spent::start();
    let progress = Progress::new();
    let (mut report, mut checked, mut differ) = (String::new(), 0usize, 0usize);
    let mut wrong_parts = 0usize;
    let (mut join_seconds, mut search_seconds) = (0.0, 0.0);
    for (i, part) in parts.iter().enumerate() {
        let done = i as f64 / parts.len() as f64;
        progress.units("recheck", i, parts.len(), "parts", done);
        let checks = recheck::recount_row_sets(part.n, part.part, sample, seed, threads)
            .map_err(|e| Failure::Resources(e.to_string()))?;
        checked += checks.len();
        join_seconds += checks.iter().map(|c| c.join_seconds).sum::<f64>();
        search_seconds += checks.iter().map(|c| c.search_seconds).sum::<f64>();
        for check in checks.iter().filter(|c| c.by_join != c.by_search) {
            differ += 1;
            report += &format!(
                "part {}/{} of N = {}, row set {:b}/{:b} (north/south): the join counts {}, the search {}\n",
                part.part.0, part.part.1, part.n, check.north, check.south, check.by_join, check.by_search
            );
        }
        // Every row set of the part re-counted: the search's sum is the part's count, and each
        // file's record is compared with it.
        if sample >= 1.0 {
            let by_search: u128 = checks.iter().map(|c| c.by_search).sum();
            for (file, recorded) in part.files.iter().filter(|(_, r)| *r != by_search) {
                wrong_parts += 1;
                report += &format!(
                    "part {}/{} of N = {} differs: {} records {}, the search of every row set counts {}\n",
                    part.part.0,
                    part.part.1,
                    part.n,
                    file.display(),
                    recorded,
                    by_search
                );
            }
        }
    }
    progress.finish();
    let spent = started.seconds();
    if checked == 0 {
        return Err(Failure::usage(
            "recheck",
            format!(
                "a sample of {} (seed {}) takes none of the row sets of the {} given: it would check nothing (give a larger --sample, or another --seed)",
                sample,
                seed,
                parts_of(parts.len())
            ),
        ));
    }
    report += &format!(
        "re-counted {} row sets of {} parts (a sample of {} of their row sets, seed {}) by a plain row-by-row search and by the join, in {:.3} CPU seconds{}: {}\n\
         the search took {:.3} s for them, the join {:.3} s: {:.0} times\n",
        checked,
        parts.len(),
        sample,
        seed,
        spent,
        match recorded {
            Some(seconds) if seconds > 0.0 => format!(
                " ({:.2} times the {:.3} the parts took)",
                spent / seconds,
                seconds
            ),
            _ => String::new(),
        },
        match differ {
            0 => "every one agrees".to_string(),
            1 => "1 row set differs".to_string(),
            d => format!("{} row sets differ", d),
        },
        search_seconds,
        join_seconds,
        search_seconds / join_seconds.max(1e-9)
    );
    report += &match (sample >= 1.0, wrong_parts) {
        (true, 0) => format!(
            "every row set of the {} re-counted: the search's sum is each file's recorded count\n",
            parts_of(parts.len())
        ),
        (true, w) => format!(
            "every row set of the {} re-counted: {} file{} whose recorded count is not the search's sum\n",
            parts_of(parts.len()),
            w,
            if w == 1 { "" } else { "s" }
        ),
        (false, _) => "the parts' recorded counts were not compared: a sample of their row sets is not a whole part (--sample 1 re-counts every row set and compares them)\n".to_string(),
    };
    output::print(&report)?;
    match (differ, wrong_parts) {
        (0, 0) => Ok(()),
        (d, 0) => Err(Failure::Check(format!(
            "{} row set{} where the search and the join differ",
            d,
            if d == 1 { "" } else { "s" }
        ))),
        (_, w) => Err(Failure::Check(format!(
            "{} part file{} whose count the search of every row set does not confirm{}",
            w,
            if w == 1 { "" } else { "s" },
            match differ {
                0 => String::new(),
                d => format!(
                    ", and {} row set{} where the search and the join differ",
                    d,
                    if d == 1 { "" } else { "s" }
                ),
            }
        ))),
    }
}
