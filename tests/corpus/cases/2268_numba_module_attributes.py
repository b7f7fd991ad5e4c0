# Attributes of the numba module read in jit code: `numba.__version__` is a global str Numba
# freezes; a name the module does not have (generated_jit, removed) is Python's
# AttributeError while typing.
import numba
from numba import njit


@njit
def version_len():
    return len(numba.__version__)


@njit
def version():
    return numba.__version__


@njit
def version_parts():
    return numba.__version__.split(".")[0]


@njit
def gen_attr():
    return numba.generated_jit


@njit
def typo():
    return numba.prangee


CALLS = [
    ("version_len", ()),
    ("version", ()),
    ("version_parts", ()),
    ("gen_attr", ()),
    ("typo", ()),
]
