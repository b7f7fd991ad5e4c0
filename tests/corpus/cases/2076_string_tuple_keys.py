# Tuples holding strings as dict and set keys (bigram counting), hash() of them, and sets of
# strings made from a string's characters: numrs build refused them ("tuples of
# non-scalars", "hash() of unicode_type", "set(unicode_type)").
import numpy as np
from numba import njit


@njit
def bigram_counts(s):
    words = s.split()
    d = {}
    for i in range(len(words) - 1):
        k = (words[i], words[i + 1])
        if k in d:
            d[k] += 1
        else:
            d[k] = 1
    return sorted(d.items())


@njit
def hash_str_tuple(t):
    return hash(t)


@njit
def set_of_str_tuples(s):
    st = set()
    for w in s.split():
        st.add((w, len(w)))
    return len(st)


@njit
def bigrams(s):
    words = s.split()
    d = {}
    for i in range(len(words) - 1):
        k = (words[i], words[i + 1])
        d[k] = d.get(k, 0) + 1
    return d


@njit
def bigram_ops(s):
    d = bigrams(s)
    out = []
    for k, v in d.items():
        out.append((k[0] + "-" + k[1], v))
    had = ("a", "b") in d
    del d[("a", "b")]
    last = d.popitem()
    return out, had, ("a", "b") in d, last, len(d)


@njit
def str_tuple_set(s):
    st = set()
    for w in s.split():
        st.add((w, len(w)))
    st.add(("x", 1))
    st.discard(("zz", 2))
    return st


@njit
def mixed_keys(n):
    d = {}
    for i in range(n):
        d[(i % 3, str(i % 2), float(i))] = i
    return d


@njit
def hashes(t, u):
    return hash(t) == hash(u), hash(("a", 1)) == hash(("a", 1))


@njit
def set_of_str(s):
    return sorted(set(s))


@njit
def set_words(s):
    st = set(s.split())
    st.add("extra")
    return len(st), "a" in st, sorted(st)


@njit
def set_words_ret(s):
    st = {w for w in s.split()}
    st.discard("b")
    return st


CALLS = [
    ("bigram_counts", ("a b a b c",)),
    ("hash_str_tuple", (("a", 1),)),
    ("set_of_str_tuples", ("x yy x zz",)),
    ("bigrams", ("a b a b c",)),
    ("bigram_ops", ("a b a b c d",)),
    ("str_tuple_set", ("x yy x zz",)),
    ("mixed_keys", (5,)),
    ("hashes", (("a", "b"), ("a", "b"))),
    ("hashes", (("a", "b"), ("a", "c"))),
    ("set_of_str", ("hello",)),
    ("set_words", ("a b a c",)),
    ("set_words_ret", ("a b a c",)),
]
