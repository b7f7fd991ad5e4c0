//! Python source → numrs AST. The only crate that knows which parser backend is used.

pub mod ast;
pub mod shift;
pub mod skeleton;
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

/// The byte ranges of a source's top-level statements (decorators and leading comments
/// included), in order and covering the whole text. Parsing each range separately and shifting
/// the spans gives the same module as parsing the whole file, which lets the database reparse
/// only the statements an edit touched.
pub fn top_level_chunks(source: &str) -> Vec<(u32, u32)> {
    lower::top_level_chunks(source)
}

/// Parse a whole module. Never panics; on a syntax error the statements before and after the
/// broken top-level statement are still returned.
pub fn parse_module(source: &str) -> Parsed {
    lower::parse_module(source)
}

/// Parse a module chunk by chunk (see [`top_level_chunks`]) with `parse_chunk` — a cache in the
/// database — and place each chunk's statements and errors at the chunk's offset.
pub fn parse_by_chunks<P: std::ops::Deref<Target = Parsed>>(source: &str, mut parse_chunk: impl FnMut(&str) -> P) -> Parsed {
    let mut out = Parsed::default();
    for (start, end) in top_level_chunks(source) {
        let Some(text) = source.get(start as usize..end as usize) else { continue };
        let parsed = parse_chunk(text);
        for stmt in &parsed.module.body {
            let mut stmt = stmt.clone();
            shift::shift_stmt(&mut stmt, start);
            out.module.body.push(stmt);
        }
        for e in &parsed.errors {
            out.errors.push(SyntaxError { message: e.message.clone(), span: e.span.offset_by(start) });
        }
    }
    out
}
