//! A self-updating progress line on stderr, shown only on a terminal and only once the work
//! has taken more than a second.

use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The widest line shown: it fits an 80-column terminal with the cursor after it.
const WIDTH: usize = 79;

/// One progress line for one piece of work.
pub struct Progress {
    start: Instant,
    enabled: bool,
    /// When the line was last drawn, and how wide it was.
    last: Mutex<Option<(Instant, usize)>>,
}

impl Progress {
    /// A progress line, shown only if stderr is a terminal.
    pub fn new() -> Progress {
        Progress {
            start: Instant::now(),
            enabled: io::stderr().is_terminal(),
            last: Mutex::new(None),
        }
    }

    /// Whether the line is shown at all (stderr is a terminal): work done only for it, such
    /// as weighing a count's units, can be left out otherwise.
    pub fn is_shown(&self) -> bool {
        self.enabled
    }

    /// Shows the line `describe` makes from the seconds taken so far, at most five times a
    /// second, from a second on; the text is cut to 79 columns.
    pub fn show(&self, describe: impl FnOnce(f64) -> String) {
        let elapsed = self.start.elapsed();
        if !self.enabled || elapsed < Duration::from_secs(1) {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(*last, Some((t, _)) if t.elapsed() < Duration::from_millis(200)) {
            return;
        }
        let text: String = describe(elapsed.as_secs_f64())
            .chars()
            .take(WIDTH)
            .collect();
        let width = text.chars().count();
        // Blank whatever of the previous line this one does not cover.
        let wider = last.map_or(0, |(_, w)| w).saturating_sub(width);
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r{}{}", text, " ".repeat(wider));
        let _ = err.flush();
        *last = Some((Instant::now(), width));
    }

    /// Shows units of work done out of all, the time so far and an estimate of the time left
    /// from `work`, the share of the estimated work done (units differ in size, so their
    /// number alone would mislead).
    pub fn units(&self, what: &str, done: usize, total: usize, unit: &str, work: f64) {
        self.show(|secs| {
            let left = match work > 0.0 {
                true => format!("about {}", seconds(secs * (1.0 - work) / work)),
                false => "time left unknown".to_string(),
            };
            format!(
                "{}: {}/{} {} ({:.0}% of the work), {:.1} s, {} left",
                what,
                done,
                total,
                unit,
                100.0 * work,
                secs,
                left
            )
        });
    }

    /// Clears the line if one was shown.
    pub fn finish(&self) {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, width)) = *last {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r{}\r", " ".repeat(width));
            let _ = err.flush();
        }
    }
}

/// A time in seconds as people read it: `42 s`, `7 min`, `3.5 h`, `12 days`.
pub fn seconds(secs: f64) -> String {
    match secs {
        s if s < 120.0 => format!("{:.0} s", s),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 3.0 * 86400.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.0} days", s / 86400.0),
    }
}
