//! The toolkit `queens` through its real binary, one module per feature.

mod bench;
mod checkpoint;
mod cli;
#[path = "../common/mod.rs"]
mod common;
mod complete;
mod count;
mod draw;
mod json;
mod list;
mod merge;
mod place;
mod provenance;
mod steps;
