//! Count, list and find N-Queens placements.
//!
//! N queens stand on an N×N board so that no two share a row, a column or a diagonal. This
//! crate counts such placements (the judge program of HDU 2553, LeetCode 52), lists them
//! (LeetCode 51, Luogu P1219), counts them up to symmetry and on boards with reserved squares
//! (CSES 1624), and finds one for a hundred million queens (POJ 3239).
//!
//! The judge program `src/main.rs` is one self-contained file that users submit to online
//! judges as it is; this library includes it as the module [`judge`], so its counter and its
//! table of known counts exist exactly once.
//!
//! # The road of seed 000: five counters, each improving on the last
//!
//! | module | idea | cost of one partial placement |
//! | --- | --- | --- |
//! | [`backtrack`] | a queen per row, checked against every queen above | O(n²) |
//! | [`mirror`] | the same on half the board, doubled (left-right mirror) | O(n²), half as many |
//! | [`flags`] | flag arrays for columns and diagonals: O(1) checks | O(n) |
//! | [`links`] | a linked list of free columns: only free columns are tried | O(free columns) |
//! | [`bitwise`] | columns and diagonals as bit masks, an explicit stack | O(1) per placed queen |
//! | [`judge::count`] | `recursive`: bit masks, recursion, and the mirror | O(1), half as many |
//!
//! Past the seed, two counters leave row-by-row search behind in turn. [`fast`]'s symmetric
//! search visits one placement of each class under all 8 symmetries of the square (about a
//! fifth of the full tree), which yields the unique count too, and counts boards with reserved
//! squares ([`board`]). [`join`] stops searching the whole board: it lists the placements of
//! each half for every choice of the rows each half holds, and joins the halves by their
//! diagonals, several times faster again; [`fast::count`] uses it for totals. Both split their
//! work across threads or machines.
//!
//! [`Algo`] names them for the command line and the [benchmark](mod@bench); [`Placements`] lists every
//! placement in order, one at a time.
//!
//! # One placement for huge N
//!
//! [`min_conflicts`](min_conflicts::min_conflicts) finds one by local search in linear time
//! (seed 002's idea, made linear as Sosič and Gu's QS4), [`construct`](construct::construct)
//! builds one by formula, and [`verify`](verify::verify) checks any placement independently:
//!
//! ```
//! use nqueens::{construct::construct, min_conflicts::min_conflicts, verify::verify};
//!
//! let n = 100_000;
//! assert_eq!(verify(n, &construct(n as u32).unwrap()), Ok(()));
//! assert_eq!(verify(n, &min_conflicts(n as u32, 7, &mut |_, _| {}).unwrap()), Ok(()));
//! ```
//!
//! # Example
//!
//! ```
//! // The judge's recursive bitmask counter, and the table of known counts (OEIS A000170).
//! assert_eq!(nqueens::judge::count(8), 92);
//! assert_eq!(nqueens::judge::known_count(27), Some(234_907_967_154_122_528));
//!
//! // LeetCode 52.
//! assert_eq!(nqueens::total_n_queens(4), 2);
//!
//! // Every counter agrees.
//! for algo in nqueens::Algo::ALL {
//!     assert_eq!(algo.count(9), 352);
//! }
//!
//! // Every placement of 6 queens, as 1-based columns (Luogu P1219's format).
//! let mut out = Vec::new();
//! for queens in nqueens::Placements::new(6) {
//!     nqueens::write_perm(&mut out, &queens).unwrap();
//! }
//! assert_eq!(out, b"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n");
//! ```

#[path = "main.rs"]
pub mod judge;

pub mod algo;
pub mod backtrack;
pub mod bench;
pub mod bitwise;
pub mod board;
pub mod construct;
pub mod fast;
pub mod flags;
pub mod join;
pub mod links;
pub mod list;
pub mod min_conflicts;
pub mod mirror;
pub mod plot;
pub mod rng;
pub mod verify;
mod work;

pub use algo::Algo;
pub use list::{solve_n_queens, write_board, write_perm, Placements};

/// LeetCode 52 "N-Queens II": the number of placements of `n` queens on an `n`×`n` board.
///
/// # Constraints
///
/// `0 <= n <= 18` (the count for 19 does not fit in an `i32`). LeetCode asks `1 <= n <= 9`.
///
/// # Panics
///
/// Panics if `n` is negative or above 18.
///
/// # Complexity
///
/// That of [`judge::count`]: roughly O(n!) time, O(n) memory.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::total_n_queens(1), 1);
/// assert_eq!(nqueens::total_n_queens(4), 2);
/// assert_eq!(nqueens::total_n_queens(8), 92);
/// ```
pub fn total_n_queens(n: i32) -> i32 {
    assert!(
        (0..=18).contains(&n),
        "total_n_queens: n = {} is outside 0..=18",
        n
    );
    judge::count(n as u32) as i32
}
