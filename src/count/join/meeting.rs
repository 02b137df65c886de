//! How a row set's halves meet: in one call when each side fits in one chunk, else the larger
//! side in bigger chunks kept sorted while the other side's chunks come; a crew's chunks made
//! in pieces.

use super::halves::{At, RowSet};
use super::plan::{Join, BLOCKED, KEPT, KEPT_SUBS, PROBING, PROBING_SUBS};

/// How a row set's halves are met: where the chunks (or a crew's pieces of chunks) of each
/// side start, and, when there are several, which side is kept sorted while the other's
/// chunks come (the west one if `true`).
pub(super) struct Meeting {
    pub(super) east: Vec<At>,
    pub(super) west: Vec<At>,
    pub(super) kept: Option<bool>,
    /// How many of each side's starts a chunk takes (east, west): a crew makes a chunk in
    /// pieces; otherwise 1.
    pub(super) subs: [usize; 2],
}

/// A side's chunks as [`Meeting::sides`] gives them: where its pieces start, and the pieces a
/// chunk.
pub(super) type Side<'a> = (&'a [At], usize);

impl Meeting {
    /// How the halves of `row_set` (of `k` north rows in the east) are met: in one call when
    /// each side fits in one chunk of `join.halves`; else the larger side in chunks
    /// [`BLOCKED`] times bigger, each sorted once and kept while the other side's chunks come.
    /// A crew's chunks of the larger side are [`KEPT`] times bigger, made in [`KEPT_SUBS`]
    /// pieces, the other side's [`PROBING`] times in [`PROBING_SUBS`].
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
                join.halves.saturating_mul(KEPT / KEPT_SUBS),
                (join.halves.saturating_mul(PROBING) / PROBING_SUBS).max(1),
                (KEPT_SUBS, PROBING_SUBS),
            ),
            false => (join.halves.saturating_mul(BLOCKED), join.halves, (1, 1)),
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
    /// other, each with its pieces a chunk.
    pub(super) fn sides(&self, west_blocked: bool) -> (Side<'_>, Side<'_>) {
        let east = (&self.east[..], self.subs[0]);
        let west = (&self.west[..], self.subs[1]);
        match west_blocked {
            true => (west, east),
            false => (east, west),
        }
    }

    /// The number of chunks of each side (east, west).
    pub(super) fn chunks(&self) -> [usize; 2] {
        [
            chunk_count(&self.east, self.subs[0]),
            chunk_count(&self.west, self.subs[1]),
        ]
    }
}

/// The number of chunks of a side whose pieces start at `starts`, `subs` pieces a chunk.
pub(super) fn chunk_count(starts: &[At], subs: usize) -> usize {
    starts.len().div_ceil(subs)
}

/// The pieces of chunk `j` of a side (`subs` a chunk): indices into its starts.
pub(super) fn pieces(starts: &[At], subs: usize, j: usize) -> std::ops::Range<usize> {
    j * subs..((j + 1) * subs).min(starts.len())
}
