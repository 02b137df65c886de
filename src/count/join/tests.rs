//! The join's own tests: row sets counted in chunks and slices against the known counts.

use super::halves::Scratch;
use super::plan::{binomial, next_subset, Join};
use super::*;
use crate::place::rng::SplitMix64;

#[test]
fn subsets_of_a_size_come_in_order() {
    let mut x = 0b0111;
    let mut seen = vec![x];
    while let Some(next) = next_subset(x).filter(|&s| s < 1 << 5) {
        seen.push(next);
        x = next;
    }
    assert_eq!(seen.len(), 10); // C(5, 3)
    assert!(seen
        .windows(2)
        .all(|p| p[0] < p[1] && p[1].count_ones() == 3));
    assert_eq!(next_subset(0), None);
    assert_eq!(next_subset(0xf000_0000), None);
}

/// Every row set of `join`, counted by `count(join, scratch, i, k)` after its lists are
/// built, with the fold's weights.
fn by_row_sets(join: &Join, count: impl Fn(&Join, &mut Scratch, usize, u32) -> u64) -> u64 {
    let mut scratch = Scratch::new(join);
    let mut total = 0;
    for tile in join.units() {
        join.hold_north(&mut scratch, &tile).unwrap();
        for j in tile.south.clone() {
            let south = join.south_sets[tile.k as usize][j as usize];
            join.build_south(&mut scratch, south).unwrap();
            for (i, north) in tile.north.clone().enumerate() {
                let north = join.north_sets[tile.k as usize][north as usize];
                let weight = join.fold(north, south);
                if weight > 0 {
                    total += weight * count(join, &mut scratch, i, tile.k);
                }
            }
        }
    }
    total
}

#[test]
fn halves_made_in_small_chunks_count_the_same() {
    for n in [8u32, 11, 12, 13] {
        for halves in [1, 7, 100] {
            let mut join = Join::new(n, Kernel::Portable);
            join.halves = halves;
            let total = by_row_sets(&join, |join, scratch, i, k| {
                join.count_rows(scratch, i, k, None).unwrap()
            });
            assert_eq!(
                total,
                crate::judge::KNOWN_COUNTS[n as usize],
                "n = {}, {} halves",
                n,
                halves
            );
        }
    }
}

#[test]
fn the_slices_of_a_row_set_add_up_to_it() {
    for n in [9u32, 12, 13] {
        for slices in [1u64, 3, 7, 5000] {
            let join = Join::new(n, Kernel::Portable);
            let total = by_row_sets(&join, |join, scratch, i, k| {
                (0..slices)
                    .map(|j| join.count_rows(scratch, i, k, Some((j, slices))).unwrap())
                    .sum()
            });
            assert_eq!(
                total,
                crate::judge::KNOWN_COUNTS[n as usize],
                "n = {}, {} slices",
                n,
                slices
            );
        }
    }
    assert_eq!(binomial(14, 7), 3432);
    assert_eq!(binomial(5, 0), 1);
    assert_eq!(binomial(3, 4), 0);
}

#[test]
fn an_estimate_from_slices_of_row_sets_is_near_the_count() {
    let mut join = Join::new(13, Kernel::Portable);
    join.sliced_from = 11; // 4³ = 64 slices a row set
    assert_eq!(join.slices(), 64);
    // 2000 seeded samples, as `estimate_units` takes them, without its clock.
    let units = join.units();
    let mut scratch = Scratch::new(&join);
    let mut rng = SplitMix64::new(7);
    let values: Vec<f64> = (0..2000)
        .map(|_| {
            let unit = &units[rng.below(units.len() as u64) as usize];
            let sampled = join.sample(&mut scratch, unit, &mut rng).unwrap();
            sampled.counts[0] as f64 * sampled.weight * units.len() as f64
        })
        .collect();
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance =
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (values.len() - 1) as f64;
    let error = (variance / values.len() as f64).sqrt();
    assert!(error > 0.0);
    assert!((mean - 73712.0).abs() < 4.0 * error, "{} ± {}", mean, error);
}

#[test]
fn the_row_sets_and_their_weights_cover_every_row_set_once() {
    for n in [1u32, 5, 8, 9, 16] {
        let join = Join::new(n, Kernel::Portable);
        let mut seen = std::collections::HashSet::new();
        let mut covered = 0;
        for tile in join.units() {
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
