//! One completion of a board with placed queens (and reserved squares), or a proof that none
//! exists: the n-queens completion problem, NP-complete (Gent, Jefferson and Nightingale,
//! "Complexity of n-Queens Completion", JAIR 2017).
//!
//! The portfolio of [`complete`]: its docs say how the methods take turns.

use super::compact::{self, Compact};
use super::diagonal_sums::Beside;
use super::exhaustive::Search;
use super::learning::Learning;
use super::min_conflicts::Completing;
use super::narrow::Narrow;
use super::OutOfMemory;
use super::{Order, Step};
use crate::board::Board;
use crate::clock::Clock;
use std::time::Duration;

/// The wide exhaustive search takes part only while one of its nodes reads at most this many
/// words (about a millisecond): m rows left of n/64 words each, rows and columns.
pub(crate) const EXHAUSTIVE_NODE_WORDS: u64 = 1 << 21;

/// The work of a leader's turn, in units of about a nanosecond: tens of microseconds.
const TURN: u64 = 1 << 16;

/// The share of a turn the methods other than the leader get.
pub(crate) const SIDE_SHARE: u64 = 32;

/// The first method that fits a board ([`Method::ALL`]) leads unless another is predicted to
/// finish this many times sooner.
pub(crate) const SWITCH: f64 = 4.0;

/// An exhaustive search predicted to need more than this much work still (about two minutes)
/// and more than [`HOPELESS_RATIO`] times its work so far gives the lead to min-conflicts.
pub(crate) const HOPELESS_WORK: f64 = 1e11;

/// See [`HOPELESS_WORK`].
pub(crate) const HOPELESS_RATIO: f64 = 64.0;

/// The work of one unit of the clause-learning search's own count (a square or a clause
/// looked at), in the portfolio's units of about a nanosecond.
const LEARNING_UNIT: u64 = 6;

/// Rounds between two readings of the clock (each a few microseconds).
const ROUNDS_PER_CLOCK: u32 = 32;

/// A way of completing a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exhaustive search row by row in machine words (`narrow`): boards up to 64
    /// wide, a few nanoseconds a node.
    Rows,
    /// The exhaustive search on the free rows and columns only, at most 64 of each,
    /// branching on the line with the fewest open squares (`compact`).
    Compact,
    /// Conflict-driven clause learning on the free rows and columns, at most 64 of each
    /// (`learning`): learns why branches fail and jumps back past the decisions that did
    /// not cause it; what completes the Excluded Diagonals boards a tree search reaches late.
    /// It proves "none" far slower than the compact search.
    Learning,
    /// The exhaustive search on the whole board, any width, branching likewise
    /// ([`super::exhaustive::Search`]): boards with more than 64 free rows whose nodes read
    /// at most 2^21 words.
    Wide,
    /// Min-conflicts keeping the placed queens ([`super::min_conflicts::Completing`]): large,
    /// loosely filled boards in linear time; proves nothing.
    MinConflicts,
}

impl Method {
    /// Every method, in the order they are preferred: the first that fits a board leads
    /// unless another shows it will finish 4 times sooner.
    pub const ALL: [Method; 5] = [
        Method::Compact,
        Method::Learning,
        Method::Rows,
        Method::Wide,
        Method::MinConflicts,
    ];

    /// The method's name on the command line (`queens solve --method`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Rows => "rows",
            Method::Compact => "compact",
            Method::Learning => "cdcl",
            Method::Wide => "wide",
            Method::MinConflicts => "minconflict",
        }
    }

    /// Whether the method searches exhaustively (and so can prove there is no completion).
    pub fn is_exhaustive(self) -> bool {
        self != Method::MinConflicts
    }

    /// Whether the method can search `board`; if not, what it needs, for a message.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::place::Method;
    ///
    /// assert_eq!(Method::Rows.fits(&Board::new(64)), Ok(()));
    /// assert!(Method::Rows.fits(&Board::new(65)).is_err());
    /// assert!(Method::Compact.fits(&Board::new(65)).is_err());
    /// ```
    pub fn fits(self, board: &Board) -> Result<(), &'static str> {
        let (n, m) = (board.size() as u64, board.free_rows() as u64);
        match self {
            Method::Rows if n > 64 => Err("boards up to 64 squares wide"),
            Method::Compact | Method::Learning if m as usize > compact::MAX_FREE => {
                Err("at most 64 rows free")
            }
            Method::Wide if wide_node_words(board) > EXHAUSTIVE_NODE_WORDS => {
                Err("boards whose free rows times width is at most 64 · 2^20")
            }
            _ => Ok(()),
        }
    }
}

/// How [`complete()`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed of min-conflicts: the same seed gives the same completion.
    pub seed: u64,
    /// Stop searching after this much CPU time (wall-clock time where the system does not
    /// tell it) without an answer; `None`: search until one comes, which for some boards is
    /// never.
    pub give_up_after: Option<Duration>,
    /// Only this method (`None`: every method that fits the board, in turns).
    pub only: Option<Method>,
}

impl Default for Options {
    /// Seed 1, giving up after a minute, every method that fits.
    fn default() -> Options {
        Options {
            seed: 1,
            give_up_after: Some(Duration::from_secs(60)),
            only: None,
        }
    }
}

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
    /// search was needed.
    DiagonalSums,
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Proof::Searched => "an exhaustive search looked everywhere",
            Proof::DiagonalSums => {
                "no choice of the free diagonals has the sums of every placement's diagonals"
            }
        })
    }
}

/// A method at work on a board.
enum Runner<'a> {
    Rows(Narrow),
    Compact(Box<Compact>),
    Learning(Box<Learning>),
    Wide(Box<Search>),
    MinConflicts(Completing<'a>),
}

/// The words a node of the wide search reads: m rows left and m columns, n/64 words each.
fn wide_node_words(board: &Board) -> u64 {
    2 * board.free_rows() as u64 * (board.size() as u64).div_ceil(64)
}

/// A method taking turns: which, its search, the work it has done, the work of one of its
/// nodes, and the work its turns have given it that it has not used yet (less than nothing
/// after an attempt of min-conflicts longer than a turn: it then sits out turns until it is
/// even).
struct Entrant<'a> {
    method: Method,
    runner: Runner<'a>,
    work: u64,
    node_cost: u64,
    credit: i64,
}

/// What a turn came to.
enum Outcome {
    Found(Vec<u32>),
    Impossible,
    Paused,
    /// The method stopped for good for want of memory: it takes no more turns.
    Starved(OutOfMemory),
}

impl Entrant<'_> {
    /// Adds `budget` units of work to its credit, and runs for about its credit if that is
    /// more than nothing.
    fn turn(&mut self, budget: u64) -> Outcome {
        self.credit += budget as i64;
        if self.credit <= 0 {
            return Outcome::Paused;
        }
        let before = self.work;
        let outcome = self.run(self.credit as u64);
        self.credit -= (self.work - before) as i64;
        outcome
    }

    /// Runs for about `budget` units of work.
    fn run(&mut self, budget: u64) -> Outcome {
        let mut nodes = (budget / self.node_cost).max(1);
        let given = nodes;
        // The work a search did, where it may pass its budget (`None`: what it was given
        // less what it left).
        let mut did = None;
        let step = match &mut self.runner {
            Runner::Rows(search) => (search.advance(&mut nodes), search.placement()),
            Runner::Compact(search) => (search.advance(&mut nodes), search.placement()),
            Runner::Learning(search) => {
                // Its turns end between conflicts, so it is charged what it did.
                let before = search.work();
                let step = search.advance(&mut nodes);
                if let Some(e) = search.starved() {
                    return Outcome::Starved(e.clone());
                }
                did = Some(search.work() - before);
                (step, search.placement())
            }
            Runner::Wide(search) => (search.advance(&mut nodes), search.placement()),
            Runner::MinConflicts(search) => {
                let before = search.work();
                let found = loop {
                    if let Some(queens) = search.attempt() {
                        break Some(queens);
                    }
                    if (search.work() - before) * self.node_cost >= budget {
                        break None;
                    }
                };
                self.work += (search.work() - before) * self.node_cost;
                return found.map_or(Outcome::Paused, Outcome::Found);
            }
        };
        self.work += did.unwrap_or(given - nodes) * self.node_cost;
        match step {
            (Step::Found, queens) => Outcome::Found(queens.to_vec()),
            (Step::Exhausted, _) => Outcome::Impossible,
            (Step::Paused, _) => Outcome::Paused,
        }
    }

    /// The work an exhaustive search is predicted to need still to exhaust its tree
    /// (infinite before it has any progress to show, and for min-conflicts).
    fn remaining(&self) -> f64 {
        let progress = match &self.runner {
            Runner::Rows(search) => search.progress(),
            Runner::Compact(search) => search.progress(),
            Runner::Wide(search) => search.progress(),
            Runner::Learning(_) | Runner::MinConflicts(_) => return f64::INFINITY,
        };
        if progress <= 0.0 {
            return f64::INFINITY;
        }
        self.work as f64 * (1.0 - progress) / progress
    }
}

/// The methods that fit `board` (or only `only`), ready to take turns.
fn entrants<'a>(board: &'a Board, options: &Options) -> Result<Vec<Entrant<'a>>, OutOfMemory> {
    let m = board.free_rows() as u64;
    let mut entrants = Vec::new();
    for method in Method::ALL {
        let asked = options
            .only
            .map_or(method.fits(board).is_ok(), |only| only == method);
        // The wide search repeats the compact one's choices at a greater cost a node: it
        // takes part only where that one cannot, unless asked for.
        let repeats = method == Method::Wide && Method::Compact.fits(board).is_ok();
        if !asked || (repeats && options.only.is_none()) {
            continue;
        }
        let (runner, node_cost) = match method {
            Method::Rows => (Runner::Rows(Narrow::new(board)), 13),
            Method::Compact => match Compact::new(board, Order::FewestOpen)? {
                Some(search) => (Runner::Compact(Box::new(search)), 8 + 4 * m),
                None => unreachable!("the compact search fits"),
            },
            Method::Learning => match Learning::new(board)? {
                Some(search) => (Runner::Learning(Box::new(search)), LEARNING_UNIT),
                None => unreachable!("the clause-learning search fits"),
            },
            Method::Wide => {
                let search = Search::new(board, Order::FewestOpen)?;
                (Runner::Wide(Box::new(search)), wide_node_words(board) + 1)
            }
            Method::MinConflicts => (
                Runner::MinConflicts(Completing::new(board, options.seed)?),
                27,
            ),
        };
        entrants.push(Entrant {
            method,
            runner,
            work: 0,
            node_cost,
            credit: 0,
        });
    }
    Ok(entrants)
}

/// The entrant to lead the next round, as the [module docs](self) say.
fn choose_leader(entrants: &[Entrant]) -> usize {
    let local = entrants
        .iter()
        .position(|e| e.method == Method::MinConflicts);
    let remaining: Vec<f64> = entrants.iter().map(Entrant::remaining).collect();
    let exhaustive = (0..entrants.len()).filter(|&i| Some(i) != local);
    let Some(best) = exhaustive.min_by(|&a, &b| remaining[a].total_cmp(&remaining[b])) else {
        return 0;
    };
    // The first entrant is the first exhaustive search that fits, if any does.
    let leader = if remaining[best] * SWITCH < remaining[0] {
        best
    } else {
        0
    };
    let hopeless = remaining[leader] > HOPELESS_WORK
        && remaining[leader] > HOPELESS_RATIO * entrants[leader].work as f64;
    match local {
        // Where the clause-learning search takes part (it has a whole turn already), a
        // hopeless tree is left to it rather than to min-conflicts.
        Some(local) if hopeless && !entrants.iter().any(|e| e.method == Method::Learning) => local,
        _ => leader,
    }
}

/// One completion of `board`, or a proof that there is none.
///
/// No one method fits every board ([`Method`]), so those that fit take turns. Each round the
/// leader gets a whole turn, the clause-learning search (where it fits) a whole turn too
/// (less, down to a quarter, as the leader's prediction of the work left shrinks below twice
/// the work it has done), and the others a thirty-second, so that when the leader is the
/// right choice an answer costs about twice its own time at most, and when it is not, the
/// others are still sampled and can take the lead:
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
/// - the check of the diagonals' sums (`diagonal_sums`, on boards up to 64 wide) gets a whole
///   turn each round until it has said whether they show that no completion exists (a tenth
///   of a second at n = 30), unless `options.only` names a method;
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
    // The diagonals' sums take a whole turn each round too, until they have said their word.
    let mut sums = match options.only {
        None => Beside::new(board),
        Some(_) => Beside::default(),
    };
    let exhaustive = entrants.iter().any(|e| e.method.is_exhaustive());
    let mut leader = 0;
    let mut learning_turn = TURN;
    let mut rounds = 0u32;
    let mut starved = None;
    loop {
        for (i, entrant) in entrants.iter_mut().enumerate() {
            let budget = if i == leader {
                TURN
            } else if entrant.method == Method::Learning {
                learning_turn
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
        if sums.turn(TURN) {
            return Ok(Completion::Impossible(Proof::DiagonalSums));
        }
        leader = choose_leader(&entrants);
        learning_turn = learning_turn_beside(&entrants[leader]);
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

/// The turn of the clause-learning search beside `leader`: a whole one while the leader, a
/// tree search, predicts more than twice the work it has done still to do, and less as its
/// prediction shrinks, down to a quarter at half its work done: the prediction bounds the
/// leader's own time to an answer either way (a completion or none), so the closer it is,
/// the less a second opinion is worth.
fn learning_turn_beside(leader: &Entrant) -> u64 {
    if leader.method == Method::Learning || leader.work == 0 {
        return TURN;
    }
    let ahead = leader.remaining() / (2.0 * leader.work as f64);
    (TURN as f64 * ahead.clamp(0.25, 1.0)) as u64
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
            Runner::MinConflicts(_) => {}
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::verify;

    #[test]
    fn every_single_queen_of_small_boards_is_completed_or_proved_alone() {
        for n in 1..=9usize {
            for row in 0..n as u32 {
                for col in 0..n as u32 {
                    let board = Board::new(n).with_queens(&[(row, col)]).unwrap();
                    let exists = crate::list::Placements::new(n as u32)
                        .any(|q| q[row as usize] == col as usize);
                    match complete(&board, &Options::default()).unwrap() {
                        Completion::Found(q) => {
                            assert!(exists);
                            assert_eq!(verify(n, &q), Ok(()));
                            assert_eq!(q[row as usize], col);
                        }
                        Completion::Impossible(_) => assert!(!exists, "{} ({}, {})", n, row, col),
                        Completion::GaveUp { .. } => panic!("gave up on n = {}", n),
                    }
                }
            }
        }
    }

    #[test]
    fn a_board_with_every_queen_placed_is_its_own_completion_by_every_method() {
        let board = Board::new(8)
            .with_queens(&[
                (0, 0),
                (1, 4),
                (2, 7),
                (3, 5),
                (4, 2),
                (5, 6),
                (6, 1),
                (7, 3),
            ])
            .unwrap();
        for only in Method::ALL.map(Some).into_iter().chain([None]) {
            let options = Options {
                only,
                ..Options::default()
            };
            let found = complete(&board, &options).unwrap();
            assert_eq!(
                found,
                Completion::Found(vec![0, 4, 7, 5, 2, 6, 1, 3]),
                "{:?}",
                only
            );
        }
    }

    #[test]
    fn without_the_exhaustive_search_an_impossible_board_is_given_up() {
        // A queen in the middle of 3×3 leaves nothing: the search proves it at once, and
        // min-conflicts alone can only give up.
        let board = Board::new(3).with_queens(&[(1, 1)]).unwrap();
        let options = Options {
            seed: 3,
            give_up_after: Some(Duration::from_millis(20)),
            only: None,
        };
        assert!(matches!(
            complete(&board, &options).unwrap(),
            Completion::Impossible(_)
        ));
        let alone = Options {
            only: Some(Method::MinConflicts),
            ..options
        };
        assert_eq!(
            complete(&board, &alone).unwrap(),
            Completion::GaveUp { exhaustive: false }
        );
    }

    #[test]
    fn large_boards_keep_their_placed_queens() {
        let n = 20_000usize;
        let full = crate::place::construct(n as u32).unwrap().unwrap();
        let kept: Vec<(u32, u32)> = (0..n).step_by(7).map(|r| (r as u32, full[r])).collect();
        let board = Board::new(n).with_queens(&kept).unwrap();
        let Completion::Found(q) = complete(&board, &Options::default()).unwrap() else {
            panic!("a seventh of a placement kept has a completion");
        };
        assert_eq!(verify(n, &q), Ok(()));
        assert!(kept.iter().all(|&(r, c)| q[r as usize] == c));
    }
}
