"""Specializations for literal arguments: where Numba compiled a function for a value
(`numba.literally(x)` makes its dispatcher compile `f(Literal[int](3))` for `f(3)`), the
recorded signature holds the literal, and the built dispatcher runs that specialization for
calls passing that value, as Numba's finds the one it compiled. Other values have no
specialization: TypeError (a built module cannot compile). Literal strings and booleans too.

Usage: python tests/build/literal_dispatch.py   (a Python with numpy and the runtime installed)
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
from numba import njit, literally


@njit
def plus_one(x):
    return literally(x) + 1


@njit
def scaled(x, k):
    return x * literally(k)


@njit
def pick(flag, s):
    if literally(flag):
        return len(literally(s))
    return -1
'''

RECORDED = [
    ("plus_one", ["Literal[int](3)"]),
    ("plus_one", ["Literal[int](-7)"]),
    ("scaled", ["float64", "Literal[int](4)"]),
    ("pick", ["Literal[bool](True)", "Literal[str](abc)"]),
]

# (call, expected result or exception class name)
CASES = [
    ("m.plus_one(3)", 4),
    ("m.plus_one(-7)", -6),
    ("m.plus_one(4)", "TypeError"),
    ("m.plus_one(3.0)", "TypeError"),
    ("m.scaled(1.5, 4)", 6.0),
    ("m.scaled(1.5, 5)", "TypeError"),
    ("m.pick(True, 'abc')", 3),
    ("m.pick(True, 'abd')", "TypeError"),
    ("m.pick(False, 'abc')", "TypeError"),
]


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "literal_mod.py")
        with open(src, "w") as f:
            f.write(SOURCE)
        sigs = os.path.join(d, "sigs.jsonl")
        with open(sigs, "w") as f:
            for name, args in RECORDED:
                f.write(json.dumps({"file": src, "qualname": name, "args": args}) + "\n")
        out = os.path.join(d, "out")
        run = subprocess.run([BINARY, "build", src, "-o", out, "--signatures", sigs], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr)
            return 1
        sys.path.insert(0, out)
        import literal_mod as m

        for call, want in CASES:
            try:
                got = eval(call, {"m": m})
            except Exception as e:  # noqa: BLE001 - the class is the expected outcome
                got = type(e).__name__
            if got != want:
                print("FAIL %s: %r, expected %r" % (call, got, want))
                failed += 1
    print("literal dispatch: %d/%d calls as expected" % (len(CASES) - failed, len(CASES)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
