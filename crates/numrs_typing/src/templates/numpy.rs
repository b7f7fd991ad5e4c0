//! NumPy typing: array functions, ufuncs (from NumPy's own loop tables), array methods and
//! attributes, array operators and broadcasting, array indexing, scalar class calls.
//!
//! Registry keys: `numpy.<attr>` (module functions and ufuncs, aliases included),
//! `numpy.random.<attr>`, `array.<method>` (bound to the receiver, which comes first),
//! `class.<scalar>` (`np.float64(x)`), and the `operator.*` templates for arrays.

mod arrayfuncs;
mod arraylib;
pub(crate) mod common;
mod construct;
mod generator;
pub(crate) mod index;
pub(crate) mod linalg;
mod methods;
mod random;
mod reduce;
mod shapefuncs;
mod tables;
mod ufunc;
pub use generator::generator_params;
pub use ufunc::{find_dufunc_loop, find_gufunc_loop, handle_ufunc_inputs, UfuncInputs};

use std::sync::Arc;

use numrs_types::{Layout, NumericKind, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

/// One abstract template per key; ufunc and operator keys share generic code through this macro.
macro_rules! keyed {
    ($f:path, $($key:literal => $arg:literal),* $(,)?) => {
        &[$(($key, {
            fn t(args: &[Type], kws: &[(String, Type)]) -> CallResult {
                $f($arg, args, kws)
            }
            t as AbstractFn
        })),*]
    };
}

const UFUNCS: &[(&str, AbstractFn)] = keyed!(ufunc_call,
    "numpy.abs" => "abs", "numpy.absolute" => "absolute", "numpy.acos" => "acos", "numpy.acosh" => "acosh",
    "numpy.add" => "add", "numpy.arccos" => "arccos", "numpy.arccosh" => "arccosh", "numpy.arcsin" => "arcsin",
    "numpy.arcsinh" => "arcsinh", "numpy.arctan" => "arctan", "numpy.arctan2" => "arctan2",
    "numpy.arctanh" => "arctanh", "numpy.asin" => "asin", "numpy.asinh" => "asinh", "numpy.atan" => "atan",
    "numpy.atan2" => "atan2", "numpy.atanh" => "atanh", "numpy.bitwise_and" => "bitwise_and",
    "numpy.bitwise_invert" => "bitwise_invert", "numpy.bitwise_left_shift" => "bitwise_left_shift",
    "numpy.bitwise_not" => "bitwise_not", "numpy.bitwise_or" => "bitwise_or",
    "numpy.bitwise_right_shift" => "bitwise_right_shift", "numpy.bitwise_xor" => "bitwise_xor",
    "numpy.cbrt" => "cbrt", "numpy.ceil" => "ceil", "numpy.conj" => "conj", "numpy.conjugate" => "conjugate",
    "numpy.copysign" => "copysign", "numpy.cos" => "cos", "numpy.cosh" => "cosh", "numpy.deg2rad" => "deg2rad",
    "numpy.degrees" => "degrees", "numpy.divide" => "divide", "numpy.divmod" => "divmod", "numpy.equal" => "equal",
    "numpy.exp" => "exp", "numpy.exp2" => "exp2", "numpy.expm1" => "expm1", "numpy.fabs" => "fabs",
    "numpy.float_power" => "float_power", "numpy.floor" => "floor", "numpy.floor_divide" => "floor_divide",
    "numpy.fmax" => "fmax", "numpy.fmin" => "fmin", "numpy.fmod" => "fmod", "numpy.gcd" => "gcd",
    "numpy.greater" => "greater", "numpy.greater_equal" => "greater_equal", "numpy.hypot" => "hypot",
    "numpy.invert" => "invert", "numpy.isfinite" => "isfinite", "numpy.isinf" => "isinf", "numpy.isnan" => "isnan",
    "numpy.isnat" => "isnat", "numpy.lcm" => "lcm", "numpy.ldexp" => "ldexp", "numpy.left_shift" => "left_shift",
    "numpy.less" => "less", "numpy.less_equal" => "less_equal", "numpy.log" => "log", "numpy.log10" => "log10",
    "numpy.log1p" => "log1p", "numpy.log2" => "log2", "numpy.logaddexp" => "logaddexp",
    "numpy.logaddexp2" => "logaddexp2", "numpy.logical_and" => "logical_and", "numpy.logical_not" => "logical_not",
    "numpy.logical_or" => "logical_or", "numpy.logical_xor" => "logical_xor", "numpy.maximum" => "maximum",
    "numpy.minimum" => "minimum", "numpy.mod" => "mod", "numpy.multiply" => "multiply",
    "numpy.negative" => "negative", "numpy.nextafter" => "nextafter", "numpy.not_equal" => "not_equal",
    "numpy.positive" => "positive", "numpy.pow" => "pow", "numpy.power" => "power", "numpy.rad2deg" => "rad2deg",
    "numpy.radians" => "radians", "numpy.reciprocal" => "reciprocal", "numpy.remainder" => "remainder",
    "numpy.right_shift" => "right_shift", "numpy.rint" => "rint", "numpy.sign" => "sign",
    "numpy.signbit" => "signbit", "numpy.sin" => "sin", "numpy.sinh" => "sinh", "numpy.spacing" => "spacing",
    "numpy.sqrt" => "sqrt", "numpy.square" => "square", "numpy.subtract" => "subtract", "numpy.tan" => "tan",
    "numpy.tanh" => "tanh", "numpy.true_divide" => "true_divide", "numpy.trunc" => "trunc",
);

const OPERATORS: &[(&str, AbstractFn)] = keyed!(operator_call,
    "operator.add" => "add", "operator.sub" => "sub", "operator.mul" => "mul", "operator.truediv" => "truediv",
    "operator.floordiv" => "floordiv", "operator.mod" => "mod", "operator.pow" => "pow",
    "operator.lshift" => "lshift", "operator.rshift" => "rshift", "operator.and_" => "and_",
    "operator.or_" => "or_", "operator.xor" => "xor", "operator.eq" => "eq", "operator.gt" => "gt",
    "operator.ge" => "ge", "operator.lt" => "lt", "operator.le" => "le", "operator.ne" => "ne",
    "operator.iadd" => "iadd", "operator.isub" => "isub", "operator.imul" => "imul",
    "operator.itruediv" => "itruediv", "operator.ifloordiv" => "ifloordiv", "operator.imod" => "imod",
    "operator.ipow" => "ipow", "operator.ilshift" => "ilshift", "operator.irshift" => "irshift",
    "operator.iand" => "iand", "operator.ior" => "ior", "operator.ixor" => "ixor",
    "operator.pos" => "pos", "operator.neg" => "neg", "operator.invert" => "invert",
);

const NUMBER_CLASSES: &[(&str, AbstractFn)] = keyed!(number_class_call,
    "class.bool" => "bool", "class.int8" => "int8", "class.int16" => "int16", "class.int32" => "int32",
    "class.int64" => "int64", "class.uint8" => "uint8", "class.uint16" => "uint16", "class.uint32" => "uint32",
    "class.uint64" => "uint64", "class.float32" => "float32", "class.float64" => "float64",
    "class.complex64" => "complex64", "class.complex128" => "complex128",
);

const FUNCTIONS: &[(&str, AbstractFn)] = &[
    ("operator.getitem", index::getitem),
    ("operator.setitem", index::setitem),
    ("numpy.empty", construct::empty),
    ("numpy.zeros", construct::empty),
    ("numpy.ones", construct::ones),
    ("numpy.full", construct::full),
    ("numpy.empty_like", construct::empty_like),
    ("numpy.zeros_like", construct::empty_like),
    ("numpy.ones_like", construct::empty_like),
    ("numpy.full_like", construct::full_like),
    ("numpy.arange", construct::arange),
    ("numpy.linspace", construct::linspace),
    ("numpy.array", construct::array),
    ("numpy.asarray", construct::asarray),
    ("numpy.frombuffer", construct::frombuffer),
    ("numpy.copy", construct::copy),
    ("numpy.concatenate", construct::concatenate),
    ("numpy.concat", construct::concatenate),
    ("numpy.stack", construct::stack),
    ("numpy.hstack", construct::hstack),
    ("numpy.vstack", construct::vstack),
    ("numpy.row_stack", construct::vstack),
    ("numpy.dstack", construct::dstack),
    ("numpy.column_stack", construct::column_stack),
    ("numpy.where", construct::where_),
    ("numpy.eye", construct::eye),
    ("numpy.identity", construct::identity),
    ("numpy.ascontiguousarray", construct::ascontiguousarray),
    ("numpy.size", construct::size),
    ("numpy.shape", construct::shape),
    ("numpy.array_equal", construct::array_equal),
    ("numpy.roll", construct::roll),
    ("numpy.repeat", construct::repeat),
    ("array.repeat", construct::repeat),
    ("array.take", construct::take),
    ("numpy.take", construct::take),
    ("numpy.bincount", construct::bincount),
];

/// Every NumPy template, by registry key.
pub(super) fn templates() -> Vec<(&'static str, AbstractFn)> {
    let mut out: Vec<(&'static str, AbstractFn)> = Vec::new();
    out.extend(FUNCTIONS.iter().copied());
    out.extend(UFUNCS.iter().copied());
    out.extend(OPERATORS.iter().copied());
    out.extend(NUMBER_CLASSES.iter().copied());
    out.extend(methods::TEMPLATES.iter().copied());
    out.extend(reduce::TEMPLATES.iter().copied());
    out.extend(random::TEMPLATES.iter().copied());
    out.extend(generator::TEMPLATES.iter().copied());
    out.extend(arrayfuncs::TEMPLATES.iter().copied());
    out.extend(shapefuncs::TEMPLATES.iter().copied());
    out.extend(arraylib::TEMPLATES.iter().copied());
    out
}

fn ufunc_call(attr: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    ufunc::call_ufunc(attr, args, kws)
}

fn operator_call(op: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match op {
        "pos" | "neg" | "invert" => ufunc::array_unary_operator(op, args),
        _ => match op.strip_prefix('i') {
            Some(base) if ufunc::binary_operator_ufunc(base).is_some() => ufunc::array_inplace_operator(base, args),
            _ => ufunc::array_binary_operator(op, args),
        },
    }
}

/// Numba's `NumberClassAttribute.resolve___call__`: `np.int32(x)` and friends.
fn number_class_call(name: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(kind) = NumericKind::from_name(name) else { return Ok(None) };
    let ty = Type::Number(kind);
    let [val] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    let ret = match val {
        Type::UniTuple(..) | Type::Tuple(_) | Type::List { .. } => {
            match construct::array(&[val.clone(), Type::DType(Arc::new(ty.clone()))], &[])? {
                Some(s) => s.return_type,
                None => return Ok(None),
            }
        }
        // Complex to real is typed, then refused when lowering (Numba lowers a cast of complex
        // only to complex or to bool).
        v if v.is_complex() && !kind.is_complex() && kind != NumericKind::Boolean => {
            return Err(CallError {
                kind: "NumbaNotImplementedError",
                message: format!("Cannot cast {} to {ty}", v.unliteral()),
            })
        }
        v if v.is_number() => ty.clone(),
        // Numba's `NumberClass` call takes IntEnum members as their integers.
        Type::EnumMember(e) if e.int_enum => ty.clone(),
        // A datetime or timedelta to a 64-bit number: its int64 count.
        Type::NPDatetime(_) | Type::NPTimedelta(_) if kind.bitwidth() == 64 => ty.clone(),
        Type::NPDatetime(_) | Type::NPTimedelta(_) => {
            return Err(CallError::typing(format!("Cannot cast {val} to {ty} as {ty} is not 64 bits wide.")))
        }
        Type::Array(a) if a.ndim == 0 && a.dtype == ty => ty.clone(),
        other => {
            let mut msg = format!("Casting {other} to {ty} directly is unsupported.");
            if other.as_array().is_some() {
                msg.push_str(&format!(" Try doing '<array>.astype(np.{ty})' instead"));
            }
            return Err(CallError::typing(msg));
        }
    };
    common::sig(ret, args)
}

/// Array methods Numba knows (attribute templates and `@overload_method`s).
const ARRAY_METHODS: &[&str] = &[
    "all", "any", "argmax", "argmin", "argsort", "astype", "clip", "conj", "conjugate", "copy", "cumprod", "cumsum",
    "dot", "fill", "flatten", "item", "max", "mean", "min", "nonzero", "prod", "ravel", "repeat", "reshape", "sort",
    "std", "sum", "take", "tobytes", "transpose", "var", "view",
];

/// Attributes and methods of array types and dtype objects.
pub(super) fn resolve_attr(ty: &Type, attr: &str) -> Option<Type> {
    match ty {
        Type::NumPyRandomGenerator => generator::has_method(attr).then(|| Type::bound_function(&format!("Generator.{attr}"), ty.clone())),
        Type::Array(a) => {
            if ARRAY_METHODS.contains(&attr) {
                return Some(Type::bound_function(&format!("array.{attr}"), ty.clone()));
            }
            match attr {
                "shape" | "strides" => Some(Type::unituple(Type::intp(), a.ndim)),
                "ndim" => Some(Type::intp()),
                "size" | "itemsize" | "nbytes" => Some(Type::intp()),
                "dtype" => Some(Type::DType(Arc::new(a.dtype.clone()))),
                "T" => Some(methods::transposed(a)),
                "flat" => Some(Type::iterator(numrs_types::IteratorKind::Flat(ty.clone()))),
                "real" | "imag" => match a.dtype.as_number() {
                    Some(k) if k.is_complex() => {
                        Some(Type::array_ro(Type::Number(k.underlying_float()), a.ndim, Layout::A, a.readonly))
                    }
                    Some(_) => Some(Type::array_ro(a.dtype.clone(), a.ndim, a.layout, a.readonly || attr == "imag")),
                    None => None,
                },
                _ => None,
            }
        }
        Type::DType(inner) => match attr {
            "type" => Some(Type::NumberClass(inner.clone())),
            "kind" => match inner.as_number() {
                Some(k) if k.is_float() => Some(Type::StringLiteral("f".into())),
                Some(k) if k.is_integer() => Some(Type::StringLiteral("i".into())),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// Whether `numpy.<attr>` is a function numrs types.
pub(super) fn has_function(attr: &str) -> bool {
    let t = tables::tables();
    t.ufunc_names.contains_key(attr) || t.functions.contains(attr)
}

/// Whether NumPy's module `module` (`numpy`, `numpy.random`, `numpy.linalg`) has the attribute
/// at all (`None` for other modules).
/// Whether `numpy.<attr>` is a ufunc (by any of its names).
/// The Numba scalar type of a dtype as NumPy's and Numba's functions read one: a NumPy scalar
/// class, a `dtype(...)` object, or a string literal naming a dtype (`"f8"`).
pub fn dtype_of(t: &Type) -> Option<Type> {
    common::parse_dtype(t)
}

/// `np.promote_types(a, b)` of two number types (`None`: no common type, or not numbers).
pub fn promote_types(a: &Type, b: &Type) -> Option<Type> {
    tables::promote_types(a.as_number()?, b.as_number()?).map(Type::Number)
}

pub fn is_ufunc(attr: &str) -> bool {
    tables::tables().ufunc_names.contains_key(attr)
}

/// Whether Numba registers its implementation of the NumPy function of registry key `key`
/// lazily, on its first compilation (the `@overload`s of `numba/np/`), so that a module's own
/// `@overload` of it, registered when the module is imported, is tried first. Numba's typing
/// of ufuncs, `argsort`/`nonzero`/`ravel`, `ndenumerate`/`nditer`/`ndindex` and the scalar
/// classes is registered when numba is imported.
pub fn numba_overloads_lazily(key: &str) -> bool {
    let Some(path) = key.strip_prefix("numpy.") else { return false };
    let attr = path.rsplit('.').next().unwrap_or(path);
    if path.contains('.') {
        return path.starts_with("random.") || path.starts_with("linalg.");
    }
    !is_ufunc(attr) && !matches!(attr, "argsort" | "nonzero" | "ravel" | "ndenumerate" | "nditer" | "ndindex") && numrs_types::NumericKind::from_numpy_name(attr).is_none()
}

pub fn module_has_attribute(module: &str, attr: &str) -> Option<bool> {
    tables::tables().module_attributes.get(module).map(|names| names.contains(attr))
}

/// Attributes of `numpy.random` and `numpy.linalg`: `Some(true)` for a known function.
pub(super) fn submodule_function(module: &str, attr: &str) -> bool {
    let t = tables::tables();
    match module {
        "numpy.random" => t.random_functions.contains(attr),
        "numpy.linalg" => t.linalg_functions.contains(attr),
        _ => false,
    }
}
