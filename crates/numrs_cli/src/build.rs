//! `numrs build PATH... -o DIR` and `numrs dump llvm|asm FILE::function`.

use std::path::{Path, PathBuf};

use numrs_check::CheckDatabase;

use crate::inputs::{self, io_error_text, PathFilter};
use crate::{signatures, EXIT_ERRORS_FOUND, EXIT_USAGE_OR_IO};

/// Build every file: exit 0 when every specialization was built, 1 when some were not (each
/// reported with its line), 2 on I/O, usage or link problems.
pub fn run_build(paths: &[PathBuf], out_dir: &Path, signatures_file: Option<&Path>, scipy: bool) -> u8 {
    let recorded = match signatures_file {
        Some(p) => match signatures::load(p) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_USAGE_OR_IO;
            }
        },
        None => Vec::new(),
    };
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let collected = inputs::collect(paths, PathFilter::none(cwd));
    let mut status = 0;
    for e in &collected.errors {
        eprintln!("error: {e}");
        status = EXIT_USAGE_OR_IO;
    }
    let mut db = CheckDatabase::new();
    db.set_settings(Vec::new(), recorded);
    db.set_scipy(scipy);
    let mut files = Vec::new();
    for input in collected.files {
        match std::fs::read(&input.path) {
            Ok(bytes) => files.push((input.display.clone(), db.add_file(&input.display, &bytes))),
            Err(e) => {
                eprintln!("error: {}: {}", input.display, io_error_text(&e));
                status = EXIT_USAGE_OR_IO;
            }
        }
    }
    let (mut built, mut failed) = (0usize, 0usize);
    for (display, file) in files {
        // Diagnostics `check` gives that decide what is built, rendered as `check` renders them.
        let report = db.check_file(file);
        let text = file.text(&db).clone();
        let render = |codes: &[&str]| -> usize {
            let found: Vec<numrs_db::Diagnostic> = report.diagnostics.iter().filter(|d| codes.contains(&d.code)).cloned().collect();
            if !found.is_empty() {
                let checked = crate::render::CheckedFile { display: &display, text: &text, functions: report.functions.len(), diagnostics: &found, suppressed: 0 };
                eprint!("{}", crate::render::text::render_file(&checked, false));
            }
            found.len()
        };
        // Python could not import a module with syntax errors (or not UTF-8): build nothing of
        // it (a module missing the functions after an error would be worse than none).
        if render(&["syntax-error", "unreadable-file"]) > 0 {
            eprintln!("error: {display}: not built: Python could not import it");
            if status == 0 {
                status = EXIT_ERRORS_FOUND;
            }
            continue;
        }
        // Decorators Numba refuses (bad signatures, unknown options) leave their function out;
        // the rest builds.
        let refused = render(&["invalid-signature", "invalid-decorator", "unsupported-signature", "signature-arity"]);
        if refused > 0 {
            failed += refused;
            if status == 0 {
                status = EXIT_ERRORS_FOUND;
            }
        }
        match numrs_build::build_file(&db, file, out_dir, &numrs_build::Options::default()) {
            Ok((compiled, written)) => {
                for p in &compiled.problems {
                    let line = p.line.map_or(String::new(), |l| format!(":{l}"));
                    eprintln!("error: {display}{line}: {}: {}", p.specialization, p.message);
                }
                built += compiled.built.len();
                failed += compiled.problems.len();
                if !compiled.problems.is_empty() && status == 0 {
                    status = EXIT_ERRORS_FOUND;
                }
                eprintln!(
                    "built {} ({} specializations) and {}",
                    written.shared_object.display(),
                    compiled.built.len() - written.gpu_built,
                    written.header.display()
                );
                if let Some((ptx, manifest)) = &written.ptx {
                    eprintln!(
                        "built {} ({} CUDA kernels, {} device functions; entry points in {})",
                        ptx.display(),
                        compiled.kernels.len(),
                        written.gpu_built - compiled.kernels.len(),
                        manifest.display()
                    );
                }
            }
            Err(e) => {
                eprintln!("error: {display}: {e}");
                status = EXIT_USAGE_OR_IO;
            }
        }
    }
    eprintln!("{built} specializations built, {failed} not built");
    status
}

/// `numrs dump llvm|asm FILE::function`.
/// `numrs dump ptx FILE::KERNEL`.
pub fn run_dump_ptx(target: &str) -> u8 {
    dump_with(target, |db, source, function| numrs_build::dump_ptx(db, source, function))
}

pub fn run_dump_code(target: &str, asm: bool) -> u8 {
    dump_with(target, |db, source, function| numrs_build::dump(db, source, function, asm))
}

fn dump_with(target: &str, dump: impl Fn(&CheckDatabase, numrs_db::SourceFile, &str) -> Result<String, String>) -> u8 {
    let Some((file, function)) = target.rsplit_once("::").filter(|(f, n)| !f.is_empty() && !n.is_empty()) else {
        eprintln!("error: expected FILE::FUNCTION, got `{target}`");
        return EXIT_USAGE_OR_IO;
    };
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {file}: {}", io_error_text(&e));
            return EXIT_USAGE_OR_IO;
        }
    };
    let mut db = CheckDatabase::new();
    let source = db.add_file(file, &bytes);
    match dump(&db, source, function) {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE_OR_IO
        }
    }
}
