//! The path of the big boards through the real binary: quarter lists built in parts
//! (`--list-part`, as from N = 28) on the known counts, and a chunk killed in the middle that
//! resumes from its last step (`--checkpoint-every`), never from a step of another cut.

use crate::common::{checkpoint_line, queens, record_line, scratch, stdout_of};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A(N) for N = 16 to 18.
const KNOWN: [(u32, &str); 3] = [(16, "14772512"), (17, "95815104"), (18, "666090624")];

/// A(N) for N = 19 to 21, and a cut of each that builds its largest lists in parts.
const KNOWN_BIG: [(u32, &str, &str); 3] = [
    (19, "4968057848", "4000"),
    (20, "39029188884", "10000"),
    (21, "314666222712", "20000"),
];

#[test]
#[ignore = "minutes: run with cargo test --release -- --ignored (docs/counter.md)"]
fn lists_built_in_parts_give_the_known_counts_at_19_to_21() {
    for (n, known, list_part) in KNOWN_BIG {
        let n = n.to_string();
        let cut = stdout_of(&["count", &n, "--list-part", list_part]);
        assert_eq!(cut.trim(), known, "N = {}", n);
    }
}

#[test]
fn lists_built_in_parts_give_the_known_counts_at_16_to_18() {
    // Each list of more than a third of the largest one's placements is cut, as the largest
    // lists of N = 28 are: the count must equal the default path's and the known one.
    for ((n, known), list_part) in KNOWN.into_iter().zip(["400", "1000", "2000"]) {
        let n = n.to_string();
        let cut = stdout_of(&["count", &n, "--list-part", list_part, "--threads", "2"]);
        let plain = stdout_of(&["count", &n, "--threads", "2"]);
        assert_eq!(cut, plain, "N = {}", n);
        assert_eq!(cut.trim(), known, "N = {}", n);
    }
    // And against a counter that shares nothing with the join.
    assert_eq!(
        stdout_of(&["count", "16", "--list-part", "100", "--threads", "2"]),
        stdout_of(&["count", "16", "--algo", "symmetric", "--threads", "2"])
    );
}

#[test]
fn parts_of_a_few_placements_are_raised_and_said_so() {
    // Parts of one placement made N = 12 meet its row sets once for every combination of
    // hundreds of parts a list (minutes); they are raised to half a list, with a note.
    queens()
        .args(["count", "12", "--list-part", "1", "--threads", "1"])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr(predicates::str::contains(
            "--list-part 1: a list whose parts would hold fewer than 1048576 placements is cut in 2 parts",
        ));
    // Parts of the default size are never raised, and say nothing.
    queens()
        .args(["count", "12", "--list-part", "8388608"])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr("");
}

/// The `step` lines of a checkpoint.
fn steps(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("step "))
        .map(String::from)
        .collect()
}

/// Whether a checkpoint's text ends on a whole `step` line whose chunk has no `done` line: a
/// kill now falls inside a chunk.
fn inside_a_chunk(text: &str) -> bool {
    if !text.ends_with('\n') {
        return false;
    }
    let last = match text.lines().rfind(|l| l.starts_with("step ")) {
        Some(last) if last.contains(" ~") => last,
        _ => return false,
    };
    let chunk = last.split(' ').nth(1).unwrap_or("");
    !text.contains(&format!("\ndone {} ", chunk))
}

/// Sends `signal` (`STOP`, `CONT`) to the process `pid` with the shell's own `kill`, which
/// every system with `sh` has.
fn signal(pid: u32, signal: &str) {
    let sent = Command::new("sh")
        .args([
            "-c",
            "kill -s \"$1\" \"$2\"",
            "sh",
            signal,
            &pid.to_string(),
        ])
        .status()
        .unwrap();
    assert!(sent.success(), "kill {} {}", signal, pid);
}

/// Starts `queens ARGS` and kills it with SIGKILL once its checkpoint holds `wanted` steps and
/// ends inside a chunk. Each look is taken with the process stopped (SIGSTOP), so what is seen
/// is what the kill leaves; a look that falls between chunks lets it go on (SIGCONT). Panics if
/// the count finishes, or a minute goes, first.
fn kill_inside_a_chunk(args: &[&str], path: &Path, wanted: usize) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the count finished before a kill fell inside a chunk"
        );
        assert!(started.elapsed() < Duration::from_secs(60), "a minute gone");
        if steps(path).len() >= wanted {
            signal(child.id(), "STOP");
            if inside_a_chunk(&std::fs::read_to_string(path).unwrap_or_default()) {
                break;
            }
            signal(child.id(), "CONT");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_chunk_killed_in_the_middle_resumes_from_its_last_step() {
    let dir = scratch("steps");
    let file = dir.join("n16.ckpt");
    let path = file.to_str().unwrap();
    // A step after every piece: a kill falls inside a chunk.
    let args = [
        "count",
        "16",
        "--list-part",
        "400",
        "--threads",
        "1",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
    ];
    kill_inside_a_chunk(&args, &file, 300);
    let killed = std::fs::read_to_string(&file).unwrap();
    let last = steps(&file).pop().expect("steps recorded before the kill");
    let chunk = last.split(' ').nth(1).unwrap().to_string();
    assert!(
        !killed.contains(&format!("\ndone {} ", chunk)),
        "the chunk of the last step is unfinished: {}",
        last
    );
    queens()
        .args(["merge", "--status", path])
        .assert()
        .success()
        .stdout(predicates::str::contains("1 more in progress"));
    // A copy whose last step says 1000 placements more: resumed from that step, its total is
    // 1000 more, so the count goes on from the step and does not count the chunk again.
    let forged_file = dir.join("forged.ckpt");
    let header = killed.lines().next().unwrap().rsplit_once(" ~").unwrap().0;
    let words: Vec<&str> = last.rsplit_once(" ~").unwrap().0.split(' ').collect();
    let mut forged = words.clone();
    let more = (words[4].parse::<u128>().unwrap() + 1000).to_string();
    forged[4] = &more;
    std::fs::write(
        &forged_file,
        killed.clone() + &record_line(header, &forged.join(" ")),
    )
    .unwrap();
    let forged_path = forged_file.to_str().unwrap();
    let mut forged_args = args;
    forged_args[7] = forged_path;
    assert_eq!(stdout_of(&forged_args), "14773512\n");
    // The same forged step is not resumed by a count of another cut: it counts the chunk
    // again, and right.
    let step = record_line(header, &forged.join(" "));
    std::fs::write(&forged_file, killed.clone() + &step).unwrap();
    forged_args[3] = "500";
    assert_eq!(stdout_of(&forged_args), "14772512\n");
    // The honest file resumes to the known count; finished, it keeps no step.
    assert_eq!(stdout_of(&args), "14772512\n");
    assert!(steps(&file).is_empty(), "the steps are dropped at the end");
    queens()
        .args(["merge", path])
        .assert()
        .success()
        .stdout("14772512\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_step_that_is_not_one_is_named_with_its_line() {
    let dir = scratch("bad-step");
    let file = dir.join("bad.ckpt");
    let header =
        "nqueens-checkpoint 2 n=12 ask=total counter=join board=none part=1/1 chunks=2 units=2:0";
    for (step, problem) in [
        (
            "step 0 0123456789abcdef 0.1.2 5 0 0 0 1.5",
            "not a step record",
        ),
        (
            "step 0 0123456789abcdef . 5 0 0 0 1.000",
            "not a step record",
        ),
        (
            "step 7 0123456789abcdef 0.1 5 0 0 0 1.000",
            "a chunk past the last",
        ),
    ] {
        std::fs::write(&file, checkpoint_line(header) + &checkpoint_line(step)).unwrap();
        queens()
            .args(["merge", "--status", file.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(format!("line 2: {}", problem)));
    }
    let done_then_step = checkpoint_line(header)
        + &checkpoint_line("done 0 5 0 0 0")
        + &checkpoint_line("step 0 0123456789abcdef 0.1 5 0 0 0 1.000");
    std::fs::write(&file, done_then_step).unwrap();
    queens()
        .args(["merge", "--status", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 3: a step of a chunk already counted",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_stopped_at_its_time_resumes_to_the_count_with_no_chunk_twice() {
    // --stop-after 0: no chunk begun, exit 75, a file that says so; then a count stopped at
    // its first step (steps after every piece), resumed by the same command to the end.
    let dir = scratch("stop-after");
    let file = dir.join("n18.ckpt");
    let path = file.to_str().unwrap();
    let args = [
        "count",
        "18",
        "--list-part",
        "1000",
        "--threads",
        "1",
        "--checkpoint",
        path,
    ];
    queens()
        .args(args)
        .args(["--stop-after", "0"])
        .assert()
        .code(75)
        .stdout("")
        .stderr(predicates::str::contains(format!(
            "queens: {}: stopped at the time given (--stop-after), every chunk in progress recorded at a step; the same command resumes it\n",
            path
        )));
    let mut rounds = 0;
    loop {
        rounds += 1;
        let out = queens()
            .args(args)
            .args(["--stop-after", "1", "--checkpoint-every", "0"])
            .output()
            .unwrap();
        match out.status.code() {
            Some(75) => assert!(rounds < 200, "no end after 200 stops"),
            Some(0) => {
                assert_eq!(String::from_utf8_lossy(&out.stdout), "666090624\n");
                break;
            }
            other => panic!("exit {:?}: {}", other, String::from_utf8_lossy(&out.stderr)),
        }
    }
    // (About 5 s of counting in a test build, 4 s in a release one, stopped after each
    // second: stopped at least once.)
    assert!(rounds > 1, "never stopped");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut chunks: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("done "))
        .map(|l| l.split(' ').nth(1).unwrap())
        .collect();
    let all = chunks.len();
    chunks.sort();
    chunks.dedup();
    assert_eq!(chunks.len(), all, "a chunk recorded twice");
    std::fs::remove_dir_all(&dir).unwrap();
}
