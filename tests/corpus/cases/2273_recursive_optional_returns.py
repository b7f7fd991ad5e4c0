# Recursive functions whose base case returns None (or another type) and whose other paths
# return what the recursive call makes: Numba types the recursive call again as the typing goes
# on (first the base case's type, then the types it settles on).
import numpy as np
from numba import njit, int64, optional, deferred_type
from numba.experimental import jitclass

tnode = deferred_type()


@jitclass([("key", int64), ("left", optional(tnode))])
class TNode:
    def __init__(self, key, left):
        self.key = key
        self.left = left


tnode.define(TNode.class_type.instance_type)


@njit
def chain(n):
    if n <= 0:
        return None
    return TNode(n, chain(n - 1))


@njit
def chain_len(n):
    cur = chain(n)
    k = 0
    s = 0
    while cur is not None:
        k += 1
        s += cur.key
        cur = cur.left
    return k, s


@njit
def halves(n):
    if n == 0:
        return 1
    return halves(n - 1) * 0.5


@njit("float64(int64)")
def halves_eager(n):
    if n == 0:
        return 1
    return halves_eager(n - 1) * 0.5


CALLS = [
    ("chain_len", (4,)),
    ("chain_len", (0,)),
    ("halves", (3,)),
    ("halves", (0,)),
    ("halves_eager", (5,)),
]
