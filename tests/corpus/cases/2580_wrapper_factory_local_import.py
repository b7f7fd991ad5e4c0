# A decorator factory whose wrapper imports numba itself and returns numba.jit(func, ...) in a
# try (PyAutoArray's numba_util.jit): with Numba installed, the jit decorator with the factory's
# options.
nopython = True
cache = True
parallel = False


def jit(nopython=nopython, cache=cache, parallel=parallel, fastmath=False):

    def wrapper(func):

        try:

            import numba

            return numba.jit(
                func,
                nopython=nopython,
                cache=cache,
                parallel=parallel,
                fastmath=fastmath,
            )

        except ModuleNotFoundError:

            return func

    return wrapper


@jit()
def f(x):
    return x + 1


@jit(fastmath=True)
def g(a):
    s = 0.0
    for x in a:
        s += x
    return s


@jit(cache=False)
def h(x, y):
    return x // y


CALLS = [
    ("f", (1,)),
    ("g", ([1.0, 2.0, 3.5],)),
    ("h", (7, 2)),
    ("h", (7, 0)),
]
