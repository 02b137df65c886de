//! Durable counts through the real binary: `queens count --checkpoint` killed with SIGKILL and
//! resumed, torn and damaged checkpoints, checkpoints of other counts, two processes on one
//! file, read-only and old-format checkpoints. (`queens merge`: tests/queens_merge.rs.)

use crate::common::{checkpoint_line as line, queens, scratch, shell_with, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The `done` records of a checkpoint.
fn recorded(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|text| text.lines().filter(|l| l.starts_with("done ")).count())
        .unwrap_or(0)
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
            stdout_of(&args),
            "14772512\n",
            "{} on {} threads",
            algo,
            threads
        );
        // Finished: it holds the result, and gives it again at once.
        assert!(std::fs::read_to_string(&file)
            .unwrap()
            .contains("\nresult 14772512 "));
        assert_eq!(stdout_of(&args), "14772512\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_torn_last_record_is_ignored_and_the_count_resumes() {
    let dir = scratch("torn");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    assert_eq!(stdout_of(&["count", "13", "--checkpoint", path]), "73712\n");
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
        assert_eq!(stdout_of(&["count", "13", "--checkpoint", path]), "73712\n");
    }
    // A header torn on its first write: the count starts afresh.
    for cut in [5, 30] {
        std::fs::write(&file, &text[..cut]).unwrap();
        assert_eq!(stdout_of(&["count", "13", "--checkpoint", path]), "73712\n");
    }
    // And zeros after the last whole line (a power loss on some file systems).
    let mut zeros = text[..fifth + 1].to_vec();
    zeros.extend([0u8; 40]);
    std::fs::write(&file, &zeros).unwrap();
    assert_eq!(stdout_of(&["count", "13", "--checkpoint", path]), "73712\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_checkpoint_is_refused_with_its_line() {
    let dir = scratch("damaged");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    stdout_of(&["count", "14", "--checkpoint", path]);
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
            "queens: {}: line {}: its checksum does not match this file: the line is damaged, or was moved here from another file\n",
            path, line
        ));
    queens()
        .args(["merge", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the line is damaged"));
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
    stdout_of(&["count", "12", "--part", "2/3", "--checkpoint", path]);
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

/// `queens count N --algo symmetric --threads 1 --checkpoint PATH`: a count slow enough for
/// a second process to meet it.
fn symmetric_count<'a>(n: &'a str, path: &'a str) -> [&'a str; 8] {
    [
        "count",
        n,
        "--algo",
        "symmetric",
        "--threads",
        "1",
        "--checkpoint",
        path,
    ]
}

#[test]
fn two_processes_on_one_checkpoint_are_refused() {
    let dir = scratch("busy");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    let args = symmetric_count("17", path);
    let mut first = Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until it holds the file (its header is written), a minute at most.
    let started = std::time::Instant::now();
    while recorded(&file) == 0
        && !std::fs::read_to_string(&file)
            .unwrap_or_default()
            .contains('\n')
    {
        if let Some(status) = first.try_wait().unwrap() {
            panic!(
                "the first count ended ({}) before it wrote its header",
                status
            );
        }
        if started.elapsed() > Duration::from_secs(60) {
            first.kill().unwrap();
            panic!("the first count wrote no header in a minute");
        }
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

/// Starts `queens ARGS` with the checkpoint lock off (as where locks do not reach across
/// machines), its output kept.
fn start_unlocked(args: &[&str]) -> std::process::Child {
    Command::new(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .env("NQUEENS_CHECKPOINT_LOCK", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `count`, which shared its checkpoint with others: it printed `want`, or stopped
/// as a second writer, saying so (exit 1).
fn counted_or_second(count: std::process::Child, want: &str) {
    let out = count.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => assert_eq!(String::from_utf8_lossy(&out.stdout), want),
        Some(1) => assert!(
            stderr.contains("another count wrote to this checkpoint meanwhile"),
            "{}",
            stderr
        ),
        other => panic!("exit {:?}: {}", other, stderr),
    }
}

#[test]
fn two_writers_without_a_lock_never_damage_the_file_and_the_second_stops() {
    // As on a file system whose locks do not reach across machines (here: the lock switched
    // off): two counts of one part on one file at once. Records are appended whole; the
    // second writer is found at its next record and stops, naming why (exit 1); the file
    // resumes to the right count.
    let dir = scratch("two-writers");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    let args = symmetric_count("15", path);
    let want = stdout_of(&["count", "15"]);
    for _ in 0..3 {
        let _ = std::fs::remove_file(&file);
        let start = || start_unlocked(&args);
        // The second starts once the first has begun the file (a requeued task meeting the
        // one still running); two that create a new file in the same microseconds could each
        // write a header.
        let a = start();
        let begun = std::time::Instant::now();
        while !std::fs::read_to_string(&file)
            .unwrap_or_default()
            .contains('\n')
            && begun.elapsed() < Duration::from_secs(60)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        let b = start();
        for count in [a, b] {
            counted_or_second(count, &want);
        }
        // (Both may stop, when they wrote the same record at the same moment: the file then
        // holds it twice, the same counts, and is whole.)
        // The file is whole: it answers (or resumes to) the count.
        assert_eq!(stdout_of(&args), want);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn counts_started_at_once_on_a_new_file_make_one_header() {
    // Eight counts of one part started in the same moment on a file not yet there, locks off:
    // the file is made whole with its header by one of them, and the others open that one (or
    // stop, naming why). It always answers the count; no second header damages it.
    let dir = scratch("at-once");
    let file = dir.join("c.ckpt");
    let path = file.to_str().unwrap();
    let args = symmetric_count("14", path);
    let want = stdout_of(&["count", "14"]);
    for _ in 0..6 {
        let _ = std::fs::remove_file(&file);
        let counts: Vec<_> = (0..8).map(|_| start_unlocked(&args)).collect();
        for count in counts {
            counted_or_second(count, &want);
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let headers = text.lines().filter(|l| l.starts_with("nqueens-checkpoint"));
        assert_eq!(headers.count(), 1, "{}", text);
        assert_eq!(stdout_of(&args), want);
    }
    // No file of the making is left beside it.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["c.ckpt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_refused_before_it_begins_leaves_no_file() {
    // Memory too short for the count's plan, found after the checkpoint is opened and before
    // the count begins: no empty file is left for a rerun to trip on.
    let dir = scratch("refused-no-file");
    let file = dir.join("c.ckpt");
    let out = shell_with(
        "ulimit -v 7000; exec \"$0\" count 20 --checkpoint \"$1\"",
        &[file.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", stderr);
    assert!(stderr.contains("not enough memory"), "{}", stderr);
    assert!(!file.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A finished checkpoint of the whole count of N = 21 by the join, made by hand: counting it
/// would take an hour and 636 MB of tables.
fn finished_21(path: &Path) {
    let header =
        "nqueens-checkpoint 2 n=21 ask=total counter=join board=none part=1/1 chunks=1 units=1:0";
    let text =
        line(header) + &line("done 0 314666222712 0 0 0") + &line("result 314666222712 0 0 0");
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_finished_checkpoint_answers_before_any_work_even_read_only() {
    let dir = scratch("finished");
    let path = dir.join("n21.ckpt");
    finished_21(&path);
    let path = path.to_str().unwrap();
    // 20 MB of address space: no table of N = 21 could be built.
    let out = shell_with(
        "ulimit -v 20000; exec \"$0\" count 21 --checkpoint \"$1\"",
        &[path],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "314666222712\n");
    assert_eq!(out.status.code(), Some(0));
    // Another part is refused at once, naming the difference, before any table.
    let out = shell_with(
        "ulimit -v 20000; exec \"$0\" count 21 --part 2/4 --checkpoint \"$1\"",
        &[path],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("part is 1/1 there, 2/4 here"));
    // A file that cannot be written (as another user would find it): still read.
    let mut perms = std::fs::metadata(path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(path, perms).unwrap();
    let as_another = if Command::new("id").arg("-u").output().unwrap().stdout == b"0\n" {
        // Root writes any file: run as nobody, who may not.
        "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" count 21 --checkpoint \"$1\""
    } else {
        "exec \"$0\" count 21 --checkpoint \"$1\""
    };
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = shell_with(as_another, &[path]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "314666222712\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unfinished_read_only_checkpoint_is_an_error_that_says_so() {
    let dir = scratch("readonly");
    let path = dir.join("part.ckpt");
    let p = path.to_str().unwrap();
    stdout_of(&["count", "13", "--part", "1/2", "--checkpoint", p]);
    let text = std::fs::read_to_string(&path).unwrap();
    let cut: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&path, cut.join("\n") + "\n").unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    if !root {
        let out = shell_with("exec \"$0\" count 13 --part 1/2 --checkpoint \"$1\"", &[p]);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("read-only"));
    } else {
        let out = shell_with(
            "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" count 13 --part 1/2 --checkpoint \"$1\"",
            &[p],
        );
        assert_eq!(out.status.code(), Some(1), "{:?}", out);
        assert!(String::from_utf8_lossy(&out.stderr).contains("the file is read-only"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_old_format_checkpoint_is_refused_naming_its_version() {
    let dir = scratch("old");
    let path = dir.join("old.ckpt");
    let header =
        "nqueens-checkpoint 1 n=12 ask=total counter=join board=none part=1/1 chunks=1 units=1:0";
    std::fs::write(&path, format!("{} ~1a2b3c4d\n", header)).unwrap();
    let p = path.to_str().unwrap();
    for args in [vec!["count", "12", "--checkpoint", p], vec!["merge", p]] {
        queens()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
            "a checkpoint of format 1, which this queens does not read (it reads formats 2 and 3)",
        ));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_file_format_documented_is_the_one_written() {
    // The module docs show the checkpoint of `queens count 14` line for line: the header, a
    // record and the result must be what the code writes (a unit list or format change shows).
    let docs = include_str!("../../src/count/run/checkpoint/mod.rs");
    let shown: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter(|l| {
            ["nqueens-checkpoint ", "run ", "done 9 ", "end ", "result "]
                .iter()
                .any(|start| l.starts_with(start))
        })
        .collect();
    assert_eq!(shown.len(), 5, "{:?}", shown);
    let dir = scratch("documented");
    let path = dir.join("c14");
    stdout_of(&[
        "count",
        "14",
        "--threads",
        "2",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&path).unwrap();
    // The header, the chunk's counts and the result are the same every time; a run's
    // provenance, a chunk's CPU seconds and the time it ended are of the run: their fields
    // and their order must be.
    // Checksums are of the file (they cover its header, which names the file): not shown.
    let shape = |line: &str| -> Vec<String> {
        let body = line.rsplit_once(" ~").map_or(line, |(body, _)| body);
        match body.split(' ').next() {
            Some("run") | Some("end") => body
                .split(' ')
                .map(|w| w.split('=').next().unwrap_or("").to_string())
                .collect(),
            Some("done") => body.split(' ').take(6).map(String::from).collect(),
            Some("nqueens-checkpoint") => body
                .split(' ')
                .map(|w| match w.strip_prefix("file=") {
                    Some(_) => "file=".to_string(),
                    None => w.to_string(),
                })
                .collect(),
            _ => vec![body.to_string()],
        }
    };
    for line in shown {
        assert!(
            written.lines().any(|l| shape(l) == shape(line)),
            "not written: {}",
            line
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_header_without_a_version_is_named_as_such() {
    let dir = scratch("noversion");
    let path = dir.join("n9.ckpt");
    stdout_of(&["count", "9", "--checkpoint", path.to_str().unwrap()]);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replacen("nqueens-checkpoint 3 ", "nqueens-checkpoint ", 1),
    )
    .unwrap();
    queens()
        .args(["merge", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1: the first line names no format version",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_range_of_parts_is_counted_in_one_process_each_into_its_own_checkpoint() {
    let dir = scratch("range");
    let folder = dir.join("parts of 'N=13'");
    let out = stdout_of(&[
        "count",
        "13",
        "--part",
        "1-7/7",
        "--checkpoint-dir",
        folder.to_str().unwrap(),
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{}", out);
    let mut sum = 0u64;
    for (k, line) in lines.iter().enumerate() {
        let (part, count) = line.split_once(' ').unwrap();
        assert_eq!(part, format!("{}/7", k + 1));
        // Each part alone gives the same count, and its file is named by the count.
        let alone = stdout_of(&["count", "13", "--part", part]);
        assert_eq!(alone.trim(), count);
        sum += count.parse::<u64>().unwrap();
        assert!(folder
            .join(format!("n13-total-part-{}-of-7.ckpt", k + 1))
            .is_file());
    }
    assert_eq!(sum, 73712);
    let list = dir.join("list");
    let names: Vec<String> = (1..=7)
        .map(|k| {
            folder
                .join(format!("n13-total-part-{}-of-7.ckpt", k))
                .display()
                .to_string()
        })
        .collect();
    std::fs::write(&list, names.join("\n")).unwrap();
    let merged = stdout_of(&[
        "merge",
        "--n",
        "13",
        "--parts",
        "7",
        "--files-from",
        list.to_str().unwrap(),
    ]);
    assert_eq!(merged, "73712\n");
    // The same range again reads every part's result; a folder that is a file is refused.
    assert_eq!(
        stdout_of(&[
            "count",
            "13",
            "--part",
            "1-7/7",
            "--checkpoint-dir",
            folder.to_str().unwrap()
        ]),
        out
    );
    queens()
        .args([
            "count",
            "13",
            "--part",
            "1-2/7",
            "--checkpoint-dir",
            list.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("a file, not a folder"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_moved_from_another_file_is_damage_at_resume_and_at_merge() {
    let dir = scratch("moved");
    let count = |n: &str, k: u64, name: &str| {
        let path = dir.join(name);
        let spec = format!("{}/16", k);
        let text = path.to_str().unwrap();
        stdout_of(&["count", n, "--part", &spec, "--checkpoint", text]);
        path
    };
    let parts: Vec<PathBuf> = (1..=16)
        .map(|k| count("14", k, &format!("p{}.ckpt", k)))
        .collect();
    let other_n = count("12", 4, "n12-p4.ckpt");
    let lines = |path: &Path| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines().map(|l| format!("{}\n", l)).collect()
    };
    let (third, fourth, of_12) = (lines(&parts[2]), lines(&parts[3]), lines(&other_n));
    let header_of = |lines: &[String]| lines[0].rsplit_once(" ~").unwrap().0.to_string();
    // A step of part 4 (a count killed mid-chunk writes one), bound to part 4's file.
    let step = crate::common::record_line(
        &header_of(&fourth),
        "step 1 00000000000000aa 0.0.0.0.0.0 5 0 0 0 0.010",
    );
    let first_of = |lines: &[String], kind: &str| -> String {
        lines.iter().find(|l| l.starts_with(kind)).unwrap().clone()
    };
    let moved = [
        ("done", first_of(&fourth, "done ")),
        ("done of N = 12", first_of(&of_12, "done ")),
        ("step", step),
        ("run", first_of(&fourth, "run ")),
        ("end", first_of(&fourth, "end ")),
    ];
    for (what, line) in &moved {
        // Resuming: part 3 killed after its first chunk, the line appended unchanged.
        let killed = dir.join("killed.ckpt");
        std::fs::write(&killed, third[..3].concat() + line).unwrap();
        let path = killed.to_str().unwrap();
        queens()
            .args(["count", "14", "--part", "3/16", "--checkpoint", path])
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("line 4").and(predicate::str::contains("another file")),
            );
        // Merging: the finished part 3 with the line among its records.
        let finished = dir.join("finished.ckpt");
        let at = third.len() - 2;
        let text = third[..at].concat() + line + &third[at..].concat();
        std::fs::write(&finished, text).unwrap();
        let mut args = vec!["merge".to_string()];
        for (k, part) in parts.iter().enumerate() {
            let name = match k {
                2 => finished.to_str().unwrap(),
                _ => part.to_str().unwrap(),
            };
            args.push(name.to_string());
        }
        let out = queens().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{} moved: {}", what, stderr);
        let named = stderr.contains("another file") && stderr.contains(&format!("line {}", at + 1));
        assert!(named && out.stdout.is_empty(), "{} moved: {}", what, stderr);
    }
    // The honest parts still merge.
    let mut args = vec!["merge", "--n", "14", "--parts", "16", "--total"];
    let names: Vec<&str> = parts.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(&names);
    queens().args(&args).assert().success().stdout("365596\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
