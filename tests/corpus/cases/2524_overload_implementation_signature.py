"""An `@overload` implementation must take its typing function's parameters with the same
defaults (Numba's `_validate_sigs`): a different default, a renamed parameter or a missing
keyword is a TypingError at the call; matching ones compile."""
from numba import njit
from numba.extending import overload


def differs_default(a, kw=None):
    pass


@overload(differs_default)
def _ol_differs_default(a, kw=None):
    def impl(a, kw=12):
        return a + 1
    return impl


def renamed(a, b):
    pass


@overload(renamed)
def _ol_renamed(a, b):
    def impl(a, c):
        return a + c
    return impl


def matching(a, kw=None, n=3):
    pass


@overload(matching)
def _ol_matching(a, kw=None, n=3):
    def impl(a, kw=None, n=3):
        return a * n
    return impl


@njit
def use_default(a, d):
    return differs_default(a, kw=d)


@njit
def use_renamed(a, b):
    return renamed(a, b)


@njit
def use_matching(a):
    return matching(a), matching(a, n=2)


CALLS = [
    ("use_default", (1, 4)),
    ("use_renamed", (1, 2)),
    ("use_matching", (5,)),
]
