//! Attribute typing: array attributes and methods, complex parts, container methods.

use std::sync::Arc;

use numrs_types::{Layout, Type};

/// `typ.attr`, or `None` when unknown ("Unknown attribute").
/// `x.__hash__`: a method of the types Numba gives one with `@overload_method` (numbers,
/// tuples, strings, IntEnum members, datetimes); `None` on arrays, typed lists and typed
/// dicts (their `@overload_attribute`, as unhashable); absent elsewhere.
fn hash_attr(ty: &Type) -> Option<Type> {
    match ty {
        Type::Array(a) if a.buffer.is_none() => Some(Type::NoneType),
        Type::ListType(_) | Type::DictType(_) => Some(Type::NoneType),
        Type::EnumMember(e) if e.int_enum => Some(Type::bound_function("object.__hash__", ty.clone())),
        t if t.is_number() || t.is_string() || t.is_base_tuple() || t.is_datetime_like() || matches!(t, Type::UnicodeCharSeq(_) | Type::CharSeq(_)) => {
            Some(Type::bound_function("object.__hash__", ty.clone()))
        }
        _ => None,
    }
}

pub(crate) fn resolve(ty: &Type, attr: &str) -> Option<Type> {
    // Numba's `OptionalAttribute`: attributes of an optional resolve on the underlying type.
    if let Type::Optional(inner) = ty {
        return resolve(inner, attr);
    }
    if attr == "__hash__" {
        return hash_attr(ty);
    }
    if let Some(t) = super::numpy::resolve_attr(ty, attr) {
        return Some(t);
    }
    if let Some(t) = super::containers::resolve_attr(ty, attr) {
        return Some(t);
    }
    match ty {
        Type::Array(a) => match attr {
            "shape" | "strides" => Some(Type::unituple(Type::intp(), a.ndim)),
            "ndim" => Some(Type::intp()),
            "size" | "itemsize" | "nbytes" => Some(Type::intp()),
            "dtype" => Some(Type::DType(Arc::new(a.dtype.clone()))),
            "flags" => Some(Type::ArrayFlags(a.clone())),
            "ctypes" => Some(Type::ArrayCTypes(a.clone())),
            "flat" => Some(Type::iterator(numrs_types::IteratorKind::Flat(ty.clone()))),
            "T" => {
                let layout = match a.layout {
                    Layout::C => Layout::F,
                    Layout::F => Layout::C,
                    Layout::A => Layout::A,
                };
                Some(a.keep_alignment(Type::array_ro(a.dtype.clone(), a.ndim, if a.ndim <= 1 { a.layout } else { layout }, a.readonly)))
            }
            "real" | "imag" => {
                let dtype = match a.dtype.as_number() {
                    Some(k) if k.is_complex() => Type::Number(k.underlying_float()),
                    _ => a.dtype.clone(),
                };
                Some(Type::array_ro(dtype, a.ndim, if a.dtype.is_complex() { Layout::A } else { a.layout }, a.readonly))
            }
            // Numba's `ArrayAttribute.generic_resolve`: a field of a record array is a view.
            _ => record_field_view(a, attr),
        },
        // Numba's `SliceAttribute`: the slice model's fields (`None` filled in).
        Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_) if matches!(attr, "start" | "stop" | "step") => Some(Type::intp()),
        Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_) if attr == "indices" => Some(Type::bound_function("slice.indices", ty.clone())),
        // `range(...).start` (Numba's `make_range_attr`): the range's integer type.
        Type::Range(k) if matches!(attr, "start" | "stop" | "step") => Some(k.yield_type()),
        // Numba's `RecordAttribute`: a field's value.
        Type::Record(r) => r.field(attr).map(|f| f.ty.clone()),
        // A named tuple's fields.
        Type::NamedTuple(nt) => nt.field(attr).and_then(|i| nt.items.get(i).cloned()),
        // Numba's `EnumClassAttribute` / `EnumAttribute`: members of the class, the value of
        // a member.
        Type::EnumClass(e) => e.member(attr).map(|_| Type::EnumMember(e.clone())),
        Type::EnumMember(e) if attr == "value" => Some(e.dtype.clone()),
        // Numba's `ArrayCTypesAttribute`: the data's address.
        Type::ArrayCTypes(_) if attr == "data" => Some(Type::Number(numrs_types::NumericKind::UInt64)),
        // Numba's `ArrayFlagsAttribute`.
        Type::ArrayFlags(_) => match attr {
            "contiguous" | "c_contiguous" | "f_contiguous" => Some(Type::boolean()),
            _ => None,
        },
        // Numba's `NumberAttribute`/`BooleanAttribute.resolve___class__`.
        t if t.is_number() && attr == "__class__" => Some(Type::NumberClass(Arc::new(t.unliteral()))),
        // Numba's `NumberAttribute`/`BooleanAttribute.resolve_item`: `x.item()` is `x`.
        t if t.is_number() && attr == "item" => Some(Type::bound_function("number.item", t.unliteral())),
        // Numba's `BooleanAttribute` has no `real`, `imag` or `conjugate` (booleans are no
        // `types.Number`).
        t if t.is_boolean() && matches!(attr, "real" | "imag" | "conjugate") => None,
        t if t.is_number() && attr == "conjugate" => Some(Type::bound_function("number.conjugate", t.unliteral())),
        t if t.is_complex() => match attr {
            "real" | "imag" => t.as_number().map(|k| Type::Number(k.underlying_float())),
            _ => None,
        },
        t if t.is_number() => match attr {
            "real" => Some(t.unliteral()),
            "imag" => Some(t.unliteral()),
            _ => None,
        },
        _ => None,
    }
}

/// `a.field` / `a["field"]` of an array of records: a view of the field (`ary.copy(dtype=...,
/// layout='A')`, so an unaligned record array's field views are unaligned too).
pub(crate) fn record_field_view(a: &numrs_types::ArrayType, name: &str) -> Option<Type> {
    let Type::Record(r) = &a.dtype else { return None };
    let f = r.field(name)?;
    Some(Type::Array(Arc::new(match &f.ty {
        // A subarray field: its dimensions after the array's.
        Type::Array(n) if n.nested.is_some() => a.copy_as(n.dtype.clone(), a.ndim + n.ndim, Layout::A),
        t => a.copy_as(t.clone(), a.ndim, Layout::A),
    })))
}
