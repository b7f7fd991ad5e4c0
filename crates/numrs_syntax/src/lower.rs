//! The parsing driver: tokenizes and parses (`lexer.rs`, `parser.rs`, `strings.rs`: a
//! hand-written recursive-descent parser for Python 3.11 that builds the numrs AST directly),
//! recovers from syntax errors, and enforces the tree-depth limit.
//!
//! # Spans
//!
//! All spans are byte offsets into the whole file. They are the ranges CPython's and
//! rustpython's parsers give the same nodes (numrs used rustpython's parser before; on the
//! corpora and 1,700 files of CPython's library and tests, both give identical trees but for
//! `\N{...}` escapes, see `strings.rs`): a parenthesized operand keeps its own span, while an
//! operation's span runs from its first token to its last, parentheses included.
//! The span of a (possibly decorated) `def`/`class` statement starts at
//! `def`/`async`/`class`, *not* at the first decorator (decorators have their own spans in
//! `decorators`), and ends at the end of the last statement of the body.
//! `FunctionDef::name_span` runs from the `def` keyword (after `async`, if any) to the end of
//! the name, so its start is always on the line of the `def` keyword.
//!
//! # Error recovery
//!
//! The parser stops at the first syntax error (a lexical error is reported only if the parser
//! reaches the point where it is, so errors come in source order). The whole file is parsed
//! first; only when that fails (or the pre-scan below rejects it) do we split the file into
//! top-level *chunks* and parse each chunk on its own, with spans kept file-absolute. A chunk
//! starts at a line whose first character is significant
//! (not blank, not a comment) and in column 0, outside any string, bracket or backslash
//! continuation, unless it continues the previous statement (`else`, `elif`, `except`,
//! `finally`, a closing bracket); decorators start the chunk of the def/class they decorate.
//! A column-0 `def`/`class`/`async`/`@` line also ends any brackets left open, so one
//! unclosed bracket cannot swallow the rest of the file. (See `prescan::Scan::chunk_starts`.)
//! The statements of the chunks that parse are kept, in order; each chunk that does not parse
//! adds one [`SyntaxError`]. If every chunk parses although the file as a whole does not, the
//! whole-file error is reported instead, so a file that does not parse always has an error.
//! An error at the very end of a chunk ("unexpected end of file", an unclosed bracket) is
//! placed just after the chunk's last non-blank character, not on the next chunk's line.
//!
//! # Robustness
//!
//! `parse_module` never panics and never overflows the stack, whatever the input:
//!
//! * Before the parser sees a text, a linear non-recursive pre-scan (`prescan.rs`) rejects
//!   texts nested too deeply — more than 200 nested brackets, more than 100 indentation
//!   levels, or an estimated expression depth over 10 000 (e.g. `a+a+…` with 100k terms, whose
//!   tree is 100k levels deep) — with an "expression nested too deeply" error (for that chunk
//!   only, the other chunks are still parsed). This bounds the parser's recursion (a level
//!   per bracket; operator chains and prefix operators are parsed in loops) and the depth of
//!   every tree it builds, and so of the recursive `Drop` of those trees. It also rejects
//!   numeric literals over 4300 characters, whose conversion is quadratic.
//! * `depth.rs` drops (and reports) any top-level statement whose tree is deeper than
//!   [`MAX_TREE_DEPTH`], so later stages never see deeper trees.
//! * All of this runs on a dedicated thread with a [`PARSER_STACK_SIZE`] (64 MiB) stack. The
//!   inputs at the limits above must parse on a quarter of it in debug builds (the unit test
//!   at the end), more than a test thread's 2 MiB, so the parse does not depend on the
//!   caller's stack. The stack is
//!   only reserved address space; ordinary code touches a few pages of it. Limits alone would
//!   have to be tiny to be safe on any caller's stack, and a big stack alone cannot cover
//!   unbounded input sizes: we use both. If no thread can be started, we parse on the
//!   caller's thread.
//! * Every call into the parser is wrapped in `catch_unwind`, so a panic inside it on
//!   some odd input becomes a syntax error for that chunk (the default panic hook still prints
//!   it); a panic is still a bug.

mod depth;
mod lexer;
mod parser;
mod prescan;
mod strings;

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::ast::{ExprKind, FunctionDef, Module, Span, Stmt, StmtKind, MAX_TREE_DEPTH};
use crate::{Parsed, SyntaxError};

/// Stack size of the parser thread (see the module docs).
pub(crate) const PARSER_STACK_SIZE: usize = 64 * 1024 * 1024;

/// Longest error message we produce (some messages quote source text).
const MAX_MESSAGE_LEN: usize = 200;

/// Sources up to this many bytes are parsed on the caller's thread (at most ~128 nesting
/// levels fit, a few hundred KiB of stack even in debug builds).
const SMALL_SOURCE: usize = 256;

/// A lexical or syntax error of the tokenizer or parser, at a file offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PError {
    pub message: String,
    pub offset: u32,
}

pub(crate) fn parse_module(source: &str) -> Parsed {
    if u32::try_from(source.len()).is_err() {
        return Parsed {
            module: Module::default(),
            errors: vec![SyntaxError {
                message: "file too large to parse (over 4 GiB)".to_owned(),
                span: Span::new(0, 0),
            }],
        };
    }
    // Tiny sources (signature strings, type expressions) cannot nest deeply enough to need a
    // big stack; starting a thread would cost more than parsing them.
    if source.len() <= SMALL_SOURCE {
        return parse_on_this_thread(source);
    }
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("numrs-parse".to_owned())
            .stack_size(PARSER_STACK_SIZE)
            .spawn_scoped(scope, || parse_on_this_thread(source));
        match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|_| Parsed {
                module: Module::default(),
                errors: vec![SyntaxError {
                    message: "internal error: the parser crashed on this file".to_owned(),
                    span: Span::new(0, 0),
                }],
            }),
            // No thread could be started (resource limits): parse on the caller's stack. The
            // nesting limits keep this safe on any reasonably sized stack.
            Err(_) => parse_on_this_thread(source),
        }
    })
}

/// The whole parse, on the current thread.
pub(crate) fn parse_on_this_thread(source: &str) -> Parsed {
    let whole = prescan::scan(source);
    let whole_error = match &whole.violation {
        Some(v) => violation_error(source, v, 0),
        None => match parse_text(source, source, 0) {
            Ok(stmts) => {
                let mut parsed = Parsed::default();
                push_statements(stmts, &mut parsed);
                return parsed;
            }
            Err(e) => e,
        },
    };

    // Recovery: parse the top-level chunks one by one.
    let mut parsed = Parsed::default();
    let mut chunk_failed = false;
    let starts = &whole.chunk_starts;
    if starts.len() <= 1 {
        // The file is one chunk: its error is the whole-file error.
        parsed.errors.push(whole_error);
        return parsed;
    }
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(source.len());
        let Some(text) = source.get(start..end) else { continue };
        let base = u32::try_from(start).unwrap_or(u32::MAX);
        if let Some(v) = prescan::scan(text).violation {
            parsed.errors.push(violation_error(source, &v, base));
            chunk_failed = true;
            continue;
        }
        match parse_text(source, text, base) {
            Ok(stmts) => push_statements(stmts, &mut parsed),
            Err(e) => {
                parsed.errors.push(e);
                chunk_failed = true;
            }
        }
    }
    if !chunk_failed {
        parsed.errors.push(whole_error);
    }
    parsed.errors.sort_by_key(|e| (e.span.start, e.span.end));
    parsed
}

/// Append parsed statements to `parsed`, each top-level statement whose tree is deeper than
/// [`MAX_TREE_DEPTH`] replaced by an error.
fn push_statements(stmts: Vec<Stmt>, parsed: &mut Parsed) {
    for stmt in stmts {
        match depth::too_deep(&stmt) {
            None => parsed.module.body.push(decorated_lambdas(stmt)),
            Some(span) => parsed.errors.push(SyntaxError {
                message: format!(
                    "expression nested too deeply (more than {} levels)",
                    MAX_TREE_DEPTH
                ),
                span,
            }),
        }
    }
}

/// A module-level `name = decorator(lambda params: body)` (`square = njit(lambda x: x * x)`,
/// `add = njit("f8(f8, f8)")(lambda a, b: a + b)`), as the decorated `def` it is equivalent
/// to: `@decorator def name(params): return body`, marked as a lambda (Python names it
/// `<lambda>`). Statements of module-level `if`/`try`/`with`/loops are rewritten too; function
/// and class bodies are not.
fn decorated_lambdas(mut stmt: Stmt) -> Stmt {
    fn each(stmts: &mut [Stmt]) {
        for s in stmts.iter_mut() {
            let taken = std::mem::replace(s, Stmt { span: s.span, kind: StmtKind::Pass });
            *s = decorated_lambdas(taken);
        }
    }
    match &mut stmt.kind {
        StmtKind::If { body, orelse, .. } | StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
            each(body);
            each(orelse);
            return stmt;
        }
        StmtKind::With { body, .. } => {
            each(body);
            return stmt;
        }
        StmtKind::Try { body, handlers, orelse, finalbody } => {
            each(body);
            for h in handlers.iter_mut() {
                each(&mut h.body);
            }
            each(orelse);
            each(finalbody);
            return stmt;
        }
        StmtKind::Assign { targets, value } => {
            let ([target], ExprKind::Call { func, args, keywords }) = (targets.as_slice(), &value.kind) else { return stmt };
            let (ExprKind::Name(name), [arg], true) = (&target.kind, args.as_slice(), keywords.is_empty()) else { return stmt };
            let ExprKind::Lambda { params, body } = &arg.kind else { return stmt };
            if !matches!(func.kind, ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Call { .. }) {
                return stmt;
            }
            let def = FunctionDef {
                name: name.clone(),
                // `lambda` through the end of its parameters is where Python's `<lambda>` starts.
                name_span: Span::new(arg.span.start, body.span.start.max(arg.span.start)),
                params: (**params).clone(),
                body: vec![Stmt { span: body.span, kind: StmtKind::Return(Some((**body).clone())) }],
                decorators: vec![(**func).clone()],
                returns: None,
                is_async: false,
                is_lambda: true,
            };
            Stmt { span: stmt.span, kind: StmtKind::FunctionDef(Box::new(def)) }
        }
        _ => stmt,
    }
}

/// Parse `text`, which is `source[base..base + text.len()]`.
fn parse_text(source: &str, text: &str, base: u32) -> Result<Vec<Stmt>, SyntaxError> {
    let result = catch_unwind(AssertUnwindSafe(|| parser::parse_statements(source, text, base)));
    match result {
        Ok(Ok(stmts)) => Ok(stmts),
        Ok(Err(e)) => Err(parse_error(source, text, base, &e)),
        Err(_) => {
            let first_line = text.find('\n').unwrap_or(text.len());
            let end = base.saturating_add(u32::try_from(first_line).unwrap_or(0));
            Err(SyntaxError {
                message: "internal error: the parser crashed on this code".to_owned(),
                span: Span::new(base, end),
            })
        }
    }
}

/// A pre-scan violation at `v.offset` in the text starting at `base` in `source`; the span
/// covers the token there.
fn violation_error(source: &str, v: &prescan::Violation, base: u32) -> SyntaxError {
    let mut at = (base as usize).saturating_add(v.offset).min(source.len());
    while at > 0 && !source.is_char_boundary(at) {
        at -= 1;
    }
    let end = at + token_len(&source[at..]);
    let to_u32 = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    SyntaxError { message: v.message.clone(), span: Span::new(to_u32(at), to_u32(end)) }
}

/// Convert a parser error for `text` (at `base` in `source`) into a [`SyntaxError`].
fn parse_error(source: &str, text: &str, base: u32, e: &PError) -> SyntaxError {
    let message = truncate(e.message.clone());
    let chunk_end = base as usize + text.len();
    let mut offset = (e.offset as usize).clamp(base as usize, chunk_end);
    // An error at (or after) the last code of the chunk — "unexpected end of file", an
    // unclosed bracket — is reported right after that code instead of at the start of
    // whatever follows (for a chunk: the next top-level statement's line).
    let code_end = base as usize + text.trim_end().len();
    if offset >= code_end {
        offset = code_end;
    }
    while offset > 0 && !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let end = offset + token_len(&source[offset..chunk_end.max(offset)]);
    let to_u32 = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    SyntaxError { message, span: Span::new(to_u32(offset), to_u32(end)) }
}

/// Length in bytes of the token that starts `rest` (roughly: a word, or one character; a
/// newline or the end gives an empty span).
fn token_len(rest: &str) -> usize {
    let mut chars = rest.char_indices();
    match chars.next() {
        None | Some((_, '\n' | '\r')) => 0,
        Some((_, c)) if c.is_alphanumeric() || c == '_' => rest
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
            .map_or(rest.len(), |(i, _)| i),
        Some((_, c)) => c.len_utf8(),
    }
}

fn truncate(mut message: String) -> String {
    if message.len() > MAX_MESSAGE_LEN {
        let mut cut = MAX_MESSAGE_LEN;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push('…');
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs right at the nesting limits still parse on a quarter of the parser thread's
    /// stack (measured need in debug builds: 3.5–6 MiB for these).
    #[test]
    fn limits_fit_in_a_quarter_of_the_stack() {
        let inputs = vec![
            format!("x = {}1{}\n", "(".repeat(200), ")".repeat(200)),
            format!("x = {}1\n", "a+".repeat(9_900)),
            format!("x = {}1\n", "-".repeat(9_900)),
            format!("x = {}1\n", "not ".repeat(9_900)),
            format!("x = a{}\n", ".b".repeat(9_900)),
            format!("x = a{}\n", "()".repeat(4_900)),
            format!("x = a{}\n", "[0]".repeat(4_900)),
            format!("x = {}1\n", "lambda: ".repeat(4_900)),
            format!("x = f'{{{}1}}'\n", "a+".repeat(9_900)),
            format!("x = {}a\n", "a if a else ".repeat(4_900)),
            format!("x = {}1\n", "a**".repeat(4_900)),
            format!("x = {}1\n", "await ".repeat(9_900)),
            format!("x = {}1\n", "a+".repeat(998)),
        ];
        let handle =
            std::thread::Builder::new().stack_size(PARSER_STACK_SIZE / 4).spawn(move || {
                inputs
                    .iter()
                    .map(|input| parse_on_this_thread(input).errors.len())
                    .collect::<Vec<_>>()
            });
        let errors = handle.ok().and_then(|h| h.join().ok());
        // The first parses; the last is exactly MAX_TREE_DEPTH deep (the statement, 998
        // BinOps, the leaf) and parses; all others exceed a limit.
        let errors = errors.unwrap_or_default();
        assert_eq!(errors.first(), Some(&0));
        assert_eq!(errors.last(), Some(&0));
        assert!(errors[1..errors.len() - 1].iter().all(|&n| n == 1), "{errors:?}");
    }
}

/// Byte ranges of the top-level chunks of `source` (each a statement with its decorators and
/// leading comments), as the recovery parser splits files.
pub(crate) fn top_level_chunks(source: &str) -> Vec<(u32, u32)> {
    let scan = prescan::scan(source);
    let mut out = Vec::with_capacity(scan.chunk_starts.len());
    for (i, &start) in scan.chunk_starts.iter().enumerate() {
        let end = scan.chunk_starts.get(i + 1).copied().unwrap_or(source.len());
        out.push((start as u32, end as u32));
    }
    out
}
