//! A self-contained SVG plot of a benchmark table: time on a log axis against N.

use super::table::{Cell, Table};
use crate::svg::text as escape;
use std::fmt::Write;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 90.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
const COLORS: [&str; 9] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#17becf",
];

/// A decade's label, `10^exponent` seconds: `1 ns` … `100 ms`, `1 s`, `10 s`, …
fn decade_label(exponent: i32) -> String {
    let (unit, base) = match exponent {
        e if e < -6 => ("ns", -9),
        e if e < -3 => ("µs", -6),
        e if e < 0 => ("ms", -3),
        _ => ("s", 0),
    };
    let digits = (exponent - base).max(0) as usize;
    format!("1{} {}", "0".repeat(digits), unit)
}

/// Draws `table` as an SVG: one line with points per counter, N on the x axis, the median time
/// on a logarithmic y axis with a grid line per decade, axis labels, a title and a legend.
/// Skipped cells leave a gap. The result is a whole SVG document a browser shows as it is.
///
/// # Complexity
///
/// O(size of the table).
///
/// (Its example is the unit test `tests::a_table_is_drawn`.)
pub fn svg(table: &Table, title: &str) -> String {
    let frame = Frame::of(table);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="13">"#,
        w = WIDTH,
        h = HEIGHT
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="28" text-anchor="middle" font-size="16">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    axes(&mut s, &frame, &table.ns);
    for (i, (label, cells)) in table.rows.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        series(&mut s, &frame, &table.ns, cells, color);
        legend_entry(&mut s, i, label, color);
    }
    s.push_str("</svg>\n");
    s
}

/// The plot's ranges: decades of seconds on the y axis, N on the x axis.
struct Frame {
    lo_exp: i32,
    hi_exp: i32,
    first_n: f64,
    last_n: f64,
}

const PLOT_W: f64 = WIDTH - LEFT - RIGHT;
const PLOT_H: f64 = HEIGHT - TOP - BOTTOM;

impl Frame {
    /// The ranges that hold every measured cell of `table`.
    fn of(table: &Table) -> Frame {
        let times: Vec<f64> = table
            .rows
            .iter()
            .flat_map(|(_, cells)| cells.iter())
            .filter_map(|cell| match cell {
                Cell::Time(t) => Some(t.as_secs_f64().max(1e-9)),
                Cell::Skipped => None,
            })
            .collect();
        let low = times.iter().copied().fold(f64::INFINITY, f64::min);
        let high = times.iter().copied().fold(0.0, f64::max);
        let (lo_exp, hi_exp) = if times.is_empty() {
            (-3, 0)
        } else {
            let lo = low.log10().floor() as i32;
            (lo, (high.log10().ceil() as i32).max(lo + 1))
        };
        let (first_n, last_n) = match (table.ns.first(), table.ns.last()) {
            (Some(&a), Some(&b)) if b > a => (f64::from(a), f64::from(b)),
            (Some(&a), _) => (f64::from(a) - 1.0, f64::from(a) + 1.0),
            _ => (0.0, 1.0),
        };
        Frame {
            lo_exp,
            hi_exp,
            first_n,
            last_n,
        }
    }

    /// The x of column `n`.
    fn x(&self, n: u32) -> f64 {
        LEFT + (f64::from(n) - self.first_n) / (self.last_n - self.first_n) * PLOT_W
    }

    /// The y of a time in seconds, on the log scale.
    fn y(&self, secs: f64) -> f64 {
        TOP + PLOT_H
            - (secs.max(1e-9).log10() - f64::from(self.lo_exp))
                / f64::from(self.hi_exp - self.lo_exp)
                * PLOT_H
    }
}

/// The grid line and label of each decade, the ticks of each N, the frame and the axis titles.
fn axes(s: &mut String, frame: &Frame, ns: &[u32]) {
    for e in frame.lo_exp..=frame.hi_exp {
        let yy = frame.y(10f64.powi(e));
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{x2}" y2="{yy:.1}" stroke="#ddd"/><text x="{tx}" y="{ty:.1}" text-anchor="end">{label}</text>"##,
            x2 = WIDTH - RIGHT,
            tx = LEFT - 8.0,
            ty = yy + 4.0,
            label = decade_label(e)
        );
    }
    for &n in ns {
        let xx = frame.x(n);
        let _ = writeln!(
            s,
            r##"<line x1="{xx:.1}" y1="{b}" x2="{xx:.1}" y2="{b2}" stroke="#333"/><text x="{xx:.1}" y="{ty}" text-anchor="middle">{n}</text>"##,
            b = TOP + PLOT_H,
            b2 = TOP + PLOT_H + 5.0,
            ty = TOP + PLOT_H + 20.0
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{PLOT_W}" height="{PLOT_H}" fill="none" stroke="#333"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">N (queens on an N×N board)</text>"#,
        LEFT + PLOT_W / 2.0,
        HEIGHT - 15.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(22 {}) rotate(-90)" text-anchor="middle">median time per count (log scale)</text>"#,
        TOP + PLOT_H / 2.0
    );
}

/// One counter's times: a line with points through each run of measured cells; a skipped
/// cell breaks the line.
fn series(s: &mut String, frame: &Frame, ns: &[u32], cells: &[Cell], color: &str) {
    let mut runs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
    for (&n, cell) in ns.iter().zip(cells) {
        match (cell, runs.last_mut()) {
            (Cell::Time(t), Some(run)) => run.push((frame.x(n), frame.y(t.as_secs_f64()))),
            _ => runs.push(Vec::new()),
        }
    }
    for points in runs.iter().filter(|r| !r.is_empty()) {
        let coords: Vec<String> = points
            .iter()
            .map(|(a, b)| format!("{:.1},{:.1}", a, b))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
            coords.join(" "),
            color
        );
        for (a, b) in points {
            let _ = writeln!(
                s,
                r#"<circle cx="{a:.1}" cy="{b:.1}" r="3.5" fill="{color}"/>"#
            );
        }
    }
}

/// The legend's `i`-th entry: a line, a point and the counter's label.
fn legend_entry(s: &mut String, i: usize, label: &str, color: &str) {
    let ly = TOP + 14.0 + 20.0 * i as f64;
    let _ = writeln!(
        s,
        r#"<line x1="{x1}" y1="{ly}" x2="{x2}" y2="{ly}" stroke="{color}" stroke-width="2"/><circle cx="{cx}" cy="{ly}" r="3.5" fill="{color}"/><text x="{tx}" y="{ty}">{label}</text>"#,
        x1 = LEFT + 12.0,
        x2 = LEFT + 40.0,
        cx = LEFT + 26.0,
        tx = LEFT + 48.0,
        ty = ly + 4.0,
        label = escape(label)
    );
}

#[cfg(test)]
mod tests {
    use super::decade_label;
    use super::svg;
    use crate::bench::table::{Cell, Table};
    use std::time::Duration;

    #[test]
    fn a_table_is_drawn() {
        let times = [1, 5, 25].map(|ms| Cell::Time(Duration::from_millis(ms)));
        let table = Table {
            ns: vec![10, 11, 12],
            rows: vec![("bitwise".into(), times.to_vec())],
        };
        let svg = svg(&table, "N-Queens counters");
        assert!(svg.starts_with("<svg") && svg.contains("bitwise") && svg.contains("<polyline"));
    }

    #[test]
    fn decades_are_labelled_in_their_units() {
        let labels: Vec<String> = (-10..=2).map(decade_label).collect();
        assert_eq!(
            labels,
            [
                "1 ns", "1 ns", "10 ns", "100 ns", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms",
                "100 ms", "1 s", "10 s", "100 s"
            ]
        );
    }
}
