//! Threads for `parallel=True`: compiled code hands each `prange` loop to
//! [`numrs_parallel_for`], which splits the iteration space into chunks and runs them on a pool
//! of worker threads (Numba's threading layer). Compiled chunk functions never touch Python
//! objects, so the GIL the caller holds is irrelevant to them.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

use numrs_abi::ChunkFn;

/// The number of threads `prange` loops use: `NUMBA_NUM_THREADS` if set (as Numba), else
/// the CPUs this process may run on.
pub extern "C" fn numrs_num_threads() -> i64 {
    static N: OnceLock<i64> = OnceLock::new();
    *N.get_or_init(|| {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get() as i64);
        std::env::var("NUMBA_NUM_THREADS").ok().and_then(|v| v.trim().parse::<i64>().ok()).filter(|n| *n > 0).unwrap_or(cpus)
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
        let workers = (numrs_num_threads() - 1).max(0) as usize;
        for _ in 0..workers {
            let _ = std::thread::Builder::new().name("numrs-worker".into()).spawn(move || worker(pool));
        }
        WORKERS.store(workers, Ordering::Release);
        pool
    })
}

static WORKERS: AtomicUsize = AtomicUsize::new(0);

fn worker(pool: &'static Pool) {
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
            {
                let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
                st.job = Some(job.clone());
                st.generation += 1;
            }
            pool.wake.notify_all();
            job.work();
            // Wait until every worker has left the job (its chunks are then all done).
            let mut st = pool.state.lock().unwrap_or_else(|e| e.into_inner());
            while st.busy > 0 || job.done.load(Ordering::Acquire) < nchunks {
                st = pool.idle.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            st.job = None;
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
}
