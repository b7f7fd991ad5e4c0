//! Strings (`unicode_type`) of compiled code: a [`MemInfo`] holding a [`StrPayload`] and the
//! code points (`u32`). Compiled code keeps the reference counts inline and calls
//! [`numrs_abi::RuntimeApi::str_op`] for everything else; the operations follow CPython's
//! `str` (which Numba's `unicode.py` reimplements), with Numba's error messages.

use crate::memory::{meminfo_alloc, meminfo_decref, plain_alloc};
use numrs_abi::{ExcInfo, ExcKind, ListPayload, MemInfo, StrOp, StrPayload};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicI64, Ordering};

const HEADER: usize = std::mem::size_of::<StrPayload>();

/// A new string (refcount 1) of `chars`; null when memory runs out.
pub fn new_str(chars: &[u32]) -> *mut MemInfo {
    let mi = meminfo_alloc(HEADER + 4 * chars.len(), 8);
    if mi.is_null() {
        return mi;
    }
    unsafe {
        let p = (*mi).data;
        (p as *mut StrPayload).write(StrPayload { len: chars.len() as i64, hash: 0 });
        std::ptr::copy_nonoverlapping(chars.as_ptr(), p.add(HEADER) as *mut u32, chars.len());
    }
    mi
}

/// The code points of the string `mi` (borrowed).
///
/// # Safety
/// `mi` is a live string MemInfo.
pub unsafe fn chars<'a>(mi: *const MemInfo) -> &'a [u32] {
    let p = (*mi).data;
    let len = (*(p as *const StrPayload)).len.max(0) as usize;
    std::slice::from_raw_parts(p.add(HEADER) as *const u32, len)
}

/// Operations that go through Rust's `String` carry a lone surrogate (which a `char` cannot
/// hold, and which Python strings and Numba's keep) as a code point of the last 2048 of
/// Unicode's private use plane 16 (no case, not a space, not a digit), mapped back when the
/// result is made. Set while one operation runs on strings that hold surrogates.
const SURROGATE_STANDIN: u32 = 0x10F800;

thread_local! {
    static SURROGATES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn to_string(c: &[u32]) -> String {
    c.iter()
        .map(|&u| match u {
            0xD800..=0xDFFF => {
                SURROGATES.with(|s| s.set(true));
                char::from_u32(SURROGATE_STANDIN + (u - 0xD800)).unwrap_or('\u{FFFD}')
            }
            _ => char::from_u32(u).unwrap_or('\u{FFFD}'),
        })
        .collect()
}

/// The code point `c` stands for (see [`SURROGATE_STANDIN`]).
fn from_standin(c: char) -> u32 {
    let u = c as u32;
    if (SURROGATE_STANDIN..SURROGATE_STANDIN + 0x800).contains(&u) && SURROGATES.with(|s| s.get()) {
        u - SURROGATE_STANDIN + 0xD800
    } else {
        u
    }
}

pub(crate) unsafe extern "C" fn api_new(utf8: *const u8, len: usize) -> *mut MemInfo {
    let bytes = if len == 0 { &[][..] } else { std::slice::from_raw_parts(utf8, len) };
    new_str(&String::from_utf8_lossy(bytes).chars().map(|c| c as u32).collect::<Vec<_>>())
}

// ----- across the boundary -----

/// Unboxes a Python `str` into a new string written at `dst`.
pub(crate) unsafe fn unbox(obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    if ffi::PyUnicode_Check(obj) == 0 {
        return Err(PyTypeError::new_err("can't unbox a non-str object into unicode_type"));
    }
    // The code points as they are (a lone surrogate included, as Numba keeps it).
    let n = ffi::PyUnicode_GetLength(obj);
    if n < 0 {
        return Err(PyErr::fetch(Python::assume_gil_acquired()));
    }
    let n = n as usize;
    let mi = meminfo_alloc(HEADER + 4 * n, 8);
    if mi.is_null() {
        return Err(PyMemoryError::new_err("cannot allocate a string"));
    }
    let p = (*mi).data;
    (p as *mut StrPayload).write(StrPayload { len: n as i64, hash: 0 });
    if n > 0 && ffi::PyUnicode_AsUCS4(obj, p.add(HEADER) as *mut ffi::Py_UCS4, n as ffi::Py_ssize_t, 0).is_null() {
        meminfo_decref(mi);
        return Err(PyErr::fetch(Python::assume_gil_acquired()));
    }
    (dst as *mut *mut MemInfo).write_unaligned(mi);
    Ok(())
}

/// A new Python `str` of the code points `c`; surrogates (which `char` cannot hold) are
/// encoded as UTF-8 would encode them and decoded with `surrogatepass`.
pub(crate) unsafe fn py_str(c: &[u32]) -> *mut ffi::PyObject {
    if c.iter().all(|&u| char::from_u32(u).is_some()) {
        let s = to_string(c);
        return ffi::PyUnicode_FromStringAndSize(s.as_ptr() as *const std::ffi::c_char, s.len() as ffi::Py_ssize_t);
    }
    let mut bytes: Vec<u8> = Vec::with_capacity(c.len() * 3);
    for &u in c {
        match u {
            0..=0x7F => bytes.push(u as u8),
            0x80..=0x7FF => bytes.extend([0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]),
            0x800..=0xFFFF => bytes.extend([0xE0 | (u >> 12) as u8, 0x80 | ((u >> 6) & 0x3F) as u8, 0x80 | (u & 0x3F) as u8]),
            0x10000..=0x10FFFF => bytes.extend([
                0xF0 | (u >> 18) as u8,
                0x80 | ((u >> 12) & 0x3F) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]),
            _ => bytes.extend("\u{FFFD}".as_bytes()),
        }
    }
    ffi::PyUnicode_DecodeUTF8(bytes.as_ptr() as *const std::ffi::c_char, bytes.len() as ffi::Py_ssize_t, c"surrogatepass".as_ptr())
}

/// A new Python `str` for the string at `src`, consuming its reference.
pub(crate) unsafe fn box_str(src: *const u8) -> *mut ffi::PyObject {
    let mi = (src as *const *mut MemInfo).read_unaligned();
    if mi.is_null() {
        return ffi::PyUnicode_FromStringAndSize(std::ptr::null(), 0);
    }
    let r = py_str(chars(mi));
    meminfo_decref(mi);
    r
}

/// Drops the reference of the string at `src` (null: none).
pub(crate) unsafe fn release(src: *const u8) {
    let mi = (src as *const *mut MemInfo).read_unaligned();
    if !mi.is_null() {
        meminfo_decref(mi);
    }
}

pub(crate) unsafe fn retain(src: *const u8) {
    let mi = (src as *const *mut MemInfo).read_unaligned();
    if !mi.is_null() {
        let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
        rc.fetch_add(1, Ordering::Relaxed);
    }
}

// ----- operations -----

/// Why an operation failed: the exception compiled code raises.
struct Raise(ExcKind, String);

type OpResult = Result<u64, Raise>;

fn out_str(c: &[u32]) -> OpResult {
    let mi = new_str(c);
    if mi.is_null() {
        return Err(Raise(ExcKind::MemoryError, "cannot allocate a string".into()));
    }
    Ok(mi as u64)
}

fn out_string(s: &str) -> OpResult {
    out_str(&s.chars().map(from_standin).collect::<Vec<_>>())
}

fn out_bool(b: bool) -> OpResult {
    Ok(b as u64)
}

fn out_int(i: i64) -> OpResult {
    Ok(i as u64)
}

/// A new list of strings (Numba's `list(unicode_type)`), refcount 1.
fn out_list(items: Vec<Vec<u32>>) -> OpResult {
    unsafe {
        let Ok(mi) = crate::lists::new_list(items.len(), 8) else {
            return Err(Raise(ExcKind::MemoryError, "cannot allocate a list".into()));
        };
        let p = (*mi).data as *mut ListPayload;
        let slots = (*p).items as *mut *mut MemInfo;
        for (i, it) in items.iter().enumerate() {
            let s = new_str(it);
            if s.is_null() {
                crate::lists::release_list(&crate::boxing::Plan::Str, 8, mi);
                return Err(Raise(ExcKind::MemoryError, "cannot allocate a string".into()));
            }
            slots.add(i).write(s);
            (*p).size = i as i64 + 1;
        }
        Ok(mi as u64)
    }
}

/// The strings of a `list(unicode_type)` (borrowed).
unsafe fn list_items<'a>(mi: *const MemInfo) -> Vec<&'a [u32]> {
    let p = (*mi).data as *const ListPayload;
    let slots = (*p).items as *const *const MemInfo;
    (0..(*p).size.max(0) as usize).map(|i| chars(slots.add(i).read())).collect()
}

fn find(h: &[u32], n: &[u32], start: usize) -> Option<usize> {
    if n.is_empty() {
        return (start <= h.len()).then_some(start);
    }
    if n.len() > h.len() {
        return None;
    }
    (start..=h.len() - n.len()).find(|&i| &h[i..i + n.len()] == n)
}

fn rfind(h: &[u32], n: &[u32]) -> Option<usize> {
    if n.len() > h.len() {
        return None;
    }
    (0..=h.len() - n.len()).rev().find(|&i| &h[i..i + n.len()] == n)
}

fn count(h: &[u32], n: &[u32]) -> i64 {
    if n.is_empty() {
        return h.len() as i64 + 1;
    }
    let (mut c, mut i) = (0, 0);
    while let Some(j) = find(h, n, i) {
        c += 1;
        i = j + n.len();
    }
    c
}

/// CPython's (and Numba's) `_PyUnicode_IsSpace`.
fn is_space(c: u32) -> bool {
    crate::ctype_tables::contains(crate::ctype_tables::SPACE, c)
}

/// CPython's `Py_ISSPACE` of an ASCII character (what Numba's `rsplit` uses on ASCII strings).
fn is_ascii_space(c: u32) -> bool {
    matches!(c, 0x09..=0x0d | 0x20)
}

fn in_class(table: &[(u32, u32)], ch: char) -> bool {
    crate::ctype_tables::contains(table, ch as u32)
}

fn map_chars(c: &[u32], f: impl Fn(char) -> String) -> String {
    to_string(c).chars().map(f).collect()
}

fn predicate(c: &[u32], f: impl Fn(char) -> bool) -> bool {
    !c.is_empty() && to_string(c).chars().all(f)
}

/// Python's `str.isdigit` (decimal and other digits, e.g. superscripts).
fn is_digit(ch: char) -> bool {
    in_class(crate::ctype_tables::DIGIT, ch)
}

/// CPython's full case mappings where Rust's `char` methods differ (`case_tables.rs`).
mod case {
    use crate::case_tables::{CASED_TITLECASE, CASE_IGNORABLE, FOLD, TITLE};

    fn lookup(table: &[(u32, &'static str)], c: char) -> Option<&'static str> {
        table.binary_search_by_key(&(c as u32), |(k, _)| *k).ok().map(|i| table[i].1)
    }

    fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
        let c = c as u32;
        match table.binary_search_by(|(a, _)| a.cmp(&c)) {
            Ok(_) => true,
            Err(0) => false,
            Err(i) => c <= table[i - 1].1,
        }
    }

    /// `_PyUnicode_ToTitleFull`.
    pub fn title(c: char) -> String {
        lookup(TITLE, c).map_or_else(|| c.to_uppercase().collect(), str::to_string)
    }

    /// `_PyUnicode_ToFoldedFull`.
    pub fn fold(c: char) -> String {
        lookup(FOLD, c).map_or_else(|| c.to_lowercase().collect(), str::to_string)
    }

    /// `Py_UNICODE_ISTITLE`.
    pub fn is_titlecase(c: char) -> bool {
        in_ranges(CASED_TITLECASE, c)
    }

    /// `_PyUnicode_IsCased`.
    pub fn is_cased(c: char) -> bool {
        c.is_uppercase() || c.is_lowercase() || is_titlecase(c)
    }

    /// The lower case of `chars[i]`, a capital sigma in its final form where CPython's
    /// `handle_capital_sigma` finds it final (after a cased letter, not before one, case-
    /// ignorable characters skipped).
    pub fn lower_at(chars: &[char], i: usize) -> String {
        let c = chars[i];
        if c != '\u{3a3}' {
            return c.to_lowercase().collect();
        }
        let ignorable = |c: char| in_ranges(CASE_IGNORABLE, c);
        let before = chars[..i].iter().rev().find(|&&c| !ignorable(c));
        let after = chars[i + 1..].iter().find(|&&c| !ignorable(c));
        let is_final = before.is_some_and(|&c| is_cased(c)) && !after.is_some_and(|&c| is_cased(c));
        if is_final { "\u{3c2}" } else { "\u{3c3}" }.to_string()
    }
}

/// `str.title()` (CPython's `do_title`).
fn cased_title(c: &[u32]) -> String {
    let chars: Vec<char> = to_string(c).chars().collect();
    let mut out = String::new();
    let mut prev_cased = false;
    for (i, &ch) in chars.iter().enumerate() {
        if prev_cased {
            out.push_str(&case::lower_at(&chars, i));
        } else {
            out.push_str(&case::title(ch));
        }
        prev_cased = case::is_cased(ch);
    }
    out
}

/// `str.lower()`, `str.swapcase()` and `str.capitalize()` (CPython's `do_lower`,
/// `do_swapcase`, `do_capitalize`).
fn cased_map(c: &[u32], op: StrOp) -> String {
    let chars: Vec<char> = to_string(c).chars().collect();
    let mut out = String::new();
    for (i, &ch) in chars.iter().enumerate() {
        match op {
            StrOp::SwapCase if ch.is_uppercase() => out.push_str(&case::lower_at(&chars, i)),
            StrOp::SwapCase if ch.is_lowercase() => out.extend(ch.to_uppercase()),
            StrOp::SwapCase => out.push(ch),
            StrOp::Capitalize if i == 0 => out.push_str(&case::title(ch)),
            _ => out.push_str(&case::lower_at(&chars, i)),
        }
    }
    out
}

/// `str.istitle()` (CPython's `unicode_istitle_impl`).
fn is_title(c: &[u32]) -> bool {
    let (mut cased, mut prev_cased) = (false, false);
    for ch in to_string(c).chars() {
        if ch.is_uppercase() || case::is_titlecase(ch) {
            if prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else if ch.is_lowercase() {
            if !prev_cased {
                return false;
            }
            prev_cased = true;
            cased = true;
        } else {
            prev_cased = false;
        }
    }
    cased
}

fn split_whitespace(c: &[u32], max: i64) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut i = 0;
    let n = c.len();
    while i < n {
        while i < n && is_space(c[i]) {
            i += 1;
        }
        if i == n {
            break;
        }
        if max >= 0 && out.len() as i64 == max {
            let mut end = n;
            while end > i && is_space(c[end - 1]) {
                end -= 1;
            }
            out.push(c[i..end].to_vec());
            return out;
        }
        let s = i;
        while i < n && !is_space(c[i]) {
            i += 1;
        }
        out.push(c[s..i].to_vec());
    }
    out
}

/// Numba's `split_whitespace_impl` with a `maxsplit`: it stops at the `maxsplit`-th
/// whitespace run and keeps nothing of the rest (`"a b c".split(None, 1)` is `['a']`), and a
/// `maxsplit` of 0 splits everywhere.
fn numba_split_whitespace(c: &[u32], maxsplit: i64) -> Vec<Vec<u32>> {
    let mut parts = Vec::new();
    let mut last = 0;
    let mut count = 0i64;
    let mut in_ws = true;
    for (idx, &cp) in c.iter().enumerate() {
        let ws = is_space(cp);
        if in_ws {
            if !ws {
                last = idx;
                in_ws = false;
            }
        } else if ws {
            parts.push(c[last..idx].to_vec());
            in_ws = true;
            count += 1;
            if maxsplit != -1 && count == maxsplit {
                break;
            }
        }
    }
    if last <= c.len() && !in_ws {
        parts.push(c[last..].to_vec());
    }
    parts
}

/// Numba's `rsplit_whitespace_impl` (CPython's `rsplit_whitespace`) with a `maxsplit`; an
/// ASCII string is split at `Py_ISSPACE` characters, others at `_PyUnicode_IsSpace` ones.
fn numba_rsplit_whitespace(c: &[u32], maxsplit: i64) -> Vec<Vec<u32>> {
    let is_space: fn(u32) -> bool = if c.iter().all(|&x| x < 128) { is_ascii_space } else { is_space };
    let mut maxsplit = if maxsplit < 0 { i64::MAX } else { maxsplit };
    let mut result = Vec::new();
    let mut i = c.len() as i64 - 1;
    while maxsplit > 0 {
        while i >= 0 && is_space(c[i as usize]) {
            i -= 1;
        }
        if i < 0 {
            break;
        }
        let j = i;
        i -= 1;
        while i >= 0 && !is_space(c[i as usize]) {
            i -= 1;
        }
        result.push(c[(i + 1) as usize..(j + 1) as usize].to_vec());
        maxsplit -= 1;
    }
    if i >= 0 {
        while i >= 0 && is_space(c[i as usize]) {
            i -= 1;
        }
        if i >= 0 {
            result.push(c[..(i + 1) as usize].to_vec());
        }
    }
    result.reverse();
    result
}

fn split_sep(c: &[u32], sep: &[u32], max: i64) -> Result<Vec<Vec<u32>>, Raise> {
    if sep.is_empty() {
        return Err(Raise(ExcKind::ValueError, "empty separator".into()));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while max < 0 || (out.len() as i64) < max {
        match find(c, sep, i) {
            Some(j) => {
                out.push(c[i..j].to_vec());
                i = j + sep.len();
            }
            None => break,
        }
    }
    out.push(c[i..].to_vec());
    Ok(out)
}

fn rsplit_sep(c: &[u32], sep: &[u32], max: i64) -> Result<Vec<Vec<u32>>, Raise> {
    // Numba's `rsplit_impl`: a string shorter than the separator (or of a narrower kind) is
    // its own only part.
    let kind = |s: &[u32]| s.iter().map(|&x| if x < 0x100 { 1 } else if x < 0x10000 { 2 } else { 4 }).max().unwrap_or(1);
    if kind(c) < kind(sep) || c.len() < sep.len() {
        return Ok(vec![c.to_vec()]);
    }
    if sep.is_empty() {
        return Err(Raise(ExcKind::ValueError, "empty separator".into()));
    }
    if sep.len() == 1 {
        // Numba's `_rsplit_char`: after a separator the scan steps back two characters, so a
        // separator right before another one is not one (`"---".rsplit("-")` is
        // `['', '-', '']`).
        let mut maxsplit = if max < 0 { i64::MAX } else { max };
        let mut result = Vec::new();
        let ch = sep[0];
        let mut i = c.len() as i64 - 1;
        let mut j = i;
        while i >= 0 && maxsplit > 0 {
            if c[i as usize] == ch {
                result.push(c[(i + 1) as usize..(j + 1) as usize].to_vec());
                i -= 1;
                j = i;
                maxsplit -= 1;
            }
            i -= 1;
        }
        if j >= -1 {
            result.push(c[..(j + 1) as usize].to_vec());
        }
        result.reverse();
        return Ok(result);
    }
    let mut out = Vec::new();
    let mut end = c.len();
    while max < 0 || (out.len() as i64) < max {
        match rfind(&c[..end], sep) {
            Some(j) => {
                out.push(c[j + sep.len()..end].to_vec());
                end = j;
            }
            None => break,
        }
    }
    out.push(c[..end].to_vec());
    out.reverse();
    Ok(out)
}

/// Python's `slice.indices(len)` then the selected code points (`i64::MIN`/`MAX` are the
/// defaults of a missing start or stop, as compiled code passes them).
fn slice(c: &[u32], start: i64, stop: i64, step: i64) -> Result<Vec<u32>, Raise> {
    if step == 0 {
        return Err(Raise(ExcKind::ValueError, "slice step cannot be zero".into()));
    }
    let n = c.len() as i64;
    let clamp = |v: i64, lo: i64, hi: i64| {
        let v = if v < 0 { v.saturating_add(n) } else { v };
        v.clamp(lo, hi)
    };
    let (lo, hi) = if step < 0 { (-1, n - 1) } else { (0, n) };
    let start = clamp(start, lo, hi);
    let stop = clamp(stop, lo, hi);
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        out.push(c[i as usize]);
        i += step;
    }
    Ok(out)
}

fn pad(c: &[u32], width: i64, fill: &[u32], how: StrOp) -> Result<Vec<u32>, Raise> {
    if fill.len() != 1 {
        return Err(Raise(ExcKind::ValueError, "The fill character must be exactly one character long".into()));
    }
    let n = c.len() as i64;
    if width <= n {
        return Ok(c.to_vec());
    }
    let total = (width - n) as usize;
    let (left, right) = match how {
        StrOp::Ljust | StrOp::LjustFill => (0, total),
        StrOp::Rjust | StrOp::RjustFill => (total, 0),
        // CPython: the extra fill goes left when the width and length are both odd.
        _ => {
            let left = total / 2 + (total & width as usize & 1);
            (left, total - left)
        }
    };
    let f = fill[0];
    let mut out = vec![f; left];
    out.extend_from_slice(c);
    out.extend(std::iter::repeat_n(f, right));
    Ok(out)
}

/// `repr(float)` as Python prints it (shortest round-trip digits).
pub fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Rust's `{:e}` gives the shortest round-trip digits; lay them out as Python's repr does.
    let e = format!("{x:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let s = if exp >= 0 {
            let point = exp as usize + 1;
            if digits.len() <= point {
                format!("{digits}{}.0", "0".repeat(point - digits.len()))
            } else {
                format!("{}.{}", &digits[..point], &digits[point..])
            }
        } else {
            format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
        };
        format!("{sign}{s}")
    } else {
        let m = if digits.len() > 1 { format!("{}.{}", &digits[..1], &digits[1..]) } else { digits.clone() };
        format!("{sign}{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

unsafe fn run(op: StrOp, a: *const u64) -> OpResult {
    let arg = |i: usize| a.add(i).read();
    let s = |i: usize| chars(arg(i) as *const MemInfo);
    let int = |i: usize| arg(i) as i64;
    use StrOp::*;
    match op {
        Concat => {
            let mut v = s(0).to_vec();
            v.extend_from_slice(s(1));
            out_str(&v)
        }
        Repeat => {
            let n = int(1).max(0) as usize;
            // What cannot be allocated is Numba's MemoryError (its allocation fails).
            let fits = s(0).len().checked_mul(n).and_then(|k| k.checked_mul(4)).is_some_and(|b| b <= isize::MAX as usize / 2);
            if !fits {
                return Err(Raise(ExcKind::MemoryError, "Allocation failed (probably too large).".into()));
            }
            let mut out = Vec::new();
            if out.try_reserve_exact(s(0).len() * n).is_err() {
                return Err(Raise(ExcKind::MemoryError, "Allocation failed (probably too large).".into()));
            }
            for _ in 0..n {
                out.extend_from_slice(s(0));
            }
            out_str(&out)
        }
        GetItem => {
            let c = s(0);
            let n = c.len() as i64;
            let i = int(1);
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(Raise(ExcKind::IndexError, "string index out of range".into()));
            }
            out_str(&c[j as usize..j as usize + 1])
        }
        Slice => out_str(&slice(s(0), int(1), int(2), int(3))?),
        Compare => out_int(match s(0).cmp(s(1)) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        }),
        Equal => out_bool(s(0) == s(1)),
        Contains => out_bool(find(s(0), s(1), 0).is_some()),
        Count => out_int(count(s(0), s(1))),
        Find => out_int(find(s(0), s(1), 0).map_or(-1, |i| i as i64)),
        RFind => out_int(rfind(s(0), s(1)).map_or(-1, |i| i as i64)),
        Index | RIndex => {
            let r = if op == Index { find(s(0), s(1), 0) } else { rfind(s(0), s(1)) };
            match r {
                Some(i) => out_int(i as i64),
                None => Err(Raise(ExcKind::ValueError, "substring not found".into())),
            }
        }
        StartsWith => out_bool(s(0).starts_with(s(1))),
        EndsWith => out_bool(s(0).ends_with(s(1))),
        Strip | LStrip | RStrip | StripChars | LStripChars | RStripChars => {
            let c = s(0);
            let strip: Box<dyn Fn(u32) -> bool> = match op {
                Strip | LStrip | RStrip => Box::new(is_space),
                _ => {
                    let set = s(1).to_vec();
                    Box::new(move |ch| set.contains(&ch))
                }
            };
            let left = !matches!(op, RStrip | RStripChars);
            let right = !matches!(op, LStrip | LStripChars);
            let mut i = 0;
            let mut j = c.len();
            if left {
                while i < j && strip(c[i]) {
                    i += 1;
                }
            }
            if right {
                while j > i && strip(c[j - 1]) {
                    j -= 1;
                }
            }
            out_str(&c[i..j])
        }
        Lower | SwapCase | Capitalize => out_string(&cased_map(s(0), op)),
        Upper => out_string(&map_chars(s(0), |c| c.to_uppercase().collect())),
        Casefold => out_string(&map_chars(s(0), case::fold)),
        Title => out_string(&cased_title(s(0))),
        IsDigit => out_bool(predicate(s(0), is_digit)),
        IsDecimal => out_bool(predicate(s(0), |c| in_class(crate::ctype_tables::DECIMAL, c))),
        IsNumeric => out_bool(predicate(s(0), |c| in_class(crate::ctype_tables::NUMERIC, c))),
        IsAlpha => out_bool(predicate(s(0), |c| in_class(crate::ctype_tables::ALPHA, c))),
        // CPython's `isalnum`: alphabetic, decimal, digit or numeric.
        IsAlnum => out_bool(predicate(s(0), |c| {
            use crate::ctype_tables::{ALPHA, DECIMAL, DIGIT, NUMERIC};
            [ALPHA, DECIMAL, DIGIT, NUMERIC].iter().any(|t| in_class(t, c))
        })),
        IsSpace => out_bool(predicate(s(0), |c| is_space(c as u32))),
        IsAscii => out_bool(s(0).iter().all(|&c| c < 128)),
        IsPrintable => out_bool(to_string(s(0)).chars().all(|c| in_class(crate::ctype_tables::PRINTABLE, c))),
        IsIdentifier => {
            let t = to_string(s(0));
            let mut it = t.chars();
            out_bool(it.next().is_some_and(|c| c == '_' || c.is_alphabetic()) && it.all(|c| c == '_' || c.is_alphanumeric()))
        }
        // CPython's `isupper`/`islower`: no character of the other case or title case, and
        // one of this case.
        IsUpper | IsLower => {
            let t = to_string(s(0));
            let (this, other): (fn(char) -> bool, fn(char) -> bool) =
                if op == IsUpper { (char::is_uppercase, char::is_lowercase) } else { (char::is_lowercase, char::is_uppercase) };
            let refused = t.chars().any(|c| other(c) || case::is_titlecase(c));
            out_bool(!refused && t.chars().any(this))
        }
        IsTitle => out_bool(is_title(s(0))),
        Zfill => {
            let c = s(0);
            let w = int(1);
            if w <= c.len() as i64 {
                return out_str(c);
            }
            let fill = (w as usize) - c.len();
            let mut out = Vec::with_capacity(w as usize);
            let signed = c.first().is_some_and(|&f| f == '+' as u32 || f == '-' as u32);
            if signed {
                out.push(c[0]);
            }
            out.extend(std::iter::repeat_n('0' as u32, fill));
            out.extend_from_slice(if signed { &c[1..] } else { c });
            out_str(&out)
        }
        Ljust | Rjust | Center => out_str(&pad(s(0), int(1), &[' ' as u32], op)?),
        LjustFill | RjustFill | CenterFill => out_str(&pad(s(0), int(1), s(2), op)?),
        Replace | ReplaceCount => {
            let (c, old, new) = (s(0), s(1), s(2));
            let max = if op == ReplaceCount { int(3) } else { -1 };
            let mut out = Vec::new();
            let mut done = 0i64;
            if old.is_empty() {
                // Numba's `unicode_replace`: `new + new.join(list(s)) + new`, so an empty string
                // gives `new` twice (CPython: once).
                if c.is_empty() && max != 0 {
                    out.extend_from_slice(new);
                    out.extend_from_slice(new);
                    return out_str(&out);
                }
                for (k, &ch) in c.iter().enumerate() {
                    if max < 0 || done < max {
                        out.extend_from_slice(new);
                        done += 1;
                    }
                    let _ = k;
                    out.push(ch);
                }
                if max < 0 || done < max {
                    out.extend_from_slice(new);
                }
                return out_str(&out);
            }
            let mut i = 0;
            while max < 0 || done < max {
                match find(c, old, i) {
                    Some(j) => {
                        out.extend_from_slice(&c[i..j]);
                        out.extend_from_slice(new);
                        i = j + old.len();
                        done += 1;
                    }
                    None => break,
                }
            }
            out.extend_from_slice(&c[i..]);
            out_str(&out)
        }
        Split => out_list(split_whitespace(s(0), -1)),
        SplitWsMax => out_list(numba_split_whitespace(s(0), int(1))),
        RSplitWsMax => out_list(numba_rsplit_whitespace(s(0), int(1))),
        RSplit => out_list(numba_rsplit_whitespace(s(0), -1)),
        SplitSep => out_list(split_sep(s(0), s(1), -1)?),
        SplitSepMax => out_list(split_sep(s(0), s(1), int(2))?),
        RSplitSep => out_list(rsplit_sep(s(0), s(1), -1)?),
        RSplitSepMax => out_list(rsplit_sep(s(0), s(1), int(2))?),
        // CPython's (and Numba's) `hash(str)`, as sets and dicts of strings hash them.
        Hash => out_int(crate::dicts::hash_str(s(0))),
        SplitLines | SplitLinesKeep => {
            let keep = op == SplitLinesKeep && int(1) != 0;
            let c = s(0);
            let mut out = Vec::new();
            let mut i = 0;
            let mut start = 0;
            while i < c.len() {
                let ch = c[i];
                let brk = matches!(ch, 0x0a | 0x0d | 0x0b | 0x0c | 0x1c | 0x1d | 0x1e | 0x85 | 0x2028 | 0x2029);
                if brk {
                    let line_end = i;
                    if ch == 0x0d && c.get(i + 1) == Some(&0x0a) {
                        i += 1;
                    }
                    out.push(c[start..if keep { i + 1 } else { line_end }].to_vec());
                    start = i + 1;
                }
                i += 1;
            }
            if start < c.len() {
                out.push(c[start..].to_vec());
            }
            out_list(out)
        }
        // A raise with a message built at run time: the exception kind and the message (whose
        // reference the operation takes over).
        RaiseMessage => {
            let mi = arg(1) as *mut MemInfo;
            let msg: String = s(1).iter().map(|&c| char::from_u32(c).unwrap_or('\u{fffd}')).collect();
            if !mi.is_null() {
                meminfo_decref(mi);
            }
            let kind = ExcKind::from_u32(arg(0) as u32).unwrap_or(ExcKind::Exception);
            Err(Raise(kind, msg))
        }
        ExpandTabs | ExpandTabsSize => {
            // CPython's `str.expandtabs`: a tab size of zero or less removes tabs.
            let size = if op == ExpandTabsSize { int(1) } else { 8 };
            let mut out = Vec::new();
            let mut col = 0;
            for &ch in s(0) {
                if ch == '\t' as u32 {
                    let n = if size > 0 { size as usize - col % size as usize } else { 0 };
                    out.extend(std::iter::repeat_n(' ' as u32, n));
                    col += n;
                } else {
                    out.push(ch);
                    col = if ch == '\n' as u32 || ch == '\r' as u32 { 0 } else { col + 1 };
                }
            }
            out_str(&out)
        }
        Join => {
            let sep = s(0);
            let items = list_items(arg(1) as *const MemInfo);
            let mut out = Vec::new();
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(sep);
                }
                out.extend_from_slice(it);
            }
            out_str(&out)
        }
        Ord => {
            let c = s(0);
            if c.len() != 1 {
                return Err(Raise(ExcKind::TypeError, "ord() expected a character".into()));
            }
            out_int(c[0] as i64)
        }
        Chr => {
            let i = int(0);
            if !(0..=0x10ffff).contains(&i) {
                return Err(Raise(ExcKind::ValueError, "chr() arg not in range(0x10ffff)".into()));
            }
            out_str(&[i as u32])
        }
        // An item of a NumPy unicode array (`<U n`: `n` UCS4 code units at an address, NULs
        // after the text): the string it spells.
        FromUcs4 => {
            let (p, n) = (arg(0) as *const u32, int(1).max(0) as usize);
            let mut c: Vec<u32> = (0..n).map(|k| p.add(k).read_unaligned()).collect();
            while c.last() == Some(&0) {
                c.pop();
            }
            out_str(&c)
        }
        // A string stored into such an item: its first `n` characters, NULs after them.
        ToUcs4 => {
            let (c, p, n) = (s(0), arg(1) as *mut u32, int(2).max(0) as usize);
            for k in 0..n {
                p.add(k).write_unaligned(c.get(k).copied().unwrap_or(0));
            }
            Ok(0)
        }
        FromInt => out_string(&int(0).to_string()),
        FromUInt => out_string(&arg(0).to_string()),
        FromFloat => out_string(&float_repr(f64::from_bits(arg(0)))),
        FromBool => out_string(if arg(0) != 0 { "True" } else { "False" }),
        // A Python literal of the string (for an exception's argument tuple): it need not be
        // `repr`'s spelling, only evaluate back to the same string.
        Repr => {
            let mut out = String::from("'");
            for &c in s(0) {
                match char::from_u32(c) {
                    Some('\\') => out.push_str("\\\\"),
                    Some('\'') => out.push_str("\\'"),
                    Some(ch) if (' '..='~').contains(&ch) => out.push(ch),
                    _ => out.push_str(&format!("\\U{c:08x}")),
                }
            }
            out.push('\'');
            out_string(&out)
        }
        // `str(x)` of a value Numba prints by boxing it (an array, a list, a tuple, a dict, a
        // set, a complex number): the type's text, and the value in its native layout at the
        // pointer (one reference of it is the box's).
        OfValue => {
            let text = to_string(s(0));
            let src = arg(1) as *const u8;
            let Some(ty) = numrs_types::parse_type(&text) else {
                return Err(Raise(ExcKind::RuntimeError, format!("internal error: cannot print a value of type {text}")));
            };
            let plan = crate::boxing::Plan::of(&ty).map_err(|m| Raise(ExcKind::RuntimeError, format!("internal error: cannot print {text}: {m}")))?;
            let made = Python::with_gil(|py| -> Result<String, String> {
                let np = crate::npy::npy(py).map_err(|e| e.to_string())?;
                let obj = crate::boxing::box_value(py, np, &plan, src).map_err(|e| e.to_string())?;
                let obj = Bound::<PyAny>::from_owned_ptr(py, obj);
                let shown = obj.str().map_err(|e| e.to_string())?;
                Ok(shown.to_string_lossy().into_owned())
            });
            match made {
                Ok(shown) => out_string(&shown),
                Err(m) => Err(Raise(ExcKind::RuntimeError, format!("printing a value of type {text}: {m}"))),
            }
        }
        Print => {
            let text = to_string(s(0));
            Python::with_gil(|py| {
                let sys = py.import("sys").ok();
                let out = sys.and_then(|m| m.getattr("stdout").ok());
                match out {
                    Some(o) if !o.is_none() => {
                        let _ = o.call_method1("write", (format!("{text}\n"),));
                    }
                    _ => println!("{text}"),
                }
            });
            Ok(0)
        }
    }
}

/// [`numrs_abi::RuntimeApi::str_op`].
pub(crate) unsafe extern "C" fn api_op(op: u32, args: *const u64, out: *mut u64, exc: *mut ExcInfo) -> i32 {
    let r = match StrOp::from_u32(op) {
        Some(op) => std::panic::catch_unwind(|| {
            SURROGATES.with(|s| s.set(false));
            run(op, args)
        })
            .unwrap_or_else(|_| Err(Raise(ExcKind::RuntimeError, "internal error in a string operation".into()))),
        None => Err(Raise(ExcKind::RuntimeError, format!("unknown string operation {op}"))),
    };
    match r {
        Ok(v) => {
            out.write(v);
            0
        }
        Err(Raise(kind, msg)) => {
            let p = plain_alloc(msg.len().max(1));
            if !p.is_null() {
                std::ptr::copy_nonoverlapping(msg.as_ptr(), p, msg.len());
            }
            exc.write(ExcInfo { kind: kind as u32, msg: p, msg_len: if p.is_null() { 0 } else { msg.len() }, msg_owned: 1 });
            1
        }
    }
}
