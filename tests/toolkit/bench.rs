//! `queens bench` through the real binary: the table, the plot, and what happens to the plot
//! when stdout fails.

use crate::common::{queens, shell};
use predicates::prelude::*;

#[test]
fn bench_prints_a_table_and_writes_a_plot() {
    let svg = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-test.svg");
    let _ = std::fs::remove_file(&svg);
    queens()
        .args([
            "bench",
            "--from",
            "4",
            "--to",
            "7",
            "--algo",
            "links",
            "bitwise,recursive",
            "--budget",
            "10",
            "--svg",
        ])
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "| ms \\ N | 4 | 5 | 6 | 7 |\n| --- | ---: | ---: | ---: | ---: |\n| links |",
        ))
        .stdout(predicate::str::contains("| bitwise |"))
        .stdout(predicate::str::contains("| recursive |"))
        .stdout(predicate::str::contains("backtrack").not());
    let plot = std::fs::read_to_string(&svg).unwrap();
    assert!(plot.starts_with("<svg") && plot.trim_end().ends_with("</svg>"));
    assert_eq!(plot.matches("<polyline").count(), 3);
}

#[test]
fn bench_says_when_it_cannot_write_the_plot() {
    queens()
        .args([
            "bench",
            "--from",
            "4",
            "--to",
            "4",
            "--algo",
            "links",
            "--svg",
            "/nonexistent/dir/x.svg",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "cannot write /nonexistent/dir/x.svg",
        ));
}

#[test]
fn an_unwritable_plot_is_found_before_the_run() {
    for path in ["/proc/x.svg", "/"] {
        // --to 32 would run for hours: the error must come first.
        queens()
            .args([
                "bench",
                "--from",
                "32",
                "--to",
                "32",
                "--algo",
                "backtrack",
                "--svg",
                path,
            ])
            .timeout(std::time::Duration::from_secs(30))
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with(format!(
                "queens: cannot write {}: ",
                path
            )));
    }
}

#[test]
fn the_plot_is_written_whatever_becomes_of_stdout() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let args = "bench --from 4 --to 5 --algo links --budget 5 --svg";
    for (redirect, code) in [("> /dev/full", 1), ("| true", 0)] {
        let svg = dir.join(format!("bench-{}.svg", code));
        let _ = std::fs::remove_file(&svg);
        let out = shell(&format!(
            "set -o pipefail; \"$0\" {} '{}' {}; echo \"exit $?\" >&2",
            args,
            svg.display(),
            redirect
        ));
        let stderr = String::from_utf8_lossy(&out.stderr);
        // `| true` closes the pipe at once; pipefail gives queens' own exit code.
        assert!(
            stderr.contains(&format!("exit {}", code)),
            "{}: {}",
            redirect,
            stderr
        );
        let plot = std::fs::read_to_string(&svg).unwrap();
        assert!(plot.starts_with("<svg"), "{}", redirect);
    }
}

#[test]
fn a_large_first_n_is_predicted_from_small_probes_not_timed_for_days() {
    // The probes climb from N = 4 until a count takes 50 ms; N = 32 is then skipped at once.
    queens()
        .args([
            "bench",
            "--from",
            "32",
            "--to",
            "32",
            "--budget",
            "1",
            "--algo",
            "backtrack",
            "fast",
        ])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .stdout(predicates::str::contains("| backtrack | skipped |"));
}

#[test]
fn a_benchmark_short_of_memory_says_so_and_never_panics() {
    // Under 7 and 9 MB the symmetric search's plan does not fit: a clear error (exit 1), no
    // panic (101), no abort (134). (Below some 6.5 MB a test build cannot make its first
    // allocation, before `main`'s code runs: the C library's start and the binary's own
    // mappings take the rest.)
    for kb in [7000, 9000] {
        let out = shell(&format!(
            "ulimit -v {}; exec \"$0\" bench --from 10 --to 12 --budget 2",
            kb
        ));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{} KB: {}", kb, stderr);
        assert!(stderr.contains("not enough memory"), "{}", stderr);
        assert!(!stderr.contains("panicked"), "{}", stderr);
    }
}
