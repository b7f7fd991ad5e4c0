//! `numrs build` on every case of the project corpus (and the shared oracle corpus when it is
//! present): whatever a file contains, building it gives a module or per-specialization
//! problems, never an internal error (LLVM rejecting generated code) or a panic.
//!
//! Cases with recorded calls are left to `tests/build/through_import.py` (run by
//! `scripts/test.sh`), which builds each of them with its calls' signatures as well, runs the
//! calls, and fails on the same internal errors; building them here too doubled the cost of
//! this suite on CI's 2-CPU machine.

use std::path::{Path, PathBuf};

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "py")).collect())
        .unwrap_or_default();
    out.sort();
    out
}

/// Whether the corpus case `case` (`<corpus>/cases/<stem>.py`) has recorded calls in
/// `<corpus>/expected/<stem>.json` (no answer file counts as none).
fn has_calls(case: &Path) -> bool {
    let stem = case.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    let Some(corpus) = case.parent().and_then(Path::parent) else { return false };
    let answer = std::fs::read_to_string(corpus.join("expected").join(format!("{stem}.json"))).unwrap_or_default();
    serde_json::from_str::<serde_json::Value>(&answer)
        .ok()
        .and_then(|v| v.get("calls").and_then(|c| c.as_array()).map(|c| !c.is_empty()))
        .unwrap_or(false)
}

#[test]
fn building_the_corpora_never_fails_internally() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let project = cases(&root.join("tests/corpus/cases"));
    assert!(project.len() > 100, "project corpus not found");
    let mut files: Vec<PathBuf> = project.into_iter().filter(|case| !has_calls(case)).collect();
    assert!(files.len() > 20, "only {} project cases without calls", files.len());
    files.extend(cases(&root.join("../shared/corpus/cases")).into_iter().filter(|case| !has_calls(case)));
    files.extend(cases(&root.join("examples")));
    // LLVM verifies the generated module before any optimization pass runs, and that check is
    // what this test is about: no optimization, so that it costs only lowering and verifying.
    let options = numrs_build::Options { opt_level: 0, emit_asm: false, ptx: None, libdevice: None };
    // Files are independent (a database each): build them on every CPU.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(files.len().max(1));
    let chunks: Vec<Vec<PathBuf>> = (0..workers).map(|w| files.iter().skip(w).step_by(workers).cloned().collect()).collect();
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks.iter().map(|chunk| s.spawn(|| build_all(chunk, &options))).collect();
        handles.into_iter().map(|h| h.join().expect("a build thread panicked")).collect()
    });
    let built: usize = results.iter().map(|r| r.0).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.1).collect();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(built > 100, "only {built} specializations built");
}

/// Build each file; the specializations built and the internal failures.
fn build_all(files: &[PathBuf], options: &numrs_build::Options) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut built = 0;
    for path in files {
        let bytes = std::fs::read(path).expect("read case");
        let mut db = numrs_check::CheckDatabase::new();
        // Corpus file names start with digits; give the module a valid Python name.
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
        let file = db.add_file(&format!("m_{stem}.py"), &bytes);
        match numrs_build::compile(&db, file, options) {
            Ok(compiled) => {
                built += compiled.built.len();
                for p in compiled.problems.iter().filter(|p| p.message.contains("internal error")) {
                    failures.push(format!("{}: {}: {}", path.display(), p.specialization, p.message));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    (built, failures)
}
