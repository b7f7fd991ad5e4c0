"""Device arrays, streams and dynamic shared memory through the built modules and
`numrs_runtime.cuda`, written as a Numba program writes them (`cuda.to_device`,
`cuda.device_array`, `copy_to_host`, `kernel[griddim, blockdim, stream, sharedmem]`), with
every result checked against NumPy. Needs NumPy, numrs_runtime and a GPU for the launches; the
refusals are checked without one. DIR holds the modules `scripts/build-ptx-cases.sh` built.

Usage: python3 tests/ptx/device_arrays.py DIR   (exit 0: all agree; 1: a difference; 2: no GPU)
"""
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
import device_kernels as dk  # noqa: E402
from numrs_runtime import cuda  # noqa: E402

FAILED = []


def equal(a, b):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def check(what, got, want):
    if equal(got, want):
        print("ok   %s" % what)
    else:
        FAILED.append(what)
        print("FAIL %s:\n  got  %r\n  want %r" % (what, got, want))


def raises(what, call, exc, text=None):
    try:
        call()
    except exc as e:
        if text is None or text in str(e):
            print("ok   %s: %s: %s" % (what, type(e).__name__, str(e)[:90]))
            return
        FAILED.append(what)
        print("FAIL %s: %s: %s (expected %r in the message)" % (what, type(e).__name__, e, text))
        return
    except Exception as e:  # noqa: BLE001 - a wrong class is the failure reported
        FAILED.append(what)
        print("FAIL %s: %s: %s (expected %s)" % (what, type(e).__name__, e, exc.__name__))
        return
    FAILED.append(what)
    print("FAIL %s was accepted" % what)


class Foreign:
    """An array of another library: only `__cuda_array_interface__`."""

    def __init__(self, cai):
        self.__cuda_array_interface__ = cai


def refusals():
    """What is refused before any GPU work (so also checked without a GPU)."""
    x = np.zeros(8, dtype=np.float32)
    f64 = Foreign({"shape": (8,), "strides": None, "typestr": "<f8", "data": (0, False), "version": 3})
    raises("a configuration of five items", lambda: dk.add[1, 8, 0, 0, 0], ValueError, "griddim and blockdim")
    raises("a stream that is not one", lambda: dk.add[1, 8, "s"], TypeError, "stream")
    raises("negative dynamic shared memory", lambda: dk.add[1, 8, 0, -4], ValueError, "sharedmem")
    raises("a foreign float64 device array for a float32 one", lambda: dk.add[1, 8](f64, 1.0), TypeError,
           "array(float64, 1d, C)")
    raises("a masked foreign array", lambda: cuda.as_cuda_array(Foreign(dict(f64.__cuda_array_interface__, mask=1))),
           NotImplementedError)
    raises("as_cuda_array of a NumPy array", lambda: cuda.as_cuda_array(x), TypeError, "cuda array interface")
    check("is_cuda_array", (cuda.is_cuda_array(x), cuda.is_cuda_array(f64)), (False, True))
    for cfg in [(1, 8), (1, 8, 0), (1, 8, None, 64), (1, 8, cuda.default_stream(), 0)]:
        dk.add[cfg]
    dk.add.forall(100)
    print("ok   launch configurations of two to four items and forall are taken")


def main():
    refusals()
    if not cuda.is_available():
        try:
            cuda.to_device(np.zeros(4))
        except RuntimeError as e:
            print("no GPU: %s" % e)
            print("%d failed" % len(FAILED))
            return 1 if FAILED else 2
        FAILED.append("to_device without a GPU")
        return 1

    # Transfers keep dtype, shape and order.
    x = np.arange(1000, dtype=np.float32) / 7
    d = cuda.to_device(x)
    check("to_device/copy_to_host, float32", d.copy_to_host(), x)
    check("device array attributes", (d.shape, d.strides, d.dtype, d.size, d.ndim, d.nbytes, len(d)),
          ((1000,), (4,), np.dtype(np.float32), 1000, 1, 4000, 1000))
    m = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    dm = cuda.to_device(m)
    back = dm.copy_to_host()
    check("an F-ordered array stays F-ordered", (back, back.flags.f_contiguous, dm.strides), (m, True, m.strides))
    check("a zero-size array", cuda.to_device(np.zeros((0, 3))).copy_to_host(), np.zeros((0, 3)))
    raises("to_device of a non-contiguous array", lambda: cuda.to_device(np.zeros(10)[::2]), ValueError,
           "non-contiguous buffer")
    check("a 0-d array", cuda.to_device(np.array(5.0)).copy_to_host(), np.array(5.0))
    # Strides wider than the items: the allocation spans them (a kernel writing through them
    # stays inside it).
    sp = cuda.device_array(64, np.float32, strides=(4096,))
    neighbour = cuda.to_device(np.zeros(1 << 16, np.float32))
    sp[:] = 0.0
    dk.add[1, 64](sp, 1.0)
    check("a device array of wide strides", (sp.copy_to_host(), neighbour.copy_to_host().sum()), (np.ones(64, np.float32), np.float32(0)))
    # An array keeps the stream it was made on.
    st = cuda.stream()
    ds = cuda.to_device(np.arange(4.0), stream=st)
    del st
    other = cuda.stream()
    check("an array keeps its stream alive", (ds.__cuda_array_interface__["stream"] != other.handle, ds.copy_to_host()),
          (True, np.arange(4.0)))

    # Arrays stay on the GPU between launches: the host copy is not touched.
    d = cuda.to_device(x)
    dk.add[(1000 + 127) // 128, 128](d, 1.0)
    dk.add[(1000 + 127) // 128, 128](d, 2.0)
    check("two launches on one device array", d.copy_to_host(), x + np.float32(1) + np.float32(2))
    check("the host array is left as it was", x, np.arange(1000, dtype=np.float32) / 7)
    out = np.empty_like(x)
    r = d.copy_to_host(out)
    check("copy_to_host into a given array", (r is out, out), (True, x + np.float32(1) + np.float32(2)))
    raises("copy_to_host into an array of another shape", lambda: d.copy_to_host(np.empty(999, np.float32)),
           ValueError, "incompatible shape: (1000,) vs. (999,)")
    raises("copy_to_host into an array of another dtype", lambda: d.copy_to_host(np.empty(1000)), TypeError,
           "incompatible dtype: float32 vs. float64")

    # device_array, device_array_like, copy_to_device (from host and from another device array).
    dx = cuda.to_device(m)
    dout = cuda.device_array_like(m)
    dk.double2d[(1, 1), (4, 4)](dout, dx)
    check("device_array_like of an F array, a 2-d kernel", dout.copy_to_host(), 2 * m)
    c = np.arange(20.0).reshape(4, 5)
    dc = cuda.device_array((4, 5), dtype=np.float64)
    dc.copy_to_device(c)
    dk.negate_c[(1, 1), (8, 8)](dc)
    check("device_array, copy_to_device, a C-only kernel", dc.copy_to_host(), -c)
    raises("an F device array for a C-only kernel", lambda: dk.negate_c[(1, 1), (8, 8)](dx), TypeError,
           "array(float64, 2d, F)")
    dd = cuda.device_array(1000, dtype=np.float32)
    dd.copy_to_device(d)
    check("copy_to_device from a device array", dd.copy_to_host(), d.copy_to_host())
    dz = cuda.device_array(1000, np.float32)
    cuda.to_device(x, to=dz)
    check("to_device(..., to=)", dz.copy_to_host(), x)

    # Another library's arrays, through __cuda_array_interface__, without a copy.
    foreign = Foreign(d.__cuda_array_interface__)
    dk.add[8, 128](foreign, 10.0)
    check("a foreign device array is launched on in place", d.copy_to_host(), x + np.float32(3) + np.float32(10))
    view = cuda.as_cuda_array(foreign)
    check("as_cuda_array", (view.shape, view.dtype, view.copy_to_host()), (d.shape, d.dtype, d.copy_to_host()))
    cuda_interop(d)

    # Streams: transfers and launches queued on a stream, waited for with synchronize().
    s = cuda.stream()
    y = np.arange(4096, dtype=np.float32)
    ds = cuda.to_device(y, stream=s)
    for k in range(5):
        dk.add[32, 128, s](ds, float(k))
    host = ds.copy_to_host(stream=s)
    s.synchronize()
    check("five launches on a stream", host, y + np.float32(10))
    with s.auto_synchronize():
        dk.add[32, 128, s](ds, 1.0)
        host2 = np.empty_like(y)
        ds.copy_to_host(host2, stream=s)
    check("auto_synchronize", host2, y + np.float32(11))
    h = y.copy()
    dk.add[32, 128, s](h, 0.5)
    check("a host array launched on a stream is copied back", h, y + np.float32(0.5))
    s2 = cuda.stream()
    a1, a2 = cuda.to_device(y, stream=s), cuda.to_device(y, stream=s2)
    dk.add[32, 128, s](a1, 1.0)
    dk.add[32, 128, s2](a2, 2.0)
    cuda.synchronize()
    check("two streams", (a1.copy_to_host(), a2.copy_to_host()), (y + np.float32(1), y + np.float32(2)))

    # Dynamic shared memory: sized by the launch, shared by every such array of the kernel.
    for n in [1, 7, 256]:
        a = np.arange(n, dtype=np.float32)
        da = cuda.to_device(a)
        dk.reverse_block[1, 256, 0, 4 * n](da)
        check("dynamic shared memory of %d floats" % n, da.copy_to_host(), a[::-1])
    a = np.arange(64, dtype=np.int32)
    o = np.zeros(64, dtype=np.int32)
    dk.alias[1, 64, s, 64 * 4](a, o)
    check("dynamic shared arrays alias, and their length is the launch's bytes / itemsize", o, 2 * a + 64 * 1000)
    raises("more dynamic shared memory than a block has", lambda: dk.reverse_block[1, 32, 0, 1 << 24](
        cuda.device_array(32, np.float32)), RuntimeError, "cuLaunchKernel")

    # forall: the block size from the driver's occupancy calculator.
    z = np.zeros(100003, dtype=np.float32)
    dz = cuda.to_device(z)
    dk.add.forall(z.size)(dz, 3.0)
    dk.add.forall(z.size, tpb=64, stream=s)(dz, 1.0)
    s.synchronize()
    check("forall", dz.copy_to_host(), z + np.float32(4))

    # Indexing: views share the memory; an item comes back as a NumPy scalar.
    h = np.arange(20, dtype=np.float32)
    dv = cuda.to_device(h)
    item = dv[3]
    check("an item of a device array", (type(item), item), (np.float32, np.float32(3)))
    check("a negative index", dv[-1], np.float32(19))
    raises("an index out of range", lambda: dv[20], IndexError, "out of bounds")
    view = dv[2:12:2]
    check("a strided view's shape and strides", (view.shape, view.strides), ((5,), (8,)))
    check("a strided view copied to the host", view.copy_to_host(), h[2:12:2])
    dk.add[1, 32](view, 100.0)
    want = h.copy()
    want[2:12:2] += np.float32(100)
    check("a kernel on a strided view changes the array", dv.copy_to_host(), want)
    dv[0] = 7
    dv[15:18] = np.array([1, 2, 3], np.float32)
    dv[18:] = dv[0:2]
    want[0], want[15:18], want[18:] = 7, [1, 2, 3], want[0:2]
    check("item, slice and device-array assignment", dv.copy_to_host(), want)
    d2 = cuda.to_device(np.arange(12.0).reshape(3, 4))
    d2[:, 1] = -1.0
    d2[1] = np.array([9.0, 8.0, 7.0, 6.0])
    w2 = np.arange(12.0).reshape(3, 4)
    w2[:, 1] = -1.0
    w2[1] = [9.0, 8.0, 7.0, 6.0]
    check("2-d assignment to a column (strided) and a row", d2.copy_to_host(), w2)
    check("a column view", (d2[:, 2].copy_to_host(), d2[..., 3].copy_to_host()), (w2[:, 2], w2[..., 3]))
    raises("too many indices", lambda: d2[1, 2, 3], IndexError, "too many indices")

    # Complex and tuple parameters (Numba's kernel ABI: parts and items one after the other).
    zc = (np.arange(8) + 1j * np.arange(8)[::-1]).astype(np.complex128)
    zd = cuda.to_device(zc)
    dk.cscale[1, 32](zd, 2 - 1j, np.complex64(0.5 + 0.25j))
    check("complex128 and complex64 parameters", zd.copy_to_host(), zc * (2 - 1j) + (0.5 + 0.25j))
    tout = np.zeros(5)
    dk.tuple_args[1, 32](tout, (3, 4), (1.5, 2))
    check("tuple parameters", tout, 37.0 + np.arange(5))
    raises("a tuple of another length", lambda: dk.tuple_args[1, 32](tout, (3, 4, 5), (1.5, 2)), TypeError,
           "No matching definition")

    pout = np.zeros(6)
    dk.poly[1, 32](pout)
    check("cuda.const.array_like of a module-level array", pout, 15.0 * np.arange(6) + 2.0)

    # Events time the work between them; the device describes itself.
    start, end = cuda.event(), cuda.event()
    start.record()
    big = cuda.device_array(1 << 24, np.float32)
    for _ in range(10):
        dk.add.forall(big.size)(big, 1.0)
    end.record()
    end.synchronize()
    ms = cuda.event_elapsed_time(start, end)
    check("event timing is positive and below a second", (ms > 0, ms < 1000, start.elapsed_time(end) == ms, end.query()), (True, True, True, True))
    dev = cuda.get_current_device()
    cc = dev.compute_capability
    check("device queries", (len(cuda.gpus), isinstance(dev.name, str), cc >= (7, 5), dev.WARP_SIZE, dev.MULTIPROCESSOR_COUNT > 0,
                             cuda.gpus[0].id, cuda.get_memory_info()[1] > 0), (1, True, True, 32, True, 0, True))
    print("     device: %s, compute capability %d.%d, %d multiprocessors, 10 launches of 16M items in %.3f ms"
          % (dev.name, cc[0], cc[1], dev.MULTIPROCESSOR_COUNT, ms))

    # Device memory is freed with its array: 96 GB allocated 64 MB at a time.
    for _ in range(1500):
        cuda.device_array(16 << 20, dtype=np.float32)
    print("ok   1500 device arrays of 64 MB allocated and freed")

    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


def cuda_interop(d):
    """CuPy arrays, where CuPy is installed: both ways through __cuda_array_interface__."""
    try:
        import cupy
    except Exception as e:  # noqa: BLE001 - any import failure means no CuPy to check with
        print("skip CuPy interop (no CuPy: %s)" % type(e).__name__)
        return
    cp = cupy.arange(256, dtype=cupy.float32)
    dk.add[2, 128](cp, 5.0)
    check("a CuPy array launched on in place", cupy.asnumpy(cp), np.arange(256, dtype=np.float32) + 5)
    check("CuPy reads a numrs device array", cupy.asnumpy(cupy.asarray(d)), d.copy_to_host())


if __name__ == "__main__":
    sys.exit(main())
