# A handler reads the values variables had where the body failed (a call raising inside a loop,
# in an if, in a while), also a literal-typed first value returned directly from the handler.
from numba import njit


@njit
def thrower(x):
    if x == 1:
        raise ValueError("one")
    return 9


@njit
def loop_i(x, n):
    i = -1
    try:
        for i in range(n):
            if i == x:
                thrower(i)
    except:  # noqa: E722
        pass
    return i


@njit
def loop_i_exc(x, n):
    i = -1
    try:
        for i in range(n):
            if i == x:
                thrower(i)
    except Exception:
        pass
    return i


@njit
def loop_log(x, n):
    log = 0
    try:
        for i in range(n):
            log += i
            if i == x:
                thrower(i)
    except:  # noqa: E722
        log += 1000
    return log


@njit
def loop_tuple(x, n):
    i = -1
    log = 0
    try:
        for i in range(n):
            log += i
            if i == x:
                thrower(i)
    except:  # noqa: E722
        log += 1000
    return i, log


@njit
def try_inside_loop(n, bad):
    # try *inside* the loop: the increment made earlier in the raising
    # iteration is lost
    c = 0
    for i in range(n):
        try:
            c += 1
            if i == bad:
                thrower(1)
            c += 10
        except Exception:
            c += 100
    return c


@njit
def call_then_flag():
    # `flag` (assigned in the same `if` block as the call) survives,
    # `k` (incremented earlier in the loop body) is reset to 0
    flag = False
    k = 0
    try:
        while True:
            k += 1
            if k > 2:
                flag = True
                thrower(1)
    except Exception:
        pass
    return flag, k


@njit
def a_ret(x, n):
    log = 0
    try:
        for i in range(n):
            log += i
            if i == x:
                thrower(i)
    except:  # noqa: E722
        return log
    return -5

@njit
def b_noif(x, n):
    log = 0
    try:
        for i in range(n):
            log += i
            thrower(i - x + 1)
    except:  # noqa: E722
        return log
    return -5

@njit
def c_while(x, n):
    log = 0
    i = 0
    try:
        while i < n:
            log += i
            if i == x:
                thrower(i)
            i += 1
    except:  # noqa: E722
        return log
    return -5

@njit
def d_ifraise(x, n):
    log = 0
    try:
        for i in range(n):
            log += i
            if i == x:
                raise ValueError("x")
    except:  # noqa: E722
        return log
    return -5


CALLS = [
    ("try_inside_loop", (4, 2)),
    ("call_then_flag", ()),
    ("loop_i", (1, 3)),
    ("loop_i_exc", (1, 3)),
    ("loop_log", (1, 3)),
    ("loop_log", (5, 3)),
    ("loop_tuple", (1, 3)),
    ("a_ret", (1, 3)),
    ("a_ret", (7, 3)),
    ("b_noif", (1, 3)),
    ("c_while", (1, 3)),
    ("d_ifraise", (1, 3)),
    ("d_ifraise", (0, 3)),
]
