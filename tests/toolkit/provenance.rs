//! Checkable counts through the real binary: provenance in every checkpoint, the manifest,
//! duplicates compared, a forged part found by `queens recheck`, and the files that must be
//! refused.

use crate::common::{python, queens, scratch, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// The parts of N = 13 in `m` parts, each counted into `dir/pK.ckpt`.
fn parts(dir: &Path, m: u64) -> Vec<PathBuf> {
    (1..=m)
        .map(|k| {
            let path = dir.join(format!("p{}.ckpt", k));
            let spec = format!("{}/{}", k, m);
            stdout_of(&[
                "count",
                "13",
                "--threads",
                "1",
                "--part",
                &spec,
                "--checkpoint",
                path.to_str().unwrap(),
            ]);
            path
        })
        .collect()
}

/// Rewrites the lines of the checkpoint at `path` that `change` changes, with their checksums
/// recomputed, as a forger (or a faulty core) would.
fn forge(path: &Path, change: impl Fn(&str) -> Option<String>) {
    crate::common::forge_checkpoint(path, change)
}

/// `result T …` and the last `done` record raised by `by`.
fn raised(by: u128) -> impl Fn(&str) -> Option<String> {
    move |body: &str| {
        let mut words: Vec<String> = body.split(' ').map(String::from).collect();
        match words[0].as_str() {
            "result" => {
                words[1] = (words[1].parse::<u128>().unwrap() + by).to_string();
                Some(words.join(" "))
            }
            "done" if words[1] == "0" => {
                words[2] = (words[2].parse::<u128>().unwrap() + by).to_string();
                Some(words.join(" "))
            }
            _ => None,
        }
    }
}

fn strs(paths: &[PathBuf]) -> Vec<&str> {
    paths.iter().map(|p| p.to_str().unwrap()).collect()
}

#[test]
fn every_part_says_where_and_how_it_was_made_and_the_manifest_publishes_it() {
    let dir = scratch("manifest");
    let files = parts(&dir, 6);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let run = text.lines().nth(1).unwrap();
    for field in [
        "run version=",
        " commit=",
        " counter=join",
        " kernel=",
        " host=",
        " cpu=",
        " os=",
        " started=",
        " id=",
    ] {
        assert!(run.contains(field), "{}: {}", field, run);
    }
    assert!(text.lines().any(|l| l.starts_with("end finished=")));
    let manifest = dir.join("m.jsonl");
    let mut args = vec![
        "merge",
        "--n",
        "13",
        "--parts",
        "6",
        "--total",
        "--manifest",
    ];
    args.push(manifest.to_str().unwrap());
    let all = strs(&files);
    args.extend(&all);
    queens().args(&args).assert().success().stdout("73712\n");
    let lines = std::fs::read_to_string(&manifest).unwrap();
    assert_eq!(lines.lines().count(), 7);
    // Python's json reads every line; the parts' counts (strings) add up to the total, and the
    // file's checksum is sha256sum's.
    // A part's file is named from the manifest's folder: no path of this machine.
    let script = r#"
import hashlib, json, os, sys
rows = [json.loads(line) for line in sys.stdin]
parts, total = rows[:-1], rows[-1]
assert total["count"] == "73712", total
assert sum(int(p["count"]) for p in parts) == 73712
for p in parts:
    for key in ["part", "parts", "n", "count", "cpu_seconds", "host", "version", "commit",
                "kernel", "cpu", "os", "started", "finished", "runs", "file", "sha256"]:
        assert key in p, key
    assert isinstance(p["count"], str) and p["parts"] == 6 and p["n"] == 13
    assert not os.path.isabs(p["file"]), p["file"]
    path = os.path.join(BASE, p["file"])
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == p["sha256"]
print("ok")
"#
    .replace(
        "BASE",
        &format!("{:?}", manifest.parent().unwrap().to_str().unwrap()),
    );
    match python(&script, lines.as_bytes()) {
        Some(out) => assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "ok\n",
            "{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        None => eprintln!("python3 cannot be run: the manifest's JSON is not checked by it"),
    }
    // Status shows each run.
    queens()
        .args(["merge", "--status", all[0]])
        .assert()
        .success()
        .stdout(predicate::str::contains("  run: nqueens-toolkit "));
    // A manifest that cannot be written: exit 1, named, no total claimed.
    let mut full = args.clone();
    full[7] = "/dev/full";
    queens()
        .args(&full)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot write the manifest /dev/full",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_forged_part_is_found_by_recheck_and_duplicates_are_compared() {
    let dir = scratch("forged");
    let files = parts(&dir, 6);
    let all = strs(&files);
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--sample", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("re-counted 6 of 6 parts"));
    // Part 3 counted again, independently: it confirms.
    let again = dir.join("again3.ckpt");
    stdout_of(&[
        "count",
        "13",
        "--part",
        "3/6",
        "--checkpoint",
        again.to_str().unwrap(),
    ]);
    let mut with_again = all.clone();
    with_again.push(again.to_str().unwrap());
    queens()
        .arg("merge")
        .args(&with_again)
        .assert()
        .success()
        .stdout("73712\n")
        .stderr(predicate::str::contains("part 3/6 confirmed by 2 counts"));
    // A byte copy, or the same file by another name, confirms nothing.
    let copy = dir.join("copy3.ckpt");
    std::fs::copy(&files[2], &copy).unwrap();
    let link = dir.join("link3.ckpt");
    std::os::unix::fs::symlink(&files[2], &link).unwrap();
    for (other, why) in [(&copy, "a byte copy"), (&link, "the same file")] {
        let mut args = all.clone();
        args.push(other.to_str().unwrap());
        queens()
            .arg("merge")
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("is given twice").and(predicate::str::contains(why)));
    }
    // Part 4 raised by 2, its checksums recomputed: merge cannot tell, recheck names it.
    forge(&files[3], raised(2));
    queens()
        .arg("merge")
        .args(&all)
        .assert()
        .success()
        .stdout("73714\n");
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--sample", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!(
            "part 4/6 of N = 13 differs: {} records",
            all[3]
        )));
    // Beside an honest second count of part 4: a conflict naming both files.
    let honest = dir.join("honest4.ckpt");
    stdout_of(&[
        "count",
        "13",
        "--part",
        "4/6",
        "--checkpoint",
        honest.to_str().unwrap(),
    ]);
    let mut args = all.clone();
    args.push(honest.to_str().unwrap());
    queens()
        .arg("merge")
        .args(&args)
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("conflict: part 4/6")
                .and(predicate::str::contains(all[3]))
                .and(predicate::str::contains(honest.to_str().unwrap())),
        );
    // A forgery of the provenance alone: the file still merges, but a copy of it beside the
    // original is no independent count (its header names the same file, and it holds the same
    // run), so nothing is confirmed.
    let posing = dir.join("posing3.ckpt");
    std::fs::copy(&files[2], &posing).unwrap();
    forge(&posing, |body| {
        body.starts_with("end ")
            .then(|| "end finished=2030-01-01T00:00:00Z".to_string())
    });
    let mut args = all.clone();
    args.push(posing.to_str().unwrap());
    queens()
        .arg("merge")
        .args(&args)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("copies of one file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The checkpoints of parts `ks` of N = 14 in `m`, counted into `dir/NAME-K.ckpt`.
fn parts_of_14(dir: &Path, name: &str, ks: &[u64], m: u64) -> Vec<PathBuf> {
    ks.iter()
        .map(|&k| {
            let path = dir.join(format!("{}-{}.ckpt", name, k));
            let spec = format!("{}/{}", k, m);
            let path_text = path.to_str().unwrap();
            stdout_of(&["count", "14", "--part", &spec, "--checkpoint", path_text]);
            path
        })
        .collect()
}

#[test]
fn a_part_counted_twice_is_confirmed_by_independent_counts_only_in_any_order() {
    let dir = scratch("confirm");
    let files = parts_of_14(&dir, "p", &[1, 2, 3, 4], 4);
    let second = parts_of_14(&dir, "again", &[2], 4).remove(0);
    let copy = dir.join("copy-2.ckpt");
    std::fs::copy(&second, &copy).unwrap();
    let link = dir.join("link-2.ckpt");
    std::fs::hard_link(&second, &link).unwrap();
    // The second count's provenance edited (another host), its checksums made again.
    let posing = dir.join("posing-2.ckpt");
    std::fs::copy(&second, &posing).unwrap();
    crate::common::forge_checkpoint(&posing, |body| {
        body.starts_with("run ")
            .then(|| body.replacen("host=", "host=elsewhere-", 1))
    });
    let [p1, p2, p3, p4] = [0, 1, 2, 3].map(|i| files[i].to_str().unwrap());
    let (b, c, l, e) = (
        second.to_str().unwrap(),
        copy.to_str().unwrap(),
        link.to_str().unwrap(),
        posing.to_str().unwrap(),
    );
    // Two independent counts of part 2 confirm it, in either order.
    for pair in [[p2, b], [b, p2]] {
        queens()
            .args(["merge", "--n", "14", "--parts", "4", "--total", p1, p3, p4])
            .args(pair)
            .assert()
            .success()
            .stdout(
                "365596
",
            )
            .stderr(predicate::str::contains("part 2/4 confirmed by 2 counts"));
    }
    // A byte copy, a hard link, or a copy with its host edited, beside them, in every order:
    // never a third confirmation, always "given twice".
    for extra in [c, l, e] {
        let three = [p2, b, extra];
        for order in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            queens()
                .args(["merge", p1, p3, p4])
                .args(order.map(|i| three[i]))
                .assert()
                .code(1)
                .stdout("")
                .stderr(predicate::str::contains("part 2/4 is given twice"));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_recheck_of_nothing_is_refused_and_the_mirror_recounts_every_part() {
    let dir = scratch("mirror");
    let files = parts_of_14(&dir, "p", &[1, 2, 3, 4], 4);
    let all = strs(&files);
    for sample in ["0", "0.0"] {
        queens()
            .arg("recheck")
            .args(&all)
            .args(["--sample", sample])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("above 0"));
    }
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--method", "search", "--sample", "0.001"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("takes none of the 4 parts"));
    // The mirror, by default, re-counts every part and says its cost beside the parts'.
    queens()
        .arg("recheck")
        .args(&all)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("re-counted 4 of 4 parts")
                .and(predicate::str::contains("upside down"))
                .and(predicate::str::contains("every one agrees")),
        );
    // Its record, as a kill would leave it: two parts' lines and a third cut short. Run
    // again, the check reads the two back and re-counts only the others.
    let record = dir.join("record.jsonl");
    let record_path = record.to_str().unwrap();
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--record", record_path])
        .assert()
        .success();
    let written = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines.len(),
        5,
        "a line a part, then the summary: {}",
        written
    );
    let killed = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..30]);
    std::fs::write(&record, killed).unwrap();
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--record", record_path])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 of them by an earlier run"));
    let again = std::fs::read_to_string(&record).unwrap();
    assert_eq!(again.lines().count(), 5, "{}", again);
    assert!(again.lines().take(2).eq(lines[..2].iter().copied()));
    let summary = again.lines().last().unwrap();
    assert!(summary.contains("\"parts_read_back\":2,"), "{}", again);
    // The independent search on a sample of row sets: each counted by the search and by the
    // join, every one agreeing; a sample of none refused.
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--method", "search", "--row-sets", "--sample", "0.05"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("row sets of 4 parts")
                .and(predicate::str::contains("every one agrees"))
                .and(predicate::str::contains("the search took")),
        );
    for (args, message) in [
        (vec!["--row-sets"], "goes with --method search"),
        (
            vec!["--method", "search", "--row-sets", "--record", "r.jsonl"],
            "does not go with --row-sets",
        ),
        (
            vec!["--method", "search", "--row-sets", "--sample", "0.000001"],
            "takes none of the row sets",
        ),
    ] {
        queens()
            .arg("recheck")
            .args(&all)
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    // Part 3 raised by 2, its checksums made again: both methods name it, and so does the
    // search of every row set, whose sum is the part's count.
    forge(&files[2], raised(2));
    for method in [&["mirror"][..], &["search"], &["search", "--row-sets"]] {
        queens()
            .arg("recheck")
            .args(&all)
            .arg("--method")
            .args(method)
            .args(["--sample", "1"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(format!(
                "part 3/4 of N = 14 differs: {} records",
                all[2]
            )));
    }
    // A sample of row sets is not a whole part: it says the recorded counts were not compared.
    queens()
        .arg("recheck")
        .args(&all)
        .args(["--method", "search", "--row-sets", "--sample", "0.5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "recorded counts were not compared",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lists_of_files_take_any_name_and_bad_files_are_named() {
    let dir = scratch("files-from");
    let named = dir.join("it's a \"part\" 1.ckpt");
    stdout_of(&[
        "count",
        "12",
        "--part",
        "1/2",
        "--checkpoint",
        named.to_str().unwrap(),
    ]);
    let other = dir.join("p2.ckpt");
    stdout_of(&[
        "count",
        "12",
        "--part",
        "2/2",
        "--checkpoint",
        other.to_str().unwrap(),
    ]);
    let list = dir.join("list");
    std::fs::write(
        &list,
        format!("{}\r\n\n{}\n", named.display(), other.display()),
    )
    .unwrap();
    queens()
        .args(["merge", "--n", "12", "--files-from", list.to_str().unwrap()])
        .assert()
        .success()
        .stdout("14200\n");
    queens()
        .args([
            "recheck",
            "--sample",
            "1",
            "--files-from",
            list.to_str().unwrap(),
        ])
        .assert()
        .success();
    // A list naming a missing file, /dev/zero as a list, a part outside 1..M.
    std::fs::write(
        &list,
        format!("{}\n{}/missing.ckpt\n", named.display(), dir.display()),
    )
    .unwrap();
    queens()
        .args(["merge", "--files-from", list.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.ckpt"));
    queens()
        .args(["merge", "--files-from", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero: line 1"));
    let outside = dir.join("outside.ckpt");
    std::fs::copy(&other, &outside).unwrap();
    forge(&outside, |body| {
        body.starts_with("nqueens-checkpoint ")
            .then(|| body.replace("part=2/2", "part=3/2"))
    });
    queens()
        .args(["merge", named.to_str().unwrap(), outside.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "part 3/2 is not one of the parts 1 to 2",
        ));
    // Status names a junk file after printing every readable part.
    let junk = dir.join("junk");
    std::fs::write(&junk, "hello\n").unwrap();
    queens()
        .args([
            "merge",
            "--status",
            named.to_str().unwrap(),
            junk.to_str().unwrap(),
            other.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("part 1/2").and(predicate::str::contains("part 2/2")))
        .stderr(predicate::str::contains("not a checkpoint"));
    // A checkpoint saved with lone CR line ends reads as the same file, and is never recounted
    // over.
    let cr = dir.join("cr.ckpt");
    let text = std::fs::read_to_string(&other).unwrap();
    std::fs::write(&cr, text.replace('\n', "\r")).unwrap();
    queens()
        .args(["merge", "--status", cr.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("finished: "));
    queens()
        .args([
            "count",
            "12",
            "--part",
            "2/2",
            "--checkpoint",
            cr.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&cr).unwrap(),
        text.replace('\n', "\r")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first `lines` lines of the format 3 checkpoint at `from` as a format 2 file of an
/// earlier version that recorded no runs: no `file=`, no `run` line, each record's checksum its
/// own line's.
fn as_format_2_without_runs(from: &Path, lines: usize, to: &Path) {
    let text = std::fs::read_to_string(from).unwrap();
    let mut out = String::new();
    for (i, line) in text.lines().take(lines).enumerate() {
        let (body, _) = line.rsplit_once(" ~").unwrap();
        if i == 0 {
            let header: Vec<&str> = body
                .split(' ')
                .filter(|word| !word.starts_with("file="))
                .collect();
            out += &crate::common::checkpoint_line(&header.join(" ").replacen(" 3 ", " 2 ", 1));
        } else if !body.starts_with("run ") {
            out += &crate::common::checkpoint_line(body);
        }
    }
    std::fs::write(to, out).unwrap();
}

#[test]
fn copies_of_a_format_2_file_resumed_apart_confirm_nothing() {
    // A format 2 file of an earlier version, counted part-way with no run recorded, copied,
    // and each copy resumed to its end: both hold the chunks counted before the copy.
    let dir = scratch("format-2-copies");
    let whole = parts_of_14(&dir, "whole", &[2], 3).remove(0);
    let (a, b) = (dir.join("a.ckpt"), dir.join("b.ckpt"));
    as_format_2_without_runs(&whole, 40, &a);
    std::fs::copy(&a, &b).unwrap();
    let expected = stdout_of(&["count", "14", "--part", "2/3"]);
    for file in [&a, &b] {
        let path = file.to_str().unwrap();
        let resumed = stdout_of(&["count", "14", "--part", "2/3", "--checkpoint", path]);
        assert_eq!(resumed, expected);
    }
    let others = parts_of_14(&dir, "p", &[1, 3], 3);
    let others: Vec<&str> = others.iter().map(|p| p.to_str().unwrap()).collect();
    queens()
        .args(["merge", "--n", "14"])
        .args(&others)
        .args([&a, &b].map(|p| p.to_str().unwrap()))
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("part 2/3 is given twice")
                .and(predicate::str::contains("before any run")),
        );
    // Beside a count of its own (every chunk by its own runs), either copy is confirmed.
    queens()
        .args(["merge", "--n", "14"])
        .args(&others)
        .args([&whole, &a].map(|p| p.to_str().unwrap()))
        .assert()
        .success()
        .stdout("365596\n")
        .stderr(predicate::str::contains("part 2/3 confirmed by 2 counts"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn outputs_never_write_over_a_checkpoint_or_a_file_of_another_kind() {
    let dir = scratch("overwrite");
    let files = parts_of_14(&dir, "p", &[1, 2], 2);
    let all = strs(&files);
    let list = dir.join("parts.list");
    std::fs::write(&list, format!("{}\n{}\n", all[0], all[1])).unwrap();
    let before = std::fs::read(&files[0]).unwrap();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    // The manifest over one of its own parts, over the list it reads, over a text.
    for (target, what) in [
        (&files[0], "is a checkpoint"),
        (&list, "of another kind"),
        (&notes, "of another kind"),
    ] {
        queens()
            .args(["merge", "--files-from", list.to_str().unwrap()])
            .args(["--manifest", target.to_str().unwrap()])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(what));
    }
    // The record of a re-check over a checkpoint, a text or a folder: refused before any work.
    for (target, what) in [
        (&files[0], "is a checkpoint"),
        (&notes, "of another kind"),
        (&dir, "a folder, not a file"),
    ] {
        queens()
            .args(["recheck", all[1], "--record", target.to_str().unwrap()])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(what));
    }
    assert_eq!(std::fs::read(&files[0]).unwrap(), before);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    stdout_of(&["merge", "--n", "14", all[0], all[1]]);
    // A manifest or a record of its own kind is written again, or added to.
    let manifest = dir.join("m.jsonl");
    for _ in 0..2 {
        queens()
            .args([
                "merge",
                all[0],
                all[1],
                "--manifest",
                manifest.to_str().unwrap(),
            ])
            .assert()
            .success();
    }
    assert_eq!(
        std::fs::read_to_string(&manifest).unwrap().lines().count(),
        3
    );
    let record = dir.join("r.jsonl");
    for _ in 0..2 {
        queens()
            .args(["recheck", all[0], "--record", record.to_str().unwrap()])
            .assert()
            .success();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_rechecks_sharing_one_record_keep_every_line() {
    // The parts split over two processes (two nodes) with one --record: the second opens it
    // while the first is writing.
    let dir = scratch("shared-record");
    let m = 40;
    stdout_of(&[
        "count",
        "17",
        "--threads",
        "1",
        "--part",
        &format!("1-{}/{}", m, m),
        "--checkpoint-dir",
        dir.to_str().unwrap(),
    ]);
    let name = |k: u64| {
        format!(
            "{}\n",
            dir.join(format!("n17-total-part-{}-of-{}.ckpt", k, m))
                .display()
        )
    };
    let (a, b) = (dir.join("a.list"), dir.join("b.list"));
    std::fs::write(&a, (1..=30).map(name).collect::<String>()).unwrap();
    std::fs::write(&b, (31..=m).map(name).collect::<String>()).unwrap();
    let record = dir.join("record.jsonl");
    let recheck = |list: &Path| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin!("queens"))
            .args(["recheck", "--threads", "1", "--files-from"])
            .arg(list)
            .arg("--record")
            .arg(&record)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut first = recheck(&a);
    let began = std::time::Instant::now();
    while std::fs::read_to_string(&record).map_or(true, |text| text.lines().count() < 2) {
        assert!(
            began.elapsed().as_secs() < 60,
            "the first re-check wrote nothing"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let mut second = recheck(&b);
    assert!(first.wait().unwrap().success());
    assert!(second.wait().unwrap().success());
    let text = std::fs::read_to_string(&record).unwrap();
    let parts: std::collections::BTreeSet<&str> = text
        .lines()
        .filter_map(|line| line.split("\"part\":").nth(1)?.split(',').next())
        .collect();
    assert_eq!(parts.len(), m as usize, "{}", text);
    assert_eq!(text.lines().count(), m as usize + 2, "{}", text);
    // Read back by a third run: every part, nothing counted again.
    let all = dir.join("all.list");
    std::fs::write(&all, (1..=m).map(name).collect::<String>()).unwrap();
    queens()
        .args(["recheck", "--files-from", all.to_str().unwrap()])
        .args(["--record", record.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("40 of them by an earlier run"));
    std::fs::remove_dir_all(&dir).unwrap();
}
