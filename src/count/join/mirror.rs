//! A part of the join counted again through the board's upside-down image (and one row set
//! counted alone, for the independent search to check): every row set `E`
//! the part counts is counted as its reverse (row `r` to row `n - 1 - r`), which has as many
//! placements but is made of other quarter lists, other halves, other batches and other cuts
//! of the sieve, met in another order. A faulty core, a flipped bit or a fault that strikes
//! only some row sets changes one count and not the other; the work is about the part's own.
//!
//! The images of a tile's row sets are a grid again, transposed: the images' north sets are
//! those of the unit's south sets, their south sets those of the tile's north sets. So each
//! tile of the part holds its images' north lists once and builds each image south list
//! once, as the count itself does.

use super::plan::{Join, Tile, MAX_N};
use super::progress::Progress;
use super::worker::Worker;
use crate::count::run::threads::Helpers;
use crate::count::run::workers::{share_out, Threads};
use crate::count::run::{self, CountError, Steps};
use crate::kernel::Kernel;
use std::collections::BTreeMap;

/// The join's count of one row set of `n` (north set `north`, south set `south`, as
/// `unit_row_sets` gives them), weighed by the upside-down fold as a part counts it, on one
/// thread, on `kernel`: what the independent search checks it against.
///
/// # Panics
///
/// Panics if `n` is not in `1..=32` or the sets are not of one row set of `n`.
///
/// # Errors
///
/// [`CountError::Memory`] if the lists or the halves do not fit.
///
/// # Complexity
///
/// That of the row set's share of its part.
pub(crate) fn count_row_set(
    n: u32,
    (north, south): (u32, u32),
    kernel: Kernel,
) -> Result<u128, CountError> {
    assert!(
        (1..=MAX_N).contains(&n),
        "join: n = {} is outside 1..=32",
        n
    );
    let join = Join::new(n, kernel);
    let k = north.count_ones();
    assert!(
        north < 1 << join.w && south < 1 << join.e && k + south.count_ones() == join.e,
        "join: {:b}/{:b} is not a row set of n = {}",
        north,
        south,
        n
    );
    count_one(&join, (north, south))
}

/// The count of part `part` of the join's count of `n`, made again through the upside-down
/// image of every row set the part counts (other quarter lists, batches and cuts), on up to `threads` threads, on `kernel`: it equals [`count_with`](super::count_with)'s count of
/// the part unless a fault struck one of them.
///
/// # Panics
///
/// Panics if `n` is not in `1..=32`, or the part is not `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError::Memory`] if the plan, the lists or the halves do not fit.
///
/// # Complexity
///
/// About that of counting the part.
pub(crate) fn count_mirrored(
    n: u32,
    part: (u64, u64),
    threads: usize,
    kernel: Kernel,
) -> Result<u128, CountError> {
    assert!(
        (1..=MAX_N).contains(&n),
        "join: n = {} is outside 1..=32",
        n
    );
    assert!(
        1 <= part.0 && part.0 <= part.1,
        "join: part {:?} is not 1 <= k <= m",
        part
    );
    crate::memory::headroom("the join's plan")?;
    count_part(&Join::new(n, kernel), part, threads)
}

/// One tile of a part and the row sets of it the part holds: what one worker counts again.
struct Mirrored {
    /// The images' north sets, in order: held together, as a tile's.
    norths: Vec<u32>,
    /// For each image south set, the row sets to count with it: (index into `norths`, the
    /// fold's weight of the row set imaged).
    souths: BTreeMap<u32, Vec<(usize, u64)>>,
}

/// The count of part `part` of the join's count of `join.n`, made through the reverse of
/// every row set it counts, on up to `threads` threads (one crew of them from
/// [`super::CREW_FROM`]).
///
/// # Errors
///
/// [`CountError::Memory`] if the plan, the lists or the halves do not fit.
///
/// # Complexity
///
/// About that of counting the part: the same pairs of halves, met through other lists.
pub(super) fn count_part(
    join: &Join,
    part: (u64, u64),
    threads: usize,
) -> Result<u128, CountError> {
    let units = join.units()?;
    // The part's units, gathered by tile.
    let mut tiles: BTreeMap<(u32, u32, u32), Vec<&Tile>> = BTreeMap::new();
    for (_, tile) in units
        .iter()
        .enumerate()
        .filter(|&(i, _)| run::in_part(i, Some(part)))
    {
        let key = (tile.k, tile.north.start, tile.north.end);
        tiles.entry(key).or_default().push(tile);
    }
    let mut work = Vec::new();
    crate::memory::reserve(&mut work, tiles.len(), "the tiles of the part")?;
    for units in tiles.values() {
        work.push(mirrored(join, units));
    }
    let hands = threads.max(1);
    let (wanted, per_worker) = match join.crew {
        true => (1, hands),
        false => (hands, 1),
    };
    let helpers = Helpers::default();
    share_out(
        &work,
        Threads {
            wanted,
            fewer: None,
        },
        None,
        || Ok(Worker::new(join, per_worker)),
        |worker, tile| count_tile(join, worker, tile, &helpers),
    )
}

/// The images of the row sets of a tile's `units` (all of one tile) that the fold counts.
fn mirrored(join: &Join, units: &[&Tile]) -> Mirrored {
    let mut images: Vec<(u32, u32, u64)> = Vec::new();
    for tile in units {
        let (norths, souths) = (
            &join.north_sets[tile.k as usize],
            &join.south_sets[tile.k as usize],
        );
        for &south in &souths[tile.south.start as usize..tile.south.end as usize] {
            for &north in &norths[tile.north.start as usize..tile.north.end as usize] {
                let weight = join.fold(north, south);
                if weight > 0 {
                    let (north, south) = join.reverse(north, south);
                    images.push((north, south, weight));
                }
            }
        }
    }
    let mut norths: Vec<u32> = images.iter().map(|&(north, _, _)| north).collect();
    norths.sort_unstable();
    norths.dedup();
    let mut souths: BTreeMap<u32, Vec<(usize, u64)>> = BTreeMap::new();
    for (north, south, weight) in images {
        let i = norths
            .binary_search(&north)
            .expect("every image's north set is held");
        souths.entry(south).or_default().push((i, weight));
    }
    Mirrored { norths, souths }
}

/// Counts the images of one tile's row sets: their north lists held together, each image
/// south list built once and met with every held north set it pairs with.
fn count_tile(
    join: &Join,
    worker: &mut Worker,
    tile: &Mirrored,
    helpers: &Helpers,
) -> Result<u128, CountError> {
    worker.lists.hold_sets(join, &tile.norths)?;
    let mut progress = Progress::new(Steps::none());
    for (&south, row_sets) in &tile.souths {
        worker.lists.build_south(join, south)?;
        for &(i, weight) in row_sets {
            let north = tile.norths[i];
            let k = north.count_ones();
            let at = ([0, 0], weight);
            worker.count_row_set(join, (i, north, south), k, &mut progress, at, helpers)?;
        }
    }
    Ok(progress.total())
}

/// The count of the one row set of north set `north` and south set `south`, weighed by the
/// upside-down fold (0 for a row set counted for its reverse), by a worker of its own.
///
/// # Errors
///
/// [`CountError::Memory`] if the lists or the halves do not fit.
fn count_one(join: &Join, (north, south): (u32, u32)) -> Result<u128, CountError> {
    let weight = join.fold(north, south);
    if weight == 0 {
        return Ok(0);
    }
    let mut worker = Worker::new(join, 1);
    worker.lists.hold_sets(join, &[north])?;
    worker.lists.build_south(join, south)?;
    let mut progress = Progress::new(Steps::none());
    let helpers = Helpers::default();
    let (k, at) = (north.count_ones(), ([0, 0], weight));
    worker.count_row_set(join, (0, north, south), k, &mut progress, at, &helpers)?;
    Ok(progress.total())
}
