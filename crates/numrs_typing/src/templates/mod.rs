//! Abstract templates (typing functions keyed by callee) and attribute tables.

pub(crate) mod attributes;
pub(crate) mod builtins;
pub(crate) mod bytes;
pub(crate) mod containers;

pub use containers::make_dict_type;
mod cuda;
mod datetime;
mod math;
pub(crate) mod numpy;
mod operators;
mod pointers;
mod pyheapq;
mod pyrandom;

use numrs_types::{NumericKind, Type};

use crate::registry::AbstractFn;

/// Every abstract template, by registry key, in registration order.
pub(crate) fn abstract_templates() -> Vec<(&'static str, AbstractFn)> {
    let mut out = Vec::new();
    out.extend(builtins::TEMPLATES.iter().copied());
    out.extend(operators::TEMPLATES.iter().copied());
    out.extend(pointers::TEMPLATES.iter().copied());
    out.extend(datetime::TEMPLATES.iter().copied());
    out.extend(bytes::TEMPLATES.iter().copied());
    out.extend(numpy::templates());
    out.extend(containers::templates());
    out.extend(cuda::TEMPLATES.iter().copied());
    out.extend(math::TEMPLATES.iter().copied());
    out.extend(pyrandom::TEMPLATES.iter().copied());
    out.extend(pyheapq::TEMPLATES.iter().copied());
    out
}

/// Builtin names visible in nopython code, and the type of the global.
pub fn builtin_global(name: &str) -> Option<Type> {
    const FUNCTIONS: &[&str] = &[
        "abs", "bool", "complex", "divmod", "enumerate", "float", "hash", "int", "isinstance", "iter",
        "len", "list", "max", "min", "next", "ord", "chr", "pow", "print", "range", "round", "set", "dict", "slice",
        "sorted", "str", "sum", "tuple", "zip", "map", "filter", "bytes",
        "getattr", "hasattr", "repr", "type",
        // numrs extension for tests: reveal the inferred type of a value.
        "reveal_type",
    ];
    // Python's builtin exception classes (Numba types any of them as an exception class).
    const EXCEPTIONS: &[&str] = &[
        "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
        "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
        "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
        "DeprecationWarning", "EOFError", "EncodingWarning", "EnvironmentError", "Exception",
        "ExceptionGroup", "FileExistsError", "FileNotFoundError", "FloatingPointError", "FutureWarning",
        "GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError", "IndexError",
        "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt", "LookupError",
        "MemoryError", "ModuleNotFoundError", "NameError", "NotADirectoryError", "NotImplementedError",
        "OSError", "OverflowError", "PendingDeprecationWarning", "PermissionError", "ProcessLookupError",
        "RecursionError", "ReferenceError", "ResourceWarning", "RuntimeError", "RuntimeWarning",
        "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError", "SystemExit",
        "TabError", "TimeoutError", "TypeError", "UnboundLocalError", "UnicodeDecodeError",
        "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError", "UnicodeWarning", "UserWarning",
        "ValueError", "Warning", "ZeroDivisionError",
    ];
    if FUNCTIONS.contains(&name) {
        return Some(Type::function(&format!("builtins.{name}")));
    }
    if EXCEPTIONS.contains(&name) {
        return Some(Type::ExceptionClass(name.into()));
    }
    match name {
        "None" => Some(Type::NoneType),
        "True" => Some(Type::BooleanLiteral(true)),
        "False" => Some(Type::BooleanLiteral(false)),
        _ => None,
    }
}

/// Attributes of modules numrs knows (`math`, `cmath`, `numpy`, `numba`).
/// The functions of the `operator` module that stand for operators numrs types through their
/// own templates (not the registry's tables).
const OPERATOR_FUNCTIONS: &[&str] = &[
    "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "neg", "pos", "invert", "not_", "lt", "le", "gt", "ge", "eq", "ne",
    "and_", "or_", "xor", "lshift", "rshift", "getitem", "contains", "matmul", "truth", "is_", "is_not",
];

pub fn module_attr(module: &str, attr: &str) -> Option<Type> {
    let registry = crate::registry::Registry::get();
    match module {
        "math" | "cmath" => {
            match (module, attr) {
                (_, "pi" | "e" | "tau" | "inf" | "nan") => return Some(Type::float64()),
                ("cmath", "infj" | "nanj") => return Some(Type::complex128()),
                _ => {}
            }
            let key = format!("{module}.{attr}");
            (!registry.templates(&key).is_empty()).then(|| Type::function(&key))
        }
        "numpy" => {
            if let Some(k) = NumericKind::from_numpy_name(attr) {
                return Some(Type::NumberClass(std::sync::Arc::new(Type::Number(k))));
            }
            match attr {
                "pi" | "e" | "inf" | "nan" | "euler_gamma" => Some(Type::float64()),
                "newaxis" => Some(Type::NoneType),
                "random" | "linalg" | "polynomial" | "lib" => Some(Type::Module(format!("numpy.{attr}").into())),
                // Numba's `NumberClass` of the unit-less type (calling it does not type).
                "datetime64" => Some(Type::NumberClass(std::sync::Arc::new(Type::NPDatetime(numrs_types::DtUnit::GENERIC)))),
                "timedelta64" => Some(Type::NumberClass(std::sync::Arc::new(Type::NPTimedelta(numrs_types::DtUnit::GENERIC)))),
                _ => {
                    let key = format!("numpy.{attr}");
                    (numpy::has_function(attr) || !registry.templates(&key).is_empty()).then(|| Type::function(&key))
                }
            }
        }
        "random" => pyrandom::has_function(attr).then(|| Type::function(&format!("random.{attr}"))),
        // `sys.maxsize`: a constant Numba freezes (a 64-bit platform's).
        "sys" => (attr == "maxsize").then(|| Type::IntegerLiteral(i64::MAX.into())),
        "heapq" => pyheapq::has_function(attr).then(|| Type::function(&format!("heapq.{attr}"))),
        // `operator.add(a, b)`: the function the `+` operator types and lowers through.
        "operator" => {
            let key = format!("operator.{attr}");
            let known = !registry.templates(&key).is_empty() || OPERATOR_FUNCTIONS.contains(&attr);
            known.then(|| Type::function(&key))
        }
        "numpy.polynomial" if attr == "polynomial" => Some(Type::Module("numpy.polynomial.polynomial".into())),
        "numpy.polynomial" if attr == "polyutils" => Some(Type::Module("numpy.polynomial.polyutils".into())),
        "numpy.polynomial.polyutils" if attr == "trimseq" => Some(Type::function("numpy.polynomial.polyutils.trimseq")),
        "numpy.polynomial.polynomial" if matches!(attr, "polyval" | "polyadd" | "polysub" | "polymul" | "polydiv" | "polyint") => {
            Some(Type::function(&format!("numpy.polynomial.polynomial.{attr}")))
        }
        "numpy.lib" if attr == "stride_tricks" => Some(Type::Module("numpy.lib.stride_tricks".into())),
        "numpy.lib.stride_tricks" if matches!(attr, "sliding_window_view" | "as_strided") => Some(Type::function(&format!("numpy.lib.stride_tricks.{attr}"))),
        // NumPy's exception class (raised by its dotted path).
        "numpy.linalg" if attr == "LinAlgError" => Some(Type::ExceptionClass("numpy.linalg.LinAlgError".into())),
        "numpy.random" | "numpy.linalg" => {
            numpy::submodule_function(module, attr).then(|| Type::function(&format!("{module}.{attr}")))
        }
        "numba.typed" => containers::typed_module_attr(attr),
        "numba.np.unsafe.ndarray" if attr == "to_fixed_tuple" => Some(Type::function("numba.to_fixed_tuple")),
        "numba.types" | "numba.core.types" => containers::types_module_attr(attr),
        m if m == "numba.cuda" || m.starts_with("numba.cuda.") => cuda::module_attr(m, attr),
        // The thread count Numba's pool was made with: a global of this machine, frozen when
        // Numba compiles (a literal there; numrs cannot know its value, so `int64`).
        "numba.config" => matches!(attr, "NUMBA_NUM_THREADS").then(Type::int64),
        "numba" => match attr {
            "prange" => Some(Type::function("builtins.range")),
            // `pndindex` iterates as `np.ndindex` (its iterations in parallel when they may be).
            "pndindex" => Some(Type::function("numpy.ndindex")),
            "literal_unroll" => Some(Type::function("numba.literal_unroll")),
            "literally" => Some(Type::function("numba.literally")),
            "carray" | "farray" => Some(Type::function(&format!("numba.{attr}"))),
            "get_num_threads" | "get_thread_id" | "set_num_threads" | "get_parallel_chunksize" | "set_parallel_chunksize" => {
                Some(Type::function(&format!("numba.{attr}")))
            }
            "typed" => Some(Type::Module("numba.typed".into())),
            "cuda" => Some(Type::Module("numba.cuda".into())),
            "config" => Some(Type::Module("numba.config".into())),
            // A global `str`, frozen when Numba compiles (the version numrs follows).
            "__version__" => Some(Type::Unicode),
            // The scalar types and their C-style aliases `numba` exports from `numba.core.types`
            // (`numba.intp`, `numba.f8`, `numba.double`, ...).
            _ => numba_scalar(attr).map(|k| Type::NumberClass(std::sync::Arc::new(Type::Number(k)))).or_else(|| {
                NUMBA_TYPE_ALIASES.contains(&attr).then(|| containers::types_module_attr(attr)).flatten()
            }),
        },
        // Where `numba` takes these from.
        "numba.misc.special" if matches!(attr, "prange" | "pndindex" | "literal_unroll" | "literally") => module_attr("numba", attr),
        _ => None,
    }
}

/// Aliases of scalar types in `numba.core.types.__all__`, which `numba` re-exports.
const NUMBA_TYPE_ALIASES: &[&str] = &[
    "intp", "uintp", "intc", "uintc", "ssize_t", "size_t", "byte", "char", "uchar", "short", "ushort", "int_", "uint", "long_", "ulong",
    "longlong", "ulonglong", "double", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "c8", "c16", "bool_", "void", "none",
];

fn numba_scalar(attr: &str) -> Option<NumericKind> {
    match attr {
        "boolean" | "b1" => Some(NumericKind::Boolean),
        _ => NumericKind::from_name(attr),
    }
}
