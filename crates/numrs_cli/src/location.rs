//! Byte spans → 1-based line and column positions for the machine-readable formats.
//!
//! Columns are counted in Unicode scalar values (what editors show and what SARIF calls
//! `unicodeCodePoints`), 1-based. End positions are exclusive: they name the character just
//! after the span. Spans past the end of the text, or inside a multi-byte character, are
//! clamped rather than trusted.

use numrs_syntax::ast::Span;
use numrs_syntax::LineIndex;

/// A 1-based line and 1-based character column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// A resolved span: start and (exclusive) end position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub start: Position,
    pub end: Position,
}

/// One file's text with its line index, for position lookups.
pub struct SourceLocator<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> SourceLocator<'a> {
    pub fn new(text: &'a str) -> Self {
        SourceLocator { text, index: LineIndex::new(text) }
    }

    /// The text being located in.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The position of a byte offset.
    pub fn position(&self, offset: u32) -> Position {
        let offset = floor_char_boundary(self.text, offset as usize);
        let offset_u32 = u32::try_from(offset).unwrap_or(u32::MAX);
        let line_col = self.index.line_col(offset_u32);
        let line_start = self.index.line_start(line_col.line) as usize;
        let chars = self.text.get(line_start.min(offset)..offset).map_or(0, |s| s.chars().count());
        Position { line: line_col.line, column: u32::try_from(chars).unwrap_or(u32::MAX).saturating_add(1) }
    }

    /// The region of a span (an inverted span is treated as empty at its start).
    pub fn region(&self, span: Span) -> Region {
        let start = self.position(span.start);
        let end = if span.end <= span.start { start } else { self.position(span.end) };
        Region { start, end }
    }

    /// The same span as a character range (what ariadne's default index type expects),
    /// clamped to the text.
    pub fn char_range(&self, span: Span) -> std::ops::Range<usize> {
        let start_byte = floor_char_boundary(self.text, span.start as usize);
        let end_byte = floor_char_boundary(self.text, span.end as usize).max(start_byte);
        let start = self.text.get(..start_byte).map_or(0, |s| s.chars().count());
        let len = self.text.get(start_byte..end_byte).map_or(0, |s| s.chars().count());
        start..start + len
    }
}

/// The largest char boundary of `text` at or before `offset` (clamped to the text length).
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let text = "ab\néx = 1\n";
        let loc = SourceLocator::new(text);
        assert_eq!(loc.position(0), Position { line: 1, column: 1 });
        assert_eq!(loc.position(3), Position { line: 2, column: 1 });
        // `x` is after the two-byte `é`.
        assert_eq!(loc.position(5), Position { line: 2, column: 2 });
        // Inside `é`: rounded down.
        assert_eq!(loc.position(4), Position { line: 2, column: 1 });
        // Past the end: clamped.
        assert_eq!(loc.position(999), Position { line: 3, column: 1 });
        assert_eq!(loc.char_range(Span::new(5, 6)), 4..5);
        assert_eq!(loc.char_range(Span::new(6, 2)), 5..5);
    }

    #[test]
    fn empty_text() {
        let loc = SourceLocator::new("");
        assert_eq!(loc.region(Span::new(0, 10)).end, Position { line: 1, column: 1 });
    }
}
