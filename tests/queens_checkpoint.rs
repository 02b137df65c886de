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

/// The checksum of a checkpoint line (FNV-1a, 64 bits), written apart from the library's, to
/// make checkpoints by hand.
fn line(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{} ~{:016x}\n", text, hash)
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
    count(&["count", "13", "--part", "1/2", "--checkpoint", p]);
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

/// Runs `script` in bash with `$0` the queens binary and `$1`… the arguments.
fn shell_with(script: &str, args: &[&str]) -> std::process::Output {
    Command::new("bash")
        .args(["-c", script])
        .arg(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .output()
        .unwrap()
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
                "a checkpoint of format 1, which this queens does not read (it reads format 2)",
            ));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_the_parts_of_another_count_than_it_expects() {
    let dir = scratch("expect");
    let parts: Vec<String> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("p{}", k));
            let path = path.to_str().unwrap().to_string();
            count(&[
                "count",
                "10",
                "--part",
                &format!("{}/2", k),
                "--checkpoint",
                &path,
            ]);
            path
        })
        .collect();
    let merge = |expect: &[&str]| {
        let mut args = vec!["merge"];
        args.extend(expect);
        args.extend(parts.iter().map(String::as_str));
        queens().args(&args).output().unwrap()
    };
    let right = merge(&["--n", "10", "--parts", "2", "--total"]);
    assert_eq!(String::from_utf8_lossy(&right.stdout), "724\n");
    for (expect, wanted) in [
        (&["--n", "11"][..], "but N = 11 was expected"),
        (&["--parts", "4"][..], "but 4 parts was expected"),
        (&["--unique"][..], "but the unique count was expected"),
    ] {
        let out = merge(expect);
        assert_eq!(out.status.code(), Some(1), "{:?}", expect);
        assert_eq!(out.stdout, b"");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("a part of the count of N = 10 (total, 2 parts)")
                && stderr.contains(wanted),
            "{}",
            stderr
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_names_missing_parts_briefly_however_many() {
    let dir = scratch("many");
    for (part, more) in [
        ("1/1000000", "999994 more"),
        ("1/18446744073709551615", "18446744073709551609 more"),
    ] {
        let path = dir.join("one");
        let _ = std::fs::remove_file(&path);
        let p = path.to_str().unwrap();
        count(&["count", "8", "--part", part, "--checkpoint", p]);
        let out = queens().args(["merge", p]).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.len() < 300 && stderr.contains(more), "{}", stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_reads_stdin_and_files_as_editors_save_them_and_refuses_what_cannot_be_one() {
    let dir = scratch("inputs");
    let path = dir.join("whole");
    let p = path.to_str().unwrap();
    count(&["count", "9", "--checkpoint", p]);
    // From standard input.
    queens()
        .args(["merge", "-"])
        .pipe_stdin(&path)
        .unwrap()
        .assert()
        .success()
        .stdout("352\n");
    // With a byte-order mark and CRLF line ends, as a Windows editor saves it.
    let windows = dir.join("windows");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace('\n', "\r\n");
    std::fs::write(&windows, format!("\u{feff}{}", text)).unwrap();
    queens()
        .args(["merge", windows.to_str().unwrap()])
        .assert()
        .success()
        .stdout("352\n");
    // A missing file and a directory: exit 2, as the help says.
    let missing = dir.join("missing");
    for bad in [missing.to_str().unwrap(), dir.to_str().unwrap()] {
        queens().args(["merge", bad]).assert().code(2).stdout("");
    }
    // A FIFO is refused at once, never waited on.
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for args in [vec!["merge"], vec!["merge", "--status"]] {
        let out = shell_with(
            &format!("exec timeout 10 \"$0\" {} \"$1\"", args.join(" ")),
            &[fifo.to_str().unwrap()],
        );
        assert_eq!(out.status.code(), Some(2), "{:?}: {:?}", args, out);
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a checkpoint"));
    }
    // A checkpoint must be a file written back to: not standard input.
    queens()
        .args(["count", "9", "--checkpoint", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--checkpoint needs a file"));
    assert!(!Path::new("-").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_file_format_documented_is_the_one_written() {
    // The module docs show the checkpoint of `queens count 14` line for line: the header, a
    // record and the result must be what the code writes (a unit list or format change shows).
    let docs = include_str!("../src/count/run/checkpoint/mod.rs");
    let shown: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter(|l| {
            l.starts_with("nqueens-checkpoint ")
                || l.starts_with("done 9 ")
                || l.starts_with("result ")
        })
        .collect();
    assert_eq!(shown.len(), 3, "{:?}", shown);
    let dir = scratch("documented");
    let path = dir.join("c14");
    count(&[
        "count",
        "14",
        "--threads",
        "2",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&path).unwrap();
    for line in shown {
        assert!(written.lines().any(|l| l == line), "not written: {}", line);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
