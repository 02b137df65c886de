//! One search with the diagonals' sums beside it, to list or count a board's completions:
//! the search has turns of [`SEARCH_TURN_NODES`] of its nodes, and after each that ends
//! without a completion the sums have a turn of [`SUMS_TURN_WORK`] ([`super::sums_turn`]). A
//! board the sums refute has no completion: the listing ends at once.

use super::{sums_alone, sums_turn, Entrant};
use crate::memory::OutOfMemory;
use crate::place::complete::diagonal_sums::DiagonalSums;
use crate::place::complete::search::{Search, Step};

/// The nodes of a search's turn beside the sums: tens of microseconds.
pub(crate) const SEARCH_TURN_NODES: u64 = 1 << 12;

/// The work of the sums' turn beside a search: about as long as the search's.
pub(crate) const SUMS_TURN_WORK: u64 = 1 << 14;

/// A search and the sums beside it; see the [module docs](self).
pub(crate) struct Beside<'a> {
    /// The search, until it is exhausted or the sums refute the board.
    search: Option<Box<dyn Search + 'a>>,
    sums: Entrant<DiagonalSums>,
    /// The work the search has done.
    work: u64,
}

impl<'a> Beside<'a> {
    /// `search`, with `sums` beside it.
    pub(crate) fn new(search: Box<dyn Search + 'a>, sums: DiagonalSums) -> Beside<'a> {
        Beside {
            search: Some(search),
            sums: Entrant::new(Box::new(sums)),
            work: 0,
        }
    }

    /// The sums alone, with no search: for a board no search is made for.
    pub(crate) fn sums_only(sums: DiagonalSums) -> Beside<'a> {
        Beside {
            search: None,
            sums: Entrant::new(Box::new(sums)),
            work: 0,
        }
    }

    /// A turn of the search, and of the sums if it ends without a completion: `Found` (read
    /// it with [`Beside::placement`]), `Exhausted` once there are no more (the search looked
    /// everywhere, or the sums refuted the board), or `Paused`.
    pub(crate) fn step(&mut self) -> Result<Step, OutOfMemory> {
        let Some(search) = &mut self.search else {
            return Ok(Step::Exhausted);
        };
        let (step, done) = search.advance(SEARCH_TURN_NODES * search.unit_work());
        self.work += done;
        match step? {
            Step::Found => return Ok(Step::Found),
            Step::Exhausted => self.search = None,
            Step::Paused if sums_turn(&mut self.sums, SUMS_TURN_WORK) => self.search = None,
            Step::Paused => return Ok(Step::Paused),
        }
        Ok(Step::Exhausted)
    }

    /// The completion the last `Found` step gave.
    ///
    /// # Panics
    ///
    /// Panics once the search is over.
    pub(crate) fn placement(&self) -> &[u32] {
        self.search.as_ref().expect("a search").placement()
    }

    /// The nodes the search has visited, and the share of its tree behind it.
    pub(crate) fn nodes_and_progress(&self) -> (u64, f64) {
        match &self.search {
            Some(search) => (
                self.work / search.unit_work(),
                search.progress().unwrap_or(0.0),
            ),
            None => (0, 1.0),
        }
    }

    /// The sums run alone to their end: whether they refute the board.
    pub(crate) fn sums_alone(&mut self) -> bool {
        sums_alone(&mut self.sums, SUMS_TURN_WORK)
    }
}
