//! Jit-decorated functions: which `def`s Numba compiles, with which decorator, options and
//! explicit signatures.
//!
//! Decorators are recognised through the module's imports (`import numba as nb; @nb.njit`,
//! `from numba import njit as jit`), module-level aliases (`fastjit = njit(fastmath=True)`,
//! `pjit = functools.partial(njit, parallel=True)`) and the caller's extra decorator names.
//! Their arguments are bound the way Numba's decorator functions bind them
//! (`numba/core/decorators.py`, `numba/np/ufunc/decorators.py`, `numba/cuda/decorators.py`).

use numrs_syntax::ast::{self, Expr, ExprKind, FunctionDef, Keyword, Span, Stmt, StmtKind};
use numrs_types::Type;

use crate::annotations::{annotated_signature_at, AnnotatedSig};
use crate::eval::{Evaluator, Scope};
use crate::numba_names::{
    CFUNC_PARAMS, CPU_TARGET_OPTIONS, CUDA_JIT_OPTIONS, DECORATORS, DEPRECATED_SIGNATURE_ARG_MSG, JIT_PARAMS,
    REMOVED_DECORATORS, UFUNC_TARGET_OPTIONS,
};
use crate::signature::{signature_from_value, SigError, SigErrorKind, SigSpec};
use crate::symbols::{BindingKind, ConstValue, ModuleSymbols, MAX_ALIAS_DEPTH};
use crate::value::Value;

/// How Numba compiles a decorated function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum JitKind {
    /// `@njit`, `@jit` (nopython by default since Numba 0.59; `nopython=False` changes
    /// nothing), and the caller's extra decorators.
    Njit,
    /// `@jit(forceobj=True)`.
    ObjectMode,
    /// `@vectorize`: a NumPy ufunc from a scalar kernel.
    Vectorize,
    /// `@guvectorize`: a generalized ufunc.
    GuVectorize,
    /// `@cuda.jit`: a CUDA kernel.
    CudaKernel,
    /// `@cuda.jit(device=True)`: a CUDA device function.
    CudaDevice,
    /// `@cfunc(sig)`: a C callback, compiled in nopython mode for one signature.
    CFunc,
    /// A Numba decorator numrs does not type the body under (`stencil`, `overload`,
    /// `overload_method`, `intrinsic`, `register_jitable`, ...), by its name. Also
    /// `generated_jit`, which Numba 0.68.1 no longer has.
    Other(String),
}

/// `fastmath=`: a bool, or a set/dict of LLVM fast-math flags.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FastMath {
    Bool(bool),
    /// The enabled flags (for a dict, the keys whose value is true), sorted.
    Flags(Vec<String>),
}

impl FastMath {
    /// The LLVM flags Numba enables (`FastMathOptions.flags`): `True` is `{'fast'}`.
    pub fn flags(&self) -> Vec<String> {
        match self {
            FastMath::Bool(true) => vec!["fast".to_string()],
            FastMath::Bool(false) => Vec::new(),
            FastMath::Flags(f) => f.clone(),
        }
    }
}

/// A decorator keyword's value, evaluated as far as numrs can.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionValue {
    Const(ConstValue),
    Type(Type),
    Set(Vec<OptionValue>),
    List(Vec<OptionValue>),
    Tuple(Vec<OptionValue>),
    Dict(Vec<(OptionValue, OptionValue)>),
    /// Something else (a function, a module, a class...), by its Python `repr()`-like text.
    Object(String),
    /// Not evaluated: why.
    Unknown(String),
}

/// The options a jit decorator was given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JitOptions {
    /// `locals={'x': float64}`: each name with its type (or why it is not one).
    pub locals: Vec<(String, Result<Type, SigError>)>,
    pub boundscheck: Option<bool>,
    pub fastmath: Option<FastMath>,
    /// `parallel=True`, or a dict of parallel options (which enables it).
    pub parallel: Option<bool>,
    pub error_model: Option<String>,
    pub nogil: Option<bool>,
    pub cache: Option<bool>,
    /// `inline='always'|'never'`; a callable cost model is `"<callable>"`.
    pub inline: Option<String>,
    pub nopython: Option<bool>,
    pub forceobj: Option<bool>,
    pub looplift: Option<bool>,
    /// `target='cpu'|'parallel'|...` (vectorize/guvectorize).
    pub target: Option<String>,
    /// `device=` (cuda.jit).
    pub device: Option<bool>,
    /// `identity=` (vectorize/guvectorize).
    pub identity: Option<OptionValue>,
    /// Every keyword given (and the named positional options), in source order.
    pub values: Vec<(String, OptionValue)>,
    /// Keywords the decorator does not know; Numba raises `KeyError: Unrecognized options`.
    pub unknown_options: Vec<String>,
}

/// A `@vectorize` function's `identity=` as Numba's `parse_identity` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UfuncIdentity {
    Zero,
    One,
    /// `"reorderable"`: no identity, but reductions over several axes are allowed.
    Reorderable,
}

impl JitOptions {
    /// `identity=` of a ufunc (0, 1 — `True`/`False` compare equal to them — or
    /// `"reorderable"`); `None` without one.
    pub fn ufunc_identity(&self) -> Option<UfuncIdentity> {
        match self.identity.as_ref()? {
            OptionValue::Const(ConstValue::Int(0)) | OptionValue::Const(ConstValue::Bool(false)) => Some(UfuncIdentity::Zero),
            OptionValue::Const(ConstValue::Int(1)) | OptionValue::Const(ConstValue::Bool(true)) => Some(UfuncIdentity::One),
            OptionValue::Const(ConstValue::Str(s)) if s == "reorderable" => Some(UfuncIdentity::Reorderable),
            _ => None,
        }
    }

    /// The parameters a `@stencil`'s `standard_indexing=` names (a name, or a tuple or list of
    /// names).
    pub fn stencil_standard_indexing(&self) -> Vec<String> {
        let name = |v: &OptionValue| match v {
            OptionValue::Const(ConstValue::Str(s)) => Some(s.clone()),
            _ => None,
        };
        match self.values.iter().find(|(n, _)| n == "standard_indexing").map(|(_, v)| v) {
            Some(OptionValue::Const(ConstValue::Str(s))) => vec![s.clone()],
            Some(OptionValue::Const(ConstValue::Tuple(names))) => names.iter().filter_map(|n| if let ConstValue::Str(s) = n { Some(s.clone()) } else { None }).collect(),
            Some(OptionValue::List(names) | OptionValue::Tuple(names)) => names.iter().filter_map(name).collect(),
            _ => Vec::new(),
        }
    }
}

/// A `def` Numba compiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JitFunction {
    pub name: String,
    /// Index in `module.body` of the top-level statement holding the `def` (the `def`, or the
    /// `if`/`try`/... it is nested in).
    pub def_stmt_index: usize,
    /// Byte offset of the `def` keyword (`FunctionDef::name_span.start`); unique per `def`,
    /// see [`find_def`].
    pub def_line_offset: u32,
    /// The span of the jit decorator expression.
    pub decorator_span: Span,
    /// The decorator's canonical dotted path (`numba.njit`, `numba.cuda.jit`), or the extra
    /// decorator name it matched.
    pub decorator_path: String,
    pub kind: JitKind,
    pub options: JitOptions,
    /// Explicit signatures that normalized (eager compilation); empty when compiled lazily.
    pub signatures: Vec<SigSpec>,
    /// Explicit signatures that did not: Numba raises at decoration time (kind `Numba`), or
    /// numrs cannot evaluate them (kind `Unsupported`).
    pub signature_errors: Vec<SigError>,
    /// Signatures that parsed but that Numba rejects when the decorator runs (wrong number of
    /// argument types, a CUDA kernel returning a value), with the error.
    pub rejected_signatures: Vec<(SigSpec, SigError)>,
    /// Other errors Numba raises for this decorator (bad arguments, conflicting options,
    /// unknown options...), at decoration or first compilation.
    pub errors: Vec<SigError>,
    /// `guvectorize`'s layout string, e.g. `"(n),()->(n)"`.
    pub gufunc_layout: Option<String>,
    /// Parameter types from PEP 484 annotations, when every parameter has one numrs knows.
    pub annotations: Option<AnnotatedSig>,
    /// Warnings Numba emits and things numrs could not tell.
    pub notes: Vec<String>,
    /// Compiled by a call (`fast = njit(f)`) rather than a decorator: the module's name `f`
    /// stays a plain Python function; only the call's result is a dispatcher.
    pub bound_by_call: bool,
    /// Made by a factory (`double = make_scaler(2.0)`, see [`factory_product`]): the values
    /// of the factory's parameters the function closes over, which it reads as constants.
    pub captured: Option<Vec<(String, ConstValue)>>,
    /// A factory's parameters given a module-level name that is not a constant (another jit
    /// function, `make_composed(double, square)`): the parameter and the name.
    pub captured_names: Vec<(String, String)>,
    /// A factory's parameters given a NumPy array made from constants
    /// (`make_smoother(np.array([1.0, -1.0]))`): the parameter, the argument and where the
    /// call is ([`crate::captured_array`] evaluates it).
    pub captured_arrays: Vec<(String, ast::Expr, u32)>,
    /// An `@overload` registered by a decorator function of the module for the function it
    /// decorates (the `generated_jit` replacement `def generated_jit(function): overload(
    /// function, strict=False)(function); return function`): the function is its own typing
    /// function.
    pub overloads_itself: bool,
}

/// Finds the `def` whose `def` keyword is at `def_line_offset`, at module level or nested in
/// module-level compound statements.
pub fn find_def(module: &ast::Module, def_line_offset: u32) -> Option<&FunctionDef> {
    fn search(stmts: &[Stmt], offset: u32, depth: u32) -> Option<&FunctionDef> {
        if depth > 64 {
            return None;
        }
        for s in stmts {
            // The `def` keyword lies within the spans of its statement and of any enclosing one.
            // A skeleton's `class` statement ends where it starts; its body is kept (methods
            // without their bodies).
            let is_class = matches!(s.kind, StmtKind::ClassDef(_));
            if !(s.span.start <= offset && (offset <= s.span.end || is_class)) {
                continue;
            }
            let found = match &s.kind {
                StmtKind::FunctionDef(def) if def.name_span.start == offset => return Some(def),
                // A jit function a factory defines (see `factory_product`).
                StmtKind::FunctionDef(def) => search(&def.body, offset, depth + 1),
                StmtKind::If { body, orelse, .. }
                | StmtKind::For { body, orelse, .. }
                | StmtKind::While { body, orelse, .. } => {
                    search(body, offset, depth + 1).or_else(|| search(orelse, offset, depth + 1))
                }
                StmtKind::With { body, .. } => search(body, offset, depth + 1),
                StmtKind::ClassDef(class) => search(&class.body, offset, depth + 1),
                StmtKind::Try { body, handlers, orelse, finalbody } => search(body, offset, depth + 1)
                    .or_else(|| handlers.iter().find_map(|h| search(&h.body, offset, depth + 1)))
                    .or_else(|| search(orelse, offset, depth + 1))
                    .or_else(|| search(finalbody, offset, depth + 1)),
                _ => None,
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
    search(&module.body, def_line_offset, 0)
}

/// Every `def` at module level (also inside module-level `if`/`try`/`with`/loops) decorated
/// with a jit decorator: Numba's (`numba.njit`, `numba.jit`, `numba.vectorize`,
/// `numba.guvectorize`, `numba.cuda.jit`, `numba.cfunc`, `numba.stencil`,
/// `numba.extending.overload`...), or one of `extra_decorators` (dotted names, treated like
/// `njit`; matched against the resolved path and the decorator as written).
pub fn jit_functions(module: &ast::Module, symbols: &ModuleSymbols, extra_decorators: &[String]) -> Vec<JitFunction> {
    jit_functions_and_classes(module, symbols, extra_decorators).0
}

impl JitFunction {
    /// A lazily compiled `@njit` function with default options, before its decorator's
    /// arguments are read.
    pub(crate) fn njit(name: String, def_stmt_index: usize, def_line_offset: u32, decorator_span: Span, decorator_path: String) -> JitFunction {
        JitFunction {
            name,
            def_stmt_index,
            def_line_offset,
            decorator_span,
            decorator_path,
            kind: JitKind::Njit,
            options: JitOptions::default(),
            signatures: Vec::new(),
            signature_errors: Vec::new(),
            rejected_signatures: Vec::new(),
            errors: Vec::new(),
            gufunc_layout: None,
            annotations: None,
            notes: Vec::new(),
            bound_by_call: false,
            captured: None,
            captured_names: Vec::new(),
            captured_arrays: Vec::new(),
            overloads_itself: false,
        }
    }
}

/// `name = factory(args)` at module level (statement `assign_index` of the skeleton `module`),
/// `factory` a plain module-level function (its full statement, at module positions) whose
/// body defines one jit function and returns it (a docstring aside): the jit function Numba
/// compiles for that call, named `name`, reading the factory's parameters as the constants the
/// call gave them (or their defaults). `None` for any other shape, or arguments that are not
/// constants.
pub fn factory_product(module: &ast::Module, symbols: &ModuleSymbols, extra_decorators: &[String], assign_index: usize, factory: &Stmt) -> Option<JitFunction> {
    let assign = module.body.get(assign_index)?;
    let StmtKind::Assign { targets, value } = &assign.kind else { return None };
    let [target] = targets.as_slice() else { return None };
    let ExprKind::Name(name) = &target.kind else { return None };
    // `njit(sig)(factory(...))`: the factory's plain inner function, compiled by that decorator.
    let (outer, value) = match jitted_factory_call(value) {
        Some((d, inner)) => (Some(d), inner),
        None => (None, value),
    };
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let ExprKind::Name(fname) = &func.kind else { return None };
    let StmtKind::FunctionDef(def) = &factory.kind else { return None };
    let p = &def.params;
    if def.name != *fname || !def.decorators.is_empty() || p.vararg.is_some() || p.kwarg.is_some() || !p.kwonly.is_empty() {
        return None;
    }
    let body = body_without_docstring(def);
    let params: Vec<&ast::Param> = p.positional().collect();
    if args.len() > params.len() {
        return None;
    }
    let (inner_stmt, rest) = body.split_first()?;
    let StmtKind::FunctionDef(inner) = &inner_stmt.kind else { return None };
    let ctx = Ctx { symbols, extra: extra_decorators };
    let returns_inner = |s: &Stmt| matches!(&s.kind, StmtKind::Return(Some(r)) if matches!(&r.kind, ExprKind::Name(n) if *n == inner.name));
    // What the factory returns for this call: the inner function (jit-decorated), or a jit
    // call of it (`return njit(add)`, `return njit(nogil=True)(inner)`), possibly under an
    // `if param is module:` the call decides (tslearn's `if backend is numpy: return
    // njit(...)(f)` then `return f`).
    let jit_call = |s: &Stmt| -> Option<Expr> {
        let StmtKind::Return(Some(r)) = &s.kind else { return None };
        let (f, decorator) = ctx.call_form(r)?;
        (f == inner.name).then_some(decorator)
    };
    // `if param is name:` (whether the call passes that very module-level name) around a jit
    // call of the inner function: that call's decorator when the test holds.
    let if_jit = |test: &Expr, then_ret: &Stmt| -> Option<Option<Expr>> {
        let ExprKind::Compare { left, ops, comparators } = &test.kind else { return None };
        let ([ast::CmpOp::Is], [right], ExprKind::Name(param)) = (ops.as_slice(), comparators.as_slice(), &left.kind) else { return None };
        let ExprKind::Name(other) = &right.kind else { return None };
        let i = params.iter().position(|q| q.name == *param)?;
        let given = args.get(i).or_else(|| keywords.iter().find(|k| k.arg.as_deref() == Some(param.as_str())).map(|k| &k.value))?;
        let same = matches!((symbols.resolve_dotted_at(given, Some(assign.span.start)), symbols.resolve_dotted_at(right, Some(factory.span.start))), (Some(a), Some(b)) if a == b)
            || matches!(&given.kind, ExprKind::Name(g) if *g == *other);
        if !same {
            return None;
        }
        Some(Some(jit_call(then_ret)?))
    };
    let decorator: Option<Expr> = match rest {
        [ret] if returns_inner(ret) => None,
        [ret] if matches!(ret.kind, StmtKind::Return(_)) => Some(jit_call(ret)?),
        // `if ...: return njit(f)` then `return f`, or with the `return f` under `else:`.
        [cond, ret] if returns_inner(ret) => {
            let StmtKind::If { test, body: then, orelse } = &cond.kind else { return None };
            let [then_ret] = then.as_slice() else { return None };
            if !orelse.is_empty() {
                return None;
            }
            if_jit(test, then_ret)?
        }
        [cond] if matches!(cond.kind, StmtKind::If { .. }) => {
            let StmtKind::If { test, body: then, orelse } = &cond.kind else { return None };
            let ([then_ret], [else_ret]) = (then.as_slice(), orelse.as_slice()) else { return None };
            if !returns_inner(else_ret) {
                return None;
            }
            if_jit(test, then_ret)?
        }
        _ => return None,
    };
    let mut captured = Vec::new();
    let mut captured_names = Vec::new();
    let mut captured_arrays = Vec::new();
    for (i, param) in params.iter().enumerate() {
        let given = args.get(i).or_else(|| keywords.iter().find(|k| k.arg.as_deref() == Some(param.name.as_str())).map(|k| &k.value));
        match given {
            Some(e) => match symbols.fold_constant(e, assign.span.start, &[]) {
                Some(v) => captured.push((param.name.clone(), v)),
                // A module-level name bound before the call (a jit function, say).
                None => match &e.kind {
                    ExprKind::Name(n) if symbols.lookup(n, Some(assign.span.start)).is_some() => captured_names.push((param.name.clone(), n.clone())),
                    _ if crate::global_arrays::array_of(e, assign.span.start, module, symbols).is_some_and(|a| !a.shape.is_empty()) => {
                        captured_arrays.push((param.name.clone(), e.clone(), assign.span.start))
                    }
                    _ => return None,
                },
            },
            None => captured.push((param.name.clone(), symbols.fold_constant(param.default.as_ref()?, factory.span.start, &[])?)),
        }
    }
    if keywords.iter().any(|k| !params.iter().any(|p| Some(p.name.as_str()) == k.arg.as_deref())) {
        return None;
    }
    let decorator = match (outer, decorator) {
        (None, d) => d,
        (Some(o), None) if inner.decorators.is_empty() => {
            if ctx.resolve(o, assign.span.start, 0).is_none_or(|r| !matches!(r.family, Family::Njit | Family::Jit)) {
                return None;
            }
            Some(o.clone())
        }
        // A jit decorator on what the factory already compiled (Numba's TypeError).
        (Some(_), _) => return None,
    };
    let mut f = match decorator {
        Some(d) => {
            let mut decorated = (**inner).clone();
            decorated.decorators = vec![d];
            ctx.analyze(&decorated, assign, assign_index)?
        }
        None => ctx.analyze(inner, assign, assign_index)?,
    };
    f.name = name.clone();
    f.captured = Some(captured);
    f.captured_names = captured_names;
    f.captured_arrays = captured_arrays;
    Some(f)
}

/// `njit(sig)(factory(...))` or `njit(factory(...))`: the decorator expression and the
/// factory's call (the decorator applied to what the factory returns). `None` for other
/// expressions.
pub fn jitted_factory_call(value: &Expr) -> Option<(&Expr, &Expr)> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let [arg] = args.as_slice() else { return None };
    if !keywords.is_empty() || !matches!(&arg.kind, ExprKind::Call { func: f, .. } if matches!(f.kind, ExprKind::Name(_))) {
        return None;
    }
    match &func.kind {
        ExprKind::Call { .. } | ExprKind::Name(_) | ExprKind::Attribute { .. } => Some((func, arg)),
        _ => None,
    }
}

/// [`jit_functions`], and the `@jitclass` classes whose members are among them.
pub fn jit_functions_and_classes(
    module: &ast::Module,
    symbols: &ModuleSymbols,
    extra_decorators: &[String],
) -> (Vec<JitFunction>, Vec<crate::JitClass>) {
    let ctx = Ctx { symbols, extra: extra_decorators };
    let mut out = Vec::new();
    for (index, stmt) in module.body.iter().enumerate() {
        ctx.walk(stmt, index, 0, &mut out);
    }
    // `fast = njit(f)`, `fast = njit(parallel=True)(f)`, `fast = njit(f, parallel=True)` of a
    // module-level `def f` without a jit decorator: `f` compiled as if so decorated (the
    // module binds `fast` to it, see the build's aliases).
    // A second such call of the same `f` (`fast32 = njit("f4(f4)")(f)` after `fast = njit(f)`)
    // makes a dispatcher of its own, named by its binding (as a factory's product is).
    for (assign_index, stmt) in module.body.iter().enumerate() {
        // `fast = njit(f)`; a registration called for what it does (`overload(f)(ol_f)`) is
        // bound to nothing.
        let (value, bound) = match &stmt.kind {
            StmtKind::Assign { value, targets } => {
                let [target] = targets.as_slice() else { continue };
                let ExprKind::Name(bound) = &target.kind else { continue };
                (value, Some(bound.as_str()))
            }
            StmtKind::Expr(value) => (value, None),
            _ => continue,
        };
        let Some((fname, decorator)) = ctx.call_form(value) else { continue };
        let bound = bound.unwrap_or(fname.as_str());
        let again = out.iter().any(|f: &JitFunction| f.name == fname);
        if again && (!out.iter().any(|f: &JitFunction| f.name == fname && f.bound_by_call) || symbols.bindings_of(bound).count() != 1) {
            continue;
        }
        let Some((def_index, def_stmt, def)) = module.body.iter().enumerate().find_map(|(i, s)| match &s.kind {
            StmtKind::FunctionDef(d) if d.name == fname && d.decorators.is_empty() && s.span.start < stmt.span.start => Some((i, s, d)),
            _ => None,
        }) else {
            continue;
        };
        let mut decorated = (**def).clone();
        decorated.decorators = vec![decorator];
        if let Some(mut f) = ctx.analyze(&decorated, def_stmt, def_index) {
            if again {
                f.name = bound.to_string();
                f.def_stmt_index = assign_index;
                f.captured = Some(Vec::new());
            } else {
                f.bound_by_call = true;
            }
            out.push(f);
        }
    }
    // The methods of jitclasses: Numba compiles each with `njit` (default options, lazily).
    let classes = crate::jitclass::jit_classes(module, symbols);
    for class in &classes {
        for m in &class.members {
            out.push(JitFunction::njit(
                class.function_name(&m.name),
                m.stmt_index,
                m.def_line_offset,
                class.decorator_span,
                crate::jitclass::JITCLASS_MEMBER.to_string(),
            ));
        }
    }
    (out, classes)
}

struct Ctx<'a> {
    symbols: &'a ModuleSymbols,
    extra: &'a [String],
}

/// The decorator families, each bound like the Numba function it names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Family {
    Jit,
    Njit,
    Vectorize,
    GuVectorize,
    CudaJit,
    CFunc,
    Other(String),
    Removed(String),
    Extra,
}

fn family_of_path(path: &str) -> Option<Family> {
    if let Some((_, fam)) = DECORATORS.iter().find(|(p, _)| *p == path) {
        return Some(match *fam {
            "jit" => Family::Jit,
            "njit" => Family::Njit,
            "vectorize" => Family::Vectorize,
            "guvectorize" => Family::GuVectorize,
            "cuda.jit" => Family::CudaJit,
            "cfunc" => Family::CFunc,
            other => Family::Other(other.to_string()),
        });
    }
    REMOVED_DECORATORS
        .iter()
        .find(|p| **p == path)
        .map(|p| Family::Removed(p.rsplit('.').next().unwrap_or(p).to_string()))
}

/// A positional argument or keyword of the call configuring a decorator, with the offset its
/// names are resolved at (aliases are evaluated where they are assigned).
#[derive(Clone, Copy)]
struct Arg<'e> {
    expr: &'e Expr,
    before: u32,
}

#[derive(Clone, Copy)]
struct Kw<'e> {
    /// The keyword's name (`None` for `**mapping`).
    arg: Option<&'e str>,
    value: &'e Expr,
    /// The span of the whole `name=value` (errors point at it).
    span: Span,
    before: u32,
}

impl<'e> Kw<'e> {
    fn of(keyword: &'e Keyword, before: u32) -> Kw<'e> {
        Kw { arg: keyword.arg.as_deref(), value: &keyword.value, span: keyword.span, before }
    }
}

struct Resolved<'e> {
    family: Family,
    path: String,
    args: Vec<Arg<'e>>,
    keywords: Vec<Kw<'e>>,
    /// Whether the decorator expression calls the factory (`@njit(...)`) rather than naming
    /// it (`@njit`).
    called: bool,
    /// See [`JitFunction::overloads_itself`].
    overloads_itself: bool,
}

/// `a.b.c` as written, for a name or attribute chain.
fn dotted_text(expr: &Expr) -> Option<String> {
    let mut parts = Vec::new();
    let mut cur = expr;
    loop {
        match &cur.kind {
            ExprKind::Name(n) => {
                parts.push(n.as_str());
                break;
            }
            ExprKind::Attribute { value, attr } => {
                parts.push(attr.as_str());
                cur = value;
            }
            _ => return None,
        }
    }
    parts.reverse();
    Some(parts.join("."))
}

impl<'a> Ctx<'a> {
    fn walk(&self, stmt: &Stmt, index: usize, depth: u32, out: &mut Vec<JitFunction>) {
        if depth > 64 {
            return;
        }
        let d = depth + 1;
        match &stmt.kind {
            StmtKind::FunctionDef(def) => {
                if let Some(f) = self.analyze(def, stmt, index) {
                    out.push(f);
                }
            }
            StmtKind::If { body, orelse, .. }
            | StmtKind::For { body, orelse, .. }
            | StmtKind::While { body, orelse, .. } => {
                body.iter().chain(orelse).for_each(|s| self.walk(s, index, d, out));
            }
            StmtKind::With { body, .. } => body.iter().for_each(|s| self.walk(s, index, d, out)),
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                body.iter().for_each(|s| self.walk(s, index, d, out));
                handlers.iter().flat_map(|h| &h.body).for_each(|s| self.walk(s, index, d, out));
                orelse.iter().chain(finalbody).for_each(|s| self.walk(s, index, d, out));
            }
            _ => {}
        }
    }

    fn is_extra(&self, text: Option<&str>) -> bool {
        text.is_some_and(|t| self.extra.iter().any(|e| e == t))
    }

    /// What a decorator expression is, if it is a jit decorator.
    fn resolve<'e>(&self, expr: &'e Expr, before: u32, depth: u32) -> Option<Resolved<'e>>
    where
        'a: 'e,
    {
        if depth > MAX_ALIAS_DEPTH {
            return None;
        }
        if let ExprKind::Call { func, args, keywords } = &expr.kind {
            let func_path = self.symbols.resolve_dotted_at(func, Some(before));
            if matches!(func_path.as_deref(), Some("functools.partial")) {
                // `partial(njit, parallel=True)`: a not-yet-called decorator with preset arguments.
                let (first, rest) = args.split_first()?;
                let mut base = self.resolve(first, before, depth + 1)?;
                if base.called {
                    return None;
                }
                base.args.extend(rest.iter().map(|e| Arg { expr: e, before }));
                base.keywords.extend(self.keywords_of(keywords, before, depth));
                return Some(base);
            }
            // `@generated_jit(cache=True)` of a decorator function registering the function as
            // its own overload.
            if let Some(r) = self.self_overloading(func, before) {
                return Some(r);
            }
            // `@_jit(sigs)` of a plain function returning a jit decorator (`def _jit(sigs):
            // return njit(sigs, error_model="numpy")`): that decorator, with the call's
            // arguments for the function's parameters.
            if let Some(r) = self.factory_decorator(func, args, keywords, before, depth) {
                return Some(r);
            }
            let mut base = self.resolve(func, before, depth + 1)?;
            if base.called {
                // `@myjit(...)` with `myjit = njit(...)` calls the wrapper: not a decorator form.
                return None;
            }
            base.args.extend(args.iter().map(|e| Arg { expr: e, before }));
            base.keywords.extend(self.keywords_of(keywords, before, depth));
            base.called = true;
            return Some(base);
        }
        let path = self.symbols.resolve_dotted_at(expr, Some(before));
        if let Some(p) = &path {
            if let Some(family) = family_of_path(p) {
                return Some(Resolved { family, path: p.clone(), args: Vec::new(), keywords: Vec::new(), called: false, overloads_itself: false });
            }
        }
        let text = dotted_text(expr);
        for candidate in [text.as_deref(), path.as_deref()] {
            if self.is_extra(candidate) {
                let path = candidate.unwrap_or_default().to_string();
                return Some(Resolved { family: Family::Extra, path, args: Vec::new(), keywords: Vec::new(), called: false, overloads_itself: false });
            }
        }
        if let Some(r) = self.self_overloading(expr, before) {
            return Some(r);
        }
        // A module-level alias: `fastjit = njit(fastmath=True)`.
        if let ExprKind::Name(name) = &expr.kind {
            let binding = self.symbols.lookup(name, Some(before))?;
            // A plain function forwarding its arguments to a jit decorator (sgkit's
            // `def numba_jit(*args, **kwargs): ...; return jit(*args, **kwargs_)`): that
            // decorator.
            if let BindingKind::Function { def_index } = binding.kind {
                let def: &'a FunctionDef = self.symbols.helper_def(def_index)?;
                // A plain function of the decorated function returning it compiled
                // (`def fast(f): return njit(f)` or `return njit(cache=True)(f)`): the jit
                // decorator it applies.
                if let Some(target) = wrapping_decorator(def) {
                    return self.resolve(target, before, depth + 1);
                }
                // A function passing all it is given on (`def njit(_func=None, *args, **kwargs):
                // return numba.njit(_func, *args, **kwargs)`): that decorator, bare or called.
                if let Some(target) = passthrough_decorator(def) {
                    return self.resolve(target, before, depth + 1);
                }
                let target = forwarded_decorator(def, self.symbols)?;
                let r = self.resolve(target, before, depth + 1)?;
                return (!r.called).then_some(r);
            }
            if let (BindingKind::Other, Some(value)) = (&binding.kind, &binding.value) {
                return self.resolve(value, binding.stmt_span.start, depth + 1);
            }
        }
        None
    }

    /// A call's keywords, with `**mapping` spread into its items when the mapping is a dict
    /// display with string keys (`**{"boundscheck": True}`), `dict(key=value, ...)`, or a
    /// module-level name bound to one (`@njit(**NJIT_OPTIONS)`). Any other `**` stays (and is
    /// reported as not evaluated).
    fn keywords_of<'e>(&self, keywords: &'e [Keyword], before: u32, depth: u32) -> Vec<Kw<'e>>
    where
        'a: 'e,
    {
        let mut out = Vec::new();
        for k in keywords {
            match k.arg {
                Some(_) => out.push(Kw::of(k, before)),
                None => match self.spread(&k.value, before, k.span, depth) {
                    Some(items) => out.extend(items),
                    None => out.push(Kw::of(k, before)),
                },
            }
        }
        out
    }

    /// The items of a `**mapping` argument (see [`Self::keywords_of`]).
    fn spread<'e>(&self, mapping: &'e Expr, before: u32, span: Span, depth: u32) -> Option<Vec<Kw<'e>>>
    where
        'a: 'e,
    {
        if depth > MAX_ALIAS_DEPTH {
            return None;
        }
        match &mapping.kind {
            ExprKind::Dict { keys, values } => {
                let mut out = Vec::new();
                for (key, value) in keys.iter().zip(values) {
                    match key.as_ref().map(|k| &k.kind) {
                        Some(ExprKind::Constant(ast::Constant::Str(name))) => out.push(Kw { arg: Some(name.as_str()), value, span, before }),
                        // `**{**BASE, ...}`: the inner mapping's items first.
                        None => out.extend(self.spread(value, before, span, depth + 1)?),
                        _ => return None,
                    }
                }
                Some(out)
            }
            ExprKind::Call { func, args, keywords } if args.is_empty() && matches!(&func.kind, ExprKind::Name(n) if n == "dict" && self.symbols.lookup(n, Some(before)).is_none()) => {
                Some(self.keywords_of(keywords, before, depth + 1))
            }
            ExprKind::Name(name) => {
                let binding = self.symbols.lookup(name, Some(before))?;
                let value: &'a Expr = binding.value.as_ref()?;
                self.spread(value, binding.stmt_span.start, span, depth + 1)
            }
            _ => None,
        }
    }

    /// See `resolve`: `name`, a plain function of the module that registers the function it is
    /// given (or that a function it returns is given) as that function's own `@overload`
    /// (`overload(function, jit_options=..., strict=False)(function)`, then `return
    /// function`): the recipe that replaces Numba's removed `generated_jit`.
    fn self_overloading<'e>(&self, name: &Expr, before: u32) -> Option<Resolved<'e>> {
        let ExprKind::Name(n) = &name.kind else { return None };
        let BindingKind::Function { def_index } = self.symbols.lookup(n, Some(before))?.kind else { return None };
        let def: &'a FunctionDef = self.symbols.helper_def(def_index)?;
        if !def.decorators.is_empty() || !registers_own_overload(&def.body, self.symbols, 0) {
            return None;
        }
        Some(Resolved {
            family: Family::Other("overload".into()),
            path: "numba.extending.overload".into(),
            args: Vec::new(),
            keywords: Vec::new(),
            called: true,
            overloads_itself: true,
        })
    }

    /// See `resolve`: the decorator a call of a decorator factory of the module returns. The
    /// factory's body is one `return` of a call configuring a jit decorator. Its parameters
    /// (bound as Python binds the call: by position, by name, else their defaults) are replaced
    /// by their values where the inner call passes them; its `**kwargs` passes on the call's
    /// other keywords (mne's `def jit(nopython=True, ..., **kwargs): return numba.jit(
    /// nopython=nopython, ..., **kwargs)`).
    fn factory_decorator<'e>(&self, func: &'e Expr, args: &'e [Expr], keywords: &'e [Keyword], before: u32, depth: u32) -> Option<Resolved<'e>>
    where
        'a: 'e,
    {
        let ExprKind::Name(name) = &func.kind else { return None };
        let BindingKind::Function { def_index } = self.symbols.lookup(name, Some(before))?.kind else { return None };
        let def: &'a FunctionDef = self.symbols.helper_def(def_index)?;
        if !def.decorators.is_empty() || def.params.vararg.is_some() || !def.params.kwonly.is_empty() {
            return None;
        }
        let params: Vec<&'a ast::Param> = def.params.positional().collect();
        if args.len() > params.len() {
            return None;
        }
        // Each parameter's value: the call's argument, else its default (evaluated where the
        // factory is defined).
        let def_at = self.symbols.bindings.iter().find(|b| b.kind == BindingKind::Function { def_index }).map_or(before, |b| b.stmt_span.start);
        let mut bound: Vec<Option<Arg<'e>>> = vec![None; params.len()];
        for (slot, a) in bound.iter_mut().zip(args) {
            *slot = Some(Arg { expr: a, before });
        }
        let mut extra: Vec<Kw<'e>> = Vec::new();
        for k in keywords {
            match k.arg.as_deref().and_then(|n| params.iter().position(|p| p.name == n)) {
                Some(i) if bound[i].is_none() => bound[i] = Some(Arg { expr: &k.value, before }),
                Some(_) => return None,
                None if def.params.kwarg.is_some() && k.arg.is_some() => extra.push(Kw::of(k, before)),
                None => return None,
            }
        }
        for (slot, p) in bound.iter_mut().zip(&params) {
            if slot.is_none() {
                *slot = Some(Arg { expr: p.default.as_ref()?, before: def_at });
            }
        }
        let body = match def.body.split_first() {
            Some((first, rest)) if matches!(&first.kind, StmtKind::Expr(e) if matches!(e.kind, ExprKind::Constant(ast::Constant::Str(_)))) => rest,
            _ => &def.body[..],
        };
        let (inner, inner_args, inner_kws): (&Expr, &[Expr], &[Keyword]) = match body {
            [Stmt { kind: StmtKind::Return(Some(value)), .. }] => {
                let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
                (func, args, keywords)
            }
            // `def wrapper(func): return numba.jit(func, nopython=nopython, ...)` (or
            // `numba.jit(...)(func)`), then `return wrapper` (lenstronomy's `numba_util.jit`).
            [Stmt { kind: StmtKind::FunctionDef(w), .. }, Stmt { kind: StmtKind::Return(Some(r)), .. }]
                if matches!(&r.kind, ExprKind::Name(n) if *n == w.name) && w.decorators.is_empty() =>
            {
                let wp: Vec<&ast::Param> = w.params.positional().collect();
                let [fparam] = wp.as_slice() else { return None };
                // `try: import numba; return numba.jit(func, ...)` `except ModuleNotFoundError:
                // return func` (PyAutoArray's `numba_util.jit`): with Numba installed, the `try`.
                let mut wbody = with_numba_installed(body_without_docstring(w))?;
                while let [Stmt { kind: StmtKind::Import(names), .. }, rest @ ..] = wbody {
                    if !names.iter().all(|a| a.name == "numba") {
                        return None;
                    }
                    wbody = rest;
                }
                let [Stmt { kind: StmtKind::Return(Some(value)), .. }] = wbody else { return None };
                let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
                let is_f = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if *n == fparam.name);
                match (args.as_slice(), &func.kind) {
                    ([f], ExprKind::Call { func, args, keywords: kws }) if is_f(f) && keywords.is_empty() => (func, args, kws),
                    ([f], _) if is_f(f) => (func, &[][..], keywords),
                    _ => return None,
                }
            }
            _ => return None,
        };
        // `numba.jit` of a `numba` the factory imports itself (not bound in the module).
        let local_numba = || -> Option<Resolved<'e>> {
            let ExprKind::Attribute { value, attr } = &inner.kind else { return None };
            if !matches!(&value.kind, ExprKind::Name(n) if n == "numba") || self.symbols.lookup("numba", Some(before)).is_some() {
                return None;
            }
            let path = format!("numba.{attr}");
            let family = family_of_path(&path)?;
            Some(Resolved { family, path, args: Vec::new(), keywords: Vec::new(), called: false, overloads_itself: false })
        };
        let mut base = self.resolve(inner, before, depth + 1).or_else(local_numba)?;
        if base.called {
            return None;
        }
        let param_of = |e: &Expr| match &e.kind {
            ExprKind::Name(n) => params.iter().position(|p| p.name == *n),
            _ => None,
        };
        for a in inner_args {
            match param_of(a) {
                Some(i) => base.args.push(bound[i]?),
                None => base.args.push(Arg { expr: a, before }),
            }
        }
        let kwargs = def.params.kwarg.as_ref().map(|k| k.name.as_str());
        for k in inner_kws {
            match (k.arg.as_deref(), &k.value.kind) {
                // `**kwargs`: the call's keywords the factory does not name.
                (None, ExprKind::Name(n)) if Some(n.as_str()) == kwargs => base.keywords.extend(extra.iter().copied()),
                (None, _) => return None,
                (Some(_), _) => match param_of(&k.value) {
                    Some(i) => {
                        let v = bound[i]?;
                        base.keywords.push(Kw { arg: k.arg.as_deref(), value: v.expr, span: k.span, before: v.before });
                    }
                    // Keywords of the factory's own (constants, module names).
                    None => base.keywords.push(Kw::of(k, before)),
                },
            }
        }
        if !extra.is_empty() && !inner_kws.iter().any(|k| k.arg.is_none()) {
            return None;
        }
        base.called = true;
        Some(base)
    }

    /// `njit(f)` / `njit(opts)(f)` / `njit(f, opts)` (or `jit`): the function's name and the
    /// decorator expression it is equivalent to.
    fn call_form(&self, value: &Expr) -> Option<(String, Expr)> {
        let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
        let [arg] = args.as_slice() else { return None };
        let ExprKind::Name(fname) = &arg.kind else { return None };
        let r = self.resolve(func, value.span.start, 0)?;
        // `njit(f)`, `jit(nopython=True)(f)`; ufuncs made the same way
        // (`guvectorize(sigs, layout)(f)`, numbagg's form; `vectorize(f)`).
        let ufunc = match &r.family {
            Family::Vectorize => r.called || keywords.is_empty(),
            Family::GuVectorize | Family::CFunc => r.called,
            // vectorbt's `overload(f)(typing_function)`.
            Family::Other(k) => r.called && k == "overload",
            _ => false,
        };
        if !matches!(r.family, Family::Njit | Family::Jit) && !ufunc {
            return None;
        }
        let decorator = if r.called {
            if !keywords.is_empty() {
                return None;
            }
            (**func).clone()
        } else if keywords.is_empty() {
            (**func).clone()
        } else {
            Expr { span: value.span, kind: ExprKind::Call { func: func.clone(), args: Vec::new(), keywords: keywords.clone() } }
        };
        Some((fname.clone(), decorator))
    }

    fn analyze(&self, def: &FunctionDef, stmt: &Stmt, index: usize) -> Option<JitFunction> {
        let mut found: Vec<(usize, Resolved<'_>)> = Vec::new();
        for (i, dec) in def.decorators.iter().enumerate() {
            if let Some(r) = self.resolve(dec, dec.span.start, 0) {
                found.push((i, r));
            }
        }
        // Python applies decorators bottom-up: the last jit decorator is the one that compiles
        // the function; any above it would be applied to a dispatcher.
        let (dec_index, resolved) = found.pop()?;
        let decorator = &def.decorators[dec_index];
        let mut f = JitFunction {
            annotations: annotated_signature_at(def, self.symbols, stmt.span.start),
            ..JitFunction::njit(def.name.clone(), index, def.name_span.start, decorator.span, resolved.path.clone())
        };
        for inner in &def.decorators[dec_index + 1..] {
            let text = match &inner.kind {
                ExprKind::Call { func, .. } => dotted_text(func).map(|t| format!("{t}(...)")),
                _ => dotted_text(inner),
            }
            .unwrap_or_else(|| "<expression>".to_string());
            f.notes.push(format!(
                "the function is wrapped by decorator `{text}` before `{}` compiles it; numrs types the \
                 undecorated body",
                resolved.path
            ));
        }
        let inner_path = resolved.path.clone();
        let overloads_itself = resolved.overloads_itself;
        let mut a = Analysis { ctx: self, def, f, decorator_span: decorator.span, value_offsets: Vec::new() };
        a.run(resolved);
        let mut f = a.f;
        f.overloads_itself = overloads_itself;
        for (i, outer) in &found {
            let span = def.decorators[*i].span;
            let outer_is_jit = matches!(outer.family, Family::Jit | Family::Njit);
            match &f.kind {
                JitKind::Njit | JitKind::ObjectMode if outer_is_jit => f.errors.push(SigError {
                    message: format!(
                        "TypeError: A jit decorator was called on an already jitted function (`{}` over `{inner_path}`)",
                        outer.path
                    ),
                    span,
                    kind: SigErrorKind::Numba,
                }),
                JitKind::Vectorize | JitKind::GuVectorize | JitKind::CFunc | JitKind::CudaKernel | JitKind::CudaDevice
                    if outer_is_jit =>
                {
                    f.errors.push(SigError {
                        message: format!(
                            "TypeError: The decorated object is not a function (`{}` over the object `{inner_path}` returns)",
                            outer.path
                        ),
                        span,
                        kind: SigErrorKind::Numba,
                    })
                }
                _ => f.notes.push(format!(
                    "`{}` is applied to the object `{inner_path}` returns; numrs types the function as `{inner_path}` compiles it",
                    outer.path
                )),
            }
        }
        Some(f)
    }
}

/// Names `numba.vectorize`/`numba.guvectorize` take besides the ufunc target options
/// (`_BaseVectorize.get_identity/get_cache/get_target_implementation`, `get_writable_args`,
/// `GUVectorize`'s `is_dynamic`).
const VECTORIZE_KEYWORDS: &[&str] = &["ftylist_or_function", "target", "identity", "cache"];
const GUVECTORIZE_KEYWORDS: &[&str] = &["target", "identity", "cache", "writable_args", "is_dynamic"];
/// `jit` pops `_target` from its options.
const JIT_PRIVATE_KEYWORDS: &[&str] = &["_target"];
/// `FastMathOptions`'s valid flags.
const FASTMATH_FLAGS: &[&str] = &["fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"];
/// `ParallelOptions`' dict keys.
const PARALLEL_KEYS: &[&str] =
    &["comprehension", "reduction", "inplace_binop", "setitem", "numpy", "stencil", "fusion", "prange"];
/// `numba.core.callconv.error_models`.
const ERROR_MODELS: &[&str] = &["python", "numpy"];

struct Analysis<'c, 'a> {
    ctx: &'c Ctx<'a>,
    def: &'c FunctionDef,
    f: JitFunction,
    decorator_span: Span,
    /// Source offsets of `f.options.values`, to put them back in source order.
    value_offsets: Vec<u32>,
}

impl<'a> Analysis<'_, 'a> {
    fn evaluator(&self, before: u32) -> Evaluator<'a> {
        Evaluator::new(Scope::Module { symbols: self.ctx.symbols, before: Some(before) }, None)
    }

    fn eval(&self, expr: &Expr, before: u32) -> Result<Value, SigError> {
        self.evaluator(before).eval(expr)
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.f.errors.push(SigError { message: message.into(), span, kind: SigErrorKind::Numba });
    }

    fn run(&mut self, r: Resolved<'_>) {
        let fname = r.path.rsplit('.').next().unwrap_or(&r.path).to_string();
        match r.family.clone() {
            Family::Jit | Family::Njit | Family::Extra => self.jit(&r, &fname),
            Family::CFunc => self.cfunc(&r),
            Family::Vectorize => self.vectorize(&r),
            Family::GuVectorize => self.guvectorize(&r),
            Family::CudaJit => self.cuda(&r),
            Family::Other(name) => {
                self.f.kind = JitKind::Other(name);
                self.options(&r.keywords, None, &[]);
            }
            Family::Removed(name) => {
                self.f.kind = JitKind::Other(name.clone());
                self.error(
                    self.decorator_span,
                    format!("AttributeError: module 'numba' has no attribute '{name}' (removed before Numba 0.68.1)"),
                );
            }
        }
        self.check_arity();
        self.check_gufunc_layout();
        self.sort_values();
    }

    /// Splits the call's arguments over `params` (positional, then by keyword); the rest of
    /// the keywords are options. Reports Python's binding errors.
    fn bind<'e>(
        &mut self,
        r: &Resolved<'e>,
        func: &str,
        params: &[&str],
    ) -> (Vec<Option<Arg<'e>>>, Vec<Kw<'e>>) {
        let mut slots: Vec<Option<Arg<'e>>> = vec![None; params.len()];
        let positional: Vec<Arg<'e>> = r.args.clone();
        if positional.iter().any(|a| matches!(a.expr.kind, ExprKind::Starred(_))) {
            self.f.notes.push(format!("numrs: `*` arguments to `{func}` are not evaluated"));
            return (slots, Vec::new());
        }
        if positional.len() > params.len() {
            let span = positional[params.len()].expr.span;
            self.error(
                span,
                format!(
                    "TypeError: {func}() takes from 0 to {} positional arguments but {} were given",
                    params.len(),
                    positional.len()
                ),
            );
        }
        for (slot, a) in slots.iter_mut().zip(positional) {
            *slot = Some(a);
        }
        let mut rest = Vec::new();
        for kw in &r.keywords {
            match kw.arg {
                Some(name) => match params.iter().position(|p| *p == name) {
                    Some(i) if slots[i].is_some() => {
                        self.error(kw.span, format!("TypeError: {func}() got multiple values for argument '{name}'"))
                    }
                    Some(i) => slots[i] = Some(Arg { expr: kw.value, before: kw.before }),
                    None => rest.push(*kw),
                },
                None => self.f.notes.push(format!("numrs: `**` arguments to `{func}` are not evaluated")),
            }
        }
        (slots, rest)
    }

    // ----- jit / njit -------------------------------------------------------------------

    fn jit(&mut self, r: &Resolved<'_>, fname: &str) {
        // `njit(*args, **kws)` forwards to `jit` after dropping `forceobj`, so both bind like
        // `jit(signature_or_function, locals, cache, pipeline_class, boundscheck, **options)`.
        let (slots, rest) = self.bind(r, "jit", JIT_PARAMS);
        let is_njit = r.family != Family::Jit;
        let mut known: Vec<&str> = JIT_PARAMS.to_vec();
        known.extend(CPU_TARGET_OPTIONS);
        known.extend(JIT_PRIVATE_KEYWORDS);
        self.named_positional_options(&slots, JIT_PARAMS);
        self.options(&rest, Some(&known), CPU_TARGET_OPTIONS);
        for dep in ["argtypes", "restype"] {
            if let Some(kw) = rest.iter().find(|k| k.arg == Some(dep)) {
                self.error(kw.span, format!("DeprecationError: {}", DEPRECATED_SIGNATURE_ARG_MSG.replace("{0}", dep)));
            }
        }
        let opts = &self.f.options;
        let (nopython, forceobj) = (opts.nopython, opts.forceobj);
        if is_njit {
            if rest.iter().any(|k| k.arg == Some("nopython")) {
                self.f.notes.push("RuntimeWarning: nopython is set for njit and is ignored".to_string());
            }
            if rest.iter().any(|k| k.arg == Some("forceobj")) {
                self.f.notes.push("RuntimeWarning: forceobj is set for njit and is ignored".to_string());
                self.f.options.forceobj = None;
            }
            self.f.kind = JitKind::Njit;
        } else {
            if let Some(kw) = rest.iter().find(|k| k.arg == Some("nopython")) {
                let v = self.eval(kw.value, kw.before);
                if !matches!(v, Ok(Value::Const(ConstValue::Bool(_)))) {
                    match v {
                        Ok(Value::Const(ConstValue::None)) => {}
                        Ok(_) => self.error(kw.span, "AssertionError: nopython option must be a bool"),
                        Err(_) => self.f.notes.push("numrs: could not evaluate `nopython=`".to_string()),
                    }
                }
            }
            if nopython == Some(true) && forceobj == Some(true) {
                self.error(self.decorator_span, "ValueError: Only one of 'nopython' or 'forceobj' can be True.");
            }
            if nopython == Some(false) {
                self.f.notes.push(
                    "NumbaDeprecationWarning: The keyword argument 'nopython=False' was supplied. From Numba 0.59.0 \
                     the default is True and supplying this argument has no effect."
                        .to_string(),
                );
            }
            self.f.kind = if forceobj == Some(true) { JitKind::ObjectMode } else { JitKind::Njit };
            if forceobj.is_none() && rest.iter().any(|k| k.arg == Some("forceobj")) {
                self.f.notes.push("numrs: could not evaluate `forceobj=`; assuming nopython mode".to_string());
            }
        }
        if let Some(locals) = slots.get(1).copied().flatten() {
            self.locals(locals);
        }
        if !r.called && !r.args.is_empty() {
            self.f.notes.push(
                "numrs: the decorator receives the function as an extra positional argument; its preset \
                 arguments were not analysed as signatures"
                    .to_string(),
            );
            return;
        }
        let Some(sig_arg) = slots.first().copied().flatten() else { return };
        match self.eval(sig_arg.expr, sig_arg.before) {
            Err(e) => self.f.signature_errors.push(e),
            Ok(Value::Const(ConstValue::None)) => {}
            Ok(Value::List(items)) => self.each_signature(items, sig_arg),
            Ok(v @ (Value::Const(ConstValue::Str(_)) | Value::Tuple(_) | Value::Sig(_))) => self.signature(v, sig_arg),
            Ok(other) => {
                let message = format!(
                    "TypeError: The decorated object is not a function (got type <class '{}'>): `{fname}` treats an \
                     argument that is not a signature, a tuple of types or a list of them as the function to compile",
                    other.class_name()
                );
                self.f.signature_errors.push(SigError { message, span: sig_arg.expr.span, kind: SigErrorKind::Numba });
            }
        }
    }

    fn signature(&mut self, value: Value, arg: Arg<'_>) {
        self.signature_at(value, arg.expr.span, arg.before);
    }

    /// The signatures of a list (or tuple) of them; each is reported at its element's span
    /// when the list is written out in place.
    fn each_signature(&mut self, items: Vec<Value>, arg: Arg<'_>) {
        let spans: Vec<Span> = match &arg.expr.kind {
            ExprKind::List(elts) | ExprKind::Tuple(elts)
                if elts.len() == items.len() && !elts.iter().any(|e| matches!(e.kind, ExprKind::Starred(_))) =>
            {
                elts.iter().map(|e| e.span).collect()
            }
            _ => vec![arg.expr.span; items.len()],
        };
        for (item, span) in items.into_iter().zip(spans) {
            self.signature_at(item, span, arg.before);
        }
    }

    fn signature_at(&mut self, value: Value, span: Span, before: u32) {
        let evaluator = self.evaluator(before);
        match signature_from_value(&evaluator, value, span) {
            Ok(sig) => self.f.signatures.push(sig),
            Err(e) => self.f.signature_errors.push(e),
        }
    }

    fn locals(&mut self, arg: Arg<'_>) {
        let evaluator = self.evaluator(arg.before);
        // A dict display is evaluated entry by entry, so one bad entry does not hide the others.
        if let ExprKind::Dict { keys, values } = &arg.expr.kind {
            for (key, value) in keys.iter().zip(values) {
                let Some(key) = key else {
                    self.f.notes.push("numrs: `**` in `locals=` is not evaluated".to_string());
                    continue;
                };
                let name = match evaluator.eval(key) {
                    Ok(Value::Const(ConstValue::Str(name))) => name,
                    Ok(other) => {
                        self.f.notes.push(format!("numrs: `locals` key {} is not a variable name", other.repr()));
                        continue;
                    }
                    Err(e) => {
                        self.record_eval_error(e, "a `locals` key");
                        continue;
                    }
                };
                let ty = evaluator.eval(value).and_then(|v| local_type(&evaluator, v, value.span));
                if let Err(e) = &ty {
                    if e.kind == SigErrorKind::Numba && !e.message.starts_with("AssertionError") {
                        // Evaluating the decorator itself fails.
                        self.f.errors.push(e.clone());
                    }
                }
                self.f.options.locals.push((name, ty));
            }
            return;
        }
        let value = match evaluator.eval(arg.expr) {
            Ok(v) => v,
            Err(e) => {
                self.record_eval_error(e, "`locals=`");
                return;
            }
        };
        let Value::Dict(items) = value else {
            // `jit` starts with `dict(locals)`.
            let message = match &value {
                Value::Const(ConstValue::None) | Value::Const(ConstValue::Int(_)) | Value::Const(ConstValue::Bool(_)) => {
                    format!("TypeError: '{}' object is not iterable", value.class_name())
                }
                _ => format!("TypeError: `locals` must be a dict of variable names to Numba types, got {}", value.repr()),
            };
            self.error(arg.expr.span, message);
            return;
        };
        for (k, v) in items {
            let Some(name) = k.as_str() else {
                self.f.notes.push(format!("numrs: `locals` key {} is not a variable name", k.repr()));
                continue;
            };
            let ty = local_type(&evaluator, v, arg.expr.span);
            self.f.options.locals.push((name.to_string(), ty));
        }
    }

    /// An expression of the decorator failed to evaluate: Numba fails the same way (an error),
    /// or numrs cannot tell (a note).
    fn record_eval_error(&mut self, e: SigError, what: &str) {
        match e.kind {
            SigErrorKind::Numba => self.f.errors.push(e),
            SigErrorKind::Unsupported => self.f.notes.push(format!("numrs: could not evaluate {what}: {}", e.message)),
        }
    }

    /// Records named positional arguments (`jit(sig, locals, cache, ...)`) as options.
    fn named_positional_options(&mut self, slots: &[Option<Arg<'_>>], params: &[&str]) {
        for (i, slot) in slots.iter().enumerate() {
            let (Some(arg), Some(name)) = (slot, params.get(i)) else { continue };
            if i == 0 || *name == "locals" {
                continue;
            }
            let value = self.option_value(arg.expr, arg.before);
            self.set_option(name, &value, arg.expr.span);
            self.push_value(name, value, arg.expr.span.start);
        }
    }

    // ----- options ------------------------------------------------------------------------

    fn push_value(&mut self, name: &str, value: OptionValue, offset: u32) {
        self.f.options.values.push((name.to_string(), value));
        self.value_offsets.push(offset);
    }

    /// Puts `options.values` in source order (named positional arguments and keywords are
    /// recorded separately).
    fn sort_values(&mut self) {
        let mut pairs: Vec<(u32, (String, OptionValue))> =
            self.value_offsets.drain(..).zip(std::mem::take(&mut self.f.options.values)).collect();
        pairs.sort_by_key(|(offset, _)| *offset);
        self.f.options.values = pairs.into_iter().map(|(_, v)| v).collect();
    }

    fn option_value(&self, expr: &Expr, before: u32) -> OptionValue {
        match self.eval(expr, before) {
            Ok(v) => to_option_value(v),
            Err(e) => OptionValue::Unknown(e.message),
        }
    }

    /// Records keyword options; with `known`, flags the ones not in it. `target_options` are
    /// the target's option names Numba lists in its `Unrecognized options` error.
    fn options(&mut self, keywords: &[Kw<'_>], known: Option<&[&str]>, target_options: &[&str]) {
        let mut unknown = Vec::new();
        for kw in keywords {
            let Some(name) = kw.arg else { continue };
            if name == "locals" {
                self.locals(Arg { expr: kw.value, before: kw.before });
                continue;
            }
            let value = self.option_value(kw.value, kw.before);
            self.set_option(name, &value, kw.span);
            self.push_value(name, value, kw.span.start);
            if let Some(known) = known {
                if !known.contains(&name) && !["argtypes", "restype", "bind"].contains(&name) {
                    unknown.push(name.to_string());
                }
            }
        }
        if !unknown.is_empty() {
            let set = unknown.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
            let message = if target_options.is_empty() {
                format!("TypeError: unexpected option(s) {{{set}}} (raised when the function is compiled)")
            } else {
                let known = target_options.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
                format!("KeyError: \"Unrecognized options: {{{set}}}. Known options are dict_keys([{known}])\"")
            };
            self.error(self.decorator_span, message);
            self.f.options.unknown_options.extend(unknown);
        }
    }

    fn set_option(&mut self, name: &str, value: &OptionValue, span: Span) {
        let truthy = option_truthy(value);
        let string = match value {
            OptionValue::Const(ConstValue::Str(s)) => Some(s.clone()),
            _ => None,
        };
        let o = &mut self.f.options;
        match name {
            "boundscheck" => o.boundscheck = if matches!(value, OptionValue::Const(ConstValue::None)) { None } else { truthy },
            "nogil" => o.nogil = truthy,
            "cache" => o.cache = truthy,
            "looplift" => o.looplift = truthy,
            "device" => o.device = truthy,
            "forceobj" => o.forceobj = truthy,
            "nopython" => o.nopython = truthy,
            "identity" => o.identity = Some(value.clone()),
            "target" | "_target" => o.target = string,
            "error_model" => {
                o.error_model = string.clone();
                match string {
                    Some(m) if ERROR_MODELS.contains(&m.as_str()) => {}
                    Some(m) => self.error(span, format!("KeyError: '{m}' (error_model must be 'python' or 'numpy')")),
                    None => self.f.notes.push("numrs: could not evaluate `error_model=`".to_string()),
                }
            }
            "inline" => match value {
                OptionValue::Const(ConstValue::Str(s)) if s == "always" || s == "never" => o.inline = Some(s.clone()),
                OptionValue::Object(_) => o.inline = Some("<callable>".to_string()),
                OptionValue::Unknown(_) => self.f.notes.push("numrs: could not evaluate `inline=`".to_string()),
                other => self.error(
                    span,
                    format!(
                        "ValueError: kwarg 'inline' must be one of the strings 'always' or 'never', or it can be a \
                         callable that returns True/False. Found value {}",
                        option_str(other)
                    ),
                ),
            },
            "parallel" => match value {
                OptionValue::Const(ConstValue::Bool(b)) => o.parallel = Some(*b),
                OptionValue::Dict(items) => {
                    o.parallel = Some(true);
                    let bad: Vec<String> = items
                        .iter()
                        .filter_map(|(k, _)| match k {
                            OptionValue::Const(ConstValue::Str(s)) if PARALLEL_KEYS.contains(&s.as_str()) => None,
                            OptionValue::Const(c) => Some(c.python_repr()),
                            other => Some(option_str(other)),
                        })
                        .collect();
                    if !bad.is_empty() {
                        self.error(span, format!("NameError: Unrecognized parallel options: dict_keys([{}])", bad.join(", ")));
                    }
                }
                OptionValue::Unknown(_) => self.f.notes.push("numrs: could not evaluate `parallel=`".to_string()),
                _ => self.error(span, "ValueError: Expect parallel option to be either a bool or a dict"),
            },
            "fastmath" => {
                let flags: Option<Vec<String>> = match value {
                    OptionValue::Const(ConstValue::Bool(b)) => {
                        o.fastmath = Some(FastMath::Bool(*b));
                        None
                    }
                    OptionValue::Set(items) => Some(items.iter().map(option_str).collect()),
                    OptionValue::Dict(items) => {
                        let all: Vec<String> = items.iter().map(|(k, _)| option_str(k)).collect();
                        let bad: Vec<&String> = all.iter().filter(|f| !FASTMATH_FLAGS.contains(&f.as_str())).collect();
                        if bad.is_empty() {
                            Some(
                                items
                                    .iter()
                                    .filter(|(_, v)| option_truthy(v) == Some(true))
                                    .map(|(k, _)| option_str(k))
                                    .collect(),
                            )
                        } else {
                            Some(all)
                        }
                    }
                    OptionValue::Unknown(_) => {
                        self.f.notes.push("numrs: could not evaluate `fastmath=`".to_string());
                        None
                    }
                    _ => {
                        self.error(span, "ValueError: Expected fastmath option(s) to be either a bool, dict or set");
                        None
                    }
                };
                if let Some(mut flags) = flags {
                    let bad: Vec<String> =
                        flags.iter().filter(|f| !FASTMATH_FLAGS.contains(&f.as_str())).map(|f| format!("'{f}'")).collect();
                    if !bad.is_empty() {
                        self.error(span, format!("ValueError: Unrecognized fastmath flags: {{{}}}", bad.join(", ")));
                    }
                    flags.sort();
                    flags.dedup();
                    self.f.options.fastmath = Some(FastMath::Flags(flags));
                }
            }
            _ => {}
        }
    }

    // ----- cfunc ----------------------------------------------------------------------------

    fn cfunc(&mut self, r: &Resolved<'_>) {
        self.f.kind = JitKind::CFunc;
        let (slots, rest) = self.bind(r, "cfunc", CFUNC_PARAMS);
        let mut known: Vec<&str> = CFUNC_PARAMS.to_vec();
        known.extend(CPU_TARGET_OPTIONS);
        self.named_positional_options(&slots, CFUNC_PARAMS);
        self.options(&rest, Some(&known), CPU_TARGET_OPTIONS);
        if let Some(locals) = slots.get(1).copied().flatten() {
            self.locals(locals);
        }
        if !r.called {
            // `@cfunc` without arguments passes the function as the signature.
            self.f.signature_errors.push(SigError {
                message: format!(
                    "TypeError: invalid signature: <function {name}> (type: 'function') evaluates to 'function' \
                     instead of tuple or Signature",
                    name = self.def.name
                ),
                span: self.decorator_span,
                kind: SigErrorKind::Numba,
            });
            return;
        }
        match slots.first().copied().flatten() {
            None => self.error(self.decorator_span, "TypeError: cfunc() missing 1 required positional argument: 'sig'"),
            Some(arg) => match self.eval(arg.expr, arg.before) {
                Ok(v) => self.signature(v, arg),
                Err(e) => self.f.signature_errors.push(e),
            },
        }
    }

    // ----- vectorize / guvectorize ------------------------------------------------------------

    fn signature_list(&mut self, arg: Arg<'_>, what: &str) {
        match self.eval(arg.expr, arg.before) {
            Err(e) => self.f.signature_errors.push(e),
            // A single string is a common mistake Numba accepts.
            Ok(v @ Value::Const(ConstValue::Str(_))) => self.signature(v, arg),
            Ok(Value::List(items) | Value::Tuple(items)) => self.each_signature(items, arg),
            Ok(other) => self.f.signature_errors.push(SigError {
                message: format!("TypeError: '{}' object is not iterable ({what} takes a list of signatures)", other.class_name()),
                span: arg.expr.span,
                kind: SigErrorKind::Numba,
            }),
        }
    }

    fn vectorize(&mut self, r: &Resolved<'_>) {
        self.f.kind = JitKind::Vectorize;
        let (slots, rest) = self.bind(r, "vectorize", &["ftylist_or_function"]);
        let mut known: Vec<&str> = VECTORIZE_KEYWORDS.to_vec();
        known.extend(UFUNC_TARGET_OPTIONS);
        self.options(&rest, Some(&known), UFUNC_TARGET_OPTIONS);
        if !r.called {
            return;
        }
        if let Some(arg) = slots.first().copied().flatten() {
            if matches!(self.eval(arg.expr, arg.before), Ok(Value::Const(ConstValue::None))) {
                self.error(
                    arg.expr.span,
                    "NameError: cannot access free variable 'ftylist' where it is not associated with a value in \
                     enclosing scope",
                );
                return;
            }
            self.signature_list(arg, "vectorize");
        }
    }

    fn guvectorize(&mut self, r: &Resolved<'_>) {
        self.f.kind = JitKind::GuVectorize;
        let rest: Vec<Kw<'_>> = r.keywords.clone();
        let mut known: Vec<&str> = GUVECTORIZE_KEYWORDS.to_vec();
        known.extend(UFUNC_TARGET_OPTIONS);
        self.options(&rest, Some(&known), UFUNC_TARGET_OPTIONS);
        if rest.iter().any(|k| k.arg.is_none()) {
            self.f.notes.push("numrs: `**` arguments to `guvectorize` are not evaluated".to_string());
        }
        let (sigs, layout) = match r.args.as_slice() {
            _ if !r.called => {
                self.error(self.decorator_span, "TypeError: `@guvectorize` needs a layout string: guvectorize(signatures, layout)");
                return;
            }
            [layout] => (None, *layout),
            [sigs, layout] => (Some(*sigs), *layout),
            _ => {
                self.error(self.decorator_span, "TypeError: guvectorize() takes one or two positional arguments");
                return;
            }
        };
        // A layout built from string constants (the-virtual-brain's
        // `'(n),(m)' + ',()' * 17 + '->(n)'`) folds to one.
        let folded = match self.ctx.symbols.fold_constant(layout.expr, layout.before, &[]) {
            Some(c @ ConstValue::Str(_)) => Ok(Value::Const(c)),
            _ => self.eval(layout.expr, layout.before),
        };
        match folded {
            Ok(Value::Const(ConstValue::Str(s))) => self.f.gufunc_layout = Some(s),
            Ok(other) => self.error(
                layout.expr.span,
                format!("TypeError: guvectorize's layout must be a string like \"(n),()->(n)\", got {}", other.repr()),
            ),
            Err(e) => self.f.notes.push(format!("numrs: could not evaluate the gufunc layout: {}", e.message)),
        }
        if let Some(sigs) = sigs {
            self.signature_list(sigs, "guvectorize");
        }
    }

    // ----- cuda.jit -------------------------------------------------------------------------

    fn cuda(&mut self, r: &Resolved<'_>) {
        let params: &[&str] = &["func_or_sig", "device", "inline", "link", "debug", "opt", "lineinfo", "cache"];
        let (slots, rest) = self.bind(r, "jit", params);
        self.named_positional_options(&slots, params);
        self.options(&rest, Some(CUDA_JIT_OPTIONS), &[]);
        for dep in ["argtypes", "restype", "bind"] {
            if let Some(kw) = rest.iter().find(|k| k.arg == Some(dep)) {
                self.error(kw.span, format!("DeprecationError: {}", DEPRECATED_SIGNATURE_ARG_MSG.replace("{0}", dep)));
            }
        }
        let device = self.f.options.device == Some(true);
        self.f.kind = if device { JitKind::CudaDevice } else { JitKind::CudaKernel };
        if self.f.options.boundscheck == Some(true) {
            self.error(self.decorator_span, "NotImplementedError: bounds checking is not supported for CUDA");
        }
        let link = self.f.options.values.iter().find(|(n, _)| n == "link").map(|(_, v)| option_truthy(v));
        if device && link == Some(Some(true)) {
            self.error(self.decorator_span, "ValueError: link keyword invalid for device function");
        }
        if !r.called {
            return;
        }
        let Some(arg) = slots.first().copied().flatten() else { return };
        match self.eval(arg.expr, arg.before) {
            Err(e) => self.f.signature_errors.push(e),
            Ok(Value::Const(ConstValue::None)) => {}
            Ok(Value::List(items)) => self.each_signature(items, arg),
            Ok(v @ (Value::Const(ConstValue::Str(_)) | Value::Tuple(_) | Value::Sig(_))) => self.signature(v, arg),
            Ok(other) => self.f.signature_errors.push(SigError {
                message: format!(
                    "TypeError: cuda.jit treats {} as the function to compile; it is not a signature or a list of them",
                    other.repr()
                ),
                span: arg.expr.span,
                kind: SigErrorKind::Numba,
            }),
        }
        if !device {
            let bad: Vec<Span> = self
                .f
                .signatures
                .iter()
                .filter(|s| s.return_type.as_ref().is_some_and(|t| *t != Type::NoneType))
                .map(|s| s.span)
                .collect();
            let _ = bad;
            let (kept, rejected): (Vec<SigSpec>, Vec<SigSpec>) = std::mem::take(&mut self.f.signatures)
                .into_iter()
                .partition(|s| s.return_type.as_ref().is_none_or(|t| *t == Type::NoneType));
            self.f.signatures = kept;
            for s in rejected {
                let error = SigError {
                    message: "TypeError: CUDA kernel must have void return type.".to_string(),
                    span: s.span,
                    kind: SigErrorKind::Numba,
                };
                self.f.rejected_signatures.push((s, error));
            }
        }
    }

    // ----- checks ---------------------------------------------------------------------------

    /// What Numba's `GUFuncBuilder` refuses when it builds each signature's loop: a kernel
    /// that returns a value, a signature whose operands do not match the layout's, an array
    /// operand whose dimensions are not its core's (a 1-d array may stand for a scalar core),
    /// a scalar operand with core dimensions. A layout it cannot read fails the decorator.
    fn check_gufunc_layout(&mut self) {
        if self.f.kind != JitKind::GuVectorize {
            return;
        }
        let Some(text) = self.f.gufunc_layout.clone() else { return };
        let layout = match numrs_types::parse_gufunc_layout(&text) {
            Ok(l) => l,
            Err(e) => {
                self.error(self.decorator_span, e);
                return;
            }
        };
        let cores: Vec<&Vec<String>> = layout.inputs.iter().chain(&layout.outputs).collect();
        let problem = |s: &SigSpec| -> Option<String> {
            if s.return_type.as_ref().is_some_and(|t| *t != Type::NoneType) {
                return Some("TypeError: gufunc kernel must have void return type".to_string());
            }
            let counts = format!("the signature gives {} operand types, the layout '{text}' has {} operands", s.args.len(), cores.len());
            if s.args.len() > cores.len() {
                return Some(format!("TypeError: {counts} (Numba: invalid number of args)"));
            }
            if s.args.len() < cores.len() {
                return Some(format!("IndexError: {counts} (Numba: list index out of range)"));
            }
            let core_text = |core: &Vec<String>| format!("({})", core.join(","));
            s.args.iter().zip(&cores).enumerate().find_map(|(i, (t, core))| match t {
                Type::Array(a) if core.len() != a.ndim as usize && !(core.is_empty() && a.ndim == 1) => Some(format!(
                    "TypeError: type and shape signature mismatch for arg #{}: {t} has {} dimensions, its core {} has {}",
                    i + 1,
                    a.ndim,
                    core_text(core),
                    core.len()
                )),
                Type::Array(_) => None,
                other if !core.is_empty() => Some(format!(
                    "TypeError: scalar type {other} given for non scalar argument #{}: its core is {}",
                    i + 1,
                    core_text(core)
                )),
                _ => None,
            })
        };
        let (kept, rejected): (Vec<SigSpec>, Vec<(SigSpec, String)>) = std::mem::take(&mut self.f.signatures)
            .into_iter()
            .fold((Vec::new(), Vec::new()), |(mut kept, mut rejected), s| {
                match problem(&s) {
                    Some(m) => rejected.push((s, m)),
                    None => kept.push(s),
                }
                (kept, rejected)
            });
        self.f.signatures = kept;
        for (s, message) in rejected {
            let error = SigError { message, span: s.span, kind: SigErrorKind::Numba };
            self.f.rejected_signatures.push((s, error));
        }
    }

    /// `FixupArgs`: a signature must give one type per parameter (all of them: `*args`,
    /// keyword-only and `**kwargs` included), except an empty one in object mode.
    fn check_arity(&mut self) {
        if matches!(self.f.kind, JitKind::Other(_)) {
            return;
        }
        let p = &self.def.params;
        let nargs = p.posonly.len()
            + p.args.len()
            + p.kwonly.len()
            + usize::from(p.vararg.is_some())
            + usize::from(p.kwarg.is_some());
        let object_mode = self.f.kind == JitKind::ObjectMode;
        let fits = |s: &SigSpec| s.args.len() == nargs || (object_mode && s.args.is_empty());
        let (kept, bad): (Vec<SigSpec>, Vec<SigSpec>) = std::mem::take(&mut self.f.signatures).into_iter().partition(fits);
        self.f.signatures = kept;
        for s in bad {
            let error = SigError {
                message: format!(
                    "TypeError: Signature mismatch: {} argument types given, but function takes {} arguments",
                    s.args.len(),
                    nargs
                ),
                span: s.span,
                kind: SigErrorKind::Numba,
            };
            self.f.rejected_signatures.push((s, error));
        }
    }
}

/// A `locals=` value: a Numba type. Anything else fails when Numba seeds the variable's
/// type (`TypeVar.lock`: `assert isinstance(tp, types.Type), type(tp)`).
fn local_type(evaluator: &Evaluator<'_>, value: Value, span: Span) -> Result<Type, SigError> {
    match value {
        Value::Type(t) => Ok(t),
        Value::Unsupported { .. } => evaluator.sig_type(value, span),
        other => Err(SigError {
            message: format!("AssertionError: <class '{}'>", other.class_name()),
            span,
            kind: SigErrorKind::Numba,
        }),
    }
}

fn to_option_value(v: Value) -> OptionValue {
    match v {
        Value::Const(c) => OptionValue::Const(c),
        Value::Type(t) => OptionValue::Type(t),
        Value::Tuple(items) => match Value::Tuple(items.clone()).to_const() {
            Some(c) => OptionValue::Const(c),
            None => OptionValue::Tuple(items.into_iter().map(to_option_value).collect()),
        },
        Value::List(items) => OptionValue::List(items.into_iter().map(to_option_value).collect()),
        Value::Set(items) => OptionValue::Set(items.into_iter().map(to_option_value).collect()),
        Value::Dict(items) => {
            OptionValue::Dict(items.into_iter().map(|(k, v)| (to_option_value(k), to_option_value(v))).collect())
        }
        other => OptionValue::Object(other.repr()),
    }
}

fn option_truthy(v: &OptionValue) -> Option<bool> {
    match v {
        OptionValue::Const(c) => Some(c.truthy()),
        OptionValue::Type(_) | OptionValue::Object(_) => Some(true),
        OptionValue::Set(items) | OptionValue::List(items) | OptionValue::Tuple(items) => Some(!items.is_empty()),
        OptionValue::Dict(items) => Some(!items.is_empty()),
        OptionValue::Unknown(_) => None,
    }
}

/// `str()` of an option value, for messages (strings unquoted).
fn option_str(v: &OptionValue) -> String {
    match v {
        OptionValue::Const(ConstValue::Str(s)) => s.clone(),
        OptionValue::Const(c) => c.python_repr(),
        OptionValue::Type(t) => t.to_string(),
        OptionValue::Object(s) | OptionValue::Unknown(s) => s.clone(),
        OptionValue::Set(items) | OptionValue::List(items) | OptionValue::Tuple(items) => {
            items.iter().map(option_str).collect::<Vec<_>>().join(", ")
        }
        OptionValue::Dict(items) => {
            items.iter().map(|(k, v)| format!("{}: {}", option_str(k), option_str(v))).collect::<Vec<_>>().join(", ")
        }
    }
}

/// The function `value` makes a jit function of, when it is `njit(f)`, `njit(opts)(f)` or
/// `njit(f, opts)` (or `jit`, `numba.njit`, ...), by the names written.
pub fn jit_call_target(value: &Expr) -> Option<&str> {
    let ExprKind::Call { func, args, .. } = &value.kind else { return None };
    let [arg] = args.as_slice() else { return None };
    let ExprKind::Name(fname) = &arg.kind else { return None };
    let callee = match &func.kind {
        ExprKind::Call { func: inner, .. } => inner,
        _ => func,
    };
    let text = dotted_text(callee)?;
    matches!(text.rsplit('.').next(), Some("njit" | "jit" | "vectorize" | "guvectorize" | "cfunc")).then_some(fname.as_str())
}

/// Whether statements (a decorator function's body, or the body of a function it defines)
/// register a parameter as its own overload, `overload(p, ...)(p)`, and return it.
fn registers_own_overload(body: &[Stmt], symbols: &ModuleSymbols, depth: u32) -> bool {
    if depth > 4 {
        return false;
    }
    let mut registered: Option<&str> = None;
    for st in body {
        match &st.kind {
            StmtKind::Expr(e) => {
                let ExprKind::Call { func, args, .. } = &e.kind else { continue };
                let ExprKind::Call { func: ol, args: ol_args, .. } = &func.kind else { continue };
                // `overload` may be imported inside the function, where the module's symbols do
                // not see it.
                let is_overload = match symbols.resolve_dotted(ol).as_deref() {
                    Some(p) => p == "numba.extending.overload" || p == "numba.core.extending.overload",
                    None => dotted_text(ol).is_some_and(|t| t == "overload" || t.ends_with(".overload")),
                };
                if let ([a], [b], true) = (args.as_slice(), ol_args.as_slice(), is_overload) {
                    if let (ExprKind::Name(x), ExprKind::Name(y)) = (&a.kind, &b.kind) {
                        if x == y {
                            registered = Some(x.as_str());
                        }
                    }
                }
            }
            StmtKind::Return(Some(r)) => {
                if matches!((&r.kind, registered), (ExprKind::Name(n), Some(p)) if n == p) {
                    return true;
                }
            }
            StmtKind::If { body, orelse, .. } => {
                if registers_own_overload(body, symbols, depth + 1) || registers_own_overload(orelse, symbols, depth + 1) {
                    return true;
                }
            }
            StmtKind::FunctionDef(inner) => {
                if registers_own_overload(&inner.body, symbols, depth + 1) {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// A function's statements after its docstring, if it has one.
pub(crate) fn body_without_docstring(def: &FunctionDef) -> &[Stmt] {
    match def.body.split_first() {
        Some((Stmt { kind: StmtKind::Expr(e), .. }, rest)) if matches!(e.kind, ExprKind::Constant(ast::Constant::Str(_))) => rest,
        _ => &def.body,
    }
}

/// A function body as it runs with Numba installed: the body of a `try` that is its only
/// statement when its handlers catch `ImportError` (or `ModuleNotFoundError`) only; any other
/// body as it is. `None` for such a `try` with other handlers, an `else` or a `finally`.
fn with_numba_installed(body: &[Stmt]) -> Option<&[Stmt]> {
    let [Stmt { kind: StmtKind::Try { body: tb, handlers, orelse, finalbody }, .. }] = body else { return Some(body) };
    let import_error = handlers.iter().all(|h| matches!(h.type_.as_ref().map(|t| &t.kind), Some(ExprKind::Name(n)) if n == "ImportError" || n == "ModuleNotFoundError"));
    (import_error && orelse.is_empty() && finalbody.is_empty()).then_some(tb.as_slice())
}

/// The jit decorator a plain function of one parameter applies to it and returns, when it
/// only does that: `def fast(f): return njit(f)` (`njit`), `return numba.njit(cache=True)(f)`
/// (`numba.njit(cache=True)`).
fn wrapping_decorator(def: &FunctionDef) -> Option<&Expr> {
    let p = &def.params;
    let mut params = p.positional();
    let (Some(param), None) = (params.next(), params.next()) else { return None };
    if p.vararg.is_some() || p.kwarg.is_some() || !p.kwonly.is_empty() || !def.decorators.is_empty() || param.default.is_some() {
        return None;
    }
    let body = body_without_docstring(def);
    let [Stmt { kind: StmtKind::Return(Some(value)), .. }] = body else { return None };
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let [arg] = args.as_slice() else { return None };
    if !keywords.is_empty() || !matches!(&arg.kind, ExprKind::Name(n) if *n == param.name) {
        return None;
    }
    // `njit(f)` names the decorator; `njit(...)(f)` is the configured one.
    Some(&**func)
}

/// The decorator a plain function passes all its arguments on to, the function to compile
/// first: `def njit(_func=None, *args, **kwargs): return numba.njit(_func, *args, **kwargs)`.
fn passthrough_decorator(def: &FunctionDef) -> Option<&Expr> {
    let p = &def.params;
    let mut params = p.positional();
    let (Some(first), None) = (params.next(), params.next()) else { return None };
    let (Some(args), Some(kwargs)) = (&p.vararg, &p.kwarg) else { return None };
    if !p.kwonly.is_empty() || !def.decorators.is_empty() {
        return None;
    }
    let is_name = |e: &Expr, n: &str| matches!(&e.kind, ExprKind::Name(x) if x == n);
    let [Stmt { kind: StmtKind::Return(Some(value)), .. }] = body_without_docstring(def) else { return None };
    let ExprKind::Call { func, args: a, keywords } = &value.kind else { return None };
    let [f, star] = a.as_slice() else { return None };
    let [kw] = keywords.as_slice() else { return None };
    let star_ok = matches!(&star.kind, ExprKind::Starred(inner) if is_name(inner, &args.name));
    (is_name(f, &first.name) && star_ok && kw.arg.is_none() && is_name(&kw.value, &kwargs.name)).then_some(&**func)
}

/// The decorator a plain function forwards its arguments to, when it only does that:
/// `def numba_jit(*args, **kwargs): kw = DEFAULTS.copy(); kw.update(kwargs); return jit(*args,
/// **kw)` (also `dict(DEFAULTS)`, `{**DEFAULTS, **kwargs}`, or `kwargs` itself). Options it
/// adds from a module-level dict are accepted only where they do not change what the code
/// computes (`nopython=True`, `cache`, `nogil`).
fn forwarded_decorator<'a>(def: &'a FunctionDef, symbols: &ModuleSymbols) -> Option<&'a Expr> {
    let p = &def.params;
    let (Some(args), Some(kwargs)) = (&p.vararg, &p.kwarg) else { return None };
    if p.positional().next().is_some() || !p.kwonly.is_empty() || !def.decorators.is_empty() {
        return None;
    }
    let is_name = |e: &Expr, n: &str| matches!(&e.kind, ExprKind::Name(x) if x == n);
    // A module-level dict of harmless options.
    let harmless_dict = |e: &Expr| -> bool {
        let ExprKind::Name(n) = &e.kind else { return false };
        let Some(ExprKind::Dict { keys, values }) = symbols.lookup(n, None).and_then(|b| b.value.as_ref()).map(|v| &v.kind) else { return false };
        keys.iter().zip(values).all(|(k, v)| match k.as_ref().map(|k| &k.kind) {
            Some(ExprKind::Constant(ast::Constant::Str(key))) => match key.as_str() {
                "nopython" => matches!(v.kind, ExprKind::Constant(ast::Constant::Bool(true))),
                "cache" | "nogil" => matches!(v.kind, ExprKind::Constant(ast::Constant::Bool(_))),
                _ => false,
            },
            _ => false,
        })
    };
    // `try: import numba; ...; return numba.jit(...)` `except ImportError: ...` (hyperspy's
    // `jit_ifnumba`): with Numba installed, the `try` body.
    let body = with_numba_installed(body_without_docstring(def))?;
    let (last, rest) = body.split_last()?;
    // A harmless option set on the call's keywords: `kwargs["nopython"] = True`.
    let harmless_set = |st: &Stmt| -> bool {
        let StmtKind::Assign { targets, value } = &st.kind else { return false };
        let [t] = targets.as_slice() else { return false };
        let ExprKind::Subscript { value: d, index } = &t.kind else { return false };
        let ExprKind::Constant(ast::Constant::Str(key)) = &index.kind else { return false };
        is_name(d, &kwargs.name)
            && match key.as_str() {
                "nopython" => matches!(value.kind, ExprKind::Constant(ast::Constant::Bool(true))),
                "cache" | "nogil" => matches!(value.kind, ExprKind::Constant(ast::Constant::Bool(_))),
                _ => false,
            }
    };
    // The local holding the options, and whether the call's keywords were merged into it.
    let mut local: Option<&str> = None;
    let mut merged = false;
    for stmt in rest {
        match &stmt.kind {
            // `import numba` (inside the function).
            StmtKind::Import(names) if names.iter().all(|a| a.name == "numba") => {}
            _ if harmless_set(stmt) => {}
            // `if "nopython" not in kwargs: kwargs["nopython"] = True`
            StmtKind::If { test, body: then, orelse } if orelse.is_empty() && then.iter().all(|s| harmless_set(s)) => {
                let ExprKind::Compare { left, ops, comparators } = &test.kind else { return None };
                let ([ast::CmpOp::NotIn], [c]) = (ops.as_slice(), comparators.as_slice()) else { return None };
                if !matches!(left.kind, ExprKind::Constant(ast::Constant::Str(_))) || !is_name(c, &kwargs.name) {
                    return None;
                }
            }
            StmtKind::Assign { targets, value } if local.is_none() => {
                let [t] = targets.as_slice() else { return None };
                let ExprKind::Name(v) = &t.kind else { return None };
                match &value.kind {
                    // `DEFAULTS.copy()`
                    ExprKind::Call { func, args: a, keywords } if a.is_empty() && keywords.is_empty() => match &func.kind {
                        ExprKind::Attribute { value: d, attr } if attr == "copy" && harmless_dict(d) => {}
                        _ => return None,
                    },
                    // `dict(DEFAULTS)`, `dict(DEFAULTS, **kwargs)`
                    ExprKind::Call { func, args: a, keywords } if is_name(func, "dict") => {
                        let [d] = a.as_slice() else { return None };
                        if !harmless_dict(d) {
                            return None;
                        }
                        match keywords.as_slice() {
                            [] => {}
                            [k] if k.arg.is_none() && is_name(&k.value, &kwargs.name) => merged = true,
                            _ => return None,
                        }
                    }
                    // `{**DEFAULTS, **kwargs}`
                    ExprKind::Dict { keys, values } if keys.iter().all(Option::is_none) => {
                        let [d, k] = values.as_slice() else { return None };
                        if !harmless_dict(d) || !is_name(k, &kwargs.name) {
                            return None;
                        }
                        merged = true;
                    }
                    _ => return None,
                }
                local = Some(v.as_str());
            }
            // `kw.update(kwargs)`
            StmtKind::Expr(e) => {
                let ExprKind::Call { func, args: a, keywords } = &e.kind else { return None };
                let ExprKind::Attribute { value: v, attr } = &func.kind else { return None };
                let ([k], true, Some(l)) = (a.as_slice(), keywords.is_empty(), local) else { return None };
                if attr != "update" || !is_name(v, l) || !is_name(k, &kwargs.name) {
                    return None;
                }
                merged = true;
            }
            _ => return None,
        }
    }
    let StmtKind::Return(Some(ret)) = &last.kind else { return None };
    let ExprKind::Call { func, args: a, keywords } = &ret.kind else { return None };
    let [star] = a.as_slice() else { return None };
    let [kw] = keywords.as_slice() else { return None };
    let star_ok = matches!(&star.kind, ExprKind::Starred(inner) if is_name(inner, &args.name));
    let forwarded = kw.arg.is_none() && (is_name(&kw.value, &kwargs.name) || (merged && local.is_some_and(|l| is_name(&kw.value, l))));
    (star_ok && forwarded).then_some(&**func)
}
