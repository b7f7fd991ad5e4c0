# A linked list and a tree of @jitclass instances through `deferred_type()`: a field typed
# `optional(node_type)`, `node_type.define(Node.class_type.instance_type)` after the class;
# attributes of `OptionalType(DeferredType)` values resolve on the class (Numba's
# DeferredAttribute), and unifying with the instance gives `OptionalType(instance...)`.
import numpy as np
from numba import njit, int64, float64, deferred_type, optional
from numba.experimental import jitclass

node_type = deferred_type()


@jitclass([("value", int64), ("next", optional(node_type))])
class Node:
    def __init__(self, value, next):
        self.value = value
        self.next = next

    def length(self):
        n = 1
        cur = self.next
        while cur is not None:
            n += 1
            cur = cur.next
        return n


node_type.define(Node.class_type.instance_type)

tree_type = deferred_type()


@jitclass([("key", int64), ("left", optional(tree_type)), ("right", optional(tree_type))])
class Tree:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None

    def insert(self, key):
        if key < self.key:
            if self.left is None:
                self.left = Tree(key)
            else:
                self.left.insert(key)
        else:
            if self.right is None:
                self.right = Tree(key)
            else:
                self.right.insert(key)

    def total(self):
        s = self.key
        if self.left is not None:
            s += self.left.total()
        if self.right is not None:
            s += self.right.total()
        return s


tree_type.define(Tree.class_type.instance_type)


@njit("(int64,)")
def linked(n):
    head = Node(0, None)
    for i in range(1, n):
        head = Node(i, head)
    s = 0
    cur = head
    while cur is not None:
        s += cur.value
        cur = cur.next
    return s, head.length()


@njit("(int64,)")
def second(n):
    head = Node(1, Node(n, None))
    nx = head.next
    if nx is not None:
        return nx.value + head.length()
    return -1


@njit("(int64[:],)")
def tree_sum(keys):
    t = Tree(keys[0])
    for k in keys[1:]:
        t.insert(k)
    return t.total()


@njit("(int64,)")
def head_of(n):
    return Node(n, Node(n + 1, None))


CALLS = [
    ("linked", (5,)),
    ("second", (7,)),
    ("tree_sum", (np.array([5, 3, 8, 1, 4, 9], dtype=np.int64),)),
    ("head_of", (2,)),
]
