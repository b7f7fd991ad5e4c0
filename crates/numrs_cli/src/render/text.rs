//! The `text` format: a rustc-style header, an ariadne source snippet with the primary and
//! secondary labels, then `= note:` lines (the diagnostic's notes, and the Numba exception
//! kind it mirrors).
//!
//! ```text
//! error[untyped-global]: Untyped global name 'foo'
//!    ╭─[ a.py:4:12 ]
//!    │
//!  4 │     return foo(x)
//!    │            ─┬─
//!    │             ╰─── not defined in this module
//! ───╯
//!   = note: during: typing of f(int64)
//!   = note: Numba: TypingError
//! ```
//!
//! ariadne draws the snippet only; its own header line is replaced by ours. Should ariadne ever
//! panic on an odd span, the diagnostic is printed without a snippet instead.

use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};

use ariadne::{Color, Config, Label, Report, ReportKind, Source};
use numrs_db::{Diagnostic, Severity};

use super::CheckedFile;
use crate::location::SourceLocator;

/// Render every diagnostic of one file.
pub fn render_file(file: &CheckedFile<'_>, color: bool) -> String {
    let mut out = String::new();
    if file.diagnostics.is_empty() {
        return out;
    }
    let locator = SourceLocator::new(file.text);
    let source = Source::from(file.text);
    for diagnostic in file.diagnostics {
        out.push_str(&header(diagnostic, color));
        out.push('\n');
        if file.text.is_empty() {
            out.push_str(&format!("  --> {}\n", file.display));
        } else {
            match snippet(file.display, &source, &locator, diagnostic, color) {
                Some(snippet) => out.push_str(&snippet),
                None => out.push_str(&plain_location(file.display, &locator, diagnostic)),
            }
        }
        for note in &diagnostic.notes {
            out.push_str(&note_line(note, color));
        }
        if let Some(kind) = diagnostic.numba_kind {
            out.push_str(&note_line(&format!("Numba: {kind}"), color));
        }
        out.push('\n');
    }
    out
}

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";

fn severity_style(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "\x1b[1;31m",
        Severity::Warning => "\x1b[1;33m",
        Severity::Info => "\x1b[1;36m",
    }
}

fn header(diagnostic: &Diagnostic, color: bool) -> String {
    let kind = format!("{}[{}]", diagnostic.severity.as_str(), diagnostic.code);
    if color {
        format!("{}{kind}{RESET}{BOLD}: {}{RESET}", severity_style(diagnostic.severity), diagnostic.message)
    } else {
        format!("{kind}: {}", diagnostic.message)
    }
}

fn note_line(note: &str, color: bool) -> String {
    if color {
        format!("  {BOLD}={RESET} {BOLD}note{RESET}: {note}\n")
    } else {
        format!("  = note: {note}\n")
    }
}

/// The ariadne snippet (without ariadne's header line), or `None` if ariadne failed.
fn snippet(
    file: &str,
    source: &Source<&str>,
    locator: &SourceLocator<'_>,
    diagnostic: &Diagnostic,
    color: bool,
) -> Option<String> {
    let primary_range = visible(locator.text(), locator.char_range(diagnostic.primary.span));
    let primary_color = match diagnostic.severity {
        Severity::Error => Color::Red,
        Severity::Warning => Color::Yellow,
        Severity::Info => Color::Cyan,
    };
    let mut labels: Vec<Label<(&str, Range<usize>)>> = Vec::new();
    // ariadne underlines only labels that carry a message; a primary label without one
    // repeats the diagnostic's message under the code.
    let primary_message =
        if diagnostic.primary.message.is_empty() { &diagnostic.message } else { &diagnostic.primary.message };
    let mut primary =
        Label::new((file, primary_range.clone())).with_priority(10).with_order(0).with_message(primary_message);
    if color {
        primary = primary.with_color(primary_color);
    }
    labels.push(primary);
    for (index, secondary) in diagnostic.secondary.iter().enumerate() {
        let range = visible(locator.text(), locator.char_range(secondary.span));
        let mut label = Label::new((file, range))
            .with_order(i32::try_from(index + 1).unwrap_or(i32::MAX))
            .with_message(&secondary.message);
        if color {
            label = label.with_color(Color::Blue);
        }
        labels.push(label);
    }
    let config = Config::default().with_color(color);
    let report = Report::build(ReportKind::Error, (file, primary_range)).with_config(config).with_labels(labels).finish();

    let mut buffer = Vec::new();
    // ariadne has had panics on unusual spans; never let one take the whole run down.
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(|| report.write_for_stdout((file, source), &mut buffer)));
    panic::set_hook(previous_hook);
    match result {
        Ok(Ok(())) => {}
        _ => return None,
    }
    let rendered = String::from_utf8_lossy(&buffer);
    // Drop ariadne's own header line: ours says the same in rustc's style.
    let body = rendered.split_once('\n').map_or("", |(_, rest)| rest);
    Some(body.to_string())
}

/// A zero-width range widened to the character it sits on, so that ariadne can underline it
/// (left alone at a line end, where there is nothing to underline).
fn visible(text: &str, range: Range<usize>) -> Range<usize> {
    if range.start != range.end {
        return range;
    }
    match text.chars().nth(range.start) {
        Some(c) if c != '\n' && c != '\r' => range.start..range.start + 1,
        _ => range,
    }
}

/// The fallback without a snippet: `--> file:line:col` and the label messages.
fn plain_location(file: &str, locator: &SourceLocator<'_>, diagnostic: &Diagnostic) -> String {
    let start = locator.position(diagnostic.primary.span.start);
    let mut out = format!("  --> {file}:{}:{}\n", start.line, start.column);
    if !diagnostic.primary.message.is_empty() {
        out.push_str(&format!("  | {}\n", diagnostic.primary.message));
    }
    for label in &diagnostic.secondary {
        let at = locator.position(label.span.start);
        out.push_str(&format!("  --> {file}:{}:{}: {}\n", at.line, at.column, label.message));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use numrs_syntax::ast::Span;

    fn render(text: &str, diagnostics: &[Diagnostic], color: bool) -> String {
        let file = CheckedFile { display: "a.py", text, functions: 0, diagnostics, suppressed: 0 };
        render_file(&file, color)
    }

    #[test]
    fn header_snippet_and_notes() {
        let text = "def f(x):\n    return foo(x)\n";
        let start = text.find("foo").unwrap() as u32;
        let diagnostic = Diagnostic::error("untyped-global", Some("TypingError"), "Untyped global name 'foo'", Span::new(start, start + 3))
            .with_label("not defined")
            .with_secondary(Span::new(4, 5), "in this function")
            .with_note("during: typing of f(int64)");
        let out = render(text, &[diagnostic], false);
        assert!(out.starts_with("error[untyped-global]: Untyped global name 'foo'\n"), "{out}");
        assert!(out.contains("a.py:2:12"), "{out}");
        assert!(out.contains("not defined"), "{out}");
        assert!(out.contains("in this function"), "{out}");
        assert!(out.contains("  = note: during: typing of f(int64)\n"), "{out}");
        assert!(out.contains("  = note: Numba: TypingError\n"), "{out}");
        assert!(!out.contains('\x1b'), "{out}");
        let colored = render(text, &[Diagnostic::error("c", None, "m", Span::new(0, 3))], true);
        assert!(colored.contains('\x1b'));
    }

    #[test]
    fn odd_spans_do_not_panic() {
        let texts = ["", "x", "é\n", "a\r\nb\r\n", "\n\n\n", "x = 'é'\n\t\ty"];
        let spans = [Span::new(0, 0), Span::new(0, 1), Span::new(1, 2), Span::new(5, 2), Span::new(0, 999), Span::new(999, 1000)];
        for text in texts {
            for span in spans {
                let d = Diagnostic::error("c", Some("TypingError"), "m", span).with_label("l").with_secondary(span, "s");
                let out = render(text, &[d], false);
                assert!(out.starts_with("error[c]: m\n"));
            }
        }
    }
}
