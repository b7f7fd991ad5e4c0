# Enum members passed between jit functions and returned by them (also IntEnum members in
# arithmetic), IntEnum members as array indices, lists of members, and member values that are
# constant expressions (`1 << 3`, `2 ** 40`, `int(3)`, an earlier member).
import enum

import numpy as np
from numba import njit


class State(enum.IntEnum):
    IDLE = 0
    RUN = 1


class Sign(enum.IntEnum):
    NEG = -1
    POS = 1


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Flags(enum.IntEnum):
    A = 1 << 3
    B = A + 1
    C = int(3)
    HUGE = 2 ** 40


@njit
def transition(s, ev):
    if ev == 1:
        return State.RUN
    return s


@njit
def run_machine(ev):
    s = State.IDLE
    s = transition(s, ev)
    return s


@njit
def sign_of(x):
    if x > 0:
        return Sign.POS
    return Sign.NEG


@njit
def sign_plus(x):
    return sign_of(x) + 0


@njit
def value_of(c):
    return c.value


@njit
def green_value():
    return value_of(Color.GREEN)


@njit
def by_index(a, k):
    return a[k], a[State.RUN]


@njit
def store_at(a, k):
    a[k] = 7.0
    return a


@njit
def count_running(states):
    n = 0
    for s in states:
        if s == State.RUN:
            n += 1
    return n


@njit("()")
def flag_values():
    return Flags.A.value, Flags.B.value, Flags.C + 0, Flags.HUGE.value


CALLS = [
    ("run_machine", (1,)), ("run_machine", (0,)), ("sign_of", (-2.0,)), ("sign_plus", (1.0,)),
    ("green_value", ()), ("by_index", (np.arange(4.0), State.IDLE)), ("store_at", (np.zeros(3), State.RUN)),
    ("count_running", ([State.RUN, State.IDLE, State.RUN],)), ("flag_values", ()), ("value_of", (Flags.B,)),
]
