//! The exhaustive search against brute force and the other counters.

use super::*;
use crate::list::Placements;
use crate::place::{count_completions as count, Completions};

#[test]
fn the_plain_board_gives_every_placement_in_order() {
    for n in 1..=9u32 {
        let board = Board::new(n as usize);
        let listed: Vec<Vec<u32>> = Completions::wide(&board).unwrap().collect();
        let expected: Vec<Vec<u32>> = Placements::new(n)
            .map(|q| q.iter().map(|&c| c as u32).collect())
            .collect();
        assert_eq!(listed, expected, "n = {}", n);
        assert_eq!(count(&board).unwrap(), crate::judge::count(n), "n = {}", n);
    }
}

#[test]
fn a_search_paused_and_resumed_finds_what_one_run_finds() {
    let board = Board::new(10);
    let mut whole = Wide::new(&board, Order::FewestOpen).unwrap();
    let mut steps = Wide::new(&board, Order::FewestOpen).unwrap();
    loop {
        let step = whole.advance(&mut u64::MAX.clone());
        let mut resumed = Step::Paused;
        while resumed == Step::Paused {
            resumed = steps.advance(&mut 3);
        }
        assert_eq!(step, resumed);
        if step == Step::Exhausted {
            break;
        }
        assert_eq!(whole.placement(), steps.placement());
    }
    assert_eq!(whole.nodes(), steps.nodes());
}

#[test]
fn wide_boards_past_64_columns_count_their_completions() {
    // 70 queens from a placement by formula, all but the last 6 rows kept: the kept rows'
    // own columns, the 6 left, complete them at least once.
    let n = 70;
    let full = crate::place::construct(n as u32).unwrap().unwrap();
    let kept: Vec<(u32, u32)> = (0..n - 6).map(|r| (r as u32, full[r])).collect();
    let board = Board::new(n).with_queens(&kept).unwrap();
    let counted = count(&board).unwrap();
    // By hand: every permutation of the 6 free columns over the 6 free rows.
    let free_cols: Vec<u32> = full[n - 6..].to_vec();
    let mut by_hand = 0;
    let mut perm: Vec<usize> = (0..6).collect();
    loop {
        let mut q = full.clone();
        for (i, &p) in perm.iter().enumerate() {
            q[n - 6 + i] = free_cols[p];
        }
        if crate::place::verify(n, &q).is_ok() {
            by_hand += 1;
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
    assert_eq!(counted, by_hand);
    assert!(counted >= 1);
}

fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}
