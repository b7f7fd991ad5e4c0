//! Byte offsets ↔ LSP positions (UTF-16 code units), clamped so that out-of-range positions
//! from a client never fail.

use numrs_syntax::ast::Span;
use serde_json::{json, Value};

/// A position in a document: a 0-based line and a UTF-16 code unit offset in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    pub(crate) line: u32,
    pub(crate) character: u32,
}

impl Position {
    /// A protocol `Position` object; missing or malformed fields read as 0, numbers too large
    /// for 32 bits as the largest (the offset is clamped later).
    pub(crate) fn from_json(v: &Value) -> Position {
        let field = |name: &str| v.get(name).and_then(Value::as_u64).map_or(0, |n| n.min(u32::MAX as u64) as u32);
        Position { line: field("line"), character: field("character") }
    }

    pub(crate) fn to_json(self) -> Value {
        json!({"line": self.line, "character": self.character})
    }
}

pub(crate) struct Positions<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> Positions<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Positions { text, line_starts }
    }

    /// The byte offset of an LSP position; positions past a line's end or the file's end are
    /// clamped to the nearest valid offset.
    pub(crate) fn offset(&self, p: Position) -> u32 {
        let Some(&start) = self.line_starts.get(p.line as usize) else { return self.text.len() as u32 };
        let end = self.line_starts.get(p.line as usize + 1).map_or(self.text.len(), |e| e - 1);
        let line = &self.text[start..end.max(start)];
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            if units >= p.character {
                return (start + i) as u32;
            }
            units += c.len_utf16() as u32;
        }
        (start + line.len()) as u32
    }

    pub(crate) fn position(&self, offset: u32) -> Position {
        let offset = (offset as usize).min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let start = self.line_starts[line];
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let character = self.text[start..end].chars().map(|c| c.len_utf16() as u32).sum();
        Position { line: line as u32, character }
    }

    /// The protocol `Range` of a span.
    pub(crate) fn range(&self, span: Span) -> Value {
        json!({"start": self.position(span.start).to_json(), "end": self.position(span.end).to_json()})
    }
}
