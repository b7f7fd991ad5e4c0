//! Python source → numrs AST. The only crate that knows which parser backend is used.

pub mod ast;
pub mod visit;
mod line_index;
mod lower;

pub use line_index::{LineCol, LineIndex};

use ast::{Module, Span};

/// The result of parsing one file: the statements that parsed, and the syntax errors found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parsed {
    pub module: Module,
    pub errors: Vec<SyntaxError>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
}

/// Parse a whole module. Never panics; on a syntax error the statements before and after the
/// broken top-level statement are still returned.
pub fn parse_module(source: &str) -> Parsed {
    lower::parse_module(source)
}
