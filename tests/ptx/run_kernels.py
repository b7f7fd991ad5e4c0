"""Run the PTX `numrs build` made for the CUDA corpus cases on a real GPU and check the results.

Needs only the Python standard library and NVIDIA's driver (`libcuda.so.1`): the kernels are
loaded with the driver API (`cuModuleLoadData` JIT-compiles the PTX for the device), launched
with their arguments flattened as numrs's kernel entry points take them (an array as meminfo,
parent, nitems, itemsize, data, shape..., strides...; a number by value, see
`crates/numrs_codegen/src/cuda.rs`), and every output is compared with the value Python
computes the way the kernel does (float32 arithmetic rounded after each operation).

Usage: python3 tests/ptx/run_kernels.py DIR   (DIR holds <case>.ptx and <case>.kernels.json
for k0187, k0188 and k0190, as `scripts/build-ptx-cases.sh` builds them)
Exit status 0 when every check passes, 1 otherwise, 2 when no GPU or driver is usable.
"""
import ctypes
import json
import math
import os
import struct
import sys

c_u64 = ctypes.c_uint64


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


class Driver:
    def __init__(self):
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            print("no CUDA driver: %s" % e)
            sys.exit(2)
        self.call("cuInit", 0)
        dev = ctypes.c_int()
        self.call("cuDeviceGet", ctypes.byref(dev), 0)
        name = ctypes.create_string_buffer(128)
        self.call("cuDeviceGetName", name, 128, dev)
        self.ctx = ctypes.c_void_p()
        self.call("cuCtxCreate_v2", ctypes.byref(self.ctx), 0, dev)
        print("device: %s" % name.value.decode())

    def call(self, fn, *args):
        r = getattr(self.lib, fn)(*args)
        if r != 0:
            msg = ctypes.c_char_p()
            self.lib.cuGetErrorString(r, ctypes.byref(msg))
            raise RuntimeError("%s failed: %d %s" % (fn, r, (msg.value or b"").decode()))

    def module(self, ptx_path):
        data = open(ptx_path, "rb").read() + b"\0"
        mod = ctypes.c_void_p()
        self.call("cuModuleLoadData", ctypes.byref(mod), ctypes.c_char_p(data))
        return mod

    def function(self, mod, entry):
        fn = ctypes.c_void_p()
        self.call("cuModuleGetFunction", ctypes.byref(fn), mod, entry.encode())
        return fn

    def upload(self, fmt, values):
        raw = struct.pack("%d%s" % (len(values), fmt), *values)
        ptr = c_u64()
        self.call("cuMemAlloc_v2", ctypes.byref(ptr), max(len(raw), 1))
        buf = ctypes.create_string_buffer(raw, len(raw))
        self.call("cuMemcpyHtoD_v2", ptr, buf, len(raw))
        return ptr, len(raw)

    def download(self, fmt, ptr, nbytes):
        buf = ctypes.create_string_buffer(nbytes)
        self.call("cuMemcpyDtoH_v2", buf, ptr, nbytes)
        size = struct.calcsize(fmt)
        return list(struct.unpack("%d%s" % (nbytes // size, fmt), buf.raw))

    def launch(self, fn, grid, block, params):
        grid = tuple(grid) + (1,) * (3 - len(grid))
        block = tuple(block) + (1,) * (3 - len(block))
        holders = [p for p in params]
        arr = (ctypes.c_void_p * len(holders))(*[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders])
        self.call("cuLaunchKernel", fn, *[ctypes.c_uint(g) for g in grid], *[ctypes.c_uint(b) for b in block],
                  ctypes.c_uint(0), ctypes.c_void_p(0), arr, ctypes.c_void_p(0))
        self.call("cuCtxSynchronize")


def array_params(ptr, shape, itemsize):
    """Numba's flattened array: meminfo, parent, nitems, itemsize, data, shape, strides (C)."""
    strides = []
    step = itemsize
    for d in reversed(shape):
        strides.insert(0, step)
        step *= d
    nitems = 1
    for d in shape:
        nitems *= d
    out = [c_u64(0), c_u64(0), ctypes.c_int64(nitems), ctypes.c_int64(itemsize), c_u64(ptr.value)]
    out += [ctypes.c_int64(d) for d in shape] + [ctypes.c_int64(s) for s in strides]
    return out


def entries(directory, case):
    with open(os.path.join(directory, case + ".kernels.json")) as f:
        return {k["function"]: k for k in map(json.loads, f)}


FAILURES = []


def expect(what, got, want):
    if got != want:
        bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w][:5]
        FAILURES.append(what)
        print("FAIL %s: first differences at %s: got %s, want %s" % (
            what, bad, [got[i] for i in bad], [want[i] for i in bad]))
    else:
        print("ok   %s (%d values)" % (what, len(want)))


def main():
    directory = sys.argv[1]
    drv = Driver()

    # 0187: saxpy (1-d grid, float32) and fill_2d (2-d grid).
    ks = entries(directory, "k0187")
    mod = drv.module(os.path.join(directory, "k0187.ptx"))
    n = 1000
    out0 = [f32(i * 0.25) for i in range(n)]
    x = [f32(1.0 / (i + 1)) for i in range(n)]
    a = f32(2.5)
    d_out, nb = drv.upload("f", out0)
    d_x, _ = drv.upload("f", x)
    fn = drv.function(mod, ks["saxpy"]["entry"])
    drv.launch(fn, [(n + 127) // 128], [128], array_params(d_out, [n], 4) + array_params(d_x, [n], 4) + [ctypes.c_float(a)])
    want = [f32(f32(a * x[i]) + out0[i]) for i in range(n)]
    expect("saxpy", drv.download("f", d_out, nb), want)

    rows, cols = 37, 23
    d_m, nb = drv.upload("d", [0.0] * (rows * cols))
    fn = drv.function(mod, ks["fill_2d"]["entry"])
    drv.launch(fn, [(rows + 7) // 8, (cols + 7) // 8], [8, 8], array_params(d_m, [rows, cols], 8))
    want = [i + j * 0.5 for i in range(rows) for j in range(cols)]
    expect("fill_2d", drv.download("d", d_m, nb), want)

    # 0188: a kernel calling a device function (math.sqrt).
    ks = entries(directory, "k0188")
    mod = drv.module(os.path.join(directory, "k0188.ptx"))
    n = 513
    xs = [i * 0.37 - 50.0 for i in range(n)]
    ys = [(n - i) * 1.3 for i in range(n)]
    d_out, nb = drv.upload("d", [0.0] * n)
    d_xs, _ = drv.upload("d", xs)
    d_ys, _ = drv.upload("d", ys)
    fn = drv.function(mod, ks["distances"]["entry"])
    drv.launch(fn, [(n + 63) // 64], [64], array_params(d_out, [n], 8) + array_params(d_xs, [n], 8) + array_params(d_ys, [n], 8))
    want = [math.sqrt(xs[i] * xs[i] + ys[i] * ys[i]) for i in range(n)]
    expect("distances", drv.download("d", d_out, nb), want)

    # 0190: shared memory, barrier, atomics (three blocks of 32 threads).
    ks = entries(directory, "k0190")
    mod = drv.module(os.path.join(directory, "k0190.ptx"))
    vals = [f32(0.5 * k + 0.125) for k in range(32)]
    d_a, nb = drv.upload("f", vals)
    d_c, nc = drv.upload("i", [0])
    fn = drv.function(mod, ks["block_sum"]["entry"])
    params = array_params(d_a, [32], 4) + array_params(d_c, [1], 4)
    drv.launch(fn, [1], [32], params)
    s = f32(0.0)
    for v in vals:
        s = f32(s + v)
    expect("block_sum total", drv.download("f", d_a, nb)[:1], [s])
    # Three more blocks (they race on a[0], so only the counter is checked).
    drv.launch(fn, [3], [32], params)
    expect("block_sum atomic counter", drv.download("i", d_c, nc), [4])

    print("%d failed" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
