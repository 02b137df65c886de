//! Boards with placed queens and reserved squares: completions counted three ways (the
//! symmetric counter on barred squares, the exhaustive search, brute force), listed, and one
//! found or proved impossible by every method in turns and by each exhaustive one alone.

use nqueens::board::Board;
use nqueens::count::{count_with, symmetric, Problem, Run};
use nqueens::list::Placements;
use nqueens::place::verify_on;
use nqueens::place::{complete, Completion, Method, Options};
use nqueens::place::{count_completions, Completions};

use crate::common::completions_by_brute_force as brute_force;

/// A random board of `n`: some queens of a random placement (or of none, where n has none)
/// kept, and random reserved squares on other squares, written as text and read back.
fn random_board(n: usize, rng: &mut Xorshift) -> Board {
    let all: Vec<Vec<usize>> = Placements::new(n as u32).collect();
    let source = (!all.is_empty()).then(|| all[rng.below(all.len() as u64) as usize].clone());
    let keep = rng.below(4);
    let reserve = rng.below(5);
    let text: String = (0..n)
        .map(|row| {
            let mut line: String = (0..n)
                .map(|col| {
                    let queen = source.as_ref().is_some_and(|q| q[row] == col);
                    if queen && rng.below(4) < keep {
                        'Q'
                    } else if !queen && rng.below(16) < reserve {
                        '*'
                    } else {
                        '.'
                    }
                })
                .collect();
            line.push('\n');
            line
        })
        .collect();
    nqueens::read::board(text.as_bytes()).expect("a valid board")
}

#[test]
fn completions_counted_three_ways_and_listed_equal_brute_force() {
    let mut rng = Xorshift::new(19);
    let mut with_queens = 0;
    for n in 1..=10 {
        for _ in 0..25 {
            let board = random_board(n, &mut rng);
            with_queens += usize::from(!board.queens().is_empty());
            let expected = brute_force(&board);
            let two = Run {
                threads: 2,
                ..Run::default()
            };
            let problem = Problem::on(&board);
            let by_symmetric = symmetric::count_with(&problem, &two).unwrap().total;
            let by_fastest = count_with(&problem, &Run::default()).unwrap();
            let by_search = u128::from(count_completions(&board).unwrap());
            let listed: Vec<Vec<u32>> = Completions::new(&board).unwrap().collect();
            assert_eq!(listed, expected, "{:?}", board);
            for count in [by_symmetric, by_fastest, by_search] {
                assert_eq!(count, expected.len() as u128, "{:?}", board);
            }
            // Every method in turns, and each exhaustive one alone (the restarted search too:
            // on boards this small a run covers the tree, so it proves "none" as well).
            for only in [
                None,
                Some(Method::Compact),
                Some(Method::Cdcl),
                Some(Method::Restarts),
                Some(Method::Rows),
                Some(Method::Wide),
            ] {
                let options = Options {
                    only,
                    ..Options::default()
                };
                match complete(&board, &options).unwrap() {
                    Completion::Found(q) => {
                        assert!(expected.contains(&q), "{:?} {:?}", only, board);
                        assert_eq!(verify_on(&board, &q), Ok(Ok(())));
                    }
                    Completion::Impossible(_) => {
                        assert!(expected.is_empty(), "{:?} {:?}", only, board)
                    }
                    Completion::GaveUp { .. } => panic!("gave up on {:?}", board),
                }
            }
        }
    }
    assert!(with_queens > 100, "the boards had placed queens");
}

#[test]
fn one_mandatory_queen_anywhere_up_to_1000_is_completed_or_proved_alone() {
    // Codewars' shape: one random square for every N to 1000.
    let mut rng = Xorshift::new(2553);
    for n in 1..=1000 {
        let (row, col) = (rng.below(n) as u32, rng.below(n) as u32);
        let board = Board::new(n as usize).with_queens(&[(row, col)]).unwrap();
        match complete(&board, &Options::default()).unwrap() {
            Completion::Found(q) => {
                assert_eq!(verify_on(&board, &q), Ok(Ok(())), "n = {}", n);
            }
            Completion::Impossible(_) => {
                assert!(
                    n <= 10,
                    "n = {} with ({}, {}) proved impossible",
                    n,
                    row,
                    col
                );
                assert!(
                    brute_force(&board).is_empty(),
                    "n = {} ({}, {})",
                    n,
                    row,
                    col
                );
            }
            Completion::GaveUp { .. } => panic!("gave up on n = {}", n),
        }
    }
    // The small boards Codewars proves empty: a corner of 4, the middle of 3, anything on 2.
    for (n, row, col) in [(4, 0, 0), (3, 1, 1), (2, 0, 1), (6, 0, 0)] {
        let board = Board::new(n).with_queens(&[(row, col)]).unwrap();
        assert!(
            matches!(
                complete(&board, &Options::default()).unwrap(),
                Completion::Impossible(_)
            ),
            "n = {}",
            n
        );
    }
}

#[test]
fn a_board_of_64_squares_a_side_with_56_placed_is_counted() {
    let n = 64;
    let full = nqueens::place::construct(n as u32).unwrap().unwrap();
    let kept: Vec<(u32, u32)> = (0..n)
        .filter(|r| r % 8 != 3)
        .map(|r| (r as u32, full[r]))
        .collect();
    assert_eq!(kept.len(), 56);
    let board = Board::new(n).with_queens(&kept).unwrap();
    let count = count_completions(&board).unwrap();
    let listed: Vec<Vec<u32>> = Completions::new(&board).unwrap().collect();
    assert_eq!(listed.len() as u64, count);
    assert!(listed.contains(&full));
    for q in &listed {
        assert_eq!(verify_on(&board, q), Ok(Ok(())));
    }
    // The 8 free rows take the 8 free columns: count them by brute force over 8! orders.
    let rows: Vec<usize> = (0..n).filter(|r| r % 8 == 3).collect();
    let cols: Vec<u32> = rows.iter().map(|&r| full[r]).collect();
    let mut by_hand = 0;
    let mut order: Vec<usize> = (0..8).collect();
    loop {
        let mut q = full.clone();
        for (i, &r) in rows.iter().enumerate() {
            q[r] = cols[order[i]];
        }
        by_hand += u64::from(nqueens::place::verify(n, &q).is_ok());
        let Some(i) = (1..8).rev().find(|&i| order[i - 1] < order[i]) else {
            break;
        };
        let j = (i..8).rev().find(|&j| order[j] > order[i - 1]).unwrap();
        order.swap(i - 1, j);
        order[i..].reverse();
    }
    assert_eq!(count, by_hand);
}

#[test]
fn large_boards_keep_a_thousand_placed_queens() {
    let n = 100_000usize;
    let full = nqueens::place::min_conflicts(n as u32, 9, &mut |_, _| {})
        .unwrap()
        .unwrap();
    let mut rng = Xorshift::new(4);
    let kept: Vec<(u32, u32)> = (0..1000)
        .map(|_| {
            let r = rng.below(n as u64) as usize;
            (r as u32, full[r])
        })
        .collect();
    let board = Board::new(n).with_queens(&kept).unwrap();
    let Completion::Found(q) = complete(&board, &Options::default()).unwrap() else {
        panic!("queens of a placement kept have a completion");
    };
    assert_eq!(verify_on(&board, &q), Ok(Ok(())));
}

/// A small seeded generator for the random boards (the library's own is private): xorshift64*,
/// the same boards on every machine.
struct Xorshift(u64);

impl Xorshift {
    fn new(seed: u64) -> Xorshift {
        Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// A draw below `bound` (> 0); the bias of the modulo is of no matter to a test's boards.
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % bound
    }
}
