//! Reflected sets (`setdecl.py`, `setobj.py`).

use numrs_types::{unify_pairs, Type};

use super::{is_hashable, sig, yield_of};
use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("set.add", add),
    ("set.update", update),
    ("set.discard", discard),
    ("set.remove", remove),
    ("set.pop", pop),
    ("set.clear", clear),
    ("set.copy", copy),
    ("set.difference", difference),
    ("set.intersection", combine),
    ("set.symmetric_difference", combine),
    ("set.union", combine),
    ("set.difference_update", update_op),
    ("set.intersection_update", update_op),
    ("set.symmetric_difference_update", update_op),
    ("set.isdisjoint", predicate),
    ("set.issubset", predicate),
    ("set.issuperset", predicate),
    ("builtins.set", set_ctor),
    ("operator.sub", difference),
    ("operator.and_", combine),
    ("operator.xor", combine),
    ("operator.or_", combine),
    ("operator.isub", inplace),
    ("operator.iand", inplace),
    ("operator.ixor", inplace),
    ("operator.ior", inplace),
    ("operator.add", same_set),
    ("operator.iadd", same_set),
    ("operator.eq", predicate),
    ("operator.ne", predicate),
    ("operator.lt", predicate),
    ("operator.le", predicate),
    ("operator.gt", predicate),
    ("operator.ge", predicate),
];

const METHODS: &[&str] = &[
    "add",
    "update",
    "discard",
    "remove",
    "pop",
    "clear",
    "copy",
    "difference",
    "intersection",
    "symmetric_difference",
    "union",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
    "isdisjoint",
    "issubset",
    "issuperset",
];

pub(super) fn has_method(attr: &str) -> bool {
    METHODS.contains(&attr)
}

fn elem(t: &Type) -> Option<&Type> {
    match t {
        Type::Set { dtype, .. } => Some(dtype),
        _ => None,
    }
}

fn with_dtype(s: &Type, dtype: Type) -> Type {
    match s {
        Type::Set { reflected, .. } => Type::set(dtype.unliteral(), *reflected),
        other => other.clone(),
    }
}

/// The refined receiver of `set.add` / `set.update`.
pub(super) fn refined(key: &str, s: &Type, args: &[Type]) -> Option<Type> {
    let dtype = elem(s)?;
    let item = match (key, args) {
        ("set.add", [item]) => item.unliteral(),
        ("set.update", [iterable]) => yield_of(iterable)?,
        _ => return None,
    };
    Some(with_dtype(s, unify_pairs(dtype, &item)?))
}

/// `check_all_set`: both sets of the same element type.
fn same_dtype(a: &Type, b: &Type) -> bool {
    matches!((elem(a), elem(b)), (Some(x), Some(y)) if x == y)
}

fn add(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [s, item] = args else { return Ok(None) };
    let Some(d) = elem(s) else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match unify_pairs(d, item) {
        Some(u) => sig(Type::NoneType, &[s.clone(), u]),
        None => Ok(None),
    }
}

fn update(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [s, iterable] = args else { return Ok(None) };
    let Some(d) = elem(s) else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match yield_of(iterable).and_then(|y| unify_pairs(d, &y)) {
        Some(_) => sig(Type::NoneType, args),
        None => Ok(None),
    }
}

fn discard(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [s, _] if elem(s).is_some() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

/// `ol_set_remove`: only when the item type equals the element type.
fn remove(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [s, item] if elem(s) == Some(item) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn pop(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [s] => match elem(s) {
            Some(d) => sig(d.clone(), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn clear(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [s] if elem(s).is_some() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn copy(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [s] if elem(s).is_some() => sig(s.clone(), args),
        _ => Ok(None),
    }
}

/// `a - b` / `a.difference(b)`: a copy of `a`.
fn difference(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if same_dtype(a, b) => sig(a.clone(), args),
        _ => Ok(None),
    }
}

/// Union, intersection, symmetric difference: a copy of either operand.
fn combine(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if same_dtype(a, b) => match unify_pairs(a, b) {
            Some(u) => sig(u, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn update_op(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if same_dtype(a, b) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn inplace(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if same_dtype(a, b) => sig(a.clone(), args),
        _ => Ok(None),
    }
}

/// `SetOperator` for `+`/`+=` (registered by `setdecl.py`).
fn same_set(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    inplace(args, _kws)
}

fn predicate(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if same_dtype(a, b) => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `SetBuiltin`: `set()` or `set(iterable)` of hashable items.
fn set_ctor(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [] => sig(Type::set(Type::Undefined, false), args),
        [it] => match yield_of(it) {
            Some(y) if is_hashable(&y) => sig(Type::set(y.unliteral(), false), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}
