//! The searches that take turns: each method at work on a board, its work and credit, and
//! the choice of the leader from their predictions.

use super::method::{wide_node_words, Method, Options};
use crate::board::Board;
use crate::memory::OutOfMemory;
use crate::place::compact::Compact;
use crate::place::exhaustive::Search;
use crate::place::learning::Pair;
use crate::place::min_conflicts::Completing;
use crate::place::narrow::Narrow;
use crate::place::restarts::Restarts;
use crate::place::step::{Order, Step};

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

/// A method at work on a board.
pub(super) enum Runner<'a> {
    Rows(Narrow),
    Compact(Box<Compact>),
    Learning(Box<Pair>),
    Restarts(Box<Restarts>),
    Wide(Box<Search>),
    MinConflicts(Completing<'a>),
}

/// A method taking turns: which, its search, the work it has done, the work of one of its
/// nodes, and the work its turns have given it that it has not used yet (less than nothing
/// after an attempt of min-conflicts longer than a turn: it then sits out turns until it is
/// even).
pub(super) struct Entrant<'a> {
    pub(super) method: Method,
    pub(super) runner: Runner<'a>,
    pub(super) work: u64,
    pub(super) node_cost: u64,
    pub(super) credit: i64,
}

/// What a turn came to.
pub(super) enum Outcome {
    Found(Vec<u32>),
    Impossible,
    Paused,
    /// The method stopped for good for want of memory: it takes no more turns.
    Starved(OutOfMemory),
}

impl Entrant<'_> {
    /// Adds `budget` units of work to its credit, and runs for about its credit if that is
    /// more than nothing.
    pub(super) fn turn(&mut self, budget: u64) -> Outcome {
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
    pub(super) fn run(&mut self, budget: u64) -> Outcome {
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
            Runner::Restarts(search) => (search.advance(&mut nodes), search.placement()),
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
    pub(super) fn remaining(&self) -> f64 {
        let progress = match &self.runner {
            Runner::Rows(search) => search.progress(),
            Runner::Compact(search) => search.progress(),
            Runner::Wide(search) => search.progress(),
            Runner::Learning(_) | Runner::Restarts(_) | Runner::MinConflicts(_) => {
                return f64::INFINITY
            }
        };
        if progress <= 0.0 {
            return f64::INFINITY;
        }
        self.work as f64 * (1.0 - progress) / progress
    }
}

/// The methods that fit `board` (or only `only`), ready to take turns.
pub(super) fn entrants<'a>(
    board: &'a Board,
    options: &Options,
) -> Result<Vec<Entrant<'a>>, OutOfMemory> {
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
            Method::Learning => match Pair::new(board)? {
                Some(search) => (Runner::Learning(Box::new(search)), LEARNING_UNIT),
                None => unreachable!("the clause-learning search fits"),
            },
            Method::Restarts => match Restarts::new(board, options.seed)? {
                Some(search) => (Runner::Restarts(Box::new(search)), 8 + 4 * m),
                None => unreachable!("the restarted search fits"),
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
pub(super) fn choose_leader(entrants: &[Entrant]) -> usize {
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
