//! ctypes function objects bound at module level, which jit code calls through their address
//! (Numba's `ExternalFunctionPointer`, typed by `ctypes_utils.make_function_type`):
//!
//! ```python
//! functype = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double)
//! gammaln = functype(get_cython_function_address("scipy.special.cython_special", "gammaln"))
//! ```
//!
//! The signature comes from the `CFUNCTYPE` call's ctypes types, read from the source; the
//! address only the module, run, knows (a built module computes it when it is imported).

use numrs_syntax::ast::{Expr, ExprKind};
use numrs_types::{NumericKind, Signature, Type};

use crate::symbols::ModuleSymbols;

/// Numba's `_FROM_CTYPES` by the class's name in `ctypes` (aliases as ctypes defines them on
/// 64-bit Linux: `c_int` is `c_int32`; `c_long`, `c_longlong` and `c_ssize_t` are `c_int64`).
fn from_ctypes_name(name: &str) -> Option<Type> {
    use NumericKind::*;
    let k = match name {
        "c_bool" => Boolean,
        "c_int8" | "c_byte" => Int8,
        "c_int16" | "c_short" => Int16,
        "c_int32" | "c_int" => Int32,
        "c_int64" | "c_long" | "c_longlong" | "c_ssize_t" => Int64,
        "c_uint8" | "c_ubyte" => UInt8,
        "c_uint16" | "c_ushort" => UInt16,
        "c_uint32" | "c_uint" => UInt32,
        "c_uint64" | "c_ulong" | "c_ulonglong" | "c_size_t" => UInt64,
        "c_float" => Float32,
        "c_double" => Float64,
        "c_void_p" | "c_voidp" => return Some(Type::VoidPtr),
        _ => return None,
    };
    Some(Type::Number(k))
}

/// The Numba type of a ctypes type expression (`ctypes.c_double`, `POINTER(c_int)`, `None`
/// for a result); `Err` with the expression's text when Numba has none.
fn ctype(e: &Expr, symbols: &ModuleSymbols, at: u32, result: bool) -> Result<Type, String> {
    if result && matches!(e.kind, ExprKind::Constant(numrs_syntax::ast::Constant::None)) {
        return Ok(Type::NoneType);
    }
    if let ExprKind::Call { func, args, keywords } = &e.kind {
        if symbols.resolve_dotted_at(func, Some(at)).as_deref() == Some("ctypes.POINTER") && args.len() == 1 && keywords.is_empty() {
            return Ok(Type::CPointer(std::sync::Arc::new(ctype(&args[0], symbols, at, false)?)));
        }
    }
    let path = symbols.resolve_dotted_at(e, Some(at)).ok_or_else(|| "a ctypes type numrs cannot read".to_string())?;
    path.strip_prefix("ctypes.").and_then(from_ctypes_name).ok_or_else(|| format!("Unsupported ctypes type: {path}"))
}

/// The signature `ctypes.CFUNCTYPE(restype, *argtypes)` makes, where `e` is that call or a
/// name bound to one; `None` when `e` is neither.
fn function_type(e: &Expr, symbols: &ModuleSymbols, at: u32, depth: u32) -> Option<Result<Signature, String>> {
    if depth > 8 {
        return None;
    }
    match &e.kind {
        ExprKind::Call { func, args, .. } if symbols.resolve_dotted_at(func, Some(at)).as_deref() == Some("ctypes.CFUNCTYPE") => {
            let (ret, params) = args.split_first()?;
            Some((|| {
                let mut ret = ctype(ret, symbols, at, true)?;
                // `make_function_type`: a `void*` result is an integer.
                if ret == Type::VoidPtr {
                    ret = Type::Number(NumericKind::UInt64);
                }
                let args = params.iter().map(|p| ctype(p, symbols, at, false)).collect::<Result<Vec<_>, _>>()?;
                Ok(Signature::new(ret, args))
            })())
        }
        ExprKind::Name(n) => {
            let b = symbols.lookup(n, Some(at))?;
            let value = b.value.as_ref()?;
            function_type(value, symbols, b.stmt_span.start, depth + 1)
        }
        _ => None,
    }
}

/// The `ExternalFunctionPointer` signature of the ctypes function object `value` (bound at
/// offset `at`) makes: `FUNCTYPE(address)` of a `CFUNCTYPE` type. `None` when it is not one;
/// `Err` when Numba cannot type it (a ctypes type it does not know).
pub fn ctypes_function_pointer(value: &Expr, symbols: &ModuleSymbols, at: u32) -> Option<Result<Signature, String>> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    if args.len() != 1 || !keywords.is_empty() {
        return None;
    }
    function_type(func, symbols, at, 0)
}

/// The `ExternalFunctionPointer` signature of a function of a shared library bound at module
/// level to `name` (`c_cos = libm.cos` of `libm = ctypes.CDLL(...)`), from the `argtypes` and
/// `restype` the module's statements give it (on `c_cos` or on `libm.cos`, which is the same
/// object): `restype` defaults to `c_int`; without `argtypes` Numba's TypeError. `None` when the
/// value is not such a function.
pub fn library_function(name: &str, value: &Expr, module: &numrs_syntax::ast::Module, symbols: &ModuleSymbols, at: u32) -> Option<Result<Signature, String>> {
    use numrs_syntax::ast::StmtKind;
    let ExprKind::Attribute { value: lib, attr: fname } = &value.kind else { return None };
    if !is_library(lib, symbols, at, 0) {
        return None;
    }
    // `X.argtypes = ...` where X is the name or the library's attribute.
    let names_function = |e: &Expr| match &e.kind {
        ExprKind::Name(n) => n == name,
        ExprKind::Attribute { value: l, attr } => attr == fname && dotted(l).is_some() && dotted(l) == dotted(lib),
        _ => false,
    };
    let (mut argtypes, mut restype) = (None, None);
    for stmt in &module.body {
        let StmtKind::Assign { targets, value } = &stmt.kind else { continue };
        for t in targets {
            if let ExprKind::Attribute { value: f, attr } = &t.kind {
                if names_function(f) {
                    match attr.as_str() {
                        "argtypes" => argtypes = Some((value, stmt.span.start)),
                        "restype" => restype = Some((value, stmt.span.start)),
                        _ => {}
                    }
                }
            }
        }
    }
    Some((|| {
        let Some((argtypes, at_args)) = argtypes else {
            return Err(format!("ctypes function '{fname}' doesn't define its argument types; consider setting the `argtypes` attribute"));
        };
        let (ExprKind::List(items) | ExprKind::Tuple(items)) = &argtypes.kind else { return Err("argtypes numrs cannot read".to_string()) };
        let args = items.iter().map(|p| ctype(p, symbols, at_args, false)).collect::<Result<Vec<_>, _>>()?;
        let mut ret = match restype {
            Some((r, at_ret)) => ctype(r, symbols, at_ret, true)?,
            None => Type::Number(NumericKind::Int32),
        };
        if ret == Type::VoidPtr {
            ret = Type::Number(NumericKind::UInt64);
        }
        Ok(Signature::new(ret, args))
    })())
}

/// Whether `e` is a shared library ctypes loads: `ctypes.CDLL(...)`, `ctypes.cdll.LoadLibrary(...)`,
/// `ctypes.cdll.<name>`, or a name bound to one.
fn is_library(e: &Expr, symbols: &ModuleSymbols, at: u32, depth: u32) -> bool {
    if depth > 8 {
        return false;
    }
    match &e.kind {
        ExprKind::Call { func, .. } => matches!(symbols.resolve_dotted_at(func, Some(at)).as_deref(), Some("ctypes.CDLL" | "ctypes.cdll.LoadLibrary" | "numpy.ctypeslib.load_library")),
        ExprKind::Name(n) => match symbols.lookup(n, Some(at)) {
            Some(b) => b.value.as_ref().is_some_and(|v| is_library(v, symbols, b.stmt_span.start, depth + 1)),
            None => false,
        },
        ExprKind::Attribute { .. } => symbols.resolve_dotted_at(e, Some(at)).is_some_and(|p| p.strip_prefix("ctypes.cdll.").is_some_and(|rest| !rest.contains('.') && rest != "LoadLibrary")),
        _ => false,
    }
}

/// The text of a name or a chain of attributes of a name (`ctypes.cdll.m`).
fn dotted(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attribute { value, attr } => Some(format!("{}.{attr}", dotted(value)?)),
        _ => None,
    }
}
