//! A unit's steps: where a count of a long unit resumes, and whom it tells after each piece.

use super::error::CountError;

/// One unit's count as a checkpoint's steps see it: the piece to start from (where a step had
/// got), and whom to tell, after each piece, how far the unit has got. A counter whose units
/// take minutes numbers their pieces (a few numbers each, in the order counted) and calls
/// [`Steps::reached`] after each; the others never look at it.
pub(crate) struct Steps<'a, C> {
    pub(super) from: &'a [u64],
    pub(super) note: Option<&'a mut Note<'a, C>>,
}

/// What [`Steps`] tell after each piece: the next piece, and the unit's counts so far.
pub(crate) type Note<'a, C> = dyn FnMut(&[u64], C) -> Result<(), CountError> + 'a;

impl<C> Steps<'_, C> {
    /// Steps that start from the beginning and record nothing.
    pub(crate) fn none() -> Steps<'static, C> {
        Steps {
            from: &[],
            note: None,
        }
    }

    /// Steps that start from the piece `from` and tell `note` after each piece.
    #[cfg(test)]
    pub(crate) fn new<'a>(from: &'a [u64], note: Option<&'a mut Note<'a, C>>) -> Steps<'a, C> {
        Steps { from, note }
    }

    /// The first piece to count (empty: the whole unit); the pieces before it are counted in
    /// the counts the step recorded.
    pub(crate) fn from(&self) -> &[u64] {
        self.from
    }

    /// Tells that the pieces before `next` are counted, with the unit's counts `so_far`.
    ///
    /// # Errors
    ///
    /// [`CountError::Checkpoint`] if the step cannot be recorded.
    pub(crate) fn reached(&mut self, next: &[u64], so_far: C) -> Result<(), CountError> {
        match self.note.as_mut() {
            Some(note) => note(next, so_far),
            None => Ok(()),
        }
    }
}
