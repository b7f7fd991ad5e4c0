//! Typed dicts (`DictType[K,V]`) and sets (`set(T)`) of compiled code: hash tables over
//! fixed-size key and value records, reached through the `dict_*` entries of
//! [`numrs_abi::RuntimeApi`].
//!
//! A container is a [`Container`] whose first field is its reference count (compiled code
//! increments and decrements it inline, as for a MemInfo, and calls `dict_free` when it drops
//! to zero). Its layout is described by a descriptor that compiled code emits as a constant
//! `i64` array (see [`Desc::parse`]): whether it is a set, the key and value sizes, the key's
//! scalar fields (offset, [`KeyKind`]) and the offsets of the MemInfo pointers a value holds
//! (arrays: the table owns one reference per stored value).
//!
//! Semantics follow Numba:
//! - dicts (`typed/dictobject.py`, a compact ordered table as CPython's) iterate in insertion
//!   order; `popitem` takes the last item;
//! - sets (`cpython/setobj.py`) are open-addressing tables of `(hash, key)` entries: CPython's
//!   probing (3 linear probes, then perturbation), minimum size 16, growth by 4x when
//!   `2 * used >= size`, shrinking on removal, and `pop` walking from a "finger". Iteration,
//!   `pop` and boxing follow the table's slot order, so they give Numba's order.
//! - keys hash as Python's `hash` (integers modulo 2**61 - 1, floats by `_Py_HashDouble`,
//!   tuples by CPython's xxHash-based tuple hash); set keys compare with numeric `==`
//!   (`-0.0 == 0.0`), dict keys by their bytes (`-0.0` and `0.0` are distinct keys, as in
//!   Numba's typed dict); a NaN key is equal to nothing.

use crate::memory::meminfo_decref;
use numrs_abi::MemInfo;
use std::sync::atomic::{AtomicI64, Ordering};

/// Scalar kinds of key fields (the codes of the descriptor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    Bool = 0,
    I8 = 1,
    I16 = 2,
    I32 = 3,
    I64 = 4,
    U8 = 5,
    U16 = 6,
    U32 = 7,
    U64 = 8,
    F32 = 9,
    F64 = 10,
    /// A string: the key field is the pointer to its MemInfo (dict keys only; the table owns
    /// one reference per stored key).
    Str = 11,
    /// Complex numbers (their two parts).
    C64 = 12,
    C128 = 13,
}

impl KeyKind {
    fn from_code(c: i64) -> Option<KeyKind> {
        use KeyKind::*;
        Some(match c {
            0 => Bool,
            1 => I8,
            2 => I16,
            3 => I32,
            4 => I64,
            5 => U8,
            6 => U16,
            7 => U32,
            8 => U64,
            9 => F32,
            10 => F64,
            11 => Str,
            12 => C64,
            13 => C128,
            _ => return None,
        })
    }
}

/// A scalar read from a key: an integer (exact, as i128) or a float.
#[derive(Clone, Copy)]
enum Scalar {
    Int(i128),
    Float(f64),
    Complex(f64, f64),
}

unsafe fn read_scalar(p: *const u8, k: KeyKind) -> Scalar {
    use KeyKind::*;
    match k {
        Bool => Scalar::Int((p.read() != 0) as i128),
        I8 => Scalar::Int((p as *const i8).read() as i128),
        I16 => Scalar::Int((p as *const i16).read_unaligned() as i128),
        I32 => Scalar::Int((p as *const i32).read_unaligned() as i128),
        I64 => Scalar::Int((p as *const i64).read_unaligned() as i128),
        U8 => Scalar::Int(p.read() as i128),
        U16 => Scalar::Int((p as *const u16).read_unaligned() as i128),
        U32 => Scalar::Int((p as *const u32).read_unaligned() as i128),
        U64 => Scalar::Int((p as *const u64).read_unaligned() as i128),
        F32 => Scalar::Float((p as *const f32).read_unaligned() as f64),
        F64 => Scalar::Float((p as *const f64).read_unaligned()),
        C64 => Scalar::Complex((p as *const f32).read_unaligned() as f64, (p as *const f32).add(1).read_unaligned() as f64),
        C128 => Scalar::Complex((p as *const f64).read_unaligned(), (p as *const f64).add(1).read_unaligned()),
        // Strings are compared and hashed by their text (see `key_hash`, `key_eq`).
        Str => Scalar::Int(0),
    }
}

/// Drop one reference to the MemInfo whose pointer is stored at `p` (null: none).
unsafe fn decref_at(p: *const u8) {
    let mi = (p as *const *mut MemInfo).read_unaligned();
    if !mi.is_null() {
        meminfo_decref(mi);
    }
}

/// A compiled function that frees a list (see `Desc::val_rc`).
pub type DropFn = unsafe extern "C" fn(*mut MemInfo);

/// Take one reference to the MemInfo whose pointer is stored at `p` (null: none).
unsafe fn incref_at(p: *const u8) {
    let mi = (p as *const *mut MemInfo).read_unaligned();
    if !mi.is_null() {
        (*(std::ptr::addr_of!((*mi).refcount) as *const AtomicI64)).fetch_add(1, Ordering::Relaxed);
    }
}

/// The code points of the string key at `p`.
unsafe fn str_key<'a>(p: *const u8) -> &'a [u32] {
    let mi = (p as *const *const MemInfo).read_unaligned();
    if mi.is_null() {
        return &[];
    }
    // A `StrPayload` (the length first), then the code points.
    let data = (*mi).data;
    let len = (data as *const numrs_abi::StrPayload).read_unaligned().len.max(0) as usize;
    std::slice::from_raw_parts(data.add(std::mem::size_of::<numrs_abi::StrPayload>()) as *const u32, len)
}

/// CPython's (and so Numba's) `hash(str)`: SipHash-1-3 with the interpreter's secret over the
/// string's PEP 393 representation (1, 2 or 4 bytes per code point), 0 for the empty string.
/// Sets of strings iterate in hash order, so this is what makes their order Numba's.
pub(crate) fn hash_str(chars: &[u32]) -> i64 {
    if chars.is_empty() {
        return 0;
    }
    let max = chars.iter().copied().max().unwrap_or(0);
    let kind = if max < 0x100 { 1 } else if max < 0x10000 { 2 } else { 4 };
    let mut bytes = Vec::with_capacity(chars.len() * kind);
    for c in chars {
        bytes.extend_from_slice(&c.to_le_bytes()[..kind]);
    }
    let (k0, k1) = hash_secret();
    let h = siphash13(k0, k1, &bytes) as i64;
    if h == -1 {
        -2
    } else {
        h
    }
}

/// The interpreter's `_Py_HashSecret` (SipHash keys), read once; zeros when the symbol is not
/// visible (hashes then stay consistent within the process, as dicts need).
fn hash_secret() -> (u64, u64) {
    static SECRET: std::sync::OnceLock<(u64, u64)> = std::sync::OnceLock::new();
    *SECRET.get_or_init(|| {
        extern "C" {
            fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
        }
        #[cfg(target_os = "macos")]
        let default = -2isize as *mut std::ffi::c_void;
        #[cfg(not(target_os = "macos"))]
        let default = std::ptr::null_mut();
        // SAFETY: dlsym with a NUL-terminated name; the symbol, when present, is CPython's
        // 24-byte `_Py_HashSecret_t`, whose `siphash` member is two u64 keys at its start.
        unsafe {
            let p = dlsym(default, c"_Py_HashSecret".as_ptr()) as *const u64;
            if p.is_null() {
                (0, 0)
            } else {
                (p.read_unaligned(), p.add(1).read_unaligned())
            }
        }
    })
}

/// CPython's `siphash13` (Python/pyhash.c).
fn siphash13(k0: u64, k1: u64, src: &[u8]) -> u64 {
    let mut v0 = k0 ^ 0x736f6d6570736575;
    let mut v1 = k1 ^ 0x646f72616e646f6d;
    let mut v2 = k0 ^ 0x6c7967656e657261;
    let mut v3 = k1 ^ 0x7465646279746573;
    let round = |v0: &mut u64, v1: &mut u64, v2: &mut u64, v3: &mut u64| {
        *v0 = v0.wrapping_add(*v1);
        *v2 = v2.wrapping_add(*v3);
        *v1 = v1.rotate_left(13) ^ *v0;
        *v3 = v3.rotate_left(16) ^ *v2;
        *v0 = v0.rotate_left(32);
        *v2 = v2.wrapping_add(*v1);
        *v0 = v0.wrapping_add(*v3);
        *v1 = v1.rotate_left(17) ^ *v2;
        *v3 = v3.rotate_left(21) ^ *v0;
        *v2 = v2.rotate_left(32);
    };
    let mut chunks = src.chunks_exact(8);
    for c in &mut chunks {
        let mi = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        v3 ^= mi;
        round(&mut v0, &mut v1, &mut v2, &mut v3);
        v0 ^= mi;
    }
    let mut t = [0u8; 8];
    let rest = chunks.remainder();
    t[..rest.len()].copy_from_slice(rest);
    let b = ((src.len() as u64) << 56) | u64::from_le_bytes(t);
    v3 ^= b;
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    v0 ^= b;
    v2 ^= 0xff;
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    (v0 ^ v1) ^ (v2 ^ v3)
}

const HASH_MODULUS: u64 = (1u64 << 61) - 1;
const HASH_BITS: i32 = 61;

/// Python's `hash(int)`.
fn hash_int(v: i128) -> i64 {
    let m = (v.unsigned_abs() % HASH_MODULUS as u128) as i64;
    let h = if v < 0 { -m } else { m };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// CPython's `_Py_HashDouble` (NaN hashes to 0, as Numba's `_PyHASH_NAN`).
fn hash_float(v: f64) -> i64 {
    if v.is_nan() {
        return 0;
    }
    if v.is_infinite() {
        return if v > 0.0 { 314159 } else { -314159 };
    }
    let (mut m, mut e) = frexp(v);
    let mut sign = 1i64;
    if m < 0.0 {
        sign = -1;
        m = -m;
    }
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & HASH_MODULUS) | (x >> (HASH_BITS - 28));
        m *= 268435456.0;
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= HASH_MODULUS {
            x -= HASH_MODULUS;
        }
    }
    let e = if e >= 0 { e % HASH_BITS } else { HASH_BITS - 1 - ((-1 - e) % HASH_BITS) };
    x = ((x << e) & HASH_MODULUS) | (x >> (HASH_BITS - e));
    let h = (x as i64) * sign;
    if h == -1 {
        -2
    } else {
        h
    }
}

/// C's `frexp`: `v = m * 2**e` with `0.5 <= |m| < 1` (`v` finite; 0 gives `(0, 0)`).
fn frexp(v: f64) -> (f64, i32) {
    if v == 0.0 {
        return (v, 0);
    }
    let bits = v.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(v * f64::from_bits(0x4350000000000000)); // 2**54
        return (m, e - 54);
    }
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022)
}

fn hash_scalar(s: Scalar) -> i64 {
    match s {
        Scalar::Int(i) => hash_int(i),
        Scalar::Float(f) => hash_float(f),
        // CPython's `complex_hash` (Numba's `_complex_hash`): the parts' hashes combined.
        Scalar::Complex(re, im) => {
            let h = (hash_float(re) as u64).wrapping_add((hash_float(im) as u64).wrapping_mul(1000003)) as i64;
            if h == -1 {
                -2
            } else {
                h
            }
        }
    }
}

/// CPython's tuple hash (3.8+, xxHash-based), as Numba's `_tuple_hash`.
fn hash_tuple(items: &[i64]) -> i64 {
    const P1: u64 = 11400714785074694791;
    const P2: u64 = 14029467366897019727;
    const P5: u64 = 2870177450012600261;
    let mut acc = P5;
    for &h in items {
        acc = acc.wrapping_add((h as u64).wrapping_mul(P2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(P1);
    }
    acc = acc.wrapping_add((items.len() as u64) ^ (P5 ^ 3527539));
    if acc == u64::MAX {
        return 1546275796;
    }
    acc as i64
}

fn scalar_eq(a: Scalar, b: Scalar) -> bool {
    match (a, b) {
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x == y,
        (Scalar::Int(x), Scalar::Float(y)) | (Scalar::Float(y), Scalar::Int(x)) => (x as f64) == y,
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => a == c && b == d,
        _ => false,
    }
}

/// A container's layout, read from the descriptor compiled code passes to `dict_new`:
/// `[flags, key_size, value_size, n_fields, (offset, kind) * n_fields, n_rc, (offset, drop) * n_rc]`,
/// where `drop` is 0 for a MemInfo its release frees (arrays, strings) or the address of the
/// compiled function that frees a list whose last reference went (its items' references first);
/// `flags` bit 0: a set, bit 1: the key is a tuple (of the `n_fields` scalars, hashed as a
/// tuple); a scalar key has one field at offset 0.
#[derive(Clone, Debug)]
pub struct Desc {
    pub is_set: bool,
    pub is_tuple: bool,
    pub key_size: usize,
    pub val_size: usize,
    pub fields: Vec<(usize, KeyKind)>,
    /// Offsets of MemInfo pointers (null: none) in a value, with how to free what they point
    /// at when the last reference goes (`None`: the MemInfo's own release).
    pub val_rc: Vec<(usize, Option<DropFn>)>,
    /// The key holds strings (a string key: one `Str` field at offset 0; a tuple key: `Str`
    /// items among its fields). The table owns one reference to each.
    pub key_str: bool,
}

impl Desc {
    /// # Safety
    /// `p` points at a descriptor as described on [`Desc`].
    pub unsafe fn parse(p: *const i64) -> Option<Desc> {
        let flags = p.read();
        let key_size = usize::try_from(p.add(1).read()).ok()?;
        let val_size = usize::try_from(p.add(2).read()).ok()?;
        let n = usize::try_from(p.add(3).read()).ok()?;
        let mut fields = Vec::with_capacity(n);
        for i in 0..n {
            let off = usize::try_from(p.add(4 + 2 * i).read()).ok()?;
            fields.push((off, KeyKind::from_code(p.add(5 + 2 * i).read())?));
        }
        let base = 4 + 2 * n;
        let nrc = usize::try_from(p.add(base).read()).ok()?;
        let val_rc = (0..nrc)
            .map(|i| {
                let off = usize::try_from(p.add(base + 1 + 2 * i).read()).ok()?;
                let drop = p.add(base + 2 + 2 * i).read() as usize;
                // SAFETY: a non-zero `drop` is the address of a compiled `void(ptr)` function.
                let drop = (drop != 0).then(|| std::mem::transmute::<usize, DropFn>(drop));
                Some((off, drop))
            })
            .collect::<Option<Vec<_>>>()?;
        let is_set = flags & 1 != 0;
        let key_str = fields.iter().any(|(_, k)| *k == KeyKind::Str);
        if key_str && flags & 2 == 0 && (fields.len() != 1 || fields[0].0 != 0) {
            return None;
        }
        Some(Desc { is_set, is_tuple: flags & 2 != 0, key_size, val_size, fields, val_rc, key_str })
    }
}

const EMPTY: i64 = -1;
const DELETED: i64 = -2;
const FALLBACK: i64 = -43;
const SET_MINSIZE: usize = 16;
const LINEAR_PROBES: usize = 3;

/// A dict or a set. `refcount` must stay the first field (compiled code updates it inline).
#[repr(C)]
pub struct Container {
    pub refcount: AtomicI64,
    pub desc: Desc,
    /// Dicts: the items in insertion order (`hashes[i] == DELETED` for removed ones).
    /// Sets: the slots of the table (`EMPTY`, `DELETED` or the hash of the key there).
    hashes: Vec<i64>,
    keys: Vec<u8>,
    vals: Vec<u8>,
    /// Dicts: an open-addressing index into the items (-1: empty), a power of two long.
    index: Vec<i64>,
    /// Live items.
    used: usize,
    /// Sets: slots that are not empty (used or deleted).
    fill: usize,
    /// Sets: where `pop` starts looking.
    finger: usize,
    /// A set unboxed from a Python set argument: that set (borrowed, for the duration of the
    /// call), which the native items are reflected into afterwards, as Numba's reflected sets.
    /// Null otherwise (and for copies).
    pub parent: *mut std::ffi::c_void,
}

/// The hash Numba stores for a key: `hash(key)`, with the reserved values of sets avoided.
unsafe fn key_hash(d: &Desc, key: *const u8) -> i64 {
    let h = if d.is_tuple {
        let hs: Vec<i64> = d
            .fields
            .iter()
            .map(|(off, k)| if *k == KeyKind::Str { hash_str(str_key(key.add(*off))) } else { hash_scalar(read_scalar(key.add(*off), *k)) })
            .collect();
        hash_tuple(&hs)
    } else if d.key_str {
        hash_str(str_key(key))
    } else {
        match d.fields.first() {
            Some((off, k)) => hash_scalar(read_scalar(key.add(*off), *k)),
            None => 0,
        }
    };
    if h == EMPTY || h == DELETED {
        FALLBACK
    } else {
        h
    }
}

/// Key equality: numeric `==` for sets (`setobj` compares with `operator.eq`); for dicts the
/// keys' bytes, as Numba's `dictobject.c` compares them (so `-0.0` and `0.0` are distinct
/// keys), except that a NaN never matches (Numba's hash of a NaN differs between lookups).
unsafe fn key_eq(d: &Desc, a: *const u8, b: *const u8) -> bool {
    d.fields.iter().all(|(off, k)| {
        if *k == KeyKind::Str {
            return str_key(a.add(*off)) == str_key(b.add(*off));
        }
        let (x, y) = (read_scalar(a.add(*off), *k), read_scalar(b.add(*off), *k));
        if d.is_set {
            return scalar_eq(x, y);
        }
        match (x, y) {
            (Scalar::Float(x), Scalar::Float(y)) => !x.is_nan() && x.to_bits() == y.to_bits(),
            (Scalar::Complex(a, b), Scalar::Complex(c, d)) => {
                !a.is_nan() && !b.is_nan() && a.to_bits() == c.to_bits() && b.to_bits() == d.to_bits()
            }
            _ => scalar_eq(x, y),
        }
    })
}

impl Container {
    fn new(desc: Desc) -> Container {
        let mut c = Container {
            refcount: AtomicI64::new(1),
            desc,
            hashes: Vec::new(),
            keys: Vec::new(),
            vals: Vec::new(),
            index: Vec::new(),
            used: 0,
            fill: 0,
            finger: 0,
            parent: std::ptr::null_mut(),
        };
        c.reset();
        c
    }

    /// Empty, at the minimum size (no references released).
    fn reset(&mut self) {
        self.hashes.clear();
        self.keys.clear();
        self.vals.clear();
        self.used = 0;
        self.fill = 0;
        self.finger = 0;
        if self.desc.is_set {
            self.hashes = vec![EMPTY; SET_MINSIZE];
            self.keys = vec![0; SET_MINSIZE * self.desc.key_size];
            self.index.clear();
        } else {
            self.index = vec![-1; 8];
        }
    }

    fn key_at(&self, i: usize) -> *const u8 {
        unsafe { self.keys.as_ptr().add(i * self.desc.key_size) }
    }

    fn val_at(&self, i: usize) -> *const u8 {
        unsafe { self.vals.as_ptr().add(i * self.desc.val_size) }
    }

    /// Drop the references the value record at `v` holds.
    unsafe fn release_value(&self, v: *const u8) {
        for (off, drop) in &self.desc.val_rc {
            match drop {
                None => decref_at(v.add(*off)),
                Some(drop) => {
                    let mi = (v.add(*off) as *const *mut MemInfo).read_unaligned();
                    if !mi.is_null() && (*(std::ptr::addr_of!((*mi).refcount) as *const AtomicI64)).fetch_sub(1, Ordering::AcqRel) == 1 {
                        drop(mi);
                    }
                }
            }
        }
    }

    /// Drop the table's reference to the (string) key record at `k`.
    unsafe fn release_key(&self, k: *const u8) {
        if self.desc.key_str {
            for (off, kind) in &self.desc.fields {
                if *kind == KeyKind::Str {
                    decref_at(k.add(*off));
                }
            }
        }
    }

    /// Take a new reference to the (string) key record at `k`.
    unsafe fn retain_key(&self, k: *const u8) {
        if self.desc.key_str {
            for (off, kind) in &self.desc.fields {
                if *kind == KeyKind::Str {
                    incref_at(k.add(*off));
                }
            }
        }
    }

    /// Take a new reference to everything the value record at `v` holds.
    unsafe fn retain_value(&self, v: *const u8) {
        for (off, _) in &self.desc.val_rc {
            incref_at(v.add(*off));
        }
    }

    // ----- dicts -----

    /// The item index of `key` (dicts).
    unsafe fn dict_find(&self, key: *const u8, h: i64) -> Option<usize> {
        let mask = self.index.len() - 1;
        let mut i = (h as u64 as usize) & mask;
        loop {
            let e = self.index[i];
            if e < 0 {
                return None;
            }
            let e = e as usize;
            if self.hashes[e] == h && key_eq(&self.desc, self.key_at(e), key) {
                return Some(e);
            }
            i = (i + 1) & mask;
        }
    }

    /// Rebuild the index (dropping removed items) so that it is at most half full.
    fn dict_rebuild(&mut self) {
        let (ks, vs) = (self.desc.key_size, self.desc.val_size);
        let mut hashes = Vec::with_capacity(self.used);
        let mut keys = Vec::with_capacity(self.used * ks);
        let mut vals = Vec::with_capacity(self.used * vs);
        for (i, h) in self.hashes.iter().enumerate() {
            if *h != DELETED {
                hashes.push(*h);
                keys.extend_from_slice(&self.keys[i * ks..(i + 1) * ks]);
                vals.extend_from_slice(&self.vals[i * vs..(i + 1) * vs]);
            }
        }
        self.hashes = hashes;
        self.keys = keys;
        self.vals = vals;
        let mut size = 8;
        while size < 2 * (self.hashes.len() + 1) {
            size *= 2;
        }
        self.index = vec![-1; size];
        let mask = size - 1;
        for (e, h) in self.hashes.iter().enumerate() {
            let mut i = (*h as u64 as usize) & mask;
            while self.index[i] >= 0 {
                i = (i + 1) & mask;
            }
            self.index[i] = e as i64;
        }
    }

    /// Insert or replace; the table takes the value's references (a replaced value's are
    /// released).
    unsafe fn dict_insert(&mut self, key: *const u8, val: *const u8) {
        let h = key_hash(&self.desc, key);
        let vs = self.desc.val_size;
        if let Some(e) = self.dict_find(key, h) {
            let old = self.vals[e * vs..(e + 1) * vs].to_vec();
            std::ptr::copy_nonoverlapping(val, self.vals.as_mut_ptr().add(e * vs), vs);
            self.release_value(old.as_ptr());
            // The stored key stays; the reference that came with the new one is dropped.
            self.release_key(key);
            return;
        }
        if 2 * (self.hashes.len() + 1) > self.index.len() {
            self.dict_rebuild();
        }
        let e = self.hashes.len();
        self.hashes.push(h);
        self.keys.extend_from_slice(std::slice::from_raw_parts(key, self.desc.key_size));
        self.vals.extend_from_slice(std::slice::from_raw_parts(val, vs));
        self.used += 1;
        let mask = self.index.len() - 1;
        let mut i = (h as u64 as usize) & mask;
        while self.index[i] >= 0 {
            i = (i + 1) & mask;
        }
        self.index[i] = e as i64;
    }

    /// Remove item `e`, moving its value (and references) to `out` or releasing them; the
    /// key's reference is released too unless `key_moved` (it went to the caller).
    unsafe fn dict_remove_at(&mut self, e: usize, out: *mut u8, key_moved: bool) {
        let vs = self.desc.val_size;
        if !key_moved {
            self.release_key(self.key_at(e));
        }
        if out.is_null() {
            self.release_value(self.val_at(e));
        } else {
            std::ptr::copy_nonoverlapping(self.val_at(e), out, vs);
        }
        self.hashes[e] = DELETED;
        self.used -= 1;
        // The index entry stays (it points at a removed item, whose hash matches no key's);
        // removed items are dropped once they outnumber the live ones.
        if self.hashes.len() > 2 * self.used + 8 {
            self.dict_rebuild();
        }
    }

    // ----- sets (Numba's setobj) -----

    fn set_mask(&self) -> usize {
        self.hashes.len() - 1
    }

    /// Numba's `_lookup`: (found, slot); for insertion the slot is the first deleted one on
    /// the chain, else the empty one that ended it.
    unsafe fn set_lookup(&self, key: *const u8, h: i64, for_insert: bool) -> (bool, usize) {
        let mask = self.set_mask();
        let mut perturb = h as u64;
        let mut i = (h as u64 as usize) & mask;
        let mut free: Option<usize> = None;
        let mut probes = 0usize;
        loop {
            let eh = self.hashes[i];
            if eh == h && key_eq(&self.desc, self.key_at(i), key) {
                return (true, i);
            }
            if eh == EMPTY {
                return (false, if for_insert { free.unwrap_or(i) } else { i });
            }
            if for_insert && eh == DELETED && free.is_none() {
                free = Some(i);
            }
            if probes < LINEAR_PROBES {
                i = (i + 1) & mask;
                probes += 1;
            } else {
                perturb >>= 5;
                i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
            }
        }
    }

    /// Add `key` (its record is copied; no reference changes hands): whether it was new.
    unsafe fn set_add(&mut self, key: *const u8, resize: bool) -> bool {
        let h = key_hash(&self.desc, key);
        let (found, i) = self.set_lookup(key, h, true);
        if found {
            return false;
        }
        let old = self.hashes[i];
        self.hashes[i] = h;
        let ks = self.desc.key_size;
        std::ptr::copy_nonoverlapping(key, self.keys.as_mut_ptr().add(i * ks), ks);
        self.used += 1;
        if old == EMPTY {
            self.fill += 1;
        }
        if resize {
            self.set_upsize(self.used);
        }
        true
    }

    /// `s.add(key)` with the caller's reference to a string key: kept when the key is new,
    /// dropped when it was there.
    unsafe fn set_add_owned(&mut self, key: *const u8) {
        if !self.set_add(key, true) {
            self.release_key(key);
        }
    }

    /// Add another container's key, taking a new reference to a string key.
    unsafe fn set_add_copy(&mut self, key: *const u8) {
        if self.set_add(key, true) {
            self.retain_key(key);
        }
    }

    /// Numba's `upsize(nitems)`: grow (by factors of 4) until the table has more than twice
    /// `nitems` slots.
    fn set_upsize(&mut self, nitems: usize) {
        let min_entries = nitems << 1;
        let size = self.hashes.len();
        if min_entries >= size {
            let mut new_size = size;
            loop {
                new_size <<= 2;
                if min_entries < new_size {
                    break;
                }
            }
            self.set_resize(new_size);
        }
    }

    fn set_downsize(&mut self) {
        let min_entries = (self.used << 1).max(SET_MINSIZE);
        let size = self.hashes.len();
        if (min_entries << 2) <= size && SET_MINSIZE < size {
            let mut new_size = size;
            loop {
                let half = new_size >> 1;
                if min_entries > half {
                    break;
                }
                new_size = half;
            }
            self.set_resize(new_size);
        }
    }

    /// Re-insert the entries, in slot order, into a table of `n` slots.
    fn set_resize(&mut self, n: usize) {
        let ks = self.desc.key_size;
        let old_hashes = std::mem::replace(&mut self.hashes, vec![EMPTY; n]);
        let old_keys = std::mem::replace(&mut self.keys, vec![0; n * ks]);
        self.used = 0;
        self.fill = 0;
        self.finger = 0;
        for (i, h) in old_hashes.iter().enumerate() {
            if *h != EMPTY && *h != DELETED {
                unsafe { self.set_add(old_keys.as_ptr().add(i * ks), false) };
            }
        }
    }

    /// Numba's `_remove_key(..., do_resize=False)`: the key's entry marked deleted.
    unsafe fn set_remove_no_resize(&mut self, key: *const u8) -> bool {
        let h = key_hash(&self.desc, key);
        let (found, i) = self.set_lookup(key, h, false);
        if found {
            self.release_key(self.key_at(i));
            self.hashes[i] = DELETED;
            self.used -= 1;
        }
        found
    }

    /// Numba's `set_update` from another set: presized for both, each item added (growing as
    /// needed), then shrunk to what is used.
    unsafe fn set_update_from(&mut self, other: &Container) {
        self.set_upsize(self.used + other.used);
        for i in other.positions() {
            self.set_add_copy(other.key_at(i));
        }
        self.set_downsize();
    }

    /// Numba's `SetInstance.intersect`: entries not in `other` marked deleted, then shrunk.
    unsafe fn set_intersect(&mut self, other: &Container) {
        for i in self.positions() {
            if other.contains(self.key_at(i)).is_none() {
                self.release_key(self.key_at(i));
                self.hashes[i] = DELETED;
                self.used -= 1;
            }
        }
        self.set_downsize();
    }

    /// Numba's `SetInstance.difference`: `other`'s keys removed, then shrunk.
    unsafe fn set_difference(&mut self, other: &Container) {
        for i in other.positions() {
            self.set_remove_no_resize(other.key_at(i));
        }
        self.set_downsize();
    }

    /// Numba's `SetInstance.symmetric_difference`: `other`'s keys toggled (added ones grow the
    /// table as needed), then shrunk.
    unsafe fn set_symmetric_difference(&mut self, other: &Container) {
        for i in other.positions() {
            let k = other.key_at(i);
            if !self.set_remove_no_resize(k) {
                self.set_add_copy(k);
            }
        }
        self.set_downsize();
    }

    unsafe fn set_discard(&mut self, key: *const u8) -> bool {
        let h = key_hash(&self.desc, key);
        let (found, i) = self.set_lookup(key, h, false);
        if found {
            self.release_key(self.key_at(i));
            self.hashes[i] = DELETED;
            self.used -= 1;
            self.set_downsize();
        }
        found
    }

    // ----- both -----

    unsafe fn contains(&self, key: *const u8) -> Option<usize> {
        let h = key_hash(&self.desc, key);
        if self.desc.is_set {
            let (found, i) = self.set_lookup(key, h, false);
            found.then_some(i)
        } else {
            self.dict_find(key, h)
        }
    }

    /// Iteration: the next live position at or after `pos`.
    fn next_live(&self, pos: usize) -> Option<usize> {
        let used = |h: i64| if self.desc.is_set { h != EMPTY && h != DELETED } else { h != DELETED };
        (pos..self.hashes.len()).find(|i| used(self.hashes[*i]))
    }

    /// Release every value's (and string key's) references (before dropping or clearing).
    unsafe fn release_all(&self) {
        if self.desc.is_set {
            if self.desc.key_str {
                for i in self.positions() {
                    self.release_key(self.key_at(i));
                }
            }
            return;
        }
        if self.desc.val_rc.is_empty() && !self.desc.key_str {
            return;
        }
        for (e, h) in self.hashes.iter().enumerate() {
            if *h != DELETED {
                self.release_value(self.val_at(e));
                self.release_key(self.key_at(e));
            }
        }
    }

    fn duplicate(&self) -> Container {
        if self.desc.is_set && self.used != self.fill {
            // Numba copies a set with deleted entries by adding its items, in slot order, to
            // a table sized for them.
            let mut size = SET_MINSIZE;
            while size < 2 * self.used {
                size <<= 1;
            }
            let mut c = Container::new(self.desc.clone());
            c.hashes = vec![EMPTY; size];
            c.keys = vec![0; size * self.desc.key_size];
            for i in self.positions() {
                unsafe {
                    c.set_add(self.key_at(i), false);
                    c.retain_key(self.key_at(i));
                }
            }
            return c;
        }
        let c = Container {
            refcount: AtomicI64::new(1),
            desc: self.desc.clone(),
            hashes: self.hashes.clone(),
            keys: self.keys.clone(),
            vals: self.vals.clone(),
            index: self.index.clone(),
            used: self.used,
            fill: self.fill,
            finger: self.finger,
            parent: std::ptr::null_mut(),
        };
        if !c.desc.is_set {
            for (e, h) in c.hashes.iter().enumerate() {
                if *h != DELETED {
                    unsafe {
                        c.retain_value(c.val_at(e));
                        c.retain_key(c.key_at(e));
                    }
                }
            }
        } else if c.desc.key_str {
            for i in c.positions() {
                unsafe { c.retain_key(c.key_at(i)) };
            }
        }
        c
    }

    /// The live items' positions, in iteration order.
    pub fn positions(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.used);
        let mut p = 0;
        while let Some(i) = self.next_live(p) {
            out.push(i);
            p = i + 1;
        }
        out
    }

    /// The key record at position `i` (see [`Container::positions`]).
    pub fn key_ptr(&self, i: usize) -> *const u8 {
        self.key_at(i)
    }

    /// The value record at position `i` of a dict.
    pub fn val_ptr(&self, i: usize) -> *const u8 {
        self.val_at(i)
    }

    /// Take new references to what the value at position `i` holds.
    ///
    /// # Safety
    /// `i` is a live position of a dict.
    pub unsafe fn retain_value_at(&self, i: usize) {
        self.retain_value(self.val_at(i))
    }

    /// Take a new reference to the (string) key at position `i`.
    ///
    /// # Safety
    /// `i` is a live position of a dict.
    pub unsafe fn retain_key_at(&self, i: usize) {
        self.retain_key(self.key_at(i))
    }

    pub fn len(&self) -> usize {
        self.used
    }

    pub fn is_empty(&self) -> bool {
        self.used == 0
    }
}

/// Live containers (the tests check that compiled code frees what it creates).
pub static LIVE_CONTAINERS: AtomicI64 = AtomicI64::new(0);

// ----- the RuntimeApi entries -----

/// A new empty container for the descriptor (null when the descriptor is malformed).
pub unsafe extern "C" fn numrs_dict_new(desc: *const i64) -> *mut Container {
    match Desc::parse(desc) {
        Some(d) => {
            LIVE_CONTAINERS.fetch_add(1, Ordering::Relaxed);
            Box::into_raw(Box::new(Container::new(d)))
        }
        None => std::ptr::null_mut(),
    }
}

/// Frees a container whose reference count reached zero, with the references its values hold.
pub unsafe extern "C" fn numrs_dict_free(c: *mut Container) {
    if c.is_null() {
        return;
    }
    let b = Box::from_raw(c);
    b.release_all();
    LIVE_CONTAINERS.fetch_sub(1, Ordering::Relaxed);
    drop(b);
}

/// A new empty dict (reference count 1) for `desc`, made by the runtime (Python's side).
pub fn new_container(desc: Desc) -> *mut Container {
    LIVE_CONTAINERS.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new(Container::new(desc)))
}

impl KeyKind {
    /// The key field kind of a number type.
    pub fn of_number(k: numrs_types::NumericKind) -> Option<KeyKind> {
        use numrs_types::NumericKind as N;
        Some(match k {
            N::Boolean => KeyKind::Bool,
            N::Int8 => KeyKind::I8,
            N::Int16 => KeyKind::I16,
            N::Int32 => KeyKind::I32,
            N::Int64 => KeyKind::I64,
            N::UInt8 => KeyKind::U8,
            N::UInt16 => KeyKind::U16,
            N::UInt32 => KeyKind::U32,
            N::UInt64 => KeyKind::U64,
            N::Float32 => KeyKind::F32,
            N::Float64 => KeyKind::F64,
            N::Complex64 => KeyKind::C64,
            N::Complex128 => KeyKind::C128,
        })
    }
}

/// Drops one reference to `c` (what compiled code does inline).
pub unsafe fn container_decref(c: *mut Container) {
    if (*c).refcount.fetch_sub(1, Ordering::AcqRel) == 1 {
        numrs_dict_free(c);
    }
}

/// `len(c)`.
pub unsafe extern "C" fn numrs_dict_len(c: *mut Container) -> i64 {
    (*c).used as i64
}

/// Look `key` up: 1 and the value copied to `val_out` (borrowed; when not null) if present,
/// else 0.
pub unsafe extern "C" fn numrs_dict_lookup(c: *mut Container, key: *const u8, val_out: *mut u8) -> i32 {
    let c = &*c;
    match c.contains(key) {
        Some(i) => {
            if !val_out.is_null() && !c.desc.is_set {
                std::ptr::copy_nonoverlapping(c.val_at(i), val_out, c.desc.val_size);
            }
            1
        }
        None => 0,
    }
}

/// `d[key] = val` (the dict takes the value's references) or `s.add(key)` (`val` unused).
pub unsafe extern "C" fn numrs_dict_insert(c: *mut Container, key: *const u8, val: *const u8) {
    let c = &mut *c;
    if c.desc.is_set {
        c.set_add_owned(key);
    } else {
        c.dict_insert(key, val);
    }
}

/// Remove `key`: 1 if it was present (its value moved to `val_out` with its references, or
/// released when `val_out` is null), else 0.
pub unsafe extern "C" fn numrs_dict_delete(c: *mut Container, key: *const u8, val_out: *mut u8) -> i32 {
    let c = &mut *c;
    if c.desc.is_set {
        return c.set_discard(key) as i32;
    }
    let h = key_hash(&c.desc, key);
    match c.dict_find(key, h) {
        Some(e) => {
            c.dict_remove_at(e, val_out, false);
            1
        }
        None => 0,
    }
}

/// Iteration: from position `*pos`, copy the next item's key and value (borrowed; either out
/// pointer may be null), advance `*pos` past it and return 1; 0 at the end.
pub unsafe extern "C" fn numrs_dict_next(c: *mut Container, pos: *mut i64, key_out: *mut u8, val_out: *mut u8) -> i32 {
    let c = &*c;
    let start = (*pos).max(0) as usize;
    match c.next_live(start) {
        Some(i) => {
            if !key_out.is_null() {
                std::ptr::copy_nonoverlapping(c.key_at(i), key_out, c.desc.key_size);
            }
            if !val_out.is_null() && !c.desc.is_set {
                std::ptr::copy_nonoverlapping(c.val_at(i), val_out, c.desc.val_size);
            }
            *pos = i as i64 + 1;
            1
        }
        None => 0,
    }
}

/// `d.popitem()` (the last item) or `s.pop()` (from the finger): 1 and the key and value
/// moved out (with their references), or 0 when empty.
pub unsafe extern "C" fn numrs_dict_popitem(c: *mut Container, key_out: *mut u8, val_out: *mut u8) -> i32 {
    let c = &mut *c;
    if c.used == 0 {
        return 0;
    }
    let ks = c.desc.key_size;
    if c.desc.is_set {
        let mask = c.set_mask();
        let mut i = c.finger;
        loop {
            i = (i + 1) & mask;
            let h = c.hashes[i];
            if h != EMPTY && h != DELETED {
                break;
            }
        }
        c.finger = i;
        std::ptr::copy_nonoverlapping(c.key_at(i), key_out, ks);
        c.hashes[i] = DELETED;
        c.used -= 1;
        c.set_downsize();
        return 1;
    }
    let Some(e) = (0..c.hashes.len()).rev().find(|e| c.hashes[*e] != DELETED) else { return 0 };
    std::ptr::copy_nonoverlapping(c.key_at(e), key_out, ks);
    c.dict_remove_at(e, val_out, true);
    1
}

/// `c.clear()`.
pub unsafe extern "C" fn numrs_dict_clear(c: *mut Container) {
    let c = &mut *c;
    c.release_all();
    c.reset();
}

/// `c.copy()`: a new container (reference count 1) holding new references to the values.
pub unsafe extern "C" fn numrs_dict_copy(c: *mut Container) -> *mut Container {
    LIVE_CONTAINERS.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new((*c).duplicate()))
}

/// Set operations: a new set (`op` 0 `a | b`, 1 `a & b`, 2 `a - b`, 3 `a ^ b`), or, for
/// `op` 4..7, the same updates in place on `a` (`|=`, `&=`, `-=`, `^=`; returns `a`, with no
/// new reference); for `op` 8 `a <= b`, 9 `a >= b`, 10 `a == b`, 11 `isdisjoint`, a non-null
/// pointer (`a`) when true and null when false.
pub unsafe extern "C" fn numrs_set_op(a: *mut Container, b: *mut Container, op: i64) -> *mut Container {
    let (ar, br) = (&*a, &*b);
    let in_b = |c: &Container, i: usize| unsafe { br.contains(c.key_at(i)).is_some() };
    let in_a = |c: &Container, i: usize| unsafe { ar.contains(c.key_at(i)).is_some() };
    let truth = |t: bool| if t { a } else { std::ptr::null_mut() };
    match op {
        8 => return truth(ar.positions().iter().all(|i| in_b(ar, *i))),
        9 => return truth(br.positions().iter().all(|i| in_a(br, *i))),
        10 => return truth(ar.used == br.used && ar.positions().iter().all(|i| in_b(ar, *i))),
        11 => return truth(!ar.positions().iter().any(|i| in_b(ar, *i))),
        _ => {}
    }
    // As Numba's `setobj.py`: the in-place operations change `a`; `a | b` and `a ^ b` copy
    // the larger set (the second when they are as large) and update it with the other,
    // `a & b` copies the smaller (the second when as large) and intersects it with the other,
    // `a - b` copies `a` and removes `b`'s items.
    if op >= 4 {
        // `s |= s`: the other operand read from a snapshot of the table (no references).
        let snapshot = (a == b).then(|| Container {
            refcount: AtomicI64::new(1),
            desc: br.desc.clone(),
            hashes: br.hashes.clone(),
            keys: br.keys.clone(),
            vals: Vec::new(),
            index: Vec::new(),
            used: br.used,
            fill: br.fill,
            finger: br.finger,
            parent: std::ptr::null_mut(),
        });
        let other: &Container = match &snapshot {
            Some(s) => s,
            None => &*b,
        };
        let target = &mut *a;
        match op & 3 {
            0 => target.set_update_from(other),
            1 => target.set_intersect(other),
            2 => target.set_difference(other),
            _ => target.set_symmetric_difference(other),
        }
        return a;
    }
    let (first, second) = match op & 3 {
        0 | 3 if ar.used > br.used => (ar, br),
        0 | 3 => (br, ar),
        1 if ar.used < br.used => (ar, br),
        1 => (br, ar),
        _ => (ar, br),
    };
    let mut out = first.duplicate();
    match op & 3 {
        0 => out.set_update_from(second),
        1 => out.set_intersect(second),
        2 => out.set_difference(second),
        _ => out.set_symmetric_difference(second),
    }
    LIVE_CONTAINERS.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_hash_is_cpythons_siphash13() {
        // CPython's hash() of these strings with PYTHONHASHSEED=0 (a zero secret): Latin-1,
        // UCS-2 and multi-block inputs.
        let h = |s: &str| {
            let chars: Vec<u32> = s.chars().map(|c| c as u32).collect();
            let max = chars.iter().copied().max().unwrap_or(0);
            let kind = if max < 0x100 { 1 } else if max < 0x10000 { 2 } else { 4 };
            let bytes: Vec<u8> = chars.iter().flat_map(|c| c.to_le_bytes()[..kind].to_vec()).collect();
            siphash13(0, 0, &bytes) as i64
        };
        assert_eq!(h("x"), -3368204716105132637);
        assert_eq!(h("zz"), 5880300977452346273);
        assert_eq!(h("\u{e9}t\u{e9}"), -1033370291238291217);
        assert_eq!(h("\u{65e5}\u{672c}"), 6243316497235261705);
        assert_eq!(h("abcdefghijk"), 1450545860578130900);
    }

    #[test]
    fn hashes_match_python() {
        assert_eq!(hash_int(-1), -2);
        assert_eq!(hash_int(5), 5);
        assert_eq!(hash_int(1 << 61), 1);
        assert_eq!(hash_float(1.5), 1152921504606846977);
        assert_eq!(hash_float(-0.0), 0);
        assert_eq!(hash_float(2.0), 2);
        assert_eq!(hash_float(f64::INFINITY), 314159);
        // hash((1, 2)) in CPython 3.8+.
        assert_eq!(hash_tuple(&[1, 2]), -3550055125485641917);
    }

    fn desc(is_set: bool) -> [i64; 8] {
        [is_set as i64, 8, if is_set { 0 } else { 8 }, 1, 0, KeyKind::I64 as i64, 0, 0]
    }

    #[test]
    fn dicts_keep_insertion_order() {
        unsafe {
            let d = desc(false);
            let c = numrs_dict_new(d.as_ptr());
            for k in [5i64, 1, 3, 1] {
                let v = k * 10;
                numrs_dict_insert(c, &k as *const i64 as *const u8, &v as *const i64 as *const u8);
            }
            assert_eq!(numrs_dict_len(c), 3);
            let k = 1i64;
            assert_eq!(numrs_dict_delete(c, &k as *const i64 as *const u8, std::ptr::null_mut()), 1);
            let keys: Vec<i64> = (*c).positions().iter().map(|i| ((*c).key_ptr(*i) as *const i64).read_unaligned()).collect();
            assert_eq!(keys, vec![5, 3]);
            container_decref(c);
        }
    }

    #[test]
    fn sets_pop_like_numba() {
        unsafe {
            let d = desc(true);
            let c = numrs_dict_new(d.as_ptr());
            for k in [0i64, 1, 2, 7, 8] {
                numrs_dict_insert(c, &k as *const i64 as *const u8, std::ptr::null());
            }
            let mut out = 0i64;
            assert_eq!(numrs_dict_popitem(c, &mut out as *mut i64 as *mut u8, std::ptr::null_mut()), 1);
            // Numba 0.68: `{0, 1, 2, 7, 8}.pop()` gives 1 (the walk starts after the finger).
            assert_eq!(out, 1);
            container_decref(c);
        }
    }
}

/// The entries of [`numrs_abi::RuntimeApi`], over [`numrs_abi::DictHandle`]s.
pub mod api {
    use super::*;
    use numrs_abi::DictHandle;

    fn c(h: DictHandle) -> *mut Container {
        h as *mut Container
    }
    pub unsafe extern "C" fn new(desc: *const i64) -> DictHandle {
        numrs_dict_new(desc) as DictHandle
    }
    pub unsafe extern "C" fn free(h: DictHandle) {
        numrs_dict_free(c(h))
    }
    pub unsafe extern "C" fn len(h: DictHandle) -> i64 {
        numrs_dict_len(c(h))
    }
    pub unsafe extern "C" fn lookup(h: DictHandle, key: *const u8, val_out: *mut u8) -> i32 {
        numrs_dict_lookup(c(h), key, val_out)
    }
    pub unsafe extern "C" fn insert(h: DictHandle, key: *const u8, val: *const u8) {
        numrs_dict_insert(c(h), key, val)
    }
    pub unsafe extern "C" fn delete(h: DictHandle, key: *const u8, val_out: *mut u8) -> i32 {
        numrs_dict_delete(c(h), key, val_out)
    }
    pub unsafe extern "C" fn next(h: DictHandle, pos: *mut i64, key_out: *mut u8, val_out: *mut u8) -> i32 {
        numrs_dict_next(c(h), pos, key_out, val_out)
    }
    pub unsafe extern "C" fn popitem(h: DictHandle, key_out: *mut u8, val_out: *mut u8) -> i32 {
        numrs_dict_popitem(c(h), key_out, val_out)
    }
    pub unsafe extern "C" fn clear(h: DictHandle) {
        numrs_dict_clear(c(h))
    }
    pub unsafe extern "C" fn copy(h: DictHandle) -> DictHandle {
        numrs_dict_copy(c(h)) as DictHandle
    }
    pub unsafe extern "C" fn set_op(a: DictHandle, b: DictHandle, op: i64) -> DictHandle {
        numrs_set_op(c(a), c(b), op) as DictHandle
    }

    /// `n >= 0`: a new set's `allocate(n)`; `n < 0`: `upsize(used + -n)` before an update.
    pub unsafe extern "C" fn set_presize(a: DictHandle, n: i64) {
        let c = &mut *c(a);
        if !c.desc.is_set {
            return;
        }
        if n < 0 {
            c.set_upsize(c.used + n.unsigned_abs() as usize);
            return;
        }
        if c.used != 0 {
            return;
        }
        let min_entries = (n as usize).saturating_mul(2);
        let mut size = SET_MINSIZE;
        while size < min_entries {
            size <<= 1;
        }
        if size != c.hashes.len() {
            c.set_resize(size);
        }
    }
}
