//! `queens merge --status --svg`: a campaign as a picture. Every part a cell, coloured by its
//! state (finished, in progress, not begun, damaged, missing), then the parts' CPU times as
//! the plan states its spread (median, largest), the CPU by host, and the finish the rate of
//! the finished parts projects.

use crate::svg::text as escape;
use nqueens::count::checkpoint::{utc, utc_seconds, CheckpointError, Contents};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

/// A part's state, in the order of the legend.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum State {
    Finished,
    InProgress,
    NotBegun,
    Damaged,
    Missing,
}

impl State {
    const ALL: [State; 5] = [
        State::Finished,
        State::InProgress,
        State::NotBegun,
        State::Damaged,
        State::Missing,
    ];

    fn name(self) -> &'static str {
        match self {
            State::Finished => "finished",
            State::InProgress => "in progress",
            State::NotBegun => "not begun",
            State::Damaged => "damaged",
            State::Missing => "missing",
        }
    }

    fn colour(self) -> &'static str {
        match self {
            State::Finished => "#2e7d32",
            State::InProgress => "#f9a825",
            State::NotBegun => "#cfd8dc",
            State::Damaged => "#c62828",
            // Light violet: white would vanish on the page where cells are too small for a border.
            State::Missing => "#e1bee7",
        }
    }
}

/// What the picture needs of one file.
struct Seen {
    /// The part's number, from its header or else its name (`-part-K-of-M`).
    part: Option<u64>,
    state: State,
    cpu_seconds: f64,
    /// The host of its last run.
    host: Option<String>,
    /// When it finished, in seconds since 1970.
    finished: Option<u64>,
}

/// The part number a recipe's file name gives (`…-part-K-of-M.ckpt`).
fn part_of_name(file: &std::path::Path) -> Option<u64> {
    let name = file.file_name()?.to_str()?;
    let rest = &name[name.rfind("-part-")? + 6..];
    rest[..rest.find("-of-")?].parse().ok()
}

fn seen(file: &std::path::Path) -> Seen {
    let by_name = part_of_name(file);
    let nothing = |state| Seen {
        part: by_name,
        state,
        cpu_seconds: 0.0,
        host: None,
        finished: None,
    };
    match Contents::read(file) {
        Err(CheckpointError::Io(_, e)) if e.kind() == std::io::ErrorKind::NotFound => {
            nothing(State::Missing)
        }
        Err(_) => nothing(State::Damaged),
        Ok(contents) => {
            let Some(header) = &contents.header else {
                return nothing(State::NotBegun);
            };
            let state = match (
                contents.result.is_some(),
                contents.done.is_empty() && contents.steps.is_empty(),
            ) {
                (true, _) => State::Finished,
                (false, false) => State::InProgress,
                (false, true) => State::NotBegun,
            };
            let in_progress: u64 = contents.steps.values().map(|s| s.cpu_millis).sum();
            Seen {
                part: Some(header.part.0),
                state,
                cpu_seconds: contents.cpu_seconds().unwrap_or(0.0) + in_progress as f64 / 1000.0,
                host: contents.runs.last().map(|run| run.host.clone()),
                finished: contents.finished.as_deref().and_then(utc_seconds),
            }
        }
    }
}

/// The picture of the parts `files` (one SVG document), and nothing else read.
///
/// # Complexity
///
/// Each file read once; the cells of a row in one state drawn as one rectangle, so 100,000
/// parts make a picture of a few thousand shapes.
pub(super) fn status_svg(files: &[PathBuf]) -> String {
    let mut parts: Vec<Seen> = files.iter().map(|f| seen(f)).collect();
    parts.sort_by_key(|p| p.part.unwrap_or(u64::MAX));
    let total = parts.len().max(1);
    let mut counts = BTreeMap::new();
    for p in &parts {
        *counts.entry(p.state).or_insert(0usize) += 1;
    }
    // Cells: the grid fills about 760 × 400 pixels, 2 to 24 pixels a cell.
    let cell = ((760.0 * 400.0 / total as f64).sqrt().floor() as usize).clamp(2, 24);
    let columns = (760 / cell).max(1);
    let rows = total.div_ceil(columns);
    let top = 70;
    let mut shapes = String::new();
    for row in 0..rows {
        let cells = &parts[row * columns..((row + 1) * columns).min(parts.len())];
        let mut start = 0;
        while start < cells.len() {
            let state = cells[start].state;
            let end = start
                + cells[start..]
                    .iter()
                    .take_while(|p| p.state == state)
                    .count();
            let _ = writeln!(
                shapes,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#90a4ae\" stroke-width=\"{}\"/>",
                20 + start * cell,
                top + row * cell,
                (end - start) * cell,
                cell,
                state.colour(),
                if cell >= 6 { "0.5" } else { "0" }
            );
            start = end;
        }
    }
    let mut y = top + rows * cell + 28;
    let mut text = String::new();
    let line = |text: &mut String, y: &mut usize, words: String| {
        let _ = writeln!(text, "<text x=\"20\" y=\"{}\">{}</text>", y, escape(&words));
        *y += 20;
    };
    // The legend: each state, its colour and its count.
    let mut x = 20;
    for state in State::ALL {
        let n = counts.get(&state).copied().unwrap_or(0);
        let _ = writeln!(
            text,
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#90a4ae\"/><text x=\"{}\" y=\"{}\">{} {}</text>",
            x,
            y - 11,
            state.colour(),
            x + 16,
            y,
            n,
            state.name()
        );
        x += 150;
    }
    y += 28;
    // The parts' CPU times, as the plan states its spread.
    let mut times: Vec<f64> = parts
        .iter()
        .filter(|p| p.state == State::Finished)
        .map(|p| p.cpu_seconds)
        .collect();
    times.sort_by(f64::total_cmp);
    if let (Some(median), Some(largest)) = (times.get(times.len() / 2), times.last()) {
        line(
            &mut text,
            &mut y,
            format!(
                "finished parts: median {}, largest {} of CPU (the plan's estimate prints the same two)",
                core_time(*median),
                core_time(*largest)
            ),
        );
    }
    // The CPU by host (the host of each part's last run), the ten busiest.
    let mut hosts: BTreeMap<&str, f64> = BTreeMap::new();
    for p in &parts {
        if let Some(host) = &p.host {
            *hosts.entry(host.as_str()).or_insert(0.0) += p.cpu_seconds;
        }
    }
    let mut hosts: Vec<(&str, f64)> = hosts.into_iter().collect();
    hosts.sort_by(|a, b| b.1.total_cmp(&a.1));
    if !hosts.is_empty() {
        let all: f64 = hosts.iter().map(|h| h.1).sum::<f64>().max(1e-9);
        line(
            &mut text,
            &mut y,
            format!("CPU by host ({} hosts):", hosts.len()),
        );
        for (host, seconds) in hosts.iter().take(10) {
            let width = (400.0 * seconds / all).round() as usize;
            let _ = writeln!(
                text,
                "<rect x=\"180\" y=\"{}\" width=\"{}\" height=\"12\" fill=\"#546e7a\"/><text x=\"20\" y=\"{}\">{}</text><text x=\"{}\" y=\"{}\">{}</text>",
                y - 11,
                width,
                y,
                escape(host),
                188 + width,
                y,
                core_time(*seconds)
            );
            y += 18;
        }
        y += 10;
    }
    // The finish the rate of finished parts projects.
    let mut finished: Vec<u64> = parts.iter().filter_map(|p| p.finished).collect();
    finished.sort_unstable();
    let done = counts.get(&State::Finished).copied().unwrap_or(0);
    // Two lines: one of 800 pixels holds about 110 characters.
    let projection = match (finished.first(), finished.last()) {
        _ if done == parts.len() => vec!["every part is finished".to_string()],
        (Some(&first), Some(&last)) if finished.len() >= 2 && last > first => {
            let rate = (finished.len() - 1) as f64 / (last - first) as f64;
            let left = (parts.len() - done) as f64;
            vec![
                format!(
                    "{} parts finished from {} to {}:",
                    finished.len(),
                    utc(first),
                    utc(last)
                ),
                format!(
                    "at that rate the {} left finish about {}",
                    left,
                    utc(last + (left / rate).round() as u64)
                ),
            ]
        }
        _ => vec!["too few parts finished to project the end".to_string()],
    };
    for said in projection {
        line(&mut text, &mut y, said);
    }
    // Rounded down: 100.0% only when every part is finished.
    let title = format!(
        "{} parts: {} finished, {:.1}%",
        parts.len(),
        done,
        (1000.0 * done as f64 / total as f64).floor() / 10.0
    );
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"{}\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"20\" y=\"36\" font-size=\"18\">{}</text>\n{}{}</svg>\n",
        y + 10,
        escape(&title),
        shapes,
        text
    )
}

/// CPU seconds in the unit that reads best: core-seconds, -minutes or -hours.
fn core_time(seconds: f64) -> String {
    match seconds {
        s if s < 60.0 => format!("{:.3} core-seconds", s),
        s if s < 3600.0 => format!("{:.1} core-minutes", s / 60.0),
        s => format!("{:.1} core-hours", s / 3600.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_named_by_its_recipe_file_name() {
        assert_eq!(
            part_of_name("d/n28-total-part-17-of-100.ckpt".as_ref()),
            Some(17)
        );
        assert_eq!(part_of_name("d/p1.ckpt".as_ref()), None);
    }
}
