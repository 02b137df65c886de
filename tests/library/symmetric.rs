//! The symmetric search against the other counters, brute force and the known counts (totals
//! and unique counts); threads, parts and progress of the multithreaded counters.

use nqueens::count::symmetric::count_with;
use nqueens::count::Algo;
use nqueens::count::{join, Counts, Problem, Run};
use nqueens::judge::KNOWN_COUNTS;
use nqueens::list::Placements;

/// OEIS A002562: placements distinct under rotations and reflections, n = 0..=16.
const KNOWN_UNIQUE: [u64; 17] = [
    1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
];

/// The 8 images of a placement under the symmetries of the square.
fn images(q: &[usize]) -> Vec<Vec<usize>> {
    let n = q.len();
    let rotate = |p: &[usize]| {
        // A quarter turn: the queen at (r, c) goes to (c, n - 1 - r).
        let mut image = vec![0; n];
        for (r, &c) in p.iter().enumerate() {
            image[c] = n - 1 - r;
        }
        image
    };
    let mut all = Vec::new();
    let mut p = q.to_vec();
    for _ in 0..4 {
        let mirrored: Vec<usize> = p.iter().map(|&c| n - 1 - c).collect();
        all.push(p.clone());
        all.push(mirrored);
        p = rotate(&p);
    }
    all
}

/// The unique count by brute force: every placement listed, one class counted per smallest
/// member.
fn brute_force_unique(n: u32) -> u64 {
    Placements::new(n)
        .filter(|q| images(q).iter().all(|image| q <= image))
        .count() as u64
}

#[test]
fn the_symmetric_search_gives_the_known_totals_and_unique_counts_and_agrees_with_the_others() {
    for n in 0..=13u32 {
        let counts = count_with(&Problem::total(n), &Run::default()).unwrap();
        assert_eq!(
            counts.total,
            KNOWN_COUNTS[n as usize].into(),
            "total, n = {}",
            n
        );
        assert_eq!(
            counts.unique,
            KNOWN_UNIQUE[n as usize].into(),
            "unique, n = {}",
            n
        );
        assert_eq!(
            counts.total,
            Algo::Recursive.count(n).into(),
            "against recursive, n = {}",
            n
        );
        if n <= 11 {
            assert_eq!(
                counts.total,
                Algo::Links.count(n).into(),
                "against links, n = {}",
                n
            );
        }
    }
}

#[test]
fn the_unique_count_matches_brute_force() {
    for n in 0..=9u32 {
        assert_eq!(
            count_with(&Problem::total(n), &Run::default())
                .unwrap()
                .unique,
            brute_force_unique(n).into(),
            "n = {}",
            n
        );
    }
}

#[test]
fn the_brute_force_sees_each_class_once() {
    // The two placements of N = 4 are one class, fixed by the quarter turn: 8 images, 2 distinct.
    let imgs = images(&[1, 3, 0, 2]);
    assert_eq!(imgs.len(), 8);
    let mut distinct = imgs.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    assert_eq!(brute_force_unique(4), 1);
}

#[test]
fn every_number_of_threads_gives_the_same_counts() {
    // A260320 gives the asymmetric classes of 13 (9197); A033148 the 8 placements fixed by
    // the quarter turn, 4 classes of 2; the rest, 9233 - 9197 - 4 = 32, are fixed by the
    // half turn only.
    let expected = Counts {
        total: 73712,
        unique: 9233,
        half_turn: 32,
        quarter_turn: 4,
    };
    for threads in [0, 1, 2, 3, 8, 64] {
        let options = Run {
            threads,
            ..Run::default()
        };
        assert_eq!(
            count_with(&Problem::total(13), &options).unwrap(),
            expected,
            "threads = {}",
            threads
        );
    }
}

#[test]
fn the_parts_add_up_to_the_whole() {
    for n in [1u32, 6, 8, 12] {
        let whole = count_with(&Problem::total(n), &Run::default()).unwrap();
        for m in [1u64, 2, 3, 7, 50] {
            let mut sum = Counts::default();
            for k in 1..=m {
                let part = count_with(
                    &Problem::total(n),
                    &Run {
                        part: Some((k, m)),
                        threads: 2,
                        ..Run::default()
                    },
                )
                .unwrap();
                sum += part;
            }
            assert_eq!(sum, whole, "n = {}, m = {}", n, m);
        }
    }
}

/// Runs `count` with a progress callback on two threads and checks that every unit of work
/// was reported once, numbered 1 to the total; returns that total.
fn reported_units(count: impl Fn(&Run<'_>)) -> usize {
    let seen = std::sync::Mutex::new(Vec::new());
    let report = |done: nqueens::count::Done| seen.lock().unwrap().push((done.chunks, done.of));
    let options = Run {
        threads: 2,
        progress: Some(&report),
        ..Run::default()
    };
    count(&options);
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    let total = seen[0].1;
    assert_eq!(
        seen,
        (1..=total).map(|done| (done, total)).collect::<Vec<_>>(),
        "every report must carry the same total, and each unit be reported once"
    );
    total
}

#[test]
fn progress_is_reported_for_every_unit_of_both_methods() {
    reported_units(|options| {
        assert_eq!(count_with(&Problem::total(10), options).unwrap().total, 724)
    });
    let units =
        reported_units(|options| assert_eq!(join::count_with(14, options).unwrap(), 365596));
    assert!(units > 100, "only {} units", units);
}

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn the_symmetric_search_gives_the_known_counts_for_14_to_16() {
    for n in 14..=16u32 {
        let options = Run {
            threads: 2,
            ..Run::default()
        };
        let counts = count_with(&Problem::total(n), &options).unwrap();
        assert_eq!(counts.total, KNOWN_COUNTS[n as usize].into(), "n = {}", n);
        assert_eq!(counts.unique, KNOWN_UNIQUE[n as usize].into(), "n = {}", n);
    }
}

#[test]
fn the_fundamental_placements_are_each_classs_smallest_in_order_and_make_every_placement() {
    use nqueens::count::symmetric::Fundamental;
    for n in 0..=10u32 {
        let fundamental: Vec<Vec<usize>> = Fundamental::new(n).collect();
        assert_eq!(
            fundamental.len() as u64,
            KNOWN_UNIQUE[n as usize],
            "n = {}",
            n
        );
        assert!(
            fundamental.windows(2).all(|p| p[0] < p[1]),
            "n = {}: not in order",
            n
        );
        let mut all = Vec::new();
        for q in &fundamental {
            let class = images(q);
            assert!(
                class.iter().all(|image| q <= image),
                "n = {}: {:?} not smallest",
                n,
                q
            );
            all.extend(class);
        }
        all.sort();
        all.dedup();
        // Together with their images, exactly every placement: no two in one class, none left.
        assert_eq!(all, Placements::new(n).collect::<Vec<_>>(), "n = {}", n);
    }
}

/// The classes of each symmetry by brute force: every placement, one class per smallest
/// member, sized by its distinct images.
fn brute_force_classes(n: u32) -> [u64; 3] {
    let mut classes = [0u64; 3];
    for q in Placements::new(n) {
        let mut class = images(&q);
        if class.iter().all(|image| &q <= image) {
            class.sort();
            class.dedup();
            match class.len() {
                8 => classes[0] += 1,
                4 => classes[1] += 1,
                _ => classes[2] += 1,
            }
        }
    }
    classes
}

#[test]
fn the_classes_by_symmetry_match_brute_force_and_the_published_counts() {
    // OEIS A260320 (no symmetry) and A033148 (placements fixed by the quarter turn), n = 1..16.
    const ASYMMETRIC: [u64; 16] = [
        0, 0, 0, 0, 1, 0, 4, 11, 42, 89, 329, 1765, 9197, 45647, 284743, 1846189,
    ];
    const QUARTER_TURN_PLACEMENTS: [u64; 16] = [1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64];
    for n in 1..=13u32 {
        let counts = count_with(&Problem::total(n), &Run::default()).unwrap();
        let classes = [counts.asymmetric(), counts.half_turn, counts.quarter_turn];
        if n <= 12 {
            assert_eq!(classes, brute_force_classes(n).map(u128::from), "n = {}", n);
        }
        assert_eq!(classes[0], ASYMMETRIC[n as usize - 1].into(), "n = {}", n);
        let quarter = QUARTER_TURN_PLACEMENTS[n as usize - 1];
        assert_eq!(
            classes[2],
            if n == 1 { 1 } else { quarter / 2 }.into(),
            "n = {}",
            n
        );
        if n > 1 {
            assert_eq!(
                8 * classes[0] + 4 * classes[1] + 2 * classes[2],
                counts.total
            );
        }
    }
}

#[test]
fn progress_weighs_the_work_and_ends_at_all_of_it() {
    use nqueens::count::Done;
    use std::sync::Mutex;
    for problem in [
        nqueens::count::Problem::total(13),
        nqueens::count::Problem::total(20),
    ] {
        let seen: Mutex<Vec<Done>> = Mutex::new(Vec::new());
        let report = |done: Done| seen.lock().unwrap().push(done);
        let run = nqueens::count::Run {
            threads: 2,
            // N = 20 would take minutes: its first part of 20000 is enough to see the weights.
            part: (problem.n == 20).then_some((1, 20_000)),
            progress: Some(&report),
            ..nqueens::count::Run::default()
        };
        nqueens::count::count_with(&problem, &run).unwrap();
        let seen = seen.into_inner().unwrap();
        let last = *seen.last().expect("progress was reported");
        assert_eq!(last.chunks, last.of, "n = {}", problem.n);
        assert!(
            (last.work - 1.0).abs() < 1e-6,
            "n = {}: {:?}",
            problem.n,
            last
        );
        // Work done only grows, and chunks of different sizes are weighed differently.
        let mut sorted = seen.clone();
        sorted.sort_by_key(|d| d.chunks);
        assert!(sorted.windows(2).all(|w| w[0].work <= w[1].work + 1e-12));
        let uneven = seen
            .iter()
            .any(|d| (d.work - d.chunks as f64 / d.of as f64).abs() > 0.01);
        assert!(
            uneven || seen.len() < 3,
            "n = {}: weights all equal: {:?}",
            problem.n,
            seen
        );
    }
}
