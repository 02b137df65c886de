//! Helpers shared by the three test crates: the binaries' (`queens`, and `nqueens` by path)
//! and the library's.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

/// The `queens` binary, ready for arguments.
pub fn queens() -> assert_cmd::Command {
    cargo_bin_cmd!("queens")
}

/// Runs `queens` with `args` and checks that it succeeds and prints exactly `stdout`.
#[allow(dead_code)] // not every test file uses every helper
pub fn prints(args: &[&str], stdout: &str) {
    queens()
        .args(args)
        .assert()
        .success()
        .stdout(stdout.to_string());
}

/// Runs `queens` with `args` and checks exit code 2, nothing on stdout, and `message` on stderr.
#[allow(dead_code)] // not every test file uses every helper
pub fn usage_error(args: &[&str], message: &str) {
    queens()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

/// Runs `script` in bash with `$0` set to the `queens` binary, e.g.
/// `shell("ulimit -v 300000; exec \"$0\" solve 100000000")`: for closed descriptors, memory
/// limits and pipes.
#[allow(dead_code)] // not every test file uses every helper
pub fn shell(script: &str) -> std::process::Output {
    shell_with(script, &[])
}

/// Runs `script` in bash with `$0` the queens binary and `$1`… the arguments.
#[allow(dead_code)] // not every test file uses every helper
pub fn shell_with(script: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new("bash")
        .args(["-c", script])
        .arg(assert_cmd::cargo::cargo_bin!("queens"))
        .args(args)
        .output()
        .expect("bash runs")
}

/// The lines a child writes to `out`, as they come, read on a thread of their own: a test
/// takes each with `recv_timeout`, so an answer held back fails the test in time instead of
/// hanging it (the child's pipes close when the test ends, which ends the child).
#[allow(dead_code)] // not every test file uses every helper
pub fn lines_of(out: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// Running a command with bytes on its stdin (stdout as set, stderr captured), where
/// `write_stdin` of assert_cmd cannot be used with a stdout of our choosing.
#[allow(dead_code)] // not every test file uses every helper
pub trait WriteStdinBytes {
    fn write_stdin_bytes(&mut self, input: &[u8]) -> std::process::Output;
}

impl WriteStdinBytes for std::process::Command {
    fn write_stdin_bytes(&mut self, input: &[u8]) -> std::process::Output {
        let mut child = self
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        // The judge may stop reading early: a failed write here is expected then.
        let writer = std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut stdin, &input);
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        output
    }
}

/// A fresh directory for one test's files.
#[allow(dead_code)] // not every test file uses every helper
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-{}-{}", name, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a Python `script` with `input` on its stdin: `None` where python3 cannot be run (the
/// caller skips its check, saying so).
#[allow(dead_code)] // not every test file uses every helper
pub fn python(script: &str, input: &[u8]) -> Option<std::process::Output> {
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|_| eprintln!("skipped: python3 cannot be run here"))
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    Some(out)
}

/// Runs `queens ARGS` to completion and returns its stdout, asserting success.
#[allow(dead_code)] // not every test file uses every helper
pub fn stdout_of(args: &[&str]) -> String {
    let out = queens().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[allow(dead_code)] // not every test crate makes checkpoints
/// A checkpoint line with its checksum (FNV-1a, 64 bits) and line end, written apart from the
/// library's, to make checkpoints by hand.
pub fn checkpoint_line(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{} ~{:016x}\n", text, hash)
}

/// Rewrites the checkpoint at `path` with `change` applied to the text of each line it changes
/// (the header's too), and every checksum made again as the format says
/// (docs/durable-counts.md): what a forger, or a faulty core before the checksums, does.
#[allow(dead_code)] // not every test crate makes checkpoints
pub fn forge_checkpoint(path: &std::path::Path, change: impl Fn(&str) -> Option<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut header: Option<String> = None;
    for line in text.lines() {
        let (body, _) = line.rsplit_once(" ~").unwrap();
        let body = change(body).unwrap_or_else(|| body.to_string());
        out += &match &header {
            None => checkpoint_line(&body),
            Some(header) => record_line(header, &body),
        };
        header.get_or_insert(body);
    }
    std::fs::write(path, out).unwrap();
}

/// A record of the checkpoint whose header's text is `header`, with its checksum and line
/// end: bound to the header in format 3, its own line's alone in format 2.
#[allow(dead_code)] // not every test crate makes checkpoints
pub fn record_line(header: &str, text: &str) -> String {
    let fnv = |bytes: &[u8]| {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let sum = match header.split(' ').nth(1) {
        Some("3") => fnv(format!("{}\n{}", header, text).as_bytes()),
        _ => fnv(text.as_bytes()),
    };
    format!("{} ~{:016x}\n", text, sum)
}

/// The completions of `board` by brute force: every placement of its size, filtered (the
/// placed queens kept, no queen on a reserved square).
#[allow(dead_code)] // not every test file uses every helper
pub fn completions_by_brute_force(board: &nqueens::board::Board) -> Vec<Vec<u32>> {
    nqueens::list::Placements::new(board.size() as u32)
        .map(|q| q.into_iter().map(|c| c as u32).collect::<Vec<u32>>())
        .filter(|q| {
            board.queens().iter().all(|&(r, c)| q[r as usize] == c)
                && q.iter()
                    .enumerate()
                    .all(|(r, &c)| !board.is_reserved(r, c as usize))
        })
        .collect()
}
