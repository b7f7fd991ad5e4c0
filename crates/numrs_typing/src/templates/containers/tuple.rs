//! Tuples and ranges as sequences: `tuple.index`, ordering comparisons of tuples (Numba's
//! `TupleCompare`) and `x in range(...)` (`rangeobj.impl_contains`).

use numrs_types::Type;

use super::sig;
use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("tuple.index", index),
    ("operator.lt", lt),
    ("operator.le", le),
    ("operator.gt", gt),
    ("operator.ge", ge),
    ("operator.contains", range_contains),
    ("literallist.count", literal_list_count),
    ("literallist.copy", literal_list_copy),
    ("literallist.index", literal_list_index),
];

/// `lst.count(x)` of a `LiteralList` (`literal_list_count`: `==` of each item, unrolled).
fn literal_list_count(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([lst @ Type::LiteralList(_), x], []) => sig(Type::intp(), &[lst.clone(), x.clone()]),
        _ => Ok(None),
    }
}

/// `lst.copy()` of a `LiteralList`: the list itself (it cannot change).
fn literal_list_copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([lst @ Type::LiteralList(_)], []) => sig(lst.clone(), args),
        _ => Ok(None),
    }
}

/// `lst.index(x)` of a `LiteralList`: Numba refuses it.
fn literal_list_index(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args.first() {
        Some(Type::LiteralList(_)) => Err(crate::registry::CallError::typing("list.index is unsupported for literal lists")),
        _ => Ok(None),
    }
}

const METHODS: &[&str] = &["index"];

pub(super) fn has_method(attr: &str) -> bool {
    METHODS.contains(&attr)
}

/// `tup.index(value)` (`tupleobj.tuple_index`): its implementation indexes the tuple with a
/// loop variable, which only a homogeneous tuple supports.
fn index(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([tup @ Type::UniTuple(d, _), value], []) => {
            match crate::registry::resolve_call("operator.eq", &[(**d).clone(), value.clone()], &[])? {
                Some(_) => sig(Type::intp(), &[tup.clone(), value.clone()]),
                None => Ok(None),
            }
        }
        ([tup @ Type::NamedTuple(nt), value], []) => match nt.homogeneous() {
            Some(d) => match crate::registry::resolve_call("operator.eq", &[d.clone(), value.clone()], &[])? {
                Some(_) => sig(Type::intp(), &[tup.clone(), value.clone()]),
                None => Ok(None),
            },
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `TupleCompare`: two tuples compare when each pair of elements (up to the shorter length)
/// does under the same operator.
fn compare(op: &str, args: &[Type]) -> CallResult {
    let [lhs, rhs] = args else { return Ok(None) };
    let (Some(a), Some(b)) = (lhs.tuple_items(), rhs.tuple_items()) else { return Ok(None) };
    for (u, v) in a.iter().zip(b.iter()) {
        if crate::registry::resolve_call(op, &[u.clone(), v.clone()], &[])?.is_none() {
            return Ok(None);
        }
    }
    sig(Type::boolean(), args)
}

fn lt(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    compare("operator.lt", args)
}

fn le(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    compare("operator.le", args)
}

fn gt(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    compare("operator.gt", args)
}

fn ge(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    compare("operator.ge", args)
}

/// `value in range(...)`: numbers are tested, anything else is `False`; always `bool`.
fn range_contains(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::Range(_), _] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}
