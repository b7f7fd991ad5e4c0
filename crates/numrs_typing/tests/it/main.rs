//! The integration tests of `numrs_typing`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod containers;
mod numpy;
