//! The salsa queries of the checking pipeline: module symbols → jit functions → per-function
//! facts and IR → per-signature inference.
//!
//! Firewalls: `parse` and `module_info` change on every edit, but everything inference reads
//! goes through narrow queries whose values do not mention positions in the file
//! (`function_ir` with function-relative spans, `function_facts`, `resolve_global`), so their
//! results compare equal after an unrelated edit and `infer_spec` is not re-executed.

use std::sync::Arc;

use numrs_db::{Db, SourceFile};
use numrs_hir::{JitFunction, JitKind, ModuleSymbols};
use numrs_infer::GlobalValue;
use numrs_ir::FunctionIr;
use numrs_types::Type;

/// Module-level bindings and the jit functions of a file. Every offset in it is a module
/// position (`numrs_db::positions` maps it to the file).
#[derive(Debug, PartialEq, Eq)]
pub struct ModuleInfo {
    pub symbols: ModuleSymbols,
    pub functions: Vec<JitFunction>,
    /// The `@jitclass` classes (their methods are among `functions`).
    pub classes: Vec<numrs_hir::JitClass>,
    /// Indexes into `functions` by name, in order.
    pub by_name: std::collections::BTreeMap<String, Vec<usize>>,
    /// `X.define(C.class_type.instance_type)`: the `deferred_type()` `X` is jitclass `C`'s
    /// instances.
    pub deferred: Vec<(String, numrs_hir::DeferredTarget)>,
}

#[salsa::tracked(returns(ref))]
pub fn module_info(db: &dyn Db, file: SourceFile) -> Arc<ModuleInfo> {
    // Built on the skeleton: positions here are module positions (see `numrs_db::Skeleton`),
    // so an edit inside a function body leaves this value unchanged.
    let skeleton = numrs_db::skeleton(db, file);
    let mut symbols = numrs_hir::module_symbols(&skeleton.module);
    symbols.set_helper_defs(helper_defs(db, file, &skeleton, &symbols));
    let (mut functions, mut classes) = numrs_hir::jit_functions_and_classes(&skeleton.module, &symbols, &numrs_db::extra_decorators(db));
    functions.extend(factory_products(db, file, &skeleton, &symbols));
    factory_classes(db, file, &skeleton, &symbols, &mut classes, &mut functions);
    let mut by_name: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, f) in functions.iter().enumerate() {
        by_name.entry(f.name.clone()).or_default().push(i);
    }
    let deferred = numrs_hir::deferred_definitions(&skeleton.module, &symbols);
    Arc::new(ModuleInfo { symbols, functions, classes, by_name, deferred })
}

/// The plain functions module-level values are computed with (`TABLE = make_table(8)`), and
/// those they call, with their bodies read from their own statements: only an edit of one of
/// them (or of a module-level statement) changes this.
fn helper_defs(db: &dyn Db, file: SourceFile, skeleton: &numrs_db::Skeleton, symbols: &numrs_hir::ModuleSymbols) -> Vec<(usize, Arc<numrs_syntax::ast::FunctionDef>)> {
    use numrs_syntax::ast::StmtKind;
    // Module-level assignments, loops and calls (filling a lookup table; not
    // `if __name__ == "__main__": main()`), and the decorators of functions (`@_jit(sigs)` of a
    // `def _jit(sigs): return njit(sigs, ...)`).
    let mut pending: Vec<usize> = Vec::new();
    for stmt in &skeleton.module.body {
        if matches!(&stmt.kind, StmtKind::Assign { .. } | StmtKind::AnnAssign { .. } | StmtKind::AugAssign { .. } | StmtKind::FunctionDef(_) | StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::Expr(_)) {
            pending.extend(symbols.helper_calls(&skeleton.module, std::slice::from_ref(stmt), None));
        }
        // A decorator function named without a call (`@generated_jit`).
        if let StmtKind::FunctionDef(d) = &stmt.kind {
            for dec in &d.decorators {
                let numrs_syntax::ast::ExprKind::Name(n) = &dec.kind else { continue };
                if let Some(numrs_hir::BindingKind::Function { def_index }) = symbols.lookup(n, Some(stmt.span.start)).map(|b| b.kind.clone()) {
                    pending.push(def_index);
                }
            }
        }
    }
    let mut out: Vec<(usize, Arc<numrs_syntax::ast::FunctionDef>)> = Vec::new();
    while let Some(def_index) = pending.pop() {
        if out.len() >= 64 || out.iter().any(|(i, _)| *i == def_index) {
            continue;
        }
        let Some(def) = full_def(db, file, skeleton, def_index) else { continue };
        pending.extend(symbols.helper_calls(&skeleton.module, &def.body, None));
        out.push((def_index, def));
    }
    out.sort_by_key(|(i, _)| *i);
    out
}

/// The whole `def` (body included, positions relative to its chunk) of the skeleton's
/// top-level statement `index`, found by its module position: the skeleton lifts the
/// statements of an optional-numba `try` to the top level, so its indices are not the chunks'.
fn full_def(db: &dyn Db, file: SourceFile, skeleton: &numrs_db::Skeleton, index: usize) -> Option<Arc<numrs_syntax::ast::FunctionDef>> {
    let numrs_syntax::ast::StmtKind::FunctionDef(d) = &skeleton.module.body.get(index)?.kind else { return None };
    let (chunk, offset) = numrs_db::module_chunk(db, file, d.name_span.start)?;
    let parsed = numrs_db::parse_chunk(db, chunk);
    numrs_hir::find_def(&parsed.module, offset).map(|def| Arc::new(def.clone()))
}

/// The jit functions module-level factory calls make (`double = make_scaler(2.0)`, see
/// `numrs_hir::factory_product`). The factory's body is read from its own statement, so only
/// an edit of a factory (or of such a call) changes this.
fn factory_products(db: &dyn Db, file: SourceFile, skeleton: &numrs_db::Skeleton, symbols: &numrs_hir::ModuleSymbols) -> Vec<numrs_hir::JitFunction> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let mut out = Vec::new();
    for (i, stmt) in skeleton.module.body.iter().enumerate() {
        let StmtKind::Assign { value, .. } = &stmt.kind else { continue };
        let ExprKind::Call { func, .. } = &value.kind else { continue };
        // `factory(...)`, or `njit(sig)(factory(...))` / `njit(factory(...))`.
        let func = match (&func.kind, numrs_hir::jitted_factory_call(value)) {
            (ExprKind::Name(_), _) => func,
            (_, Some((_, inner))) => match &inner.kind {
                ExprKind::Call { func, .. } => func,
                _ => continue,
            },
            _ => continue,
        };
        let ExprKind::Name(fname) = &func.kind else { continue };
        let Some((_, factory)) = factory_statement(db, file, skeleton, symbols, fname, stmt.span.start) else { continue };
        if let Some(f) = numrs_hir::factory_product(&skeleton.module, symbols, &numrs_db::extra_decorators(db), i, &factory) {
            out.push(f);
        }
    }
    out
}

/// The whole statement (at module positions) of the plain module-level function `fname`
/// names where a statement at `at` reads it, and its index in the module: a factory's, whose
/// body the skeleton leaves out.
fn factory_statement(db: &dyn Db, file: SourceFile, skeleton: &numrs_db::Skeleton, symbols: &numrs_hir::ModuleSymbols, fname: &str, at: u32) -> Option<(usize, numrs_syntax::ast::Stmt)> {
    use numrs_syntax::ast::StmtKind;
    let b = symbols.lookup(fname, Some(at))?;
    let numrs_hir::BindingKind::Function { def_index } = b.kind else { return None };
    // A plain function of the module (not itself jit-decorated), defined at top level.
    let def_stmt = skeleton.module.body.get(def_index).filter(|s| s.span == b.stmt_span)?;
    if !matches!(&def_stmt.kind, StmtKind::FunctionDef(d) if d.decorators.is_empty()) {
        return None;
    }
    let StmtKind::FunctionDef(d) = &def_stmt.kind else { return None };
    let def = full_def(db, file, skeleton, def_index)?;
    // The statement, placed where the skeleton has it.
    let delta = d.name_span.start.checked_sub(def.name_span.start)?;
    let span = numrs_syntax::ast::Span::new(def_stmt.span.start - delta, def_stmt.span.end - delta);
    let mut factory = numrs_syntax::ast::Stmt { span, kind: StmtKind::FunctionDef(Box::new((*def).clone())) };
    numrs_syntax::shift::shift_stmt(&mut factory, delta);
    Some((def_index, factory))
}

/// The jitclasses module-level factory calls make (`GridCellF = make_cell(float64)`, see
/// `numrs_hir::factory_class`), added to `classes`, and their members' jit functions, added to
/// `functions`. Only an edit of a factory (or of such a call) changes them.
fn factory_classes(
    db: &dyn Db,
    file: SourceFile,
    skeleton: &numrs_db::Skeleton,
    symbols: &numrs_hir::ModuleSymbols,
    classes: &mut Vec<numrs_hir::JitClass>,
    functions: &mut Vec<numrs_hir::JitFunction>,
) {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    for (i, stmt) in skeleton.module.body.iter().enumerate() {
        let StmtKind::Assign { value, .. } = &stmt.kind else { continue };
        let ExprKind::Call { func, .. } = &value.kind else { continue };
        let ExprKind::Name(fname) = &func.kind else { continue };
        let Some((def_index, factory)) = factory_statement(db, file, skeleton, symbols, fname, stmt.span.start) else { continue };
        if let Some((class, members)) = numrs_hir::factory_class(&skeleton.module, symbols, classes, i, def_index, &factory) {
            classes.push(class);
            functions.extend(members);
        }
    }
}

/// The `def` of a jit function, at module positions, its body left out: from the skeleton, or
/// for a function a factory defines (not in the skeleton) from the factory's statement.
pub fn jit_def(db: &dyn Db, file: SourceFile, jit: &numrs_hir::JitFunction) -> Option<numrs_syntax::ast::FunctionDef> {
    let skeleton = numrs_db::skeleton(db, file);
    if let Some(d) = numrs_hir::find_def(&skeleton.module, jit.def_line_offset) {
        return Some(d.clone());
    }
    jit.captured.as_ref()?;
    let (chunk, offset) = numrs_db::module_chunk(db, file, jit.def_line_offset)?;
    let parsed = numrs_db::parse_chunk(db, chunk);
    let mut stmt = parsed.module.body.first()?.clone();
    numrs_syntax::shift::shift_stmt(&mut stmt, jit.def_line_offset.checked_sub(offset)?);
    let module = numrs_syntax::ast::Module { body: vec![stmt] };
    let mut d = numrs_hir::find_def(&module, jit.def_line_offset)?.clone();
    d.body.clear();
    Some(d)
}

/// The types of the jitclasses of `file` (see `env::build_jitclass_types`), made once per
/// revision of the module's skeleton: a class whose field refers to the class itself through a
/// `deferred_type()` is a cycle of reference-counted values, which is never freed.
#[salsa::tracked(returns(ref))]
pub fn jitclass_types(db: &dyn Db, file: SourceFile) -> Vec<Arc<numrs_types::JitClassType>> {
    let info = module_info(db, file);
    crate::env::build_jitclass_types(db, file, info)
}

/// A jit function of a file, by name and ordinal among the jit functions of that name
/// (usually 0). Stable across edits that do not add or remove same-named functions.
#[salsa::interned(debug)]
pub struct FunctionKey {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(ref)]
    pub name: String,
    #[returns(copy)]
    pub ordinal: u32,
}

impl<'db> FunctionKey<'db> {
    /// The key of `jit`, one of `info.functions`.
    pub fn of(db: &'db dyn Db, file: SourceFile, info: &ModuleInfo, jit: &JitFunction) -> FunctionKey<'db> {
        let ordinal = info
            .by_name
            .get(&jit.name)
            .and_then(|ids| ids.iter().position(|i| info.functions[*i].def_line_offset == jit.def_line_offset))
            .unwrap_or(0);
        FunctionKey::new(db, file, jit.name.clone(), ordinal as u32)
    }

    /// The function's discovery record in the current revision.
    pub fn jit(self, db: &'db dyn Db) -> Option<&'db JitFunction> {
        let info = module_info(db, self.file(db));
        let index = *info.by_name.get(self.name(db))?.get(self.ordinal(db) as usize)?;
        info.functions.get(index)
    }
}

/// A parameter of a jit function as calls bind to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamFact {
    pub name: String,
    /// `None`: no default. `Some(Ok(t))`: a default typed as its literal. `Some(Err(()))`: a
    /// default numrs cannot type.
    pub default: Option<Result<Type, ()>>,
    /// A default that is a NumPy array, or a named tuple instance: the text its omitted type
    /// is keyed by (`omitted(default=ONES)`, see [`array_default_key`];
    /// `omitted(default=Pt(x=1.0, y=2.0))`).
    pub array_key: Option<String>,
    /// A default that names a module-level value (`weight_func=_tricube`): the name.
    pub default_name: Option<String>,
}

/// What callers and inference need to know about a function, without positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionFacts {
    pub kind: JitKind,
    /// Explicit signatures (eager compilation, then frozen).
    pub signatures: Vec<(Vec<Type>, Option<Type>)>,
    /// `locals=` types.
    pub locals: Vec<(String, Type)>,
    /// Positional and keyword-only parameters, in order.
    pub params: Vec<ParamFact>,
    pub positional_count: usize,
    pub has_vararg: bool,
    /// `parallel=True`.
    pub parallel: bool,
    /// `inline="always"`: Numba inlines the function's IR into its jit callers before typing,
    /// so its explicit signatures do not apply there.
    pub inline_always: bool,
}

#[salsa::tracked(returns(ref))]
pub fn function_facts(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<FunctionFacts>> {
    let jit = key.jit(db)?;
    let def = jit_def(db, key.file(db), jit)?;
    let def = &def;
    let file = key.file(db);
    let info = module_info(db, file);
    let symbols = &info.symbols;
    let params = def
        .params
        .positional()
        .chain(def.params.kwonly.iter())
        .map(|p| {
            let d = p.default.as_ref();
            // An array (`w=ONES` of a module array, `b=np.zeros(2)`) and a named tuple instance
            // (`p=ORIGIN`) are keyed by the text Numba's `omitted` shows (see `array_key`).
            let array = d.and_then(|d| array_default_type(db, file, symbols, d, jit.def_line_offset));
            let namedtuple = d.filter(|_| array.is_none()).and_then(|d| crate::env::namedtuple_default(db, file, &info, d, jit.def_line_offset));
            ParamFact {
                name: p.name.clone(),
                default_name: d.and_then(|d| match &d.kind {
                    numrs_syntax::ast::ExprKind::Name(n) => Some(n.clone()),
                    _ => None,
                }),
                array_key: match (d, &namedtuple) {
                    (Some(d), _) if array.is_some() => Some(array_default_key(d, &jit.name, &p.name)),
                    (_, Some((_, repr, _))) => Some(repr.clone()),
                    _ => None,
                },
                default: d.map(|d| {
                    numrs_hir::ConstValue::of_default(d, symbols, jit.def_line_offset)
                        .or_else(|| crate::env::namedtuple_field_default(db, file, &info, d, jit.def_line_offset))
                        .and_then(|v| crate::env::const_value_type(&v))
                        .or_else(|| namedtuple.map(|(t, _, _)| t))
                        .or_else(|| module_constant_type(d, symbols, jit.def_line_offset))
                        // An expression Python computes when the `def` runs (`float(2)`,
                        // `np.float32(1e-6)`): typed from its value, as Numba types `omitted`.
                        .or_else(|| numrs_hir::default_repr(d, symbols, jit.def_line_offset).and_then(|r| numrs_types::omitted_value_type(&r)))
                        .or_else(|| crate::env::enum_member_default(db, file, &info, d).map(|(t, _)| t))
                        // An array: Numba's `typeof` of the value, a writable array.
                        .or(array)
                        .ok_or(())
                }),
            }
        })
        .collect();
    Some(Arc::new(FunctionFacts {
        kind: jit.kind.clone(),
        signatures: jit.signatures.iter().map(|s| (s.args.clone(), s.return_type.clone())).collect(),
        locals: jit.options.locals.iter().filter_map(|(n, t)| t.as_ref().ok().map(|t| (n.clone(), t.clone()))).collect(),
        params,
        positional_count: def.params.positional().count(),
        has_vararg: def.params.vararg.is_some(),
        parallel: jit.options.parallel == Some(true),
        inline_always: jit.options.inline.as_deref() == Some("always"),
    }))
}

/// The text an omitted argument whose default is a NumPy array is keyed by, in place of
/// NumPy's repr of the array that Numba's `omitted(default=array([1., 1.]))` shows (Numba keys
/// such a default by the array's identity, not by its text): the default's source
/// (`omitted(default=np.zeros(2))`), else the function's and parameter's names.
pub fn array_default_key(d: &numrs_syntax::ast::Expr, function: &str, param: &str) -> String {
    numrs_hir::default_text(d).unwrap_or_else(|| format!("<default of {function}.{param}>"))
}

/// The type of a parameter default that is a NumPy array numrs evaluates: a module-level
/// array by name, or an array expression (`np.zeros(2)`, evaluated when the `def` runs).
pub fn array_default_type(db: &dyn Db, file: numrs_db::SourceFile, symbols: &numrs_hir::ModuleSymbols, d: &numrs_syntax::ast::Expr, def_offset: u32) -> Option<Type> {
    let skeleton = numrs_db::skeleton(db, file);
    let (dtype, ndim, layout) = match &d.kind {
        numrs_syntax::ast::ExprKind::Name(n) => {
            let b = symbols.lookup(n, Some(def_offset))?;
            let stmt = symbols.binding_stmt(&skeleton.module, b)?;
            match numrs_hir::inexact_value_type(n, stmt, &skeleton.module, symbols) {
                Some(Type::Array(a)) => (a.dtype.clone(), a.ndim, a.layout),
                Some(_) => return None,
                None => {
                    let a = numrs_hir::bound_array(n, stmt, &skeleton.module, symbols)?;
                    let layout = numrs_hir::bound_layout(n, stmt, &skeleton.module, symbols).unwrap_or(numrs_types::Layout::C);
                    (Type::Number(a.dtype), a.shape.len() as u32, layout)
                }
            }
        }
        _ => {
            let a = numrs_hir::captured_array(d, def_offset, &skeleton.module, symbols)?;
            (Type::Number(a.dtype), a.shape.len() as u32, numrs_types::Layout::C)
        }
    };
    (ndim > 0).then(|| Type::array(dtype, ndim, layout))
}

/// The type Numba gives an omitted argument whose default is a module attribute numrs knows
/// the type of: a number (`math.pi`: `float64`) or a NumPy scalar class (`np.float64`:
/// `class(float64)`).
fn module_constant_type(expr: &numrs_syntax::ast::Expr, symbols: &numrs_hir::ModuleSymbols, def_offset: u32) -> Option<Type> {
    let dotted = symbols.resolve_dotted_at(expr, Some(def_offset))?;
    let (module, attr) = dotted.rsplit_once('.')?;
    match numrs_typing::module_attr(module, attr)? {
        t @ (Type::Number(_) | Type::NumberClass(_) | Type::NoneType) => Some(t),
        _ => None,
    }
}

/// The IR of one function; spans are relative to its `def`, so edits elsewhere in the file
/// produce an equal value and dependents are not re-run.
#[salsa::tracked(returns(ref))]
pub fn function_ir(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<FunctionIr>> {
    let jit = key.jit(db)?;
    // Lowered from its top-level statement, cached by that statement's text: an edit elsewhere
    // never lowers it again.
    let (chunk, def_offset) = numrs_db::module_chunk(db, key.file(db), jit.def_line_offset)?;
    chunk_function_ir(db, chunk, def_offset).clone()
}

/// The IR of the function whose `def` keyword is at `def_offset` within a top-level statement
/// (the statement itself, or a `def` nested in an `if`/`try`/... at module level).
#[salsa::tracked(returns(ref))]
fn chunk_function_ir(db: &dyn Db, chunk: numrs_db::Chunk<'_>, def_offset: u32) -> Option<Arc<FunctionIr>> {
    lower_in_chunk(db, chunk, def_offset, &[]).map(Arc::new)
}

/// The function whose `def` is at `def_offset` in `chunk`, lowered with the `literal_unroll`
/// loops at `unroll` unrolled (see [`numrs_ir::lower_function_unrolled`]).
fn lower_in_chunk(db: &dyn Db, chunk: numrs_db::Chunk<'_>, def_offset: u32, unroll: &[(u32, usize)]) -> Option<FunctionIr> {
    let parsed = numrs_db::parse_chunk(db, chunk);
    let def = numrs_hir::find_def(&parsed.module, def_offset)?;
    let mut ir = numrs_ir::lower_function_unrolled(def, numrs_ir::function_start(def), unroll);
    // A method's private names (`self.__x`) are mangled, as CPython compiles a class body.
    if let Some(numrs_syntax::ast::StmtKind::ClassDef(class)) = parsed.module.body.first().map(|s| &s.kind) {
        if class.body.iter().any(|s| s.span.start <= def_offset && def_offset < s.span.end) {
            numrs_ir::mangle_private_attrs(&mut ir, &class.name);
        }
    }
    Some(ir)
}

/// A global name as seen from one function.
#[salsa::interned(debug)]
pub struct GlobalKey {
    #[returns(copy)]
    pub function: FunctionKey<'db>,
    #[returns(ref)]
    pub name: String,
}

/// What a global name refers to inside a function. A function with explicit signatures is
/// compiled when its decorator runs, so only names bound above it are visible.
#[salsa::tracked(returns(ref))]
pub fn resolve_global(db: &dyn Db, key: GlobalKey<'_>) -> GlobalValue {
    crate::env::resolve_global_uncached(db, key.function(db), key.name(db))
}

/// One specialisation request: function, argument types, optional declared return type.
#[salsa::interned(debug)]
pub struct SpecKey {
    #[returns(copy)]
    pub function: FunctionKey<'db>,
    #[returns(ref)]
    pub args: Vec<Type>,
    #[returns(ref)]
    pub return_type: Option<Type>,
}

/// An inner function of `owner` (its path in the owner's IR) called with `args` as the jit
/// function Numba makes of it when the inner function escapes (is passed to a jit function).
#[salsa::interned(debug)]
pub struct EscapedKey {
    #[returns(copy)]
    pub owner: FunctionKey<'db>,
    /// Where it is in the owner (see [`numrs_ir::ESCAPED`]).
    #[returns(ref)]
    pub path: Vec<u32>,
    #[returns(ref)]
    pub args: Vec<Type>,
}

/// An escaped inner function's IR (free variables replaced by their constants) and typing.
pub type EscapedTyping = Result<(Arc<FunctionIr>, Arc<numrs_infer::InferResult>), numrs_infer::InferError>;

/// [`EscapedKey`] typed (`check` types it at every call, `build` compiles it).
#[salsa::tracked(returns(ref), cycle_result = escaped_cycle)]
pub fn escaped_spec(db: &dyn Db, key: EscapedKey<'_>) -> EscapedTyping {
    crate::env::type_escaped(db, key.owner(db), key.path(db), key.args(db))
}

fn escaped_cycle<'db>(_db: &'db dyn Db, _id: salsa::Id, _key: EscapedKey<'db>) -> EscapedTyping {
    Err(numrs_infer::InferError::typing(
        "recursion-without-signature",
        "an inner function that reaches itself again through calls cannot be typed by numrs yet",
        None,
    ))
}

#[salsa::tracked(returns(ref), cycle_result = recursion_fallback)]
pub fn infer_spec(db: &dyn Db, key: SpecKey<'_>) -> Arc<numrs_infer::InferResult> {
    let func = key.function(db);
    let Some(ir) = function_ir(db, func) else {
        return Arc::new(failure("function not found"));
    };
    let locals = function_facts(db, func).as_ref().map(|f| f.locals.clone()).unwrap_or_default();
    let env = crate::env::FileEnv { db, function: func, calls: Default::default() };
    // Calls that make ever new specializations (`f((x, x), n - 1)`): Numba compiles them
    // until Python's recursion limit (RecursionError); numrs stops at a depth of its own
    // rather than exhaust the thread's stack.
    if crate::env::InferenceStack::depth() >= crate::env::MAX_TYPING_DEPTH {
        let mut r = failure(&format!(
            "'{}' is compiled for ever new argument types through nested calls (more than {} deep): Numba compiles them until Python's recursion limit",
            func.name(db),
            crate::env::MAX_TYPING_DEPTH
        ));
        if let Err(e) = &mut r.outcome {
            e.kind = "RecursionError";
        }
        return Arc::new(r);
    }
    let _guard = crate::env::InferenceStack::enter(func.name(db).clone(), func.ordinal(db), key.args(db).clone());
    let req = numrs_infer::InferRequest {
        ir,
        args: key.args(db),
        return_type: key.return_type(db).as_ref(),
        locals: &locals,
        env: &env,
        partial: false,
    };
    let mut result = numrs_infer::infer_function(&req);
    result.calls = env.calls.take();
    if result.outcome.is_ok() {
        if let Some(e) = unroll_of_argument(ir, &result) {
            result.outcome = Err(e);
        }
    }
    // Loops over `literal_unroll(container)` of a heterogeneous tuple: Numba versions their
    // body per item type; numrs types the function again with them unrolled (the typing
    // above gave the containers' types; an unrolled body may hold more such loops).
    let mut unroll: Vec<(u32, usize)> = Vec::new();
    for _ in 0..4 {
        let mut found = Vec::new();
        unroll_candidates(ir, &result, &mut found, 0);
        found.retain(|(at, _)| !unroll.iter().any(|(u, _)| u == at));
        found.sort_unstable();
        found.dedup();
        // One loop (in an inner function called twice) over tuples of different lengths:
        // Numba versions it per call; numrs unrolls a loop one way.
        if found.windows(2).any(|w| w[0].0 == w[1].0) {
            result.outcome = Err(numrs_infer::InferError::typing(
                "unsupported-syntax",
                "a literal_unroll loop that runs over tuples of different lengths (an inner function called with both) is not supported by numrs yet",
                None,
            ));
            break;
        }
        if found.is_empty() {
            break;
        }
        unroll.extend(found);
        let Some(unrolled) = function_ir_unrolled(db, func, &unroll) else { break };
        let env = crate::env::FileEnv { db, function: func, calls: Default::default() };
        let req = numrs_infer::InferRequest { ir: &unrolled, env: &env, ..req };
        let mut again = numrs_infer::infer_function(&req);
        again.calls = env.calls.take();
        if again.prepared.is_none() {
            again.prepared = Some(Box::new(unrolled));
        }
        result = again;
    }
    if let Some(e) = ufunc_dtype_error(db, func, key.args(db), &result) {
        result.outcome = Err(e);
    }
    Arc::new(result)
}

/// What Numba's `UFuncBuilder` refuses once a `@vectorize` kernel has typed: a type of the
/// loop that is not a NumPy dtype (`as_dtype`), among the arguments and then the return type.
fn ufunc_dtype_error(db: &dyn Db, func: FunctionKey<'_>, args: &[Type], result: &numrs_infer::InferResult) -> Option<numrs_infer::InferError> {
    let Ok(ret) = &result.outcome else { return None };
    if function_facts(db, func).as_ref()?.kind != JitKind::Vectorize {
        return None;
    }
    let bad = args.iter().chain([ret]).find(|t| !t.is_numpy_dtype())?;
    let mut e = numrs_infer::InferError::typing("invalid-signature", format!("{bad} cannot be represented as a NumPy dtype (a ufunc's loop takes and gives NumPy scalars)"), None);
    e.kind = "NumbaNotImplementedError";
    Some(e)
}

/// Numba's UnsupportedError for a `literal_unroll` loop over one of the function's arguments
/// that is not a tuple (a list, an array, a typed list): its literal_unroll pass can only
/// rewrite tuples passed in.
fn unroll_of_argument(ir: &FunctionIr, result: &numrs_infer::InferResult) -> Option<numrs_infer::InferError> {
    let typed = result.prepared.as_deref().unwrap_or(ir);
    for (_, v) in &typed.literal_unroll {
        let var = typed.vars.get(v.0 as usize)?;
        if var.name != var.base || !typed.arg_names.contains(&var.base) {
            continue;
        }
        let t = result.typemap.get(v.0 as usize).cloned().flatten()?;
        if !matches!(t, numrs_types::Type::Tuple(_) | numrs_types::Type::UniTuple(..)) {
            // Reported where the argument is bound (the `def`), as Numba does.
            let bound_at = typed.blocks.iter().flat_map(|b| &b.stmts).find_map(|s| match &s.kind {
                numrs_ir::StmtKind::Assign { target, value: numrs_ir::Value::Arg(_) } if target == v => Some(s.span),
                _ => None,
            });
            let mut e = numrs_infer::InferError::typing(
                "unsupported-syntax",
                format!("Invalid use of literal_unroll with a function argument, only tuples are supported as function arguments, found {t}: pass a tuple (literal_unroll unrolls a loop over the items of a tuple)"),
                bound_at,
            );
            e.kind = "UnsupportedError";
            return Some(e);
        }
    }
    None
}

/// The `literal_unroll` loops of `ir` (as typed by `result`) and of the inner functions it
/// calls whose containers are non-empty heterogeneous tuples: their `for` positions and
/// lengths. (Numba refuses to iterate an empty tuple.)
fn unroll_candidates(ir: &FunctionIr, result: &numrs_infer::InferResult, out: &mut Vec<(u32, usize)>, depth: u32) {
    if depth > 16 {
        return;
    }
    let typed = result.prepared.as_deref().unwrap_or(ir);
    for (at, v) in &typed.literal_unroll {
        if let Some(Some(numrs_types::Type::Tuple(items))) = result.typemap.get(v.0 as usize) {
            if !items.is_empty() {
                out.push((*at, items.len()));
            }
        }
    }
    for c in &result.closures {
        if let Some(info) = typed.closures.get(c.index as usize) {
            unroll_candidates(&info.ir, &c.result, out, depth + 1);
        }
    }
}

/// [`function_ir`] with the `literal_unroll` loops whose `for` statements start at the
/// positions of `unroll` unrolled that many times (not cached: [`infer_spec`] caches what it
/// types).
fn function_ir_unrolled(db: &dyn Db, key: FunctionKey<'_>, unroll: &[(u32, usize)]) -> Option<FunctionIr> {
    let jit = key.jit(db)?;
    let (chunk, def_offset) = numrs_db::module_chunk(db, key.file(db), jit.def_line_offset)?;
    lower_in_chunk(db, chunk, def_offset, unroll)
}

fn failure(message: &str) -> numrs_infer::InferResult {
    numrs_infer::InferResult {
        outcome: Err(numrs_infer::InferError::typing("recursion-without-signature", message, None)),
        typemap: vec![],
        extra_locals: vec![],
        calls: vec![],
        prepared: None,
        closures: vec![],
    }
}

fn recursion_fallback<'db>(_db: &'db dyn Db, _id: salsa::Id, _key: SpecKey<'db>) -> Arc<numrs_infer::InferResult> {
    Arc::new(failure(
        "cannot type a recursive call whose return type is not yet known; give the function an explicit signature with a return type",
    ))
}

/// Whether a function is compiled eagerly (has explicit signatures).
pub fn is_eager(db: &dyn Db, key: FunctionKey<'_>) -> bool {
    function_facts(db, key).as_ref().is_some_and(|f| !f.signatures.is_empty() && f.kind != JitKind::ObjectMode)
}

/// A jit function's record, relative to its start (a firewall against edits elsewhere).
#[salsa::tracked(returns(ref))]
pub fn jit_record(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<crate::function_check::JitRecord>> {
    crate::function_check::make_jit_record(db, key)
}

/// Check one function: signatures typed, diagnostics and report (relative to its start).
#[salsa::tracked(returns(ref))]
pub fn function_check(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<crate::function_check::FunctionCheck>> {
    crate::function_check::check_function(db, key)
}
