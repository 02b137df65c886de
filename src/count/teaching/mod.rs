//! The five teaching counters, each improving on the last: plain backtracking, the
//! left-right mirror, flag arrays, a linked list of free columns, and bit masks. Each counts
//! on one thread, for any `n <= 32`; [`super::Algo`] names them.

pub mod backtrack;
pub mod bitwise;
pub mod flags;
pub mod links;
pub mod mirror;
