//! Min-conflicts as a method of the portfolio: the local search of
//! [`mod@crate::place::min_conflicts`], keeping the placed queens, run a share of work at a time.
//! It proves nothing: a step is a completion or a pause.

use super::search::{Search, Step};
use crate::memory::OutOfMemory;
use crate::place::min_conflicts::MinConflicts;

/// The work of one of its own units (a square looked at), in the portfolio's units.
const SQUARE_WORK: u64 = 27;

impl Search for MinConflicts<'_> {
    fn unit_work(&self) -> u64 {
        SQUARE_WORK
    }

    /// Attempts until it has done about `work` (an attempt is never cut short).
    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        let before = self.work();
        let found = loop {
            if self.attempt() {
                break true;
            }
            if (self.work() - before) * SQUARE_WORK >= work {
                break false;
            }
        };
        let done = (self.work() - before) * SQUARE_WORK;
        (Ok(if found { Step::Found } else { Step::Paused }), done)
    }

    fn placement(&self) -> &[u32] {
        MinConflicts::placement(self)
    }
}
