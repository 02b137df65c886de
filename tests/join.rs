//! The half-board join against the other counters and the known counts; threads and parts;
//! the fast counter's choice between the join and the symmetric search. (Progress: tests/fast.rs.)

use nqueens::board::Board;
use nqueens::fast::{self, Options};
use nqueens::judge::KNOWN_COUNTS;
use nqueens::{join, Algo};

#[test]
fn the_join_agrees_with_the_searches_and_the_known_counts() {
    for n in 0..=14u32 {
        let joined = join::count(n);
        assert_eq!(joined, KNOWN_COUNTS[n as usize], "known count, n = {}", n);
        assert_eq!(joined, Algo::Recursive.count(n), "recursive, n = {}", n);
        assert_eq!(joined, fast::count_symmetric(n), "symmetric, n = {}", n);
        if n <= 11 {
            assert_eq!(joined, Algo::Links.count(n), "links, n = {}", n);
        }
    }
}

#[test]
fn every_number_of_threads_gives_the_same_total() {
    for n in [12u32, 13] {
        let expected = Algo::Recursive.count(n);
        for threads in [0, 1, 2, 3, 8, 64] {
            let options = Options {
                threads,
                ..Options::default()
            };
            assert_eq!(
                join::count_with(n, &options),
                expected,
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
        for m in [1usize, 2, 3, 7, 50, 5000] {
            let sum: u64 = (1..=m)
                .map(|k| {
                    let options = Options {
                        part: Some((k, m)),
                        threads: 2,
                        ..Options::default()
                    };
                    join::count_with(n, &options)
                })
                .sum();
            assert_eq!(sum, whole, "n = {}, m = {}", n, m);
        }
    }
}

#[test]
fn the_total_is_right_whether_it_joins_or_searches() {
    let plain = Options::default();
    for n in [12u32, fast::JOIN_FROM] {
        let expected = KNOWN_COUNTS[n as usize];
        assert_eq!(fast::total_with(n, &plain), expected, "n = {}", n);
        assert_eq!(fast::count(n), expected, "n = {}", n);
    }
    // One reserved square in a corner: the placements with a queen there drop out.
    let text = b"*.......\n........\n........\n........\n........\n........\n........\n........\n";
    let board = Board::parse(text).expect("a valid board");
    let with_board = Options {
        board: Some(&board),
        ..Options::default()
    };
    let expected = fast::count_with(8, &with_board).total;
    assert_eq!(fast::total_with(8, &with_board), expected);
    // 92 placements, 4 of which have a queen in the top-left corner.
    assert_eq!(expected, 88);
}

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn the_join_gives_the_known_counts_for_15_to_17() {
    for n in 15..=17u32 {
        let options = Options {
            threads: 2,
            ..Options::default()
        };
        assert_eq!(
            join::count_with(n, &options),
            KNOWN_COUNTS[n as usize],
            "n = {}",
            n
        );
    }
}
