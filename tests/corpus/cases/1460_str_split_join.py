from numba import njit


@njit("(unicode_type,)")
def parse(line):
    parts = line.strip().split(",")
    words = line.split()
    two = line.split(",", 1)
    cleaned = [p.strip() for p in parts]
    joined = ";".join(cleaned)
    r = line.rstrip("\n").lstrip()
    rep = line.replace(",", " ")
    return parts, words, two, joined, r, rep


@njit("(unicode_type,)")
def join_ints(s):
    return ",".join([1, 2])


CALLS = [("parse", (" a, b ,c \n",))]
