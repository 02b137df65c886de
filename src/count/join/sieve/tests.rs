//! The sieve's tests: counts against brute force, either side in blocks, kept or not; the
//! cost model.

use super::*;
use crate::rng::SplitMix64;

/// Pairs sharing no key bit, weighted, by brute force.
fn brute_force(east: &[u64], west: &[u64], key_bits: u32) -> u64 {
    let mask = (1u64 << key_bits) - 1;
    let weight = WEIGHT;
    east.iter()
        .map(|&e| {
            west.iter()
                .filter(|&&w| e & w & mask == 0)
                .map(|&w| 1u64 << (w >> weight))
                .sum::<u64>()
        })
        .sum()
}

/// `count` keys of `key_bits` bits, the low bits used more (so the sieve cuts), each with a
/// random weight in its top bits if `weighted`.
fn skewed_keys(rng: &mut SplitMix64, key_bits: u32, count: usize, weighted: bool) -> Vec<u64> {
    (0..count)
        .map(|_| {
            let mut key = 0;
            for bit in 0..key_bits {
                if rng.below(32) < 5 + (key_bits - bit) as u64 / 4 {
                    key |= 1 << bit;
                }
            }
            key | if weighted { rng.below(3) << WEIGHT } else { 0 }
        })
        .collect()
}

#[test]
fn the_sieve_counts_what_brute_force_counts_on_keys_of_every_density() {
    let mut rng = SplitMix64::new(5);
    let key_bits = 30;
    // Sizes, density, and the bits each side uses (only one side uses the others, so
    // they are squeezed out: 20 of 30 on both sides, 10 on one).
    let both = (1u64 << key_bits) - 1;
    let mut chosen = Vec::new();
    for (sizes, density, (east_bits, west_bits)) in [
        ((3000, 700), 6, (both, both)),
        ((5000, 3000), 3, (both, both)),
        ((1100, 50), 10, (both, both)),
        ((3000, 700), 6, (both >> 5, both << 5)),
        ((5000, 3000), 3, (both >> 5, both << 5)),
        ((5000, 3000), 3, (both >> 20, both << 20)),
        ((30000, 12000), 6, (both, both)),
        // The west side larger: its keys are loaded into blocks, by weight.
        ((700, 6000), 6, (both, both)),
        ((6000, 70000), 6, (both, both)),
        ((6000, 70000), 3, (both >> 5, both << 5)),
    ] {
        let mut keys = |count: usize, weighted: bool| -> Vec<u64> {
            let bits = if weighted { west_bits } else { east_bits };
            (0..count)
                .map(|_| {
                    let mut key = 0;
                    for bit in (0..key_bits).filter(|&bit| bits >> bit & 1 == 1) {
                        // Skewed densities: low bits used more, so the sieve cuts.
                        if rng.below(32) < density + (key_bits - bit) as u64 / 4 {
                            key |= 1 << bit;
                        }
                    }
                    if weighted {
                        key |= rng.below(3) << WEIGHT;
                    }
                    key
                })
                .collect()
        };
        let east = keys(sizes.0, false);
        let west = keys(sizes.1, true);
        let mut sieve = Sieve::default();
        let mut block = Sliced::new(key_bits as usize);
        let expected = brute_force(&east, &west, key_bits);
        for kernel in Kernel::available() {
            assert_eq!(
                sieve
                    .count(
                        &east,
                        &west,
                        |key| (key >> WEIGHT) as usize,
                        key_bits,
                        &mut block,
                        kernel
                    )
                    .unwrap(),
                expected,
                "{:?} {:?}",
                sizes,
                kernel
            );
            chosen.push(sieve.chosen);
        }
    }
    // Every way of counting was taken: no sort, and the sieve on either side's blocks.
    for way in [None, Some((false, true)), Some((true, true))] {
        assert!(chosen.contains(&way), "{:?} in {:?}", way, chosen);
    }
}

#[test]
fn a_side_kept_sorted_meets_the_other_in_batches_as_brute_force_counts() {
    let mut rng = SplitMix64::new(11);
    let key_bits = 30;
    let keys = |rng: &mut SplitMix64, count, weighted| skewed_keys(rng, key_bits, count, weighted);
    let weight = |key: u64| (key >> WEIGHT) as usize;
    for west_blocked in [false, true] {
        let (east, west) = match west_blocked {
            true => (keys(&mut rng, 3000, false), keys(&mut rng, 20000, true)),
            false => (keys(&mut rng, 20000, false), keys(&mut rng, 3000, true)),
        };
        // The bits the other side may use, all its batches together.
        let other = if west_blocked { &east } else { &west };
        let bits = other.iter().fold(0, |all, &key| all | key);
        let mut sieve = Sieve::default();
        let mut block = Sliced::new(key_bits as usize);
        for kernel in Kernel::available() {
            let mut total = 0;
            for (p, batch) in other.chunks(700).enumerate() {
                let pair = match west_blocked {
                    true => (batch, &west[..]),
                    false => (&east[..], batch),
                };
                total += sieve
                    .count_kept(
                        pair,
                        (p == 0, west_blocked),
                        bits,
                        weight,
                        key_bits,
                        &mut block,
                        kernel,
                    )
                    .unwrap();
            }
            assert!(sieve
                .kept
                .as_ref()
                .is_some_and(|sorting| sorting.patterns() > 1));
            assert_eq!(
                total,
                brute_force(&east, &west, key_bits),
                "{} {:?}",
                west_blocked,
                kernel
            );
        }
    }
}

#[test]
fn keys_of_62_bits_weighted_by_their_own_bits_count_as_brute_force_counts() {
    // n = 32: keys of 62 bits leave no room for a weight above them (the kernel's 11 groups
    // read bits 0..66); the weight comes from key bits, as the long diagonals' does.
    let mut rng = SplitMix64::new(32);
    let key_bits = 62;
    let weight = |key: u64| ((key & 1) + (key >> 61 & 1)) as usize;
    let keys = |rng: &mut SplitMix64, count: usize| -> Vec<u64> {
        (0..count)
            .map(|_| (0..key_bits).fold(0, |key, bit| key | u64::from(rng.below(32) < 5) << bit))
            .collect()
    };
    let mut sieve = Sieve::default();
    let mut block = Sliced::new(key_bits as usize);
    for (east, west) in [(300, 200), (3000, 500), (20000, 3000)] {
        let (east, west) = (keys(&mut rng, east), keys(&mut rng, west));
        let want: u64 = east
            .iter()
            .map(|&e| {
                west.iter()
                    .filter(|&&w| e & w == 0)
                    .map(|&w| 1u64 << weight(w))
                    .sum::<u64>()
            })
            .sum();
        assert!(want > 0);
        for kernel in Kernel::available() {
            let got = sieve
                .count(&east, &west, weight, key_bits, &mut block, kernel)
                .unwrap();
            assert_eq!(got, want, "{} east, {:?}", east.len(), kernel);
        }
    }
}

/// Checks that `east` and `west` counted as a crew counts them, by `sorting`, give what brute
/// force gives on every kernel: the side in blocks sorted in segments of `kept` keys and kept,
/// the other side's segments of 300 sorted into coarse buckets and joined in `runs` runs of
/// coarse buckets, each sorted finely.
fn assert_a_crew_counts(
    sorting: &Sorting,
    (east, west): (&[u64], &[u64]),
    (kept, runs): (usize, usize),
    key_bits: u32,
) {
    let (blocked, probing) = match sorting.west_blocked {
        true => (west, east),
        false => (east, west),
    };
    let weight = |key: u64| (key >> WEIGHT) as usize;
    let mut next = Vec::new();
    let mut sort = |keys: &[u64], coarse: bool, mut out: Buckets| {
        let buffers = (&mut out, &mut next);
        match coarse {
            true => Sieve::sort_coarse(sorting, keys, &weight, buffers).unwrap(),
            false => Sieve::sort_segment(sorting, keys, true, &weight, buffers).unwrap(),
        }
        out
    };
    // Each segment's buckets filled before with all of its side's keys, as a crew fills a
    // batch's buckets again: nothing of what they held may count.
    let mut refill = |keys: &[u64], side: &[u64], coarse: bool| {
        let stale = sort(side, coarse, Buckets::default());
        sort(keys, coarse, stale)
    };
    let kept: Vec<Buckets> = blocked
        .chunks(kept)
        .map(|k| refill(k, blocked, false))
        .collect();
    let segments: Vec<Buckets> = probing
        .chunks(300)
        .map(|k| refill(k, probing, true))
        .collect();
    let mut sieve = Sieve::default();
    sieve.keep_segments(sorting.clone(), kept);
    let mut room = Gather::default();
    for run in sieve.probing_runs(sorting, &segments, runs).unwrap() {
        run.fill(&segments, sorting, &weight, room.room()).unwrap();
    }
    let mut block = Sliced::new(key_bits as usize);
    let expected = brute_force(east, west, key_bits);
    for kernel in Kernel::available() {
        let buffers = (&mut block, &mut Gather::default());
        let total = sieve.probe_patterns(sorting, 0..sorting.patterns(), buffers, kernel);
        let leaves = sorting.patterns();
        assert_eq!(total, expected, "{} leaves {:?}", leaves, kernel);
        // In shares, as a crew's threads probe them: the leaves' last blocks are packed
        // within a share, whose first and last nodes are cut off.
        let mut shared = 0;
        for share in 0..7 {
            let range = share * leaves / 7..(share + 1) * leaves / 7;
            let buffers = (&mut block, &mut Gather::default());
            shared += sieve.probe_patterns(sorting, range, buffers, kernel);
        }
        assert_eq!(
            shared, expected,
            "{} leaves in 7 shares {:?}",
            leaves, kernel
        );
    }
}

#[test]
fn pieces_sorted_coarsely_and_joined_meet_kept_segments_as_brute_force_counts() {
    // A crew's way: the larger side sorted in segments and kept, the other side's segments
    // sorted into coarse buckets (here 4 to 64 buckets of the finer sort each) and joined
    // in runs of coarse buckets, each sorted finely.
    let mut rng = SplitMix64::new(17);
    let key_bits = 30;
    let keys = |rng: &mut SplitMix64, count, weighted| skewed_keys(rng, key_bits, count, weighted);
    let weight = |key: u64| (key >> WEIGHT) as usize;
    for (west_blocked, c) in [(false, 14), (true, 15), (false, 18), (true, 17)] {
        let (east, west) = match west_blocked {
            true => (keys(&mut rng, 2000, false), keys(&mut rng, 9000, true)),
            false => (keys(&mut rng, 9000, false), keys(&mut rng, 2000, true)),
        };
        let sorting = Sorting::new(west_blocked, 3, c, (1u64 << key_bits) - 1);
        // West halves in blocks are dealt into words by weight.
        assert_eq!(sorting.lanes, west_blocked);
        assert!(Sorting::coarse_shift(sorting.slots(!west_blocked, &weight).1) > 1);
        assert_a_crew_counts(&sorting, (&east, &west), (1500, 7), key_bits);
    }
}

#[test]
fn a_trie_of_leaves_of_many_depths_read_in_another_order_counts_as_brute_force_counts() {
    // A crew's way with a cut of a trie's shape: the run's bits read in a shuffled order,
    // the first levels cut everywhere, nodes below split at random; either side in blocks.
    let mut rng = SplitMix64::new(23);
    let key_bits = 30;
    let keys = |rng: &mut SplitMix64, count, weighted| skewed_keys(rng, key_bits, count, weighted);
    for (west_blocked, start, width, strict) in
        [(true, 2, 12, 3), (false, 5, 9, 0), (true, 0, 14, 6)]
    {
        let (east, west) = match west_blocked {
            true => (keys(&mut rng, 2000, false), keys(&mut rng, 9000, true)),
            false => (keys(&mut rng, 9000, false), keys(&mut rng, 2000, true)),
        };
        let mut levels: Vec<u32> = (start..start + width).collect();
        for i in (1..levels.len()).rev() {
            levels.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let nodes = 2usize << width;
        let mut split: Vec<u64> = (0..nodes.div_ceil(64))
            .map(|_| rng.next_u64() | rng.next_u64())
            .collect();
        // The root and its children split: leaves of several depths whatever the seed.
        split[0] |= 0b111;
        let trie = trie::Trie::split(start, levels, strict, &split).unwrap();
        let leaves = trie.leaves();
        assert!(leaves > 1 << strict, "{} leaves", leaves);
        let sorting = Sorting::with_trie(west_blocked, trie, (1u64 << key_bits) - 1);
        assert_a_crew_counts(&sorting, (&east, &west), (1700, 5), key_bits);
    }
}

#[test]
fn the_last_blocks_of_small_leaves_are_packed_together_and_count_the_same() {
    // A trie of many small leaves (each under a block), west halves in blocks: their keys
    // share blocks probed by a node's first leaf, so fewer blocks are probed than there are
    // leaves with probes, and the count is brute force's.
    let mut rng = SplitMix64::new(29);
    let key_bits = 24;
    let east = skewed_keys(&mut rng, key_bits, 3000, false);
    let west = skewed_keys(&mut rng, key_bits, 6000, true);
    let split = vec![!0u64; (2usize << 10).div_ceil(64)];
    let trie = trie::Trie::split(4, (4..14).rev().collect(), 2, &split).unwrap();
    let sorting = Sorting::with_trie(true, trie, (1u64 << key_bits) - 1);
    assert!(sorting.lanes);
    let weight = |key: u64| (key >> WEIGHT) as usize;
    let mut sieve = Sieve::default();
    sieve.sort(&sorting, true, &east, &west, &weight).unwrap();
    sieve.sort(&sorting, false, &east, &west, &weight).unwrap();
    let expected = brute_force(&east, &west, key_bits);
    let mut block = Sliced::new(key_bits as usize);
    let mut gathered = Gather::default();
    let sides = (&sieve.blocked[..], &sieve.probing);
    let mut packing = tails::Packing::new(
        &sorting.trie,
        sides,
        (&mut block, &mut gathered),
        Kernel::portable(),
    );
    packing.count(0..sorting.patterns());
    assert_eq!(packing.total, expected);
    // Each leaf alone: a block a leaf with keys and probes.
    let mut alone = 0;
    for leaf in 0..sorting.patterns() {
        let (mut ranges, mut nodes) = (Vec::new(), Vec::new());
        let at = &sieve.probing.at;
        sorting.trie.meets(
            leaf,
            |from, to| at[from] < at[to],
            (&mut ranges, &mut nodes),
        );
        if !ranges.is_empty() {
            Gather::default().blocks(&sieve.blocked, leaf, &mut |_, _, _| alone += 1);
        }
    }
    assert!(
        packing.blocks * 2 < alone,
        "{} blocks packed, {} alone",
        packing.blocks,
        alone
    );
}

#[test]
fn a_walk_down_the_trie_meets_what_each_leaf_meets_from_the_root() {
    let mut rng = SplitMix64::new(11);
    for round in 0..60 {
        let width = 1 + rng.below(12) as u32;
        let strict = rng.below(u64::from(width) + 1) as u32;
        let split: Vec<u64> = (0..(2usize << width).div_ceil(64))
            .map(|_| rng.next_u64())
            .collect();
        let trie = trie::Trie::split(0, (0..width).rev().collect(), strict, &split).unwrap();
        // The other side: some indices empty, as after the sieve's sorting.
        let indices = 1usize << trie.width();
        let mut at = vec![0u32];
        for _ in 0..indices {
            let here = if rng.below(3) == 0 { 0 } else { rng.below(4) };
            at.push(at.last().unwrap() + here as u32);
        }
        let filled = |from: usize, to: usize| at[from] < at[to];
        // The indices holding keys that ranges cover: what a leaf's probes are.
        let keys_in = |ranges: &[trie::Range]| -> Vec<usize> {
            let mut held: Vec<usize> = (ranges.iter())
                .flat_map(|&(from, to)| from..to)
                .filter(|&index| filled(index, index + 1))
                .collect();
            held.sort_unstable();
            held
        };
        let mut descent = trie::Descent::new(&trie);
        let (mut ranges, mut nodes) = (Vec::new(), Vec::new());
        let mut checked = 0;
        for leaf in 0..trie.leaves() {
            // Leaves skipped, as a share of the patterns or a leaf without probes is.
            if rng.below(4) == 0 {
                continue;
            }
            let list = descent.to(&trie, trie.node(leaf), filled);
            trie.meets(leaf, filled, (&mut ranges, &mut nodes));
            assert_eq!(
                keys_in(descent.ranges(list)),
                keys_in(&ranges),
                "round {}, leaf {} of {}",
                round,
                leaf,
                trie.leaves()
            );
            checked += 1;
        }
        assert!(checked > 0 || trie.leaves() < 4, "round {}", round);
    }
}

#[test]
fn the_cheapest_trie_splits_the_big_bucket_and_leaves_the_small_ones() {
    // Two levels; the blocked side's keys nearly all on index 3 (both diagonals), a few on
    // each other index; the probing side spread evenly. The big bucket pays for its split
    // (it then meets only index 0, where before indices 0 and 1), the small ones do not.
    let (blocked, probing) = ([10u64, 10, 10, 200_000], [50_000u64; 4]);
    let groups = |_| 5;
    let (strict, _, split) = choice::cheapest(2, (&blocked, 1), &probing, groups).unwrap();
    let trie = trie::Trie::split(0, vec![1, 0], strict, &split).unwrap();
    // Leaves: indices 0 and 1 (the prefix 0) together, index 2 alone, index 3 alone.
    assert_eq!(trie.leaves(), 3, "strict {}, split {:b}", strict, split[0]);
    assert_eq!(
        (trie.leaf(0), trie.leaf(1), trie.leaf(2), trie.leaf(3)),
        (0, 0, 1, 2)
    );
}

/// The keys `side` gives for a sample of about `most`, each with how many it stands for.
fn visited(side: &(impl Side + ?Sized), most: usize) -> Vec<(u64, u64)> {
    let mut seen = Vec::new();
    side.sample(most, |key, each| seen.push((key, each)));
    seen
}

#[test]
fn what_the_choice_reads_of_segments_sampled_one_by_one_is_what_it_reads_of_the_keys() {
    let mut rng = SplitMix64::new(23);
    let key_bits = 30;
    for count in [0, 1, 511, 5000, 1 << 16] {
        let keys = skewed_keys(&mut rng, key_bits, count, true);
        // One segment: the same keys, sizes and bits as the keys themselves give.
        let whole: &[&[u64]] = &[&keys];
        let sampled = Sampled::join(vec![Sampled::segment(&keys, 1).unwrap()]);
        assert_eq!(
            (sampled.size(), sampled.used()),
            (whole.size(), whole.used())
        );
        for most in [512, 1 << 23] {
            let from_whole = visited(whole, most);
            let from_sampled = visited(&sampled, most);
            assert_eq!(from_sampled, from_whole, "{} keys, {} asked", count, most);
        }
        // In 8 segments: every key counted, about as many sampled as asked.
        let parts: Vec<Sampled> = keys
            .chunks(count.div_ceil(8).max(1))
            .map(|segment| Sampled::segment(segment, 8).unwrap())
            .collect();
        let joined = Sampled::join(parts);
        assert_eq!((joined.size(), joined.used()), (whole.size(), whole.used()));
        let from_joined = visited(&joined, 512);
        let stood_for: u64 = from_joined.iter().map(|&(_, each)| each).sum();
        assert!(
            stood_for.abs_diff(count as u64) <= 8 * 64,
            "{} for {}",
            stood_for,
            count
        );
        assert!(
            from_joined.len() <= 2 * 512 + 8,
            "{} sampled",
            from_joined.len()
        );
    }
}
