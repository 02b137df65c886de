//! What the join keeps from one count to the next of the same caller, in the [`Keep`] the
//! caller lends it: the plan of the last `n`, and its workers with the lists they hold.

use super::plan::{Join, Tile};
use super::worker::Worker;
use crate::count::run::threads::lock;
use crate::count::run::{CountError, Keep};
use std::sync::{Arc, Mutex};

/// What the join leaves in a caller's [`Keep`] for its next count: the plan of the last `n`
/// counted, and the workers' buffers (the next count of the same `n` and cut, the next part
/// of a range, finds the tile whose north lists a worker holds already built: consecutive
/// parts share tiles, and building a tile's lists is most of a small part's time).
pub(super) struct Kept {
    /// What the workers were made for: `n`, the cut and the crew's threads.
    of: (u32, usize, usize, bool, usize),
    /// The plan of the count of `n` (the units depend on `n` alone).
    pub(super) units: Option<(u32, Arc<Vec<Tile>>)>,
    /// The workers of the last count, as many as its threads.
    workers: Mutex<Vec<Worker>>,
}

impl Kept {
    /// What `keep` holds for `join` on `hands` threads, or nothing kept: workers made for
    /// another `n` or cut are let go, a plan of another `n` too.
    pub(super) fn take(keep: Option<&Keep>, join: &Join, hands: usize) -> Kept {
        let fresh = Kept::new(join, hands);
        match keep.and_then(Keep::take::<Kept>) {
            // The plan of the same n is kept whatever the cut; the workers only for the same.
            Some(kept) => Kept {
                units: kept.units.filter(|(n, _)| *n == join.n),
                workers: match kept.of == fresh.of {
                    true => kept.workers,
                    false => fresh.workers,
                },
                of: fresh.of,
            },
            None => fresh,
        }
    }

    /// Nothing kept yet, for `join` on `hands` threads.
    pub(super) fn new(join: &Join, hands: usize) -> Kept {
        Kept {
            of: (join.n, join.halves, join.list_part, join.crew, hands),
            units: None,
            workers: Mutex::new(Vec::new()),
        }
    }

    /// The units of `join`'s count: planned here unless kept (the plan of a board below
    /// n = 24 measures every north set's lists, which a range of parts pays once).
    ///
    /// # Errors
    ///
    /// [`CountError::Memory`] if the plan does not fit.
    pub(super) fn units(&mut self, join: &Join) -> Result<Arc<Vec<Tile>>, CountError> {
        if let Some((_, units)) = &self.units {
            return Ok(Arc::clone(units));
        }
        let units = Arc::new(join.units()?);
        self.units = Some((join.n, Arc::clone(&units)));
        Ok(units)
    }

    /// A kept worker, or a new one; given back when dropped.
    pub(super) fn worker(&self, join: &Join, hands: usize) -> Lent<'_> {
        let kept = lock(&self.workers).pop();
        Lent {
            worker: Some(kept.unwrap_or_else(|| Worker::new(join, hands))),
            to: &self.workers,
        }
    }
}

/// A worker lent by [`Kept`] for one count, given back when the count is done with it (kept
/// only if the room for it can be had: a count under a memory limit ends, never aborts).
pub(super) struct Lent<'a> {
    worker: Option<Worker>,
    to: &'a Mutex<Vec<Worker>>,
}

impl Lent<'_> {
    pub(super) fn get(&mut self) -> &mut Worker {
        self.worker.as_mut().expect("held until dropped")
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            let mut workers = lock(self.to);
            if workers.try_reserve(1).is_ok() {
                workers.push(worker);
            }
        }
    }
}
