"""Robustness of `numrs build` and of the modules it builds: corpus cases built for argument
types their functions were not written for, then called with values of those types.

For a deterministic selection of case files of both corpora, every lazily compiled function
gets signatures drawn (with a fixed seed) from a pool of types: numbers, strings, arrays of
several dtypes, dimensions and layouts, datetimes and timedeltas, tuples, lists, `None`. The build must exit with 0 or 1
(a specialization that does not type or lower is a reported problem, not a failure), never
panic or report an internal error; the built module must import, and calling each function
with values of the drawn types must return or raise a Python exception, never crash the
process (a signal) or hang. The modules are built with bounds checking on
(`NUMBA_BOUNDSCHECK=1`): an index past the end is then an IndexError, not a write outside
the array.

Usage: random_signatures.py [--files N] [--seed S] [--keep DIR]
"""
import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "ci"), "numrs")

# Each type of the pool, with Python expressions of values of that type.
VALUES = {
    "int64": ["0", "1", "3", "-2", "7"],
    "float64": ["0.0", "1.5", "-2.0", "float('nan')"],
    "boolean": ["True", "False"],
    "complex128": ["(1+2j)", "0j"],
    "uint8": ["np.uint8(3)", "np.uint8(0)"],
    "int32": ["np.int32(4)", "np.int32(-1)"],
    "float32": ["np.float32(2.5)"],
    "unicode_type": ["'abc'", "''", "'a b,c'"],
    "array(float64, 1d, C)": ["np.arange(5.0)", "np.zeros(0)", "np.array([1.5, -2.0, 3.0])"],
    "array(int64, 1d, C)": ["np.arange(6)", "np.array([3, 1, 2])", "np.zeros(0, dtype=np.int64)"],
    "array(float64, 2d, C)": ["np.arange(6.0).reshape(2, 3)", "np.ones((3, 3))"],
    "array(int32, 2d, F)": ["np.asfortranarray(np.arange(6, dtype=np.int32).reshape(3, 2))"],
    "array(float32, 1d, A)": ["np.arange(8, dtype=np.float32)[::2]"],
    "array(bool, 1d, C)": ["np.array([True, False, True])"],
    "array(complex128, 1d, C)": ["np.array([1+1j, 2-1j])"],
    "array(uint8, 3d, C)": ["np.arange(24, dtype=np.uint8).reshape(2, 3, 4)"],
    "array(float64, 0d, C)": ["np.array(2.0)"],
    "UniTuple(int64 x 2)": ["(2, 3)", "(0, 1)"],
    "UniTuple(float64 x 3)": ["(1.0, 2.0, 3.0)"],
    "Tuple(int64, float64)": ["(1, 2.5)"],
    "reflected list(int64)<iv=None>": ["[1, 2, 3]", "[5]"],
    "reflected list(float64)<iv=None>": ["[1.0, 2.5]"],
    "none": ["None"],
    "datetime64[D]": ["np.datetime64('2024-01-05', 'D')", "np.datetime64('NaT', 'D')"],
    "timedelta64[s]": ["np.timedelta64(90, 's')", "np.timedelta64(-3, 's')"],
    "array(datetime64[D], 1d, C)": ["np.array(['2024-01-01', 'NaT', '2023-05-06'], dtype='M8[D]')"],
    "array(timedelta64[ns], 1d, C)": ["np.array([5, -7, 0], dtype='m8[ns]')"],
    "readonly bytes(uint8, 1d, C)": ["b'ab,c'", "b''"],
    "bytearray(uint8, 1d, C)": ["bytearray(b'xyz')"],
}


def recursive(tree):
    """The names of the module-level functions that can reach themselves through calls of
    module-level functions: drawn values may recurse without end there, which overflows the
    stack in compiled code (Numba's too), a crash that is not a bug."""
    defs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    calls = {n: {c.func.id for c in ast.walk(f) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in defs} for n, f in defs.items()}
    out = set()
    for start in defs:
        seen, todo = set(), list(calls[start])
        while todo:
            n = todo.pop()
            if n == start:
                out.add(start)
                break
            if n not in seen:
                seen.add(n)
                todo.extend(calls[n])
    return out


def lazy_functions(path):
    """The module-level functions compiled lazily by `@njit`/`@jit` (no signatures, no
    options that change the kind), with positional parameters only, that are not recursive."""
    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return []
    cycles = recursive(tree)
    out = []
    for f in tree.body:
        if isinstance(f, ast.FunctionDef) and f.name in cycles:
            continue
        if not isinstance(f, ast.FunctionDef) or not f.decorator_list:
            continue
        if len(f.decorator_list) != 1:
            continue
        d = f.decorator_list[0]
        call = d if isinstance(d, ast.Call) else None
        d = call.func if call else d
        if getattr(d, "id", getattr(d, "attr", None)) not in ("njit", "jit"):
            continue
        # Options only (`@njit(fastmath=True)`), and not object mode.
        if call and (call.args or any(k.arg in ("forceobj", "nopython", "signature") for k in call.keywords)):
            continue
        a = f.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.defaults or a.posonlyargs:
            continue
        out.append((f.name, len(a.args)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--keep", default=None, help="copy failing cases here")
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    roots = [os.path.join(ROOT, "tests", "corpus", "cases"), os.path.join(SHARED, "corpus", "cases")]
    files = sorted(os.path.join(r, f) for r in roots if os.path.isdir(r) for f in os.listdir(r) if f.endswith(".py"))
    rng.shuffle(files)
    pool = sorted(VALUES)
    failures, built, calls = [], 0, 0
    work = tempfile.mkdtemp(prefix="numrs-random-sigs-")
    try:
        for path in files:
            if built >= opts.files:
                break
            funcs = lazy_functions(path)
            if not funcs:
                continue
            built += 1
            case = os.path.join(work, "case%d" % built)
            os.makedirs(case)
            module = "m%d" % built
            src = os.path.join(case, module + ".py")
            shutil.copy(path, src)
            planned = []
            with open(src + ".sigs", "w") as fh:
                for name, arity in funcs:
                    for _ in range(2):
                        types = [rng.choice(pool) for _ in range(arity)]
                        fh.write(json.dumps({"file": src, "qualname": name, "args": types}) + "\n")
                        planned.append((name, [rng.choice(VALUES[t]) for t in types]))
            out = os.path.join(case, "out")
            try:
                # Bounds checked (Numba's NUMBA_BOUNDSCHECK=1): drawn values index past the
                # end of arrays, which without the check writes outside them (in Numba too).
                r = subprocess.run([BINARY, "build", src, "-o", out, "--signatures", src + ".sigs"],
                                   capture_output=True, text=True, timeout=300, env=dict(os.environ, NUMBA_BOUNDSCHECK="1"))
            except subprocess.TimeoutExpired:
                failures.append("%s: numrs build did not finish in 300 s" % path)
                continue
            text = r.stdout + r.stderr
            if r.returncode not in (0, 1) or "panicked" in text or "internal error" in text:
                lines = [l for l in text.splitlines() if "panicked" in l or "internal error" in l][:3]
                failures.append("%s: numrs build exited %d: %s" % (path, r.returncode, " | ".join(lines)))
            elif os.path.isdir(out) and any(f.endswith(".so") for f in os.listdir(out)):
                script = ["import sys", "import numpy as np", "sys.path.insert(0, %r)" % out, "import %s as m" % module]
                for name, args in planned:
                    script.append("print(%r, flush=True)" % ("%s(%s)" % (name, ", ".join(args))))
                    script.append("try:\n    m.%s(%s)\nexcept Exception:\n    pass" % (name, ", ".join(args)))
                calls += len(planned)
                with open(os.path.join(case, "calls.py"), "w") as fh:
                    fh.write("\n".join(script) + "\n")
                try:
                    c = subprocess.run([sys.executable, os.path.join(case, "calls.py")], capture_output=True, text=True, timeout=120, cwd=case)
                    last = (c.stdout.strip().splitlines() or ["(import)"])[-1]
                    if c.returncode != 0:
                        failures.append("%s: calling the built module exited %d at %s: %s" % (path, c.returncode, last, c.stderr.strip()[-300:]))
                except subprocess.TimeoutExpired:
                    # A loop whose exit the drawn values never reach (Python would not stop
                    # either) is not a crash.
                    pass
            if failures and opts.keep and failures[-1].startswith(path):
                shutil.copytree(case, os.path.join(opts.keep, os.path.basename(case)), dirs_exist_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("random signatures: %d files built, %d calls, %d failures" % (built, calls, len(failures)))
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
