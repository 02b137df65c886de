//! `queens count --estimate`: a sample of the count's work, and what it says of the whole.

use super::{count_failure, CountArgs};
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
    .map_err(count_failure)?;
    if args.json {
        let object = nqueens::json::Object::new()
            .number("n", problem.n)
            .string("ask", problem.ask.name())
            .string("algo", args.algo.name())
            .boolean("board", problem.board.is_some());
        let object = match args.part {
            Some((k, m)) => object.number("part", k).number("parts", m),
            None => object.null("part").null("parts"),
        };
        let text = object
            .number("count", format!("{:.0}", guess.count))
            .number("stderr", format!("{:.0}", guess.error))
            .number("core_seconds", format!("{:.3}", guess.core_seconds))
            .number(
                "core_seconds_stderr",
                format!("{:.3}", guess.core_seconds_error),
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
            duration(guess.core_seconds / threads as f64),
            on
        ),
        false => format!(
            "{}: about {} on one core of this machine, {} on {} (as uncertain as the count)\n",
            whole,
            duration(guess.core_seconds),
            duration(guess.core_seconds / threads as f64),
            on
        ),
    };
    Ok(output::print(&text)?)
}

/// The random stream of `--estimate`: fixed, so the same command gives the same sample.
const ESTIMATE_SEED: u64 = 2553;

/// A duration in the unit that reads best, to three significant digits.
fn duration(seconds: f64) -> String {
    let (value, unit) = match seconds {
        s if s < 120.0 => (s, "s"),
        s if s < 2.0 * 3600.0 => (s / 60.0, "min"),
        s if s < 3.0 * 86400.0 => (s / 3600.0, "h"),
        s => (s / 86400.0, "days"),
    };
    match value {
        v if v >= 100.0 => format!("{:.0} {}", v, unit),
        v if v >= 10.0 => format!("{:.1} {}", v, unit),
        v => format!("{:.2} {}", v, unit),
    }
}
