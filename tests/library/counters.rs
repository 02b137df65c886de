//! Every counter against every other and against the known counts, and the choice of the
//! fastest between the join and the symmetric search.

use nqueens::count::Algo;
use nqueens::count::{count, count_with, join, symmetric, Problem, Run, JOIN_FROM};
use nqueens::judge::KNOWN_COUNTS;
use nqueens::list::Placements;

#[test]
fn every_counter_agrees_with_every_other_and_the_known_counts_up_to_12() {
    for n in 0..=12u32 {
        let counts: Vec<(Algo, u64)> = Algo::ALL.iter().map(|&a| (a, a.count(n))).collect();
        for &(algo, count) in &counts {
            assert_eq!(
                count, counts[0].1,
                "n = {}: {:?} against {:?}",
                n, algo, counts[0].0
            );
        }
        assert_eq!(counts[0].1, KNOWN_COUNTS[n as usize], "n = {}", n);
    }
}

#[test]
fn the_faster_counters_agree_further() {
    for n in 13..=14u32 {
        let expected = KNOWN_COUNTS[n as usize];
        for algo in [Algo::Flags, Algo::Links, Algo::Bitwise, Algo::Recursive] {
            assert_eq!(algo.count(n), expected, "n = {}, {:?}", n, algo);
        }
    }
}

#[test]
fn the_total_is_right_whether_it_joins_or_searches() {
    // On each side of the switch, the dispatch agrees with both counters and the known count.
    for n in [JOIN_FROM - 1, JOIN_FROM] {
        let expected = KNOWN_COUNTS[n as usize];
        assert_eq!(
            count_with(&Problem::total(n), &Run::default()).unwrap(),
            u128::from(expected),
            "n = {}",
            n
        );
        assert_eq!(count(n), expected, "n = {}", n);
        assert_eq!(join::count(n), expected, "join, n = {}", n);
        assert_eq!(symmetric::count(n), expected, "symmetric, n = {}", n);
    }
    // One reserved square in a corner: the placements with a queen there drop out.
    let text = b"*.......\n........\n........\n........\n........\n........\n........\n........\n";
    let board = nqueens::read::board(&text[..]).expect("a valid board");
    let by_brute_force = Placements::new(8).filter(|q| q[0] != 0).count() as u64;
    assert_eq!(
        by_brute_force, 88,
        "92 placements, 4 with a queen in the top-left corner"
    );
    assert_eq!(
        count_with(&Problem::on(&board), &Run::default()).unwrap(),
        u128::from(by_brute_force)
    );
}
