//! Durable counts through the real binary: `queens count --checkpoint` killed with SIGKILL and
//! resumed, torn and damaged checkpoints, checkpoints of other counts, two processes on one
//! file, and `queens merge` of good and bad sets of parts.

mod common;

use common::queens;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-{}-{}", name, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `done` records of a checkpoint.
fn recorded(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|text| text.lines().filter(|l| l.starts_with("done ")).count())
        .unwrap_or(0)
}

/// Runs `queens ARGS` to completion and returns its stdout, asserting success.
fn count(args: &[&str]) -> String {
    let out = queens().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Starts `queens ARGS`, kills it with SIGKILL after `delay`, and waits for it.
fn kill_after(args: &[&str], delay: Duration) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let _ = child.kill(); // SIGKILL on Unix; it may have finished already
    child.wait().unwrap();
}

#[test]
fn a_count_killed_at_random_moments_resumes_to_the_right_total() {
    let dir = scratch("kill");
    // A fixed pseudo-random sequence of moments, so a failure can be replayed.
    let mut x = 0x2545_f491u32;
    let mut moment = |range: u32| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        Duration::from_millis(u64::from(x % range))
    };
    for (algo, threads, range) in [
        ("symmetric", "2", 900),
        ("fast", "1", 90),
        ("fast", "2", 60),
    ] {
        let file = dir.join(format!("{}-{}.ckpt", algo, threads));
        let path = file.to_str().unwrap();
        let args = [
            "count",
            "16",
            "--algo",
            algo,
            "--threads",
            threads,
            "--checkpoint",
            path,
        ];
        let mut before = 0;
        for _ in 0..5 {
            kill_after(&args, moment(range));
            let now = recorded(&file);
            assert!(
                now >= before,
                "{}: records lost: {} then {}",
                algo,
                before,
                now
            );
            before = now;
        }
        assert_eq!(
            count(&args),
            "14772512\n",
            "{} on {} threads",
            algo,
            threads
        );
        // Finished: it holds the result, and gives it again at once.
        assert!(std::fs::read_to_string(&file)
            .unwrap()
            .contains("\nresult 14772512 "));
        assert_eq!(count(&args), "14772512\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_torn_last_record_is_ignored_and_the_count_resumes() {
    let dir = scratch("torn");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    assert_eq!(count(&["count", "13", "--checkpoint", path]), "73712\n");
    // Cut the file inside its fifth record, as a full disk or a power loss would.
    let text = std::fs::read(&file).unwrap();
    let fifth = text
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(4)
        .unwrap()
        .0;
    for cut in [fifth + 3, fifth + 1] {
        std::fs::write(&file, &text[..cut]).unwrap();
        assert_eq!(count(&["count", "13", "--checkpoint", path]), "73712\n");
    }
    // A header torn on its first write: the count starts afresh.
    for cut in [5, 30] {
        std::fs::write(&file, &text[..cut]).unwrap();
        assert_eq!(count(&["count", "13", "--checkpoint", path]), "73712\n");
    }
    // And zeros after the last whole line (a power loss on some file systems).
    let mut zeros = text[..fifth + 1].to_vec();
    zeros.extend([0u8; 40]);
    std::fs::write(&file, &zeros).unwrap();
    assert_eq!(count(&["count", "13", "--checkpoint", path]), "73712\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_checkpoint_is_refused_with_its_line() {
    let dir = scratch("damaged");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    count(&["count", "14", "--checkpoint", path]);
    let mut text = std::fs::read(&file).unwrap();
    // Flip one digit of a record in the middle: its checksum no longer matches.
    let lines: Vec<usize> = (0..text.len()).filter(|&i| text[i] == b'\n').collect();
    let middle = lines[lines.len() / 2] + 8;
    text[middle] ^= 0x01;
    std::fs::write(&file, &text).unwrap();
    let line = lines.len() / 2 + 2;
    queens()
        .args(["count", "14", "--checkpoint", path])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "queens: {}: line {}: its checksum does not match: the file is damaged\n",
            path, line
        ));
    queens()
        .args(["merge", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the file is damaged"));
    // Not a checkpoint at all.
    std::fs::write(&file, "14772512\n").unwrap();
    queens()
        .args(["count", "14", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(format!(
            "queens: {}: not a checkpoint of queens count\n",
            path
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_of_another_count_is_refused_naming_the_difference() {
    let dir = scratch("other");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    count(&["count", "12", "--part", "2/3", "--checkpoint", path]);
    for (args, difference) in [
        (
            vec!["count", "13", "--part", "2/3"],
            "n is 12 there, 13 here",
        ),
        (
            vec!["count", "12", "--part", "1/3"],
            "part is 2/3 there, 1/3 here",
        ),
        (vec!["count", "12"], "part is 2/3 there, 1/1 here"),
        (
            vec!["count", "12", "--part", "2/3", "--unique"],
            "ask is total there, unique here",
        ),
        (
            vec!["count", "12", "--part", "2/3", "--algo", "symmetric"],
            "counter is join there, symmetric here",
        ),
    ] {
        let mut args = args;
        args.extend(["--checkpoint", path]);
        queens()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "queens: {}: the checkpoint is for another count: {}\n",
                path, difference
            ));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_processes_on_one_checkpoint_are_refused() {
    let dir = scratch("busy");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    let args = [
        "count",
        "17",
        "--algo",
        "symmetric",
        "--threads",
        "1",
        "--checkpoint",
        path,
    ];
    let mut first = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until it holds the file (its header is written).
    while recorded(&file) == 0
        && !std::fs::read_to_string(&file)
            .unwrap_or_default()
            .contains('\n')
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    queens()
        .args(args)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "queens: {}: another process is counting with this checkpoint\n",
            path
        ));
    first.kill().unwrap();
    first.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_adds_up_every_part_once_and_refuses_any_other_set() {
    let dir = scratch("merge");
    let part = |k: usize, m: usize, extra: &[&str]| {
        let file = dir.join(format!("p{}-{}{}.ckpt", k, m, extra.join("")));
        let path = file.to_str().unwrap().to_string();
        let spec = format!("{}/{}", k, m);
        let mut args = vec!["count", "13", "--part", &spec, "--checkpoint", &path];
        args.extend(extra);
        count(&args);
        path
    };
    let parts: Vec<String> = (1..=4).map(|k| part(k, 4, &[])).collect();
    let all: Vec<&str> = parts.iter().map(String::as_str).collect();
    let mut args = vec!["merge"];
    args.extend(&all);
    queens().args(&args).assert().success().stdout("73712\n");
    // Unique counts merge too.
    let unique: Vec<String> = (1..=2).map(|k| part(k, 2, &["--unique"])).collect();
    queens()
        .args(["merge", &unique[0], &unique[1]])
        .assert()
        .success()
        .stdout("9233\n");
    // A missing part, a part twice, a part of another count, an unfinished part.
    let missing = ["merge", all[0], all[1], all[3]];
    let twice = ["merge", all[0], all[1], all[2], all[3], all[2]];
    let other_m = part(1, 3, &[]);
    let other = ["merge", all[0], all[1], all[2], all[3], &other_m];
    let unfinished = dir.join("unfinished.ckpt");
    let text = std::fs::read_to_string(all[3]).unwrap();
    let cut: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&unfinished, cut.join("\n") + "\n").unwrap();
    let unfinished = unfinished.to_str().unwrap();
    let half = ["merge", all[0], all[1], all[2], unfinished];
    for (args, message) in [
        (
            &missing[..],
            "part 3/4 of the count of N = 13 is missing".to_string(),
        ),
        (
            &twice[..],
            format!("{}: part 3/4 is given twice (also {})", all[2], all[2]),
        ),
        (
            &other[..],
            format!(
                "{}: a part of another count: part is 1/3 there but 1/4 in {}",
                other_m, all[0]
            ),
        ),
        (
            &half[..],
            format!("{}: part 4/4 is unfinished: 2 of ", unfinished),
        ),
    ] {
        queens()
            .args(args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    // Not a checkpoint: exit 2.
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "73712\n").unwrap();
    queens()
        .args(["merge", all[0], junk.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a checkpoint"));
    // The status of each part.
    queens()
        .args(["merge", "--status", all[0], unfinished])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("part 1/4: ").and(predicate::str::contains("part 4/4: 2 of ")),
        )
        .stdout(predicate::str::contains("finished: ").and(predicate::str::contains("unfinished")));
    std::fs::remove_dir_all(&dir).unwrap();
}
