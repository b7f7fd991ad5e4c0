# The heapq module on lists (reflected or typed): Numba's port of CPython's heapq; an item
# pushed must have the heap's item type.
import heapq
import numpy as np
from numba import njit
from numba.typed import List


@njit("int64[:](int64[:])")
def heapsort(a):
    h = [a[0]]
    for x in a[1:]:
        heapq.heappush(h, x)
    out = np.empty(len(h), np.int64)
    for i in range(len(out)):
        out[i] = heapq.heappop(h)
    return out


@njit("float64(int64)")
def dijkstra_like(n):
    h = [(0.0, 0)]
    seen = 0.0
    for i in range(1, n):
        heapq.heappush(h, (float((i * 7) % 5), i))
    while h:
        d, node = heapq.heappop(h)
        seen += d * node
    return seen


@njit("int64(int64[:])")
def heapify_first(a):
    l = list(a)
    heapq.heapify(l)
    return l[0] * 100 + l[1]


@njit("float64(float64[:])")
def replace_pushpop(a):
    l = list(a)
    heapq.heapify(l)
    r = heapq.heapreplace(l, 10.0)
    p = heapq.heappushpop(l, -1.0)
    return r * 1000 + p + l[0]


@njit("int64(int64[:])")
def largest_smallest(a):
    big = heapq.nlargest(3, a)
    small = heapq.nsmallest(2, list(a))
    return big[0] * 1000 + big[2] * 10 + small[1]


@njit("int64(int64)")
def empty_then_push(n):
    h = []
    heapq.heappush(h, n)
    return h[0]


@njit("int64(int64)")
def typed_list_heap(n):
    h = List()
    h.append(5)
    heapq.heappush(h, n)
    return heapq.heappop(h)


@njit("float64(int64)")
def wrong_item(n):
    h = [1.0]
    heapq.heappush(h, n)
    return h[0]


CALLS = [
    ("heapsort", (np.array([5, 3, 8, 1, 9, 2]),)),
    ("dijkstra_like", (6,)),
    ("heapify_first", (np.array([5, 3, 8, 1, 9, 2]),)),
    ("replace_pushpop", (np.array([5.0, 3.0, 8.0, 1.0]),)),
    ("largest_smallest", (np.array([5, 3, 8, 1, 9, 2]),)),
    ("typed_list_heap", (3,)),
]
