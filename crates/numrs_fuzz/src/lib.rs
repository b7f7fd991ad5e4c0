//! Test-only crate: see `tests/it/no_panic.rs`. It feeds arbitrary strings, Python/Numba token
//! soups, structured-but-broken jit functions and non-UTF-8 bytes through
//! `numrs_check::CheckDatabase::{add_file, check_file}` and asserts that checking returns
//! (no panic, no stack overflow on an 8 MiB stack, no hang) on every input.
