//! Reflected lists (`listdecl.py`, `listobj.py`) and typed lists (`numba.typed.List`,
//! `listobject.py`).

use numrs_types::{unify_pairs, Type};

use super::{cast_ok, kws_within, sig, yield_of};
use crate::registry::{AbstractFn, CallResult, CallError};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("list.append", append),
    ("list.extend", extend),
    ("list.insert", insert),
    ("list.pop", pop),
    ("list.clear", no_arg_none),
    ("list.reverse", no_arg_none),
    ("list.copy", copy),
    ("list.count", count),
    ("list.index", index),
    ("list.remove", remove),
    ("list.sort", sort),
    ("typedlist.append", typed_append),
    ("typedlist.extend", typed_extend),
    ("typedlist.insert", typed_insert),
    ("typedlist.pop", pop),
    ("typedlist.clear", no_arg_none),
    ("typedlist.reverse", no_arg_none),
    ("typedlist.copy", copy),
    ("typedlist.count", count),
    ("typedlist.index", index),
    ("typedlist.remove", remove),
    ("typedlist.sort", sort),
    ("builtins.list", list_ctor),
    ("builtins.sorted", sorted),
    ("operator.add", add),
    ("operator.iadd", iadd),
    ("operator.mul", mul),
    ("operator.imul", mul),
    ("operator.eq", compare),
    ("operator.ne", compare),
    ("operator.lt", compare),
    ("operator.le", compare),
    ("operator.gt", compare),
    ("operator.ge", compare),
    ("operator.delitem", delitem),
    ("numba.typed.List", typed_list_ctor),
    ("numba.typed.List.empty_list", typed_empty_list),
];

const METHODS: &[&str] =
    &["append", "extend", "insert", "pop", "clear", "reverse", "copy", "count", "index", "remove", "sort"];

pub(super) fn has_method(attr: &str) -> bool {
    METHODS.contains(&attr)
}

pub(super) fn has_typed_method(attr: &str) -> bool {
    METHODS.contains(&attr)
}

/// Element type of a reflected or typed list.
fn elem(t: &Type) -> Option<&Type> {
    match t {
        Type::List { dtype, .. } | Type::ListType(dtype) => Some(dtype),
        _ => None,
    }
}

fn with_dtype(list: &Type, dtype: Type) -> Type {
    match list {
        Type::List { .. } => list.with_list_dtype(dtype.unliteral()),
        _ => Type::ListType(dtype.unliteral().into()),
    }
}

/// The refined receiver of `list.append/extend/insert` (`sig.recvr`).
pub(super) fn refined(key: &str, list: &Type, args: &[Type]) -> Option<Type> {
    let Type::List { dtype, .. } = list else { return None };
    let item = match (key, args) {
        ("list.append", [item]) | ("list.insert", [_, item]) => item.unliteral(),
        ("list.extend", [iterable]) => yield_of(iterable)?,
        _ => return None,
    };
    Some(with_dtype(list, unify_pairs(dtype, &item)?))
}

/// Typed lists refine only when imprecise (`ListType.refine`).
pub(super) fn refined_typed(key: &str, list: &Type, args: &[Type]) -> Option<Type> {
    let Type::ListType(dtype) = list else { return None };
    if dtype.is_precise() {
        return None;
    }
    let item = match (key, args) {
        ("typedlist.append", [item]) | ("typedlist.insert", [_, item]) => item.unliteral(),
        // Numba types the call without literals first: `(1, 2, 3)` is then a UniTuple.
        ("typedlist.extend", [iterable]) => match iterable.unliteral().tuple_items() {
            Some(items) if !items.is_empty() && items.iter().all(|t| *t == items[0]) => items[0].clone(),
            _ => yield_of(iterable)?,
        },
        _ => return None,
    };
    // `ListType(item)` refuses optional items (“List.item_type cannot be of type ...”).
    if matches!(item, Type::Optional(_)) {
        return None;
    }
    Some(Type::ListType(item.into()))
}

fn append(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [list @ Type::List { dtype, .. }, item] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match unify_pairs(dtype, item) {
        Some(u) => sig(Type::NoneType, &[list.clone(), u]),
        None => Ok(None),
    }
}

fn extend(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [Type::List { dtype, .. }, iterable] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    let Some(y) = yield_of(iterable) else { return Ok(None) };
    match unify_pairs(dtype, &y) {
        Some(_) => sig(Type::NoneType, args),
        None => Ok(None),
    }
}

fn insert(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [list @ Type::List { dtype, .. }, idx, item] = args else { return Ok(None) };
    if !kws.is_empty() || !idx.is_integer() {
        return Ok(None);
    }
    match unify_pairs(dtype, item) {
        Some(u) => sig(Type::NoneType, &[list.clone(), Type::intp(), u]),
        None => Ok(None),
    }
}

fn pop(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [l] => match elem(l) {
            Some(d) => sig(d.clone(), args),
            None => Ok(None),
        },
        [l, i] if i.is_integer() => match elem(l) {
            Some(d) => sig(d.clone(), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn no_arg_none(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [l] if elem(l).is_some() && kws.is_empty() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

/// `lst.copy()`: a reflected list's copy is a new, non-reflected list (`ListAttribute`
/// types it as `types.List(dtype)`).
fn copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [l @ Type::List { dtype, .. }] if kws.is_empty() => sig(Type::list((**dtype).clone(), false), std::slice::from_ref(l)),
        [l] if kws.is_empty() => match elem(l) {
            Some(d) => sig(with_dtype(l, d.clone()), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Whether `item` may be looked for in list `l`: a typed List casts it to its item type with
/// `_sentry_safe_cast` (a float in a List of integers is refused); a reflected list compares.
pub(crate) fn item_ok(l: &Type, item: &Type) -> bool {
    match l {
        Type::ListType(d) => super::cast_ok(item, d),
        _ => elem(l).is_some(),
    }
}

fn count(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [l, x] if elem(l).is_some() && item_ok(l, x) && kws.is_empty() => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

fn index(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [l, x, rest @ ..] if elem(l).is_some() && item_ok(l, x) && rest.len() <= 2 && rest.iter().all(Type::is_integer) => {
            sig(Type::intp(), args)
        }
        _ => Ok(None),
    }
}

fn remove(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match args {
        [l, x] if elem(l).is_some() && item_ok(l, x) && kws.is_empty() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

/// `_sort_check_key` and `_sort_check_reverse` of `listobj.py` on the `key`/`reverse`
/// arguments (positional after the list, or by keyword).
fn sort_checks(rest: &[Type], kws: &[(String, Type)]) -> Result<(), CallError> {
    let named = |name: &str, pos: usize| kws.iter().find(|(k, _)| k == name).map(|(_, t)| t).or(rest.get(pos));
    if let Some(key) = named("key", 0) {
        match key {
            Type::Optional(_) => {
                return Err(CallError::typing(
                    "Key must concretely be None or a Numba JIT compiled function, an Optional (union of None and a value) was found",
                ))
            }
            Type::NoneType | Type::Omitted(_) | Type::Dispatcher(_) | Type::MakeFunction(..) => {}
            _ => return Err(CallError::typing("Key must be None or a Numba JIT compiled function")),
        }
    }
    if let Some(reverse) = named("reverse", 1) {
        let inner = match reverse {
            Type::Optional(t) => t,
            t => t,
        };
        if !(inner.is_integer() || inner.is_boolean() || matches!(inner, Type::Omitted(_))) {
            return Err(CallError::typing(format!("an integer is required for 'reverse' (got type {reverse})")));
        }
    }
    Ok(())
}

fn sort(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws_within(kws, &["key", "reverse"]) {
        return Ok(None);
    }
    if args.first().is_some_and(|l| elem(l).is_some()) {
        sort_checks(args.get(1..).unwrap_or(&[]), kws)?;
    }
    match args {
        [l] | [l, _] | [l, _, _] if elem(l).is_some() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn typed_append(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [Type::ListType(d), item] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    // An untyped list takes its item type from the first append, which may not be optional.
    if !d.is_precise() {
        if let Type::Optional(_) = item.unliteral() {
            return Err(CallError::typing(format!("List.item_type cannot be of type {}", item.unliteral())));
        }
    }
    if !d.is_precise() || cast_ok(item, d) {
        sig(Type::NoneType, args)
    } else {
        Ok(None)
    }
}

fn typed_extend(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [Type::ListType(d), iterable] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match yield_of(iterable) {
        Some(y) if !d.is_precise() || cast_ok(&y, d) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn typed_insert(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [Type::ListType(d), idx, item] = args else { return Ok(None) };
    if !kws.is_empty() || !idx.is_integer() {
        return Ok(None);
    }
    if !d.is_precise() || cast_ok(item, d) {
        sig(Type::NoneType, args)
    } else {
        Ok(None)
    }
}

/// `list()` and `list(iterable)` (`ListBuiltin`).
fn list_ctor(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [] => sig(Type::list(Type::Undefined, false), args),
        [it] => match yield_of(it) {
            Some(y) => sig(Type::list(y, false), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `sorted(iterable, key=None, reverse=False)`: a new list of the iterable's items.
fn sorted(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws_within(kws, &["key", "reverse"]) {
        return Ok(None);
    }
    if args.first().and_then(yield_of).is_some() {
        sort_checks(args.get(1..).unwrap_or(&[]), kws)?;
    }
    match args {
        [it] | [it, _] | [it, _, _] => match yield_of(it) {
            Some(y) => sig(Type::list(y, false), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `AddList`: both reflected lists, unified.
fn add(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a @ Type::List { .. }, b @ Type::List { .. }] => match unify_pairs(a, b) {
            Some(u) => sig(u, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `InplaceAddList`: the right items must convert to the left element type.
fn iadd(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a @ Type::List { dtype: da, .. }, Type::List { dtype: db, .. }] => {
            if numrs_types::can_convert(db, da).is_some() {
                sig(a.clone(), args)
            } else {
                Ok(None)
            }
        }
        _ => Ok(None),
    }
}

/// `MulList`: list times an integer, either side.
fn mul(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a @ Type::List { .. }, b] if b.is_integer() => sig(a.clone(), &[a.clone(), Type::intp()]),
        [a, b @ Type::List { .. }] if a.is_integer() => sig(b.clone(), &[Type::intp(), b.clone()]),
        _ => Ok(None),
    }
}

/// `ListEq` and the ordering overloads: element types must be comparable. A typed list
/// (`numba.typed.List`) compares with anything: another typed list by Numba's
/// `_equals_helper`/`compare_helper` (items with `!=` and `<`), anything else is `False`.
fn compare(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::ListType(a), Type::ListType(b)] => {
            let none = matches!(**a, Type::NoneType) || matches!(**b, Type::NoneType);
            let ok = none
                || (crate::registry::resolve_call("operator.ne", &[(**a).clone(), (**b).clone()], &[])?.is_some()
                    && crate::registry::resolve_call("operator.lt", &[(**a).clone(), (**b).clone()], &[])?.is_some());
            if ok {
                sig(Type::boolean(), args)
            } else {
                Ok(None)
            }
        }
        [Type::ListType(_), _] => sig(Type::boolean(), args),
        [Type::List { dtype: a, .. }, Type::List { dtype: b, .. }] => {
            match crate::registry::resolve_call("operator.eq", &[(**a).clone(), (**b).clone()], &[]) {
                Ok(Some(_)) => sig(Type::boolean(), args),
                _ => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

fn delitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [l, i] if elem(l).is_some() && (i.is_integer() || matches!(i, Type::Slice2 | Type::Slice3)) => {
            sig(Type::NoneType, args)
        }
        _ => Ok(None),
    }
}

/// `numba.typed.List()` / `List(iterable)` in jitted code.
fn typed_list_ctor(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [] => sig(Type::ListType(Type::Undefined.into()), args),
        [it] => match yield_of(it) {
            Some(y) => sig(Type::ListType(y.unliteral().into()), args),
            None => Err(CallError::typing(format!("List() argument must be iterable, got {it}"))),
        },
        _ => Ok(None),
    }
}

/// `List.empty_list(item_type, allocated=DEFAULT_ALLOCATED)`.
fn typed_empty_list(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = crate::templates::numpy::common::bind(args, kws, &["item_type", "allocated"], 1) else { return Ok(None) };
    let Some(item) = &b[0] else { return Ok(None) };
    match super::type_argument(item) {
        Some(t) => sig(Type::ListType(t.into()), args),
        None => Ok(None),
    }
}
