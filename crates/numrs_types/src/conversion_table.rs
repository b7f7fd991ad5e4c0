//! Numeric conversion kinds, generated from Numba 0.68.1's type manager by
//! `scripts/gen_conversion_table.py`. Do not edit by hand.

use crate::Conversion;

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
