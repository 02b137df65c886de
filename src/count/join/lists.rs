//! The quarter lists a worker holds: a tile's north lists (kept while its units come) and one
//! row set's south lists, each whole or one part at a time.

use super::halves::RowSet;
use super::plan::{Join, Tile, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST};
use super::quarter::{Found, Lists};
use crate::memory::OutOfMemory;

/// A worker's quarter lists, reused from one unit to the next.
#[derive(Default)]
pub(super) struct Held {
    /// The north sets whose lists are held (a tile's, or any), if any.
    tile: Option<Vec<u32>>,
    /// The north-east and north-west lists of each north set of the tile.
    north: Vec<(Lists, Lists)>,
    south_east: Lists,
    south_west: Lists,
    /// The room every list's build borrows ([`Found`]).
    found: Found,
}

impl Held {
    /// Makes sure the north lists of `tile`'s north sets are held.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a list does not fit.
    pub(super) fn hold_north(&mut self, join: &Join, tile: &Tile) -> Result<(), OutOfMemory> {
        let sets =
            &join.north_sets[tile.k as usize][tile.north.start as usize..tile.north.end as usize];
        self.hold_sets(join, sets)
    }

    /// Makes sure the north lists of the north sets `sets` are held, the `i`-th set's as the
    /// `i`-th (built again only if other sets are held).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a list does not fit.
    pub(super) fn hold_sets(&mut self, join: &Join, sets: &[u32]) -> Result<(), OutOfMemory> {
        if self.tile.as_deref() == Some(sets) {
            return Ok(());
        }
        self.tile = None;
        // Lists of a bigger tile before are let go: a worker holds one tile's, no more.
        self.north.truncate(sets.len());
        self.north.resize_with(sets.len(), Default::default);
        for (i, &set) in sets.iter().enumerate() {
            for quarter in [NORTH_EAST, NORTH_WEST] {
                self.build_first(join, (i, set, 0), quarter)?;
            }
        }
        let mut held = Vec::new();
        crate::memory::reserve(&mut held, sets.len(), "the north sets held")?;
        held.extend_from_slice(sets);
        self.tile = Some(held);
        Ok(())
    }

    /// Holds the lists of the one row set of north set `north` and south set `south` alone,
    /// each the first of its parts, as the `0`-th north set: an estimate's sample. Returns
    /// each list's number of parts, and the seconds each took to build.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a list does not fit.
    pub(super) fn hold_alone(
        &mut self,
        join: &Join,
        (north, south): (u32, u32),
    ) -> Result<[(u64, f64); 4], OutOfMemory> {
        self.tile = None;
        self.north.truncate(1);
        self.north.resize_with(1, Default::default);
        let mut built = [(0, 0.0); 4];
        for (quarter, built) in built.iter_mut().enumerate() {
            let started = std::time::Instant::now();
            let parts = self.build_first(join, (0, north, south), quarter)?;
            *built = (parts, started.elapsed().as_secs_f64());
        }
        Ok(built)
    }

    /// Builds the south lists of the south set `south` (local rows): their first parts.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if a list does not fit.
    pub(super) fn build_south(&mut self, join: &Join, south: u32) -> Result<(), OutOfMemory> {
        for quarter in [SOUTH_EAST, SOUTH_WEST] {
            self.build_first(join, (0, 0, south), quarter)?;
        }
        Ok(())
    }

    /// Builds the first part of list `quarter` of a row set (the `i`-th north set `north`
    /// of the tile and the south set `south`) and returns its number of parts (planning
    /// them).
    fn build_first(
        &mut self,
        join: &Join,
        (i, north, south): (usize, u32, u32),
        quarter: usize,
    ) -> Result<u64, OutOfMemory> {
        let (shape, rows) = join.quarter(quarter, (north, south));
        let (list, found) = self.list_mut(i, quarter);
        list.build_part(shape, rows, 0, join.list_part, found)
    }

    /// Makes sure list `quarter` of the row set of north set `north` (the `i`-th of the held
    /// tile) and south set `south` holds its part `part`: built again only if it holds
    /// another.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the part does not fit.
    pub(super) fn hold_part(
        &mut self,
        join: &Join,
        (i, north, south): (usize, u32, u32),
        quarter: usize,
        part: u64,
    ) -> Result<(), OutOfMemory> {
        let (held, parts) = self.list_mut(i, quarter).0.part();
        if held != part || parts == 0 {
            self.build_part(join, (i, north, south), quarter, part)?;
        }
        Ok(())
    }

    /// Builds part `part` of list `quarter` of the row set of north set `north` (the `i`-th
    /// of the held tile) and south set `south`, on the plan of its parts made by its first.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the part does not fit.
    pub(super) fn build_part(
        &mut self,
        join: &Join,
        (i, north, south): (usize, u32, u32),
        quarter: usize,
        part: u64,
    ) -> Result<(), OutOfMemory> {
        let (shape, rows) = join.quarter(quarter, (north, south));
        let (list, found) = self.list_mut(i, quarter);
        list.build_part(shape, rows, part, join.list_part, found)
            .map(|_| ())
    }

    /// List `quarter` of the row set of the `i`-th north set of the tile and the south set
    /// held, and the room its build borrows.
    fn list_mut(&mut self, i: usize, quarter: usize) -> (&mut Lists, &mut Found) {
        let list = match quarter {
            NORTH_EAST => &mut self.north[i].0,
            SOUTH_EAST => &mut self.south_east,
            NORTH_WEST => &mut self.north[i].1,
            _ => &mut self.south_west,
        };
        (list, &mut self.found)
    }

    /// The number of parts of each of the four lists held for the `i`-th north set of the
    /// tile (in the order of [`NORTH_EAST`] to [`SOUTH_WEST`]).
    pub(super) fn parts(&self, i: usize) -> [u64; 4] {
        let row_set = self.row_set(i);
        [
            row_set.north_east,
            row_set.south_east,
            row_set.north_west,
            row_set.south_west,
        ]
        .map(|list| list.part().1)
    }

    /// Whether any list held is in more than one part.
    #[cfg(test)]
    pub(super) fn any_in_parts(&self) -> bool {
        let souths = [&self.south_east, &self.south_west];
        let mut lists = self.north.iter().flat_map(|(e, w)| [e, w]).chain(souths);
        lists.any(|list| list.part().1 > 1)
    }

    /// The lists held of the row set of the `i`-th north set of the tile.
    pub(super) fn row_set(&self, i: usize) -> RowSet<'_> {
        RowSet {
            north_east: &self.north[i].0,
            south_east: &self.south_east,
            north_west: &self.north[i].1,
            south_west: &self.south_west,
        }
    }
}
