//! Placements as pictures: SVG boards, the queens of a placement on a chessboard pattern,
//! queens already placed on the board (the completion problem) in another colour, and reserved
//! squares greyed and crossed. Several placements are laid out in a grid. The size of a square
//! shrinks with the board so that a picture stays about 800 pixels wide: 48 pixels at N = 8,
//! 4 at N = 200, where the chessboard pattern would drown the queens: below 10 pixels a square,
//! the board is plain and each queen fills its square.
//!
//! # Example
//!
//! ```
//! use nqueens::draw::boards_svg;
//!
//! let mut out = Vec::new();
//! boards_svg(&mut out, 4, &[vec![1, 3, 0, 2]], None).unwrap();
//! let svg = String::from_utf8(out).unwrap();
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(svg.matches("<circle").count(), 4);
//! assert!(svg.trim_end().ends_with("</svg>"));
//! ```

use crate::board::Board;
use std::io::{self, Write};

/// The widest board drawn: a square is then 2 pixels.
pub const MAX_DRAWN: usize = 400;

/// The light and dark squares, a queen, a placed queen, a reserved square.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const QUEEN: &str = "#1b1b1b";
const PLACED: &str = "#b0191e";
const RESERVED: &str = "#7d7d7d";

/// The side of one square in pixels for a board of `n` squares a side.
fn square(n: usize) -> usize {
    (800 / n.max(1)).clamp(2, 48)
}

/// Writes `placements` (each the 0-based column of the queen in each row of an `n`×`n`
/// board) as one SVG picture, in a grid of at most 8 boards a row. With `board`, its reserved
/// squares are drawn greyed and crossed and its placed queens in red; the other queens are
/// black.
///
/// # Errors
///
/// Those of `out`.
///
/// # Panics
///
/// Panics if `n` is 0 or above [`MAX_DRAWN`], if a placement does not have `n` columns, or if
/// `board` is not `n` squares a side.
///
/// # Complexity
///
/// O(placements · n + reserved squares): the squares are a pattern, not one element each.
pub fn boards_svg<W: Write>(
    out: &mut W,
    n: usize,
    placements: &[Vec<u32>],
    board: Option<&Board>,
) -> io::Result<()> {
    assert!(
        (1..=MAX_DRAWN).contains(&n),
        "boards_svg: n = {} is not 1 to {}",
        n,
        MAX_DRAWN
    );
    assert!(
        board.is_none_or(|b| b.size() == n),
        "boards_svg: the board is not {} wide",
        n
    );
    let s = square(n);
    let side = s * n;
    let gap = (s / 2).max(8);
    let across = placements.len().clamp(1, 8);
    let down = placements.len().div_ceil(across).max(1);
    let (width, height) = (across * (side + gap) + gap, down * (side + gap) + gap);
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
        w = width,
        h = height
    )?;
    writeln!(
        out,
        "<title>{} placement{} of {} queens</title>",
        placements.len(),
        if placements.len() == 1 { "" } else { "s" },
        n
    )?;
    let radius = s as f64 * 0.36;
    // Small squares: no pattern, and a queen fills its square.
    let small = s < 10;
    if !small {
        // One pattern for every board's squares: 2×2 squares, two of them dark.
        writeln!(
            out,
            "<defs><pattern id=\"squares\" width=\"{d}\" height=\"{d}\" patternUnits=\"userSpaceOnUse\"><rect width=\"{d}\" height=\"{d}\" fill=\"{l}\"/><rect x=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"{k}\"/><rect y=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"{k}\"/></pattern></defs>",
            d = 2 * s,
            s = s,
            l = LIGHT,
            k = DARK
        )?;
    }
    writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")?;
    let placed = |row: usize, col: u32| board.is_some_and(|b| b.queen_in(row) == Some(col));
    for (i, queens) in placements.iter().enumerate() {
        assert_eq!(
            queens.len(),
            n,
            "boards_svg: placement {} has {} columns",
            i,
            queens.len()
        );
        let (x0, y0) = (
            gap + (i % across) * (side + gap),
            gap + (i / across) * (side + gap),
        );
        writeln!(out, "<g transform=\"translate({},{})\">", x0, y0)?;
        let fill = if small { LIGHT } else { "url(#squares)" };
        writeln!(
            out,
            "<rect width=\"{side}\" height=\"{side}\" fill=\"{f}\" stroke=\"{k}\"/>",
            side = side,
            f = fill,
            k = DARK
        )?;
        if let Some(board) = board.filter(|b| b.has_reserved()) {
            for row in 0..n {
                for col in (0..n).filter(|&col| board.is_reserved(row, col)) {
                    let (x, y) = (col * s, row * s);
                    if small {
                        let cell = format!(
                            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"",
                            x,
                            y,
                            s = s
                        );
                        writeln!(out, "{} fill=\"{}\"/>", cell, RESERVED)?;
                        continue;
                    }
                    writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{r}\"/><path d=\"M{x} {y}l{s} {s}M{x2} {y}l-{s} {s}\" stroke=\"white\" stroke-width=\"{w}\"/>",
                        x = x,
                        y = y,
                        x2 = x + s,
                        s = s,
                        r = RESERVED,
                        w = (s as f64 / 12.0).max(0.5)
                    )?;
                }
            }
        }
        for (row, &col) in queens.iter().enumerate() {
            let colour = if placed(row, col) { PLACED } else { QUEEN };
            if small {
                let (x, y) = (col as usize * s, row * s);
                writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>",
                    x,
                    y,
                    colour,
                    s = s
                )?;
                continue;
            }
            writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"white\" stroke-width=\"{:.1}\"/>",
                (col as usize * s) as f64 + s as f64 / 2.0,
                (row * s) as f64 + s as f64 / 2.0,
                radius,
                colour,
                (s as f64 / 16.0).max(0.3)
            )?;
        }
        writeln!(out, "</g>")?;
    }
    writeln!(out, "</svg>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svg(n: usize, placements: &[Vec<u32>], board: Option<&Board>) -> String {
        let mut out = Vec::new();
        boards_svg(&mut out, n, placements, board).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn placed_queens_and_reserved_squares_are_told_apart() {
        let board = crate::read::board(&b".Q..\n....\n..*.\n....\n"[..]).unwrap();
        let picture = svg(4, &[vec![1, 3, 0, 2]], Some(&board));
        assert_eq!(picture.matches(PLACED).count(), 1, "one placed queen");
        assert_eq!(
            picture
                .matches(&format!("fill=\"{}\" stroke", QUEEN))
                .count(),
            3
        );
        assert_eq!(picture.matches(RESERVED).count(), 1, "one reserved square");
    }

    #[test]
    fn squares_shrink_with_the_board_and_boards_go_in_a_grid() {
        assert_eq!((square(8), square(200), square(400)), (48, 4, 2));
        let picture = svg(8, &vec![vec![0, 4, 7, 5, 2, 6, 1, 3]; 12], None);
        assert_eq!(picture.matches("<g transform").count(), 12);
        // 8 boards across, 2 rows: 8 × (384 + 24) + 24 wide.
        assert!(
            picture.contains("width=\"3288\" height=\"840\""),
            "{}",
            &picture[..200]
        );
    }
}
