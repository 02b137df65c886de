//! The compact search against the wide search (itself checked against brute force in
//! tests/library/completion.rs) and the judge's counts.

use super::*;
use crate::place::Completions;
use crate::rng::SplitMix64;

/// A board of `n` with some squares reserved (one in six) and some queens placed, at random.
fn random_board(n: usize, rng: &mut SplitMix64) -> Board {
    random_board_reserving(n, 6, rng)
}

/// A board of `n` with one square in `one_in` reserved and up to two queens placed, at random.
pub(in crate::place) fn random_board_reserving(
    n: usize,
    one_in: u64,
    rng: &mut SplitMix64,
) -> Board {
    let words = n.div_ceil(64);
    let mut reserved = vec![0u64; n * words];
    for row in 0..n {
        for col in 0..n {
            if rng.below(one_in) == 0 {
                reserved[row * words + col / 64] |= 1 << (col % 64);
            }
        }
    }
    let mut board = Board::with_reserved(n, reserved);
    for _ in 0..rng.below(3) {
        let (r, c) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
        if let Ok(more) = board.with_queens(&[(r, c)]) {
            board = more;
        }
    }
    board
}

/// Every completion of `board` in lexicographic order by the wide search in row order (which
/// tests/library/completion.rs checks against brute force).
fn by_the_wide_search(board: &Board) -> Vec<Vec<u32>> {
    Completions::wide(board).unwrap().collect()
}

fn all(search: &mut Compact, budget: u64) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    loop {
        match search.advance(&mut budget.clone()) {
            Step::Found => found.push(search.placement().to_vec()),
            Step::Exhausted => return found,
            Step::Paused => {}
        }
    }
}

#[test]
fn rows_order_lists_what_the_wide_search_lists_in_order() {
    let mut rng = SplitMix64::new(79);
    for n in 1..=8usize {
        for _ in 0..12 {
            let board = random_board(n, &mut rng);
            let mut search = Compact::new(&board, Order::Rows).unwrap().unwrap();
            assert_eq!(
                all(&mut search, 5),
                by_the_wide_search(&board),
                "{:?}",
                board
            );
        }
    }
}

#[test]
fn fewest_open_finds_each_completion_once() {
    let mut rng = SplitMix64::new(2017);
    for n in 1..=9usize {
        for _ in 0..12 {
            let board = random_board(n, &mut rng);
            let mut search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
            let mut found = all(&mut search, 3);
            found.sort();
            assert_eq!(found, by_the_wide_search(&board), "{:?}", board);
            assert_eq!(search.progress(), 1.0);
        }
    }
}

#[test]
fn a_randomized_search_finds_each_completion_once_in_its_own_order() {
    let mut rng = SplitMix64::new(1998);
    for n in 1..=9usize {
        for k in 0..12 {
            let board = random_board(n, &mut rng);
            let mut search = Compact::randomized(&board, k).unwrap().unwrap();
            let mut found = all(&mut search, 3);
            found.sort();
            assert_eq!(found, by_the_wide_search(&board), "{:?}", board);
        }
    }
    // The seed sets the order: the first completion of an empty board of 10 (724 of them)
    // is not the same for every seed, and is the same for the same seed.
    let first = |seed| {
        let mut search = Compact::randomized(&Board::new(10), seed).unwrap().unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Found);
        search.placement().to_vec()
    };
    let firsts: Vec<Vec<u32>> = (0..8).map(first).collect();
    assert!(firsts.iter().any(|f| *f != firsts[0]), "{:?}", firsts);
    assert_eq!(first(3), firsts[3]);
}

#[test]
fn the_least_constraining_squares_are_those_that_shut_the_fewest_open_squares() {
    let mut rng = SplitMix64::new(2026);
    let mut lines_tried = 0;
    for n in 4..=10usize {
        for _ in 0..8 {
            let board = random_board(n, &mut rng);
            let search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
            let (m, rows, cols) = (search.m, &search.rows, &search.cols);
            // A square a new queen can take, told from the board alone.
            let open = |r: u32, c: u32| {
                rows.contains(&r)
                    && cols.contains(&c)
                    && !board.is_reserved(r as usize, c as usize)
                    && board.queens().iter().all(|&(qr, qc)| {
                        qr + qc != r + c
                            && i64::from(qr) - i64::from(qc) != i64::from(r) - i64::from(c)
                    })
            };
            let shuts = |r: u32, c: u32| {
                let mut lost = 0;
                for &r2 in rows {
                    for &c2 in cols {
                        let same = r2 == r
                            || c2 == c
                            || r2 + c2 == r + c
                            || i64::from(r2) - i64::from(c2) == i64::from(r) - i64::from(c);
                        lost += usize::from(same && open(r2, c2));
                    }
                }
                lost
            };
            let now = &search.lines[..2 * m];
            for line in 0..2 * m {
                // The board square of each of the line's squares.
                let square = |k: usize| {
                    if line < m {
                        (rows[line], cols[k])
                    } else {
                        (rows[k], cols[line - m])
                    }
                };
                let squares = now[line];
                if squares.count_ones() < 2 {
                    continue;
                }
                let lost: Vec<(usize, usize)> = (0..m)
                    .filter(|&k| squares >> k & 1 == 1)
                    .map(|k| {
                        let (r, c) = square(k);
                        assert!(open(r, c));
                        (k, shuts(r, c))
                    })
                    .collect();
                let least = lost.iter().map(|&(_, l)| l).min().unwrap();
                let expected = lost
                    .iter()
                    .filter(|&&(_, l)| l == least)
                    .fold(0u64, |set, &(k, _)| set | 1 << k);
                let at = |k: usize| square_of(m, &search.diag_col, line, k);
                let chosen = least_shutting(squares, at, now, &search.attack, (m, search.width));
                assert_eq!(chosen, expected, "{:?}, line {}", board, line);
                lines_tried += usize::from(expected != squares);
            }
        }
    }
    // Lines whose squares differ: the choice is not all of them.
    assert!(lines_tried > 50, "{}", lines_tried);
}

#[test]
fn a_randomized_search_takes_a_least_constraining_square_at_random() {
    let mut rng = SplitMix64::new(1202);
    let (mut lines_with_choice, mut squares_taken) = (0, std::collections::HashSet::new());
    for n in 6..=10usize {
        for b in 0..6 {
            let board = random_board_reserving(n, 5, &mut rng);
            for seed in 0..16 {
                let Some(mut search) = Compact::randomized(&board, seed).unwrap() else {
                    continue;
                };
                // The root, then its first square taken: the next node is not entered.
                search.advance(&mut 1);
                let Some(&frame) = search.frames.first() else {
                    continue;
                };
                let m = search.m;
                let taken = (0..m).find(|&k| {
                    let (i, a) = square_of(m, &search.diag_col, frame.line, k);
                    frame.untried >> k & 1 == 0
                        && search.queens[search.rows[i] as usize] == search.cols[a]
                });
                let k = taken.expect("the root's line has a square taken");
                let squares = frame.untried | 1 << k;
                let at = |j: usize| square_of(m, &search.diag_col, frame.line, j);
                let now = &search.lines[..search.width];
                let least = least_shutting(squares, at, now, &search.attack, (m, search.width));
                assert_eq!(least >> k & 1, 1, "{:?}, seed {}", board, seed);
                if least != squares {
                    lines_with_choice += 1;
                }
                squares_taken.insert((n, b, k));
            }
        }
    }
    // Roots where some squares are not least constraining, so that taking any would fail;
    // and boards whose seeds take more than one square (ties among the least drawn anew).
    assert!(lines_with_choice > 200, "{}", lines_with_choice);
    let boards: std::collections::HashSet<_> =
        squares_taken.iter().map(|&(n, b, _)| (n, b)).collect();
    let drawn = squares_taken.len() - boards.len();
    assert!(drawn > 15, "{} {}", lines_with_choice, drawn);
}

/// A randomized search (seed 1) of a board of 6 whose rows `(row, columns)` have the squares
/// of `columns` (a bit a column) reserved.
fn randomized_reserving(rows: &[(usize, u64)]) -> Compact {
    let mut reserved = vec![0u64; 6];
    for &(row, columns) in rows {
        reserved[row] = columns;
    }
    Compact::randomized(&Board::with_reserved(6, reserved), 1)
        .unwrap()
        .unwrap()
}

/// Sets how many times `line` of `search` was found shut (from 1), as the search keeps it.
fn found_shut(search: &mut Compact, line: usize, times: u64) {
    search.wipeouts[line] = times;
    search.weigh_lines();
}

#[test]
fn a_randomized_search_branches_first_on_the_lines_found_shut_most() {
    // Every line of an empty board of 6 has 6 open squares: the line found shut most leads.
    let mut search = randomized_reserving(&[]);
    found_shut(&mut search, 7, 5);
    assert_eq!(search.choose(0).map(|(line, _)| line), Some(7));
    // The fewest squares for the times found shut: column 1 (5 squares, 5 times) before row
    // 2 (5 squares, 3 times) and row 3 (4 squares, once); then row 3, found shut 5 times.
    let mut search = randomized_reserving(&[(2, 0b1), (3, 0b11)]);
    found_shut(&mut search, 7, 5);
    found_shut(&mut search, 2, 3);
    assert_eq!(search.choose(0).map(|(line, _)| line), Some(7));
    found_shut(&mut search, 3, 5);
    assert_eq!(search.choose(0).map(|(line, _)| line), Some(3));
    // A line with one square is forced: it comes first whatever the others' wipeouts.
    let mut search = randomized_reserving(&[(4, 0b111110)]);
    found_shut(&mut search, 7, 1000);
    assert_eq!(search.choose(0).map(|(line, _)| line), Some(4));
    // A line found shut ends the branch and is counted (from 1).
    let mut shut = randomized_reserving(&[(5, 0b111111)]);
    assert_eq!(shut.choose(0), None);
    assert_eq!(shut.wipeouts[5], 2);
    assert_eq!(shut.weight[5], super::weight_of(2));
    // The plain search ignores them: the first line of fewest squares.
    let mut plain = Compact::new(&Board::new(6), Order::FewestOpen)
        .unwrap()
        .unwrap();
    found_shut(&mut plain, 7, 5);
    assert_eq!(plain.choose(0).map(|(line, _)| line), Some(0));
}

#[test]
fn forgetting_the_lines_found_shut_branches_as_a_fresh_search_does() {
    // Column 1 leads while it is counted shut 5 times; forgotten, every count is one again
    // and a line of fewest squares leads, as on a fresh search of the board: row 3 or
    // column 0, four squares each.
    let board = [(2, 0b1), (3, 0b11)];
    let mut search = randomized_reserving(&board);
    found_shut(&mut search, 7, 5);
    found_shut(&mut search, 2, 3);
    assert_eq!(search.choose(0).map(|(line, _)| line), Some(7));
    search.forget_shut_lines();
    assert!(search.wipeouts.iter().all(|&times| times == 1));
    assert!(search.weight.iter().all(|&w| w == super::weight_of(1)));
    let (line, open) = search.choose(0).unwrap();
    assert!([3, 6].contains(&line) && open.count_ones() == 4, "{line}");
}

#[test]
fn weights_order_lines_as_the_fractions_of_squares_for_times_shut() {
    // Two lines of 2 to 64 open squares, found shut up to 5,000 times each (a product of
    // times below 2^25): the keys order them as the exact fractions do.
    let mut rng = SplitMix64::new(11);
    let key = |squares: u64, times: u64| squares * u64::from(super::weight_of(times));
    for _ in 0..100_000 {
        let (c1, c2) = (2 + rng.below(63), 2 + rng.below(63));
        let (t1, t2) = (1 + rng.below(5_000), 1 + rng.below(5_000));
        let exact = (c1 * t2).cmp(&(c2 * t1));
        if exact != std::cmp::Ordering::Equal {
            assert_eq!(key(c1, t1).cmp(&key(c2, t2)), exact, "{c1}/{t1} {c2}/{t2}");
        }
    }
    // Past 2^31 times a weight stays 1: a line's key never falls to a forced one's.
    assert_eq!(super::weight_of(1 << 40), 1);
    assert!(key(2, 1 << 56) > 1);
}

#[test]
fn ties_are_drawn_from_every_line_that_ties() {
    // An empty board of 40: its 80 lines all have 40 open squares and tie, in two words of
    // lines; each draw is one of them, and every one comes up, about equally often.
    let mut search = Compact::randomized(&Board::new(40), 5).unwrap().unwrap();
    let mut drawn = vec![0u32; 80];
    for _ in 0..80 * 100 {
        let (line, open) = search.choose(0).unwrap();
        assert_eq!(open.count_ones(), 40);
        drawn[line] += 1;
    }
    assert!(
        drawn.iter().all(|&times| (50..=160).contains(&times)),
        "{drawn:?}"
    );
    // The plain search takes the first of them, every time.
    let mut plain = Compact::new(&Board::new(40), Order::FewestOpen)
        .unwrap()
        .unwrap();
    assert_eq!(plain.choose(0).map(|(line, _)| line), Some(0));
    // A line of the second word found shut more than the rest leads alone.
    found_shut(&mut search, 70, 2);
    assert!((0..50).all(|_| search.choose(0).map(|(line, _)| line) == Some(70)));
}

#[test]
fn plain_boards_count_as_the_judge_counts() {
    for n in 1..=10u32 {
        let mut search = Compact::new(&Board::new(n as usize), Order::FewestOpen)
            .unwrap()
            .unwrap();
        let mut count = 0;
        while search.advance(&mut u64::MAX.clone()) == Step::Found {
            count += 1;
        }
        assert_eq!(count, crate::judge::count(n), "n = {}", n);
    }
}

#[test]
fn wide_boards_give_what_the_wide_search_gives() {
    // 300 queens by formula, 14 rows emptied here and there and 40 squares reserved.
    let n = 300usize;
    let full = crate::place::construct(n as u32).unwrap().unwrap();
    let mut rng = SplitMix64::new(5);
    let emptied: Vec<usize> = (0..14).map(|_| rng.below(n as u64) as usize).collect();
    let kept: Vec<(u32, u32)> = (0..n)
        .filter(|r| !emptied.contains(r))
        .map(|r| (r as u32, full[r]))
        .collect();
    let words = n.div_ceil(64);
    let mut reserved = vec![0u64; n * words];
    for _ in 0..40 {
        let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
        if !kept.contains(&(r as u32, c as u32)) {
            reserved[r * words + c / 64] |= 1 << (c % 64);
        }
    }
    let board = Board::with_reserved(n, reserved)
        .with_queens(&kept)
        .unwrap();
    let mut compact = Compact::new(&board, Order::Rows).unwrap().unwrap();
    let wide: Vec<Vec<u32>> = Completions::wide(&board).unwrap().collect();
    assert!(!wide.is_empty());
    assert_eq!(all(&mut compact, 7), wide);
    let mut fewest = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
    let mut found = all(&mut fewest, 7);
    found.sort();
    assert_eq!(found, wide);
}

#[test]
fn a_board_with_more_than_64_free_rows_is_left_to_the_others() {
    assert!(Compact::new(&Board::new(65), Order::Rows)
        .unwrap()
        .is_none());
    let board = Board::new(66).with_queens(&[(3, 4), (60, 9)]).unwrap();
    assert!(Compact::new(&board, Order::Rows).unwrap().is_some());
}

#[test]
fn progress_only_grows_and_reaches_one() {
    let board = Board::new(9);
    let mut search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
    let mut last = 0.0;
    while search.advance(&mut 10) != Step::Exhausted {
        let now = search.progress();
        assert!((last..1.0).contains(&now), "{} after {}", now, last);
        last = now;
    }
    assert_eq!(search.progress(), 1.0);
}

#[test]
fn rows_squeezed_into_too_few_columns_are_refused_at_the_root() {
    // 20 rows of 40 whose open squares are in 19 columns: every row and column has open
    // squares, so only the matching sees it; without it, the search tries the placements of
    // 19 queens in those rows first (hours).
    let n = 40;
    let mut reserved = vec![0u64; n];
    for row in reserved.iter_mut().take(20) {
        *row = !0u64 << 19 & ((1u64 << n) - 1);
    }
    let board = Board::with_reserved(n, reserved);
    let mut search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
    assert_eq!(search.advance(&mut 1000), Step::Exhausted);
    assert_eq!(search.nodes(), 1);
}

/// A board of `n` with `count` whole diagonals reserved at random, as CSPLib's Excluded
/// Diagonals boards are.
fn excluded_diagonals(n: usize, count: usize, rng: &mut SplitMix64) -> Board {
    let words = n.div_ceil(64);
    let mut reserved = vec![0u64; n * words];
    for _ in 0..count {
        let (kind, d) = (rng.below(2), rng.below(2 * n as u64 - 1) as usize);
        for row in 0..n {
            // kind 0: the sum diagonal row + col = d; kind 1: row − col + n − 1 = d.
            let col = if kind == 0 {
                d.checked_sub(row)
            } else {
                (row + n - 1).checked_sub(d)
            };
            if let Some(col) = col.filter(|&c| c < n) {
                reserved[row * words + col / 64] |= 1 << (col % 64);
            }
        }
    }
    Board::with_reserved(n, reserved)
}

#[test]
fn the_diagonals_sums_cut_nodes_and_no_completion() {
    let mut rng = SplitMix64::new(79_2017);
    let (mut with, mut without) = (0, 0);
    for n in 10..=15 {
        for k in 0..4 {
            let mut board = excluded_diagonals(n, n, &mut rng);
            if k == 3 {
                // Placed queens too: the free rows are no longer one run.
                if let Ok(more) = board.with_queens(&[(n as u32 / 2, 1)]) {
                    board = more;
                }
            }
            let mut checked = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
            let mut plain = checked.clone();
            plain.sums_left.clear();
            let (a, b) = (all(&mut checked, 1 << 40), all(&mut plain, 1 << 40));
            assert_eq!(a, b, "{board:?}");
            assert!(checked.nodes() <= plain.nodes());
            (with, without) = (with + checked.nodes(), without + plain.nodes());
        }
    }
    // Measured: 0.70 of the nodes (35,310 against 50,546).
    assert!(with * 10 < without * 9, "{with} {without}");
}

/// Every step of `search` in turns of `turn` nodes, restarted after every tenth turn: what
/// each turn gave, the nodes so far and the placement then.
fn path(mut search: Compact, turn: u64) -> Vec<(Step, u64, Vec<u32>)> {
    let mut steps = Vec::new();
    for k in 1..=400 {
        let step = search.advance(&mut turn.clone());
        steps.push((step, search.nodes(), search.placement().to_vec()));
        match step {
            Step::Exhausted => break,
            _ if k % 10 == 0 => search.restart(),
            _ => {}
        }
    }
    steps
}

#[test]
fn every_kernel_the_cpu_has_takes_the_same_path() {
    let mut rng = SplitMix64::new(2008);
    let kernels = Kernel::available();
    let mut found = 0;
    for n in [9, 13, 17, 21, 25] {
        for seed in 0..3 {
            let board = excluded_diagonals(n, n / 2, &mut rng);
            for randomized in [false, true] {
                let mut search = match randomized {
                    false => Compact::new(&board, Order::FewestOpen),
                    true => Compact::randomized(&board, seed),
                }
                .unwrap()
                .unwrap();
                search.kernel = Kernel::portable();
                let portable = path(search.clone(), 17);
                found += portable.iter().filter(|s| s.0 == Step::Found).count();
                for &kernel in &kernels {
                    search.kernel = kernel;
                    assert_eq!(path(search.clone(), 17), portable, "{kernel:?} {board:?}");
                }
            }
        }
    }
    assert!(found > 20, "{found}");
}

/// The diagonals every one of `completions` has a queen on (r + c, then r + n − 1 − c); on a
/// board with none, any diagonals are (here, a few drawn at random).
fn needed_by(n: usize, completions: &[Vec<u32>], rng: &mut SplitMix64) -> [u128; 2] {
    if completions.is_empty() {
        return [
            rng.next_u64() as u128 & 0x5555,
            rng.next_u64() as u128 & 0xaaaa,
        ];
    }
    let mut needed = [!0u128, !0u128];
    for queens in completions {
        let mut used = [0u128; 2];
        for (r, &c) in queens.iter().enumerate() {
            used[0] |= 1 << (r + c as usize);
            used[1] |= 1 << (r + n - 1 - c as usize);
        }
        needed = [needed[0] & used[0], needed[1] & used[1]];
    }
    needed
}

#[test]
fn the_needed_diagonals_as_lines_keep_every_completion_and_cut_nodes() {
    let mut rng = SplitMix64::new(2026);
    let (mut with_lines, mut without, mut boards_with_lines) = (0u64, 0u64, 0);
    for n in 4..=10usize {
        for k in 0..30u64 {
            let board = match k % 3 {
                0 => random_board(n, &mut rng),
                _ => excluded_diagonals(n, n / 2 + k as usize % 4, &mut rng),
            };
            let completions = by_the_wide_search(&board);
            let needed = needed_by(n, &completions, &mut rng);
            // Listed in row order, with the lines and without: the same completions.
            let mut plain = Compact::new(&board, Order::Rows).unwrap().unwrap();
            assert_eq!(all(&mut plain, 7), completions, "{:?}", board);
            let mut lined = Compact::with_needed(&board, Order::Rows, needed)
                .unwrap()
                .unwrap();
            assert_eq!(all(&mut lined, 7), completions, "{:?} {:?}", board, needed);
            with_lines += lined.nodes();
            without += plain.nodes();
            boards_with_lines += usize::from(needed != [0, 0]);
            // A randomized search that learns them after a few nodes starts again from the
            // root, and finds each completion once, in its own order.
            let mut search = Compact::randomized(&board, k).unwrap().unwrap();
            search.advance(&mut 3);
            search.learn_needed(&board, needed).unwrap();
            let mut found = all(&mut search, 5);
            found.sort();
            assert_eq!(found, completions, "{:?} {:?}", board, needed);
        }
    }
    assert!(boards_with_lines > 100, "{}", boards_with_lines);
    assert!(with_lines < without, "{} {}", with_lines, without);
    // Boards of 40 (diagonals numbered past 64: the second word of needed lines), a
    // placement with eight rows emptied at random.
    let full = crate::place::construct(40).unwrap().unwrap();
    for k in 0..20u64 {
        let mut kept: Vec<(u32, u32)> = (0..40).map(|r| (r, full[r as usize])).collect();
        for _ in 0..8 {
            kept.remove(rng.below(kept.len() as u64) as usize);
        }
        let mut board = Board::new(40).with_queens(&kept).unwrap();
        if k % 2 == 1 {
            // No queen placed, every square reserved but the placement's and one in 32:
            // some eighty lines, past the first word of them.
            let reserved = (0..40)
                .map(|r| {
                    let open = (0..5).fold(!0u64, |open, _| open & rng.next_u64());
                    ((1u64 << 40) - 1) & !(1 << full[r]) & !open
                })
                .collect();
            board = Board::with_reserved(40, reserved);
        }
        let completions = by_the_wide_search(&board);
        let needed = needed_by(40, &completions, &mut rng);
        let lines = needed[0].count_ones() + needed[1].count_ones();
        assert!(k % 2 == 0 || lines > 64, "{}", lines);
        let mut search = Compact::randomized(&board, k).unwrap().unwrap();
        search.learn_needed(&board, needed).unwrap();
        let mut found = all(&mut search, 5);
        found.sort();
        assert_eq!(found, completions, "{:?}", kept);
    }
}

#[test]
fn a_diagonal_learnt_again_keeps_its_count_and_a_new_one_starts_at_the_mean() {
    let mut rng = SplitMix64::new(77);
    let n = 12;
    let board = excluded_diagonals(n, 7, &mut rng);
    let mut search = Compact::randomized(&board, 3).unwrap().unwrap();
    let m = search.m;
    // Lines found shut: counts of all sizes.
    for _ in 0..50 {
        search.advance(&mut 40);
        search.restart();
    }
    let mean = |search: &Compact| search.wipeouts[..2 * m].iter().sum::<u64>() / (2 * m) as u64;
    let before = mean(&search);
    assert!(before > 1, "{:?}", search.wipeouts);
    // Two free diagonals of each kind (for the counts only: they need not be needed).
    let free: Vec<Vec<usize>> = (0..2)
        .map(|kind| {
            (0..2 * n - 1)
                .filter(|&d| {
                    (0..n).any(|r| {
                        // The column of row r on diagonal d: r + c = d, or r + n − 1 − c = d.
                        let c = match kind {
                            0 => d.checked_sub(r),
                            _ => (r + n - 1).checked_sub(d),
                        };
                        c.is_some_and(|c| c < n && !board.is_reserved(r, c))
                    })
                })
                .collect()
        })
        .collect();
    let first = [1u128 << free[0][0], 1u128 << free[1][0]];
    search.learn_needed(&board, first).unwrap();
    assert_eq!(search.diagonals.len(), 2);
    assert_eq!(&search.wipeouts[2 * m..], &[before, before]);
    // Counts of their own, then two more diagonals: the first two keep theirs.
    found_shut(&mut search, 2 * m, 1000);
    found_shut(&mut search, 2 * m + 1, 2000);
    for _ in 0..20 {
        search.advance(&mut 40);
        search.restart();
    }
    let kept: Vec<((usize, usize), u64)> = search
        .diagonals
        .iter()
        .copied()
        .zip(search.wipeouts[2 * m..].iter().copied())
        .collect();
    let now = mean(&search);
    let both = [first[0] | 1 << free[0][1], first[1] | 1 << free[1][1]];
    search.learn_needed(&board, both).unwrap();
    assert_eq!(search.diagonals.len(), 4);
    for (j, diagonal) in search.diagonals.iter().enumerate() {
        let count = search.wipeouts[2 * m + j];
        match kept.iter().find(|(d, _)| d == diagonal) {
            Some(&(_, was)) => assert_eq!(count, was, "{:?}", diagonal),
            None => assert_eq!(count, now, "{:?}", diagonal),
        }
    }
    assert!(kept.iter().all(|&(_, count)| count >= 1000 && count != now));
    // Each line's weight goes with its count.
    let weights = search.weight.iter().zip(&search.wipeouts);
    assert!(weights.into_iter().all(|(&w, &t)| w == super::weight_of(t)));
}

#[test]
fn the_widest_search_chooses_among_all_its_lines() {
    // 64 free rows and 128 diagonals as lines: 256 lines, the four words of the choice full.
    // (The diagonals are not all needed: the search here only has to branch without fault.)
    let board = Board::new(64);
    let mut search = Compact::with_needed(&board, Order::FewestOpen, [!0, !0])
        .unwrap()
        .unwrap();
    assert_eq!(search.width, 256);
    search.random = Some(SplitMix64::new(3));
    search.weigh_lines();
    // Three lines have one square, forced: the corners' diagonals r + c = 0 (line 128) and
    // 126 (line 254), and r + 63 − c = 0 (line 255, the one diagonal of its kind taken). The
    // root draws among them alone, in the third word of lines and the fourth.
    let mut drawn = std::collections::BTreeSet::new();
    for _ in 0..100 {
        let (line, open) = search.choose(0).unwrap();
        assert_eq!(open.count_ones(), 1, "{line}");
        drawn.insert(line);
    }
    assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [128, 254, 255]);
    // 64 queens cannot stand on 127 diagonals of one kind: the search proves it.
    assert_eq!(search.advance(&mut 100_000), Step::Exhausted);
}
