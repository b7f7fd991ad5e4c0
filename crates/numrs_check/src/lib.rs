//! The check facade: the concrete salsa database and the per-file report that `numrs check`,
//! `--emit-types` and the language server all read.

mod env;
pub mod function_check;
mod globals;
mod module_calls;
pub mod queries;
mod report;
pub mod suppress;

pub use env::{call_form_target, enum_member_default, namedtuple_default, enum_member_value, namedtuple_field_default, overload_attribute_name, overload_target, stencil_application, escaped_closure_of, escaped_dispatcher_ref, infer_escaped, is_enum_class, is_exception_class, jitclass_instance_type, namedtuple_class_type, namedtuple_instance, namedtuple_classes, parse_recorded_type, resolve_jitclass_text};
pub use globals::static_array_type;
pub use module_calls::module_call_global_type;
pub use report::{FileReport, FunctionReport, SignatureOrigin, SignatureOutcome, SignatureReport};

use std::sync::Arc;

use numrs_db::{Diagnostic, SourceFile};

/// The database used by the tools.
#[salsa::db]
#[derive(Clone, Default)]
pub struct CheckDatabase {
    storage: salsa::Storage<Self>,
}

#[salsa::db]
impl salsa::Database for CheckDatabase {}

#[salsa::db]
impl numrs_db::Db for CheckDatabase {}

impl CheckDatabase {
    pub fn new() -> Self {
        Self::default()
    }

    /// A database that records the name of every query it executes (salsa's `WillExecute`
    /// events), for tests that prove what is reused after an edit.
    pub fn with_execution_log() -> (Self, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
        let log: std::sync::Arc<std::sync::Mutex<Vec<String>>> = Default::default();
        let sink = log.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                if let Ok(mut log) = sink.lock() {
                    log.push(format!("{database_key:?}"));
                }
            }
        })));
        (CheckDatabase { storage }, log)
    }

    /// Replace a file's contents with bytes read from disk (decoding problems become a
    /// diagnostic).
    pub fn set_bytes(&mut self, file: SourceFile, bytes: &[u8]) {
        use salsa::Setter;
        match numrs_db::decode_source(bytes) {
            Ok(t) => {
                file.set_text(self).to(Arc::from(t));
                file.set_chunk_hint(self).to(None);
                file.set_load_error(self).to(None);
            }
            Err(e) => {
                file.set_text(self).to(Arc::from(""));
                file.set_chunk_hint(self).to(None);
                file.set_load_error(self).to(Some(e));
            }
        }
    }

    /// Replace a file's text (an editor change). The top-level statements are found again
    /// only around the changed bytes (`numrs_syntax::rechunk`).
    pub fn set_text(&mut self, file: SourceFile, text: &str) {
        use salsa::Setter;
        match numrs_db::decode_source(text.as_bytes()) {
            Ok(t) => {
                let old_bounds: Vec<(u32, u32)> = numrs_db::chunks(self, file)
                    .iter()
                    .map(|(start, chunk)| (*start, *start + chunk.text(self).len() as u32))
                    .collect();
                let bounds = numrs_syntax::rechunk(file.text(self), &old_bounds, &t);
                file.set_text(self).to(Arc::from(t));
                file.set_chunk_hint(self).to(Some(Arc::from(bounds)));
                if file.load_error(self).is_some() {
                    file.set_load_error(self).to(None);
                }
            }
            Err(e) => {
                file.set_text(self).to(Arc::from(""));
                file.set_chunk_hint(self).to(None);
                file.set_load_error(self).to(Some(e));
            }
        }
    }

    /// Register a file from its raw bytes (decoding problems become a diagnostic, not a panic).
    /// Files added to one database can import jit functions from each other.
    pub fn add_file(&mut self, path: &str, bytes: &[u8]) -> SourceFile {
        use salsa::Setter;
        let file = match numrs_db::decode_source(bytes) {
            Ok(text) => SourceFile::new(self, path.to_string(), Arc::from(text), None),
            Err(e) => SourceFile::new(self, path.to_string(), Arc::from(""), Some(e)),
        };
        let key = numrs_db::normalize_path(path);
        match numrs_db::FileSet::try_get(self) {
            Some(set) => {
                let mut files = set.files(self).clone();
                files.insert(key, file);
                set.set_files(self).to(files);
            }
            None => {
                numrs_db::FileSet::new(self, std::iter::once((key, file)).collect());
            }
        }
        file
    }

    /// Forget a file: other files no longer import from it. Its `SourceFile` stays valid.
    pub fn remove_file(&mut self, path: &str) {
        use salsa::Setter;
        let Some(set) = numrs_db::FileSet::try_get(self) else { return };
        let key = numrs_db::normalize_path(path);
        if set.files(self).contains_key(&key) {
            let mut files = set.files(self).clone();
            files.remove(&key);
            set.set_files(self).to(files);
        }
    }

    /// Set the checking settings (extra decorator names, recorded signatures).
    pub fn set_settings(&mut self, extra_decorators: Vec<String>, recorded: Vec<numrs_db::RecordedSignature>) {
        use salsa::Setter;
        match numrs_db::Settings::try_get(self) {
            Some(s) => {
                s.set_extra_decorators(self).to(extra_decorators);
                s.set_recorded_signatures(self).to(recorded);
            }
            None => {
                numrs_db::Settings::new(self, extra_decorators, recorded, true);
            }
        }
    }

    /// Whether SciPy is installed where the code runs (see [`numrs_db::Settings::scipy`]);
    /// true unless a tool says otherwise.
    pub fn set_scipy(&mut self, available: bool) {
        use salsa::Setter;
        match numrs_db::Settings::try_get(self) {
            Some(s) => {
                if *s.scipy(self) != available {
                    s.set_scipy(self).to(available);
                }
            }
            None => {
                numrs_db::Settings::new(self, Vec::new(), Vec::new(), available);
            }
        }
    }

    /// Every typed specialisation of the jit function whose `def` keyword is at `def_offset`:
    /// its label (`f(int64, float64)`), IR and inference result (for IDE features that need
    /// the type of a particular expression).
    pub fn specialisations(&self, file: SourceFile, def_offset: u32) -> Vec<(String, Arc<numrs_ir::FunctionIr>, Arc<numrs_infer::InferResult>)> {
        let db: &dyn numrs_db::Db = self;
        let info = queries::module_info(db, file);
        let module_offset = numrs_db::positions(db, file).to_module(def_offset);
        let Some(jit) = info.functions.iter().find(|f| f.def_line_offset == module_offset) else { return vec![] };
        let key = queries::FunctionKey::of(db, file, info, jit);
        let Some(ir) = queries::function_ir(db, key).clone() else { return vec![] };
        let mut specs: Vec<(Vec<numrs_types::Type>, Option<numrs_types::Type>)> =
            jit.signatures.iter().map(|s| (s.args.clone(), s.return_type.clone())).collect();
        let lines = numrs_db::line_index(db, file);
        let line = lines.line_col(def_offset).line;
        for f in check_file(db, file).functions.iter().filter(|f| f.line == line && f.name == jit.name) {
            for s in f.signatures.iter().filter(|s| s.origin != SignatureOrigin::Decorator) {
                if let Some(args) = s.args.iter().map(|a| numrs_types::parse_type(a)).collect::<Option<Vec<_>>>() {
                    if !specs.iter().any(|(a, _)| *a == args) {
                        specs.push((args, None));
                    }
                }
            }
        }
        specs
            .into_iter()
            .map(|(args, ret)| {
                let label = format!("{}({})", jit.name, args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "));
                let result = queries::infer_spec(db, queries::SpecKey::new(db, key, args, ret)).clone();
                // The typemap indexes the variables of the IR that was typed.
                let typed = result.prepared.as_deref().map_or_else(|| ir.clone(), |p| Arc::new(p.clone()));
                (label, typed, result)
            })
            .collect()
    }

    /// The IR of a top-level function (`numrs dump ir FILE::function`), as text.
    pub fn dump_ir(&self, file: SourceFile, function: &str) -> Option<String> {
        let parsed = numrs_db::parse(self, file);
        let def = parsed.module.body.iter().find_map(|s| match &s.kind {
            numrs_syntax::ast::StmtKind::FunctionDef(d) if d.name == function => Some(d),
            _ => None,
        })?;
        let info = queries::module_info(self, file);
        let module_offset = numrs_db::positions(self, file).to_module(def.name_span.start);
        let ir = match info.functions.iter().find(|f| f.def_line_offset == module_offset) {
            Some(jit) => {
                let key = queries::FunctionKey::of(self, file, info, jit);
                queries::function_ir(self, key).as_ref().map(|ir| ir.to_string())
            }
            // Not jitted: lower it directly (the IR does not depend on the decorator).
            None => Some(numrs_ir::lower_function(def, numrs_ir::function_start(def)).to_string()),
        };
        ir
    }

    /// Check one file: every jit function, every known signature.
    pub fn check_file(&self, file: SourceFile) -> Arc<FileReport> {
        check_file(self, file).clone()
    }

    /// The diagnostics of one file (the same as `check_file(file).diagnostics`, cheaper).
    pub fn file_diagnostics(&self, file: SourceFile) -> Arc<Vec<Diagnostic>> {
        file_diagnostics(self, file).clone()
    }
}

#[salsa::tracked(returns(ref))]
pub fn check_file(db: &dyn numrs_db::Db, file: SourceFile) -> Arc<FileReport> {
    let path = file.path(db).clone();
    let diagnostics = file_diagnostics(db, file).as_ref().clone();
    if file.load_error(db).is_some() {
        return Arc::new(FileReport { path, functions: vec![], diagnostics, caller_specs: vec![] });
    }
    let lines = numrs_db::line_index(db, file);
    let positions = numrs_db::positions(db, file);
    let info = queries::module_info(db, file);
    let mut functions = Vec::new();
    let mut calls = Vec::new();
    for jit in &info.functions {
        let key = queries::FunctionKey::of(db, file, info, jit);
        let (Some(record), Some(checked)) = (queries::jit_record(db, key), queries::function_check(db, key)) else { continue };
        // The per-function results are relative to the function's start; place them.
        let def_offset = positions.to_file(jit.def_line_offset);
        let base_line = lines.line_col(def_offset - record.def_offset).line;
        let mut report = checked.report.clone();
        report.line = lines.line_col(def_offset).line;
        for sig in &mut report.signatures {
            if let SignatureOutcome::Err { line: Some(l), .. } = &mut sig.outcome {
                *l += base_line;
            }
            for (l, _) in &mut sig.reveals {
                *l += base_line;
            }
        }
        calls.extend(checked.calls.iter().cloned());
        functions.push(report);
    }
    let caller_specs = add_caller_specialisations(db, file, info, &mut functions, calls);
    functions.sort_by_key(|f| f.line);
    Arc::new(FileReport { path, functions, diagnostics, caller_specs })
}

/// Every diagnostic of a file (syntax errors and each jit function's), in file order: what
/// the language server publishes after an edit, without assembling the per-function reports.
#[salsa::tracked(returns(ref))]
pub fn file_diagnostics(db: &dyn numrs_db::Db, file: SourceFile) -> Arc<Vec<Diagnostic>> {
    let mut diagnostics = Vec::new();
    if let Some(err) = file.load_error(db) {
        diagnostics.push(Diagnostic::error("unreadable-file", None, err.clone(), Default::default()));
        return Arc::new(diagnostics);
    }
    for (start, chunk) in numrs_db::chunks(db, file).iter() {
        for e in &numrs_db::parse_chunk(db, *chunk).errors {
            diagnostics.push(Diagnostic::error("syntax-error", Some("SyntaxError"), e.message.clone(), e.span.offset_by(*start)));
        }
    }
    let positions = numrs_db::positions(db, file);
    let info = queries::module_info(db, file);
    for jit in &info.functions {
        let key = queries::FunctionKey::of(db, file, info, jit);
        let (Some(record), Some(checked)) = (queries::jit_record(db, key), queries::function_check(db, key)) else { continue };
        let base = positions.to_file(jit.def_line_offset) - record.def_offset;
        for d in &checked.diagnostics {
            let mut d = d.clone();
            d.primary.span = d.primary.span.offset_by(base);
            for l in &mut d.secondary {
                l.span = l.span.offset_by(base);
            }
            diagnostics.push(d);
        }
    }
    // What Numba raises when a `@jitclass` decorator runs (the module does not import).
    for class in &info.classes {
        for e in &class.errors {
            let (kind, message) = split_exception(&e.message);
            let span = numrs_syntax::ast::Span::new(positions.to_file(e.span.start), positions.to_file(e.span.end));
            diagnostics.push(Diagnostic::error("invalid-decorator", Some(kind), format!("jitclass {}: {message}", class.name), span));
        }
    }
    diagnostics.sort_by_key(|d| d.primary.span.start);
    Arc::new(diagnostics)
}

/// The types passed to `reveal_type(...)` calls, by line.
fn reveals(
    ir: &numrs_ir::FunctionIr,
    typemap: &[Option<numrs_types::Type>],
    line_of: &dyn Fn(numrs_syntax::ast::Span) -> u32,
) -> Vec<(u32, String)> {
    let ty = |v: numrs_ir::VarId| typemap.get(v.0 as usize).cloned().flatten();
    let mut out = Vec::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let numrs_ir::StmtKind::Assign { value: numrs_ir::Value::Call { func, args, .. }, .. } = &stmt.kind {
                if ty(*func) == Some(numrs_types::Type::function("builtins.reveal_type")) {
                    if let Some(t) = args.first().and_then(|a| ty(*a)) {
                        out.push((line_of(stmt.span), t.to_string()));
                    }
                }
            }
        }
    }
    out
}

/// Split `"TypeError: message"` into Numba's exception class and the message.
fn split_exception(text: &str) -> (&'static str, &str) {
    const KINDS: &[&str] = &[
        "TypeError", "NameError", "AttributeError", "ValueError", "SyntaxError", "AssertionError",
        "KeyError", "DeprecationError", "TypingError", "NotImplementedError", "IndexError", "UnsupportedError",
        "NumbaNotImplementedError",
    ];
    if let Some((head, rest)) = text.split_once(": ") {
        if let Some(k) = KINDS.iter().find(|k| **k == head) {
            return (k, rest);
        }
    }
    ("TypingError", text)
}

/// How a recorded Python call's argument types become a specialization's.
#[derive(Clone, Copy)]
pub(crate) enum RecordedAs<'a> {
    /// As they are (a jit function's dispatcher).
    Dispatcher,
    /// A lazily compiled `@vectorize` function (Numba's DUFunc): arrays stand for their dtypes.
    Ufunc,
    /// A dynamic `@guvectorize` function: the kernel types of the operands' dtypes.
    Gufunc(&'a numrs_types::GufuncLayout),
    /// A ufunc with signatures: frozen, calls compile nothing.
    Frozen,
}

/// The kernel signature a dynamic `@guvectorize` function compiles for operands of element
/// types `dtypes` (Numba's `GUFunc._get_function_type`): an input with core dimensions as an
/// `A` array of them, one without as a scalar; an output as an `A` array of its core's
/// dimensions (at least one).
pub(crate) fn gufunc_kernel_types(layout: &numrs_types::GufuncLayout, dtypes: &[numrs_types::Type]) -> Vec<numrs_types::Type> {
    let cores = layout.inputs.iter().map(|c| (c.len(), false)).chain(layout.outputs.iter().map(|c| (c.len(), true)));
    dtypes
        .iter()
        .zip(cores)
        .map(|(t, (core, output))| {
            if output || core > 0 {
                numrs_types::Type::array(t.clone(), core.max(1) as u32, numrs_types::Layout::A)
            } else {
                t.clone()
            }
        })
        .collect()
}

/// The argument types of the calls of `function` recorded in the `--signatures` file for this
/// file, as they are (what Python passed).
pub fn recorded_args(db: &dyn numrs_db::Db, file: SourceFile, function: &str) -> Vec<Vec<numrs_types::Type>> {
    let mut ignored = Vec::new();
    recorded_specs(db, file, function, RecordedAs::Dispatcher, &mut ignored, numrs_syntax::ast::Span::default()).into_iter().map(|(a, _, _)| a).collect()
}

/// Specialisations of `function` recorded in the `--signatures` file for this file.
fn recorded_specs(
    db: &dyn numrs_db::Db,
    file: SourceFile,
    function: &str,
    recorded_as: RecordedAs<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    span: numrs_syntax::ast::Span,
) -> Vec<(Vec<numrs_types::Type>, Option<numrs_types::Type>, SignatureOrigin)> {
    let Some(settings) = numrs_db::Settings::try_get(db) else { return vec![] };
    // Records name files as Numba saw them (usually absolute paths), the file may have been
    // named relative to the working directory: compared as absolute paths.
    let absolute = |p: &str| numrs_db::normalize_path(&std::path::absolute(p).map_or_else(|_| p.to_string(), |a| a.to_string_lossy().into_owned()));
    let path = absolute(file.path(db));
    // A record may name the function by a module-level alias of it (`alias = function`).
    let info = crate::queries::module_info(db, file);
    let alias_of_function = |q: &str| {
        let mut bindings = info.symbols.bindings_of(q);
        let (Some(b), None) = (bindings.next(), bindings.next()) else { return false };
        match b.value.as_ref() {
            Some(v) => {
                matches!(&v.kind, numrs_syntax::ast::ExprKind::Name(n) if n == function)
                    || env::call_form_target(info, v) == Some(function)
            }
            None => false,
        }
    };
    let mut out = Vec::new();
    for record in settings.recorded_signatures(db) {
        if (record.qualname != function && !alias_of_function(&record.qualname)) || absolute(&record.file) != path {
            continue;
        }
        match record.args.iter().map(|a| env::parse_recorded_type(db, file, a)).collect::<Option<Vec<_>>>() {
            Some(args) => {
                let dtypes = || args.iter().map(numrs_types::Type::element_type).collect::<Vec<_>>();
                let args: Vec<numrs_types::Type> = match recorded_as {
                    RecordedAs::Dispatcher => args,
                    RecordedAs::Ufunc => dtypes(),
                    RecordedAs::Gufunc(layout) => gufunc_kernel_types(layout, &dtypes()),
                    RecordedAs::Frozen => continue,
                };
                if !out.iter().any(|(a, _, _): &(Vec<numrs_types::Type>, _, _)| *a == args) {
                    out.push((args, None, SignatureOrigin::Recorded));
                }
            }
            None => diagnostics.push(
                Diagnostic::error(
                    "invalid-signature",
                    None,
                    format!("recorded signature ({}) has a type numrs cannot read", record.args.join(", ")),
                    span,
                )
                .with_severity(numrs_db::Severity::Warning),
            ),
        }
    }
    out
}


/// Lazily compiled functions are typed for the argument types their typed callers pass, as
/// Numba compiles them at the caller's compile time; list those specialisations too.
fn add_caller_specialisations(
    db: &dyn numrs_db::Db,
    file: SourceFile,
    info: &queries::ModuleInfo,
    functions: &mut Vec<FunctionReport>,
    mut pending: Vec<(numrs_types::DispatcherRef, Vec<numrs_types::Type>)>,
) -> Vec<(usize, Vec<numrs_types::Type>)> {
    let mut typed = Vec::new();
    let lines = numrs_db::line_index(db, file);
    let mut seen: std::collections::HashSet<(numrs_types::DispatcherRef, Vec<numrs_types::Type>)> =
        std::collections::HashSet::new();
    let mut budget = 10_000;
    while let Some((callee, args)) = pending.pop() {
        budget -= 1;
        if budget == 0 {
            break;
        }
        if !seen.insert((callee.clone(), args.clone())) {
            continue;
        }
        let Some((index, jit)) = info.functions.iter().enumerate().filter(|(_, f)| *f.name == *callee.name).nth(callee.id as usize) else {
            continue;
        };
        // A function with signatures gets a specialization of its own only for a call made
        // while they compile (a recursive call with other types: the dispatcher is not frozen
        // yet), which typing records; calls of `inline="always"` ones are inlined.
        let key = queries::FunctionKey::of(db, file, info, jit);
        if !jit.signatures.is_empty()
            && (jit.signatures.iter().any(|s| s.args == args) || queries::function_facts(db, key).as_ref().is_some_and(|f| f.inline_always))
        {
            continue;
        }
        typed.push((index, args.clone()));
        let spec = queries::SpecKey::new(db, key, args.clone(), None);
        let result = queries::infer_spec(db, spec);
        pending.extend(result.calls.iter().cloned());
        let outcome = match &result.outcome {
            Ok(rt) => {
                let locals = queries::function_ir(db, key).as_ref().map(|ir| result.locals(ir)).unwrap_or_default();
                SignatureOutcome::Ok { return_type: rt.to_string(), locals }
            }
            Err(e) => {
                let base = queries::jit_def(db, file, jit).map_or(jit.def_line_offset, |d| numrs_ir::function_start(&d));
                let base = numrs_db::positions(db, file).to_file(base);
                let line = e.span.map(|s| lines.line_col(s.start + base).line);
                SignatureOutcome::Err { kind: e.kind.to_string(), line, message: e.message.clone() }
            }
        };
        let line = lines.line_col(numrs_db::positions(db, file).to_file(jit.def_line_offset)).line;
        let report = SignatureReport {
            args: args.iter().map(|t| t.to_string()).collect(),
            origin: SignatureOrigin::Caller,
            outcome,
            reveals: vec![],
        };
        match functions.iter_mut().find(|f| f.line == line && f.name == jit.name) {
            Some(f) => f.signatures.push(report),
            None => functions.push(FunctionReport {
                name: jit.name.clone(),
                def_name: None,
                line,
                explicit_signatures: false,
                signatures: vec![report],
            }),
        }
    }
    typed
}

/// Globals of an untyped function that can never type, whatever the arguments: names that are
/// not defined, plain Python functions and classes (Numba: "Untyped global name").
fn untyped_globals(
    db: &dyn numrs_db::Db,
    key: queries::FunctionKey<'_>,
    ir: &numrs_ir::FunctionIr,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let info = queries::module_info(db, key.file(db));
    let mut seen = std::collections::HashSet::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            let numrs_ir::StmtKind::Assign { value: numrs_ir::Value::Global(name), .. } = &stmt.kind else { continue };
            if !seen.insert(name.clone()) {
                continue;
            }
            let definite = match info.symbols.lookup(name, None).map(|b| &b.kind) {
                None => numrs_typing::builtin_global(name).is_none(),
                Some(numrs_hir::BindingKind::Class) => {
                    !info.classes.iter().any(|c| &c.name == name) && !env::is_exception_class(db, key.file(db), info, name)
                }
                Some(numrs_hir::BindingKind::Function { def_index }) => {
                    !info.functions.iter().any(|f| f.def_stmt_index == *def_index && &f.name == name)
                }
                Some(_) => false,
            };
            if !definite {
                continue;
            }
            let global = queries::GlobalKey::new(db, key, name.clone());
            if let numrs_infer::GlobalValue::Untyped(reason) = queries::resolve_global(db, global) {
                diagnostics.push(Diagnostic::error(
                    "untyped-global",
                    Some("TypingError"),
                    format!("Untyped global name '{name}': {reason}"),
                    stmt.span,
                ));
            }
        }
    }
}
