//! Helpers shared by the NumPy templates: argument binding against a Python signature, and
//! Numba's `parse_dtype` / `parse_shape`.

use numrs_types::{Signature, Type};

use super::tables::tables;
use crate::registry::CallResult;

/// Bind positional and keyword arguments to `params` (Python's call binding, no `*args`).
/// `None` when an argument is unexpected, duplicated, or a required one is missing.
pub(crate) fn bind(args: &[Type], kws: &[(String, Type)], params: &[&str], required: usize) -> Option<Vec<Option<Type>>> {
    if args.len() > params.len() {
        return None;
    }
    let mut out: Vec<Option<Type>> = vec![None; params.len()];
    for (slot, a) in out.iter_mut().zip(args) {
        *slot = Some(a.clone());
    }
    for (k, v) in kws {
        let i = params.iter().position(|p| p == k)?;
        if out[i].is_some() {
            return None;
        }
        out[i] = Some(v.clone());
    }
    if out.iter().take(required).any(Option::is_none) {
        return None;
    }
    Some(out)
}

/// Numba's `is_nonelike`: absent, `None`, or an omitted `None` default.
pub(crate) fn is_nonelike(t: Option<&Type>) -> bool {
    match t {
        None | Some(Type::NoneType) => true,
        Some(Type::Omitted(d)) => &**d == "None",
        _ => false,
    }
}

/// Numba's `npydecl.parse_dtype`: a NumPy scalar class, a `dtype(...)` object, or a string
/// literal naming a dtype.
pub(crate) fn parse_dtype(t: &Type) -> Option<Type> {
    match t {
        Type::NumberClass(inner) | Type::DType(inner) => Some((**inner).clone()),
        // A Numba record type used as a dtype (`numba.from_dtype(...)`).
        Type::TypeRef(inner) if matches!(**inner, Type::Record(_)) => Some((**inner).clone()),
        Type::StringLiteral(s) => tables().dtype_strings.get(&**s).map(|k| Type::Number(*k)).or_else(|| numrs_types::datetime_dtype(s)).or_else(|| unicode_dtype(s)),
        _ => None,
    }
}

/// A NumPy unicode dtype string (`"<U3"`, `"U3"`): Numba's `[unichr x 3]`.
fn unicode_dtype(s: &str) -> Option<Type> {
    let n = s.strip_prefix(['<', '=']).unwrap_or(s).strip_prefix('U')?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse::<u32>().ok().filter(|n| *n > 0).map(Type::UnicodeCharSeq)
}

/// Numba's `npydecl.parse_shape`: the number of dimensions of an integer or tuple of integers.
pub(crate) fn parse_shape(t: &Type) -> Option<u32> {
    if t.is_integer() {
        return Some(1);
    }
    // Anonymous tuples only: a named tuple is no shape in Numba.
    if !t.is_tuple() {
        return None;
    }
    let items = t.tuple_items()?;
    items.iter().all(Type::is_integer).then_some(items.len() as u32)
}

pub(crate) fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}
