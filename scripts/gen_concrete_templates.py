"""Regenerate crates/numrs_typing/data/concrete_templates.json from Numba's typing registry.

Run with Numba 0.68.1 installed:
    python scripts/gen_concrete_templates.py > crates/numrs_typing/data/concrete_templates.json

Every `ConcreteTemplate` registered for a global function (builtins, operator, math, cmath, ...)
is written as its callee key and its list of signatures, in registration order. These are
Numba's own typing tables; numrs resolves overloads over them with Numba's ranking rules.
"""
import json
import weakref
import builtins
import operator
import math
import cmath

import numba
from numba.core.typing import templates, context  # noqa: F401
from numba.core.registry import cpu_target

MODULES = {builtins: "builtins", operator: "operator", math: "math", cmath: "cmath"}


def key_of(func):
    for mod, name in MODULES.items():
        for attr in [a for a in dir(mod) if not a.startswith("_")]:
            if getattr(mod, attr, None) is func:
                return "%s.%s" % (name, attr)
    return None


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
        templates_ = getattr(fnty, "templates", [])
        entries = []
        for t in templates_:
            if isinstance(t, type) and issubclass(t, templates.ConcreteTemplate) and hasattr(t, "cases"):
                entries.append({
                    "concrete": [[str(s.return_type)] + [str(a) for a in s.args] for s in t.cases],
                    "unsafe_casting": bool(getattr(t, "unsafe_casting", True)),
                    "exact_match_required": bool(getattr(t, "exact_match_required", False)),
                })
            else:
                base = [c.__name__ for c in t.__mro__[1:] if c.__module__.startswith("numba")]
                entries.append({"abstract": "%s.%s" % (t.__mro__[1].__module__, base[0] if base else t.__name__)})
        out[key] = entries
    print(json.dumps({"numba_version": numba.__version__, "functions": out}, indent=0, sort_keys=True))


main()
