"""Regenerate crates/numrs_typing/data/concrete_templates.json from Numba's typing registry.

Run with Numba 0.68.1 installed:
    python scripts/gen_concrete_templates.py > crates/numrs_typing/data/concrete_templates.json

Every `ConcreteTemplate` registered for a global function (builtins, operator, math, cmath, ...)
is written as its callee key and its list of signatures, in registration order. These are
Numba's own typing tables; numrs resolves overloads over them with Numba's ranking rules.

With numba-cuda installed (the CUDA target the oracle compiles `@cuda.jit` with), the CUDA
typing context's concrete templates of the `numba.cuda` functions in `CUDA_FUNCTIONS` are
written too, as `cuda.<name>`.
"""
import json
import weakref
import builtins
import operator
import math
import cmath

import numba
from numba.core import types
from numba.core.typing import templates, context  # noqa: F401
from numba.core.registry import cpu_target

MODULES = {builtins: "builtins", operator: "operator", math: "math", cmath: "cmath"}

# The `numba.cuda` functions typed by concrete templates that numrs types from this table
# (the CUDA vector-type constructors, `cuda.float3` ..., are left out: numrs has no vector types).
CUDA_FUNCTIONS = [
    "activemask", "brev", "cbrt", "clz", "ffs", "fma", "lanemask_lt", "match_all_sync",
    "match_any_sync", "nanosleep", "popc", "syncwarp", "threadfence", "threadfence_block",
    "threadfence_system",
]


def key_of(func):
    for mod, name in MODULES.items():
        for attr in [a for a in dir(mod) if not a.startswith("_")]:
            if getattr(mod, attr, None) is func:
                return "%s.%s" % (name, attr)
    return None


def entries_of(fnty):
    entries = []
    for t in getattr(fnty, "templates", []):
        # (numba-cuda has a ConcreteTemplate class of its own.)
        concrete = isinstance(t, type) and any(c.__name__ == "ConcreteTemplate" for c in t.__mro__)
        if concrete and hasattr(t, "cases"):
            entries.append({
                "concrete": [[str(s.return_type)] + [str(a) for a in s.args] for s in t.cases],
                "unsafe_casting": bool(getattr(t, "unsafe_casting", True)),
                "exact_match_required": bool(getattr(t, "exact_match_required", False)),
            })
        else:
            base = [c.__name__ for c in t.__mro__[1:] if c.__module__.startswith("numba")]
            entries.append({"abstract": "%s.%s" % (t.__mro__[1].__module__, base[0] if base else t.__name__)})
    return entries


def cuda_entries(out):
    try:
        from numba import cuda
        from numba.cuda import cudadecl
        import numba_cuda
    except ImportError as e:
        raise SystemExit("gen_concrete_templates: numba-cuda is needed for the cuda.* tables (%s)" % e)
    version = numba_cuda.__version__
    # The CUDA module's attributes resolve to `types.Function(template)`: the templates are
    # in cudadecl's registry, keyed by the `numba.cuda` stubs.
    names = {id(getattr(cuda, name)): "cuda." + name for name in CUDA_FUNCTIONS}
    found = {}
    for t in cudadecl.registry.functions:
        key = names.get(id(getattr(t, "key", None)))
        if key is not None:
            found.setdefault(key, []).append(t)
    for key, ts in found.items():
        out[key] = entries_of(types.Function(ts[0]) if len(ts) == 1 else _Templates(ts))
    return version


class _Templates:
    def __init__(self, templates_):
        self.templates = templates_


def main():
    ctx = cpu_target.typing_context
    ctx.refresh()
    out = {}
    for func, fnty in list(ctx._globals.items()):
        if isinstance(func, weakref.ref):
            func = func()
        key = key_of(func) if func is not None and not isinstance(func, str) else None
        if key is None:
            continue
        out[key] = entries_of(fnty)
    cuda_version = cuda_entries(out)
    print(json.dumps({"numba_version": numba.__version__, "numba_cuda_version": cuda_version, "functions": out},
                     indent=0, sort_keys=True))


main()
