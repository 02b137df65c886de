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

/// Times every contender for every N in `ns`, smallest N first.
///
/// Each cell is the median of several runs after a warm-up (fewer runs for slow cells). Before a
/// cell runs its time is predicted from the growth of the contender's times before it (a few
/// quick probes below the first N, then its cells); a cell whose predicted cost would take the
/// whole run past `budget` is skipped, and so is every larger N of that contender. `progress`
/// is told each cell as it is done.
///
/// # Errors
///
/// If two contenders disagree on a count, or one disagrees with the known count: the
/// benchmark is then timing a wrong counter.
///
/// # Complexity
///
/// About `budget` of wall time at most, plus the probes (each under about 50 ms, times the
/// growth of one step).
///
/// # Example
///
/// ```
/// use nqueens::bench::{run, Cell, Contender};
/// use std::time::Duration;
///
/// let contenders = vec![Contender { label: "links".into(), count: Box::new(nqueens::links::count) }];
/// let table = run(&[4, 5, 6], &contenders, Duration::from_secs(5), |_, _, _| {}).unwrap();
/// assert!(table.rows[0].1.iter().all(|cell| matches!(cell, Cell::Time(_))));
/// ```
pub fn run(
    ns: &[u32],
    contenders: &[Contender<'_>],
    budget: Duration,
    mut progress: impl FnMut(&str, u32, Cell),
) -> Result<Table, String> {
    let start = Instant::now();
    let mut rows: Vec<(String, Vec<Cell>)> = contenders
        .iter()
        .map(|c| (c.label.clone(), Vec::new()))
        .collect();
    // What each contender's times were so far, as (n, seconds): a few quick probes below the
    // first N, so that even the first cell is predicted, then the cells measured.
    let first = ns.first().copied().unwrap_or(0);
    let mut history: Vec<Vec<(u32, f64)>> =
        contenders.iter().map(|c| probe(&*c.count, first)).collect();
    for &n in ns {
        let mut answer: Option<(u64, &str)> =
            crate::judge::known_count(n).map(|k| (k, "OEIS A000170"));
        for ((contender, (_, cells)), history) in contenders
            .iter()
            .zip(rows.iter_mut())
            .zip(history.iter_mut())
        {
            let predicted = predict(history, n);
            let runs = runs_for(predicted);
            let cost = predicted * f64::from(runs + 1);
            let cell = if start.elapsed().as_secs_f64() + cost > budget.as_secs_f64() {
                Cell::Skipped
            } else {
                let (time, count) = time_cell(&*contender.count, n, runs);
                match answer {
                    Some((expected, by)) if expected != count => {
                        return Err(format!(
                            "{} counts {} placements for N = {}, but {} says {}",
                            contender.label, count, n, by, expected
                        ))
                    }
                    _ => answer = answer.or(Some((count, &contender.label))),
                }
                Cell::Time(time)
            };
            history.push((
                n,
                match cell {
                    Cell::Time(t) => t.as_secs_f64(),
                    Cell::Skipped => f64::INFINITY,
                },
            ));
            progress(&contender.label, n, cell);
            cells.push(cell);
        }
    }
    Ok(Table {
        ns: ns.to_vec(),
        rows,
    })
}

/// Times `count` once each for a few N below `first` (from `first - 8`, at least 4), stopping
/// early once a call takes 50 ms: enough history to predict the first cell. Cheap by design.
fn probe(count: &dyn Fn(u32) -> u64, first: u32) -> Vec<(u32, f64)> {
    let mut history = Vec::new();
    for n in first.saturating_sub(8).max(4)..first {
        let start = Instant::now();
        black_box(count(black_box(n)));
        let secs = start.elapsed().as_secs_f64();
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

/// Times `count(n)`: one warm-up call, then the median of `runs` single calls. Returns that
/// median and the count.
///
/// Each run is one call: repeating a small search back to back lets the branch predictor
/// learn it, which flatters cells well under a millisecond (they still are, a little, by the
/// few runs of a cell: compare counters on the larger N).
fn time_cell(count: &dyn Fn(u32) -> u64, n: u32, runs: u32) -> (Duration, u64) {
    let result = black_box(count(black_box(n)));
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(count(black_box(n)));
            start.elapsed()
        })
        .collect();
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
    /// The table in Markdown, times in milliseconds, as in seed 000: a row per counter, a
    /// column per N; a skipped cell shows `skipped`.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::bench::{Cell, Table};
    /// use std::time::Duration;
    ///
    /// let table = Table {
    ///     ns: vec![10, 11],
    ///     rows: vec![("links".into(), vec![Cell::Time(Duration::from_micros(1500)), Cell::Skipped])],
    /// };
    /// assert_eq!(table.markdown(), "| ms \\ N | 10 | 11 |\n| --- | ---: | ---: |\n| links | 1.50 | skipped |\n");
    /// ```
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
    fn a_wrong_counter_is_caught() {
        let contenders = vec![
            Contender {
                label: "right".into(),
                count: Box::new(crate::bitwise::count),
            },
            Contender {
                label: "wrong".into(),
                count: Box::new(|n| crate::bitwise::count(n) + 1),
            },
        ];
        let err = run(&[5], &contenders, Duration::from_secs(5), |_, _, _| {}).unwrap_err();
        assert_eq!(
            err,
            "wrong counts 11 placements for N = 5, but OEIS A000170 says 10"
        );
    }

    #[test]
    fn even_the_first_cell_is_predicted_and_skipped_if_too_slow() {
        // 1 ms at N = 4, four times more each step; it must never be run at N = 12.
        let slow = |n: u32| {
            assert!(n < 12, "the first cell was run");
            std::thread::sleep(Duration::from_millis(4u64.pow(n - 4)));
            crate::judge::count(n)
        };
        let contenders = vec![Contender {
            label: "slow".into(),
            count: Box::new(slow),
        }];
        let table = run(&[12, 13], &contenders, Duration::from_secs(1), |_, _, _| {}).unwrap();
        assert_eq!(table.rows[0].1, vec![Cell::Skipped, Cell::Skipped]);
        assert_eq!(predict(&[(6, 0.016), (7, 0.064)], 9), 0.064 * 16.0);
    }

    #[test]
    fn a_cell_predicted_past_the_budget_is_skipped_and_so_are_larger_n() {
        let slow = |n: u32| {
            std::thread::sleep(Duration::from_millis(if n < 6 { 1 } else { 60 }));
            crate::judge::count(n)
        };
        let contenders = vec![Contender {
            label: "slow".into(),
            count: Box::new(slow),
        }];
        let table = run(
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
}
