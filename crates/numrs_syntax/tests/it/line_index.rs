//! `LineIndex`: offsets ↔ 1-based lines and 0-based UTF-8 byte columns, and UTF-16 columns.

use numrs_syntax::{LineCol, LineIndex};

fn lc(line: u32, col: u32) -> LineCol {
    LineCol { line, col }
}

#[test]
fn basic_lines_and_columns() {
    let text = "ab\ncde\n\nf";
    let idx = LineIndex::new(text);
    assert_eq!(idx.line_count(), 4);
    assert_eq!(idx.line_col(0), lc(1, 0));
    assert_eq!(idx.line_col(2), lc(1, 2)); // the '\n' itself belongs to line 1
    assert_eq!(idx.line_col(3), lc(2, 0));
    assert_eq!(idx.line_col(5), lc(2, 2));
    assert_eq!(idx.line_col(7), lc(3, 0));
    assert_eq!(idx.line_col(8), lc(4, 0));
    assert_eq!(idx.line_col(9), lc(4, 1)); // end of text
    assert_eq!(idx.line_col(1000), lc(4, 1)); // clamped
    assert_eq!(idx.line_start(1), 0);
    assert_eq!(idx.line_start(2), 3);
    assert_eq!(idx.line_start(4), 8);
    assert_eq!(idx.line_start(5), 9); // past the end: text length
    assert_eq!(idx.line_start(0), 0);
    for offset in 0..=text.len() as u32 {
        assert_eq!(idx.offset(idx.line_col(offset)), offset);
    }
}

#[test]
fn empty_and_trailing_newline() {
    let idx = LineIndex::new("");
    assert_eq!(idx.line_count(), 1);
    assert_eq!(idx.line_col(0), lc(1, 0));
    let idx = LineIndex::new("x\n");
    assert_eq!(idx.line_count(), 2);
    assert_eq!(idx.line_col(2), lc(2, 0));
}

#[test]
fn crlf() {
    let text = "a\r\nbc\r\n";
    let idx = LineIndex::new(text);
    assert_eq!(idx.line_count(), 3);
    assert_eq!(idx.line_col(3), lc(2, 0));
    assert_eq!(idx.line_col(5), lc(2, 2));
}

#[test]
fn utf8_columns_and_utf16_conversion() {
    let text = "x = 'é'\ny = '😀' + z\n";
    let idx = LineIndex::new(text);
    let z = text.find('z').unwrap_or(0) as u32;
    let pos = idx.line_col(z);
    assert_eq!(pos, lc(2, "y = '😀' + ".len() as u32));
    assert_eq!(pos.col, 13); // the emoji is 4 UTF-8 bytes
    assert_eq!(idx.utf16_col(text, pos), 11); // ... and 2 UTF-16 units
    let after_e = idx.line_col(text.find('é').unwrap_or(0) as u32 + 2);
    assert_eq!(after_e, lc(1, 7));
    assert_eq!(idx.utf16_col(text, after_e), 6);
    // A column inside a multi-byte character rounds down.
    assert_eq!(idx.utf16_col(text, lc(1, 6)), 5);
    // Out-of-range positions do not panic.
    assert_eq!(idx.utf16_col(text, lc(99, 99)), 0);
    assert_eq!(idx.utf16_col(text, lc(1, 999)), 7);
}

#[test]
fn derives() {
    let idx = LineIndex::new("a\nb");
    let copy = idx.clone();
    assert_eq!(idx, copy);
    assert!(format!("{idx:?}").contains("LineIndex"));
}
