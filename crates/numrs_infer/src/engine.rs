//! The inference driver: type variables, propagation, final unification.

use std::collections::HashMap;

use numrs_ir::{FunctionIr, StmtKind, Terminator, Value, VarId};
use numrs_syntax::ast::Span;
use numrs_types::{unify_many, unify_pairs, can_convert, Type};

/// What a global name refers to, as resolved by the layer that knows the module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalValue {
    Type(Type),
    /// Not typeable: Numba's "Untyped global name" with the reason.
    Untyped(String),
}

/// How an error begins when the environment cannot run a module's `@overload` typing function
/// (so whether Numba would go on to its own implementation is not known).
pub const UNEVALUATED_OVERLOAD: &str = "numrs cannot evaluate the @overload typing function";

/// Services inference needs from outside the function.
pub trait Environment {
    /// Resolve a module-level or builtin name.
    fn resolve_global(&self, name: &str) -> GlobalValue;
    /// Type a call to another jit function with these argument types: its return type.
    fn call_dispatcher(
        &self,
        dispatcher: &numrs_types::DispatcherRef,
        args: &[Type],
        kws: &[(String, Type)],
    ) -> Result<Type, InferError>;
    /// The type of the omitted argument `index` whose default the environment knows where
    /// its `repr()` alone does not tell it: a member of the module's enum class
    /// (`<Unit.M: 1>`), or a NumPy array (keyed by its source, see `array_default_key`).
    fn omitted_type(&self, _index: usize, _repr: &str) -> Option<Type> {
        None
    }
    /// Resolve an attribute of a module value (`np.zeros`, `math.pi`).
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type>;
    /// The compilation target's restrictions (`parallel=True`, CUDA).
    fn target(&self) -> Target {
        Target::default()
    }
    /// The dispatcher Numba makes of the inner function at `path` (see
    /// [`numrs_ir::ESCAPED`]) of the function being typed when it escapes (is passed to a jit
    /// function), or Numba's error capturing its free variables; `None` where the environment
    /// cannot name it.
    fn closure_dispatcher(&self, _path: &[u32]) -> Option<Result<numrs_types::DispatcherRef, InferError>> {
        None
    }
    /// The arguments a call of jit function `dispatcher` binds, in parameter order, as its
    /// dispatcher binds them (with those left to their defaults); `None` where the environment
    /// cannot tell.
    fn bind_call(&self, _dispatcher: &numrs_types::DispatcherRef, _args: &[Type], _kws: &[(String, Type)]) -> Option<Vec<Type>> {
        None
    }
    /// An attribute of a jit function's dispatcher that jit code may read (a `@vectorize`
    /// function's `nin`, `nout`, `nargs`, `identity`, `signature`); `None`: unknown.
    fn dispatcher_attr(&self, _dispatcher: &numrs_types::DispatcherRef, _attr: &str) -> Option<Type> {
        None
    }
    /// The module's `@overload` of the function of registry key `key` (`numpy.clip`) that
    /// Numba tries before its own implementation (registered lazily, after the module's), as
    /// a dispatcher; `None`: none.
    fn user_overload(&self, _key: &str) -> Option<numrs_types::DispatcherRef> {
        None
    }
    /// What an `@overload_method(types.X, "attr")` of the module adds to values of type
    /// `receiver` (a bound function, see `numrs_types::overload_method_key`), or the value's
    /// type an `@overload_attribute` gives; `None`: neither.
    fn overload_method(&self, _receiver: &Type, _attr: &str) -> Option<Type> {
        None
    }
    /// Numba's `Dispatcher.get_function_type()`: the signature of a jit function compiled for
    /// exactly one explicit signature (its compilation is then disabled); `None` otherwise.
    fn dispatcher_function_type(&self, _dispatcher: &numrs_types::DispatcherRef) -> Option<numrs_types::Signature> {
        None
    }
}

/// What the function is compiled for, as far as the passes after typing care.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Target {
    /// `parallel=True`: the parfor pass rewrites `prange` loops.
    pub parallel: bool,
    /// A CUDA kernel or device function: compiled without Numba's runtime (NRT).
    pub cuda: bool,
    /// SciPy is missing where the code runs: `np.dot`, `@` and `np.linalg` are Numba's
    /// ImportError (see `numrs_typing::linalg`).
    pub no_scipy: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InferError {
    pub kind: &'static str,
    pub code: &'static str,
    pub message: String,
    /// Function-relative span of the statement the error is attributed to.
    pub span: Option<Span>,
    pub notes: Vec<String>,
    /// Other places worth showing (function-relative spans), e.g. both sides of a failed
    /// unification.
    pub secondary: Vec<(Span, String)>,
}

impl InferError {
    pub fn typing(code: &'static str, message: impl Into<String>, span: Option<Span>) -> Self {
        InferError { kind: "TypingError", code, message: message.into(), span, notes: vec![], secondary: vec![] }
    }
}

pub struct InferRequest<'a> {
    pub ir: &'a FunctionIr,
    pub args: &'a [Type],
    pub return_type: Option<&'a Type>,
    pub locals: &'a [(String, Type)],
    pub env: &'a dyn Environment,
    /// Numba's `return_types_from_partial`: ignore errors and report the return type from
    /// the paths that did type (used for recursive calls).
    pub partial: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InferResult {
    pub outcome: Result<Type, InferError>,
    /// The type of each IR variable (by `VarId`), where known.
    pub typemap: Vec<Option<Type>>,
    /// Extra types of user variables assigned inside inlined inner functions (`nonlocal`).
    pub extra_locals: Vec<(String, Type)>,
    /// Calls to other jit functions typed along the way: (dispatcher id, bound argument types).
    /// Filled in by the layer that owns the environment.
    pub calls: Vec<(numrs_types::DispatcherRef, Vec<Type>)>,
    /// The IR that was typed when Numba's argument-dependent rewrites (`prepare`: semantic
    /// constants, dead branch pruning) changed it; `typemap` indexes its variables. `None`:
    /// the function's own IR.
    pub prepared: Option<Box<FunctionIr>>,
    /// How each inner function (closure) called from this one typed, per argument types.
    pub closures: Vec<ClosureTyping>,
}

/// One typing of an inner function: the closure's index in `FunctionIr::closures`, its
/// argument types (defaults filled in), the types of the enclosing variables it reads (in
/// `ClosureInfo::free_vars` order) and the result of typing its body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClosureTyping {
    pub index: u32,
    pub args: Vec<Type>,
    pub free: Vec<(String, Type)>,
    /// `args` followed by the types of `free`: the parameters of the lowered inner function.
    pub params: Vec<Type>,
    /// The names of `free`, in order.
    pub free_names: Vec<String>,
    pub result: InferResult,
}

impl InferResult {
    /// User-visible variables → sorted unique type strings over their SSA versions.
    pub fn locals(&self, ir: &FunctionIr) -> std::collections::BTreeMap<String, Vec<String>> {
        // The typemap indexes the variables of the IR that was typed.
        let ir = self.prepared.as_deref().unwrap_or(ir);
        let mut out: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        let mut dropped = std::collections::BTreeSet::new();
        for (i, var) in ir.vars.iter().enumerate() {
            if !var.user {
                continue;
            }
            let Some(Some(t)) = self.typemap.get(i) else { continue };
            if hidden_in_locals(t) {
                dropped.insert(var.base.clone());
                continue;
            }
            let entry = out.entry(var.base.clone()).or_default();
            let s = t.to_string();
            if !entry.contains(&s) {
                entry.push(s);
            }
        }
        for (name, t) in &self.extra_locals {
            let entry = out.entry(name.clone()).or_default();
            let s = t.to_string();
            if !entry.contains(&s) {
                entry.push(s);
            }
        }
        for d in dropped {
            out.remove(&d);
        }
        for v in out.values_mut() {
            v.sort();
        }
        out
    }
}

/// The oracle drops variables holding modules and callables (and anything printed with an
/// address, such as a tuple holding a function); so do we, so the outputs compare.
fn hidden_in_locals(t: &Type) -> bool {
    matches!(
        t,
        Type::Module(_)
            | Type::Function(_)
            | Type::BoundFunction(_)
            | Type::Dispatcher(_)
            | Type::NumberClass(_)
            | Type::ExceptionClass(_)
            | Type::MakeFunction(..)
    ) || t.tuple_items().is_some_and(|items| items.iter().any(|i| matches!(i, Type::MakeFunction(..) | Type::Dispatcher(_))))
}

#[derive(Clone, Debug, Default)]
pub(crate) struct TypeVar {
    pub ty: Option<Type>,
    pub locked: bool,
    pub define_span: Option<Span>,
}

pub(crate) struct Inferer<'a> {
    pub ir: &'a FunctionIr,
    pub env: &'a dyn Environment,
    pub vars: Vec<TypeVar>,
    /// For refinement: the variables each variable was copied from.
    pub copied_from: HashMap<VarId, Vec<VarId>>,
    /// Numba's refine map for copies: the source of each copied (or phi) variable whose
    /// `Propagate` ran last. A refined type goes back to it only.
    pub refine_via: HashMap<VarId, VarId>,
    /// `target = getattr(value, ...)`: the receiver variable of each bound method.
    pub receiver_of: HashMap<VarId, VarId>,
    /// Types given to this function's variables by inlined inner functions (`nonlocal`).
    pub extra_locals: Vec<(String, Type)>,
    /// Typings of inner functions called (see `InferResult::closures`).
    pub closures: Vec<ClosureTyping>,
    /// The span of each variable's defining statement.
    pub def_spans: HashMap<VarId, Span>,
    /// Variables defined by phi nodes.
    pub phis: std::collections::HashSet<VarId>,
    /// (inner function, `nonlocal` name) → the union of the types the inner function gives it.
    pub nonlocal_types: HashMap<(u32, String), Type>,
    /// The signatures calls gave sets of first-class functions (`UndefinedFunction` members).
    pub function_sigs: Vec<(Vec<Type>, numrs_types::Signature)>,
}

impl<'a> Inferer<'a> {
    pub fn name(&self, v: VarId) -> &str {
        &self.ir.var(v).name
    }

    pub fn get(&self, v: VarId) -> Option<&Type> {
        self.vars[v.0 as usize].ty.as_ref()
    }

    /// `TypeInferer.add_type`: unify with what is there (or check convertibility when locked);
    /// a change is refined back (see [`Self::refine`]).
    pub fn add_type(&mut self, v: VarId, ty: Type, span: Option<Span>) -> Result<(), InferError> {
        self.add_type_refining(v, ty, span, true)
    }

    /// `TypeInferer.copy_type`: as [`Self::add_type`], but a change is not refined back (Numba's
    /// `Propagate` unions the type variables directly).
    pub fn copy_type(&mut self, v: VarId, ty: Type, span: Option<Span>) -> Result<(), InferError> {
        self.add_type_refining(v, ty, span, false)
    }

    fn add_type_refining(&mut self, v: VarId, ty: Type, span: Option<Span>, refining: bool) -> Result<(), InferError> {
        let name = self.name(v).to_string();
        // Numba's `types.Set` asserts its item type is `Hashable`.
        if let Type::Set { dtype, .. } = &ty {
            if !matches!(&**dtype, Type::Undefined) && !dtype.is_numba_hashable() {
                return Err(InferError {
                    kind: "AssertionError",
                    code: "unhashable-set-item",
                    message: format!("a set of {dtype}: Numba's sets hold only numbers, booleans, strings and tuples"),
                    span,
                    notes: vec![],
                    secondary: vec![],
                });
            }
        }
        // Functions that meet take their common function type (computed before the variable is
        // borrowed).
        let unified = match &self.vars[v.0 as usize].ty {
            Some(old) if !self.vars[v.0 as usize].locked => unify_pairs(old, &ty).map(|u| self.precise_function(u)),
            _ => None,
        };
        let tv = &mut self.vars[v.0 as usize];
        if tv.locked {
            let current = tv.ty.clone().unwrap_or(Type::Undefined);
            if ty != current && can_convert(&ty, &current).is_none() {
                return Err(InferError::typing(
                    "no-conversion",
                    format!("No conversion from {ty} to {current} for '{name}'"),
                    span,
                ));
            }
            return Ok(());
        }
        match &tv.ty {
            None => {
                tv.ty = Some(ty);
                tv.define_span = span;
            }
            Some(old) => match unified {
                Some(u) => {
                    if &u != old {
                        tv.ty = Some(u.clone());
                        if refining {
                            self.refine(v, u);
                        }
                    }
                }
                None => {
                    let old = old.clone();
                    let mut err = InferError::typing("cannot-unify", format!("Cannot unify {old} and {ty} for '{name}'"), span);
                    err.secondary = self.unification_sides(v);
                    return Err(err);
                }
            },
        }
        Ok(())
    }

    /// Numba's `unified_function_type` of functions that meet (an `UndefinedFunction`): the
    /// function type of the jit functions among them that have one (see
    /// `Environment::dispatcher_function_type`), when they agree; the others convert to it.
    pub fn precise_function(&self, t: Type) -> Type {
        let Type::UndefinedFunction(members) = &t else { return t };
        self.function_type_of(members).map_or(t, |sig| Type::FunctionType(std::sync::Arc::new(sig)))
    }

    /// The one function type of `members` (jit functions and function types) that have one.
    pub fn function_type_of(&self, members: &[Type]) -> Option<numrs_types::Signature> {
        let mut found: Option<numrs_types::Signature> = None;
        for m in members {
            let sig = match m {
                Type::Dispatcher(d) => match self.env.dispatcher_function_type(d) {
                    Some(s) => s,
                    None => continue,
                },
                Type::FunctionType(s) => (**s).clone(),
                _ => return None,
            };
            match &found {
                Some(f) if *f != sig => return None,
                _ => found = Some(sig),
            }
        }
        found
    }

    /// Where the values that meet in `v` come from, with their types: the two (or more) sides of
    /// a failed unification, for secondary labels.
    fn unification_sides(&self, v: VarId) -> Vec<(Span, String)> {
        let mut out: Vec<(Span, String)> = Vec::new();
        let mut stack: Vec<VarId> = self.copied_from.get(&v).cloned().unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        while let Some(src) = stack.pop() {
            if !seen.insert(src) || seen.len() > 256 {
                continue;
            }
            // Look through phis to the assignments that feed them.
            if self.phis.contains(&src) {
                stack.extend(self.copied_from.get(&src).into_iter().flatten().copied());
                continue;
            }
            let (Some(t), Some(span)) = (self.get(src), self.def_spans.get(&src)) else { continue };
            let label = format!("this is {t}");
            if !out.iter().any(|(s, l)| s == span && *l == label) {
                out.push((*span, label));
            }
        }
        out.sort_by_key(|(s, _)| s.start);
        out
    }

    /// Push a refined type back to the variables this one was copied from (Numba's refine
    /// map), so that `l = []; l.append(1)` types `l` as `list(int64)`. A phi's refinement goes
    /// back to one incoming value only: Numba types a phi as one `Propagate` per incoming
    /// value, and its refine map holds the one that ran last (see `refine_via`): `if c: l = []
    /// else: l = []` then `l.append(1)` leaves the first `l` imprecise.
    pub fn refine(&mut self, v: VarId, ty: Type) {
        if !ty.is_precise() {
            return;
        }
        let mut stack = vec![v];
        let mut seen = std::collections::HashSet::new();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Some(src) = self.refine_via.get(&x).copied() {
                for s in [src] {
                    let tv = &mut self.vars[s.0 as usize];
                    if tv.locked {
                        continue;
                    }
                    let replace = match &tv.ty {
                        Some(old) => !old.is_precise() && unify_pairs(old, &ty).is_some(),
                        None => false,
                    };
                    if replace {
                        tv.ty = Some(ty.clone());
                        stack.push(s);
                    }
                }
            }
        }
    }

    pub fn lock(&mut self, v: VarId, ty: Type) {
        let tv = &mut self.vars[v.0 as usize];
        tv.ty = Some(ty);
        tv.locked = true;
    }

    fn state_token(&self) -> Vec<Option<Type>> {
        self.vars.iter().map(|v| v.ty.clone()).collect()
    }
}

/// Type one function for one signature.
pub fn infer_function(req: &InferRequest<'_>) -> InferResult {
    match crate::prepare::prepare(req) {
        Ok(Some(ir)) => {
            let prepared = InferRequest { ir: &ir, ..*req };
            let mut result = infer_prepared(&prepared);
            result.prepared = Some(Box::new(ir));
            result
        }
        Ok(None) => infer_prepared(req),
        Err(e) => InferResult {
            outcome: Err(e),
            typemap: vec![None; req.ir.vars.len()],
            extra_locals: vec![],
            calls: vec![],
            prepared: None,
            closures: vec![],
        },
    }
}

/// Type a function whose IR already went through Numba's untyped rewrites (`prepare`).
pub(crate) fn infer_prepared(req: &InferRequest<'_>) -> InferResult {
    let ir = req.ir;
    let mut inf = Inferer { ir, env: req.env, vars: vec![TypeVar::default(); ir.vars.len()], copied_from: HashMap::new(), refine_via: HashMap::new(), receiver_of: HashMap::new(), extra_locals: Vec::new(), def_spans: HashMap::new(), phis: Default::default(), nonlocal_types: HashMap::new(), closures: Vec::new(), function_sigs: Vec::new() };
    let fail = |inf: &Inferer<'_>, e: InferError| InferResult {
        outcome: Err(e),
        typemap: inf.vars.iter().map(|v| v.ty.clone()).collect(),
        extra_locals: inf.extra_locals.clone(),
        calls: vec![],
        prepared: None,
        closures: inf.closures.clone(),
    };

    if ir.args_count() != req.args.len() {
        let e = InferError {
            kind: "TypeError",
            code: "signature-arity",
            message: format!(
                "signature has {} argument(s) but '{}' takes {}",
                req.args.len(),
                ir.name,
                ir.args_count()
            ),
            span: None,
            notes: vec![],
            secondary: vec![],
        };
        return fail(&inf, e);
    }
    if let Some(e) = ir.errors.first() {
        let span = e.line_known.then_some(e.span);
        let err = InferError { kind: e.kind, code: e.code, message: e.message.clone(), span, notes: vec![], secondary: vec![] };
        return fail(&inf, err);
    }
    if let Some(e) = raise_definitions(ir, req.env) {
        return fail(&inf, e);
    }
    // Numba's ArgConstraint: argument types must be precise (`pyobject` is not).
    if let Some(bad) = req.args.iter().find(|t| !t.is_precise() || matches!(t, Type::PyObject)) {
        let e = InferError::typing("imprecise-type", format!("non-precise type {bad}"), ir.blocks.first().map(|b| b.span));
        return fail(&inf, e);
    }
    // Seed the declared return type and locals.
    if let Some(rt) = req.return_type {
        for r in ir.return_vars() {
            inf.lock(r, rt.clone());
        }
    }
    for (name, ty) in req.locals {
        for (i, var) in ir.vars.iter().enumerate() {
            if var.user && &var.base == name {
                inf.lock(VarId(i as u32), ty.clone());
            }
        }
    }

    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                // A copy of a temporary (`x = $tmp`) is located where the value was computed.
                let span = match value {
                    Value::Var(src) if !ir.var(*src).user => inf.def_spans.get(src).copied().unwrap_or(stmt.span),
                    _ => stmt.span,
                };
                inf.def_spans.entry(*target).or_insert(span);
                if matches!(value, Value::Phi(_)) {
                    inf.phis.insert(*target);
                }
            }
        }
    }
    // Numba's `rewrite_semantic_constants`: `arg.ndim` and `len(tuple_arg)` are constants.
    let semantic_constants = semantic_constants(ir, req.args, req.env);

    // Build constraints; some statements are typed right away (constants, globals, args).
    let mut constraints = Vec::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, .. } = &stmt.kind {
                if let Some(value) = semantic_constants.get(target) {
                    if let Err(e) = inf.add_type(*target, Type::IntegerLiteral(*value), Some(stmt.span)) {
                        return fail(&inf, e);
                    }
                    continue;
                }
            }
            match crate::constraints::build(&mut inf, stmt, req.args) {
                Ok(Some(c)) => constraints.push(c),
                Ok(None) => {}
                Err(e) => return fail(&inf, e),
            }
        }
        if let Terminator::Raise { exc: Some(v) } = &block.term {
            constraints.push(crate::constraints::Constraint::raise(*v, block.stmts.last().map(|s| s.span)));
        }
    }

    // Propagate to a fixpoint.
    let mut errors;
    let mut token = inf.state_token();
    let mut rounds = 0;
    loop {
        errors = Vec::new();
        for c in &constraints {
            if let Err(e) = c.apply(&mut inf) {
                // Numba's propagation records TypingErrors and goes on, but any other exception
                // a typing template raises (`np.NaN`'s AttributeError, an `assert not kws`)
                // ends typing there.
                if matches!(
                    e.kind,
                    "AttributeError" | "AssertionError" | "IndexError" | "ValueError" | "TypeError" | "KeyError" | "NotImplementedError" | "RuntimeError"
                ) {
                    return fail(&inf, e);
                }
                errors.push(e);
            }
        }
        let new = inf.state_token();
        rounds += 1;
        if new == token || rounds > 1000 {
            break;
        }
        token = new;
    }
    if req.partial {
        let mut rets: Vec<Type> = Vec::new();
        for r in ir.return_vars() {
            if let Some(t) = inf.get(r) {
                let t = t.unliteral();
                if t.is_precise() && !rets.contains(&t) {
                    rets.push(t);
                }
            }
        }
        let outcome = match unify_many(&rets) {
            Some(t) => Ok(t),
            None => Err(InferError::typing("recursion-without-signature", "cannot type infer runaway recursion", None)),
        };
        return InferResult { outcome, typemap: inf.vars.iter().map(|v| v.ty.clone()).collect(), extra_locals: vec![], calls: vec![], prepared: None, closures: vec![] };
    }
    if let Some(e) = errors.into_iter().next() {
        return fail(&inf, e);
    }
    // Numba's `UndefinedFunctionType.get_precise`: a set of functions a call typed is a
    // FunctionType of that signature everywhere.
    for tv in &mut inf.vars {
        if let Some(Type::UndefinedFunction(ms)) = &tv.ty {
            if let Some((_, sig)) = inf.function_sigs.iter().find(|(set, _)| ms.iter().any(|m| set.contains(m))) {
                tv.ty = Some(Type::FunctionType(std::sync::Arc::new(sig.clone())));
            }
        }
    }

    // Final check of every variable: user-visible ones first, then temporaries (sorted).
    let mut order: Vec<VarId> = (0..ir.vars.len() as u32).map(VarId).collect();
    order.sort_by(|a, b| {
        let (va, vb) = (ir.var(*a), ir.var(*b));
        (!va.user, &va.name).cmp(&(!vb.user, &vb.name))
    });
    let defined_in_ir = defined_vars(ir);
    for v in order {
        if !defined_in_ir.contains(&v) {
            continue;
        }
        match inf.get(v) {
            None => {
                // Variables whose defining constraint was skipped for lack of inputs.
                let span = def_span(ir, v);
                return fail(
                    &inf,
                    InferError::typing(
                        "undetermined-type",
                        format!("Type of variable '{}' cannot be determined", ir.var(v).name),
                        span,
                    ),
                );
            }
            Some(t) if !t.is_precise() => {
                let span = def_span(ir, v);
                let t = t.clone();
                return fail(
                    &inf,
                    InferError::typing(
                        "imprecise-type",
                        format!("Cannot infer the type of variable '{}', have imprecise type: {t}", ir.var(v).name),
                        span,
                    ),
                );
            }
            _ => {}
        }
    }

    if ir.is_generator {
        return generator_result(&inf, req);
    }

    // Return type: unify the return variables' types.
    let rets: Vec<Type> = {
        let mut seen = Vec::new();
        for r in ir.return_vars() {
            if let Some(t) = inf.get(r) {
                if !seen.contains(t) {
                    seen.push(t.clone());
                }
            }
        }
        seen
    };
    let ret = match req.return_type {
        // A function that never returns (it always raises, or loops until it raises) is
        // `none` in Numba, whatever its signature declares: no return variable takes the
        // declared type.
        Some(_) if ir.return_vars().is_empty() => Type::NoneType,
        Some(rt) => rt.clone(),
        None if rets.is_empty() => Type::NoneType,
        None => match unify_many(&rets) {
            Some(t) if t.is_precise() => t,
            _ => {
                let mut names: Vec<String> = rets.iter().map(|t| t.to_string()).collect();
                names.sort();
                let span = ir.blocks.iter().find_map(|b| match b.term {
                    Terminator::Return(_) => b.stmts.last().map(|s| s.span),
                    _ => None,
                });
                return fail(
                    &inf,
                    InferError::typing(
                        "return-type-mismatch",
                        format!("Can't unify return type from the following types: {}", names.join(", ")),
                        span,
                    ),
                );
            }
        },
    };
    if !req.partial {
        if let Some(e) = crate::postcheck::after_typing(&inf, req.env.target()) {
            return fail(&inf, e);
        }
        if let Some(e) = crate::postcheck::reflected_argument_error(&inf, req.args) {
            return fail(&inf, e);
        }
        if let Some(e) = crate::postcheck::wrapper_error(req.args) {
            return fail(&inf, e);
        }
    }
    // Returned values take the function's return type, as Numba's typemap shows.
    let typemap = inf.vars.iter().map(|v| v.ty.clone()).collect();
    InferResult { outcome: Ok(ret), typemap, extra_locals: inf.extra_locals.clone(), calls: vec![], prepared: None, closures: inf.closures.clone() }
}

fn defined_vars(ir: &FunctionIr) -> std::collections::HashSet<VarId> {
    let mut out = std::collections::HashSet::new();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, .. } = &s.kind {
                out.insert(*target);
            }
        }
    }
    out
}

fn def_span(ir: &FunctionIr, v: VarId) -> Option<Span> {
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, .. } = &s.kind {
                if *target == v {
                    return Some(s.span);
                }
            }
        }
    }
    None
}


/// Numba's `get_generator_type`: the yield types unify into the generator's yield type.
fn generator_result(inf: &Inferer<'_>, req: &InferRequest<'_>) -> InferResult {
    let ir = inf.ir;
    let mut yields: Vec<(Type, Option<Span>)> = Vec::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { value: Value::Yield(v), .. } = &stmt.kind {
                if let Some(t) = inf.get(*v) {
                    yields.push((t.clone(), Some(stmt.span)));
                }
            }
        }
    }
    let typemap = inf.vars.iter().map(|v| v.ty.clone()).collect();
    let types: Vec<Type> = yields.iter().map(|(t, _)| t.clone()).collect();
    let outcome = match unify_many(&types) {
        Some(t) if !matches!(t, Type::Optional(_)) => Ok(Type::Generator(std::sync::Arc::new(numrs_types::GeneratorType {
            yield_type: t,
            func_name: ir.name.as_str().into(),
            args: req.args.to_vec(),
        }))),
        _ => {
            let mut names: Vec<String> = types.iter().map(|t| t.to_string()).collect();
            names.sort();
            names.dedup();
            let span = yields.iter().filter_map(|(_, s)| *s).min_by_key(|s| s.start);
            let message = if types.is_empty() {
                "Cannot type generator: it does not yield any value".to_string()
            } else {
                format!("Can't unify yield type from the following types: {}", names.join(", "))
            };
            Err(InferError::typing("return-type-mismatch", message, span))
        }
    };
    InferResult { outcome, typemap, extra_locals: inf.extra_locals.clone(), calls: vec![], prepared: None, closures: inf.closures.clone() }
}

/// Numba's `rewrite_semantic_constants`: before typing, `x.ndim` where `x` is (a single-defined
/// alias of) an array argument, and `len(t)` where `t` is a tuple argument, become constants,
/// so they are typed as integer literals.
pub(crate) fn semantic_constants(ir: &FunctionIr, args: &[Type], env: &dyn Environment) -> HashMap<VarId, i128> {
    let mut defs: HashMap<VarId, Option<&Value>> = HashMap::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                defs.entry(*target).and_modify(|d| *d = None).or_insert(Some(value));
            }
        }
    }
    // Numba's `get_definition`: follow single definitions through plain copies. Its
    // `RewriteSemanticConstants` runs only before SSA, where a Python variable assigned twice
    // (`A = A.astype(...)`) has no single definition (its later branch pruning, after SSA,
    // does see `x is None` of such an argument).
    let assigned = numrs_ir::assignment_counts(ir);
    let definition = |mut v: VarId| -> Option<&Value> {
        for _ in 0..64 {
            let var = ir.var(v);
            if var.user && assigned.get(var.base.as_str()).is_some_and(|n| *n > 1) {
                return None;
            }
            match defs.get(&v).copied().flatten()? {
                Value::Var(next) => v = *next,
                other => return Some(other),
            }
        }
        None
    };
    let arg_type = |v: VarId| match definition(v) {
        Some(Value::Arg(i)) => args.get(*i as usize),
        _ => None,
    };
    let mut out = HashMap::new();
    for (target, value) in defs.iter().filter_map(|(t, v)| v.map(|v| (*t, v))) {
        match value {
            Value::GetAttr { value, attr } if attr == "ndim" && !ir.vars[target.0 as usize].name.starts_with(numrs_ir::GETATTR_CALL_TEMP) => {
                if let Some(Type::Array(a)) = arg_type(*value) {
                    out.insert(target, a.ndim as i128);
                }
            }
            Value::Call { func, args: call_args, kws, vararg: None } if call_args.len() == 1 && kws.is_empty() => {
                let is_len = matches!(definition(*func), Some(Value::Global(name)) if name == "len")
                    && matches!(env.resolve_global("len"), GlobalValue::Type(Type::Function(k)) if &*k == "builtins.len");
                if is_len {
                    if let Some(t) = arg_type(call_args[0]).and_then(Type::tuple_items) {
                        out.insert(target, t.len() as i128);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Numba's raise rewrites (before typing) read what a `raise` raises from the single
/// definition of its variable, as its IR names variables before SSA (one name per Python
/// variable). A raised variable assigned more than once is left a plain `raise`, which type
/// inference refuses (UnsupportedError at the `raise`); `raise e(...)` with a class variable
/// `e` assigned more than once fails to infer the class (ConstantInferenceError, no line).
fn raise_definitions(ir: &FunctionIr, env: &dyn Environment) -> Option<InferError> {
    let mut defs: HashMap<VarId, &Value> = HashMap::new();
    let mut assignments: HashMap<&str, usize> = HashMap::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                defs.insert(*target, value);
                let var = ir.var(*target);
                if var.user && !matches!(value, Value::Phi(_)) {
                    *assignments.entry(var.base.as_str()).or_default() += 1;
                }
            }
        }
    }
    // A temporary's copy leads to the variable it reads.
    let source = |mut v: VarId| {
        while !ir.var(v).user {
            match defs.get(&v) {
                Some(Value::Var(src)) => v = *src,
                _ => break,
            }
        }
        v
    };
    let reassigned = |v: VarId| ir.var(v).user && assignments.get(ir.var(v).base.as_str()).is_some_and(|n| *n > 1);
    for block in &ir.blocks {
        let Terminator::Raise { exc: Some(v) } = &block.term else { continue };
        let v = source(*v);
        let name = ir.var(v).base.clone();
        if reassigned(v) {
            let span = block.stmts.last().map(|s| s.span);
            return Some(InferError {
                kind: "UnsupportedError",
                code: "unsupported-syntax",
                message: format!("Unsupported constraint encountered: raise {name}: Numba raises only an exception (or class) a variable is assigned once, and '{name}' is assigned more than once"),
                span,
                notes: vec![],
                secondary: vec![],
            });
        }
        // Numba's `RewriteConstantRaises`: a constant raised must be an exception class; a
        // string or any other constant (`raise 1`, `raise int`) is its UnsupportedError.
        let constant = match defs.get(&v) {
            Some(Value::Const(numrs_syntax::ast::Constant::Str(_))) => Some(true),
            Some(Value::Const(_)) => Some(false),
            Some(Value::Global(g)) => match env.resolve_global(g) {
                GlobalValue::Type(Type::Function(k)) if k.starts_with("builtins.") => Some(false),
                GlobalValue::Type(Type::NumberClass(_)) => Some(false),
                _ => None,
            },
            _ => None,
        };
        if let Some(string) = constant {
            let message = if string {
                "Directly raising a string constant as an exception is not supported."
            } else {
                "Encountered unsupported constant type used for exception"
            };
            return Some(InferError {
                kind: "UnsupportedError",
                code: "unsupported-syntax",
                message: message.into(),
                span: block.stmts.last().map(|s| s.span),
                notes: vec![],
                secondary: vec![],
            });
        }
        if let Some(Value::Call { func, .. }) = defs.get(&v) {
            let f = source(*func);
            if reassigned(f) {
                let fname = ir.var(f).base.clone();
                return Some(InferError {
                    kind: "ConstantInferenceError",
                    code: "unsupported-syntax",
                    message: format!("no single definition for '{fname}': the class a `raise` instantiates must be a constant, and '{fname}' is assigned more than once"),
                    span: None,
                    notes: vec![],
                    secondary: vec![],
                });
            }
        }
    }
    None
}
