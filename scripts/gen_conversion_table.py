"""Regenerate crates/numrs_types/src/conversion_table.rs from Numba's own type manager.

Run with Numba 0.68.1 installed:  python scripts/gen_conversion_table.py > crates/numrs_types/src/conversion_table.rs
The table is the data numrs's conversion and unification rules are driven by; it is generated,
never edited by hand.
"""
from numba.core import types
from numba.core.typeconv.rules import default_type_manager as tm
import numba

NUMBERS = ["boolean", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float32", "float64", "complex64", "complex128"]
NAMES = {1: "Exact", 2: "Promote", 3: "Safe", 4: "Unsafe"}

print("//! Numeric conversion kinds, generated from Numba %s's type manager by" % numba.__version__)
print("//! `scripts/gen_conversion_table.py`. Do not edit by hand.")
print()
print("use crate::{Conversion, NumericKind};")
print()
print("/// `NUMERIC_CONVERSIONS[from][to]`, indexed by `NumericKind as usize`.")
print("pub(crate) const NUMERIC_CONVERSIONS: [[Option<Conversion>; %d]; %d] = [" % (len(NUMBERS), len(NUMBERS)))
for a in NUMBERS:
    row = []
    for b in NUMBERS:
        c = tm.check_compatible(getattr(types, a), getattr(types, b))
        row.append("None" if c is None else "Some(Conversion::%s)" % NAMES[int(c)])
    print("    // from %s" % a)
    print("    [" + ", ".join(row) + "],")
print("];")

# Number.unify: NumPy's promote_types over Numba's number types (booleans are not Numbers).
import numpy as np
from numba.np import numpy_support
print()
print("/// `NUMBER_UNIFY[a][b]`: Numba's `Number.unify` (NumPy's `promote_types`); `None` for bool.")
print("pub(crate) const NUMBER_UNIFY: [[Option<NumericKind>; %d]; %d] = [" % (len(NUMBERS), len(NUMBERS)))
CAMEL = {"boolean": "Boolean", "int8": "Int8", "int16": "Int16", "int32": "Int32", "int64": "Int64",
         "uint8": "UInt8", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64",
         "float32": "Float32", "float64": "Float64", "complex64": "Complex64", "complex128": "Complex128"}
for a in NUMBERS:
    row = []
    for b in NUMBERS:
        if a == "boolean" or b == "boolean":
            row.append("None")
            continue
        ta, tb = getattr(types, a), getattr(types, b)
        r = ta.unify(None, tb)
        row.append("Some(NumericKind::%s)" % CAMEL[str(r)])
    print("    // %s" % a)
    print("    [" + ", ".join(row) + "],")
print("];")
