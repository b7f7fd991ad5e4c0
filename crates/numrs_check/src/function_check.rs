//! Checking one jit function: its signatures typed, its diagnostics and report, all relative to
//! the function's start so that edits elsewhere in the file reuse the result unchanged.

use std::sync::Arc;

use numrs_db::{Db, Diagnostic};
use numrs_hir::JitFunction;
use numrs_syntax::ast::Span;

use crate::queries::{self, FunctionKey};
use crate::{FunctionReport, SignatureOrigin, SignatureOutcome, SignatureReport};

/// A jit function's discovery record with every span relative to the function's start (its
/// first decorator), plus the line structure of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JitRecord {
    pub jit: JitFunction,
    /// The `def` keyword's offset from the function's start.
    pub def_offset: u32,
    /// The name's span (relative).
    pub name_span: Span,
    /// Offsets (relative) of the newlines in the function's text.
    pub newlines: Vec<u32>,
    /// The name reports give the function: its `def`'s (a factory's product is bound to
    /// another module-level name, but Numba's dispatcher bears the `def`'s name), `<lambda>`
    /// for a jitted lambda.
    pub def_name: String,
}

impl JitRecord {
    /// Lines below the function's first line at a relative offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        self.newlines.partition_point(|n| *n < offset) as u32
    }
}

fn rel(span: Span, base: u32) -> Span {
    span.relative_to(base)
}

pub(crate) fn make_jit_record(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<JitRecord>> {
    let jit = key.jit(db)?;
    let def = crate::queries::jit_def(db, key.file(db), jit)?;
    let base = numrs_ir::function_start(&def);
    // The function's lines come from its top-level statement's text (not the file's, which
    // every edit changes).
    let (chunk, start_in_chunk) = numrs_db::module_chunk(db, key.file(db), base)?;
    let newlines = chunk
        .text(db)
        .get(start_in_chunk as usize..)
        .map(|t| t.match_indices('\n').map(|(i, _)| i as u32).collect())
        .unwrap_or_default();
    let mut j = jit.clone();
    j.def_stmt_index = 0;
    j.def_line_offset = jit.def_line_offset - base;
    j.decorator_span = rel(j.decorator_span, base);
    for s in &mut j.signatures {
        s.span = rel(s.span, base);
    }
    for e in j.signature_errors.iter_mut().chain(j.errors.iter_mut()) {
        e.span = rel(e.span, base);
    }
    for (s, e) in &mut j.rejected_signatures {
        s.span = rel(s.span, base);
        e.span = rel(e.span, base);
    }
    for (_, t) in &mut j.options.locals {
        if let Err(e) = t {
            e.span = rel(e.span, base);
        }
    }
    Some(Arc::new(JitRecord { jit: j, def_offset: jit.def_line_offset - base, name_span: rel(def.name_span, base), newlines, def_name: if def.is_lambda { "<lambda>".to_string() } else { def.name.clone() } }))
}

/// The result of checking one function (relative spans, relative lines: the caller places them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCheck {
    /// `line` is 0 and error/reveal lines count from the function's first line.
    pub report: FunctionReport,
    pub diagnostics: Vec<Diagnostic>,
    /// Calls to lazily compiled jit functions made by the typed specialisations.
    pub calls: Vec<(numrs_types::DispatcherRef, Vec<numrs_types::Type>)>,
}

pub(crate) fn check_function(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<FunctionCheck>> {
    let record = queries::jit_record(db, key).as_ref()?;
    let jit = &record.jit;
    let mut diagnostics = Vec::new();
    let mut calls = Vec::new();
    let line_of = |span: Span| record.line_of(span.start);
    let mut report = FunctionReport {
        name: jit.name.clone(),
        def_name: (jit.captured.is_some() || record.def_name != jit.name).then(|| record.def_name.clone()),
        line: 0,
        explicit_signatures: !jit.signatures.is_empty() || !jit.signature_errors.is_empty() || !jit.rejected_signatures.is_empty(),
        signatures: Vec::new(),
    };
    for note in &jit.notes {
        diagnostics.push(
            Diagnostic::error("decorator-note", None, note.clone(), jit.decorator_span).with_severity(numrs_db::Severity::Info),
        );
    }
    for err in &jit.errors {
        let (kind, message) = crate::split_exception(&err.message);
        diagnostics.push(Diagnostic::error("invalid-decorator", Some(kind), message.to_string(), err.span));
    }
    if let numrs_hir::JitKind::ObjectMode | numrs_hir::JitKind::Other(_) = &jit.kind {
        let what = match &jit.kind {
            numrs_hir::JitKind::Other(name) if name == "overload" => {
                "`overload` typing functions are not type-checked: numrs runs them on the argument types of the jit calls of the function they overload, and types the implementation they return".to_string()
            }
            numrs_hir::JitKind::Other(name) if matches!(name.as_str(), "stencil" | "register_jitable") => {
                format!("`{name}` functions are typed where jit code calls them")
            }
            numrs_hir::JitKind::Other(name) => format!("`{name}` functions are not type-checked"),
            _ => "object-mode function (`forceobj=True`): not type-checked".to_string(),
        };
        diagnostics.push(
            Diagnostic::error("skipped-function", None, format!("'{}': {what}", jit.name), jit.decorator_span)
                .with_severity(numrs_db::Severity::Info),
        );
        if let numrs_hir::JitKind::ObjectMode = &jit.kind {
            // Object mode compiles any code for its signatures: Python objects in and out.
            for s in &jit.signatures {
                report.signatures.push(SignatureReport {
                    args: s.args.iter().map(|t| t.to_string()).collect(),
                    origin: SignatureOrigin::Decorator,
                    outcome: SignatureOutcome::Ok { return_type: numrs_types::Type::PyObject.to_string(), locals: Default::default() },
                    reveals: vec![],
                });
            }
        }
        return Some(Arc::new(FunctionCheck { report, diagnostics, calls }));
    }
    for err in &jit.signature_errors {
        let (kind, message) = crate::split_exception(&err.message);
        diagnostics.push(Diagnostic::error("invalid-signature", Some(kind), message.to_string(), err.span));
        report.signatures.push(SignatureReport {
            args: vec![],
            origin: SignatureOrigin::Decorator,
            outcome: SignatureOutcome::Err { kind: kind.to_string(), line: Some(line_of(err.span)), message: err.message.clone() },
            reveals: vec![],
        });
    }
    for (spec, err) in &jit.rejected_signatures {
        let (kind, message) = crate::split_exception(&err.message);
        let code = if message.starts_with("Signature mismatch") { "signature-arity" } else { "invalid-signature" };
        diagnostics.push(Diagnostic::error(code, Some(kind), message.to_string(), err.span));
        report.signatures.push(SignatureReport {
            args: spec.args.iter().map(|t| t.to_string()).collect(),
            origin: SignatureOrigin::Decorator,
            // Raised when the decorator runs: Numba gives no source line.
            outcome: SignatureOutcome::Err { kind: kind.to_string(), line: None, message: message.to_string() },
            reveals: vec![],
        });
    }
    let mut specs: Vec<(Vec<numrs_types::Type>, Option<numrs_types::Type>, SignatureOrigin)> =
        jit.signatures.iter().map(|s| (s.args.clone(), s.return_type.clone(), SignatureOrigin::Decorator)).collect();
    let layout = jit.gufunc_layout.as_deref().and_then(|l| numrs_types::parse_gufunc_layout(l).ok());
    // Explicit signatures freeze the dispatcher (Numba's `disable_compile`): calls with other
    // types are TypeErrors, not new specializations, so recorded calls add none.
    let explicit = !jit.signatures.is_empty() || !jit.signature_errors.is_empty() || !jit.rejected_signatures.is_empty();
    let recorded_as = match (&jit.kind, !explicit, &layout) {
        (numrs_hir::JitKind::Njit | numrs_hir::JitKind::Vectorize | numrs_hir::JitKind::GuVectorize, false, _) => crate::RecordedAs::Frozen,
        (numrs_hir::JitKind::Vectorize, true, _) => crate::RecordedAs::Ufunc,
        (numrs_hir::JitKind::GuVectorize, true, Some(l)) => crate::RecordedAs::Gufunc(l),
        (numrs_hir::JitKind::GuVectorize, true, None) => crate::RecordedAs::Frozen,
        _ => crate::RecordedAs::Dispatcher,
    };
    match jitclass_member_self(db, key, jit) {
        // A jitclass member: recorded calls name it `Class.member` (the constructor `Class`)
        // and list the arguments after the instance, as written at the call.
        // A getter takes no arguments to record.
        Some((_, _, Err(()))) => {}
        Some((class, member, Ok(instance))) => {
            let names: &[&str] = if member == "__init__" { &[&jit.name, class] } else { &[&jit.name] };
            for name in names {
                for (args, ret, origin) in crate::recorded_specs(db, key.file(db), name, recorded_as, &mut diagnostics, record.name_span) {
                    let args: Vec<_> = instance.iter().cloned().chain(args).collect();
                    if !specs.iter().any(|(a, _, _)| *a == args) {
                        specs.push((args, ret, origin));
                    }
                }
            }
        }
        None => {
            // An omitted argument whose default is an array is recorded as NumPy prints the
            // array; numrs keys it by the default's source (`queries::array_default_key`).
            let facts = queries::function_facts(db, key);
            for (mut args, ret, origin) in crate::recorded_specs(db, key.file(db), &jit.name, recorded_as, &mut diagnostics, record.name_span) {
                if let Some(f) = facts.as_ref().filter(|f| !f.has_vararg) {
                    for (a, p) in args.iter_mut().zip(&f.params) {
                        if let (numrs_types::Type::Omitted(_), Some(k)) = (&*a, &p.array_key) {
                            *a = numrs_types::Type::Omitted(k.as_str().into());
                        }
                    }
                }
                if !specs.iter().any(|(a, _, _)| *a == args) {
                    specs.push((args, ret, origin));
                }
            }
        }
    }
    if specs.is_empty() {
        if let Some(ann) = &jit.annotations {
            if let Some(args) = ann.args.iter().cloned().collect::<Option<Vec<_>>>() {
                specs.push((args, ann.return_type.clone(), SignatureOrigin::Annotations));
            }
        }
    }
    // A lazy function the module's own top-level code calls: compiled when it is imported.
    if !explicit && jit.kind == numrs_hir::JitKind::Njit {
        for args in crate::module_calls::module_call_specs(db, key) {
            if !specs.iter().any(|(a, _, _)| *a == args) {
                specs.push((args, None, SignatureOrigin::ModuleCall));
            }
        }
    }
    let ir = queries::function_ir(db, key);
    if specs.is_empty() {
        // Untyped function: still report what does not depend on argument types.
        if let Some(ir) = ir {
            for e in &ir.errors {
                diagnostics.push(Diagnostic::error(e.code, Some(e.kind), e.message.clone(), e.span));
            }
            crate::untyped_globals(db, key, ir, &mut diagnostics);
        }
    }
    for (args, ret, origin) in specs {
        let spec = queries::SpecKey::new(db, key, args.clone(), ret.clone());
        let result = queries::infer_spec(db, spec);
        calls.extend(result.calls.iter().cloned());
        let arg_names: Vec<String> = args.iter().map(|t| t.to_string()).collect();
        let outcome = match &result.outcome {
            Ok(rt) => {
                let locals = ir.as_ref().map(|ir| result.locals(ir)).unwrap_or_default();
                SignatureOutcome::Ok { return_type: rt.to_string(), locals }
            }
            Err(e) => {
                let span = e.span.unwrap_or(record.name_span);
                let mut d = Diagnostic::error(e.code, Some(e.kind), e.message.clone(), span)
                    .with_note(format!("in {}({})", jit.name, arg_names.join(", ")));
                for n in &e.notes {
                    d = d.with_note(n.clone());
                }
                for (s, label) in &e.secondary {
                    d = d.with_secondary(*s, label.clone());
                }
                diagnostics.push(d);
                SignatureOutcome::Err { kind: e.kind.to_string(), line: e.span.map(line_of), message: e.message.clone() }
            }
        };
        let reveals = match ir {
            Some(ir) if result.outcome.is_ok() => crate::reveals(result.prepared.as_deref().unwrap_or(ir), &result.typemap, &line_of),
            _ => vec![],
        };
        report.signatures.push(SignatureReport { args: arg_names, origin, outcome, reveals });
    }
    Some(Arc::new(FunctionCheck { report, diagnostics, calls }))
}

/// For a jitclass member: its class's name, its own name, and the instance type its recorded
/// calls get first (none for a static method; an error for a property's getter, which takes no
/// arguments to record).
#[allow(clippy::type_complexity)]
fn jitclass_member_self<'j>(db: &dyn Db, key: FunctionKey<'_>, jit: &'j JitFunction) -> Option<(&'j str, &'j str, Result<Option<numrs_types::Type>, ()>)> {
    let (class_name, member) = jit.name.split_once('.')?;
    let file = key.file(db);
    let info = queries::module_info(db, file);
    // The module's record of the function (`jit` has positions relative to the function).
    let (class, def) = numrs_hir::jitclass_member_of(&info.classes, key.jit(db)?)?;
    let kind = def.kind;
    let instance = numrs_types::Type::JitClassInstance(crate::env::jitclass_type(db, file, info, class));
    Some((
        class_name,
        member,
        match kind {
            numrs_hir::MemberKind::Getter => Err(()),
            numrs_hir::MemberKind::StaticMethod => Ok(None),
            numrs_hir::MemberKind::Method | numrs_hir::MemberKind::Setter => Ok(Some(instance)),
        },
    ))
}
