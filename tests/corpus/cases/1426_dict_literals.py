from numba import njit


@njit("(int64, float64)")
def literal(n, x):
    d = {"a": x, "b": 2.0}
    e = {1: n, 2: n + 1}
    d["c"] = x * 2
    v = d["a"] + e[1]
    d.update({"z": 0.0})
    return d, e, v


@njit("(int64,)")
def literal_hetero(n):
    d = {"a": 1, "b": "x"}
    return d["a"]


@njit("(int64,)")
def set_wrong_value(n):
    d = {"a": 1.0}
    d["b"] = "s"
    return d


CALLS = [("literal", (1, 2.0))]
