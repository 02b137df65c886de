//! The clause-learning search against the placements of small boards and the exhaustive
//! count of Excluded Diagonals boards, with pauses, and its path repeated.

use super::*;

/// Every completion, by asking again after each: the same from a focused search, an
/// alternating one and the pair of them (in turns of `turn` units of work), each once.
fn all(board: &Board, turn: u64) -> Vec<Vec<u32>> {
    let run = |advance: &mut dyn FnMut(&mut u64) -> Option<Vec<u32>>| {
        let mut found = Vec::new();
        loop {
            let mut budget = turn;
            match advance(&mut budget) {
                Some(queens) if queens.is_empty() => break,
                Some(queens) => found.push(queens),
                None => {}
            }
        }
        found.sort();
        found
    };
    let mut results = Vec::new();
    for modes in [Modes::focused(), Modes::alternating()] {
        let mut search = Learner::new(board, modes).unwrap().unwrap();
        results.push(run(&mut |budget| match search.advance(budget) {
            Step::Found => Some(search.placement().to_vec()),
            Step::Exhausted => Some(Vec::new()),
            Step::Paused => None,
        }));
    }
    let mut pair = Cdcl::new(board).unwrap().unwrap();
    results.push(run(&mut |budget| match pair.advance(budget) {
        Step::Found => Some(pair.placement().to_vec()),
        Step::Exhausted => Some(Vec::new()),
        Step::Paused => None,
    }));
    assert_eq!(results[0], results[1], "focused and alternating");
    assert_eq!(results[0], results[2], "one search and the pair");
    results.pop().unwrap()
}

#[test]
fn every_placement_of_small_boards_and_no_other() {
    for n in 1..=9 {
        let board = Board::new(n);
        let expected: Vec<Vec<u32>> = crate::list::Placements::new(n as u32)
            .map(|q| q.iter().map(|&c| c as u32).collect())
            .collect();
        assert_eq!(all(&board, u64::MAX), expected, "n = {}", n);
    }
}

/// A board of `n` with whole diagonals reserved, drawn at random as CSPLib's Excluded
/// Diagonals are (a diagonal is kept open if reserving it would leave a row or column
/// with `min_open` open squares or fewer), `count` of them.
fn excluded_diagonals(n: usize, count: usize, min_open: usize, seed: u64) -> Board {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut reserved = vec![vec![false; n]; n];
    let (mut rows, mut cols) = (vec![n; n], vec![n; n]);
    let mut excluded = 0;
    for _ in 0..8 * n {
        let (sum, d) = (next(2) == 0, next(2 * n - 1));
        let squares: Vec<(usize, usize)> = (0..n)
            .filter_map(|r| {
                let c = if sum {
                    d.checked_sub(r)?
                } else {
                    (r + n - 1).checked_sub(d)?
                };
                (c < n && !reserved[r][c]).then_some((r, c))
            })
            .collect();
        if excluded == count
            || squares
                .iter()
                .any(|&(r, c)| rows[r] <= min_open || cols[c] <= min_open)
        {
            continue;
        }
        for &(r, c) in &squares {
            reserved[r][c] = true;
            rows[r] -= 1;
            cols[c] -= 1;
        }
        excluded += 1;
    }
    let words = n.div_ceil(64);
    let mut bits = vec![0u64; n * words];
    for (r, row) in reserved.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            if x {
                bits[r * words + c / 64] |= 1 << (c % 64);
            }
        }
    }
    Board::with_reserved(n, bits)
}

#[test]
fn excluded_diagonals_enumerated_equal_the_exhaustive_count() {
    let mut impossible = 0;
    for n in 6..=12 {
        for seed in 0..12 {
            let board = excluded_diagonals(n, n, 2, seed);
            let expected = crate::place::count_completions(&board).unwrap();
            let found = all(&board, 1 + seed * 1000);
            for q in &found {
                assert_eq!(crate::place::verify_on(&board, q), Ok(Ok(())));
            }
            assert_eq!(found.len() as u64, expected, "n = {} seed {}", n, seed);
            impossible += usize::from(expected == 0);
        }
    }
    assert!(
        impossible > 10,
        "some boards have no completion: {}",
        impossible
    );
}

#[test]
fn the_same_board_takes_the_same_path() {
    // Nothing depends on the clock or the machine: the same conflicts, the same answer.
    for seed in 0..4 {
        let board = excluded_diagonals(18, 18, 4, seed);
        let run = || {
            let mut search = Cdcl::new(&board).unwrap().unwrap();
            // Ten million units of work at most (a few hundredths of a second).
            let step = search.advance(&mut 10_000_000);
            (
                step,
                search.placement().to_vec(),
                search.conflicts(),
                search.work(),
            )
        };
        let first = run();
        assert!(first.2 > 0, "seed {}: a board with conflicts", seed);
        assert_eq!(first, run(), "seed {}", seed);
    }
}

#[test]
fn a_small_budget_pauses_and_resumes_to_the_same_answers() {
    let board = Board::new(8).with_queens(&[(0, 0)]).unwrap();
    let mut search = Cdcl::new(&board).unwrap().unwrap();
    let mut found = 0;
    loop {
        match search.advance(&mut 7) {
            Step::Found => found += 1,
            Step::Exhausted => break,
            Step::Paused => {}
        }
    }
    assert_eq!(found, 4);
}

#[test]
fn a_line_without_an_open_square_is_no_completion() {
    let board = Board::new(3).with_queens(&[(1, 1)]).unwrap();
    let mut search = Cdcl::new(&board).unwrap().unwrap();
    assert_eq!(search.advance(&mut 1000), Step::Exhausted);
}

#[test]
fn clauses_one_search_of_a_pair_learns_keep_the_other_exact() {
    // Boards with enough conflicts for restarts, where each search adds the other's units
    // and short clauses: the pair still gives every completion, once.
    let mut adopted = 0;
    for n in 13..=15 {
        for seed in 0..4 {
            let board = excluded_diagonals(n, n, 2, 100 + seed);
            let expected = crate::place::count_completions(&board).unwrap();
            let mut pair = Cdcl::new(&board).unwrap().unwrap();
            let mut found = std::collections::BTreeSet::new();
            loop {
                match pair.advance(&mut 20_000) {
                    Step::Found => {
                        let queens = pair.placement().to_vec();
                        assert_eq!(crate::place::verify_on(&board, &queens), Ok(Ok(())));
                        assert!(found.insert(queens), "n = {} seed {}: twice", n, seed);
                    }
                    Step::Exhausted => break,
                    Step::Paused => {}
                }
            }
            assert_eq!(found.len() as u64, expected, "n = {} seed {}", n, seed);
            adopted += pair.adopted();
        }
    }
    assert!(adopted > 0, "no clause went from one search to the other");
}
