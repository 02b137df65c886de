//! A unit's count as it goes, piece by piece, told to the run's steps (a checkpoint records
//! them, so a count resumed from a step skips the pieces before it).

use crate::count::run::{CountError, Steps};

/// A unit's count as it goes: a piece is one meeting of two batches of halves, numbered
/// `[s, i, c, b, p]` (the unit's south set, the tile's north set, the combination of the
/// lists' parts, the batches of the kept and of the probing side), in the order counted. A
/// count resumed from a step skips the pieces before it; after each piece the steps are told
/// the next one and the unit's count so far.
pub(super) struct Progress<'a> {
    steps: Steps<'a, u128>,
    /// The unit's count so far, from the piece it started at.
    counted: u128,
}

impl<'a> Progress<'a> {
    /// A unit's progress from the piece `steps` starts at.
    pub(super) fn new(steps: Steps<'a, u128>) -> Progress<'a> {
        Progress { steps, counted: 0 }
    }

    /// The unit's count so far, from the piece it started at.
    pub(super) fn total(&self) -> u128 {
        self.counted
    }

    /// Whether the pieces numbered from `at` (a piece's number or the first words of it) all
    /// come before the step the count started from, and so are counted already.
    pub(super) fn before(&self, at: &[u64]) -> bool {
        let from = self.steps.from();
        let n = at.len().min(from.len());
        at[..n] < from[..n]
    }

    /// Adds the count of piece `piece` and tells the steps the next piece.
    ///
    /// # Errors
    ///
    /// [`CountError`] if the step cannot be recorded.
    pub(super) fn counted(&mut self, piece: [u64; 5], count: u64) -> Result<(), CountError> {
        self.counted += u128::from(count);
        let mut next = piece;
        next[4] += 1;
        self.steps.reached(&next, self.counted)
    }
}
