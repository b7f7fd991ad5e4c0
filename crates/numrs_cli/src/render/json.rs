//! The `json` format: one document for the whole run.
//!
//! ```text
//! {"version": 1,
//!  "diagnostics": [{"file", "code", "severity", "numba_kind", "message",
//!                   "line", "column", "end_line", "end_column",
//!                   "labels": [{"primary", "message", "line", "column", "end_line", "end_column"}],
//!                   "notes": [str]}],
//!  "summary": {"files", "jit_functions", "errors", "warnings", "infos", "suppressed"}}
//! ```
//!
//! Lines and columns are 1-based; columns count characters; `end_*` is exclusive (the
//! character after the span). `labels` lists the primary label first.

use serde_json::{json, Value};

use super::{locate, CheckedFile, Summary};
use crate::location::Region;

/// The JSON objects of one file's diagnostics.
pub fn file_diagnostics(file: &CheckedFile<'_>) -> Vec<Value> {
    locate(file)
        .into_iter()
        .map(|located| {
            let diagnostic = located.diagnostic;
            let mut labels = vec![label(true, &diagnostic.primary.message, located.primary)];
            for (secondary, region) in diagnostic.secondary.iter().zip(&located.secondary) {
                labels.push(label(false, &secondary.message, *region));
            }
            json!({
                "file": file.display,
                "code": diagnostic.code,
                "severity": diagnostic.severity.as_str(),
                "numba_kind": diagnostic.numba_kind,
                "message": diagnostic.message,
                "line": located.primary.start.line,
                "column": located.primary.start.column,
                "end_line": located.primary.end.line,
                "end_column": located.primary.end.column,
                "labels": labels,
                "notes": diagnostic.notes,
            })
        })
        .collect()
}

fn label(primary: bool, message: &str, region: Region) -> Value {
    json!({
        "primary": primary,
        "message": message,
        "line": region.start.line,
        "column": region.start.column,
        "end_line": region.end.line,
        "end_column": region.end.column,
    })
}

/// The whole document.
pub fn document(diagnostics: Vec<Value>, summary: &Summary) -> Value {
    json!({
        "version": 1,
        "diagnostics": diagnostics,
        "summary": {
            "files": summary.files,
            "jit_functions": summary.functions,
            "errors": summary.errors,
            "warnings": summary.warnings,
            "infos": summary.infos,
            "suppressed": summary.suppressed,
        },
    })
}
