//! Threads for `parallel=True`: compiled code hands each `prange` loop to
//! [`numrs_parallel_for`], which splits the iteration space into chunks and runs them on a pool
//! of worker threads (Numba's threading layer). Compiled chunk functions never touch Python
//! objects, so the GIL the caller holds is irrelevant to them.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

use numrs_abi::ChunkFn;

extern "C" {
    /// CPython's: whether this thread holds the GIL (exported by every CPython since 3.4).
    fn PyGILState_Check() -> std::ffi::c_int;
}

/// The threads the runtime launches: `NUMBA_NUM_THREADS` if set (as Numba), else the CPUs
/// this process may run on.
pub fn max_threads() -> i64 {
    static N: OnceLock<i64> = OnceLock::new();
    *N.get_or_init(|| {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get() as i64);
        std::env::var("NUMBA_NUM_THREADS").ok().and_then(|v| v.trim().parse::<i64>().ok()).filter(|n| *n > 0).unwrap_or(cpus)
    })
}

thread_local! {
    /// What `numba.set_num_threads` set in this thread (0: not set), as Numba keeps it per
    /// thread.
    static NUM_THREADS: std::cell::Cell<i64> = const { std::cell::Cell::new(0) };
    /// What `numba.set_parallel_chunksize` set in this thread.
    static CHUNKSIZE: std::cell::Cell<i64> = const { std::cell::Cell::new(0) };
}

/// The number of threads the calling thread's `prange` loops use: what `set_num_threads` set,
/// else all of them.
pub extern "C" fn numrs_num_threads() -> i64 {
    match NUM_THREADS.with(|n| n.get()) {
        0 => max_threads(),
        n => n,
    }
}

/// [`numrs_abi::RuntimeApi::set_num_threads`].
pub extern "C" fn numrs_set_num_threads(n: i64) -> i64 {
    let max = max_threads();
    if n < 1 || n > max {
        return max;
    }
    NUM_THREADS.with(|c| c.set(n));
    0
}

/// [`numrs_abi::RuntimeApi::parallel_chunksize`]. (The size is kept for Numba's API; the
/// runtime splits loops into as many chunks as threads, whatever it is.)
pub extern "C" fn numrs_parallel_chunksize(set: i64, n: i64) -> i64 {
    CHUNKSIZE.with(|c| {
        let old = c.get();
        if set != 0 {
            c.set(n);
        }
        old
    })
}

/// One `prange` loop being run.
struct Job {
    body: ChunkFn,
    ctx: usize,
    lo: i64,
    len: i64,
    nchunks: i64,
    /// The next chunk to take.
    next: AtomicI64,
    /// Chunks finished.
    done: AtomicI64,
    /// 1 + the first (lowest) chunk that failed, or i64::MAX.
    failed: AtomicI64,
}

impl Job {
    /// Runs chunks until none is left.
    fn work(&self) {
        loop {
            let k = self.next.fetch_add(1, Ordering::AcqRel);
            if k >= self.nchunks {
                return;
            }
            let (start, stop) = (self.lo + chunk_start(self.len, self.nchunks, k), self.lo + chunk_start(self.len, self.nchunks, k + 1));
            // Every chunk runs, also an empty one: it leaves its (identity) partial results.
            let status = unsafe { (self.body)(self.ctx as *mut u8, start, stop, k) };
            if status != 0 {
                // `failed` starts at i64::MAX ("none").
                self.failed.fetch_min(k + 1, Ordering::AcqRel);
            }
            self.done.fetch_add(1, Ordering::AcqRel);
        }
    }
}

/// Where chunk `k` of `n` starts in `[0, len)`, as Numba's scheduler splits a 1-d iteration
/// space (`gufunc_scheduler.cpp`, `create_schedule`): each chunk takes the ceiling of what is
/// left over the chunks left, so the first `len % n` chunks have one item more. Partial
/// results (reductions) then combine as Numba's do, bit for bit.
fn chunk_start(len: i64, n: i64, k: i64) -> i64 {
    let (q, r) = (len / n, len % n);
    k * q + k.min(r)
}

/// Numba's static schedule of an iteration space of two or more dimensions
/// (`gufunc_scheduler.cpp`, `create_schedule` and `divide_work`): the dimensions taken from the
/// longest, each given a share of the chunks in proportion to its length among those left
/// (rounded as Numba rounds, in single precision), and split among them in proportion to
/// their chunks. Chunk `k` gets the box `out[k]`: first and last index per dimension
/// (inclusive; a box with a last index below its first is empty). A reduction over the boxes,
/// each in row-major order, combined in chunk order, is Numba's bit for bit.
pub fn schedule(shape: &[i64], nchunks: usize) -> Vec<(Vec<i64>, Vec<i64>)> {
    let nd = shape.len();
    let empty = (vec![1; nd], vec![0; nd]);
    let mut out = vec![empty; nchunks];
    if nchunks == 0 || nd == 0 {
        return out;
    }
    // Longest first; equal lengths keep their order.
    let mut dims: Vec<(usize, i64)> = shape.iter().map(|l| (*l).max(0)).enumerate().collect();
    dims.sort_by(|a, b| b.1.cmp(&a.1));
    let full_end: Vec<i64> = shape.iter().map(|l| l - 1).collect();
    divide_work(&full_end, &mut out, &mut Vec::new(), 0, nchunks - 1, &dims, 0);
    out
}

/// Numba's `divide_work`: threads `first..=last` share the dimensions `dims[index..]`, the
/// ranges of `dims[..index]` being `build`.
fn divide_work(
    full_end: &[i64],
    out: &mut [(Vec<i64>, Vec<i64>)],
    build: &mut Vec<(usize, i64, i64)>,
    first: usize,
    last: usize,
    dims: &[(usize, i64)],
    index: usize,
) {
    let mut threads = last - first + 1;
    if threads == 1 {
        if index == dims.len() {
            let mut start = vec![0; dims.len()];
            let mut end = vec![0; dims.len()];
            for (d, a, b) in build.iter() {
                start[*d] = *a;
                end[*d] = *b;
            }
            out[first] = (start, end);
        } else {
            let d = dims[index].0;
            build.push((d, 0, full_end[d]));
            divide_work(full_end, out, build, first, last, dims, index + 1);
            build.pop();
        }
        return;
    }
    let total: i64 = dims[index..].iter().map(|(_, l)| if *l > 1 { *l } else { 0 }).sum();
    let divisions = if total == 0 {
        threads
    } else {
        let share = threads as f32 * (dims[index].1 as f32 / total as f32);
        (f64::from(share) + 0.5).floor().max(1.0) as usize
    };
    let d = dims[index].0;
    let (mut item, item_end) = (0i64, full_end[d]);
    let mut thread = first;
    for i in 0..divisions {
        let left = divisions - i;
        // The threads of this division: an even share of those left (the last takes the rest).
        let used = if left == 1 { last + 1 - thread } else { (last + 1 - thread) / left };
        // Its items: the same share of the items left, in single precision, truncated.
        let len = if left == 1 { item_end - item + 1 } else { ((item_end - item + 1) as f32 * (used as f32 / threads as f32)) as i64 };
        threads -= used;
        build.push((d, item, item + len - 1));
        divide_work(full_end, out, build, thread, thread + used - 1, dims, index + 1);
        build.pop();
        item += len;
        thread += used;
    }
}

/// [`schedule`] for compiled code (`RuntimeApi::parallel_schedule`): `out` gets, per chunk,
/// the `ndim` first indices then the `ndim` last ones.
///
/// # Safety
/// `shape` holds `ndim` items, `out` room for `nchunks * 2 * ndim`.
pub unsafe extern "C" fn numrs_parallel_schedule(ndim: i64, shape: *const i64, nchunks: i64, out: *mut i64) {
    let (nd, n) = (ndim.max(0) as usize, nchunks.max(0) as usize);
    let shape = std::slice::from_raw_parts(shape, nd);
    let out = std::slice::from_raw_parts_mut(out, n * 2 * nd);
    for (k, (start, end)) in schedule(shape, n).into_iter().enumerate() {
        out[k * 2 * nd..k * 2 * nd + nd].copy_from_slice(&start);
        out[k * 2 * nd + nd..(k + 1) * 2 * nd].copy_from_slice(&end);
    }
}

/// The worker pool: threads wait for a job, take chunks, and go back to waiting.
struct Pool {
    state: Mutex<PoolState>,
    wake: Condvar,
    idle: Condvar,
}

struct PoolState {
    job: Option<std::sync::Arc<Job>>,
    /// Bumped per job, so that a worker takes each job once.
    generation: u64,
    /// Workers still inside the current job.
    busy: usize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            state: Mutex::new(PoolState { job: None, generation: 0, busy: 0 }),
            wake: Condvar::new(),
            idle: Condvar::new(),
        }));
        let workers = (max_threads() - 1).max(0) as usize;
        for _ in 0..workers {
            let _ = std::thread::Builder::new().name("numrs-worker".into()).spawn(move || worker(pool));
        }
        WORKERS.store(workers, Ordering::Release);
        pool
    })
}

static WORKERS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static WORKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether this thread is one of the pool's (which never hold the GIL: the thread that
/// started the loop holds it while it waits for them).
pub fn on_worker_thread() -> bool {
    WORKER.with(|w| w.get())
}

fn worker(pool: &'static Pool) {
    WORKER.with(|w| w.set(true));
    let mut seen = 0u64;
    loop {
        let job = {
            let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
            while st.generation == seen || st.job.is_none() {
                if st.generation != seen {
                    seen = st.generation;
                }
                st = pool.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            seen = st.generation;
            st.busy += 1;
            st.job.clone()
        };
        if let Some(job) = job {
            job.work();
        }
        let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
        st.busy -= 1;
        if st.busy == 0 {
            pool.idle.notify_all();
        }
    }
}

/// How many loops compiled code handed to [`numrs_parallel_for`] (`numrs_runtime._stats()`).
pub static PARALLEL_LOOPS: AtomicI64 = AtomicI64::new(0);

/// Serializes jobs: one `prange` loop runs on the pool at a time (a loop inside a chunk runs
/// serially, as Numba runs only the outermost parallel loop in parallel).
static RUNNING: Mutex<()> = Mutex::new(());

/// Runs `body(ctx, start, stop, k)` for each of the `nchunks` chunks `k` of `[lo, hi)`
/// (every chunk, also an empty one) on the pool and the calling thread. Returns 0, or 1 + the lowest chunk whose call returned a
/// non-zero status (its ExcInfo says what was raised).
///
/// # Safety
/// `body` must be safe to call concurrently with `ctx` for disjoint ranges.
pub unsafe extern "C" fn numrs_parallel_for(body: ChunkFn, ctx: *mut u8, lo: i64, hi: i64, nchunks: i64) -> i64 {
    PARALLEL_LOOPS.fetch_add(1, Ordering::Relaxed);
    let len = hi.saturating_sub(lo).max(0);
    let nchunks = nchunks.max(1);
    let job = std::sync::Arc::new(Job {
        body,
        ctx: ctx as usize,
        lo,
        len,
        nchunks,
        next: AtomicI64::new(0),
        done: AtomicI64::new(0),
        failed: AtomicI64::new(i64::MAX),
    });
    // Nested or concurrent loops (or a pool that could not start) run on this thread.
    let guard = if nchunks > 1 { RUNNING.try_lock().ok() } else { None };
    if let Some(_guard) = guard {
        let pool = pool();
        if WORKERS.load(Ordering::Acquire) > 0 {
            // The GIL is let go while the chunks run (as Numba's `parallel_for`): a worker
            // that drops the last reference to a Python-owned array takes it to let the
            // array go.
            let saved = if pyo3::ffi::Py_IsInitialized() != 0 && PyGILState_Check() == 1 {
                Some(pyo3::ffi::PyEval_SaveThread())
            } else {
                None
            };
            {
                let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
                st.job = Some(job.clone());
                st.generation += 1;
            }
            pool.wake.notify_all();
            job.work();
            // Wait until every worker has left the job (its chunks are then all done).
            {
                let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
                while st.busy > 0 || job.done.load(Ordering::Acquire) < nchunks {
                    st = pool.idle.wait(st).unwrap_or_else(|e| e.into_inner());
                }
                st.job = None;
            }
            if let Some(t) = saved {
                pyo3::ffi::PyEval_RestoreThread(t);
            }
        } else {
            job.work();
        }
    } else {
        job.work();
    }
    match job.failed.load(Ordering::Acquire) {
        i64::MAX => 0,
        k => k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" fn fill(ctx: *mut u8, start: i64, stop: i64, _k: i64) -> i32 {
        let out = ctx as *const AtomicI64;
        for i in start..stop {
            (*out.add(i as usize)).fetch_add(i + 1, Ordering::Relaxed);
        }
        0
    }

    unsafe extern "C" fn fail_from_50(_ctx: *mut u8, _start: i64, stop: i64, _k: i64) -> i32 {
        (stop > 50) as i32
    }

    #[test]
    fn every_index_runs_once_and_the_first_failure_is_reported() {
        for n in [0usize, 1, 7, 100, 1000] {
            let out: Vec<AtomicI64> = (0..n).map(|_| AtomicI64::new(0)).collect();
            for chunks in [1, 3, 64] {
                out.iter().for_each(|x| x.store(0, Ordering::Relaxed));
                let r = unsafe { numrs_parallel_for(fill, out.as_ptr() as *mut u8, 0, n as i64, chunks) };
                assert_eq!(r, 0);
                for (i, x) in out.iter().enumerate() {
                    assert_eq!(x.load(Ordering::Relaxed), i as i64 + 1, "n={n} chunks={chunks}");
                }
            }
        }
        // 100 iterations in 4 chunks: [0,25) [25,50) [50,75) [75,100); chunks 2 and 3 fail.
        assert_eq!(unsafe { numrs_parallel_for(fail_from_50, std::ptr::null_mut(), 0, 100, 4) }, 3);
    }

    /// The chunks are Numba's `create_schedule` ones: its loop, written out.
    #[test]
    fn chunks_are_numbas() {
        for len in [0i64, 1, 2, 3, 7, 10, 1000, 1001, 1000003] {
            for n in [1i64, 2, 3, 4, 16, 64] {
                let mut cur = 0;
                for k in 0..n {
                    let want = if len <= n {
                        (k.min(len), (k + 1).min(len))
                    } else {
                        let ilen = (len - cur - 1) / (n - k) + 1;
                        let end = if k < n - 1 { cur + ilen } else { len };
                        let r = (cur, end);
                        cur += ilen;
                        r
                    };
                    assert_eq!((chunk_start(len, n, k), chunk_start(len, n, k + 1)), want, "len={len} n={n} k={k}");
                }
            }
        }
    }

    /// Boxes of Numba's n-dimensional schedule, as computed by a transcription of
    /// `gufunc_scheduler.cpp` whose chunked sums equal Numba 0.68.1's parallel `a.sum()` bit for
    /// bit (shapes of 2 to 4 dimensions, 2 to 8 threads).
    #[test]
    fn n_dimensional_schedules_are_numbas() {
        #[allow(clippy::type_complexity)]
        let cases: Vec<(&[i64], usize, Vec<(Vec<i64>, Vec<i64>)>)> = vec![
            (&[100, 100], 3, vec![(vec![0, 0], vec![32, 99]), (vec![33, 0], vec![99, 49]), (vec![33, 50], vec![99, 99])]),
            (&[7, 300], 3, vec![(vec![0, 0], vec![6, 99]), (vec![0, 100], vec![6, 199]), (vec![0, 200], vec![6, 299])]),
            (&[5, 6, 7], 3, vec![(vec![0, 0, 0], vec![4, 1, 6]), (vec![0, 2, 0], vec![1, 5, 6]), (vec![2, 2, 0], vec![4, 5, 6])]),
            (&[100, 100], 2, vec![(vec![0, 0], vec![99, 49]), (vec![0, 50], vec![99, 99])]),
            (&[1, 50], 4, vec![(vec![0, 0], vec![0, 11]), (vec![0, 12], vec![0, 23]), (vec![0, 24], vec![0, 36]), (vec![0, 37], vec![0, 49])]),
            (&[50, 1], 2, vec![(vec![0, 0], vec![24, 0]), (vec![25, 0], vec![49, 0])]),
            (&[2, 2], 8, vec![(vec![0, 0], vec![-1, 0]), (vec![0, 1], vec![-1, 1]), (vec![0, 0], vec![-1, 0]), (vec![0, 1], vec![-1, 1]), (vec![0, 0], vec![0, 0]), (vec![0, 1], vec![0, 1]), (vec![1, 0], vec![1, 0]), (vec![1, 1], vec![1, 1])]),
            (&[33, 17, 5], 4, vec![(vec![0, 0, 0], vec![15, 7, 4]), (vec![0, 8, 0], vec![15, 16, 4]), (vec![16, 0, 0], vec![32, 7, 4]), (vec![16, 8, 0], vec![32, 16, 4])]),
            (&[4, 4, 4, 4], 8, vec![(vec![0, 0, 0, 0], vec![1, 3, 1, 1]), (vec![0, 0, 0, 2], vec![1, 3, 1, 3]), (vec![0, 0, 2, 0], vec![1, 3, 3, 1]), (vec![0, 0, 2, 2], vec![1, 3, 3, 3]), (vec![2, 0, 0, 0], vec![3, 3, 1, 1]), (vec![2, 0, 0, 2], vec![3, 3, 1, 3]), (vec![2, 0, 2, 0], vec![3, 3, 3, 1]), (vec![2, 0, 2, 2], vec![3, 3, 3, 3])]),
            (&[1000, 3], 3, vec![(vec![0, 0], vec![332, 2]), (vec![333, 0], vec![665, 2]), (vec![666, 0], vec![999, 2])]),
            (&[0, 5], 2, vec![(vec![0, 0], vec![-1, 1]), (vec![0, 2], vec![-1, 4])]),
        ];
        for (shape, n, want) in cases {
            assert_eq!(schedule(shape, n), want, "shape {shape:?}, {n} chunks");
        }
        // Every item is in exactly one box.
        for (shape, n) in [(&[13i64, 7, 3][..], 5usize), (&[9, 9][..], 7), (&[1, 1, 40][..], 6)] {
            let mut seen = vec![0; shape.iter().product::<i64>() as usize];
            for (a, b) in schedule(shape, n) {
                for i in a[0]..=b[0] {
                    for j in a[1]..=b[1] {
                        for k in a.get(2).copied().unwrap_or(0)..=b.get(2).copied().unwrap_or(0) {
                            let flat = if shape.len() == 3 { (i * shape[1] + j) * shape[2] + k } else { i * shape[1] + j };
                            seen[flat as usize] += 1;
                        }
                    }
                }
            }
            assert!(seen.iter().all(|c| *c == 1), "{shape:?} over {n}: {seen:?}");
        }
    }
}
