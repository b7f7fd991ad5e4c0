//! `numrs build`: lowers every typed specialization of a file's jit functions (as the check
//! database already typed them; nothing is re-inferred) and links them into
//! `<module>.abi3.so` plus `<module>.h`.
//!
//! Specializations: the explicit signatures of each `@njit`, the `--signatures` recorded ones
//! and those typed for calls from other jit functions (what `numrs check` lists). Those that
//! fail typing are reported with the typing error; those that cannot be lowered yet with the
//! construct and line; the rest are built.

// Public only for its format tests (tests/it/cache.rs).
#[doc(hidden)]
pub mod cache;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use numrs_check::queries::{self, FunctionKey, SpecKey};
use numrs_check::{CheckDatabase, SignatureOrigin};
use numrs_db::SourceFile;
use numrs_types::{DispatcherRef, Rating, Type};

pub use numrs_codegen::Options;

/// One specialization found in a file.
#[derive(Clone)]
pub struct PlannedSpec {
    pub function: String,
    /// Index of the jit function in the module's discovery order.
    pub function_id: usize,
    /// 1-based line of the `def`.
    pub line: u32,
    pub args: Vec<Type>,
    pub return_type: Option<Type>,
    pub eager: bool,
    pub ir: Arc<numrs_ir::FunctionIr>,
    pub result: Arc<numrs_infer::InferResult>,
    /// Byte offset of the function's start (IR spans are relative to it).
    pub base: u32,
    /// LLVM fast-math flags from the decorator's `fastmath=`.
    pub fastmath: Vec<String>,
    /// `boundscheck=`, `error_model=`.
    pub flags: numrs_codegen::Flags,
    /// A `@cuda.jit` kernel (device functions are `flags.cuda` without it).
    pub kernel: bool,
    /// For a jit function of another file that this module's code calls (compiled into the
    /// module, as Numba compiles a callee into its caller's library): that file.
    pub origin: Option<SourceFile>,
    /// An inner function passed to a jit function (called only from compiled code).
    pub internal: bool,
    /// Planned so that Python can call it, although nothing asked for it (a jitclass
    /// property's getter, a method taking only the instance): left out silently when it does
    /// not build, as Numba compiles it only when called.
    pub optional: bool,
    /// What Python's call of a `@stencil` kernel runs (see `numrs_check::stencil_application`):
    /// the kernel applied to the arguments, not the kernel itself.
    pub stencil_entry: bool,
}

impl PlannedSpec {
    /// A lazily compiled specialization (no signature asked for it) of `function`: this file's
    /// jit function `jit` (its key `key`), or an inner function of it; placed at `jit`'s `def`.
    #[allow(clippy::too_many_arguments)]
    fn lazy(
        db: &dyn numrs_db::Db,
        file: SourceFile,
        jit: &numrs_hir::JitFunction,
        key: FunctionKey<'_>,
        function: String,
        function_id: usize,
        args: Vec<Type>,
        ir: Arc<numrs_ir::FunctionIr>,
        result: Arc<numrs_infer::InferResult>,
    ) -> PlannedSpec {
        let def_offset = numrs_db::positions(db, file).to_file(jit.def_line_offset);
        let base = queries::jit_record(db, key).as_ref().map_or(def_offset, |r| def_offset - r.def_offset);
        PlannedSpec {
            function,
            function_id,
            line: numrs_db::line_index(db, file).line_col(def_offset).line,
            args,
            return_type: None,
            eager: false,
            ir,
            result,
            base,
            fastmath: jit.options.fastmath.as_ref().map(|f| f.flags()).unwrap_or_default(),
            flags: jit_flags(jit),
            kernel: false,
            origin: None,
            internal: false,
            optional: false,
            stencil_entry: false,
        }
    }

    pub fn label(&self) -> String {
        format!("{}({})", self.function, self.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))
    }
}

/// Something that kept a specialization out of the build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// `f(int64, float64)`.
    pub specialization: String,
    /// 1-based line.
    pub line: Option<u32>,
    /// `TypingError: ...` for typing failures; `cannot lower: ...` for lowering.
    pub message: String,
}

/// Every specialization of `file`'s CPU jit functions.
pub fn plan(db: &CheckDatabase, file: SourceFile) -> Vec<PlannedSpec> {
    plan_for(db, file, false)
}

/// [`plan`] for the host (`cuda` false) or for the GPU: the `@cuda.jit` kernels and device
/// functions.
fn plan_for(db: &CheckDatabase, file: SourceFile, cuda: bool) -> Vec<PlannedSpec> {
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let report = db.check_file(file);
    let lines = numrs_db::line_index(dbd, file);
    let positions = numrs_db::positions(dbd, file);
    let mut out = Vec::new();
    for (id, jit) in info.functions.iter().enumerate() {
        // `@vectorize` kernels become NumPy ufuncs: one loop per explicit signature, or, for a
        // lazily compiled one (Numba's DUFunc), per element types its callers and the
        // signatures file compile it for.
        let vectorize = jit.kind == numrs_hir::JitKind::Vectorize
            || (jit.kind == numrs_hir::JitKind::GuVectorize && jit.gufunc_layout.is_some());
        let gpu = matches!(jit.kind, numrs_hir::JitKind::CudaKernel | numrs_hir::JitKind::CudaDevice);
        // `@register_jitable` helpers compile into their jit callers, as jit functions do; a
        // `@cfunc` for its signature, which jit callers call directly; a `@stencil` kernel for
        // the arrays it is applied to (see `stencil_of`).
        let jitable = matches!(&jit.kind, numrs_hir::JitKind::Other(k) if k == "register_jitable" || k == "stencil") || jit.kind == numrs_hir::JitKind::CFunc;
        if cuda != gpu || (!cuda && jit.kind != numrs_hir::JitKind::Njit && !vectorize && !jitable) {
            continue;
        }
        let key = FunctionKey::of(dbd, file, info, jit);
        let Some(ir) = queries::function_ir(dbd, key).clone() else { continue };
        // Module positions → file offsets.
        let def_offset = positions.to_file(jit.def_line_offset);
        let line = lines.line_col(def_offset).line;
        // IR spans are relative to the function's start; place them as `check_file` does.
        let base = queries::jit_record(dbd, key).as_ref().map_or(def_offset, |r| def_offset - r.def_offset);
        let mut specs: Vec<(Vec<Type>, Option<Type>)> = jit.signatures.iter().map(|s| (s.args.clone(), s.return_type.clone())).collect();
        for f in report.functions.iter().filter(|f| f.line == line && f.name == jit.name) {
            for s in f.signatures.iter().filter(|s| s.origin != SignatureOrigin::Decorator) {
                if let Some(args) = s.args.iter().map(|a| parse_arg(dbd, file, info, a)).collect::<Option<Vec<_>>>() {
                    if !specs.iter().any(|(a, _)| *a == args) {
                        specs.push((args, None));
                    }
                }
            }
        }
        // Types the report's text cannot spell (jitclass instances) come from its typed form.
        for (_, args) in report.caller_specs.iter().filter(|(i, _)| *i == id) {
            if !specs.iter().any(|(a, _)| a == args) {
                specs.push((args.clone(), None));
            }
        }
        // What Python can call on a jitclass instance without arguments of its own.
        let mut optional = Vec::new();
        if let Some((class, member)) = jitclass_member(info, jit) {
            // Compiled callers pass literals (`Bag(2)` types `__init__` with `Literal[int](2)`,
            // as Numba's does); Python passes values: the same types without literals.
            for (args, _) in specs.clone() {
                let plain: Vec<Type> = args.iter().map(Type::unliteral).collect();
                if plain != args && !specs.iter().any(|(a, _)| *a == plain) {
                    optional.push(specs.len());
                    specs.push((plain, None));
                }
            }
            let takes_self_only = ir.arg_names.len() == 1;
            if matches!(member, numrs_hir::MemberKind::Getter) || (member == numrs_hir::MemberKind::Method && takes_self_only) {
                if let Some(instance) = numrs_check::jitclass_instance_type(dbd, file, &class.name) {
                    let args = vec![instance];
                    if !specs.iter().any(|(a, _)| *a == args) {
                        optional.push(specs.len());
                        specs.push((args, None));
                    }
                }
            }
            if member == numrs_hir::MemberKind::Setter {
                // Set from Python with what the getter gives.
                let getter = out.iter().find(|p: &&PlannedSpec| p.function == jit.name && p.args.len() == 1);
                if let Some(rt) = getter.and_then(|g| g.result.outcome.as_ref().ok()) {
                    let args = vec![getter.map(|g| g.args[0].clone()).unwrap_or(Type::NoneType), rt.unliteral()];
                    if !specs.iter().any(|(a, _)| *a == args) {
                        optional.push(specs.len());
                        specs.push((args, None));
                    }
                }
            }
        }
        for (n, (args, ret)) in specs.into_iter().enumerate() {
            let result = queries::infer_spec(dbd, SpecKey::new(dbd, key, args.clone(), ret.clone())).clone();
            out.push(PlannedSpec {
                function: jit.name.clone(),
                function_id: id,
                line,
                args,
                return_type: ret,
                eager: !jit.signatures.is_empty(),
                ir: ir.clone(),
                result,
                base,
                fastmath: jit.options.fastmath.as_ref().map(|f| f.flags()).unwrap_or_default(),
                // Numba's UFuncDispatcher compiles kernels with NumPy's error model.
                flags: numrs_codegen::Flags { numpy_errors: vectorize || jit_flags(jit).numpy_errors, cuda, ..jit_flags(jit) },
                kernel: jit.kind == numrs_hir::JitKind::CudaKernel,
                origin: None,
                // A jitclass is constructed from Python through its own entry (see
                // `numrs_codegen::JitClassRole`), not `__init__`'s.
                internal: jit.is_jitclass_member() && jit.name.ends_with(".__init__"),
                optional: optional.contains(&n),
                stencil_entry: false,
            });
        }
        // A `@stencil` kernel Python calls: an entry applying it (after the kernel's own
        // specializations, which jit calls resolve to first).
        if matches!(&jit.kind, numrs_hir::JitKind::Other(k) if k == "stencil") {
            for args in numrs_check::recorded_args(dbd, file, &jit.name) {
                let Some((entry_ir, entry_result)) = numrs_check::stencil_application(dbd, key, &args) else { continue };
                // The kernel for these arrays, when no jit caller asked for it.
                if !out.iter().any(|p| p.function_id == id && p.args == args) {
                    let result = queries::infer_spec(dbd, SpecKey::new(dbd, key, args.clone(), None)).clone();
                    out.push(PlannedSpec::lazy(dbd, file, jit, key, jit.name.clone(), id, args.clone(), ir.clone(), result));
                }
                let spec = PlannedSpec::lazy(dbd, file, jit, key, jit.name.clone(), id, args, entry_ir, entry_result);
                out.push(PlannedSpec { stencil_entry: true, base: 0, ..spec });
            }
        }
    }
    out
}

/// The ids of the `deferred_type()`s in the classes' fields that are defined as `instance`.
fn deferred_as(classes: &[(usize, &numrs_hir::JitClass, Type)], instance: &Type) -> Vec<u64> {
    let mut out = Vec::new();
    for (_, _, t) in classes {
        let Type::JitClassInstance(c) = t else { continue };
        for d in c.field_deferreds() {
            if d.get() == Some(instance) && !out.contains(&d.id) {
                out.push(d.id);
            }
        }
    }
    out
}

/// The class and the kind of a jitclass member's jit function.
fn jitclass_member<'a>(info: &'a queries::ModuleInfo, jit: &numrs_hir::JitFunction) -> Option<(&'a numrs_hir::JitClass, numrs_hir::MemberKind)> {
    numrs_hir::jitclass_member_of(&info.classes, jit).map(|(class, def)| (class, def.kind))
}

/// An argument type of a recorded specialization from its Numba spelling (see
/// `numrs_check::parse_recorded_type`). Instance types in other types come from the typed
/// form (`caller_specs`); so do inner functions passed as arguments.
fn parse_arg(db: &dyn numrs_db::Db, file: SourceFile, _info: &queries::ModuleInfo, s: &str) -> Option<Type> {
    numrs_check::parse_recorded_type(db, file, s)
}

/// The dispatcher `check` makes of the inner function at `path` of this file's jit function
/// `function_id` when it is passed to a jit function.
fn escaped_ref(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, function_id: usize, path: &[u32]) -> Option<DispatcherRef> {
    let jit = info.functions.get(function_id)?;
    numrs_check::escaped_dispatcher_ref(db, FunctionKey::of(db, file, info, jit), path)
}

/// An inner function passed to a jit function, compiled as a function of its own (function
/// id `n_local + externals.len() + k` for `inner[k]`).
struct Inner {
    dispatcher: DispatcherRef,
    /// The enclosing jit function (this file's).
    owner: usize,
    /// The inner function's parameters, with their constant defaults (Python literals).
    params: Vec<(String, Option<String>)>,
    /// Its `*args` parameter, after `params`.
    star: Option<String>,
}

/// Plan the inner functions that `planned` passes to jit functions, for the argument types
/// they are called with (Numba compiles them as jit functions of their own).
fn add_inner_functions(db: &CheckDatabase, file: SourceFile, planned: &mut Vec<PlannedSpec>, n_before: usize, inner: &mut Vec<Inner>) {
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let mut k = 0;
    while k < planned.len() {
        let calls = planned[k].result.calls.clone();
        k += 1;
        for (d, args) in calls {
            let Some((owner, path)) = numrs_check::escaped_closure_of(dbd, file, &d) else { continue };
            if owner.file(dbd) != file {
                continue;
            }
            let Some(owner_id) = info.functions.iter().position(|f| FunctionKey::of(dbd, file, info, f) == owner) else { continue };
            let pos = match inner.iter().position(|x| x.dispatcher == d) {
                Some(pos) => pos,
                None => {
                    let ir = queries::function_ir(dbd, owner);
                    let closure = ir.as_ref().and_then(|ir| ir.closure_at(&path));
                    let npos = closure.map_or(0, |c| if c.star { c.defaults.len() } else { c.ir.arg_names.len() });
                    let params = closure
                        .map(|c| {
                            let default = |i: usize| c.defaults.get(i).cloned().flatten().and_then(|d| numrs_hir::ConstValue::of_constant(&d)).map(|v| v.python_repr());
                            c.ir.arg_names.iter().take(npos).enumerate().map(|(i, n)| (n.clone(), default(i))).collect()
                        })
                        .unwrap_or_default();
                    let star = closure.filter(|c| c.star).and_then(|c| c.ir.arg_names.get(npos).cloned());
                    inner.push(Inner { dispatcher: d.clone(), owner: owner_id, params, star });
                    inner.len() - 1
                }
            };
            let id = n_before + pos;
            if planned.iter().any(|p| p.function_id == id && p.args == args) {
                continue;
            }
            let Ok((ir, result)) = numrs_check::infer_escaped(dbd, owner, &path, &args) else { continue };
            let jit = &info.functions[owner_id];
            let spec = PlannedSpec::lazy(dbd, file, jit, owner, d.name.to_string(), id, args, ir, result);
            planned.push(PlannedSpec { internal: true, ..spec });
        }
    }
}

/// The result of compiling one file.
pub struct Compiled {
    pub module_name: String,
    pub output: numrs_codegen::Output,
    pub header: String,
    /// Specializations that were not built, and why.
    pub problems: Vec<Problem>,
    /// Labels of the specializations that were built.
    pub built: Vec<String>,
    /// For PTX: each built kernel's entry point, function and argument types.
    pub kernels: Vec<Kernel>,
}

/// A `@cuda.jit` kernel in the PTX (see `numrs_codegen`'s `cuda` for its parameters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub entry: String,
    pub function: String,
    pub args: Vec<Type>,
}

/// A `@stencil` kernel typed for `args` (its arrays): the number of dimensions of the first
/// and, per dimension, the lowest and highest relative index the kernel reads of its array
/// arguments (Numba's neighbourhood inference; constant indices only). `None` when an index
/// is not a constant (numrs then refuses the application).
fn stencil_of(ir: &numrs_ir::FunctionIr, typemap: &[Option<Type>], args: &[Type], standard: u64) -> Option<numrs_codegen::Stencil> {
    let Some(Type::Array(first)) = args.first() else { return None };
    let ndim = first.ndim;
    let defs = ir.definitions();
    let is_arg = |v: numrs_ir::VarId| matches!(numrs_ir::resolve_copies(&defs, v), Some(numrs_ir::Value::Arg(i)) if *i >= 64 || standard & (1u64 << *i) == 0);
    let mut hood = vec![(0i64, 0i64); ndim as usize];
    let mut note = |rel: &[i64]| -> Option<()> {
        if rel.len() != hood.len() {
            return None;
        }
        for (h, r) in hood.iter_mut().zip(rel) {
            h.0 = h.0.min(*r);
            h.1 = h.1.max(*r);
        }
        Some(())
    };
    for b in &ir.blocks {
        for st in &b.stmts {
            let numrs_ir::StmtKind::Assign { value, .. } = &st.kind else { continue };
            match value {
                numrs_ir::Value::StaticGetItem { value: a, index: numrs_ir::StaticIndex::Int(k), .. } if is_arg(*a) => note(&[*k as i64])?,
                numrs_ir::Value::GetItem { value: a, index } if is_arg(*a) => {
                    let rel: Vec<i64> = match typemap.get(index.0 as usize).cloned().flatten()? {
                        Type::IntegerLiteral(k) => vec![k as i64],
                        t => t.tuple_items()?.iter().map(|i| if let Type::IntegerLiteral(k) = i { Some(*k as i64) } else { None }).collect::<Option<_>>()?,
                    };
                    note(&rel)?;
                }
                _ => {}
            }
        }
    }
    Some(numrs_codegen::Stencil { ndim, neighborhood: hood, cval: None, standard })
}

/// A `@stencil` decorator's `neighborhood` (one `(low, high)` per dimension of the arrays)
/// and `cval` (a number).
fn stencil_options(values: &[(String, numrs_hir::OptionValue)], ndim: u32) -> (Option<Vec<(i64, i64)>>, Option<numrs_syntax::ast::Constant>) {
    use numrs_hir::{ConstValue as C, OptionValue as O};
    let int = |v: &C| v.as_int().and_then(|i| i64::try_from(i).ok());
    let mut hood = None;
    let mut cval = None;
    for (name, v) in values {
        match (name.as_str(), v) {
            ("neighborhood", O::Const(C::Tuple(dims))) if dims.len() == ndim as usize => {
                hood = dims
                    .iter()
                    .map(|d| match d {
                        C::Tuple(p) if p.len() == 2 => Some((int(&p[0])?, int(&p[1])?)),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>();
            }
            ("cval", O::Const(C::Int(i))) => cval = Some(numrs_syntax::ast::Constant::Int(*i)),
            ("cval", O::Const(C::Float(f))) => cval = Some(numrs_syntax::ast::Constant::Float(*f)),
            ("cval", O::Const(C::Bool(b))) => cval = Some(numrs_syntax::ast::Constant::Bool(*b)),
            _ => {}
        }
    }
    (hood, cval)
}

/// The frozen value of a module-level NumPy array (or scalar) `name` as the module has made it
/// by `at` (where the function is compiled: its `def` for explicit signatures, the end of the
/// module otherwise), later item assignments included ([`numrs_hir::frozen_array`]); none
/// when a statement numrs does not evaluate may change it.
fn global_array(name: &str, at: u32, module: &numrs_syntax::ast::Module, symbols: &numrs_hir::ModuleSymbols) -> Option<numrs_codegen::GlobalConst> {
    Some(array_const(numrs_hir::frozen_array(name, at, module, symbols)?))
}

/// A NumPy array (or scalar) as the constant lowering freezes into the code.
fn array_const(a: numrs_hir::ConstArray) -> numrs_codegen::GlobalConst {
    use numrs_hir::ArrayItem as I;
    use numrs_syntax::ast::{Constant as K, FloatBits};
    let mut items = a.items.into_iter().map(|x| match x {
        I::Bool(b) => K::Bool(b),
        I::Int(i) => K::Int(i),
        I::Float(f) => K::Float(FloatBits::new(f)),
    });
    if a.shape.is_empty() {
        numrs_codegen::GlobalConst::Scalar(items.next().unwrap_or(K::None))
    } else {
        numrs_codegen::GlobalConst::Array { shape: a.shape, items: items.collect() }
    }
}

/// A module constant as the value codegen freezes into a function.
fn const_global(v: &numrs_hir::ConstValue) -> Option<numrs_codegen::GlobalConst> {
    use numrs_codegen::GlobalConst as G;
    use numrs_hir::ConstValue as C;
    use numrs_syntax::ast::Constant as K;
    Some(match v {
        C::None => G::Scalar(K::None),
        C::Bool(b) => G::Scalar(K::Bool(*b)),
        C::Int(i) => G::Scalar(K::Int(*i)),
        C::BigInt(_) => return None,
        C::Float(f) => G::Scalar(K::Float(*f)),
        C::Complex { real, imag } => G::Scalar(K::Complex { real: *real, imag: *imag }),
        C::Str(s) => G::Scalar(K::Str(s.clone())),
        C::Tuple(items) => G::Tuple(items.iter().map(const_global).collect::<Option<Vec<_>>>()?),
    })
}

/// The values of the module-level constants (`RATE = 0.25`, `SHAPE = (2, 3)`, constant NumPy
/// arrays) a function and its inner functions read; Numba freezes them into the code.
///
/// With `imports`, a value computed by NumPy's transcendental functions (`np.log(2 * np.pi)`),
/// which numrs cannot reproduce bit for bit, is read from a slot the module fills when it is
/// imported ([`imported_values`]).
fn global_constants(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, ir: &numrs_ir::FunctionIr, at: u32, imports: bool) -> Vec<(String, numrs_codegen::GlobalConst)> {
    fn names(ir: &numrs_ir::FunctionIr, out: &mut Vec<String>) {
        for block in &ir.blocks {
            for stmt in &block.stmts {
                if let numrs_ir::StmtKind::Assign { value: numrs_ir::Value::Global(n), .. } = &stmt.kind {
                    if !out.contains(n) {
                        out.push(n.clone());
                    }
                }
            }
        }
        for c in &ir.closures {
            names(&c.ir, out);
        }
    }
    let mut wanted = Vec::new();
    names(ir, &mut wanted);
    wanted.into_iter().filter_map(|n| global_value(db, file, info, n, at, imports)).collect()
}

/// The value of the module-level name `n` as [`global_constants`] freezes it (none when numrs
/// cannot tell it).
fn global_value(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, n: String, at: u32, imports: bool) -> Option<(String, numrs_codegen::GlobalConst)> {
    let convert = const_global;
    // The binding the function sees: for explicit signatures, the last one before its
    // `def` (Numba compiles at decoration), else the module's last.
    let binding = info.symbols.lookup(&n, (at != u32::MAX).then_some(at))?;
    match &binding.kind {
        numrs_hir::BindingKind::Constant(v) => Some((n, convert(v)?)),
        numrs_hir::BindingKind::Other => {
            let skeleton = numrs_db::skeleton(db, file);
            let stmt = info.symbols.binding_stmt(&skeleton.module, binding)?;
            // A slot the module fills when it is imported, by running the binding's statement
            // (module-level) and those changing the value in place (a loop filling a lookup
            // table), all before a function with explicit signatures (Numba compiles it, and
            // freezes the value, when the `def` runs).
            let slot = || {
                let top_level = skeleton.module.body.get(binding.stmt_index).is_some_and(|s| s.span == stmt.span);
                let changed_later = at != u32::MAX && numrs_hir::mutated_after(&n, stmt.span.end.max(at), &skeleton.module, &info.symbols);
                (imports && top_level && !changed_later)
                    .then(|| numrs_codegen::GlobalConst::Imported { symbol: imported_symbol(&n, stmt.span.start) })
            };
            // A ctypes function object: its address.
            if let Some(Ok(_)) = binding.value.as_ref().and_then(|v| {
                numrs_hir::ctypes_function_pointer(v, &info.symbols, binding.stmt_span.start)
                    .or_else(|| numrs_hir::library_function(&n, v, &skeleton.module, &info.symbols, binding.stmt_span.start))
            }) {
                return Some((n.clone(), slot()?));
            }
            if let Some(value) = global_array(&n, at, &skeleton.module, &info.symbols) {
                return Some((n, value));
            }
            if let Some((_, re, im)) = numrs_hir::bound_complex(&n, stmt, &info.symbols) {
                use numrs_syntax::ast::{Constant as K, FloatBits};
                return Some((n, numrs_codegen::GlobalConst::Scalar(K::Complex { real: FloatBits::new(re), imag: FloatBits::new(im) })));
            }
            // An instance of a named tuple class made from constants: its items.
            if let Some((_, values)) = numrs_check::namedtuple_instance(db, file, info, stmt) {
                return Some((n, numrs_codegen::GlobalConst::Tuple(values.iter().map(convert).collect::<Option<Vec<_>>>()?)));
            }
            if let Some(items) = numrs_hir::bound_datetime_tuple(&n, stmt, &info.symbols) {
                let items = items.into_iter().map(|(_, c)| numrs_codegen::GlobalConst::Scalar(numrs_syntax::ast::Constant::Int(i128::from(c)))).collect();
                return Some((n, numrs_codegen::GlobalConst::Tuple(items)));
            }
            if let Some((_, count)) = numrs_hir::bound_datetime(&n, stmt, &info.symbols) {
                return Some((n, numrs_codegen::GlobalConst::Scalar(numrs_syntax::ast::Constant::Int(i128::from(count)))));
            }
            if let Some(r) = numrs_hir::bound_record_array(&n, stmt, &skeleton.module, &info.symbols) {
                return Some((n, numrs_codegen::GlobalConst::RecordArray { shape: r.shape, bytes: r.bytes }));
            }
            if let Some(c) = numrs_hir::bound_number(&n, stmt, &skeleton.module, &info.symbols) {
                return Some((n, convert(&c)?));
            }
            let imported = || import_time_type(db, file, info, &n, stmt).and_then(|_| slot());
            let numrs_syntax::ast::StmtKind::Assign { value: expr, .. } = &stmt.kind else { return Some((n.clone(), imported()?)) };
            // A member of an enum class (`KB = Kind.B`): its value.
            if let Some(v) = numrs_check::enum_member_value(db, file, info, expr) {
                use numrs_syntax::ast::{Constant as K, FloatBits};
                return Some((n, numrs_codegen::GlobalConst::Scalar(match v {
                    numrs_types::EnumValue::Int(i) => K::Int(i),
                    numrs_types::EnumValue::Float(f) => K::Float(FloatBits(f)),
                    numrs_types::EnumValue::Bool(b) => K::Bool(b),
                    numrs_types::EnumValue::Str(t) => K::Str(t.to_string()),
                })));
            }
            // A `bytes` constant: its bytes, a read-only array of them.
            if let numrs_syntax::ast::ExprKind::Constant(numrs_syntax::ast::Constant::Bytes(b)) = &expr.kind {
                let items = b.iter().map(|x| numrs_syntax::ast::Constant::Int(i128::from(*x))).collect();
                return Some((n, numrs_codegen::GlobalConst::Array { shape: vec![b.len() as i64], items }));
            }
            // `slice(1, 3)`: its start, stop and step (`None` where not given).
            if let Some(parts) = numrs_hir::slice_literal(expr, &info.symbols, stmt.span.start) {
                use numrs_syntax::ast::Constant as K;
                let items = parts.iter().map(|p| numrs_codegen::GlobalConst::Scalar(p.map_or(K::None, |v| K::Int(i128::from(v))))).collect();
                return Some((n, numrs_codegen::GlobalConst::Tuple(items)));
            }
            // A tuple of arrays (and constants), unless a later statement changes one (then
            // what the module computes when it is imported).
            if numrs_hir::mutated_after(&n, stmt.span.end, &skeleton.module, &info.symbols) {
                return Some((n.clone(), imported()?));
            }
            let Some(items) = numrs_hir::tuple_of_arrays(expr, stmt.span.start, &skeleton.module, &info.symbols) else {
                return Some((n.clone(), imported()?));
            };
            let items = items
                .iter()
                .map(|i| match i {
                    numrs_hir::TupleItem::Array(a) => Some(array_const(a.clone())),
                    numrs_hir::TupleItem::Const(c) => convert(c),
                })
                .collect::<Option<Vec<_>>>()?;
            Some((n, numrs_codegen::GlobalConst::Tuple(items)))
        }
        _ => None,
    }
}

/// A positional parameter's default, as numrs can pass it.
#[derive(Clone)]
enum ParamDefault {
    /// A value's repr the runtime reads back (a Python literal, `inf`/`nan`, a NumPy scalar
    /// as NumPy 2 prints it): written into the module table, bound at call sites.
    Literal(String),
    /// Only bound at call sites: a NumPy scalar class, as its type's spelling
    /// (`class(float64)`: no run-time value).
    CallOnly(String),
    /// A NumPy array (`w=ONES`, `b=np.zeros(2)`): Numba freezes the array into the code and
    /// keys the omitted argument by the array's identity. numrs keys it by `key` (see
    /// `queries::array_default_key`) and freezes `value`. Also a named tuple instance, keyed
    /// by its repr.
    Array { key: String, value: numrs_codegen::GlobalConst },
    /// A jit function of the module, by its name (see `numrs_abi::GLOBAL_DEFAULT`).
    Global(String),
    /// Neither.
    Unknown,
}

impl ParamDefault {
    /// The default as the module table and call sites write it (see `numrs_abi::ARRAY_DEFAULT`).
    fn source(&self) -> String {
        match self {
            ParamDefault::Literal(s) | ParamDefault::CallOnly(s) => s.clone(),
            ParamDefault::Array { key, .. } => format!("{}{key}", numrs_abi::ARRAY_DEFAULT),
            ParamDefault::Global(name) => format!("{}{name}", numrs_abi::GLOBAL_DEFAULT),
            ParamDefault::Unknown => numrs_abi::UNAVAILABLE_DEFAULT.to_string(),
        }
    }
}

/// A parameter default that is a NumPy array numrs can freeze: a module-level array by name
/// (read when the module is imported where numrs cannot compute it and `imports`), or an
/// array expression evaluated when the `def` runs.
fn array_default(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, jit: &numrs_hir::JitFunction, param: &str, d: &numrs_syntax::ast::Expr, imports: bool) -> Option<ParamDefault> {
    queries::array_default_type(db, file, &info.symbols, d, jit.def_line_offset)?;
    let value = match &d.kind {
        numrs_syntax::ast::ExprKind::Name(n) => global_value(db, file, info, n.clone(), u32::MAX, imports)?.1,
        _ => array_const(numrs_hir::captured_array(d, jit.def_line_offset, &numrs_db::skeleton(db, file).module, &info.symbols)?),
    };
    matches!(value, numrs_codegen::GlobalConst::Array { .. } | numrs_codegen::GlobalConst::Imported { .. })
        .then(|| ParamDefault::Array { key: queries::array_default_key(d, &jit.name, param), value })
}

/// A jit function's parameters as written: the positional ones with their defaults, whether
/// `*args` follows, the keyword-only ones and whether there is a `**kwargs` parameter.
#[derive(Default)]
struct DefParams {
    positional: Vec<(String, Option<ParamDefault>)>,
    star: bool,
    /// The `*args` parameter's name.
    star_name: String,
    kwonly: Vec<String>,
    kwargs: bool,
}

/// A default that is a module attribute with a known value: a float constant (`math.pi`) as
/// its literal, a NumPy scalar class (`np.float64`) as its type.
fn module_constant_default(expr: &numrs_syntax::ast::Expr, symbols: &numrs_hir::ModuleSymbols, def_offset: u32) -> Option<ParamDefault> {
    let dotted = symbols.resolve_dotted_at(expr, Some(def_offset))?;
    let value = match dotted.as_str() {
        "math.pi" | "numpy.pi" | "cmath.pi" => std::f64::consts::PI,
        "math.e" | "numpy.e" | "cmath.e" => std::f64::consts::E,
        "math.tau" | "cmath.tau" => std::f64::consts::TAU,
        "numpy.euler_gamma" => 0.5772156649015329,
        _ => {
            let (module, attr) = dotted.rsplit_once('.')?;
            return match numrs_typing::module_attr(module, attr)? {
                t @ Type::NumberClass(_) => Some(ParamDefault::CallOnly(t.to_string())),
                _ => None,
            };
        }
    };
    Some(ParamDefault::Literal(format!("{value:?}")))
}

impl DefParams {
    fn of(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, function_id: usize, imports: bool) -> DefParams {
        let Some(jit) = info.functions.get(function_id) else { return DefParams::default() };
        let Some(def) = queries::jit_def(db, file, jit) else { return DefParams::default() };
        let def = &def;
        let positional = def
            .params
            .positional()
            .map(|p| {
                let default = p.default.as_ref().map(|d| {
                    // A jit function of the module (`weight_func=_tricube`), by its name: a
                    // dispatcher has no run-time value, its type is what the call needs.
                    if let numrs_syntax::ast::ExprKind::Name(n) = &d.kind {
                        if info.functions.iter().any(|f| f.name == *n) && info.symbols.lookup(n, Some(jit.def_line_offset)).is_some() {
                            return ParamDefault::Global(n.clone());
                        }
                    }
                    // A named tuple instance (`p=ORIGIN`): by its repr, its items frozen.
                    if let Some((_, key, values)) = numrs_check::namedtuple_default(db, file, info, d, jit.def_line_offset) {
                        if let Some(items) = values.iter().map(const_global).collect::<Option<Vec<_>>>() {
                            return ParamDefault::Array { key, value: numrs_codegen::GlobalConst::Tuple(items) };
                        }
                    }
                    // A NumPy scalar (`4 * np.finfo(float).eps`) by its own repr, which Numba's
                    // `omitted(default=...)` shows and dispatches on.
                    numrs_hir::default_repr(d, &info.symbols, jit.def_line_offset)
                        .filter(|r| r.starts_with("np."))
                        .map(ParamDefault::Literal)
                        .or_else(|| numrs_hir::ConstValue::of_default(d, &info.symbols, jit.def_line_offset).map(|v| ParamDefault::Literal(v.python_repr())))
                        // A field of a named tuple instance (`direction=Direction.Both`).
                        .or_else(|| numrs_check::namedtuple_field_default(db, file, info, d, jit.def_line_offset).map(|v| ParamDefault::Literal(v.python_repr())))
                        .or_else(|| module_constant_default(d, &info.symbols, jit.def_line_offset))
                        .or_else(|| numrs_hir::default_repr(d, &info.symbols, jit.def_line_offset).map(ParamDefault::Literal))
                        // A member of the module's enum class, by its repr (`<Unit.M: 1>`),
                        // which the runtime finds among the classes the module defines.
                        .or_else(|| numrs_check::enum_member_default(db, file, info, d).map(|(_, r)| ParamDefault::Literal(r)))
                        .or_else(|| array_default(db, file, info, jit, &p.name, d, imports))
                        .unwrap_or(ParamDefault::Unknown)
                });
                (p.name.clone(), default)
            })
            .collect();
        DefParams {
            positional,
            star: def.params.vararg.is_some(),
            star_name: def.params.vararg.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
            kwonly: def.params.kwonly.iter().map(|p| p.name.clone()).collect(),
            kwargs: def.params.kwarg.is_some(),
        }
    }

    /// For the module table, as Numba's dispatcher takes them (`find_named_args`): every
    /// parameter by name, keyword-only ones included, with the positional defaults
    /// (`__defaults__`) given to the last parameters, whatever their kind. Empty (positional
    /// calls only) with `*args` or `**kwargs`; no defaults at all when one of them is not a
    /// literal numrs can write back.
    fn table(&self) -> Vec<(String, Option<String>)> {
        // With keyword-only parameters after `*args`, Numba's dispatcher sees no star
        // parameter (it is not the last one) and takes `*args` as one more positional
        // parameter.
        if self.kwargs {
            return vec![];
        }
        // A default the runtime cannot be given is marked so: leaving that argument out is
        // its TypeError, the others work.
        let defaults: Vec<String> = self
            .positional
            .iter()
            .filter_map(|(_, d)| d.as_ref())
            .map(|d| match d {
                // A NumPy scalar class: NumPy's, which the runtime evaluates (its omitted type
                // is then `omitted(default=<class 'numpy.float64'>)`, as Numba's).
                ParamDefault::CallOnly(s) => match numrs_types::parse_type(s) {
                    Some(Type::NumberClass(t)) if t.as_number().is_some() => match t.as_number() {
                        Some(numrs_types::NumericKind::Boolean) => "np.bool_".to_string(),
                        _ => format!("np.{t}"),
                    },
                    _ => numrs_abi::UNAVAILABLE_DEFAULT.to_string(),
                },
                _ => d.source(),
            })
            .collect();
        if self.star && self.kwonly.is_empty() {
            // `*args` last: the runtime packs the extra positional arguments for it (its
            // name marked with a `*`); the defaults belong to the positional parameters.
            let first = self.positional.len() - defaults.len();
            let mut out: Vec<(String, Option<String>)> =
                self.positional.iter().enumerate().map(|(i, (n, _))| (n.clone(), i.checked_sub(first).map(|k| defaults[k].clone()))).collect();
            out.push((format!("*{}", self.star_name), None));
            return out;
        }
        let star = self.star.then_some(&self.star_name);
        let names: Vec<&String> = self.positional.iter().map(|(n, _)| n).chain(star).chain(&self.kwonly).collect();
        let first = names.len() - defaults.len();
        names.iter().enumerate().map(|(i, n)| ((*n).clone(), i.checked_sub(first).map(|k| defaults[k].clone()))).collect()
    }

    /// How call sites bind arguments (see `numrs_codegen::CallParams`): nothing to bind with
    /// `**kwargs` or a default numrs cannot pass.
    fn call(&self) -> numrs_codegen::CallParams {
        if self.kwargs {
            return numrs_codegen::CallParams::default();
        }
        let params = self
            .positional
            .iter()
            .map(|(n, d)| {
                // A default numrs cannot pass is an error only where a call leaves it out.
                let d = d.as_ref().map(ParamDefault::source);
                (n.clone(), d)
            })
            .chain(self.kwonly.iter().map(|n| (n.clone(), None)))
            .collect();
        numrs_codegen::CallParams { params, star: self.star, kwonly: self.kwonly.len(), ufunc: None, gufunc: None, cfunc: false, intrinsic: false }
    }
}

/// The Python module name of a file (`pkg/kernels.py` → `kernels`).
pub fn module_name(path: &str) -> Result<String, String> {
    let stem = Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let valid = stem.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid {
        Ok(stem.to_string())
    } else {
        Err(format!("{path}: '{stem}' is not a valid Python module name"))
    }
}

/// A jit function of another file that this module's code calls: its file, its index in that
/// file's `module_info`, and its name (unique in the module: see [`add_external_callees`]).
#[derive(Clone)]
struct External {
    file: SourceFile,
    index: usize,
    name: String,
}

/// The file a dispatcher reached from code of `caller_file` stands in.
fn target_file(db: &CheckDatabase, caller_file: SourceFile, d: &DispatcherRef) -> Option<SourceFile> {
    match &d.file {
        None => Some(caller_file),
        Some(path) => {
            let dbd: &dyn numrs_db::Db = db;
            let files = numrs_db::FileSet::try_get(dbd)?;
            files.files(dbd).get(&numrs_db::normalize_path(path)).copied()
        }
    }
}

/// Plan the jit functions of other files that `planned` calls, transitively: their
/// decorator signatures and the argument types of the lazily compiled calls. Their function
/// ids follow this file's (`n_local + k` for `externals[k]`). A callee whose name is also a
/// function of this module is left out (its calls cannot be built).
fn add_external_callees(db: &CheckDatabase, file: SourceFile, planned: &mut Vec<PlannedSpec>, externals: &mut Vec<External>) {
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let n_local = info.functions.len();
    let mut clash = false;
    let mut k = 0;
    while k < planned.len() {
        let caller_file = planned[k].origin.unwrap_or(file);
        let mut refs: Vec<(DispatcherRef, Option<Vec<Type>>)> = planned[k]
            .result
            .typemap
            .iter()
            .flatten()
            .filter_map(|t| match t {
                Type::Dispatcher(d) => Some((d.clone(), None)),
                _ => None,
            })
            .collect();
        refs.extend(planned[k].result.calls.iter().map(|(d, a)| (d.clone(), Some(a.clone()))));
        k += 1;
        for (d, args) in refs {
            let Some(target) = target_file(db, caller_file, &d) else { continue };
            if target == file {
                continue;
            }
            if info.functions.iter().any(|f| *f.name == *d.name) {
                // Another file's function named as one of this module's: see `clash`.
                clash = true;
                continue;
            }
            let tinfo = queries::module_info(dbd, target);
            let Some(index) = tinfo.functions.iter().enumerate().filter(|(_, f)| *f.name == *d.name).nth(d.id as usize).map(|(i, _)| i) else {
                continue;
            };
            let jit = &tinfo.functions[index];
            if jit.kind != numrs_hir::JitKind::Njit {
                continue;
            }
            let pos = match externals.iter().position(|e| e.file == target && e.index == index) {
                Some(pos) => pos,
                None => {
                    if externals.iter().any(|e| e.name == *jit.name) {
                        // Two functions of one name from different files: calls are found by
                        // name, so none is compiled in (their callers are reported).
                        clash = true;
                        continue;
                    }
                    externals.push(External { file: target, index, name: jit.name.to_string() });
                    let pos = externals.len() - 1;
                    for sig in &jit.signatures {
                        planned.extend(external_spec(db, target, index, n_local + pos, sig.args.clone(), sig.return_type.clone()));
                    }
                    pos
                }
            };
            if let Some(args) = args {
                let id = n_local + pos;
                if jit.signatures.is_empty() && !planned.iter().any(|p| p.function_id == id && p.args == args) {
                    planned.extend(external_spec(db, target, index, id, args, None));
                }
            }
        }
    }
    if clash {
        // Calls resolve by name within the module: with a name shared by functions of
        // different files, compile none in rather than call the wrong one.
        planned.retain(|p| p.origin.is_none());
        externals.clear();
    }
}

/// The code options of a jit function's decorator (`boundscheck=`, `error_model=`,
/// `parallel=`), for the host.
fn jit_flags(jit: &numrs_hir::JitFunction) -> numrs_codegen::Flags {
    // Numba's `NUMBA_BOUNDSCHECK`: 1 or 0 turns bounds checking on or off for every function,
    // anything else leaves it to the decorator.
    let global = match std::env::var("NUMBA_BOUNDSCHECK").as_deref().map(str::trim) {
        Ok("1") => Some(true),
        Ok("0") => Some(false),
        _ => None,
    };
    numrs_codegen::Flags {
        boundscheck: global.unwrap_or(jit.options.boundscheck == Some(true)),
        numpy_errors: jit.options.error_model.as_deref() == Some("numpy"),
        parallel: jit.options.parallel == Some(true),
        cuda: false,
        libdevice: false,
        stencil: 0,
        stencil_standard: 0,
    }
}

/// One specialization of jit function `index` of `target` (another file), as function `id` of
/// this module.
fn external_spec(db: &CheckDatabase, target: SourceFile, index: usize, id: usize, args: Vec<Type>, ret: Option<Type>) -> Option<PlannedSpec> {
    let dbd: &dyn numrs_db::Db = db;
    let tinfo = queries::module_info(dbd, target);
    let jit = &tinfo.functions[index];
    let key = FunctionKey::of(dbd, target, tinfo, jit);
    let ir = queries::function_ir(dbd, key).clone()?;
    let result = queries::infer_spec(dbd, SpecKey::new(dbd, key, args.clone(), ret.clone())).clone();
    Some(PlannedSpec {
        function: jit.name.to_string(),
        function_id: id,
        line: 0,
        args,
        return_type: ret,
        eager: !jit.signatures.is_empty(),
        ir,
        result,
        base: 0,
        fastmath: jit.options.fastmath.as_ref().map(|f| f.flags()).unwrap_or_default(),
        flags: jit_flags(jit),
        kernel: false,
        origin: Some(target),
        internal: false,
        optional: false,
        stencil_entry: false,
    })
}

/// The function id (this module's `info.functions` index, or `n_local + k` for
/// `externals[k]`) of the jit function a dispatcher stands for. Names are unique across the
/// module's own functions and its externals, so a name (and its ordinal) finds it from code of
/// any file.
fn function_of(info: &queries::ModuleInfo, own: &str, externals: &[External], inner: &[Inner], d: &DispatcherRef) -> Result<usize, String> {
    if let Some(k) = inner.iter().position(|x| x.dispatcher == *d) {
        return Ok(info.functions.len() + externals.len() + k);
    }
    let external = || externals.iter().position(|e| e.name == *d.name).map(|k| info.functions.len() + k);
    // A jitclass's members name their file, also this one (`own`, normalized).
    if let Some(f) = d.file.as_deref().filter(|f| numrs_db::normalize_path(f) != own) {
        // Another file's function: compiled in, or not buildable here.
        return external().ok_or_else(|| {
            format!(
                "'{}' of {f} cannot be compiled into this module (it is not an @njit function, or another function of the module's \
                 files has its name)",
                d.name
            )
        });
    }
    let local = info.functions.iter().enumerate().filter(|(_, f)| *f.name == *d.name).nth(d.id as usize).map(|(i, _)| i);
    // A call with no file from code of an external is one of its own file's: names are
    // unique in the module (see `add_external_callees`).
    local.or_else(external).ok_or_else(|| format!("no jit function '{}'", d.name))
}

/// Pick the callee specialization a call runs: explicit signatures are chosen like Numba's
/// frozen dispatcher (best conversion rating); lazily compiled functions by their argument
/// types.
fn resolve_callee(
    specs: &[PlannedSpec],
    targets: &[Option<String>],
    info: &queries::ModuleInfo,
    own: &str,
    externals: &[External],
    inner: &[Inner],
    d: &DispatcherRef,
    args: &[Type],
    attributes: &[(usize, String)],
) -> Result<usize, String> {
    // An attribute an `@overload_attribute` adds: the implementation its typing function chose
    // for this receiver.
    if let Some(attr) = d.name.strip_prefix("overload_attribute:") {
        let first_inner = info.functions.len() + externals.len();
        let owners: Vec<usize> = attributes.iter().filter(|(_, a)| a == attr).map(|(i, _)| *i).collect();
        return (0..specs.len())
            .find(|i| specs[*i].args == args && specs[*i].function_id.checked_sub(first_inner).and_then(|k| inner.get(k)).is_some_and(|x| owners.contains(&x.owner)))
            .ok_or_else(|| format!("no implementation of the attribute '{attr}' for {}", args.first().map(|t| t.to_string()).unwrap_or_default()));
    }
    // A NumPy function the module `@overload`s (`numrs_typing::numba_overloads_lazily`): the
    // implementation `check` typed for exactly these arguments, if any (else the call is
    // NumPy's own).
    if let Some(path) = d.name.strip_prefix(numrs_types::USER_OVERLOAD_PREFIX) {
        let first_inner = info.functions.len() + externals.len();
        let owners: Vec<usize> = (0..targets.len()).filter(|j| targets[*j].as_deref() == Some(path)).collect();
        if owners.is_empty() {
            return Err(format!("the module has no @overload of {path}"));
        }
        let unlit: Vec<Type> = args.iter().map(Type::unliteral).collect();
        return (0..specs.len())
            .find(|i| {
                // Parameters left out are the implementation's defaults (`omitted`, a `None`).
                let a = &specs[*i].args;
                let same = a.len() >= args.len()
                    && a[args.len()..].iter().all(|t| matches!(t, Type::Omitted(_) | Type::NoneType))
                    && (a[..args.len()] == *args || a[..args.len()] == unlit[..]);
                specs[*i].function_id.checked_sub(first_inner).and_then(|k| inner.get(k)).is_some_and(|x| owners.contains(&x.owner)) && same
            })
            .ok_or_else(|| format!("no @overload implementation of {path} for these arguments"));
    }
    let id = function_of(info, own, externals, inner, d)?;
    let mut candidates: Vec<usize> = (0..specs.len()).filter(|i| specs[*i].function_id == id).collect();
    // A function with an `@overload`: the implementations (inner functions of its typing
    // function) compiled for the calls.
    if matches!(info.functions.get(id).map(|f| &f.kind), Some(numrs_hir::JitKind::Other(k)) if k == "overload" || k == "overload_method" || k == "overload_attribute") {
        let first_inner = info.functions.len() + externals.len();
        // The implementations of every `@overload` of the same function (Numba tries each
        // registration in turn).
        let owners: Vec<usize> = match targets.get(id).cloned().flatten() {
            Some(t) => (0..targets.len()).filter(|j| targets[*j].as_deref() == Some(t.as_str())).collect(),
            None => vec![id],
        };
        candidates = (0..specs.len())
            .filter(|i| specs[*i].function_id.checked_sub(first_inner).and_then(|k| inner.get(k)).is_some_and(|x| owners.contains(&x.owner)))
            .collect();
    }
    if let (true, Some(numrs_hir::JitKind::Other(kind))) = (candidates.is_empty(), info.functions.get(id).map(|f| &f.kind)) {
        return Err(format!("calling the @{kind} function '{}' from compiled code is not supported by numrs build yet", d.name));
    }
    let frozen_ufunc = info.functions.get(id).is_some_and(|f| f.kind == numrs_hir::JitKind::Vectorize && !f.signatures.is_empty());
    if frozen_ufunc {
        // A ufunc with signatures is frozen: the first loop that compiled and that the element
        // types cast to safely (as `check` typed the call).
        let loops: Vec<usize> = candidates.iter().copied().filter(|i| specs[*i].result.outcome.is_ok()).collect();
        let inputs: Vec<Vec<Type>> = loops.iter().map(|i| specs[*i].args.clone()).collect();
        return numrs_typing::find_dufunc_loop(&inputs, args).map(|k| loops[k]).ok_or_else(|| {
            let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            format!("no loop of ufunc '{}' for ({shown})", d.name)
        });
    }
    // A default left to an enum member (`omitted(default=<Unit.M: 1>)`, see `bind_call`): the
    // member type of that class the candidates take there.
    let args: Vec<Type> = args
        .iter()
        .enumerate()
        .map(|(k, t)| match t {
            // An array default (`omitted(default=ONES)`): a specialization for the omitted
            // argument, else one `check` typed for the array (the call passes it).
            Type::Omitted(r) if numrs_types::omitted_value_type(r).is_none() => candidates
                .iter()
                .find_map(|i| match specs[*i].args.get(k) {
                    Some(m @ Type::EnumMember(e)) if numrs_types::enum_member_repr(r).is_some_and(|(c, ..)| *c == *e.name) => Some(m.clone()),
                    _ => None,
                })
                .or_else(|| {
                    // Of the candidates typed for an array there, the one whose other
                    // arguments are the call's.
                    let others = |i: usize| specs[i].args.len() == args.len() && specs[i].args.iter().zip(args).enumerate().all(|(j, (a, b))| j == k || a == b || *a == b.unliteral());
                    let exact = candidates.iter().any(|i| specs[*i].args.get(k) == Some(t) && others(*i));
                    if exact {
                        return None;
                    }
                    let typed = candidates.iter().filter(|i| matches!(specs[**i].args.get(k), Some(Type::Array(_))));
                    typed.min_by_key(|i| !others(**i)).and_then(|i| specs[*i].args.get(k).cloned())
                })
                .unwrap_or_else(|| t.clone()),
            _ => t.clone(),
        })
        .collect();
    let args = args.as_slice();
    let unlit: Vec<Type> = args.iter().map(Type::unliteral).collect();
    for want in [args, &unlit[..]] {
        if let Some(i) = candidates.iter().find(|i| specs[**i].args.as_slice() == want) {
            return Ok(*i);
        }
    }
    let mut best: Option<(Rating, usize)> = None;
    for i in &candidates {
        if let Some(r) = Rating::rate(args, &specs[*i].args, true, false) {
            if best.as_ref().is_none_or(|(b, _)| r < *b) {
                best = Some((r, *i));
            }
        }
    }
    best.map(|(_, i)| i).ok_or_else(|| {
        if let Some(Type::MakeFunction(_, name)) = args.iter().find(|t| matches!(t, Type::MakeFunction(..))) {
            return format!("passing the inner function '{name}' to '{}' is not supported by numrs build yet", d.name);
        }
        let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        format!("no specialization of '{}' for ({shown})", d.name)
    })
}

/// Lower and optimize every specialization of `file` (nothing is written).
pub fn compile(db: &CheckDatabase, file: SourceFile, options: &Options) -> Result<Compiled, String> {
    compile_for(db, file, &Options { ptx: None, ..*options }, None)
}

/// [`compile`], with the file's CUDA kernels (compiled by [`compile_ptx`]) in the module's
/// table, so that Python launches them.
pub fn compile_with_kernels(db: &CheckDatabase, file: SourceFile, options: &Options, gpu: Option<&Compiled>) -> Result<Compiled, String> {
    compile_for(db, file, &Options { ptx: None, ..*options }, gpu)
}

/// NVIDIA's libdevice bitcode, read once: `$NUMRS_LIBDEVICE`, else the CUDA toolkit's
/// (`$CUDA_HOME`, `/usr/local/cuda`, Debian's `nvidia-cuda-toolkit`). Math functions in
/// kernels need it, as in Numba.
pub fn libdevice() -> Option<&'static [u8]> {
    static BYTES: std::sync::OnceLock<Option<Vec<u8>>> = std::sync::OnceLock::new();
    BYTES
        .get_or_init(|| {
            let mut candidates: Vec<PathBuf> = Vec::new();
            if let Some(p) = std::env::var_os("NUMRS_LIBDEVICE").filter(|p| !p.is_empty()) {
                candidates.push(PathBuf::from(p));
            }
            if let Some(home) = std::env::var_os("CUDA_HOME") {
                candidates.push(PathBuf::from(home).join("nvvm/libdevice/libdevice.10.bc"));
            }
            candidates.push(PathBuf::from("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"));
            candidates.push(PathBuf::from("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"));
            candidates.iter().find_map(|p| std::fs::read(p).ok())
        })
        .as_deref()
}

/// The compute capability PTX is generated for (Numba's default for `compile_ptx`-era
/// devices; newer GPUs compile it just in time).
pub const PTX_ARCH: &str = "sm_75";

/// Lower and optimize the `@cuda.jit` kernels and device functions of `file` to PTX (`None`:
/// it has none); math functions link `options.libdevice` (see [`libdevice`]), else are refused. `Compiled::output.asm` is the PTX; each built kernel's entry point is its
/// `c_symbol`.
pub fn compile_ptx(db: &CheckDatabase, file: SourceFile, options: &Options) -> Result<Option<Compiled>, String> {
    let info = queries::module_info(db, file);
    let any = info.functions.iter().any(|f| matches!(f.kind, numrs_hir::JitKind::CudaKernel | numrs_hir::JitKind::CudaDevice));
    if !any {
        return Ok(None);
    }
    compile_for(db, file, &Options { ptx: Some(PTX_ARCH), emit_asm: true, ..*options }, None).map(Some)
}

/// Lazily compiled jit functions of this file that objmode blocks call (`helper(x, 2.0)`):
/// planned for the argument types the calls pass, where each argument is a constant or a
/// variable of the enclosing function with one type, as Numba compiles them when the block
/// runs. Optional: left out silently when they do not build.
fn add_objmode_callees(db: &CheckDatabase, file: SourceFile, planned: &mut Vec<PlannedSpec>) {
    use numrs_syntax::ast::{Constant, ExprKind};
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let text = file.text(dbd);
    let mut wanted: Vec<(usize, Vec<Type>)> = Vec::new();
    for p in planned.iter().filter(|p| p.origin.is_none() && p.result.outcome.is_ok()) {
        let ir = p.result.prepared.as_deref().unwrap_or(&p.ir);
        for b in objmode_blocks(ir) {
            let lazy = |name: &str| {
                info.functions.iter().position(|f| {
                    f.name == name && f.signatures.is_empty() && f.kind == numrs_hir::JitKind::Njit && !f.is_jitclass_member()
                })
            };
            if !b.globals.iter().any(|g| lazy(g).is_some()) {
                continue;
            }
            let (start, end) = ((b.body.start + p.base) as usize, (b.body.end + p.base) as usize);
            let Some(src) = text.get(start..end) else { continue };
            // The block's first line starts at its first statement: indent the rest alike.
            let parsed = numrs_syntax::parse_module(&dedent(src, 0));
            // A variable of the enclosing function: its one type (all its versions alike).
            let var_type = |name: &str| -> Option<Type> {
                let mut types = ir.vars.iter().enumerate().filter(|(_, v)| v.base == name).filter_map(|(i, _)| p.result.typemap.get(i).cloned().flatten().map(|t| t.unliteral()));
                let first = types.next()?;
                types.all(|t| t == first).then_some(first)
            };
            numrs_syntax::visit::for_each_expr(&parsed.module.body, false, &mut |e| {
                let ExprKind::Call { func, args, keywords } = &e.kind else { return };
                let ExprKind::Name(callee) = &func.kind else { return };
                let (Some(id), true) = (lazy(callee), keywords.is_empty()) else { return };
                let types: Option<Vec<Type>> = args
                    .iter()
                    .map(|a| match &a.kind {
                        ExprKind::Constant(Constant::Int(_)) => Some(Type::int64()),
                        ExprKind::Constant(Constant::Float(_)) => Some(Type::float64()),
                        ExprKind::Constant(Constant::Bool(_)) => Some(Type::boolean()),
                        ExprKind::Constant(Constant::Str(_)) => Some(Type::Unicode),
                        ExprKind::Name(v) if b.inputs.contains(v) => var_type(v),
                        _ => None,
                    })
                    .collect();
                if let Some(types) = types {
                    if !wanted.contains(&(id, types.clone())) {
                        wanted.push((id, types));
                    }
                }
            });
        }
    }
    for (id, args) in wanted {
        if planned.iter().any(|p| p.origin.is_none() && p.function_id == id && p.args == args) {
            continue;
        }
        let jit = &info.functions[id];
        let key = FunctionKey::of(dbd, file, info, jit);
        let Some(ir) = queries::function_ir(dbd, key).clone() else { continue };
        let result = queries::infer_spec(dbd, SpecKey::new(dbd, key, args.clone(), None)).clone();
        let spec = PlannedSpec::lazy(dbd, file, jit, key, jit.name.clone(), id, args, ir, result);
        planned.push(PlannedSpec { optional: true, ..spec });
    }
}

/// This file's `inline="always"` functions with explicit signatures, for the argument types
/// jit callers pass: Numba inlines such a function's IR into its callers, where its signatures
/// do not apply. Built for those callers only (no entry from Python, whose calls still go
/// through the signatures).
fn add_inline_callees(db: &CheckDatabase, file: SourceFile, planned: &mut Vec<PlannedSpec>) {
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let mut k = 0;
    while k < planned.len() {
        let calls = if planned[k].origin.is_none() { planned[k].result.calls.clone() } else { Vec::new() };
        k += 1;
        for (d, args) in calls {
            if d.file.is_some() {
                continue;
            }
            let Some(id) = info.functions.iter().enumerate().filter(|(_, f)| *f.name == *d.name).nth(d.id as usize).map(|(i, _)| i) else { continue };
            let jit = &info.functions[id];
            let inline = jit.options.inline.as_deref() == Some("always");
            if !inline || jit.signatures.is_empty() || jit.kind != numrs_hir::JitKind::Njit {
                continue;
            }
            if planned.iter().any(|p| p.origin.is_none() && p.function_id == id && p.args == args) {
                continue;
            }
            let key = FunctionKey::of(dbd, file, info, jit);
            let Some(ir) = queries::function_ir(dbd, key).clone() else { continue };
            let result = queries::infer_spec(dbd, SpecKey::new(dbd, key, args.clone(), None)).clone();
            let spec = PlannedSpec::lazy(dbd, file, jit, key, jit.name.clone(), id, args, ir, result);
            planned.push(PlannedSpec { internal: true, ..spec });
        }
    }
}

/// What each of the module's `@overload` functions registers for (see
/// `numrs_check::overload_target`), by function id.
fn overload_targets(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo) -> Vec<Option<String>> {
    info.functions.iter().map(|f| numrs_check::overload_target(db, file, f)).collect()
}

/// The `fastmath` flags and error model a jit function is compiled with for a caller: Numba
/// compiles a callee while it compiles its caller, and a callee setting neither option takes
/// the caller's (`CPUTargetOptions.finalize`: `inherit_if_not_set("fastmath")`,
/// `inherit_if_not_set("error_model")`). `None` when they are the callee's own already, or it
/// is not a jit function of this file compiled that way.
fn inherited_flags(info: &queries::ModuleInfo, caller: &PlannedSpec, callee: &PlannedSpec) -> Option<(Vec<String>, bool)> {
    if callee.origin.is_some() {
        return None;
    }
    let jit = info.functions.get(callee.function_id)?;
    let compiled_as_njit = jit.kind == numrs_hir::JitKind::Njit || matches!(&jit.kind, numrs_hir::JitKind::Other(k) if k == "register_jitable");
    if !compiled_as_njit {
        return None;
    }
    let fastmath = if jit.options.fastmath.is_some() { callee.fastmath.clone() } else { caller.fastmath.clone() };
    let numpy_errors = if jit.options.error_model.is_some() { callee.flags.numpy_errors } else { caller.flags.numpy_errors };
    (fastmath != callee.fastmath || numpy_errors != callee.flags.numpy_errors).then_some((fastmath, numpy_errors))
}

/// The specialization of `callee` with the flags `want` (see [`inherited_flags`]), if planned.
fn flag_variant(planned: &[PlannedSpec], callee: usize, want: &(Vec<String>, bool)) -> Option<usize> {
    let c = &planned[callee];
    planned.iter().position(|p| {
        p.origin.is_none() && p.function_id == c.function_id && p.args == c.args && p.return_type == c.return_type && p.fastmath == want.0 && p.flags.numpy_errors == want.1
    })
}

/// Adds, for each call between jit functions of this file whose callee takes its caller's
/// `fastmath` or error model (see [`inherited_flags`]), the callee's specialization compiled
/// with them (for compiled callers only: Python's calls run the callee's own), and so on for
/// the calls those make.
fn add_flag_variants(db: &CheckDatabase, file: SourceFile, planned: &mut Vec<PlannedSpec>, externals: &[External], inner: &[Inner], targets: &[Option<String>]) {
    let dbd: &dyn numrs_db::Db = db;
    let info = queries::module_info(dbd, file);
    let own_path = &*numrs_db::normalize_path(file.path(dbd));
    let mut k = 0;
    while k < planned.len() && planned.len() < 4096 {
        let caller = k;
        k += 1;
        if planned[caller].origin.is_some() || planned[caller].result.outcome.is_err() {
            continue;
        }
        let calls = planned[caller].result.calls.clone();
        for (d, args) in calls {
            if d.as_inner_of_caller().is_some() || d.name.starts_with("overload_attribute:") || args.iter().any(|t| matches!(t, Type::MakeFunction(..))) {
                continue;
            }
            let Ok(c) = resolve_callee(planned, targets, info, own_path, externals, inner, &d, &args, &[]) else { continue };
            let Some(want) = inherited_flags(info, &planned[caller], &planned[c]) else { continue };
            if flag_variant(planned, c, &want).is_some() {
                continue;
            }
            let mut v = planned[c].clone();
            v.fastmath = want.0;
            v.flags.numpy_errors = want.1;
            v.internal = true;
            v.optional = false;
            planned.push(v);
        }
    }
}

fn compile_for(db: &CheckDatabase, file: SourceFile, options: &Options, gpu: Option<&Compiled>) -> Result<Compiled, String> {
    let dbd: &dyn numrs_db::Db = db;
    let path = file.path(dbd).clone();
    let module_name = module_name(&path)?;
    let cuda = options.ptx.is_some();
    let mut planned = plan_for(db, file, cuda);
    if !cuda {
        add_objmode_callees(db, file, &mut planned);
    }
    let mut externals = Vec::new();
    if !cuda {
        add_inline_callees(db, file, &mut planned);
        add_external_callees(db, file, &mut planned, &mut externals);
    }
    let info = queries::module_info(dbd, file);
    // What each `@overload` registers for: calls resolve among all of a function's.
    let targets = overload_targets(dbd, file, info);
    let mut inner = Vec::new();
    let n_before = info.functions.len() + externals.len();
    if !cuda {
        add_inner_functions(db, file, &mut planned, n_before, &mut inner);
        add_flag_variants(db, file, &mut planned, &externals, &inner, &targets);
    }
    let lines = numrs_db::line_index(dbd, file);
    let mut problems = Vec::new();
    // Specializations of lazily compiled functions that did not type: (function id, argument
    // types, Numba's error).
    let mut refused: Vec<(usize, Vec<Type>, String)> = Vec::new();
    // Only specializations that typed go to codegen; keep the mapping.
    let mut typed: Vec<usize> = Vec::new();
    let mut returns: Vec<Type> = Vec::new();
    for p in planned.iter_mut().filter(|p| !p.internal) {
        // Compiled for a jit caller's constant (`f(x, 3)` types the callee with
        // `Literal[int](3)`): Numba's dispatcher never gives a Python call such a
        // specialization, as Python values type as non-literal types.
        // (A function asking for literals with `numba.literally` is the exception: Numba
        // compiles it again for the call's values and finds that specialization.)
        let asks_literal = || p.result.typemap.iter().flatten().any(|t| matches!(t, Type::Function(k) if &**k == "numba.literally"));
        if p.origin.is_none() && !p.eager && p.args.iter().any(Type::is_literal) && !asks_literal() {
            p.internal = true;
        }
        let Ok(rt) = &p.result.outcome else { continue };
        let mut types = p.args.iter().chain([rt]);
        if let Some(t) = types.find(|t| t.holds_jitclass_instance() && !numrs_abi::crosses(t)) {
            // Built for its callers in compiled code, without an entry from Python or C (a
            // problem where a signature asked for one).
            let t = t.to_string();
            p.internal = true;
            if p.origin.is_none() && p.eager {
                problems.push(Problem {
                    specialization: p.label(),
                    line: Some(p.line),
                    message: format!(
                        "no Python or C entry: values of type {t} cannot cross between Python and compiled code \
                         (the specialization is built for calls from compiled code)"
                    ),
                });
            }
        }
    }
    for (i, p) in planned.iter().enumerate() {
        match &p.result.outcome {
            Ok(rt) => {
                typed.push(i);
                // What the function was typed to return: the declared type, or `none` for a
                // function that never returns, as Numba compiles it.
                returns.push(rt.clone());
            }
            // Nothing asked for it.
            Err(_) if p.optional => {}
            Err(e) => {
                // Numba would raise this error when a call of a lazily compiled function has
                // exactly these types: the dispatcher does too.
                if !p.eager && !p.internal && p.origin.is_none() && !cuda {
                    refused.push((p.function_id, p.args.clone(), format!("{}: {}", e.kind, e.message)));
                }
                problems.push(Problem {
                specialization: match p.origin {
                    Some(f) => format!("{} (from {})", p.label(), f.path(dbd)),
                    None => p.label(),
                },
                line: if p.origin.is_some() { None } else { e.span.map(|s| lines.line_col(s.start + p.base).line) },
                message: format!("{}: {}", e.kind, e.message),
            })
            }
        }
    }
    // The file and `module_info` index of each function id (this file's, then the externals').
    let source = |id: usize| -> (SourceFile, &queries::ModuleInfo, usize) {
        if let Some(x) = id.checked_sub(info.functions.len() + externals.len()).and_then(|k| inner.get(k)) {
            // An inner function: its enclosing function's.
            return (file, info, x.owner);
        }
        match id.checked_sub(info.functions.len()).and_then(|k| externals.get(k)) {
            Some(e) => (e.file, queries::module_info(dbd, e.file), e.index),
            None => (file, info, id),
        }
    };
    let defs: Vec<DefParams> = (0..info.functions.len() + externals.len())
        .map(|id| {
            let (f, i, index) = source(id);
            DefParams::of(dbd, f, i, index, !cuda && f == file)
        })
        .chain(inner.iter().map(|x| DefParams {
            positional: x.params.iter().map(|(n, d)| (n.clone(), d.clone().map(ParamDefault::Literal))).collect(),
            star: x.star.is_some(),
            star_name: x.star.clone().unwrap_or_default(),
            ..Default::default()
        }))
        .collect();
    let table_params: Vec<Vec<(String, Option<String>)>> = defs.iter().map(DefParams::table).collect();
    // The arrays of array defaults, which a specialization leaving one out and a call site
    // leaving one out freeze, as globals named by their omitted types.
    let mut array_defaults: Vec<(String, numrs_codegen::GlobalConst)> = Vec::new();
    for d in &defs {
        for (_, d) in &d.positional {
            if let Some(ParamDefault::Array { key, value }) = d {
                let name = Type::Omitted(key.as_str().into()).to_string();
                if !array_defaults.iter().any(|(n, _)| *n == name) {
                    array_defaults.push((name, value.clone()));
                }
            }
        }
    }
    let call_params: Vec<numrs_codegen::CallParams> = defs
        .iter()
        .enumerate()
        .map(|(id, d)| {
            let (_, i, index) = source(id);
            (d, &i.functions[index])
        })
        .map(|(d, f)| match f.kind {
            // Ufunc calls take the inputs (and an output array) by position.
            numrs_hir::JitKind::Vectorize => numrs_codegen::CallParams { ufunc: Some(d.positional.len()), ..Default::default() },
            numrs_hir::JitKind::GuVectorize => numrs_codegen::CallParams {
                gufunc: f
                    .gufunc_layout
                    .as_deref()
                    .and_then(|l| numrs_types::parse_gufunc_layout(l).ok())
                    .map(|l| (l.inputs.len(), l.core_indices())),
                ..d.call()
            },
            numrs_hir::JitKind::CFunc => numrs_codegen::CallParams { cfunc: true, ..d.call() },
            numrs_hir::JitKind::Other(ref k) if k == "intrinsic" => numrs_codegen::CallParams { intrinsic: true, ..d.call() },
            _ => d.call(),
        })
        .collect();
    // What every specialization's lowering may depend on besides its own IR: the module, the
    // signatures of all specializations (calls resolve among them; numbering), the functions.
    let summary = cache::key(&(
        &module_name,
        planned.iter().map(|p| (&p.function, p.function_id, &p.args, &p.return_type, p.result.outcome.is_ok())).collect::<Vec<_>>(),
        typed.iter().zip(&returns).map(|(i, rt)| (*i, rt)).collect::<Vec<_>>(),
        info.functions.iter().map(|f| &f.name).collect::<Vec<_>>(),
        // Call sites bind arguments with the callees' parameters and pass their defaults.
        &call_params,
    ));
    // Compiled code holds an item of a unicode array (`[unichr x n]`) as the string it spells:
    // such variables, and tuples and optional values holding one, are lowered as holding
    // `unicode_type` (arrays keep their item type), and a function returning one returns that.
    let as_strings = |t: &Type| t.map_parts(&mut |p| matches!(p, Type::UnicodeCharSeq(_)).then_some(Type::Unicode));
    let holds_charseq = |t: &Type| {
        let mut found = false;
        t.visit_parts(&mut |p| found |= matches!(p, Type::UnicodeCharSeq(_)));
        found
    };
    let typemaps: Vec<Vec<Option<Type>>> = typed
        .iter()
        .map(|i| {
            let tm = &planned[*i].result.typemap;
            if tm.iter().flatten().any(holds_charseq) {
                tm.iter().map(|t| t.as_ref().map(as_strings)).collect()
            } else {
                Vec::new()
            }
        })
        .collect();
    let returns: Vec<Type> = returns.iter().map(|t| if holds_charseq(t) { as_strings(t) } else { t.clone() }).collect();
    let mut inputs: Vec<numrs_codegen::SpecInput> = typed
        .iter()
        .zip(&returns)
        .enumerate()
        .map(|(k, (i, rt))| {
            let p = &planned[*i];
            let (sf, si, index) = source(p.function_id);
            // Where Numba freezes the globals: an eager function's `def` (its decorators
            // included), a lazy one's first call, after the module ran.
            let at = match si.functions.get(index).filter(|_| p.eager) {
                Some(jit) => numrs_db::skeleton(dbd, sf).module.body.get(jit.def_stmt_index).map_or(u32::MAX, |s| s.span.end),
                None => u32::MAX,
            };
            let mut globals = global_constants(dbd, sf, si, p.result.prepared.as_deref().unwrap_or(&p.ir), at, !cuda && sf == file);
            globals.extend(array_defaults.iter().cloned());
            // A factory's parameters the function closes over: the values its call gave.
            if let Some(captured) = si.functions.get(index).and_then(|j| j.captured.as_ref()) {
                globals.retain(|(n, _)| !captured.iter().any(|(c, _)| c == n));
                globals.extend(captured.iter().filter_map(|(n, v)| Some((n.clone(), const_global(v)?))));
            }
            // A factory's parameters given a module-level name (`make_smoother(WEIGHTS)`): that
            // name's value, as the call saw it; or an array made from constants.
            if let Some(j) = si.functions.get(index) {
                for (param, e, at) in &j.captured_arrays {
                    if let Some(a) = numrs_hir::captured_array(e, *at, &numrs_db::skeleton(dbd, sf).module, &si.symbols) {
                        globals.retain(|(n, _)| n != param);
                        globals.push((param.clone(), array_const(a)));
                    }
                }
                for (param, target) in &j.captured_names {
                    let at = numrs_db::skeleton(dbd, sf).module.body.get(j.def_stmt_index).map_or(u32::MAX, |s| s.span.start);
                    if let Some((_, v)) = global_value(dbd, sf, si, target.clone(), at, !cuda && sf == file) {
                        globals.retain(|(n, _)| n != param);
                        globals.push((param.clone(), v));
                    }
                }
            }
            // Run-time messages that name the source (Numba's `Loc`) do so only in
            // `parallel=True` functions, whose cached lowering then depends on where it is.
            let path = sf.path(dbd);
            let file: Arc<str> = std::path::absolute(path).map_or_else(|_| path.as_str().into(), |a| a.to_string_lossy().into());
            let ir = p.result.prepared.as_deref().unwrap_or(&p.ir);
            let objmode = match p.origin {
                None => objmode_texts(dbd, sf, si, ir, p.base, &module_name),
                // Its spans are not placed in its file here.
                Some(_) => objmode_refused(ir, "an objmode block in a function of another module is not supported by numrs build yet"),
            };
            let location = numrs_codegen::SourceLocation { file, lines: numrs_db::line_index(dbd, sf).clone(), base: p.base, objmode };
            // The line of every statement (an edit that moves lines without moving bytes
            // changes the messages too).
            let placed = p.flags.parallel.then(|| {
                let stmt_lines: Vec<u32> =
                    p.ir.blocks.iter().flat_map(|b| b.stmts.iter()).map(|s| location.lines.line_col(p.base.saturating_add(s.span.start)).line).collect();
                (location.file.clone(), stmt_lines)
            });
            // A stencil kernel whose neighbourhood numrs cannot tell has none (its callers
            // refuse to apply it).
            let stencil = (matches!(si.functions.get(index).map(|f| &f.kind), Some(numrs_hir::JitKind::Other(k)) if k == "stencil") && !p.stencil_entry).then(|| {
                let ndim = match p.args.first() {
                    Some(Type::Array(a)) => a.ndim,
                    _ => 0,
                };
                let options = si.functions.get(index).map(|f| f.options.values.as_slice()).unwrap_or_default();
                let (neighborhood, cval) = stencil_options(options, ndim);
                let names = si.functions.get(index).map(|f| f.options.stencil_standard_indexing()).unwrap_or_default();
                let standard = names.iter().filter_map(|n| p.ir.arg_names.iter().position(|a| a == n)).filter(|i| *i < 64).fold(0u64, |m, i| m | (1u64 << i));
                let mut st = match neighborhood {
                    // `neighborhood=`: the extent, whatever indices the kernel computes.
                    Some(hood) => numrs_codegen::Stencil { ndim, neighborhood: hood, cval: None, standard },
                    None => stencil_of(ir, &p.result.typemap, &p.args, standard).unwrap_or(numrs_codegen::Stencil { ndim, neighborhood: Vec::new(), cval: None, standard }),
                };
                st.cval = cval;
                st
            });
            let mut args = p.args.clone();
            if let Some(st) = &stencil {
                args.extend((0..st.ndim).map(|_| Type::int64()));
            }
            numrs_codegen::SpecInput {
                function: p.function.clone(),
                function_id: p.function_id,
                // The IR that was typed (Numba's argument-dependent rewrites may have pruned it).
                ir: p.result.prepared.as_deref().unwrap_or(&p.ir),
                typemap: if typemaps[k].is_empty() { &p.result.typemap } else { &typemaps[k] },
                closures: &p.result.closures,
                args,
                return_type: rt.clone(),
                params: table_params[p.function_id].clone(),
                fastmath: p.fastmath.clone(),
                flags: numrs_codegen::Flags {
                    libdevice: cuda && options.libdevice.is_some(),
                    stencil: stencil.as_ref().map_or(0, |s| s.ndim),
                    stencil_standard: stencil.as_ref().map_or(0, |s| s.standard),
                    ..p.flags
                },
                kernel: p.kernel,
                // A stencil kernel is applied by its callers (no Python entry).
                internal: p.internal || stencil.is_some(),
                stencil,
                cfunc: p.origin.is_none() && matches!(si.functions.get(index).map(|f| &f.kind), Some(numrs_hir::JitKind::CFunc)),
                lowered_key: (!cuda).then(|| {
                    // The file too: compiled code names it when it raises the module's own
                    // exception classes (which the module's Python registers under it).
                    cache::key(&("lowered", &summary, &p.function, p.function_id, &*p.ir, &p.result, &p.args, rt, &p.fastmath, p.flags, &globals, (&placed, &location.objmode, &location.file)))
                }),
                globals,
                location: Some(location),
            }
        })
        .collect();
    // The jitclasses that become classes in Python: those whose instances can cross (a class
    // whose decorator fails has no instances at all).
    let python_classes: Vec<(usize, &numrs_hir::JitClass, Type)> = if cuda {
        Vec::new()
    } else {
        info.classes
            .iter()
            .enumerate()
            .filter(|(_, c)| c.errors.is_empty())
            .filter_map(|(k, c)| numrs_check::jitclass_instance_type(dbd, file, &c.name).map(|t| (k, c, t)))
            .filter(|(_, _, t)| numrs_abi::crosses(t))
            .collect()
    };
    // Every CPU jit function gets a dispatcher, also one with nothing built.
    let functions: Vec<numrs_codegen::FunctionInput> = info
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            !cuda
                && match jitclass_member(info, f) {
                    // Members are attributes of their class in Python.
                    Some((class, _)) => !f.name.ends_with(".__init__") && python_classes.iter().any(|(_, c, _)| c.name == class.name),
                    None => !f.is_jitclass_member(),
                }
                && (matches!(f.kind, numrs_hir::JitKind::Njit | numrs_hir::JitKind::Vectorize)
                    || (f.kind == numrs_hir::JitKind::GuVectorize && f.gufunc_layout.is_some()))
        })
        .map(|(id, f)| numrs_codegen::FunctionInput {
            function_id: id,
            name: f.name.clone(),
            params: table_params[id].clone(),
            ufunc: f.kind == numrs_hir::JitKind::Vectorize,
            lazy: f.signatures.is_empty() && f.signature_errors.is_empty() && f.rejected_signatures.is_empty(),
            nogil: f.options.nogil == Some(true),
            refused: refused.iter().filter(|(fid, _, _)| *fid == id).map(|(_, a, m)| (a.clone(), m.clone())).collect(),
            identity: ufunc_identity(f),
            gufunc: if f.kind == numrs_hir::JitKind::GuVectorize { f.gufunc_layout.clone() } else { None },
            kernel: None,
            python: None,
            jitclass: jitclass_member(info, f).map(|(class, kind)| numrs_codegen::JitClassRole::Member {
                class: class.name.clone(),
                member: f.name.split_once('.').map_or(f.name.as_str(), |(_, m)| m).to_string(),
                kind: match kind {
                    numrs_hir::MemberKind::Method => numrs_abi::FUNCTION_KIND_METHOD,
                    numrs_hir::MemberKind::StaticMethod => numrs_abi::FUNCTION_KIND_STATIC_METHOD,
                    numrs_hir::MemberKind::Getter => numrs_abi::FUNCTION_KIND_PROPERTY_GET,
                    numrs_hir::MemberKind::Setter => numrs_abi::FUNCTION_KIND_PROPERTY_SET,
                },
            }),
            imported: None,
        })
        .collect();
    // Each jitclass: a class in Python, constructed through `__init__`'s specializations.
    let mut functions = functions;
    if !cuda {
        let first = info.functions.len() + externals.len() + inner.len();
        for (k, class, instance) in python_classes.iter().cloned() {
            let init_name = class.function_name("__init__");
            let init = info.functions.iter().position(|f| f.is_jitclass_member() && f.name == init_name);
            functions.push(numrs_codegen::FunctionInput {
                params: init.map(|i| table_params[i].iter().skip(1).cloned().collect()).unwrap_or_default(),
                jitclass: Some(numrs_codegen::JitClassRole::Class { deferred: deferred_as(&python_classes, &instance), instance, init }),
                ..numrs_codegen::FunctionInput::entry(first + k, class.name.clone())
            });
        }
    }
    // The jitclasses of other modules that Python calls may box: their modules, imported by
    // the runtime when it first boxes one.
    if !cuda {
        let mut external: Vec<(String, Type)> = Vec::new();
        let first = info.functions.len() + externals.len() + inner.len() + info.classes.len();
        for p in typed.iter().map(|i| &planned[*i]).filter(|p| !p.internal) {
            let rt = p.result.outcome.as_ref().ok();
            for t in p.args.iter().chain(p.return_type.as_ref().or(rt)) {
                t.visit_parts(&mut |t| {
                    let Type::JitClassInstance(c) = t else { return };
                    let Some(file) = c.members.iter().find_map(|(_, m)| match m {
                        numrs_types::ClassMember::Method(d) | numrs_types::ClassMember::StaticMethod(d) => d.file.clone(),
                        numrs_types::ClassMember::Property { get, .. } => get.file.clone(),
                    }) else {
                        return;
                    };
                    let Ok(m) = crate::module_name(&file) else { return };
                    let t = Type::JitClassInstance(c.clone());
                    if m != module_name && !external.iter().any(|(_, x)| *x == t) {
                        external.push((m, t));
                    }
                });
            }
        }
        for (k, (m, instance)) in external.into_iter().enumerate() {
            functions.push(numrs_codegen::FunctionInput {
                jitclass: Some(numrs_codegen::JitClassRole::Import { instance }),
                ..numrs_codegen::FunctionInput::entry(first + k, m)
            });
        }
    }
    // The GPU kernels built into the PTX, launched through the module.
    if let Some(gpu) = gpu {
        let ptx: Arc<str> = gpu.output.asm.as_deref().unwrap_or_default().into();
        for (id, f) in info.functions.iter().enumerate().filter(|(_, f)| f.kind == numrs_hir::JitKind::CudaKernel) {
            let specs: Vec<(Vec<Type>, String)> =
                gpu.kernels.iter().filter(|k| k.function == *f.name).map(|k| (k.args.clone(), k.entry.clone())).collect();
            if specs.is_empty() {
                continue;
            }
            functions.push(numrs_codegen::FunctionInput {
                kernel: Some(numrs_codegen::KernelFunction { ptx: ptx.clone(), specs }),
                ..numrs_codegen::FunctionInput::entry(id, f.name.clone())
            });
        }
    }
    // The module's exception classes, made when it is imported (compiled code raises them),
    // and its object-mode functions, which run as Python.
    if !cuda {
        if let Some((names, source)) = exception_classes_source(dbd, file, info, &module_name) {
            functions.push(python_input(names.join(","), numrs_codegen::PythonSource { file: own_location_file(dbd, file), source, last: false }));
        }
    }
    // Module-level aliases of the module's jit functions (`alias = total`): names of the
    // built module too, bound once every dispatcher exists (the last entry).
    if !cuda {
        if let Some(source) = jit_aliases_source(dbd, file, info, &module_name) {
            functions.push(python_input(String::new(), numrs_codegen::PythonSource { file: own_location_file(dbd, file), source, last: true }));
        }
    }
    // The values the module computes with NumPy's transcendental functions: a slot each, and
    // the Python that fills them when the module is imported.
    if !cuda {
        let mut symbols: Vec<String> = Vec::new();
        for g in inputs.iter().flat_map(|i| &i.globals) {
            if let (_, numrs_codegen::GlobalConst::Imported { symbol }) = g {
                if !symbols.contains(symbol) {
                    symbols.push(symbol.clone());
                }
            }
        }
        let symbols: Vec<&str> = symbols.iter().map(String::as_str).collect();
        let made = imported_values(dbd, file, info, &symbols);
        if made.is_none() {
            // The statements computing them cannot be run outside the module: the functions
            // reading them are not built ("the value of global ... is not available").
            for input in inputs.iter_mut() {
                input.globals.retain(|(_, g)| !matches!(g, numrs_codegen::GlobalConst::Imported { .. }));
            }
        }
        if let Some((slots, source)) = made {
            for (k, slot) in slots.into_iter().enumerate() {
                functions.push(numrs_codegen::FunctionInput { imported: Some(slot), ..numrs_codegen::FunctionInput::entry(usize::MAX - 1 - k, format!("__numrs_set_{k}")) });
            }
            // Named so that the runtime makes its failure the import's (compiled code would read
            // empty slots).
            functions.push(python_input(numrs_abi::PYTHON_IMPORTED_VALUES.to_string(), numrs_codegen::PythonSource { file: own_location_file(dbd, file), source, last: true }));
        }
    }
    let typed_specs: Vec<&PlannedSpec> = typed.iter().map(|i| &planned[*i]).collect();
    // The attributes the module's `@overload_attribute` functions add.
    let attributes: Vec<(usize, String)> =
        info.functions.iter().enumerate().filter_map(|(i, f)| numrs_check::overload_attribute_name(dbd, file, f).map(|a| (i, a))).collect();
    let own_path = &*numrs_db::normalize_path(file.path(dbd));
    let resolver = |caller: usize, d: &DispatcherRef, args: &[Type]| -> Result<usize, String> {
        // An inner function passed as an argument is the dispatcher `check` made of it.
        let from = &planned[typed[caller]];
        // The jit function whose inner functions the caller's are, and the caller's path in it
        // (an escaped inner function's inner functions are those of the copy Numba compiles).
        let holder: Option<(usize, Vec<u32>)> = match (from.internal, from.origin) {
            (false, None) => Some((from.function_id, vec![])),
            (true, None) => from.function_id.checked_sub(n_before).and_then(|k| inner.get(k)).and_then(|x| {
                let (_, mut path) = x.dispatcher.escaped_path()?;
                path.push(numrs_types::CLOSURE_ESCAPED);
                Some((x.owner, path))
            }),
            _ => None,
        };
        // An inner function of the caller as a value: the dispatcher `check` made of it.
        let escaped = |path: Vec<u32>, name: &str| -> Option<DispatcherRef> {
            let (owner, prefix) = holder.as_ref()?;
            let full: Vec<u32> = prefix.iter().copied().chain(path).collect();
            escaped_ref(dbd, file, info, *owner, &full).filter(|d| d.name.rsplit(".<locals>.").next() == Some(name))
        };
        let args: Vec<Type> = args
            .iter()
            .map(|a| {
                let found = match a {
                    Type::MakeFunction(idx, name) => escaped(vec![*idx], name),
                    Type::Dispatcher(d) => d.as_inner_of_caller().and_then(|(path, name)| escaped(path, name)),
                    _ => None,
                };
                found.map_or_else(|| a.clone(), Type::Dispatcher)
            })
            .collect();
        let inner_ref;
        let d = match d.as_inner_of_caller() {
            Some((path, name)) => {
                inner_ref = escaped(path, name)
                    .ok_or_else(|| format!("the inner function '{name}' as a value here is not supported by numrs build yet"))?;
                &inner_ref
            }
            None => d,
        };
        // Resolve among all planned specs, then map to the typed list.
        let idx = resolve_callee(&planned, &targets, info, own_path, &externals, &inner, d, &args, &attributes)?;
        // Compiled with the caller's flags where it takes them.
        let idx = inherited_flags(info, from, &planned[idx]).and_then(|want| flag_variant(&planned, idx, &want)).unwrap_or(idx);
        typed.iter().position(|t| *t == idx).ok_or_else(|| format!("'{}' did not type for these arguments", d.name))
    };
    // Everything codegen reads: equal keys, equal output (see `cache`).
    let key = cache::key(&(
        &module_name,
        options.opt_level,
        options.emit_asm,
        options.ptx,
        options.libdevice.map(|b| cache::key(&b)),
        // Each specialization's lowering key covers its module constants and objmode blocks
        // (none for PTX: those are hashed here).
        inputs
            .iter()
            .map(|i| {
                let objmode = i.location.as_ref().map(|l| &l.objmode);
                (&i.function, i.function_id, i.ir, i.typemap, i.closures, &i.args, &i.return_type, &i.params, &i.fastmath, i.flags, i.kernel, (&i.lowered_key, &i.globals, objmode, &i.stencil, i.internal))
            })
            .collect::<Vec<_>>(),
        planned
            .iter()
            .map(|p| (&p.function, p.function_id, &p.args, &p.return_type, p.result.outcome.is_ok()))
            .collect::<Vec<_>>(),
        // Every table entry whole: the module's Python (exception classes, object-mode
        // functions, aliases, imported values) included.
        &functions,
        &call_params,
    ));
    let output = match cache::load(&key) {
        Some(output) if output.specs.len() == inputs.len() => output,
        _ => {
            let params = |d: &DispatcherRef| {
                // A NumPy function the module `@overload`s: its (first) overload's parameters.
                let id = match d.name.strip_prefix(numrs_types::USER_OVERLOAD_PREFIX) {
                    Some(path) => targets.iter().position(|t| t.as_deref() == Some(path)),
                    None => function_of(info, own_path, &externals, &inner, d).ok(),
                };
                id.and_then(|id| call_params.get(id).cloned()).unwrap_or_default()
            };
            let output = numrs_codegen::compile_module(&module_name, &functions, &inputs, &resolver, &params, options, &cache::Lowered)?;
            cache::store(&key, &output);
            output
        }
    };
    let mut built = Vec::new();
    let mut kernels = Vec::new();
    let mut header_specs = Vec::new();
    for (k, outcome) in output.specs.iter().enumerate() {
        let p = typed_specs[k];
        match outcome {
            numrs_codegen::SpecOutcome::Built { c_symbol } => {
                built.push(p.label());
                header_specs.push((&inputs[k], c_symbol.as_str()));
                if cuda && !c_symbol.is_empty() {
                    kernels.push(Kernel { entry: c_symbol.clone(), function: p.function.clone(), args: p.args.clone() });
                }
            }
            numrs_codegen::SpecOutcome::Failed(_) if p.optional => {}
            numrs_codegen::SpecOutcome::Failed(e) => { problems.push(Problem {
                specialization: p.label(),
                line: Some(e.span.map_or(p.line, |s| lines.line_col(s.start + p.base).line)),
                message: format!("cannot lower: {}", e.message),
            })},
        }
    }
    // PTX kernels are launched, not called from C.
    let header = if cuda { String::new() } else { numrs_codegen::c_header(&module_name, &header_specs) };
    problems.sort_by_key(|p| p.line);
    Ok(Compiled { module_name, output, header, problems, built, kernels })
}

/// Paths written by [`build_file`].
pub struct Written {
    pub shared_object: PathBuf,
    pub header: PathBuf,
    /// `<module>.ptx` and `<module>.kernels.json` (its kernels' entry points and argument
    /// types), when the file has `@cuda.jit` functions.
    pub ptx: Option<(PathBuf, PathBuf)>,
    /// How many of the built specializations are GPU code (kernels and device functions).
    pub gpu_built: usize,
}

/// The kernels of a PTX file as JSON lines: `{"entry", "function", "args": [types]}`.
pub fn kernels_json(kernels: &[Kernel]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut out = String::new();
    for k in kernels {
        let args: Vec<String> = k.args.iter().map(|t| quote(&t.to_string())).collect();
        out.push_str(&format!("{{\"entry\": {}, \"function\": {}, \"args\": [{}]}}\n", quote(&k.entry), quote(&k.function), args.join(", ")));
    }
    out
}

/// Compile `file` and link `<out_dir>/<module>.abi3.so` with the system C compiler
/// (`cc -shared`, `-lm`; the Python symbols are resolved from the interpreter at load time).
pub fn build_file(db: &CheckDatabase, file: SourceFile, out_dir: &Path, options: &Options) -> Result<(Compiled, Written), String> {
    // The GPU code first: the Python module carries the PTX of its kernels.
    let gpu = compile_ptx(db, file, &Options { libdevice: options.libdevice.or_else(libdevice), ..*options })?;
    let mut compiled = compile_with_kernels(db, file, options, gpu.as_ref())?;
    std::fs::create_dir_all(out_dir).map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let so = out_dir.join(format!("{}.abi3.so", compiled.module_name));
    let header = out_dir.join(format!("{}.h", compiled.module_name));
    // Unique per call: builds of the same module may run concurrently in one process.
    static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = std::env::temp_dir().join(format!("numrs-build-{}-{n}-{}", std::process::id(), compiled.module_name));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
    let obj = tmp.join(format!("{}.o", compiled.module_name));
    let result = (|| {
        std::fs::write(&obj, &compiled.output.object).map_err(|e| format!("cannot write {}: {e}", obj.display()))?;
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
        let run = std::process::Command::new(&cc)
            .arg("-shared")
            .arg("-o")
            .arg(&so)
            .arg(&obj)
            .arg("-lm")
            .output()
            .map_err(|e| format!("cannot run the C compiler `{cc}` to link: {e}"))?;
        if !run.status.success() {
            return Err(format!("linking {} failed:\n{}", so.display(), String::from_utf8_lossy(&run.stderr)));
        }
        std::fs::write(&header, &compiled.header).map_err(|e| format!("cannot write {}: {e}", header.display()))?;
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    result?;
    let mut gpu_built = 0;
    let ptx = match gpu {
        Some(gpu) => {
            gpu_built = gpu.built.len();
            let path = out_dir.join(format!("{}.ptx", compiled.module_name));
            let manifest = out_dir.join(format!("{}.kernels.json", compiled.module_name));
            std::fs::write(&path, gpu.output.asm.as_deref().unwrap_or_default()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            std::fs::write(&manifest, kernels_json(&gpu.kernels)).map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
            compiled.problems.extend(gpu.problems);
            compiled.problems.sort_by_key(|p| p.line);
            compiled.built.extend(gpu.built);
            compiled.kernels = gpu.kernels;
            Some((path, manifest))
        }
        None => None,
    };
    Ok((compiled, Written { shared_object: so, header, ptx, gpu_built }))
}

/// `numrs dump llvm|asm FILE::function`: the optimized code of every specialization of one
/// function (the module holds only that function's specializations and their callees).
pub fn dump(db: &CheckDatabase, file: SourceFile, function: &str, asm: bool) -> Result<String, String> {
    let planned = plan(db, file);
    if !planned.iter().any(|p| p.function == function) {
        return Err(format!("no jit function `{function}` with a typed specialization"));
    }
    let compiled = compile(db, file, &Options { opt_level: 3, emit_asm: asm, ptx: None, libdevice: None })?;
    let text = if asm { compiled.output.asm.clone().unwrap_or_default() } else { compiled.output.llvm_ir.clone() };
    let mut out = String::new();
    for p in compiled.problems.iter().filter(|p| p.specialization.starts_with(&format!("{function}("))) {
        out.push_str(&format!("; not built: {} (line {}): {}\n", p.specialization, p.line.unwrap_or(0), p.message));
    }
    out.push_str(&filter_function(&text, &compiled.module_name, function, asm));
    Ok(out)
}

/// Keep the parts of the module text that belong to `function`.
/// `numrs dump ptx FILE::kernel`: the PTX of every specialization of one `@cuda.jit` kernel
/// (the file's PTX header, then each entry point), after what kept any from being built.
pub fn dump_ptx(db: &CheckDatabase, file: SourceFile, function: &str) -> Result<String, String> {
    let Some(compiled) = compile_ptx(db, file, &Options { libdevice: libdevice(), ..Options::default() })? else {
        return Err("the file has no @cuda.jit functions".to_string());
    };
    let mut out = String::new();
    for p in compiled.problems.iter().filter(|p| p.specialization.starts_with(&format!("{function}("))) {
        out.push_str(&format!("// not built: {} (line {}): {}\n", p.specialization, p.line.unwrap_or(0), p.message));
    }
    if !compiled.kernels.iter().any(|k| k.function == function) {
        if out.is_empty() {
            return Err(format!("no @cuda.jit kernel `{function}` with a typed specialization"));
        }
        return Ok(out);
    }
    let text = compiled.output.asm.unwrap_or_default();
    let entry = format!(".entry {function}__");
    let mut keep = false;
    for line in text.lines() {
        if line.starts_with(".version") || line.starts_with(".target") || line.starts_with(".address_size") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if line.contains(&entry) {
            out.push('\n');
            keep = true;
        }
        if keep {
            out.push_str(line);
            out.push('\n');
            if line == "}" {
                keep = false;
            }
        }
    }
    Ok(out)
}

fn filter_function(text: &str, module: &str, function: &str, asm: bool) -> String {
    let internal = format!("numrs.{module}.{function}.");
    let c_entry = format!("numrs_{module}__{function}__");
    let mut out = String::new();
    let mut keep = false;
    for line in text.lines() {
        if asm {
            let is_label = !line.starts_with(['\t', ' ', '.']) && line.ends_with(':');
            let is_fn_start = line.starts_with("\t.type") && line.contains("@function");
            if is_fn_start || is_label && !line.starts_with(".L") {
                if is_fn_start {
                    keep = line.contains(&internal) || line.contains(&c_entry);
                }
            }
            if keep {
                out.push_str(line);
                out.push('\n');
            }
            if line.starts_with("\t.size") {
                keep = false;
            }
        } else {
            if line.starts_with("define ") {
                keep = line.contains(&format!("@\"{internal}")) || line.contains(&format!("@{c_entry}")) || line.contains(&internal);
            }
            if keep {
                out.push_str(line);
                out.push('\n');
                if line == "}" {
                    out.push('\n');
                    keep = false;
                }
            }
        }
    }
    out
}

/// What the `with objmode(...):` blocks of `ir` and of its inner functions run: each block's
/// source (dedented) and a prelude making the globals it reads (see [`objmode_prelude`]).
fn objmode_texts(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, ir: &numrs_ir::FunctionIr, base: u32, module_name: &str) -> Vec<numrs_codegen::ObjModeText> {
    let text = file.text(db);
    objmode_blocks(ir)
        .into_iter()
        .map(|b| {
            let start = (b.body.start + base) as usize;
            let end = (b.body.end + base) as usize;
            // From the start of the first statement's line, so that every line dedents alike
            // (a body on the `with` line itself starts at its statement).
            let line_start = text.get(..start).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1);
            let from = match text.get(line_start..start) {
                Some(indent) if indent.chars().all(|c| c == ' ' || c == '\t') => line_start,
                _ => start,
            };
            let source = match text.get(from..end) {
                _ if b.leaves_early => Err("an objmode block that returns (or yields, breaks or continues) from inside is not supported by numrs build yet".to_string()),
                Some(src) => Ok(dedent(src, start - from)),
                None => Err("the source of this objmode block cannot be read".to_string()),
            };
            let text = source.and_then(|src| Ok((objmode_prelude(db, file, info, &b.globals, module_name)?, src)));
            numrs_codegen::ObjModeText { body: b.body, text }
        })
        .collect()
}

/// `text` without the indentation of its first statement (`indent` bytes), taken off every
/// line that starts with that much whitespace (comments and continuation lines indented less
/// stay as they are), ending in a newline.
fn dedent(text: &str, indent: usize) -> String {
    fn strip(l: &str, indent: usize) -> &str {
        match l.get(..indent) {
            Some(prefix) if prefix.chars().all(|c| c == ' ' || c == '\t') => &l[indent..],
            _ => l,
        }
    }
    let mut out: String = text.lines().map(|l| strip(l, indent)).collect::<Vec<_>>().join("\n");
    out.push('\n');
    out
}

/// Every objmode block of `ir` (and of its inner functions) refused with `why`.
fn objmode_refused(ir: &numrs_ir::FunctionIr, why: &str) -> Vec<numrs_codegen::ObjModeText> {
    objmode_blocks(ir).into_iter().map(|b| numrs_codegen::ObjModeText { body: b.body, text: Err(why.to_string()) }).collect()
}

/// The objmode blocks of `ir` and of its inner functions.
fn objmode_blocks(ir: &numrs_ir::FunctionIr) -> Vec<&numrs_ir::ObjModeInfo> {
    let mut out = Vec::new();
    let mut stack = vec![ir];
    while let Some(ir) = stack.pop() {
        stack.extend(ir.closures.iter().map(|c| &*c.ir));
        out.extend(ir.objmode_blocks.iter());
    }
    out
}

/// A table entry that is Python the built module runs (`name`: the exception classes it makes).
fn python_input(name: String, python: numrs_codegen::PythonSource) -> numrs_codegen::FunctionInput {
    numrs_codegen::FunctionInput { python: Some(python), ..numrs_codegen::FunctionInput::entry(usize::MAX, name) }
}

/// `NAME = other` statements at module level whose `other` is a jit function of the module
/// (the name bound once), as Python that binds them in the built module.
fn jit_aliases_source(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, module_name: &str) -> Option<String> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let skeleton = numrs_db::skeleton(db, file);
    let is_jit = |n: &str| info.functions.iter().any(|f| *f.name == *n && !f.name.contains('.')) && info.symbols.bindings_of(n).count() == 1;
    let mut out = String::new();
    // The plain functions `fast = njit(f)` compiles: `f` stays a Python function in Numba.
    let mut plain = Vec::new();
    for stmt in &skeleton.module.body {
        let StmtKind::Assign { targets, value } = &stmt.kind else { continue };
        // `alias = f`, or `fast = njit(f)` (the jit function `f` became).
        let (other, wrapped) = match &value.kind {
            ExprKind::Name(other) => (other.as_str(), false),
            _ => match numrs_check::call_form_target(info, value) {
                Some(t) => (t, true),
                None => continue,
            },
        };
        if !is_jit(other) {
            continue;
        }
        let mut bound = false;
        // A second `njit(...)(f)` is a jit function of its own (named by its binding).
        let own = |alias: &str| info.functions.iter().any(|f| *f.name == *alias && f.captured.is_some());
        for t in targets {
            if let ExprKind::Name(alias) = &t.kind {
                if info.symbols.bindings_of(alias).count() == 1 && alias.as_str() != other && !own(alias) {
                    out.push_str(&format!("{alias} = {other}\n"));
                    bound = true;
                }
            }
        }
        if wrapped && bound && !plain.contains(&other) {
            plain.push(other);
        }
    }
    for name in plain {
        if let Some(text) = plain_function_source(db, file, info, name, module_name, false) {
            out.push_str(&text);
        }
    }
    // A dynamic `@guvectorize` (a layout only) takes every operand from Python, outputs
    // included (Numba's `GUFunc.__call__`).
    for f in info.functions.iter().filter(|f| f.kind == numrs_hir::JitKind::GuVectorize && f.signatures.is_empty() && f.gufunc_layout.is_some() && !f.name.contains('.')) {
        if info.symbols.bindings_of(&f.name).count() == 1 {
            out.push_str(&format!("{0} = __import__('numrs_runtime').GUFunc({0})\n", f.name));
        }
    }
    // Calling a `@cfunc` from Python runs its Python function (Numba's `CFunc.__call__`), and
    // `@register_jitable` returns the function itself.
    let plain_in_python = |f: &&numrs_hir::JitFunction| {
        f.kind == numrs_hir::JitKind::CFunc || matches!(&f.kind, numrs_hir::JitKind::Other(k) if k == "register_jitable")
    };
    for f in info.functions.iter().filter(plain_in_python).filter(|f| !f.name.contains('.') && info.symbols.bindings_of(&f.name).count() == 1) {
        if let Some(text) = plain_function_source(db, file, info, &f.name, module_name, true) {
            out.push_str(&text);
        }
        // A `@cfunc` is Numba's `CFunc`: its Python function when called, its C callback's
        // `address`/`ctypes`/`cffi` (`numrs_runtime/ccallback.py`).
        if let (numrs_hir::JitKind::CFunc, [sig]) = (&f.kind, f.signatures.as_slice()) {
            let ret = sig.return_type.clone().unwrap_or(Type::NoneType);
            let symbol = if numrs_codegen::c_callback_types(&sig.args, &ret) {
                format!("'{}'", numrs_codegen::cfunc_symbol(module_name, &f.name))
            } else {
                "None".to_string()
            };
            let args = sig.args.iter().map(|t| format!("{:?}, ", t.to_string())).collect::<String>();
            out.push_str(&format!(
                "{0} = __import__('numrs_runtime')._ccallback().CFunc({0}, __name__, {symbol}, ({args}), {1:?})\n",
                f.name,
                ret.to_string()
            ));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Python that binds `name` again to the plain function its `def` makes (the module's
/// `fast = njit(f)` leaves `f` a Python function; `decorated`: a `@cfunc`'s `def`, made
/// without its decorator): what it reads first (imports,
/// constants, plain functions; see `objmode_prelude`), then its `def`, compiled with its lines
/// where they are in the file. None when its `def` is decorated (unless `decorated`) or reads what cannot be made
/// outside the module (the name then stays the dispatcher).
fn plain_function_source(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, name: &str, module_name: &str, decorated: bool) -> Option<String> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let skeleton = numrs_db::skeleton(db, file);
    let jit = info.functions.iter().find(|f| *f.name == *name)?;
    let stmt = skeleton.module.body.get(jit.def_stmt_index)?;
    let StmtKind::FunctionDef(def) = &stmt.kind else { return None };
    // (A decorated `def` is made without its decorators.)
    if (!decorated && !def.decorators.is_empty()) || def.name != name {
        return None;
    }
    let (chunk, _) = numrs_db::module_chunk(db, file, stmt.span.start)?;
    let text = chunk.text(db);
    let def_at = text.match_indices("def ").map(|(i, _)| i).find(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')?;
    let line = numrs_db::line_index(db, file).line_col(numrs_db::positions(db, file).to_file(jit.def_line_offset)).line as usize;
    let def_text = format!("{}{}", "\n".repeat(line.saturating_sub(1)), &text[def_at..]);
    let mut reads = Vec::new();
    numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
        if let ExprKind::Name(n) = &e.kind {
            reads.push(n.clone());
        }
    });
    // The module's jit functions and classes are its attributes already.
    let wanted: Vec<String> = reads
        .into_iter()
        .filter(|n| match info.symbols.lookup(n, None).map(|b| &b.kind) {
            Some(numrs_hir::BindingKind::Function { def_index }) => !info.functions.iter().any(|f| f.name == *n && f.def_stmt_index == *def_index),
            Some(numrs_hir::BindingKind::Class) | None => false,
            Some(_) => true,
        })
        .collect();
    let prelude = objmode_prelude(db, file, info, &wanted, module_name).ok()?;
    Some(format!(
        "{prelude}exec(compile({}, {}, 'exec'), globals())\n",
        numrs_hir::python_str_repr(&def_text),
        numrs_hir::python_str_repr(&own_location_file(db, file))
    ))
}

/// The slot of the value the module-level statement at `stmt_start` binds to `name`.
fn imported_symbol(name: &str, stmt_start: u32) -> String {
    format!("numrs.imported.{name}.{stmt_start}")
}

/// The type of module-level `name`'s value as the module computes it when it is imported
/// (see [`numrs_hir::import_time_value_type`]), also an array a constructor makes whatever its
/// values (`np.empty(20)`) that later statements fill, and the result of a jit function the
/// module calls (see [`numrs_check::module_call_global_type`]).
fn import_time_type(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, name: &str, stmt: &numrs_syntax::ast::Stmt) -> Option<Type> {
    let module = &numrs_db::skeleton(db, file).module;
    let symbols = &info.symbols;
    numrs_hir::import_time_value_type(name, stmt, module, symbols)
        .or_else(|| {
            let numrs_syntax::ast::StmtKind::Assign { value, .. } = &stmt.kind else { return None };
            if !numrs_hir::mutated_after(name, stmt.span.end, module, symbols) {
                return None;
            }
            numrs_check::static_array_type(value, symbols).filter(|t| matches!(t, Type::Array(_)))
        })
        .or_else(|| numrs_check::module_call_global_type(db, file, info, stmt))
}

/// The slots `symbols` ([`imported_symbol`]) and the Python that fills them when the module is
/// imported: the statements that compute the values (and, before them, what they read: imports,
/// constants, other such statements) run in a namespace of their own, each value checked
/// against the type it was built with (`numrs_runtime.typeof`) and passed to its setter (an
/// array as a copy the module keeps, as Numba freezes global arrays when it compiles). None
/// when a value's statements cannot be recreated outside the module.
fn imported_values(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, symbols: &[&str]) -> Option<(Vec<numrs_codegen::ImportedSlot>, String)> {
    use numrs_hir::BindingKind;
    use numrs_syntax::ast::{ExprKind, StmtKind};
    if symbols.is_empty() {
        return None;
    }
    let skeleton = numrs_db::skeleton(db, file);
    let mut wanted: Vec<(&str, u32, &str)> = symbols
        .iter()
        .filter_map(|s| {
            let (head, at) = s.rsplit_once('.')?;
            Some((head.strip_prefix("numrs.imported.")?, at.parse().ok()?, *s))
        })
        .collect();
    wanted.sort_by_key(|w| w.1);
    /// What the values' statements need: the module's top-level statements (by index, run
    /// in module order) and, before them, the lines making the imports, constants and jit
    /// functions they read.
    struct Needed<'a> {
        db: &'a dyn numrs_db::Db,
        file: SourceFile,
        info: &'a queries::ModuleInfo,
        module: &'a numrs_syntax::ast::Module,
        stmts: std::collections::BTreeSet<usize>,
        prelude: String,
        made: std::collections::HashSet<(String, u32)>,
    }
    impl Needed<'_> {
        /// Adds the statement at `stmt_index` and what it reads; a value it reads brings its
        /// own statement and those changing the value in place before this one (a lookup
        /// table a loop fills), as the module runs them.
        fn stmt(&mut self, stmt_index: usize, depth: u32) -> Option<()> {
            if depth > 32 {
                return None;
            }
            if !self.stmts.insert(stmt_index) {
                return Some(());
            }
            let stmt = self.module.body.get(stmt_index)?;
            let mut reads = Vec::new();
            let mut own: Vec<String> = Vec::new();
            let mut read = |e: &numrs_syntax::ast::Expr| {
                if let ExprKind::Name(n) = &e.kind {
                    reads.push(n.clone());
                }
            };
            match &stmt.kind {
                // A plain function the values are computed with: the module's names its body
                // reads (its parameters and assigned names are its own).
                StmtKind::FunctionDef(_) => {
                    let def = self.info.symbols.helper_def(stmt_index)?;
                    own.extend(def.params.positional().map(|p| p.name.clone()));
                    numrs_syntax::visit::for_each_expr(&def.body, false, &mut read);
                    own_names(&def.body, &mut own);
                }
                StmtKind::Assign { .. } | StmtKind::AnnAssign { value: Some(_), .. } | StmtKind::AugAssign { .. } | StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::If { .. } | StmtKind::Expr(_) => {
                    let (chunk, _) = numrs_db::module_chunk(self.db, self.file, stmt.span.start)?;
                    let parsed = numrs_db::parse_chunk(self.db, chunk);
                    numrs_syntax::visit::for_each_expr(&parsed.module.body, false, &mut read);
                    own_names(&parsed.module.body, &mut own);
                }
                _ => return None,
            }
            // The target of a top-level `x += ...` reads the earlier `x`.
            if let StmtKind::AugAssign { target, .. } = &stmt.kind {
                if let ExprKind::Name(n) = &target.kind {
                    own.retain(|o| o != n);
                }
            }
            reads.retain(|n| !own.contains(n));
            for name in reads {
                let Some(b) = self.info.symbols.lookup(&name, Some(stmt.span.start)) else { continue };
                if !self.made.insert((name.clone(), b.span.start)) {
                    continue;
                }
                if let Some(line) = binding_source(&name, &b.kind) {
                    self.prelude.push_str(&line);
                    // `import ctypes.util` binds `ctypes`, whose `util` the values may read.
                    if let BindingKind::Module(m) = &b.kind {
                        for stmt in &self.module.body {
                            let StmtKind::Import(aliases) = &stmt.kind else { continue };
                            for a in aliases {
                                if a.asname.is_none() && a.name.strip_prefix(m.as_str()).is_some_and(|rest| rest.starts_with('.')) {
                                    self.prelude.push_str(&format!("try:\n    import {}\nexcept ImportError:\n    pass\n", a.name));
                                }
                            }
                        }
                    }
                    continue;
                }
                match &b.kind {
                    BindingKind::ImportedName { module, .. } if module.starts_with('.') => return None,
                    BindingKind::Other => {
                        let top = self.module.body.get(b.stmt_index).is_some_and(|s| self.info.symbols.binding_stmt(self.module, b).is_some_and(|x| x.span == s.span));
                        if !top {
                            return None;
                        }
                        self.stmt(b.stmt_index, depth + 1)?;
                        let bound_end = self.module.body[b.stmt_index].span.end;
                        for m in numrs_hir::mutating_stmts(&name, bound_end, stmt.span.start, self.module, &self.info.symbols) {
                            self.stmt(m, depth + 1)?;
                        }
                    }
                    // A jit function of the module: the built module's dispatcher.
                    BindingKind::Function { def_index } if self.info.functions.iter().any(|f| f.name == name && f.def_stmt_index == *def_index) => {
                        self.prelude.push_str(&format!("{name} = __numrs_module[{}]\n", numrs_hir::python_str_repr(&name)));
                    }
                    BindingKind::Function { def_index } if self.info.symbols.helper_def(*def_index).is_some() => {
                        self.stmt(*def_index, depth + 1)?;
                    }
                    _ => return None,
                }
            }
            Some(())
        }
    }
    /// The names statements bind in their own scope (assignment and loop targets).
    fn own_names(body: &[numrs_syntax::ast::Stmt], own: &mut Vec<String>) {
        numrs_syntax::visit::for_each_stmt(body, false, &mut |s| {
            let targets: Vec<&numrs_syntax::ast::Expr> = match &s.kind {
                StmtKind::Assign { targets, .. } => targets.iter().collect(),
                // (`x += ...` reads the `x` bound before: not the statement's own.)
                StmtKind::AnnAssign { target, .. } | StmtKind::For { target, .. } => vec![target],
                _ => Vec::new(),
            };
            for t in targets {
                if let ExprKind::Name(n) = &t.kind {
                    own.push(n.clone());
                }
                if let ExprKind::Tuple(items) | ExprKind::List(items) = &t.kind {
                    own.extend(items.iter().filter_map(|i| match &i.kind {
                        ExprKind::Name(n) => Some(n.clone()),
                        _ => None,
                    }));
                }
            }
        });
    }
    let mut needed = Needed { db, file, info, module: &skeleton.module, stmts: Default::default(), prelude: String::new(), made: Default::default() };
    // Each value is read right after its binding and the statements changing it in place
    // (before a later binding of the name: a function with an explicit signature freezes
    // the binding before its `def`).
    let mut captures: std::collections::BTreeMap<usize, Vec<String>> = Default::default();
    let mut types = Vec::new();
    for (k, (name, at, _)) in wanted.iter().enumerate() {
        let index = skeleton.module.body.iter().position(|s| s.span.start == *at)?;
        needed.stmt(index, 0)?;
        let stmt = &skeleton.module.body[index];
        let rebound = info.symbols.bindings_of(name).map(|b| b.stmt_span.start).filter(|s| *s > stmt.span.end).min().unwrap_or(u32::MAX);
        let mut last = index;
        for m in numrs_hir::mutating_stmts(name, stmt.span.end, rebound, &skeleton.module, &info.symbols) {
            needed.stmt(m, 0)?;
            last = last.max(m);
        }
        let function = match &stmt.kind {
            StmtKind::Assign { value, .. } => {
                numrs_hir::ctypes_function_pointer(value, &info.symbols, stmt.span.start).is_some()
                    || numrs_hir::library_function(name, value, &skeleton.module, &info.symbols, stmt.span.start).is_some()
            }
            _ => false,
        };
        // A ctypes function object passes its address.
        let (line, ty) = if function {
            (format!("__numrs_value_{k} = __import__('ctypes').cast({name}, __import__('ctypes').c_void_p).value\n"), Type::int64())
        } else {
            (format!("__numrs_value_{k} = {name}\n"), import_time_type(db, file, info, name, stmt)?)
        };
        captures.entry(last).or_default().push(line);
        types.push(ty);
    }
    let mut snippet = std::mem::take(&mut needed.prelude);
    for &index in &needed.stmts {
        let (chunk, _) = numrs_db::module_chunk(db, file, skeleton.module.body[index].span.start)?;
        snippet.push_str(chunk.text(db));
        snippet.push('\n');
        for line in captures.remove(&index).unwrap_or_default() {
            snippet.push_str(&line);
        }
    }
    let mut slots = Vec::new();
    let mut checks = String::new();
    for (k, ((name, _, symbol), ty)) in wanted.iter().zip(types).enumerate() {
        let passed = match &ty {
            Type::Array(x) => Type::Array(Arc::new(numrs_types::ArrayType { readonly: false, ..(**x).clone() })),
            t => t.clone(),
        };
        checks.push_str(&format!(
            "        ({}, __numrs_set_{k}, {}),\n",
            numrs_hir::python_str_repr(name),
            numrs_hir::python_str_repr(&passed.to_string())
        ));
        slots.push(numrs_codegen::ImportedSlot { symbol: symbol.to_string(), ty });
    }
    let n = slots.len();
    let source = format!(
        "def __numrs_import_values():\n\
         \x20   import numpy\n\
         \x20   from numrs_runtime import typeof\n\
         \x20   ns = {{'__numrs_module': globals()}}\n\
         \x20   exec(compile({snippet}, {file}, 'exec'), ns)\n\
         \x20   kept = []\n\
         \x20   for k, (name, setter, built) in enumerate((\n{checks}    )):\n\
         \x20       value = ns['__numrs_value_%d' % k]\n\
         \x20       if isinstance(value, numpy.ndarray):\n\
         \x20           value = value.copy(order='K')\n\
         \x20           kept.append(value)\n\
         \x20       made = typeof(value)\n\
         \x20       if made != built:\n\
         \x20           raise ImportError('numrs: the module-level value %r is %s when the module is imported, where numrs build made it %s; build the module again' % (name, made, built))\n\
         \x20       setter(value)\n\
         \x20   return kept\n\
         __numrs_kept = __numrs_import_values()\n\
         del __numrs_import_values{dels}\n",
        snippet = numrs_hir::python_str_repr(&snippet),
        file = numrs_hir::python_str_repr(&own_location_file(db, file)),
        dels = (0..n).map(|k| format!(", __numrs_set_{k}")).collect::<String>(),
    );
    Some((slots, source))
}

/// The module's exception classes (module-level classes deriving from built-in exceptions,
/// which its jit code may raise, as Numba raises them) and the Python that makes them in the
/// built module's namespace: their statements in module order, after what their bodies read
/// (imports, constants and plain functions, as for an objmode block). `None`: it has none.
fn exception_classes_source(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, module_name: &str) -> Option<(Vec<String>, String)> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let skeleton = numrs_db::skeleton(db, file);
    let mut names = Vec::new();
    let mut classes = String::new();
    let mut reads = Vec::new();
    let mut python_functions = Vec::new();
    for (index, stmt) in skeleton.module.body.iter().enumerate() {
        // `@jit(forceobj=True)`: Numba runs it in object mode, as Python; so does the built
        // module (its source without the decorator).
        if let Some(jit) = info.functions.iter().find(|f| f.def_stmt_index == index && matches!(f.kind, numrs_hir::JitKind::ObjectMode)) {
            let Some((chunk, _)) = numrs_db::module_chunk(db, file, stmt.span.start) else { continue };
            let text = chunk.text(db);
            let def_at = text.match_indices("def ").map(|(i, _)| i).find(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n');
            let Some(def_at) = def_at else { continue };
            // Compiled with its lines where they are in the file, for tracebacks.
            let line = numrs_db::line_index(db, file).line_col(numrs_db::positions(db, file).to_file(jit.def_line_offset)).line as usize;
            let def_text = format!("{}{}", "\n".repeat(line.saturating_sub(1)), &text[def_at..]);
            classes.push_str(&format!(
                "exec(compile({}, {}, 'exec'), globals())\n",
                numrs_hir::python_str_repr(&def_text),
                numrs_hir::python_str_repr(&own_location_file(db, file))
            ));
            numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
                if let ExprKind::Name(n) = &e.kind {
                    reads.push(n.clone());
                }
            });
            python_functions.push(jit.name.to_string());
            continue;
        }
        // The module's named tuple classes: compiled code's named tuples are boxed as their
        // instances.
        let namedtuple = info
            .symbols
            .bindings
            .iter()
            .find(|b| b.stmt_index == index && numrs_check::namedtuple_class_type(db, file, info, b).is_some());
        if let Some(b) = namedtuple {
            let Some((chunk, _)) = numrs_db::module_chunk(db, file, stmt.span.start) else { continue };
            let mut own_reads = Vec::new();
            numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
                if let ExprKind::Name(n) = &e.kind {
                    own_reads.push(n.clone());
                }
            });
            // A list of field names bound to a module-level name (`FIELDS = ["a", "b"]`): its
            // statement first.
            for n in &own_reads {
                let Some(fb) = info.symbols.lookup(n, Some(stmt.span.start)) else { continue };
                let literal_names = matches!(&fb.value, Some(v) if matches!(&v.kind, ExprKind::List(items) | ExprKind::Tuple(items)
                    if items.iter().all(|i| matches!(&i.kind, ExprKind::Constant(numrs_syntax::ast::Constant::Str(_))))));
                if fb.kind == numrs_hir::BindingKind::Other && literal_names {
                    if let Some(fstmt) = skeleton.module.body.get(fb.stmt_index) {
                        if let Some((fchunk, _)) = numrs_db::module_chunk(db, file, fstmt.span.start) {
                            classes.push_str(fchunk.text(db));
                            classes.push('\n');
                        }
                    }
                }
            }
            classes.push_str(chunk.text(db));
            classes.push('\n');
            reads.extend(own_reads);
            names.push(b.name.clone());
            continue;
        }
        // An instance of a named tuple class made from constants (vectorbt's enums,
        // `Direction = DirectionT(0, 2)`), which a later class's field default may read.
        if numrs_check::namedtuple_instance(db, file, info, stmt).is_some() {
            let Some((chunk, _)) = numrs_db::module_chunk(db, file, stmt.span.start) else { continue };
            classes.push_str(chunk.text(db));
            classes.push('\n');
            numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
                if let ExprKind::Name(n) = &e.kind {
                    reads.push(n.clone());
                }
            });
            continue;
        }
        let StmtKind::ClassDef(class) = &stmt.kind else { continue };
        // Exception classes (compiled code raises them) and enum classes (compiled code
        // returns their members).
        if !numrs_check::is_exception_class(db, file, info, &class.name) && !numrs_check::is_enum_class(db, file, info, &class.name) {
            continue;
        }
        let Some((chunk, _)) = numrs_db::module_chunk(db, file, stmt.span.start) else { continue };
        classes.push_str(chunk.text(db));
        classes.push('\n');
        numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
            if let ExprKind::Name(n) = &e.kind {
                reads.push(n.clone());
            }
        });
        names.push(class.name.clone());
    }
    if names.is_empty() && python_functions.is_empty() {
        return None;
    }
    // What the classes read that the module binds: imports, constants, plain functions (not
    // its jit functions or classes, which do not exist yet when the classes are made).
    let plain: Vec<String> = reads
        .into_iter()
        .filter(|n| !names.contains(n) && !python_functions.contains(n))
        .filter(|n| match info.symbols.lookup(n, None).map(|b| &b.kind) {
            Some(numrs_hir::BindingKind::Function { def_index }) => !info.functions.iter().any(|f| f.name == *n && f.def_stmt_index == *def_index),
            Some(numrs_hir::BindingKind::Class | numrs_hir::BindingKind::Other) | None => false,
            Some(_) => true,
        })
        .collect();
    let prelude = objmode_prelude(db, file, info, &plain, module_name).unwrap_or_default();
    Some((names, prelude + &classes))
}

/// The path compiled code of `file` names its source by (as `SourceLocation::file`).
fn own_location_file(db: &dyn numrs_db::Db, file: SourceFile) -> String {
    let path = file.path(db);
    std::path::absolute(path).map_or_else(|_| path.to_string(), |a| a.to_string_lossy().into_owned())
}

/// The Python line that binds `name` as `kind` does, for an import (each tolerating an
/// `ImportError`, so that `numba` need not be installed; not a relative one) or a constant;
/// none for other kinds.
fn binding_source(name: &str, kind: &numrs_hir::BindingKind) -> Option<String> {
    use numrs_hir::BindingKind;
    let guarded = |stmt: String| format!("try:\n    {stmt}\nexcept ImportError:\n    pass\n");
    Some(match kind {
        BindingKind::Module(m) if *m == name => guarded(format!("import {m}")),
        BindingKind::Module(m) => guarded(format!("import {m} as {name}")),
        BindingKind::ImportedName { module, .. } if module.starts_with('.') => return None,
        // Numba's Python helpers numrs_runtime has its own of (`carray`/`farray`,
        // `get_cython_function_address`): those where numba is not installed.
        BindingKind::ImportedName { module, name: orig }
            if matches!(
                (module.as_str(), orig.as_str()),
                ("numba" | "numba.np.numpy_support", "carray" | "farray") | ("numba.extending" | "numba.core.extending", "get_cython_function_address")
            ) =>
        {
            format!("try:\n    from {module} import {orig} as {name}\nexcept ImportError:\n    {name} = __import__('numrs_runtime')._ccallback().{orig}\n")
        }
        BindingKind::ImportedName { module, name: orig } => guarded(format!("from {module} import {orig} as {name}")),
        BindingKind::StarImport(m) => guarded(format!("from {m} import *")),
        BindingKind::Constant(v) => format!("{name} = {}\n", v.python_repr()),
        _ => return None,
    })
}

/// Python that makes the module-level names an objmode block reads, outside its module: its
/// imports (each tolerating an `ImportError`, so that `numba` need not be installed), its
/// constants, the plain functions it calls (their source, and what they read in turn), and
/// its jit functions (the built module's). A name of another kind is an error.
fn objmode_prelude(db: &dyn numrs_db::Db, file: SourceFile, info: &queries::ModuleInfo, names: &[String], module_name: &str) -> Result<String, String> {
    use numrs_hir::BindingKind;
    let skeleton = numrs_db::skeleton(db, file);
    let mut out = String::new();
    let mut done = std::collections::HashSet::new();
    // (name, read by the block itself)
    let mut pending: Vec<(String, bool)> = names.iter().rev().map(|n| (n.clone(), true)).collect();
    while let Some((name, direct)) = pending.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        let Some(binding) = info.symbols.lookup(&name, None) else { continue };
        if let Some(line) = binding_source(&name, &binding.kind) {
            out.push_str(&line);
            continue;
        }
        match &binding.kind {
            BindingKind::ImportedName { module, .. } if module.starts_with('.') => {
                if direct {
                    return Err(format!("the objmode block reads '{name}', imported relatively from '{module}', which numrs build cannot import outside the package yet"));
                }
            }
            BindingKind::Function { def_index } => {
                if info.functions.iter().any(|f| f.name == name && f.def_stmt_index == *def_index) {
                    // A jit function: the built module's dispatcher.
                    out.push_str(&format!("from {module_name} import {name}\n"));
                    continue;
                }
                let def = match skeleton.module.body.get(*def_index).map(|s| &s.kind) {
                    Some(numrs_syntax::ast::StmtKind::FunctionDef(def)) if def.decorators.is_empty() && def.name == name => def,
                    _ => {
                        if direct {
                            return Err(format!("the objmode block calls '{name}', a function numrs build cannot recreate outside its module (it is decorated or defined conditionally)"));
                        }
                        continue;
                    }
                };
                // The whole statement (the skeleton leaves bodies out).
                let Some((chunk, _)) = numrs_db::module_chunk(db, file, def.name_span.start) else { continue };
                out.push_str(chunk.text(db));
                out.push('\n');
                let mut reads = Vec::new();
                numrs_syntax::visit::for_each_expr(&numrs_db::parse_chunk(db, chunk).module.body, true, &mut |e| {
                    if let numrs_syntax::ast::ExprKind::Name(n) = &e.kind {
                        reads.push(n.clone());
                    }
                });
                pending.extend(reads.into_iter().map(|n| (n, false)));
            }
            BindingKind::Class | BindingKind::Other => {
                if direct {
                    return Err(format!(
                        "the objmode block reads '{name}', a module-level value numrs build cannot recreate outside its module (an objmode block may use imports, constants, plain functions and jit functions of its module)"
                    ));
                }
            }
            // Made by `binding_source` above.
            BindingKind::Module(_) | BindingKind::StarImport(_) | BindingKind::ImportedName { .. } | BindingKind::Constant(_) => {}
        }
    }
    Ok(out)
}


/// A `@vectorize` function's `identity=` as NumPy codes it (Numba's
/// `_BaseVectorize.get_identity`: 0, 1, "reorderable"; otherwise none).
fn ufunc_identity(f: &numrs_hir::JitFunction) -> Option<i32> {
    if f.kind != numrs_hir::JitKind::Vectorize {
        return None;
    }
    Some(match f.options.ufunc_identity()? {
        numrs_hir::UfuncIdentity::Zero => 0,
        numrs_hir::UfuncIdentity::One => 1,
        numrs_hir::UfuncIdentity::Reorderable => -2,
    })
}
