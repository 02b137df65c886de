//! `queens count` through the real binary: every counter, threads, parts, boards, and what
//! it does with hostile boards and too many threads.

use crate::common::{prints, queens, shell, stdout_of, usage_error};
use predicates::prelude::*;

#[test]
fn count_12_with_every_algorithm() {
    for algo in [
        "backtrack",
        "mirror",
        "flags",
        "links",
        "bitwise",
        "recursive",
    ] {
        prints(&["count", "12", "--algo", algo], "14200\n");
    }
    prints(&["count", "--algo=links", "9"], "352\n");
    prints(&["count", "3"], "0\n");
}

#[test]
fn count_with_the_fast_counter() {
    prints(&["count", "12"], "14200\n");
    prints(&["count", "12", "--unique"], "1787\n");
    prints(&["count", "11", "--threads", "3"], "2680\n");
    let parts: u64 = (1..=4)
        .map(|k| {
            let out = queens()
                .args(["count", "12", "--part", &format!("{}/4", k)])
                .output()
                .unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(parts, 14200);
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/boards/cses-1624.board"
    );
    prints(&["count", "--board", board], "65\n");
    prints(&["count", "8", "--board", board], "65\n");
    // Not a terminal: no progress on stderr.
    queens().args(["count", "10"]).assert().success().stderr("");
}

#[test]
fn count_usage_errors_for_the_fast_counter() {
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/boards/cses-1624.board"
    );
    usage_error(
        &["count", "8", "--part", "0/3"],
        "--part must be K/M with 1 <= K <= M",
    );
    usage_error(&["count", "8", "--part", "4/3"], "--part must be K/M");
    usage_error(&["count", "8", "--part", "three"], "--part must be K/M");
    usage_error(
        &["count", "8", "--threads", "0"],
        "--threads must be a number from 1 to 1024",
    );
    usage_error(
        &["count", "8", "--algo", "links", "--unique"],
        "--unique goes with --algo fast or symmetric only",
    );
    usage_error(
        &["count", "8", "--algo", "links", "--threads", "2"],
        "--threads goes with --algo fast or symmetric only",
    );
    usage_error(
        &["count", "--board", board, "--unique"],
        "--unique counts classes",
    );
    usage_error(&["count", "9", "--board", board], "N = 9 but the board in");
    usage_error(
        &["count", "--board", "/nonexistent/board"],
        "cannot read /nonexistent/board",
    );
}

#[test]
fn a_malformed_board_is_refused_with_its_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("ragged.board");
    std::fs::write(&path, "...\n..\n...\n").unwrap();
    queens()
        .args(["count", "--board"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "ragged.board: line 2: 2 squares, but line 1 has 3",
        ));
}

#[test]
fn a_board_as_people_save_it_is_read_from_stdin() {
    // Windows Notepad: a byte-order mark and CRLF; a blank line at the end.
    let board = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/boards/cses-1624.board"
    ))
    .unwrap();
    let mut notepad = b"\xEF\xBB\xBF".to_vec();
    for line in board.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        notepad.extend_from_slice(line);
        notepad.extend_from_slice(b"\r\n");
    }
    notepad.extend_from_slice(b"\r\n");
    queens()
        .args(["count", "--board", "-"])
        .write_stdin(notepad)
        .assert()
        .success()
        .stdout("65\n");
}

#[test]
fn an_endless_or_unreadable_board_is_refused_at_once() {
    queens()
        .args(["count", "--board", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(
            "queens: /dev/zero: line 1, column 1: '\\0' is none of '.' (free), '*' (reserved) and 'Q' (a queen)\n",
        );
    let out = shell("yes .... | \"$0\" count --board -");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: stdin: line 5: a line too many: the board's lines have 4 squares (a board is N lines of N squares)\n"
    );
    queens()
        .args(["count", "--board", "/"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("queens: cannot read /: "));
}

#[test]
fn too_many_threads_for_the_memory_still_give_the_count() {
    // Under a small address space not every thread can start: the count goes on, right, on
    // those that did, and says so. Never a panic or an abort.
    for threads in ["256", "1024"] {
        let out = shell(&format!(
            "ulimit -v 200000; exec \"$0\" count 12 --threads {}",
            threads
        ));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(0),
            "--threads {}: {}",
            threads,
            stderr
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), "14200\n");
        assert!(
            stderr.is_empty() || stderr.starts_with("queens: note: counted on "),
            "{}",
            stderr
        );
    }
}

#[test]
fn a_count_too_big_for_the_memory_says_so_and_never_aborts() {
    // The join's lists for N = 18 take about 14 MB of address space in all (they no longer grow
    // with the tables); at 8 MB every allocation that grows with N is asked for first and
    // refused cleanly, whatever the threads.
    for threads in ["1", "2", "64"] {
        let out = shell(&format!(
            "ulimit -v 8000; exec \"$0\" count 18 --threads {}",
            threads
        ));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(1),
            "--threads {}: {}",
            threads,
            stderr
        );
        assert!(
            stderr.starts_with("queens: not enough memory: ") && stderr.contains(" needs "),
            "{}",
            stderr
        );
    }
}

#[test]
fn the_plans_of_the_largest_counts_never_abort_under_a_memory_limit() {
    // N = 28's list of units alone takes 20 MB, N = 30's and 32's lists of a quarter far more:
    // every one is asked for first, with headroom left for what std allocates without asking
    // (a message, a buffer), so a limit is an error, never an abort.
    for (n, mb) in [("28", 16), ("28", 24), ("30", 32), ("32", 48), ("23", 40)] {
        for form in [
            "-j 1",
            "-j 1 --estimate=1",
            "-j 1 --part 1/1000",
            "-j 2 --part 3/10000",
        ] {
            let out = shell(&format!(
                "ulimit -v {}; exec timeout 5 \"$0\" count {} {}",
                mb * 1024,
                n,
                form
            ));
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            assert!(
                code == Some(0) || code == Some(124) || code == Some(1),
                "N = {} {} under {} MB: {:?} {}",
                n,
                form,
                mb,
                code,
                stderr
            );
            if code == Some(1) {
                assert!(stderr.contains("not enough memory"), "{}", stderr);
            }
        }
    }
}

#[test]
fn an_unknown_kernel_is_refused_naming_the_ones_there_are() {
    for wrong in ["portabel", "junk", "AVX2"] {
        queens()
            .args(["count", "14"])
            .env("NQUEENS_KERNEL", wrong)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "NQUEENS_KERNEL=\"{}\" is not a kernel this CPU runs; choose ",
                wrong
            )))
            .stderr(predicate::str::contains("portable"));
    }
    queens()
        .args(["count", "14"])
        .env("NQUEENS_KERNEL", "portable")
        .assert()
        .success()
        .stdout("365596\n");
}

#[test]
fn a_part_of_too_many_slices_says_m_is_too_large() {
    queens()
        .args(["count", "8", "--part", "1/18446744073709551616"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("M is above 18446744073709551615"));
}

#[test]
fn an_estimate_is_near_the_known_count_and_says_its_error_and_time() {
    let out = queens()
        .args(["count", "13", "--estimate", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", text);
    // "about 73... placements ± E (P%, one standard error; K samples of U units in 1.0 s)"
    let words: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(
        (words[0], words[2], words[3]),
        ("about", "placements", "±"),
        "{}",
        text
    );
    let (count, error): (f64, f64) = (words[1].parse().unwrap(), words[4].parse().unwrap());
    assert!(
        error > 0.0 && (count - 73712.0).abs() < 5.0 * error,
        "{}",
        text
    );
    assert!(
        lines[1].starts_with("(the known count, OEIS A000170: 73712, "),
        "{}",
        text
    );
    assert!(lines[2].starts_with("the whole count: about "), "{}", text);
    assert!(
        lines[2].contains(" on one core of this machine"),
        "{}",
        text
    );
    // Classes, by the symmetric search's random walks.
    let out = queens()
        .args([
            "count",
            "11",
            "--unique",
            "--estimate",
            "1",
            "--threads",
            "4",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let words: Vec<&str> = text.split(' ').collect();
    let (count, error): (f64, f64) = (words[1].parse().unwrap(), words[4].parse().unwrap());
    assert_eq!(words[2], "classes");
    assert!((count - 341.0).abs() < 5.0 * error.max(1.0), "{}", text);
    assert!(text.contains(" on 4 threads"), "{}", text);
}

#[test]
fn an_estimate_for_a_cluster_plans_the_parts_the_time_and_the_commands() {
    let text = stdout_of(&["count", "14", "--estimate", "1", "--cores", "64", "-j", "8"]);
    let plan: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("for a cluster: "))
        .collect();
    assert!(plan.len() >= 5, "{}", text);
    // At least four parts for each of the 8 tasks running at once, never more than the units.
    assert!(
        plan[0].starts_with("for a cluster: 32 parts of "),
        "{}",
        text
    );
    assert!(plan[0].contains("the median part "), "{}", text);
    assert!(
        plan[1].starts_with("  on 64 cores (--cores) in tasks of 8 threads"),
        "{}",
        text
    );
    // Tasks sized by the estimate's core-seconds, rounds kept going by the keeper; and the
    // recipe of one machine.
    assert!(
        text.contains(" scripts/slurm/submit 14 32 DIR --cpus-per-task=8 "),
        "{}",
        text
    );
    assert!(text.contains("  CORE_SECONDS="), "{}", text);
    assert!(
        text.contains("  on one machine: scripts/parallel-count 14 32 DIR "),
        "{}",
        text
    );
    // The commands it prints are commands of this crate: the watch reads a list on stdin.
    assert!(
        text.contains("| queens merge --status --files-from -"),
        "{}",
        text
    );
    // Below N = 28 each thread counts units of its own: no serial share to say, and the
    // cheapest shape is a thread a task, with the memory it needs.
    assert!(!text.contains("  threads: "), "{}", text);
    assert!(text.contains("  cheapest: tasks of 1 thread ("), "{}", text);
    let fitted = stdout_of(&[
        "count",
        "14",
        "--estimate",
        "1",
        "--cores",
        "64",
        "--mem-per-core",
        "4096",
    ]);
    assert!(
        fitted.contains("  cheapest for 4096 MB a core (--mem-per-core): tasks of 1 thread ("),
        "{}",
        fitted
    );
    crate::common::usage_error(
        &["count", "14", "--estimate", "1", "--mem-per-core", "900"],
        "--mem-per-core names the memory of a cluster's nodes: it goes with --cores",
    );
    crate::common::usage_error(
        &["count", "14", "--cores", "64"],
        "--cores plans a whole count for a cluster",
    );
    crate::common::usage_error(
        &[
            "count",
            "14",
            "--estimate",
            "--part",
            "1/4",
            "--cores",
            "64",
        ],
        "without --part",
    );
}

#[test]
fn an_estimate_of_a_part_is_near_the_part_counted() {
    // The join (N = 14) and the symmetric search (--unique), each against its own part.
    for (args, what) in [
        (&["14"][..], "placements"),
        (&["11", "--unique"][..], "classes"),
    ] {
        let run = |more: &[&str]| {
            let out = queens()
                .args(["count"])
                .args(args)
                .args(["--part", "2/3"])
                .args(more)
                .output()
                .unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout).unwrap()
        };
        let counted: f64 = run(&[]).trim().parse().unwrap();
        let text = run(&["--estimate", "1"]);
        let words: Vec<&str> = text.split(' ').collect();
        let (count, error): (f64, f64) = (words[1].parse().unwrap(), words[4].parse().unwrap());
        assert_eq!(words[2], what);
        // (An error below one prints as 0.)
        assert!(
            (count - counted).abs() < 5.0 * error.max(1.0),
            "{} against {}",
            text,
            counted
        );
        // No known count of a part to compare with; the time is the part's.
        assert!(!text.contains("OEIS"), "{}", text);
        assert!(text.contains("\npart 2/3: about "), "{}", text);
    }
    // A part past the last unit holds nothing, exactly.
    let out = queens()
        .args(["count", "14", "--part", "99999/99999", "--estimate", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("about 0 placements ± 0 "), "{}", text);
}

/// `queens count N --classes`, checked against `queens count N` and `--unique`.
fn classes_agree(n: u32) {
    let out = queens()
        .args(["count", &n.to_string(), "--classes"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    // "classes: C; placements: A × 8 + B × 4 + D × 2 = T"
    let numbers: Vec<u64> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let [classes, a, _, b, _, d, _, total] = numbers[..] else {
        panic!("n = {}: {}", n, text)
    };
    assert_eq!(
        (a + b + d, 8 * a + 4 * b + 2 * d),
        (classes, total),
        "n = {}",
        n
    );
    let count = |extra: &[&str]| -> u64 {
        let mut args = vec!["count".to_string(), n.to_string()];
        args.extend(extra.iter().map(|s| s.to_string()));
        String::from_utf8(queens().args(&args).output().unwrap().stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    assert_eq!(total, count(&[]), "n = {}", n);
    assert_eq!(classes, count(&["--unique"]), "n = {}", n);
}

#[test]
fn classes_by_symmetry_add_up_to_the_count_and_the_unique_count() {
    for n in 2..=12 {
        classes_agree(n);
    }
}

#[test]
#[ignore = "slow in a debug build: cargo test --release -- --ignored"]
fn classes_by_symmetry_add_up_to_16() {
    for n in 13..=16 {
        classes_agree(n);
    }
}

#[test]
fn a_plan_prints_commands_that_count_what_was_estimated_and_says_what_it_changed() {
    // --unique: the recipe carries it, and the files it watches are the unique count's.
    let unique = stdout_of(&[
        "count",
        "14",
        "--estimate",
        "1",
        "--unique",
        "--cores",
        "10",
    ]);
    assert!(
        unique.contains("QUEENS_ARGS='--unique' scripts/slurm/submit 14 "),
        "{}",
        unique
    );
    assert!(
        unique.contains("-name 'n14-unique-part-*-of-"),
        "{}",
        unique
    );
    assert!(
        unique.contains("count this one a second time"),
        "{}",
        unique
    );
    // A board with a queen placed: the recipes cannot carry it, so the plan prints the
    // commands themselves. Run as printed, they count the board asked for.
    let board = stdout_of(&[
        "count",
        "14",
        "--queen",
        "1,2",
        "--estimate",
        "1",
        "--threads",
        "1",
        "--cores",
        "10",
    ]);
    assert!(!board.contains("scripts/slurm/submit"), "{}", board);
    let count_line = board
        .lines()
        .find(|l| l.trim_start().starts_with("queens count 14 --queen 1,2 "))
        .unwrap_or_else(|| panic!("{}", board));
    let merge_line = board
        .lines()
        .find(|l| l.trim_start().starts_with("find DIR"))
        .unwrap_or_else(|| panic!("{}", board));
    let m: u64 = count_line
        .split("--part K/")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("{}", count_line));
    let dir = crate::common::scratch("plan-board");
    let counted = crate::common::shell_with(
        &format!(
            "queens() {{ \"$0\" \"$@\"; }}; DIR=\"$1\"; {} >/dev/null && {}",
            count_line
                .trim()
                .split("     ")
                .next()
                .unwrap()
                .replace("--part K/", &format!("--part 1-{}/", m))
                .replace("DIR", "\"$DIR\""),
            merge_line.trim().replace("DIR", "\"$DIR\"")
        ),
        &[dir.to_str().unwrap()],
    );
    assert!(
        counted.status.success(),
        "{}",
        String::from_utf8_lossy(&counted.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&counted.stdout).trim(),
        stdout_of(&["count", "14", "--queen", "1,2"]).trim()
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // Threads cut to the cores given: said.
    let fewer = stdout_of(&[
        "count",
        "16",
        "--estimate",
        "1",
        "--threads",
        "8",
        "--cores",
        "1",
    ]);
    assert!(
        fewer
            .contains("(--threads 8 is more than the 1 cores of --cores: tasks of 1 thread below)"),
        "{}",
        fewer
    );
    // No plan can be made: said, never nothing.
    let one = stdout_of(&["count", "1", "--estimate", "1", "--cores", "10"]);
    assert!(
        one.contains("no plan for --cores 10: the count is one unit"),
        "{}",
        one
    );
    crate::common::usage_error(
        &["count", "14", "--estimate", "1", "--json", "--cores", "10"],
        "does not go with --json",
    );
}

#[test]
fn memory_too_short_for_the_threads_asked_for_counts_on_fewer_and_says_so() {
    // 100 MB holds one thread's count of N = 18 but not a second thread's own allocator arena
    // and room: the count goes on, on one thread, and says so (no abort, no failure).
    let out = shell("ulimit -v 100000; exec \"$0\" count 18 --threads 2");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{}", stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "666090624\n");
    assert!(
        stderr.contains("counted on 1 of the 2 threads asked for"),
        "{}",
        stderr
    );
}

#[test]
fn an_estimate_of_a_quick_count_stops_sampling_early() {
    // A count of milliseconds is not sampled for the whole budget: once the samples have taken
    // fifty times the whole count (and a quarter of a second), they are enough.
    let json = stdout_of(&["count", "12", "--estimate", "10", "--json"]);
    let seconds: f64 = json
        .split("\"seconds\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seconds in {}", json));
    assert!(
        seconds < 5.0,
        "sampled {} s of a 10 s budget: {}",
        seconds,
        json
    );
    assert!(json.contains("\"trusted\":true"), "{}", json);
}
