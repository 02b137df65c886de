//! What a counter may keep from one count to the next of the same caller: its workers'
//! buffers and its plan, held by a [`Keep`] the caller owns and lends to each count
//! ([`super::Run::keep`]), and let go when the caller drops it.

use std::any::Any;
use std::sync::Mutex;

/// A place where a counter keeps what its next count can reuse: a caller that counts several
/// parts one after another (`queens count N --part A-B/M`) lends the same `Keep` to each, and
/// the join finds its plan made and the tile whose north lists a worker built still held
/// (building them is most of a small part's time). Dropping it frees them; a count without one
/// keeps nothing once it returns.
///
/// # Example
///
/// ```
/// use nqueens::count::{count_with, Keep, Problem, Run};
///
/// let keep = Keep::default();
/// let sum: u128 = (1..=4)
///     .map(|k| {
///         let run = Run { part: Some((k, 4)), keep: Some(&keep), ..Run::default() };
///         count_with(&Problem::total(14), &run).unwrap()
///     })
///     .sum();
/// assert_eq!(sum, 365596);
/// ```
#[derive(Default)]
pub struct Keep {
    held: Mutex<Option<Box<dyn Any + Send>>>,
}

impl Keep {
    /// What a count left here, if it is a `T`; anything else is let go.
    pub(crate) fn take<T: Any + Send>(&self) -> Option<T> {
        let held = self.held.lock().unwrap_or_else(|e| e.into_inner()).take()?;
        held.downcast().ok().map(|held| *held)
    }

    /// Leaves `value` for the next count.
    pub(crate) fn put<T: Any + Send>(&self, value: T) {
        *self.held.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(value));
    }
}

impl std::fmt::Debug for Keep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keep")
    }
}
