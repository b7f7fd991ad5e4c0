//! Finding a project's Python files: glob patterns (`glob`) and a directory walk that skips
//! hidden entries and what `.gitignore` and `.ignore` files exclude (`walk`), for `numrs check`
//! and the language server's workspace.

pub mod glob;
pub mod ignore;
pub mod walk;

use std::path::{Component, Path, PathBuf};

/// A readable description of an I/O error (without the `(os error N)` suffix for the common
/// cases).
pub fn io_error_text(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => error.to_string(),
    }
}

/// Resolve `.` and `..` lexically (no symlinks followed, nothing read from disk).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}
