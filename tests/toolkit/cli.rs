//! The toolkit `queens` as a command line: help, usage errors, the rule for N, and a standard
//! output that is /dev/null. (Each subcommand's own behaviour: tests/queens_*.rs.)

use crate::common::{prints, queens, shell, usage_error};
use predicates::prelude::*;

#[test]
fn usage_errors_are_named_with_exit_2() {
    usage_error(&[], "usage: queens <COMMAND> [ARGS]");
    usage_error(
        &["counts", "8"],
        "unknown command \"counts\"; did you mean count?",
    );
    usage_error(&["count"], "missing N");
    usage_error(&["count", "8", "9"], "unexpected argument \"9\"");
    usage_error(
        &["count", "33"],
        "N must be a number from 1 to 32, not \"33\"",
    );
    usage_error(
        &["count", "-1"],
        "N must be a number from 1 to 32, not \"-1\"",
    );
    usage_error(
        &["count", "eight"],
        "N must be a number from 1 to 32, not \"eight\"",
    );
    usage_error(&["count", "8", "--algo"], "--algo needs a value");
    usage_error(
        &["count", "8", "--algo", "quick"],
        "unknown algorithm \"quick\"",
    );
    usage_error(&["count", "8", "--fast"], "unknown flag --fast");
    usage_error(&["list", "8", "--format", "csv"], "unknown format \"csv\"");
    usage_error(&["list", "8", "--limit", "x"], "--limit must be a number");
    usage_error(
        &["list", "8", "--format", "luogu", "--limit", "2"],
        "--limit does not go with --format luogu",
    );
    usage_error(
        &["bench", "--from", "12", "--to", "10"],
        "--from 12 is above --to 10",
    );
    usage_error(&["bench", "--budget", "0"], "--budget must be a number");
    usage_error(
        &["bench", "--to", "40"],
        "--to must be a number from 1 to 32",
    );
    usage_error(&["bench", "--svg"], "--svg needs a value");
    usage_error(
        &["bench", "--algo", "fastest"],
        "unknown algorithm \"fastest\"",
    );
    queens()
        .args(["list", "5", "--limit=2=3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit must be a number"));
}

#[test]
fn a_flag_given_twice_or_to_no_effect_is_refused() {
    usage_error(
        &["count", "16", "--part", "1/4", "--part", "2/4"],
        "--part is given twice",
    );
    usage_error(
        &["list", "6", "--limit", "1", "--limit", "2"],
        "--limit is given twice",
    );
    usage_error(
        &["solve", "8", "--format", "board", "--format", "perm"],
        "--format is given twice",
    );
    usage_error(
        &["solve", "8", "--method", "construct", "--seed", "3"],
        "--seed goes with --method minconflict only",
    );
    usage_error(&["--version", "extra"], "unexpected argument \"extra\"");
    usage_error(
        &["--help", "count", "extra"],
        "unexpected argument \"extra\"",
    );
    usage_error(&["count", "8", "--unique=yes"], "--unique takes no value");
}

#[test]
fn n_is_at_least_1_in_every_subcommand() {
    usage_error(
        &["count", "0"],
        "N must be a number from 1 to 32, not \"0\"",
    );
    usage_error(&["list", "0"], "N must be a number from 1 to 32, not \"0\"");
    usage_error(
        &["solve", "0"],
        "N must be a number from 1 to 1000000000, not \"0\"",
    );
    usage_error(&["verify", "--n", "0"], "--n must be a number from 1");
    queens()
        .arg("verify")
        .write_stdin("\n")
        .assert()
        .code(2)
        .stderr("queens: stdin: no placement: the input holds no number\n");
}

#[test]
fn numbers_on_the_command_line_follow_the_judges_rule() {
    let eight = format!("{}8", "0".repeat(50));
    queens()
        .args(["count", &eight])
        .assert()
        .success()
        .stdout("92\n");
    queens()
        .args(["count", "+8"])
        .assert()
        .success()
        .stdout("92\n");
    queens()
        .args(["list", "4", "--limit", "+1", "--format", "perm"])
        .assert()
        .success()
        .stdout("2 4 1 3\n");
}

#[test]
fn help_for_the_whole_and_each_subcommand() {
    queens()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Commands:"));
    for (command, flag) in [
        ("count", "--algo"),
        ("list", "--format"),
        ("bench", "--budget"),
        ("solve", "--method"),
        ("verify", "--n"),
    ] {
        for args in [vec![command, "--help"], vec!["help", command]] {
            queens()
                .args(&args)
                .assert()
                .success()
                .stdout(predicate::str::starts_with(format!("queens {}: ", command)))
                .stdout(predicate::str::contains(flag))
                .stdout(predicate::str::contains("-h, --help"));
        }
    }
    queens()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("queens "));
}

#[test]
fn a_dev_null_stdout_is_a_success_however_it_was_opened() {
    // `>/dev/null` opens it write-only; Python's subprocess.DEVNULL and `1<>` read-write; `>&-`
    // closes it, and the Rust runtime reopens it as /dev/null read-write before main.
    for redirect in [">/dev/null", "1<>/dev/null", ">&-"] {
        for command in [
            "\"$0\" list 4",
            "\"$0\" count 8",
            "\"$0\" solve 1000",
            "\"$0\" --help",
            "echo 2 4 1 3 | \"$0\" verify",
        ] {
            let script = format!("{} {}", command, redirect);
            let out = shell(&script);
            assert_eq!(out.status.code(), Some(0), "{}", script);
            assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{}", script);
        }
    }
}

#[test]
fn a_python_harness_that_discards_stdout_sees_success_from_both_binaries() {
    // subprocess.DEVNULL opens /dev/null read-write; the judge (tests/judge.rs covers its other
    // ways) and the toolkit must both exit 0.
    let harness =
        "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], input=b'8\\n0\\n', \
                   stdout=subprocess.DEVNULL).returncode)";
    for command in [
        vec![assert_cmd::cargo::cargo_bin!("nqueens").to_str().unwrap()],
        vec![
            assert_cmd::cargo::cargo_bin!("queens").to_str().unwrap(),
            "count",
            "8",
        ],
    ] {
        match std::process::Command::new("python3")
            .args(["-c", harness])
            .args(&command)
            .status()
        {
            Ok(status) => assert_eq!(status.code(), Some(0), "{:?}", command),
            Err(e) => eprintln!("skipped: python3 cannot be run here ({})", e),
        }
    }
}

#[test]
fn a_full_disk_is_an_error() {
    let out = shell("exec \"$0\" list 6 > /dev/full");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left on device"));
}

#[test]
fn an_unwritable_stderr_keeps_the_documented_exit_code() {
    for (script, code) in [
        ("exec \"$0\" count 0 2>/dev/full", 2),
        ("exec \"$0\" bogus 2>/dev/full", 2),
        (
            "exec \"$0\" count 8 --checkpoint /nonexistent/dir/c 2>/dev/full",
            1,
        ),
        ("echo 1 1 | exec \"$0\" verify 2>/dev/full", 1),
        // A stderr whose reader has gone.
        (
            "\"$0\" count 0 2>&1 >/dev/null | true; exit ${PIPESTATUS[0]}",
            2,
        ),
    ] {
        let out = shell(script);
        assert_eq!(out.status.code(), Some(code), "{}: {:?}", script, out);
    }
}

/// Every subcommand of the table, with arguments that make a valid call of each.
const CALLS: [&[&str]; 6] = [
    &["count", "8"],
    &["merge", "x.ckpt"],
    &["list", "4"],
    &["solve", "8"],
    &["verify", "-"],
    &["bench", "--to", "8"],
];

#[test]
fn the_same_mistake_gets_the_same_message_and_exit_code_in_every_subcommand() {
    for call in CALLS {
        let name = call[0];
        let with = |extra: &[&'static str]| -> Vec<&'static str> { [call, extra].concat() };
        usage_error(&with(&["--nope"]), "unknown flag --nope");
        usage_error(
            &with(&["--hlep"]),
            "unknown flag --hlep; did you mean --help?",
        );
        queens()
            .args(with(&["--help"]))
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("queens {}: ", name)));
        queens()
            .args(["help", name])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("queens {}: ", name)));
        // Any flag of the spec given twice, unless it repeats by design.
        let twice = match name {
            "count" => "--threads",
            "merge" | "verify" => "--n",
            "list" => "--limit",
            "solve" => "--seed",
            _ => "--from",
        };
        usage_error(
            &with(&[twice, "1", twice, "1"]),
            &format!("{} is given twice", twice),
        );
        usage_error(
            &with(&[twice, "x"]),
            &format!("{} must be a number from", twice),
        );
        usage_error(&with(&[twice]), &format!("{} needs a value", twice));
    }
}

#[test]
fn the_conventions_of_rust_command_lines_hold() {
    // `--` ends the flags: a word after it is an argument, even one that looks like a flag.
    prints(&["count", "--", "8"], "92\n");
    usage_error(
        &["count", "--", "--unique"],
        "N must be a number from 1 to 32, not \"--unique\"",
    );
    // help, help help, help COMMAND, --help COMMAND.
    for words in [&["help"][..], &["help", "help"], &["--help"], &["-h"]] {
        queens()
            .args(words)
            .assert()
            .success()
            .stdout(predicate::str::contains("Commands:\n  count"));
    }
    prints(
        &["--help", "count"],
        &String::from_utf8(queens().args(["count", "--help"]).output().unwrap().stdout).unwrap(),
    );
    usage_error(
        &["help", "cuont"],
        "unknown command \"cuont\"; did you mean count?",
    );
    usage_error(
        &["count", "8", "--uniqe"],
        "unknown flag --uniqe; did you mean --unique?",
    );
    usage_error(&["list", "8", "--format", "jsno"], "unknown format \"jsno\"; choose board, perm, perm0, lines, json, luogu or svg; did you mean json?");
    // An optional value never swallows N.
    usage_error(
        &["count", "--estimate", "12", "--checkpoint", "c.ckpt"],
        "--checkpoint does nothing with --estimate",
    );
}

/// Runs the elvish completer of `script`, where elvish is installed, outside its editor (which
/// a script cannot reach): its completer called as the editor calls it, file names stubbed.
fn elvish_completes(script: &str) {
    let body: String = script
        .lines()
        .filter(|l| !l.starts_with("set edit:"))
        .map(|l| l.replace("edit:complete-filename", "put-file") + "\n")
        .collect();
    let test = format!(
        "fn put-file {{|p| put FILE }}\n{}\
         echo [(complete-queens queens '')]\n\
         echo [(complete-queens queens count --algo '')]\n\
         echo [(complete-queens queens count --checkpoint '')]\n\
         echo [(complete-queens queens completions '')]\n",
        body
    );
    let dir = crate::common::scratch("elvish");
    let file = dir.join("test.elv");
    std::fs::write(&file, test).unwrap();
    let ran = std::process::Command::new("elvish")
        .arg("-norc")
        .arg(&file)
        .output();
    std::fs::remove_dir_all(&dir).unwrap();
    let Ok(out) = ran else {
        eprintln!("skipped: elvish cannot be run here to check its script");
        return;
    };
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(
        lines.len(),
        4,
        "{}{}",
        printed,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(lines[0].starts_with("[count merge"), "{}", printed);
    assert!(lines[1].starts_with("[fast backtrack"), "{}", printed);
    assert_eq!(lines[2], "[FILE]");
    assert_eq!(lines[3], "[bash zsh fish elvish powershell]");
}

/// Runs the PowerShell completer of `script` through `TabExpansion2`, where `pwsh` is
/// installed (it is not a Debian package: elsewhere the check is skipped, saying so).
fn powershell_completes(script: &str) {
    let cases = [
        ("queens co", "count completions"),
        ("queens count --al", "--algo"),
        (
            "queens count --algo ",
            "fast backtrack mirror flags links bitwise recursive symmetric",
        ),
        ("queens completions p", "powershell"),
        ("queens recheck --method s", "search"),
    ];
    let mut test = String::from(script);
    for (line, _) in cases {
        test += &format!(
            "(TabExpansion2 '{}' {}).CompletionMatches.CompletionText -join ' '\n",
            line,
            line.len()
        );
    }
    let ran = std::process::Command::new("pwsh")
        .args(["-NoProfile", "-NonInteractive", "-Command", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = ran else {
        eprintln!("skipped: pwsh cannot be run here to check its script");
        return;
    };
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(test.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    let want: Vec<&str> = cases.iter().map(|c| c.1).collect();
    assert_eq!(lines, want, "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn completions_are_made_from_the_command_table() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = queens().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{}", shell);
        let script = String::from_utf8(out.stdout).unwrap();
        for word in [
            "count",
            "merge",
            "list",
            "solve",
            "verify",
            "bench",
            "unique",
            "checkpoint",
            "luogu",
            "minconflict",
            "symmetric",
        ] {
            assert!(script.contains(word), "{} lacks {}", shell, word);
        }
        if shell == "elvish" {
            elvish_completes(&script);
            continue;
        }
        if shell == "powershell" {
            powershell_completes(&script);
            continue;
        }
        // The shell itself reads it without a syntax error, where it is installed.
        let check = std::process::Command::new(shell)
            .arg("-n")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn();
        let Ok(mut child) = check else {
            eprintln!("skipped: {} cannot be run here to check its script", shell);
            continue;
        };
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let checked = child.wait_with_output().unwrap();
        assert!(
            checked.status.success(),
            "{}: {}",
            shell,
            String::from_utf8_lossy(&checked.stderr)
        );
    }
    usage_error(
        &["completions", "tcsh"],
        "unknown shell \"tcsh\"; choose bash, zsh, fish, elvish or powershell",
    );
    usage_error(&["completions"], "missing SHELL");
}

#[test]
fn messages_name_the_thing_that_is_wrong() {
    usage_error(
        &["count", "8", "--queen", "18446744073709551615,1"],
        "--queen 18446744073709551615,1: outside the board",
    );
    usage_error(
        &["solve", "8", "--queen", "3,0"],
        "--queen 3,0: outside the board",
    );
    usage_error(
        &["count", "8", "--checkpoint", ""],
        "--checkpoint must be a file name, not \"\"",
    );
    usage_error(&["help", "count", "extra"], "unexpected argument \"extra\"");
    queens()
        .arg("verify")
        .write_stdin("4294967297 1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is a column past 2^32, outside any board",
        ));
}

/// The commands `queens help` lists, in its order.
const LISTED: [&str; 10] = [
    "count",
    "merge",
    "recheck",
    "list",
    "solve",
    "verify",
    "bench",
    "completions",
    "man",
    "help",
];

#[test]
fn the_manual_page_is_made_from_the_command_table_and_renders() {
    let page = crate::common::stdout_of(&["man"]);
    assert!(page.starts_with(".TH QUEENS 1 "), "{}", &page[..40]);
    for command in &LISTED[..8] {
        assert!(
            page.contains(&format!(".SS \"queens {}\"", command)),
            "{}",
            command
        );
    }
    assert!(page.contains(".SH \"EXIT STATUS\""));
    assert!(page.contains("\\-j, \\-\\-threads T"));
    // Rendered by man where it is installed: no warning from groff.
    let out = shell("command -v man >/dev/null || exit 77; \"$0\" man | MANWIDTH=80 man --warnings -l - 2>&1 >/dev/null");
    match out.status.code() {
        Some(77) => eprintln!("man is not installed: the page is not rendered"),
        _ => assert_eq!(String::from_utf8_lossy(&out.stdout), "", "groff warned"),
    }
    prints(&["help", "--help"], &crate::common::stdout_of(&["help"]));
    queens().args(["man", "extra"]).assert().code(2);
}

#[test]
fn short_flags_take_attached_values_and_a_mistyped_flag_gets_a_suggestion() {
    // `-j2` as cargo and ripgrep take it; `-jx` refused naming --threads.
    queens()
        .args(["count", "12", "-j2"])
        .assert()
        .success()
        .stdout("14200\n");
    queens()
        .args(["count", "12", "-jx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads must be a number"));
    queens()
        .arg("-v")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown command \"-v\"; did you mean -V?",
        ));
}

#[test]
fn every_help_fits_an_80_column_terminal() {
    let mut calls: Vec<Vec<&str>> = vec![vec!["--help"], vec!["help"]];
    calls.extend(LISTED.iter().map(|name| vec!["help", name]));
    for call in calls {
        let out = queens().args(&call).output().unwrap();
        assert!(out.status.success(), "{:?}", call);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.lines().count() > 1, "{:?}: {}", call, text);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{:?}: {}", call, line);
        }
    }
}

#[test]
fn a_dry_run_checks_the_count_and_names_its_part_files_counting_nothing() {
    let dir = crate::common::scratch("dry-run");
    let parts = dir.join("a b");
    let path = parts.to_str().unwrap();
    let listed = crate::common::stdout_of(&[
        "count",
        "14",
        "--unique",
        "--algo",
        "symmetric",
        "--part",
        "2-3/3",
        "--checkpoint-dir",
        path,
        "--dry-run",
    ]);
    assert_eq!(
        listed,
        format!(
            "{0}/n14-unique-part-2-of-3.ckpt\n{0}/n14-unique-part-3-of-3.ckpt\n",
            path
        )
    );
    assert!(!parts.exists(), "a dry run makes no folder");
    usage_error(
        &[
            "count",
            "33",
            "--part",
            "1/2",
            "--checkpoint-dir",
            path,
            "--dry-run",
        ],
        "N must be a number from 1 to 32",
    );
    usage_error(&["count", "14", "--dry-run"], "give --checkpoint-dir DIR");
    usage_error(
        &[
            "count",
            "14",
            "--part",
            "1/2",
            "--checkpoint-dir",
            path,
            "--dry-run",
            "--estimate",
            "5",
        ],
        "does nothing with --dry-run",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
