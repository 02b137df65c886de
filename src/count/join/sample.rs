//! One sample of the join's estimate: a random row set of a unit, and in it a random pair of
//! an east and a west batch of halves, counted as a whole count counts it, with the share of
//! the whole count's time it stands for.

use super::crew::SAMPLED_RUNS;
use super::meeting::Meeting;
use super::plan::{Join, Tile, MAX_N, NORTH_EAST, NORTH_WEST};
use super::worker::Worker;
use crate::count::problem::Ask;
use crate::count::run::estimate::{estimate_units, Estimate, Sampled};
use crate::count::run::threads::Helpers;
use crate::count::run::{self, CountError};
use crate::kernel::Kernel;
use crate::memory::OutOfMemory;
use crate::rng::SplitMix64;

/// One sample of the join's estimate: a random row set of `tile`, with its four lists built
/// for it alone, and in it a random pair of an east and a west batch of halves ([`Meeting`])
/// of a random combination of their parts, counted as a whole count counts it by `worker`.
/// The sample weighs as many times more as there are such pairs in the unit, and its time is
/// counted with the share of the work a whole count pays for it: of the lists (a south list
/// in one part is met with every north set of its tile, a north list with every south set, a
/// list in parts is built for each), of making and sorting the larger side's batch (once for
/// all the other side's batches) and, when the other side is one batch, of making it (once for
/// all the larger side's batches).
///
/// # Errors
///
/// [`OutOfMemory`] if the lists or the halves do not fit.
///
/// # Complexity
///
/// That of counting one pair of batches of one row set, with its lists.
pub(super) fn sample(
    join: &Join,
    worker: &mut Worker,
    tile: &Tile,
    rng: &mut SplitMix64,
) -> Result<Sampled, OutOfMemory> {
    let (tile_norths, souths) = (tile.north.len(), tile.south.len());
    let i = tile.north.start + rng.below(tile_norths as u64) as u32;
    let j = tile.south.start as usize + rng.below(souths as u64) as usize;
    let (north, south) = (
        join.north_sets[tile.k as usize][i as usize],
        join.south_sets[tile.k as usize][j],
    );
    let weight = join.fold(north, south);
    let row_sets = (tile_norths * souths) as f64;
    if weight == 0 {
        return Ok(Sampled {
            counts: [0, 0],
            weight: row_sets,
            seconds: Some(0.0),
            serial: 0.0,
        });
    }
    // The row set's four lists, each in a random part, and what building that part costs
    // the row set in a whole count (`Worker::count_row_set`): a list in one part is built once
    // per tile (north) or per south set (south), one in parts once per change of its part.
    let built = worker.lists.hold_alone(join, (north, south))?;
    let mut parts = [1; 4];
    let mut lists = 0.0;
    for (quarter, &(its_parts, seconds)) in built.iter().enumerate() {
        parts[quarter] = its_parts;
        // The first build (the whole list, or the plan of its parts and the first part)
        // is made once per tile (north) or per south set (south).
        lists += seconds
            * match quarter {
                NORTH_EAST | NORTH_WEST => 1.0 / join.south_sets[tile.k as usize].len() as f64,
                _ => 1.0 / tile_norths as f64,
            };
    }
    for quarter in 0..4 {
        if parts[quarter] > 1 {
            // A part, on the plan kept, once per change of its part.
            let started = std::time::Instant::now();
            let part = rng.below(parts[quarter]);
            worker
                .lists
                .build_part(join, (0, north, south), quarter, part)?;
            lists +=
                started.elapsed().as_secs_f64() * parts[..=quarter].iter().product::<u64>() as f64;
        }
    }
    // The sample stands for one combination of the parts of the lists.
    let combinations = parts.iter().product::<u64>() as f64;
    let meeting = Meeting::new(join, worker.lists.row_set(0), tile.k);
    let (east, west) = (&meeting.east, &meeting.west);
    if east.is_empty() || west.is_empty() {
        return Ok(Sampled {
            counts: [0, 0],
            weight: row_sets * combinations,
            seconds: Some(lists / combinations),
            serial: on_one_thread(worker, lists / combinations),
        });
    }
    let batches = meeting.batches();
    let (a, b) = (
        rng.below(batches[0] as u64) as usize,
        rng.below(batches[1] as u64) as usize,
    );
    let counting = std::time::Instant::now();
    let (counted, shared) = match (meeting.kept, worker.crew.as_mut()) {
        (None, _) => {
            worker.make_batch(join, 0, false, (west, b))?;
            worker.make_batch(join, 0, true, (east, a))?;
            (worker.count_made(join)?, 0.0)
        }
        (Some(west_blocked), Some(crew)) => {
            // The kept batch is made and sorted once for all the other side's batches (which
            // a crew makes again for each kept batch): its share is charged. Only one random
            // run of the patterns is probed, standing for all of them: the sample weighs that
            // many times more, and its time is that run's probing and its share of making
            // both batches.
            let (kept, probe, probes) = match west_blocked {
                true => (b, a, batches[0]),
                false => (a, b, batches[1]),
            };
            let runs = SAMPLED_RUNS;
            let run = rng.below(runs as u64) as usize;
            let sides = (&meeting, west_blocked);
            let helpers = Helpers::default();
            let row_set = worker.lists.row_set(0);
            let board = (join, row_set, &mut worker.sieve);
            let (made, cut) = crew.keep_batch(board, sides, (kept, probe), &helpers)?;
            let started = std::time::Instant::now();
            let board = (join, row_set, &mut worker.sieve);
            let (counted, making, runs_cut) =
                crew.meet_batch(board, sides, probe, (run, runs), &helpers)?;
            let probing = started.elapsed().as_secs_f64() - making;
            let share = made / probes as f64 + making;
            let seconds = probing + share / runs as f64;
            let pairs = (batches[0] * batches[1] * runs) as f64;
            let lists = lists / (combinations * pairs);
            // What one thread of the crew does while the others wait: the lists, the
            // choice of the cut and of the runs, in the same shares.
            let serial = lists + (cut / probes as f64 + runs_cut) / runs as f64;
            return Ok(Sampled {
                counts: [weight * counted, 0],
                weight: row_sets * combinations * pairs,
                seconds: Some(seconds + lists),
                serial,
            });
        }
        (Some(west_blocked), None) => {
            // The larger side's batch is made and sorted once for all the other side's
            // batches: its share is charged.
            let (blocked, probing) = match west_blocked {
                true => ((&west[..], b), (&east[..], a)),
                false => ((&east[..], a), (&west[..], b)),
            };
            worker.make_batch(join, 0, !west_blocked, blocked)?;
            let made = counting.elapsed().as_secs_f64();
            worker.make_batch(join, 0, west_blocked, probing)?;
            let other = counting.elapsed().as_secs_f64() - made;
            let bits = worker.lists.row_set(0).used_bits(west_blocked);
            let counted = worker.count_kept(join, true, west_blocked, bits)?;
            let big = (made + worker.sieve.prepared) * (1.0 - 1.0 / probing.0.len() as f64);
            let small = match probing.0.len() {
                1 => other * (1.0 - 1.0 / blocked.0.len() as f64),
                _ => 0.0,
            };
            (counted, big + small)
        }
    };
    // The lists' share: this pair of batches is one of the combination's pairs.
    let pairs = (batches[0] * batches[1]) as f64;
    let lists = lists / (combinations * pairs);
    let seconds = counting.elapsed().as_secs_f64() - shared + lists;
    // A crew meets a row set of one batch a side in one call, on one thread.
    let serial = on_one_thread(worker, seconds);
    Ok(Sampled {
        counts: [weight * counted, 0],
        weight: row_sets * combinations * pairs,
        seconds: Some(seconds),
        serial,
    })
}

/// The serial share of `seconds` of work that one thread does: all of it where a crew counts
/// (the others wait: the lists one thread builds for all, a row set met in one call), none
/// where each thread counts units of its own.
fn on_one_thread(worker: &Worker, seconds: f64) -> f64 {
    match worker.crew.is_some() {
        true => seconds,
        false => 0.0,
    }
}

/// Estimates the count of `n` queens by the join from a seeded random sample of its row sets,
/// each sample a random pair of an east and a west batch of a row set's halves, for
/// about `budget` (as [`crate::count::estimate`] says), on `kernel`; of
/// the k-th of m parts for `part = Some((k, m))`.
///
/// # Panics
///
/// Panics if `n > 32`, or if a part is not `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError`] if the quarter lists do not fit in memory.
///
/// # Complexity
///
/// About `budget` (past n = 23 each sample takes seconds).
///
/// # Example
///
/// ```
/// use std::time::Duration;
///
/// let estimate = nqueens::count::join::estimate(14, Duration::from_millis(20), 1, nqueens::count::join::Kernel::best(), None).unwrap();
/// assert!((estimate.count - 365596.0).abs() < 5.0 * estimate.error.max(1.0));
/// ```
pub fn estimate(
    n: u32,
    budget: std::time::Duration,
    seed: u64,
    kernel: Kernel,
    part: Option<(u64, u64)>,
) -> Result<Estimate, CountError> {
    assert!(n <= MAX_N, "join: n = {} is above {}", n, MAX_N);
    if n == 0 {
        return estimate_units(
            Ask::Total,
            &run::slice(vec![()], part),
            budget,
            seed,
            || Ok(()),
            |_, _, _| {
                Ok(Sampled {
                    counts: [1, 0],
                    weight: 1.0,
                    seconds: None,
                    serial: 0.0,
                })
            },
        );
    }
    crate::memory::headroom("the join's plan")?;
    let join = Join::new(n, kernel);
    estimate_units(
        Ask::Total,
        &run::slice(join.units()?, part),
        budget,
        seed,
        || Ok(Worker::new(&join, 1)),
        |worker, tile, rng| Ok(sample(&join, worker, tile, rng)?),
    )
}
