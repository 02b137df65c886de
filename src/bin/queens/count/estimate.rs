//! `queens count --estimate`: a sample of the count's work, and what it says of the whole.

use super::args::CountArgs;
use super::part::count_failure;
use super::recipe::{recipe, rounds};
use crate::failure::Failure;
use crate::output;
use nqueens::count::cores;
use nqueens::count::join::Kernel;
use nqueens::count::{symmetric, Algo, Ask, Problem};

/// Runs `--estimate`: samples the count of `problem` for about `seconds` and prints what it
/// says of the whole.
pub fn print_estimate(
    problem: &Problem<'_>,
    args: &CountArgs,
    seconds: u64,
    kernel: Kernel,
) -> Result<(), Failure> {
    let budget = std::time::Duration::from_secs(seconds);
    let guess = match args.algo {
        Algo::Symmetric => symmetric::estimate(problem, budget, ESTIMATE_SEED, args.part),
        _ => nqueens::count::estimate(problem, budget, ESTIMATE_SEED, kernel, args.part),
    }
    .map_err(|e| match e {
        nqueens::count::CountError::Unsupported(why) => {
            Failure::usage("count", format!("--estimate: {}", why))
        }
        e => count_failure(e),
    })?;
    if args.json {
        let text = super::shown::json_fields(args, problem, args.part)
            // Strings, as every count: an estimate passes 2^64 from N = 27.
            .string("count", &format!("{:.0}", guess.count))
            .string("stderr", &format!("{:.0}", guess.error))
            .number("core_seconds", format!("{:.3}", guess.core_seconds))
            .number(
                "core_seconds_stderr",
                format!("{:.3}", guess.core_seconds_error),
            )
            .number(
                "serial_core_seconds",
                format!("{:.3}", guess.serial_seconds),
            )
            .number("samples", guess.samples)
            .number("units", guess.units)
            .boolean("trusted", guess.trusted)
            .number("seconds", format!("{:.3}", guess.elapsed.as_secs_f64()))
            .number("seed", ESTIMATE_SEED)
            .finish();
        return Ok(output::print(&format!("{}\n", text))?);
    }
    let what = match problem.ask {
        Ask::Total => "placements",
        Ask::Unique => "classes",
    };
    let percent = |error: f64, of: f64| match of > 0.0 {
        true => format!("{:.1}%", 100.0 * error / of),
        false => "-".to_string(),
    };
    let from = format!(
        "{} samples of {} units in {:.1} s",
        guess.samples,
        guess.units,
        guess.elapsed.as_secs_f64()
    );
    let mut text = match guess.trusted {
        true => format!(
            "about {:.0} {} ± {:.0} ({}, one standard error; {})\n",
            guess.count,
            what,
            guess.error,
            percent(guess.error, guess.count),
            from
        ),
        false => format!(
            "about {:.0} {}, from {}: too few samples to say how far off this may be (the units differ by orders of magnitude); give --estimate more seconds for {} or more\n",
            guess.count, what, from, nqueens::count::TRUSTED_FROM
        ),
    };
    let known = (nqueens::judge::KNOWN_COUNTS
        .get(problem.n as usize)
        .copied())
    .filter(|_| problem.board.is_none() && args.part.is_none());
    let whole = match args.part {
        Some((k, m)) => format!("part {}/{}", k, m),
        None => "the whole count".to_string(),
    };
    if let (Some(known), Ask::Total, true) = (known, problem.ask, guess.trusted) {
        text += &format!(
            "(the known count, OEIS A000170: {}, {:.1} standard errors away)\n",
            known,
            (guess.count - known as f64).abs() / guess.error.max(f64::MIN_POSITIVE)
        );
    }
    let threads = args.threads.unwrap_or_else(cores);
    let on = match threads {
        1 => "1 thread".to_string(),
        t => format!("{} threads", t),
    };
    text += &match guess.trusted {
        true => format!(
            "{}: about {} ± {} on one core of this machine ({}); {} on {}\n",
            whole,
            duration(guess.core_seconds),
            duration(guess.core_seconds_error),
            percent(guess.core_seconds_error, guess.core_seconds),
            duration(guess.core_seconds_on(threads) / threads as f64),
            on
        ),
        false => format!(
            "{}: about {} on one core of this machine, {} on {} (as uncertain as the count)\n",
            whole,
            duration(guess.core_seconds),
            duration(guess.core_seconds_on(threads) / threads as f64),
            on
        ),
    };
    // A whole count of more than a day of one core, or one planned for --cores: how to cut it
    // for a cluster.
    let day = 86_400.0;
    let big = guess.core_seconds > day || args.cores.is_some();
    if args.part.is_none() && guess.trusted && big && guess.units > 1 {
        text += &plan(problem, args, &guess, threads, args.cores);
    } else if let Some(cores) = args.cores {
        // Asked for a plan and none can be made: say why, never nothing.
        text += &format!(
            "no plan for --cores {}: {}\n",
            cores,
            match (guess.trusted, guess.units > 1) {
                (false, _) => "too few samples to plan on; give --estimate more seconds",
                (true, false) =>
                    "the count is one unit of work, counted in one piece on one machine",
                (true, true) => "the count is too small to need one",
            }
        );
    }
    Ok(output::print(&text)?)
}

/// What `--estimate` says of a count for a cluster: the parts to cut it into and their spread,
/// the time on `cores` cores in tasks of `threads` threads, the memory of a task, and the
/// commands of the recipe.
fn plan(
    problem: &Problem<'_>,
    args: &CountArgs,
    guess: &nqueens::count::Estimate,
    threads: usize,
    cores: Option<u64>,
) -> String {
    let cores = cores.unwrap_or(4096);
    // A task has no more threads than the cluster has cores: said, when that changes them.
    let asked = threads.max(1) as u64;
    let threads = asked.min(cores);
    let at_once = (cores / threads).max(1);
    // What the cores of tasks of this many threads spend, their serial share included.
    let spent = guess.core_seconds_on(threads as usize);
    let (m, hours) = suggested_parts(guess.core_seconds, guess.units, at_once);
    let n = problem.n;
    let mut text = format!(
        "for a cluster: {} parts of {} on average ({} of the {} units of work each)",
        m,
        core_hours(hours),
        match guess.units % m {
            0 => (guess.units / m).to_string(),
            _ => format!("{} or {}", guess.units / m, guess.units / m + 1),
        },
        guess.units
    );
    let spread = guess.parts(m);
    if let Some(spread) = spread {
        text += &format!(
            "; the median part {}, the largest about {} (the spread of the sampled units: an overestimate)",
            core_hours(spread.median / 3600.0),
            core_hours(spread.largest / 3600.0)
        );
    }
    text += "\n";
    if asked > threads {
        text += &format!(
            "  (--threads {} is more than the {} cores of --cores: tasks of {} below)\n",
            asked,
            cores,
            plural(threads, "thread")
        );
    }
    // As scripts/slurm/submit cuts them on a stock Slurm: at most 1000 tasks, each of at
    // least 5 minutes of work (a time limit may cut them shorter, in rounds).
    let part_wall = spent / m as f64 / threads as f64;
    let per = m
        .div_ceil(1000)
        .max((TASK_SECONDS / part_wall.max(1e-3)).ceil() as u64)
        .clamp(1, m);
    let tasks = m.div_ceil(per);
    // No sooner than the largest part on a task's threads.
    let largest = spread.map_or(0.0, |s| s.largest / threads as f64);
    let wall = (spent / cores.min(m * threads) as f64).max(largest);
    let task = part_wall * per as f64;
    text += &format!(
        "  on {} cores (--cores) in tasks of {} (--threads): {} core-hours, about {}; \
         {} of {} each about {}{}\n",
        cores,
        plural(threads, "thread"),
        amount(spent / 3600.0),
        duration(wall),
        plural(tasks, "task"),
        plural(per, "part"),
        duration(task),
        rounds(task)
    );
    text += &serial_share(guess, threads);
    if let Some(peak) = peak_megabytes() {
        text += &format!(
            "  memory: this estimate peaked at {} MB on one thread; a task of {} needs at most about {} MB\n",
            peak,
            plural(threads, "thread"),
            nqueens::count::join::task_megabytes(n, threads as usize, peak)
        );
        text += &cheapest_shape(n, guess, peak, args.mem_per_core);
    }
    text += &checks(problem, args, guess);
    text += &recipe(problem, args, (m, threads), spent);
    text
}

/// The plan's line on the share of the count its threads cannot split, where there is one:
/// measured in the sample, and what it costs tasks of `threads` threads.
fn serial_share(guess: &nqueens::count::Estimate, threads: u64) -> String {
    if guess.serial_seconds <= 0.0 {
        return String::new();
    }
    let share = guess.serial_share();
    let on = |t: u64| t as f64 / (share * t as f64 + 1.0 - share);
    format!(
        "  threads: {:.1}% of the work is done by one thread while the others wait (the lists, the sieve's cut, row sets met in one call; measured in this sample): {} threads run {:.2} times as fast as one, and their tasks take {:.2} times one thread's core-hours (in the line above)\n",
        100.0 * share,
        threads,
        on(threads),
        guess.core_seconds_on(threads as usize) / guess.core_seconds.max(f64::MIN_POSITIVE)
    )
}

/// The plan's line on the cheapest task shape for the memory of a node: the fewest threads a
/// task whose memory fits `mem_per_core` MB a core (or, without it, one thread a task and
/// the memory that needs), with the core-hours of that shape.
fn cheapest_shape(
    n: u32,
    guess: &nqueens::count::Estimate,
    peak: u64,
    mem_per_core: Option<u64>,
) -> String {
    let task = |t: usize| nqueens::count::join::task_megabytes(n, t, peak);
    let hours = |t: usize| core_hours(guess.core_seconds_on(t) / 3600.0);
    let Some(per_core) = mem_per_core else {
        return format!(
            "  cheapest: tasks of 1 thread ({}), where a node has {} MB a core (say --mem-per-core MB for the shape that fits a node's memory)\n",
            hours(1),
            task(1)
        );
    };
    match (1..=1024).find(|&t| task(t) <= per_core.saturating_mul(t as u64)) {
        Some(t) => format!(
            "  cheapest for {} MB a core (--mem-per-core): tasks of {} ({} MB each), {}\n",
            per_core,
            plural(t as u64, "thread"),
            task(t),
            hours(t)
        ),
        None => format!(
            "  cheapest for {} MB a core (--mem-per-core): no task shape fits; a task of 1 thread needs {} MB\n",
            per_core,
            task(1)
        ),
    }
}

/// The plan's `checks:` line: what re-counting the count costs. `recheck` re-counts the
/// join's parts of a plain total; any other count is checked by counting it twice.
fn checks(problem: &Problem<'_>, args: &CountArgs, guess: &nqueens::count::Estimate) -> String {
    let n = problem.n;
    let by_join = problem.ask == Ask::Total
        && problem.board.is_none()
        && args.algo != Algo::Symmetric
        && (nqueens::count::recheck::MIN_N..=nqueens::count::recheck::MAX_N).contains(&n);
    if !by_join {
        return format!(
            "  checks: queens recheck re-counts the parts of plain totals only; count this one a second time on other nodes (another DIR) and give both folders' parts to queens merge, which compares every part's two counts: about {} more\n",
            core_hours(guess.core_seconds / 3600.0)
        );
    }
    // The checks, priced from the count: the mirror re-count of every part costs about the
    // count again; the independent search, on a sample of row sets, about search_cost(n) times
    // the join's time for them (each row set is a share of the count: the row sets of n are
    // C(n, n - n/2), half of them counted for their reverse).
    let hours = guess.core_seconds / 3600.0;
    let search_cost = nqueens::count::recheck::search_cost(n);
    // The share of the row sets sampled (all of them when there are fewer than the sample).
    let row_sets = choose(n, n - n / 2) / 2.0;
    let sampled = (SAMPLED_ROW_SETS as f64 / row_sets).min(1.0);
    format!(
        "  checks: every part re-counted through its mirror image (queens recheck), about {}, on other nodes than counted it; \
         the independent search of {} row sets (queens recheck --method search --row-sets --sample {:.3e}: an error in 1% of the row sets found with 99% confidence), about {} ({:.2}% of the count), at {:.0} times the join's time for them (measured 7.4 at N = 20 and 15.3 at 22, and grown from there: docs/campaign.md)\n",
        core_hours(hours * MIRROR_COST),
        SAMPLED_ROW_SETS.min(row_sets as u64),
        sampled,
        core_hours(hours * sampled * search_cost),
        100.0 * sampled * search_cost,
        search_cost
    )
}

/// The least work of a task `scripts/slurm/submit` makes (its `TASK_MINUTES`, 5): shorter
/// tasks pay more to the scheduler than they count.
const TASK_SECONDS: f64 = 300.0;

/// The mirror re-count's CPU time over the parts' own, at most, as measured (docs/campaign.md).
const MIRROR_COST: f64 = 1.1;

/// The row sets the independent search samples: enough to find an error in 1% of them with
/// 99% confidence (0.99^459 < 0.01).
const SAMPLED_ROW_SETS: u64 = 459;

/// The binomial coefficient `n` choose `k`, as a float.
fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1))
}

/// `count` things: "1 task", "3 tasks".
fn plural(count: u64, thing: &str) -> String {
    match count {
        1 => format!("1 {}", thing),
        _ => format!("{} {}s", count, thing),
    }
}

/// Core-hours, as the plan says them (core-minutes below one, core-seconds below a minute).
fn core_hours(hours: f64) -> String {
    match hours {
        h if h >= 1.0 => format!("{} core-hours", amount(h)),
        h if h >= 1.0 / 60.0 => format!("{} core-minutes", amount(h * 60.0)),
        h => format!("{} core-seconds", amount(h * 3600.0)),
    }
}

/// A positive amount to three significant digits, in millions past a million.
fn amount(x: f64) -> String {
    match x {
        x if x >= 1e6 => format!("{:.2} million", x / 1e6),
        x if x >= 100.0 => format!("{:.0}", x),
        x if x >= 10.0 => format!("{:.1}", x),
        x => format!("{:.2}", x),
    }
}

/// The peak memory of this process so far, in MB, where the system says (Linux).
fn peak_megabytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.div_ceil(1024))
}

/// The parts to cut a count of `core_seconds` into, with `at_once` tasks running at once, and
/// the core-hours of each: parts of about four core-hours (a task holds a few), at least four
/// for each task running at once (so the last parts leave few cores idle), but never more parts
/// than units of work (a part past them would be empty) nor than the recipes take
/// ([`MOST_PARTS`]), rounded to two significant figures.
fn suggested_parts(core_seconds: f64, units: u64, at_once: u64) -> (u64, f64) {
    let wanted = (core_seconds / (4.0 * 3600.0))
        .max(4.0 * at_once as f64)
        .min(units as f64)
        .min(MOST_PARTS as f64);
    let scale = 10f64.powi(wanted.log10().floor() as i32 - 1).max(1.0);
    let m = ((wanted / scale).round() * scale).clamp(1.0, units as f64) as u64;
    (m, core_seconds / 3600.0 / m as f64)
}

/// The most parts `scripts/slurm/submit` and `scripts/parallel-count` cut a count into.
const MOST_PARTS: u64 = 1_000_000;

/// The random stream of `--estimate`: fixed, so the same command gives the same sample.
const ESTIMATE_SEED: u64 = 2553;

/// A duration in the unit that reads best, to three significant digits.
fn duration(seconds: f64) -> String {
    let (value, unit) = match seconds {
        s if s < 120.0 => (s, "s"),
        s if s < 2.0 * 3600.0 => (s / 60.0, "min"),
        s if s < 3.0 * 86400.0 => (s / 3600.0, "h"),
        s if s < 2.0 * 365.25 * 86400.0 => (s / 86400.0, "days"),
        s => (s / (365.25 * 86400.0), "years"),
    };
    match value {
        v if v >= 100.0 => format!("{:.0} {}", v, unit),
        v if v >= 10.0 => format!("{:.1} {}", v, unit),
        v => format!("{:.2} {}", v, unit),
    }
}

#[cfg(test)]
mod tests {
    use super::suggested_parts;

    #[test]
    fn a_cluster_gets_parts_of_hours_never_more_than_the_units() {
        // a(28): about 1.94 million core-hours over 632,532 units.
        let (m, hours) = suggested_parts(1.94e6 * 3600.0, 632_532, 512);
        assert_eq!(m, 490_000);
        assert!((3.9..4.2).contains(&hours), "{}", hours);
        // Few units: no more parts than units.
        assert_eq!(suggested_parts(1e9, 1234, 1).0, 1200);
        // a(30): no more parts than the recipes take.
        assert_eq!(suggested_parts(5.7e8 * 3600.0, 2_440_734, 512).0, 1_000_000);
        // A small count: four parts a task running at once.
        assert_eq!(suggested_parts(10.0, 1234, 8).0, 32);
        assert_eq!(suggested_parts(10.0, 1234, 1).0, 4);
    }
}
