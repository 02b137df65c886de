//! The judge program `nqueens` through its real binary, one module per feature: its answers,
//! exit codes and output ([`program`]), and its reader ([`input`]). (The single-file build
//! with plain `rustc` is checked by `.ci/run` and `scripts/check-old-rustc`.)

#[path = "../common/mod.rs"]
mod common;
mod input;
mod program;
