//! `--format svg` through the real binary: one board from `solve`, a grid from `list --limit`,
//! placed queens and reserved squares told apart, and the limits said plainly.

use crate::common::usage_error;

/// Runs `queens ARGS`, checks success, and returns stdout checked to be well-formed XML by
/// Python's parser where Python is there.
fn svg(args: &[&str]) -> String {
    let text = crate::common::stdout_of(args);
    let script = "import sys, xml.etree.ElementTree as t; t.fromstring(sys.stdin.read())";
    if let Some(checked) = crate::common::python(script, text.as_bytes()) {
        assert!(
            checked.status.success(),
            "{:?}: not XML: {}",
            args,
            String::from_utf8_lossy(&checked.stderr)
        );
    }
    text
}

#[test]
fn solve_draws_one_board_with_placed_queens_and_reserved_squares_apart() {
    let plain = svg(&["solve", "8", "--format", "svg"]);
    assert_eq!(plain.matches("<circle").count(), 8);
    let placed = svg(&[
        "solve", "8", "--queen", "3,3", "--queen", "6,4", "--format", "svg",
    ]);
    assert_eq!(
        placed.matches("#b0191e").count(),
        2,
        "the two placed queens in red"
    );
    let cses = svg(&[
        "solve",
        "--board",
        "fixtures/boards/cses-1624.board",
        "--format",
        "svg",
    ]);
    assert_eq!(
        cses.matches("#7d7d7d").count(),
        4,
        "CSES 1624's four reserved squares"
    );
    let large = svg(&["solve", "200", "--format", "svg"]);
    assert_eq!(large.matches("width=\"4\" height=\"4\"").count(), 200);
}

#[test]
fn list_draws_a_grid_of_at_most_k_boards() {
    let twelve = svg(&["list", "8", "--unique", "--limit", "12", "--format", "svg"]);
    assert_eq!(twelve.matches("<g transform").count(), 12);
    assert!(twelve.contains("<title>12 placements of 8 queens</title>"));
    let two = svg(&["list", "4", "--limit", "10", "--format", "svg"]);
    assert_eq!(
        two.matches("<g transform").count(),
        2,
        "N = 4 has two placements"
    );
}

#[test]
fn what_cannot_be_drawn_is_refused_plainly() {
    usage_error(
        &["list", "8", "--format", "svg"],
        "--format svg draws the placements in one picture: give --limit K",
    );
    usage_error(
        &["list", "8", "--format", "svg", "--limit", "257"],
        "K from 1 to 256",
    );
    usage_error(
        &["solve", "401", "--format", "svg"],
        "--format svg draws boards up to 400×400",
    );
    usage_error(
        &["solve", "-", "--format", "svg"],
        "--format svg draws one board",
    );
}
