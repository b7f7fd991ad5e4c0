//! The inference environment of one function: how global names and calls to other jit
//! functions are typed.

use std::sync::Arc;

use numrs_db::Db;
use numrs_hir::{BindingKind, JitKind};
use numrs_infer::{Environment, GlobalValue, InferError};
use numrs_types::{DispatcherRef, Type};

use crate::queries::{function_facts, infer_spec, is_eager, module_info, FunctionKey, GlobalKey, SpecKey};

pub(crate) struct FileEnv<'a> {
    pub db: &'a dyn Db,
    pub function: FunctionKey<'a>,
    /// Calls to lazily compiled jit functions made while typing: (callee, bound arguments).
    pub calls: std::cell::RefCell<Vec<(DispatcherRef, Vec<Type>)>>,
}

/// The type of a module-level constant (literals for ints, bools and strings).
pub(crate) fn const_value_type(value: &numrs_hir::ConstValue) -> Option<Type> {
    use numrs_hir::ConstValue as C;
    Some(match value {
        C::Int(v) => Type::IntegerLiteral(*v),
        C::Float(_) => Type::float64(),
        C::Complex { .. } => Type::complex128(),
        C::Bool(b) => Type::BooleanLiteral(*b),
        C::Str(s) => Type::StringLiteral(s.as_str().into()),
        C::None => Type::NoneType,
        C::Tuple(items) => {
            Type::tuple(items.iter().map(|i| const_value_type(i).map(|t| t.unliteral())).collect::<Option<Vec<_>>>()?)
        }
        C::BigInt(_) => return None,
    })
}

/// The type of a module-level name bound to a constant, as Numba's `typeof_global` types it:
/// [`const_value_type`], except that a tuple whose items can all be literals (ints, bools,
/// strings) is a tuple of those literals (`SHAPE = (2, 3)`: `SHAPE[1]` is `Literal[int](3)`).
pub(crate) fn global_constant_type(value: &numrs_hir::ConstValue) -> Option<Type> {
    use numrs_hir::ConstValue as C;
    match value {
        C::Tuple(items) if items.iter().all(|i| matches!(i, C::Int(_) | C::Bool(_) | C::Str(_))) => {
            Some(Type::tuple(items.iter().map(const_value_type).collect::<Option<Vec<_>>>()?))
        }
        other => const_value_type(other),
    }
}

/// Resolve a global name for a function (the body of the `resolve_global` query).
pub(crate) fn resolve_global_uncached(db: &dyn Db, function: FunctionKey<'_>, name: &str) -> GlobalValue {
    let file = function.file(db);
    let info = module_info(db, file);
    let visible_before = if is_eager(db, function) {
        function.jit(db).and_then(|jit| numrs_db::skeleton(db, file).module.body.get(jit.def_stmt_index)).map(|s| s.span.end)
    } else {
        None
    };
    // A factory's parameter the function closes over: the value the factory call gave it.
    if let Some((_, v)) = function.jit(db).and_then(|j| j.captured.as_ref()).and_then(|c| c.iter().find(|(n, _)| n == name)) {
        return match global_constant_type(v) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(format!("cannot determine Numba type of the captured value '{name}'")),
        };
    }
    // A factory's parameter given an array made from constants: Numba's type of the frozen
    // array.
    if let Some((_, e, at)) = function.jit(db).and_then(|j| j.captured_arrays.iter().find(|(n, _, _)| n == name)) {
        let skeleton = numrs_db::skeleton(db, file);
        return match numrs_hir::captured_array(e, *at, &skeleton.module, &info.symbols) {
            Some(a) => GlobalValue::Type(Type::array_ro(Type::Number(a.dtype), a.shape.len() as u32, numrs_types::Layout::C, true)),
            None => GlobalValue::Untyped(format!("cannot determine Numba type of the captured value '{name}'")),
        };
    }
    // A factory's parameter given a module-level name: what that name is.
    if let Some((_, target)) = function.jit(db).and_then(|j| j.captured_names.iter().find(|(n, _)| n == name)) {
        return match info.symbols.lookup(target, None) {
            Some(b) => binding_value(db, file, info, b, target, 0),
            None => GlobalValue::Untyped(format!("name '{target}' is not defined")),
        };
    }
    let Some(b) = info.symbols.lookup(name, visible_before) else {
        return match numrs_typing::builtin_global(name) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(undefined_name(name)),
        };
    };
    // A value or function bound in more than one place, one of them inside a module-level
    // `if`/`try`/loop: which one the module ran is not known without running it.
    if matches!(b.kind, BindingKind::Constant(_) | BindingKind::Other | BindingKind::Function { .. }) {
        let skeleton = numrs_db::skeleton(db, file);
        let nested = |x: &numrs_hir::Binding| skeleton.module.body.get(x.stmt_index).is_none_or(|s| s.span != x.stmt_span);
        let values: Vec<&numrs_hir::Binding> = info
            .symbols
            .bindings_of(name)
            .filter(|x| visible_before.is_none_or(|off| x.stmt_span.start < off))
            .filter(|x| matches!(x.kind, BindingKind::Constant(_) | BindingKind::Other | BindingKind::Function { .. }))
            .collect();
        if values.len() > 1 && values.iter().any(|x| nested(x)) {
            return GlobalValue::Untyped(format!(
                "cannot determine Numba type of global '{name}' without running the module: it is bound in more than one place, inside a module-level if, try or loop"
            ));
        }
    }
    binding_value(db, file, info, b, name, 0)
}

/// Why a name the module does not bind has no Numba type: a Python builtin Numba does not
/// support (`reversed`, `input`: Numba cannot type the class or function object), or a name
/// that is not defined at all.
fn undefined_name(name: &str) -> String {
    // The builtin classes (exceptions are refused elsewhere); the other names are functions.
    const CLASSES: &[&str] = &[
        "bool", "bytearray", "bytes", "classmethod", "complex", "dict", "enumerate", "filter", "float", "frozenset", "int", "list", "map",
        "memoryview", "object", "property", "range", "reversed", "set", "slice", "staticmethod", "str", "super", "tuple", "type", "zip",
    ];
    if !numrs_hir::is_python_builtin(name) {
        return format!("name '{name}' is not defined");
    }
    let class = if CLASSES.contains(&name) || name.starts_with(char::is_uppercase) { "type" } else { "builtin_function_or_method" };
    format!("Cannot determine Numba type of <class '{class}'> (Python's builtin '{name}' is not supported in nopython mode)")
}

/// What the module-level name `name` names where `binding` (an alias of it) is made.
fn resolve_alias_target(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, name: &str, binding: &numrs_hir::Binding, depth: u32) -> GlobalValue {
    if depth > 16 {
        return GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'"));
    }
    match info.symbols.lookup(name, Some(binding.stmt_span.start)) {
        Some(b) => binding_value(db, file, info, b, name, depth + 1),
        None => match numrs_typing::builtin_global(name) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(undefined_name(name)),
        },
    }
}

/// The value of one binding of a module-level name.
fn binding_value(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, b: &numrs_hir::Binding, name: &str, depth: u32) -> GlobalValue {
    match &b.kind {
        BindingKind::Module(m) => GlobalValue::Type(Type::Module(m.as_str().into())),
        // `from builtins import int, round`: the builtins themselves.
        BindingKind::ImportedName { module, name: imported } if module == "builtins" => match numrs_typing::builtin_global(imported) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(undefined_name(imported)),
        },
        // `from numba.typed import typedlist`: the module defining `List` (`numba.typed`'s).
        BindingKind::ImportedName { module, name: imported } if module == "numba.typed" && matches!(imported.as_str(), "typedlist" | "typeddict") => {
            GlobalValue::Type(Type::Module("numba.typed".into()))
        }
        BindingKind::ImportedName { module, name: imported } => match numrs_typing::resolve_module_attr(module, imported) {
            Some(t) => GlobalValue::Type(t),
            None if is_module(module, imported) => GlobalValue::Type(Type::Module(format!("{module}.{imported}").into())),
            None => match overload_of_attribute(db, file, info, module, imported) {
                Some(t) => GlobalValue::Type(t),
                None => match imported_from_user_module(db, file, module, imported) {
                    Some(value) => value,
                    None => GlobalValue::Untyped(format!("cannot determine Numba type of '{module}.{imported}'")),
                },
            },
        },
        BindingKind::Function { def_index } => {
            // The `def` this binding is (one of several under a module-level `if`, say).
            let jit = info.functions.iter().find(|f| f.def_stmt_index == *def_index && f.name == name && f.def_line_offset == b.span.start);
            // A plain function with a `@overload(name)` in the module: jit code calls the
            // overload (its typing function picks an implementation by the argument types).
            // (The typing function itself, when a registration by call makes a function its
            // own overload: `overload(f)(f)`.)
            if jit.is_none() || jit.is_some_and(|j| matches!(&j.kind, JitKind::Other(k) if k == "overload")) {
                if let Some(ol) = overload_of(db, file, info, name) {
                    let key = FunctionKey::of(db, file, info, ol);
                    return GlobalValue::Type(Type::Dispatcher(DispatcherRef { name: ol.name.as_str().into(), id: key.ordinal(db) as u64, file: None }));
                }
            }
            match jit {
                // `@vectorize(..., target="parallel")`: a NumPy ufunc (not Numba's DUFunc), which
                // jit code cannot use.
                Some(jit)
                    if matches!(jit.kind, JitKind::Vectorize | JitKind::GuVectorize) && jit.options.target.as_deref().is_some_and(|t| t != "cpu") =>
                {
                    GlobalValue::Untyped(format!(
                    "Cannot determine Numba type of <class 'numpy.ufunc'>; '{name}' is a ufunc for target '{}', which jit code cannot call (only target 'cpu' makes a ufunc Numba compiles into its callers)",
                    jit.options.target.as_deref().unwrap_or_default()
                ))
                }
                Some(jit) if !jit.bound_by_call => {
                    let key = FunctionKey::of(db, file, info, jit);
                    GlobalValue::Type(Type::Dispatcher(DispatcherRef { name: name.into(), id: key.ordinal(db) as u64, file: None }))
                }
                Some(_) => GlobalValue::Untyped(format!(
                    "Cannot determine Numba type of <class 'function'>; '{name}' is a plain Python function (`njit({name})` returns a new jit function, it does not make '{name}' one): call the name that call's result is bound to"
                )),
                None => GlobalValue::Untyped(format!(
                    "Cannot determine Numba type of <class 'function'>; '{name}' is a plain Python function, decorate it with @njit"
                )),
            }
        }
        // Numba's `typeof` of an int outside int64 and uint64.
        BindingKind::Constant(numrs_hir::ConstValue::Int(v)) if Type::int_literal_base(*v).is_none() => {
            GlobalValue::Untyped(format!("Int value is too large: {v}"))
        }
        BindingKind::Constant(numrs_hir::ConstValue::BigInt(v)) => GlobalValue::Untyped(format!("Int value is too large: {v}")),
        BindingKind::Constant(v) => match global_constant_type(v) {
            Some(t) => GlobalValue::Type(t),
            None => GlobalValue::Untyped(format!("cannot determine Numba type of the value of '{name}'")),
        },
        BindingKind::Other => match info.classes.iter().find(|c| c.bound_at == Some(b.stmt_index) && c.name == name) {
            // `Bag = jitclass(Bag, spec)`.
            Some(class) => GlobalValue::Type(Type::JitClass(jitclass_type(db, file, info, class))),
            None => match namedtuple_class_type(db, file, info, b) {
                Some(t) => GlobalValue::Type(t),
                // A ctypes function object: Numba's `ExternalFunctionPointer` of its C signature.
                None => match b.value.as_ref().and_then(|v| {
                    numrs_hir::ctypes_function_pointer(v, &info.symbols, b.stmt_span.start)
                        .or_else(|| numrs_hir::library_function(name, v, &numrs_db::skeleton(db, file).module, &info.symbols, b.stmt_span.start))
                }) {
                    Some(Ok(sig)) => GlobalValue::Type(Type::ExternalFunctionPointer(Arc::new(sig))),
                    Some(Err(m)) => GlobalValue::Untyped(format!("cannot determine Numba type of the ctypes function '{name}': {m}")),
                    None => global_value_type(db, file, info, b, name, depth),
                },
            },
        },
        BindingKind::Class => match info.classes.iter().find(|c| c.stmt_index == b.stmt_index && c.name == name) {
            Some(class) => GlobalValue::Type(Type::JitClass(jitclass_type(db, file, info, class))),
            None if namedtuple_class_type(db, file, info, b).is_some() => {
                GlobalValue::Type(namedtuple_class_type(db, file, info, b).unwrap_or(Type::Undefined))
            }
            None if is_exception_class(db, file, info, name) => GlobalValue::Type(Type::ExceptionClass(name.into())),
            None if enum_class_type(db, file, info, b).is_some() => match enum_class_type(db, file, info, b) {
                Some(Ok(t)) => GlobalValue::Type(t),
                Some(Err(m)) => GlobalValue::Untyped(m),
                None => GlobalValue::Untyped(format!("cannot determine Numba type of <class '{name}'>")),
            },
            None => GlobalValue::Untyped(format!(
                "cannot determine Numba type of <class '{name}'>: only @jitclass classes can be used in nopython code"
            )),
        },
        _ => GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'")),
    }
}

/// The named tuple class a module-level binding makes (`Point = namedtuple("Point", "x y")`,
/// `class Point(NamedTuple): ...`), as Numba's `NamedTupleClass`.
pub fn namedtuple_class_type(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, b: &numrs_hir::Binding) -> Option<Type> {
    use numrs_syntax::ast::StmtKind;
    let skeleton = numrs_db::skeleton(db, file);
    let stmt = skeleton.module.body.get(b.stmt_index)?;
    let def = match (&b.kind, &stmt.kind) {
        (BindingKind::Other, StmtKind::Assign { value, .. }) => numrs_hir::namedtuple_call(value, &info.symbols, Some(stmt.span.start))?,
        (BindingKind::Class, StmtKind::ClassDef(class)) if class.name == b.name => {
            numrs_hir::typed_namedtuple_class(class, &info.symbols, Some(stmt.span.start))?
        }
        _ => return None,
    };
    Some(Type::NamedTupleClass(Arc::new(numrs_types::NamedTupleClassType {
        name: def.name.as_str().into(),
        module: module_of_path(file.path(db)).into(),
        fields: def.fields.iter().map(|f| f.as_str().into()).collect(),
        defaults: def.defaults,
    })))
}

/// A module-level instance of one of the module's named tuple classes made from constants
/// (`CFG = Config(0.5, 3)`, keywords too): Numba's `NamedTuple`/`NamedUniTuple` of the items'
/// types, and the items in field order.
pub fn namedtuple_instance(
    db: &dyn Db,
    file: numrs_db::SourceFile,
    info: &crate::queries::ModuleInfo,
    stmt: &numrs_syntax::ast::Stmt,
) -> Option<(Type, Vec<numrs_hir::ConstValue>)> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let StmtKind::Assign { value, .. } = &stmt.kind else { return None };
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    // The class by name, or made in place (`namedtuple("C", ["a", "b"])(3, 4)`).
    let (name, fields): (Arc<str>, Vec<Arc<str>>) = match &func.kind {
        ExprKind::Name(cls) => {
            let b = info.symbols.lookup(cls, Some(stmt.span.start))?;
            let Some(Type::NamedTupleClass(class)) = namedtuple_class_type(db, file, info, b) else { return None };
            (class.name.clone(), class.fields.clone())
        }
        ExprKind::Call { .. } => {
            let def = numrs_hir::namedtuple_call(func, &info.symbols, Some(stmt.span.start))?;
            (def.name.as_str().into(), def.fields.iter().map(|f| f.as_str().into()).collect())
        }
        _ => return None,
    };
    let fold = |e: &numrs_syntax::ast::Expr| info.symbols.fold_constant(e, stmt.span.start, &[]);
    // Positional arguments, a `*` of a constant tuple or of `range(...)` of constants spread
    // (vectorbt's enums: `RangeStatus = RangeStatusT(*range(2))`).
    let mut positional: Vec<numrs_hir::ConstValue> = Vec::new();
    for a in args {
        match &a.kind {
            ExprKind::Starred(inner) => match fold(inner) {
                Some(numrs_hir::ConstValue::Tuple(items)) => positional.extend(items),
                _ => positional.extend(constant_range(inner, &fold)?.into_iter().map(numrs_hir::ConstValue::Int)),
            },
            _ => positional.push(fold(a)?),
        }
    }
    // Defaults would need their values: only instances giving every field.
    if positional.len() + keywords.len() != fields.len() {
        return None;
    }
    let mut slots: Vec<Option<numrs_hir::ConstValue>> = positional.into_iter().map(Some).collect();
    slots.resize(fields.len(), None);
    for k in keywords {
        let i = fields.iter().position(|f| Some(&**f) == k.arg.as_deref())?;
        if slots[i].is_some() {
            return None;
        }
        slots[i] = Some(fold(&k.value)?);
    }
    let values: Vec<numrs_hir::ConstValue> = slots.into_iter().collect::<Option<Vec<_>>>()?;
    let items = values.iter().map(|v| const_value_type(v).map(|t| t.unliteral())).collect::<Option<Vec<_>>>()?;
    Some((Type::NamedTuple(Arc::new(numrs_types::NamedTupleType { name, fields, items })), values))
}

/// The items of `range(...)` of folded integer constants (at most 4096 of them).
fn constant_range(e: &numrs_syntax::ast::Expr, fold: &dyn Fn(&numrs_syntax::ast::Expr) -> Option<numrs_hir::ConstValue>) -> Option<Vec<i128>> {
    let numrs_syntax::ast::ExprKind::Call { func, args, keywords } = &e.kind else { return None };
    if !matches!(&func.kind, numrs_syntax::ast::ExprKind::Name(n) if n == "range") || !keywords.is_empty() {
        return None;
    }
    let ints: Vec<i128> = args
        .iter()
        .map(|a| match fold(a) {
            Some(numrs_hir::ConstValue::Int(i)) => Some(i),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let (start, stop, step) = match ints.as_slice() {
        [stop] => (0, *stop, 1),
        [start, stop] => (*start, *stop, 1),
        [start, stop, step] if *step != 0 => (*start, *stop, *step),
        _ => return None,
    };
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        if out.len() >= 4096 {
            return None;
        }
        out.push(i);
        i += step;
    }
    Some(out)
}

/// A function's explicit signatures as argument lists: `(float64, float64), (int64, int64)`.
fn signatures_shown(facts: &crate::queries::FunctionFacts) -> String {
    facts.signatures.iter().map(|s| format!("({})", s.0.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join(", ")
}

/// Whether the module-level class `name` is an `enum.Enum`/`enum.IntEnum` class (typed or not).
pub fn is_enum_class(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, name: &str) -> bool {
    info.symbols.bindings.iter().any(|b| *b.name == *name && b.kind == BindingKind::Class && enum_class_type(db, file, info, b).is_some())
}

/// The arguments of the decorator call that made `f` a jit function of its `kind`
/// (`@overload(np.fix)`: `[np.fix]`), when `f` is of the `numba.extending` kind `kind`.
fn extension_args<'m>(module: &'m numrs_syntax::ast::Module, f: &numrs_hir::JitFunction, kind: &str) -> Option<&'m [numrs_syntax::ast::Expr]> {
    if !matches!(&f.kind, JitKind::Other(k) if k == kind) {
        return None;
    }
    let def = numrs_hir::find_def(module, f.def_line_offset)?;
    let on_def = def.decorators.iter().filter(|d| d.span == f.decorator_span).find_map(|d| match &d.kind {
        numrs_syntax::ast::ExprKind::Call { args, .. } => Some(args.as_slice()),
        _ => None,
    });
    if on_def.is_some() || !f.bound_by_call {
        return on_def;
    }
    // A registration by call (`overload(f)(ol_f)`): the decorator call in that statement.
    module.body.iter().find_map(|st| {
        let value = match &st.kind {
            numrs_syntax::ast::StmtKind::Assign { value, .. } | numrs_syntax::ast::StmtKind::Expr(value) => value,
            _ => return None,
        };
        let numrs_syntax::ast::ExprKind::Call { func, .. } = &value.kind else { return None };
        match &func.kind {
            numrs_syntax::ast::ExprKind::Call { args, .. } if func.span == f.decorator_span => Some(args.as_slice()),
            _ => None,
        }
    })
}

/// The `@overload(name)` (`numba.extending.overload`) of the module-level function `name`, if
/// the module defines one.
pub fn overload_of<'i>(db: &dyn Db, file: numrs_db::SourceFile, info: &'i crate::queries::ModuleInfo, name: &str) -> Option<&'i numrs_hir::JitFunction> {
    let skeleton = numrs_db::skeleton(db, file);
    info.functions.iter().find(|f| {
        (f.overloads_itself && f.name == name)
            || extension_args(&skeleton.module, f, "overload")
                .and_then(|a| a.first())
                .is_some_and(|a| matches!(&a.kind, numrs_syntax::ast::ExprKind::Name(n) if n == name))
    })
}

/// What an `@overload` registers for (the name its decorator's first argument gives), for
/// plain `@overload(name)` registrations.
pub fn overload_target(db: &dyn Db, file: numrs_db::SourceFile, f: &numrs_hir::JitFunction) -> Option<String> {
    let skeleton = numrs_db::skeleton(db, file);
    let target = extension_args(&skeleton.module, f, "overload")?.first()?;
    match &target.kind {
        numrs_syntax::ast::ExprKind::Name(n) => Some(n.clone()),
        // A function of another module (`np.clip`): its dotted path (`numpy.clip`).
        numrs_syntax::ast::ExprKind::Attribute { .. } => module_info(db, file).symbols.resolve_dotted(target),
        _ => None,
    }
}

/// The `@overload` registrations of the function `f` overloads that come after it, in order
/// (Numba tries each template of the function in turn until one gives an implementation).
fn later_overloads<'i>(db: &dyn Db, file: numrs_db::SourceFile, info: &'i crate::queries::ModuleInfo, f: &numrs_hir::JitFunction) -> Vec<&'i numrs_hir::JitFunction> {
    let Some(target) = overload_target(db, file, f) else { return Vec::new() };
    let Some(at) = info.functions.iter().position(|g| g.def_line_offset == f.def_line_offset && g.name == f.name) else { return Vec::new() };
    info.functions[at + 1..].iter().filter(|g| overload_target(db, file, g).as_deref() == Some(target.as_str())).collect()
}

/// The `@overload(module.attr)` the module defines of a function of another module that
/// numrs has no typing of (`@overload(np.fix)`), as the dispatcher jit code calls.
fn overload_of_attribute(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, module: &str, attr: &str) -> Option<Type> {
    let skeleton = numrs_db::skeleton(db, file);
    let wanted = format!("{module}.{attr}");
    let ol = info.functions.iter().find(|f| {
        extension_args(&skeleton.module, f, "overload")
            .and_then(|a| a.first())
            .and_then(|a| info.symbols.resolve_dotted(a))
            .is_some_and(|p| p == wanted)
    })?;
    let key = FunctionKey::of(db, file, info, ol);
    Some(Type::Dispatcher(DispatcherRef { name: ol.name.as_str().into(), id: key.ordinal(db) as u64, file: None }))
}

/// The attribute an `@overload_attribute(types.X, "attr")` function adds.
pub fn overload_attribute_name(db: &dyn Db, file: numrs_db::SourceFile, f: &numrs_hir::JitFunction) -> Option<String> {
    let skeleton = numrs_db::skeleton(db, file);
    match extension_args(&skeleton.module, f, "overload_attribute")?.get(1).map(|a| &a.kind) {
        Some(numrs_syntax::ast::ExprKind::Constant(numrs_syntax::ast::Constant::Str(n))) => Some(n.to_string()),
        _ => None,
    }
}

/// What evaluating an `@overload` typing function gives.
enum OverloadPick {
    /// The inner function returned: its index among the function's inner functions.
    Impl(u32),
    /// `None`: no implementation for these types.
    Nothing,
    /// `raise TypingError("...")`: the message, and the exception class when it is not one
    /// of Numba's (`raise ValueError(...)`), which Numba's template lookup lets through.
    Raise(String, Option<&'static str>),
}

/// Runs the body of an `@overload` typing function on argument types `bound` (by parameter
/// name) as Python would: `if`/`elif`/`else` on `isinstance(arg, types.X)` tests (and `not`,
/// `and`, `or`), `def impl(...)` or `impl = lambda ...`, `return impl`, `return lambda ...`,
/// `return None`, `raise TypingError(...)`.
/// `Err`: a statement numrs does not evaluate.
fn run_overload(
    stmts: &[numrs_syntax::ast::Stmt],
    bound: &mut Vec<(String, OverloadValue)>,
    symbols: &numrs_hir::ModuleSymbols,
    defs: &mut u32,
    depth: u32,
) -> Result<Option<OverloadPick>, String> {
    run_overload_in(stmts, bound, symbols, defs, &mut Vec::new(), depth)
}

/// [`run_overload`] with the inner functions defined so far (`local_impls`: name and index; a
/// function's scope is one, whatever `if` defined them).
fn run_overload_in(
    stmts: &[numrs_syntax::ast::Stmt],
    bound: &mut Vec<(String, OverloadValue)>,
    symbols: &numrs_hir::ModuleSymbols,
    defs: &mut u32,
    local_impls: &mut Vec<(String, u32)>,
    depth: u32,
) -> Result<Option<OverloadPick>, String> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    if depth > 16 {
        return Err("too deeply nested".into());
    }
    for st in stmts {
        match &st.kind {
            StmtKind::FunctionDef(def) => {
                local_impls.push((def.name.clone(), *defs));
                *defs += 1;
            }
            // `impl = lambda x: ...`: an inner function too.
            StmtKind::Assign { targets, value } if matches!(value.kind, ExprKind::Lambda { .. }) => {
                let [t] = targets.as_slice() else { return Err("a lambda assigned to several targets".into()) };
                let ExprKind::Name(n) = &t.kind else { return Err("a lambda assigned to something other than a name".into()) };
                local_impls.push((n.clone(), *defs));
                *defs += 1;
            }
            // `fn = scalar_impl`: another name for an inner function.
            StmtKind::Assign { targets, value }
                if matches!((targets.as_slice(), &value.kind), ([t], ExprKind::Name(v)) if matches!(t.kind, ExprKind::Name(_)) && local_impls.iter().any(|(m, _)| m == v)) =>
            {
                let (ExprKind::Name(n), ExprKind::Name(v)) = (&targets[0].kind, &value.kind) else { continue };
                let Some(k) = local_impls.iter().rev().find(|(m, _)| m == v).map(|(_, k)| *k) else { continue };
                local_impls.push((n.clone(), k));
            }
            // `w = x.bitwidth`: a value later tests read.
            StmtKind::Assign { targets, value } if matches!(targets.as_slice(), [t] if matches!(t.kind, ExprKind::Name(_))) => {
                let ExprKind::Name(n) = &targets[0].kind else { continue };
                let v = overload_value(value, bound, symbols)?;
                bound.push((n.clone(), v));
            }
            StmtKind::If { test, body, orelse } => {
                // Inner functions of both branches count, in source order.
                let before = *defs;
                let taken = overload_test(test, bound, symbols)?;
                let body_defs = count_defs(body);
                if taken {
                    let r = run_overload_in(body, bound, symbols, defs, local_impls, depth + 1)?;
                    *defs = before + body_defs + count_defs(orelse);
                    if r.is_some() {
                        return Ok(r);
                    }
                } else {
                    *defs = before + body_defs;
                    let r = run_overload_in(orelse, bound, symbols, defs, local_impls, depth + 1)?;
                    *defs = before + body_defs + count_defs(orelse);
                    if r.is_some() {
                        return Ok(r);
                    }
                }
            }
            StmtKind::Return(value) => {
                return Ok(Some(match value.as_ref().map(|v| &v.kind) {
                    None => OverloadPick::Nothing,
                    Some(ExprKind::Constant(numrs_syntax::ast::Constant::None)) => OverloadPick::Nothing,
                    // `return lambda x: ...`: the next inner function.
                    Some(ExprKind::Lambda { .. }) => OverloadPick::Impl(*defs),
                    Some(ExprKind::Name(n)) => match local_impls.iter().rev().find(|(m, _)| m == n) {
                        Some((_, k)) => OverloadPick::Impl(*k),
                        None => return Err(format!("returns '{n}', which is not one of its inner functions")),
                    },
                    Some(_) => return Err("returns something other than an inner function or None".into()),
                }));
            }
            StmtKind::Raise { exc: Some(e), .. } => {
                let message = match &e.kind {
                    ExprKind::Call { args, .. } => match args.first().map(|a| &a.kind) {
                        Some(ExprKind::Constant(numrs_syntax::ast::Constant::Str(m))) => m.clone(),
                        _ => "the overload raised TypingError".to_string(),
                    },
                    _ => "the overload raised TypingError".to_string(),
                };
                let class = match &e.kind {
                    ExprKind::Call { func, .. } => func.as_ref(),
                    _ => e,
                };
                let class = match &class.kind {
                    ExprKind::Name(n) if symbols.lookup(n, None).is_none() => PYTHON_EXCEPTIONS.iter().find(|k| **k == n.as_str()).copied(),
                    _ => None,
                };
                return Ok(Some(OverloadPick::Raise(message, class)));
            }
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Constant(_)) => {}
            StmtKind::Pass => {}
            _ => return Err("a statement numrs does not evaluate".into()),
        }
    }
    Ok(None)
}

/// How an `@overload` implementation's parameters differ from its typing function's
/// (`typing`), as Numba's `_validate_sigs` checks them: the names of the parameters without a
/// default, then those with one, then the defaults (compared where both are constants).
/// `None` when they agree, or a `*args` makes Numba's comparison another one.
fn implementation_differs(typing: &numrs_syntax::ast::Parameters, implementation: &numrs_ir::ClosureInfo) -> Option<&'static str> {
    use numrs_syntax::ast::{Constant, ExprKind};
    if typing.vararg.is_some() || implementation.star || typing.kwarg.is_some() || !typing.kwonly.is_empty() {
        return None;
    }
    let params: Vec<&numrs_syntax::ast::Param> = typing.positional().collect();
    let names = &implementation.ir.arg_names;
    let defaults = &implementation.defaults;
    let ty_args: Vec<&str> = params.iter().filter(|p| p.default.is_none()).map(|p| p.name.as_str()).collect();
    let ty_kws: Vec<(&str, Option<&Constant>)> = params
        .iter()
        .filter_map(|p| {
            let d = p.default.as_ref()?;
            Some((p.name.as_str(), match &d.kind {
                ExprKind::Constant(c) => Some(c),
                _ => None,
            }))
        })
        .collect();
    let im_args: Vec<&str> = names.iter().enumerate().filter(|(i, _)| defaults.get(*i).is_none_or(|d| d.is_none())).map(|(_, n)| n.as_str()).collect();
    let im_kws: Vec<(&str, Option<&Constant>)> =
        names.iter().enumerate().filter_map(|(i, n)| defaults.get(i).and_then(|d| d.as_ref()).map(|d| (n.as_str(), Some(d)))).collect();
    // A default numrs cannot read as a constant counts among the others (not compared).
    if ty_kws.iter().any(|(_, d)| d.is_none()) {
        return None;
    }
    if ty_args != im_args {
        return Some("argument names");
    }
    if ty_kws.iter().map(|(n, _)| *n).ne(im_kws.iter().map(|(n, _)| *n)) {
        return Some("keyword argument names");
    }
    if ty_kws.iter().zip(&im_kws).any(|((_, a), (_, b))| a != b) {
        return Some("keyword argument default values");
    }
    None
}

/// Python's exception classes an `@overload` typing function may raise: not Numba's errors,
/// so its template lookup re-raises them as they are.
const PYTHON_EXCEPTIONS: &[&str] = &[
    "ValueError", "TypeError", "KeyError", "IndexError", "AttributeError", "NotImplementedError", "RuntimeError", "AssertionError",
    "ZeroDivisionError", "OverflowError", "LookupError", "ArithmeticError", "Exception",
];

fn count_defs(stmts: &[numrs_syntax::ast::Stmt]) -> u32 {
    use numrs_syntax::ast::StmtKind;
    stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::FunctionDef(_) => 1,
            StmtKind::Return(Some(v)) | StmtKind::Assign { value: v, .. } if matches!(v.kind, numrs_syntax::ast::ExprKind::Lambda { .. }) => 1,
            StmtKind::If { body, orelse, .. } => count_defs(body) + count_defs(orelse),
            _ => 0,
        })
        .sum()
}

/// A value an `@overload` typing function computes from its arguments' types.
#[derive(Clone, Debug, PartialEq)]
enum OverloadValue {
    /// A Numba type (an argument, `a.dtype`, `types.float64`).
    Type(Type),
    Int(i128),
    Float(f64),
    Str(String),
    Bool(bool),
    /// Python's None (an omitted argument whose default is None).
    None,
    /// Another Python value (an omitted argument's other default): an instance of no type class.
    Other,
    /// A typing signature (`x(x)`, `types.int64(a, b)`, `signature(types.float64, a)`): its
    /// return type.
    Signature(Type),
    /// A NumPy dtype (`as_dtype(a.dtype)`, `np.promote_types(...)`, `np.dtype("f8")`): its
    /// Numba scalar type.
    DType(Type),
    /// A NumPy scalar class (`np.float32`): its Numba scalar type.
    ScalarClass(Type),
}

impl OverloadValue {
    /// The Numba scalar type of a value NumPy's dtype functions take as a dtype: a dtype, a
    /// scalar class, a Python number class or a string naming a dtype.
    fn as_numpy_dtype(&self) -> Option<Type> {
        match self {
            OverloadValue::DType(t) | OverloadValue::ScalarClass(t) => Some(t.clone()),
            OverloadValue::Str(s) => numrs_typing::numpy_dtype_of(&Type::StringLiteral(s.as_str().into())),
            _ => None,
        }
    }

    /// What the value is when an implementation captures it, as Numba's `typeof` types it:
    /// a constant, or a type with no run-time value (`dtype(float64)`, `class(float64)`).
    /// `None`: a value numrs does not capture.
    fn captured(&self) -> Option<numrs_ir::Value> {
        use numrs_syntax::ast::Constant;
        Some(match self {
            OverloadValue::Int(i) => numrs_ir::Value::Const(Constant::Int(*i)),
            OverloadValue::Float(f) => numrs_ir::Value::Const(Constant::Float(numrs_syntax::ast::FloatBits::new(*f))),
            OverloadValue::Bool(b) => numrs_ir::Value::Const(Constant::Bool(*b)),
            OverloadValue::Str(s) => numrs_ir::Value::Const(Constant::Str(s.clone())),
            OverloadValue::None => numrs_ir::Value::Const(Constant::None),
            OverloadValue::DType(t) => numrs_ir::Value::Captured(Type::DType(Arc::new(t.clone()))),
            OverloadValue::ScalarClass(t) => numrs_ir::Value::Captured(Type::NumberClass(Arc::new(t.clone()))),
            // A Numba type object: `typeof` gives the class of a number type, a reference to
            // any other (a literal type is typed as itself, which numrs does not model).
            OverloadValue::Type(t) if t.is_literal() => return None,
            OverloadValue::Type(t) if t.as_number().is_some() => numrs_ir::Value::Captured(Type::NumberClass(Arc::new(t.clone()))),
            OverloadValue::Type(t) => numrs_ir::Value::Captured(Type::TypeRef(Arc::new(t.clone()))),
            OverloadValue::Other | OverloadValue::Signature(_) => return None,
        })
    }
}

/// Python's `==` of two values an `@overload` typing function computed: a NumPy dtype equals
/// the scalar class and the string of its type (`np.dtype("f8") == np.float64`).
fn overload_eq(l: &OverloadValue, r: &OverloadValue) -> bool {
    use OverloadValue as V;
    match (l, r) {
        (V::DType(t), other) | (other, V::DType(t)) if !matches!(other, V::Type(_) | V::Int(_) | V::Bool(_) | V::None) => {
            other.as_numpy_dtype().is_some_and(|u| &u == t)
        }
        (V::Int(i), V::Float(f)) | (V::Float(f), V::Int(i)) => *i as f64 == *f,
        _ => l == r,
    }
}

/// The NumPy and Numba functions of dtypes an `@overload` typing function may call, by their
/// path (`numba.np.numpy_support.as_dtype`, `numpy.promote_types`).
#[derive(Clone, Copy)]
enum DTypeFunction {
    AsDtype,
    FromDtype,
    PromoteTypes,
    ResultType,
    Dtype,
}

fn dtype_function(path: &str) -> Option<DTypeFunction> {
    let numba = path.starts_with("numba.");
    Some(match path {
        _ if numba && path.ends_with("numpy_support.as_dtype") => DTypeFunction::AsDtype,
        "numba.from_dtype" => DTypeFunction::FromDtype,
        _ if numba && path.ends_with("numpy_support.from_dtype") => DTypeFunction::FromDtype,
        "numpy.promote_types" => DTypeFunction::PromoteTypes,
        "numpy.result_type" => DTypeFunction::ResultType,
        "numpy.dtype" => DTypeFunction::Dtype,
        _ => return None,
    })
}

/// Calls a [`DTypeFunction`] on values, as NumPy and Numba would (`Err`: a call numrs does not
/// evaluate, which includes those that raise).
fn dtype_call(f: DTypeFunction, args: &[OverloadValue]) -> Result<OverloadValue, String> {
    let dtype = |v: &OverloadValue| v.as_numpy_dtype().ok_or_else(|| "a dtype numrs does not evaluate".to_string());
    match (f, args) {
        // Numba's `as_dtype` of a number, boolean, datetime or the class or dtype of one.
        (DTypeFunction::AsDtype, [OverloadValue::Type(t)]) => {
            let t = match t.unliteral() {
                Type::NumberClass(inner) | Type::DType(inner) => (*inner).clone(),
                t => t,
            };
            match t {
                Type::Number(_) | Type::NPDatetime(_) | Type::NPTimedelta(_) => Ok(OverloadValue::DType(t)),
                _ => Err(format!("as_dtype({t})")),
            }
        }
        (DTypeFunction::FromDtype, [v]) => dtype(v).map(OverloadValue::Type),
        (DTypeFunction::Dtype, [v]) => dtype(v).map(OverloadValue::DType),
        (DTypeFunction::PromoteTypes, [a, b]) => {
            let (a, b) = (dtype(a)?, dtype(b)?);
            numrs_typing::numpy_promote_types(&a, &b).map(OverloadValue::DType).ok_or_else(|| format!("np.promote_types({a}, {b})"))
        }
        // Of dtypes only (Python numbers take part by value).
        (DTypeFunction::ResultType, [first, rest @ ..]) => {
            let mut t = dtype(first)?;
            for v in rest {
                let u = dtype(v)?;
                t = numrs_typing::numpy_promote_types(&t, &u).ok_or_else(|| format!("np.result_type of {t} and {u}"))?;
            }
            Ok(OverloadValue::DType(t))
        }
        _ => Err("a dtype function called with arguments numrs does not evaluate".into()),
    }
}

/// The NumPy scalar class or Python number class at `path` (`numpy.float32`, `builtins.float`),
/// as a dtype stands for it.
fn scalar_class_path(path: &str) -> Option<Type> {
    match path {
        "builtins.float" => Some(Type::float64()),
        "builtins.int" => Some(Type::int64()),
        "builtins.bool" => Some(Type::Number(numrs_types::NumericKind::Boolean)),
        "builtins.complex" => Some(Type::complex128()),
        _ => match numrs_typing::module_attr("numpy", path.strip_prefix("numpy.")?)? {
            Type::NumberClass(t) => Some((*t).clone()),
            _ => None,
        },
    }
}

/// An expression of an `@overload` typing function's tests: a parameter, an attribute of a
/// type (`a.ndim`, `a.layout`, `a.dtype`, `x.bitwidth`, `x.signed`, `t.count`), a constant, a
/// Numba type (`types.float64`).
fn overload_value(e: &numrs_syntax::ast::Expr, bound: &[(String, OverloadValue)], symbols: &numrs_hir::ModuleSymbols) -> Result<OverloadValue, String> {
    use numrs_syntax::ast::{Constant, ExprKind};
    match &e.kind {
        ExprKind::Name(n) => match bound.iter().rev().find(|(m, _)| m == n) {
            Some((_, v)) => Ok(v.clone()),
            // A Numba type imported by name (`from numba.core.types import int64`).
            None => match symbols.resolve_dotted(e).as_deref().and_then(numba_type_path).and_then(numrs_types::parse_type) {
                Some(t) => Ok(OverloadValue::Type(t)),
                None if let Some(t) = symbols.resolve_dotted(e).as_deref().and_then(scalar_class_path) => Ok(OverloadValue::ScalarClass(t)),
                // A module-level type (`t_coord = numba.typeof((2.3, 2.4, 1))`).
                None => module_numba_type(n, symbols).map(OverloadValue::Type).ok_or_else(|| format!("'{n}', not a parameter")),
            },
        },
        // `len(t)` of a tuple type.
        ExprKind::Call { func, args, keywords } if matches!(&func.kind, ExprKind::Name(n) if n == "len") && keywords.is_empty() && args.len() == 1 => {
            match overload_value(&args[0], bound, symbols)? {
                OverloadValue::Type(t) => match t.tuple_items() {
                    Some(items) => Ok(OverloadValue::Int(items.len() as i128)),
                    None => Err(format!("len() of {t}")),
                },
                OverloadValue::Str(s) => Ok(OverloadValue::Int(s.chars().count() as i128)),
                _ => Err("len() of a Python value".into()),
            }
        }
        // `as_dtype(t)`, `np.promote_types(a, b)`: a dtype.
        ExprKind::Call { func, args, keywords } if keywords.is_empty() && symbols.resolve_dotted(func).as_deref().and_then(dtype_function).is_some() => {
            let f = symbols.resolve_dotted(func).as_deref().and_then(dtype_function).ok_or("a dtype function")?;
            let values = args.iter().map(|a| overload_value(a, bound, symbols)).collect::<Result<Vec<_>, _>>()?;
            dtype_call(f, &values)
        }
        // `signature(ret, *args)`, or a type called with the argument types: a signature.
        ExprKind::Call { func, args, .. } if !matches!(&func.kind, ExprKind::Name(n) if n == "isinstance" || n == "all" || n == "any") => {
            let by_name = symbols.resolve_dotted(func).is_some_and(|p| p.starts_with("numba.") && p.ends_with(".signature"));
            let ret = if by_name {
                match args.first().map(|a| overload_value(a, bound, symbols)) {
                    Some(Ok(OverloadValue::Type(t))) => t,
                    Some(Err(e)) => return Err(e),
                    _ => return Err("a signature whose return type numrs does not evaluate".into()),
                }
            } else {
                match overload_value(func, bound, symbols)? {
                    OverloadValue::Type(t) => t,
                    _ => return Err("a call numrs does not evaluate".into()),
                }
            };
            Ok(OverloadValue::Signature(ret))
        }
        ExprKind::Constant(Constant::Int(i)) => Ok(OverloadValue::Int(*i)),
        ExprKind::Constant(Constant::Float(f)) => Ok(OverloadValue::Float(f.get())),
        ExprKind::UnaryOp { op: numrs_syntax::ast::UnaryOp::USub, operand } => match overload_value(operand, bound, symbols)? {
            OverloadValue::Int(i) => Ok(OverloadValue::Int(-i)),
            OverloadValue::Float(f) => Ok(OverloadValue::Float(-f)),
            _ => Err("the negation of a value that is not a number".into()),
        },
        ExprKind::Constant(Constant::Str(s)) => Ok(OverloadValue::Str(s.to_string())),
        ExprKind::Constant(Constant::Bool(b)) => Ok(OverloadValue::Bool(*b)),
        ExprKind::Constant(Constant::None) => Ok(OverloadValue::None),
        ExprKind::Attribute { value, attr } => {
            if let Some(t) = symbols.resolve_dotted(e).as_deref().and_then(numba_type_path).and_then(numrs_types::parse_type) {
                return Ok(OverloadValue::Type(t));
            }
            if let Some(t) = symbols.resolve_dotted(e).as_deref().and_then(scalar_class_path) {
                return Ok(OverloadValue::ScalarClass(t));
            }
            let t = match overload_value(value, bound, symbols)? {
                OverloadValue::Type(t) => t,
                OverloadValue::DType(t) => return dtype_attribute(&t, attr),
                _ => return Err(format!("the attribute '{attr}' of a Python value")),
            };
            let unknown = || format!("the attribute '{attr}' of {t}");
            Ok(match (attr.as_str(), &t) {
                ("ndim", Type::Array(a)) => OverloadValue::Int(a.ndim as i128),
                ("layout", Type::Array(a)) => OverloadValue::Str(a.layout.to_string()),
                ("dtype", Type::Array(a)) => OverloadValue::Type(a.dtype.clone()),
                ("dtype", Type::UniTuple(item, _)) => OverloadValue::Type((**item).clone()),
                // Containers' item types (`types.List.dtype`, `ListType.item_type`, a dict's
                // key and value types).
                ("dtype", Type::List { dtype, .. } | Type::Set { dtype, .. }) | ("dtype" | "item_type", Type::ListType(dtype)) => OverloadValue::Type((**dtype).clone()),
                ("key_type", Type::DictType(kv)) => OverloadValue::Type(kv.0.clone()),
                ("value_type", Type::DictType(kv)) => OverloadValue::Type(kv.1.clone()),
                ("mutable", Type::Array(a)) => OverloadValue::Bool(!a.readonly),
                ("count", Type::UniTuple(_, n)) => OverloadValue::Int(*n as i128),
                ("count", _) if t.tuple_items().is_some() => OverloadValue::Int(t.tuple_items().map_or(0, |i| i.len()) as i128),
                ("bitwidth", _) => match t.unliteral().as_number() {
                    Some(k) => OverloadValue::Int(k.bitwidth() as i128),
                    None => return Err(unknown()),
                },
                ("signed", _) => match t.unliteral().as_number() {
                    Some(k) if k.is_integer() => OverloadValue::Bool(k.is_signed_int()),
                    _ => return Err(unknown()),
                },
                ("literal_value", Type::IntegerLiteral(v)) => OverloadValue::Int(*v),
                ("literal_value", Type::BooleanLiteral(v)) => OverloadValue::Bool(*v),
                ("literal_value", Type::StringLiteral(v)) => OverloadValue::Str(v.to_string()),
                _ => return Err(unknown()),
            })
        }
        // A test's value (`big = w >= 64`).
        ExprKind::Compare { .. } | ExprKind::BoolOp { .. } | ExprKind::UnaryOp { op: numrs_syntax::ast::UnaryOp::Not, .. } => {
            Ok(OverloadValue::Bool(overload_test(e, bound, symbols)?))
        }
        ExprKind::Call { func, .. } if matches!(&func.kind, ExprKind::Name(n) if n == "isinstance" || n == "all" || n == "any") => {
            Ok(OverloadValue::Bool(overload_test(e, bound, symbols)?))
        }
        _ => Err("an expression numrs does not evaluate".into()),
    }
}

/// An attribute of a NumPy dtype (`d.itemsize`, `d.kind`, `d.name`, `d.type`) of Numba scalar
/// type `t`.
fn dtype_attribute(t: &Type, attr: &str) -> Result<OverloadValue, String> {
    let k = t.as_number().ok_or_else(|| format!("the attribute '{attr}' of dtype({t})"))?;
    Ok(match attr {
        "itemsize" => OverloadValue::Int((k.bitwidth() / 8).max(1) as i128),
        "kind" => OverloadValue::Str(
            match () {
                _ if k == numrs_types::NumericKind::Boolean => "b",
                _ if k.is_signed_int() => "i",
                _ if k.is_integer() => "u",
                _ if k.is_complex() => "c",
                _ => "f",
            }
            .into(),
        ),
        "name" => OverloadValue::Str(t.to_string()),
        "type" => OverloadValue::ScalarClass(t.clone()),
        _ => return Err(format!("the attribute '{attr}' of dtype({t})")),
    })
}

/// The Numba type a module-level name is bound to: `numba.typeof(<constant>)` (as Numba's
/// `typeof` types the value, without literals), or a Numba type by its path
/// (`T = types.float64`).
fn module_numba_type(name: &str, symbols: &numrs_hir::ModuleSymbols) -> Option<Type> {
    use numrs_syntax::ast::ExprKind;
    let b = symbols.lookup(name, None)?;
    if b.kind != BindingKind::Other {
        return None;
    }
    let value = b.value.as_ref()?;
    match &value.kind {
        ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.len() == 1 => {
            let path = symbols.resolve_dotted_at(func, Some(b.stmt_span.start))?;
            if path != "numba.typeof" && path != "numba.core.typing.typeof.typeof" && path != "numba.typeof.typeof" {
                return None;
            }
            let v = symbols.fold_constant(&args[0], b.stmt_span.start, &[])?;
            Some(const_value_type(&v)?.unliteral())
        }
        _ => symbols.resolve_dotted_at(value, Some(b.stmt_span.start)).as_deref().and_then(numba_type_path).and_then(numrs_types::parse_type),
    }
}

/// The name of a Numba type in a dotted path (`numba.core.types.int64` → `int64`).
fn numba_type_path(path: &str) -> Option<&str> {
    path.strip_prefix("numba.types.").or_else(|| path.strip_prefix("numba.core.types.")).or_else(|| path.strip_prefix("numba."))
}

/// Runs an `@intrinsic` typing function (`def f(typingctx, x): sig = x(x); ...; return sig,
/// codegen`) on the call's types: the signature's return type, `None` when it returns None
/// (no implementation), or why numrs cannot tell.
fn run_intrinsic(stmts: &[numrs_syntax::ast::Stmt], bound: &mut Vec<(String, OverloadValue)>, symbols: &numrs_hir::ModuleSymbols, depth: u32) -> Result<Option<Option<Type>>, String> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    if depth > 16 {
        return Err("too deeply nested".into());
    }
    for st in stmts {
        match &st.kind {
            // The code generator and its helpers.
            StmtKind::FunctionDef(_) => {}
            StmtKind::Assign { targets, value } if matches!(targets.as_slice(), [t] if matches!(t.kind, ExprKind::Name(_))) => {
                let ExprKind::Name(n) = &targets[0].kind else { continue };
                let v = overload_value(value, bound, symbols)?;
                bound.push((n.clone(), v));
            }
            StmtKind::If { test, body, orelse } => {
                let branch = if overload_test(test, bound, symbols)? { body } else { orelse };
                if let Some(r) = run_intrinsic(branch, bound, symbols, depth + 1)? {
                    return Ok(Some(r));
                }
            }
            StmtKind::Return(value) => {
                return match value.as_ref().map(|v| &v.kind) {
                    None | Some(ExprKind::Constant(numrs_syntax::ast::Constant::None)) => Ok(Some(None)),
                    Some(ExprKind::Tuple(items)) if items.len() == 2 => match overload_value(&items[0], bound, symbols)? {
                        OverloadValue::Signature(t) => Ok(Some(Some(t))),
                        _ => Err("returns something other than a signature and its code generator".into()),
                    },
                    Some(_) => Err("returns something other than a signature and its code generator".into()),
                };
            }
            StmtKind::Raise { .. } => return Err("raises".into()),
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Constant(_)) => {}
            StmtKind::Pass => {}
            _ => return Err("a statement numrs does not evaluate".into()),
        }
    }
    Ok(None)
}

/// An `if` test of an `@overload` typing function.
fn overload_test(e: &numrs_syntax::ast::Expr, bound: &[(String, OverloadValue)], symbols: &numrs_hir::ModuleSymbols) -> Result<bool, String> {
    use numrs_syntax::ast::{BoolOp, CmpOp, ExprKind, UnaryOp};
    match &e.kind {
        ExprKind::UnaryOp { op: UnaryOp::Not, operand } => Ok(!overload_test(operand, bound, symbols)?),
        ExprKind::BoolOp { op, values } => {
            // Python's short circuit: later operands may not evaluate (`x is None or x.ndim`).
            for v in values {
                let x = overload_test(v, bound, symbols)?;
                if matches!(op, BoolOp::And) != x {
                    return Ok(x);
                }
            }
            Ok(matches!(op, BoolOp::And))
        }
        ExprKind::Constant(numrs_syntax::ast::Constant::Bool(b)) => Ok(*b),
        // `all(ty.layout == "C" for ty in (a, b))` (and `any`) over a tuple of values: the test
        // for each, with the loop's name bound to it.
        ExprKind::Call { func, args, keywords }
            if keywords.is_empty() && args.len() == 1 && matches!(&func.kind, ExprKind::Name(n) if (n == "all" || n == "any") && symbols.lookup(n, None).is_none()) =>
        {
            let is_all = matches!(&func.kind, ExprKind::Name(n) if n == "all");
            let ExprKind::GeneratorExp { elt, generators } = &args[0].kind else { return Err("all()/any() of other than a generator expression".into()) };
            let [g] = generators.as_slice() else { return Err("a generator expression with several loops".into()) };
            let (ExprKind::Name(var), true) = (&g.target.kind, g.ifs.is_empty()) else { return Err("a generator expression numrs does not evaluate".into()) };
            let items: Vec<OverloadValue> = match &g.iter.kind {
                ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().map(|x| overload_value(x, bound, symbols)).collect::<Result<_, _>>()?,
                _ => match overload_value(&g.iter, bound, symbols)? {
                    OverloadValue::Type(t) => t.tuple_items().ok_or("iterating over a type that is no tuple")?.into_iter().map(OverloadValue::Type).collect(),
                    _ => return Err("iterating over a value numrs does not evaluate".into()),
                },
            };
            for item in items {
                let mut inner = bound.to_vec();
                inner.push((var.clone(), item));
                if overload_test(elt, &inner, symbols)? != is_all {
                    return Ok(!is_all);
                }
            }
            Ok(is_all)
        }
        ExprKind::Compare { left, ops, comparators } if ops.len() == 1 && comparators.len() == 1 => {
            let l = overload_value(left, bound, symbols)?;
            let r = overload_value(&comparators[0], bound, symbols)?;
            use OverloadValue as V;
            match (&ops[0], &l, &r) {
                (CmpOp::Is, ..) => Ok(matches!((&l, &r), (V::None, V::None))),
                (CmpOp::IsNot, ..) => Ok(!matches!((&l, &r), (V::None, V::None))),
                (CmpOp::Eq, ..) => Ok(overload_eq(&l, &r)),
                (CmpOp::NotEq, ..) => Ok(!overload_eq(&l, &r)),
                (op, V::Int(a), V::Int(b)) => Ok(match op {
                    CmpOp::Lt => a < b,
                    CmpOp::LtE => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::GtE => a >= b,
                    _ => return Err("a comparison numrs does not evaluate".into()),
                }),
                _ => Err("a comparison numrs does not evaluate".into()),
            }
        }
        ExprKind::Call { func, args, keywords } if keywords.is_empty() && matches!(&func.kind, ExprKind::Name(n) if n == "isinstance") => {
            let [subject, classes] = args.as_slice() else { return Err("isinstance with other arguments".into()) };
            let t = match overload_value(subject, bound, symbols)? {
                OverloadValue::Type(t) => t,
                // A Python value (an omitted argument's default) is no Numba type.
                _ => return Ok(false),
            };
            let t = &t;
            let names: Vec<&numrs_syntax::ast::Expr> = match &classes.kind {
                ExprKind::Tuple(items) => items.iter().collect(),
                _ => vec![classes],
            };
            for c in names {
                let path = symbols.resolve_dotted(c).ok_or("an isinstance class numrs does not know")?;
                let class = path.rsplit('.').next().unwrap_or("");
                if !(path.starts_with("numba.types.") || path.starts_with("numba.core.types.")) {
                    // A Numba type object is no Python number, container or NumPy array
                    // (`isinstance(arr, np.ndarray)` is how code shared with Python tells).
                    if PYTHON_VALUE_CLASSES.contains(&path.as_str()) {
                        continue;
                    }
                    return Err(format!("isinstance against {path}"));
                }
                if numba_type_class_has(t, class).ok_or_else(|| format!("the Numba type class {class}"))? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        // A value's truthiness (`if a.signed:`, `if y:`).
        _ => Ok(match overload_value(e, bound, symbols).map_err(|_| "a test numrs does not evaluate".to_string())? {
            OverloadValue::Bool(b) => b,
            OverloadValue::Int(i) => i != 0,
            OverloadValue::Float(f) => f != 0.0,
            OverloadValue::Str(s) => !s.is_empty(),
            OverloadValue::None => false,
            OverloadValue::Type(_) | OverloadValue::Signature(_) | OverloadValue::DType(_) | OverloadValue::ScalarClass(_) => true,
            OverloadValue::Other => return Err("the truth of a parameter's default".into()),
        }),
    }
}

/// Python and NumPy classes no Numba type object is an instance of.
const PYTHON_VALUE_CLASSES: &[&str] = &[
    "builtins.int",
    "builtins.float",
    "builtins.complex",
    "builtins.bool",
    "builtins.str",
    "builtins.bytes",
    "builtins.tuple",
    "builtins.list",
    "builtins.dict",
    "builtins.set",
    "numpy.ndarray",
    "numpy.generic",
    "numpy.number",
    "numpy.integer",
    "numpy.floating",
    "numpy.dtype",
];

/// Whether a value of type `t` is an instance of Numba's type class `class`.
fn numba_type_class_has(t: &Type, class: &str) -> Option<bool> {
    let k = t.as_number();
    Some(match class {
        // Every Numba type is a `numba.core.types.Type`.
        "Type" => true,
        "Integer" => k.is_some_and(|k| k.is_integer()),
        "Float" => k.is_some_and(|k| k.is_float()),
        "Complex" => k.is_some_and(|k| k.is_complex()),
        "Boolean" => k == Some(numrs_types::NumericKind::Boolean),
        "Number" => k.is_some_and(|k| k != numrs_types::NumericKind::Boolean),
        "Array" | "Buffer" => matches!(t, Type::Array(_)),
        "UnicodeType" => matches!(t, Type::Unicode),
        "NoneType" => matches!(t, Type::NoneType),
        "Omitted" => matches!(t, Type::Omitted(_)),
        "Optional" => matches!(t, Type::Optional(_)),
        "UniTuple" => matches!(t, Type::UniTuple(..)),
        "Tuple" => matches!(t, Type::Tuple(_)),
        "BaseTuple" => t.tuple_items().is_some(),
        "List" => matches!(t, Type::List { .. }),
        "ListType" => matches!(t, Type::ListType(_)),
        "DictType" => matches!(t, Type::DictType(_)),
        "Literal" => matches!(t, Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_)),
        "IntegerLiteral" => matches!(t, Type::IntegerLiteral(_)),
        "BooleanLiteral" => matches!(t, Type::BooleanLiteral(_)),
        "StringLiteral" => matches!(t, Type::StringLiteral(_)),
        _ => return None,
    })
}

/// A parameter default that is a member of one of the module's enum classes (`u=Unit.M`):
/// its type (`Enum<int64>(Unit)`) and its `repr()` as Numba's `omitted(default=...)` shows it
/// (`<Unit.M: 1>`, an alias by the name of the member it aliases).
pub fn enum_member_default(
    db: &dyn Db,
    file: numrs_db::SourceFile,
    info: &crate::queries::ModuleInfo,
    expr: &numrs_syntax::ast::Expr,
) -> Option<(Type, String)> {
    let numrs_syntax::ast::ExprKind::Attribute { value, attr } = &expr.kind else { return None };
    let numrs_syntax::ast::ExprKind::Name(class) = &value.kind else { return None };
    let e = enum_class_by_name(db, file, info, class)?;
    let (_, v) = e.members.iter().find(|(n, _)| **n == **attr)?;
    Some((Type::EnumMember(e.clone()), enum_member_repr(&e, v)?))
}

/// The value of a member of one of the module's enum classes named by `expr` (`Kind.B`).
pub fn enum_member_value(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, expr: &numrs_syntax::ast::Expr) -> Option<numrs_types::EnumValue> {
    let numrs_syntax::ast::ExprKind::Attribute { value, attr } = &expr.kind else { return None };
    let numrs_syntax::ast::ExprKind::Name(class) = &value.kind else { return None };
    enum_class_by_name(db, file, info, class)?.member(attr).cloned()
}

/// A parameter default that is a field of a module-level named tuple instance made from
/// constants (vectorbt's `direction=Direction.Both` of `Direction = DirectionT(*range(3))`):
/// the field's value.
pub fn namedtuple_field_default(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, expr: &numrs_syntax::ast::Expr, at: u32) -> Option<numrs_hir::ConstValue> {
    let numrs_syntax::ast::ExprKind::Attribute { value, attr } = &expr.kind else { return None };
    let numrs_syntax::ast::ExprKind::Name(n) = &value.kind else { return None };
    let b = info.symbols.lookup(n, Some(at))?;
    if b.kind != BindingKind::Other {
        return None;
    }
    let skeleton = numrs_db::skeleton(db, file);
    let stmt = info.symbols.binding_stmt(&skeleton.module, b)?;
    let (Type::NamedTuple(t), values) = namedtuple_instance(db, file, info, stmt)? else { return None };
    let i = t.fields.iter().position(|f| **f == **attr)?;
    values.get(i).cloned()
}

/// A parameter default naming a module-level named tuple instance made from constants
/// (`p=ORIGIN`, `ORIGIN = Pt(1.0, 2.0)`): its type, its `repr()` (`Pt(x=1.0, y=2.0)`, which
/// Numba's `omitted(default=...)` shows) and its items.
pub fn namedtuple_default(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, expr: &numrs_syntax::ast::Expr, at: u32) -> Option<(Type, String, Vec<numrs_hir::ConstValue>)> {
    let numrs_syntax::ast::ExprKind::Name(n) = &expr.kind else { return None };
    let b = info.symbols.lookup(n, Some(at))?;
    if b.kind != BindingKind::Other {
        return None;
    }
    let skeleton = numrs_db::skeleton(db, file);
    let stmt = info.symbols.binding_stmt(&skeleton.module, b)?;
    let (t, values) = namedtuple_instance(db, file, info, stmt)?;
    let Type::NamedTuple(nt) = &t else { return None };
    if nt.fields.len() != values.len() {
        return None;
    }
    let items: Vec<String> = nt.fields.iter().zip(&values).map(|(f, v)| format!("{f}={}", v.python_repr())).collect();
    let repr = format!("{}({})", nt.name, items.join(", "));
    Some((t, repr, values))
}

/// `f` of `fast = njit(f)` (or `jit`, `vectorize`, ... by name), or of `fast = wrapper(f, ...)`
/// where the module's analysis found `f` compiled by that call (a decorator reached through a
/// wrapper function, see `numrs_hir::jit_functions`).
pub fn call_form_target<'v>(info: &crate::queries::ModuleInfo, value: &'v numrs_syntax::ast::Expr) -> Option<&'v str> {
    use numrs_syntax::ast::ExprKind;
    numrs_hir::jit_call_target(value).or_else(|| {
        let ExprKind::Call { args, .. } = &value.kind else { return None };
        let [arg] = args.as_slice() else { return None };
        let ExprKind::Name(f) = &arg.kind else { return None };
        info.functions.iter().any(|j| *j.name == **f && j.bound_by_call).then_some(f.as_str())
    })
}

/// The type of an omitted argument whose default is shown as `repr` when that is an enum
/// member of the module (`<Unit.M: 1>`): `Enum<int64>(Unit)`.
pub fn enum_member_of_repr(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, repr: &str) -> Option<Type> {
    let (class, member, _) = numrs_types::enum_member_repr(repr)?;
    let e = enum_class_by_name(db, file, info, class)?;
    let (_, v) = e.members.iter().find(|(n, _)| **n == *member)?;
    (enum_member_repr(&e, v)?.as_str() == repr).then(|| Type::EnumMember(e.clone()))
}

/// Python's `repr()` of the member of `e` with value `v`: `<Class.NAME: value>`, NAME the first
/// member with that value.
fn enum_member_repr(e: &numrs_types::EnumType, v: &numrs_types::EnumValue) -> Option<String> {
    use numrs_hir::ConstValue as C;
    let (canonical, _) = e.members.iter().find(|(_, w)| w == v)?;
    let value = match v {
        numrs_types::EnumValue::Int(i) => C::Int(*i),
        numrs_types::EnumValue::Float(f) => C::Float(numrs_syntax::ast::FloatBits(*f)),
        numrs_types::EnumValue::Bool(b) => C::Bool(*b),
        numrs_types::EnumValue::Str(t) => C::Str(t.to_string()),
    };
    Some(format!("<{}.{}: {}>", e.name, canonical, value.python_repr()))
}

/// The module-level enum class bound once to `name`.
fn enum_class_by_name(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, name: &str) -> Option<Arc<numrs_types::EnumType>> {
    let mut bindings = info.symbols.bindings.iter().filter(|b| *b.name == *name);
    let b = bindings.next()?;
    if bindings.next().is_some() || b.kind != BindingKind::Class {
        return None;
    }
    match enum_class_type(db, file, info, b)? {
        Ok(Type::EnumClass(e)) => Some(e),
        _ => None,
    }
}

/// An `enum.Enum`/`enum.IntEnum` class defined at module level (`class Color(Enum): RED = 1`)
/// as Numba's `typeof` types it: `Enum class<int64>(Color)`, or the error Numba's typeof raises
/// (no members, members whose values differ in type). `None` when the class is not an enum.
pub(crate) fn enum_class_type(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, b: &numrs_hir::Binding) -> Option<Result<Type, String>> {
    use numrs_hir::ConstValue as C;
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let skeleton = numrs_db::skeleton(db, file);
    let stmt = skeleton.module.body.get(b.stmt_index)?;
    let StmtKind::ClassDef(class) = &stmt.kind else { return None };
    if class.name != b.name || !class.decorators.is_empty() {
        return None;
    }
    let int_enum = match class.bases.as_slice() {
        [base] => match info.symbols.resolve_dotted_at(base, Some(stmt.span.start))?.as_str() {
            "enum.Enum" => false,
            "enum.IntEnum" => true,
            _ => return None,
        },
        _ => return None,
    };
    let mut members: Vec<(Arc<str>, numrs_types::EnumValue)> = Vec::new();
    let mut auto_next: i128 = 1;
    for s in &class.body {
        let StmtKind::Assign { targets, value } = &s.kind else { continue };
        let [target] = targets.as_slice() else { continue };
        let ExprKind::Name(name) = &target.kind else { continue };
        if name.starts_with('_') {
            continue;
        }
        let is_auto = matches!(&value.kind, ExprKind::Call { func, args, .. } if args.is_empty()
            && matches!(info.symbols.resolve_dotted_at(func, Some(stmt.span.start)).as_deref(), Some("enum.auto")));
        let v = if is_auto {
            numrs_types::EnumValue::Int(auto_next)
        } else {
            // The class body's earlier names are its members' values.
            let locals: Vec<(String, C)> = members
                .iter()
                .map(|(n, v)| {
                    let c = match v {
                        numrs_types::EnumValue::Int(i) => C::Int(*i),
                        numrs_types::EnumValue::Float(f) => C::Float(numrs_syntax::ast::FloatBits(*f)),
                        numrs_types::EnumValue::Bool(b) => C::Bool(*b),
                        numrs_types::EnumValue::Str(t) => C::Str(t.to_string()),
                    };
                    (n.to_string(), c)
                })
                .collect();
            match info.symbols.fold_constant(value, s.span.start, &locals) {
                Some(C::Int(i)) => numrs_types::EnumValue::Int(i),
                Some(C::Float(f)) => numrs_types::EnumValue::Float(f.0),
                Some(C::Bool(x)) => numrs_types::EnumValue::Bool(x),
                Some(C::Str(t)) => numrs_types::EnumValue::Str(t.as_str().into()),
                _ => return Some(Err(format!("numrs cannot tell the value of {}.{name} without running the module", class.name))),
            }
        };
        if let numrs_types::EnumValue::Int(i) = v {
            auto_next = i + 1;
        }
        // (A second name for a value already given is an alias of that member: the same value.)
        members.push((name.as_str().into(), v));
    }
    let value_type = |v: &numrs_types::EnumValue| match v {
        numrs_types::EnumValue::Int(i) if Type::int_literal_base(*i).is_some() => Some(Type::int_literal_base(*i).unwrap_or(Type::int64())),
        numrs_types::EnumValue::Int(_) => None,
        numrs_types::EnumValue::Float(_) => Some(Type::float64()),
        numrs_types::EnumValue::Bool(_) => Some(Type::boolean()),
        numrs_types::EnumValue::Str(_) => Some(Type::Unicode),
    };
    let mut dtypes: Vec<Type> = Vec::new();
    for (_, v) in &members {
        let t = value_type(v)?;
        if !dtypes.contains(&t) {
            dtypes.push(t);
        }
    }
    Some(match dtypes.as_slice() {
        [] => Err("Cannot type enum with no members".to_string()),
        [dtype] => Ok(Type::EnumClass(Arc::new(numrs_types::EnumType { name: class.name.as_str().into(), int_enum, dtype: dtype.clone(), members }))),
        many => Err(format!("Cannot type heterogeneous enum: got value types {}", many.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))),
    })
}

/// The named tuple classes a file defines at module level.
pub fn namedtuple_classes(db: &dyn Db, file: numrs_db::SourceFile) -> Vec<Arc<numrs_types::NamedTupleClassType>> {
    let info = module_info(db, file);
    info.symbols
        .bindings
        .iter()
        .filter(|b| matches!(b.kind, BindingKind::Other | BindingKind::Class))
        .filter_map(|b| match namedtuple_class_type(db, file, info, b) {
            Some(Type::NamedTupleClass(c)) => Some(c),
            _ => None,
        })
        .collect()
}

/// The name Python gives the module of a file: its stem (`pkg/kernels.py` → `kernels`), the
/// package's name for an `__init__.py`.
pub fn module_of_path(path: &str) -> String {
    let p = std::path::Path::new(path);
    let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    if stem == "__init__" {
        if let Some(parent) = p.parent().and_then(|d| d.file_name()) {
            return parent.to_string_lossy().into_owned();
        }
    }
    stem
}

/// Whether the module-level class `name` derives from a built-in exception class, directly or
/// through other module-level classes: Numba raises such a class (constructing the exception in
/// Python with the arguments given).
pub fn is_exception_class(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, name: &str) -> bool {
    is_exception_class_at(db, file, info, name, 0)
}

/// [`is_exception_class`], `depth` classes down.
fn is_exception_class_at(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, name: &str, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    let Some(b) = info.symbols.lookup(name, None).filter(|b| b.kind == BindingKind::Class) else { return false };
    let skeleton = numrs_db::skeleton(db, file);
    let Some(numrs_syntax::ast::StmtKind::ClassDef(class)) = skeleton.module.body.get(b.stmt_index).map(|s| &s.kind) else { return false };
    if class.name != name || !class.decorators.is_empty() {
        return false;
    }
    class.bases.iter().any(|base| match &base.kind {
        numrs_syntax::ast::ExprKind::Name(base) if base != name => match info.symbols.lookup(base, None) {
            None => matches!(numrs_typing::builtin_global(base), Some(Type::ExceptionClass(_))),
            Some(_) => is_exception_class_at(db, file, info, base, depth + 1),
        },
        _ => false,
    })
}

/// `from .kernels import f`: a name bound in another of the user's modules (a jit function, or
/// a constant), when that file is known to the database.
fn imported_from_user_module(db: &dyn Db, from: numrs_db::SourceFile, module: &str, name: &str) -> Option<GlobalValue> {
    let target = numrs_db::resolve_module_file(db, from, numrs_db::ModuleName::new(db, module.to_string()))?;
    if target == from {
        return None;
    }
    let info = module_info(db, target);
    let binding = info.symbols.lookup(name, None)?;
    match &binding.kind {
        BindingKind::Function { def_index } => {
            let jit = info.functions.iter().find(|f| f.def_stmt_index == *def_index && f.name == name && f.def_line_offset == binding.span.start)?;
            let key = FunctionKey::of(db, target, info, jit);
            Some(GlobalValue::Type(Type::Dispatcher(DispatcherRef {
                name: name.into(),
                id: key.ordinal(db) as u64,
                file: Some(target.path(db).as_str().into()),
            })))
        }
        BindingKind::Constant(v) => global_constant_type(v).map(GlobalValue::Type),
        BindingKind::Other | BindingKind::Class if namedtuple_class_type(db, target, info, binding).is_some() => {
            namedtuple_class_type(db, target, info, binding).map(GlobalValue::Type)
        }
        BindingKind::Class => {
            let class = info.classes.iter().find(|c| c.stmt_index == binding.stmt_index && c.name == name)?;
            Some(GlobalValue::Type(Type::JitClass(jitclass_type(db, target, info, class))))
        }
        _ => None,
    }
}

/// The instance type of the `@jitclass` named `name` of `file` (with its members), if there is
/// one.
pub fn jitclass_instance_type(db: &dyn Db, file: numrs_db::SourceFile, name: &str) -> Option<numrs_types::Type> {
    let info = crate::queries::module_info(db, file);
    let class = info.classes.iter().find(|c| c.name == name)?;
    Some(numrs_types::Type::JitClassInstance(jitclass_type(db, file, info, class)))
}

/// An argument type of a recorded specialization (a `--signatures` record) from its Numba
/// spelling: a type (with [`resolve_jitclass_text`]), or a jit function of this module passed
/// as an argument, `type(CPUDispatcher(<function f>))` (or `<function f at 0x...>`): the dispatcher of the one jit function
/// `f` of the file. An inner function passed as an argument prints as Numba's copy of it
/// (`closure.<locals>.f`), which does not say whose it is: `None`.
pub fn parse_recorded_type(db: &dyn Db, file: numrs_db::SourceFile, text: &str) -> Option<Type> {
    let Some(name) = text.trim().strip_prefix("type(CPUDispatcher(<function ").and_then(|r| r.strip_suffix(">))")) else {
        let t = resolve_jitclass_text(db, file, numrs_types::parse_type(text)?)?;
        return resolve_enum_text(db, file, t);
    };
    // Numba prints the function's address (`<function sq at 0x7f55552851c0>`; the oracle
    // writes `at 0x?`).
    let name = name.split(" at 0x").next().unwrap_or(name);
    if name.contains(".<locals>.") {
        return None;
    }
    let info = module_info(db, file);
    let mut found = info.functions.iter().filter(|f| *f.name == *name && f.kind == JitKind::Njit && !f.is_jitclass_member());
    let jit = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let key = FunctionKey::of(db, file, info, jit);
    Some(Type::Dispatcher(DispatcherRef { name: name.into(), id: key.ordinal(db) as u64, file: None }))
}

/// Enum members read from text (`Enum<int64>(Color)`, which does not list the members) made
/// members of the module's enum class of that name; `None` when the module has no such class.
fn resolve_enum_text(db: &dyn Db, file: numrs_db::SourceFile, t: Type) -> Option<Type> {
    let mut missing = false;
    let info = module_info(db, file);
    let out = t.map_parts(&mut |p| match p {
        Type::EnumMember(e) if e.members.is_empty() => {
            let found = info.symbols.bindings.iter().filter(|b| *b.name == *e.name).find_map(|b| match enum_class_type(db, file, info, b) {
                Some(Ok(Type::EnumClass(c))) if c.dtype == e.dtype && c.int_enum == e.int_enum => Some(Type::EnumMember(c)),
                _ => None,
            });
            if found.is_none() {
                missing = true;
            }
            found
        }
        _ => None,
    });
    (!missing).then_some(out)
}

/// A type with instances that name a jitclass without being its type made the type of the
/// class of `file` with that name: read from text (a recorded signature, a report: the text
/// names neither the members nor numrs's id, a recording from Numba has the address of
/// Numba's class object there), matched by name and fields; or evaluated from
/// `Bag.class_type.instance_type` (see `numrs_hir::jitclass_ref`: no id, no fields), matched by
/// name. Also inside lists, tuples, optional values and dicts. `None` for instances of no such
/// class, and for deferred types read from text (their definitions are not there).
pub fn resolve_jitclass_text(db: &dyn Db, file: numrs_db::SourceFile, t: numrs_types::Type) -> Option<numrs_types::Type> {
    use numrs_types::Type;
    let classes = crate::queries::jitclass_types(db, file);
    let mut unknown = false;
    let resolved = t.map_parts(&mut |t| match t {
        Type::JitClassInstance(c) if c.members.is_empty() => {
            let named_only = c.id == 0 && c.fields.is_empty();
            let real = classes.iter().find(|k| k.name == c.name && (named_only || k.fields == c.fields)).map(|k| Type::JitClassInstance(k.clone()));
            unknown |= real.is_none();
            real
        }
        Type::Deferred(_) => {
            unknown = true;
            None
        }
        // A named tuple read from text (its fields are not there): the module's class of that
        // name.
        Type::NamedTuple(nt) if nt.fields.is_empty() && !nt.items.is_empty() => {
            let class = namedtuple_classes(db, file).into_iter().find(|c| c.name == nt.name);
            unknown |= class.is_none();
            let class = class?;
            // Its items are read from the text too (a named tuple of named tuples).
            let items: Option<Vec<Type>> = nt.items.iter().map(|t| resolve_jitclass_text(db, file, t.clone())).collect();
            unknown |= items.is_none();
            Some(Type::NamedTuple(Arc::new(numrs_types::NamedTupleType { name: nt.name.clone(), fields: class.fields.clone(), items: items? })))
        }
        _ => None,
    });
    (!unknown).then_some(resolved)
}

/// The Numba type of a `@jitclass` class: its fields, and its members as the jit functions
/// (`Bag.increment`) of its file. The same from every module that uses it.
pub(crate) fn jitclass_type(
    db: &dyn Db,
    file: numrs_db::SourceFile,
    info: &crate::queries::ModuleInfo,
    class: &numrs_hir::JitClass,
) -> Arc<numrs_types::JitClassType> {
    let index = info.classes.iter().position(|c| std::ptr::eq(c, class)).or_else(|| info.classes.iter().position(|c| c == class));
    let all = crate::queries::jitclass_types(db, file);
    match index.and_then(|i| all.get(i)) {
        Some(t) => t.clone(),
        None => Arc::new(numrs_types::JitClassType { name: class.name.as_str().into(), id: 0, fields: Vec::new(), members: Vec::new(), display: None }),
    }
}

/// The types of all the jitclasses of a file, made together: a field of another class's type
/// (`Other.class_type.instance_type`, a class defined before) is that class's type, and each
/// `deferred_type()` is one value shared by every field that names it, given what it is
/// defined as once every class exists (so classes may refer to themselves and each other
/// through deferred types, to any depth).
pub(crate) fn build_jitclass_types(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo) -> Vec<Arc<numrs_types::JitClassType>> {
    use numrs_hir::MemberKind;
    use numrs_types::{ClassMember, Type};
    let path: Arc<str> = file.path(db).as_str().into();
    // Numba prints addresses there; numrs hashes of the module's path and the name (two
    // packages' `util.P` are two classes).
    let path_text = file.path(db).as_str();
    let module_path = numrs_db::normalize_path(&std::path::absolute(path_text).map_or_else(|_| path_text.to_string(), |p| p.to_string_lossy().into_owned()));
    let module: &str = &module_path;
    let hash = |name: &str| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in module.bytes().chain([b':']).chain(name.bytes()) {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        h
    };
    let mut deferreds: Vec<Arc<numrs_types::DeferredType>> = Vec::new();
    let mut made: Vec<Arc<numrs_types::JitClassType>> = Vec::with_capacity(info.classes.len());
    for class in &info.classes {
        let dispatcher = |m: &numrs_hir::ClassMemberDef| {
            let name = class.function_name(&m.name);
            let ordinal = info
                .functions
                .iter()
                .find(|f| f.def_line_offset == m.def_line_offset && f.name == name)
                .map_or(0, |jit| FunctionKey::of(db, file, info, jit).ordinal(db));
            DispatcherRef { name: name.into(), id: ordinal as u64, file: Some(path.clone()) }
        };
        let mut members: Vec<(Arc<str>, ClassMember)> = Vec::new();
        for m in &class.members {
            let d = dispatcher(m);
            let member = match m.kind {
                MemberKind::Method => ClassMember::Method(d),
                MemberKind::StaticMethod => ClassMember::StaticMethod(d),
                MemberKind::Getter => ClassMember::Property { get: d, set: None },
                MemberKind::Setter => {
                    if let Some((_, ClassMember::Property { set, .. })) = members.iter_mut().find(|(n, _)| **n == *m.name) {
                        *set = Some(d);
                    }
                    continue;
                }
            };
            members.push((m.name.as_str().into(), member));
        }
        let fields = class
            .fields
            .iter()
            .map(|(n, t)| {
                let t = t.map_parts(&mut |t| match t {
                    // `Other.class_type.instance_type` (see `numrs_hir::jitclass_ref`): a class
                    // made before this one.
                    Type::JitClassInstance(c) if c.id == 0 && c.fields.is_empty() && c.members.is_empty() => {
                        made.iter().rev().find(|k| k.name == c.name).map(|k| Type::JitClassInstance(k.clone()))
                    }
                    Type::Deferred(d) => Some(Type::Deferred(match deferreds.iter().find(|x| x.name == d.name) {
                        Some(x) => x.clone(),
                        None => {
                            // 15 decimal digits, as an address printed in decimal has.
                            let id = 100_000_000_000_000 + hash(&d.name) % 900_000_000_000_000;
                            let x = Arc::new(numrs_types::DeferredType::new(id, &d.name));
                            deferreds.push(x.clone());
                            x
                        }
                    })),
                    _ => None,
                });
                (n.as_str().into(), t)
            })
            .collect();
        made.push(Arc::new(numrs_types::JitClassType {
            name: class.name.as_str().into(),
            id: 0x7f00_0000_0000 | (hash(&class.name) & 0xff_ffff_ffff),
            fields,
            members,
            display: class.display_name.as_deref().map(Arc::from),
        }));
    }
    // `X.define(C.class_type.instance_type)`: the first definition counts.
    for d in &deferreds {
        let defined = info.deferred.iter().find(|(x, _)| *x == *d.name).and_then(|(_, target)| match target {
            numrs_hir::DeferredTarget::Class(c) => info.classes.iter().position(|k| k.name == *c).map(|i| Type::JitClassInstance(made[i].clone())),
            numrs_hir::DeferredTarget::Type(t) => Some(t.clone()),
        });
        if let Some(t) = defined {
            let _ = d.target.set(t);
        }
    }
    made
}

/// The module a chain of attributes names (`np.polynomial.polynomial`), names read as bound
/// where `binding` is made.
fn module_of(db: &dyn Db, file: numrs_db::SourceFile, info: &crate::queries::ModuleInfo, e: &numrs_syntax::ast::Expr, binding: &numrs_hir::Binding, depth: u32) -> Option<Arc<str>> {
    use numrs_syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Name(n) => match resolve_alias_target(db, file, info, n, binding, depth) {
            GlobalValue::Type(Type::Module(m)) => Some(m),
            _ => None,
        },
        ExprKind::Attribute { value, attr } if depth < 16 => match numrs_typing::resolve_module_attr(&module_of(db, file, info, value, binding, depth + 1)?, attr)? {
            Type::Module(m) => Some(m),
            _ => None,
        },
        _ => None,
    }
}

/// The type of a module-level value numrs can evaluate without running the module: NumPy
/// arrays built from constants (typed as Numba types global arrays: read-only constants),
/// and the reflected-list error Numba gives for global lists.
fn global_value_type(
    db: &dyn Db,
    file: numrs_db::SourceFile,
    info: &crate::queries::ModuleInfo,
    binding: &numrs_hir::Binding,
    name: &str,
    depth: u32,
) -> GlobalValue {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let skeleton = numrs_db::skeleton(db, file);
    // A NumPy array (or scalar) computed from constants and other such globals: Numba's
    // `typeof` of the frozen value.
    if let Some(stmt) = info.symbols.binding_stmt(&skeleton.module, binding) {
        // A NumPy complex scalar (`np.complex128(1 + 2j)`).
        if let Some((k, _, _)) = numrs_hir::bound_complex(name, stmt, &info.symbols) {
            return GlobalValue::Type(Type::Number(k));
        }
        // An instance of a named tuple class made from constants (`CFG = Config(0.5, 3)`).
        if let Some((t, _)) = namedtuple_instance(db, file, info, stmt) {
            return GlobalValue::Type(t);
        }
        // A NumPy datetime or timedelta (`np.datetime64("2000-01-01")`), or a tuple of them.
        if let Some((t, _)) = numrs_hir::bound_datetime(name, stmt, &info.symbols) {
            return GlobalValue::Type(t);
        }
        if let Some(items) = numrs_hir::bound_datetime_tuple(name, stmt, &info.symbols) {
            return GlobalValue::Type(Type::tuple(items.into_iter().map(|(t, _)| t).collect()));
        }
        // An array of records built from constants.
        if let Some(r) = numrs_hir::bound_record_array(name, stmt, &skeleton.module, &info.symbols) {
            return GlobalValue::Type(Type::array_ro(Type::Record(r.record), r.shape.len() as u32, numrs_types::Layout::C, true));
        }
        // A Python number computed from such arrays (`NB = EDGES.shape[0] - 1`): as a constant.
        if let Some(c) = numrs_hir::bound_number(name, stmt, &skeleton.module, &info.symbols) {
            if let Some(t) = global_constant_type(&c) {
                return GlobalValue::Type(t);
            }
        }
        // A value NumPy's transcendental functions compute (`np.log(2 * np.pi)`, a tuple of
        // them, `float(np.log(3.0))`), which only the module, run, knows exactly: `build`
        // reads it when the module is imported.
        if let Some(t) = numrs_hir::inexact_value_type(name, stmt, &skeleton.module, &info.symbols) {
            return GlobalValue::Type(t);
        }
        if let Some(a) = numrs_hir::bound_array(name, stmt, &skeleton.module, &info.symbols) {
            let layout = numrs_hir::bound_layout(name, stmt, &skeleton.module, &info.symbols).unwrap_or(numrs_types::Layout::C);
            return GlobalValue::Type(if a.shape.is_empty() {
                Type::Number(a.dtype)
            } else {
                Type::array_ro(Type::Number(a.dtype), a.shape.len() as u32, layout, true)
            });
        }
    }
    // The result of a jit function the module calls (`CONST = triple(3)`).
    if let Some(t) = info.symbols.binding_stmt(&skeleton.module, binding).and_then(|stmt| crate::module_calls::module_call_global_type(db, file, info, stmt)) {
        return GlobalValue::Type(t);
    }
    let value = match skeleton.module.body.get(binding.stmt_index).map(|s| &s.kind) {
        Some(StmtKind::Assign { value, .. }) => value,
        Some(StmtKind::AnnAssign { value: Some(value), .. }) => value,
        _ => return GlobalValue::Untyped(format!("cannot determine Numba type of global '{name}'")),
    };
    match &value.kind {
        // A `bytes` constant: Numba's `Bytes(uint8, 1d, C)`, read-only.
        ExprKind::Constant(numrs_syntax::ast::Constant::Bytes(_)) => {
            return GlobalValue::Type(Type::Array(Arc::new(numrs_types::ArrayType::buffer(numrs_types::BufferKind::Bytes, numrs_types::Layout::C, true))))
        }
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
    if let Some(t) = crate::globals::static_array_type(value, &info.symbols) {
        return GlobalValue::Type(t);
    }
    // `slice(1, 3)`: Numba's `SliceLiteral`.
    if let Some(s) = numrs_hir::slice_literal(value, &info.symbols, binding.stmt_span.start) {
        return GlobalValue::Type(Type::SliceLiteral(std::sync::Arc::new(s)));
    }
    // A tuple holding arrays (`PAIR = (np.zeros(2), np.ones(3))`): `typeof` of its items.
    if let Some(items) = numrs_hir::tuple_of_arrays(value, binding.stmt_span.start, &skeleton.module, &info.symbols) {
        let types: Option<Vec<Type>> = items
            .iter()
            .map(|i| match i {
                numrs_hir::TupleItem::Array(a) => Some(Type::array_ro(Type::Number(a.dtype), a.shape.len() as u32, numrs_types::Layout::C, true)),
                numrs_hir::TupleItem::Const(c) => typeof_constant(c),
            })
            .collect();
        if let Some(types) = types {
            return GlobalValue::Type(Type::tuple(types));
        }
    }
    // An alias of a module's attribute (`DTYPE = np.float64`, `total = np.sum`) or of another
    // global (`alias = jitfunc`), and `np.dtype(np.float32)`: typed as what it names.
    match &value.kind {
        ExprKind::Attribute { value: m, attr } => {
            if let Some(module) = module_of(db, file, info, m, binding, depth) {
                if let Some(t) = numrs_typing::resolve_module_attr(&module, attr) {
                    return GlobalValue::Type(t);
                }
            }
            // A member of an enum class (`KB = Kind.B`).
            if let ExprKind::Name(class) = &m.kind {
                if let GlobalValue::Type(Type::EnumClass(e)) = resolve_alias_target(db, file, info, class, binding, depth) {
                    if e.member(attr).is_some() {
                        return GlobalValue::Type(Type::EnumMember(e));
                    }
                }
            }
        }
        // A tuple of the module's jit functions (`FUNCS = (sq, cu)`, for `literal_unroll`), or
        // of Numba types (`KV = (types.int64, types.unicode_type)`, for `Dict.empty(*KV)`).
        ExprKind::Tuple(items) if !items.is_empty() => {
            let mut types = Vec::new();
            for it in items {
                let t = match &it.kind {
                    ExprKind::Name(n) => resolve_alias_target(db, file, info, n, binding, depth),
                    ExprKind::Attribute { value: m, attr } => match module_of(db, file, info, m, binding, depth).and_then(|m| numrs_typing::resolve_module_attr(&m, attr)) {
                        Some(t) => GlobalValue::Type(t),
                        None => break,
                    },
                    _ => break,
                };
                match t {
                    GlobalValue::Type(t @ (Type::Dispatcher(_) | Type::NumberClass(_) | Type::TypeRef(_))) => types.push(t),
                    _ => break,
                }
            }
            if types.len() == items.len() {
                return GlobalValue::Type(Type::tuple(types));
            }
        }
        ExprKind::Name(other) if other != name => {
            if let v @ GlobalValue::Type(Type::Dispatcher(_) | Type::NumberClass(_) | Type::Function(_) | Type::Module(_)) = resolve_alias_target(db, file, info, other, binding, depth) {
                return v;
            }
        }
        // `double = make_scaler(2.0)`: the jit function the factory made for this call.
        ExprKind::Call { .. } if info.functions.iter().any(|f| f.captured.is_some() && f.name == name && f.def_stmt_index == binding.stmt_index) => {
            if let Some(jit) = info.functions.iter().find(|f| f.captured.is_some() && f.name == name && f.def_stmt_index == binding.stmt_index) {
                let key = FunctionKey::of(db, file, info, jit);
                return GlobalValue::Type(Type::Dispatcher(DispatcherRef { name: name.into(), id: key.ordinal(db) as u64, file: None }));
            }
        }
        // `fast = njit(f)`: the jit function `f` became.
        ExprKind::Call { .. } if call_form_target(info, value).is_some() => {
            let target = call_form_target(info, value).unwrap_or_default();
            let target_binding = info.symbols.lookup(target, Some(binding.stmt_span.start));
            if let Some((BindingKind::Function { def_index }, at)) = target_binding.map(|b| (&b.kind, b.span.start)) {
                if let Some(jit) = info.functions.iter().find(|f| f.def_stmt_index == *def_index && f.name == target && f.def_line_offset == at) {
                    let key = FunctionKey::of(db, file, info, jit);
                    return GlobalValue::Type(Type::Dispatcher(DispatcherRef { name: target.into(), id: key.ordinal(db) as u64, file: None }));
                }
            }
        }
        ExprKind::Call { func, args, .. } if args.len() == 1 => {
            if let (ExprKind::Attribute { value: m, attr }, ExprKind::Attribute { value: m2, attr: d }) = (&func.kind, &args[0].kind) {
                if let (ExprKind::Name(a), ExprKind::Name(b)) = (&m.kind, &m2.kind) {
                    let numpy = |n: &str| matches!(resolve_alias_target(db, file, info, n, binding, depth), GlobalValue::Type(Type::Module(ref x)) if &**x == "numpy");
                    if attr == "dtype" && numpy(a) && numpy(b) {
                        if let Some(Type::NumberClass(t)) = numrs_typing::resolve_module_attr("numpy", d) {
                            return GlobalValue::Type(Type::DType(t));
                        }
                    }
                }
            }
        }
        _ => {}
    }
    // A Numba type object (`float_array = types.float64[:]`), typed as Numba's `typeof` types
    // it (`_typeof_nb_type`): numbers and booleans are `class(...)`, other types `typeref[...]`.
    let before = skeleton.module.body.get(binding.stmt_index).map(|s| s.span.start);
    match numrs_hir::eval_type_expr(value, &info.symbols, before).map(|t| resolve_jitclass_text(db, file, t)) {
        Ok(None) => GlobalValue::Untyped(format!(
            "cannot determine Numba type of global '{name}': it names a jitclass type numrs cannot find in its module (a plain class, or a deferred type)"
        )),
        Ok(Some(t @ Type::Number(_))) => GlobalValue::Type(Type::NumberClass(t.into())),
        // A NumPy dtype object (`np.dtype([("x", np.float64), ...])`): `dtype(Record(...))`.
        Ok(Some(t @ Type::DType(_))) => GlobalValue::Type(t),
        Ok(Some(t)) => GlobalValue::Type(Type::TypeRef(t.into())),
        Err(_) => GlobalValue::Untyped(format!(
            "cannot determine Numba type of global '{name}' without running the module (numrs evaluates constants, Numba types and NumPy arrays built from constants)"
        )),
    }
}

/// Numba's `typeof` of a Python constant inside a tuple (not a literal type): `int64`,
/// `float64`, `unicode_type`, ...
fn typeof_constant(c: &numrs_hir::ConstValue) -> Option<Type> {
    use numrs_hir::ConstValue as C;
    Some(match c {
        C::None => Type::NoneType,
        C::Bool(_) => Type::boolean(),
        C::Int(i) if i64::try_from(*i).is_ok() => Type::int64(),
        C::Int(i) if u64::try_from(*i).is_ok() => Type::uint64(),
        C::Float(_) => Type::float64(),
        C::Complex { .. } => Type::complex128(),
        C::Str(_) => Type::Unicode,
        C::Tuple(items) => Type::tuple(items.iter().map(typeof_constant).collect::<Option<Vec<_>>>()?),
        _ => return None,
    })
}

fn is_module(module: &str, attr: &str) -> bool {
    matches!(
        (module, attr),
        ("numpy", "linalg" | "random" | "fft" | "polynomial") | ("numpy.polynomial", "polynomial") | ("numba", "typed" | "types" | "cuda" | "core") | ("numba.core", "types")
    )
}

impl<'a> FileEnv<'a> {
    fn callee(&self, dispatcher: &DispatcherRef) -> FunctionKey<'a> {
        callee_key(self.db, self.function.file(self.db), dispatcher)
    }

    /// The enclosing function and index of an inner function passed as a value
    /// ([`Environment::closure_dispatcher`]).
    fn escaped_closure(&self, dispatcher: &DispatcherRef) -> Option<(FunctionKey<'a>, Vec<u32>)> {
        escaped_closure_of(self.db, self.function.file(self.db), dispatcher)
    }

    /// A call of an inner function that escaped: typed as the jit function Numba makes of it
    /// (positional arguments only), names resolved in its enclosing function's module.
    /// A call of a function with an `@overload`: its typing function run on the argument
    /// types (without literals, as Numba tries first) picks the implementation, an inner
    /// function typed as the jit function Numba makes of it.
    fn call_overload(&self, ol: FunctionKey<'a>, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let unsupported = |why: String| {
            InferError::typing("invalid-call", format!("{} '{}': {why}", numrs_infer::UNEVALUATED_OVERLOAD, dispatcher.name), None)
        };
        let file = ol.file(self.db);
        let info = module_info(self.db, file);
        let Some(jit) = ol.jit(self.db) else { return Err(unsupported("not found".into())) };
        let Some(def) = typing_function_def(self.db, ol) else { return Err(unsupported("not found".into())) };
        let params: Vec<&numrs_syntax::ast::Param> = def.params.positional().collect();
        if args.len() > params.len() && def.params.vararg.is_none() {
            return Err(InferError::typing("invalid-call", format!("too many arguments for '{}'", dispatcher.name), None));
        }
        // The typing function gets the call's types by name; a parameter the call leaves out
        // has its Python default (None, or another value: an instance of no type class).
        let bind = |literal: bool| -> Vec<(String, OverloadValue)> {
            let ty = |t: &Type| OverloadValue::Type(if literal { t.clone() } else { t.unliteral() });
            let mut bound: Vec<(String, OverloadValue)> = params.iter().zip(args).map(|(p, t)| (p.name.clone(), ty(t))).collect();
            // `def ol(*args)`: the rest of the types as a tuple.
            if let Some(star) = &def.params.vararg {
                let rest: Vec<Type> = args.iter().skip(params.len()).map(|t| if literal { t.clone() } else { t.unliteral() }).collect();
                bound.push((star.name.clone(), OverloadValue::Type(Type::tuple(rest))));
            }
            for (k, t) in kws {
                bound.push((k.clone(), ty(t)));
            }
            for p in &params[args.len().min(params.len())..] {
                if bound.iter().all(|(n, _)| *n != p.name) {
                    let is_none = p.default.as_ref().is_some_and(|d| matches!(d.kind, numrs_syntax::ast::ExprKind::Constant(numrs_syntax::ast::Constant::None)));
                    bound.push((p.name.clone(), if is_none { OverloadValue::None } else { OverloadValue::Other }));
                }
            }
            bound
        };
        // Numba tries the arguments' types without their literal values first, then with them;
        // `prefer_literal=True` the other way round.
        let prefer_literal =
            jit.options.values.iter().any(|(n, v)| n == "prefer_literal" && matches!(v, numrs_hir::OptionValue::Const(numrs_hir::ConstValue::Bool(true))));
        let has_literal = args.iter().chain(kws.iter().map(|(_, t)| t)).any(|t| t.unliteral() != *t);
        let mut pick = None;
        for literal in [prefer_literal, !prefer_literal] {
            if literal && !has_literal {
                continue;
            }
            let mut defs = 0;
            let p = run_overload(&def.body, &mut bind(literal), &info.symbols, &mut defs, 0).map_err(unsupported)?;
            let done = matches!(p, Some(OverloadPick::Impl(_)));
            if pick.is_none() || done {
                pick = p;
            }
            if done {
                break;
            }
        }
        match pick {
            Some(OverloadPick::Impl(k)) => {
                // Numba's `_validate_sigs`: the implementation takes the typing function's
                // parameters, with the same defaults.
                let closure = crate::queries::function_ir(self.db, ol).as_ref().and_then(|ir| ir.closures.get(k as usize).cloned());
                if let Some(why) = closure.as_ref().and_then(|c| implementation_differs(&def.params, c)) {
                    return Err(InferError::typing("invalid-call", format!("Typing and implementation arguments differ in {why}"), None));
                }
                let Some(inner) = escaped_dispatcher_ref(self.db, ol, &[k]) else { return Err(unsupported("its implementation".into())) };
                let positional: Vec<Type> = args.to_vec();
                self.call_escaped_closure(ol, &[k], &inner, &positional, kws)
            }
            // Numba's other templates of the function (later `@overload`s of it) are tried
            // next; a TypingError of this one is reported when none matches.
            Some(OverloadPick::Raise(m, class)) => {
                let mut e = InferError::typing("invalid-call", m, None);
                if let Some(k) = class {
                    e.kind = k;
                    return Err(e);
                }
                match self.next_overload(ol, jit, dispatcher, args, kws) {
                    Some(Ok(t)) => Ok(t),
                    _ => Err(e),
                }
            }
            Some(OverloadPick::Nothing) | None => match self.next_overload(ol, jit, dispatcher, args, kws) {
                Some(r) => r,
                None => {
                    let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
                    Err(InferError::typing("invalid-call", format!("No implementation of function '{}' found for signature ({shown})", dispatcher.name), None))
                }
            },
        }
    }

    /// The call typed by the next `@overload` registered for the same function as `ol`
    /// (`None`: there is none).
    fn next_overload(&self, ol: FunctionKey<'a>, jit: &numrs_hir::JitFunction, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Option<Result<Type, InferError>> {
        let file = ol.file(self.db);
        let info = module_info(self.db, file);
        let next = *later_overloads(self.db, file, info, jit).first()?;
        let key = FunctionKey::of(self.db, file, info, next);
        let d = DispatcherRef { name: next.name.as_str().into(), id: key.ordinal(self.db) as u64, file: dispatcher.file.clone() };
        Some(self.call_overload(key, &d, args, kws))
    }

    /// A call of an `@intrinsic` function: its typing function run on the arguments' types
    /// (after `typingctx`), the signature it returns giving the result.
    fn call_intrinsic(&self, f: FunctionKey<'a>, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let unsupported = |why: String| InferError::typing("invalid-call", format!("numrs cannot evaluate the @intrinsic typing function '{}': {why}", dispatcher.name), None);
        let file = f.file(self.db);
        let info = module_info(self.db, file);
        let Some(def) = typing_function_def(self.db, f) else { return Err(unsupported("not found".into())) };
        let params: Vec<&numrs_syntax::ast::Param> = def.params.positional().collect();
        if !kws.is_empty() {
            return Err(InferError::typing("invalid-call", format!("keyword arguments to the @intrinsic '{}'", dispatcher.name), None));
        }
        if params.len() != args.len() + 1 {
            let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            return Err(InferError::typing("invalid-call", format!("No implementation of function '{}' found for signature ({shown}): it takes {} arguments", dispatcher.name, params.len().saturating_sub(1)), None));
        }
        let mut bound: Vec<(String, OverloadValue)> = vec![(params[0].name.clone(), OverloadValue::Other)];
        bound.extend(params[1..].iter().zip(args).map(|(p, t)| (p.name.clone(), OverloadValue::Type(t.clone()))));
        match run_intrinsic(&def.body, &mut bound, &info.symbols, 0).map_err(unsupported)? {
            Some(Some(t)) => Ok(t),
            _ => {
                let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
                Err(InferError::typing("invalid-call", format!("No implementation of function '{}' found for signature ({shown})", dispatcher.name), None))
            }
        }
    }

    fn call_escaped_closure(&self, owner: FunctionKey<'a>, path: &[u32], dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let args = self.bind_closure_arguments(owner, path, dispatcher, args, kws)?;
        let args: Vec<Type> = args.iter().map(Type::without_initial_value).collect();
        let (_, result) = infer_escaped(self.db, owner, path, &args)?;
        // The call, and the calls its body makes, are this function's for the build.
        let mut mine = self.calls.borrow_mut();
        for call in std::iter::once((dispatcher.clone(), args)).chain(result.calls.iter().cloned()) {
            if !mine.contains(&call) {
                mine.push(call);
            }
        }
        result.outcome.clone().map_err(|mut e| {
            e.notes.push(format!("during: typing of call to '{}'", dispatcher.name));
            e
        })
    }

    /// Numba's NumbaValueError when a `@stencil` kernel without `neighborhood=` indexes one of
    /// its arrays (those `standard_indexing=` does not name) with a relative index that is not
    /// a constant: the neighbourhood cannot be inferred.
    fn stencil_index_error(&self, kernel: FunctionKey<'a>) -> Option<InferError> {
        let jit = kernel.jit(self.db)?;
        if jit.options.values.iter().any(|(n, _)| n == "neighborhood") {
            return None;
        }
        let standard = jit.options.stencil_standard_indexing();
        let ir = crate::queries::function_ir(self.db, kernel).clone()?;
        let defs = ir.definitions();
        let resolve = |v: numrs_ir::VarId| numrs_ir::resolve_copies(&defs, v);
        let constant = |v: numrs_ir::VarId| match resolve(v) {
            Some(numrs_ir::Value::Const(_)) => true,
            Some(numrs_ir::Value::BuildTuple(items)) => items.iter().all(|i| matches!(resolve(*i), Some(numrs_ir::Value::Const(_)))),
            _ => false,
        };
        let relative = |v: numrs_ir::VarId| matches!(resolve(v), Some(numrs_ir::Value::Arg(i)) if ir.arg_names.get(*i as usize).is_some_and(|n| !standard.contains(n)));
        let found = ir.blocks.iter().flat_map(|b| b.stmts.iter()).any(|st| {
            matches!(&st.kind, numrs_ir::StmtKind::Assign { value: numrs_ir::Value::GetItem { value, index }, .. } if relative(*value) && !constant(*index))
        });
        found.then(|| {
            let mut e = InferError::typing("invalid-call", "stencil kernel index is not constant, 'neighborhood' option required", None);
            e.kind = "NumbaValueError";
            e
        })
    }

    /// Bind a call's arguments to an inner function's parameters: positionals, then keywords
    /// by name, then the parameters' constant defaults (typed as their literals).
    fn bind_closure_arguments(&self, owner: FunctionKey<'a>, path: &[u32], dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Vec<Type>, InferError> {
        let closure = crate::queries::function_ir(self.db, owner).as_ref().and_then(|ir| ir.closure_at(path).cloned());
        let Some(closure) = closure else { return Ok(args.to_vec()) };
        let all = &closure.ir.arg_names;
        // `def impl(a, *args)`: the positional parameters, then the tuple of the rest.
        let npos = if closure.star { closure.defaults.len().min(all.len()) } else { all.len() };
        let names = &all[..npos];
        if !closure.star && kws.is_empty() && args.len() >= names.len() {
            return Ok(args.to_vec());
        }
        let refuse = |why: String| InferError::typing("invalid-call", format!("cannot call '{}' ({}): {why}", dispatcher.name, all.join(", ")), None);
        if closure.star && all.len() != npos + 1 {
            return Err(refuse("keyword-only parameters after *args are not supported by numrs yet".into()));
        }
        let (args, rest): (&[Type], &[Type]) = if closure.star && args.len() > npos { args.split_at(npos) } else { (args, &[]) };
        if args.len() > names.len() {
            return Err(refuse(format!("too many positional arguments ({} given)", args.len())));
        }
        let mut bound: Vec<Option<Type>> = vec![None; names.len()];
        for (i, t) in args.iter().enumerate() {
            bound[i] = Some(t.clone());
        }
        for (k, t) in kws {
            match names.iter().position(|n| n == k) {
                Some(i) if bound[i].is_none() => bound[i] = Some(t.clone()),
                Some(_) => return Err(refuse(format!("multiple values for argument '{k}'"))),
                None => return Err(refuse(format!("unexpected keyword argument '{k}'"))),
            }
        }
        let mut out = bound
            .into_iter()
            .enumerate()
            .map(|(i, slot)| match slot {
                Some(t) => Ok(t),
                None => match closure.defaults.get(i).cloned().flatten().map(|c| numrs_infer::const_type(&c)) {
                    Some(Ok(t)) => Ok(t),
                    Some(Err(why)) => Err(refuse(why)),
                    None => Err(refuse(format!("missing a required argument: '{}'", names[i]))),
                },
            })
            .collect::<Result<Vec<Type>, InferError>>()?;
        if closure.star {
            out.push(Type::tuple(rest.to_vec()));
        }
        Ok(out)
    }

    /// Bind call arguments to the callee's parameters as Python does: positionals, then
    /// keywords, then defaults (a default is typed as its literal, like Numba's `omitted`).
    /// `*args` extras are packed into one tuple (Numba's StarArgTuple), literals and all.
    pub(crate) fn bind_arguments(
        &self,
        dispatcher: &DispatcherRef,
        args: &[Type],
        kws: &[(String, Type)],
    ) -> Result<Vec<Type>, InferError> {
        let Some(facts) = function_facts(self.db, self.callee(dispatcher)) else {
            return Ok(args.to_vec());
        };
        let names: Vec<&str> = facts.params.iter().map(|p| p.name.as_str()).collect();
        let positional_count = facts.positional_count;
        let kwonly = &facts.params[positional_count..];
        let mut shown_params: Vec<&str> = names.clone();
        if !kwonly.is_empty() && !facts.has_vararg {
            shown_params.insert(positional_count, "*");
        }
        let moved_note = (!kwonly.is_empty()).then(|| {
            format!(
                "Numba passes a call's last {} positional argument(s) to the keyword-only parameter(s) {}, whatever the call's keywords: \
                 call '{}' with all {} arguments by position",
                kwonly.len(),
                kwonly.iter().map(|p| format!("'{}'", p.name)).collect::<Vec<_>>().join(", "),
                dispatcher.name,
                facts.params.len()
            )
        });
        let bind_error = |args: &[Type], kws: &[(String, Type)], why: String| {
            let shown = format!(
                "args=({}) kws={{{}}}",
                args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
                kws.iter().map(|(k, t)| format!("'{k}': {t}")).collect::<Vec<_>>().join(", ")
            );
            let mut e = InferError::typing(
                "invalid-call",
                format!("Cannot bind '{shown}' to signature '({})' of '{}': {why}", shown_params.join(", "), dispatcher.name),
                None,
            );
            e.notes.extend(moved_note.clone());
            e
        };
        // Numba's `fold_arguments`: the call's last positional arguments go to the keyword-only
        // parameters, by name, replacing keyword arguments of the same names.
        let moved: Vec<(String, Type)>;
        let (args, kws): (&[Type], &[(String, Type)]) = if kwonly.is_empty() {
            (args, kws)
        } else {
            if args.len() < kwonly.len() {
                // Numba indexes the positional arguments from the end for them and fails with
                // an IndexError (not a TypingError) when there are too few.
                let mut e = bind_error(
                    args,
                    kws,
                    format!("{} positional argument(s) given, too few (Numba fails with IndexError: tuple index out of range)", args.len()),
                );
                e.kind = "IndexError";
                return Err(e);
            }
            let split = args.len() - kwonly.len();
            let mut all: Vec<(String, Type)> = kws.iter().filter(|(k, _)| !kwonly.iter().any(|p| p.name == *k)).cloned().collect();
            all.extend(kwonly.iter().zip(&args[split..]).map(|(p, t)| (p.name.clone(), t.clone())));
            moved = all;
            (&args[..split], &moved[..])
        };
        let (args, star): (&[Type], Option<Type>) = if facts.has_vararg {
            let split = args.len().min(positional_count);
            (&args[..split], Some(Type::tuple(args[split..].to_vec())))
        } else {
            (args, None)
        };
        if args.len() > positional_count {
            return Err(bind_error(args, kws, format!(
                "too many positional arguments ({} given, {} accepted)",
                args.len(),
                positional_count
            )));
        }
        // Numba compiles the callee for the caller's argument types, literals included.
        let mut bound: Vec<Option<Type>> = vec![None; facts.params.len()];
        for (i, t) in args.iter().enumerate() {
            bound[i] = Some(t.clone());
        }
        for (k, t) in kws {
            match names.iter().position(|n| n == k) {
                Some(i) if bound[i].is_none() => bound[i] = Some(t.clone()),
                Some(_) => return Err(bind_error(args, kws, format!("multiple values for argument '{k}'"))),
                None => return Err(bind_error(args, kws, format!("unexpected keyword argument '{k}'"))),
            }
        }
        let mut out = Vec::new();
        if positional_count == 0 {
            out.extend(star.clone());
        }
        for (i, slot) in bound.into_iter().enumerate() {
            match (slot, &facts.params[i].default) {
                (Some(t), _) => out.push(t),
                (None, Some(Ok(t))) => out.push(t.clone()),
                // A jit function of the module: `omitted(default=<name>)`, which the callee
                // types as its dispatcher.
                (None, Some(Err(()))) if facts.params[i].default_name.as_ref().is_some_and(|n| matches!(self.resolve_global(n), GlobalValue::Type(Type::Dispatcher(_)))) => {
                    out.push(Type::Omitted(facts.params[i].default_name.clone().unwrap_or_default().into()))
                }
                (None, Some(Err(()))) => {
                    return Err(bind_error(args, kws, format!("the default value of '{}' cannot be typed", facts.params[i].name)))
                }
                (None, None) => return Err(bind_error(args, kws, format!("missing a required argument: '{}'", facts.params[i].name))),
            }
            if i + 1 == positional_count {
                out.extend(star.clone());
            }
        }
        Ok(out)
    }

    /// A callee with explicit signatures is compiled eagerly and then frozen: a call must
    /// match one of its signatures (Numba's overload selection by conversion ranking).
    fn call_frozen_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type]) -> Option<Result<Type, InferError>> {
        let func = self.callee(dispatcher);
        let facts = function_facts(self.db, func).as_ref()?;
        if facts.signatures.is_empty() {
            return None;
        }
        // A call made while the function's own signatures compile (recursion): Numba's
        // dispatcher is not frozen yet, so argument types that are not exactly a signature's
        // get a specialization of their own (`f(0)` in `int64(int64)` compiles
        // `f(Literal[int](0))`), typed as a call of a function without signatures is.
        if InferenceStack::contains_function(&dispatcher.name, dispatcher.id as u32) && !facts.signatures.iter().any(|s| s.0 == args) {
            return None;
        }
        let mut best: Option<(numrs_types::Rating, &(Vec<Type>, Option<Type>))> = None;
        for sig in &facts.signatures {
            if let Some(r) = numrs_types::Rating::rate(args, &sig.0, true, false) {
                if best.as_ref().is_none_or(|(b, _)| r < *b) {
                    best = Some((r, sig));
                }
            }
        }
        let Some((_, (sig_args, sig_ret))) = best else {
            let shown = args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            let available = signatures_shown(facts);
            return Some(Err(InferError::typing(
                "invalid-call",
                format!("'{}' is compiled only for {available}; no signature accepts ({shown})", dispatcher.name),
                None,
            )));
        };
        if InferenceStack::contains(&dispatcher.name, dispatcher.id as u32, sig_args) {
            // Numba types a recursive call from the function's non-recursive return paths
            // (`return_types_from_partial`), whatever return type the signature declares; the
            // call is then lowered against the declared one, which must be the same LLVM type.
            let partial = self.partial_return_type(func, sig_args);
            return Some(match (partial, sig_ret) {
                (Ok(t), Some(declared)) if !numrs_types::same_llvm_type(&t, declared) => Err(InferError {
                    kind: "ValueError",
                    code: "recursive-return-mismatch",
                    message: format!(
                        "the recursive call of '{}' is typed {t} (its non-recursive returns), but the signature declares {declared}: Numba's lowering fails (\"Function type returns ... but resty=...\")",
                        dispatcher.name
                    ),
                    span: None,
                    notes: vec![],
                    secondary: vec![],
                }),
                (partial, _) => partial,
            });
        }
        let key = SpecKey::new(self.db, func, sig_args.clone(), sig_ret.clone());
        Some(spec_return_type(self.db, key, dispatcher))
    }

    /// A call of a `@vectorize` function from jit code, as Numba's `DUFunc._type_me` types it:
    /// the element types (array dtypes, scalars unliteral) select a loop — with signatures,
    /// the first loop they cast to safely (the ufunc is frozen); without, the kernel compiled
    /// for exactly those types — and the call returns the loop's output, as an array of the
    /// largest dimension among the arguments when one is an array (C, or F when every array
    /// operand is F), or the explicit output array passed last.
    fn call_dufunc(
        &self,
        dispatcher: &DispatcherRef,
        facts: &crate::queries::FunctionFacts,
        args: &[Type],
        kws: &[(String, Type)],
    ) -> Result<Type, InferError> {
        let func = self.callee(dispatcher);
        let name = &dispatcher.name;
        let shown = |ts: &[Type]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        if !kws.is_empty() {
            return Err(InferError::typing(
                "invalid-call",
                format!("'{name}' is a ufunc (@vectorize): it takes its inputs and an optional output array by position, not keyword arguments"),
                None,
            ));
        }
        let nin = facts.params.len();
        let inputs = numrs_typing::handle_ufunc_inputs(name, nin, 1, args)
            .map_err(|e| InferError::typing("invalid-call", e.message, None))?;
        let ewise: Vec<Type> = inputs.base[..nin].iter().map(Type::unliteral).collect();
        let out = if facts.signatures.is_empty() {
            // Compiled on demand for the element types (recorded, so that `build` lowers it).
            {
                let mut calls = self.calls.borrow_mut();
                if !calls.iter().any(|(d, a)| d == dispatcher && *a == ewise) {
                    calls.push((dispatcher.clone(), ewise.clone()));
                }
            }
            let ret = spec_return_type(self.db, SpecKey::new(self.db, func, ewise.clone(), None), dispatcher)?;
            if ret.as_number().is_none() {
                return Err(InferError::typing(
                    "invalid-call",
                    format!("the kernel of ufunc '{name}' returns {ret} for ({}): a ufunc loop must return a number", shown(&ewise)),
                    None,
                ));
            }
            ret
        } else {
            // Frozen: the loops that compiled, in the order of the decorator's signatures.
            let loops: Vec<(Vec<Type>, Type)> = facts
                .signatures
                .iter()
                .filter_map(|(a, r)| {
                    let typed = infer_spec(self.db, SpecKey::new(self.db, func, a.clone(), r.clone())).outcome.as_ref().ok()?;
                    Some((a.clone(), r.clone().unwrap_or_else(|| typed.clone())))
                })
                .collect();
            let ins: Vec<Vec<Type>> = loops.iter().map(|l| l.0.clone()).collect();
            match numrs_typing::find_dufunc_loop(&ins, &ewise) {
                Some(i) => loops[i].1.clone(),
                None => {
                    let available = loops.iter().map(|(a, r)| format!("({}) -> {r}", shown(a))).collect::<Vec<_>>().join(", ");
                    return Err(InferError::typing(
                        "invalid-call",
                        format!(
                            "ufunc '{name}' (@vectorize with signatures) has no loop that ({}) casts to safely; its loops: {available}",
                            shown(&ewise)
                        ),
                        None,
                    ));
                }
            }
        };
        Ok(inputs.result(&[out]))
    }

    /// A call of a `@guvectorize` function from jit code, as Numba's `GUFunc._type_me` types it:
    /// every operand passed (outputs included), each array with at least its core's dimensions;
    /// the element types select the first loop the inputs cast to safely and whose outputs cast
    /// to the given ones; the call returns None (the outputs are written in place).
    fn call_gufunc(
        &self,
        dispatcher: &DispatcherRef,
        facts: &crate::queries::FunctionFacts,
        args: &[Type],
        kws: &[(String, Type)],
    ) -> Result<Type, InferError> {
        let func = self.callee(dispatcher);
        let name = &dispatcher.name;
        let typing = |m: String| InferError::typing("invalid-call", m, None);
        if !kws.is_empty() {
            return Err(typing(format!("'{name}' is a generalized ufunc (@guvectorize): it takes its operands by position")));
        }
        let Some(text) = func.jit(self.db).and_then(|j| j.gufunc_layout.clone()) else {
            return Err(typing(format!("'{name}' has no layout")));
        };
        let layout = numrs_types::parse_gufunc_layout(&text).map_err(typing)?;
        let (nin, nout) = (layout.inputs.len(), layout.outputs.len());
        let cores: Vec<usize> = layout.inputs.iter().chain(&layout.outputs).map(Vec::len).collect();
        for (idx, a) in args.iter().enumerate() {
            if let (Some(arr), Some(core)) = (a.as_array(), cores.get(idx)) {
                if (arr.ndim as usize) < *core {
                    let (kind, i) = if idx < nin { ("Input", idx) } else { ("Output", idx - nin) };
                    return Err(typing(format!(
                        "{name}: {kind} operand {i} does not have enough dimensions (has {}, gufunc core with signature {text} requires {core})",
                        arr.ndim
                    )));
                }
            }
        }
        let inputs = numrs_typing::handle_ufunc_inputs(name, nin, nout, args).map_err(|e| typing(e.message))?;
        let shown = |ts: &[Type]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        let loops: Vec<Vec<Type>> = facts
            .signatures
            .iter()
            .filter(|(a, r)| infer_spec(self.db, SpecKey::new(self.db, func, a.clone(), r.clone())).outcome.is_ok())
            .map(|(a, _)| a.iter().map(Type::element_type).collect())
            .collect();
        let mut loops = loops;
        if facts.signatures.is_empty() && args.len() == nin + nout {
            // A dynamic gufunc compiles the kernel for the element types when no loop fits
            // (recorded, so that `build` makes that loop too).
            let dtypes: Vec<Type> = inputs.base.iter().map(Type::unliteral).collect();
            if numrs_typing::find_gufunc_loop(&loops, nin, &dtypes).is_none() {
                let kernel = crate::gufunc_kernel_types(&layout, &dtypes);
                {
                    let mut calls = self.calls.borrow_mut();
                    if !calls.iter().any(|(d, a)| d == dispatcher && *a == kernel) {
                        calls.push((dispatcher.clone(), kernel.clone()));
                    }
                }
                spec_return_type(self.db, SpecKey::new(self.db, func, kernel, None), dispatcher)?;
                loops.push(dtypes);
            }
        }
        let found = (args.len() == nin + nout).then(|| numrs_typing::find_gufunc_loop(&loops, nin, &inputs.base)).flatten();
        if let Some(k) = found {
            // Typing accepts the call; Numba's lowering (`numpy_gufunc_kernel`) then fails where
            // an operand is not already of the loop's type.
            let lowering = |kind: &'static str, message: String| InferError { kind, ..typing(message) };
            for (idx, (a, core)) in args.iter().zip(&cores).enumerate() {
                if *core > 0 && a.as_array().is_none() {
                    return Err(lowering(
                        "NumbaNotImplementedError",
                        format!("'{name}' operand {idx} is {a}, but its core has {core} dimension(s): pass an array (Numba cannot cast it)"),
                    ));
                }
            }
            for (idx, (a, want)) in args.iter().zip(&loops[k]).enumerate() {
                if let Some(arr) = a.as_array() {
                    if arr.dtype != *want {
                        return Err(lowering(
                            "TypeError",
                            format!(
                                "'{name}' runs its loop ({}) for these operands, but operand {idx} is an array of {}: Numba cannot lower a \
                                 gufunc call whose arrays are not of the loop's types (LLVM rejects the call); pass arrays of {want}",
                                shown(&loops[k]),
                                arr.dtype
                            ),
                        ));
                    }
                }
            }
        }
        if found.is_none() {
            return Err(typing(format!(
                "cannot call the generalized ufunc '{name}' ({text}) with ({}): {}",
                shown(args),
                if args.len() != nin + nout {
                    format!("from jit code every operand is passed, the {nout} output(s) included")
                } else if loops.is_empty() {
                    "it has no compiled loops (a @guvectorize function without signatures is not typed from jit code by numrs yet)".to_string()
                } else {
                    format!("no loop fits; its loops: {}", loops.iter().map(|l| format!("({})", shown(l))).collect::<Vec<_>>().join(", "))
                }
            )));
        }
        Ok(Type::NoneType)
    }

    fn partial_return_type(&self, func: FunctionKey<'a>, args: &[Type]) -> Result<Type, InferError> {
        let Some(ir) = crate::queries::function_ir(self.db, func) else {
            return Err(InferError::typing("recursion-without-signature", "cannot type infer runaway recursion", None));
        };
        if InferenceStack::depth() >= MAX_TYPING_DEPTH {
            let mut e = InferError::typing("recursion-without-signature", format!("recursive typing of '{}' nests more than {MAX_TYPING_DEPTH} deep", func.name(self.db)), None);
            e.kind = "RecursionError";
            return Err(e);
        }
        PARTIAL_DEPTH.with(|d| d.set(d.get() + 1));
        let result = self.partial_return_type_inner(func, args, ir);
        PARTIAL_DEPTH.with(|d| d.set(d.get() - 1));
        result
    }

    fn partial_return_type_inner(&self, func: FunctionKey<'a>, args: &[Type], ir: &numrs_ir::FunctionIr) -> Result<Type, InferError> {
        let env = FileEnv { db: self.db, function: func, calls: Default::default() };
        // As Numba resolves a recursive call again as the function's typing goes on
        // (`return_types_from_partial` of the frame): first the return types of the paths
        // without recursion, then, with the recursive calls typed as that, again until it
        // settles (`return None` / `return Node(n, build(n - 1))`: none, then the optional
        // node).
        // Numba's call frame keeps the distinct return types found; at 16 it gives up
        // (`CallFrame.add_return_type`: "does not converge", a growing `(n, f(n - 1))`).
        let mut approx: Option<Type> = None;
        let mut seen: Vec<Type> = Vec::new();
        for _ in 0..64 {
            let partial = PartialEnv { inner: &env, approx: approx.clone() };
            let req = numrs_infer::InferRequest { ir, args, return_type: None, locals: &[], env: &partial, partial: true };
            match numrs_infer::infer_function(&req).outcome {
                Ok(t) if approx.as_ref() == Some(&t) => return Ok(t),
                Ok(t) => {
                    if !seen.contains(&t) {
                        seen.push(t.clone());
                    }
                    if seen.len() >= 16 {
                        return Err(InferError::typing("recursion-without-signature", "Return type of recursive function does not converge", None));
                    }
                    approx = Some(t);
                }
                Err(e) => return approx.ok_or(e),
            }
        }
        // Types that cycle without settling.
        approx.ok_or_else(|| InferError::typing("recursion-without-signature", "cannot type infer runaway recursion", None))
    }
}

fn spec_return_type(db: &dyn Db, key: SpecKey<'_>, dispatcher: &DispatcherRef) -> Result<Type, InferError> {
    match &infer_spec(db, key).outcome {
        Ok(t) => Ok(t.clone()),
        Err(e) => {
            let mut e = e.clone();
            let note = format!("during: typing of call to '{}'", dispatcher.name);
            // (Once for a chain of calls of the same function.)
            if e.notes.last() != Some(&note) {
                e.notes.push(note);
            }
            Err(e)
        }
    }
}

impl Environment for FileEnv<'_> {
    fn dispatcher_function_type(&self, dispatcher: &DispatcherRef) -> Option<numrs_types::Signature> {
        let facts = function_facts(self.db, self.callee(dispatcher)).as_ref()?;
        if !matches!(facts.kind, JitKind::Njit) {
            return None;
        }
        let [(args, ret)] = facts.signatures.as_slice() else { return None };
        let ret = match ret {
            Some(r) => r.clone(),
            None => self.call_dispatcher(dispatcher, args, &[]).ok()?,
        };
        Some(numrs_types::Signature::new(ret, args.clone()))
    }
    fn user_overload(&self, key: &str) -> Option<DispatcherRef> {
        if !numrs_typing::numba_overloads_lazily(key) {
            return None;
        }
        let file = self.function.file(self.db);
        let (module, attr) = key.rsplit_once('.')?;
        match overload_of_attribute(self.db, file, module_info(self.db, file), module, attr)? {
            Type::Dispatcher(d) => Some(d),
            _ => None,
        }
    }
    fn overload_method(&self, receiver: &Type, attr: &str) -> Option<Type> {
        let file = self.function.file(self.db);
        let info = module_info(self.db, file);
        let skeleton = numrs_db::skeleton(self.db, file);
        let ol = info.functions.iter().find(|f| {
            let Some(args) = extension_args(&skeleton.module, f, "overload_method").or_else(|| extension_args(&skeleton.module, f, "overload_attribute")) else {
                return false;
            };
            let (Some(class), Some(name)) = (args.first(), args.get(1)) else { return false };
            let named = matches!(&name.kind, numrs_syntax::ast::ExprKind::Constant(numrs_syntax::ast::Constant::Str(n)) if **n == *attr);
            let class = info.symbols.resolve_dotted(class).unwrap_or_default();
            let class = class.strip_prefix("numba.core.types.").or_else(|| class.strip_prefix("numba.types."));
            named && class.is_some_and(|c| numba_type_class_has(receiver, c) == Some(true))
        })?;
        let key = FunctionKey::of(self.db, file, info, ol);
        if matches!(&ol.kind, JitKind::Other(k) if k == "overload_attribute") {
            // The attribute's value: its implementation called on the receiver.
            let d = DispatcherRef { name: ol.name.as_str().into(), id: key.ordinal(self.db) as u64, file: None };
            return self.call_dispatcher(&d, std::slice::from_ref(receiver), &[]).ok();
        }
        Some(Type::BoundFunction(std::sync::Arc::new((numrs_types::overload_method_key(&ol.name, key.ordinal(self.db) as u64).into(), receiver.clone()))))
    }

    /// A `@vectorize` function's ufunc attributes (Numba's DUFunc `overload_attribute`s): the
    /// values, as literals.
    fn dispatcher_attr(&self, dispatcher: &DispatcherRef, attr: &str) -> Option<Type> {
        let func = self.callee(dispatcher);
        let facts = function_facts(self.db, func).as_ref()?;
        if facts.kind != JitKind::Vectorize {
            return None;
        }
        let nin = facts.params.len() as i128;
        let identity = func.jit(self.db)?.options.ufunc_identity();
        let identity_value = match identity {
            Some(numrs_hir::UfuncIdentity::Zero) => Some(0),
            Some(numrs_hir::UfuncIdentity::One) => Some(1),
            _ => None,
        };
        Some(match attr {
            "nin" => Type::IntegerLiteral(nin),
            "nout" => Type::IntegerLiteral(1),
            "nargs" => Type::IntegerLiteral(nin + 1),
            // NumPy's identity: 0 or 1; None without one and for "reorderable".
            "identity" => identity_value.map_or(Type::NoneType, Type::IntegerLiteral),
            // The core signature of a generalized ufunc; None for a ufunc.
            "signature" => Type::NoneType,
            // Numba's experimental `at` overload; whether the DUFunc compiles lazily goes with it.
            "at" => Type::BoundFunction(std::sync::Arc::new((numrs_infer::dufunc::at_key(facts.signatures.is_empty()).into(), Type::Dispatcher(dispatcher.clone())))),
            // Numba's experimental `reduce` overload; the identity goes with it.
            "reduce" => {
                let reorderable = identity == Some(numrs_hir::UfuncIdentity::Reorderable);
                Type::BoundFunction(std::sync::Arc::new((numrs_infer::dufunc::reduce_key(identity_value, reorderable).into(), Type::Dispatcher(dispatcher.clone()))))
            }
            _ => return None,
        })
    }

    fn bind_call(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Option<Vec<Type>> {
        self.bind_arguments(dispatcher, args, kws).ok()
    }
    fn target(&self) -> numrs_infer::Target {
        match crate::queries::function_facts(self.db, self.function).as_ref() {
            Some(f) => numrs_infer::Target {
                parallel: f.parallel,
                cuda: matches!(f.kind, JitKind::CudaKernel | JitKind::CudaDevice),
                no_scipy: numrs_db::Settings::try_get(self.db).is_some_and(|s| !*s.scipy(self.db)),
            },
            None => numrs_infer::Target { no_scipy: numrs_db::Settings::try_get(self.db).is_some_and(|s| !*s.scipy(self.db)), ..Default::default() },
        }
    }
    fn resolve_global(&self, name: &str) -> GlobalValue {
        let key = GlobalKey::new(self.db, self.function, name.to_string());
        crate::queries::resolve_global(self.db, key).clone()
    }

    fn omitted_type(&self, index: usize, repr: &str) -> Option<Type> {
        let file = self.function.file(self.db);
        enum_member_of_repr(self.db, file, crate::queries::module_info(self.db, file), repr).or_else(|| {
            let facts = function_facts(self.db, self.function).as_ref()?;
            let param = facts.params.get(index).filter(|_| !facts.has_vararg || index < facts.positional_count)?;
            // A jit function as the default (`weight_func=_tricube`): its dispatcher.
            if let Some(name) = &param.default_name {
                if let GlobalValue::Type(t @ Type::Dispatcher(_)) = self.resolve_global(name) {
                    return Some(t);
                }
            }
            // An array default: any omitted type of that parameter is the array (Numba keys it
            // by the array's identity; records print NumPy's repr of it).
            param.array_key.as_ref()?;
            param.default.clone()?.ok()
        })
    }

    fn closure_dispatcher(&self, path: &[u32]) -> Option<Result<DispatcherRef, InferError>> {
        let ir = crate::queries::function_ir(self.db, self.function).as_ref()?;
        // Its captures, as Numba checks them: read off this function's IR, unless the path
        // goes through an escaped copy, which is made for that.
        let checked = if path.contains(&numrs_ir::ESCAPED) {
            numrs_infer::escaped_closure_ir(ir, path).map(|_| ())
        } else {
            numrs_infer::escaped_free_vars(ir, path).map(|_| ())
        };
        if let Err(e) = checked {
            return Some(Err(e));
        }
        escaped_dispatcher_ref(self.db, self.function, path).map(Ok)
    }

    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        if let Some((owner, path)) = self.escaped_closure(dispatcher) {
            return self.call_escaped_closure(owner, &path, dispatcher, args, kws);
        }
        let func = self.callee(dispatcher);
        // A `@stencil` kernel applied with `out=`: the kernel typed as without it, the result
        // written into (and returned as) that array.
        if matches!(func.jit(self.db).map(|j| j.kind.clone()), Some(JitKind::Other(k)) if k == "stencil") {
            if let Some((_, out)) = kws.iter().find(|(k, _)| k == "out") {
                let rest: Vec<(String, Type)> = kws.iter().filter(|(k, _)| k != "out").cloned().collect();
                let made = self.call_dispatcher(dispatcher, args, &rest)?;
                let (Type::Array(o), Type::Array(m)) = (out, &made) else {
                    return Err(InferError::typing("invalid-call", format!("the out argument of stencil '{}' must be an array, got {out}", dispatcher.name), None));
                };
                if o.ndim != m.ndim || o.readonly {
                    return Err(InferError::typing("invalid-call", format!("the out argument of stencil '{}' must be a writable {}-d array, got {out}", dispatcher.name, m.ndim), None));
                }
                // (In a `parallel=True` caller the stencil is a parfor, whose store casts.)
                if o.dtype != m.dtype && !self.target().parallel {
                    let mut e = InferError::typing(
                        "invalid-call",
                        format!(
                            "the out argument of stencil '{}' holds {}, but the kernel returns {}: Numba's lowering fails (\"Function type returns ... but resty=...\")",
                            dispatcher.name, o.dtype, m.dtype
                        ),
                        None,
                    );
                    e.kind = "ValueError";
                    return Err(e);
                }
                return Ok(out.clone());
            }
        }
        if matches!(func.jit(self.db).map(|j| j.kind.clone()), Some(JitKind::Other(k)) if k == "overload" || k == "overload_method" || k == "overload_attribute") {
            return self.call_overload(func, dispatcher, args, kws);
        }
        if matches!(func.jit(self.db).map(|j| j.kind.clone()), Some(JitKind::Other(k)) if k == "intrinsic") {
            return self.call_intrinsic(func, dispatcher, args, kws);
        }
        if let Some(facts) = function_facts(self.db, func).as_ref().filter(|f| f.kind == JitKind::Vectorize) {
            return self.call_dufunc(dispatcher, facts, args, kws);
        }
        if let Some(facts) = function_facts(self.db, func).as_ref().filter(|f| f.kind == JitKind::GuVectorize) {
            return self.call_gufunc(dispatcher, facts, args, kws);
        }
        // A `@cfunc` is a first-class function in jit code (Numba's `FunctionType`): its one
        // signature, the arguments converting to it at most safely.
        if let Some(facts) = function_facts(self.db, func).as_ref().filter(|f| f.kind == JitKind::CFunc) {
            return cfunc_call(facts, args, kws);
        }
        let mut frozen_missing = None;
        // `inline="always"`: Numba inlines the callee's IR before typing; its signatures do
        // not apply, and a function inlining itself never ends (Python's RecursionError).
        let inlined = function_facts(self.db, func).as_ref().is_some_and(|f| f.inline_always);
        // A callee compiled for explicit signatures is frozen: Numba passes a left-out defaulted
        // argument as `omitted(default=...)`, which none of its signatures accepts.
        if let Some(facts) = function_facts(self.db, func).as_ref().filter(|_| !inlined) {
            if !facts.signatures.is_empty() && !facts.has_vararg && args.len() + kws.len() < facts.params.len() {
                let given: Vec<&str> = kws.iter().map(|(k, _)| k.as_str()).collect();
                let missing: Vec<String> = facts.params[args.len().min(facts.params.len())..]
                    .iter()
                    .filter(|p| !given.contains(&p.name.as_str()))
                    .map(|p| format!("'{}'", p.name))
                    .collect();
                let available = signatures_shown(facts);
                frozen_missing = Some(InferError::typing(
                    "invalid-call",
                    format!(
                        "'{}' is compiled only for {available}: a call from jit code must pass every argument, as Numba does not fill in the defaults of a function with explicit signatures (left out: {})",
                        dispatcher.name,
                        missing.join(", ")
                    ),
                    None,
                ));
            }
        }
        let args = self.bind_arguments(dispatcher, args, kws)?;
        if let Some(e) = frozen_missing {
            return Err(e);
        }
        // Numba compiles the callee for list and dict displays without their initial values.
        let args: Vec<Type> = args.iter().map(Type::without_initial_value).collect();
        if inlined && InferenceStack::contains_function(&dispatcher.name, dispatcher.id as u32) {
            let mut e = InferError::typing(
                "recursion-without-signature",
                format!("'{}' has inline=\"always\" and calls itself: Numba inlines it into itself without end (RecursionError)", dispatcher.name),
                None,
            );
            e.kind = "RecursionError";
            return Err(e);
        }
        if let Some(result) = self.call_frozen_dispatcher(dispatcher, &args).filter(|_| !inlined) {
            return result;
        }
        if InferenceStack::contains(&dispatcher.name, dispatcher.id as u32, &args) {
            if func.jit(self.db).is_some_and(|j| j.is_jitclass_member()) {
                // Numba types a jitclass method through its class's template, which compiles
                // it again: a method calling itself with the same types fails.
                return Err(InferError::typing(
                    "recursion-without-signature",
                    format!("compiler re-entrant to the same function signature: '{}' calls itself with the same argument types", dispatcher.name),
                    None,
                ));
            }
            // A recursive call: like Numba, type the function partially (skipping recursive
            // calls) and use the return type of its non-recursive paths.
            return self.partial_return_type(func, &args);
        }
        {
            let mut calls = self.calls.borrow_mut();
            if !calls.iter().any(|(d, a)| d == dispatcher && *a == args) {
                calls.push((dispatcher.clone(), args.clone()));
            }
        }
        // A `@stencil` kernel applied to arrays: the kernel is typed at one point (its relative
        // indices read items), and the call makes an array of its results shaped as the first
        // argument, with its layout (Numba's `StencilFunc.get_return_type`).
        let stencil = matches!(func.jit(self.db).map(|j| j.kind.clone()), Some(JitKind::Other(k)) if k == "stencil");
        let first = args.first().and_then(|t| if let Type::Array(a) = t { Some((a.ndim, a.layout)) } else { None });
        if stencil && first.is_none() {
            let shown = args.first().map(|t| t.to_string()).unwrap_or_default();
            return Err(InferError::typing(
                "invalid-call",
                format!("the first argument to a stencil kernel must be the primary input array, got {shown} (Numba: NumbaValueError)"),
                None,
            ));
        }
        if stencil {
            if let Some(e) = self.stencil_index_error(func) {
                return Err(e);
            }
        }
        let key = SpecKey::new(self.db, func, args, None);
        let ret = spec_return_type(self.db, key, dispatcher)?;
        match (stencil, first) {
            (true, Some((ndim, layout))) => {
                let item = ret.unliteral();
                if !item.is_numpy_dtype() {
                    // Numba types the call and fails making the output array when it lowers it.
                    let mut e = InferError::typing(
                        "invalid-call",
                        format!("{item} cannot be represented as a NumPy dtype: the stencil kernel '{}' must return a number to make an array of", dispatcher.name),
                        None,
                    );
                    e.kind = "NumbaNotImplementedError";
                    return Err(e);
                }
                Ok(Type::array(item, ndim, layout))
            }
            _ => Ok(ret),
        }
    }

    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        numrs_typing::resolve_module_attr(module, attr)
            .or_else(|| overload_of_attribute(self.db, self.function.file(self.db), module_info(self.db, self.function.file(self.db)), module, attr))
            .or_else(|| is_module(module, attr).then(|| Type::Module(format!("{module}.{attr}").into())))
    }
}

/// A call of a `@cfunc` from jit code, typed as Numba's `FunctionType.get_call_type`.
fn cfunc_call(facts: &crate::queries::FunctionFacts, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
    let refuse = |kind: &'static str, message: String| {
        let mut e = InferError::typing("invalid-call", message, None);
        e.kind = kind;
        e
    };
    if !kws.is_empty() {
        return Err(refuse("UnsupportedError", "first-class function call cannot use keyword arguments".into()));
    }
    let Some((formal, ret)) = facts.signatures.first() else {
        return Err(refuse("TypingError", "a @cfunc without a signature".into()));
    };
    if args.len() != formal.len() {
        return Err(refuse("ValueError", format!("mismatch of arguments number: {} vs {}", args.len(), formal.len())));
    }
    for (a, f) in args.iter().zip(formal) {
        let a = a.unliteral();
        if !matches!(numrs_types::can_convert(&a, f), Some(numrs_types::Conversion::Exact | numrs_types::Conversion::Promote | numrs_types::Conversion::Safe)) {
            return Err(refuse("ValueError", format!("mismatch of argument types: {a} vs {f} (a @cfunc takes its arguments as its signature gives them, converted at most safely)")));
        }
    }
    Ok(ret.clone().unwrap_or(Type::NoneType))
}

type StackEntry = (String, u32, Vec<Type>);

thread_local! {
    static STACK: std::cell::RefCell<Vec<StackEntry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The specialisations being inferred on this thread (Numba's typing call stack), used to
/// recognise recursive calls.
pub(crate) struct InferenceStack;

/// How deeply specializations may be typed inside one another (and partial typings of
/// recursive functions nest) before typing gives up with a RecursionError.
pub(crate) const MAX_TYPING_DEPTH: usize = 48;

thread_local! {
    static PARTIAL_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl InferenceStack {
    pub(crate) fn depth() -> usize {
        STACK.with(|s| s.borrow().len()) + PARTIAL_DEPTH.with(|d| d.get())
    }
    pub(crate) fn enter(name: String, ordinal: u32, args: Vec<Type>) -> InferenceStackGuard {
        STACK.with(|s| s.borrow_mut().push((name, ordinal, args)));
        InferenceStackGuard
    }
    pub(crate) fn contains_function(name: &str, ordinal: u32) -> bool {
        STACK.with(|s| s.borrow().iter().any(|(n, o, _)| n == name && *o == ordinal))
    }
    fn contains(name: &str, ordinal: u32, args: &[Type]) -> bool {
        STACK.with(|s| s.borrow().iter().any(|(n, o, a)| n == name && *o == ordinal && a.as_slice() == args))
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

/// During partial typing, recursive calls do not type (their result stays unknown).
struct PartialEnv<'a, 'b> {
    inner: &'a FileEnv<'b>,
    /// The return type found so far for the function's recursive calls (none at first).
    approx: Option<Type>,
}

impl Environment for PartialEnv<'_, '_> {
    fn resolve_global(&self, name: &str) -> GlobalValue {
        self.inner.resolve_global(name)
    }
    fn dispatcher_attr(&self, dispatcher: &DispatcherRef, attr: &str) -> Option<Type> {
        self.inner.dispatcher_attr(dispatcher, attr)
    }
    fn user_overload(&self, key: &str) -> Option<DispatcherRef> {
        self.inner.user_overload(key)
    }
    fn overload_method(&self, receiver: &Type, attr: &str) -> Option<Type> {
        self.inner.overload_method(receiver, attr)
    }
    fn dispatcher_function_type(&self, dispatcher: &DispatcherRef) -> Option<numrs_types::Signature> {
        self.inner.dispatcher_function_type(dispatcher)
    }
    fn bind_call(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Option<Vec<Type>> {
        self.inner.bind_call(dispatcher, args, kws)
    }
    fn omitted_type(&self, index: usize, repr: &str) -> Option<Type> {
        self.inner.omitted_type(index, repr)
    }
    fn closure_dispatcher(&self, path: &[u32]) -> Option<Result<DispatcherRef, InferError>> {
        self.inner.closure_dispatcher(path)
    }
    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        let vectorized = function_facts(self.inner.db, self.inner.callee(dispatcher))
            .as_ref()
            .is_some_and(|f| matches!(f.kind, JitKind::Vectorize | JitKind::GuVectorize));
        if vectorized {
            return self.inner.call_dispatcher(dispatcher, args, kws);
        }
        let bound: Vec<Type> = self.inner.bind_arguments(dispatcher, args, kws)?.iter().map(Type::without_initial_value).collect();
        if InferenceStack::contains(&dispatcher.name, dispatcher.id as u32, &bound) {
            return match &self.approx {
                Some(t) => Ok(t.clone()),
                None => Err(InferError::typing("recursion-without-signature", "recursive call skipped", None)),
            };
        }
        self.inner.call_dispatcher(dispatcher, args, kws)
    }
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        self.inner.resolve_module_attr(module, attr)
    }
    fn target(&self) -> numrs_infer::Target {
        self.inner.target()
    }
}

/// The inner function `idx` of `owner` typed with `args` as the jit function Numba makes of it
/// when it escapes (cached: [`crate::queries::escaped_spec`]): its IR (free variables replaced
/// by their constants) and its typing, whose `calls` are the jit functions its body calls.
pub fn infer_escaped(db: &dyn Db, owner: FunctionKey<'_>, path: &[u32], args: &[Type]) -> crate::queries::EscapedTyping {
    crate::queries::escaped_spec(db, crate::queries::EscapedKey::new(db, owner, path.to_vec(), args.to_vec())).clone()
}

/// What Python's call of the `@stencil` kernel `kernel` with `args` runs (Numba's
/// `StencilFunc.__call__`): a function of the kernel's parameters applying the kernel to them,
/// lowered from `def NAME(a, ...): return NAME(a, ...)` and typed in the kernel's module, where
/// `NAME` is the kernel. `None` when the kernel is not found.
pub fn stencil_application(db: &dyn Db, kernel: FunctionKey<'_>, args: &[Type]) -> Option<(Arc<numrs_ir::FunctionIr>, Arc<numrs_infer::InferResult>)> {
    let kernel_ir = crate::queries::function_ir(db, kernel).clone()?;
    let name = kernel.name(db).clone();
    let params = kernel_ir.arg_names.join(", ");
    let parsed = numrs_syntax::parse_module(&format!("def {name}({params}):\n    return {name}({params})\n"));
    let numrs_syntax::ast::StmtKind::FunctionDef(def) = &parsed.module.body.first()?.kind else { return None };
    let ir = numrs_ir::lower_function(def, numrs_ir::function_start(def));
    let env = FileEnv { db, function: kernel, calls: Default::default() };
    let req = numrs_infer::InferRequest { ir: &ir, args, return_type: None, locals: &[], env: &env, partial: false };
    let mut result = numrs_infer::infer_function(&req);
    result.calls = env.calls.take();
    Some((Arc::new(ir), Arc::new(result)))
}

/// The `def` of a jit function's typing function (`@overload`, `@intrinsic`), parsed from
/// its own statement (the module's skeleton keeps no bodies).
fn typing_function_def<'db>(db: &'db dyn Db, f: FunctionKey<'_>) -> Option<&'db numrs_syntax::ast::FunctionDef> {
    let jit = f.jit(db)?;
    let (chunk, def_offset) = numrs_db::module_chunk(db, f.file(db), jit.def_line_offset)?;
    numrs_hir::find_def(&numrs_db::parse_chunk(db, chunk).module, def_offset)
}

/// What an `@overload` typing function computed when it picked its implementation at `path`
/// for `args` (`k = len(t)`, `w = x.bitwidth`), as the constants the implementation captures
/// (Numba runs the typing function, and the implementation closes over its variables). Empty
/// for other owners.
fn overload_captures(db: &dyn Db, owner: FunctionKey<'_>, path: &[u32], args: &[Type]) -> Vec<(String, numrs_ir::Value)> {
    let Some(jit) = owner.jit(db) else { return vec![] };
    if !matches!(&jit.kind, JitKind::Other(k) if k == "overload") || path.len() != 1 {
        return vec![];
    }
    let info = module_info(db, owner.file(db));
    let Some(def) = typing_function_def(db, owner) else { return vec![] };
    let params: Vec<&numrs_syntax::ast::Param> = def.params.positional().collect();
    for literal in [false, true] {
        let mut bound: Vec<(String, OverloadValue)> =
            params.iter().zip(args).map(|(p, t)| (p.name.clone(), OverloadValue::Type(if literal { t.clone() } else { t.unliteral() }))).collect();
        let n_params = bound.len();
        let mut defs = 0;
        if let Ok(Some(OverloadPick::Impl(k))) = run_overload(&def.body, &mut bound, &info.symbols, &mut defs, 0) {
            if k != path[0] {
                continue;
            }
            return bound[n_params..].iter().filter_map(|(n, v)| Some((n.clone(), v.captured()?))).collect();
        }
    }
    vec![]
}

/// The body of [`crate::queries::escaped_spec`].
pub(crate) fn type_escaped(db: &dyn Db, owner: FunctionKey<'_>, path: &[u32], args: &[Type]) -> crate::queries::EscapedTyping {
    let Some(ir) = crate::queries::function_ir(db, owner) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let env = FileEnv { db, function: owner, calls: Default::default() };
    let inner = EscapedEnv { inner: &env, path };
    let known = overload_captures(db, owner, path, args);
    let (ir, mut result) = numrs_infer::infer_escaped_closure(&ir, path, args, &inner, &known)?;
    result.calls = env.calls.take();
    Ok((Arc::new(ir), Arc::new(result)))
}

/// The environment of an escaped inner function (at `path` of the file's function): its
/// file's, except that its own inner functions are those of the copy Numba compiles.
struct EscapedEnv<'a, 'b> {
    inner: &'a FileEnv<'b>,
    path: &'a [u32],
}

impl Environment for EscapedEnv<'_, '_> {
    fn resolve_global(&self, name: &str) -> GlobalValue {
        self.inner.resolve_global(name)
    }
    fn dispatcher_attr(&self, dispatcher: &DispatcherRef, attr: &str) -> Option<Type> {
        self.inner.dispatcher_attr(dispatcher, attr)
    }
    fn overload_method(&self, receiver: &Type, attr: &str) -> Option<Type> {
        self.inner.overload_method(receiver, attr)
    }
    fn dispatcher_function_type(&self, dispatcher: &DispatcherRef) -> Option<numrs_types::Signature> {
        self.inner.dispatcher_function_type(dispatcher)
    }
    fn bind_call(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Option<Vec<Type>> {
        self.inner.bind_call(dispatcher, args, kws)
    }
    fn omitted_type(&self, index: usize, repr: &str) -> Option<Type> {
        self.inner.omitted_type(index, repr)
    }
    fn call_dispatcher(&self, dispatcher: &DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        self.inner.call_dispatcher(dispatcher, args, kws)
    }
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        self.inner.resolve_module_attr(module, attr)
    }
    fn target(&self) -> numrs_infer::Target {
        self.inner.target()
    }
    fn closure_dispatcher(&self, path: &[u32]) -> Option<Result<DispatcherRef, InferError>> {
        let full: Vec<u32> = self.path.iter().copied().chain(std::iter::once(numrs_ir::ESCAPED)).chain(path.iter().copied()).collect();
        self.inner.closure_dispatcher(&full)
    }
}

/// The dispatcher Numba makes of the inner function at `path` of `owner` when it escapes:
/// named by its qualified name as Numba prints it (`owner.<locals>.f`, an inner function of
/// an inner function `owner.<locals>.g.<locals>.f`), its id the owner's ordinal and the path
/// (decoded by [`escaped_closure_of`]). `None`: a path too long or wide to be named.
pub fn escaped_dispatcher_ref(db: &dyn Db, owner: FunctionKey<'_>, path: &[u32]) -> Option<DispatcherRef> {
    let ir = crate::queries::function_ir(db, owner).as_ref()?;
    let name = qualified_name(&owner.name(db), ir, path)?;
    DispatcherRef::escaped(&name, owner.ordinal(db), path, Some(owner.file(db).path(db).as_str().into()))
}

/// `owner.<locals>.g.<locals>.f` for the inner function at `path` of `ir`.
fn qualified_name(owner: &str, ir: &numrs_ir::FunctionIr, path: &[u32]) -> Option<String> {
    let mut name = owner.to_string();
    let mut at = ir;
    for &i in path.iter().filter(|&&i| i != numrs_ir::ESCAPED) {
        let c = at.closures.get(i as usize)?;
        name.push_str(".<locals>.");
        name.push_str(&c.name);
        at = &c.ir;
    }
    Some(name)
}

/// The enclosing function and path of the inner function a dispatcher made by
/// [`Environment::closure_dispatcher`] stands for (`None`: another dispatcher, or no inner
/// function of that name there).
pub fn escaped_closure_of<'db>(db: &'db dyn Db, from: numrs_db::SourceFile, dispatcher: &DispatcherRef) -> Option<(FunctionKey<'db>, Vec<u32>)> {
    let (ordinal, path) = dispatcher.escaped_path()?;
    let (owner, _) = dispatcher.name.split_once(".<locals>.")?;
    let key = callee_key(db, from, &DispatcherRef { name: owner.into(), id: ordinal as u64, file: dispatcher.file.clone() });
    let ir = crate::queries::function_ir(db, key).as_ref()?;
    (qualified_name(owner, ir, &path)?.as_str() == &*dispatcher.name).then_some((key, path))
}

/// The jit function a dispatcher stands for, seen from code of file `own`: of its own file,
/// or of the user's module it names.
fn callee_key<'db>(db: &'db dyn Db, own: numrs_db::SourceFile, dispatcher: &DispatcherRef) -> FunctionKey<'db> {
    let file = dispatcher
        .file
        .as_deref()
        .and_then(|path| {
            let files = numrs_db::FileSet::try_get(db)?;
            files.files(db).get(&numrs_db::normalize_path(path)).copied()
        })
        .unwrap_or(own);
    FunctionKey::new(db, file, dispatcher.name.to_string(), dispatcher.id as u32)
}

