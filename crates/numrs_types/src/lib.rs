//! Numba's type lattice.
//!
//! [`Type`] is a cheap-to-clone value whose `Display` is byte-for-byte Numba's `str(type)`.
//! [`can_convert`] and [`unify_pairs`] reproduce `numba.core.typing.context.BaseContext`'s rules,
//! driven by the numeric conversion table generated from Numba itself.

mod conversion;
mod conversion_table;
mod datetime;
mod display;
mod gufunc;
mod parse;
mod ty;
mod unify;

pub use conversion::{can_convert, typed_store_error, Conversion, Rating};
pub use datetime::*;
pub use display::{numba_repr, tuple_repr};
pub use gufunc::{parse_gufunc_layout, GufuncLayout};
pub use parse::{enum_member_repr, omitted_value_type, parse_type, PyRepr};
pub use ty::*;
pub use unify::{unify_many, unify_pairs};

/// A Python tuple of integers as Python prints it: `(3,)`, `(2, 2)`.
pub fn python_int_tuple(items: &[u32]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
    }
}
