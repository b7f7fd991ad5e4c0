//! Literal values: integers of any size, escape sequences of string and bytes literals, and
//! the pieces of f-strings (Python 3.11 rules: a field's expression may not contain a
//! backslash or a comment, nor the literal's own quote).

use super::PError;
use crate::ast::{Constant, Expr, ExprKind, Span};

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Number {
    Int(i128),
    /// Larger than `i128::MAX`, as decimal text.
    BigInt(String),
    Float(f64),
    /// An imaginary literal (`2j`): its imaginary part.
    Complex(f64),
}

impl Number {
    pub(crate) fn constant(&self) -> Constant {
        match self {
            Number::Int(v) => Constant::Int(*v),
            Number::BigInt(s) => Constant::BigInt(s.clone()),
            Number::Float(f) => Constant::Float(crate::ast::FloatBits::new(*f)),
            Number::Complex(f) => Constant::Complex {
                real: crate::ast::FloatBits::new(0.0),
                imag: crate::ast::FloatBits::new(*f),
            },
        }
    }
}

/// The value of an integer literal (`text` includes a `0x`/`0o`/`0b` prefix when `radix` is
/// not 10; underscores are allowed).
pub(crate) fn number(text: &str, radix: u32) -> Result<Number, String> {
    let digits = if radix == 10 { text } else { &text[2..] };
    let mut small: Option<i128> = Some(0);
    // Little-endian base-2^32 limbs, used once the value leaves i128.
    let mut limbs: Vec<u32> = Vec::new();
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let d = c.to_digit(radix).ok_or_else(|| format!("invalid digit '{c}' in literal"))?;
        if let Some(v) = small {
            small = v.checked_mul(radix as i128).and_then(|v| v.checked_add(d as i128));
            if small.is_none() {
                // Move to limbs: redo from v.
                let mut u = v as u128;
                limbs.clear();
                while u > 0 {
                    limbs.push(u as u32);
                    u >>= 32;
                }
                mul_add(&mut limbs, radix, d);
            }
        } else {
            mul_add(&mut limbs, radix, d);
        }
    }
    Ok(match small {
        Some(v) => Number::Int(v),
        None => Number::BigInt(to_decimal(limbs)),
    })
}

fn mul_add(limbs: &mut Vec<u32>, mul: u32, add: u32) {
    let mut carry = add as u64;
    for l in limbs.iter_mut() {
        let v = (*l as u64) * (mul as u64) + carry;
        *l = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        limbs.push(carry as u32);
    }
}

fn to_decimal(mut limbs: Vec<u32>) -> String {
    // Repeated division by 10^9.
    let mut parts: Vec<u32> = Vec::new();
    while limbs.iter().any(|&l| l != 0) {
        let mut rem = 0u64;
        for l in limbs.iter_mut().rev() {
            let v = (rem << 32) | *l as u64;
            *l = (v / 1_000_000_000) as u32;
            rem = v % 1_000_000_000;
        }
        parts.push(rem as u32);
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
    }
    let mut out = String::new();
    for (i, p) in parts.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&p.to_string());
        } else {
            out.push_str(&format!("{p:09}"));
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

fn hex_value(s: &str) -> Option<u32> {
    u32::from_str_radix(s, 16).ok()
}

/// The text of a string literal's content with its escape sequences decoded. `at` is the
/// content's offset in the file (for errors).
pub(crate) fn decode_str(content: &str, raw: bool, at: u32) -> Result<String, PError> {
    if raw || !content.contains('\\') {
        return Ok(normalize_newlines(content));
    }
    let mut out = String::with_capacity(content.len());
    let mut chars = content.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\r' {
            if chars.peek().map(|&(_, c)| c) == Some('\n') {
                chars.next();
            }
            out.push('\n');
            continue;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let err = |m: &str| PError { message: m.to_owned(), offset: at + i as u32 };
        let Some((_, e)) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            '\n' => {}
            '\r' => {
                if chars.peek().map(|&(_, c)| c) == Some('\n') {
                    chars.next();
                }
            }
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek() {
                        Some(&(_, d @ '0'..='7')) => {
                            v = v * 8 + d.to_digit(8).unwrap_or(0);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
            'x' | 'u' | 'U' => {
                let n = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut s = String::new();
                for _ in 0..n {
                    match chars.peek() {
                        Some(&(_, d)) if d.is_ascii_hexdigit() => {
                            s.push(d);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                if s.len() != n {
                    return Err(err(&format!(
                        "(unicode error) 'unicodeescape' codec can't decode bytes: truncated \\{e}{} escape",
                        "X".repeat(n)
                    )));
                }
                match hex_value(&s) {
                    // A lone surrogate (valid in a Python str, not in a Rust one).
                    Some(0xD800..=0xDFFF) => out.push('\u{fffd}'),
                    Some(v) if char::from_u32(v).is_some() => out.push(char::from_u32(v).unwrap_or('\u{fffd}')),
                    _ => {
                        return Err(err(
                            "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character",
                        ))
                    }
                }
            }
            'N' => {
                // `\N{NAME}`.
                let malformed = "(unicode error) 'unicodeescape' codec can't decode bytes: malformed \\N character escape";
                if chars.peek().map(|&(_, c)| c) != Some('{') {
                    return Err(err(malformed));
                }
                chars.next();
                let mut name = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    name.push(c);
                }
                if !closed || name.is_empty() {
                    return Err(err(malformed));
                }
                match lookup_name(&name) {
                    Some(c) => out.push(c),
                    None => {
                        return Err(err("(unicode error) 'unicodeescape' codec can't decode bytes: unknown Unicode character name"))
                    }
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

/// The names `\\N{...}` escapes accept (see `scripts/gen_unicode_names.py`).
static UNICODE_NAMES: &str = include_str!("unicode_names.txt");

/// The character named `name` (case-insensitive), as Python 3.11's `\\N{name}` escapes find it
/// (name aliases excepted).
fn lookup_name(name: &str) -> Option<char> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static TABLE: OnceLock<(HashMap<&'static str, u32>, Vec<(&'static str, u32, u32)>)> = OnceLock::new();
    let (names, ranges) = TABLE.get_or_init(|| {
        let mut names = HashMap::new();
        let mut ranges = Vec::new();
        for line in UNICODE_NAMES.lines() {
            if line.starts_with('#') {
                continue;
            }
            if let Some(range) = line.strip_prefix('@') {
                let mut parts = range.split(';');
                if let (Some(prefix), Some(first), Some(last)) = (parts.next(), parts.next(), parts.next()) {
                    if let (Ok(first), Ok(last)) = (u32::from_str_radix(first, 16), u32::from_str_radix(last, 16)) {
                        ranges.push((prefix, first, last));
                    }
                }
            } else if let Some((n, hex)) = line.split_once(';') {
                if let Ok(cp) = u32::from_str_radix(hex, 16) {
                    names.insert(n, cp);
                }
            }
        }
        (names, ranges)
    });
    let upper = name.to_ascii_uppercase();
    if let Some(&cp) = names.get(upper.as_str()) {
        return char::from_u32(cp);
    }
    for &(prefix, first, last) in ranges {
        if let Some(hex) = upper.strip_prefix(prefix) {
            if (4..=5).contains(&hex.len()) {
                if let Ok(cp) = u32::from_str_radix(hex, 16) {
                    if (first..=last).contains(&cp) {
                        return char::from_u32(cp);
                    }
                }
            }
        }
    }
    let syllable = upper.strip_prefix("HANGUL SYLLABLE ")?;
    const L: [&str; 19] = ["G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"];
    const V: [&str; 21] = ["A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"];
    const T: [&str; 28] = ["", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"];
    for (l, ls) in L.iter().enumerate() {
        let Some(rest) = syllable.strip_prefix(ls) else { continue };
        for (v, vs) in V.iter().enumerate() {
            let Some(rest) = rest.strip_prefix(vs) else { continue };
            if let Some(t) = T.iter().position(|ts| *ts == rest) {
                return char::from_u32(0xAC00 + ((l * 21 + v) * 28 + t) as u32);
            }
        }
    }
    None
}

fn normalize_newlines(s: &str) -> String {
    if s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s.to_owned()
    }
}

/// The bytes of a bytes literal's content.
pub(crate) fn decode_bytes(content: &str, raw: bool, at: u32) -> Result<Vec<u8>, PError> {
    if let Some(i) = content.find(|c: char| !c.is_ascii()) {
        return Err(PError {
            message: "bytes can only contain ASCII literal characters".to_owned(),
            offset: at + i as u32,
        });
    }
    if raw {
        return Ok(normalize_newlines(content).into_bytes());
    }
    let b = content.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c == b'\r' {
            if b.get(i) == Some(&b'\n') {
                i += 1;
            }
            out.push(b'\n');
            continue;
        }
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let Some(&e) = b.get(i) else {
            out.push(b'\\');
            break;
        };
        i += 1;
        match e {
            b'\n' => {}
            b'\r' => {
                if b.get(i) == Some(&b'\n') {
                    i += 1;
                }
            }
            b'\\' | b'\'' | b'"' => out.push(e),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(11),
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                for _ in 0..2 {
                    match b.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + (d - b'0') as u32;
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push(v as u8);
            }
            b'x' => {
                let hex = content.get(i..i + 2).filter(|h| h.bytes().all(|d| d.is_ascii_hexdigit()));
                match hex.and_then(hex_value) {
                    Some(v) => {
                        out.push(v as u8);
                        i += 2;
                    }
                    None => {
                        return Err(PError {
                            message: "(value error) invalid \\x escape".to_owned(),
                            offset: at + i as u32 - 2,
                        })
                    }
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

/// A piece of an f-string.
pub(crate) enum FPiece {
    Literal(String),
    /// A replacement field: the FormattedValue expression.
    Field(Expr),
}

/// Parses f-string content (between the quotes) into literal pieces and fields.
/// `parse_expr(text, offset)` parses a field's expression at its file offset.
pub(crate) struct FStringParser<'a, F: FnMut(&str, u32) -> Result<Expr, PError>> {
    pub content: &'a str,
    /// File offset of `content`.
    pub at: u32,
    pub raw: bool,
    /// Span of the whole string literal (the span of every node made here but the fields'
    /// expressions, as CPython 3.11 and rustpython give them).
    pub whole: Span,
    pub parse_expr: F,
}

impl<F: FnMut(&str, u32) -> Result<Expr, PError>> FStringParser<'_, F> {
    fn err<T>(&self, i: usize, m: &str) -> Result<T, PError> {
        Err(PError { message: m.to_owned(), offset: self.at + i as u32 })
    }

    fn literal(&self, text: &str, i: usize) -> Result<String, PError> {
        decode_str(text, self.raw, self.at + i as u32)
    }

    /// The pieces of content[i..] up to the end (nested == 0) or a `}` that ends a format
    /// spec (nested > 0); returns the pieces and the index after them.
    pub(crate) fn pieces(&mut self, mut i: usize, nested: u32) -> Result<(Vec<FPiece>, usize), PError> {
        let b = self.content.as_bytes();
        let mut out = Vec::new();
        let mut lit = String::new();
        let mut lit_start = i;
        while i < b.len() {
            match b[i] {
                b'{' if nested == 0 && b.get(i + 1) == Some(&b'{') => {
                    lit.push_str(&self.literal(&self.content[lit_start..i], lit_start)?);
                    lit.push('{');
                    i += 2;
                    lit_start = i;
                }
                b'}' if nested == 0 && b.get(i + 1) == Some(&b'}') => {
                    lit.push_str(&self.literal(&self.content[lit_start..i], lit_start)?);
                    lit.push('}');
                    i += 2;
                    lit_start = i;
                }
                b'}' if nested > 0 => break,
                b'}' => return self.err(i, "f-string: single '}' is not allowed"),
                b'{' => {
                    if nested >= 2 {
                        return self.err(i, "f-string: expressions nested too deeply");
                    }
                    lit.push_str(&self.literal(&self.content[lit_start..i], lit_start)?);
                    let (field, next) = self.field(i + 1, nested)?;
                    if let Some(doc) = field.0 {
                        lit.push_str(&doc);
                    }
                    if !lit.is_empty() {
                        out.push(FPiece::Literal(std::mem::take(&mut lit)));
                    }
                    out.push(FPiece::Field(field.1));
                    i = next;
                    lit_start = i;
                }
                // `\N{NAME}`: its braces are not a field.
                b'\\' if !self.raw && b.get(i + 1) == Some(&b'N') && b.get(i + 2) == Some(&b'{') => {
                    i += 3;
                    while i < b.len() && b[i] != b'}' {
                        i += 1;
                    }
                    i += 1;
                }
                b'\\' if !self.raw => i += 2,
                _ => i += 1,
            }
        }
        let i = i.min(b.len());
        lit.push_str(&self.literal(&self.content[lit_start..i], lit_start)?);
        if !lit.is_empty() {
            out.push(FPiece::Literal(lit));
        }
        Ok((out, i))
    }

    /// A replacement field whose expression starts at `start` (after the `{`): the
    /// self-documenting text (`x=`), if any, the FormattedValue, and the index after `}`.
    #[allow(clippy::type_complexity)]
    fn field(&mut self, start: usize, nested: u32) -> Result<((Option<String>, Expr), usize), PError> {
        let b = self.content.as_bytes();
        let mut i = start;
        let mut brackets: Vec<u8> = Vec::new();
        let mut expr_end = None;
        let mut self_doc = None;
        while i < b.len() {
            let c = b[i];
            match c {
                b'\\' => return self.err(i, "f-string expression part cannot include a backslash"),
                b'#' => return self.err(i, "f-string expression part cannot include '#'"),
                b'\'' | b'"' => {
                    let q = c;
                    let triple = b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q);
                    if triple {
                        i += 3;
                        while i < b.len() && !(b[i] == q && b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q)) {
                            i += 1;
                        }
                        i += 2;
                    } else {
                        i += 1;
                        while i < b.len() && b[i] != q {
                            i += 1;
                        }
                    }
                    if i >= b.len() {
                        return self.err(start, "f-string: unterminated string");
                    }
                }
                b'(' | b'[' | b'{' => brackets.push(c),
                b')' | b']' => {
                    let open = if c == b')' { b'(' } else { b'[' };
                    if brackets.pop() != Some(open) {
                        return self.err(i, &format!("f-string: unmatched '{}'", c as char));
                    }
                }
                b'}' if !brackets.is_empty() => {
                    if brackets.pop() != Some(b'{') {
                        return self.err(i, "f-string: unmatched '}'");
                    }
                }
                b'!' | b'=' | b'<' | b'>' if b.get(i + 1) == Some(&b'=') => i += 1,
                b'=' if brackets.is_empty() => {
                    self_doc = Some(i);
                    expr_end = Some(i);
                    i += 1;
                    while i < b.len() && b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    break;
                }
                b'!' | b':' | b'}' if brackets.is_empty() => {
                    expr_end = Some(i);
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let Some(expr_end) = expr_end else {
            return self.err(start.saturating_sub(1), "f-string: expecting '}'");
        };
        let text = &self.content[start..expr_end];
        if text.trim().is_empty() {
            return self.err(start, "f-string: empty expression not allowed");
        }
        let value = (self.parse_expr)(text, self.at + start as u32)?;
        let doc = self_doc.map(|_| self.content[start..i].to_owned());
        let mut conversion = None;
        if b.get(i) == Some(&b'!') {
            match b.get(i + 1) {
                Some(&c @ (b's' | b'r' | b'a')) => conversion = Some(c as char),
                _ => return self.err(i, "f-string: invalid conversion character: expected 's', 'r', or 'a'"),
            }
            i += 2;
        }
        let mut format_spec = None;
        if b.get(i) == Some(&b':') {
            let (pieces, next) = self.pieces(i + 1, nested + 1)?;
            format_spec = Some(Box::new(self.joined(pieces)));
            i = next;
        }
        // `f"{x=}"` is `f"x={x!r}"` without a format spec.
        if doc.is_some() && conversion.is_none() && format_spec.is_none() {
            conversion = Some('r');
        }
        if b.get(i) != Some(&b'}') {
            return self.err(i.min(b.len()), "f-string: expecting '}'");
        }
        let fv = Expr {
            span: self.whole,
            kind: ExprKind::FormattedValue { value: Box::new(value), format_spec, conversion },
        };
        Ok(((doc, fv), i + 1))
    }

    pub(crate) fn joined(&self, pieces: Vec<FPiece>) -> Expr {
        Expr { span: self.whole, kind: ExprKind::JoinedStr(pieces_to_exprs(pieces, self.whole)) }
    }
}

pub(crate) fn pieces_to_exprs(pieces: Vec<FPiece>, whole: Span) -> Vec<Expr> {
    pieces
        .into_iter()
        .map(|p| match p {
            FPiece::Literal(s) => Expr { span: whole, kind: ExprKind::Constant(Constant::Str(s)) },
            FPiece::Field(e) => e,
        })
        .collect()
}
