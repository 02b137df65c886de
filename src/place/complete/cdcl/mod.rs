//! Two clause-learning searches of one board, taking turns: one always focused, one
//! alternating focused and stable modes ([`modes`]).
//!
//! A clause-learning search's time to complete a board is heavy-tailed: a change that
//! should not matter (a restart moved, a phase kept) sends it down another path, which may
//! find a completion in a second or not in a minute. On CSPLib's Excluded Diagonals the
//! stable mode completes more of the hard boards, but loses some boards that
//! the focused search completes at once, and proves "none" slower. The
//! minimum of two independent runs has a far lighter tail than either, so both run, each
//! half the time: what either finds or proves is the pair's answer, at most twice its time.
//!
//! A completion one finds is forbidden in the other before it goes on, so that asking again
//! gives each completion once; "none" from either is "none" for both, since both search the
//! same board with the same completions forbidden. For the same reason what one learns holds
//! for the other: each unit clause it learns, and each of at most eight literals over at most
//! two decision levels, is added to the other at its next restart.

mod heap;
mod learner;
mod lines;
mod modes;

use super::search::{Report, Search, Step};
use crate::board::Board;
use crate::memory::OutOfMemory;
use learner::Learner;
use modes::Modes;

/// The pair of searches; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Cdcl {
    searches: [Learner; 2],
    /// The search whose turn is next.
    next: usize,
    /// The search that gave the last completion, not yet forbidden in the other.
    found: Option<usize>,
    /// The search that gave the last completion.
    last: usize,
}

impl Cdcl {
    /// The two searches of `board`, or `None` if more than
    /// [`MAX_FREE`](super::compact::MAX_FREE) rows are free.
    ///
    /// # Constraints
    ///
    /// The board's placed queens do not attack each other (as [`Board`] ensures).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the arrays of either cannot be had (see [`Learner::new`]).
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m² log m) to set up, for q placed queens and m free rows.
    ///
    /// (Its example is the unit test `examples::two_searches` at the bottom of this file.)
    pub fn new(board: &Board) -> Result<Option<Cdcl>, OutOfMemory> {
        let Some(focused) = Learner::new(board, Modes::focused())? else {
            return Ok(None);
        };
        let Some(alternating) = Learner::new(board, Modes::alternating())? else {
            return Ok(None);
        };
        Ok(Some(Cdcl {
            searches: [focused, alternating],
            next: 0,
            found: None,
            last: 0,
        }))
    }

    /// Gives one search a turn of about `budget` units of work (taken from it), the other
    /// the next call's, to the next completion; a search stopped for want of memory leaves
    /// every turn to the other.
    ///
    /// # Complexity
    ///
    /// As [`Learner::advance`]'s, each turn.
    pub fn advance(&mut self, budget: &mut u64) -> Step {
        if let Some(k) = self.found.take() {
            let queens = self.searches[k].placement().to_vec();
            self.searches[1 - k].forbid(&queens);
        }
        let mut k = self.next;
        if self.searches[k].starved().is_some() {
            k = 1 - k;
        }
        self.next = 1 - k;
        let step = self.searches[k].advance(budget);
        let shared = std::mem::take(&mut self.searches[k].exported);
        if self.searches[1 - k].starved().is_none() {
            self.searches[1 - k].imported.extend(shared);
        }
        if step == Step::Found {
            self.found = Some(k);
            self.last = k;
        }
        step
    }

    /// Why the pair stopped short of an answer, if it did: both searches found no room for a
    /// learnt clause.
    pub fn starved(&self) -> Option<&OutOfMemory> {
        self.searches[0].starved()?;
        self.searches[1].starved()
    }

    /// The completion [`Cdcl::advance`] found last: the 0-based column of each row's queen,
    /// the placed queens included.
    pub fn placement(&self) -> &[u32] {
        self.searches[self.last].placement()
    }

    /// The work both have done, in the units of [`Learner::advance`].
    pub fn work(&self) -> u64 {
        self.searches.iter().map(Learner::work).sum()
    }

    /// The conflicts both have met.
    pub fn conflicts(&self) -> u64 {
        self.searches.iter().map(Learner::conflicts).sum()
    }

    /// The clauses each has added from the other.
    #[cfg(test)]
    pub(super) fn adopted(&self) -> u64 {
        self.searches.iter().map(|s| s.adopted).sum()
    }

    /// The learnt clauses both keep now.
    pub fn learnt(&self) -> usize {
        self.searches.iter().map(Learner::learnt).sum()
    }
}

/// The work of one of the learners' own units (a square or a clause looked at), in the
/// portfolio's units.
const VISIT_WORK: u64 = 6;

impl Search for Cdcl {
    fn unit_work(&self) -> u64 {
        VISIT_WORK
    }

    /// Its turns end between conflicts, so it is charged what it did, which may pass the
    /// work given.
    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        let mut visits = (work / VISIT_WORK).max(1);
        let before = self.work();
        let step = Cdcl::advance(self, &mut visits);
        if let Some(e) = self.starved() {
            return (Err(e.clone()), 0);
        }
        (Ok(step), (self.work() - before) * VISIT_WORK)
    }

    fn placement(&self) -> &[u32] {
        Cdcl::placement(self)
    }

    fn report(&self, report: &mut Report) {
        report.conflicts = self.conflicts();
        report.learnt = self.learnt();
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn two_searches() {
        use crate::board::Board;
        use crate::place::complete::cdcl::Cdcl;
        use crate::place::complete::search::Step;

        // AOJ ALDS1_13_A's sample: two queens on 8 × 8, one completion, given once.
        let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap();
        let mut pair = Cdcl::new(&board).unwrap().unwrap();
        let mut found = Vec::new();
        loop {
            match pair.advance(&mut 1000) {
                Step::Found => found.push(pair.placement().to_vec()),
                Step::Exhausted => break,
                Step::Paused => {}
            }
        }
        assert_eq!(found.len(), 1);
        assert_eq!(crate::place::verify(8, &found[0]), Ok(()));
    }
}
