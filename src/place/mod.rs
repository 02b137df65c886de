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
mod min_conflicts;
pub(crate) mod narrow;
mod verify;

pub use complete::{complete, complete_watched, Completion, Method, Options, Proof, Report};
pub use construct::{construct, Columns};
pub use min_conflicts::{min_conflicts, Completing};
pub use verify::{try_verify, verify, verify_on, Flaw};

use crate::memory::{try_filled, OutOfMemory};

/// What a step of an exhaustive search ([`exhaustive::Search::advance`],
/// `advance`) came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A completion: read it from the search.
    Found,
    /// Every completion has been given: there are no more.
    Exhausted,
    /// The node budget ran out; calling again goes on where the search stopped.
    Paused,
}

/// Which line a search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The row or column with the fewest open squares: the fastest way to one completion, to
    /// the count, or to a proof that there is none.
    FewestOpen,
    /// The first empty row, its columns from left to right: completions come in lexicographic
    /// order of their columns.
    Rows,
}

/// Knuth's estimate of the share of a tree behind a depth-first search, from the branches
/// entered and the branches of each level on its path: the branches finished at a level,
/// each worth its parent's share divided by the level's branches.
pub(crate) fn progress(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let (mut done, mut share) = (0.0, 1.0);
    for (entered, branches) in levels {
        let branches = f64::from(branches.max(1));
        done += share * f64::from(entered.saturating_sub(1)) / branches;
        share /= branches;
    }
    done
}
