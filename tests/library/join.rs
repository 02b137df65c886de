//! The half-board join against the other counters and the known counts, on every kernel the
//! CPU has; threads and parts. (Progress: tests/symmetric.rs.)

use nqueens::count::join::Kernel;
use nqueens::count::Algo;
use nqueens::count::{join, symmetric, Run};
use nqueens::judge::KNOWN_COUNTS;

#[test]
fn the_join_agrees_with_the_searches_and_the_known_counts() {
    for n in 0..=14u32 {
        let joined = join::count(n);
        assert_eq!(joined, KNOWN_COUNTS[n as usize], "known count, n = {}", n);
        assert_eq!(joined, Algo::Recursive.count(n), "recursive, n = {}", n);
        assert_eq!(joined, symmetric::count(n), "symmetric, n = {}", n);
        if n <= 11 {
            assert_eq!(joined, Algo::Links.count(n), "links, n = {}", n);
        }
    }
}

/// Counts each `n` on every kernel the CPU has (two threads) against the known counts.
fn every_kernel_counts(ns: std::ops::RangeInclusive<u32>) {
    let kernels = Kernel::available();
    assert_eq!(kernels.last(), Some(&Kernel::portable()));
    for n in ns {
        for &kernel in &kernels {
            let options = Run {
                threads: 2,
                ..Run::default()
            };
            assert_eq!(
                join::count_on(kernel, n, &options).unwrap(),
                u128::from(KNOWN_COUNTS[n as usize]),
                "n = {}, {:?}",
                n,
                kernel
            );
        }
    }
}

#[test]
fn every_kernel_gives_the_same_counts() {
    every_kernel_counts(1..=14);
}

#[test]
fn every_number_of_threads_gives_the_same_total() {
    for n in [12u32, 13] {
        let expected = Algo::Recursive.count(n);
        for threads in [0, 1, 2, 3, 8, 64] {
            let options = Run {
                threads,
                ..Run::default()
            };
            assert_eq!(
                join::count_with(n, &options).unwrap(),
                u128::from(expected),
                "n = {}, threads = {}",
                n,
                threads
            );
        }
    }
}

#[test]
fn the_parts_add_up_to_the_whole() {
    for n in [1u32, 5, 8, 11, 12] {
        let whole = Algo::Recursive.count(n);
        // 5000 is more parts than there are units: most parts are then empty.
        for m in [1u64, 2, 3, 7, 50, 5000] {
            let sum: u128 = (1..=m)
                .map(|k| {
                    let options = Run {
                        part: Some((k, m)),
                        threads: 2,
                        ..Run::default()
                    };
                    join::count_with(n, &options).unwrap()
                })
                .sum();
            assert_eq!(sum, u128::from(whole), "n = {}, m = {}", n, m);
        }
    }
}

#[test]
#[ignore = "slow (a minute): run with cargo test --release -- --ignored"]
fn every_kernel_gives_the_known_counts_for_15_to_18() {
    every_kernel_counts(15..=18);
}

#[test]
fn n_28_to_32_the_unknown_counts_are_planned_by_the_join() {
    // Their units are far too big to count here (hours each): the plans are made and an
    // empty part counted.
    let empty = nqueens::count::Run {
        part: Some((u64::MAX, u64::MAX)),
        ..nqueens::count::Run::default()
    };
    for n in 28..=32 {
        assert_eq!(nqueens::count::join::count_with(n, &empty).unwrap(), 0);
    }
    assert_eq!(nqueens::count::join::MAX_N, 32);
}

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn an_estimate_of_n_28_is_near_the_growth_of_the_known_counts() {
    // No count of 28 is published; the ratio of 27 to 26 (10.5) puts it near 2.5e18.
    let estimate = nqueens::count::join::estimate(
        28,
        std::time::Duration::from_secs(20),
        1,
        nqueens::count::join::Kernel::best(),
        None,
    )
    .unwrap();
    assert!((1.0e18..6.0e18).contains(&estimate.count), "{:?}", estimate);
}
