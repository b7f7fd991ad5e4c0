"""`@overload` typing functions reading the item types of containers: `types.List.dtype`,
`ListType.item_type`/`dtype`, a typed dict's `key_type` and `value_type` (numba-kdtree's
`_convert_to_valid_input` tests `isinstance(X.dtype, types.Array)` of a list)."""
import numba as nb
import numpy as np
from numba import types
from numba.extending import overload


def k2(X):
    pass


@overload(k2)
def _ol_k2(X):
    is_list = isinstance(X, types.List)
    flag = is_list and isinstance(X.dtype, types.Float)

    def impl(X):
        if flag:
            return 1
        return 0

    return impl


@nb.njit
def c2(X):
    return k2(X)


def item_kind(X):
    pass


@overload(item_kind)
def _ol_item_kind(X):
    if isinstance(X, (types.List, types.ListType)) and isinstance(X.dtype, types.Array):
        return lambda X: 2
    if isinstance(X, types.List):
        return lambda X: 1
    return lambda X: 0


@nb.njit
def c_item_kind(X):
    return item_kind(X)


def dict_kinds(d):
    pass


@overload(dict_kinds)
def _ol_dict_kinds(d):
    if isinstance(d, types.DictType) and isinstance(d.key_type, types.Integer) and isinstance(d.value_type, types.Float):
        return lambda d: 1
    return lambda d: 0


@nb.njit
def c_dict_kinds(n):
    d = {1: 2.0}
    e = {"a": 1}
    return dict_kinds(d) * 10 + dict_kinds(e) + n


def typed_item(l):
    pass


@overload(typed_item)
def _ol_typed_item(l):
    if isinstance(l, types.ListType) and isinstance(l.item_type, types.Integer):
        return lambda l: l[0] * 2
    return lambda l: l[0]


@nb.njit
def c_typed_item(v):
    l = nb.typed.List()
    l.append(v)
    return typed_item(l)


CALLS = [
    ("c2", ([1.0, 2.0],)),
    ("c2", (np.zeros(2),)),
    ("c_item_kind", ([np.zeros(2), np.ones(2)],)),
    ("c_item_kind", ([1, 2],)),
    ("c_item_kind", (np.zeros(2),)),
    ("c_dict_kinds", (0,)),
    ("c_typed_item", (3,)),
    ("c_typed_item", (1.5,)),
]
