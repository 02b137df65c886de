//! The join's own tests: row sets counted in batches against the known counts, and estimates
//! from pairs of batches.

use super::halves;
use super::plan::{self, Join};
use super::progress::Progress;
use super::worker::Worker;
use super::*;
use crate::count::run::Steps;
use crate::rng::SplitMix64;

/// Every row set of `join`, counted by `count(join, worker, i, k)` after its lists are
/// built by a worker of `hands` threads, with the fold's weights.
fn by_row_sets(
    join: &Join,
    hands: usize,
    count: impl Fn(&Join, &mut Worker, usize, u32) -> u64,
) -> u64 {
    let mut worker = Worker::new(join, hands);
    let mut total = 0;
    for tile in join.units().unwrap() {
        worker.lists.hold_north(join, &tile).unwrap();
        for j in tile.south.clone() {
            let south = join.south_sets[tile.k as usize][j as usize];
            worker.lists.build_south(join, south).unwrap();
            for (i, north) in tile.north.clone().enumerate() {
                let north = join.north_sets[tile.k as usize][north as usize];
                let weight = join.fold(north, south);
                if weight > 0 {
                    total += weight * count(join, &mut worker, i, tile.k);
                }
            }
        }
    }
    total
}

/// No threads' work to tell of.
fn helpers() -> Helpers {
    Helpers::default()
}

#[test]
fn halves_made_in_small_batches_count_the_same() {
    // Alone, and by crews of one and of three threads (their batches made in segments, kept in
    // segments, their patterns shared out).
    for (n, (crew, hands)) in [8u32, 11, 12, 13]
        .into_iter()
        .flat_map(|n| [(false, 1), (true, 1), (true, 3)].map(|crew| (n, crew)))
    {
        for halves in [1, 7, 100, 5000] {
            let mut join = Join::new(n, Kernel::portable());
            (join.halves, join.crew) = (halves, crew);
            let total = by_row_sets(&join, hands, |join, worker, i, k| {
                let mut progress = Progress::new(Steps::none());
                let at = ([0; 3], 1);
                worker
                    .count_rows(join, i, k, &mut progress, at, &helpers())
                    .unwrap();
                u64::try_from(progress.total()).unwrap()
            });
            assert_eq!(
                total,
                crate::judge::KNOWN_COUNTS[n as usize],
                "n = {}, {} halves, crew {} of {}",
                n,
                halves,
                crew,
                hands
            );
        }
    }
}

#[test]
fn the_path_of_n_28_and_up_gives_the_known_counts_at_full_size() {
    // Every quarter list cut into parts of at most 200 placements (from n = 28 the lists pass
    // LIST_PART and are cut so), halves in the count's own batches: N = 14 to 16 counted whole,
    // against the symmetric search and the table of known counts.
    for n in 14u32..=16 {
        let mut join = Join::new(n, Kernel::best());
        join.list_part = 200;
        let mut worker = Worker::new(&join, 1);
        let (mut total, mut cut) = (0, 0);
        for tile in join.units().unwrap() {
            total += worker
                .count_tile(&join, &tile, Steps::none(), &helpers())
                .unwrap();
            cut += u64::from(worker.lists.any_in_parts());
        }
        assert!(cut > 0, "n = {}: no list was cut", n);
        assert_eq!(
            total,
            u128::from(crate::count::symmetric::count(n)),
            "n = {}",
            n
        );
        assert_eq!(
            total,
            u128::from(crate::judge::KNOWN_COUNTS[n as usize]),
            "n = {}",
            n
        );
    }
}

#[test]
fn lists_built_in_parts_count_the_same() {
    // Lists in parts of a few placements (a row set meets every combination of its four
    // lists' parts), met part by part with the halves in small batches too, as n >= 28 meets
    // its big ones.
    for (n, list_part, halves, crew) in [
        (9u32, 1, 5000, false),
        (9, 3, 40, false),
        (12, 40, 40, false),
        (12, 90, 1 << 20, false),
        (13, 150, 100, false),
        (12, 40, 40, true),
        (13, 150, 100, true),
    ] {
        let want = crate::count::symmetric::count(n);
        {
            let mut join = Join::new(n, Kernel::portable());
            (join.list_part, join.halves, join.crew) = (list_part, halves, crew);
            let mut worker = Worker::new(&join, 2);
            let mut total = 0;
            let mut cut = 0;
            for tile in join.units().unwrap() {
                total += worker
                    .count_tile(&join, &tile, Steps::none(), &helpers())
                    .unwrap();
                cut += u64::from(worker.lists.any_in_parts());
            }
            assert_eq!(total, u128::from(want), "n = {}, parts of {}", n, list_part);
            assert!(cut > 0, "n = {}: no list in parts of {}", n, list_part);
        }
    }
}

#[test]
fn an_estimate_from_parts_of_lists_is_near_the_count() {
    let mut join = Join::new(12, Kernel::portable());
    join.list_part = 20;
    let (mean, error) = sampled(&join, 3000, 3);
    let want = crate::count::symmetric::count(12) as f64;
    assert!((mean - want).abs() < 4.0 * error, "{} ± {}", mean, error);
}

#[test]
fn an_estimate_of_a_crew_is_near_the_count() {
    // A crew's samples: a kept batch made in segments met with one batch of the other side.
    let mut join = Join::new(13, Kernel::portable());
    (join.halves, join.crew) = (60, true);
    let (mean, error) = sampled(&join, 3000, 4);
    let want = crate::count::symmetric::count(13) as f64;
    assert!((mean - want).abs() < 4.0 * error, "{} ± {}", mean, error);
}

#[test]
fn a_crews_samples_carry_the_work_one_thread_does_alone_and_others_none() {
    for crew in [true, false] {
        let mut join = Join::new(13, Kernel::portable());
        (join.halves, join.crew) = (60, crew);
        let units = join.units().unwrap();
        let mut worker = Worker::new(&join, 1);
        let mut rng = SplitMix64::new(5);
        let (mut serial, mut seconds) = (0.0, 0.0);
        for _ in 0..300 {
            let unit = &units[rng.below(units.len() as u64) as usize];
            let sampled = sample::sample(&join, &mut worker, unit, &mut rng).unwrap();
            let took = sampled
                .seconds
                .expect("a join's sample says its share of time");
            assert!(
                sampled.serial >= 0.0 && sampled.serial <= took,
                "{:?}",
                sampled
            );
            (serial, seconds) = (serial + sampled.serial, seconds + took);
        }
        match crew {
            // The lists, the cut and the small row sets: some of the work, not all of it.
            true => assert!(
                serial > 0.0 && serial < seconds,
                "{} of {}",
                serial,
                seconds
            ),
            false => assert_eq!(serial, 0.0),
        }
    }
}

/// The mean of `samples` seeded samples of `join`'s count, as `estimate_units` takes them
/// (without its clock), and its standard error (not 0).
fn sampled(join: &Join, samples: usize, seed: u64) -> (f64, f64) {
    let units = join.units().unwrap();
    let mut worker = Worker::new(join, 1);
    let mut rng = SplitMix64::new(seed);
    let values: Vec<f64> = (0..samples)
        .map(|_| {
            let unit = &units[rng.below(units.len() as u64) as usize];
            let sampled = sample::sample(join, &mut worker, unit, &mut rng).unwrap();
            sampled.counts[0] as f64 * sampled.weight * units.len() as f64
        })
        .collect();
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance =
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (values.len() - 1) as f64;
    let error = (variance / values.len() as f64).sqrt();
    assert!(error > 0.0);
    (mean, error)
}

#[test]
fn batches_hold_at_most_their_candidates_and_cover_the_walk() {
    let join = Join::new(12, Kernel::portable());
    let mut worker = Worker::new(&join, 1);
    let tile = &join.units().unwrap()[40];
    worker.lists.hold_north(&join, tile).unwrap();
    let south = join.south_sets[tile.k as usize][tile.south.start as usize];
    worker.lists.build_south(&join, south).unwrap();
    let row_set = worker.lists.row_set(0);
    let (upper, lower, width, k) = (row_set.north_east, row_set.south_east, join.e, tile.k);
    let key_bits = join.key_bits();
    let make = |from, to| {
        let mut keys = halves::Keys::default();
        let made = (&mut keys, Kernel::best());
        halves::pairs((upper, lower), width, key_bits, made, from, to).unwrap();
        keys.keys().to_vec()
    };
    let whole = halves::starts(upper, lower, width, k, usize::MAX);
    assert_eq!(whole.len(), 1);
    let all = make(whole[0], None);
    assert!(all.len() > 20, "{} halves", all.len());
    for limit in [1, 5, all.len() / 3] {
        let starts = halves::starts(upper, lower, width, k, limit);
        assert!(
            starts.len() > 1 && starts.windows(2).all(|p| p[0] < p[1]),
            "{} {:?}",
            limit,
            starts
        );
        let segments: Vec<Vec<u64>> = (0..starts.len())
            .map(|a| make(starts[a], starts.get(a + 1).copied()))
            .collect();
        assert_eq!(segments.concat(), all, "limit {}", limit);
        // About `limit` halves a batch, from an estimate of the share kept: near enough.
        let sizes: Vec<usize> = segments.iter().map(Vec::len).collect();
        assert!(
            sizes.iter().all(|&size| size <= 2 * limit + lower.len())
                && sizes.len() <= 2 * all.len().div_ceil(limit) + 1,
            "limit {}: {:?}",
            limit,
            sizes
        );
    }
}

#[test]
fn an_estimate_from_pairs_of_batches_is_near_the_count() {
    let mut join = Join::new(13, Kernel::portable());
    join.halves = 40; // several batches a side in most row sets
    let (mean, error) = sampled(&join, 2000, 7);
    assert!((mean - 73712.0).abs() < 4.0 * error, "{} ± {}", mean, error);
}

#[test]
fn the_row_sets_and_their_weights_cover_every_row_set_once() {
    for n in [1u32, 5, 8, 9, 16] {
        let join = Join::new(n, Kernel::portable());
        let mut seen = std::collections::HashSet::new();
        let mut covered = 0;
        for tile in join.units().unwrap() {
            for i in tile.north.clone() {
                for j in tile.south.clone() {
                    let north = join.north_sets[tile.k as usize][i as usize];
                    let south = join.south_sets[tile.k as usize][j as usize];
                    assert!(seen.insert((north, south)), "n = {}: twice", n);
                    covered += join.fold(north, south);
                }
            }
        }
        let all = (0u32..1 << n)
            .filter(|s| s.count_ones() == n - n / 2)
            .count();
        assert_eq!(seen.len(), all, "n = {}", n);
        assert_eq!(covered, all as u64, "n = {}", n);
    }
}

#[test]
fn a_row_set_of_n_29_to_32_meets_its_halves_as_brute_force_pairs_them() {
    // Wide keys (56 to 62 bits: 10 and 11 groups, the weight beside them), the quarters of
    // the widest boards and lists in parts, on counts that can be checked: a row set of a
    // board with about half its squares barred (so its lists are small), counted in parts
    // as the join counts, against its halves paired by brute force.
    for (n, open) in [(29u32, 45), (30, 43), (31, 43), (32, 43)] {
        let mut join = Join::new(n, Kernel::best());
        let (w, e) = (join.w, join.e);
        let mut rng = SplitMix64::new(u64::from(n));
        let open: Vec<bool> = (0..n * n).map(|_| rng.below(100) < open).collect();
        let open = |r: u32, c: u32| open[(r * n + c) as usize];
        join.north_west = quarter::Shape::new(n, 0, w, 0, w, open);
        join.south_west = quarter::Shape::new(n, w, e, 0, w, |r, c| open(r + w, c));
        join.north_east = quarter::Shape::new(n, 0, w, w, e, |r, c| open(r, c + w));
        join.south_east = quarter::Shape::new(n, w, e, w, e, |r, c| open(r + w, c + w));
        let k = w / 2;
        let (norths, souths) = (&join.north_sets[k as usize], &join.south_sets[k as usize]);
        let (i, j) = (norths.len() / 3, souths.len() / 2);
        let (north, south) = (norths[i], souths[j]);
        // The row set's four lists whole, and every pair of its halves.
        let list = |shape: &quarter::Shape, rows: u32| {
            let mut list = quarter::Lists::default();
            list.build(shape, rows).unwrap();
            list
        };
        let (all_north, all_south) = ((1u32 << w) - 1, (1u32 << e) - 1);
        let lists = [
            list(&join.north_east, north),
            list(&join.south_east, south),
            list(&join.north_west, all_north & !north),
            list(&join.south_west, all_south & !south),
        ];
        let key_mask = (1u64 << join.key_bits()) - 1;
        let halves = |upper, lower, width| all_halves(upper, lower, width, key_mask);
        let east = halves(&lists[0], &lists[1], e);
        let west = halves(&lists[2], &lists[3], w);
        let weight = join.long_diagonals();
        let want: u64 = west
            .iter()
            .map(|&w| (east.iter().filter(|&&e| e & w == 0).count() as u64) << weight(w))
            .sum();
        // The same row set as the join counts it, its largest list in 3 parts.
        join.list_part = lists.iter().map(quarter::Lists::len).max().unwrap() / 3 + 1;
        let tile = plan::Tile {
            k,
            north: i as u32..i as u32 + 1,
            south: j as u32..j as u32 + 1,
        };
        let mut worker = Worker::new(&join, 1);
        worker.lists.hold_north(&join, &tile).unwrap();
        worker.lists.build_south(&join, south).unwrap();
        let parts = worker.lists.parts(0);
        let mut progress = Progress::new(Steps::none());
        let row_set = (0, north, south);
        worker
            .count_row_set(&join, row_set, k, &mut progress, ([0; 2], 1), &helpers())
            .unwrap();
        let got = u64::try_from(progress.total()).unwrap();
        assert!(want > 0, "n = {}: no pair", n);
        assert!(parts.iter().any(|&p| p > 1), "n = {}: {:?}", n, parts);
        assert_eq!(got, want, "n = {}", n);
    }
}

/// The keys of every half made of a placement of `upper` and one of `lower` (quarters
/// `width` columns wide) on disjoint columns that fit, by brute force.
pub(super) fn all_halves(
    upper: &quarter::Lists,
    lower: &quarter::Lists,
    width: u32,
    key_mask: u64,
) -> Vec<u64> {
    let all = (1u32 << width) - 1;
    let mut keys = Vec::new();
    for cols in 0..=all {
        for a in upper.bucket(cols) {
            for b in lower.bucket(all & !cols) {
                if a & b == 0 {
                    keys.push((a | b) & key_mask);
                }
            }
        }
    }
    keys
}

#[test]
fn a_unit_resumed_from_any_of_its_steps_counts_the_same() {
    // Lists in parts and halves in small batches, so that a unit's pieces are of every kind:
    // south sets, north sets, combinations of parts, kept and probing batches.
    let mut resumed = 0;
    let cases = [
        (11u32, 30, 20, false),
        (12, 40, 40, false),
        (13, LIST_PART, 300, false),
        (12, 40, 40, true),
    ];
    for (n, list_part, halves, crew) in cases {
        let mut join = Join::new(n, Kernel::portable());
        (join.list_part, join.halves, join.crew) = (list_part, halves, crew);
        let mut worker = Worker::new(&join, 2);
        let mut total = 0;
        for (u, tile) in join.units().unwrap().iter().enumerate() {
            let mut seen: Vec<(Vec<u64>, u128)> = Vec::new();
            let mut note = |next: &[u64], so_far: u128| {
                seen.push((next.to_vec(), so_far));
                Ok(())
            };
            let steps = Steps::new(&[], Some(&mut note));
            let whole = worker.count_tile(&join, tile, steps, &helpers()).unwrap();
            total += whole;
            assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "pieces in order");
            // Every few units, every step; a fresh worker's buffers each time, as a resumed
            // process has.
            if u % 2 != 0 {
                continue;
            }
            for (next, so_far) in seen {
                let mut fresh = Worker::new(&join, 2);
                let steps = Steps::new(&next, None);
                let rest = fresh.count_tile(&join, tile, steps, &helpers()).unwrap();
                assert_eq!(
                    so_far + rest,
                    whole,
                    "n = {}, unit {}, from {:?}",
                    n,
                    u,
                    next
                );
                resumed += 1;
            }
        }
        assert_eq!(total, u128::from(crate::judge::KNOWN_COUNTS[n as usize]));
    }
    assert!(resumed > 500, "{} resumptions", resumed);
}

#[test]
fn every_part_counted_through_its_reversed_row_sets_gives_its_count() {
    // Parts of every size, alone, by a crew, with lists in parts and small batches: each
    // part's mirror count equals the join's count of it, though every row set is counted as
    // its reverse (other north and south sets, other lists, other batches).
    for (n, list_part, halves, crew) in [
        (8u32, LIST_PART, HALVES, false),
        (11, LIST_PART, HALVES, false),
        (12, 40, 40, false),
        (13, LIST_PART, 300, true),
        (14, LIST_PART, HALVES, false),
    ] {
        let mut join = Join::new(n, Kernel::best());
        (join.list_part, join.halves, join.crew) = (list_part, halves, crew);
        let cut = Cut {
            halves,
            list_part,
            crew,
        };
        for m in [1u64, 3, 7] {
            let mut sum = 0;
            for k in 1..=m {
                let run = Run {
                    part: Some((k, m)),
                    threads: 2,
                    ..Run::default()
                };
                let counted = count_cut(Kernel::best(), n, &run, cut).unwrap();
                let mirrored = mirror::count_part(&join, (k, m), 2).unwrap();
                assert_eq!(mirrored, counted, "n = {}, part {}/{}", n, k, m);
                sum += mirrored;
            }
            assert_eq!(sum, u128::from(crate::judge::KNOWN_COUNTS[n as usize]));
        }
    }
}

#[test]
fn a_part_whose_row_set_is_its_own_reverse_is_mirrored_once() {
    // n = 12 and 13 hold row sets that are their own reverse (weight 1) beside pairs
    // (weight 2): each part's mirror must weigh them as the fold does.
    for n in [12u32, 13] {
        let join = Join::new(n, Kernel::portable());
        let units = join.units().unwrap();
        let palindromes = units.iter().any(|tile| {
            tile.north.clone().any(|i| {
                tile.south.clone().any(|j| {
                    let (north, south) = (
                        join.north_sets[tile.k as usize][i as usize],
                        join.south_sets[tile.k as usize][j as usize],
                    );
                    join.fold(north, south) == 1
                })
            })
        });
        assert!(palindromes, "n = {}: no row set is its own reverse", n);
        let whole = mirror::count_part(&join, (1, 1), 1).unwrap();
        assert_eq!(whole, u128::from(crate::judge::KNOWN_COUNTS[n as usize]));
    }
}
