# A typed List's first append of an optional value (`str * int` is OptionalType(unicode_type) in
# Numba) is Numba's TypingError at the append: List.item_type cannot be optional.
# `str * int` is OptionalType(unicode_type) in Numba; typed List refuses Optional items
# (TypingError: List.item_type cannot be of type OptionalType(unicode_type)).
# numrs builds it and returns ListType[OptionalType(unicode_type)].
from numba import njit
from numba.typed import List


@njit("void(int64)")
def tl_strings_sig(n):
    l = List()
    for i in range(n):
        l.append(str(i) * 2)


@njit
def tl_strings(n):
    l = List()
    for i in range(n):
        l.append(str(i) * 2)
    return l


CALLS = [
    ("tl_strings", (3,)),
]
