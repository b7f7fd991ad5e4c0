//! A cheap, linear, non-recursive pre-scan of Python source that runs before the real parser.
//!
//! It does two jobs:
//!
//! 1. **Nesting limits.** The parser recurses once per bracket, and the trees it builds are
//!    dropped and visited recursively: `a+a+a+…` with 100k terms is a 100k-deep tree. Before
//!    the parser sees a text we check
//!    that it is "reasonable": at most [`MAX_BRACKET_DEPTH`] nested brackets (CPython's own
//!    tokenizer limit is 200 too), at most [`MAX_INDENT_LEVELS`] indentation levels (CPython:
//!    100), and an *estimated* expression depth of at most [`MAX_EXPR_DEPTH_ESTIMATE`]. The
//!    estimate is a conservative upper bound of the real tree depth: every operator token,
//!    operator keyword (`not`, `and`, `lambda`, `if`, …), `.` and opening bracket in a
//!    comma-separated segment counts one level, and a bracketed group adds the depth of its
//!    deepest segment. Commas end a segment (siblings do not nest), except inside a `lambda`
//!    parameter list, whose commas are followed by the nested body.
//!
//!    Numeric literals longer than [`MAX_NUMBER_LEN`] are rejected too (see there).
//!
//! 2. **Chunking for error recovery.** It finds the byte offsets at which top-level "chunks"
//!    start, see [`Scan::chunk_starts`] and `lower.rs`.
//!
//! The scanner only looks at ASCII bytes; every byte >= 0x80 is treated as part of an
//! identifier (or of the string/comment it is in), so it never splits a UTF-8 character.

/// Most nested brackets `(`/`[`/`{` (including `{` of f-string replacement fields).
pub(crate) const MAX_BRACKET_DEPTH: u32 = 200;
/// Most indentation levels (CPython's `MAXINDENT`).
pub(crate) const MAX_INDENT_LEVELS: usize = 100;
/// Largest accepted *estimated* expression depth. The estimate over-counts (every operator
/// of a segment is counted, whatever the precedence), so this is set well above the real
/// limit that `depth.rs` enforces on the tree the parser builds.
pub(crate) const MAX_EXPR_DEPTH_ESTIMATE: u32 = 10_000;

/// Longest numeric literal accepted. Converting a decimal literal to an integer (in the
/// lexer) and back to decimal text (for `Constant::BigInt`) is quadratic in its length, so a
/// megabyte-long literal would take many seconds. CPython has the same limit, 4300 digits, for
/// decimal integer literals (`sys.int_info.default_max_str_digits`).
pub(crate) const MAX_NUMBER_LEN: usize = 4300;

/// A limit that the text exceeds, with the byte offset (relative to the scanned text)
/// where it was first seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Violation {
    pub offset: usize,
    pub message: String,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Scan {
    /// The first nesting limit exceeded, if any.
    pub violation: Option<Violation>,
    /// Byte offsets (relative to the scanned text) where top-level chunks start. The first
    /// is always 0. A chunk starts at a line whose first byte is significant (not blank, not
    /// a comment), outside any string, bracket or backslash continuation, and that is not a
    /// continuation of the previous statement (`else`, `elif`, `except`, `finally`, a closing
    /// bracket), and not the def/class that follows a run of decorators (the decorators start
    /// the chunk). As a recovery aid, a column-0 `def`/`class`/`async`/`@` line closes all open
    /// brackets (an unclosed bracket must not swallow the rest of the file).
    pub chunk_starts: Vec<usize>,
}

/// One open bracket (or the top level): the depth bookkeeping of its current segment.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Operator-like tokens seen in the current segment.
    ops: u32,
    /// Deepest closed child group in the current segment.
    child: u32,
    /// Deepest finished segment so far in this group.
    best: u32,
    /// `lambda`s whose parameter list (ended by `:`) has not finished yet.
    lambda_params: u32,
}

impl Frame {
    fn segment_depth(&self) -> u32 {
        self.ops.saturating_add(self.child).saturating_add(1)
    }
    fn end_segment(&mut self) -> u32 {
        let d = self.segment_depth();
        self.best = self.best.max(d);
        self.ops = 0;
        self.child = 0;
        d
    }
}

/// Keywords that build a node with children (or may): counted like operators.
fn is_operator_keyword(word: &[u8]) -> bool {
    matches!(
        word,
        b"and"
            | b"or"
            | b"not"
            | b"in"
            | b"is"
            | b"if"
            | b"else"
            | b"lambda"
            | b"await"
            | b"yield"
            | b"for"
            | b"async"
            | b"from"
    )
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

fn is_operator_byte(b: u8) -> bool {
    matches!(
        b,
        b'+' | b'-' | b'*' | b'/' | b'%' | b'@' | b'&' | b'|' | b'^' | b'~' | b'<' | b'>' | b'.'
    )
}

/// Whether `word` is a string prefix (case-insensitive: `r`, `b`, `u`, `f`, `rb`, `fr`, …);
/// if so, whether it makes an f-string.
fn string_prefix(word: &[u8]) -> Option<bool> {
    if word.len() > 2 {
        return None;
    }
    let mut f = false;
    for &b in word {
        match b.to_ascii_lowercase() {
            b'f' => f = true,
            b'r' | b'b' | b'u' => {}
            _ => return None,
        }
    }
    Some(f)
}

/// Whether a line (starting at its first byte) continues the previous top-level statement.
fn is_continuation_line(line: &[u8]) -> bool {
    if matches!(line.first(), Some(b')' | b']' | b'}')) {
        return true;
    }
    for kw in [&b"else"[..], b"elif", b"except", b"finally"] {
        if line.starts_with(kw) && !line.get(kw.len()).copied().is_some_and(is_ident_byte) {
            return true;
        }
    }
    false
}

/// Whether a column-0 line may start a chunk even inside open brackets.
fn is_recovery_anchor(line: &[u8]) -> bool {
    if line.first() == Some(&b'@') {
        return line.get(1).copied().is_some_and(|b| is_ident_byte(b) && !b.is_ascii_digit());
    }
    for kw in [&b"def"[..], b"class", b"async"] {
        if line.starts_with(kw) && matches!(line.get(kw.len()), Some(b' ' | b'\t')) {
            return true;
        }
    }
    false
}

struct Scanner<'a> {
    text: &'a [u8],
    pos: usize,
    frames: Vec<Frame>,
    indents: Vec<u32>,
    violation: Option<Violation>,
    chunk_starts: Vec<usize>,
    /// Whether the current chunk already contains a significant line.
    chunk_has_code: bool,
    /// Whether the current chunk so far is only decorator lines.
    chunk_decorators_only: bool,
    /// The previous physical line ended with a backslash continuation.
    continued: bool,
}

impl<'a> Scanner<'a> {
    fn violate(&mut self, offset: usize, message: String) {
        if self.violation.is_none() {
            self.violation = Some(Violation { offset, message });
        }
    }

    fn top(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::default());
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn count_op(&mut self, offset: usize) {
        let top = self.top();
        top.ops = top.ops.saturating_add(1);
        let d = top.segment_depth();
        self.check_depth(offset, d);
    }

    fn check_depth(&mut self, offset: usize, depth_here: u32) {
        // The depth of the current segment plus one per enclosing group is a lower bound of
        // what the final estimate will be; checking it as we go reports the violation at the
        // first place that is too deep rather than at the end of the statement.
        let enclosing = u32::try_from(self.frames.len()).unwrap_or(u32::MAX);
        if depth_here.saturating_add(enclosing) > MAX_EXPR_DEPTH_ESTIMATE {
            self.violate(
                offset,
                format!(
                    "expression nested too deeply (more than {MAX_EXPR_DEPTH_ESTIMATE} levels \
                     of operators and brackets)"
                ),
            );
        }
    }

    fn open_bracket(&mut self, offset: usize) {
        self.count_op(offset);
        self.frames.push(Frame::default());
        // frames[0] is the top level, so the number of open brackets is len - 1.
        if self.frames.len() - 1 > MAX_BRACKET_DEPTH as usize {
            self.violate(
                offset,
                format!(
                    "expression nested too deeply (more than {MAX_BRACKET_DEPTH} nested brackets)"
                ),
            );
        }
    }

    fn close_bracket(&mut self, offset: usize) {
        if self.frames.len() <= 1 {
            return; // unbalanced: the parser reports it
        }
        if let Some(mut inner) = self.frames.pop() {
            inner.end_segment();
            let d = inner.best.saturating_add(1);
            let top = self.top();
            top.child = top.child.max(d);
            let here = top.segment_depth();
            self.check_depth(offset, here);
        }
    }

    fn end_segment(&mut self, offset: usize) {
        let d = self.top().end_segment();
        self.check_depth(offset, d);
    }

    /// Called at the first byte of every physical line that is not inside a string.
    fn line_start(&mut self) {
        let line = &self.text[self.pos..];
        let continued = std::mem::take(&mut self.continued);
        // Measure indentation.
        let mut width: u32 = 0;
        let mut i = 0;
        while let Some(&b) = line.get(i) {
            match b {
                b' ' => width = width.saturating_add(1),
                b'\t' => width = (width / 8).saturating_add(1).saturating_mul(8),
                b'\x0c' => width = 0,
                _ => break,
            }
            i += 1;
        }
        let first = line.get(i).copied();
        let blank = matches!(first, None | Some(b'\n' | b'\r' | b'#'));
        if blank || continued {
            return;
        }
        if i == 0 && self.frames.len() > 1 && is_recovery_anchor(line) {
            // A column-0 `def`/`class`/`async`/`@` inside open brackets: the brackets are
            // almost surely unclosed by mistake (the parser fails at this line at the latest,
            // as these keywords cannot appear in an expression). Close them, so the depth
            // estimate still covers them, and go on as at the top level, so the chunks after
            // an unclosed bracket are found as usual.
            while self.frames.len() > 1 {
                self.close_bracket(self.pos);
            }
            self.end_segment(self.pos);
        }
        let at_top = self.frames.len() <= 1;
        if at_top {
            // Indentation levels, like the tokenizer's indent stack.
            while self.indents.last().is_some_and(|&top| top > width) {
                self.indents.pop();
            }
            if self.indents.last().is_none_or(|&top| top < width) {
                self.indents.push(width);
            }
            // indents[0] is the column-0 level.
            if self.indents.len() > MAX_INDENT_LEVELS + 1 {
                self.violate(
                    self.pos + i,
                    format!("too many levels of indentation (more than {MAX_INDENT_LEVELS})"),
                );
            }
        }
        if i != 0 {
            return;
        }
        let rest = &line[i..];
        if !at_top || is_continuation_line(rest) {
            return;
        }
        let is_decorator = rest.first() == Some(&b'@');
        if !self.chunk_has_code {
            self.chunk_has_code = true;
            self.chunk_decorators_only = is_decorator;
        } else if self.chunk_decorators_only {
            self.chunk_decorators_only = is_decorator;
        } else {
            self.chunk_starts.push(self.pos);
            self.chunk_decorators_only = is_decorator;
        }
    }

    /// Skip a string literal whose opening quote is at `self.pos`. (A backslash escapes the
    /// next byte for the purpose of finding the closing quote even in raw strings, so raw
    /// strings need no special case.)
    fn string(&mut self, fstring: bool) {
        let quote = self.text[self.pos];
        let triple = self.text.get(self.pos + 1) == Some(&quote)
            && self.text.get(self.pos + 2) == Some(&quote);
        self.pos += if triple { 3 } else { 1 };
        // Depth of `{` replacement fields inside an f-string; their content is code.
        let mut braces: u32 = 0;
        let mut word_start: Option<usize> = None;
        while let Some(&b) = self.text.get(self.pos) {
            if fstring && braces > 0 {
                if is_ident_byte(b) {
                    word_start.get_or_insert(self.pos);
                } else if let Some(start) = word_start.take() {
                    if is_operator_keyword(&self.text[start..self.pos]) {
                        self.count_op(start);
                    }
                }
            }
            match b {
                b'\\' => {
                    let crlf = self.text.get(self.pos + 1) == Some(&b'\r')
                        && self.text.get(self.pos + 2) == Some(&b'\n');
                    self.pos += if crlf { 3 } else { 2 };
                    continue;
                }
                b'\n' if !triple => break, // unterminated; the parser reports it
                _ if b == quote => {
                    if !triple {
                        self.pos += 1;
                        break;
                    }
                    if self.text.get(self.pos + 1) == Some(&quote)
                        && self.text.get(self.pos + 2) == Some(&quote)
                    {
                        self.pos += 3;
                        break;
                    }
                }
                b'{' if fstring => {
                    if braces == 0 && self.text.get(self.pos + 1) == Some(&b'{') {
                        self.pos += 2; // escaped `{{`
                        continue;
                    }
                    braces = braces.saturating_add(1);
                    self.open_bracket(self.pos);
                }
                b'}' if fstring && braces > 0 => {
                    braces -= 1;
                    self.close_bracket(self.pos);
                }
                b'(' | b'[' if fstring && braces > 0 => self.count_op(self.pos),
                _ if fstring && braces > 0 && is_operator_byte(b) => self.count_op(self.pos),
                _ => {}
            }
            self.pos += 1;
        }
        self.pos = self.pos.min(self.text.len());
        // Close the replacement fields still open (unterminated or malformed f-string).
        for _ in 0..braces {
            self.close_bracket(self.pos);
        }
    }

    fn run(&mut self) {
        let text = self.text;
        self.line_start();
        while let Some(&b) = text.get(self.pos) {
            match b {
                b'\n' => {
                    if self.frames.len() <= 1 {
                        self.end_segment(self.pos);
                        self.top().lambda_params = 0;
                    }
                    self.pos += 1;
                    self.line_start();
                    continue;
                }
                b'#' => {
                    while text.get(self.pos).is_some_and(|&c| c != b'\n') {
                        self.pos += 1;
                    }
                    continue;
                }
                b'\\' => {
                    let next = text.get(self.pos + 1).copied();
                    let next2 = text.get(self.pos + 2).copied();
                    if next == Some(b'\n') || (next == Some(b'\r') && next2 == Some(b'\n')) {
                        self.pos += if next == Some(b'\n') { 2 } else { 3 };
                        self.continued = true;
                        self.line_start();
                        continue;
                    }
                }
                b'\'' | b'"' => {
                    self.string(false);
                    continue;
                }
                b'(' | b'[' | b'{' => self.open_bracket(self.pos),
                b')' | b']' | b'}' => self.close_bracket(self.pos),
                b',' if self.top().lambda_params == 0 => self.end_segment(self.pos),
                b';' => self.end_segment(self.pos),
                b':' => {
                    let top = self.top();
                    top.lambda_params = top.lambda_params.saturating_sub(1);
                    if text.get(self.pos + 1) == Some(&b'=') {
                        self.count_op(self.pos); // walrus
                    }
                }
                b'0'..=b'9' => {
                    // A number: digits, letters (hex, exponents, suffixes), `_` and `.`.
                    let start = self.pos;
                    while text.get(self.pos).is_some_and(|&c| is_ident_byte(c) || c == b'.') {
                        self.pos += 1;
                    }
                    if self.pos - start > MAX_NUMBER_LEN {
                        self.violate(
                            start,
                            format!(
                                "numeric literal too long (more than {MAX_NUMBER_LEN} characters)"
                            ),
                        );
                    }
                    continue;
                }
                _ if is_ident_byte(b) => {
                    let start = self.pos;
                    while text.get(self.pos).copied().is_some_and(is_ident_byte) {
                        self.pos += 1;
                    }
                    let word = &text[start..self.pos];
                    if let (Some(b'\'' | b'"'), Some(is_f)) =
                        (text.get(self.pos), string_prefix(word))
                    {
                        self.string(is_f);
                        continue;
                    }
                    if is_operator_keyword(word) {
                        if word == b"lambda" {
                            let top = self.top();
                            top.lambda_params = top.lambda_params.saturating_add(1);
                        }
                        self.count_op(start);
                    }
                    continue;
                }
                _ if is_operator_byte(b) => self.count_op(self.pos),
                _ => {}
            }
            self.pos += 1;
        }
        // End of text: close everything still open so the estimate covers it.
        while self.frames.len() > 1 {
            self.close_bracket(self.pos);
        }
        self.end_segment(self.pos);
    }
}

/// Scan `text` (see the module docs).
pub(crate) fn scan(text: &str) -> Scan {
    let mut s = Scanner {
        text: text.as_bytes(),
        pos: 0,
        frames: vec![Frame::default()],
        indents: vec![0],
        violation: None,
        chunk_starts: vec![0],
        chunk_has_code: false,
        chunk_decorators_only: false,
        continued: false,
    };
    s.run();
    Scan { violation: s.violation, chunk_starts: s.chunk_starts }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(src: &str) -> Vec<&str> {
        let s = scan(src);
        let mut out = Vec::new();
        for (i, &start) in s.chunk_starts.iter().enumerate() {
            let end = s.chunk_starts.get(i + 1).copied().unwrap_or(src.len());
            out.push(&src[start..end]);
        }
        out
    }

    #[test]
    fn chunks_split_at_top_level_statements() {
        let src = "# c\nimport a\n\n@d\n# x\n@e\ndef f():\n    pass\nelse_ = 1\nif x:\n  y\nelse:\n  z\nx = (1,\n2)\ns = '''\nnot a chunk\n'''\n";
        assert_eq!(
            chunks(src),
            vec![
                "# c\nimport a\n\n",
                "@d\n# x\n@e\ndef f():\n    pass\n",
                "else_ = 1\n",
                "if x:\n  y\nelse:\n  z\n",
                "x = (1,\n2)\n",
                "s = '''\nnot a chunk\n'''\n"
            ]
        );
    }

    #[test]
    fn unclosed_bracket_does_not_swallow_following_defs() {
        let src = "def f():\n    return (1,\n\nx = 2\ndef g():\n    pass\ny = 3\n";
        assert_eq!(
            chunks(src),
            vec!["def f():\n    return (1,\n\nx = 2\n", "def g():\n    pass\n", "y = 3\n"]
        );
    }

    #[test]
    fn backslash_continuation_is_not_a_chunk() {
        assert_eq!(chunks("x = 1 + \\\n2\ny = 3\n"), vec!["x = 1 + \\\n2\n", "y = 3\n"]);
    }

    #[test]
    fn limits() {
        assert!(scan(&format!("x = {}1{}\n", "(".repeat(200), ")".repeat(200)))
            .violation
            .is_none());
        assert!(scan(&format!("x = {}1{}\n", "(".repeat(201), ")".repeat(201)))
            .violation
            .is_some());
        assert!(scan(&format!("x = {}1\n", "a+".repeat(5000))).violation.is_none());
        assert!(scan(&format!("x = {}1\n", "a+".repeat(20000))).violation.is_some());
        assert!(scan(&format!("x = [{}]\n", "-1, ".repeat(50000))).violation.is_none());
        assert!(scan(&format!("x = {}1\n", "lambda a, b: ".repeat(20000))).violation.is_some());
        assert!(scan(&format!("x = f'{{{}1}}'\n", "a+".repeat(20000))).violation.is_some());
        assert!(scan(&format!("x = f'{{{}1}}'\n", "not ".repeat(20000))).violation.is_some());
        // Brackets inside ordinary strings and comments do not count.
        assert!(scan(&format!("x = '{}' # {}\n", "(".repeat(500), "[".repeat(500)))
            .violation
            .is_none());
        let mut deep = String::new();
        for i in 0..102 {
            deep.push_str(&" ".repeat(i));
            deep.push_str("if x:\n");
        }
        deep.push_str(&" ".repeat(102));
        deep.push_str("pass\n");
        assert!(scan(&deep).violation.is_some());
    }
}
