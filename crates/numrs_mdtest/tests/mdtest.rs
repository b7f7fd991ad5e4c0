//! Runs every markdown suite under `tests/mdtest/` and every diagnostic page under
//! `docs/diagnostics/` (their examples are tests too).

use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

fn run_dir(relative: &str, require_tests: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(relative);
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no markdown files under {}", root.display());
    let mut failures = Vec::new();
    let mut count = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let tests = numrs_mdtest::parse_suite(&text);
        if require_tests && tests.is_empty() {
            failures.push(format!("{}: no tests (every page needs a tested example)", f.display()));
        }
        for t in tests {
            count += 1;
            if let Err(errs) = numrs_mdtest::run_test(&t) {
                for e in errs {
                    failures.push(format!("{} [{}]: {e}", f.display(), t.name));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {count} tests failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn mdtest_suites() {
    run_dir("tests/mdtest", false);
}

#[test]
fn diagnostic_docs_examples() {
    run_dir("docs/diagnostics", true);
}
