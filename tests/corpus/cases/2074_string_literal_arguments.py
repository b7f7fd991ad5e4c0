# String literals passed to jit functions: Numba specializes the callee for Literal[str]
# (its value is its type's), whose string methods, iteration (iter_unicode), indexing and
# comparisons use the constant; numrs build said "argument 0 has no run-time value".
import numpy as np
from numba import njit


@njit
def upper_of(s):
    return s.upper()


@njit
def use_upper():
    return upper_of("abc")          # Numba: 'ABC'; numrs: not built ("argument 0 has no run-time value")


@njit
def join_with(l, sep):
    return sep.join(l)


@njit
def use_join(l):
    return join_with(l, "-")        # Numba: 'a-b'


@njit
def join_default(a, sep=","):
    return sep.join([str(x) for x in a])


@njit
def use_default(a):
    return join_default(a)          # Numba: '1,2,3' (default string parameter)


@njit
def strip_it(s):
    return s.strip()


@njit
def use_local_literal(x):
    s = "  pad  "                   # a local bound to a literal is enough
    return strip_it(s), x           # Numba: ('pad', 1)



@njit
def ident(s):
    return s

@njit
def passes_on(s):
    return ident(s) + "!"

@njit
def ops(s, t):
    out = []
    for c in s:
        out.append(c)
    return len(s), s[0], s[-1:], t in s, s == t, s < t, s + t, out, s.split(t)

@njit
def caller():
    return ident("lit"), passes_on("ab"), ops("a,b,c", ","), ops("xyz", "y")

@njit
def store(s):
    l = [s, "other"]
    d = {s: 1}
    return l, d[s]

@njit
def caller2():
    return store("key")

CALLS = [
    ("use_local_literal", (1,)),
    ("use_upper", ()),
    ("use_join", (["a", "b"],)),
    ("use_default", (np.array([1, 2, 3]),)),
    ("caller", ()), ("caller2", ()),
]
