//! `str` (`unicode_type`): methods, operators and builtins, looked up in
//! `data/string_tables.json` (generated from Numba by `scripts/gen_string_tables.py`).
//!
//! Each argument is mapped to the class the table was probed with (any integer is `int64`,
//! any string `unicode_type`, `None` or an omitted argument `none`, ...).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use numrs_types::{NumericKind, Type};

use super::sig;
use crate::registry::{AbstractFn, CallResult};

const DATA: &str = include_str!("../../../data/string_tables.json");

/// (callee, argument classes) → return type.
struct Tables {
    methods: HashMap<(String, Vec<String>), Type>,
    functions: HashMap<(String, Vec<String>), Type>,
    method_names: Vec<String>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(load)
}

fn load() -> Tables {
    let mut t = Tables { methods: HashMap::new(), functions: HashMap::new(), method_names: Vec::new() };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(DATA) else { return t };
    let entries = |name: &str| json.get(name).and_then(|v| v.as_array()).cloned().unwrap_or_default();
    for (section, callee_field) in [("methods", "method"), ("functions", "function")] {
        for e in entries(section) {
            let Some(callee) = e.get(callee_field).and_then(|c| c.as_str()) else { continue };
            let Some(ret) = e.get("ret").and_then(|r| r.as_str()).and_then(parse_type) else { continue };
            let args: Vec<String> = e
                .get("args")
                .and_then(|a| a.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                .unwrap_or_default();
            if section == "methods" {
                if !t.method_names.iter().any(|m| m == callee) {
                    t.method_names.push(callee.to_string());
                }
                t.methods.insert((callee.to_string(), args), ret);
            } else {
                t.functions.insert((callee.to_string(), args), ret);
            }
        }
    }
    t
}

/// The few result spellings the tables contain.
fn parse_type(s: &str) -> Option<Type> {
    if let Some(t) = crate::registry::generated::simple_type(s) {
        return Some(t);
    }
    if let Some(inner) = s.strip_prefix("list(").and_then(|r| r.strip_suffix(")<iv=None>")) {
        return Some(Type::list(parse_type(inner)?, false));
    }
    if let Some(inner) = s.strip_prefix("set(").and_then(|r| r.strip_suffix(')')) {
        return Some(Type::set(parse_type(inner)?, false));
    }
    if let Some(inner) = s.strip_prefix("OptionalType(").and_then(|r| r.strip_suffix(')')) {
        return Some(Type::optional(parse_type(inner)?));
    }
    if let Some(inner) = s.strip_prefix("UniTuple(").and_then(|r| r.strip_suffix(')')) {
        let (elem, count) = inner.rsplit_once(" x ")?;
        return Some(Type::unituple(parse_type(elem)?, count.parse().ok()?));
    }
    match s {
        "Literal[bool](True)" => return Some(Type::BooleanLiteral(true)),
        "Literal[bool](False)" => return Some(Type::BooleanLiteral(false)),
        _ => {}
    }
    if let Some(inner) = s.strip_prefix("Literal[str](").and_then(|r| r.strip_suffix(')')) {
        return Some(Type::StringLiteral(Arc::from(inner)));
    }
    None
}

/// The class an argument type was probed as.
fn class_of(t: &Type) -> Option<String> {
    Some(match t {
        Type::Unicode | Type::StringLiteral(_) => "unicode_type".into(),
        Type::NoneType | Type::Omitted(_) => "none".into(),
        Type::Slice2 => "slice<a:b>".into(),
        Type::Slice3 => "slice<a:b:c>".into(),
        t if t.is_boolean() => "bool".into(),
        t if t.is_integer() => "int64".into(),
        t if t.is_float() => "float64".into(),
        Type::List { dtype, .. } if dtype.is_string() => "list(unicode_type)".into(),
        Type::List { dtype, .. } if dtype.is_integer() => "list(int64)".into(),
        Type::ListType(d) if d.is_string() => "ListType[unicode_type]".into(),
        Type::UniTuple(d, _) if d.is_string() => "UniTuple(unicode_type x 2)".into(),
        _ => return None,
    })
}

fn classes(args: &[Type]) -> Option<Vec<String>> {
    args.iter().map(class_of).collect()
}

/// The parameter names (after the receiver) of the string methods whose Numba overloads take
/// keyword arguments callers use.
pub fn keyword_params(name: &str) -> Option<&'static [&'static str]> {
    // As Numba's `@overload_method`s in `unicode.py` name them.
    Some(match name {
        "split" | "rsplit" => &["sep", "maxsplit"],
        "splitlines" => &["keepends"],
        "strip" | "lstrip" | "rstrip" => &["chars"],
        "zfill" => &["width"],
        "center" | "ljust" | "rjust" => &["width", "fillchar"],
        "expandtabs" => &["tabsize"],
        "find" | "rfind" => &["substr", "start", "end"],
        "index" | "rindex" | "count" => &["sub", "start", "end"],
        "startswith" => &["prefix", "start", "end"],
        "endswith" => &["substr", "start", "end"],
        "replace" => &["old_str", "new_str", "count"],
        "partition" | "rpartition" => &["sep"],
        "join" => &["parts"],
        _ => return None,
    })
}

pub(super) fn has_method(attr: &str) -> bool {
    tables().method_names.iter().any(|m| m == attr)
}

/// `s.method(args...)`; `args[0]` is the receiver.
fn method(name: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [recv, rest @ ..] = args else { return Ok(None) };
    if !recv.is_string() {
        return Ok(None);
    }
    if !kws.is_empty() {
        // Keyword arguments of the overloads that take them by name, bound to their positions
        // (a parameter left out before one given is its default, `None`).
        let Some(params) = keyword_params(name) else { return Ok(None) };
        let mut pos: Vec<Option<Type>> = rest.iter().cloned().map(Some).collect();
        for (k, t) in kws {
            let Some(i) = params.iter().position(|p| p == k) else { return Ok(None) };
            if pos.len() <= i {
                pos.resize(i + 1, None);
            }
            if pos[i].is_some() {
                return Ok(None);
            }
            pos[i] = Some(t.clone());
        }
        let mut folded = vec![recv.clone()];
        folded.extend(pos.into_iter().map(|t| t.unwrap_or(Type::NoneType)));
        return match method(name, &folded, &[])? {
            Some(s) => sig(s.return_type, args),
            None => Ok(None),
        };
    }
    // `startswith`/`endswith` of a tuple of strings (any of them), as Numba's overloads take
    // it (a tuple of string literals is one of unicode_type once unliteral).
    if matches!(name, "startswith" | "endswith") {
        if let Some(items) = rest.first().and_then(Type::tuple_items) {
            if !items.is_empty() && items.iter().all(|t| t.unliteral() == Type::Unicode) {
                let mut with_str = vec![recv.clone(), Type::Unicode];
                with_str.extend(rest[1..].iter().cloned());
                return match method(name, &with_str, kws)? {
                    Some(_) => sig(Type::boolean(), args),
                    None => Ok(None),
                };
            }
        }
    }
    let Some(cls) = classes(rest) else { return Ok(None) };
    match tables().methods.get(&(name.to_string(), cls)) {
        Some(ret) => sig(ret.clone(), args),
        None => Ok(None),
    }
}

/// An operator or builtin with at least one string argument.
fn function(key: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    let Some(cls) = classes(args) else { return Ok(None) };
    match tables().functions.get(&(key.to_string(), cls)) {
        Some(ret) => sig(ret.clone(), args),
        None => Ok(None),
    }
}

/// `str(x)` / `repr(x)`: integers and booleans format; other scalars fall back to Numba's
/// generic `str` whose result is the literal `<object type:...>`.
fn str_of(key: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    // `str(object=x)`: Numba's `ol_str_generic(object='')` takes it by name; `str()` is ''.
    if key == "builtins.str" {
        match (args, kws) {
            ([], [(k, t)]) if k == "object" => return str_of(key, std::slice::from_ref(t), &[]),
            ([], []) => return sig(Type::StringLiteral(Arc::from("")), args),
            _ => {}
        }
    }
    // An optional value: the integer overload matches what it holds (`AbstractTemplate.apply`
    // retries that template with it unpacked); else the generic one takes the optional itself.
    if let ([Type::Optional(inner)], []) = (args, kws) {
        if let Some(r) = function(key, std::slice::from_ref(&**inner), kws)? {
            if !inner.is_float() && !inner.is_complex() {
                // The signature of the unpacked retry: the argument is cast (TypeError for None).
                return Ok(Some(r));
            }
        }
        return sig(Type::StringLiteral(Arc::from(format!("<object type:{}>", args[0]))), args);
    }
    if let Some(r) = function(key, args, kws)? {
        if let [t] = args {
            if t.is_float() || t.is_complex() {
                return sig(Type::StringLiteral(Arc::from(format!("<object type:{}>", t.unliteral()))), args);
            }
        }
        return Ok(Some(r));
    }
    match (args, kws) {
        ([t], []) if t.as_number().is_some_and(NumericKind::is_complex) => {
            sig(Type::StringLiteral(Arc::from(format!("<object type:{t}>"))), args)
        }
        // Numba's generic `str`/`repr` (`ol_str_generic`): a value whose type has neither
        // `__str__` nor `__repr__` (tuples, lists, arrays, dicts, named tuples...) is the
        // constant `<object type:TYPE>`.
        ([t], []) if t.is_precise() && !matches!(t, Type::JitClassInstance(_) | Type::Deferred(_) | Type::Omitted(_)) => {
            sig(Type::StringLiteral(Arc::from(format!("<object type:{t}>"))), args)
        }
        _ => Ok(None),
    }
}

macro_rules! method_templates {
    ($($name:ident),* $(,)?) => {
        $(
            fn $name(args: &[Type], kws: &[(String, Type)]) -> CallResult {
                method(stringify!($name), args, kws)
            }
        )*
        const METHOD_TEMPLATES: &[(&str, AbstractFn)] = &[$((concat!("str.", stringify!($name)), $name)),*];
    };
}

method_templates!(
    capitalize, casefold, center, count, endswith, expandtabs, find, index, isalnum, isalpha, isascii, isdecimal,
    isdigit, isidentifier, islower, isnumeric, isprintable, isspace, istitle, isupper, join, ljust, lower, lstrip,
    partition, replace, rfind, rindex, rjust, rpartition, rsplit, rstrip, split, splitlines, startswith, strip,
    swapcase, title, upper, zfill,
);

macro_rules! function_templates {
    ($($fname:ident => $key:literal),* $(,)?) => {
        $(
            fn $fname(args: &[Type], kws: &[(String, Type)]) -> CallResult {
                function($key, args, kws)
            }
        )*
        const FUNCTION_TEMPLATES: &[(&str, AbstractFn)] = &[$(($key, $fname)),*];
    };
}

function_templates!(
    op_add => "operator.add", op_iadd => "operator.iadd", op_mul => "operator.mul", op_imul => "operator.imul",
    op_eq => "operator.eq", op_ne => "operator.ne", op_lt => "operator.lt", op_le => "operator.le",
    op_gt => "operator.gt", op_ge => "operator.ge", op_contains => "operator.contains",
    op_getitem => "operator.getitem", op_not => "operator.not_", op_truth => "operator.truth",
    b_len => "builtins.len", b_bool => "builtins.bool", b_ord => "builtins.ord", b_chr => "builtins.chr",
    b_hash => "builtins.hash", b_min => "builtins.min", b_max => "builtins.max",
);

fn b_str(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    str_of("builtins.str", args, kws)
}

fn b_repr(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    str_of("builtins.repr", args, kws)
}

pub(super) fn templates() -> Vec<(&'static str, AbstractFn)> {
    let mut out = METHOD_TEMPLATES.to_vec();
    out.extend(FUNCTION_TEMPLATES.iter().copied());
    out.push(("builtins.str", b_str as AbstractFn));
    out.push(("builtins.repr", b_repr as AbstractFn));
    out
}
