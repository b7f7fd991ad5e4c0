# `str * int` is typed by Numba as OptionalType(unicode_type); passing it on to str.replace is a
# TypingError in Numba (raised when called), while numrs fails at lowering (TypeError on call).
from numba import njit


@njit
def censor(text, word):
    return text.replace(word, "*" * len(word))


@njit
def stars(n):
    return "*" * n


CALLS = [
    ("censor", ("the bad word", "bad")),
    ("stars", (3,)),
]
