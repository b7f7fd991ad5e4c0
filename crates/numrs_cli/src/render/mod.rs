//! Output formats for `numrs check`: `text` (ariadne), `json`, `github` (workflow commands)
//! and `sarif` (2.1.0). Each renderer reads the same [`CheckedFile`]s; none of them knows about
//! the checker.

pub mod github;
pub mod json;
pub mod sarif;
pub mod text;

use numrs_db::{Diagnostic, Severity};

use crate::location::{Region, SourceLocator};

/// One checked file, after suppressions.
pub struct CheckedFile<'a> {
    /// The path diagnostics name.
    pub display: &'a str,
    /// The decoded text (empty when the file could not be decoded).
    pub text: &'a str,
    /// Number of jit functions found.
    pub functions: usize,
    /// The diagnostics still reported.
    pub diagnostics: &'a [Diagnostic],
    /// How many diagnostics `# numrs: ignore` comments dropped.
    pub suppressed: usize,
}

/// Totals over the whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub functions: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    pub suppressed: usize,
}

impl Summary {
    pub fn add(&mut self, file: &CheckedFile<'_>) {
        self.files += 1;
        self.functions += file.functions;
        self.suppressed += file.suppressed;
        for diagnostic in file.diagnostics {
            match diagnostic.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
        }
    }

    /// `Checked 3 files, 5 jit functions: 1 error` (plus warnings and suppressions when any).
    pub fn line(&self) -> String {
        let mut line = format!(
            "Checked {}, {}: {}",
            plural(self.files, "file", "files"),
            plural(self.functions, "jit function", "jit functions"),
            plural(self.errors, "error", "errors"),
        );
        if self.warnings > 0 {
            line.push_str(&format!(", {}", plural(self.warnings, "warning", "warnings")));
        }
        if self.suppressed > 0 {
            line.push_str(&format!(" ({} suppressed)", self.suppressed));
        }
        line
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A diagnostic with its spans resolved to line/column regions.
pub struct Located<'a> {
    pub diagnostic: &'a Diagnostic,
    pub primary: Region,
    pub secondary: Vec<Region>,
}

/// Resolve every diagnostic of a file.
pub fn locate<'a>(file: &CheckedFile<'a>) -> Vec<Located<'a>> {
    let locator = SourceLocator::new(file.text);
    file.diagnostics
        .iter()
        .map(|diagnostic| Located {
            diagnostic,
            primary: locator.region(diagnostic.primary.span),
            secondary: diagnostic.secondary.iter().map(|label| locator.region(label.span)).collect(),
        })
        .collect()
}

/// Where the docs of a diagnostic code live, relative to the repository root.
pub fn help_uri(code: &str) -> String {
    format!("docs/diagnostics/{code}.md")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line() {
        let summary = Summary { files: 1, functions: 2, errors: 1, ..Summary::default() };
        assert_eq!(summary.line(), "Checked 1 file, 2 jit functions: 1 error");
        let summary = Summary { files: 3, functions: 0, errors: 0, warnings: 2, infos: 0, suppressed: 4 };
        assert_eq!(summary.line(), "Checked 3 files, 0 jit functions: 0 errors, 2 warnings (4 suppressed)");
    }
}
