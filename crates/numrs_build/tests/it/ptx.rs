//! `@cuda.jit` code to PTX: kernel entry points, device functions inlined, CUDA intrinsics,
//! and what the GPU build refuses (cleanly: the NVPTX back end aborts on what it cannot
//! select). `tests/ptx/run_kernels.py` runs such PTX on a GPU.

use numrs_build::{compile_ptx, Compiled, Options};
use numrs_check::CheckDatabase;

fn ptx(source: &str) -> Compiled {
    let mut db = CheckDatabase::new();
    let file = db.add_file("kernels.py", source.as_bytes());
    compile_ptx(&db, file, &Options::default()).expect("compile").expect("the file has CUDA functions")
}

#[test]
fn kernels_get_entry_points_with_flattened_parameters() {
    let c = ptx(r#"
import math
from numba import cuda, float32

@cuda.jit("float64(float64, float64)", device=True)
def dist(x, y):
    return math.sqrt(x * x + y * y)

@cuda.jit(["void(float64[:], float64[:], float64[:])", "void(float32[:, :], float32[:, :], float32[:, :])"])
def apply(out, a, b):
    i, j = cuda.grid(2)
    if i < out.shape[0]:
        out[i] = dist(a[i], b[i])

@cuda.jit("void(float32[:], int32[:])")
def reduce(a, counter):
    buf = cuda.shared.array(64, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = a[t]
    cuda.syncthreads()
    if t == 0:
        cuda.atomic.add(counter, 0, 1)
        cuda.atomic.max(a, 1, buf[3])
"#);
    let text = c.output.asm.as_deref().unwrap_or_default();
    assert!(text.contains(".target sm_75"), "{text}");
    let entries: Vec<&str> = c.kernels.iter().map(|k| k.entry.as_str()).collect();
    assert_eq!(entries, ["apply__0", "reduce__0"], "{:?}", c.problems);
    for e in &entries {
        assert!(text.contains(&format!(".visible .entry {e}(")), "{e} in\n{text}");
    }
    // The second signature of `apply` does not type (the device function takes float64).
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    // An array is 5 + 2 * ndim parameters: apply(3 arrays of 1 dimension) has 21.
    assert!(text.contains("apply__0_param_20") && !text.contains("apply__0_param_21"), "{text}");
    // The device function is inlined; shared memory, the barrier and the atomics are there
    // (a float max as a compare-and-swap loop, sm_75 having no float atomic max).
    assert!(!text.contains(".func"), "{text}");
    for needle in ["sqrt.rn.f64", ".shared .align 16 .b8", "bar.sync", "atom.global.add.u32", "atom.global.cas.b32"] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
}

#[test]
fn what_the_gpu_build_cannot_do_is_refused_with_a_reason() {
    let c = ptx(r#"
import math
import numpy as np
from numba import cuda

@cuda.jit("void(float64[:])")
def wave(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sin(i * 0.1)

@cuda.jit("void(float64[:])")
def scratch(out):
    tmp = np.zeros(3)
    out[0] = tmp[0]

@cuda.jit("void(float64[:])")
def fine(out):
    out[cuda.grid(1)] = math.floor(out[0]) + abs(out[1])
"#);
    let messages: Vec<String> = c.problems.iter().map(|p| format!("{}: {}", p.specialization, p.message)).collect();
    assert!(messages.iter().any(|m| m.starts_with("wave(") && m.contains("sin is not available in CUDA code")), "{messages:?}");
    assert!(messages.iter().any(|m| m.starts_with("scratch(") && m.contains("numrs runtime")), "{messages:?}");
    assert_eq!(c.kernels.iter().map(|k| k.entry.as_str()).collect::<Vec<_>>(), ["fine__0"]);
}

#[test]
fn files_without_cuda_functions_have_no_ptx() {
    let mut db = CheckDatabase::new();
    let file = db.add_file("host.py", b"from numba import njit\n@njit(\"(int64,)\")\ndef f(x):\n    return x\n");
    assert!(compile_ptx(&db, file, &Options::default()).expect("compile").is_none());
}

#[test]
fn dynamic_shared_arrays_are_extern_and_sized_by_the_launch() {
    let c = ptx(r#"
from numba import cuda, float32, int32

@cuda.jit("void(float32[:])")
def reverse(a):
    s = cuda.shared.array(0, dtype=float32)
    t = cuda.shared.array((0,), dtype=int32)
    i = cuda.threadIdx.x
    s[i] = a[i]
    cuda.syncthreads()
    a[i] = s[s.shape[0] - 1 - i] + t[i] + t.shape[0]

@cuda.jit("void(float32[:])")
def local_zero(a):
    s = cuda.local.array(0, dtype=float32)
    a[0] = s[0]
"#);
    let text = c.output.asm.as_deref().unwrap_or_default();
    // One external `.shared` array each (all at the start of the block's dynamic shared
    // memory, as Numba's), their lengths read from %dynamic_smem_size.
    assert_eq!(text.matches(".extern .shared .align 16 .b8").count(), 2, "{text}");
    assert_eq!(text.matches("%dynamic_smem_size").count(), 2, "{text}");
    assert_eq!(c.kernels.iter().map(|k| k.entry.as_str()).collect::<Vec<_>>(), ["reverse__0"]);
    // Only shared arrays can be dynamic (Numba: "array length <= 0" when lowering).
    let messages: Vec<String> = c.problems.iter().map(|p| format!("{}: {}", p.specialization, p.message)).collect();
    assert!(messages.iter().any(|m| m.starts_with("local_zero(") && m.contains("shape")), "{messages:?}");
}

#[test]
fn warp_intrinsics_and_atomics_lower_to_their_instructions() {
    let c = ptx(r#"
from numba import cuda

@cuda.jit("void(int64[:], float32[:], int32[:], uint32[:])")
def warp(a, f, b, u):
    i = cuda.grid(1)
    a[i] = cuda.shfl_down_sync(0xffffffff, a[i], 1)
    f[i] = cuda.shfl_xor_sync(0xffffffff, f[i], 1)
    b[i] = cuda.ballot_sync(0xffffffff, a[i] > 0) + cuda.match_any_sync(0xffffffff, b[i])
    b[i] += cuda.syncthreads_count(b[i]) + cuda.popc(b[i]) + cuda.clz(b[i])
    u[i] = cuda.brev(u[i]) + cuda.ffs(u[i]) + cuda.activemask()
    cuda.atomic.inc(u, 0, 10)
    cuda.atomic.cas(b, 0, 1, 2)
    cuda.threadfence_block()
"#);
    let text = c.output.asm.as_deref().unwrap_or_default();
    assert_eq!(c.kernels.len(), 1, "{:?}", c.problems);
    // An int64 shuffles as two 32-bit halves; a float32 as its bits.
    assert_eq!(text.matches("shfl.sync.down.b32").count(), 2, "{text}");
    for needle in ["shfl.sync.bfly.b32", "vote.sync.ballot.b32", "match.any.sync.b32", "bar.red.popc.u32", "popc.b32", "clz.b32", "brev.b32", "activemask.b32", "membar.cta", "atom.global.cas.b32"] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
}
