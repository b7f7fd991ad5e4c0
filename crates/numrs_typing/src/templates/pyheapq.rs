//! Python's `heapq` module in nopython code (Numba's `cpython/heapq.py`): heaps are lists
//! (reflected or typed) of items ordered by `<`; complex items are refused, and an item pushed
//! must have the list's item type (Numba compares the types after dropping literal values).

use numrs_types::Type;

use super::numpy::common::sig;
use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("heapq.heapify", heapify),
    ("heapq.heappop", heappop),
    ("heapq.heappush", heappush),
    ("heapq.heapreplace", heapreplace),
    ("heapq.heappushpop", heapreplace),
    ("heapq.nsmallest", nselect),
    ("heapq.nlargest", nselect),
];

/// Whether `heapq.<attr>` is a function numrs types.
pub(crate) fn has_function(attr: &str) -> bool {
    TEMPLATES.iter().any(|(k, _)| k.strip_prefix("heapq.") == Some(attr))
}

/// The item type of a heap argument (Numba's `assert_heap_type`).
fn heap_item(t: &Type) -> Option<Type> {
    let dtype = match t {
        Type::List { dtype, .. } | Type::ListType(dtype) => (**dtype).clone(),
        _ => return None,
    };
    (!dtype.is_complex() && dtype.is_precise()).then_some(dtype)
}

fn heapify(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([h], true) if heap_item(h).is_some() => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn heappop(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([h], true) => match heap_item(h) {
            Some(item) => sig(item, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `heappush(heap, item)`: the item's type must be the heap's item type.
fn heappush(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([h, x], true) if heap_item(h).is_some_and(|d| d == x.unliteral()) => sig(Type::NoneType, &[h.clone(), x.unliteral()]),
        _ => Ok(None),
    }
}

/// `heapreplace(heap, item)` and `heappushpop(heap, item)`: the item returned.
fn heapreplace(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([h, x], true) => match heap_item(h) {
            Some(d) if d == x.unliteral() => sig(d, &[h.clone(), x.unliteral()]),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `nsmallest(n, iterable)` / `nlargest(n, iterable)`: a list of the iterable's items.
fn nselect(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let ([n, it], true) = (args, kws.is_empty()) else { return Ok(None) };
    let int = n.is_integer() || matches!(n, Type::IntegerLiteral(_) | Type::BooleanLiteral(_)) || n.unliteral() == Type::boolean();
    if !int {
        return Ok(None);
    }
    let item = match it {
        Type::List { dtype, .. } | Type::ListType(dtype) => (**dtype).clone(),
        Type::Array(a) if a.ndim == 1 => a.dtype.clone(),
        Type::Array(a) => Type::array(a.dtype.clone(), a.ndim - 1, numrs_types::Layout::A),
        Type::UniTuple(d, _) => (**d).clone(),
        _ => return Ok(None),
    };
    sig(Type::list(item, false), args)
}
