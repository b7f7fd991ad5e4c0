# sorted()/list.sort() with keys that are strings or tuples holding strings: Numba's argsort
# quicksort of the keys (ties keep its order), compared as strings.
from numba import njit


@njit
def by_len_then_alpha(words):
    return sorted(words, key=lambda w: (len(w), w))   # Numba: ['a', 'ab', 'bb', 'ccc']


@njit
def by_reversed(words):
    return sorted(words, key=lambda w: w[::-1])       # Numba: ['ba', 'ca', 'ab']


@njit
def sort_method(words):
    l = list(words)
    l.sort(key=lambda w: (w[0], len(w)))
    return l                                          # Numba: ['a', 'ab', 'bb', 'ba']


@njit
def by_first_char(words):
    return sorted(words, key=lambda w: w[0])


@njit
def by_self_rev(words):
    return sorted(words, key=lambda w: w, reverse=True)


@njit
def many_ties(n):
    words = [str(i % 7) + "x" + str(i) for i in range(n)]
    return sorted(words, key=lambda w: w[0])


@njit
def tuple_pairs(n):
    out = [(str(i % 3), i) for i in range(n)]
    out.sort(key=lambda p: (p[0], -p[1]))
    return out


CALLS = [("by_first_char", (["ba", "ab", "bb", "aa", "ca"],)), ("by_self_rev", (["b", "a", "c"],)), ("many_ties", (40,)), ("tuple_pairs", (10,)),
("by_len_then_alpha", (["bb", "a", "ccc", "ab"],)), ("by_reversed", (["ab", "ba", "ca"],)),
         ("sort_method", (["bb", "a", "ba", "ab"],))]
