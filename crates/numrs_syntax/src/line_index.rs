//! Byte offset ↔ line/column conversion for one source text.
//!
//! Lines are split at `\n`; a `\r` before it belongs to the line it ends (so `\r\n` files get
//! the same line numbers as `\n` files, and a column never points past the `\r`). A lone `\r`
//! is not treated as a line break, matching how most editors and the LSP count lines in
//! practice for Python sources.

/// A position in a text: 1-based line, 0-based column counted in UTF-8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// 1-based line number.
    pub line: u32,
    /// 0-based column, in UTF-8 bytes from the start of the line.
    pub col: u32,
}

/// The start offsets of every line in one text, for fast offset → line/column lookups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset at which each line starts; `line_starts[0] == 0`, strictly increasing.
    line_starts: Vec<u32>,
    /// Total length of the text in bytes.
    len: u32,
}

impl LineIndex {
    /// Index the lines of `text`. Texts longer than `u32::MAX` bytes are indexed only up to
    /// that length (spans are `u32` throughout numrs).
    pub fn new(text: &str) -> Self {
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                match u32::try_from(i + 1) {
                    Ok(start) => line_starts.push(start),
                    Err(_) => break,
                }
            }
        }
        LineIndex { line_starts, len }
    }

    /// Number of lines. A text ending in `\n` has an (empty) last line after it; the empty
    /// text has one line.
    pub fn line_count(&self) -> u32 {
        u32::try_from(self.line_starts.len()).unwrap_or(u32::MAX)
    }

    /// Length of the indexed text in bytes.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Whether the indexed text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The line and column of a byte offset. Offsets past the end are clamped to the end.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.len);
        // Index of the last line start <= offset; line_starts[0] == 0 so this is >= 1.
        let idx = self.line_starts.partition_point(|&start| start <= offset).saturating_sub(1);
        let start = self.line_starts.get(idx).copied().unwrap_or(0);
        LineCol { line: u32::try_from(idx + 1).unwrap_or(u32::MAX), col: offset - start }
    }

    /// Byte offset at which the 1-based `line` starts. Line 0 is treated as line 1; lines
    /// past the last one give the text length.
    pub fn line_start(&self, line: u32) -> u32 {
        let idx = line.saturating_sub(1) as usize;
        self.line_starts.get(idx).copied().unwrap_or(self.len)
    }

    /// Byte offset of a line/column position (the inverse of [`LineIndex::line_col`]),
    /// clamped to the end of the text.
    pub fn offset(&self, pos: LineCol) -> u32 {
        self.line_start(pos.line).saturating_add(pos.col).min(self.len)
    }

    /// The column of `pos` counted in UTF-16 code units (what the LSP uses by default).
    /// `text` must be the text this index was built from. Only characters that end at or
    /// before the column are counted, so a column inside a multi-byte character rounds down;
    /// a column past the end of the line gives the line's length (without its `\n`).
    pub fn utf16_col(&self, text: &str, pos: LineCol) -> u32 {
        let start = self.line_start(pos.line) as usize;
        let line_end = match self.line_starts.get(pos.line.max(1) as usize) {
            Some(&next) => next as usize,
            None => text.len(),
        };
        let end = start.saturating_add(pos.col as usize).min(line_end);
        let Some(line) = text.get(start..line_end.min(text.len())) else {
            return 0;
        };
        let mut units = 0u32;
        let mut at = start;
        for ch in line.chars() {
            let next = at + ch.len_utf8();
            if next > end || ch == '\n' {
                break;
            }
            units += ch.len_utf16() as u32;
            at = next;
        }
        units
    }
}
