//! The numrs runtime: the Python module `numrs_runtime` that modules built by `numrs build`
//! import at load time.
//!
//! A built module's init calls `numrs_runtime._populate(module, capsule)` with its
//! [`numrs_abi::ModuleTable`]; the runtime writes its [`numrs_abi::RuntimeApi`] into the table
//! and adds one [`dispatcher::Dispatcher`] per function. A dispatcher selects a specialization
//! exactly as Numba 0.68's dispatcher does (typeof fast paths, fingerprint cache, conversion
//! kinds from `numrs_types`, ranking, ambiguity), unboxes the arguments, calls the wrapper and
//! boxes the result.

mod ccallback;
pub mod boxing;
pub mod datetime;
mod case_tables;
mod ctype_tables;
pub mod dict_boxing;
pub mod distributions;
pub mod device;
pub mod dicts;
pub mod dispatcher;
pub mod enums;
pub mod exceptions;
pub mod generators;
pub mod jitclass;
pub mod kernels;
pub mod linalg;
pub mod lists;
pub mod memory;
pub mod npy;
pub mod objmode;
pub mod parallel;
pub mod random;
pub mod records;
pub mod select;
pub mod strings;
pub mod typing;
pub mod ufunc;

use boxing::Plan;
use dispatcher::{DefaultArg, Dispatcher, OmittedArg, Spec};
use numrs_abi::{
    layout, FunctionEntry, FunctionEntryV2, FunctionEntryV3, FunctionEntryV4, FunctionEntryV5, ModuleTable, Specialization,
    ABI_VERSION_GUFUNC, ABI_VERSION_JITCLASS, ABI_VERSION_KERNELS, ABI_VERSION_LIST_DIRTY, ABI_VERSION_LINALG, ABI_VERSION_THREADS, ABI_VERSION_UNRAISABLE, ABI_VERSION_NOGIL, ABI_VERSION_PYTHON, FUNCTION_KIND_PYTHON, ABI_VERSION_KINDS, ABI_VERSION_PARAM_DEFAULTS,
    FUNCTION_FLAG_LAZY, FUNCTION_FLAG_NOGIL, FUNCTION_KIND_DISPATCHER, FUNCTION_KIND_GUFUNC, FUNCTION_KIND_JITCLASS, FUNCTION_KIND_JITCLASS_IMPORT, FUNCTION_KIND_KERNEL, FUNCTION_KIND_METHOD, FUNCTION_KIND_PROPERTY_GET,
    FUNCTION_KIND_PROPERTY_SET, FUNCTION_KIND_STATIC_METHOD, FUNCTION_KIND_UFUNC,
    ABI_VERSION_PARAM_NAMES, MAX_ABI_VERSION, MIN_ABI_VERSION, TABLE_CAPSULE_NAME,
};
use pyo3::exceptions::PyImportError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::ffi::{c_char, CStr, CString};
use std::sync::atomic::Ordering;

unsafe fn cstr<'a>(p: *const c_char, what: &str) -> PyResult<&'a str> {
    if p.is_null() {
        return Err(PyImportError::new_err(format!("numrs module table: {what} is null")));
    }
    CStr::from_ptr(p)
        .to_str()
        .map_err(|_| PyImportError::new_err(format!("numrs module table: {what} is not UTF-8")))
}

/// A type as Numba prints it, including the `omitted(default=<repr>)` of a parameter left to
/// its default (which `numrs_types::parse_type` does not model).
fn parse_arg_type(text: &str) -> Option<numrs_types::Type> {
    let t = text.trim();
    if let Some(repr) = t.strip_prefix("omitted(default=").and_then(|r| r.strip_suffix(')')) {
        return Some(numrs_types::Type::Omitted(repr.into()));
    }
    numrs_types::parse_type(t)
}

/// The defaults of a v3 table's parameters, each read once: a Python literal by
/// `ast.literal_eval`, else a repr of infinite or NaN floats or NumPy scalars (`inf`,
/// `np.float32(1.5)`), which numrs writes for defaults such as `math.inf` or
/// `np.float32(1e-6)`, evaluated with only those names defined.
unsafe fn read_defaults(
    py: Python<'_>,
    module: &Bound<'_, pyo3::types::PyModule>,
    fname: &str,
    arity: usize,
    has_names: bool,
    defaults: *const *const c_char,
    star: bool,
) -> PyResult<Vec<Option<DefaultArg>>> {
    if defaults.is_null() {
        return Ok(Vec::new());
    }
    let bad = |msg: String| PyImportError::new_err(format!("numrs module table: function {fname}: {msg}"));
    if !has_names {
        return Err(bad("param_defaults without param_names".into()));
    }
    let literal_eval = py.import("ast")?.getattr("literal_eval")?;
    let names = pyo3::types::PyDict::new(py);
    names.set_item("__builtins__", pyo3::types::PyDict::new(py))?;
    names.set_item("np", py.import("numpy")?)?;
    names.set_item("inf", f64::INFINITY)?;
    names.set_item("nan", f64::NAN)?;
    let eval = py.import("builtins")?.getattr("eval")?;
    let mut out = Vec::with_capacity(arity);
    for k in 0..arity {
        let p = *defaults.add(k);
        if p.is_null() {
            if out.iter().any(Option::is_some) && !(star && k + 1 == arity) {
                return Err(bad(format!("parameter {k} has no default but an earlier one has")));
            }
            out.push(None);
            continue;
        }
        let src = cstr(p, "a default value")?;
        if src == numrs_abi::UNAVAILABLE_DEFAULT {
            let obj = Py::new(py, OmittedArg::new(py.None(), src))?;
            out.push(Some(DefaultArg { obj, tc: dispatcher::UNAVAILABLE_TC }));
            continue;
        }
        if let Some(key) = src.strip_prefix(numrs_abi::ARRAY_DEFAULT).or_else(|| src.strip_prefix(numrs_abi::GLOBAL_DEFAULT)) {
            // An array the build froze into the specializations leaving it out: typed by its
            // key; the object (for `_OmittedArg.value`) is the module's array of that name,
            // else the expression's value, else None.
            let value = module
                .getattr(key)
                .ok()
                .filter(|_| key.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .or_else(|| eval.call1((key, &names)).ok())
                .map_or_else(|| py.None(), |v| v.unbind());
            let tc = select::registry().intern(numrs_types::Type::Omitted(key.into()));
            let obj = Py::new(py, OmittedArg::new(value, key))?;
            out.push(Some(DefaultArg { obj, tc }));
            continue;
        }
        let value = literal_eval
            .call1((src,))
            .or_else(|_| eval.call1((src, &names)))
            .or_else(|e| enum_member_of_repr(module, src).ok_or(e))
            .map_err(|e| bad(format!("default {src:?} of parameter {k} cannot be read: {e}")))?;
        // The repr the build typed the default with (NumPy 1.x prints its scalars otherwise).
        // A class (`np.float64`) by its own repr, `<class 'numpy.float64'>`, as Numba shows it.
        let is_class = value.is_instance_of::<pyo3::types::PyType>();
        let repr = if src.starts_with("np.") && !is_class { src.to_string() } else { value.repr()?.to_str()?.to_string() };
        let tc = select::registry().intern(numrs_types::Type::Omitted(repr.as_str().into()));
        let obj = Py::new(py, OmittedArg::new(value.unbind(), &repr))?;
        out.push(Some(DefaultArg { obj, tc }));
    }
    Ok(out)
}

/// The member an enum default is written as (`<Unit.M: 1>`, its repr): `Unit.M` of the class
/// the module defines, when its repr is that.
fn enum_member_of_repr<'py>(module: &Bound<'py, pyo3::types::PyModule>, repr: &str) -> Option<Bound<'py, PyAny>> {
    let (class, member, _) = numrs_types::enum_member_repr(repr)?;
    let m = module.getattr(class).ok()?.getattr(member).ok()?;
    (m.repr().ok()?.to_str().ok()? == repr).then_some(m)
}

/// A specialization without a wrapper (`numrs_abi::Specialization::wrapper`): its argument
/// types and the error (`Kind: message`) a call of exactly those types raises.
unsafe fn read_refused(s: &Specialization, fname: &str) -> PyResult<(Vec<numrs_types::Type>, String)> {
    let bad = |msg: String| PyImportError::new_err(format!("numrs module table: function {fname}: {msg}"));
    if s.n_args > 0 && s.arg_types.is_null() {
        return Err(bad("arg_types is null".into()));
    }
    let mut args = Vec::with_capacity(s.n_args as usize);
    for i in 0..s.n_args as usize {
        let text = cstr(*s.arg_types.add(i), "an argument type")?;
        args.push(parse_arg_type(text).ok_or_else(|| bad(format!("cannot parse type {text:?}")))?);
    }
    Ok((args, cstr(s.c_symbol, "an error")?.to_string()))
}

unsafe fn read_spec(s: &Specialization, fname: &str, module_name: &str) -> PyResult<Spec> {
    let bad = |msg: String| PyImportError::new_err(format!("numrs module table: function {fname}: {msg}"));
    let parse = |p: *const c_char, what: &str| -> PyResult<numrs_types::Type> {
        let text = cstr(p, what)?;
        parse_arg_type(text).ok_or_else(|| bad(format!("cannot parse type {text:?}")))
    };
    if s.n_args > 0 && s.arg_types.is_null() {
        return Err(bad("arg_types is null".into()));
    }
    let mut args = Vec::with_capacity(s.n_args as usize);
    for i in 0..s.n_args as usize {
        let t = parse(*s.arg_types.add(i), "an argument type")?;
        // A jit function passed as an argument is this module's function of that name (see
        // `select::Registry::install_possible_conversions`).
        let t = match t {
            numrs_types::Type::Dispatcher(d) => {
                numrs_types::Type::Dispatcher(numrs_types::DispatcherRef { file: Some(module_name.into()), ..d })
            }
            other => other,
        };
        args.push(t);
    }
    // A returned string literal is printed `Literal[str](TEXT)` with TEXT as written: it may
    // hold any character, so it is not parsed as a type.
    let ret_text = cstr(s.return_type, "the return type")?;
    let ret = match ret_text.strip_prefix("Literal[str](").and_then(|t| t.strip_suffix(')')) {
        Some(text) => numrs_types::Type::StringLiteral(text.into()),
        None => parse(s.return_type, "the return type")?,
    };
    // A returned jit function (passed in: Numba returns the dispatcher) is this module's.
    let ret = ret.map_parts(&mut |t| match t {
        numrs_types::Type::Dispatcher(d) => Some(numrs_types::Type::Dispatcher(numrs_types::DispatcherRef { file: Some(module_name.into()), ..d.clone() })),
        _ => None,
    });
    if matches!(ret, numrs_types::Type::Omitted(_)) {
        return Err(bad(format!("return type {ret} cannot cross the boundary")));
    }
    let mut arg_plans = Vec::with_capacity(args.len());
    let mut offset = 0usize;
    let mut arg_tcs = Vec::with_capacity(args.len());
    {
        let mut reg = select::registry();
        for a in &args {
            let l = layout(a).ok_or_else(|| bad(format!("argument type {a} cannot cross the boundary")))?;
            offset = offset.next_multiple_of(l.align.max(1));
            arg_plans.push((offset, Plan::of(a).map_err(bad)?));
            offset += l.size;
            arg_tcs.push(reg.intern(a.clone()));
        }
    }
    let ret_layout = layout(&ret).ok_or_else(|| bad(format!("return type {ret} cannot cross the boundary")))?;
    let ret_plan = match &ret {
        numrs_types::Type::StringLiteral(s) => Plan::StrLiteral(s.to_string()),
        numrs_types::Type::NumberClass(c) | numrs_types::Type::DType(c) => match c.as_number() {
            Some(k) => Plan::DTypeOf(k),
            None => Plan::of(&ret).map_err(bad)?,
        },
        _ => Plan::of(&ret).map_err(bad)?,
    };
    let plain = !arg_plans.iter().any(|(_, p)| crate::lists::owns(p)) && !matches!(ret_plan, Plan::Generator { .. });
    Ok(Spec { args, arg_tcs, ret, arg_plans, arg_size: offset, ret_plan, ret_size: ret_layout.size, wrapper: s.wrapper.ok_or_else(|| bad("a specialization without a wrapper".into()))?, plain })
}

/// Called by a built module's init: installs the runtime API into its table and adds a
/// dispatcher for every function to the module.
#[pyfunction]
fn _populate(py: Python<'_>, module: &Bound<'_, PyModule>, capsule: &Bound<'_, PyAny>) -> PyResult<()> {
    let np = npy::npy(py)?;
    let name = CString::new(TABLE_CAPSULE_NAME).unwrap();
    let table = unsafe {
        if ffi::PyCapsule_IsValid(capsule.as_ptr(), name.as_ptr()) == 0 {
            return Err(PyImportError::new_err(format!("expected a capsule named {TABLE_CAPSULE_NAME}")));
        }
        ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()) as *const ModuleTable
    };
    if table.is_null() {
        return Err(PyErr::fetch(py));
    }
    let table = unsafe { &*table };
    if !(MIN_ABI_VERSION..=MAX_ABI_VERSION).contains(&table.abi_version) {
        return Err(PyImportError::new_err(format!(
            "module built for numrs ABI version {}, this runtime supports versions {MIN_ABI_VERSION} to {MAX_ABI_VERSION}",
            table.abi_version
        )));
    }
    let module_name = unsafe { cstr(table.module_name, "module_name")? }.to_string();
    if !table.runtime.is_null() {
        unsafe { *table.runtime = &memory::RUNTIME_API };
    }
    if table.n_functions > 0 && table.functions.is_null() {
        return Err(PyImportError::new_err("numrs module table: functions is null"));
    }
    // Jitclasses (name, instance type, constructor) and their members by class name, made into
    // classes once every dispatcher exists.
    #[allow(clippy::type_complexity)]
    let mut classes: Vec<(String, numrs_types::Type, Vec<u64>, Bound<'_, PyAny>, (Vec<Py<PyString>>, Vec<Option<Py<dispatcher::OmittedArg>>>))> = Vec::new();
    let mut members: std::collections::HashMap<String, jitclass::Members<'_>> = std::collections::HashMap::new();
    // The module's PTX, shared by its kernels (loaded into the driver once).
    let mut kernel_ptx: Option<(*const c_char, std::sync::Arc<kernels::Ptx>)> = None;
    for i in 0..table.n_functions as usize {
        let mut kind = 0;
        let mut gufunc_layout: *const c_char = std::ptr::null();
        let (fname, n_specs, specs, param_names, param_defaults) = unsafe {
            match table.abi_version {
                ABI_VERSION_GUFUNC | ABI_VERSION_KERNELS | ABI_VERSION_JITCLASS | ABI_VERSION_PYTHON | ABI_VERSION_LIST_DIRTY | ABI_VERSION_NOGIL | ABI_VERSION_LINALG | ABI_VERSION_UNRAISABLE | ABI_VERSION_THREADS => {
                    let e = &*(table.functions as *const FunctionEntryV5).add(i);
                    kind = e.kind;
                    gufunc_layout = e.layout;
                    (e.name, e.n_specs, e.specs, e.param_names, e.param_defaults)
                }
                ABI_VERSION_KINDS => {
                    let e = &*(table.functions as *const FunctionEntryV4).add(i);
                    kind = e.kind;
                    (e.name, e.n_specs, e.specs, e.param_names, e.param_defaults)
                }
                ABI_VERSION_PARAM_DEFAULTS => {
                    let e = &*(table.functions as *const FunctionEntryV3).add(i);
                    (e.name, e.n_specs, e.specs, e.param_names, e.param_defaults)
                }
                ABI_VERSION_PARAM_NAMES => {
                    let e = &*(table.functions as *const FunctionEntryV2).add(i);
                    (e.name, e.n_specs, e.specs, e.param_names, std::ptr::null())
                }
                _ => {
                    let e: &FunctionEntry = &*table.functions.add(i);
                    (e.name, e.n_specs, e.specs, std::ptr::null(), std::ptr::null())
                }
            }
        };
        let flags = FUNCTION_FLAG_LAZY | FUNCTION_FLAG_NOGIL;
        let dispatcher_flags = if kind & !flags == FUNCTION_KIND_DISPATCHER { kind & flags } else { 0 };
        let lazy = dispatcher_flags & FUNCTION_FLAG_LAZY != 0;
        let nogil = dispatcher_flags & FUNCTION_FLAG_NOGIL != 0;
        if dispatcher_flags != 0 {
            kind = FUNCTION_KIND_DISPATCHER;
        }
        let fname = unsafe { cstr(fname, "a function name")? }.to_string();
        if n_specs > 0 && specs.is_null() {
            return Err(PyImportError::new_err(format!("numrs module table: function {fname}: specs is null")));
        }
        let mut out = Vec::with_capacity(n_specs as usize);
        let mut refused = Vec::new();
        for j in 0..n_specs as usize {
            let raw = unsafe { &*specs.add(j) };
            if raw.wrapper.is_none() {
                // A specialization that did not compile: its types and error.
                let read = unsafe { read_refused(raw, &fname) };
                match read {
                    Ok(r) => refused.push(r),
                    Err(e) if e.to_string().contains("cannot parse type") => {}
                    Err(e) => return Err(e),
                }
                continue;
            }
            match unsafe { read_spec(raw, &fname, &module_name) } {
                Ok(spec) => out.push(spec),
                // A specialization whose types this runtime cannot pass (a newer numrs built
                // it): the function loads without it, as do the module's other functions.
                Err(e) if e.to_string().contains("cannot parse type") || e.to_string().contains("cannot cross the boundary") => {
                    let warnings = py.import("warnings")?;
                    warnings.getattr("warn")?.call1((format!("numrs: {e}; that specialization is left out"), py.get_type::<pyo3::exceptions::PyRuntimeWarning>()))?;
                }
                Err(e) => return Err(e),
            }
        }
        let arity = match out.first() {
            Some(s) => s.args.len(),
            // No specialization was built: the parameter names (null-terminated) say how many.
            None if param_names.is_null() || table.abi_version < ABI_VERSION_PARAM_DEFAULTS => 0,
            None => (0..).take_while(|&k| unsafe { !(*param_names.add(k)).is_null() }).count(),
        };
        if out.iter().any(|s| s.args.len() != arity) {
            return Err(PyImportError::new_err(format!(
                "numrs module table: function {fname}: specializations differ in arity"
            )));
        }
        let params = if param_names.is_null() {
            None
        } else {
            let mut names = Vec::with_capacity(arity);
            for k in 0..arity {
                let n = unsafe { cstr(*param_names.add(k), "a parameter name")? };
                names.push(PyString::intern(py, n).unbind());
            }
            Some(names)
        };
        if kind == FUNCTION_KIND_PYTHON {
            // The module's exception classes, made in its namespace (so that they are its
            // attributes, with its `__module__`), and registered for compiled code to raise.
            let text = unsafe { cstr(gufunc_layout, "a module's Python")? };
            let (file, source) = text.split_once('\n').unwrap_or(("", text));
            let builtins = py.import("builtins")?;
            let made = builtins
                .getattr("compile")
                .and_then(|c| c.call1((source, file, "exec")))
                .and_then(|code| builtins.getattr("exec")?.call1((code, module.dict())));
            if let Err(e) = made {
                // Compiled code reads what this computes: without it, no module.
                if fname == numrs_abi::PYTHON_IMPORTED_VALUES {
                    let err = PyImportError::new_err(format!("numrs: the module-level values of {file} that compiled code reads could not be computed: {e}"));
                    err.set_cause(py, Some(e));
                    return Err(err);
                }
                // The functions still load; raising one of the classes is then a RuntimeError.
                let warnings = py.import("warnings")?;
                warnings.getattr("warn")?.call1((format!("numrs: the exception classes of {file} could not be made: {e}"), py.get_type::<pyo3::exceptions::PyRuntimeWarning>()))?;
                continue;
            }
            for class in fname.split(',').filter(|c| !c.is_empty() && *c != numrs_abi::PYTHON_IMPORTED_VALUES) {
                if let Ok(ty) = module.getattr(class).and_then(|c| Ok(c.downcast_into::<pyo3::types::PyType>()?)) {
                    if enums::is_enum_class(py, &ty) {
                        let name = ty.name().map(|n| n.to_string()).unwrap_or_else(|_| class.to_string());
                        enums::register(&name, ty.clone().unbind());
                    }
                    if ty.hasattr("_fields").unwrap_or(false) {
                        let name = ty.name().map(|n| n.to_string()).unwrap_or_else(|_| class.to_string());
                        exceptions::register_namedtuple(&name, ty.clone().unbind());
                    }
                    exceptions::register(file, class, ty.unbind());
                }
            }
            continue;
        }
        if kind == FUNCTION_KIND_JITCLASS_IMPORT {
            // Another module's jitclass: imported when an instance is first boxed.
            let text = unsafe { cstr(gufunc_layout, "a jitclass")? };
            if let Some(ty) = numrs_types::parse_type(text).filter(|t| matches!(t, numrs_types::Type::JitClassInstance(_))) {
                jitclass::import_hint(ty, &fname);
            }
            continue;
        }
        if kind == FUNCTION_KIND_KERNEL {
            let ptx = unsafe { cstr(gufunc_layout, "a kernel's PTX")? };
            let module_ptx = match &kernel_ptx {
                Some((p, shared)) if *p == gufunc_layout => shared.clone(),
                _ => {
                    let shared = kernels::Ptx::new(ptx)?;
                    kernel_ptx = Some((gufunc_layout, shared.clone()));
                    shared
                }
            };
            let mut kspecs = Vec::with_capacity(out.len());
            for j in 0..n_specs as usize {
                let s = unsafe { &*specs.add(j) };
                let entry = unsafe { cstr(s.c_symbol, "a kernel entry point")? };
                let entry = CString::new(entry).map_err(|_| PyImportError::new_err("numrs module table: a NUL in a kernel entry point"))?;
                kspecs.push(kernels::KernelSpec { args: out[j].args.clone(), entry });
            }
            let k = kernels::Kernel::new(fname.clone(), module_ptx, kspecs);
            module.setattr(fname.as_str(), Py::new(py, k)?)?;
            continue;
        }
        if kind == FUNCTION_KIND_GUFUNC {
            let layout = unsafe { cstr(gufunc_layout, "a gufunc layout")? };
            module.setattr(fname.as_str(), ufunc::make_gufunc(py, &fname, &out, layout)?)?;
            continue;
        }
        if kind == FUNCTION_KIND_UFUNC {
            // The identity, when the table gives one (`identity=0`); else none (-1).
            let identity = if gufunc_layout.is_null() {
                -1
            } else {
                unsafe { cstr(gufunc_layout, "a ufunc identity")? }.strip_prefix("identity=").and_then(|v| v.parse::<i32>().ok()).unwrap_or(-1)
            };
            module.setattr(fname.as_str(), ufunc::make_ufunc(py, &fname, &out, arity, identity)?)?;
            continue;
        }
        // A last parameter named `*args` (marked so by the table) takes no default.
        let star = params.as_ref().and_then(|p| p.last()).is_some_and(|n| n.bind(py).to_str().is_ok_and(|s| s.starts_with('*')));
        let defaults = unsafe { read_defaults(py, &module, &fname, arity, params.is_some(), param_defaults, star)? };
        let member = (FUNCTION_KIND_METHOD..=FUNCTION_KIND_PROPERTY_SET).contains(&kind);
        // A member's dispatcher is named as Numba's method dispatchers are (`Bag.increment`).
        let class_name = if member || kind == FUNCTION_KIND_JITCLASS { Some(unsafe { cstr(gufunc_layout, "a jitclass")? }) } else { None };
        let dname = match class_name {
            Some(c) if member => format!("{c}.{fname}"),
            _ => fname.clone(),
        };
        // A constructor's parameters, which the class binds as Python binds a call (defaults
        // filled in) before its dispatcher selects a specialization, as Numba's
        // `JitClassType.__call__` does.
        let ctor_sig = (kind == FUNCTION_KIND_JITCLASS).then(|| {
            let names: Vec<Py<PyString>> = params.iter().flatten().map(|n| n.clone_ref(py)).collect();
            let values: Vec<Option<Py<dispatcher::OmittedArg>>> =
                (0..names.len()).map(|k| defaults.get(k).and_then(|d| d.as_ref()).map(|d| d.obj.clone_ref(py))).collect();
            (names, values)
        });
        let mut d = Dispatcher::new(dname, module_name.clone(), params, defaults, arity, out, np);
        d.lazy = lazy;
        d.nogil = nogil;
        d.dirty_lists = table.abi_version >= ABI_VERSION_LIST_DIRTY;
        if lazy {
            d.set_refused(refused);
        }
        let d = dispatcher::new_dispatcher(py, d)?;
        match (kind, class_name) {
            (FUNCTION_KIND_JITCLASS, Some(text)) => {
                // The instance type, then the `deferred_type()`s defined as it, a line each.
                let mut lines = text.lines();
                let bad = || PyImportError::new_err(format!("numrs module table: jitclass {fname}: cannot read {text:?}"));
                let ty = lines
                    .next()
                    .and_then(numrs_types::parse_type)
                    .filter(|t| matches!(t, numrs_types::Type::JitClassInstance(_)))
                    .ok_or_else(bad)?;
                let deferred = lines
                    .map(|l| l.strip_prefix("DeferredType#").and_then(|id| id.parse::<u64>().ok()).ok_or_else(bad))
                    .collect::<PyResult<Vec<u64>>>()?;
                classes.push((fname, ty, deferred, d, ctor_sig.unwrap_or_default()));
            }
            (_, Some(class)) => {
                let m = members.entry(class.to_string()).or_default();
                let list = match kind {
                    FUNCTION_KIND_METHOD => &mut m.methods,
                    FUNCTION_KIND_STATIC_METHOD => &mut m.statics,
                    FUNCTION_KIND_PROPERTY_GET => &mut m.getters,
                    _ => &mut m.setters,
                };
                list.push((fname, d));
            }
            _ => module.setattr(fname.as_str(), d)?,
        }
    }
    for (name, ty, deferred, ctor, sig) in classes {
        let m = members.remove(&name).unwrap_or_default();
        module.setattr(name.as_str(), jitclass::make_class(py, &module_name, &ty, &deferred, ctor, sig, m)?)?;
    }
    if let Some(class) = members.keys().next() {
        return Err(PyImportError::new_err(format!("numrs module table: members of {class}, which is not a jitclass of the module")));
    }
    Ok(())
}

/// Counters of the runtime's allocations (for tests and leak checks).
#[pyfunction]
fn _stats(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    let allocs = memory::MEMINFO_ALLOCS.load(Ordering::Relaxed);
    let frees = memory::MEMINFO_FREES.load(Ordering::Relaxed);
    d.set_item("meminfo_allocs", allocs)?;
    d.set_item("meminfo_frees", frees)?;
    d.set_item("meminfo_live", allocs - frees)?;
    d.set_item("live_bytes", memory::LIVE_BYTES.load(Ordering::Relaxed))?;
    d.set_item("plain_live", memory::PLAIN_LIVE.load(Ordering::Relaxed))?;
    d.set_item("live_dicts", dicts::LIVE_CONTAINERS.load(Ordering::Relaxed))?;
    d.set_item("parallel_loops", parallel::PARALLEL_LOOPS.load(Ordering::Relaxed))?;
    Ok(d)
}

/// Numba's type of a Python value, as Numba prints it (`numba.typeof` for call arguments):
/// `typeof(1.5)` is `'float64'`, `typeof(np.zeros((2, 3)))` is `'array(float64, 2d, C)'`.
/// Like `numba.typeof`, a value Numba cannot type raises `ValueError`.
#[pyfunction]
#[pyo3(name = "typeof")]
fn type_of(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<String> {
    let np = npy::npy(py)?;
    // SAFETY: `value` is a live object for the duration of the call and the GIL is held.
    let t = unsafe { typing::typeof_value(py, np, value.as_ptr(), true) };
    match t {
        Some(t) if t != numrs_types::Type::PyObject => Ok(t.to_string()),
        // As `numba.typed.List()._numba_type_` refuses.
        _ if value.downcast::<lists::TypedList>().is_ok_and(|l| !l.get().is_typed()) => {
            Err(pyo3::exceptions::PyTypeError::new_err("invalid operation on untyped list"))
        }
        _ => {
            let class = value.get_type().name().map(|n| n.to_string()).unwrap_or_default();
            Err(pyo3::exceptions::PyValueError::new_err(format!("Cannot determine Numba type of <class '{class}'>")))
        }
    }
}

#[pymodule]
fn numrs_runtime(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_populate, m)?)?;
    m.add_function(wrap_pyfunction!(_stats, m)?)?;
    m.add_function(wrap_pyfunction!(type_of, m)?)?;
    m.add_function(wrap_pyfunction!(ccallback::_ccallback, m)?)?;
    let ty = dispatcher::dispatcher_type(m.py())?;
    m.add("Dispatcher", unsafe { Bound::<PyAny>::from_borrowed_ptr(m.py(), ty as *mut ffi::PyObject) })?;
    m.add("VECTORCALL", dispatcher::uses_vectorcall())?;
    m.add_class::<OmittedArg>()?;
    typing::OMITTED_TYPE.store(
        <OmittedArg as pyo3::PyTypeInfo>::type_object_raw(m.py()),
        Ordering::Relaxed,
    );
    m.add_class::<boxing::MemInfoOwner>()?;
    m.add_class::<jitclass::JitBox>()?;
    m.add_class::<jitclass::Field>()?;
    jitclass::init(m.py());
    m.add_class::<generators::Generator>()?;
    m.add_class::<dict_boxing::TypedDict>()?;
    m.add_class::<lists::TypedList>()?;
    m.add_class::<lists::TypedListIter>()?;
    m.add_class::<ufunc::DynamicGufunc>()?;
    m.add_class::<kernels::Kernel>()?;
    m.add_class::<kernels::Launch>()?;
    m.add_class::<kernels::ForAll>()?;
    device::register(m)?;
    m.add("MIN_ABI_VERSION", MIN_ABI_VERSION)?;
    m.add("MAX_ABI_VERSION", MAX_ABI_VERSION)?;
    Ok(())
}
