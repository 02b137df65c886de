//! Count, list and find N-Queens placements.
//!
//! N queens stand on an N×N board so that no two share a row, a column or a diagonal. This
//! crate counts such placements (the judge program of HDU 2553, LeetCode 52), lists them
//! (LeetCode 51, Luogu P1219), counts them up to symmetry and on boards with reserved squares
//! (CSES 1624), finds one for a hundred million queens (POJ 3239), and completes boards with
//! queens already placed: counts, lists and finds their completions, or proves there is none
//! (Codewars, SPOJ NQUEEN, AOJ ALDS1_13_A).
//!
//! # Map
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`judge`] | the judge program `src/main.rs`, one self-contained file users submit to online judges as it is; included here so its counter and its table of known counts exist exactly once |
//! | [`count`] | counting: what is counted ([`count::Problem`], [`count::Ask`]), how a count runs ([`count::Run`]: threads, one part of the work, progress, a [`count::checkpoint`]), the [`count::merge`] of parts and [`count::estimate()`]s; the counters: the five teaching counters ([`count::teaching`]), the symmetric search ([`count::symmetric`]), the join of half boards ([`count::join`], with its SIMD [`count::join::Kernel`]); [`count::Algo`] names them, [`count::count_with`] runs the fastest |
//! | [`board`] | a board to fill: reserved squares and placed queens ([`board::Board`]), made from squares or read by [`read::board`], clashing queens named |
//! | [`read`] | every text the toolkit reads, by the judge's rules: numbers, a queen's square, boards, `ROW COL` lists, placements in every format it prints; one [`read::ReadError`] naming source, line and column |
//! | [`list`] | every placement in order ([`list::Placements`]), printed in every format ([`list::Printer`]); LeetCode 51's [`list::solve_n_queens`] |
//! | [`draw`] | placements as SVG pictures, placed queens and reserved squares told apart |
//! | [`place`] | one placement for huge N: [`place::min_conflicts()`], [`place::construct()`], the independent [`place::verify()`]; completion of a board with placed queens: one by [`place::complete()`], every one listed and counted ([`place::Completions`], [`place::count_completions`]) |
//! | [`memory`] | memory asked for before it is used: [`memory::OutOfMemory`] instead of an abort |
//!
//! Each item has one path, in the module that the map names. The command-line toolkit
//! `queens` (`src/bin/queens/`) is a thin layer over these.
//!
//! # Counting
//!
//! Five teaching counters walk from plain backtracking to bit masks, each improving on the
//! last; [`count`]'s docs tabulate their ideas and costs, and the judge's counter
//! ([`judge::count`]) adds the left-right mirror to the last.
//!
//! Past them, two counters leave row-by-row search behind in turn. The symmetric search
//! visits one placement of each class under all 8 symmetries of the square (about a fifth of
//! the full tree), which yields the unique count too, and counts boards with reserved squares
//! ([`board::Board`]). The join ([`count::join`], the default for totals) stops searching:
//!
//! 1. every column holds one queen, so fix the set `E` of rows whose queens stand in the east
//!    half; a placement is then an east half on `E` and a west half on the other rows that
//!    share no diagonal;
//! 2. each half is a north quarter and a south quarter: every partial placement of each
//!    quarter is listed once, bucketed by its rows and columns, and
//!    the halves on `E` are the pairs of buckets that fit (one `AND` tells);
//! 3. the east halves of `E` are turned on their side, 512 at a time, into one bit row per
//!    diagonal crossing the middle line; each west half ANDs a few precomputed rows and counts
//!    the bits left, with AVX-512 or AVX2 when the CPU has them ([`count::join::Kernel`]);
//!    a sieve buckets both sides so most
//!    pairs that cannot fit are never tried, and the keys are cut to the diagonals that can
//!    still clash;
//! 4. two symmetries fold the work: the upside-down flip pairs `E` with its reverse, and the
//!    reflections in the two long diagonals let the east halves avoid those diagonals'
//!    east segments, each west half counting twice per segment it holds.
//!
//! This is E. Kluev's design (N-Queens-Count-Sol); ours differs in the bit-sliced count, in
//! treating an odd board as one uneven split, and in handing whole row sets to threads without
//! barriers; docs/benchmarks.md measures it against Kluev's counter. Both counters split their work across threads or
//! machines ([`count::Run`]).
//!
//! ```
//! // Every kernel the CPU runs gives the same count.
//! use nqueens::count::{join, join::Kernel, Run};
//! for kernel in Kernel::available() {
//!     assert_eq!(join::count_on(kernel, 12, &Run::default()).unwrap(), 14200);
//! }
//! ```
//!
//! # One placement for huge N
//!
//! [`place::min_conflicts()`] finds one by local search in linear time (the min-conflicts
//! heuristic, made linear as Sosič and Gu's QS4), [`place::construct()`] builds one by formula, and
//! [`place::verify()`] checks any placement independently:
//!
//! ```
//! use nqueens::place::{construct, min_conflicts, verify};
//!
//! let n = 100_000;
//! assert_eq!(verify(n, &construct(n as u32).unwrap().unwrap()), Ok(()));
//! assert_eq!(verify(n, &min_conflicts(n as u32, 7, &mut |_, _| {}).unwrap().unwrap()), Ok(()));
//! ```
//!
//! # MinConflicts a board
//!
//! Queens already placed make the problem NP-complete. [`place::complete()`] lets its methods
//! take turns: exhaustive searches with propagation over bitsets, branching on the row or
//! column with the fewest open squares, and clause learning (they prove "none" by searching);
//! up to 64 wide, a check that the diagonals the new queens could take can have the sums and
//! parities every placement's have (it proves "none" without search, [`place::Proof`]); and
//! min-conflicts that never moves a placed queen (linear time on large boards). The same search counts and
//! lists completions ([`place::Completions`], [`place::count_completions`]); up to 32 columns the counters of [`count`] count
//! them too, the placed queens barring the squares they attack ([`board::Board::barred_rows`]).
//!
//! ```
//! use nqueens::board::Board;
//! use nqueens::place::{complete, Completion, Options};
//! use nqueens::place::count_completions;
//!
//! let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap(); // AOJ ALDS1_13_A
//! assert_eq!(count_completions(&board).unwrap(), 1);
//! let Completion::Found(queens) = complete(&board, &Options::default()).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(queens, [6, 0, 2, 7, 5, 3, 1, 4]);
//! ```
//!
//! # Example
//!
//! ```
//! // The judge's recursive bitmask counter, and the table of known counts (OEIS A000170).
//! assert_eq!(nqueens::judge::count(8), 92);
//! assert_eq!(nqueens::judge::KNOWN_COUNTS[27], 234_907_967_154_122_528);
//!
//! // LeetCode 52.
//! assert_eq!(nqueens::total_n_queens(4), 2);
//!
//! // Every counter agrees.
//! for algo in nqueens::count::Algo::ALL {
//!     assert_eq!(algo.count(9), 352);
//! }
//!
//! // Every placement of 6 queens, as 1-based columns (Luogu P1219's format).
//! let mut out = Vec::new();
//! for queens in nqueens::list::Placements::new(6) {
//!     nqueens::list::write_perm(&mut out, &queens).unwrap();
//! }
//! assert_eq!(out, b"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n");
//! ```

#![deny(missing_docs)]
#![deny(unsafe_code)]

// Judges run old compilers: clippy's `incompatible_msrv` holds the judge file to Rust 1.70's
// std, whatever the rest of the crate needs.
#[clippy::msrv = "1.70"]
#[path = "main.rs"]
pub mod judge;

mod bit_row;
pub mod board;
pub(crate) mod clock;
pub mod count;
pub(crate) mod digest;
pub mod draw;
mod kernel;
pub mod list;
pub mod memory;
pub mod place;
pub mod read;
pub(crate) mod rng;

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
