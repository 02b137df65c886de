//! The library `nqueens` as a crate that depends on it uses it, through its public paths
//! only, one module per feature: every counter against the others and brute force, boards,
//! listing, placing and completing.

mod board;
#[path = "../common/mod.rs"]
mod common;
mod completion;
mod counters;
mod join;
mod list;
mod place;
mod symmetric;
