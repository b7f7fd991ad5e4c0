//! IDE features computed from the check database. Every position is a byte offset into the
//! file's text; the language server converts to and from the protocol's encodings.

use numrs_check::{CheckDatabase, FunctionReport, SignatureOrigin, SignatureOutcome};
use numrs_db::SourceFile;
use numrs_syntax::ast::{Expr, ExprKind, FunctionDef, Span, StmtKind};

/// Markdown shown on hover, and the range it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    pub span: Span,
    pub markdown: String,
}

/// A type shown inline after a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the hint goes (after this byte offset).
    pub offset: u32,
    pub label: String,
    pub kind: InlayKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlayKind {
    /// The type of a local variable at its first assignment.
    Variable,
    /// A function's inferred return type.
    Return,
}

/// A jit function listed as a document symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSymbol {
    pub name: String,
    /// The whole `def` statement.
    pub span: Span,
    /// The function's name.
    pub selection: Span,
    /// Its signatures, `(int64, float64) -> float64`, one per line.
    pub detail: String,
}

/// The top-level function whose `def` statement contains `offset`, with its report.
fn function_at(offset: u32, stmts: &[numrs_syntax::ast::Stmt]) -> Option<(&FunctionDef, Span)> {
    stmts.iter().find_map(|s| match &s.kind {
        StmtKind::FunctionDef(def) if s.span.start <= offset && offset <= s.span.end => Some((&**def, s.span)),
        _ => None,
    })
}

fn report_for<'a>(reports: &'a [FunctionReport], def: &FunctionDef, line: u32) -> Option<&'a FunctionReport> {
    reports.iter().find(|f| f.name == def.name && f.line == line)
}

fn signature_label(name: &str, args: &[String]) -> String {
    format!("{name}({})", args.join(", "))
}

fn origin_text(origin: SignatureOrigin) -> &'static str {
    match origin {
        SignatureOrigin::Decorator => "declared in the decorator",
        SignatureOrigin::Annotations => "from annotations",
        SignatureOrigin::Caller => "inferred from a call",
        SignatureOrigin::Recorded => "recorded",
        SignatureOrigin::ModuleCall => "inferred from a module-level call",
    }
}

/// The name expression under `offset` in a function body (variables, parameters' uses).
fn name_at(def: &FunctionDef, offset: u32) -> Option<(String, Span)> {
    let mut found: Option<(String, Span)> = None;
    numrs_syntax::visit::for_each_expr(&def.body, false, &mut |e: &Expr| {
        if let ExprKind::Name(n) = &e.kind {
            if e.span.start <= offset && offset <= e.span.end {
                found = Some((n.clone(), e.span));
            }
        }
    });
    if found.is_none() {
        for p in def.params.positional().chain(def.params.kwonly.iter()) {
            if p.span.start <= offset && offset <= p.span.end {
                return Some((p.name.clone(), p.span));
            }
        }
    }
    found
}

/// Hover: on a variable, its Numba type in each specialisation; on a function name, its
/// signatures (declared and inferred, with where each came from).
pub fn hover(db: &CheckDatabase, file: SourceFile, offset: u32) -> Option<HoverInfo> {
    let stmts = numrs_db::statements_in(db, file, offset, offset);
    let lines = numrs_db::line_index(db, file);
    let report = db.check_file(file);
    let (def, _) = function_at(offset, &stmts)?;
    let line = lines.line_col(def.name_span.start).line;
    let function = report_for(&report.functions, def, line);

    // On the function's name: its signatures.
    let name_start = def.name_span.end.saturating_sub(def.name.len() as u32);
    if offset >= name_start && offset <= def.name_span.end {
        let function = function?;
        let mut md = String::new();
        for s in &function.signatures {
            let sig = signature_label(&function.name, &s.args);
            match &s.outcome {
                SignatureOutcome::Ok { return_type, .. } => {
                    md.push_str(&format!("```\n{sig} -> {return_type}\n```\n*{}*\n\n", origin_text(s.origin)))
                }
                SignatureOutcome::Err { kind, message, .. } => {
                    md.push_str(&format!("```\n{sig}\n```\n*{}* — fails to type: {kind}: {message}\n\n", origin_text(s.origin)))
                }
            }
        }
        if md.is_empty() {
            md = format!("`{}`: jit function with no known signature yet (compiled lazily on first call)", def.name);
        }
        return Some(HoverInfo { span: Span::new(name_start, def.name_span.end), markdown: md.trim_end().to_string() });
    }

    // On a call of a library function (NumPy, math, builtins, other jit functions): the
    // signature it resolved to in each specialisation.
    if let Some(info) = call_hover(db, file, def, offset) {
        return Some(info);
    }

    // On a variable: its type in each specialisation.
    let (name, span) = name_at(def, offset)?;
    let function = function?;
    let mut md = String::new();
    for s in &function.signatures {
        if let SignatureOutcome::Ok { locals, .. } = &s.outcome {
            if let Some(types) = locals.get(&name) {
                md.push_str(&format!(
                    "```\n{name}: {}\n```\nin `{}`\n\n",
                    types.join(" | "),
                    signature_label(&function.name, &s.args)
                ));
            }
        }
    }
    if md.is_empty() {
        return None;
    }
    Some(HoverInfo { span, markdown: md.trim_end().to_string() })
}

/// Inlay hints: each local's type at its first assignment, and each function's return type,
/// from the first specialisation that typed (all specialisations agreeing, or `a | b`).
pub fn inlay_hints(db: &CheckDatabase, file: SourceFile) -> Vec<InlayHint> {
    inlay_hints_in(db, file, 0, u32::MAX)
}

/// Inlay hints of the functions overlapping `[start, end]` (an editor's visible range).
pub fn inlay_hints_in(db: &CheckDatabase, file: SourceFile, start: u32, end: u32) -> Vec<InlayHint> {
    let stmts = numrs_db::statements_in(db, file, start, end);
    let lines = numrs_db::line_index(db, file);
    let text = file.text(db);
    let report = db.check_file(file);
    let mut hints = Vec::new();
    for stmt in &stmts {
        let StmtKind::FunctionDef(def) = &stmt.kind else { continue };
        let line = lines.line_col(def.name_span.start).line;
        let Some(function) = report_for(&report.functions, def, line) else { continue };
        let ok: Vec<(&String, &std::collections::BTreeMap<String, Vec<String>>)> = function
            .signatures
            .iter()
            .filter_map(|s| match &s.outcome {
                SignatureOutcome::Ok { return_type, locals } => Some((return_type, locals)),
                _ => None,
            })
            .collect();
        if ok.is_empty() {
            continue;
        }
        // Return type after the parameter list's closing parenthesis.
        let mut returns: Vec<&str> = ok.iter().map(|(r, _)| r.as_str()).collect();
        returns.dedup();
        if let Some(offset) = header_colon(text, def) {
            hints.push(InlayHint { offset, label: format!(" -> {}", returns.join(" | ")), kind: InlayKind::Return });
        }
        // Variables at their first assignment.
        let mut seen = std::collections::HashSet::new();
        for target in assignment_targets(&def.body) {
            let ExprKind::Name(name) = &target.kind else { continue };
            if !seen.insert(name.clone()) {
                continue;
            }
            let mut types: Vec<String> = Vec::new();
            for (_, locals) in &ok {
                if let Some(ts) = locals.get(name) {
                    for t in ts {
                        if !types.contains(t) {
                            types.push(t.clone());
                        }
                    }
                }
            }
            if !types.is_empty() {
                hints.push(InlayHint { offset: target.span.end, label: format!(": {}", types.join(" | ")), kind: InlayKind::Variable });
            }
        }
    }
    hints.sort_by_key(|h| h.offset);
    hints
}

/// Name targets of assignments and `for` loops, in source order.
fn assignment_targets(stmts: &[numrs_syntax::ast::Stmt]) -> Vec<&Expr> {
    let mut out = Vec::new();
    for s in stmts {
        match &s.kind {
            StmtKind::Assign { targets, .. } => targets.iter().for_each(|t| flatten_target(t, &mut out)),
            StmtKind::AnnAssign { target, .. } | StmtKind::AugAssign { target, .. } => flatten_target(target, &mut out),
            StmtKind::For { target, body, orelse, .. } => {
                flatten_target(target, &mut out);
                out.extend(assignment_targets(body));
                out.extend(assignment_targets(orelse));
            }
            StmtKind::While { body, orelse, .. } | StmtKind::If { body, orelse, .. } => {
                out.extend(assignment_targets(body));
                out.extend(assignment_targets(orelse));
            }
            StmtKind::With { body, .. } => out.extend(assignment_targets(body)),
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                out.extend(assignment_targets(body));
                for h in handlers {
                    out.extend(assignment_targets(&h.body));
                }
                out.extend(assignment_targets(orelse));
                out.extend(assignment_targets(finalbody));
            }
            _ => {}
        }
    }
    out
}

fn flatten_target<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Name(_) => out.push(e),
        ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().for_each(|i| flatten_target(i, out)),
        _ => {}
    }
}

/// The offset just after the `)` that closes a `def`'s parameter list.
fn header_colon(text: &str, def: &FunctionDef) -> Option<u32> {
    let start = def.name_span.end as usize;
    let end = def.body.first().map_or(text.len(), |s| s.span.start as usize).min(text.len());
    let header = text.get(start..end)?;
    let mut depth = 0i32;
    for (i, c) in header.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((start + i + 1) as u32);
                }
            }
            _ => {}
        }
    }
    None
}

/// Document symbols: the jit functions with their signatures.
pub fn document_symbols(db: &CheckDatabase, file: SourceFile) -> Vec<FunctionSymbol> {
    let lines = numrs_db::line_index(db, file);
    let report = db.check_file(file);
    let mut out = Vec::new();
    // Statement by statement from the per-statement parses (no whole-file AST): spans are
    // relative to each statement's start.
    for (start, chunk) in numrs_db::chunks(db, file).iter() {
        for stmt in &numrs_db::parse_chunk(db, *chunk).module.body {
            let StmtKind::FunctionDef(def) = &stmt.kind else { continue };
            let line = lines.line_col(def.name_span.start + start).line;
            let Some(function) = report_for(&report.functions, def, line) else { continue };
            let detail = function
                .signatures
                .iter()
                .map(|s| match &s.outcome {
                    SignatureOutcome::Ok { return_type, .. } => format!("({}) -> {return_type}", s.args.join(", ")),
                    SignatureOutcome::Err { .. } => format!("({}) -> error", s.args.join(", ")),
                })
                .collect::<Vec<_>>()
                .join("\n");
            let name_start = def.name_span.end.saturating_sub(def.name.len() as u32);
            out.push(FunctionSymbol {
                name: def.name.clone(),
                span: stmt.span.offset_by(*start),
                selection: Span::new(name_start, def.name_span.end).offset_by(*start),
                detail,
            });
        }
    }
    out
}

/// Go to definition: a name used in a jit function that refers to a module-level binding
/// (another jit function, a constant, an import).
pub fn goto_definition(db: &CheckDatabase, file: SourceFile, offset: u32) -> Option<Span> {
    let stmts = numrs_db::statements_in(db, file, offset, offset);
    let (def, _) = function_at(offset, &stmts)?;
    let (name, _) = name_at(def, offset)?;
    // Local variables shadow globals: only names the function never binds go to module level.
    let bound = assignment_targets(&def.body).iter().any(|t| matches!(&t.kind, ExprKind::Name(n) if *n == name))
        || def.params.positional().chain(def.params.kwonly.iter()).any(|p| p.name == name);
    if bound {
        return None;
    }
    let info = numrs_check::queries::module_info(db, file);
    let positions = numrs_db::positions(db, file);
    info.symbols.lookup(&name, None).map(|b| positions.span_to_file(b.span))
}

/// The first top-level `def NAME` of a file, at its file offsets.
fn top_level_def(db: &CheckDatabase, file: SourceFile, name: &str) -> Option<numrs_syntax::ast::Stmt> {
    numrs_db::chunks(db, file).iter().find_map(|(start, chunk)| {
        let parsed = numrs_db::parse_chunk(db, *chunk);
        let stmt = parsed.module.body.iter().find(|s| matches!(&s.kind, StmtKind::FunctionDef(f) if f.name == name))?;
        let mut stmt = stmt.clone();
        numrs_syntax::shift::shift_stmt(&mut stmt, *start);
        Some(stmt)
    })
}

/// A code action: a title and the text edits it makes (byte spans in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeAction {
    pub title: String,
    pub edits: Vec<(Span, String)>,
    /// The diagnostic code it fixes, if any.
    pub fixes: Option<&'static str>,
}

/// Code actions available in `[start, end)`:
/// - on "Untyped global name 'f'" where `f` is a plain function of this file: decorate `f`
///   with `@njit` (importing it when needed);
/// - on a jit function decorated without a signature that has been typed for its callers:
///   write the inferred signature(s) into the decorator.
pub fn code_actions(db: &CheckDatabase, file: SourceFile, start: u32, end: u32) -> Vec<CodeAction> {
    let text = file.text(db);
    let lines = numrs_db::line_index(db, file);
    let report = db.check_file(file);
    let symbols = &numrs_check::queries::module_info(db, file).symbols;
    let mut out = Vec::new();
    let overlaps = |s: Span| s.start <= end && start <= s.end;

    for d in report.diagnostics.iter().filter(|d| d.code == "untyped-global" && overlaps(d.primary.span)) {
        let Some(name) = d.message.split('\'').nth(1) else { continue };
        let Some(def_stmt) = top_level_def(db, file, name) else { continue };
        let StmtKind::FunctionDef(def) = &def_stmt.kind else { continue };
        let insert_at = def.decorators.first().map_or(def.name_span.start, |dec| dec.span.start.saturating_sub(1));
        let line_start = lines.line_start(lines.line_col(insert_at).line);
        let indent: String = text[line_start as usize..insert_at as usize].chars().take_while(|c| c.is_whitespace()).collect();
        let mut edits = vec![(Span::new(line_start, line_start), format!("{indent}@njit\n"))];
        if symbols.lookup("njit", None).is_none() {
            edits.push((Span::new(0, 0), "from numba import njit\n".to_string()));
        }
        out.push(CodeAction { title: format!("Decorate `{name}` with @njit"), edits, fixes: Some("untyped-global") });
    }

    for stmt in &numrs_db::statements_in(db, file, start, end) {
        let StmtKind::FunctionDef(def) = &stmt.kind else { continue };
        if !overlaps(stmt.span) {
            continue;
        }
        let line = lines.line_col(def.name_span.start).line;
        let Some(function) = report_for(&report.functions, def, line) else { continue };
        if function.explicit_signatures {
            continue;
        }
        let sigs: Vec<String> = function
            .signatures
            .iter()
            .filter_map(|s| match &s.outcome {
                SignatureOutcome::Ok { .. } => {
                    let args = s
                        .args
                        .iter()
                        .map(|a| numrs_types_text(a))
                        .collect::<Option<Vec<_>>>()?;
                    Some(format!("({})", if args.len() == 1 { format!("{},", args[0]) } else { args.join(", ") }))
                }
                _ => None,
            })
            .collect();
        let Some(decorator) = def.decorators.iter().find(|d| decorator_is_bare_jit(d)) else { continue };
        if sigs.is_empty() {
            continue;
        }
        let argument = if sigs.len() == 1 { format!("\"{}\"", sigs[0]) } else { format!("[{}]", sigs.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ")) };
        let (span, replacement) = match &decorator.kind {
            ExprKind::Call { args, keywords, .. } if args.is_empty() && keywords.is_empty() => {
                (decorator.span, format!("{}({argument})", &text[decorator.span.start as usize..decorator.span.end as usize].trim_end_matches("()")))
            }
            _ => (decorator.span, format!("{}({argument})", &text[decorator.span.start as usize..decorator.span.end as usize])),
        };
        out.push(CodeAction {
            title: format!("Add the inferred signature{} to `{}`", if sigs.len() == 1 { "" } else { "s" }, def.name),
            edits: vec![(span, replacement)],
            fixes: None,
        });
    }
    out
}

/// `@njit` / `@nb.njit` / `@jit` / `@njit()` without arguments.
fn decorator_is_bare_jit(e: &Expr) -> bool {
    let name_of = |x: &Expr| match &x.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attribute { attr, .. } => Some(attr.clone()),
        _ => None,
    };
    match &e.kind {
        ExprKind::Call { func, args, keywords } => args.is_empty() && keywords.is_empty() && name_of(func).is_some_and(|n| n == "njit" || n == "jit"),
        _ => name_of(e).is_some_and(|n| n == "njit" || n == "jit"),
    }
}

/// A printed Numba type in the signature language.
fn numrs_types_text(printed: &str) -> Option<String> {
    numrs_types::parse_type(printed)?.signature_text()
}

/// The innermost call whose callee expression is under `offset`, with its resolved signature
/// in each specialisation: `np.zeros(UniTuple(int64 x 2)) -> array(float64, 2d, C)`.
fn call_hover(db: &CheckDatabase, file: SourceFile, def: &FunctionDef, offset: u32) -> Option<HoverInfo> {
    let mut call: Option<(Span, Span)> = None;
    numrs_syntax::visit::for_each_expr(&def.body, false, &mut |e: &Expr| {
        if let ExprKind::Call { func, .. } = &e.kind {
            if func.span.start <= offset && offset <= func.span.end {
                call = Some((e.span, func.span));
            }
        }
    });
    let (call_span, func_span) = call?;
    let base = numrs_ir::function_start(def);
    let text = file.text(db);
    let callee_text = text.get(func_span.start as usize..func_span.end as usize)?.to_string();
    let mut md = String::new();
    for (label, ir, result) in db.specialisations(file, def.name_span.start) {
        let ty = |v: numrs_ir::VarId| result.typemap.get(v.0 as usize).cloned().flatten();
        for block in &ir.blocks {
            for stmt in &block.stmts {
                let numrs_ir::StmtKind::Assign { target, value: numrs_ir::Value::Call { args, kws, .. } } = &stmt.kind else { continue };
                if stmt.span.offset_by(base) != call_span {
                    continue;
                }
                let mut shown: Vec<String> = args.iter().map(|a| ty(*a).map_or("?".into(), |t| t.to_string())).collect();
                shown.extend(kws.iter().map(|(k, v)| format!("{k}={}", ty(*v).map_or("?".into(), |t| t.to_string()))));
                let ret = ty(*target).map_or("?".into(), |t| t.to_string());
                md.push_str(&format!("```\n{callee_text}({}) -> {ret}\n```\nin `{label}`\n\n", shown.join(", ")));
            }
        }
    }
    (!md.is_empty()).then(|| HoverInfo { span: func_span, markdown: md.trim_end().to_string() })
}
