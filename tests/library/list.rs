//! Listing every placement, by its properties and by known judge answers.

use nqueens::count::Algo;
use nqueens::list::{solve_n_queens, write_perm, Placements};

/// An independent check: no two queens share a column or a diagonal.
fn valid(queens: &[usize]) -> bool {
    let n = queens.len();
    queens.iter().all(|&c| c < n)
        && (0..n).all(|i| {
            (i + 1..n).all(|j| queens[i] != queens[j] && queens[i].abs_diff(queens[j]) != j - i)
        })
}

#[test]
fn listing_gives_exactly_the_counted_placements_valid_and_in_increasing_order() {
    for n in 0..=10u32 {
        let mut all = Placements::new(n);
        let mut previous: Option<Vec<usize>> = None;
        let mut listed = 0u64;
        while let Some(queens) = all.next_placement() {
            assert_eq!(queens.len(), n as usize);
            assert!(valid(queens), "n = {}: {:?} is not valid", n, queens);
            if let Some(previous) = &previous {
                assert!(
                    previous.as_slice() < queens,
                    "n = {}: {:?} then {:?}",
                    n,
                    previous,
                    queens
                );
            }
            previous = Some(queens.to_vec());
            listed += 1;
        }
        assert_eq!(listed, Algo::Links.count(n), "n = {}", n);
        assert_eq!(all.next_placement(), None, "stays done");
    }
}

#[test]
fn the_validity_check_rejects_attacks() {
    assert!(valid(&[1, 3, 0, 2]));
    assert!(!valid(&[0, 2, 1, 3]), "a diagonal");
    assert!(!valid(&[1, 3, 1, 2]), "a column");
}

#[test]
fn leetcode_51_for_4() {
    assert_eq!(
        solve_n_queens(4),
        vec![
            vec![".Q..", "...Q", "Q...", "..Q."],
            vec!["..Q.", "Q...", "...Q", ".Q.."]
        ]
    );
    assert_eq!(solve_n_queens(1), vec![vec!["Q"]]);
    assert!(solve_n_queens(3).is_empty());
}

#[test]
fn luogu_p1219_for_6() {
    let mut out = Vec::new();
    for queens in Placements::new(6).take(3) {
        write_perm(&mut out, &queens).unwrap();
    }
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n"
    );
    assert_eq!(Placements::new(6).count(), 4);
}
