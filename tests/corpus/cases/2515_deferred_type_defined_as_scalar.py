"""A `deferred_type()` defined as a scalar type (`data_type.define(intp)`, numba-examples'
stack): fields of that type hold the scalar, read and written in compiled code and returned in
a list; beside it a deferred type defined as a jitclass's instances."""
from numba import deferred_type, float64, intp, njit, optional
from numba.experimental import jitclass

data_type = deferred_type()
node_type = deferred_type()


@jitclass([("data", data_type), ("next", optional(node_type))])
class Node(object):
    def __init__(self, data, next):
        self.data = data
        self.next = next


data_type.define(intp)
node_type.define(Node.class_type.instance_type)


@njit
def stack(n):
    head = None
    for i in range(n):
        head = Node(i * 10, head)
    out = []
    while head is not None:
        out.append(head.data)
        head = head.next
    return out


@njit
def bump(v):
    b = Node(v, None)
    b.data += 5
    return [b.data]


CALLS = [("stack", (4,)), ("stack", (0,)), ("bump", (3,))]
