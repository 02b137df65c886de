//! Boards with reserved squares (CSES 1624): reading them, and counting on them against brute
//! force.

use nqueens::board::Board;
use nqueens::count::symmetric::count_with;
use nqueens::count::{count_with as fastest, Problem, Run};

/// The placements avoiding the reserved squares, by brute force over every placement.
fn brute_force_on(board: &Board) -> u64 {
    crate::common::completions_by_brute_force(board).len() as u64
}

/// A small deterministic generator for test boards.
fn boards(seed: u64, n: usize, count: usize) -> Vec<Board> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    (0..count)
        .map(|_| {
            let text: String = (0..n)
                .map(|_| {
                    let mut line: String = (0..n)
                        .map(|_| if next() % 6 == 0 { '*' } else { '.' })
                        .collect();
                    line.push('\n');
                    line
                })
                .collect();
            nqueens::read::board(text.as_bytes()).unwrap()
        })
        .collect()
}

#[test]
fn boards_with_reserved_squares_match_brute_force() {
    for n in 1..=9 {
        for board in boards(n as u64, n, 12) {
            let two = Run {
                threads: 2,
                ..Run::default()
            };
            let counts = count_with(&Problem::on(&board), &two).unwrap();
            assert_eq!(
                counts.total,
                u128::from(brute_force_on(&board)),
                "{:?}",
                board
            );
            assert_eq!(fastest(&Problem::on(&board), &two).unwrap(), counts.total);
            assert_eq!(counts.unique, 0);
        }
    }
}

#[test]
fn a_free_board_counts_every_placement_and_the_cses_sample_gives_65() {
    let free = nqueens::read::board("........\n".repeat(8).as_bytes()).unwrap();
    assert_eq!(
        count_with(&Problem::on(&free), &Run::default())
            .unwrap()
            .total,
        92
    );
    let cses =
        nqueens::read::board(&include_bytes!("../../fixtures/boards/cses-1624.board")[..]).unwrap();
    assert_eq!(
        count_with(&Problem::on(&cses), &Run::default())
            .unwrap()
            .total,
        65
    );
    assert_eq!(brute_force_on(&cses), 65);
}

#[test]
fn malformed_boards_are_refused_with_the_line() {
    let err = |text: &str| {
        nqueens::read::board(text.as_bytes())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(""), "the board is empty");
    assert_eq!(err("\n\n"), "the board is empty");
    assert_eq!(
        err("..\n..\n..\n"),
        "line 3: a line too many: the board's lines have 2 squares (a board is N lines of N squares)"
    );
    assert_eq!(
        err("...\n..\n...\n"),
        "line 2: 2 squares, but line 1 has 3 (a board is N lines of N squares)"
    );
    assert_eq!(
        err("..\r\n.q\r\n"),
        "line 2, column 2: 'q' is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
    assert_eq!(
        err("..\n.●\n"),
        "line 2, column 2: '●' is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
    assert_eq!(
        err("..\n\u{feff}.\n"),
        "line 2, column 1: '\\u{feff}' is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
    assert_eq!(
        err(".\u{ff}"),
        "line 1, column 2: 'ÿ' is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
    assert_eq!(
        nqueens::read::board(&b"..\n.\xff\n"[..]).unwrap_err().to_string(),
        "line 2, column 2: the byte \\xff (not UTF-8) is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
    assert_eq!(
        err(&".".repeat(8193)),
        "line 1, column 8193: more than 8192 squares; boards are at most 8192 wide"
    );
    assert_eq!(
        err("...\n...\n"),
        "line 2: the board ends after 2 lines, but its lines have 3 squares (a board is N lines of N squares)"
    );
    assert_eq!(
        err("..\n"),
        "line 1: the board ends after 1 line, but its lines have 2 squares (a board is N lines of N squares)"
    );
    assert_eq!(
        err("...\n\n...\n"),
        "line 3: more text after the blank line 2 that ended the board"
    );
    assert_eq!(
        err(&format!("{}.\n", " ".repeat(200))),
        "line 1, column 1: ' ' is none of '.' (free), '*' (reserved) and 'Q' (a queen)"
    );
}

#[test]
fn boards_as_people_save_them_are_read() {
    let two = |text: &[u8]| {
        nqueens::read::board(text).ok().map(|b| {
            (0..b.size())
                .map(|row| b.reserved_row(row).first().copied().unwrap_or(0))
                .collect::<Vec<u64>>()
        })
    };
    assert_eq!(two(b".*\r\n.."), Some(vec![2, 0]), "CRLF, no final newline");
    assert_eq!(
        two(b"\xEF\xBB\xBF.*\n..\n"),
        Some(vec![2, 0]),
        "a byte-order mark"
    );
    assert_eq!(
        two(b"\n\n.*\n.. \t\n\n\n"),
        Some(vec![2, 0]),
        "blank lines around, spaces after"
    );
    assert_eq!(two(b".*\r..\r"), Some(vec![2, 0]), "old Mac line ends");
}

#[test]
fn an_endless_board_is_refused_without_reading_it_all() {
    // Endless dots, or endless lines of four: refused once a line (or a line too many) shows it.
    let dots = std::io::repeat(b'.');
    let err = nqueens::read::board(dots).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 1, column 8193: more than 8192 squares; boards are at most 8192 wide"
    );
    let err = nqueens::read::board(Endless(b"....\n", 0))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("line 5: a line too many"), "{}", err);
    let zeros = std::io::repeat(0);
    let err = nqueens::read::board(zeros).unwrap_err().to_string();
    assert!(err.starts_with("line 1, column 1: '\\0'"), "{}", err);
}

/// A reader that repeats its bytes forever, as `yes` into a FIFO does.
struct Endless(&'static [u8], usize);

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        for byte in buf.iter_mut() {
            *byte = self.0[self.1 % self.0.len()];
            self.1 += 1;
        }
        Ok(buf.len())
    }
}
