//! Operators on non-numeric types: tuples, strings, None/Optional, containers, arrays.

use numrs_types::{Signature, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("operator.add", tuple_or_str_add),
    ("operator.is_", identity),
    ("operator.is_not", identity),
    ("operator.eq", eq),
    ("operator.ne", ne),
    ("operator.getitem", getitem),
    ("operator.setitem", setitem),
    ("operator.contains", contains),
    ("operator.not_", not_),
    ("operator.truth", truth),
];

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

fn tuple_or_str_add(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if a.is_tuple() && b.is_tuple() => {
            let mut items = a.tuple_items().unwrap_or_default();
            items.extend(b.tuple_items().unwrap_or_default());
            sig(Type::tuple(items), args)
        }
        [a, b] if a.is_string() && b.is_string() => sig(Type::Unicode, args),
        _ => Ok(None),
    }
}

fn identity(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [_, _] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn eq(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    eq_ne(args, kws, true)
}

fn ne(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    eq_ne(args, kws, false)
}

/// `==`/`!=` on strings and tuples; with `None` (`gen_non_eq`): both `None` is the constant
/// `is_eq`, `None` against an Optional is a runtime check, against anything else the
/// constant `!is_eq`.
fn eq_ne(args: &[Type], _kws: &[(String, Type)], is_eq: bool) -> CallResult {
    match args {
        // Numba's `EnumCompare`: members of one enum.
        [Type::EnumMember(a), Type::EnumMember(b)] if a == b => sig(Type::boolean(), args),
        // Numba's `charseq_eq`/`charseq_ne`: an item of a bytes array against another or bytes.
        [a, b] if matches!(a, Type::CharSeq(_)) && is_bytes_like(b) || matches!(b, Type::CharSeq(_)) && is_bytes_like(a) => sig(Type::boolean(), args),
        // Numba's `DtypeEq` (`==` only): whether the dtypes are the same, known statically.
        [Type::DType(_), Type::DType(_)] if is_eq => sig(Type::boolean(), args),
        [a, b] if a.is_string() && b.is_string() => sig(Type::boolean(), args),
        [a, b] if a.is_base_tuple() && b.is_base_tuple() => sig(Type::boolean(), args),
        [Type::NoneType, Type::NoneType] => sig(Type::BooleanLiteral(is_eq), args),
        [Type::NoneType, Type::Optional(_)] | [Type::Optional(_), Type::NoneType] => sig(Type::boolean(), args),
        [Type::NoneType, _] | [_, Type::NoneType] => sig(Type::BooleanLiteral(!is_eq), args),
        // Numba's `unicode_eq`/`unicode_ne`: a string against a value of another kind (an
        // array, a tuple, a list) is never equal.
        [a, b] if is_unicode_like(a) != is_unicode_like(b) && [a, b].iter().any(|t| matches!(t.unliteral(), Type::Array(_) | Type::List { .. } | Type::ListType(_)) || t.is_base_tuple()) => {
            sig(Type::BooleanLiteral(!is_eq), args)
        }
        // Numba's `CmpOpEqArray`: `==` of two arrays of one type whose items NumPy's ufuncs do
        // not compare (`<U1` arrays): an array of booleans of that type's layout.
        [Type::Array(a), Type::Array(b)] if is_eq && a == b && a.dtype.as_number().is_none() && a.buffer.is_none() => {
            sig(Type::Array(std::sync::Arc::new(a.copy_as(Type::boolean(), a.ndim, a.layout))), args)
        }
        _ => Ok(None),
    }
}

/// The string types Numba's `unicode_eq` takes (an optional one unpacked).
fn is_unicode_like(t: &Type) -> bool {
    match t {
        Type::Optional(inner) => is_unicode_like(inner),
        t => t.is_string() || matches!(t, Type::UnicodeCharSeq(_)),
    }
}

/// Numba's `UnaryNot` (numbers), `unicode_not` and `charseq_not` (strings, `bytes`), with
/// `None` and optionals of those: a tuple, list, dict, array, range or jitclass instance has no
/// `not` (though `if x:` and `bool(x)` take them).
/// `operator.truth(x)` (Numba's `ol_truth`): of a boolean only.
fn truth(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [t] if t.is_boolean() => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn not_(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    fn has_not(t: &Type) -> bool {
        match t {
            Type::NoneType => true,
            Type::Optional(inner) => has_not(inner),
            Type::Unicode | Type::StringLiteral(_) | Type::UnicodeCharSeq(_) => true,
            Type::Array(a) => a.buffer == Some(numrs_types::BufferKind::Bytes),
            t => t.is_number() || t.as_number().is_some(),
        }
    }
    match args {
        [t] if has_not(t) => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn contains(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [container, item] => match container {
            Type::ListType(_) if !super::containers::list_item_ok(container, item) => Ok(None),
            Type::List { .. } | Type::ListType(_) | Type::Set { .. } | Type::Array(_) => {
                sig(Type::boolean(), args)
            }
            // Numba's `Contains`: a `Sequence` (a tuple of one item type; a heterogeneous
            // tuple has no `in`).
            Type::UniTuple(..) => sig(Type::boolean(), args),
            // `literal_list_contains` / `literalstrkeydict_impl_contains`: each item (key)
            // compared with `==`.
            Type::LiteralList(_) | Type::LiteralStrKeyDict(_) => sig(Type::boolean(), args),
            Type::NamedTuple(nt) if nt.homogeneous().is_some() => sig(Type::boolean(), args),
            // Numba's `unicode_contains`: a string in a string.
            Type::Unicode | Type::StringLiteral(_) if item.is_string() => sig(Type::boolean(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// The field of record `r` a constant index names (Numba's `StaticGetItemLiteralRecord`): a
/// name, or a position.
fn record_field<'r>(r: &'r numrs_types::RecordType, index: &Type) -> Result<Option<&'r numrs_types::RecordField>, CallError> {
    let names = || {
        let names: Vec<String> = r.fields.iter().map(|f| format!("'{}'", f.name)).collect();
        if names.len() == 1 {
            format!("({},)", names[0])
        } else {
            format!("({})", names.join(", "))
        }
    };
    match index {
        Type::StringLiteral(name) => match r.field(name) {
            Some(f) => Ok(Some(f)),
            None => Err(CallError::typing(format!("Field '{name}' was not found in record with fields {}", names()))),
        },
        // Numba's `StaticGetItemLiteralRecord`: `list(record.fields)[i]`, so a negative index
        // counts from the end (and one below `-len` is Python's IndexError).
        Type::IntegerLiteral(i) if *i < 0 => match usize::try_from(r.fields.len() as i128 + *i).ok().and_then(|i| r.fields.get(i)) {
            Some(f) => Ok(Some(f)),
            None => Err(CallError { kind: "IndexError", message: "list index out of range".into() }),
        },
        Type::IntegerLiteral(i) => match usize::try_from(*i).ok().and_then(|i| r.fields.get(i)) {
            Some(f) => Ok(Some(f)),
            None => Err(CallError::typing(format!("Requested index {i} is out of range"))),
        },
        _ => Ok(None),
    }
}

fn getitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [container, index] = args else { return Ok(None) };
    match container {
        Type::Record(r) => match record_field(r, index)? {
            Some(f) => sig(f.ty.clone(), args),
            None => Ok(None),
        },
        // Arrays: `numpy::index` (Numba's `get_array_index_type`).
        Type::List { dtype, .. } | Type::ListType(dtype) => match index {
            t if t.is_integer() => sig((**dtype).clone(), args),
            Type::Slice2 | Type::Slice3 => sig(container.clone(), args),
            _ => Ok(None),
        },
        Type::UniTuple(d, _) if index.is_integer() => sig((**d).clone(), args),
        // Numba's `getitem_literal_idx`: a literal index of any tuple is `tup[idx_val]`.
        t if t.is_base_tuple() && matches!(index, Type::IntegerLiteral(_)) => {
            let (Some(items), Type::IntegerLiteral(k)) = (t.tuple_items(), index) else { return Ok(None) };
            let n = items.len() as i128;
            let k = if *k < 0 { *k + n } else { *k };
            match usize::try_from(k).ok().and_then(|k| items.get(k)) {
                Some(item) => sig(item.clone(), args),
                None => Ok(None),
            }
        }
        // A `NamedUniTuple` indexes as a `UniTuple` does.
        Type::NamedTuple(nt) if index.is_integer() && nt.homogeneous().is_some() => sig(nt.homogeneous().cloned().unwrap_or(Type::Undefined), args),
        // `a.flat[i]`.
        Type::Iterator(k) if index.is_integer() => match &**k {
            numrs_types::IteratorKind::Flat(Type::Array(a)) => sig(a.dtype.clone(), args),
            _ => Ok(None),
        },
        // Numba's `GetItemCPointer`: `p[i]` reads the i-th value.
        Type::CPointer(dtype) if index.is_integer() => sig((**dtype).clone(), args),
        Type::Unicode | Type::StringLiteral(_) => match index {
            t if t.is_integer() => sig(Type::Unicode, args),
            Type::Slice2 | Type::Slice3 => sig(Type::Unicode, args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

fn setitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [container, index, value] = args else { return Ok(None) };
    // Numba's `StaticSetItemLiteralRecord`: the value must convert to the field's type.
    if let Type::Record(r) = container {
        return match record_field(r, index)? {
            Some(f) if numrs_types::can_convert(value, &f.ty).is_some() => sig(Type::NoneType, args),
            _ => Ok(None),
        };
    }
    // `a.flat[i] = v`: of a read-only array too (Numba's flat iterator does not check, and
    // writes into it).
    if let Type::Iterator(k) = container {
        if let (numrs_types::IteratorKind::Flat(Type::Array(a)), true) = (&**k, index.is_integer()) {
            let ok = numrs_types::can_convert(value, &a.dtype).is_some();
            return if ok { sig(Type::NoneType, args) } else { Ok(None) };
        }
    }
    match container {
        // Numba's `SetItemCPointer`: `p[i] = v` stores `v` as the pointee type.
        Type::CPointer(dtype) if index.is_integer() && numrs_types::can_convert(value, dtype).is_some() => sig(Type::NoneType, args),
        // Arrays: `numpy::index` (Numba's `SetItemBuffer`).
        Type::List { dtype, .. } | Type::ListType(dtype) => {
            // A typed list casts with `_sentry_safe_cast`; a reflected list converts.
            let converts = match container {
                Type::ListType(_) => super::containers::cast_ok(value, dtype),
                _ => numrs_types::can_convert(value, dtype).is_some(),
            };
            if index.is_integer() && converts {
                sig(Type::NoneType, args)
            } else if matches!(index, Type::Slice2 | Type::Slice3) {
                sig(Type::NoneType, args)
            } else {
                Ok(None)
            }
        }
        _ => Ok(None),
    }
}

/// Numba's `_is_bytes`: an item of a bytes array (`CharSeq`) or `bytes`.
fn is_bytes_like(t: &Type) -> bool {
    match t {
        Type::CharSeq(_) => true,
        Type::Array(a) => a.buffer == Some(numrs_types::BufferKind::Bytes),
        _ => false,
    }
}
