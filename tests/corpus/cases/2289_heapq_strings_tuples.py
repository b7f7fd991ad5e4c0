"""heapq on lists of strings and of tuples holding strings (a priority queue of named tasks),
and nsmallest/nlargest of tuples and strings."""
import heapq
import numpy as np
from numba import njit


@njit
def heap_strings(n):
    h = ["pear", "apple", "fig"]
    heapq.heapify(h)
    heapq.heappush(h, "kiwi")
    out = ""
    while len(h) > 0:
        out += heapq.heappop(h) + ","
    return out


@njit
def tasks(n):
    h = [(3.0, "write"), (1.0, "plan")]
    heapq.heapify(h)
    for i in range(n):
        heapq.heappush(h, (float(i) + 0.5, "step" + str(i)))
    order = ""
    while h:
        p, name = heapq.heappop(h)
        order += name + " "
    return order


@njit
def replace_and_pushpop(n):
    h = ["m", "c", "x"]
    heapq.heapify(h)
    a = heapq.heapreplace(h, "b")
    b = heapq.heappushpop(h, "a")
    c = heapq.heappushpop(h, "z")
    return a + b + c + "".join(h)


@njit
def smallest_pairs(n):
    xs = [(3, 1), (1, 2), (2, 0), (1, 1)]
    return heapq.nsmallest(n, xs)


@njit
def largest_words(n):
    words = ["delta", "alpha", "echo", "bravo", "charlie"]
    return heapq.nlargest(n, words)


@njit
def smallest_named(n):
    xs = [(2.5, "b"), (0.5, "a"), (9.0, "z")]
    return heapq.nsmallest(n, xs)


@njit
def firsts(k):
    xs = [1.0, np.nan, 0.5, 3.0]
    return heapq.nsmallest(k, xs), heapq.nlargest(k, xs)


@njit
def of_empty(k):
    xs = [1.0]
    xs.pop()
    return heapq.nsmallest(k, xs)


CALLS = [
    ("firsts", (1,)),
    ("firsts", (0,)),
    ("firsts", (4,)),
    ("firsts", (-1,)),
    ("of_empty", (1,)),
    ("of_empty", (2,)),
    ("of_empty", (-1,)),
    ("heap_strings", (1,)),
    ("tasks", (3,)),
    ("replace_and_pushpop", (0,)),
    ("smallest_pairs", (2,)),
    ("smallest_pairs", (0,)),
    ("smallest_pairs", (9,)),
    ("largest_words", (3,)),
    ("largest_words", (-1,)),
    ("smallest_named", (2,)),
]
