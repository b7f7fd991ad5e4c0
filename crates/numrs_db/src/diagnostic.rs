//! The renderer-agnostic diagnostic model: a kebab-case code, the Numba exception kind it
//! mirrors, a message, a primary label and optional secondary labels and notes. Renderers
//! (terminal, JSON, SARIF, GitHub annotations, LSP) live with the tools that print them.

use numrs_syntax::ast::Span;

/// Every diagnostic code numrs emits. Each has a page `docs/diagnostics/<code>.md` with a tested
/// example (enforced by the documentation test).
pub const ALL_CODES: &[&str] = &[
    "bad-star-args",
    "cannot-set-attribute",
    "cannot-unify",
    "decorator-note",
    "global-write",
    "heterogeneous-container",
    "imprecise-type",
    "index-out-of-range",
    "invalid-call",
    "invalid-decorator",
    "invalid-signature",
    "literal-string-set",
    "no-conversion",
    "no-matching-operator",
    "not-callable",
    "not-iterable",
    "objmode-annotation",
    "optional-constant-index",
    "recursion-without-signature",
    "recursive-return-mismatch",
    "return-type-mismatch",
    "signature-arity",
    "skipped-function",
    "syntax-error",
    "undefined-deferred-type",
    "undefined-variable",
    "undetermined-type",
    "unhashable-set-item",
    "unknown-attribute",
    "unpack-count",
    "unreadable-file",
    "unsupported-constant",
    "unsupported-numpy-function",
    "unsupported-array-dtype",
    "unsupported-array-index",
    "unsupported-signature",
    "unsupported-syntax",
    "untyped-global",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// A span in a file with a short message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// Absolute byte range in the file.
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Kebab-case code, e.g. `untyped-global`; documented in `docs/diagnostics/<code>.md`.
    pub code: &'static str,
    /// The Numba exception class this corresponds to (`TypingError`, `UnsupportedError`, ...),
    /// or `None` for numrs's own notes (syntax errors, skipped functions).
    pub numba_kind: Option<&'static str>,
    pub severity: Severity,
    pub message: String,
    pub primary: Label,
    pub secondary: Vec<Label>,
    /// Short follow-up lines ("during: typing of f(int64)").
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, numba_kind: Option<&'static str>, message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            code,
            numba_kind,
            severity: Severity::Error,
            message: message.into(),
            primary: Label { span, message: String::new() },
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }
    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        self.primary.message = message.into();
        self
    }
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label { span, message: message.into() });
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}
