//! A worker's count of a unit: its tile's north lists held, each row set's south lists built,
//! its halves made in batches and their pairs counted by the sieve and the kernel, alone or
//! by a crew.

use super::crew::Crew;
use super::halves::Keys;
use super::lists::Held;
use super::meeting::Meeting;
use super::plan::{Join, Tile};
use super::progress::Progress;
use super::sieve::Sieve;
use super::sliced::Sliced;
use crate::count::run::threads::Helpers;
use crate::count::run::{CountError, Steps};
use crate::memory::OutOfMemory;

/// One worker's buffers, reused from one unit to the next: the quarter lists it holds, the
/// halves' keys of a batch of each side, the block, the sieve, and the crew's own buffers
/// when its count is by a crew.
pub(super) struct Worker {
    pub(super) lists: Held,
    /// The east and the west halves of a batch (their keys).
    east: Keys,
    west: Keys,
    block: Sliced,
    pub(super) sieve: Sieve,
    /// The crew (`None` when the count is not by one).
    pub(super) crew: Option<Crew>,
}

impl Worker {
    /// A worker for `join`'s count; when its row sets are counted by a crew, one of `hands`
    /// threads.
    pub(super) fn new(join: &Join, hands: usize) -> Worker {
        Worker {
            lists: Held::default(),
            east: Keys::default(),
            west: Keys::default(),
            block: Sliced::new(join.key_bits().max(1) as usize),
            sieve: Sieve::default(),
            crew: join.crew.then(|| Crew::new(hands, join.key_bits())),
        }
    }

    /// Counts one unit, in 128 bits (a unit of n = 32 holds about 5·10^15 placements, and its
    /// largest may pass 2^64; a row set's stays far below), from the piece `steps` starts at,
    /// telling it after each piece how far the unit has got ([`Progress`]).
    ///
    /// # Errors
    ///
    /// [`CountError`] if the lists or the halves do not fit in memory, or a step cannot be
    /// recorded.
    pub(super) fn count_tile(
        &mut self,
        join: &Join,
        tile: &Tile,
        steps: Steps<'_, u128>,
        helpers: &Helpers,
    ) -> Result<u128, CountError> {
        self.lists.hold_north(join, tile)?;
        let norths = &join.north_sets[tile.k as usize];
        let souths =
            &join.south_sets[tile.k as usize][tile.south.start as usize..tile.south.end as usize];
        let mut progress = Progress::new(steps);
        for (s, &south) in souths.iter().enumerate() {
            let weight = |i: usize| join.fold(norths[tile.north.start as usize + i], south);
            // The row sets of this south set still to count: counted for themselves (not for
            // their reverse) and not before the step the unit started from.
            let left = |progress: &Progress<'_>, i: usize| {
                weight(i) > 0 && !progress.before(&[s as u64, i as u64])
            };
            if !(0..tile.north.len()).any(|i| left(&progress, i)) {
                continue;
            }
            self.lists.build_south(join, south)?;
            for i in 0..tile.north.len() {
                if left(&progress, i) {
                    let north = norths[tile.north.start as usize + i];
                    let at = ([s as u64, i as u64], weight(i));
                    let row_set = (i, north, south);
                    self.count_row_set(join, row_set, tile.k, &mut progress, at, helpers)?;
                }
            }
        }
        Ok(progress.total())
    }

    /// [`Worker::count_rows`] of the row set of north set `north` (the `i`-th of the held
    /// tile, of `k` rows) and south set `south`, whose lists are built, at `at` (the unit's
    /// south set and north set), weighing `weight`: over every combination of the parts of its
    /// four lists, the last quarter's part changing fastest (a list in one part is never built
    /// again).
    ///
    /// # Errors
    ///
    /// [`CountError`] if a part or the halves do not fit in memory, or a step cannot be
    /// recorded.
    pub(super) fn count_row_set(
        &mut self,
        join: &Join,
        (i, north, south): (usize, u32, u32),
        k: u32,
        progress: &mut Progress<'_>,
        (at, weight): ([u64; 2], u64),
        helpers: &Helpers,
    ) -> Result<(), CountError> {
        let parts = self.lists.parts(i);
        for combination in 0..parts.iter().product::<u64>() {
            let at = [at[0], at[1], combination];
            if progress.before(&at) {
                continue;
            }
            let mut rest = combination;
            for quarter in (0..4).rev() {
                let part = rest % parts[quarter];
                rest /= parts[quarter];
                self.lists
                    .hold_part(join, (i, north, south), quarter, part)?;
            }
            self.count_rows(join, i, k, progress, (at, weight), helpers)?;
        }
        Ok(())
    }

    /// Counts the placements whose east queens stand on the rows of the `i`-th north set of
    /// the held tile (of `k` rows) and of the south set whose lists are built (the row set at
    /// `at` of the unit, in the combination of its lists' parts held), with the weights of the
    /// long diagonals, each times `weight`, into `progress`.
    ///
    /// The halves are made and counted in batches ([`Meeting`]): each side in one when it fits
    /// in [`HALVES`](super::HALVES) candidates; else the larger side in bigger batches, each
    /// sorted once and met with every batch of the other (by the crew, when there is one). So
    /// a row set takes bounded memory however many halves it has (tens of millions at
    /// n = 27). Each meeting of two batches is a piece of the unit.
    ///
    /// # Errors
    ///
    /// [`CountError`] if the halves do not fit in memory, or a step cannot be recorded.
    pub(super) fn count_rows(
        &mut self,
        join: &Join,
        i: usize,
        k: u32,
        progress: &mut Progress<'_>,
        (at, weight): ([u64; 3], u64),
        helpers: &Helpers,
    ) -> Result<(), CountError> {
        let meeting = Meeting::new(join, self.lists.row_set(i), k);
        let (east, west) = (&meeting.east, &meeting.west);
        if let (Some(west_blocked), Some(crew)) = (meeting.kept, self.crew.as_mut()) {
            let board = (join, self.lists.row_set(i), &mut self.sieve);
            let sides = (&meeting, west_blocked);
            return crew.count_rows(board, sides, progress, (at, weight), helpers);
        }
        let Some(west_blocked) = meeting.kept else {
            let piece = [at[0], at[1], at[2], 0, 0];
            if progress.before(&piece) {
                return Ok(());
            }
            let mut counted = 0;
            if !east.is_empty() && !west.is_empty() {
                self.make_batch(join, i, false, (west, 0))?;
                self.make_batch(join, i, true, (east, 0))?;
                counted = self.count_made(join)?;
            }
            return progress.counted(piece, weight * counted);
        };
        let (blocked, probing) = match west_blocked {
            true => (west, east),
            false => (east, west),
        };
        let bits = self.lists.row_set(i).used_bits(west_blocked);
        let mut probe_made = false;
        for b in 0..blocked.len() {
            if progress.before(&[at[0], at[1], at[2], b as u64]) {
                continue;
            }
            self.make_batch(join, i, !west_blocked, (blocked, b))?;
            let mut fresh = true;
            for p in 0..probing.len() {
                let piece = [at[0], at[1], at[2], b as u64, p as u64];
                if progress.before(&piece) {
                    continue;
                }
                if probing.len() > 1 || !probe_made {
                    self.make_batch(join, i, west_blocked, (probing, p))?;
                    probe_made = true;
                }
                let counted = self.count_kept(join, fresh, west_blocked, bits)?;
                fresh = false;
                progress.counted(piece, weight * counted)?;
            }
        }
        Ok(())
    }

    /// Makes the `j`-th batch of a side's halves (`starts`: where its batches start) of the
    /// row set of the `i`-th north set of the tile into that side's keys: the east side's if
    /// `east`, else the west side's.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the keys do not fit.
    pub(super) fn make_batch(
        &mut self,
        join: &Join,
        i: usize,
        east: bool,
        starts: (&[super::halves::At], usize),
    ) -> Result<(), OutOfMemory> {
        let keys = if east { &mut self.east } else { &mut self.west };
        self.lists.row_set(i).make(join, east, starts, keys)
    }

    /// The pairs of the east and the west halves made, counted with the weights of the long
    /// diagonals ([`Join::long_diagonals`]).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the sieve's buckets do not fit.
    pub(super) fn count_made(&mut self, join: &Join) -> Result<u64, OutOfMemory> {
        self.sieve.count(
            self.east.keys(),
            self.west.keys(),
            join.long_diagonals(),
            join.key_bits(),
            &mut self.block,
            join.kernel,
        )
    }

    /// [`Worker::count_made`] with the larger side (the west one if `west_blocked`) kept
    /// sorted ([`Sieve::count_kept`]): sorted again if `fresh`.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the sieve's buckets do not fit.
    pub(super) fn count_kept(
        &mut self,
        join: &Join,
        fresh: bool,
        west_blocked: bool,
        bits: u64,
    ) -> Result<u64, OutOfMemory> {
        self.sieve.count_kept(
            (self.east.keys(), self.west.keys()),
            (fresh, west_blocked),
            bits,
            join.long_diagonals(),
            join.key_bits(),
            &mut self.block,
            join.kernel,
        )
    }
}
