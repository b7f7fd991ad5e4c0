//! `numrs build` on every case of the project corpus (and the shared oracle corpus when it is
//! present): whatever a file contains, building it gives a module or per-specialization
//! problems, never an internal error (LLVM rejecting generated code) or a panic.

use std::path::{Path, PathBuf};

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "py")).collect())
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn building_the_corpora_never_fails_internally() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = cases(&root.join("tests/corpus/cases"));
    assert!(files.len() > 100, "project corpus not found");
    files.extend(cases(&root.join("../shared/corpus/cases")));
    files.extend(cases(&root.join("examples")));
    let options = numrs_build::Options { opt_level: 1, emit_asm: false };
    let mut failures = Vec::new();
    let mut built = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("read case");
        let mut db = numrs_check::CheckDatabase::new();
        // Corpus file names start with digits; give the module a valid Python name.
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
        let file = db.add_file(&format!("m_{stem}.py"), &bytes);
        match numrs_build::compile(&db, file, &options) {
            Ok(compiled) => {
                built += compiled.built.len();
                for p in compiled.problems.iter().filter(|p| p.message.contains("internal error")) {
                    failures.push(format!("{}: {}: {}", path.display(), p.specialization, p.message));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(built > 100, "only {built} specializations built");
}
