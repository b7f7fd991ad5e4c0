//! Template storage and overload resolution.

use std::collections::HashMap;
use std::sync::OnceLock;

use numrs_types::{Rating, Signature, Type};

/// An abstract template: a function from (positional args, keyword args) to a signature.
pub type AbstractFn = fn(&[Type], &[(String, Type)]) -> CallResult;

#[derive(Clone)]
pub enum Template {
    /// Numba's `ConcreteTemplate`: a fixed list of signatures resolved by ranking, with the
    /// template's casting rules.
    Concrete(Vec<Signature>, CastingRules),
    /// Numba's `AbstractTemplate`.
    Abstract(AbstractFn),
}

/// The outcome of one template: a signature, "does not apply", or a definite error.
pub type CallResult = Result<Option<Signature>, CallError>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallError {
    /// Numba exception kind (`TypingError`, `NumbaValueError`, ...).
    pub kind: &'static str,
    pub message: String,
}

impl CallError {
    pub fn typing(message: impl Into<String>) -> Self {
        CallError { kind: "TypingError", message: message.into() }
    }

    /// One of Numba's typing assertions failing (`assert not kws`): its message is empty, so
    /// the reason is given here.
    pub fn assertion(why: impl Into<String>) -> Self {
        CallError { kind: "AssertionError", message: why.into() }
    }

    /// Numba's `assert not kws` of a method or builtin that takes no keyword arguments.
    pub fn no_keywords(kws: &[(String, numrs_types::Type)]) -> Self {
        let names: Vec<String> = kws.iter().map(|(k, _)| format!("{k}=")).collect();
        CallError::assertion(format!("Numba's typing of this call takes no keyword arguments (given {}); pass them by position, or leave them out", names.join(", ")))
    }
}

/// A concrete template's `unsafe_casting` and `exact_match_required` attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastingRules {
    pub unsafe_casting: bool,
    pub exact_match_required: bool,
}

impl Default for CastingRules {
    fn default() -> Self {
        CastingRules { unsafe_casting: true, exact_match_required: false }
    }
}

pub struct Registry {
    functions: HashMap<String, Vec<Template>>,
}

static REGISTRY: OnceLock<Registry> = OnceLock::new();

impl Registry {
    pub fn get() -> &'static Registry {
        REGISTRY.get_or_init(Registry::build)
    }

    fn build() -> Registry {
        let mut functions: HashMap<String, Vec<Template>> = HashMap::new();
        for (key, sigs, rules) in crate::registry::generated::concrete_tables() {
            functions.entry(key).or_default().push(Template::Concrete(sigs, rules));
        }
        for (key, f) in crate::abstract_templates() {
            functions.entry(key.to_string()).or_default().push(Template::Abstract(f));
        }
        Registry { functions }
    }

    pub fn templates(&self, key: &str) -> &[Template] {
        self.functions.get(key).map_or(&[], |v| v.as_slice())
    }
}

/// Numba's `resolve_overload` over concrete cases: best rating wins; ties go to the first.
pub fn resolve_concrete(cases: &[Signature], args: &[Type]) -> Option<Signature> {
    resolve_concrete_with(cases, args, CastingRules::default())
}

/// [`resolve_concrete`] under a template's casting rules.
pub fn resolve_concrete_with(cases: &[Signature], args: &[Type], rules: CastingRules) -> Option<Signature> {
    let mut best: Option<(Rating, &Signature)> = None;
    for case in cases {
        if let Some(r) = Rating::rate(args, &case.args, rules.unsafe_casting, rules.exact_match_required) {
            if best.as_ref().is_none_or(|(b, _)| r < *b) {
                best = Some((r, case));
            }
        }
    }
    best.map(|(_, s)| s.clone())
}

/// Calls whose Numba templates raise for an `OptionalType` argument (so `apply` never tries
/// them again with it unpacked): `bool()` (through `operator.truth`) and `float()`/`complex()`
/// ("only support for numbers"), the array constructors' shape, an array's index
/// (`GetItemBuffer`: "Unsupported array index type"), and `str.replace`'s strings.
fn raises_for_optional(key: &str, args: &[Type]) -> bool {
    match key {
        "builtins.bool" | "builtins.float" | "builtins.complex" => true,
        "numpy.zeros" | "numpy.empty" | "numpy.ones" => matches!(args.first(), Some(Type::Optional(_))),
        // `impl_np_round` raises "The argument "a" must be array-like" for anything
        // `type_can_asarray` refuses, an optional value included.
        "numpy.round" | "numpy.around" | "numpy.round_" => matches!(args.first(), Some(Type::Optional(_))),
        "operator.getitem" | "operator.setitem" => matches!(args.first(), Some(Type::Array(_))) && args[1..].iter().any(|t| matches!(t, Type::Optional(_))),
        // `unicode_replace`: "The object must be a UnicodeType" for the old and new strings.
        "str.replace" => args[1..].iter().take(2).any(|t| matches!(t, Type::Optional(_))),
        _ => false,
    }
}

/// [`resolve_call`] where the code runs with SciPy installed (`scipy`) or without: Numba's
/// `np.dot`, `@` and `np.linalg` need it (`templates::numpy::linalg`).
pub fn resolve_call_in(key: &str, args: &[Type], kws: &[(String, Type)], scipy: bool) -> CallResult {
    if scipy && crate::templates::numpy::linalg::KEYS.contains(&key) {
        let unlit: Vec<Type> = args.iter().map(Type::unliteral).collect();
        let unlit_kws: Vec<(String, Type)> = kws.iter().map(|(k, t)| (k.clone(), t.unliteral())).collect();
        match crate::templates::numpy::linalg::resolve(key, &unlit, &unlit_kws)? {
            Some(sig) => return Ok(Some(Signature::new(sig.return_type, args.to_vec()))),
            // `a @ b` of numbers and the like: the other templates.
            None if key == "operator.matmul" || key == "array.dot" => {}
            None => return Ok(None),
        }
    }
    resolve_call(key, args, kws)
}

/// Resolve a call of registry key `key`.
/// NumPy functions whose Numba implementations start with `np.asarray(x)` of these
/// positional parameters (array-likes): a list or tuple there is typed, and built, as the
/// array `np.asarray` makes of it.
pub fn asarray_params(key: &str) -> &'static [usize] {
    match key {
        "numpy.roll" | "numpy.resize" | "numpy.shape" | "numpy.size" | "numpy.flatnonzero" | "numpy.argwhere" | "numpy.asarray_chkfinite" => &[0],
        "numpy.repeat" | "numpy.setxor1d" | "numpy.setdiff1d" | "numpy.isin" | "numpy.cross" | "numpy.extract" => &[0, 1],
        _ => &[],
    }
}

/// Whether `t`, given as parameter `position` of `key`, is an array-like [`asarray_params`]
/// turns into an array: a list or tuple (`np.repeat`'s `repeats` a list only, Numba refusing a
/// tuple), or a number where Numba's implementation makes a 0-d array of one (`np.roll(4, 3)`,
/// `np.resize(3, (2, 2))`).
pub fn converted_to_array(key: &str, position: usize, t: &Type) -> bool {
    match (key, position) {
        ("numpy.repeat", 1) => matches!(t, Type::List { .. } | Type::ListType(_)),
        ("numpy.roll" | "numpy.resize", 0) if t.is_number() => true,
        _ => matches!(t, Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_)),
    }
}

pub fn resolve_call(key: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let positions = asarray_params(key);
    if positions.iter().any(|i| args.get(*i).is_some_and(|t| converted_to_array(key, *i, t))) {
        let mut converted = args.to_vec();
        for i in positions {
            if let Some(t) = args.get(*i).filter(|t| converted_to_array(key, *i, t)) {
                match resolve_call("numpy.asarray", std::slice::from_ref(t), &[])? {
                    Some(s) => converted[*i] = s.return_type,
                    None => return Ok(None),
                }
            }
        }
        return resolve_call(key, &converted, kws).map(|r| r.map(|mut s| {
            s.args = args.to_vec();
            s
        }));
    }
    // An item of a unicode array (`[unichr x n]`): Numba's overloads for it (`charseq.py`)
    // work on `str(item)`, so it is typed as the string it spells.
    if let ("operator.setitem", [target, idx, val]) = (key, args) {
        crate::templates::numpy::index::charseq_setitem(target, idx, val)?;
    }
    if args.iter().chain(kws.iter().map(|(_, t)| t)).any(|t| matches!(t, Type::UnicodeCharSeq(_))) {
        // `isascii` of an item is its own overload (a bool, where a string's is uint32).
        if let ("str.isascii", [Type::UnicodeCharSeq(_)]) = (key, args) {
            return Ok(Some(Signature::new(Type::boolean(), args.to_vec())));
        }
        let plain = |t: &Type| if let Type::UnicodeCharSeq(_) = t { Type::Unicode } else { t.clone() };
        let args: Vec<Type> = args.iter().map(plain).collect();
        let kws: Vec<(String, Type)> = kws.iter().map(|(k, t)| (k.clone(), plain(t))).collect();
        return resolve_call(key, &args, &kws);
    }
    if let Some(refused) = buffer_gate(key, args, kws) {
        return refused;
    }
    // Numba's `array_argmin`/`array_argmax` read `a.dtype` before any test: an optional
    // array is Python's AttributeError there (not unpacked, as templates are).
    if matches!(key, "numpy.argmin" | "numpy.argmax") && matches!(args.first(), Some(Type::Optional(_))) {
        let name = key.trim_start_matches("numpy.");
        return Err(CallError {
            kind: "AttributeError",
            message: format!("np.{name}() of {}, a value that may be None: Numba reads its dtype ('Optional' object has no attribute 'dtype')", args[0]),
        });
    }
    let registry = Registry::get();
    let unlit_args: Vec<Type> = args.iter().map(Type::unliteral).collect();
    let unlit_kws: Vec<(String, Type)> = kws.iter().map(|(k, t)| (k.clone(), t.unliteral())).collect();
    // Numba's `Function.get_call_type` records a template's `NumbaError` and goes on with the
    // next attempt; only when nothing matches is a failure raised. Other exceptions
    // (`AssertionError` from a template's `assert`) propagate at once.
    let mut first_error: Option<CallError> = None;
    for t in registry.templates(key) {
        // Each template is tried with literals stripped first, then with the literal types
        // (templates here do not set `prefer_literal`). A dict of string keys and values of
        // several types has no type without its literal keys (Numba's `Poison`): only the
        // literal attempt is made (the templates here that take one are `isinstance`'s).
        for (a, k) in [(&unlit_args[..], &unlit_kws[..]), (args, kws)] {
            if key == "builtins.isinstance" && std::ptr::eq(a, &unlit_args[..]) && args.iter().any(|t| matches!(t, Type::LiteralStrKeyDict(_))) {
                continue;
            }
            let r = match t {
                Template::Concrete(cases, rules) => {
                    if !k.is_empty() {
                        continue;
                    }
                    resolve_concrete_with(cases, a, *rules)
                }
                Template::Abstract(f) => {
                    // `AbstractTemplate.apply`: with no signature, and optional arguments
                    // (and no keywords), the template is tried once more with each
                    // `OptionalType(T)` unpacked to `T`.
                    let mut r = f(a, k);
                    if matches!(r, Ok(None)) && k.is_empty() && a.iter().any(|t| matches!(t, Type::Optional(_))) && !raises_for_optional(key, a) {
                        let unpacked: Vec<Type> = a.iter().map(|t| if let Type::Optional(inner) = t { (**inner).clone() } else { t.clone() }).collect();
                        r = f(&unpacked, k);
                    }
                    match r {
                        Ok(r) => r,
                        Err(e) if e.kind == "AssertionError" => return Err(e),
                        Err(e) => {
                            first_error.get_or_insert(e);
                            None
                        }
                    }
                }
            };
            if let Some(sig) = r {
                return Ok(Some(sig));
            }
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(None),
    }
}

/// `bytes`, `bytearray` and `memoryview` values (arrays of `uint8` of a Buffer class): Numba
/// types indexing, `len` and iteration on them (its `Buffer` templates), not the array
/// functions, operators and attributes (which take `types.Array`). `Some`: the call's answer
/// without trying the templates.
fn buffer_gate(key: &str, args: &[Type], kws: &[(String, Type)]) -> Option<CallResult> {
    let buffer = |t: &Type| matches!(t, Type::Array(a) if a.buffer.is_some());
    if !args.iter().chain(kws.iter().map(|(_, t)| t)).any(buffer) {
        return None;
    }
    match (key, args) {
        // A bytearray is not sliced (Numba's `ByteArray` cannot be made with a new layout).
        ("operator.getitem", [Type::Array(a), i])
            if a.buffer == Some(numrs_types::BufferKind::ByteArray) && matches!(i.unliteral(), Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_)) =>
        {
            Some(Ok(None))
        }
        ("operator.getitem" | "operator.setitem" | "builtins.len" | "operator.is_" | "operator.is_not" | "numpy.frombuffer" | "builtins.isinstance", _) => None,
        // Numba's `charseq_eq`/`charseq_ne`: `bytes` against an item of a bytes array.
        ("operator.eq" | "operator.ne", [a, b]) if matches!(a, Type::CharSeq(_)) || matches!(b, Type::CharSeq(_)) => None,
        (k, _) if k.starts_with("bytes.") => None,
        _ => Some(Ok(None)),
    }
}

pub fn resolve_getattr(ty: &Type, attr: &str) -> Option<Type> {
    if let Type::Array(a) = ty {
        // Numba's `MemoryViewAttribute`.
        if a.buffer == Some(numrs_types::BufferKind::MemoryView) {
            return match attr {
                "contiguous" | "c_contiguous" | "f_contiguous" | "readonly" => Some(Type::boolean()),
                "itemsize" | "nbytes" | "ndim" => Some(Type::int64()),
                "shape" | "strides" => Some(Type::UniTuple(std::sync::Arc::new(Type::int64()), a.ndim)),
                _ => None,
            };
        }
        if a.buffer.is_some() {
            let method = a.buffer == Some(numrs_types::BufferKind::Bytes) && crate::templates::bytes::METHODS.contains(&attr);
            return method.then(|| Type::bound_function(&format!("bytes.{attr}"), ty.clone()));
        }
    }
    if let Type::UnicodeCharSeq(_) = ty {
        // The methods `charseq.py` overloads for it (others are the string's only).
        if attr.starts_with(|c: char| c.is_ascii_lowercase()) && !CHARSEQ_METHODS.contains(&attr) && !matches!(attr, "__hash__") {
            return None;
        }
        // `isascii` is its own overload, bound to the item (see `resolve_call`).
        if attr == "isascii" {
            return Some(Type::bound_function("str.isascii", ty.clone()));
        }
        return crate::templates::attributes::resolve(&Type::Unicode, attr);
    }
    crate::templates::attributes::resolve(ty, attr)
}

/// The methods Numba overloads for an item of a unicode array (`UnicodeCharSeq`, numba's
/// `cpython/charseq.py`).
const CHARSEQ_METHODS: &[&str] = &[
    "isascii", "isupper", "upper", "find", "rfind", "startswith", "endswith", "split", "ljust", "rjust", "center", "zfill", "lstrip", "rstrip", "strip", "join",
];

/// The type a method call refines its receiver to (`list.append` on `list(undefined)`, a
/// setitem on an empty dict, ...); see `templates::containers::refine_receiver`.
pub fn refine_receiver(key: &str, receiver: &Type, args: &[Type]) -> Option<Type> {
    crate::templates::containers::refine_receiver(key, receiver, args)
}

pub fn resolve_module_attr(module: &str, attr: &str) -> Option<Type> {
    crate::templates::module_attr(module, attr)
}

pub(crate) mod generated {
    //! Loading of the generated concrete tables.
    use numrs_types::{NumericKind, RangeKind, Signature, Type};

    const DATA: &str = include_str!("../data/concrete_templates.json");

    /// Parse one of the simple type names the generated tables use.
    pub(crate) fn simple_type(name: &str) -> Option<Type> {
        if let Some(k) = NumericKind::from_name(name) {
            return Some(Type::Number(k));
        }
        Some(match name {
            "none" => Type::NoneType,
            "unicode_type" => Type::Unicode,
            "slice<a:b>" => Type::Slice2,
            "slice<a:b:c>" => Type::Slice3,
            "range_state_int32" => Type::Range(RangeKind::Int32),
            "range_state_int64" => Type::Range(RangeKind::Int64),
            "range_state_uint64" => Type::Range(RangeKind::UInt64),
            _ => return None,
        })
    }

    pub(crate) fn concrete_tables() -> Vec<(String, Vec<Signature>, super::CastingRules)> {
        let Ok(json) = serde_json::from_str::<serde_json::Value>(DATA) else { return vec![] };
        let Some(functions) = json.get("functions").and_then(|f| f.as_object()) else { return vec![] };
        let mut out = Vec::new();
        for (key, entries) in functions {
            for entry in entries.as_array().into_iter().flatten() {
                let Some(cases) = entry.get("concrete").and_then(|c| c.as_array()) else { continue };
                let sigs: Vec<Signature> = cases
                    .iter()
                    .filter_map(|case| {
                        let names: Vec<&str> = case.as_array()?.iter().filter_map(|n| n.as_str()).collect();
                        let (ret, args) = names.split_first()?;
                        let ty = |n: &str| simple_type(n).or_else(|| numrs_types::parse_type(n));
                        let args = args.iter().map(|a| ty(a)).collect::<Option<Vec<_>>>()?;
                        Some(Signature::new(ty(ret)?, args))
                    })
                    .collect();
                let flag = |name: &str, default: bool| entry.get(name).and_then(|v| v.as_bool()).unwrap_or(default);
                let rules = super::CastingRules {
                    unsafe_casting: flag("unsafe_casting", true),
                    exact_match_required: flag("exact_match_required", false),
                };
                out.push((key.clone(), sigs, rules));
            }
        }
        out
    }
}
