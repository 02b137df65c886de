//! How the searches take turns: one place, one unit of work (about a nanosecond of one core,
//! each search turning its own units into it, [`Search::unit_work`]).
//!
//! - [`Entrant`]: a search taking turns, with the work it has done and the work its turns
//!   have given it that it has not used yet (its credit: a search that ran over a turn sits
//!   out turns until it is even);
//! - [`sums_turn`]: the turns of the diagonals' sums, which can only refute: a whole turn
//!   while they check, then, once they probe the board's diagonals, nothing until the
//!   searches beside them have had [`PROBE_AFTER_WORK`], and a share after;
//! - [`portfolio`]: every method that fits a board, a leader and the others beside it, and
//!   the sums ([`complete()`](super::complete));
//! - [`beside`]: one search with the sums beside it, to list or count completions.

pub(crate) mod beside;
pub(crate) mod portfolio;

use super::diagonal_sums::{DiagonalSums, Phase};
use super::search::{Search, Step};
use crate::memory::OutOfMemory;

/// The work offered to the sums (used or not) before their probes start: about a second of
/// the searches beside them, so that a board they complete soon is not slowed.
const PROBE_AFTER_WORK: u64 = 1 << 28;

/// The probes' turns, as a fraction of the work offered to the sums, where they can only
/// refute: an eighth.
const PROBE_SHARE: (u64, u64) = (1, 8);

/// The probes' turns where the diagonals they find guide the restarted search: sixteen times
/// the work offered, so they take nearly all of the time until they are done.
const GUIDING_PROBE_SHARE: (u64, u64) = (16, 1);

/// A search taking turns; see the [module docs](self).
pub(crate) struct Entrant<S: Search + ?Sized> {
    /// The search.
    pub(crate) search: Box<S>,
    /// The work it has done.
    pub(crate) work: u64,
    /// The work its turns gave it that it has not used (less than nothing after a turn it
    /// ran over).
    credit: i64,
    /// The work offered to it so far, used or not.
    offered: u64,
}

/// What a turn came to.
pub(crate) enum Outcome {
    /// A completion (the placed queens kept).
    Found(Vec<u32>),
    /// Every completion has been given: none at all, if none was found.
    Exhausted,
    /// Its turn's work is spent.
    Paused,
    /// It stopped for good for want of memory: it takes no more turns.
    Starved(OutOfMemory),
}

impl<S: Search + ?Sized> Entrant<S> {
    /// `search`, ready to take turns.
    pub(crate) fn new(search: Box<S>) -> Entrant<S> {
        Entrant {
            search,
            work: 0,
            credit: 0,
            offered: 0,
        }
    }

    /// Adds `work` to its credit, and runs for about its credit if that is more than
    /// nothing.
    pub(crate) fn turn(&mut self, work: u64) -> Outcome {
        self.credit += work as i64;
        if self.credit <= 0 {
            return Outcome::Paused;
        }
        let (step, done) = self.search.advance(self.credit as u64);
        let step = match step {
            Ok(step) => step,
            Err(e) => return Outcome::Starved(e),
        };
        self.work += done;
        self.credit -= done as i64;
        match step {
            Step::Found => Outcome::Found(self.search.placement().to_vec()),
            Step::Exhausted => Outcome::Exhausted,
            Step::Paused => Outcome::Paused,
        }
    }

    /// The work it is predicted to need still to exhaust its tree: its work so far times
    /// what is left of the tree over what is behind it (infinite before it has any progress
    /// to show, and for a search with no tree to measure).
    pub(crate) fn remaining(&self) -> f64 {
        match self.search.progress() {
            Some(progress) if progress > 0.0 => self.work as f64 * (1.0 - progress) / progress,
            _ => f64::INFINITY,
        }
    }
}

/// A turn of the diagonals' sums, `work` offered to them: whether they have refuted the
/// board ([`DiagonalSums::condition`] says how).
pub(crate) fn sums_turn(sums: &mut Entrant<DiagonalSums>, work: u64) -> bool {
    let share = match sums.search.phase() {
        Phase::Done => return false,
        Phase::Checking => None,
        Phase::Probing { guiding: true } => Some(GUIDING_PROBE_SHARE),
        Phase::Probing { guiding: false } => Some(PROBE_SHARE),
    };
    sums.offered = sums.offered.saturating_add(work);
    let work = match share {
        None => work,
        Some(_) if sums.offered < PROBE_AFTER_WORK => return false,
        Some((times, over)) => work * times / over,
    };
    matches!(sums.turn(work), Outcome::Exhausted)
}

/// The sums run alone to their end, in turns of `turn` work: whether they refute the
/// board (`false` for a board they do not take, or whose tables cannot be had).
///
/// # Complexity
///
/// As the check's: a tenth of a second at n = 30, at most about a second; the probes, if
/// any, a check for each free diagonal.
pub(crate) fn sums_alone(sums: &mut Entrant<DiagonalSums>, turn: u64) -> bool {
    while sums.search.phase() != Phase::Done {
        sums.credit = sums.credit.max(0);
        if sums_turn(sums, turn) {
            return true;
        }
    }
    false
}
