//! NumPy's legacy random generator as Numba runs it in compiled code (`np.random.*`): one
//! MT19937 state per thread, seeded with `init_genrand` by `np.random.seed`, doubles from two
//! 32-bit draws, integers by masked rejection sampling and normals by the polar method with a
//! cached second value (Numba's `randomimpl.py` and `_random.c`), so that a seeded compiled
//! function draws the same numbers as under Numba.

use numrs_abi::{Distribution, GenDraw, RandomOp, GEN_UNAVAILABLE};
use std::cell::RefCell;

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

pub(crate) struct State {
    mt: [u32; N],
    index: usize,
    has_gauss: bool,
    gauss: f64,
}

impl State {
    fn seeded(seed: u32) -> State {
        let mut mt = [0u32; N];
        let mut s = seed;
        for (pos, slot) in mt.iter_mut().enumerate() {
            *slot = s;
            s = 1_812_433_253u32.wrapping_mul(s ^ (s >> 30)).wrapping_add(pos as u32 + 1);
        }
        State { mt, index: N, has_gauss: false, gauss: 0.0 }
    }

    /// Numba's `numba_rnd_shuffle`: the next 624 words.
    fn shuffle(&mut self) {
        let mt = &mut self.mt;
        let twist = |a: u32, b: u32, c: u32| -> u32 {
            let y = (a & UPPER) | (b & LOWER);
            c ^ (y >> 1) ^ if y & 1 != 0 { MATRIX_A } else { 0 }
        };
        for i in 0..N - M {
            mt[i] = twist(mt[i], mt[i + 1], mt[i + M]);
        }
        for i in N - M..N - 1 {
            mt[i] = twist(mt[i], mt[i + 1], mt[i + M - N]);
        }
        mt[N - 1] = twist(mt[N - 1], mt[0], mt[M - 1]);
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.shuffle();
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    pub(crate) fn next_double(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }

    /// Numba's `get_next_int` for NumPy (`nbits` in 1..=64; the low bits of each draw).
    fn next_bits(&mut self, nbits: u32) -> u64 {
        let masked = |st: &mut State, n: u32| -> u64 { (st.next_u32() & (u32::MAX >> (32 - n))) as u64 };
        if nbits <= 32 {
            masked(self, nbits)
        } else {
            let high = masked(self, nbits - 32);
            let low = self.next_u32() as u64;
            low + (high << 32)
        }
    }

    /// Python's `getrandbits(nbits)` as Numba draws it (`nbits` in 1..=64): the high bits of
    /// each 32-bit draw, the low word first.
    fn py_bits(&mut self, nbits: u32) -> u64 {
        let shifted = |st: &mut State, n: u32| -> u64 { (st.next_u32() >> (32 - n)) as u64 };
        if nbits <= 32 {
            shifted(self, nbits)
        } else {
            let low = self.next_u32() as u64;
            let high = shifted(self, nbits - 32);
            low + (high << 32)
        }
    }

    /// Python's `randrange(n)` (`n > 0`) as Numba draws it: `n`'s bit length of bits until
    /// below `n`.
    fn py_below(&mut self, n: i64) -> i64 {
        let nbits = 64 - (n as u64).leading_zeros();
        loop {
            let r = self.py_bits(nbits) as i64;
            if r < n {
                return r;
            }
        }
    }

    /// `np.random.randint(low, high)` (`high > low`): `_randrange_impl` with step 1.
    fn randint(&mut self, low: i64, high: i64) -> i64 {
        let n = high.wrapping_sub(low);
        // Callers raise for an empty range (`n <= 0`, Numba's ValueError); never loop on one.
        if n <= 1 {
            return low;
        }
        let nbits = 64 - ((n - 1) as u64).leading_zeros();
        loop {
            let r = self.next_bits(nbits) as i64;
            if r < n {
                return low.wrapping_add(r);
            }
        }
    }

    /// A standard normal (Numba's `_gauss_impl`): the polar method, one of each pair cached.
    pub(crate) fn gauss(&mut self) -> f64 {
        if self.has_gauss {
            self.has_gauss = false;
            return self.gauss;
        }
        let (x1, x2, r2) = loop {
            let x1 = 2.0 * self.next_double() - 1.0;
            let x2 = 2.0 * self.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                break (x1, x2, r2);
            }
        };
        let f = (-2.0 * r2.ln() / r2).sqrt();
        self.gauss = f * x1;
        self.has_gauss = true;
        f * x2
    }
}

/// An unseeded thread's first state (Numba seeds from the OS; any seed serves here).
fn entropy_seed() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.finish() as u32
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
    /// Python's `random` module's state (Numba keeps it apart from NumPy's).
    static PY_STATE: RefCell<Option<State>> = const { RefCell::new(None) };
    /// Numba's internal state (`get_state_ptr(.., "internal")`), drawn from by hashes of NaN.
    static INTERNAL_STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// [`numrs_abi::RuntimeApi::random`].
pub(crate) unsafe extern "C" fn api_random(op: u32, args: *const i64, out: *mut u64) {
    let arg = |i: usize| args.add(i).read();
    let slot = if op & RandomOp::INTERNAL_STATE != 0 {
        &INTERNAL_STATE
    } else if op & RandomOp::PY_STATE != 0 {
        &PY_STATE
    } else {
        &STATE
    };
    let with_state = |f: &mut dyn FnMut(&mut State) -> u64| -> u64 {
        slot.with(|s| {
            let mut s = s.borrow_mut();
            f(s.get_or_insert_with(|| State::seeded(entropy_seed())))
        })
    };
    let r: u64 = match RandomOp::from_u32(op & !(RandomOp::PY_STATE | RandomOp::INTERNAL_STATE)) {
        Some(RandomOp::Seed) => {
            let seed = arg(0) as u32;
            slot.with(|s| *s.borrow_mut() = Some(State::seeded(seed)));
            0
        }
        Some(RandomOp::PyBits) => with_state(&mut |s| s.py_bits(arg(0) as u32)),
        Some(RandomOp::PyBelow) => with_state(&mut |s| s.py_below(arg(0)) as u64),
        Some(RandomOp::Double) => with_state(&mut |s| s.next_double().to_bits()),
        Some(RandomOp::GeneratorDouble) => match bitgen_of(arg(0) as usize as *mut pyo3::ffi::PyObject) {
            Some(b) => ((*b).next_double)((*b).state).to_bits(),
            None => f64::NAN.to_bits(),
        },
        Some(RandomOp::GeneratorBitgen) => bitgen_of(arg(0) as usize as *mut pyo3::ffi::PyObject).map_or(0, |b| b as u64),
        Some(RandomOp::GeneratorFn) => npyrandom().and_then(|f| f.get(arg(0) as usize)).map_or(0, |f| *f as u64),
        Some(RandomOp::GeneratorIntegers) => {
            let status = generator_integers(arg(0) as usize as *mut BitGen, &|i| arg(i));
            if !out.is_null() {
                out.write(status);
            }
            return;
        }
        Some(RandomOp::RandInt) => with_state(&mut |s| s.randint(arg(0), arg(1)) as u64),
        Some(RandomOp::Gauss) => with_state(&mut |s| s.gauss().to_bits()),
        Some(RandomOp::Distribution) => {
            let Some(d) = Distribution::from_u32(arg(0) as u32) else { return };
            let params: Vec<f64> = (0..d.params().len()).map(|i| f64::from_bits(arg(1 + i) as u64)).collect();
            let mut drawn = Ok(0);
            with_state(&mut |s| {
                drawn = s.draw(d, &params);
                0
            });
            match drawn {
                Ok(bits) => {
                    if !out.is_null() {
                        out.write(bits);
                        out.add(1).write(0);
                    }
                }
                Err(e) => {
                    if !out.is_null() {
                        out.write(0);
                        out.add(1).write(e as u64);
                    }
                }
            }
            return;
        }
        None => 0,
    };
    if !out.is_null() {
        out.write(r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_numpy_legacy_mt19937() {
        // np.random.seed(42); np.random.random() == 0.3745401188473625 (NumPy's legacy
        // generator, which Numba's matches for an integer seed).
        let mut s = State::seeded(42);
        assert_eq!(s.next_double(), 0.3745401188473625);
        assert_eq!(s.next_double(), 0.9507143064099162);
    }
}

/// NumPy's `bitgen_t` (`numpy/random/bitgen.h`): the state and the bit generator's functions.
#[repr(C)]
struct BitGen {
    state: *mut std::ffi::c_void,
    next_uint64: unsafe extern "C" fn(*mut std::ffi::c_void) -> u64,
    next_uint32: unsafe extern "C" fn(*mut std::ffi::c_void) -> u32,
    next_double: unsafe extern "C" fn(*mut std::ffi::c_void) -> f64,
    next_raw: unsafe extern "C" fn(*mut std::ffi::c_void) -> u64,
}

thread_local! {
    /// The bit generators of the `numpy.random.Generator` objects drawn from on this thread,
    /// each with a reference to its Generator (so that its address is not reused while it is
    /// here) and to its bit generator (which owns the `bitgen_t`).
    static BITGENS: std::cell::RefCell<Vec<(usize, pyo3::Py<pyo3::PyAny>, pyo3::Py<pyo3::PyAny>, *mut BitGen)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The `bitgen_t` of Generator `obj` (from its bit generator's `capsule`, as NumPy's own
/// Cython reads it), looked up once per Generator and thread.
unsafe fn bitgen_of(obj: *mut pyo3::ffi::PyObject) -> Option<*mut BitGen> {
    use pyo3::prelude::*;
    if let Some(b) = BITGENS.with(|c| c.borrow().iter().find(|(p, ..)| *p == obj as usize).map(|e| e.3)) {
        return Some(b);
    }
    Python::with_gil(|py| {
        let gen = Bound::<PyAny>::from_borrowed_ptr(py, obj);
        let bit = gen.getattr("bit_generator").ok()?;
        let capsule = bit.getattr("capsule").ok()?;
        let name = c"BitGenerator";
        let p = pyo3::ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()) as *mut BitGen;
        if p.is_null() {
            pyo3::ffi::PyErr_Clear();
            return None;
        }
        BITGENS.with(|c| {
            let mut c = c.borrow_mut();
            // A handful of generators at most are kept (each keeps its Generator alive).
            if c.len() >= 8 {
                c.remove(0);
            }
            c.push((obj as usize, gen.clone().unbind(), bit.unbind(), p));
        });
        Some(p)
    })
}

/// NumPy's distribution functions (`numpy/random/distributions.h`), from the extension module
/// `numpy.random._generator`, which exports them (NumPy's cffi example opens it the same way):
/// the address of each [`GenDraw`]'s function, then of the bounded-integer fills (64, 32, 16,
/// 8 bits, bool). Resolved once; `None` when NumPy's module lacks one of them.
fn npyrandom() -> Option<&'static Vec<usize>> {
    static FNS: std::sync::OnceLock<Option<Vec<usize>>> = std::sync::OnceLock::new();
    FNS.get_or_init(|| {
        use pyo3::prelude::*;
        extern "C" {
            fn dlopen(filename: *const std::ffi::c_char, flags: std::ffi::c_int) -> *mut std::ffi::c_void;
            fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
        }
        let path: String = Python::with_gil(|py| py.import("numpy.random._generator")?.getattr("__file__")?.extract()).ok()?;
        let path = std::ffi::CString::new(path).ok()?;
        // SAFETY: dlopen/dlsym with NUL-terminated names; the module is already loaded (a
        // Generator exists), so this only takes another reference to it.
        unsafe {
            let lib = dlopen(path.as_ptr(), 2 /* RTLD_NOW */);
            if lib.is_null() {
                return None;
            }
            let names = GenDraw::ALL.iter().map(|d| d.symbol()).chain(INTEGER_FILLS.iter().copied());
            names
                .map(|name| {
                    let c = std::ffi::CString::new(name).ok()?;
                    let p = dlsym(lib, c.as_ptr());
                    (!p.is_null()).then_some(p as usize)
                })
                .collect()
        }
    })
    .as_ref()
}

/// NumPy's bounded-integer fills: `void f(bitgen_t *, T off, T rng, npy_intp cnt, bool
/// use_masked, T *out)` for the widths 64, 32, 16, 8 and bool.
const INTEGER_FILLS: [&str; 5] = [
    "random_bounded_uint64_fill",
    "random_bounded_uint32_fill",
    "random_bounded_uint16_fill",
    "random_bounded_uint8_fill",
    "random_bounded_bool_fill",
];

/// [`RandomOp::GeneratorIntegers`]: Numba's `Generator.integers` (its `_randint_arg_check`,
/// then NumPy's Lemire fill of `[low, high)` or `[low, high]` into the items) on bit generator
/// `b`.
unsafe fn generator_integers(b: *mut BitGen, arg: &dyn Fn(usize) -> i64) -> u64 {
    let bits = arg(1) as u32;
    let signed = arg(2) != 0;
    let wide = |v: i64, unsigned: bool| if unsigned { v as u64 as i128 } else { v as i128 };
    let low = wide(arg(3), arg(4) != 0);
    let mut high = wide(arg(5), arg(6) != 0);
    let endpoint = arg(7) != 0;
    let (count, out) = (arg(8) as isize, arg(9) as usize as *mut std::ffi::c_void);
    // The dtype's bounds as Numba's check takes them (a bool's are -1 and 2).
    let (lower, upper): (i128, i128) = match (bits, signed) {
        (0, _) => (-1, 2),
        (b, true) => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
        (b, false) => (0, (1i128 << b) - 1),
    };
    if low < lower {
        return 1;
    }
    // Numba's check takes one off `high` for an open interval only when it is positive; the
    // draw always does.
    let checked_open = high > 0 && !endpoint;
    if checked_open {
        high -= 1;
    }
    if high > upper {
        return 2;
    }
    if low > high {
        return 3;
    }
    if !endpoint && !checked_open {
        high -= 1;
    }
    let Some(fns) = npyrandom() else { return GEN_UNAVAILABLE };
    let rng = (high - low) as u64;
    let off = low as u64;
    type B = *mut BitGen;
    let which = match bits {
        64 => 0,
        32 => 1,
        16 => 2,
        8 => 3,
        _ => 4,
    };
    let f = fns[GenDraw::ALL.len() + which];
    match which {
        0 => std::mem::transmute::<usize, unsafe extern "C" fn(B, u64, u64, isize, bool, *mut u64)>(f)(b, off, rng, count, false, out.cast()),
        1 => std::mem::transmute::<usize, unsafe extern "C" fn(B, u32, u32, isize, bool, *mut u32)>(f)(b, off as u32, rng as u32, count, false, out.cast()),
        2 => std::mem::transmute::<usize, unsafe extern "C" fn(B, u16, u16, isize, bool, *mut u16)>(f)(b, off as u16, rng as u16, count, false, out.cast()),
        3 => std::mem::transmute::<usize, unsafe extern "C" fn(B, u8, u8, isize, bool, *mut u8)>(f)(b, off as u8, rng as u8, count, false, out.cast()),
        _ => std::mem::transmute::<usize, unsafe extern "C" fn(B, bool, bool, isize, bool, *mut bool)>(f)(b, off != 0, rng != 0, count, false, out.cast()),
    }
    0
}
