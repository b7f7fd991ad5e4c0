# A handler sees the values variables had when the try body failed, and so does the code
# after the try statement (literal and non-literal assignments, loops, nested calls).
from numba import njit


@njit
def checked(x):
    if x > 2:
        raise ValueError("too big")
    return x


@njit("(int64,)")
def in_loop(n):
    t = 0
    try:
        for i in range(n):
            t += checked(i)
        t += 100
    except Exception:
        t = -t
    return t


@njit("(int64,)")
def literal_then_call(n):
    t = 0
    try:
        t = 5
        t += checked(n)
    except Exception:
        t = -t
    return t


@njit("(int64,)")
def seen_after(n):
    t = 1
    k = 0.5
    try:
        t = 7
        k = 2.5
        checked(n)
        t = 9
    except Exception:
        pass
    return t, k


@njit("(int64,)")
def nested_counts(n):
    done = 0
    failed = 0
    for i in range(n):
        try:
            done += 1
            checked(i)
            done += 10
        except Exception:
            failed += done
    return done, failed


CALLS = [
    ("in_loop", (5,)),
    ("in_loop", (2,)),
    ("literal_then_call", (1,)),
    ("literal_then_call", (7,)),
    ("seen_after", (1,)),
    ("seen_after", (5,)),
    ("nested_counts", (6,)),
]
