"""Strings in built modules: every function below is built with `numrs build`, imported, and
called; results must equal (==) CPython running the same (undecorated) source, which for these
operations is what Numba returns (Numba gives some predicates such as `isdigit` as int64: 1
for True). Exceptions must be the same class. Afterwards the runtime
must hold no string memory and no exception message (`numrs_runtime._stats()`), so reference
counting of temporaries, loop items, list items and arguments, and the release of caught
exceptions' messages, is checked too.

Usage: python tests/build/strings.py   (a Python with numpy and the runtime installed)
"""
import contextlib
import io
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
from numba import njit


@njit("(unicode_type, unicode_type)")
def basics(a, b):
    c = a + b
    return c, len(c), c[0], c[-1], c[1:], c[::-1], c[1:-1:2], a == b, a != b, a < b, a >= b, a in c


@njit("(unicode_type,)")
def methods(s):
    t = s.strip().lower()
    return (t.split(","), "-".join(t.split(",")), s.upper(), s.startswith(" a"), s.endswith("C "),
            s.find("b"), s.rfind(","), s.count(","), s.replace(",", ";"), s.lstrip(), s.rstrip(),
            t.title(), t.capitalize(), s.swapcase(), t.zfill(9), t.center(11, "*"), t.ljust(8), t.rjust(8),
            s.split(), t.split(",", 1), t.rsplit(","), s.strip(" ,C"))


@njit("(unicode_type,)")
def predicates(s):
    return s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower(), s.isdecimal(), s.isascii()


@njit("(unicode_type, int64)")
def conversions(s, n):
    r = s * n
    o = ord(s[0])
    return r, o, chr(o + 1), str(n), str(-n), str(True), f"n={n}, s={s}!", bool(s), not s


@njit("(unicode_type, unicode_type)")
def iterate(s, ch):
    count = 0
    out = ""
    for x in s:
        if x == ch:
            count += 1
        out = x + out
    return count, out


@njit("(unicode_type, int64)")
def index(s, i):
    return s[i]


@njit("(unicode_type, unicode_type)")
def must_find(s, sub):
    return s.index(sub)


@njit("(int64,)")
def character(i):
    return chr(i)


@njit("(unicode_type,)")
def ordinal(s):
    return ord(s)


@njit("(int64, float64)")
def printing(n, x):
    print("n =", n, x, True, "done")
    return n


@njit("(int64, float64[:])")
def printing_containers(n, a):
    # Printed as Numba prints them: boxed, then str() as Python does.
    print(a, [n, n + 1], (n, 2.5), {n: 1.5}, {n}, complex(n, 1.5))
    print("sum", a * 2, [[n], [n, n]])
    return n


@njit("(int64,)")
def words(n):
    out = []
    for i in range(n):
        out.append("w" + str(i))
    return out, ",".join(out), len(out)


@njit("()")
def literal():
    s = "abc"
    t = (1, "x")
    return s, t, s + "d"


@njit("(unicode_type,)")
def unicode_text(s):
    return len(s), s.upper(), s[1], s[::-1]


@njit("(int64, float64, unicode_type)")
def raising(n, x, s):
    if n < 0:
        raise ValueError("bad value", n, x, n > -5)
    if n == 0:
        raise KeyError(s)
    if n == 1:
        raise IndexError(x)
    return n


@njit("(unicode_type,)")
def str_dict(text):
    words = text.split(",")
    d = {words[0]: 0}
    for w in words:
        d[w] = d.get(w, 0) + 1
    keys = [k for k in d]
    firsts = [k[0] for k, v in d.items() if v > 1]
    e = d.copy()
    popped = e.pop(words[0])
    last = e.popitem() if len(e) > 0 else ("", -1)
    e["zz" + words[0]] = 7
    d.clear()
    d["x"] = len(keys)
    return d, e, keys, firsts, popped, last, "x" in d, words[0] in e


@njit("(unicode_type,)")
def hashes(s):
    # CPython's hash of a string (per process, as Numba computes it).
    return hash(s), hash(s + "é"), hash(s[1:])


@njit("(int64, unicode_type)")
def catching(n, s):
    # A caught exception's run-time message must be released.
    total = 0
    for i in range(n):
        try:
            raising(i - 2, 0.5, s)
        except Exception:
            total += 1
    return total
'''

CALLS = [
    ("basics", ("ab", "cd")),
    ("basics", ("", "x")),
    ("methods", (" a,b,C ",)),
    ("methods", ("x",)),
    ("predicates", ("12",)),
    ("predicates", ("Ab",)),
    ("predicates", ("",)),
    ("predicates", ("  ",)),
    ("conversions", ("ab", 3)),
    ("conversions", ("z", 0)),
    ("iterate", ("banana", "a")),
    ("iterate", ("", "a")),
    ("index", ("hello", 1)),
    ("index", ("hello", -1)),
    ("index", ("hello", 5)),
    ("must_find", ("hello", "ll")),
    ("must_find", ("hello", "z")),
    ("character", (97,)),
    ("character", (-1,)),
    ("ordinal", ("a",)),
    ("ordinal", ("ab",)),
    ("printing", (1, 2.5)),
    ("words", (3,)),
    ("words", (0,)),
    ("printing_containers", (3, np.arange(3.0))),
    ("literal", ()),
    ("unicode_text", ("héllo wörld ✓",)),
    ("raising", (-3, 2.5, "k")),
    ("raising", (0, 1.0, "kéy")),
    ("raising", (1, 0.1, "")),
    ("raising", (2, 0.0, "")),
    ("catching", (5, "key")),
    ("str_dict", ("a,b,a,cé,b,a",)),
    ("str_dict", ("solo",)),
    ("hashes", ("",)),
    ("hashes", ("hello wörld 😀",)),
]

# Functions whose exception messages (built at run time) must equal CPython's too.
MESSAGES = {"raising"}


def outcome(f, args, message=False):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            r = f(*args)
        # Compared with ==: Numba types some predicates (`isdigit`...) as int64, so 1 == True.
        return ("ok", r, out.getvalue())
    except Exception as e:  # the class is what must agree
        return ("error", type(e).__name__, str(e) if message else None, out.getvalue())


def main():
    work = tempfile.mkdtemp(prefix="numrs-strings-")
    src = os.path.join(work, "strmod.py")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(SOURCE)
    out = os.path.join(work, "out")
    b = subprocess.run([BINARY, "build", src, "-o", out], capture_output=True, text=True)
    if b.returncode != 0:
        print(b.stdout, b.stderr)
        return 1
    sys.path.insert(0, out)
    import strmod  # the built module
    import numrs_runtime

    plain = {}
    plain_src = SOURCE.replace("from numba import njit", "njit = lambda *a, **k: (lambda f: f)")
    exec(compile(plain_src, "plain", "exec"), plain)
    failed = 0
    before = numrs_runtime._stats()
    for _ in range(3):  # repeated calls must not accumulate memory
        for name, args in CALLS:
            got = outcome(getattr(strmod, name), args, name in MESSAGES)
            want = outcome(plain[name], args, name in MESSAGES)
            if got != want:
                failed += 1
                print("DIFF %s%r: built %r, Python %r" % (name, args, got, want))
    # Returned typed dicts share their native memory until they are dropped.
    got = want = None
    after = numrs_runtime._stats()
    if any(after[k] != before[k] for k in ("meminfo_live", "live_bytes", "plain_live")):
        failed += 1
        print("LEAK: %r -> %r" % (before, after))
    print("strings: %d calls x3, %d failed" % (len(CALLS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
