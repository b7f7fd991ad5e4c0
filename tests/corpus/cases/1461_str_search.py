from numba import njit


@njit("(unicode_type, unicode_type)")
def search(s, sub):
    a = s.find(sub)
    b = s.rfind(sub)
    c = s.count(sub)
    d = s.startswith(sub)
    e = s.endswith(sub)
    f = sub in s
    g = s.index(sub)
    h = s.isdigit()
    i = s.isalpha()
    j = s.upper().lower().title()
    k = s.zfill(8)
    l = s.center(10)
    return a, b, c, d, e, f, g, h, i, j, k, l


@njit("(unicode_type,)")
def find_int(s):
    return s.find(1)


CALLS = [("search", ("abcab", "ab"))]
