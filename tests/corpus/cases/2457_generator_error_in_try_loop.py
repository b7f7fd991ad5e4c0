"""A generator raising while a `for` loop in a `try` body consumes it: Numba stores the
exception and ends the loop; the handler runs only when the loop's exit passes another block of
the body. When the loop is the body's last statement, the exception is lost."""
import numpy as np
from numba import njit

@njit
def gen(n):
    for i in range(n):
        if i == 3:
            raise ValueError("boom")
        yield i

@njit
def after(n):
    s = 0
    try:
        for v in gen(n):
            s += v
        s += 100
    except Exception:
        s = 1000
    return s

@njit
def nxt(n):
    g = gen(n)
    s = 0
    try:
        s += next(g)
        s += next(g)
        s += next(g)
        s += next(g)
        s += 50
    except Exception:
        s += 1000
    return s

@njit
def lst(n):
    try:
        return len(list(gen(n)))
    except Exception:
        return -1

@njit
def bare(n):
    s = 0
    try:
        for v in gen(n):
            s += v
    except:
        s = 1000
    return s

@njit
def nested_loop(n):
    s = 0
    try:
        for k in range(2):
            for v in gen(n):
                s += v
            s += 10
    except Exception:
        s = 1000
    return s

@njit
def sumgen(n):
    try:
        return sum(gen(n))
    except Exception:
        return -1

@njit
def outer_call(n):
    return no_catch(n)

@njit
def no_catch(n):
    s = 0
    for v in gen(n):
        s += v
    return s

@njit
def catch_call(n):
    try:
        return no_catch(n)
    except Exception:
        return -1

@njit
def nested_last(n):
    s = 0
    try:
        for k in range(2):
            for v in gen(n):
                s += v
    except Exception:
        s = 1000
    return s

@njit
def in_if(n, c):
    s = 0
    try:
        if c:
            for v in gen(n):
                s += v
    except Exception:
        s = 1000
    return s

@njit
def for_else(n):
    s = 0
    try:
        for v in gen(n):
            s += v
        else:
            s += 7
    except Exception:
        s = 1000
    return s

@njit
def try_else(n):
    s = 0
    try:
        for v in gen(n):
            s += v
    except Exception:
        s = 1000
    else:
        s += 5
    return s

@njit
def with_finally(n):
    s = 0
    try:
        for v in gen(n):
            s += v
    except Exception:
        s = 1000
    finally:
        s += 1
    return s

@njit
def arr_after(n):
    a = np.zeros(2)
    try:
        for v in gen(n):
            a[0] += v
        a[1] = 9.0
    except Exception:
        a[0] += 1000
    return a

CALLS = [("after", (5,)), ("nxt", (5,)), ("lst", (5,)), ("bare", (5,)), ("nested_loop", (5,)),
         ("sumgen", (5,)), ("catch_call", (5,)), ("after", (2,)),
         ("nested_last", (5,)), ("in_if", (5, True)), ("for_else", (5,)), ("try_else", (5,)), ("with_finally", (5,)), ("arr_after", (5,))]
