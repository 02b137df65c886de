//! One placement for huge N, and an independent check of any placement.
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
//! completion or proves there is none, by exhaustive searches (one on the free rows
//! and columns, one row by row in machine words, [`exhaustive`] on the whole board, and
//! clause learning on the free rows and columns), [`min_conflicts::Completing`] and, up to 64
//! wide, a check of the sums and parities of the diagonals the new queens could take (a proof
//! of "none" without search) in turns,
//! within the CPU time it is given ([`complete_watched`] reports how it is getting on);
//! [`verify::verify_on`] checks a completion.
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

pub(crate) mod compact;
mod complete;
mod construct;
pub(crate) mod diagonal_sums;
pub mod exhaustive;
mod learning;
mod luby;
mod min_conflicts;
pub(crate) mod narrow;
mod restarts;
mod step;
mod verify;

pub use complete::{
    complete, complete_watched, Completion, Condition, Method, Options, Proof, Report,
};
pub use construct::{construct, Columns};
pub use min_conflicts::{min_conflicts, Completing};
pub use restarts::Restarts;
pub use step::{Order, Step};
pub use verify::{try_verify, verify, verify_on, Flaw};
