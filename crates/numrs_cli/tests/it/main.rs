//! The integration tests of `numrs_cli`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod build_c_api;
mod build_cache;
mod build_robust;
mod cli;
mod lsp;
