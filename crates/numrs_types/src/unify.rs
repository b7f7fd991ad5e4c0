//! Unification: Numba's `BaseContext.unify_pairs` and `unify_types`.

use crate::{can_convert, ArrayType, Conversion, Type};
use std::sync::Arc;

/// Unify two types into one both convert to, or `None` ("Cannot unify a and b").
pub fn unify_pairs(first: &Type, second: &Type) -> Option<Type> {
    if first == second {
        return Some(first.clone());
    }
    if *first == Type::Undefined {
        return Some(second.clone());
    }
    if *second == Type::Undefined {
        return Some(first.clone());
    }
    // Numba's `DeferredType.unify`: the type it is defined as.
    if let Type::Deferred(d) = first {
        return unify_pairs(d.get()?, second);
    }
    if let Type::Deferred(d) = second {
        return unify_pairs(first, d.get()?);
    }
    if let Some(t) = special_unify(first, second) {
        return Some(t);
    }
    if let Some(t) = special_unify(second, first) {
        return Some(t);
    }
    if can_convert(first, second).is_some_and(|c| c <= Conversion::Safe) {
        return Some(second.clone());
    }
    if can_convert(second, first).is_some_and(|c| c <= Conversion::Safe) {
        return Some(first.clone());
    }
    if first.is_literal() || second.is_literal() {
        let (a, b) = (first.unliteral(), second.unliteral());
        if a != *first || b != *second {
            return unify_pairs(&a, &b);
        }
    }
    None
}

/// Numba's `unify_types`: fold `unify_pairs` over a list, in Numba's order
/// (sorted so that unification is order-independent for numbers).
pub fn unify_many(types: &[Type]) -> Option<Type> {
    let mut sorted: Vec<&Type> = types.iter().collect();
    sorted.sort_by_key(|t| bitwidth_key(t));
    let mut iter = sorted.into_iter();
    let mut acc = iter.next()?.clone();
    for t in iter {
        acc = unify_pairs(&acc, t)?;
    }
    Some(acc)
}

/// The `Type.unify` hooks of Numba's type classes.
fn special_unify(this: &Type, other: &Type) -> Option<Type> {
    // `LiteralStrKeyDict.unify`: the same keys in the same order, each value unified.
    if let (Type::LiteralStrKeyDict(a), Type::LiteralStrKeyDict(b)) = (this, other) {
        if a.len() != b.len() || a.iter().zip(b.iter()).any(|((k1, _), (k2, _))| k1 != k2) {
            return None;
        }
        let items = a.iter().zip(b.iter()).map(|((k, v1), (_, v2))| Some((k.clone(), unify_pairs(v1, v2)?))).collect::<Option<Vec<_>>>()?;
        return Some(Type::LiteralStrKeyDict(Arc::new(items)));
    }
    // `Number.unify`: NumPy's type promotion (booleans are not numbers in Numba).
    if let (Some(a), Some(b)) = (number_kind(this), number_kind(other)) {
        return crate::conversion_table::NUMBER_UNIFY[a as usize][b as usize].map(Type::Number);
    }
    // First-class functions (Numba's `Dispatcher.unify` and `FunctionType.unify`): different
    // functions meet as an undefined function type; a function type takes them in.
    let is_function = |t: &Type| matches!(t, Type::MakeFunction(..) | Type::Dispatcher(_) | Type::UndefinedFunction(_));
    match (this, other) {
        (Type::FunctionType(_), o) if is_function(o) => return Some(this.clone()),
        (a, b) if is_function(a) && is_function(b) => {
            let members = |t: &Type| match t {
                Type::UndefinedFunction(ms) => ms.to_vec(),
                t => vec![t.clone()],
            };
            let mut all = members(a);
            for m in members(b) {
                if !all.contains(&m) {
                    all.push(m);
                }
            }
            return Some(Type::UndefinedFunction(Arc::new(all)));
        }
        _ => {}
    }
    // `RangeType.unify`: the range of the unified item types (`range(np.int32(3))` and
    // `range(5)` meet as `range_state_int64`).
    if let (Type::Range(a), Type::Range(b)) = (this, other) {
        return match unify_pairs(&a.yield_type(), &b.yield_type())?.as_number()? {
            crate::NumericKind::Int32 => Some(Type::Range(crate::RangeKind::Int32)),
            crate::NumericKind::Int64 => Some(Type::Range(crate::RangeKind::Int64)),
            crate::NumericKind::UInt64 => Some(Type::Range(crate::RangeKind::UInt64)),
            _ => None,
        };
    }
    match this {
        Type::Optional(inner) => {
            let unified = match other {
                Type::Optional(o) => unify_pairs(inner, o)?,
                _ => unify_pairs(inner, other)?,
            };
            Some(Type::optional(unified))
        }
        Type::NoneType => match other {
            Type::Optional(_) | Type::NoneType => Some(other.clone()),
            _ => Some(Type::optional(other.clone())),
        },
        Type::UniTuple(d, n) => match other {
            Type::UniTuple(od, on) if on == n => Some(Type::UniTuple(Arc::new(unify_pairs(d, od)?), *n)),
            _ => tuple_unify(this, other),
        },
        Type::Tuple(_) => tuple_unify(this, other),
        Type::List { dtype, reflected, initial } => match other {
            Type::List { dtype: od, reflected: or, initial: oi } => {
                // Numba's List.unify keeps an initial value only when both sides have one.
                let keep = if initial.is_some() && oi.is_some() { initial.clone() } else { None };
                Some(Type::list_with_initial(unify_pairs(dtype, od)?, *reflected || *or, keep))
            }
            _ => None,
        },
        Type::Set { dtype, reflected } => match other {
            Type::Set { dtype: od, reflected: or } => Some(Type::set(unify_pairs(dtype, od)?, *reflected || *or)),
            _ => None,
        },
        Type::BoundFunction(b) => match other {
            Type::BoundFunction(o) if o.0 == b.0 => Some(Type::bound_function(&b.0, unify_pairs(&b.1, &o.1)?)),
            _ => None,
        },
        Type::ListType(_) => match other {
            Type::ListType(o) if !o.is_precise() => Some(this.clone()),
            _ => None,
        },
        Type::DictType(this_kv) => match other {
            Type::DictType(kv) if !(kv.0.is_precise() && kv.1.is_precise()) => Some(this.clone()),
            // `DictType.unify`: the same key and value types keep an initial value both have.
            Type::DictType(kv) if kv.0 == this_kv.0 && kv.1 == this_kv.1 => {
                let iv = if kv.2 == this_kv.2 { kv.2.clone() } else { None };
                Some(Type::dict_with_initial(kv.0.clone(), kv.1.clone(), iv))
            }
            _ => None,
        },
        Type::Array(a) => {
            let b = other.as_array()?;
            if b.ndim != a.ndim || !(b.dtype == a.dtype || !b.dtype.is_precise()) || a.buffer != b.buffer {
                return None;
            }
            let layout = if a.layout == b.layout { a.layout } else { crate::Layout::A };
            Some(Type::Array(Arc::new(ArrayType {
                dtype: a.dtype.clone(),
                ndim: a.ndim,
                layout,
                readonly: a.readonly || b.readonly,
                aligned: a.aligned && b.aligned,
                nested: if a.nested == b.nested { a.nested.clone() } else { None },
                buffer: a.buffer,
            })))
        }
        _ => None,
    }
}

/// `BaseTuple.unify` (heterogeneous form): element-wise, when lengths match.
fn tuple_unify(this: &Type, other: &Type) -> Option<Type> {
    // Named tuples unify with nothing but their own type.
    if matches!(other, Type::NamedTuple(_)) {
        return None;
    }
    let a = this.tuple_items()?;
    let b = other.tuple_items()?;
    if a.len() != b.len() {
        return None;
    }
    let unified = a.iter().zip(b.iter()).map(|(x, y)| unify_pairs(x, y)).collect::<Option<Vec<_>>>()?;
    Some(Type::tuple(unified))
}

/// Numba sorts by `getattr(obj, 'bitwidth', 0)` before folding (stable sort).
fn bitwidth_key(t: &Type) -> u32 {
    match t {
        Type::Number(k) if *k != crate::NumericKind::Boolean => k.bitwidth(),
        Type::IntegerLiteral(_) => 64,
        _ => 0,
    }
}

/// The kind of a Numba `Number` (integer, float, complex, including integer literals).
fn number_kind(t: &Type) -> Option<crate::NumericKind> {
    match t {
        Type::Number(k) if *k != crate::NumericKind::Boolean => Some(*k),
        Type::IntegerLiteral(_) => t.as_number(),
        _ => None,
    }
}
