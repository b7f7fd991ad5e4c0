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

fn root_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `<!-- tested-by: path::test_name -->`
fn tested_by(text: &str) -> Option<(String, String)> {
    let start = text.find("<!-- tested-by:")? + "<!-- tested-by:".len();
    let rest = &text[start..];
    let end = rest.find("-->")?;
    let (file, test) = rest[..end].trim().rsplit_once("::")?;
    Some((file.to_string(), test.to_string()))
}

fn run_dir(relative: &str, require_tests: bool) {
    let root = root_dir().join(relative);
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
            // A page whose example cannot be a Python block names the Rust test covering it.
            match tested_by(&text) {
                Some((file, test)) => {
                    let source = std::fs::read_to_string(root_dir().join(&file)).unwrap_or_default();
                    if !source.contains(&format!("fn {test}(")) {
                        failures.push(format!("{}: tested-by names a missing test {file}::{test}", f.display()));
                    }
                }
                None => failures.push(format!("{}: no tests (every page needs a tested example)", f.display())),
            }
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

/// Every code numrs can emit has a page, and every page is for a code numrs emits.
#[test]
fn every_code_has_a_page() {
    let dir = root_dir().join("docs/diagnostics");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.path().file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    pages.sort();
    let mut codes: Vec<String> = numrs_db::diagnostic::ALL_CODES.iter().map(|c| c.to_string()).collect();
    codes.sort();
    assert_eq!(pages, codes);
}

/// Every diagnostic reported over the examples, the test suites and the oracle corpus uses a
/// documented code.
#[test]
fn reported_codes_are_documented() {
    let mut dirs = vec![root_dir().join("examples")];
    let corpus = root_dir().join("../shared/corpus/cases");
    if corpus.is_dir() {
        dirs.push(corpus);
    }
    let mut checked = 0;
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_none_or(|x| x != "py") {
                continue;
            }
            let bytes = std::fs::read(&p).unwrap_or_default();
            let mut db = numrs_check::CheckDatabase::new();
            let file = db.add_file(&p.to_string_lossy(), &bytes);
            for d in &db.check_file(file).diagnostics {
                assert!(numrs_db::diagnostic::ALL_CODES.contains(&d.code), "{}: undocumented code {}", p.display(), d.code);
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}
