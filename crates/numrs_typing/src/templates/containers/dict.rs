//! Typed dictionaries (`DictType`: dict displays, `dict()`, `numba.typed.Dict`;
//! `dictdecl.py`, `typed/dictobject.py`).


use numrs_types::{unify_pairs, Type};

use super::{cast_ok, is_hashable, sig, yield_of};
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("literaldict.values", literal_values),
    ("literaldict.items", literal_items),
    ("literaldict.keys", literal_keys),
    ("literaldict.copy", literal_copy),
    ("literaldict.get", literal_get),
    ("dict.get", get),
    ("dict.pop", pop),
    ("dict.popitem", popitem),
    ("dict.setdefault", setdefault),
    ("dict.items", items),
    ("dict.keys", keys),
    ("dict.values", values),
    ("dict.update", update),
    ("dict.clear", clear),
    ("dict.copy", copy),
    ("operator.getitem", getitem),
    ("operator.setitem", setitem),
    ("operator.delitem", delitem),
    ("operator.contains", contains),
    ("operator.eq", equal),
    ("operator.ne", equal),
    ("builtins.dict", dict_ctor),
    ("numba.typed.Dict", typed_dict_ctor),
    ("numba.typed.Dict.empty", typed_dict_empty),
];

/// The methods of a `LiteralStrKey[Dict]` (a string-keyed dict display whose values differ
/// in type, Numba's `literalstrkeydict_impl_*`).
const LITERAL_METHODS: &[&str] = &["values", "items", "keys", "copy", "get"];

pub(super) fn has_literal_method(attr: &str) -> bool {
    LITERAL_METHODS.contains(&attr)
}

/// `d.values()`: the values as a tuple; `d.items()`: a tuple of `(unicode_type, value)` pairs;
/// `d.keys()`: the keys view of a `DictType[unicode_type,int64]` Numba builds from the keys;
/// `d.copy()`: `d`; `d.get(...)`: Numba's TypingError.
fn literal_dict_method(name: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let ([Type::LiteralStrKeyDict(items), rest @ ..], true) = (args, kws.is_empty()) else { return Ok(None) };
    if name == "get" {
        return Err(CallError::typing("Cannot get() on a literal dictionary, return type cannot be statically determined"));
    }
    if !rest.is_empty() {
        return Ok(None);
    }
    let ret = match name {
        "values" => Type::tuple(items.iter().map(|(_, t)| t.clone()).collect()),
        "items" => Type::tuple(items.iter().map(|(_, t)| Type::tuple(vec![Type::Unicode, t.clone()])).collect()),
        "keys" => Type::DictView(numrs_types::DictViewKind::Keys, std::sync::Arc::new(Type::dict(Type::Unicode, Type::int64()))),
        _ => args[0].clone(),
    };
    sig(ret, args)
}

fn literal_values(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    literal_dict_method("values", args, kws)
}
fn literal_items(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    literal_dict_method("items", args, kws)
}
fn literal_keys(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    literal_dict_method("keys", args, kws)
}
fn literal_copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    literal_dict_method("copy", args, kws)
}
fn literal_get(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    literal_dict_method("get", args, kws)
}

const METHODS: &[&str] = &["get", "pop", "popitem", "setdefault", "items", "keys", "values", "update", "clear", "copy"];

pub(super) fn has_method(attr: &str) -> bool {
    METHODS.contains(&attr)
}

fn kv(t: &Type) -> Option<(&Type, &Type)> {
    match t {
        Type::DictType(kv) => Some((&kv.0, &kv.1)),
        _ => None,
    }
}

/// Numba's `DictType(key, value)` constructor checks: no None/Optional, no reflected list or
/// set (“... as key is forbidden”).
/// `DictType(key, value)` with Numba's checks on what may be a key or a value.
pub fn make_dict_type(key: &Type, value: &Type) -> Result<Type, CallError> {
    let (k, v) = (key.unliteral(), value.unliteral());
    if matches!(k, Type::Optional(_) | Type::NoneType) {
        return Err(CallError::typing(format!("Dict.key_type cannot be of type {k}")));
    }
    if matches!(v, Type::Optional(_) | Type::NoneType) {
        return Err(CallError::typing(format!("Dict.value_type cannot be of type {v}")));
    }
    if matches!(k, Type::List { .. } | Type::Set { .. }) {
        return Err(CallError::typing(format!("{k} as key is forbidden")));
    }
    if matches!(v, Type::List { .. } | Type::Set { .. }) {
        return Err(CallError::typing(format!("{v} as value is forbidden")));
    }
    Ok(Type::dict(k, v))
}

/// The receiver refinement of a setitem on an imprecise (empty) dict: `DictType.refine`.
pub(super) fn refined(d: &Type, args: &[Type]) -> Option<Type> {
    let (k, v) = kv(d)?;
    if k.is_precise() && v.is_precise() {
        return None;
    }
    let [key, value] = args else { return None };
    if !is_hashable(key) {
        return None;
    }
    make_dict_type(key, value).ok()
}

fn precise(d: &Type) -> bool {
    kv(d).is_some_and(|(k, v)| k.is_precise() && v.is_precise())
}

/// `_sentry_safe_cast_default`: an omitted or `None` default is always fine.
fn default_ok(default: &Type, value: &Type) -> bool {
    matches!(default, Type::NoneType | Type::Omitted(_)) || cast_ok(default, value)
}

fn get(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() || !args.first().is_some_and(precise) {
        return Ok(None);
    }
    let Some((k, v)) = args.first().and_then(kv) else { return Ok(None) };
    match args {
        [_, key] if cast_ok(key, k) => sig(Type::optional(v.clone()), args),
        // `_dict_lookup` yields `Optional(value)`, unified with the default.
        [_, key, default] if cast_ok(key, k) && default_ok(default, v) => match unify_pairs(&Type::optional(v.clone()), &default.unliteral()) {
            Some(r) => sig(r, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn pop(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    get(args, kws)
}

fn popitem(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && precise(d) => match kv(d) {
            Some((k, v)) => sig(Type::tuple(vec![k.clone(), v.clone()]), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn setdefault(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    let Some((k, v)) = args.first().and_then(kv) else { return Ok(None) };
    match args {
        // Numba's `impl_setdefault` does not refine a dict nothing has typed yet (`d = {}`):
        // compiling it with that dict fails.
        [d, key, default] if precise(d) && cast_ok(key, k) && cast_ok(default, v) => sig(v.clone(), args),
        _ => Ok(None),
    }
}

/// `d.keys()`, `d.values()`, `d.items()`: Numba's view types of the (unliteral) dict.
pub(crate) fn view(kind: numrs_types::DictViewKind, k: &Type, v: &Type) -> Type {
    Type::DictView(kind, std::sync::Arc::new(Type::dict(k.clone(), v.clone())))
}

fn items(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && precise(d) => match kv(d) {
            Some((k, v)) => sig(view(numrs_types::DictViewKind::Items, k, v), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn keys(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && precise(d) => match kv(d) {
            Some((k, v)) => sig(view(numrs_types::DictViewKind::Keys, k, v), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn values(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && precise(d) => match kv(d) {
            Some((k, v)) => sig(view(numrs_types::DictViewKind::Values, k, v), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn update(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d, o] if kws.is_empty() && precise(d) => match (kv(d), kv(o)) {
            (Some((k, v)), Some((ok, ov))) if cast_ok(ok, k) && cast_ok(ov, v) => sig(Type::NoneType, args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

fn clear(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && kv(d).is_some() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [d] if kws.is_empty() && precise(d) => sig(d.clone(), args),
        _ => Ok(None),
    }
}

fn getitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [d, key] if precise(d) => match kv(d) {
            Some((k, v)) if cast_ok(key, k) => sig(v.clone(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `d[k] = v`: casts on a precise dict; an imprecise one is refined to the argument types.
fn setitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [d, key, value] = args else { return Ok(None) };
    let Some((k, v)) = kv(d) else { return Ok(None) };
    if precise(d) {
        return if cast_ok(key, k) && cast_ok(value, v) { sig(Type::NoneType, args) } else { Ok(None) };
    }
    if !is_hashable(key) {
        return Ok(None);
    }
    let refined = make_dict_type(key, value)?;
    let Some((rk, rv)) = kv(&refined) else { return Ok(None) };
    sig(Type::NoneType, &[refined.clone(), rk.clone(), rv.clone()])
}

fn delitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [d, key] if precise(d) => match kv(d) {
            Some((k, _)) if cast_ok(key, k) => sig(Type::NoneType, args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

fn contains(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [d, key] if precise(d) => match kv(d) {
            Some((k, _)) if cast_ok(key, k) => sig(Type::boolean(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

const DICT_SUPPORT: &str =
    "Unsupported use of `dict()` with positional or keyword argument(s). The only supported uses are `dict()` or `dict(iterable)`.";

/// `DictBuiltin`: `dict()` or `dict(iterable of pairs)`.
fn dict_ctor(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Err(CallError::typing(DICT_SUPPORT));
    }
    match args {
        [] => sig(Type::dict(Type::Undefined, Type::Undefined), args),
        [it] => {
            let Some(y) = yield_of(it) else {
                return Err(CallError::typing(format!(
                    "Non-iterable args used in dict(iterable) constructor. Got 'dict({it})'"
                )));
            };
            let (k, v) = match &y {
                Type::UniTuple(d, 2) => ((**d).clone(), (**d).clone()),
                Type::UniTuple(_, n) => {
                    return Err(CallError::typing(format!(
                        "dictionary update sequence element has length {n}; 2 is required"
                    )))
                }
                Type::Tuple(items) if items.len() == 2 => (items[0].clone(), items[1].clone()),
                _ => return Err(CallError::typing(DICT_SUPPORT)),
            };
            if !is_hashable(&k) {
                return Err(CallError::typing(format!("Unhashable type: {k}")));
            }
            sig(make_dict_type(&k, &v)?, args)
        }
        _ => Ok(None),
    }
}

/// `numba.typed.Dict()` in jitted code: an empty dict refined by its first setitem;
/// `Dict(iterable)` of pairs (Numba's `typeddict_call`): the dict of their key and value
/// types, filled from them.
fn typed_dict_ctor(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([], []) => sig(Type::dict(Type::Undefined, Type::Undefined), args),
        ([t], []) if t.tuple_items().is_some_and(|i| i.is_empty()) => Err(CallError::typing("non-precise type 'dict(())'")),
        ([it], []) => {
            let Some(y) = yield_of(it) else { return Ok(None) };
            let (k, v) = match &y {
                Type::UniTuple(d, _) => ((**d).clone(), (**d).clone()),
                Type::Tuple(items) if items.len() >= 2 => (items[0].clone(), items[1].clone()),
                _ => return Ok(None),
            };
            sig(make_dict_type(&k, &v)?, args)
        }
        _ => Ok(None),
    }
}

/// `Dict.empty(key_type, value_type)`.
fn typed_dict_empty(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let mut k = args.first();
    let mut v = args.get(1);
    for (name, t) in kws {
        match name.as_str() {
            "key_type" => k = Some(t),
            "value_type" => v = Some(t),
            "n_keys" => {}
            _ => return Ok(None),
        }
    }
    match (k, v) {
        (Some(k), Some(v)) => match (super::type_argument(k), super::type_argument(v)) {
            (Some(k), Some(v)) => sig(make_dict_type(&k, &v)?, args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `da == db` / `da != db` of a typed dict (Numba's `impl_equal`): with another dict, the
/// values compared with `!=` (keys cast to the other's key type); anything else is not equal.
fn equal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [Type::DictType(a), Type::DictType(b)] => {
            if crate::registry::resolve_call("operator.ne", &[a.1.clone(), b.1.clone()], &[])?.is_none() || !cast_ok(&a.0, &b.0) {
                return Ok(None);
            }
            sig(Type::boolean(), args)
        }
        [Type::DictType(_), _] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}
