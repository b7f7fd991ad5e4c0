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
                _ => GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'")),
            };
        }
        match numrs_typing::builtin_global(name) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(format!("name '{name}' is not defined")),
        }
    }

    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type]) -> Result<Type, InferError> {
        let func = FunctionKey::new(self.db, self.file, dispatcher.id as u32);
        let args: Vec<Type> = args.iter().map(Type::unliteral).collect();
        if InferenceStack::contains(dispatcher.id as u32, &args) {
            // A recursive call: like Numba, type the function partially (skipping recursive
            // calls) and use the return type of its non-recursive paths.
            return self.partial_return_type(func, &args);
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
    fn partial_return_type(&self, func: FunctionKey<'_>, args: &[Type]) -> Result<Type, InferError> {
        let Some(ir) = crate::queries::function_ir(self.db, func) else {
            return Err(InferError::typing("recursion-without-signature", "cannot type infer runaway recursion", None));
        };
        let env = FileEnv { db: self.db, file: self.file, info: self.info, visible_before: self.visible_before };
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
    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type]) -> Result<Type, InferError> {
        let args: Vec<Type> = args.iter().map(Type::unliteral).collect();
        if InferenceStack::contains(dispatcher.id as u32, &args) {
            return Err(InferError::typing("recursion-without-signature", "recursive call skipped", None));
        }
        self.inner.call_dispatcher(dispatcher, &args)
    }
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        self.inner.resolve_module_attr(module, attr)
    }
}
