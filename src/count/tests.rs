//! The counters against each other, the table and brute force.

// The judge's recursive counter at the width of its masks (its answers, reader and exit
// codes are tested through the binary in tests/judge/program.rs).
use crate::judge::columns;
use crate::judge::counter::place;

/// The completions of the last rows of an n-column board, tried square by square.
fn completions_by_hand(n: i64, queens: &mut Vec<i64>) -> u64 {
    let row = queens.len() as i64;
    if row == n {
        return 1;
    }
    let mut found = 0;
    for col in 0..n {
        let free = queens
            .iter()
            .enumerate()
            .all(|(r, &c)| c != col && (row - r as i64) != (col - c).abs());
        if free {
            queens.push(col);
            found += completions_by_hand(n, queens);
            queens.pop();
        }
    }
    found
}

#[test]
fn the_masks_hold_32_columns_without_losing_a_diagonal() {
    // Random non-attacking first rows of a 32-column board, then the last rows completed
    // by the masks and by hand: the shifts must carry every diagonal to the edge and drop
    // it there, in both directions.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let (full, mut completed) = (columns(32), 0);
    for _ in 0..200 {
        let mut queens: Vec<i64> = Vec::new();
        let (mut cols, mut left, mut right) = (0u32, 0u32, 0u32);
        while queens.len() < 25 {
            let mut free = full & !(cols | left | right);
            if free == 0 {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for _ in 0..seed % u64::from(free.count_ones()) {
                free &= free - 1;
            }
            let bit = free & free.wrapping_neg();
            queens.push(i64::from(bit.trailing_zeros()));
            cols |= bit;
            left = (left | bit) << 1;
            right = (right | bit) >> 1;
        }
        if queens.len() == 25 {
            let by_masks = place(full, cols, left, right);
            assert_eq!(
                by_masks,
                completions_by_hand(32, &mut queens),
                "{:?}",
                queens
            );
            completed += by_masks;
        }
    }
    assert!(
        completed > 0,
        "no prefix had a completion: the test tests nothing"
    );
}

#[test]
fn a_board_counts_the_same_by_the_compact_search_and_by_the_units() {
    // A board counted whole takes the compact search (these are all small enough for it
    // to finish), a part of 1/1 the counters of N; both against the wide search in row
    // order, which shares neither.
    use super::{count_with, Problem, Run};
    use crate::board::Board;
    let mut rng = crate::rng::SplitMix64::new(21);
    for n in 4..=12usize {
        for reserve_one_in in [2, 3, 5, 1000] {
            let mut reserved = vec![0u64; n];
            for row in reserved.iter_mut() {
                for col in 0..n {
                    if rng.below(reserve_one_in) == 0 {
                        *row |= 1 << col;
                    }
                }
            }
            let board = Board::with_reserved(n, reserved);
            let problem = Problem {
                n: n as u32,
                board: Some(&board),
                ask: super::Ask::Total,
            };
            let whole = count_with(&problem, &Run::default()).unwrap();
            let by_units = Run {
                part: Some((1, 1)),
                ..Run::default()
            };
            assert_eq!(whole, count_with(&problem, &by_units).unwrap());
            let wide = crate::place::Completions::wide(&board).unwrap();
            assert_eq!(whole, wide.count() as u128);
        }
    }
}
