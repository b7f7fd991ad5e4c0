"""Calls with keyword arguments from Python into a built module, bound as Numba's dispatcher
binds them (`find_named_args`): keyword-only parameters are taken as positional ones, the
positional defaults (`__defaults__`) belong to the last parameters whatever their kind, and
keyword-only defaults are never used. Each call's result (or exception class and message) must
equal what Numba 0.68.1 gave for the same call, recorded in `keyword_calls.expected.json`.

Usage: python tests/build/keyword_calls.py            (a Python with numpy and the runtime)
       python tests/build/keyword_calls.py --record   (a Python with numba 0.68.1: rewrites
                                                       the expected answers)
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")
EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keyword_calls.expected.json")

SOURCE = '''
from numba import njit


@njit("int64(int64, int64)")
def scaled(a, *, b):
    return a * b


@njit("int64(int64, int64)")
def shifted(a, *, b=2):
    return a + b


@njit("int64(int64, int64)")
def first_default(a=1, *, b):
    return a * b


@njit(["int64(int64, int64)", "float64(float64, float64)"])
def minus(a, *, b=2):
    return a - b


@njit("float64(float64, int64, int64)")
def two_kwonly(a, *, b, c):
    return a * b - c


@njit("int64(int64)")
def caller(x):
    return scaled(x, 3) + minus(x, 1)


@njit("int64(int64, UniTuple(int64, 2), int64)")
def star_kw(a, *args, c=5):
    return a + args[0] * 10 + args[1] * 100 + c * 1000


@njit
def lazy(a, *, b):
    return a - b


@njit
def plain(a, b=3, c=0.5):
    return a * b + c
'''

# The lazily compiled functions' specializations, as Numba compiles them for CALLS (a parameter
# left to its default is `omitted(default=...)`).
RECORDED = [
    ("lazy", ["int64", "int64"]),
    ("lazy", ["float64", "int64"]),
    ("plain", ["int64", "omitted(default=3)", "omitted(default=0.5)"]),
    ("plain", ["int64", "omitted(default=3)", "int64"]),
    ("plain", ["int64", "int64", "float64"]),
]

CALLS = [
    "scaled(2, b=5)", "scaled(2, 5)", "scaled(b=5, a=2)", "scaled(2)", "scaled(2, c=5)", "scaled(2, 3, b=4)",
    "shifted(1, b=5)", "shifted(1)", "shifted(1, 2)",
    "first_default(5)", "first_default(5, 6)", "first_default(b=3)", "first_default(a=2, b=3)", "first_default()",
    "first_default(1, 2, 3)",
    "minus(1.5, b=2)", "minus(b=1.5, a=2)", "minus(1)", "minus(4, b=1)",
    "two_kwonly(1.5, c=1, b=2)", "two_kwonly(1.5, 2, c=1)", "two_kwonly(1.5, b=2)",
    "caller(4)",
    "lazy(5, b=2)", "lazy(5.5, 2)", "lazy(b=1, a=2)",
    "star_kw(1, (2, 3), 4)", "star_kw(1, (2, 3), c=4)", "star_kw(1, 2, 3, 4)", "star_kw(1, (2, 3))",
    "star_kw(a=1, args=(2, 3), c=4)",
    "plain(2)", "plain(2, c=1)", "plain(c=1, a=2)", "plain(2, 4, 0.25)", "plain(b=2)", "plain(2, d=1)",
]


def outcome(module, call):
    try:
        return {"result": repr(eval("m." + call, {"m": module}))}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e).splitlines()[0]}


def main():
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "kwcalls.py"), "w") as f:
            f.write(SOURCE)
        if "--record" in sys.argv:
            sys.path.insert(0, d)
            import kwcalls
            answers = {call: outcome(kwcalls, call) for call in CALLS}
            import numba
            with open(EXPECTED, "w") as f:
                json.dump({"numba_version": numba.__version__, "calls": answers}, f, indent=1, sort_keys=True)
                f.write("\n")
            print("recorded %d calls" % len(answers))
            recorded = sorted((name, [str(t) for t in sig]) for name in ("lazy", "plain") for sig in getattr(kwcalls, name).signatures)
            if recorded != sorted(RECORDED):
                print("RECORDED differs from Numba's specializations: %s" % recorded)
                return 1
            return 0
        out = os.path.join(d, "out")
        sigs = os.path.join(d, "signatures.jsonl")
        with open(sigs, "w") as f:
            for name, args in RECORDED:
                f.write(json.dumps({"file": "kwcalls.py", "qualname": name, "args": args}) + "\n")
        run = subprocess.run([BINARY, "build", "kwcalls.py", "--signatures", sigs, "-o", out], capture_output=True, text=True, cwd=d)
        if run.returncode != 0:
            print(run.stderr)
            return 1
        sys.path.insert(0, out)
        import kwcalls
        with open(EXPECTED) as f:
            expected = json.load(f)["calls"]
        failed = 0
        for call in CALLS:
            got, want = outcome(kwcalls, call), expected[call]
            ok = got == want
            print("%s %s -> %s" % ("ok  " if ok else "FAIL", call, got) + ("" if ok else "  (Numba: %s)" % (want,)))
            failed += not ok
    print("keyword calls: %d calls, %d failed" % (len(CALLS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
