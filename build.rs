//! Records the commit the crate is built from, for the provenance every checkpoint carries:
//! `NQUEENS_COMMIT` is `git rev-parse HEAD` when the sources are a git checkout with git at
//! hand, else `unknown` (a crate unpacked from a registry). Std only.

use std::path::Path;
use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|text| text.trim().to_string())
        .filter(|hash| hash.len() >= 7 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=NQUEENS_COMMIT={}", commit);
    // Built again when HEAD moves (a commit, a checkout) or the branch it names does.
    // (Only files that exist: cargo runs a script whose watched file is missing every time.)
    let git = Path::new(".git");
    let mut watched = vec![git.join("HEAD"), git.join("packed-refs")];
    if let Ok(head) = std::fs::read_to_string(git.join("HEAD")) {
        if let Some(reference) = head.trim().strip_prefix("ref: ") {
            watched.push(git.join(reference));
        }
    }
    for path in watched.iter().filter(|path| path.is_file()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}
