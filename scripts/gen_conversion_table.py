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
print("use crate::Conversion;")
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
