//! The tokenizer: Python 3.11's lexical rules (logical lines, indentation, implicit and explicit
//! line joining, numbers, string literals with their prefixes, operators).
//!
//! A whole text is tokenized up front into a vector; the parser indexes it, which makes the
//! few places where Python's grammar needs to look ahead or back off (parenthesized `with`
//! items, the soft keywords `match` and `type`) simple. The first lexical error ends the
//! text: Python reports only the first one too.
//!
//! Token offsets are file-absolute: the lexer is given the text's offset in its file.

use super::strings::{number, Number};
use super::PError;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TokKind {
    /// An identifier or a keyword (the parser tells them apart by their text).
    Name,
    Number(Number),
    /// A string literal, prefix and quotes included.
    Str(StrTok),
    /// An operator or delimiter.
    Op(&'static str),
    Newline,
    Indent,
    Dedent,
    EndOfFile,
}

/// Where a string literal's parts are, as offsets into the tokenized text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StrTok {
    pub raw: bool,
    pub bytes: bool,
    pub fstring: bool,
    /// Offsets (file-absolute) of the text between the quotes.
    pub content_start: u32,
    pub content_end: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub kind: TokKind,
    pub start: u32,
    pub end: u32,
}

/// Operators and delimiters, longest first within each leading character.
const OPS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", ">>", "<<", "<=", ">=", "==", "!=",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "(", ")", "[", "]", "{", "}", ",", ":",
    ";", ".", "=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "@",
];

pub(crate) fn is_id_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic())
}

/// Python identifiers continue with XID_Continue characters. Without Unicode's tables, a
/// non-ASCII character continues one if it is alphanumeric (letters, digits), or a mark or
/// other character outside the blocks of spaces, punctuation and symbols (so that combining
/// marks, Indic vowel signs and variation selectors are accepted, and `€` or `→` are not).
pub(crate) fn is_id_continue(c: char) -> bool {
    if c.is_ascii() {
        return c == '_' || c.is_ascii_alphanumeric();
    }
    if c.is_alphanumeric() {
        return true;
    }
    !c.is_whitespace()
        && !c.is_control()
        && !matches!(c as u32,
            0x80..=0xBF | 0xD7 | 0xF7 | 0x2000..=0x2BFF | 0x2E00..=0x2E7F | 0x3000..=0x303F
            | 0xFE10..=0xFE1F | 0xFE30..=0xFE6F | 0xFEFF | 0xFF00..=0xFF0F | 0xFF1A..=0xFF20
            | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65 | 0xFFF0..=0xFFFF | 0x1F000..=0x1FBFF)
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    base: u32,
    pos: usize,
    toks: Vec<Token>,
    /// Indentation levels: (columns with tabs to multiples of 8, columns with tabs as 1).
    indents: Vec<(u32, u32)>,
    /// Open brackets.
    depth: u32,
    /// The open brackets, innermost last (not tracked for an f-string's invisible one).
    open: Vec<u8>,
    /// The current logical line has a token.
    line_has_token: bool,
}

/// Tokenize `text`, which starts at offset `base` of its file. `in_brackets` starts the text
/// inside an (invisible) bracket, as for the expression of an f-string field: newlines are
/// then insignificant and no indentation is tracked.
///
/// A lexical error ends the tokens (with an END-OF-FILE token where it is) and is returned
/// beside them: the parser reports it only if it gets that far without an error of its own,
/// so errors come in source order, as from Python's lazy tokenizer.
pub(crate) fn tokenize(text: &str, base: u32, in_brackets: bool) -> (Vec<Token>, Option<PError>) {
    let mut lx = Lexer {
        text,
        bytes: text.as_bytes(),
        base,
        pos: 0,
        toks: Vec::new(),
        indents: vec![(0, 0)],
        depth: u32::from(in_brackets),
        open: Vec::new(),
        line_has_token: false,
    };
    if base == 0 && text.starts_with('\u{feff}') {
        lx.pos = 3;
    }
    match lx.run(in_brackets) {
        Ok(()) => (lx.toks, None),
        Err(e) => {
            let mut toks = lx.toks;
            toks.push(Token { kind: TokKind::EndOfFile, start: e.offset, end: e.offset });
            (toks, Some(e))
        }
    }
}

impl<'a> Lexer<'a> {
    fn abs(&self, i: usize) -> u32 {
        self.base + i as u32
    }

    fn err<T>(&self, at: usize, message: impl Into<String>) -> Result<T, PError> {
        Err(PError { message: message.into(), offset: self.abs(at) })
    }

    fn push(&mut self, kind: TokKind, start: usize, end: usize) {
        self.toks.push(Token { kind, start: self.abs(start), end: self.abs(end) });
        self.line_has_token = true;
    }

    fn run(&mut self, in_brackets: bool) -> Result<(), PError> {
        let mut at_line_start = !in_brackets;
        loop {
            if at_line_start && self.depth == 0 {
                self.indentation()?;
                at_line_start = false;
            }
            let Some(&b) = self.bytes.get(self.pos) else { break };
            match b {
                b' ' | b'\t' | b'\x0c' => self.pos += 1,
                b'#' => {
                    while self.pos < self.bytes.len() && !matches!(self.bytes[self.pos], b'\n' | b'\r') {
                        self.pos += 1;
                    }
                }
                b'\n' | b'\r' => {
                    let start = self.pos;
                    self.pos += if b == b'\r' && self.bytes.get(self.pos + 1) == Some(&b'\n') { 2 } else { 1 };
                    if self.depth == 0 {
                        if self.line_has_token {
                            self.toks.push(Token { kind: TokKind::Newline, start: self.abs(start), end: self.abs(self.pos) });
                            self.line_has_token = false;
                        }
                        at_line_start = true;
                    }
                }
                b'\\' => {
                    let start = self.pos;
                    self.pos += 1;
                    match self.bytes.get(self.pos) {
                        Some(b'\n') => self.pos += 1,
                        Some(b'\r') => {
                            self.pos += if self.bytes.get(self.pos + 1) == Some(&b'\n') { 2 } else { 1 }
                        }
                        None => return self.err(start, "unexpected EOF while parsing"),
                        Some(_) => {
                            return self.err(start, "unexpected character after line continuation character")
                        }
                    }
                    if self.pos >= self.bytes.len() {
                        return self.err(start, "unexpected EOF while parsing");
                    }
                }
                b'0'..=b'9' => self.number()?,
                b'.' if self.bytes.get(self.pos + 1).is_some_and(u8::is_ascii_digit) => self.number()?,
                b'\'' | b'"' => self.string(self.pos, 0)?,
                _ => {
                    let c = self.text[self.pos..].chars().next().unwrap_or('\0');
                    if is_id_start(c) {
                        self.name_or_prefixed_string()?;
                    } else if let Some(op) = OPS.iter().find(|op| self.text[self.pos..].starts_with(**op)) {
                        let start = self.pos;
                        self.pos += op.len();
                        match *op {
                            "(" | "[" | "{" => {
                                self.depth += 1;
                                self.open.push(op.as_bytes()[0]);
                            }
                            ")" | "]" | "}" => {
                                let want = match *op {
                                    ")" => b'(',
                                    "]" => b'[',
                                    _ => b'{',
                                };
                                match self.open.pop() {
                                    Some(o) if o == want => {}
                                    Some(o) => {
                                        return self.err(
                                            start,
                                            format!(
                                                "closing parenthesis '{op}' does not match opening parenthesis '{}'",
                                                o as char
                                            ),
                                        )
                                    }
                                    None => return self.err(start, format!("unmatched '{op}'")),
                                }
                                self.depth -= 1;
                            }
                            _ => {}
                        }
                        self.push(TokKind::Op(op), start, self.pos);
                    } else if c == '!' {
                        return self.err(self.pos, "invalid syntax: unexpected '!'");
                    } else if c == '$' || c == '?' || c == '`' {
                        return self.err(self.pos, format!("invalid syntax: unexpected '{c}'"));
                    } else {
                        return self.err(
                            self.pos,
                            format!("invalid character '{}' (U+{:04X})", c.escape_default(), c as u32),
                        );
                    }
                }
            }
        }
        if self.line_has_token && !in_brackets {
            let end = self.abs(self.pos);
            self.toks.push(Token { kind: TokKind::Newline, start: end, end });
        }
        let end = self.abs(self.bytes.len());
        for _ in 1..self.indents.len() {
            self.toks.push(Token { kind: TokKind::Dedent, start: end, end });
        }
        self.toks.push(Token { kind: TokKind::EndOfFile, start: end, end });
        Ok(())
    }

    /// At the start of a line (outside brackets): measure its indentation and emit
    /// INDENT/DEDENT tokens, unless the line is blank or a comment.
    fn indentation(&mut self) -> Result<(), PError> {
        let (mut col, mut alt) = (0u32, 0u32);
        loop {
            match self.bytes.get(self.pos) {
                Some(b' ') => {
                    col += 1;
                    alt += 1;
                }
                Some(b'\t') => {
                    col = (col / 8 + 1) * 8;
                    alt += 1;
                }
                Some(b'\x0c') => {
                    col = 0;
                    alt = 0;
                }
                _ => break,
            }
            self.pos += 1;
        }
        match self.bytes.get(self.pos) {
            None | Some(b'#' | b'\n' | b'\r') => return Ok(()),
            // A backslash continuation line of its own: Python treats the joined line.
            Some(b'\\') => return Ok(()),
            _ => {}
        }
        let at = self.pos;
        let &(top, top_alt) = self.indents.last().unwrap_or(&(0, 0));
        if col == top {
            if alt != top_alt {
                return self.err(at, "inconsistent use of tabs and spaces in indentation");
            }
        } else if col > top {
            if alt <= top_alt {
                return self.err(at, "inconsistent use of tabs and spaces in indentation");
            }
            self.indents.push((col, alt));
            self.toks.push(Token { kind: TokKind::Indent, start: self.abs(at), end: self.abs(at) });
        } else {
            while self.indents.last().is_some_and(|&(c, _)| c > col) {
                self.indents.pop();
                self.toks.push(Token { kind: TokKind::Dedent, start: self.abs(at), end: self.abs(at) });
            }
            let &(top, top_alt) = self.indents.last().unwrap_or(&(0, 0));
            if top != col {
                return self.err(at, "unindent does not match any outer indentation level");
            }
            if top_alt != alt {
                return self.err(at, "inconsistent use of tabs and spaces in indentation");
            }
        }
        Ok(())
    }

    fn name_or_prefixed_string(&mut self) -> Result<(), PError> {
        let start = self.pos;
        let mut end = self.pos;
        for (i, c) in self.text[start..].char_indices() {
            if i > 0 && !is_id_continue(c) {
                break;
            }
            end = start + i + c.len_utf8();
        }
        let word = &self.text[start..end];
        if word.len() <= 2 && matches!(self.bytes.get(end), Some(b'\'' | b'"')) {
            let lower = word.to_ascii_lowercase();
            if matches!(lower.as_str(), "r" | "u" | "b" | "f" | "br" | "rb" | "fr" | "rf") {
                return self.string(start, word.len());
            }
        }
        self.pos = end;
        self.push(TokKind::Name, start, end);
        Ok(())
    }

    /// A string literal starting at `start` with a prefix of `prefix_len` bytes.
    fn string(&mut self, start: usize, prefix_len: usize) -> Result<(), PError> {
        let prefix = self.text[start..start + prefix_len].to_ascii_lowercase();
        let q = self.bytes[start + prefix_len];
        let triple = self.bytes.get(start + prefix_len + 1) == Some(&q)
            && self.bytes.get(start + prefix_len + 2) == Some(&q);
        let qlen = if triple { 3 } else { 1 };
        let content_start = start + prefix_len + qlen;
        let mut i = content_start;
        let content_end;
        loop {
            match self.bytes.get(i) {
                None => {
                    let what = if triple { "unterminated triple-quoted string literal" } else { "unterminated string literal" };
                    return self.err(start, what);
                }
                Some(b'\\') => {
                    i += 2;
                    if i > self.bytes.len() {
                        let what = if triple { "unterminated triple-quoted string literal" } else { "unterminated string literal" };
                        return self.err(start, what);
                    }
                    // `\` + CRLF.
                    if self.bytes.get(i - 1) == Some(&b'\r') && self.bytes.get(i) == Some(&b'\n') {
                        i += 1;
                    }
                }
                Some(b'\n' | b'\r') if !triple => return self.err(start, "unterminated string literal"),
                Some(&c) if c == q => {
                    if !triple {
                        content_end = i;
                        i += 1;
                        break;
                    }
                    if self.bytes.get(i + 1) == Some(&q) && self.bytes.get(i + 2) == Some(&q) {
                        content_end = i;
                        i += 3;
                        break;
                    }
                    i += 1;
                }
                Some(_) => i += 1,
            }
        }
        // `i` may have stepped into the middle of a multi-byte character after a backslash;
        // it always ends on the closing quote, an ASCII byte.
        self.pos = i;
        let tok = StrTok {
            raw: prefix.contains('r'),
            bytes: prefix.contains('b'),
            fstring: prefix.contains('f'),
            content_start: self.abs(content_start),
            content_end: self.abs(content_end),
        };
        self.push(TokKind::Str(tok), start, i);
        Ok(())
    }

    fn number(&mut self) -> Result<(), PError> {
        let start = self.pos;
        let b = self.bytes;
        let mut i = start;
        let digits = |i: &mut usize, ok: fn(u8) -> bool| {
            while *i < b.len() && (ok(b[*i]) || (b[*i] == b'_' && *i + 1 < b.len() && ok(b[*i + 1]))) {
                *i += 1;
            }
        };
        if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X' | b'o' | b'O' | b'b' | b'B')) {
            let radix = match b[i + 1] {
                b'x' | b'X' => 16,
                b'o' | b'O' => 8,
                _ => 2,
            };
            i += 2;
            if b.get(i) == Some(&b'_') {
                i += 1;
            }
            let digits_start = i;
            match radix {
                16 => digits(&mut i, |c| c.is_ascii_hexdigit()),
                8 => digits(&mut i, |c| (b'0'..=b'7').contains(&c)),
                _ => digits(&mut i, |c| c == b'0' || c == b'1'),
            }
            if i == digits_start || b.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
                let what = match radix {
                    16 => "hexadecimal",
                    8 => "octal",
                    _ => "binary",
                };
                return self.err(start, format!("invalid {what} literal"));
            }
            self.pos = i;
            let value = number(&self.text[start..i], radix).map_err(|m| PError { message: m, offset: self.abs(start) })?;
            self.push(TokKind::Number(value), start, i);
            return Ok(());
        }
        let mut is_float = false;
        digits(&mut i, |c| c.is_ascii_digit());
        let int_end = i;
        if b.get(i) == Some(&b'.') {
            is_float = true;
            i += 1;
            digits(&mut i, |c| c.is_ascii_digit());
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                is_float = true;
                i = j;
                digits(&mut i, |c| c.is_ascii_digit());
            } else {
                return self.err(start, "invalid decimal literal");
            }
        }
        let mut imag = false;
        if matches!(b.get(i), Some(b'j' | b'J')) {
            imag = true;
            i += 1;
        }
        if b.get(i) == Some(&b'_') {
            return self.err(start, "invalid decimal literal");
        }
        let text = &self.text[start..i];
        if !is_float && !imag {
            let digits_only = &self.text[start..int_end];
            if digits_only.len() > 1
                && digits_only.starts_with('0')
                && digits_only.bytes().any(|c| c != b'0' && c != b'_')
            {
                return self.err(
                    start,
                    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                );
            }
        }
        let value = if imag {
            Number::Complex(text[..text.len() - 1].replace('_', "").parse::<f64>().unwrap_or(f64::NAN))
        } else if is_float {
            Number::Float(text.replace('_', "").parse::<f64>().unwrap_or(f64::NAN))
        } else {
            number(text, 10).map_err(|m| PError { message: m, offset: self.abs(start) })?
        };
        self.pos = i;
        self.push(TokKind::Number(value), start, i);
        Ok(())
    }
}
