//! Numeric conversion kinds, generated from Numba 0.68.1's type manager by
//! `scripts/gen_conversion_table.py`. Do not edit by hand.

use crate::{Conversion, NumericKind};

/// `NUMERIC_CONVERSIONS[from][to]`, indexed by `NumericKind as usize`.
pub(crate) const NUMERIC_CONVERSIONS: [[Option<Conversion>; 13]; 13] = [
    // from boolean
    [Some(Conversion::Exact), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe)],
    // from int8
    [Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe)],
    // from int16
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe)],
    // from int32
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from int64
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from uint8
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Safe)],
    // from uint16
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Promote), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from uint32
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from uint64
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Unsafe), Some(Conversion::Safe), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from float32
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Promote), Some(Conversion::Safe), Some(Conversion::Safe)],
    // from float64
    [Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Unsafe), Some(Conversion::Exact), Some(Conversion::Unsafe), Some(Conversion::Safe)],
    // from complex64
    [None, None, None, None, None, None, None, None, None, None, None, Some(Conversion::Exact), Some(Conversion::Promote)],
    // from complex128
    [None, None, None, None, None, None, None, None, None, None, None, Some(Conversion::Unsafe), Some(Conversion::Exact)],
];

/// `NUMBER_UNIFY[a][b]`: Numba's `Number.unify` (NumPy's `promote_types`); `None` for bool.
pub(crate) const NUMBER_UNIFY: [[Option<NumericKind>; 13]; 13] = [
    // boolean
    [None, None, None, None, None, None, None, None, None, None, None, None, None],
    // int8
    [None, Some(NumericKind::Int8), Some(NumericKind::Int16), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Int16), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Float64), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // int16
    [None, Some(NumericKind::Int16), Some(NumericKind::Int16), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Int16), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Float64), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // int32
    [None, Some(NumericKind::Int32), Some(NumericKind::Int32), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Int32), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
    // int64
    [None, Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
    // uint8
    [None, Some(NumericKind::Int16), Some(NumericKind::Int16), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::UInt8), Some(NumericKind::UInt16), Some(NumericKind::UInt32), Some(NumericKind::UInt64), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // uint16
    [None, Some(NumericKind::Int32), Some(NumericKind::Int32), Some(NumericKind::Int32), Some(NumericKind::Int64), Some(NumericKind::UInt16), Some(NumericKind::UInt16), Some(NumericKind::UInt32), Some(NumericKind::UInt64), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // uint32
    [None, Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::Int64), Some(NumericKind::UInt32), Some(NumericKind::UInt32), Some(NumericKind::UInt32), Some(NumericKind::UInt64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
    // uint64
    [None, Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::UInt64), Some(NumericKind::UInt64), Some(NumericKind::UInt64), Some(NumericKind::UInt64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
    // float32
    [None, Some(NumericKind::Float32), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float32), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float32), Some(NumericKind::Float64), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // float64
    [None, Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Float64), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
    // complex64
    [None, Some(NumericKind::Complex64), Some(NumericKind::Complex64), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex64), Some(NumericKind::Complex64), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex64), Some(NumericKind::Complex128), Some(NumericKind::Complex64), Some(NumericKind::Complex128)],
    // complex128
    [None, Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128), Some(NumericKind::Complex128)],
];
