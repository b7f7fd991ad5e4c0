//! Containers and strings: reflected lists and sets, typed `List`/`Dict`, dict literals,
//! `str` methods and operators.
//!
//! Method calls are keyed `list.<m>` (reflected lists), `typedlist.<m>` (`ListType`),
//! `dict.<m>` (`DictType`), `set.<m>` and `str.<m>`; the receiver is the first argument.
//! Methods that can change the receiver's element type (Numba's `sig.recvr`) are mirrored by
//! [`refine_receiver`].

mod dict;
mod list;
mod set;
mod string;
pub use string::keyword_params as string_keyword_params;
mod tuple;

use numrs_types::{can_convert, Conversion, Signature, Type};

pub use dict::make_dict_type;
pub(crate) use list::item_ok as list_item_ok;

use crate::registry::{AbstractFn, CallResult};

/// Abstract templates for container/string methods (`list.append`, `str.split`, ...) and
/// operators on them.
pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[];

/// Every container template, in registration order.
pub(super) fn templates() -> Vec<(&'static str, AbstractFn)> {
    let mut out: Vec<(&'static str, AbstractFn)> = TEMPLATES.to_vec();
    out.extend(list::TEMPLATES.iter().copied());
    out.extend(dict::TEMPLATES.iter().copied());
    out.extend(set::TEMPLATES.iter().copied());
    out.extend(string::templates());
    out.extend(tuple::TEMPLATES.iter().copied());
    out
}

/// Attributes and methods of list, set, dict and string types.
pub(super) fn resolve_attr(ty: &Type, attr: &str) -> Option<Type> {
    let prefix = match ty {
        Type::List { .. } => list::has_method(attr).then_some("list"),
        Type::ListType(_) => list::has_typed_method(attr).then_some("typedlist"),
        Type::DictType(_) => dict::has_method(attr).then_some("dict"),
        Type::LiteralStrKeyDict(_) => dict::has_literal_method(attr).then_some("literaldict"),
        Type::Set { .. } => set::has_method(attr).then_some("set"),
        Type::Unicode | Type::StringLiteral(_) => {
            return string::has_method(attr).then(|| Type::bound_function(&format!("str.{attr}"), Type::Unicode))
        }
        Type::UniTuple(..) | Type::Tuple(_) => tuple::has_method(attr).then_some("tuple"),
        Type::LiteralList(_) => matches!(attr, "count" | "copy" | "index").then_some("literallist"),
        Type::NamedTuple(nt) if nt.field(attr).is_none() => tuple::has_method(attr).then_some("tuple"),
        Type::Function(key) => return typed_class_attr(key, attr),
        _ => None,
    }?;
    // Methods Numba implements with `@overload_method` (copy, count, index, remove, reverse,
    // sort) are resolved on the unliteral list, which drops its initial value; the
    // `@bound_function` ones (append, clear, extend, insert, pop) keep the receiver as is.
    let receiver = match ty {
        Type::List { .. } if matches!(attr, "copy" | "count" | "index" | "remove" | "reverse" | "sort") => ty.unliteral(),
        // Every dict method is an `@overload_method`: a display's initial value is dropped.
        Type::DictType(_) => ty.unliteral(),
        // So are the tuple methods (`index`, `count`): `t = (1, 2, 3); t.index(2)` makes `t` a
        // `UniTuple(int64 x 3)`.
        Type::UniTuple(..) | Type::Tuple(_) => ty.unliteral(),
        _ => ty.clone(),
    };
    Some(Type::bound_function(&format!("{prefix}.{attr}"), receiver))
}

/// `List.empty_list`, `Dict.empty` on the `numba.typed` classes.
fn typed_class_attr(key: &str, attr: &str) -> Option<Type> {
    match (key, attr) {
        ("numba.typed.List", "empty_list") => Some(Type::function("numba.typed.List.empty_list")),
        ("numba.typed.Dict", "empty") => Some(Type::function("numba.typed.Dict.empty")),
        _ => None,
    }
}

/// Attributes of the `numba.typed` module.
pub(crate) fn typed_module_attr(attr: &str) -> Option<Type> {
    match attr {
        "List" => Some(Type::function("numba.typed.List")),
        "Dict" => Some(Type::function("numba.typed.Dict")),
        _ => None,
    }
}

/// `numba.core.types` attributes bound to number types (`typeof` gives `class(int64)`), by
/// alias, as listed by `dir(numba.core.types)` in 0.68.1.
const TYPES_NUMBER_ALIASES: &[(&str, &str)] = &[
    ("b1", "bool"), ("bool", "bool"), ("bool_", "bool"), ("boolean", "bool"), ("byte", "uint8"),
    ("c16", "complex128"), ("c8", "complex64"), ("c_bool", "bool"), ("c_float32", "float32"),
    ("c_float64", "float64"), ("c_int16", "int16"), ("c_int32", "int32"), ("c_int64", "int64"), ("c_int8", "int8"),
    ("c_intp", "int64"), ("c_uint16", "uint16"), ("c_uint32", "uint32"), ("c_uint64", "uint64"), ("c_uint8", "uint8"),
    ("c_uintp", "uint64"), ("char", "int8"), ("double", "float64"), ("f4", "float32"), ("f8", "float64"),
    ("i1", "int8"), ("i2", "int16"), ("i4", "int32"), ("i8", "int64"), ("int_", "int64"), ("intc", "int32"),
    ("intp", "int64"), ("long_", "int64"), ("longlong", "int64"), ("py_bool", "bool"), ("py_complex", "complex128"),
    ("py_float", "float64"), ("py_int", "int64"), ("short", "int16"), ("size_t", "uint64"), ("ssize_t", "int64"),
    ("u1", "uint8"), ("u2", "uint16"), ("u4", "uint32"), ("u8", "uint64"), ("uchar", "uint8"), ("uint", "uint64"),
    ("uintc", "uint32"), ("uintp", "uint64"), ("ulong", "uint64"), ("ulonglong", "uint64"), ("ushort", "uint16"),
];

/// Attributes of `numba.types` / `numba.core.types` used as values in jitted code (the
/// `key_type=types.int64` of `Dict.empty`, `List.empty_list(types.float64)`).
///
/// Numbers are `class(<number>)` and other types `typeref[<type>]` (`typeof` of a Numba type,
/// `_typeof_nb_type`): `types.unicode_type` is `typeref[unicode_type]`.
pub(crate) fn types_module_attr(attr: &str) -> Option<Type> {
    let wrap = |t: Type| Some(Type::NumberClass(std::sync::Arc::new(t)));
    if let Some(k) = numrs_types::NumericKind::from_name(attr) {
        return wrap(Type::Number(k));
    }
    if let Some((_, name)) = TYPES_NUMBER_ALIASES.iter().find(|(a, _)| *a == attr) {
        return wrap(Type::Number(numrs_types::NumericKind::from_name(name)?));
    }
    match attr {
        "unicode_type" | "string" => Some(Type::TypeRef(std::sync::Arc::new(Type::Unicode))),
        _ => None,
    }
}

/// The type a type-valued argument stands for (`key_type=types.int64`: `class(int64)`;
/// `value_type=float_array`: `typeref[array(float64, 1d, A)]`). Numba takes any Numba type
/// there; an array type also comes as itself (`value_type=types.float64[:]` in jitted code
/// is typed `array(float64, 1d, A)`).
pub(super) fn type_argument(t: &Type) -> Option<Type> {
    match t {
        Type::NumberClass(t) | Type::TypeRef(t) => Some((**t).clone()),
        Type::Array(_) => Some(t.clone()),
        // A tuple value stands for its own type (`key_type=(1, 1)`: Numba's `new_dict` takes
        // any type instance; the container's type drops the literals).
        t if t.is_base_tuple() && !t.tuple_items().is_some_and(|i| i.is_empty()) => Some(t.unliteral()),
        _ => None,
    }
}

/// The receiver type a method call refines its receiver to (Numba's `signature.recvr`,
/// unified with the receiver as `CallConstraint` does), or `None` when the receiver keeps
/// its type. `args` are the call's arguments without the receiver; for `operator.setitem`
/// the receiver is the container and `args` are `[index, value]`.
pub fn refine_receiver(key: &str, receiver: &Type, args: &[Type]) -> Option<Type> {
    let recvr = match key {
        "list.append" | "list.extend" | "list.insert" => list::refined(key, receiver, args)?,
        "typedlist.append" | "typedlist.extend" | "typedlist.insert" => list::refined_typed(key, receiver, args)?,
        "set.add" | "set.update" => set::refined(key, receiver, args)?,
        "operator.setitem" => dict::refined(receiver, args)?,
        _ => return None,
    };
    if recvr == *receiver {
        return None;
    }
    let unified = numrs_types::unify_pairs(&recvr, receiver).unwrap_or(recvr);
    (unified.is_precise() && unified != *receiver).then_some(unified)
}

pub(super) fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

/// What iterating a value yields (`iterable.iterator_type.yield_type`), if iterable.
pub(super) fn yield_of(t: &Type) -> Option<Type> {
    match t {
        Type::Tuple(_) => None,
        _ => t.iterator_type()?.yield_type(),
    }
}

/// Numba's `types.Hashable` for the types numrs models.
pub(super) fn is_hashable(t: &Type) -> bool {
    match t {
        Type::Number(_)
        | Type::IntegerLiteral(_)
        | Type::BooleanLiteral(_)
        | Type::StringLiteral(_)
        | Type::Unicode
        | Type::NoneType => true,
        Type::UniTuple(d, _) => is_hashable(d),
        Type::Tuple(items) => items.iter().all(is_hashable),
        Type::NamedTuple(nt) => nt.items.iter().all(is_hashable),
        _ => false,
    }
}

/// Numba's `typedobjectutils._cast(val, ty)` as used by typed containers: a conversion must
/// exist, and an unsafe one must not change the numeric domain (`_sentry_safe_cast`).
pub(super) fn cast_ok(from: &Type, to: &Type) -> bool {
    let (f, t) = (from.unliteral(), to.unliteral());
    let Some(by) = can_convert(from, to).or_else(|| can_convert(&f, &t)) else { return false };
    if by <= Conversion::Safe {
        return true;
    }
    let (fk, tk) = (f.as_number(), t.as_number());
    match (fk, tk) {
        (Some(a), Some(b)) => {
            (a.is_integer() && b.is_integer())
                || (a.is_integer() && b.is_float())
                || (a.is_float() && b.is_float())
                || (a.is_complex() && b.is_complex())
        }
        (_, None) => true,
        _ => false,
    }
}

/// Whether a keyword argument list only names parameters in `allowed`.
pub(super) fn kws_within(kws: &[(String, Type)], allowed: &[&str]) -> bool {
    kws.iter().all(|(k, _)| allowed.contains(&k.as_str()))
}
