//! `--json` through the real binary: one JSON document a command, read by Python's `json`
//! where Python can be run, counts as strings.

use crate::common::{python, queens, scratch, stdout_of};

/// Reads `text` with Python's json module and checks `test` (a Python expression on `d`), or
/// says why it cannot.
fn check(text: &str, test: &str) {
    let script = format!(
        "import json, sys\nd = json.loads(sys.stdin.read())\nassert {}, d\nprint('ok')",
        test
    );
    match python(&script, text.as_bytes()) {
        Some(out) => assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "ok\n",
            "{}\n{}",
            text,
            String::from_utf8_lossy(&out.stderr)
        ),
        None => eprintln!("python3 cannot be run: {} not checked by it", text),
    }
}

#[test]
fn every_result_a_script_reads_is_one_json_document() {
    let count = stdout_of(&["count", "12", "--json"]);
    assert!(count.contains(r#""count":"14200""#), "{}", count);
    check(&count, r#"d["count"] == "14200" and d["n"] == 12"#);
    let threads = stdout_of(&["count", "12", "-j", "2", "--json"]);
    check(&threads, r#"d["count"] == "14200""#);
    let classes = stdout_of(&["count", "8", "--classes", "--json"]);
    check(
        &classes,
        r#"d["count"] == "92" and d["unique"] == "12" and d["classes_of_8"] == "11""#,
    );
    let estimate = stdout_of(&["count", "14", "--estimate=1", "--threads", "1", "--json"]);
    check(
        &estimate,
        r#"abs(int(d["count"]) - 365596) < 6 * max(int(d["stderr"]), 1) and d["core_seconds"] > 0"#,
    );
    let bench = stdout_of(&[
        "bench", "--from", "6", "--to", "8", "--budget", "5", "--json",
    ]);
    check(
        &bench,
        r#"len(d["rows"]) >= 8 and all(len(r["cells"]) == 3 for r in d["rows"])"#,
    );
    let dir = scratch("json");
    let files: Vec<String> = (1..=2)
        .map(|k| {
            let path = dir
                .join(format!("p{}.ckpt", k))
                .to_str()
                .unwrap()
                .to_string();
            let part = format!("{}/2", k);
            stdout_of(&["count", "12", "--part", &part, "--checkpoint", &path]);
            path
        })
        .collect();
    let merged = stdout_of(&["merge", "--json", &files[0], &files[1]]);
    check(
        &merged,
        r#"d["count"] == "14200" and len(d["by_part"]) == 2 and d["by_part"][0]["runs"]"#,
    );
    let status = stdout_of(&["merge", "--status", "--json", &files[0], &files[1]]);
    check(
        &status,
        r#"[p["count"] is not None for p in d["parts"]] == [True, True] and d["unreadable"] == []"#,
    );
    // Errors stay on standard error, with the same exit codes.
    queens()
        .args(["count", "0", "--json"])
        .assert()
        .code(2)
        .stdout("");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_range_of_parts_is_one_document_even_when_it_stops() {
    let range = stdout_of(&["count", "13", "--part", "1-3/3", "--json"]);
    check(
        &range,
        r#"len(d) == 3 and sum(int(p["count"]) for p in d) == 73712 and [p["part"] for p in d] == [1, 2, 3]"#,
    );
    // Part 2's checkpoint cannot be opened (a folder has its name): the range stops there,
    // and what it printed is still one document, holding part 1.
    let dir = scratch("json-range");
    std::fs::create_dir(dir.join("n13-total-part-2-of-3.ckpt")).unwrap();
    let out = queens()
        .args([
            "count",
            "13",
            "--part",
            "1-3/3",
            "--json",
            "--checkpoint-dir",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check(
        &String::from_utf8_lossy(&out.stdout),
        r#"len(d) == 1 and d[0]["part"] == 1 and d[0]["count"] == "25204""#,
    );
    let estimate = stdout_of(&["count", "14", "--estimate=1", "--threads", "1", "--json"]);
    check(
        &estimate,
        r#"isinstance(d["count"], str) and isinstance(d["stderr"], str)"#,
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn status_never_says_minus_zero_and_lists_take_text_names_only() {
    // A finished part has nothing in progress: 0.000, not -0.000 (a sum of no floats).
    let dir = scratch("json-status");
    let file = dir.join("p.ckpt");
    stdout_of(&[
        "count",
        "12",
        "--part",
        "1/2",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    let status = stdout_of(&["merge", "--status", "--json", file.to_str().unwrap()]);
    assert!(!status.contains(":-0"), "{}", status);
    check(&status, r#"d["parts"][0]["cpu_seconds_in_progress"] == 0"#);
    // Parts given in any order are listed by part.
    let second = dir.join("q.ckpt");
    stdout_of(&[
        "count",
        "12",
        "--part",
        "2/2",
        "--checkpoint",
        second.to_str().unwrap(),
    ]);
    let both = stdout_of(&[
        "merge",
        "--status",
        "--json",
        second.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    check(&both, r#"[p["part"] for p in d["parts"]] == [1, 2]"#);
    // A name in a list that is not UTF-8 is refused, naming the line, as on the command line:
    // no JSON document names a file that is not there.
    queens()
        .args(["merge", "--status", "--json", "--files-from", "-"])
        .write_stdin(&b"p.ckpt\nc\xe9.ckpt\n"[..])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("line 2, column 2: not UTF-8"));
    std::fs::remove_dir_all(&dir).unwrap();
}
