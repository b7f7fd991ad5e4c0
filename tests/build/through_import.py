"""Differential execution through built modules, the way a user runs them.

For every corpus case with `CALLS = [(function, args), ...]`: `numrs build` the case, then in a
fresh interpreter `import` the built module (which loads the numrs runtime), call
`module.function(*args)` and compare `repr(result)`, or the raised exception's class name, with
Numba's recorded answer in `expected/<case>.json`. Dispatch (typeof, conversion kinds, ranking,
TypeError wording) is the runtime's, so this tests the whole path: codegen, table, runtime.

A function none of whose specializations built is a dispatcher that raises TypeError (as a
Numba dispatcher whose signatures all failed to compile does): that agrees with Numba only
where Numba raised TypeError too. Lazily
compiled functions get their calls' argument types through `--signatures`, as a signatures
file recorded from a Numba run would give them.

Needs a Python with numpy and the runtime installed (`scripts/build-runtime.sh` prints one).
Usage: python tests/build/through_import.py [--corpus DIR] [--only SUBSTR] [--verbose]
[--min-agree N] (exit 1 when fewer than N calls agree).
"""
import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
from numrs_runtime import typeof  # Numba's typeof, the dispatcher's own

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
BINARY = os.path.join(ROOT, "target", "release", "numrs")


class JitRef:
    """A jit function of the case passed as an argument (built in the child)."""

    def __init__(self, name):
        self.name = name


def arg_type(a):
    if isinstance(a, JitRef):
        return "type(CPUDispatcher(<function %s>))" % a.name
    return typeof(a)


def case_calls(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    calls, eager = None, set()
    names = {"np": np, "numpy": np}
    names.update({n.name: JitRef(n.name) for n in tree.body if isinstance(n, ast.FunctionDef)})
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CALLS" for t in node.targets):
            try:
                calls = eval(compile(ast.Expression(node.value), path, "eval"), names)
            except NameError:
                calls = None
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and d.args and isinstance(d.args[0], (ast.Constant, ast.List, ast.Tuple)):
                    eager.add(node.name)
    return calls or [], eager

# Runs in a child interpreter: import the built module, make the calls, print JSON outcomes.
CHILD = r"""
import importlib, json, sys
import numpy as np
out_dir, module, calls_path, case_path = sys.argv[1:5]
sys.path.insert(0, out_dir)
outcomes = []
try:
    mod = importlib.import_module(module)
except BaseException as e:
    print(json.dumps([["import", "%s: %s" % (type(e).__name__, e)]]))
    sys.exit(0)
src = open(case_path, encoding="utf-8").read()
import ast
calls = None
for node in ast.parse(src).body:
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CALLS" for t in node.targets):
        # The module's own (built) functions may be arguments.
        calls = eval(compile(ast.Expression(node.value), case_path, "eval"), dict(vars(mod), np=np, numpy=np))
import gc
import numrs_runtime
leaks = []
def live():
    gc.collect()
    st = numrs_runtime._stats()
    return (st["meminfo_live"], st["plain_live"], st["live_dicts"])
for fname, args in calls or []:
    f = getattr(mod, fname, None)
    if f is None:
        outcomes.append(["not built", ""])
        continue
    before = live()
    try:
        outcomes.append(["result", repr(f(*args))])
    except BaseException as e:
        outcomes.append(["error", type(e).__name__, str(e)])
        del e
    after = live()
    if after != before:
        # Memory the compiled code allocated and nothing holds any more.
        leaks.append("%s: %d meminfos, %d plain allocations, %d containers" % (fname, after[0] - before[0], after[1] - before[1], after[2] - before[2]))
print(json.dumps({"outcomes": outcomes, "leaks": leaks}))
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(SHARED, "corpus"))
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--min-agree", type=int, default=0)
    opts = ap.parse_args()
    cases_dir = os.path.join(opts.corpus, "cases")
    expected_dir = os.path.join(opts.corpus, "expected")
    total = agree = 0
    failures = []
    leaks = []
    counts = {}
    work = tempfile.mkdtemp(prefix="numrs-import-diff-")
    try:
        for name in sorted(os.listdir(cases_dir)):
            if not name.endswith(".py") or opts.only not in name:
                continue
            stem = name[:-3]
            exp_path = os.path.join(expected_dir, stem + ".json")
            if not os.path.exists(exp_path):
                continue
            expected = json.load(open(exp_path, encoding="utf-8")).get("calls", [])
            if not expected:
                continue
            calls, eager = case_calls(os.path.join(cases_dir, name))
            module = "case_" + re.sub(r"\W", "_", stem)
            src = os.path.join(work, module + ".py")
            shutil.copy(os.path.join(cases_dir, name), src)
            sigs = os.path.join(work, module + ".sigs.jsonl")
            with open(sigs, "w") as fh:
                for fname, args in calls:
                    if fname not in eager:
                        fh.write(json.dumps({"file": src, "qualname": fname, "args": [arg_type(a) for a in args]}) + "\n")
            out = os.path.join(work, "out-" + module)
            build = subprocess.run([BINARY, "build", src, "-o", out, "--signatures", sigs], capture_output=True, text=True)
            if len(calls) != len(expected):
                outcomes = [["harness", "arguments not evaluable"]] * len(expected)
            else:
                # The oracle runs Numba with PYTHONHASHSEED=0; sets of strings iterate in hash order.
                env = dict(os.environ, PYTHONHASHSEED="0")
                child = subprocess.run([sys.executable, "-c", CHILD, out, module, sigs, src], capture_output=True, text=True, env=env)
                try:
                    reply = json.loads(child.stdout.strip().splitlines()[-1])
                    outcomes = reply if isinstance(reply, list) else reply["outcomes"]
                    leaks.extend("LEAK %s %s" % (stem, l) for l in ([] if isinstance(reply, list) else reply["leaks"]))
                except (ValueError, IndexError, KeyError):
                    tail = (child.stderr.strip().splitlines() or ["no output"])[-1]
                    outcomes = [["crash", "exit %d: %s" % (child.returncode, tail)]] * len(expected)
                if len(outcomes) == 1 and outcomes[0][0] == "import":
                    outcomes = outcomes * len(expected)
            for exp, outcome in zip(expected, outcomes):
                total += 1
                kind = outcome[0]
                ok = (kind == "result" and outcome[1] == exp.get("result")) or (
                    kind == "error" and outcome[1] == exp.get("error"))
                if ok:
                    agree += 1
                    continue
                why = kind
                reasons = [l for l in build.stderr.splitlines() if ": %s(" % exp["function"] in l]
                if kind == "error" and outcome[1] == "TypeError" and reasons:
                    # A function with nothing built is a dispatcher that raises TypeError.
                    kind = "not built"
                if kind == "not built":
                    why = "not built: " + (reasons[0].split(": ", 2)[-1] if reasons else "no specialization")
                    why = re.sub(r"^[^:]*\): ", "", why)
                elif kind == "result":
                    why = "wrong result"
                elif kind == "error":
                    why = "raised %s" % outcome[1] if not exp.get("error") else "raised %s, not %s" % (outcome[1], exp["error"])
                counts[why] = counts.get(why, 0) + 1
                failures.append("DIFF %s %s%s: %s %s (Numba: %s)" % (
                    stem, exp["function"], " ".join(exp["args"].split()), why, outcome[1] if len(outcome) > 1 else "",
                    exp.get("result") or exp.get("error")))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if opts.verbose:
        print("\n".join(failures))
    print("build (through import): %d/%d calls agree with Numba 0.68.1" % (agree, total))
    for k, n in sorted(counts.items(), key=lambda kv: -kv[1])[:25]:
        print("  %4d  %s" % (n, k[:150]))
    print("calls that left compiled-code memory behind: %d" % len(leaks))
    for l in leaks:
        print("  " + l)
    return 1 if agree < opts.min_agree or leaks else 0


if __name__ == "__main__":
    sys.exit(main())
