"""Each dispatcher keeps its own typeof fingerprints, as Numba's: a tuple of small ints passed
to one function does not make a later tuple holding 2**63 an int64 tuple for another (whose
first such call types it uint64, and whose later calls then reuse that)."""
from numba import njit


@njit
def first(x):
    return x


@njit
def second(x):
    return x


CALLS = [
    ("first", ((5,),)),
    ("second", ((2**63,),)),
    ("second", ((7,),)),
]
