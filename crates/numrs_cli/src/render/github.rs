//! The `github` format: GitHub Actions workflow commands, one line per diagnostic:
//! `::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=numrs(code)::message`.
//!
//! Escaping follows the runner's rules: in the message `%`, `\r` and `\n` become `%25`, `%0D`
//! and `%0A`; property values additionally escape `:` and `,` (`%3A`, `%2C`). Notes and the
//! Numba exception kind are appended to the message as extra lines.

use numrs_db::Severity;

use super::{locate, CheckedFile};

/// The workflow-command lines of one file.
pub fn render_file(file: &CheckedFile<'_>) -> String {
    let mut out = String::new();
    for located in locate(file) {
        let diagnostic = located.diagnostic;
        let command = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut message = diagnostic.message.clone();
        for note in &diagnostic.notes {
            message.push_str("\nnote: ");
            message.push_str(note);
        }
        if let Some(kind) = diagnostic.numba_kind {
            message.push_str("\nNumba: ");
            message.push_str(kind);
        }
        let region = located.primary;
        out.push_str(&format!(
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            escape_property(file.display),
            region.start.line,
            region.start.column,
            region.end.line,
            region.end.column,
            escape_property(&format!("numrs({})", diagnostic.code)),
            escape_data(&message),
        ));
    }
    out
}

/// Escape a workflow-command message.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escape a workflow-command property value.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape_data("100% a\r\nb"), "100%25 a%0D%0Ab");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
