//! Completion through the real binary: `--board` with placed queens, `--queens FILE` and
//! `--queen ROW,COL` for `count`, `list`, `solve` and `verify`, and what they do with boards
//! whose queens clash, endless lists and boards with no completion.

use crate::common::{prints, queens, shell, usage_error};
use predicates::prelude::*;

const AOJ: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/boards/aoj-alds1-13-a.board"
);
const AOJ_OUT: &str = include_str!("../../fixtures/boards/aoj-alds1-13-a.out");

/// An Excluded Diagonals board of CSPLib prob079 (`queens-diag-gen.py 24 4 24004`, its first
/// 24 diagonals reserved): it has completions, but a search that never learns meets the same
/// dead ends over and over and takes several seconds to find one.
const EXCLUDED_24: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/boards/csplib-excluded-diagonals-24.board"
);

/// A file in the build's scratch folder for tests (each test names its own), holding `text`.
fn file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("complete");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_aoj_board_of_two_placed_queens_has_its_one_completion() {
    prints(&["solve", "--board", AOJ, "--format", "board"], AOJ_OUT);
    prints(&["count", "--board", AOJ], "1\n");
    prints(&["list", "--board", AOJ], AOJ_OUT);
    // The same queens given by --queen, 1-based.
    prints(
        &[
            "solve", "8", "--queen", "3,3", "--queen", "6,4", "--format", "board",
        ],
        AOJ_OUT,
    );
    queens()
        .args(["verify", "--board", AOJ])
        .write_stdin(AOJ_OUT)
        .assert()
        .success()
        .stdout("ok\n");
}

#[test]
fn a_hard_excluded_diagonals_board_is_completed_with_its_squares_kept() {
    // In turns (the clause-learning search beside the others), and that search alone.
    for method in [None, Some("cdcl")] {
        let mut args = vec!["solve", "--board", EXCLUDED_24, "--time-limit", "120"];
        args.extend(method.iter().flat_map(|m| ["--method", m]));
        let solved = queens().args(&args).output().unwrap();
        assert!(solved.status.success(), "{:?}: {:?}", method, solved);
        queens()
            .args(["verify", "--board", EXCLUDED_24])
            .write_stdin(solved.stdout)
            .assert()
            .success()
            .stdout("ok\n");
    }
    // Without placed queens or reserved squares there is no board to complete.
    usage_error(
        &["solve", "24", "--method", "cdcl"],
        "goes with placed queens",
    );
    // A seed steers min-conflicts and the restarted search alone: with one tree or learning
    // search it would do nothing.
    for method in ["cdcl", "compact", "rows"] {
        usage_error(
            &[
                "solve", "8", "--queen", "1,1", "--method", method, "--seed", "3",
            ],
            "--seed steers min-conflicts and the restarted search, which --method",
        );
    }
}

#[test]
fn the_restarted_search_completes_a_board_the_same_for_the_same_seed() {
    let run = |seed: &str| {
        let out = queens()
            .args(["solve", "--board", EXCLUDED_24, "--method", "restarts"])
            .args(["--seed", seed, "--time-limit", "120"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        queens()
            .args(["verify", "--board", EXCLUDED_24])
            .write_stdin(out.stdout.clone())
            .assert()
            .success()
            .stdout("ok\n");
        out.stdout
    };
    assert_eq!(run("5"), run("5"));
    // On a board with no completion, a run that covers the whole tree proves it.
    queens()
        .args(["solve", "6", "--queen", "1,1", "--method", "restarts"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "no placement completes this board (an exhaustive search looked everywhere)",
        ));
}

#[test]
fn count_and_list_agree_on_a_board_with_queens_and_reserved_squares() {
    let board = file(
        "mixed.board",
        "......\n.Q....\n......\n....*.\n......\n......\n",
    );
    let board = board.to_str().unwrap();
    let listed = queens()
        .args(["list", "--board", board, "--format", "perm"])
        .output()
        .unwrap();
    assert!(listed.status.success());
    let lines = String::from_utf8(listed.stdout).unwrap();
    // By brute force over the 4 placements of 6.
    let expected: Vec<String> = nqueens::list::Placements::new(6)
        .filter(|q| q[1] == 1 && q[3] != 4)
        .map(|q| {
            let cols: Vec<String> = q.iter().map(|c| (c + 1).to_string()).collect();
            cols.join(" ") + "\n"
        })
        .collect();
    assert_eq!(lines, expected.concat());
    prints(
        &["count", "--board", board],
        &format!("{}\n", expected.len()),
    );
    prints(
        &["count", "6", "--queen", "2,2", "--threads", "2"],
        &format!(
            "{}\n",
            nqueens::list::Placements::new(6)
                .filter(|q| q[1] == 1)
                .count()
        ),
    );
}

/// An Excluded Diagonals board of CSPLib prob079 (`queens-diag-gen.py 28 4 28001`, its first
/// 28 diagonals reserved) with no completion: neither shiftqueens, CP-SAT, CaDiCaL nor a
/// search of ours decided it in a minute (docs/benchmarks.md).
const EXCLUDED_28: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/boards/csplib-excluded-diagonals-28.board"
);

/// `queens-diag-gen.py 26 4 26005`: no completion, but its diagonals reach the sums; only
/// with their parities tied (a queen's x + y = 2r − (n − 1)) do they not. No solver decided
/// it in a minute; the compact search alone takes about 5 minutes.
const EXCLUDED_26: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/boards/csplib-excluded-diagonals-26.board"
);

/// `queens solve --board EXCLUDED_28 --method METHOD --time-limit 1`, run.
fn alone_for_a_second(method: &str) -> assert_cmd::assert::Assert {
    queens()
        .args([
            "solve",
            "--board",
            EXCLUDED_28,
            "--method",
            method,
            "--time-limit",
            "1",
        ])
        .assert()
}

#[test]
fn a_board_whose_diagonals_cannot_hold_its_queens_is_proved_so_at_once() {
    queens()
        .args(["solve", "--board", EXCLUDED_26])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no placement completes this board (the diagonals' sums: the sums can be met, \
             but not with as many odd diagonals as the queens' rows allow)",
        ));
    queens()
        .args(["solve", "--board", EXCLUDED_28])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "no placement completes this board (the diagonals' sums: no choice of the free \
             diagonals has both the sums and the sum of squares every placement's have)",
        ));
    // The searches alone do not decide it in a second.
    alone_for_a_second("compact")
        .code(1)
        .stderr(predicate::str::contains("gave up after 1 s"));
    // Min-conflicts alone can never prove it, and its giving up says so, not that the board
    // is too large for the exhaustive search.
    alone_for_a_second("minconflict").code(1).stdout("").stderr(
        "queens: gave up after 1 s: no completion found, and none proved impossible \
             (--method minconflict cannot prove there is none; without --method the exhaustive \
             searches take turns too); a longer --time-limit may decide it\n",
    );
    // Counting and listing its completions say the same.
    prints(&["count", "--board", EXCLUDED_28], "0\n");
    prints(&["list", "--board", EXCLUDED_28], "");
}

/// `queens-diag-gen.py 28 4 28103`: no completion, and its diagonals reach the sums with
/// their parities; but left empty, each of 52 of its diagonals fails them. The compact search
/// alone proves it in about 15 minutes; neither CP-SAT nor CaDiCaL decided it in 90 s.
const EXCLUDED_28_NEEDED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/boards/csplib-excluded-diagonals-28-needed.board"
);

#[test]
fn a_board_whose_needed_diagonals_force_a_dead_end_is_proved_so_in_a_second() {
    queens()
        .args(["solve", "--board", EXCLUDED_28_NEEDED, "--time-limit", "30"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "queens: no placement completes this board (the diagonals' sums: the sums need a \
             queen on some diagonals and forbid one on others, and the queens these force \
             leave a row, a column or a needed diagonal with no open square, or the sums \
             unmet)\n",
        );
    prints(&["count", "--board", EXCLUDED_28_NEEDED], "0\n");
    prints(&["list", "--board", EXCLUDED_28_NEEDED], "");
}

#[test]
fn a_board_with_no_completion_is_exit_1_from_solve_and_0_from_count() {
    let corner = file("corner.board", "Q...\n....\n....\n....\n");
    let corner = corner.to_str().unwrap();
    queens()
        .args(["solve", "--board", corner])
        .assert()
        .code(1)
        .stdout("")
        // The search proves so small a board in its first turn, before the diagonals' sums
        // have had theirs.
        .stderr(
            "queens: no placement completes this board (an exhaustive search looked everywhere)\n",
        );
    prints(&["count", "--board", corner], "0\n");
    prints(&["list", "--board", corner], "");
    queens()
        .args(["solve", "3", "--queen", "2,2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no placement completes this board",
        ));
}

#[test]
fn clashing_queens_are_refused_naming_both_and_where_they_came_from() {
    let board = file("attack.board", "....\n.Q..\n....\n...Q\n");
    queens()
        .args(["count", "--board", board.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::ends_with(
            "attack.board: line 4, column 4: the queen shares its diagonal with the queen on line 2, column 2\n",
        ));
    let list = file("queens.txt", "# two queens\n1 1\n\n8 8\n");
    usage_error(
        &["solve", "8", "--queens", list.to_str().unwrap()],
        "the queen at row 8, column 8 (",
    );
    usage_error(
        &["solve", "8", "--queens", list.to_str().unwrap()],
        "queens.txt: line 4) shares its diagonal with the queen at row 1, column 1 (",
    );
    usage_error(
        &["solve", "8", "--queen", "2,5", "--queen", "7,5"],
        "the queen at row 7, column 5 (--queen 7,5) shares its column with the queen at row 2, column 5 (--queen 2,5)",
    );
    let reserved = file("reserved.board", "..*.\n....\n....\n....\n");
    usage_error(
        &[
            "solve",
            "--board",
            reserved.to_str().unwrap(),
            "--queen",
            "1,3",
        ],
        "the queen at row 1, column 3 (--queen 1,3): a reserved square of the board in",
    );
    usage_error(
        &["solve", "8", "--queen", "9,1"],
        "--queen 9,1: outside the board (rows and columns 1 to 8)",
    );
    usage_error(
        &[
            "solve",
            "8",
            "--queens",
            list.to_str().unwrap(),
            "--queen",
            "12,1",
        ],
        "outside the board",
    );
    let wrong = file("outside.txt", "1 1\n3 9\n");
    usage_error(
        &["count", "8", "--queens", wrong.to_str().unwrap()],
        "outside.txt: line 2: column 9 is outside the board (columns 1 to 8)",
    );
}

#[test]
fn endless_or_unreadable_lists_are_refused_without_reading_them_all() {
    // The same queen without end: a repeat is the same queen, but not for ever.
    let out = shell("yes '1 1' | \"$0\" solve 8 --queens -");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: stdin: line 81: more than 80 lines of queens for a board of 8 rows\n"
    );
    let out = shell("for r in $(seq 1 9); do echo $r $r; done | \"$0\" solve 8 --queens -");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 9: row 9 is outside the board"));
    let out = shell("\"$0\" solve 8 --queens /dev/zero");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: the line is too long"));
    let out = shell("yes ........ | \"$0\" solve --board -");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 9: a line too many"));
    usage_error(&["solve", "8", "--queens", "/"], "cannot read /");
    usage_error(
        &["solve", "--board", "-", "--queens", "-"],
        "standard input (-) can be read only once",
    );
    // Files as other systems save them: a byte-order mark, CRLF, a comma, a comment.
    let saved = file("saved.txt", "\u{feff}# placed\r\n3,3\r\n6 4\r\n");
    prints(
        &[
            "solve",
            "8",
            "--queens",
            saved.to_str().unwrap(),
            "--format",
            "board",
        ],
        AOJ_OUT,
    );
}

#[test]
fn wide_boards_are_counted_and_solved_with_their_queens_kept() {
    // 40 queens from a placement by formula, all but 6 rows kept: counted by the search.
    let full = nqueens::place::construct(40).unwrap().unwrap();
    let kept: String = (0..34)
        .map(|r| format!("{} {}\n", r + 1, full[r] + 1))
        .collect();
    let kept_file = file("kept40.txt", &kept);
    let kept_path = kept_file.to_str().unwrap();
    let listed = queens()
        .args(["list", "40", "--queens", kept_path, "--format", "perm"])
        .output()
        .unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    let completions = listed.lines().count();
    assert!(completions >= 1);
    prints(
        &["count", "40", "--queens", kept_path],
        &format!("{}\n", completions),
    );
    usage_error(
        &["count", "40", "--queen", "1,1"],
        "with 39 rows still empty; boards wider than 32 are searched whole, when at most 32 are",
    );
    usage_error(
        &["count", "40", "--queens", kept_path, "--part", "1/2"],
        "--part: a part of the work goes with boards up to 32 squares a side",
    );
    // Solve keeps them; verify checks it against the same list.
    let out = shell(&format!(
        "\"$0\" solve 40 --queens {0} | \"$0\" verify --queens {0}",
        kept_path
    ));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n");
    assert!(out.status.success());
    // A large board and one queen: the queen stays.
    let out = shell("\"$0\" solve 200000 --queen 7,123456 | \"$0\" verify --queen 7,123456");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n");
}

#[test]
fn verify_with_a_board_finds_moved_queens_and_reserved_squares() {
    let board = file("verify.board", "..Q.\n.*..\n....\n....\n");
    let board = board.to_str().unwrap();
    queens()
        .args(["verify", "--board", board])
        .write_stdin("3 1 4 2\n")
        .assert()
        .success()
        .stdout("ok\n");
    queens()
        .args(["verify", "--board", board])
        .write_stdin("2 4 1 3\n")
        .assert()
        .code(1)
        .stdout("invalid: the board has a queen in row 1, column 3, but the placement has it in column 2\n");
    let reserved = file("verify2.board", "....\n*...\n....\n....\n");
    queens()
        .args(["verify", "--board", reserved.to_str().unwrap()])
        .write_stdin("3 1 4 2\n")
        .assert()
        .code(1)
        .stdout("invalid: the queen of row 2 stands on a reserved square (column 1)\n");
    queens()
        .args(["verify", "--board", board])
        .write_stdin("1 3 5 2 4\n")
        .assert()
        .code(1)
        .stdout("invalid: 5 queens, but the board is 4×4\n");
}

#[test]
fn solve_gives_up_with_its_own_message_when_time_runs_out() {
    // 20 rows whose open squares are in 19 columns, on a board of 200 with every row free: no
    // completion. The compact search, which would see it at once (20 rows, 19 columns), takes
    // at most 64 free rows; the wide search has to try the placements of 19 queens in those
    // rows to see it (hours), and min-conflicts never can. A second is not enough: solve gives
    // up, and says so apart from "none".
    let text: String = (0..200)
        .map(|r| {
            let line: String = (0..200)
                .map(|c| if r < 20 && c >= 19 { '*' } else { '.' })
                .collect();
            line + "\n"
        })
        .collect();
    let board = file("pigeonhole.board", &text);
    queens()
        .args(["solve", "--board", board.to_str().unwrap(), "--time-limit", "1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "queens: gave up after 1 s: no completion found, and none proved impossible; a longer --time-limit may decide it\n",
        );
}

#[test]
fn solve_refuses_what_cannot_keep_queens() {
    usage_error(
        &["solve", "8", "--queen", "1,1", "--method", "construct"],
        "cannot keep placed queens",
    );
    usage_error(
        &["solve", "-", "--queen", "1,1"],
        "placed queens go with one board",
    );
    usage_error(
        &["solve", "8", "--time-limit", "3"],
        "goes with placed queens",
    );
    usage_error(
        &["list", "8", "--queen", "1,1", "--unique"],
        "placed queens does not have",
    );
    usage_error(
        &["count", "8", "--queen", "1,1", "--unique"],
        "placed queens does not have",
    );
    usage_error(&["solve", "9", "--board", AOJ], "N = 9 but the board in");
    let help = queens().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for word in [
        "--board FILE",
        "--queens FILE",
        "--queen ROW,COL",
        "may be repeated",
        "--time-limit",
        "no placement completes this board",
    ] {
        assert!(help.contains(word), "{}", word);
    }
}

#[test]
fn a_queen_named_twice_is_one_queen_in_a_file_as_on_the_command_line() {
    // Five lines for a board of four rows, one of them a repeat: the same board as the four.
    let dir = crate::common::scratch("repeated-queen");
    let list = dir.join("q5.txt");
    std::fs::write(&list, "1 2\n1,2\n2 4\n3 1\n4 3\n").unwrap();
    prints(&["count", "4", "--queens", list.to_str().unwrap()], "1\n");
    prints(&["count", "4", "--queen", "1,2", "--queen", "1,2"], "1\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
