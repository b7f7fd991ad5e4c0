//! The integration tests of `numrs_check`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod cross_file;
mod incremental;
mod suppress;
