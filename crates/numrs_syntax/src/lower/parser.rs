//! A recursive-descent parser for Python 3.11 that builds the numrs AST directly.
//!
//! It follows the structure of CPython's grammar (`Grammar/python.gram`): one function per
//! precedence level, with left-associative operators and prefix operators parsed in loops
//! (so long chains do not recurse), and the spans CPython's and rustpython's parsers give the
//! same nodes (see `lower.rs`). Statements Numba cannot compile and numrs does not model (`match`, `type`
//! aliases, `try*`) are parsed only as far as needed to find their end.

use super::lexer::{tokenize, StrTok, TokKind, Token};
use super::strings::{decode_bytes, decode_str, pieces_to_exprs, FPiece, FStringParser};
use super::PError;
use crate::ast::*;

type PResult<T> = Result<T, PError>;

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

pub(crate) struct Parser<'a> {
    /// The whole file: token offsets index it.
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// End of the last token consumed that is not NEWLINE/INDENT/DEDENT.
    prev_end: u32,
}

/// Parse `text`, which is `src[base..base + text.len()]`, as a module's statements.
pub(crate) fn parse_statements(src: &str, text: &str, base: u32) -> PResult<Vec<Stmt>> {
    let (toks, lex_error) = tokenize(text, base, false);
    let mut p = Parser { src, toks, pos: 0, prev_end: base };
    let mut out = Vec::new();
    let mut parsed = Ok(());
    while !p.at_kind(&TokKind::EndOfFile) {
        parsed = p.statement(&mut out);
        if parsed.is_err() {
            break;
        }
    }
    p.finish(parsed, lex_error)?;
    Ok(out)
}

/// Parse the expression of an f-string replacement field (as if parenthesized).
fn parse_fstring_expr(src: &str, text: &str, at: u32) -> PResult<Expr> {
    let (toks, lex_error) = tokenize(text, at, true);
    let mut p = Parser { src, toks, pos: 0, prev_end: at };
    let e = if p.at_kw("yield") { p.yield_expr() } else { p.star_expressions() };
    let parsed = match &e {
        Ok(_) if !p.at_kind(&TokKind::EndOfFile) => p.unexpected(),
        Ok(_) => Ok(()),
        Err(err) => Err(err.clone()),
    };
    p.finish(parsed, lex_error)?;
    e
}

fn is_keyword(s: &str) -> bool {
    KEYWORDS.contains(&s)
}

impl<'a> Parser<'a> {
    /// The outcome of a parse that stopped at token `self.pos`, given the tokenizer's error:
    /// the parser's own error if it came before the point where the tokenizer stopped, else
    /// the tokenizer's.
    fn finish(&self, parsed: PResult<()>, lex_error: Option<PError>) -> PResult<()> {
        match (parsed, lex_error) {
            (Err(e), Some(_)) if self.pos + 1 < self.toks.len() => Err(e),
            (_, Some(lex)) => Err(lex),
            (parsed, None) => parsed,
        }
    }

    // ---------------------------------------------------------------- tokens

    fn tok(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek(&self, n: usize) -> &Token {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }

    fn text(&self, t: &Token) -> &'a str {
        self.src.get(t.start as usize..t.end as usize).unwrap_or("")
    }

    fn at_kind(&self, k: &TokKind) -> bool {
        std::mem::discriminant(&self.tok().kind) == std::mem::discriminant(k)
    }

    fn at_op(&self, op: &str) -> bool {
        matches!(self.tok().kind, TokKind::Op(o) if o == op)
    }

    fn op_at(&self, n: usize, op: &str) -> bool {
        matches!(self.peek(n).kind, TokKind::Op(o) if o == op)
    }

    fn at_kw(&self, kw: &str) -> bool {
        self.tok().kind == TokKind::Name && self.text(self.tok()) == kw
    }

    fn kw_at(&self, n: usize, kw: &str) -> bool {
        let t = self.peek(n);
        t.kind == TokKind::Name && self.text(t) == kw
    }

    /// At a name that is not a (hard) keyword.
    fn at_identifier(&self) -> bool {
        self.tok().kind == TokKind::Name && !is_keyword(self.text(self.tok()))
    }

    fn bump(&mut self) -> Token {
        let t = self.tok().clone();
        if !matches!(t.kind, TokKind::Newline | TokKind::Indent | TokKind::Dedent | TokKind::EndOfFile) {
            self.prev_end = t.end;
        }
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if self.at_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.at_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_op(&mut self, op: &str) -> PResult<Token> {
        if self.at_op(op) {
            Ok(self.bump())
        } else {
            self.unexpected()
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<Token> {
        if self.at_kw(kw) {
            Ok(self.bump())
        } else {
            self.unexpected()
        }
    }

    fn identifier(&mut self) -> PResult<(String, Span)> {
        if self.at_identifier() {
            let t = self.bump();
            Ok((self.text(&t).to_owned(), Span::new(t.start, t.end)))
        } else {
            self.unexpected()
        }
    }

    fn describe(&self, t: &Token) -> String {
        match &t.kind {
            TokKind::Newline => "newline".to_owned(),
            TokKind::Indent => "indent".to_owned(),
            TokKind::Dedent => "dedent".to_owned(),
            TokKind::EndOfFile => "end of file".to_owned(),
            TokKind::Str(_) => "string literal".to_owned(),
            TokKind::Number(_) => "number".to_owned(),
            TokKind::Name => format!("name '{}'", self.text(t)),
            TokKind::Op(op) => format!("'{op}'"),
        }
    }

    fn error_at<T>(&self, offset: u32, message: impl Into<String>) -> PResult<T> {
        Err(PError { message: message.into(), offset })
    }

    fn unexpected<T>(&self) -> PResult<T> {
        let t = self.tok();
        let message = match t.kind {
            TokKind::Indent => "unexpected indent".to_owned(),
            TokKind::EndOfFile => "unexpected end of file".to_owned(),
            _ => format!("invalid syntax: unexpected {}", self.describe(t)),
        };
        self.error_at(t.start, message)
    }

    /// The current token can start an expression.
    fn at_expr_start(&self) -> bool {
        let t = self.tok();
        match &t.kind {
            TokKind::Name => {
                let s = self.text(t);
                !is_keyword(s) || matches!(s, "None" | "True" | "False" | "not" | "lambda" | "await")
            }
            TokKind::Number(_) | TokKind::Str(_) => true,
            TokKind::Op(op) => matches!(*op, "(" | "[" | "{" | "-" | "+" | "~" | "..." | "*"),
            _ => false,
        }
    }

    // ---------------------------------------------------------------- statements

    fn statement(&mut self, out: &mut Vec<Stmt>) -> PResult<()> {
        let t = self.tok();
        match &t.kind {
            TokKind::Indent => self.unexpected(),
            TokKind::Newline => {
                self.bump();
                Ok(())
            }
            TokKind::Name => {
                let word = self.text(t);
                match word {
                    "if" | "while" | "for" | "try" | "with" | "def" | "class" | "async" => {
                        out.push(self.compound()?);
                        Ok(())
                    }
                    "match" => {
                        if let Some(s) = self.try_match_statement()? {
                            out.push(s);
                            return Ok(());
                        }
                        self.simple_statements(out)
                    }
                    _ => self.simple_statements(out),
                }
            }
            TokKind::Op("@") => {
                out.push(self.decorated()?);
                Ok(())
            }
            _ => self.simple_statements(out),
        }
    }

    fn compound(&mut self) -> PResult<Stmt> {
        let word = self.text(self.tok());
        match word {
            "if" => self.if_statement(),
            "while" => self.while_statement(),
            "for" => self.for_statement(false),
            "try" => self.try_statement(),
            "with" => self.with_statement(false),
            "def" => self.function_def(Vec::new()),
            "class" => self.class_def(Vec::new()),
            _ => {
                // async
                match self.text(self.peek(1)) {
                    "def" => self.function_def(Vec::new()),
                    "for" => self.for_statement(true),
                    "with" => self.with_statement(true),
                    _ => {
                        self.bump();
                        self.unexpected()
                    }
                }
            }
        }
    }

    /// `: NEWLINE INDENT stmts DEDENT` or `: simple_stmts`.
    fn block(&mut self) -> PResult<Vec<Stmt>> {
        self.expect_op(":")?;
        let mut body = Vec::new();
        if self.at_kind(&TokKind::Newline) {
            self.bump();
            if !self.at_kind(&TokKind::Indent) {
                let t = self.tok();
                return self.error_at(t.start, "expected an indented block");
            }
            self.bump();
            while !self.at_kind(&TokKind::Dedent) && !self.at_kind(&TokKind::EndOfFile) {
                self.statement(&mut body)?;
            }
            self.bump();
        } else {
            self.simple_statements(&mut body)?;
        }
        Ok(body)
    }

    fn end_of(&self, start: u32) -> Span {
        Span::new(start, self.prev_end.max(start))
    }

    fn if_statement(&mut self) -> PResult<Stmt> {
        let start = self.bump().start; // if / elif
        let test = self.named_expression()?;
        let body = self.block()?;
        let orelse = if self.at_kw("elif") {
            vec![self.if_statement()?]
        } else if self.at_kw("else") && self.op_at(1, ":") {
            self.bump();
            self.block()?
        } else {
            Vec::new()
        };
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::If { test, body, orelse } })
    }

    fn while_statement(&mut self) -> PResult<Stmt> {
        let start = self.bump().start;
        let test = self.named_expression()?;
        let body = self.block()?;
        let orelse = self.else_block()?;
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::While { test, body, orelse } })
    }

    fn else_block(&mut self) -> PResult<Vec<Stmt>> {
        if self.at_kw("else") {
            self.bump();
            self.block()
        } else {
            Ok(Vec::new())
        }
    }

    fn for_statement(&mut self, is_async: bool) -> PResult<Stmt> {
        let start = self.bump().start;
        if is_async {
            self.expect_kw("for")?;
        }
        let target = self.star_targets()?;
        self.expect_kw("in")?;
        let iter = self.star_expressions()?;
        let body = self.block()?;
        let orelse = self.else_block()?;
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::For { target, iter, body, orelse, is_async } })
    }

    fn try_statement(&mut self) -> PResult<Stmt> {
        let start = self.bump().start;
        let body = self.block()?;
        let mut handlers = Vec::new();
        let mut star = false;
        while self.at_kw("except") {
            let hstart = self.bump().start;
            if self.eat_op("*") {
                star = true;
            }
            let mut type_ = None;
            let mut name = None;
            if !self.at_op(":") {
                let t = self.expression()?;
                if self.at_op(",") {
                    return self.error_at(t.span.start, "multiple exception types must be parenthesized");
                }
                type_ = Some(t);
                if self.eat_kw("as") {
                    name = Some(self.identifier()?.0);
                }
            } else if star {
                return self.error_at(self.tok().start, "expected one or more exception types");
            }
            let hbody = self.block()?;
            handlers.push(ExceptHandler { span: self.end_of(hstart), type_, name, body: hbody });
        }
        let orelse = if !handlers.is_empty() { self.else_block()? } else { Vec::new() };
        let finalbody = if self.at_kw("finally") {
            self.bump();
            self.block()?
        } else {
            Vec::new()
        };
        if handlers.is_empty() && finalbody.is_empty() {
            return self.error_at(self.tok().start, "expected 'except' or 'finally' block");
        }
        let kind = if star {
            StmtKind::Unsupported("try* statement")
        } else {
            StmtKind::Try { body, handlers, orelse, finalbody }
        };
        Ok(Stmt { span: self.end_of(start), kind })
    }

    fn with_statement(&mut self, is_async: bool) -> PResult<Stmt> {
        let start = self.bump().start;
        if is_async {
            self.expect_kw("with")?;
        }
        let items = match self.parenthesized_with_items()? {
            Some(items) => items,
            None => {
                let mut items = vec![self.with_item()?];
                while self.eat_op(",") {
                    items.push(self.with_item()?);
                }
                items
            }
        };
        let body = self.block()?;
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::With { items, body, is_async } })
    }

    /// `with ( item, ... ) :`, tried first as CPython does; `None` (and nothing consumed) if
    /// the parentheses are not followed by `:` or do not hold with-items.
    fn parenthesized_with_items(&mut self) -> PResult<Option<Vec<WithItem>>> {
        if !self.at_op("(") {
            return Ok(None);
        }
        let (save_pos, save_end) = (self.pos, self.prev_end);
        let attempt = (|| -> PResult<Option<Vec<WithItem>>> {
            self.bump();
            let mut items = vec![self.with_item()?];
            while self.eat_op(",") {
                if self.at_op(")") {
                    break;
                }
                items.push(self.with_item()?);
            }
            self.expect_op(")")?;
            Ok(if self.at_op(":") { Some(items) } else { None })
        })();
        match attempt {
            Ok(Some(items)) => Ok(Some(items)),
            _ => {
                self.pos = save_pos;
                self.prev_end = save_end;
                Ok(None)
            }
        }
    }

    fn with_item(&mut self) -> PResult<WithItem> {
        let context = self.expression()?;
        let target = if self.eat_kw("as") {
            let t = self.star_target()?;
            check_target(&t, Ctx::Assign)?;
            Some(t)
        } else {
            None
        };
        Ok(WithItem { context, target })
    }

    fn decorated(&mut self) -> PResult<Stmt> {
        let mut decorators = Vec::new();
        while self.at_op("@") {
            self.bump();
            decorators.push(self.named_expression()?);
            if !self.at_kind(&TokKind::Newline) {
                return self.unexpected();
            }
            self.bump();
        }
        if self.at_kw("def") || (self.at_kw("async") && self.kw_at(1, "def")) {
            self.function_def(decorators)
        } else if self.at_kw("class") {
            self.class_def(decorators)
        } else {
            self.unexpected()
        }
    }

    fn function_def(&mut self, decorators: Vec<Expr>) -> PResult<Stmt> {
        let start = self.tok().start;
        let is_async = self.eat_kw("async");
        let def = self.expect_kw("def")?;
        let (name, name_tok) = self.identifier()?;
        self.type_params()?;
        self.expect_op("(")?;
        let params = self.parameters(")", true)?;
        self.expect_op(")")?;
        let returns = if self.eat_op("->") { Some(self.expression()?) } else { None };
        let body = self.block()?;
        let f = FunctionDef {
            name,
            name_span: Span::new(def.start, name_tok.end),
            params,
            body,
            decorators,
            returns,
            is_async,
            is_lambda: false,
        };
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::FunctionDef(Box::new(f)) })
    }

    /// PEP 695 type parameters (`def f[T](...)`): parsed and dropped.
    fn type_params(&mut self) -> PResult<()> {
        if !self.at_op("[") {
            return Ok(());
        }
        self.bump();
        loop {
            if self.at_op("]") {
                break;
            }
            if self.eat_op("*") || self.eat_op("**") {
                self.identifier()?;
            } else {
                self.identifier()?;
                if self.eat_op(":") {
                    self.expression()?;
                }
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("]")?;
        Ok(())
    }

    fn class_def(&mut self, decorators: Vec<Expr>) -> PResult<Stmt> {
        let start = self.bump().start;
        let (name, _) = self.identifier()?;
        self.type_params()?;
        let mut bases = Vec::new();
        if self.eat_op("(") {
            let (args, _keywords) = self.call_arguments()?;
            bases = args;
        }
        let body = self.block()?;
        let c = ClassDef { name, bases, body, decorators };
        Ok(Stmt { span: self.end_of(start), kind: StmtKind::ClassDef(Box::new(c)) })
    }

    /// `match subject:` followed by its `case` clauses; `None` (nothing consumed) when `match`
    /// is an ordinary name here.
    fn try_match_statement(&mut self) -> PResult<Option<Stmt>> {
        let (save_pos, save_end) = (self.pos, self.prev_end);
        let start = self.bump().start;
        let subject = if self.at_expr_start() { self.star_named_expressions_as_tuple().ok() } else { None };
        let subject = match subject {
            Some(e) if self.at_op(":") && matches!(self.peek(1).kind, TokKind::Newline) => e,
            _ => {
                self.pos = save_pos;
                self.prev_end = save_end;
                return Ok(None);
            }
        };
        self.bump();
        self.bump();
        if !self.at_kind(&TokKind::Indent) {
            return self.error_at(self.tok().start, "expected an indented block");
        }
        self.bump();
        let mut cases = Vec::new();
        while !self.at_kind(&TokKind::Dedent) && !self.at_kind(&TokKind::EndOfFile) {
            if !self.at_kw("case") {
                return self.unexpected();
            }
            let case_start = self.bump().start;
            let pattern = self.pattern()?;
            let guard = if self.eat_kw("if") { Some(self.named_expression()?) } else { None };
            let span = self.end_of(case_start);
            let body = self.block()?;
            cases.push(MatchCase { span, pattern, guard, body });
        }
        self.bump();
        Ok(Some(Stmt { span: self.end_of(start), kind: StmtKind::Match { subject, cases } }))
    }

    /// A `case` pattern: `p | q`, `p as name`, an open sequence `a, b`. Its parts are read as
    /// expressions (patterns are written as a subset of them) and then classified.
    fn pattern(&mut self) -> PResult<Pattern> {
        let (save_pos, save_end) = (self.pos, self.prev_end);
        match self.pattern_items() {
            Ok(p) => Ok(p),
            // A pattern written as no expression is (`[a as b]`, `(p as q)` nested): a
            // structural pattern as far as the `:` of the `case` line (numrs does not model its
            // parts; Numba refuses sequence, mapping and class patterns anyway).
            Err(e) => {
                self.pos = save_pos;
                self.prev_end = save_end;
                let start = self.tok().start;
                let op = if self.at_op("{") {
                    "MATCH_MAPPING"
                } else if self.at_op("[") || self.at_op("(") {
                    "MATCH_SEQUENCE"
                } else {
                    "MATCH_CLASS"
                };
                let mut depth = 0i32;
                loop {
                    match &self.tok().kind {
                        TokKind::Op(o) if matches!(*o, "(" | "[" | "{") => depth += 1,
                        TokKind::Op(o) if matches!(*o, ")" | "]" | "}") => depth -= 1,
                        TokKind::Op(":") if depth <= 0 => break,
                        TokKind::Newline | TokKind::EndOfFile | TokKind::Indent | TokKind::Dedent => return Err(e),
                        _ => {}
                    }
                    self.bump();
                }
                Ok(Pattern { span: self.end_of(start), kind: PatternKind::Structural(op) })
            }
        }
    }

    fn pattern_items(&mut self) -> PResult<Pattern> {
        let start = self.tok().start;
        let mut items = vec![self.as_pattern()?];
        let mut open_sequence = false;
        while self.eat_op(",") {
            open_sequence = true;
            if self.at_op(":") || self.at_kw("if") {
                break;
            }
            items.push(self.as_pattern()?);
        }
        if open_sequence {
            return Ok(Pattern { span: self.end_of(start), kind: PatternKind::Structural("MATCH_SEQUENCE") });
        }
        Ok(items.remove(0))
    }

    fn as_pattern(&mut self) -> PResult<Pattern> {
        let start = self.tok().start;
        let inner = if self.at_op("*") {
            self.bump();
            self.identifier()?;
            Pattern { span: self.end_of(start), kind: PatternKind::Structural("MATCH_SEQUENCE") }
        } else {
            self.or_pattern()?
        };
        if self.eat_kw("as") {
            let (name, _) = self.identifier()?;
            return Ok(Pattern { span: self.end_of(start), kind: PatternKind::As(Box::new(inner), name) });
        }
        Ok(inner)
    }

    /// `p | q | ...` of closed patterns.
    fn or_pattern(&mut self) -> PResult<Pattern> {
        let start = self.tok().start;
        let mut alts = vec![self.closed_pattern()?];
        while self.eat_op("|") {
            alts.push(self.closed_pattern()?);
        }
        if alts.len() == 1 {
            return Ok(alts.remove(0));
        }
        Ok(Pattern { span: self.end_of(start), kind: PatternKind::Or(alts) })
    }

    /// A group `(p)` (its pattern, which may hold `as` and `|`), or a pattern written as an
    /// expression (a value, a capture, a literal; `(a, b)` is a sequence).
    fn closed_pattern(&mut self) -> PResult<Pattern> {
        if self.at_op("(") {
            let (save_pos, save_end) = (self.pos, self.prev_end);
            self.bump();
            if !self.at_op(")") {
                if let Ok(p) = self.as_pattern() {
                    if self.eat_op(")") {
                        return Ok(p);
                    }
                }
            }
            self.pos = save_pos;
            self.prev_end = save_end;
        }
        let e = self.bitwise_xor()?;
        Ok(pattern_of(e))
    }

    fn simple_statements(&mut self, out: &mut Vec<Stmt>) -> PResult<()> {
        loop {
            out.push(self.simple_statement()?);
            let end = self.prev_end;
            if self.eat_op(";") {
                // A `;` belongs to no statement's span.
                self.prev_end = end;
                if self.at_kind(&TokKind::Newline) {
                    break;
                }
                continue;
            }
            break;
        }
        if !self.at_kind(&TokKind::Newline) {
            return self.unexpected();
        }
        self.bump();
        Ok(())
    }

    fn simple_statement(&mut self) -> PResult<Stmt> {
        let start = self.tok().start;
        let kind = self.simple_statement_kind()?;
        Ok(Stmt { span: self.end_of(start), kind })
    }

    fn simple_statement_kind(&mut self) -> PResult<StmtKind> {
        if self.tok().kind == TokKind::Name {
            match self.text(self.tok()) {
                "pass" => {
                    self.bump();
                    return Ok(StmtKind::Pass);
                }
                "break" => {
                    self.bump();
                    return Ok(StmtKind::Break);
                }
                "continue" => {
                    self.bump();
                    return Ok(StmtKind::Continue);
                }
                "return" => {
                    self.bump();
                    let value = if self.at_expr_start() { Some(self.star_expressions()?) } else { None };
                    return Ok(StmtKind::Return(value));
                }
                "raise" => {
                    self.bump();
                    let mut exc = None;
                    let mut cause = None;
                    if self.at_expr_start() {
                        exc = Some(self.expression()?);
                        if self.eat_kw("from") {
                            cause = Some(self.expression()?);
                        }
                    }
                    return Ok(StmtKind::Raise { exc, cause });
                }
                "global" | "nonlocal" => {
                    let global = self.bump();
                    let mut names = vec![self.identifier()?.0];
                    while self.eat_op(",") {
                        names.push(self.identifier()?.0);
                    }
                    return Ok(if self.text(&global) == "global" {
                        StmtKind::Global(names)
                    } else {
                        StmtKind::Nonlocal(names)
                    });
                }
                "del" => {
                    self.bump();
                    let mut targets = vec![self.del_target()?];
                    while self.eat_op(",") {
                        if !self.at_expr_start() {
                            break;
                        }
                        targets.push(self.del_target()?);
                    }
                    return Ok(StmtKind::Delete(targets));
                }
                "assert" => {
                    self.bump();
                    let test = self.expression()?;
                    let msg = if self.eat_op(",") { Some(self.expression()?) } else { None };
                    return Ok(StmtKind::Assert { test, msg });
                }
                "import" => return self.import(),
                "from" => return self.import_from(),
                "type" if self.peek(1).kind == TokKind::Name
                    && (self.op_at(2, "=") || self.op_at(2, "[")) =>
                {
                    self.bump();
                    self.identifier()?;
                    self.type_params()?;
                    self.expect_op("=")?;
                    self.expression()?;
                    return Ok(StmtKind::Unsupported("type alias statement"));
                }
                _ => {}
            }
        }
        self.expression_statement()
    }

    fn del_target(&mut self) -> PResult<Expr> {
        let e = self.bitwise_or()?;
        check_target(&e, Ctx::Del)?;
        Ok(e)
    }

    fn dotted_name(&mut self) -> PResult<(String, Span)> {
        let (mut name, mut span) = self.identifier()?;
        while self.at_op(".") {
            self.bump();
            let (part, s) = self.identifier()?;
            name.push('.');
            name.push_str(&part);
            span.end = s.end;
        }
        Ok((name, span))
    }

    fn import(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut names = Vec::new();
        loop {
            let (name, mut span) = self.dotted_name()?;
            let asname = if self.eat_kw("as") {
                let (a, s) = self.identifier()?;
                span.end = s.end;
                Some(a)
            } else {
                None
            };
            names.push(Alias { name, asname, span });
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(StmtKind::Import(names))
    }

    fn import_from(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut level = 0u32;
        loop {
            if self.eat_op(".") {
                level += 1;
            } else if self.eat_op("...") {
                level += 3;
            } else {
                break;
            }
        }
        let module = if self.at_kw("import") { None } else { Some(self.dotted_name()?.0) };
        if module.is_none() && level == 0 {
            return self.unexpected();
        }
        self.expect_kw("import")?;
        let mut names = Vec::new();
        if self.at_op("*") {
            let t = self.bump();
            names.push(Alias { name: "*".to_owned(), asname: None, span: Span::new(t.start, t.end) });
            return Ok(StmtKind::ImportFrom { module, names, level });
        }
        let parens = self.eat_op("(");
        loop {
            let (name, mut span) = self.identifier()?;
            let asname = if self.eat_kw("as") {
                let (a, s) = self.identifier()?;
                span.end = s.end;
                Some(a)
            } else {
                None
            };
            names.push(Alias { name, asname, span });
            if !self.eat_op(",") {
                break;
            }
            if parens && self.at_op(")") {
                break;
            }
            if !parens && !self.at_identifier() {
                return self.error_at(self.tok().start, "trailing comma not allowed without surrounding parentheses");
            }
        }
        if parens {
            self.expect_op(")")?;
        }
        Ok(StmtKind::ImportFrom { module, names, level })
    }

    fn expression_statement(&mut self) -> PResult<StmtKind> {
        let first = if self.at_kw("yield") { self.yield_expr()? } else { self.star_expressions()? };
        if self.at_op("=") {
            let mut targets = vec![first];
            let value = loop {
                self.bump();
                let rhs = if self.at_kw("yield") { self.yield_expr()? } else { self.star_expressions()? };
                if self.at_op("=") {
                    targets.push(rhs);
                } else {
                    break rhs;
                }
            };
            for t in &targets {
                check_target(t, Ctx::Assign)?;
            }
            return Ok(StmtKind::Assign { targets, value });
        }
        if let TokKind::Op(op) = self.tok().kind {
            if let Some(binop) = aug_op(op) {
                match &first.kind {
                    ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => {}
                    _ => {
                        return self.error_at(
                            first.span.start,
                            format!("'{}' is an illegal expression for augmented assignment", describe_expr(&first)),
                        )
                    }
                }
                self.bump();
                let value = if self.at_kw("yield") { self.yield_expr()? } else { self.star_expressions()? };
                return Ok(StmtKind::AugAssign { target: first, op: binop, value });
            }
            if op == ":" {
                match &first.kind {
                    ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => {}
                    ExprKind::Tuple(_) => {
                        return self.error_at(first.span.start, "only single target (not tuple) can be annotated")
                    }
                    ExprKind::List(_) => {
                        return self.error_at(first.span.start, "only single target (not list) can be annotated")
                    }
                    _ => {
                        return self.error_at(
                            first.span.start,
                            "illegal target for annotation",
                        )
                    }
                }
                self.bump();
                let annotation = self.expression()?;
                let value = if self.eat_op("=") {
                    Some(if self.at_kw("yield") { self.yield_expr()? } else { self.star_expressions()? })
                } else {
                    None
                };
                return Ok(StmtKind::AnnAssign { target: first, annotation, value });
            }
        }
        Ok(StmtKind::Expr(first))
    }

    // ---------------------------------------------------------------- parameters

    /// Parameters up to `close` (not consumed): `)` of a def (annotations allowed) or `:` of
    /// a lambda.
    fn parameters(&mut self, close: &str, annotations: bool) -> PResult<Parameters> {
        let mut params = Parameters::default();
        let mut seen_default = false;
        let mut star = false; // `*` or `*args` seen: what follows is keyword-only
        let mut bare_star_at = None;
        let mut slash = false;
        while !self.at_op(close) {
            if self.at_op("/") {
                let t = self.bump();
                if slash || star || params.args.is_empty() {
                    return self.error_at(t.start, if slash { "/ may appear only once" } else if star { "/ must be ahead of *" } else { "at least one argument must precede /" });
                }
                slash = true;
                params.posonly.append(&mut params.args);
            } else if self.at_op("**") {
                self.bump();
                params.kwarg = Some(self.param(annotations, false)?);
                self.eat_op(",");
                if !self.at_op(close) {
                    return self.error_at(self.tok().start, "arguments cannot follow var-keyword argument");
                }
                break;
            } else if self.at_op("*") {
                let t = self.bump();
                if star {
                    return self.error_at(t.start, "* argument may appear only once");
                }
                star = true;
                if self.at_op(",") || self.at_op(close) {
                    bare_star_at = Some(t.start);
                } else {
                    params.vararg = Some(self.param(annotations, true)?);
                }
            } else {
                let mut p = self.param(annotations, false)?;
                if self.eat_op("=") {
                    p.default = Some(self.expression()?);
                    if !star {
                        seen_default = true;
                    }
                } else if seen_default && !star {
                    return self.error_at(p.span.start, "non-default argument follows default argument");
                }
                if star {
                    params.kwonly.push(p);
                } else {
                    params.args.push(p);
                }
            }
            if !self.eat_op(",") {
                break;
            }
        }
        if let Some(at) = bare_star_at {
            if params.kwonly.is_empty() {
                return self.error_at(at, "named arguments must follow bare *");
            }
        }
        if !self.at_op(close) {
            return self.unexpected();
        }
        Ok(params)
    }

    fn param(&mut self, annotations: bool, star: bool) -> PResult<Param> {
        let (name, mut span) = self.identifier()?;
        let mut annotation = None;
        if annotations && self.eat_op(":") {
            let a = if star && self.at_op("*") { self.star_expression()? } else { self.expression()? };
            span.end = a.span.end;
            annotation = Some(a);
        }
        Ok(Param { name, span, annotation, default: None })
    }

    // ---------------------------------------------------------------- expressions

    /// `star_expressions`: one expression, or an unparenthesized tuple.
    fn star_expressions(&mut self) -> PResult<Expr> {
        self.tuple_of(Self::star_expression)
    }

    /// `item (',' item)* [',']`: one item, or an unparenthesized tuple of them.
    fn tuple_of(&mut self, item: fn(&mut Self) -> PResult<Expr>) -> PResult<Expr> {
        let start = self.tok().start;
        let first = item(self)?;
        if !self.at_op(",") {
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat_op(",") {
            if !self.at_expr_start() {
                break;
            }
            elts.push(item(self)?);
        }
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Tuple(elts) })
    }

    /// `'*' bitwise_or`, at the `*`.
    fn starred(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let value = self.bitwise_or()?;
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Starred(Box::new(value)) })
    }

    fn star_expression(&mut self) -> PResult<Expr> {
        if self.at_op("*") {
            return self.starred();
        }
        self.expression()
    }

    fn star_named_expression(&mut self) -> PResult<Expr> {
        if self.at_op("*") {
            return self.starred();
        }
        self.named_expression()
    }

    /// `match` subjects: `star_named_expression ',' star_named_expressions? | named_expression`.
    fn star_named_expressions_as_tuple(&mut self) -> PResult<Expr> {
        self.tuple_of(Self::star_named_expression)
    }

    fn named_expression(&mut self) -> PResult<Expr> {
        if self.at_identifier() && self.op_at(1, ":=") {
            let (name, span) = self.identifier()?;
            self.bump();
            let value = self.expression()?;
            let target = Expr { span, kind: ExprKind::Name(name) };
            return Ok(Expr {
                // Ends where the value's own span ends (not at a `)` around the value).
                span: Span::new(span.start, value.span.end),
                kind: ExprKind::NamedExpr { target: Box::new(target), value: Box::new(value) },
            });
        }
        let e = self.expression()?;
        if self.at_op(":=") {
            return self.error_at(e.span.start, format!("cannot use assignment expressions with {}", describe_expr(&e)));
        }
        Ok(e)
    }

    /// `expression`: a conditional expression or a lambda. Chains of `x if c else y if d
    /// else z` and `lambda: lambda: x` are built in loops.
    fn expression(&mut self) -> PResult<Expr> {
        // Prefix lambdas.
        let mut lambdas: Vec<(u32, Parameters)> = Vec::new();
        while self.at_kw("lambda") {
            let start = self.bump().start;
            let params = self.parameters(":", false)?;
            self.expect_op(":")?;
            lambdas.push((start, params));
        }
        let mut e = self.conditional()?;
        while let Some((start, params)) = lambdas.pop() {
            e = Expr {
                span: self.end_of(start),
                kind: ExprKind::Lambda { params: Box::new(params), body: Box::new(e) },
            };
        }
        Ok(e)
    }

    fn conditional(&mut self) -> PResult<Expr> {
        let mut body_start = self.tok().start;
        let first = self.disjunction()?;
        if !self.at_kw("if") {
            return Ok(first);
        }
        // body if test else (body if test else ...)
        let mut arms: Vec<(u32, Expr, Expr)> = Vec::new();
        let mut body = first;
        let last = loop {
            self.bump(); // if
            let test = self.disjunction()?;
            self.expect_kw("else")?;
            arms.push((body_start, body, test));
            if self.at_kw("lambda") {
                break self.expression()?;
            }
            body_start = self.tok().start;
            let next = self.disjunction()?;
            if self.at_kw("if") {
                body = next;
                continue;
            }
            break next;
        };
        let mut e = last;
        while let Some((start, body, test)) = arms.pop() {
            e = Expr {
                span: self.end_of(start),
                kind: ExprKind::IfExp { test: Box::new(test), body: Box::new(body), orelse: Box::new(e) },
            };
        }
        Ok(e)
    }

    fn disjunction(&mut self) -> PResult<Expr> {
        self.bool_level(Self::conjunction, "or", BoolOp::Or)
    }

    fn conjunction(&mut self) -> PResult<Expr> {
        self.bool_level(Self::inversion, "and", BoolOp::And)
    }

    /// `next (kw next)*` as one flat `BoolOp` (Python's AST does not nest `a or b or c`).
    fn bool_level(&mut self, next: fn(&mut Self) -> PResult<Expr>, kw: &str, op: BoolOp) -> PResult<Expr> {
        let start = self.tok().start;
        let first = next(self)?;
        if !self.at_kw(kw) {
            return Ok(first);
        }
        let mut values = vec![first];
        while self.eat_kw(kw) {
            values.push(next(self)?);
        }
        Ok(Expr { span: self.end_of(start), kind: ExprKind::BoolOp { op, values } })
    }

    fn inversion(&mut self) -> PResult<Expr> {
        let mut nots = Vec::new();
        while self.at_kw("not") {
            nots.push(self.bump().start);
        }
        let mut e = self.comparison()?;
        while let Some(start) = nots.pop() {
            e = Expr {
                span: self.end_of(start),
                kind: ExprKind::UnaryOp { op: UnaryOp::Not, operand: Box::new(e) },
            };
        }
        Ok(e)
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let start = self.tok().start;
        let left = self.bitwise_or()?;
        let mut ops = Vec::new();
        let mut comparators = Vec::new();
        loop {
            let op = match &self.tok().kind {
                TokKind::Op("==") => CmpOp::Eq,
                TokKind::Op("!=") => CmpOp::NotEq,
                TokKind::Op("<") => CmpOp::Lt,
                TokKind::Op("<=") => CmpOp::LtE,
                TokKind::Op(">") => CmpOp::Gt,
                TokKind::Op(">=") => CmpOp::GtE,
                TokKind::Name if self.at_kw("in") => CmpOp::In,
                TokKind::Name if self.at_kw("is") => {
                    if self.kw_at(1, "not") {
                        self.bump();
                        CmpOp::IsNot
                    } else {
                        CmpOp::Is
                    }
                }
                TokKind::Name if self.at_kw("not") && self.kw_at(1, "in") => {
                    self.bump();
                    CmpOp::NotIn
                }
                _ => break,
            };
            self.bump();
            ops.push(op);
            comparators.push(self.bitwise_or()?);
        }
        if ops.is_empty() {
            return Ok(left);
        }
        Ok(Expr {
            span: self.end_of(start),
            kind: ExprKind::Compare { left: Box::new(left), ops, comparators },
        })
    }

    /// A left-associative binary level: `next (op next)*`.
    fn binary_level(
        &mut self,
        next: fn(&mut Self) -> PResult<Expr>,
        ops: &[(&str, BinOp)],
    ) -> PResult<Expr> {
        let start = self.tok().start;
        let mut left = next(self)?;
        loop {
            let Some(&(_, op)) = ops.iter().find(|(s, _)| self.at_op(s)) else { break };
            self.bump();
            let right = next(self)?;
            left = Expr {
                span: self.end_of(start),
                kind: ExprKind::BinOp { left: Box::new(left), op, right: Box::new(right) },
            };
        }
        Ok(left)
    }

    fn bitwise_or(&mut self) -> PResult<Expr> {
        self.binary_level(Self::bitwise_xor, &[("|", BinOp::BitOr)])
    }

    fn bitwise_xor(&mut self) -> PResult<Expr> {
        self.binary_level(Self::bitwise_and, &[("^", BinOp::BitXor)])
    }

    fn bitwise_and(&mut self) -> PResult<Expr> {
        self.binary_level(Self::shift_expr, &[("&", BinOp::BitAnd)])
    }

    fn shift_expr(&mut self) -> PResult<Expr> {
        self.binary_level(Self::sum, &[("<<", BinOp::LShift), (">>", BinOp::RShift)])
    }

    fn sum(&mut self) -> PResult<Expr> {
        self.binary_level(Self::term, &[("+", BinOp::Add), ("-", BinOp::Sub)])
    }

    fn term(&mut self) -> PResult<Expr> {
        self.binary_level(
            Self::factor,
            &[("*", BinOp::Mult), ("/", BinOp::Div), ("//", BinOp::FloorDiv), ("%", BinOp::Mod), ("@", BinOp::MatMult)],
        )
    }

    fn prefix_ops(&mut self) -> Vec<(u32, UnaryOp)> {
        let mut ops = Vec::new();
        loop {
            let op = match self.tok().kind {
                TokKind::Op("-") => UnaryOp::USub,
                TokKind::Op("+") => UnaryOp::UAdd,
                TokKind::Op("~") => UnaryOp::Invert,
                _ => break,
            };
            ops.push((self.bump().start, op));
        }
        ops
    }

    fn apply_prefix(&self, mut e: Expr, mut ops: Vec<(u32, UnaryOp)>) -> Expr {
        while let Some((start, op)) = ops.pop() {
            e = Expr { span: self.end_of(start), kind: ExprKind::UnaryOp { op, operand: Box::new(e) } };
        }
        e
    }

    /// `factor: ('+'|'-'|'~') factor | power`, `power: await_primary ['**' factor]`, in a
    /// loop: `-a ** -b ** c` is `-(a ** (-(b ** c)))`.
    fn factor(&mut self) -> PResult<Expr> {
        let mut chain: Vec<(Vec<(u32, UnaryOp)>, u32, Expr)> = Vec::new();
        loop {
            let prefix = self.prefix_ops();
            let start = self.tok().start;
            let base = self.await_primary()?;
            let more = self.at_op("**");
            chain.push((prefix, start, base));
            if !more {
                break;
            }
            self.bump();
        }
        let (prefix, _, base) = chain.pop().expect("one operand");
        let mut acc = self.apply_prefix(base, prefix);
        while let Some((prefix, start, base)) = chain.pop() {
            let pow = Expr {
                span: self.end_of(start),
                kind: ExprKind::BinOp { left: Box::new(base), op: BinOp::Pow, right: Box::new(acc) },
            };
            acc = self.apply_prefix(pow, prefix);
        }
        Ok(acc)
    }

    fn await_primary(&mut self) -> PResult<Expr> {
        let mut awaits = Vec::new();
        while self.at_kw("await") {
            awaits.push(self.bump().start);
        }
        let mut e = self.primary()?;
        while let Some(start) = awaits.pop() {
            e = Expr { span: self.end_of(start), kind: ExprKind::Await(Box::new(e)) };
        }
        Ok(e)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.tok().start;
        let mut e = self.atom()?;
        loop {
            if self.at_op(".") {
                self.bump();
                let (attr, _) = self.identifier()?;
                e = Expr { span: self.end_of(start), kind: ExprKind::Attribute { value: Box::new(e), attr } };
            } else if self.at_op("(") {
                self.bump();
                let (args, keywords) = self.call_arguments()?;
                e = Expr { span: self.end_of(start), kind: ExprKind::Call { func: Box::new(e), args, keywords } };
            } else if self.at_op("[") {
                self.bump();
                let index = self.slices()?;
                self.expect_op("]")?;
                e = Expr {
                    span: self.end_of(start),
                    kind: ExprKind::Subscript { value: Box::new(e), index: Box::new(index) },
                };
            } else {
                break;
            }
        }
        Ok(e)
    }

    /// Arguments after `(` through `)`.
    fn call_arguments(&mut self) -> PResult<(Vec<Expr>, Vec<Keyword>)> {
        let mut args = Vec::new();
        let mut keywords: Vec<Keyword> = Vec::new();
        let mut seen_kwargs_unpack = false;
        while !self.at_op(")") {
            if self.at_op("**") {
                let start = self.bump().start;
                let value = self.expression()?;
                keywords.push(Keyword { arg: None, span: self.end_of(start), value });
                seen_kwargs_unpack = true;
            } else if self.at_op("*") {
                let start = self.bump().start;
                if seen_kwargs_unpack {
                    return self.error_at(start, "iterable argument unpacking follows keyword argument unpacking");
                }
                let value = self.expression()?;
                args.push(Expr { span: self.end_of(start), kind: ExprKind::Starred(Box::new(value)) });
            } else if self.at_identifier() && self.op_at(1, "=") {
                let (name, span) = self.identifier()?;
                self.bump();
                let value = self.expression()?;
                keywords.push(Keyword { arg: Some(name), span: self.end_of(span.start), value });
            } else {
                let arg_start = self.tok().start;
                let e = self.named_expression()?;
                if self.at_kw("for") || (self.at_kw("async") && self.kw_at(1, "for")) {
                    let generators = self.comprehension_clauses()?;
                    let only = args.is_empty() && keywords.is_empty() && self.at_op(")");
                    if !only {
                        return self.error_at(e.span.start, "Generator expression must be parenthesized");
                    }
                    let span = Span::new(arg_start, self.prev_end);
                    args.push(Expr { span, kind: ExprKind::GeneratorExp { elt: Box::new(e), generators } });
                    break;
                }
                if self.at_op("=") {
                    return self.error_at(e.span.start, "expression cannot contain assignment, perhaps you meant \"==\"?");
                }
                if !keywords.is_empty() {
                    let msg = if seen_kwargs_unpack {
                        "positional argument follows keyword argument unpacking"
                    } else {
                        "positional argument follows keyword argument"
                    };
                    return self.error_at(e.span.start, msg);
                }
                args.push(e);
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")")?;
        Ok((args, keywords))
    }

    /// The index of a subscript: one slice or expression, or a tuple of them.
    fn slices(&mut self) -> PResult<Expr> {
        let start = self.tok().start;
        let first = self.slice()?;
        if !self.at_op(",") {
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat_op(",") {
            if self.at_op("]") {
                break;
            }
            elts.push(self.slice()?);
        }
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Tuple(elts) })
    }

    fn slice(&mut self) -> PResult<Expr> {
        let start = self.tok().start;
        if self.at_op("*") {
            return self.star_named_expression();
        }
        let lower = if self.at_op(":") { None } else { Some(self.named_expression()?) };
        if !self.at_op(":") {
            return lower.ok_or_else(|| PError { message: "invalid syntax".into(), offset: start });
        }
        self.bump();
        let upper = if self.at_op(":") || self.at_op("]") || self.at_op(",") { None } else { Some(self.expression()?) };
        let mut step = None;
        if self.eat_op(":") && !(self.at_op("]") || self.at_op(",")) {
            step = Some(self.expression()?);
        }
        Ok(Expr {
            span: self.end_of(start),
            kind: ExprKind::Slice { lower: lower.map(Box::new), upper: upper.map(Box::new), step: step.map(Box::new) },
        })
    }

    fn atom(&mut self) -> PResult<Expr> {
        let t = self.tok().clone();
        let span = Span::new(t.start, t.end);
        match &t.kind {
            TokKind::Name => {
                let word = self.text(&t);
                let kind = match word {
                    "None" => ExprKind::Constant(Constant::None),
                    "True" => ExprKind::Constant(Constant::Bool(true)),
                    "False" => ExprKind::Constant(Constant::Bool(false)),
                    w if is_keyword(w) => return self.unexpected(),
                    w => ExprKind::Name(w.to_owned()),
                };
                self.bump();
                Ok(Expr { span, kind })
            }
            TokKind::Number(n) => {
                let c = n.constant();
                self.bump();
                Ok(Expr { span, kind: ExprKind::Constant(c) })
            }
            TokKind::Str(_) => self.strings(),
            TokKind::Op("...") => {
                self.bump();
                Ok(Expr { span, kind: ExprKind::Constant(Constant::Ellipsis) })
            }
            TokKind::Op("(") => self.paren(),
            TokKind::Op("[") => self.list_display(),
            TokKind::Op("{") => self.brace_display(),
            _ => self.unexpected(),
        }
    }

    fn paren(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        if self.eat_op(")") {
            return Ok(Expr { span: self.end_of(start), kind: ExprKind::Tuple(Vec::new()) });
        }
        if self.at_kw("yield") {
            let e = self.yield_expr()?;
            self.expect_op(")")?;
            return Ok(e);
        }
        let first = self.star_named_expression()?;
        if self.at_kw("for") || (self.at_kw("async") && self.kw_at(1, "for")) {
            let generators = self.comprehension_clauses()?;
            self.expect_op(")")?;
            return Ok(Expr {
                span: self.end_of(start),
                kind: ExprKind::GeneratorExp { elt: Box::new(first), generators },
            });
        }
        if self.at_op(")") {
            self.bump();
            if let ExprKind::Starred(_) = first.kind {
                return self.error_at(first.span.start, "cannot use starred expression here");
            }
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat_op(",") {
            if self.at_op(")") {
                break;
            }
            elts.push(self.star_named_expression()?);
        }
        self.expect_op(")")?;
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Tuple(elts) })
    }

    fn list_display(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        if self.eat_op("]") {
            return Ok(Expr { span: self.end_of(start), kind: ExprKind::List(Vec::new()) });
        }
        let first = self.star_named_expression()?;
        if self.at_kw("for") || (self.at_kw("async") && self.kw_at(1, "for")) {
            let generators = self.comprehension_clauses()?;
            self.expect_op("]")?;
            return Ok(Expr { span: self.end_of(start), kind: ExprKind::ListComp { elt: Box::new(first), generators } });
        }
        let mut elts = vec![first];
        while self.eat_op(",") {
            if self.at_op("]") {
                break;
            }
            elts.push(self.star_named_expression()?);
        }
        self.expect_op("]")?;
        Ok(Expr { span: self.end_of(start), kind: ExprKind::List(elts) })
    }

    fn brace_display(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        if self.eat_op("}") {
            return Ok(Expr { span: self.end_of(start), kind: ExprKind::Dict { keys: Vec::new(), values: Vec::new() } });
        }
        // A dict starts with `**x` or `key:`; a set with anything else.
        let mut keys = Vec::new();
        let mut values = Vec::new();
        if self.at_op("**") {
            self.bump();
            values.push(self.bitwise_or()?);
            keys.push(None);
        } else {
            let first_tok = self.tok().start;
            let first = self.star_named_expression()?;
            if !self.at_op(":") {
                // A set.
                if self.at_kw("for") || (self.at_kw("async") && self.kw_at(1, "for")) {
                    let generators = self.comprehension_clauses()?;
                    self.expect_op("}")?;
                    return Ok(Expr {
                        span: self.end_of(start),
                        kind: ExprKind::SetComp { elt: Box::new(first), generators },
                    });
                }
                let mut elts = vec![first];
                while self.eat_op(",") {
                    if self.at_op("}") {
                        break;
                    }
                    elts.push(self.star_named_expression()?);
                }
                self.expect_op("}")?;
                return Ok(Expr { span: self.end_of(start), kind: ExprKind::Set(elts) });
            }
            // (A parenthesized `(k := v)` is a fine key: its span starts after the `(`.)
            if matches!(first.kind, ExprKind::Starred(_))
                || matches!(first.kind, ExprKind::NamedExpr { .. } if first.span.start == first_tok)
            {
                return self.error_at(first.span.start, "invalid syntax");
            }
            self.bump();
            let value = self.expression()?;
            if self.at_kw("for") || (self.at_kw("async") && self.kw_at(1, "for")) {
                let generators = self.comprehension_clauses()?;
                self.expect_op("}")?;
                return Ok(Expr {
                    span: self.end_of(start),
                    kind: ExprKind::DictComp { key: Box::new(first), value: Box::new(value), generators },
                });
            }
            keys.push(Some(first));
            values.push(value);
        }
        while self.eat_op(",") {
            if self.at_op("}") {
                break;
            }
            if self.eat_op("**") {
                keys.push(None);
                values.push(self.bitwise_or()?);
            } else {
                keys.push(Some(self.expression()?));
                self.expect_op(":")?;
                values.push(self.expression()?);
            }
        }
        self.expect_op("}")?;
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Dict { keys, values } })
    }

    fn comprehension_clauses(&mut self) -> PResult<Vec<Comprehension>> {
        let mut out = Vec::new();
        loop {
            let is_async = if self.at_kw("async") && self.kw_at(1, "for") {
                self.bump();
                true
            } else if self.at_kw("for") {
                false
            } else {
                break;
            };
            self.bump(); // for
            let target = self.star_targets()?;
            self.expect_kw("in")?;
            let iter = self.disjunction()?;
            let mut ifs = Vec::new();
            while self.eat_kw("if") {
                ifs.push(self.disjunction()?);
            }
            out.push(Comprehension { target, iter, ifs, is_async });
        }
        Ok(out)
    }

    /// Assignment targets of `for` and comprehensions: `star_target (',' star_target)* [',']`.
    fn star_targets(&mut self) -> PResult<Expr> {
        let start = self.tok().start;
        let first = self.star_target()?;
        let e = if self.at_op(",") {
            let mut elts = vec![first];
            while self.eat_op(",") {
                if self.at_kw("in") || !self.at_expr_start() {
                    break;
                }
                elts.push(self.star_target()?);
            }
            Expr { span: self.end_of(start), kind: ExprKind::Tuple(elts) }
        } else {
            first
        };
        check_target(&e, Ctx::Assign)?;
        Ok(e)
    }

    fn star_target(&mut self) -> PResult<Expr> {
        if self.at_op("*") {
            return self.starred();
        }
        self.bitwise_or()
    }

    fn yield_expr(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        if self.eat_kw("from") {
            let value = self.expression()?;
            return Ok(Expr { span: self.end_of(start), kind: ExprKind::YieldFrom(Box::new(value)) });
        }
        let value = if self.at_expr_start() { Some(Box::new(self.star_expressions()?)) } else { None };
        Ok(Expr { span: self.end_of(start), kind: ExprKind::Yield(value) })
    }

    // ---------------------------------------------------------------- strings

    /// One or more adjacent string literals.
    fn strings(&mut self) -> PResult<Expr> {
        let mut parts: Vec<(StrTok, Span)> = Vec::new();
        while let TokKind::Str(s) = self.tok().kind {
            let t = self.bump();
            parts.push((s, Span::new(t.start, t.end)));
        }
        let whole = Span::new(parts[0].1.start, parts[parts.len() - 1].1.end);
        let n_bytes = parts.iter().filter(|(s, _)| s.bytes).count();
        if n_bytes > 0 && n_bytes < parts.len() {
            return self.error_at(whole.start, "cannot mix bytes and nonbytes literals");
        }
        if n_bytes > 0 {
            let mut out = Vec::new();
            for (s, _) in &parts {
                out.extend(decode_bytes(self.content(s), s.raw, s.content_start)?);
            }
            return Ok(Expr { span: whole, kind: ExprKind::Constant(Constant::Bytes(out)) });
        }
        if !parts.iter().any(|(s, _)| s.fstring) {
            let mut out = String::new();
            for (s, _) in &parts {
                out.push_str(&decode_str(self.content(s), s.raw, s.content_start)?);
            }
            return Ok(Expr { span: whole, kind: ExprKind::Constant(Constant::Str(out)) });
        }
        let src = self.src;
        let mut pieces: Vec<FPiece> = Vec::new();
        let push_lit = |pieces: &mut Vec<FPiece>, s: String| {
            if let Some(FPiece::Literal(last)) = pieces.last_mut() {
                last.push_str(&s);
            } else {
                pieces.push(FPiece::Literal(s));
            }
        };
        for (s, span) in &parts {
            let content = self.content(s);
            if !s.fstring {
                let text = decode_str(content, s.raw, s.content_start)?;
                push_lit(&mut pieces, text);
                continue;
            }
            let mut fp = FStringParser {
                content,
                at: s.content_start,
                raw: s.raw,
                whole: *span,
                parse_expr: |text: &str, at: u32| parse_fstring_expr(src, text, at),
            };
            let (ps, end) = fp.pieces(0, 0)?;
            if end < content.len() {
                return self.error_at(s.content_start + end as u32, "f-string: single '}' is not allowed");
            }
            for p in ps {
                match p {
                    FPiece::Literal(text) => push_lit(&mut pieces, text),
                    field => pieces.push(field),
                }
            }
        }
        let pieces: Vec<FPiece> = pieces
            .into_iter()
            .filter(|p| !matches!(p, FPiece::Literal(s) if s.is_empty()))
            .collect();
        Ok(Expr { span: whole, kind: ExprKind::JoinedStr(pieces_to_exprs(pieces, whole)) })
    }

    fn content(&self, s: &StrTok) -> &'a str {
        self.src.get(s.content_start as usize..s.content_end as usize).unwrap_or("")
    }
}

fn aug_op(op: &str) -> Option<BinOp> {
    Some(match op {
        "+=" => BinOp::Add,
        "-=" => BinOp::Sub,
        "*=" => BinOp::Mult,
        "@=" => BinOp::MatMult,
        "/=" => BinOp::Div,
        "%=" => BinOp::Mod,
        "**=" => BinOp::Pow,
        "<<=" => BinOp::LShift,
        ">>=" => BinOp::RShift,
        "|=" => BinOp::BitOr,
        "^=" => BinOp::BitXor,
        "&=" => BinOp::BitAnd,
        "//=" => BinOp::FloorDiv,
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Assign,
    Del,
}

/// What an expression is called in CPython's "cannot assign to ..." messages.
fn describe_expr(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Name(_) => "name",
        ExprKind::Constant(Constant::None) => "None",
        ExprKind::Constant(Constant::Bool(true)) => "True",
        ExprKind::Constant(Constant::Bool(false)) => "False",
        ExprKind::Constant(Constant::Ellipsis) => "ellipsis",
        ExprKind::Constant(_) => "literal",
        ExprKind::Attribute { .. } => "attribute",
        ExprKind::Subscript { .. } => "subscript",
        ExprKind::Slice { .. } => "slice",
        ExprKind::Call { .. } => "function call",
        ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } => "expression",
        ExprKind::BoolOp { .. } => "expression",
        ExprKind::Compare { .. } => "comparison",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::List(_) => "list",
        ExprKind::Set(_) => "set display",
        ExprKind::Dict { .. } => "dict literal",
        ExprKind::ListComp { .. } => "list comprehension",
        ExprKind::SetComp { .. } => "set comprehension",
        ExprKind::DictComp { .. } => "dict comprehension",
        ExprKind::GeneratorExp { .. } => "generator expression",
        ExprKind::Lambda { .. } => "lambda",
        ExprKind::Starred(_) => "starred",
        ExprKind::NamedExpr { .. } => "named expression",
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => "yield expression",
        ExprKind::Await(_) => "await expression",
        ExprKind::JoinedStr(_) | ExprKind::FormattedValue { .. } => "f-string expression",
    }
}

fn check_target(e: &Expr, ctx: Ctx) -> PResult<()> {
    match &e.kind {
        ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => Ok(()),
        ExprKind::Starred(inner) if ctx == Ctx::Assign => check_target(inner, ctx),
        ExprKind::Tuple(elts) | ExprKind::List(elts) => elts.iter().try_for_each(|e| check_target(e, ctx)),
        _ => Err(PError {
            message: format!(
                "cannot {} {}",
                if ctx == Ctx::Del { "delete" } else { "assign to" },
                describe_expr(e)
            ),
            offset: e.span.start,
        }),
    }
}

/// The pattern an expression parsed in a `case` clause stands for.
fn pattern_of(e: Expr) -> Pattern {
    let span = e.span;
    let kind = match e.kind {
        // `a | b | c` parses as `(a | b) | c`: its alternatives, left to right, without
        // recursing along the chain.
        ExprKind::BinOp { left, op: BinOp::BitOr, right } => {
            let mut alts = vec![*right];
            let mut rest = *left;
            while let ExprKind::BinOp { left, op: BinOp::BitOr, right } = rest.kind {
                alts.push(*right);
                rest = *left;
            }
            alts.push(rest);
            alts.reverse();
            PatternKind::Or(alts.into_iter().map(pattern_of).collect())
        }
        ExprKind::Name(n) if n == "_" => PatternKind::Capture(None),
        ExprKind::Name(n) => PatternKind::Capture(Some(n)),
        ExprKind::Constant(c @ (Constant::None | Constant::Bool(_))) => PatternKind::Singleton(c),
        ExprKind::Tuple(_) | ExprKind::List(_) => PatternKind::Structural("MATCH_SEQUENCE"),
        ExprKind::Dict { .. } => PatternKind::Structural("MATCH_MAPPING"),
        ExprKind::Call { .. } => PatternKind::Structural("MATCH_CLASS"),
        kind => PatternKind::Value(Expr { span, kind }),
    };
    Pattern { span, kind }
}
