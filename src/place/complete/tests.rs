//! The portfolio on small boards, placed queens kept, impossible boards.

use super::*;
use crate::place::verify;
use std::time::Duration;

#[test]
fn every_single_queen_of_small_boards_is_completed_or_proved_alone() {
    for n in 1..=9usize {
        for row in 0..n as u32 {
            for col in 0..n as u32 {
                let board = Board::new(n).with_queens(&[(row, col)]).unwrap();
                let exists =
                    crate::list::Placements::new(n as u32).any(|q| q[row as usize] == col as usize);
                match complete(&board, &Options::default()).unwrap() {
                    Completion::Found(q) => {
                        assert!(exists);
                        assert_eq!(verify(n, &q), Ok(()));
                        assert_eq!(q[row as usize], col);
                    }
                    Completion::Impossible(_) => assert!(!exists, "{} ({}, {})", n, row, col),
                    Completion::GaveUp { .. } => panic!("gave up on n = {}", n),
                }
            }
        }
    }
}

#[test]
fn a_board_with_every_queen_placed_is_its_own_completion_by_every_method() {
    let board = Board::new(8)
        .with_queens(&[
            (0, 0),
            (1, 4),
            (2, 7),
            (3, 5),
            (4, 2),
            (5, 6),
            (6, 1),
            (7, 3),
        ])
        .unwrap();
    for only in Method::ALL.map(Some).into_iter().chain([None]) {
        let options = Options {
            only,
            ..Options::default()
        };
        let found = complete(&board, &options).unwrap();
        assert_eq!(
            found,
            Completion::Found(vec![0, 4, 7, 5, 2, 6, 1, 3]),
            "{:?}",
            only
        );
    }
}

#[test]
fn without_the_exhaustive_search_an_impossible_board_is_given_up() {
    // A queen in the middle of 3×3 leaves nothing: the search proves it at once, and
    // min-conflicts alone can only give up.
    let board = Board::new(3).with_queens(&[(1, 1)]).unwrap();
    let options = Options {
        seed: 3,
        give_up_after: Some(Duration::from_millis(20)),
        only: None,
    };
    assert!(matches!(
        complete(&board, &options).unwrap(),
        Completion::Impossible(_)
    ));
    let alone = Options {
        only: Some(Method::MinConflicts),
        ..options
    };
    assert_eq!(
        complete(&board, &alone).unwrap(),
        Completion::GaveUp { exhaustive: false }
    );
}

#[test]
fn large_boards_keep_their_placed_queens() {
    let n = 20_000usize;
    let full = crate::place::construct(n as u32).unwrap().unwrap();
    let kept: Vec<(u32, u32)> = (0..n).step_by(7).map(|r| (r as u32, full[r])).collect();
    let board = Board::new(n).with_queens(&kept).unwrap();
    let Completion::Found(q) = complete(&board, &Options::default()).unwrap() else {
        panic!("a seventh of a placement kept has a completion");
    };
    assert_eq!(verify(n, &q), Ok(()));
    assert!(kept.iter().all(|&(r, c)| q[r as usize] == c));
}
