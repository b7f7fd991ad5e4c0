# @jitclass fields from class annotations as Numba's `as_numba_type` reads them: Python
# classes, another jitclass (its instances), typing.List / Dict / Tuple / Optional and the
# builtin generics (typed lists and dicts).
from typing import List, Dict, Tuple, Optional, Union
import numpy as np
from numba import njit, float64
from numba.experimental import jitclass
from numba.typed import List as NumbaList


@jitclass
class Counter:
    value: int

    def __init__(self):
        self.value = 0

    def get(self):
        ret = self.value
        self.value += 1
        return ret


@jitclass
class Iter:
    counter: Counter
    items: List[float]
    names: Dict[str, int]
    pair: Tuple[int, float]
    twice: tuple[int, int]
    maybe: Optional[int]
    other: Union[None, float]
    many: list[Counter]

    def __init__(self, items):
        self.items = items
        self.counter = Counter()
        self.names = {"a": 1}
        self.pair = (1, 2.0)
        self.twice = (3, 4)
        self.maybe = None
        self.other = 1.5
        self.many = NumbaList([Counter()])

    def get(self):
        return self.items[self.counter.get()]


@njit("(int64,)")
def walk(n):
    it = Iter(NumbaList([1.0, 2.0, 3.0]))
    s = 0.0
    for i in range(n):
        s += it.get()
    it.many.append(Counter())
    return s, it.names["a"], it.pair, it.twice, it.maybe, it.other, len(it.many)


CALLS = [("walk", (3,))]
