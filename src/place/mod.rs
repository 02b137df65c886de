//! Placements: one for huge N, an independent check of any, and the completion of a board
//! with queens already placed.
//!
//! Counting every placement is hopeless past N ≈ 27, but finding one is easy, even for 10⁸
//! queens:
//!
//! - [`min_conflicts()`] searches: the min-conflicts heuristic (move an attacked queen where
//!   it is least attacked), made linear-time as Sosič and Gu's QS4, from a seed;
//! - [`construct()`] builds one by an explicit formula, with no search;
//! - [`verify()`] checks any placement in O(N) with fresh marks, sharing nothing with the two,
//!   and [`crate::read::placement()`] reads one as judges and LeetCode print them.
//!
//! With queens already placed (a [`Board`](crate::board::Board)), [`complete()`] finds one
//! completion or proves there is none, by a portfolio of searches in turns ([`Method`]), within
//! the CPU time it is given ([`complete_watched`] reports how it is getting on);
//! [`Completions`] lists every completion and [`count_completions`] counts them;
//! [`verify_on`] checks a completion. The source's `place/complete/` holds all of it, its
//! module doc a guide to how a board is completed.
//!
//! # Example
//!
//! ```
//! use nqueens::place::{construct, min_conflicts, verify};
//!
//! let n = 100_000;
//! assert_eq!(verify(n, &construct(n as u32).unwrap().unwrap()), Ok(()));
//! let found = min_conflicts(n as u32, 7, &mut |_, _| {}).unwrap().unwrap();
//! assert_eq!(verify(n, &found), Ok(()));
//! ```
//!
//! The seeded generator and the CPU clock the searches use are the crate's own:
//!
//! ```compile_fail
//! use nqueens::place::rng::SplitMix64; // private
//! ```
//!
//! ```compile_fail
//! use nqueens::place::clock::Clock; // private
//! ```

pub(crate) mod complete;
mod construct;
mod min_conflicts;
mod verify;

pub use complete::{
    complete, complete_watched, count_completions, Completion, Completions, Condition, Method,
    Options, Proof, Report,
};
pub use construct::{construct, Columns};
pub use min_conflicts::min_conflicts;
pub use verify::{try_verify, verify, verify_on, Flaw};
