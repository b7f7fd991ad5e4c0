"""Record Numba's dispatch decisions into dispatch_fixture.json.

Run with a Python that has numba 0.68.1 and numpy (not the runtime's test environment):

    python tests/runtime/gen_dispatch_fixture.py

For every selection probe of tests/runtime/testmod.c (the same signatures, in the same order)
it compiles a Numba function with those explicit signatures whose specialization i returns i,
then calls it with each case's arguments in order, in one process, and records either the
index of the specialization Numba ran or the exception it raised. The runtime's tests replay
the cases in the same order against the hand-made module and must give the same answers.
"""
import json
import os
import re
import sys

import numba
import numpy as np
from numba import types
from numba.extending import overload

A = types.Array
f8 = types.float64

# name -> (parameter names, argument types of each specialization); keep in sync with testmod.c.
SELECTION_FUNCTIONS = {
    "sel_num2": (["a", "b"], [(types.int64, types.int64), (f8, f8)]),
    "sel_amb": (["a", "b"], [(types.int32, f8), (f8, types.int32)]),
    "sel_scalar": (["x"], [(types.int8,), (types.uint64,), (types.float32,), (types.complex64,)]),
    "sel_array": (["x"], [(A(f8, 1, "C"),), (A(f8, 1, "A"),), (A(f8, 2, "F"),), (A(f8, 1, "A", readonly=True),)]),
    "sel_tuple": (["x"], [(types.UniTuple(types.int64, 2),), (types.Tuple((f8, types.int64)),), (types.UniTuple(f8, 2),)]),
    "sel_bool": (["a", "b"], [(types.boolean, types.int64), (types.int64, types.boolean)]),
}

# Functions with default values (the version-3 table of testmod.c): name -> (parameters, each
# `name` or `name=<default source>`, argument types of each specialization).
Om = types.Omitted
i8 = types.int64
DEFAULT_FUNCTIONS = {
    "dflt": (["x", "y=2"], [(i8, Om(2)), (i8, f8), (f8, Om(2))]),
    "dflt_many": (
        ["x", "y=None", "z=(1, 2)", "s='abc'", "w=0.5"],
        [(i8, Om(None), Om((1, 2)), Om("abc"), Om(0.5)), (i8, i8, Om((1, 2)), Om("abc"), Om(0.5))],
    ),
    "dflt_typed": (["x", "y=2"], [(i8, i8)]),
}

DEFAULT_CASES = [
    ("dflt", "1"), ("dflt", "1, 3"), ("dflt", "1.5"), ("dflt", "x=1"), ("dflt", "y=3, x=1"), ("dflt", "1, y=3"),
    ("dflt", ""), ("dflt", "1, 2, 3"), ("dflt", "1, z=2"), ("dflt", "y=1"), ("dflt", "True"), ("dflt", "1, y=2.5"),
    ("dflt", "np.int32(1)"), ("dflt", "1j"), ("dflt", "1.5, 2"),
    ("dflt_many", "1"), ("dflt_many", "1, 2"), ("dflt_many", "1, None"), ("dflt_many", "1, s='x'"),
    ("dflt_many", "1, z=(1, 2)"), ("dflt_many", "1, w=0.5"), ("dflt_many", "x=1, y=7"), ("dflt_many", "1, 2, (1, 2), 'abc', 0.5, 6"),
    ("dflt_typed", "1"), ("dflt_typed", "1, 2"), ("dflt_typed", "y=1, x=1"), ("dflt_typed", "1.5, 2"), ("dflt_typed", ""),
]

# Values whose Numba type (`numba.typeof`, as the dispatcher types arguments) is recorded for
# `numrs_runtime.typeof`; expressions evaluated with the prelude.
TYPEOF_CASES = [
    "1", "-1", "2**63", "2**64", "True", "1.5", "1j", "None", "'abc'",
    "np.int8(1)", "np.uint16(1)", "np.int32(1)", "np.uint64(1)", "np.float32(1)", "np.complex64(1)", "np.bool_(True)",
    "np.zeros(3)", "np.zeros((2, 3))", "np.zeros((2, 3)).T", "np.zeros(6)[::2]", "np.zeros((2, 3), np.int32)",
    "ro(np.zeros(3))", "np.zeros((2, 3, 4))[:, 1]", "np.zeros(0)", "np.zeros((1, 1))",
    "(1, 2)", "(1, 2.0)", "(1, (2.0, 3))", "()", "(np.zeros(2), 1)",
    "[1, 2]", "[1.5]", "{1, 2}",
]

# Helpers the case expressions use (run in both harnesses).
PRELUDE = """
def ro(a):
    a = a.copy()
    a.setflags(write=False)
    return a
"""

# (function, call arguments as Python source), replayed in this order.
CASES = [
    ("sel_num2", "1, 2"), ("sel_num2", "1.0, 2"), ("sel_num2", "1, 2.5"),
    ("sel_num2", "np.int32(1), np.int32(2)"), ("sel_num2", "np.float32(1), np.float32(2)"),
    ("sel_num2", "np.int32(1), np.float32(2)"), ("sel_num2", "True, False"), ("sel_num2", "np.uint64(1), 1"),
    ("sel_num2", "np.uint8(1), np.int8(1)"), ("sel_num2", "1j, 1"), ("sel_num2", "'a', 1"), ("sel_num2", "None, 1"),
    ("sel_num2", "np.int8(1), 2.5"), ("sel_num2", "np.bool_(True), 1"), ("sel_num2", "2**63, 1"),
    ("sel_num2", "-2**63, 1"), ("sel_num2", "np.complex64(1), 1.0"), ("sel_num2", "b=1, a=2.0"),
    ("sel_num2", "1, b=2.0"), ("sel_num2", "1"), ("sel_num2", "1, 2, 3"), ("sel_num2", "1, c=2"),
    ("sel_num2", "1, a=2"), ("sel_num2", "np.array(1.0), 1"), ("sel_num2", "[], 1"),
    ("sel_num2", "(1, 2), 1"), ("sel_num2", "np.ones(2), 1"),
    ("sel_amb", "np.int32(1), np.int32(2)"), ("sel_amb", "1, 2.0"), ("sel_amb", "1.0, np.int32(1)"),
    ("sel_amb", "1.0, 1.0"), ("sel_amb", "np.int16(1), np.int16(2)"), ("sel_amb", "1, 1"),
    ("sel_amb", "np.int32(1), 2.0"), ("sel_amb", "True, 1.0"), ("sel_amb", "1j, 1"),
    ("sel_scalar", "1"), ("sel_scalar", "1.0"), ("sel_scalar", "1j"), ("sel_scalar", "True"),
    ("sel_scalar", "np.int8(1)"), ("sel_scalar", "np.uint8(1)"), ("sel_scalar", "np.int16(1)"),
    ("sel_scalar", "np.uint16(1)"), ("sel_scalar", "np.int32(1)"), ("sel_scalar", "np.uint32(1)"),
    ("sel_scalar", "np.int64(1)"), ("sel_scalar", "np.uint64(1)"), ("sel_scalar", "np.float32(1)"),
    ("sel_scalar", "np.float64(1)"), ("sel_scalar", "np.complex64(1)"), ("sel_scalar", "np.complex128(1)"),
    ("sel_scalar", "np.bool_(True)"), ("sel_scalar", "np.longlong(1)"), ("sel_scalar", "np.intc(1)"),
    ("sel_scalar", "None"), ("sel_scalar", "'s'"), ("sel_scalar", "(1,)"), ("sel_scalar", "np.array(1.0)"),
    ("sel_scalar", "np.ones(2)"), ("sel_scalar", "[1.0]"), ("sel_scalar", "{1}"), ("sel_scalar", "set()"),
    ("sel_scalar", "2**64"), ("sel_scalar", "x=np.float32(2)"), ("sel_scalar", "y=1"), ("sel_scalar", ""),
    ("sel_scalar", "object()"),
    ("sel_array", "np.ones(3)"), ("sel_array", "np.ones(6)[::2]"), ("sel_array", "np.ones((2, 2), order='F')"),
    ("sel_array", "np.ones((2, 2))"), ("sel_array", "ro(np.ones(3))"), ("sel_array", "ro(np.ones(6)[::2])"),
    ("sel_array", "np.ones(3, dtype=np.float32)"), ("sel_array", "np.ones((3, 2))[:, 0]"),
    ("sel_array", "np.ones(1)"), ("sel_array", "np.ones((1, 1))"), ("sel_array", "np.ones((2, 3))[:, :2].T"),
    ("sel_array", "np.ones((2, 2))[:, :1]"), ("sel_array", "ro(np.ones((2, 2), order='F'))"),
    ("sel_array", "np.ones(3, dtype='>f8')"), ("sel_array", "np.ones(3, dtype=np.int64)"),
    ("sel_array", "np.ones((2, 2, 2))"), ("sel_array", "np.ones(0)"), ("sel_array", "[1.0, 2.0]"),
    ("sel_tuple", "(1, 2)"), ("sel_tuple", "(1.0, 2)"), ("sel_tuple", "(1.0, 2.0)"), ("sel_tuple", "(1, 2.0)"),
    ("sel_tuple", "(np.int32(1), 2)"), ("sel_tuple", "(np.float32(1), np.int8(2))"), ("sel_tuple", "(1, 2, 3)"),
    ("sel_tuple", "((1, 2),)"), ("sel_tuple", "()"), ("sel_tuple", "(True, 1)"), ("sel_tuple", "(1j, 1)"),
    ("sel_tuple", "[1, 2]"), ("sel_tuple", "(None, 1)"), ("sel_tuple", "(2**63, 1)"), ("sel_tuple", "(1, 1)"),
    ("sel_tuple", "(2**70, 1)"), ("sel_tuple", "(3, 4)"),
    ("sel_bool", "True, 1"), ("sel_bool", "1, True"), ("sel_bool", "True, True"), ("sel_bool", "1, 1"),
    ("sel_bool", "np.bool_(True), 2.5"), ("sel_bool", "1.5, 1.5"), ("sel_bool", "np.int8(1), np.bool_(False)"),
]


def key(t):
    if isinstance(t, types.Omitted):
        t = numba.typeof(t.value)
    if isinstance(t, types.BaseTuple):
        return types.Tuple([key(x) for x in t.types])
    return types.unliteral(t)


def probe(name, params, sigs):
    """A Numba function with `sigs` whose specialization i returns i (`params` may give
    defaults: `y=2`)."""
    names = [p.split("=")[0] for p in params]
    src = f"""
def which({", ".join(names)}):
    pass

@overload(which)
def _ov({", ".join(names)}):
    i = KEYS.index(tuple(key(t) for t in ({", ".join(names)},)))
    return lambda {", ".join(names)}: i

def {name}({", ".join(params)}):
    return which({", ".join(names)})
"""
    # Inside the function an omitted argument has its default's type: specializations are told
    # apart by those (DEFAULT_FUNCTIONS keeps them distinct).
    ns = {"overload": overload, "key": key, "KEYS": [tuple(key(t) for t in s) for s in sigs]}
    assert len(set(ns["KEYS"])) == len(sigs), sigs
    exec(src, ns)
    return numba.njit([types.int64(*s) for s in sigs])(ns[name])


ADDRESS = re.compile(r" at 0x[0-9a-f]+>")


def normalize(msg):
    return ADDRESS.sub(" at ADDRESS>", msg)


def main():
    assert numba.__version__ == "0.68.1", numba.__version__
    funcs = {name: probe(name, params, sigs) for name, (params, sigs) in SELECTION_FUNCTIONS.items()}
    env = {"np": np}
    exec(PRELUDE, env)

    def replay(funcs, cases):
        results = []
        for fname, args in cases:
            env["f"] = funcs[fname]
            try:
                value = eval(f"f({args})", env)
                results.append({"function": fname, "args": args, "result": value})
            except Exception as e:  # recorded, whatever it is
                results.append({"function": fname, "args": args, "error": type(e).__name__, "message": normalize(str(e))})
        return results

    results = replay(funcs, CASES)
    dfuncs = {name: probe(name, params, sigs) for name, (params, sigs) in DEFAULT_FUNCTIONS.items()}
    dresults = replay(dfuncs, DEFAULT_CASES)
    typeofs = []
    for expr in TYPEOF_CASES:
        try:
            typeofs.append({"value": expr, "type": str(numba.typeof(eval(expr, env)))})
        except Exception as e:  # recorded, whatever it is
            typeofs.append({"value": expr, "error": type(e).__name__})
    out = {
        "numba": numba.__version__,
        "prelude": PRELUDE,
        "signatures": {
            name: [f"({', '.join(map(str, s))}{',' if len(s) == 1 else ''}) -> int64" for s in sigs]
            for name, (params, sigs) in SELECTION_FUNCTIONS.items()
        },
        "cases": results,
        "typeof": typeofs,
        "defaults": {
            "signatures": {name: [f"{s} -> int64" for s in f.signatures] for name, f in dfuncs.items()},
            "cases": dresults,
        },
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dispatch_fixture.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    print(f"wrote {len(results)} cases to {os.path.relpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
