from numba import njit


@njit("(int64,)")
def closure_call(n):
    k = 3

    def add(v):
        return v + k + n
    return add(n) + add(1)


@njit("(float64,)")
def lambda_call(x):
    sq = lambda y: y * y
    return sq(x) + sq(2)
