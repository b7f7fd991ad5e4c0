from numba import njit


@njit("(DictType(unicode_type, int64),)")
def walk(d):
    total = 0
    names = []
    for k, v in d.items():
        total += v
        names.append(k)
    ks = [k for k in d.keys()]
    vs = [v * 2 for v in d.values()]
    best = ""
    for k in d:
        if d[k] > 0:
            best = k
    return total, names, ks, vs, best


@njit("(DictType(int64, float64),)")
def bad_key(d):
    return d["a"]


CALLS = []
