# Module constants read from a module-level dict display (`TOL = CFG["tol"]`, `CFG.get(key, default)`),
# as the dict is when the read runs (a later item assignment does not change an earlier read).
import numpy as np
from numba import njit
_cfg = {"tol": 1e-6, "max_iter": 50, "name": "x"}
TOL = _cfg["tol"]
MAX_ITER = _cfg.get("max_iter", 10)
MISSING = _cfg.get("absent", 7)
SCALE = {"a": 2.0, "b": 3.0}["b"] * 2

_mut = {"k": 1.0}
K = _mut["k"]
_mut["k"] = 5.0

@njit
def cfg_consts():
    return TOL, MAX_ITER, MISSING, SCALE

@njit
def mutated():
    return K

CALLS = [("cfg_consts", ()), ("mutated", ())]
