# xs *= n changes the list in place (other names of it see the change); below 1 it empties it;
# past what can be allocated, Numba's MemoryError.
from numba import njit

@njit("int64(int64)")
def imul(n):
    l = [1, 2]
    m = l
    l *= n
    return len(m) * 100 + len(l)

@njit("int64(int64)")
def zip_gen(n):
    s = 0
    for i, x in enumerate(range(n)):
        s += i * x
    return s


@njit("int64(int64)")
def imul_nested(n):
    l = [[1], [2, 3]]
    m = l
    l *= n
    l[0].append(9)
    return len(m) * 100 + len(l[-2]) * 10 + len(l[0])

CALLS = [("imul", (3,)), ("imul", (0,)), ("imul", (-1,)), ("imul", (1,)), ("imul_nested", (2,)), ("imul_nested", (0,)), ("imul", (2**62,)), ("imul", (2**61,)), ("imul", (2**60,)), ("zip_gen", (5,))]
