//! The integration tests of `numrs_syntax`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod chunked;
mod details;
mod line_index;
mod no_panic;
mod parse_module;
mod recovery;
mod robustness;
mod rng;
