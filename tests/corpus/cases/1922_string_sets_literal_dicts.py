# Sets of strings iterate in hash order: CPython's (and Numba's) SipHash of the string, with
# tables sized and filled as Numba's setobj does (set displays insert their items last first,
# set(sized) and update presize). Dict displays with heterogeneous values are
# LiteralStrKey[Dict]s; a list display unified with wider items converts them.
from numba import njit


@njit("(unicode_type,)")
def letters(s):
    seen = set()
    for ch in s:
        seen.add(ch)
    vowels = {"a", "e", "i", "o"}
    common = seen.intersection(vowels)
    return len(common), "a" in seen, seen, common, [c for c in seen]


@njit("(unicode_type,)")
def churn(s):
    a = set(s.split(","))
    b = {"x", "y", "zz"}
    u = a | b
    i = a & b
    d = a - b
    x = a ^ b
    a |= b
    y = "y"
    a -= {y, "zz"}
    c = a.copy()
    p = c.pop()
    k = "x"
    c.discard(k)
    c.add(k + "new")
    c.update(["m", "n", "o", "p2", "q2", "r2", "s2", "t2", "u2"])
    return u, i, d, x, a, p, c, len(c), "zz" in c, [w for w in c]


@njit("(int64,)")
def literal_dict(n):
    d = {"name": "abc", "n": n, "x": 2.5}
    return d["name"], d["n"] * 2, d["x"]


@njit("(float64,)")
def widened_list(x):
    xs = [1, 2]
    xs.append(x)
    return xs


CALLS = [
    ("letters", ("banana split",)),
    ("letters", ("",)),
    ("churn", ("x,q,rr,zz,s,t,u,v,w",)),
    ("churn", ("alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu,nu,xi",)),
    ("literal_dict", (5,)),
    ("widened_list", (2.5,)),
]
