//! Line suppressions: `# numrs: ignore` and `# numrs: ignore[code, ...]` comments drop the
//! diagnostics whose primary span starts on the commented line.
//!
//! The comment scanner is a small Python-aware lexer: it skips string literals (single, double
//! and triple quoted, with backslash escapes), so a `# numrs: ignore` *inside* a string does not
//! suppress anything. A comment may carry other text around the directive
//! (`# noqa: E501  # numrs: ignore[untyped-global] -- reason`). Several directives on one line
//! are merged; a bare `ignore` wins over any code list. A malformed directive (`ignore[` with no
//! closing `]`) suppresses nothing.
//!
//! This module is shared by `numrs check` and (later) the language server, so it depends only on
//! the diagnostic model and the line index.

use std::collections::{BTreeMap, BTreeSet};

use numrs_db::Diagnostic;
use numrs_syntax::LineIndex;

/// What one line's directives suppress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suppression {
    /// `# numrs: ignore`: every code.
    All,
    /// `# numrs: ignore[a, b]`: only these codes (never empty).
    Codes(BTreeSet<String>),
}

impl Suppression {
    /// Whether this suppression covers diagnostics with `code`.
    pub fn covers(&self, code: &str) -> bool {
        match self {
            Suppression::All => true,
            Suppression::Codes(codes) => codes.contains(code),
        }
    }

    fn merge(&mut self, other: Suppression) {
        match (&mut *self, other) {
            (Suppression::All, _) => {}
            (_, Suppression::All) => *self = Suppression::All,
            (Suppression::Codes(mine), Suppression::Codes(theirs)) => mine.extend(theirs),
        }
    }
}

/// The suppression directives of one source text, by 1-based line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineSuppressions {
    by_line: BTreeMap<u32, Suppression>,
}

impl LineSuppressions {
    /// Scan `source` for `# numrs: ignore` comments.
    pub fn from_source(source: &str) -> Self {
        let mut by_line: BTreeMap<u32, Suppression> = BTreeMap::new();
        for (line, comment) in comments(source) {
            if let Some(suppression) = parse_directives(comment) {
                match by_line.get_mut(&line) {
                    Some(existing) => existing.merge(suppression),
                    None => {
                        by_line.insert(line, suppression);
                    }
                }
            }
        }
        LineSuppressions { by_line }
    }

    /// The suppression on a 1-based line, if any.
    pub fn on_line(&self, line: u32) -> Option<&Suppression> {
        self.by_line.get(&line)
    }

    /// Whether a diagnostic with `code` whose primary span starts on `line` is suppressed.
    pub fn suppresses(&self, line: u32, code: &str) -> bool {
        self.on_line(line).is_some_and(|s| s.covers(code))
    }

    /// Whether the text has no directives at all.
    pub fn is_empty(&self) -> bool {
        self.by_line.is_empty()
    }

    /// All lines carrying a directive, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &Suppression)> {
        self.by_line.iter().map(|(line, s)| (*line, s))
    }
}

/// Diagnostics split into those still reported and those a comment suppressed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filtered {
    pub kept: Vec<Diagnostic>,
    pub suppressed: Vec<Diagnostic>,
}

/// Drop the diagnostics whose primary line carries a matching `# numrs: ignore` comment.
/// Order is preserved in both halves.
pub fn filter_suppressed(source: &str, diagnostics: Vec<Diagnostic>) -> Filtered {
    // Every directive names the tool: without diagnostics or the word, there is nothing to do
    // (and no need to scan the file's comments on every keystroke).
    if diagnostics.is_empty() || !source.contains("numrs") {
        return Filtered { kept: diagnostics, suppressed: Vec::new() };
    }
    let suppressions = LineSuppressions::from_source(source);
    if suppressions.is_empty() {
        return Filtered { kept: diagnostics, suppressed: Vec::new() };
    }
    let index = LineIndex::new(source);
    let mut filtered = Filtered::default();
    for diagnostic in diagnostics {
        let line = index.line_col(diagnostic.primary.span.start).line;
        if suppressions.suppresses(line, diagnostic.code) {
            filtered.suppressed.push(diagnostic);
        } else {
            filtered.kept.push(diagnostic);
        }
    }
    filtered
}

/// Every comment of a Python source: its 1-based line and its text after the `#` (without the
/// line break). String literals are skipped; an unterminated single-quoted string ends at the
/// end of its line, as the tokenizer's error recovery would have it.
pub fn comments(source: &str) -> Vec<(u32, &str)> {
    #[derive(Clone, Copy)]
    enum State {
        Code,
        Str { quote: u8, triple: bool },
    }

    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut state = State::Code;
    let mut line: u32 = 1;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        match state {
            State::Code => match b {
                b'#' => {
                    let end = bytes[i..].iter().position(|&c| c == b'\n').map_or(bytes.len(), |p| i + p);
                    // `#` and `\n` are ASCII, so both ends are char boundaries.
                    let text = source.get(i + 1..end).unwrap_or("");
                    out.push((line, text.strip_suffix('\r').unwrap_or(text)));
                    i = end;
                }
                b'\'' | b'"' => {
                    let triple = bytes.get(i + 1) == Some(&b) && bytes.get(i + 2) == Some(&b);
                    state = State::Str { quote: b, triple };
                    i += if triple { 3 } else { 1 };
                }
                b'\n' => {
                    line = line.saturating_add(1);
                    i += 1;
                }
                _ => i += 1,
            },
            State::Str { quote, triple } => match b {
                b'\\' => {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        line = line.saturating_add(1);
                    }
                    i += 2;
                }
                b'\n' => {
                    line = line.saturating_add(1);
                    if !triple {
                        state = State::Code;
                    }
                    i += 1;
                }
                c if c == quote => {
                    if !triple {
                        state = State::Code;
                        i += 1;
                    } else if bytes.get(i + 1) == Some(&quote) && bytes.get(i + 2) == Some(&quote) {
                        state = State::Code;
                        i += 3;
                    } else {
                        i += 1;
                    }
                }
                _ => i += 1,
            },
        }
    }
    out
}

/// The merged suppression of every `numrs: ignore` directive in one comment's text.
pub fn parse_directives(comment: &str) -> Option<Suppression> {
    let mut result: Option<Suppression> = None;
    let mut search_from = 0usize;
    while let Some(found) = comment.get(search_from..).and_then(|rest| rest.find("numrs")) {
        let at = search_from + found;
        search_from = at + "numrs".len();
        let preceded_by_word = comment[..at].chars().next_back().is_some_and(is_word_char);
        if preceded_by_word {
            continue;
        }
        if let Some(suppression) = parse_directive_after_tool(&comment[search_from..]) {
            match &mut result {
                Some(existing) => existing.merge(suppression),
                None => result = Some(suppression),
            }
        }
    }
    result
}

/// Parse `: ignore` or `: ignore[codes]` following the word `numrs`.
fn parse_directive_after_tool(rest: &str) -> Option<Suppression> {
    let rest = rest.trim_start().strip_prefix(':')?.trim_start().strip_prefix("ignore")?;
    if rest.chars().next().is_some_and(is_word_char) {
        // `ignored`, `ignore_me`: not our directive.
        return None;
    }
    let after_spaces = rest.trim_start();
    let Some(list) = after_spaces.strip_prefix('[') else {
        return Some(Suppression::All);
    };
    let close = list.find(']')?;
    let codes: BTreeSet<String> =
        list[..close].split(',').map(str::trim).filter(|code| !code.is_empty()).map(str::to_string).collect();
    if codes.is_empty() {
        None
    } else {
        Some(Suppression::Codes(codes))
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}
