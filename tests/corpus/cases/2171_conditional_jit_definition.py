# A jit function defined in both branches of a module-level `if` on a constant flag: a
# caller must use the definition from the branch that ran (USE_FAST is False -> x * 3).
from numba import njit

USE_FAST = False

if USE_FAST:
    @njit
    def kernel(x):
        return x * 2
else:
    @njit
    def kernel(x):
        return x * 3


@njit
def use_kernel(x):
    return kernel(x)


@njit("int64(int64)")
def use_kernel_sig(x):
    return kernel(x)


CALLS = [
    ("kernel", (5,)),
    ("use_kernel", (5,)),
    ("use_kernel_sig", (5,)),
]
