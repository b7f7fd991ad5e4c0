"""Regenerate crates/numrs_typing/data/numpy_tables.json from NumPy and Numba 0.68.1.

Run with Numba 0.68.1 and NumPy installed:
    python scripts/gen_numpy_tables.py crates/numrs_typing/data/numpy_tables.json \
        [crates/numrs_typing/tests/data/ufunc_loops_expected.json]

Writes NumPy's ufunc loop tables (`ufunc.types`) for every ufunc Numba types, the loops Numba
can lower (`numba.np.ufunc_db`), NumPy's casting tables ('safe' and 'same_kind') over the loop
type characters, the names of the `numpy`, `numpy.random` and `numpy.linalg` attributes
Numba's typing context knows, and every attribute those modules (and `numba`) have. numrs runs Numba's loop selection
(`numpy_support.ufunc_find_matching_loop`) over these tables.

The optional second path receives, for testing, Numba's own loop choice for every ufunc and
every combination of scalar input types.
"""
import itertools
import json
import sys

import numpy as np
import numba
from numba.core import types
from numba.core.registry import cpu_target
from numba.np import ufunc_db
from numba.np.numpy_support import (ufunc_find_matching_loop, supported_ufunc_loop,
                                    from_dtype)

SCALARS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float32", "float64", "complex64", "complex128"]


def typing_context():
    @numba.njit
    def _warm(x):
        return x
    _warm(1)  # registers the @overload-based NumPy functions
    ctx = cpu_target.typing_context
    ctx.refresh()
    return ctx


def known_attrs(ctx, module):
    out = {}
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        try:
            ty = ctx.resolve_value_type(value)
        except Exception:
            continue
        out[name] = (value, ty)
    return out


def main():
    ctx = typing_context()
    attrs = known_attrs(ctx, np)
    ufunc_names = {}
    ufuncs = {}
    functions = []
    for name, (value, ty) in attrs.items():
        if isinstance(value, np.ufunc) and isinstance(ty, types.Function):
            ufunc_names[name] = value.__name__
            if value.__name__ not in ufuncs:
                try:
                    db = sorted(ufunc_db.get_ufunc_info(value).keys())
                except KeyError:
                    db = None
                ufuncs[value.__name__] = {"nin": value.nin, "nout": value.nout,
                                          "types": list(value.types), "lowered": db}
        elif isinstance(ty, types.Function):
            functions.append(name)
    chars = sorted({c for u in ufuncs.values() for t in u["types"] for c in t if c not in "->"}
                   | set("?bBhHiIlLqQefdgFDG"))
    numeric = [c for c in chars if c not in "OmMSUV"]
    char_types = {}
    for c in numeric:
        try:
            char_types[c] = str(from_dtype(np.dtype(c)))
        except Exception:
            char_types[c] = None
    safe = {a: "".join(b for b in numeric if np.can_cast(a, b, "safe")) for a in numeric}
    same_kind = {a: "".join(b for b in numeric if np.can_cast(a, b, "same_kind")) for a in numeric}
    random = sorted(n for n, (v, t) in known_attrs(ctx, np.random).items() if isinstance(t, types.Function))
    linalg = sorted(n for n, (v, t) in known_attrs(ctx, np.linalg).items() if isinstance(t, types.Function))
    dtype_strings = {}
    codes = list("?bBhHiIlLqQefdgFDGp") + ["b1", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8",
                                         "f2", "f4", "f8", "c8", "c16"]
    codes += ["<" + c for c in codes if len(c) > 1] + ["=" + c for c in codes if len(c) > 1]
    for key in sorted({k for k in np.sctypeDict if isinstance(k, str)} | set(codes)):
        try:
            nb = str(from_dtype(np.dtype(key)))
        except Exception:
            continue
        if nb in SCALARS:
            dtype_strings[key] = nb
    promote = {a: [str(from_dtype(np.promote_types(np.dtype(a), np.dtype(b)))) for b in SCALARS]
               for a in SCALARS}
    data = {
        "promote_types": promote,
        "dtype_strings": dtype_strings,
        "numba_version": numba.__version__,
        "numpy_version": np.__version__,
        "ufunc_names": ufunc_names,
        "ufuncs": ufuncs,
        "char_types": char_types,
        "can_cast_safe": safe,
        "can_cast_same_kind": same_kind,
        "functions": functions,
        "random_functions": random,
        "linalg_functions": linalg,
        # Every attribute the modules have (`dir()`): a name outside these is Python's
        # AttributeError where Numba reads it, other unsupported ones Numba's TypingError.
        "module_attributes": {m.__name__: sorted(dir(m)) for m in (np, np.random, np.linalg, numba)},
    }
    with open(sys.argv[1], "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    if len(sys.argv) > 2:
        expected = {}
        for name, u in sorted(ufuncs.items()):
            ufunc = getattr(np, name)
            rows = []
            for combo in itertools.product(SCALARS, repeat=u["nin"]):
                tys = [getattr(types, t) for t in combo]
                loop = ufunc_find_matching_loop(ufunc, tys)
                if loop is None:
                    res = None
                elif not supported_ufunc_loop(ufunc, loop):
                    res = "unsupported:" + loop.ufunc_sig
                else:
                    res = ",".join(str(t) for t in loop.outputs)
                rows.append([",".join(combo), res])
            expected[name] = rows
        with open(sys.argv[2], "w") as f:
            json.dump(expected, f, indent=0, sort_keys=True)
            f.write("\n")


if __name__ == "__main__":
    main()
