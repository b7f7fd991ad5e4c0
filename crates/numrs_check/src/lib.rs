//! The check facade: the concrete salsa database and the per-file report that `numrs check`,
//! `--emit-types` and the language server all read.

mod report;

pub use report::{FileReport, FunctionReport, SignatureOrigin, SignatureOutcome, SignatureReport};

use std::sync::Arc;

use numrs_db::{Diagnostic, SourceFile};

/// The database used by the tools.
#[salsa::db]
#[derive(Clone, Default)]
pub struct CheckDatabase {
    storage: salsa::Storage<Self>,
}

#[salsa::db]
impl salsa::Database for CheckDatabase {}

#[salsa::db]
impl numrs_db::Db for CheckDatabase {}

impl CheckDatabase {
    pub fn new() -> Self {
        Self::default()
    }

    /// Register a file from its raw bytes (decoding problems become a diagnostic, not a panic).
    pub fn add_file(&mut self, path: &str, bytes: &[u8]) -> SourceFile {
        match numrs_db::decode_source(bytes) {
            Ok(text) => SourceFile::new(self, path.to_string(), Arc::from(text), None),
            Err(e) => SourceFile::new(self, path.to_string(), Arc::from(""), Some(e)),
        }
    }

    /// Check one file: every jit function, every known signature.
    pub fn check_file(&self, file: SourceFile) -> Arc<FileReport> {
        check_file(self, file).clone()
    }
}

#[salsa::tracked(returns(ref))]
pub fn check_file(db: &dyn numrs_db::Db, file: SourceFile) -> Arc<FileReport> {
    let mut diagnostics = Vec::new();
    if let Some(err) = file.load_error(db) {
        diagnostics.push(Diagnostic::error("unreadable-file", None, err.clone(), Default::default()));
        return Arc::new(FileReport { path: file.path(db).clone(), functions: vec![], diagnostics });
    }
    let parsed = numrs_db::parse(db, file);
    for e in &parsed.errors {
        diagnostics.push(Diagnostic::error("syntax-error", None, e.message.clone(), e.span));
    }
    Arc::new(FileReport { path: file.path(db).clone(), functions: vec![], diagnostics })
}
