from numba import njit

@njit("(List(unicode_type, reflected=True),)")
def sum_strings(xs):
    return sum(xs, "")


CALLS = [("sum_strings", (["ab", "c", "déf"],)), ("sum_strings", (["x"],)), ("sum_strings", (["z"] * 50,))]
