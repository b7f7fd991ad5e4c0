from numba import njit


@njit("(unicode_type,)")
def codes(s):
    out = []
    for ch in s:
        out.append(ord(ch))
    back = ""
    for c in out:
        back += chr(c + 1)
    first = s[0]
    tail = s[1:]
    rev = s[::-1]
    n = len(s)
    return out, back, first, tail, rev, n


@njit("(unicode_type, unicode_type)")
def compare(a, b):
    return a == b, a < b, a >= b, a != b, a + b


@njit("(int64,)")
def ord_int(n):
    return ord(n)


CALLS = [("codes", ("abc",)), ("compare", ("a", "b"))]
