//! The benchmark of `queens bench`: times counters over a range of N within a time budget.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// A counter to time: a label for the table and the function itself.
pub struct Contender<'a> {
    /// The name shown in the table and the plot.
    pub label: String,
    /// The counter: `n` to the number of placements.
    pub count: Box<dyn Fn(u32) -> u64 + 'a>,
}

/// One cell of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell {
    /// The median time of one count.
    Time(Duration),
    /// Not run: its predicted time would have passed the budget.
    Skipped,
}

/// The measured table: one row of cells per contender, one column per N.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The board sizes, in order.
    pub ns: Vec<u32>,
    /// Each contender's label and its cells, one per N.
    pub rows: Vec<(String, Vec<Cell>)>,
}

/// How many times a cell is timed (after a warm-up), by its predicted time.
fn runs_for(predicted: f64) -> u32 {
    if predicted < 0.05 {
        7
    } else if predicted < 0.5 {
        5
    } else if predicted < 3.0 {
        3
    } else {
        1
    }
}

/// A counter that counted wrong: the benchmark would be timing a wrong counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The contender that counted.
    pub label: String,
    /// The board size.
    pub n: u32,
    /// What it counted.
    pub count: u64,
    /// What the reference says, and which reference that is (the known counts, or the label
    /// of the contender that counted first).
    pub expected: u64,
    /// The reference's name.
    pub by: String,
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} counts {} placements for N = {}, but {} says {}",
            self.label, self.count, self.n, self.by, self.expected
        )
    }
}

impl std::error::Error for Disagreement {}

/// Times every contender for every N in `ns`, the cheapest cells first, within `budget`.
///
/// Each cell is the median of several runs after a warm-up (fewer runs for slow cells). Before
/// a cell runs its time is predicted from the growth of the contender's times before it (a few
/// quick probes below the first N, then its cells). Among the next cell of every contender
/// (each contender's cells go in order of N), the cheapest predicted one runs next; one whose
/// cost would take the run past `budget` runs once if that fits, and is otherwise skipped,
/// with every larger N of that contender. `progress` is told each cell as it is done.
///
/// # Errors
///
/// [`Disagreement`] if two contenders disagree on a count, or one disagrees with the known
/// count.
///
/// # Complexity
///
/// About `budget` of wall time at most (a cell's runs stop once the budget is spent, keeping
/// at least one), plus the probes (each under about 50 ms, times the growth of one step).
///
/// (Its example is the unit test `tests::every_cell_within_the_budget_is_timed`.)
pub fn measure(
    ns: &[u32],
    contenders: &[Contender<'_>],
    budget: Duration,
    progress: impl FnMut(&str, u32, Cell),
) -> Result<Table, Disagreement> {
    let start = Instant::now();
    measure_on(&|| start.elapsed(), ns, contenders, budget, progress)
}

/// [`measure`] on the clock `now` (the time since the measure began): the real one, or a
/// test's, which its counters move on as they are called (no test waits or times anything).
fn measure_on(
    now: &dyn Fn() -> Duration,
    ns: &[u32],
    contenders: &[Contender<'_>],
    budget: Duration,
    mut progress: impl FnMut(&str, u32, Cell),
) -> Result<Table, Disagreement> {
    let deadline = now() + budget;
    let mut rows: Vec<(String, Vec<Cell>)> = contenders
        .iter()
        .map(|c| (c.label.clone(), Vec::new()))
        .collect();
    // What each contender's times were so far, as (n, seconds): a few quick probes below the
    // first N, so that even the first cell is predicted, then the cells measured.
    let first = ns.first().copied().unwrap_or(0);
    let mut history: Vec<Vec<(u32, f64)>> = contenders
        .iter()
        .map(|c| probe(now, &*c.count, first))
        .collect();
    // The reference count for each N: the known one, or the first contender's to count it.
    let mut answers: Vec<Option<(u64, String)>> = ns
        .iter()
        .map(|&n| {
            nqueens::judge::KNOWN_COUNTS
                .get(n as usize)
                .map(|&k| (k, "OEIS A000170".to_string()))
        })
        .collect();
    loop {
        // The next cell of each contender, and its predicted cost with its runs.
        let next = rows
            .iter()
            .enumerate()
            .filter(|(_, (_, cells))| cells.len() < ns.len())
            .map(|(c, (_, cells))| {
                let predicted = predict(&history[c], ns[cells.len()]);
                (c, predicted)
            })
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let (c, predicted) = match next {
            Some(next) => next,
            None => break,
        };
        let contender = &contenders[c];
        let i = rows[c].1.len();
        let n = ns[i];
        let left = deadline.as_secs_f64() - now().as_secs_f64();
        let mut runs = runs_for(predicted);
        if predicted * f64::from(runs + 1) > left {
            runs = 1;
        }
        if predicted * f64::from(runs + 1) > left {
            // Too slow for what is left: skipped, and so is every larger N of this contender.
            for &n in &ns[i..] {
                rows[c].1.push(Cell::Skipped);
                progress(&contender.label, n, Cell::Skipped);
            }
            continue;
        }
        let (time, count) = time_cell(now, &*contender.count, n, runs, deadline);
        match &answers[i] {
            Some((expected, by)) if *expected != count => {
                return Err(Disagreement {
                    label: contender.label.clone(),
                    n,
                    count,
                    expected: *expected,
                    by: by.clone(),
                })
            }
            Some(_) => {}
            None => answers[i] = Some((count, contender.label.clone())),
        }
        history[c].push((n, time.as_secs_f64()));
        rows[c].1.push(Cell::Time(time));
        progress(&contender.label, n, Cell::Time(time));
    }
    Ok(Table {
        ns: ns.to_vec(),
        rows,
    })
}

/// Times `count` once each for N from 4 up to below `first`, stopping once a call takes 50 ms:
/// enough history to predict the first cell, and cheap whatever `first` is (each step up costs
/// several times the one before, so the probes take about 0.1 s at most; starting near a large
/// `first` could take days).
fn probe(now: &dyn Fn() -> Duration, count: &dyn Fn(u32) -> u64, first: u32) -> Vec<(u32, f64)> {
    let mut history = Vec::new();
    for n in 4..first {
        let start = now();
        black_box(count(black_box(n)));
        let secs = (now() - start).as_secs_f64();
        history.push((n, secs));
        if secs > 0.05 {
            break;
        }
    }
    history
}

/// The predicted time of one count at `n`, from the `history` of (n, seconds) before it: the
/// last time, grown by the last step's growth factor (at least 2) for each step up to `n`.
/// Infinite after a skipped cell; 0 without history.
fn predict(history: &[(u32, f64)], n: u32) -> f64 {
    match history {
        [] => 0.0,
        [.., (_, last)] if !last.is_finite() => f64::INFINITY,
        [(m, last)] => last * 8f64.powi((n - m) as i32),
        [.., (_, prev), (m, last)] => {
            let growth = (last / prev.max(1e-9)).max(2.0);
            last * growth.powi((n - m) as i32)
        }
    }
}

/// Times `count(n)`: one warm-up call, then the median of `runs` single calls, stopping early
/// (with at least one) once `deadline` has passed. Returns that median and the count.
///
/// Each run is one call: repeating a small search back to back lets the branch predictor
/// learn it, which flatters cells well under a millisecond (they still are, a little, by the
/// few runs of a cell: compare counters on the larger N).
fn time_cell(
    now: &dyn Fn() -> Duration,
    count: &dyn Fn(u32) -> u64,
    n: u32,
    runs: u32,
    deadline: Duration,
) -> (Duration, u64) {
    let result = black_box(count(black_box(n)));
    let mut samples: Vec<Duration> = Vec::new();
    while samples.len() < runs as usize && (samples.is_empty() || now() < deadline) {
        let start = now();
        black_box(count(black_box(n)));
        samples.push(now() - start);
    }
    samples.sort();
    (samples[samples.len() / 2], result)
}

/// A time in milliseconds with three significant digits or so.
pub fn millis(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1e3;
    if ms >= 100.0 {
        format!("{:.0}", ms)
    } else if ms >= 10.0 {
        format!("{:.1}", ms)
    } else if ms >= 1.0 {
        format!("{:.2}", ms)
    } else {
        format!("{:.3}", ms)
    }
}

impl Table {
    /// The table in Markdown, times in milliseconds, in the teaching counters' style: a row per counter, a
    /// column per N; a skipped cell shows `skipped`.
    ///
    /// (Its example is the unit test `tests::the_table_in_markdown`.)
    pub fn markdown(&self) -> String {
        let mut out = String::from("| ms \\ N |");
        for n in &self.ns {
            out += &format!(" {} |", n);
        }
        out += "\n| --- |";
        out += &" ---: |".repeat(self.ns.len());
        out += "\n";
        for (label, cells) in &self.rows {
            out += &format!("| {} |", label);
            for cell in cells {
                match cell {
                    Cell::Time(t) => out += &format!(" {} |", millis(*t)),
                    Cell::Skipped => out += " skipped |",
                }
            }
            out += "\n";
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_within_the_budget_is_timed() {
        let contenders = vec![Contender {
            label: "links".into(),
            count: Box::new(nqueens::count::teaching::links::count),
        }];
        let budget = Duration::from_secs(5);
        let table = measure(&[4, 5, 6], &contenders, budget, |_, _, _| {}).unwrap();
        assert!(table.rows[0]
            .1
            .iter()
            .all(|cell| matches!(cell, Cell::Time(_))));
    }

    #[test]
    fn the_table_in_markdown() {
        let table = Table {
            ns: vec![10, 11],
            rows: vec![(
                "links".into(),
                vec![Cell::Time(Duration::from_micros(1500)), Cell::Skipped],
            )],
        };
        assert_eq!(
            table.markdown(),
            "| ms \\ N | 10 | 11 |\n| --- | ---: | ---: |\n| links | 1.50 | skipped |\n"
        );
    }
    use std::cell::Cell as Shared;

    /// A clock the counters move on: each call of a counter made by [`costing`] adds its cost.
    fn clock() -> std::rc::Rc<Shared<Duration>> {
        std::rc::Rc::new(Shared::new(Duration::ZERO))
    }

    /// A counter that costs `cost(n)` on `clock` and counts right.
    fn costing(
        clock: &std::rc::Rc<Shared<Duration>>,
        cost: impl Fn(u32) -> Duration + 'static,
    ) -> Box<dyn Fn(u32) -> u64> {
        let clock = std::rc::Rc::clone(clock);
        Box::new(move |n| {
            clock.set(clock.get() + cost(n));
            nqueens::judge::count(n)
        })
    }

    #[test]
    fn a_wrong_counter_is_caught() {
        let contenders = vec![
            Contender {
                label: "right".into(),
                count: Box::new(nqueens::count::teaching::bitwise::count),
            },
            Contender {
                label: "wrong".into(),
                count: Box::new(|n| nqueens::count::teaching::bitwise::count(n) + 1),
            },
        ];
        let err = measure(&[5], &contenders, Duration::from_secs(5), |_, _, _| {}).unwrap_err();
        assert_eq!(
            err.to_string(),
            "wrong counts 11 placements for N = 5, but OEIS A000170 says 10"
        );
    }

    #[test]
    fn even_the_first_cell_is_predicted_and_skipped_if_too_slow() {
        // 1 ms at N = 4, four times more each step; it must never be run at N = 12.
        let now = clock();
        let slow = costing(&now, |n| {
            assert!(n < 12, "the first cell was run");
            Duration::from_millis(4u64.pow(n - 4))
        });
        let contenders = vec![Contender {
            label: "slow".into(),
            count: slow,
        }];
        let budget = Duration::from_secs(1);
        let table =
            measure_on(&|| now.get(), &[12, 13], &contenders, budget, |_, _, _| {}).unwrap();
        assert_eq!(table.rows[0].1, vec![Cell::Skipped, Cell::Skipped]);
        assert_eq!(predict(&[(6, 0.016), (7, 0.064)], 9), 0.064 * 16.0);
    }

    #[test]
    fn a_cell_predicted_past_the_budget_is_skipped_and_so_are_larger_n() {
        let now = clock();
        let slow = costing(&now, |n| Duration::from_millis(if n < 6 { 1 } else { 60 }));
        let contenders = vec![Contender {
            label: "slow".into(),
            count: slow,
        }];
        let table = measure_on(
            &|| now.get(),
            &[4, 5, 6, 7, 8],
            &contenders,
            Duration::from_millis(300),
            |_, _, _| {},
        )
        .unwrap();
        let cells = &table.rows[0].1;
        assert!(matches!(cells[0], Cell::Time(_)));
        assert_eq!(cells.last(), Some(&Cell::Skipped));
        let first_skip = cells.iter().position(|c| *c == Cell::Skipped).unwrap();
        assert!(cells[first_skip..].iter().all(|c| *c == Cell::Skipped));
    }

    #[test]
    fn the_cheap_cells_run_first_and_the_budget_holds() {
        // A slow counter (80 ms) first in the list, two fast ones (1 ms) after it: within
        // 0.3 s the fast ones must all be timed, and the slow one skipped.
        let now = clock();
        let counter = |ms: u64| costing(&now, move |_| Duration::from_millis(ms));
        let contenders = vec![
            Contender {
                label: "slow".into(),
                count: counter(80),
            },
            Contender {
                label: "fast1".into(),
                count: counter(1),
            },
            Contender {
                label: "fast2".into(),
                count: counter(1),
            },
        ];
        let budget = Duration::from_millis(300);
        let table = measure_on(&|| now.get(), &[9], &contenders, budget, |_, _, _| {}).unwrap();
        assert_eq!(table.rows[0].1, vec![Cell::Skipped]);
        assert!(matches!(table.rows[1].1[0], Cell::Time(_)));
        assert!(matches!(table.rows[2].1[0], Cell::Time(_)));
        // The probes below N = 9 (4..8 at 80 ms each) cost their time too, but no cell ran past
        // the budget: the slow counter's cell was never started.
        assert!(now.get() <= Duration::from_millis(300 + 5 * 80));
    }
}
