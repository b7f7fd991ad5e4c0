"""Self-referencing jitclasses whose `optional(deferred_type())` fields are read and passed
back: a field's value given to a constructor (DeferredType to instance), an instance stored
into such a field or returned where one is expected (instance to DeferredType)."""
import numpy as np
from numba import deferred_type, int64, njit, optional
from numba.experimental import jitclass

tree_t = deferred_type()


@jitclass([("key", int64), ("lo", optional(tree_t)), ("hi", optional(tree_t))])
class Tree(object):
    def __init__(self, key):
        self.key = key
        self.lo = None
        self.hi = None


tree_t.define(Tree.class_type.instance_type)

link_t = deferred_type()


@jitclass([("item", Tree.class_type.instance_type), ("below", optional(link_t))])
class Link(object):
    def __init__(self, item, below):
        self.item = item
        self.below = below


link_t.define(Link.class_type.instance_type)


@njit
def insert(root, key):
    node = root
    while True:
        if key < node.key:
            if node.lo is None:
                node.lo = Tree(key)
                return
            node = node.lo
        else:
            if node.hi is None:
                node.hi = Tree(key)
                return
            node = node.hi


@njit
def walk_depth_first(root):
    out = []
    top = Link(root, None)
    while top is not None:
        t = top.item
        top = top.below
        out.append(t.key)
        if t.hi is not None:
            top = Link(t.hi, top)
        if t.lo is not None:
            top = Link(t.lo, top)
    return out


@njit
def keys_in_order(keys):
    root = Tree(keys[0])
    for k in keys[1:]:
        insert(root, k)
    out = []
    top = None
    node = root
    while True:
        if node is not None:
            top = Link(node, top)
            node = node.lo
        elif top is not None:
            out.append(top.item.key)
            node = top.item.hi
            top = top.below
        else:
            break
    return out, walk_depth_first(root)


@njit
def relink(n):
    a = Link(Tree(n), None)
    b = Link(Tree(n + 1), a.below)
    return b.item.key, b.below is None


CALLS = [
    ("keys_in_order", (np.array([5, 3, 8, 1, 4, 7, 9, 2, 6]),)),
    ("keys_in_order", (np.array([1, 2, 3]),)),
    ("keys_in_order", (np.array([4]),)),
    ("relink", (3,)),
]
