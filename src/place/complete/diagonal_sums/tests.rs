//! The sums' proofs against an exhaustive search.

use super::*;
use crate::place::complete::schedule::{beside::SUMS_TURN_WORK, sums_alone, Entrant};
use crate::place::{complete, Completion, Options};
use crate::rng::SplitMix64;
use check::odd_counts;
use programme::or_shifted;
use programme::{Programme, Tables};

/// A board of size `n` with some whole diagonals reserved (as CSPLib's Excluded
/// Diagonals), some single squares reserved, and up to two queens placed, at random.
fn random_board(n: usize, rng: &mut SplitMix64) -> Board {
    let diagonals = |rng: &mut SplitMix64| -> Vec<u64> {
        let count = rng.below(n as u64 / 2 + 1);
        (0..count).map(|_| rng.below(2 * n as u64 - 1)).collect()
    };
    let (sums, diffs) = (diagonals(rng), diagonals(rng));
    let words = n.div_ceil(64);
    let mut reserved = vec![0u64; n * words];
    let holes = rng.below(3) > 0;
    for r in 0..n {
        for c in 0..n {
            let hole = holes && rng.below(12) == 0;
            if hole || sums.contains(&((r + c) as u64)) || diffs.contains(&((r + n - 1 - c) as u64))
            {
                reserved[r * words + c / 64] |= 1 << (c % 64);
            }
        }
    }
    let mut board = Board::with_reserved(n, reserved);
    for _ in 0..rng.below(3) {
        let (r, c) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
        if let Ok(placed) = board.with_queens(&[(r, c)]) {
            board = placed;
        }
    }
    board
}

#[test]
fn a_board_it_refutes_has_no_completion_and_it_refutes_many() {
    let mut rng = SplitMix64::new(2026);
    let (mut refuted_boards, mut impossible) = (0, 0);
    let mut by_condition = [0usize; 4];
    for i in 0..6000 {
        let n = 4 + i % 7;
        let board = random_board(n, &mut rng);
        let options = Options {
            give_up_after: None,
            only: Some(crate::place::Method::Compact),
            ..Options::default()
        };
        let found = complete(&board, &options).unwrap();
        let none = matches!(found, Completion::Impossible(_));
        impossible += usize::from(none);
        let (refutes, condition) = run_alone(DiagonalSums::probing(&board));
        if refutes {
            assert!(
                none,
                "refuted, but completed: {:?} gives {:?}",
                board, found
            );
            refuted_boards += 1;
            let condition = condition.expect("a refutation names its condition");
            by_condition[condition as usize] += 1;
        }
    }
    // Each condition is the one that refutes some boards.
    assert!(
        by_condition.iter().all(|&k| k > 0),
        "refutations by the sum, the squares, parity and the needed diagonals: {:?}",
        by_condition
    );
    // Both kinds of board were met, and the check is not idle: it refutes most of the
    // boards without a completion (3,497 of 3,687, 231 of them by the probes).
    let message = format!("{} of {} refuted", refuted_boards, impossible);
    assert!(impossible > 1000 && impossible < 5000, "{}", message);
    assert!(refuted_boards * 10 > impossible * 9, "{}", message);
    assert!(
        by_condition[Condition::Needed as usize] > 100,
        "{:?}",
        by_condition
    );
}

#[test]
fn the_plain_board_and_a_full_placement_are_not_refuted() {
    // Only the boards of 2 and 3, which have no placement, may be refuted.
    for n in 1..=30 {
        let none = refuted(&Board::new(n));
        assert_eq!(none, n == 2 || n == 3, "{}", n);
    }
    let queens: Vec<(u32, u32)> = [0u32, 4, 7, 5, 2, 6, 1, 3]
        .iter()
        .enumerate()
        .map(|(r, &c)| (r as u32, c))
        .collect();
    let board = Board::new(8).with_queens(&queens[..5]).unwrap();
    assert!(!refuted(&board));
    assert!(!refuted(&Board::new(8).with_queens(&queens).unwrap()));
}

#[test]
fn a_board_made_around_a_placement_is_never_refuted() {
    // A placement of n queens found by min-conflicts, every diagonal it does not use
    // reserved but for a few, and some of its queens placed: it completes the board.
    let mut rng = SplitMix64::new(28);
    for n in 11..=40u32 {
        for seed in 0..6 {
            let queens = crate::place::min_conflicts(n, seed, &mut |_, _| {})
                .unwrap()
                .unwrap();
            let n = n as usize;
            let (mut sums, mut diffs) = (vec![false; 2 * n - 1], vec![false; 2 * n - 1]);
            for (r, &c) in queens.iter().enumerate() {
                sums[r + c as usize] = true;
                diffs[r + n - 1 - c as usize] = true;
            }
            for d in 0..2 * n - 1 {
                sums[d] |= rng.below(4) == 0;
                diffs[d] |= rng.below(4) == 0;
            }
            let words = n.div_ceil(64);
            let mut reserved = vec![0u64; n * words];
            for r in 0..n {
                for c in 0..n {
                    if !sums[r + c] || !diffs[r + n - 1 - c] {
                        reserved[r * words + c / 64] |= 1 << (c % 64);
                    }
                }
            }
            let placed: Vec<(u32, u32)> = (0..n)
                .filter(|_| rng.below(3) == 0)
                .map(|r| (r as u32, queens[r]))
                .collect();
            let board = Board::with_reserved(n, reserved)
                .with_queens(&placed)
                .unwrap();
            assert!(!refuted(&board), "n = {}, seed {}", n, seed);
            if n <= 20 {
                // The probes of the diagonals too (milliseconds a board at this size).
                assert!(
                    !run_alone(DiagonalSums::probing(&board)).0,
                    "n = {}, seed {}",
                    n,
                    seed
                );
            }
        }
    }
}

#[test]
fn shifting_keeps_every_bit_that_fits() {
    let shifts = [0, 1, 63, 64, 65, 130, 200, -1, -63, -64, -65, -130, -200];
    // Sources shorter than the row written, as long, and longer.
    for (shift, words) in shifts
        .into_iter()
        .flat_map(|s| (1..=4).map(move |w| (s, w)))
    {
        let from = &[0x8000_0000_0000_0001u64, 3, 1 << 40, 1 << 63][..words];
        let mut into = [0u64; 3];
        let any = or_shifted(&mut into, from, shift);
        for q in 0..192isize {
            let had = (0..64 * words as isize).contains(&(q - shift)) && {
                let p = (q - shift) as usize;
                from[p / 64] >> (p % 64) & 1 == 1
            };
            let q = q as usize;
            assert_eq!(into[q / 64] >> (q % 64) & 1 == 1, had, "{} {}", shift, q);
        }
        assert_eq!(any, into.iter().any(|&w| w != 0));
    }
}

/// [`or_shifted`] as a kernel's compilation runs it.
struct Shift<'a>(&'a mut [u64], &'a [u64], isize);

impl crate::kernel::HotLoop for Shift<'_> {
    type Output = bool;

    #[inline(always)]
    fn run(self) -> bool {
        or_shifted(self.0, self.1, self.2)
    }
}

#[test]
fn shifting_long_rows_keeps_the_same_bits_on_every_kernel() {
    let mut rng = SplitMix64::new(6_400);
    let bit = |set: &[u64], q: usize| set[q / 64] >> (q % 64) & 1 == 1;
    for _ in 0..300 {
        // A source as long as the row written, longer or shorter (a set's span).
        let words = 1 + rng.below(40) as usize;
        let from: Vec<u64> = (0..words)
            .map(|_| rng.next_u64() & rng.next_u64())
            .collect();
        // The row written may be cut short (the bits past a bound are not kept).
        let live = 1 + rng.below(words as u64 + 8) as usize;
        let before: Vec<u64> = (0..live)
            .map(|_| rng.next_u64() & rng.next_u64() & rng.next_u64())
            .collect();
        // Up or down: a set's span may start past its source's (the bits below are none).
        let shift = rng.below(64 * (live + words) as u64 + 140) as isize - 64 * words as isize - 70;
        let mut want = before.clone();
        for q in 0..64 * live {
            let p = q as isize - shift;
            if (0..64 * words as isize).contains(&p) && bit(&from, p as usize) {
                want[q / 64] |= 1 << (q % 64);
            }
        }
        for kernel in crate::kernel::Kernel::available() {
            let mut into = before.clone();
            let any = kernel.compiled_for(Shift(&mut into, &from, shift));
            assert_eq!(into, want, "{kernel:?} shift {shift}");
            assert_eq!(any, want.iter().any(|&w| w != 0), "{kernel:?}");
        }
    }
}

#[test]
fn the_odd_counts_tried_hold_every_placements_and_come_from_the_middle() {
    assert_eq!(odd_counts(6, [0, 0], false), vec![2, 4, 0, 6]);
    assert_eq!(odd_counts(5, [-3, 1], true), vec![3, 1, 5]);
    // Parities that disagree: no count can do.
    assert_eq!(odd_counts(5, [0, 1], true), Vec::<usize>::new());
    // Any n rooks on free rows and columns (one a row and a column, diagonals shared or
    // not): their number of odd x is among those tried, whatever rows are free.
    let mut rng = SplitMix64::new(79);
    for _ in 0..2000 {
        let n = 1 + rng.below(20) as usize;
        let mut rows: Vec<usize> = (0..n).filter(|_| rng.below(4) > 0).collect();
        let mut cols: Vec<usize> = (0..n).filter(|_| rng.below(4) > 0).collect();
        let m = rows.len().min(cols.len());
        rows.truncate(m);
        cols.truncate(m);
        for i in (1..m).rev() {
            cols.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let x = |r: usize, c: usize| (r + c) as i64 - (n as i64 - 1);
        let y = |r: usize, c: usize| r as i64 - c as i64;
        let pairs = rows.iter().zip(&cols);
        let sums = [
            pairs.clone().map(|(&r, &c)| x(r, c)).sum(),
            pairs.clone().map(|(&r, &c)| y(r, c)).sum(),
        ];
        let odd = pairs.filter(|(&r, &c)| x(r, c) % 2 != 0).count();
        let tried = odd_counts(m, sums, n % 2 == 1);
        assert!(tried.contains(&odd), "n = {}, {:?}: {} odd x", n, sums, odd);
        assert!(tried
            .windows(2)
            .all(|w| (2 * w[0]).abs_diff(m) <= (2 * w[1]).abs_diff(m)));
    }
}

#[test]
fn the_needed_diagonals_refute_a_board_the_sums_let_through() {
    // CSPLib's Excluded Diagonals, n = 28, seed 28103: no completion (the compact search
    // looks everywhere in about 15 minutes), but the sums and parities are met.
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/boards/csplib-excluded-diagonals-28-needed.board"
    ));
    let board = crate::read::board(text.as_bytes()).unwrap();
    assert!(!refuted(&board));
    assert_eq!(
        run_alone(DiagonalSums::probing(&board)),
        (true, Some(Condition::Needed))
    );
    // Its difference diagonal r − c = 27 (numbered r + n − 1 − c: 54), probed first, is
    // needed; its one open square, (27, 0), takes the queen, which shuts all three of the
    // diagonal r − c = 25, and the board with that queen fails the sums.
    let mut probes = Probing::new(&board).unwrap();
    assert_eq!(probes.to_probe.last(), Some(&(1, 54)));
    assert_eq!(
        probes.advance(&mut u64::MAX.clone()).unwrap(),
        Verdict::Refuted
    );
    assert_eq!(probes.needed, [0, 1 << 54]);
}

/// Runs `check` to its end: whether it refutes its board.
fn runs_to_refute(check: &mut Check) -> bool {
    check.advance(&mut u64::MAX.clone()).unwrap() == Verdict::Refuted
}

/// The sums run alone to their end, as the schedule of a listing runs them: whether they
/// refute the board, and by which condition.
fn run_alone(sums: DiagonalSums) -> (bool, Option<Condition>) {
    let mut sums = Entrant::new(Box::new(sums));
    let refutes = sums_alone(&mut sums, SUMS_TURN_WORK);
    (refutes, sums.search.condition())
}

/// The m-subsets of `values` with sum `sum` holding every value of `holding`: each one's
/// sum of squares and number of odd values. By brute force, for small boards.
fn choices(values: &[i64], m: usize, sum: i64, holding: &[i64]) -> Vec<(i64, usize)> {
    let mut found = Vec::new();
    for set in 0u32..1 << values.len() {
        let chosen: Vec<i64> = (0..values.len())
            .filter(|&i| set >> i & 1 == 1)
            .map(|i| values[i])
            .collect();
        if chosen.len() == m
            && chosen.iter().sum::<i64>() == sum
            && holding.iter().all(|v| chosen.contains(v))
        {
            let squares = chosen.iter().map(|v| v * v).sum();
            found.push((squares, chosen.iter().filter(|&&v| v & 1 != 0).count()));
        }
    }
    found
}

/// Whether `check`'s conditions can be met, by brute force: m values of each kind (of
/// kind `kind`, without `value`, or holding it if `take`) with the sums, together the sum
/// of squares, and as many odd values of the second kind as the first's allow.
fn met_by_brute_force(check: &Check, (kind, value): (usize, i64), take: bool) -> bool {
    let mut values = check.values.clone();
    if !take {
        values[kind].retain(|&v| v != value);
    }
    let holding = |k: usize| {
        if take && k == kind {
            vec![value]
        } else {
            Vec::new()
        }
    };
    let [x, y] = [0, 1].map(|k| choices(&values[k], check.m, check.sums[k], &holding(k)));
    x.iter().any(|&(qx, ox)| {
        let oy = if check.same_parity { ox } else { check.m - ox };
        y.contains(&(check.most - qx, oy))
    })
}

#[test]
fn a_probe_of_one_diagonal_is_sound_and_shares_the_other_kinds_sets() {
    let mut rng = SplitMix64::new(1729);
    let (mut probes, mut needed, mut shared, mut by_parity) = (0, 0, 0, 0);
    let (mut forbidden, mut brute) = (0, 0);
    for i in 0..1500 {
        let n = 5 + i % 6;
        let board = random_board(n, &mut rng);
        let Some(base) = Check::new(&board) else {
            continue;
        };
        if runs_to_refute(&mut Check::new(&board).unwrap()) || base.m < 2 {
            // Probes are made of boards the sums let through.
            continue;
        }
        let completions: Vec<Vec<u32>> = crate::place::Completions::wide(&board).unwrap().collect();
        let mut kept = [Vec::new(), Vec::new()];
        let mut spare: [Tables; 2] = Default::default();
        for (kind, kept) in kept.iter_mut().enumerate() {
            for d in base.values[kind]
                .iter()
                .map(|&v| (v + n as i64 - 1) as usize)
            {
                // The diagonal left empty (`take` false) or given a queen: the probe sharing
                // the sets of the probes before it, and one made afresh.
                for take in [false, true] {
                    let reuse = (std::mem::take(kept), std::mem::take(&mut spare));
                    let mut probe = base.probe((kind, d), n, reuse, take);
                    let refutes = runs_to_refute(&mut probe);
                    *kept = probe.kept.take().unwrap();
                    probe.recycle();
                    spare = std::mem::take(&mut probe.spare);
                    let mut fresh =
                        base.probe((kind, d), n, (Vec::new(), Default::default()), take);
                    fresh.kept = None;
                    let what = format!("{:?} {} {} {}", board, kind, d, take);
                    assert_eq!(runs_to_refute(&mut fresh), refutes, "{}", what);
                    if n <= 7 {
                        // Exactly the boards whose conditions no choice meets.
                        let value = d as i64 - (n as i64 - 1);
                        let met = met_by_brute_force(&base, (kind, value), take);
                        assert_eq!(refutes, !met, "{}", what);
                        brute += 1;
                    }
                    probes += 1;
                    shared += usize::from(kept.iter().flatten().count() > 0);
                    if !refutes {
                        continue;
                    }
                    needed += usize::from(!take);
                    forbidden += usize::from(take);
                    by_parity += usize::from(!take && fresh.failed == Condition::Parity);
                    for queens in &completions {
                        // Every completion has a queen on a needed diagonal, none on a
                        // forbidden one.
                        let on = queens.iter().enumerate().any(|(r, &c)| match kind {
                            0 => r + c as usize == d,
                            _ => r + n - 1 == d + c as usize,
                        });
                        assert_eq!(on, !take, "{}: {:?}", what, queens);
                    }
                }
            }
        }
    }
    assert!(
        needed > 1000 && forbidden > 1000,
        "{} {}",
        needed,
        forbidden
    );
    assert!(
        needed + forbidden < probes,
        "{} of {}",
        needed + forbidden,
        probes
    );
    assert!(shared > probes / 2, "{} of {}", shared, probes);
    assert!(by_parity > 30, "{} by parity", by_parity);
    assert!(brute > 1000, "{} by brute force", brute);
}

/// A random programme of a board of n: two thirds of its 2n − 1 values, m of them (or all,
/// if fewer) to choose, a sum in −n..=n, a most of m n² and a cap from next to nothing to
/// all of it (some cut every choice, some none).
fn random_plan(rng: &mut SplitMix64, n: usize, m: usize) -> (Vec<i64>, usize, i64, (i64, i64)) {
    let values: Vec<i64> = (-(n as i64) + 1..n as i64)
        .filter(|_| rng.below(3) > 0)
        .collect();
    let m = m.min(values.len());
    let sum = rng.below(2 * n as u64 + 1) as i64 - n as i64;
    let most = (m * n * n) as i64;
    let cap = rng.below(most as u64 + 1) as i64;
    (values, m, sum, (most, cap))
}

#[test]
fn a_programme_reaches_the_sums_of_squares_of_its_choices() {
    // Every choice of m distinct values with the sum (and the number of odd values, if
    // wanted), by brute force: the programme reaches each whose sum of squares is within
    // its cap, and nothing no choice has (past the cap it may keep a few, up to a word).
    let mut rng = SplitMix64::new(23);
    for i in 0..2000 {
        let (values, m, sum, (most, cap)) = random_plan(&mut rng, 3 + i % 8, 1 + i % 6);
        let want = (i % 3 > 0).then(|| rng.below(m as u64 + 1) as usize);
        let mut choices = std::collections::BTreeSet::new();
        for subset in 0u32..1 << values.len() {
            let chosen: Vec<i64> = (0..values.len())
                .filter(|&j| subset >> j & 1 == 1)
                .map(|j| values[j])
                .collect();
            let odd = chosen.iter().filter(|&&v| v & 1 != 0).count();
            if chosen.len() == m
                && chosen.iter().sum::<i64>() == sum
                && want.is_none_or(|k| k == odd)
            {
                choices.insert(chosen.iter().map(|v| v * v).sum::<i64>());
            }
        }
        let mut programme =
            Programme::plan(values.clone(), m, sum, (most, cap), want, Tables::default());
        while !programme.done() {
            programme.step().unwrap();
        }
        let reached: Vec<i64> = programme
            .reached()
            .iter()
            .enumerate()
            .flat_map(|(j, &w)| {
                (0..64)
                    .filter(move |b| w >> b & 1 == 1)
                    .map(move |b| 64 * j as i64 + b)
            })
            .collect();
        let what = format!(
            "{:?} m {} sum {} cap {} want {:?}",
            values, m, sum, cap, want
        );
        assert!(
            reached.iter().all(|q| choices.contains(q)),
            "{} {:?}",
            what,
            reached
        );
        for q in choices.iter().filter(|&&q| q <= cap) {
            assert!(reached.contains(q), "{} lost {}", what, q);
        }
    }
}

#[test]
fn a_table_reused_reaches_what_a_fresh_one_reaches() {
    let mut rng = SplitMix64::new(7);
    let mut spare = Tables::default();
    for i in 0..300 {
        let n = 4 + i % 12;
        let values: Vec<i64> = (-(n as i64) + 1..n as i64)
            .filter(|_| rng.below(3) > 0)
            .collect();
        let m = (n / 2).min(values.len());
        let sum = rng.below(5) as i64 - 2;
        let most = (2 * m * n * n / 3) as i64;
        let want = (i % 3 == 0).then_some(m / 2);
        let run = |mut programme: Programme| {
            while !programme.done() {
                programme.step().unwrap();
            }
            let reached = programme.reached().to_vec();
            (reached, programme.into_table())
        };
        let squares = (most, most - rng.below(most as u64 / 4 + 1) as i64);
        let (fresh, _) = run(Programme::plan(
            values.clone(),
            m,
            sum,
            squares,
            want,
            Tables::default(),
        ));
        // A table left dirty by the programme before, its words scrambled too.
        let dirty = spare.scrambled(&mut rng);
        let (reused, table) = run(Programme::plan(values, m, sum, squares, want, dirty));
        let bits = |set: &[u64]| -> Vec<usize> {
            (0..set.len() * 64)
                .filter(|&q| set[q / 64] >> (q % 64) & 1 == 1)
                .collect()
        };
        assert_eq!(bits(&reused), bits(&fresh), "n = {}, {}", n, i);
        if table.words() > spare.words() {
            spare = table;
        }
    }
}

#[test]
fn a_programme_that_reaches_nothing_is_told_so_by_its_least_squares() {
    let mut rng = SplitMix64::new(11);
    let (mut nothing, mut something) = (0, 0);
    let (mut useless_told, mut useful_told) = (0, 0);
    let mut split_more = 0;
    for i in 0..3000 {
        let (values, m, sum, (most, cap)) = random_plan(&mut rng, 4 + i % 10, 2 + i % 5);
        let want = match i % 4 {
            0 => None,
            _ => Some(rng.below(m as u64 + 1) as usize),
        };
        let mut programme =
            Programme::plan(values.clone(), m, sum, (most, cap), want, Tables::default());
        let (told, _) = programme.reaches_nothing(None).unwrap();
        // What a probe would find useful: up to a bound anywhere in the caps' range.
        let useful = rng.below(most as u64 + 2) as i64 - 1;
        let (told_useless, _) = programme.reaches_nothing(Some(useful)).unwrap();
        while !programme.done() {
            programme.step().unwrap();
        }
        let reached = programme.reached();
        let empty = reached.iter().all(|&w| w == 0);
        let below = (0..=useful).filter(|&q| {
            let word = reached.get(q as usize / 64).copied();
            word.is_some_and(|w| w >> (q % 64) & 1 == 1)
        });
        let useless = below.count() == 0;
        let what = format!(
            "{:?} m {} sum {} cap {} want {:?} useful {}",
            values, m, sum, cap, want, useful
        );
        // Told nothing at or below `useful`: it reaches none there (and told nothing at all,
        // it is told so whatever `useful` is).
        assert!(
            !told_useless || useless,
            "told useless, reached some: {}",
            what
        );
        assert!(!told || told_useless, "{}", what);
        useless_told += told_useless as u32;
        useful_told += (!told_useless && !useless) as u32;
        // Told nothing exactly when the programme reaches nothing.
        assert_eq!(told, empty, "{}", what);
        if let Some(k) = want {
            // The least split by parity, without the programme's cuts, tells whatever the
            // walk tells, and more only where the programme keeps nothing within the bound
            // (what it keeps past the cap, up to a word, is of no use).
            let (least, _) = super::odd_split::least_by_odd_count(&values, m, sum).unwrap();
            let least = least.get(k).copied().unwrap_or(u64::MAX);
            let past = |bound: i64| least == u64::MAX || least as i64 > bound;
            let none_to = |bound: i64| {
                (0..=bound).all(|q| {
                    let word = reached.get(q as usize / 64).copied();
                    word.is_none_or(|w| w >> (q % 64) & 1 == 0)
                })
            };
            for (bound, walk) in [(cap, told), (cap.min(useful), told_useless)] {
                assert!(!walk || past(bound), "walk told, split not: {}", what);
                assert_eq!(past(bound), none_to(bound), "split: {} to {}", what, bound);
                split_more += (past(bound) && !walk) as u32;
            }
        }
        match told {
            true => nothing += 1,
            false => something += 1,
        }
    }
    assert!(
        nothing > 500 && something > 500,
        "{} {}",
        nothing,
        something
    );
    // Both answers are common when a bound is given.
    assert!(
        useless_told > 1000 && useful_told > 500,
        "{} {}",
        useless_told,
        useful_told
    );
    // And the split tells what the walk does not, now and then.
    assert!(split_more > 10, "{}", split_more);
}

#[test]
fn guiding_probes_fall_back_on_a_loose_board() {
    // An empty board of 16: the sums pass, and no diagonal is needed.
    let board = Board::new(16);
    let mut sums = DiagonalSums::guiding(&board);
    while sums.phase() == Phase::Checking {
        assert_eq!(sums.advance(1 << 14).0.unwrap(), Step::Paused);
    }
    assert_eq!(sums.phase(), Phase::Probing { guiding: true });
    // Steps of a few words, so that the board is judged while probes are left (witnesses
    // pass the probes of an empty board for some twenty words each).
    let mut steps = 0;
    while let Some((probed, _)) = sums.probing.as_ref().map(|p| p.probed()) {
        if probed > GUIDING_TRIAL {
            break;
        }
        assert_eq!(sums.advance(16).0.unwrap(), Step::Paused);
        steps += 1;
        assert!(steps < 1 << 24, "the probes never came");
    }
    assert!(sums.probing.as_ref().is_some_and(|p| p.left() > 0));
    assert_eq!(sums.found, Diagonals::default());
    assert_eq!(sums.phase(), Phase::Probing { guiding: false });
    // Where the probes only refute, they never guide.
    let mut plain = DiagonalSums::probing(&board);
    while plain.phase() == Phase::Checking {
        assert!(plain.advance(1 << 14).0.is_ok());
    }
    assert_eq!(plain.phase(), Phase::Probing { guiding: false });
}

#[test]
fn the_forbidden_diagonals_are_all_found_before_a_diagonal_is_left_empty() {
    let mut rng = SplitMix64::new(4243);
    let mut forbidding = 0;
    for i in 0..1000 {
        let board = random_board(5 + i % 6, &mut rng);
        let Some(mut probing) = Probing::new(&board) else {
            continue;
        };
        // A step at a time: the forbidden diagonals known when the first diagonal is left
        // empty are all there will be.
        let mut first = None;
        let answer = loop {
            if first.is_none() && probing.probed().0 > 0 {
                first = Some(probing.forbidden);
            }
            match probing.advance(&mut 1).unwrap() {
                Verdict::Pending => {}
                answer => break answer == Verdict::Refuted,
            }
        };
        if let (Some(first), false) = (first, answer || probing.forbidden == [0, 0]) {
            assert_eq!(first, probing.forbidden, "{:?}", board);
            forbidding += 1;
        }
    }
    assert!(forbidding > 50, "{} boards forbidding", forbidding);
}

#[test]
fn the_probes_diagonals_agree_with_every_completion() {
    let mut rng = SplitMix64::new(4242);
    let (mut boards, mut forbidden, mut refuted) = (0, 0, 0);
    for i in 0..3000 {
        let n = 5 + i % 6;
        let board = random_board(n, &mut rng);
        let Some(mut probing) = Probing::new(&board) else {
            continue;
        };
        let completions: Vec<Vec<u32>> = crate::place::Completions::wide(&board).unwrap().collect();
        let answer = probing.advance(&mut u64::MAX.clone()).unwrap();
        if answer == Verdict::Refuted {
            assert!(
                completions.is_empty(),
                "refuted, but completed: {:?}",
                board
            );
            refuted += 1;
            continue;
        }
        assert_eq!(answer, Verdict::Passed);
        boards += usize::from(!completions.is_empty());
        let count = |d: [u128; 2]| d[0].count_ones() + d[1].count_ones();
        forbidden += usize::from(count(probing.forbidden) > 0 && !completions.is_empty());
        for queens in &completions {
            // A queen on every needed diagonal, none on a forbidden one.
            let mut on = [0u128; 2];
            for (r, &c) in queens.iter().enumerate() {
                on[0] |= 1 << (r + c as usize);
                on[1] |= 1 << (r + n - 1 - c as usize);
            }
            for (kind, on) in on.into_iter().enumerate() {
                let what = format!("{:?} {:?}", board, queens);
                assert_eq!(probing.needed[kind] & !on, 0, "{}", what);
                assert_eq!(probing.forbidden[kind] & on, 0, "{}", what);
            }
        }
    }
    assert!(
        boards > 500 && forbidden > 100,
        "{} boards, {} forbidding",
        boards,
        forbidden
    );
    assert!(refuted > 500, "{} refuted", refuted);
}

#[test]
fn a_witness_meets_every_condition_and_the_probe_it_fits_passes() {
    let mut rng = SplitMix64::new(2718);
    let (mut found, mut asked) = (0, 0);
    for i in 0..400 {
        let n = 8 + i % 9;
        let board = random_board(n, &mut rng);
        let Some(base) = Check::new(&board) else {
            continue;
        };
        if base.m < 2 || runs_to_refute(&mut Check::new(&board).unwrap()) {
            continue;
        }
        for kind in 0..2 {
            for v in base.values[kind].clone() {
                for hold in [false, true] {
                    asked += 1;
                    let (witness, _) = base.witness((kind, v, hold), 1 << 16, &mut rng);
                    let Some(w) = witness else {
                        continue;
                    };
                    found += 1;
                    let what = format!("{:?} {} {} {}", board, kind, v, hold);
                    assert_eq!(w[kind] & witness::bit(v) != 0, hold, "{}", what);
                    // Counted afresh from the bits: m values of each kind's, its sum, the
                    // parities and the sum of squares every completion has.
                    let chosen = |k: usize| -> Vec<i64> {
                        (0..128)
                            .filter(|&q| w[k] >> q & 1 == 1)
                            .map(|q| q - 63)
                            .collect()
                    };
                    let odd = |k: usize| chosen(k).iter().filter(|&&x| x & 1 != 0).count();
                    let mut squares = 0;
                    for k in 0..2 {
                        let values = chosen(k);
                        assert!(
                            values.iter().all(|x| base.values[k].contains(x)),
                            "{}",
                            what
                        );
                        assert_eq!(values.len(), base.m, "{}", what);
                        assert_eq!(values.iter().sum::<i64>(), base.sums[k], "{}", what);
                        squares += values.iter().map(|x| x * x).sum::<i64>();
                    }
                    assert_eq!(squares, base.most, "{}", what);
                    assert!(base.parities.contains(&odd(0)), "{}", what);
                    let paired = if base.same_parity {
                        odd(0)
                    } else {
                        base.m - odd(0)
                    };
                    assert_eq!(odd(1), paired, "{}", what);
                    // And so the probe it fits passes.
                    let d = (v + n as i64 - 1) as usize;
                    let mut probe =
                        base.probe((kind, d), n, (Vec::new(), Default::default()), hold);
                    assert!(!runs_to_refute(&mut probe), "{}", what);
                }
            }
        }
    }
    assert!(found > asked / 3, "{} witnesses of {} asked", found, asked);
}
