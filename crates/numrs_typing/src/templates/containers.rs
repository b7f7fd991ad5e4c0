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

use numrs_types::{can_convert, Conversion, Signature, Type};

pub use dict::make_dict_type;

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
    out
}

/// Attributes and methods of list, set, dict and string types.
pub(super) fn resolve_attr(ty: &Type, attr: &str) -> Option<Type> {
    let prefix = match ty {
        Type::List { .. } => list::has_method(attr).then_some("list"),
        Type::ListType(_) => list::has_typed_method(attr).then_some("typedlist"),
        Type::DictType(_) => dict::has_method(attr).then_some("dict"),
        Type::Set { .. } => set::has_method(attr).then_some("set"),
        Type::Unicode | Type::StringLiteral(_) => {
            return string::has_method(attr).then(|| Type::bound_function(&format!("str.{attr}"), Type::Unicode))
        }
        Type::Function(key) => return typed_class_attr(key, attr),
        _ => None,
    }?;
    Some(Type::bound_function(&format!("{prefix}.{attr}"), ty.clone()))
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

/// The receiver type a method call refines its receiver to (Numba's `signature.recvr`,
/// unified with the receiver as `CallConstraint` does), or `None` when the receiver keeps
/// its type. `args` are the call's arguments without the receiver; for `operator.setitem`
/// the receiver is the container and `args` are `[index, value]`.
pub fn refine_receiver(key: &str, receiver: &Type, args: &[Type]) -> Option<Type> {
    let recvr = match key {
        "list.append" | "list.extend" | "list.insert" => list::refined(key, receiver, args)?,
        "typedlist.append" | "typedlist.extend" | "typedlist.insert" => list::refined_typed(key, receiver, args)?,
        "set.add" | "set.update" => set::refined(key, receiver, args)?,
        "operator.setitem" | "dict.setdefault" => dict::refined(receiver, args)?,
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
