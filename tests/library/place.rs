//! One placement for large N: the verifier against planted flaws, the construction and
//! min-conflicts checked by it, and reading placements as text.

use nqueens::place::{construct, min_conflicts, verify, Flaw};
use nqueens::read::perm as read_perm;

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
    let mut queens = construct(n as u32).unwrap().unwrap();
    assert_eq!(verify(n, &queens), Ok(()));
    queens.swap(500, 90_000);
    assert!(
        verify(n, &queens).is_err(),
        "swapping two far rows breaks the construction"
    );
    let mut queens = construct(n as u32).unwrap().unwrap();
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
        let queens = construct(n).unwrap().unwrap();
        assert_eq!(verify(n as usize, &queens), Ok(()), "n = {}", n);
    }
    assert_eq!(construct(1), Ok(Some(vec![0])));
    assert_eq!(construct(2), Ok(None));
    assert_eq!(construct(3), Ok(None));
}

#[test]
fn the_construction_is_valid_around_10_to_the_5_and_6_for_every_residue_mod_6() {
    for n in (99_998..100_004).chain(999_998..1_000_004) {
        let queens = construct(n).unwrap().unwrap();
        assert_eq!(verify(n as usize, &queens), Ok(()), "n = {}", n);
    }
}

#[test]
fn min_conflicts_is_valid_for_many_sizes_and_seeds() {
    for n in 4..=64u32 {
        for seed in 0..8 {
            let queens = min_conflicts(n, seed, &mut |_, _| {}).unwrap().unwrap();
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
        let queens = min_conflicts(n, seed, &mut |_, _| {}).unwrap().unwrap();
        assert_eq!(
            verify(n as usize, &queens),
            Ok(()),
            "n = {}, seed = {}",
            n,
            seed
        );
    }
    assert_eq!(min_conflicts(1, 0, &mut |_, _| {}), Ok(Some(vec![0])));
    assert_eq!(min_conflicts(2, 0, &mut |_, _| {}), Ok(None));
    assert_eq!(min_conflicts(3, 0, &mut |_, _| {}), Ok(None));
}

#[test]
fn min_conflicts_is_deterministic_for_a_seed_and_varies_with_it() {
    let a = min_conflicts(5_000, 9, &mut |_, _| {}).unwrap().unwrap();
    assert_eq!(a, min_conflicts(5_000, 9, &mut |_, _| {}).unwrap().unwrap());
    assert_ne!(
        a,
        min_conflicts(5_000, 10, &mut |_, _| {}).unwrap().unwrap()
    );
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
        "line 1, column 3: \"0\" (number 2) is not a column (a whole number from 1; 0-based columns are the perm0 format)"
    );
    assert_eq!(
        err(b"1\n-3"),
        "line 2, column 1: \"-3\" (number 2) is not a column (a whole number from 1)"
    );
    assert_eq!(
        err(b"99999999999"),
        "line 1, column 1: \"99999999999\" (number 1) is a column past 2^32, outside any board"
    );
    assert_eq!(err(b"  \n "), "no placement: the input holds no number");
    // The judge's rule for numbers: a byte-order mark, a plus sign, leading zeros, any of C's
    // whitespace, lone-CR lines.
    let long_two = format!("\u{feff}+{}2\x0b4\r1\x0c3", "0".repeat(50));
    assert_eq!(read_perm(long_two.as_bytes()).unwrap(), vec![1, 3, 0, 2]);
    assert_eq!(
        err(b"1\r2\rx"),
        "line 3, column 1: \"x\" (number 3) is not a column (a whole number from 1)"
    );
    // An endless bad token is refused at once.
    let endless = read_perm(std::io::repeat(b'x')).unwrap_err().to_string();
    assert!(
        endless.starts_with("line 1, column 1: \"xxxx"),
        "{}",
        endless
    );
}
