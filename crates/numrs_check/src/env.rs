//! The inference environment of one file: how global names and calls to other jit functions
//! are typed.

use std::sync::Arc;

use numrs_db::{Db, SourceFile};
use numrs_hir::BindingKind;
use numrs_infer::{Environment, GlobalValue, InferError};
use numrs_types::{DispatcherRef, Type};

use crate::queries::{infer_spec, FunctionKey, ModuleInfo, SpecKey};

pub(crate) struct FileEnv<'a> {
    pub db: &'a dyn Db,
    pub file: SourceFile,
    pub info: &'a Arc<ModuleInfo>,
    pub visible_before: Option<u32>,
    /// Calls to lazily compiled jit functions made while typing: (dispatcher id, arguments).
    pub calls: std::cell::RefCell<Vec<(u64, Vec<Type>)>>,
}

fn const_value_type(value: &numrs_hir::ConstValue) -> Option<Type> {
    use numrs_hir::ConstValue as C;
    Some(match value {
        C::Int(v) => Type::IntegerLiteral(*v),
        C::Float(_) => Type::float64(),
        C::Complex { .. } => Type::complex128(),
        C::Bool(b) => Type::BooleanLiteral(*b),
        C::Str(s) => Type::StringLiteral(s.as_str().into()),
        C::None => Type::NoneType,
        C::Tuple(items) => Type::tuple(items.iter().map(|i| const_value_type(i).map(|t| t.unliteral())).collect::<Option<Vec<_>>>()?),
        C::BigInt(_) => return None,
    })
}

impl Environment for FileEnv<'_> {
    fn resolve_global(&self, name: &str) -> GlobalValue {
        let binding = self.info.symbols.lookup(name, self.visible_before);
        if let Some(b) = binding {
            return match &b.kind {
                BindingKind::Module(m) => GlobalValue::Type(Type::Module(m.as_str().into())),
                BindingKind::ImportedName { module, name: imported } => {
                    match numrs_typing::resolve_module_attr(module, imported) {
                        Some(t) => GlobalValue::Type(t),
                        None if is_module(module, imported) => {
                            GlobalValue::Type(Type::Module(format!("{module}.{imported}").into()))
                        }
                        None => GlobalValue::Untyped(format!("cannot determine Numba type of '{module}.{imported}'")),
                    }
                }
                BindingKind::Function { def_index } => {
                    let jit = self.info.functions.iter().find(|f| f.def_stmt_index == *def_index && f.name == name);
                    if let Some(jit) = jit {
                        GlobalValue::Type(Type::Dispatcher(DispatcherRef { name: name.into(), id: jit.def_line_offset as u64 }))
                    } else {
                        GlobalValue::Untyped(format!("Cannot determine Numba type of <class 'function'>; '{name}' is a plain Python function, decorate it with @njit"))
                    }
                }
                BindingKind::Constant(v) => match const_value_type(v) {
                    Some(t) => GlobalValue::Type(t),
                    None => GlobalValue::Untyped(format!("cannot determine Numba type of the value of '{name}'")),
                },
                BindingKind::Other => self.global_value_type(b, name),
                _ => GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'")),
            };
        }
        match numrs_typing::builtin_global(name) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(format!("name '{name}' is not defined")),
        }
    }

    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let func = FunctionKey::new(self.db, self.file, dispatcher.id as u32);
        let args = self.bind_arguments(dispatcher, args, kws)?;
        if let Some(result) = self.call_frozen_dispatcher(dispatcher, &args) {
            return result;
        }
        if InferenceStack::contains(dispatcher.id as u32, &args) {
            // A recursive call: like Numba, type the function partially (skipping recursive
            // calls) and use the return type of its non-recursive paths.
            return self.partial_return_type(func, &args);
        }
        {
            let mut calls = self.calls.borrow_mut();
            if !calls.iter().any(|(id, a)| *id == dispatcher.id && *a == args) {
                calls.push((dispatcher.id, args.clone()));
            }
        }
        let key = SpecKey::new(self.db, func, args, None, None);
        match &infer_spec(self.db, key).outcome {
            Ok(t) => Ok(t.clone()),
            Err(e) => {
                let mut e = e.clone();
                e.notes.push(format!("during: typing of call to '{}'", dispatcher.name));
                Err(e)
            }
        }
    }

    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        numrs_typing::resolve_module_attr(module, attr)
            .or_else(|| is_module(module, attr).then(|| Type::Module(format!("{module}.{attr}").into())))
    }
}

fn is_module(module: &str, attr: &str) -> bool {
    matches!((module, attr), ("numpy", "linalg" | "random" | "fft") | ("numba", "typed" | "types" | "cuda" | "core"))
}

thread_local! {
    static STACK: std::cell::RefCell<Vec<(u32, Vec<Type>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The specialisations being inferred on this thread (Numba's typing call stack), used to
/// recognise recursive calls.
pub(crate) struct InferenceStack;

impl InferenceStack {
    pub(crate) fn enter(function: u32, args: Vec<Type>) -> InferenceStackGuard {
        STACK.with(|s| s.borrow_mut().push((function, args)));
        InferenceStackGuard
    }
    fn contains(function: u32, args: &[Type]) -> bool {
        STACK.with(|s| s.borrow().iter().any(|(f, a)| *f == function && a.as_slice() == args))
    }
}

pub(crate) struct InferenceStackGuard;

impl Drop for InferenceStackGuard {
    fn drop(&mut self) {
        STACK.with(|s| {
            s.borrow_mut().pop();
        });
    }
}

impl FileEnv<'_> {
    /// A callee with explicit signatures is compiled eagerly and then frozen: a call must
    /// match one of its signatures (Numba's overload selection by conversion ranking).
    fn call_frozen_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type]) -> Option<Result<Type, InferError>> {
        let jit = self.info.functions.iter().find(|f| f.def_line_offset as u64 == dispatcher.id)?;
        if jit.signatures.is_empty() {
            return None;
        }
        let mut best: Option<(numrs_types::Rating, &numrs_hir::SigSpec)> = None;
        for sig in &jit.signatures {
            if let Some(r) = numrs_types::Rating::rate(args, &sig.args, true, false) {
                if best.as_ref().is_none_or(|(b, _)| r < *b) {
                    best = Some((r, sig));
                }
            }
        }
        let Some((_, sig)) = best else {
            let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            let available = jit
                .signatures
                .iter()
                .map(|s| format!("({})", s.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")))
                .collect::<Vec<_>>()
                .join(", ");
            return Some(Err(InferError::typing(
                "invalid-call",
                format!(
                    "'{}' is compiled only for {available}; no signature accepts ({shown})",
                    dispatcher.name
                ),
                None,
            )));
        };
        let func = FunctionKey::new(self.db, self.file, dispatcher.id as u32);
        if InferenceStack::contains(dispatcher.id as u32, &sig.args) {
            return Some(match &sig.return_type {
                Some(t) => Ok(t.clone()),
                None => self.partial_return_type(func, &sig.args),
            });
        }
        let stmt_end = numrs_db::parse(self.db, self.file).module.body.get(jit.def_stmt_index).map(|s| s.span.end);
        let key = SpecKey::new(self.db, func, sig.args.clone(), sig.return_type.clone(), stmt_end);
        Some(match &infer_spec(self.db, key).outcome {
            Ok(t) => Ok(t.clone()),
            Err(e) => {
                let mut e = e.clone();
                e.notes.push(format!("during: typing of call to '{}'", dispatcher.name));
                Err(e)
            }
        })
    }

    /// The type of a module-level value numrs can evaluate without running the module: NumPy
    /// arrays built from constants (typed as Numba types global arrays: read-only constants),
    /// and the reflected-list error Numba gives for global lists.
    fn global_value_type(&self, binding: &numrs_hir::Binding, name: &str) -> GlobalValue {
        use numrs_syntax::ast::{ExprKind, StmtKind};
        let parsed = numrs_db::parse(self.db, self.file);
        let value = match parsed.module.body.get(binding.stmt_index).map(|s| &s.kind) {
            Some(StmtKind::Assign { value, .. }) => value,
            Some(StmtKind::AnnAssign { value: Some(value), .. }) => value,
            _ => return GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'")),
        };
        match &value.kind {
            ExprKind::List(_) => {
                return GlobalValue::Untyped(format!(
                    "the use of a reflected list assigned to variable '{name}' in globals is not supported; use a tuple or a NumPy array"
                ))
            }
            ExprKind::Dict { .. } | ExprKind::Set(_) => {
                return GlobalValue::Untyped(format!("global dicts and sets ('{name}') cannot be used in nopython mode"))
            }
            _ => {}
        }
        match crate::globals::static_array_type(value, &self.info.symbols) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(format!(
                "cannot determine Numba type of global '{name}' without running the module (numrs evaluates constants and NumPy arrays built from constants)"
            )),
        }
    }

    /// Bind call arguments to the callee's parameters as Python does: positionals, then
    /// keywords, then defaults (a default is typed as its literal, like Numba's `omitted`).
    pub(crate) fn bind_arguments(
        &self,
        dispatcher: &DispatcherRef,
        args: &[Type],
        kws: &[(String, Type)],
    ) -> Result<Vec<Type>, InferError> {
        let parsed = numrs_db::parse(self.db, self.file);
        let Some(def) = numrs_hir::find_def(&parsed.module, dispatcher.id as u32) else {
            return Ok(args.iter().map(Type::unliteral).collect());
        };
        let params: Vec<&numrs_syntax::ast::Param> = def.params.positional().chain(def.params.kwonly.iter()).collect();
        let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
        let shown = || {
            format!(
                "args=({}) kws={{{}}}",
                args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
                kws.iter().map(|(k, t)| format!("'{k}': {t}")).collect::<Vec<_>>().join(", ")
            )
        };
        let bind_error = |why: String| {
            InferError::typing(
                "invalid-call",
                format!("Cannot bind '{}' to signature '({})' of '{}': {why}", shown(), names.join(", "), dispatcher.name),
                None,
            )
        };
        let positional_count = def.params.positional().count();
        // `*args`: the extra positionals are packed into one tuple argument (Numba's
        // StarArgTuple), literals and all.
        let (args, star): (&[Type], Option<Type>) = if def.params.vararg.is_some() {
            let split = args.len().min(positional_count);
            (&args[..split], Some(Type::tuple(args[split..].to_vec())))
        } else {
            (args, None)
        };
        if args.len() > positional_count {
            return Err(bind_error(format!(
                "too many positional arguments ({} given, {} accepted)",
                args.len(),
                positional_count
            )));
        }
        let mut bound: Vec<Option<Type>> = vec![None; params.len()];
        // Numba compiles the callee for the caller's argument types, literals included.
        for (i, t) in args.iter().enumerate() {
            bound[i] = Some(t.clone());
        }
        for (k, t) in kws {
            match names.iter().position(|n| n == k) {
                Some(i) if bound[i].is_none() => bound[i] = Some(t.clone()),
                Some(_) => return Err(bind_error(format!("multiple values for argument '{k}'"))),
                None => return Err(bind_error(format!("unexpected keyword argument '{k}'"))),
            }
        }
        let mut out = Vec::new();
        for (i, slot) in bound.into_iter().enumerate() {
            match slot {
                Some(t) => out.push(t),
                None => match params[i].default.as_ref().and_then(numrs_hir::ConstValue::from_expr).and_then(|v| const_value_type(&v)) {
                    Some(t) => out.push(t),
                    None if params[i].default.is_some() => {
                        return Err(bind_error(format!("the default value of '{}' cannot be typed", params[i].name)))
                    }
                    None => return Err(bind_error(format!("missing a required argument: '{}'", params[i].name))),
                },
            }
            if i + 1 == positional_count {
                if let Some(t) = &star {
                    out.push(t.clone());
                }
            }
        }
        if positional_count == 0 {
            if let Some(t) = star {
                out.insert(0, t);
            }
        }
        Ok(out)
    }

    fn partial_return_type(&self, func: FunctionKey<'_>, args: &[Type]) -> Result<Type, InferError> {
        let Some(ir) = crate::queries::function_ir(self.db, func) else {
            return Err(InferError::typing("recursion-without-signature", "cannot type infer runaway recursion", None));
        };
        let env = FileEnv {
            db: self.db,
            file: self.file,
            info: self.info,
            visible_before: self.visible_before,
            calls: Default::default(),
        };
        let req = numrs_infer::InferRequest { ir, args, return_type: None, locals: &[], env: &PartialEnv { inner: &env }, partial: true };
        numrs_infer::infer_function(&req).outcome
    }
}

/// During partial typing, recursive calls do not type (their result stays unknown).
struct PartialEnv<'a, 'b> {
    inner: &'a FileEnv<'b>,
}

impl Environment for PartialEnv<'_, '_> {
    fn resolve_global(&self, name: &str) -> GlobalValue {
        self.inner.resolve_global(name)
    }
    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let bound = self.inner.bind_arguments(dispatcher, args, kws)?;
        if InferenceStack::contains(dispatcher.id as u32, &bound) {
            return Err(InferError::typing("recursion-without-signature", "recursive call skipped", None));
        }
        self.inner.call_dispatcher(dispatcher, args, kws)
    }
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        self.inner.resolve_module_attr(module, attr)
    }
}
