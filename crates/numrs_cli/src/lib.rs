//! The reusable part of the `numrs` command line: line suppressions (`# numrs: ignore[...]`),
//! shared with the language server. The `numrs` binary itself lives in `main.rs`.

pub mod suppress;
