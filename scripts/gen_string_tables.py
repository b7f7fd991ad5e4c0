"""Regenerate crates/numrs_typing/data/string_tables.json: how Numba types `str` methods and
the operators/builtins that take strings.

Run with Numba 0.68.1 installed:
    python scripts/gen_string_tables.py > crates/numrs_typing/data/string_tables.json

Most `str` support in Numba is `@overload`/`@overload_method` code whose return type comes
from compiling the implementation (e.g. `str * int` is `OptionalType(unicode_type)`,
`str.isdigit()` is `int64`). This script asks Numba's typing context for every method and
operator over a small set of argument *classes* (one representative type per class) and
records the return type, or nothing where typing fails. numrs maps an argument type to its
class (any integer -> int64, any string -> unicode_type, ...) and looks the call up.
"""
import itertools
import json
import operator
import builtins

import numba
from numba.core import types
from numba.core.registry import cpu_target

cpu_target.target_context.refresh()
ctx = cpu_target.typing_context
ctx.refresh()

U = types.unicode_type
CLASSES = {
    "unicode_type": U,
    "int64": types.int64,
    "float64": types.float64,
    "bool": types.boolean,
    "none": types.none,
}
SEQ_CLASSES = dict(CLASSES)
SEQ_CLASSES.update({
    "list(unicode_type)": types.List(U),
    "UniTuple(unicode_type x 2)": types.UniTuple(U, 2),
    "ListType[unicode_type]": types.ListType(U),
    "list(int64)": types.List(types.int64),
})
MAX_ARITY = {"join": 1}


def ret_of(fn):
    try:
        sig = fn()
    except Exception:
        return None
    if sig is None:
        return None
    return str(sig.return_type)


def methods():
    out = []
    names = sorted(n for n in dir(str) if not n.startswith("_"))
    for name in names:
        try:
            bound = ctx.resolve_getattr(U, name)
        except Exception:
            bound = None
        if bound is None:
            continue
        classes = SEQ_CLASSES if name == "join" else CLASSES
        for arity in range(0, MAX_ARITY.get(name, 3) + 1):
            for combo in itertools.product(list(classes), repeat=arity):
                args = tuple(classes[c] for c in combo)
                r = ret_of(lambda: bound.get_call_type(ctx, args, {}))
                if r is not None:
                    out.append({"method": name, "args": list(combo), "ret": r})
    return out


OPS = {
    "operator.add": operator.add, "operator.iadd": operator.iadd, "operator.mul": operator.mul,
    "operator.imul": operator.imul, "operator.mod": operator.mod, "operator.eq": operator.eq,
    "operator.ne": operator.ne, "operator.lt": operator.lt, "operator.le": operator.le,
    "operator.gt": operator.gt, "operator.ge": operator.ge, "operator.contains": operator.contains,
    "operator.getitem": operator.getitem, "operator.not_": operator.not_, "operator.truth": operator.truth,
}
BUILTINS = ["len", "str", "int", "float", "bool", "ord", "chr", "hash", "abs", "min", "max", "sorted", "list", "set", "iter", "repr"]
OP_CLASSES = dict(CLASSES)
OP_CLASSES.update({"slice<a:b>": types.slice2_type, "slice<a:b:c>": types.slice3_type})


def operators_and_builtins():
    out = []
    for key, fn in OPS.items():
        arity = 1 if key in ("operator.not_", "operator.truth") else 2
        for combo in itertools.product(list(OP_CLASSES), repeat=arity):
            if "unicode_type" not in combo:
                continue
            args = tuple(OP_CLASSES[c] for c in combo)
            fnty = ctx.resolve_value_type(fn)
            r = ret_of(lambda: ctx.resolve_function_type(fnty, args, {}))
            if r is not None:
                out.append({"function": key, "args": list(combo), "ret": r})
    for name in BUILTINS:
        fn = getattr(builtins, name)
        fnty = ctx.resolve_value_type(fn)
        for arity in (1, 2):
            for combo in itertools.product(list(CLASSES), repeat=arity):
                if "unicode_type" not in combo and not (name in ("str", "chr", "repr") and arity == 1):
                    continue
                args = tuple(CLASSES[c] for c in combo)
                r = ret_of(lambda: ctx.resolve_function_type(fnty, args, {}))
                if r is not None:
                    out.append({"function": "builtins." + name, "args": list(combo), "ret": r})
    return out


def main():
    data = {"numba_version": numba.__version__, "methods": methods(), "functions": operators_and_builtins()}
    print(json.dumps(data, indent=0, sort_keys=True))


main()
