from numba import njit


@njit("(unicode_type,)")
def letters(s):
    seen = set()
    for ch in s:
        seen.add(ch)
    vowels = {"a", "e", "i"}
    common = seen.intersection(vowels)
    return len(common), "a" in seen


@njit("(int64,)")
def set_of_lists(n):
    s = {(1, 2), (3, 4)}
    t = set([[1], [2]])
    return s, t


@njit("(int64,)")
def set_add_wrong(n):
    s = {1, 2}
    s.add("x")
    return s


@njit("(int64,)")
def set_comp(n):
    s = {i % 4 for i in range(n)}
    return s
