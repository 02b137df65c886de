//! What every search of the portfolio shares: the [`Search`] trait it runs them through, what
//! a step of one came to, the order a tree search branches in, and how far along its tree it
//! is.
//!
//! Work is counted in one unit everywhere, about a nanosecond of one core, each search
//! turning its own units into it by their cost (a node of a tree search, a square or clause
//! visited by clause learning, a square looked at by min-conflicts, a word operation of the
//! diagonals' sums): so the same board and seed take the same path on every machine.

use crate::board::Board;
use crate::memory::OutOfMemory;

/// What a step of a search came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A completion: read it from the search.
    Found,
    /// Every completion has been given: there are no more (none at all, if none was found:
    /// the board is refuted).
    Exhausted,
    /// The work it was given ran out; calling again goes on where the search stopped.
    Paused,
}

/// How [`complete_watched`](super::complete_watched) is getting on: what the searches show
/// of their progress.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// The share of the search space closed: the largest share of its tree an exhaustive
    /// search has behind it (Knuth's estimate), from 0 to 1.
    pub closed: f64,
    /// The conflicts the clause-learning search has met.
    pub conflicts: u64,
    /// The clauses it has learnt and keeps.
    pub learnt: usize,
    /// The runs the restarted tree search has started.
    pub runs: u32,
}

/// Diagonals the probes of the diagonals' sums have found: those every completion has a
/// queen on (needed) and those none has (forbidden), one bit a diagonal of each kind (r + c,
/// then r + n − 1 − c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Diagonals {
    pub(crate) needed: [u128; 2],
    pub(crate) forbidden: [u128; 2],
}

/// Which line a search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// The row or column with the fewest open squares: the fastest way to one completion, to
    /// the count, or to a proof that there is none.
    FewestOpen,
    /// The first empty row, its columns from left to right: completions come in lexicographic
    /// order of their columns.
    Rows,
}

/// A search of a board's completions, run a share of work at a time: every method of
/// [`complete()`](super::complete) is one, and so is the check of the diagonals' sums, which
/// can only refute (it never finds a completion).
pub(crate) trait Search {
    /// The work of one of its own units (a node, a visit, a word operation), in the
    /// portfolio's units of about a nanosecond.
    fn unit_work(&self) -> u64;

    /// Searches on for about `work` units (it may pass them by a unit of its own, or stop
    /// short at an answer): what it came to, and the work it did.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if it stopped for good for want of memory: it takes no more turns.
    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64);

    /// The completion its last [`Step::Found`] gave: the 0-based column of each row's queen,
    /// the placed queens kept.
    fn placement(&self) -> &[u32];

    /// The share of its tree behind it, from 0 to 1 (Knuth's estimate), for a search that
    /// has a tree to measure; `None` for one that has not.
    fn progress(&self) -> Option<f64> {
        None
    }

    /// Adds what it can show of its progress to `report`.
    fn report(&self, _report: &mut Report) {}

    /// The diagonals it has found needed and forbidden, for one that finds them (the
    /// probes of the diagonals' sums).
    fn diagonals_found(&self) -> Option<Diagonals> {
        None
    }

    /// Takes the diagonals another has found: the needed ones as lines like the rows and
    /// columns, the forbidden ones reserved (`narrowed` is the board with their squares
    /// reserved). A search that cannot use them ignores them.
    fn take_diagonals(&mut self, _narrowed: &Board, _found: &Diagonals) {}
}

/// [`Search::advance`] for a search that counts its work in nodes of `node_work` units:
/// `advance` runs at most the nodes given (at least one), leaving those it did not use.
pub(crate) fn in_nodes(
    work: u64,
    node_work: u64,
    advance: impl FnOnce(&mut u64) -> Step,
) -> (Result<Step, OutOfMemory>, u64) {
    let given = (work / node_work).max(1);
    let mut nodes = given;
    let step = advance(&mut nodes);
    (Ok(step), (given - nodes) * node_work)
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
