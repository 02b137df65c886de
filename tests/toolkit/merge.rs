//! `queens merge` through the real binary: the parts of one count added up only when they are
//! every part once, finished, of the count expected; files as editors save them.

use crate::common::{queens, scratch, shell_with, stdout_of};
use predicates::prelude::*;
use std::path::Path;

#[test]
fn merge_adds_up_every_part_once_and_refuses_any_other_set() {
    let dir = scratch("merge");
    let part = |k: usize, m: usize, extra: &[&str]| {
        let file = dir.join(format!("p{}-{}{}.ckpt", k, m, extra.join("")));
        let path = file.to_str().unwrap().to_string();
        let spec = format!("{}/{}", k, m);
        let mut args = vec!["count", "13", "--part", &spec, "--checkpoint", &path];
        args.extend(extra);
        stdout_of(&args);
        path
    };
    let parts: Vec<String> = (1..=4).map(|k| part(k, 4, &[])).collect();
    let all: Vec<&str> = parts.iter().map(String::as_str).collect();
    let mut args = vec!["merge"];
    args.extend(&all);
    queens().args(&args).assert().success().stdout("73712\n");
    // Unique counts merge too: asked for, the number of classes; merged plainly, the classes
    // by size with the placements they make (a bare number of classes would read as a total).
    let unique: Vec<String> = (1..=2).map(|k| part(k, 2, &["--unique"])).collect();
    queens()
        .args(["merge", "--unique", &unique[0], &unique[1]])
        .assert()
        .success()
        .stdout("9233\n");
    queens()
        .args(["merge", &unique[0], &unique[1]])
        .assert()
        .success()
        .stdout(
            predicates::str::contains("classes: 9233; placements: ")
                .and(predicates::str::ends_with("= 73712\n")),
        );
    // A missing part, a part twice, a part of another count, an unfinished part.
    let missing = ["merge", all[0], all[1], all[3]];
    let twice = ["merge", all[0], all[1], all[2], all[3], all[2]];
    let other_m = part(1, 3, &[]);
    let other = ["merge", all[0], all[1], all[2], all[3], &other_m];
    let unfinished = dir.join("unfinished.ckpt");
    let text = std::fs::read_to_string(all[3]).unwrap();
    // The header, the run, and two chunks.
    let cut: Vec<&str> = text.lines().take(4).collect();
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

#[test]
fn merge_refuses_the_parts_of_another_count_than_it_expects() {
    let dir = scratch("expect");
    let parts: Vec<String> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("p{}", k));
            let path = path.to_str().unwrap().to_string();
            stdout_of(&[
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
        stdout_of(&["count", "8", "--part", part, "--checkpoint", p]);
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
    stdout_of(&["count", "9", "--checkpoint", p]);
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
    // A pipe is read as a file is (`merge <(ssh host cat part.ckpt)`); a directory is named.
    let finished = dir.join("n9.ckpt");
    stdout_of(&["count", "9", "--checkpoint", finished.to_str().unwrap()]);
    let out = shell_with(
        "exec timeout 10 \"$0\" merge <(cat \"$1\")",
        &[finished.to_str().unwrap()],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "352\n", "{:?}", out);
    let out = shell_with("exec \"$0\" merge \"$1\"", &[dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a directory, not a checkpoint file"));
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
fn merge_knows_the_board_and_keeps_the_classes() {
    let dir = scratch("merge-board");
    let part = |k: u32, extra: &[&str]| {
        let path = dir.join(format!("p{}-{}.ckpt", extra.len(), k));
        let mut args = vec!["count", "12"];
        args.extend_from_slice(extra);
        let spec = format!("{}/3", k);
        args.extend(["--part", &spec, "--checkpoint", path.to_str().unwrap()]);
        stdout_of(&args);
        path.to_str().unwrap().to_string()
    };
    // Parts of the completions of a board are not the plain board's count.
    let board: Vec<String> = (1..=3).map(|k| part(k, &["--queen", "1,1"])).collect();
    let files: Vec<&str> = board.iter().map(String::as_str).collect();
    let merged = |args: &[&str]| {
        queens()
            .arg("merge")
            .args(args)
            .args(&files)
            .output()
            .unwrap()
    };
    let plain = merged(&["--n", "12", "--parts", "3", "--total"]);
    assert_eq!(plain.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&plain.stderr).contains("but the plain board was expected"));
    let on_board = merged(&["--n", "12", "--parts", "3", "--total", "--queen", "1,1"]);
    let whole = stdout_of(&["count", "12", "--queen", "1,1"]);
    assert_eq!(String::from_utf8(on_board.stdout).unwrap(), whole);
    let other = merged(&["--n", "12", "--queen", "1,2"]);
    assert_eq!(other.status.code(), Some(1));
    let status = queens()
        .args(["merge", "--status", files[0]])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&status.stdout).contains("completions of the board"));
    // Parts of --classes merge into the classes by their symmetry.
    let classes: Vec<String> = (1..=3)
        .map(|k| part(k, &["--classes", "--threads", "1"]))
        .collect();
    let out = queens()
        .args(["merge", "--classes", "--n", "12"])
        .args(&classes)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        stdout_of(&["count", "12", "--classes"])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The checkpoint at `path` with `add` added to the placements of its first chunk recorded
/// and of its result, each changed line given its checksum again: what the parts of a count
/// past 2^64 (N >= 29) record, made from a small count.
fn grown(path: &Path, add: u128) {
    let first_done = std::cell::Cell::new(true);
    crate::common::forge_checkpoint(path, |body| {
        let mut words: Vec<String> = body.split(' ').map(str::to_string).collect();
        let at = match words[0].as_str() {
            "done" if first_done.get() => Some(2),
            "result" => Some(1),
            _ => None,
        }?;
        first_done.set(first_done.get() && words[0] != "done");
        words[at] = (words[at].parse::<u128>().unwrap() + add).to_string();
        Some(words.join(" "))
    });
}

#[test]
fn merge_keeps_totals_past_2_to_the_64_exactly() {
    // Two parts of N = 9 (352), each grown by 2^64 as a part of N = 29 could be: merged,
    // 352 + 2^65 exactly, and each read back by the counter.
    let dir = scratch("past-2-64");
    let parts: Vec<String> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("part{}.ckpt", k));
            let p = path.to_str().unwrap().to_string();
            stdout_of(&[
                "count",
                "9",
                "--part",
                &format!("{}/2", k),
                "--checkpoint",
                &p,
            ]);
            grown(&path, 1u128 << 64);
            p
        })
        .collect();
    queens()
        .args(["merge", &parts[0], &parts[1]])
        .assert()
        .success()
        .stdout(format!("{}\n", 352 + (1u128 << 65)));
    // The symmetric counter (N = 9) resumes from them as they are: a finished part answers.
    let resumed = stdout_of(&["count", "9", "--part", "1/2", "--checkpoint", &parts[0]]);
    let first: u128 = resumed.trim().parse().unwrap();
    assert!(first >= 1u128 << 64, "{}", resumed);
    // The join (N = 12) sums its units in 128 bits: a part resumed from a checkpoint whose
    // first chunk holds 2^64 more, its result not yet written, ends 2^64 above the part.
    let path = dir.join("join.ckpt");
    let p = path.to_str().unwrap();
    let part: u128 = stdout_of(&["count", "12", "--part", "1/2", "--checkpoint", p])
        .trim()
        .parse()
        .unwrap();
    grown(&path, 1u128 << 64);
    let text = std::fs::read_to_string(&path).unwrap();
    let unfinished: String = text
        .lines()
        .filter(|l| !l.starts_with("result "))
        .map(|l| format!("{}\n", l))
        .collect();
    std::fs::write(&path, unfinished).unwrap();
    let resumed = stdout_of(&["count", "12", "--part", "1/2", "--checkpoint", p]);
    assert_eq!(resumed, format!("{}\n", part + (1u128 << 64)));
    let other = dir.join("join2.ckpt");
    let q = other.to_str().unwrap();
    stdout_of(&["count", "12", "--part", "2/2", "--checkpoint", q]);
    queens()
        .args(["merge", p, q])
        .assert()
        .success()
        .stdout(format!("{}\n", 14200 + (1u128 << 64)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_manifest_is_written_under_a_fresh_name_keeping_its_mode_and_its_link() {
    // A link planted where the manifest's temporary file used to be named (the process id is
    // the shell's, as `exec` keeps it) is never written through; a 0600 manifest stays 0600;
    // a manifest reached through a link is replaced where the link points, the link kept; a
    // link to nothing is refused.
    let dir = scratch("manifest-fresh");
    let out = shell_with(
        "cd \"$1\" && \"$0\" count 12 --part 1/2 --checkpoint a.ckpt >/dev/null \
         && \"$0\" count 12 --part 2/2 --checkpoint b.ckpt >/dev/null \
         && echo secret > victim && : > m.jsonl && chmod 600 m.jsonl \
         && ln -s victim .m.jsonl.$$.tmp && ln -s m.jsonl link.jsonl \
         && exec \"$0\" merge a.ckpt b.ckpt --total --manifest m.jsonl",
        &[dir.to_str().unwrap()],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("victim")).unwrap(),
        "secret\n"
    );
    let manifest = std::fs::symlink_metadata(dir.join("m.jsonl")).unwrap();
    assert!(manifest.is_file(), "the manifest is a file, not a link");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(manifest.permissions().mode() & 0o777, 0o600);
    assert!(std::fs::read_to_string(dir.join("m.jsonl"))
        .unwrap()
        .contains("\"part\""));

    let through_link = shell_with(
        "cd \"$1\" && : > m.jsonl && exec \"$0\" merge a.ckpt b.ckpt --total --manifest link.jsonl",
        &[dir.to_str().unwrap()],
    );
    assert!(through_link.status.success());
    assert!(std::fs::symlink_metadata(dir.join("link.jsonl"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(dir.join("m.jsonl"))
        .unwrap()
        .contains("\"part\""));

    std::os::unix::fs::symlink("nowhere", dir.join("dangling.jsonl")).unwrap();
    queens()
        .current_dir(&dir)
        .args([
            "merge",
            "a.ckpt",
            "b.ckpt",
            "--total",
            "--manifest",
            "dangling.jsonl",
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("dangling.jsonl")
                .and(predicate::str::contains("link to nothing")),
        );
    assert!(!dir.join("nowhere").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The recipes' name of part `k` of `m` of N = 12 in `dir`.
fn part_name(dir: &Path, k: u32, m: u32) -> std::path::PathBuf {
    dir.join(format!("n12-total-part-{}-of-{}.ckpt", k, m))
}

/// Counts the parts `ks` of N = 12 in `m` parts, each into its file in `dir`.
fn count_parts_of_12(dir: &Path, ks: std::ops::RangeInclusive<u32>, m: u32) {
    for k in ks {
        let file = part_name(dir, k, m);
        let part = format!("{}/{}", k, m);
        stdout_of(&[
            "count",
            "12",
            "--part",
            &part,
            "--checkpoint",
            file.to_str().unwrap(),
        ]);
    }
}

#[test]
fn status_todo_names_exactly_the_parts_still_to_count() {
    let dir = scratch("todo");
    let name = |k: u32| part_name(&dir, k, 6);
    count_parts_of_12(&dir, 1..=4, 6);
    // Part 2 damaged (a digit of a record changed), part 3 empty, part 4's name holding part
    // 1 (a copy made by mistake), part 5 stopped before any chunk, part 6 never begun.
    let two = std::fs::read_to_string(name(2)).unwrap();
    let at = two.find("\ndone ").unwrap() + 6;
    let mut bytes = two.into_bytes();
    bytes[at] = if bytes[at] == b'9' { b'8' } else { b'9' };
    std::fs::write(name(2), bytes).unwrap();
    std::fs::write(name(3), "").unwrap();
    std::fs::copy(name(1), name(4)).unwrap();
    queens()
        .args([
            "count",
            "12",
            "--part",
            "5/6",
            "--checkpoint",
            name(5).to_str().unwrap(),
            "--stop-after",
            "0",
        ])
        .assert()
        .code(75);
    let list: String = (1..=6)
        .map(|k| format!("{}\n", name(k).display()))
        .collect();
    queens()
        .args(["merge", "--status", "--todo", "--files-from", "-"])
        .write_stdin(list)
        .assert()
        .success()
        .stdout(format!(
            "damaged {}\nempty {}\nwrong-part {}\nunfinished {}\nmissing {}\n",
            name(2).display(),
            name(3).display(),
            name(4).display(),
            name(5).display(),
            name(6).display()
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn status_svg_draws_every_part_in_its_state() {
    let dir = scratch("svg");
    let name = |k: u32| part_name(&dir, k, 5);
    count_parts_of_12(&dir, 1..=3, 5);
    std::fs::write(name(4), "not a checkpoint\n").unwrap();
    let list: String = (1..=5)
        .map(|k| format!("{}\n", name(k).display()))
        .collect();
    let out = queens()
        .args(["merge", "--status", "--svg", "--files-from", "-"])
        .write_stdin(list)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    for legend in [
        "3 finished",
        "0 in progress",
        "1 damaged",
        "1 missing",
        "5 parts: 3 finished, 60.0%",
    ] {
        assert!(svg.contains(legend), "{}: {}", legend, svg);
    }
    // One row: finished (3 cells), damaged, missing, each run one rectangle.
    assert!(svg.contains("fill=\"#2e7d32\""), "{}", svg);
    assert!(svg.contains("fill=\"#c62828\""), "{}", svg);
    crate::common::usage_error(&["merge", "--svg", "x"], "give --status");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn status_svg_is_well_formed_xml_whatever_the_hosts_are_named() {
    // A host name with control characters (an odd hostname, or a copied file): XML 1.0
    // forbids them in text, and the picture must still parse.
    let dir = scratch("svg-host");
    let name = |k: u32| part_name(&dir, k, 2);
    count_parts_of_12(&dir, 1..=2, 2);
    crate::common::forge_checkpoint(&name(1), |body| {
        body.starts_with("run ")
            .then(|| body.replacen("host=", "host=%01odd%1B[31m%0Ahost%7F<&>", 1))
    });
    let list = format!("{}\n{}\n", name(1).display(), name(2).display());
    let out = queens()
        .args(["merge", "--status", "--svg", "--files-from", "-"])
        .write_stdin(list)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    let forbidden = |c: char| c.is_control() && c != '\n';
    assert!(!svg.contains(forbidden), "{:?}", svg);
    assert!(svg.contains("odd"), "{}", svg);
    assert!(svg.contains("&lt;&amp;&gt;"), "{}", svg);
    // The text status shows them replaced too: a terminal is never sent a file's escapes.
    let status = stdout_of(&["merge", "--status", name(1).to_str().unwrap()]);
    assert!(!status.contains(forbidden), "{:?}", status);
    // Read by an XML parser where Python can be run.
    let parse = "import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.buffer.read())";
    if let Some(parsed) = crate::common::python(parse, svg.as_bytes()) {
        assert!(
            parsed.status.success(),
            "{}",
            String::from_utf8_lossy(&parsed.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
