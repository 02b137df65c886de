//! One completion of a board with placed queens (and reserved squares), or a proof that none
//! exists: the n-queens completion problem, NP-complete (Gent, Jefferson and Nightingale,
//! "Complexity of n-Queens Completion", JAIR 2017).
//!
//! The portfolio of [`complete`]: its docs say how the methods take turns.

mod entrant;
mod method;

use super::diagonal_sums::Beside;
pub use super::diagonal_sums::Condition;
use crate::board::Board;
use crate::clock::Clock;
use crate::memory::OutOfMemory;
use entrant::{choose_leader, entrants, Entrant, Outcome, Runner};
pub use method::{Method, Options};

/// The work of a leader's turn, in units of about a nanosecond: tens of microseconds.
const TURN: u64 = 1 << 16;

/// The share of a turn the methods other than the leader get.
pub(crate) const SIDE_SHARE: u64 = 32;

/// The leader's work (about a second) past which the second opinions may get more than a
/// turn between them ([`second_turns_beside`]).
const LONG_LEAD: u64 = 1 << 30;

/// The most turns the second opinions get in a round, once the leader has worked
/// [`LONG_LEAD`] and predicts a tree far bigger than it has searched: sixteen, of which the
/// restarted search takes fifteen and a half. With four, the restarted search had about 60%
/// of the time on Excluded Diagonals boards of n = 39 to 41 and completed them 1.15 to 1.2
/// times later; with eight, about 83%, and the 37 boards of n = 30 to 50 on three seeds
/// were decided 91 times in a minute where sixteen decide them 94 times (docs/completion.md).
const MOST_SECOND_TURNS: f64 = 16.0;

/// Rounds between two readings of the clock (each a few microseconds).
const ROUNDS_PER_CLOCK: u32 = 32;

/// What [`complete()`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// A completion: the 0-based column of each row's queen, the placed queens kept.
    Found(Vec<u32>),
    /// No placement completes the board, and how that was proved.
    Impossible(Proof),
    /// Time ran out with neither a completion nor a proof that none exists.
    GaveUp {
        /// Whether an exhaustive search took part (a board too big for them can only be
        /// solved, never proved impossible).
        exhaustive: bool,
    },
}

/// How [`complete()`] proved that a board has no completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// An exhaustive search looked everywhere.
    Searched,
    /// The diagonals the new queens could stand on cannot have the sums that the diagonals
    /// of every placement have, whatever rows and columns they pair (`diagonal_sums`): no
    /// search was needed. The condition is the one no choice meets.
    DiagonalSums(Condition),
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Proof::Searched => f.write_str("an exhaustive search looked everywhere"),
            Proof::DiagonalSums(condition) => write!(f, "the diagonals' sums: {}", condition),
        }
    }
}

/// One completion of `board`, or a proof that there is none.
///
/// No one method fits every board ([`Method`]), so those that fit take turns. Each round the
/// leader gets a whole turn, the clause-learning search and the restarted tree search (where
/// they fit) half a turn each (a whole one between them, less, down to a quarter, as the
/// leader's prediction of the work left shrinks below twice the work it has done; more, up
/// to sixteen turns, as it grows past that once the leader has worked about a second, the
/// turns past the first to the restarted tree search alone), and the others a
/// thirty-second, so that when the leader is the right choice an answer costs about
/// twice its own time at most (a board it decides in a second or so is never slowed more),
/// and when it is not, the others are still sampled and can take the lead:
///
/// - the leader is the first tree search that fits, in the order of [`Method::ALL`]
///   (the compact search proves "none" the fastest on every class of CSPLib's instances),
///   unless another is predicted to finish 4 times sooner. A tree search knows the
///   share `p` of its tree behind it (Knuth's estimate, each branch an equal share of its
///   parent), so its work so far predicts what is left: `work · (1 − p) / p` (to exhaust the
///   tree: a completion may come sooner);
/// - the clause-learning search has no tree to measure, so no prediction; it is there for
///   the boards whose completions a tree search reaches only after meeting the same dead ends
///   again and again (CSPLib's Excluded Diagonals from n ≈ 24), and gets the turn above;
/// - the restarted tree search (`restarts`) is the compact search with its ties and its
///   squares' order drawn from `options.seed`, started again after runs of nodes that follow
///   Luby's sequence, branching first on the lines found shut most often in the runs so
///   far: it has no tree to measure either, shares the clause-learning search's turn, and
///   completes most Excluded Diagonals boards of n = 30 to 44 in under a second;
/// - the check of the diagonals' sums (`diagonal_sums`, on boards up to 64 wide) gets a whole
///   turn each round (or a second opinion's, when that is more) until it has said whether
///   they show that no completion exists (a tenth of a second at n = 30), unless
///   `options.only` names a method; on a board they let through, the probes of its
///   diagonals, each given a queen or reserved in turn, follow once the searches have had
///   about a second, with sixteen times those turns, and refute it when the diagonals the
///   sums forbid and need force a dead end; each time they find one, the restarted tree search
///   takes the squares of the diagonals found forbidden as reserved, and those found needed
///   as lines like the rows and columns (on CSPLib's Excluded Diagonals of n = 43 to 50,
///   40 to 80 of the 2n diagonals a completion takes: the probes take seconds there, and
///   the lines complete boards in seconds that no method completed in a minute before);
/// - min-conflicts proves nothing and tells nothing of what is left; it leads only when no
///   exhaustive search fits or the leader's prediction is hopeless (past 10^11 units
///   of work left, and 64 times its work so far) and the clause-learning search does not fit,
///   as on large boards with many rows free.
///
/// Work is counted in units of about a nanosecond each method's own way (a node of each
/// search, a square looked at by min-conflicts, a square or clause visited by clause
/// learning), so the answer for a board and a seed is the
/// same on every machine; only [`Options::give_up_after`] is measured in time, the CPU time of
/// the searching thread where the system tells it (`clock`).
///
/// # Panics
///
/// Panics if `options.only` names a method that does not fit the board ([`Method::fits`]).
///
/// # Errors
///
/// [`OutOfMemory`] if the searches' arrays cannot be had (about 13 bytes a row for
/// min-conflicts; 2m³ words for the compact search of m free rows; n²/32 bytes and more for
/// the wide search, which is left out when the board is too big for it).
///
/// # Complexity
///
/// NP-complete in general. In practice: a board of n ≤ 30 or so, or one with at most 64 rows
/// free, is decided by an exhaustive search in milliseconds to minutes; a large board with
/// few placed queens is completed by min-conflicts in O(n) expected time.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::{complete, Completion, Options};
///
/// // Codewars' shape: one mandatory queen.
/// let board = Board::new(1000).with_queens(&[(3, 998)]).unwrap();
/// let Completion::Found(queens) = complete(&board, &Options::default()).unwrap() else {
///     panic!("1000 queens with one placed have a completion");
/// };
/// assert_eq!(queens[3], 998);
/// // Four queens, one in a corner: none.
/// let corner = Board::new(4).with_queens(&[(0, 0)]).unwrap();
/// assert!(matches!(
///     complete(&corner, &Options::default()).unwrap(),
///     Completion::Impossible(_)
/// ));
/// ```
pub fn complete(board: &Board, options: &Options) -> Result<Completion, OutOfMemory> {
    complete_watched(board, options, &mut |_| {})
}

/// How [`complete_watched`] is getting on.
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

/// [`complete()`], telling `watch` how the search is getting on each time it reads the
/// clock (every few milliseconds of CPU time): for a progress line on a terminal.
///
/// # Panics
///
/// As [`complete()`].
///
/// # Errors
///
/// As [`complete()`].
///
/// # Complexity
///
/// As [`complete()`], and a call of `watch` every few milliseconds.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::{complete_watched, Completion, Options};
///
/// let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap();
/// let mut reports = 0;
/// let found = complete_watched(&board, &Options::default(), &mut |_| reports += 1).unwrap();
/// assert!(matches!(found, Completion::Found(_)));
/// ```
pub fn complete_watched(
    board: &Board,
    options: &Options,
    watch: &mut dyn FnMut(&Report),
) -> Result<Completion, OutOfMemory> {
    if let Some(only) = options.only {
        if let Err(needs) = only.fits(board) {
            panic!("the method {:?} takes {}", only, needs);
        }
    }
    let clock = Clock::start();
    let mut entrants = entrants(board, options)?;
    // The diagonals' sums take a whole turn each round too, or a second opinion's if more,
    // until they have said their word.
    let mut sums = match options.only {
        None => Beside::guiding(board),
        Some(_) => Beside::default(),
    };
    let exhaustive = entrants.iter().any(|e| e.method.is_exhaustive());
    let mut leader = 0;
    let mut second_turns = (TURN, TURN);
    let mut rounds = 0u32;
    let mut starved = None;
    let (mut needed, mut forbidden) = ([0u128; 2], [0u128; 2]);
    loop {
        for (i, entrant) in entrants.iter_mut().enumerate() {
            let budget = if i == leader {
                TURN
            } else if entrant.method == Method::Learning {
                second_turns.0
            } else if entrant.method == Method::Restarts {
                second_turns.1
            } else {
                TURN / SIDE_SHARE
            };
            match entrant.turn(budget) {
                Outcome::Found(queens) => return Ok(Completion::Found(queens)),
                Outcome::Impossible => return Ok(Completion::Impossible(Proof::Searched)),
                Outcome::Paused => {}
                Outcome::Starved(e) => starved = Some((i, e)),
            }
        }
        // A method short of memory leaves the others to go on; alone, it is the answer.
        if let Some((i, e)) = starved.take() {
            if entrants.len() == 1 {
                return Err(e);
            }
            entrants.remove(i);
        }
        if sums.turn(TURN.max(second_turns.0).max(second_turns.1)) {
            let condition = sums.condition().expect("a refutation names its condition");
            return Ok(Completion::Impossible(Proof::DiagonalSums(condition)));
        }
        if (sums.needed(), sums.forbidden()) != (needed, forbidden) {
            // The diagonals the probes found needed become lines of the restarted search,
            // and the squares of those they found forbidden are reserved.
            (needed, forbidden) = (sums.needed(), sums.forbidden());
            let narrowed = board.with_diagonals_reserved(forbidden);
            for entrant in &mut entrants {
                if let Runner::Restarts(search) = &mut entrant.runner {
                    // Short of memory for them, it goes on without.
                    let _ = search.learn_needed(&narrowed, needed);
                }
            }
        }
        leader = choose_leader(&entrants);
        second_turns = second_turns_beside(&entrants, leader);
        rounds += 1;
        if rounds.is_multiple_of(ROUNDS_PER_CLOCK) {
            watch(&report(&entrants));
            if options
                .give_up_after
                .is_some_and(|limit| clock.elapsed() >= limit)
            {
                return Ok(Completion::GaveUp { exhaustive });
            }
        }
    }
}

/// Whether `method` is a second opinion beside the leader: a search with no tree to measure
/// (the clause-learning search, the restarted tree search), which shares one turn.
fn is_second_opinion(method: Method) -> bool {
    matches!(method, Method::Learning | Method::Restarts)
}

/// The turns of the second opinions beside the leader `entrants[leader]`: (the
/// clause-learning search's, the restarted tree search's). Together, a whole one while the
/// leader, a tree search, predicts about twice the work it has done still to do, and less
/// as its prediction shrinks, down to a quarter at half its work done (the prediction
/// bounds the leader's own time to an answer either way, a completion or none, so the
/// closer it is, the less a second opinion is worth); shared equally between them, so a
/// board the leader decides costs at most about twice the leader's own time. Once the
/// leader has worked [`LONG_LEAD`], a prediction of more than twice its work still to do
/// gives them more, up to [`MOST_SECOND_TURNS`] at sixteen times as much: a tree that big
/// will not be exhausted within a time limit of a minute, and what decides such a board is
/// a completion found (CSPLib's Excluded Diagonals from n = 30), at the cost of the
/// leader's own work past that second taking up to about seventeen times as long. The
/// turns past the first go to the restarted search alone: each alone, it completed all 46
/// Excluded Diagonals boards of n = 22..50 that either completed, the clause-learning
/// search 26 (docs/benchmarks.md).
fn second_turns_beside(entrants: &[Entrant], leader: usize) -> (u64, u64) {
    let has = |method| {
        entrants
            .iter()
            .enumerate()
            .any(|(i, e)| i != leader && e.method == method)
    };
    let (learning, restarts) = (has(Method::Learning), has(Method::Restarts));
    let leader = &entrants[leader];
    let turns = if is_second_opinion(leader.method) || leader.work == 0 {
        1.0
    } else {
        let ahead = leader.remaining() / (2.0 * leader.work as f64);
        let most = if leader.work > LONG_LEAD {
            MOST_SECOND_TURNS
        } else {
            1.0
        };
        ahead.clamp(0.25, most)
    };
    split_second_turns(turns, learning, restarts)
}

/// `turns` turns for the second opinions that take part, as (the clause-learning search's,
/// the restarted tree search's): the first turn halved between them, the rest to the
/// restarted search; all of them to either one alone.
fn split_second_turns(turns: f64, learning: bool, restarts: bool) -> (u64, u64) {
    let total = (TURN as f64 * turns) as u64;
    if learning && restarts {
        let half = total.min(TURN) / 2;
        (half, total - half)
    } else {
        (total, total)
    }
}

/// What the entrants have shown so far.
fn report(entrants: &[Entrant]) -> Report {
    let mut report = Report::default();
    for entrant in entrants {
        match &entrant.runner {
            Runner::Rows(search) => report.closed = report.closed.max(search.progress()),
            Runner::Compact(search) => report.closed = report.closed.max(search.progress()),
            Runner::Wide(search) => report.closed = report.closed.max(search.progress()),
            Runner::Learning(search) => {
                report.conflicts = search.conflicts();
                report.learnt = search.learnt();
            }
            Runner::Restarts(search) => report.runs = search.runs(),
            Runner::MinConflicts(_) => {}
        }
    }
    report
}

#[cfg(test)]
mod tests;
