//! How a row set's halves meet: in one call when each side fits in one batch, else the larger
//! side in bigger batches kept sorted while the other side's batches come; a crew's batches made
//! in segments.

use super::halves::{At, RowSet};
use super::plan::{Join, ALONE_PROBING, BLOCKED, KEPT, KEPT_SUBS, PROBING, PROBING_SUBS};

/// How a row set's halves are met: where the batches (or a crew's segments of batches) of each
/// side start, and, when there are several, which side is kept sorted while the other's
/// batches come (the west one if `true`).
pub(super) struct Meeting {
    pub(super) east: Vec<At>,
    pub(super) west: Vec<At>,
    pub(super) kept: Option<bool>,
    /// How many of each side's starts a batch takes (east, west): a crew makes a batch in
    /// segments; otherwise 1.
    pub(super) subs: [usize; 2],
}

/// A side's batches as [`Meeting::sides`] gives them: where its segments start, and the segments a
/// batch.
pub(super) type Side<'a> = (&'a [At], usize);

impl Meeting {
    /// How the halves of `row_set` (of `k` north rows in the east) are met: in one call when
    /// each side fits in one batch of `join.halves`; else the larger side in batches
    /// [`BLOCKED`] times bigger, each sorted once and kept while the other side's batches
    /// ([`ALONE_PROBING`] times bigger) come.
    /// A crew's batches of the larger side are [`KEPT`] times bigger, made in [`KEPT_SUBS`]
    /// segments, the other side's [`PROBING`] times in [`PROBING_SUBS`].
    ///
    /// # Complexity
    ///
    /// That of [`super::halves::starts`], four times at most.
    pub(super) fn new(join: &Join, row_set: RowSet<'_>, k: u32) -> Meeting {
        let starts = |east, limit| row_set.starts(join, east, k, limit);
        let (east_starts, west_starts) = (starts(true, join.halves), starts(false, join.halves));
        if east_starts.len() <= 1 && west_starts.len() <= 1 {
            return Meeting {
                east: east_starts,
                west: west_starts,
                kept: None,
                subs: [1, 1],
            };
        }
        let west_blocked = west_starts.len() > east_starts.len();
        let (big, small, subs) = match join.crew {
            true => (
                join.halves.saturating_mul(KEPT) / KEPT_SUBS,
                probing_segment(join),
                (KEPT_SUBS, PROBING_SUBS),
            ),
            false => (
                join.halves.saturating_mul(BLOCKED),
                join.halves.saturating_mul(ALONE_PROBING),
                (1, 1),
            ),
        };
        match west_blocked {
            true => Meeting {
                east: starts(true, small),
                west: starts(false, big),
                kept: Some(true),
                subs: [subs.1, subs.0],
            },
            false => Meeting {
                east: starts(true, big),
                west: starts(false, small),
                kept: Some(false),
                subs: [subs.0, subs.1],
            },
        }
    }

    /// The starts of the side loaded into blocks (the west one if `west_blocked`) and of the
    /// other, each with its segments a batch.
    pub(super) fn sides(&self, west_blocked: bool) -> (Side<'_>, Side<'_>) {
        let east = (&self.east[..], self.subs[0]);
        let west = (&self.west[..], self.subs[1]);
        match west_blocked {
            true => (west, east),
            false => (east, west),
        }
    }

    /// The number of batches of each side (east, west).
    pub(super) fn batches(&self) -> [usize; 2] {
        [
            batch_count(&self.east, self.subs[0]),
            batch_count(&self.west, self.subs[1]),
        ]
    }
}

/// The halves a crew's segment of the side not kept sorted is cut for: [`PROBING`] times
/// `join.halves` a batch, in [`PROBING_SUBS`] segments.
pub(super) fn probing_segment(join: &Join) -> usize {
    (join.halves.saturating_mul(PROBING) / PROBING_SUBS).max(1)
}

/// The number of batches of a side whose segments start at `starts`, `subs` segments a batch.
pub(super) fn batch_count(starts: &[At], subs: usize) -> usize {
    starts.len().div_ceil(subs)
}

/// The segments of batch `j` of a side (`subs` a batch): indices into its starts.
pub(super) fn segments_of(starts: &[At], subs: usize, j: usize) -> std::ops::Range<usize> {
    j * subs..((j + 1) * subs).min(starts.len())
}
