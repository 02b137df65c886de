//! One placement for large N: the verifier against planted flaws, the construction and
//! min-conflicts checked by it, and `queens solve | queens verify` through the real binaries.

mod common;

use common::{prints, queens, usage_error};
use nqueens::construct::construct;
use nqueens::min_conflicts::min_conflicts;
use nqueens::verify::{read_perm, verify, Flaw};
use predicates::prelude::*;
use std::process::{Command, Stdio};

#[test]
fn verify_finds_each_kind_of_flaw_and_the_first_pair() {
    use Flaw::*;
    #[rustfmt::skip]
    let cases: &[(usize, &[u32], Result<(), Flaw>)] = &[
        (4, &[1, 3, 0, 2], Ok(())),
        (5, &[0, 2, 4, 1, 3], Ok(())),
        (0, &[], Ok(())),
        (5, &[1, 3, 0, 2], Err(WrongLength { expected: 5, found: 4 })),
        (4, &[1, 3, 0, 4], Err(OutOfRange { row: 3, col: 4 })),
        (4, &[1, 3, 1, 2], Err(SameColumn { first: 0, second: 2 })),
        // Rows 0 and 1 at columns 1 and 0: the anti-diagonal row + col = 1.
        (4, &[1, 0, 3, 2], Err(SameAntiDiagonal { first: 0, second: 1 })),
        // Rows 1 and 2 at columns 2 and 1: the anti-diagonal row + col = 3.
        (4, &[0, 2, 1, 3], Err(SameAntiDiagonal { first: 1, second: 2 })),
        // Rows 0 and 2 at columns 0 and 2: the diagonal row - col = 0, found before the
        // anti-diagonal that rows 1 and 2 share.
        (4, &[0, 3, 2, 1], Err(SameDiagonal { first: 0, second: 2 })),
        (5, &[0, 4, 2, 1, 3], Err(SameDiagonal { first: 0, second: 2 })),
    ];
    for (n, queens, expected) in cases {
        assert_eq!(&verify(*n, queens), expected, "{:?}", queens);
    }
}

#[test]
fn a_planted_conflict_is_found_in_a_large_valid_placement() {
    let n = 100_000;
    let mut queens = construct(n as u32).unwrap();
    assert_eq!(verify(n, &queens), Ok(()));
    queens.swap(500, 90_000);
    assert!(
        verify(n, &queens).is_err(),
        "swapping two far rows breaks the construction"
    );
    let mut queens = construct(n as u32).unwrap();
    queens[77_777] = queens[3];
    assert_eq!(
        verify(n, &queens),
        Err(Flaw::SameColumn {
            first: 3,
            second: 77_777
        })
    );
}

#[test]
fn the_construction_is_valid_for_every_n_from_4_to_2000() {
    for n in 4..=2000u32 {
        let queens = construct(n).unwrap();
        assert_eq!(verify(n as usize, &queens), Ok(()), "n = {}", n);
    }
    assert_eq!(construct(1), Some(vec![0]));
    assert_eq!(construct(2), None);
    assert_eq!(construct(3), None);
}

#[test]
fn the_construction_is_valid_around_10_to_the_5_and_6_for_every_residue_mod_6() {
    for n in (99_998..100_004).chain(999_998..1_000_004) {
        let queens = construct(n).unwrap();
        assert_eq!(verify(n as usize, &queens), Ok(()), "n = {}", n);
    }
}

#[test]
fn min_conflicts_is_valid_for_many_sizes_and_seeds() {
    for n in 4..=64u32 {
        for seed in 0..8 {
            let queens = min_conflicts(n, seed, &mut |_, _| {}).unwrap();
            assert_eq!(
                verify(n as usize, &queens),
                Ok(()),
                "n = {}, seed = {}",
                n,
                seed
            );
        }
    }
    for (n, seed) in [(1_000, 1), (10_007, 2), (100_000, 3), (200_003, 4)] {
        let queens = min_conflicts(n, seed, &mut |_, _| {}).unwrap();
        assert_eq!(
            verify(n as usize, &queens),
            Ok(()),
            "n = {}, seed = {}",
            n,
            seed
        );
    }
    assert_eq!(min_conflicts(1, 0, &mut |_, _| {}), Some(vec![0]));
    assert_eq!(min_conflicts(2, 0, &mut |_, _| {}), None);
    assert_eq!(min_conflicts(3, 0, &mut |_, _| {}), None);
}

#[test]
fn min_conflicts_is_deterministic_for_a_seed_and_varies_with_it() {
    let a = min_conflicts(5_000, 9, &mut |_, _| {}).unwrap();
    assert_eq!(a, min_conflicts(5_000, 9, &mut |_, _| {}).unwrap());
    assert_ne!(a, min_conflicts(5_000, 10, &mut |_, _| {}).unwrap());
}

#[test]
fn min_conflicts_reports_progress_up_to_n() {
    let mut last = (0, 0);
    min_conflicts(3_000_000, 1, &mut |done, all| last = (done, all)).unwrap();
    assert_eq!(last, (3_000_000, 3_000_000));
}

#[test]
fn perm_text_is_read_with_clear_errors() {
    assert_eq!(read_perm(&b" 2 4\r\n1\t3 "[..]).unwrap(), vec![1, 3, 0, 2]);
    let err = |text: &[u8]| read_perm(text).unwrap_err().to_string();
    assert_eq!(
        err(b"1 0 2"),
        "number 2 (line 1): \"0\" is not a column (a whole number from 1)"
    );
    assert_eq!(
        err(b"1\n-3"),
        "number 2 (line 2): \"-3\" is not a column (a whole number from 1)"
    );
    assert_eq!(
        err(b"99999999999"),
        "number 1 (line 1): \"99999999999\" is not a column (a whole number from 1)"
    );
    assert_eq!(err(b"  \n "), "no placement: the input holds no number");
}

#[test]
fn solve_piped_into_verify_says_ok() {
    for args in [
        vec!["solve", "100000", "--seed", "5"],
        vec!["solve", "100000", "--seed", "6"],
        vec!["solve", "99999", "--method", "construct"],
    ] {
        let mut solve = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
            .args(&args)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let verify = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
            .arg("verify")
            .stdin(solve.stdout.take().unwrap())
            .output()
            .unwrap();
        assert!(solve.wait().unwrap().success());
        assert_eq!(
            String::from_utf8_lossy(&verify.stdout),
            "ok\n",
            "{:?}",
            args
        );
        assert!(verify.status.success());
    }
}

#[test]
fn solve_prints_one_placement_or_says_there_is_none() {
    prints(&["solve", "4", "--method", "construct"], "2 4 1 3\n");
    prints(&["solve", "1"], "1\n");
    let out = queens().args(["solve", "8", "--board"]).output().unwrap();
    assert!(out.status.success());
    let board = String::from_utf8(out.stdout).unwrap();
    let queens_at: Vec<u32> = board.lines().map(|l| l.find('Q').unwrap() as u32).collect();
    assert_eq!(board.lines().count(), 8);
    assert!(board
        .lines()
        .all(|l| l.len() == 8 && l.matches('Q').count() == 1));
    assert_eq!(verify(8, &queens_at), Ok(()));
    for n in ["2", "3"] {
        queens()
            .args(["solve", n])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("queens: no placement of {} queens exists\n", n));
    }
}

#[test]
fn solve_usage_errors() {
    usage_error(
        &["solve", "301", "--board"],
        "--board draws boards up to 300×300",
    );
    usage_error(&["solve", "0"], "N must be a number from 1 to 1000000000");
    usage_error(
        &["solve", "8", "--method", "annealing"],
        "unknown method \"annealing\"",
    );
    usage_error(&["solve", "8", "--seed", "-1"], "--seed must be a number");
}

#[test]
fn verify_reports_invalid_and_malformed_placements() {
    queens()
        .arg("verify")
        .write_stdin("2 4 1 3\n")
        .assert()
        .success()
        .stdout("ok\n");
    queens()
        .arg("verify")
        .write_stdin("1 2 3\n")
        .assert()
        .code(1)
        .stdout("invalid: the queens of rows 1 and 2 share a diagonal (columns 1 and 2)\n");
    queens()
        .args(["verify", "--n", "5"])
        .write_stdin("2 4 1 3\n")
        .assert()
        .code(1)
        .stdout("invalid: 4 queens, but the board is 5×5\n");
    queens()
        .arg("verify")
        .write_stdin("1 9 3\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("queens: stdin: the queen of row 2 is in column 9, outside the board\n");
    queens()
        .arg("verify")
        .write_stdin("2 four\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "number 2 (line 1): \"four\" is not a column",
        ));
    queens()
        .args(["verify", "/nonexistent/placement"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/placement",
        ));
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("placement.txt");
    std::fs::write(&file, "3 1 4 2\n").unwrap();
    queens()
        .arg("verify")
        .arg(&file)
        .assert()
        .success()
        .stdout("ok\n");
}
