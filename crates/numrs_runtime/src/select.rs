//! Typecodes and specialization selection, as Numba's C dispatcher does them.
//!
//! Every Numba type the runtime meets gets a small integer *typecode* (interned once). The
//! compatibility of two typecodes comes from a table like Numba's C++ type manager: numbers
//! are known from the start, every other pair only once the dispatcher *installed* it after a
//! failed match (Numba's `_search_new_conversions`). The conversion kind itself always comes
//! from `numrs_types::can_convert`, the implementation the static checker uses, so the two
//! never disagree; the installed-on-demand table reproduces which candidates Numba's
//! dispatcher can see at a given moment.

use numrs_types::{can_convert, Conversion, NumericKind, Rating, Type};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Typecodes 0..13 are the numeric kinds, in `NumericKind` order.
pub const TC_NONE: u32 = 13;
pub const TC_PYOBJECT: u32 = 14;

#[inline]
pub const fn tc_number(k: NumericKind) -> u32 {
    k as u32
}

pub struct Registry {
    types: Vec<Type>,
    ids: HashMap<Type, u32>,
    /// Installed conversions between non-numeric typecodes.
    compat: HashMap<(u32, u32), Conversion>,
    /// Fingerprint → typecode (Numba's fingerprint cache).
    pub fingerprints: HashMap<Vec<u8>, u32>,
}

/// Bumped whenever a conversion is installed: selections cached before are stale.
pub static GENERATION: AtomicU64 = AtomicU64::new(0);

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

pub struct RegistryGuard(MutexGuard<'static, Option<Registry>>);

impl std::ops::Deref for RegistryGuard {
    type Target = Registry;
    fn deref(&self) -> &Registry {
        self.0.as_ref().unwrap()
    }
}
impl std::ops::DerefMut for RegistryGuard {
    fn deref_mut(&mut self) -> &mut Registry {
        self.0.as_mut().unwrap()
    }
}

pub fn registry() -> RegistryGuard {
    let mut g = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_none() {
        let mut r = Registry { types: Vec::new(), ids: HashMap::new(), compat: HashMap::new(), fingerprints: HashMap::new() };
        for k in NumericKind::ALL {
            r.intern(Type::Number(k));
        }
        assert_eq!(r.intern(Type::NoneType), TC_NONE);
        assert_eq!(r.intern(Type::PyObject), TC_PYOBJECT);
        *g = Some(r);
    }
    RegistryGuard(g)
}

impl Registry {
    pub fn intern(&mut self, ty: Type) -> u32 {
        if let Some(&id) = self.ids.get(&ty) {
            return id;
        }
        let id = self.types.len() as u32;
        self.types.push(ty.clone());
        self.ids.insert(ty, id);
        id
    }

    pub fn ty(&self, tc: u32) -> &Type {
        &self.types[tc as usize]
    }

    /// The type manager's `isCompatible`: exact for equal codes, the numeric table for
    /// numbers, installed conversions otherwise.
    pub fn compatible(&self, from: u32, to: u32) -> Option<Conversion> {
        if from == to {
            return Some(Conversion::Exact);
        }
        if from < TC_NONE && to < TC_NONE {
            return can_convert(&self.types[from as usize], &self.types[to as usize]);
        }
        self.compat.get(&(from, to)).copied()
    }

    /// Numba's `install_possible_conversions(actual, formal)`: registers each missing
    /// conversion until the first argument that does not convert. True if all convert.
    pub fn install_possible_conversions(&mut self, actual: &[u32], formal: &[u32]) -> bool {
        if actual.len() != formal.len() {
            return false;
        }
        for (&a, &f) in actual.iter().zip(formal) {
            if self.compatible(a, f).is_some() {
                continue;
            }
            // A specialization for a jit function of its module passed as an argument takes
            // that function's dispatcher (and no other), as an exact match.
            if let (Type::Dispatcher(d), Type::Dispatcher(formal)) = (&self.types[a as usize], &self.types[f as usize]) {
                let Some(module) = formal.file.as_deref() else { return false };
                if formal.id != 0 || !unsafe { crate::dispatcher::is_function_of(d.id, module, &formal.name) } {
                    return false;
                }
                self.compat.insert((a, f), Conversion::Exact);
                GENERATION.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            let Some(conv) = can_convert(&self.types[a as usize], &self.types[f as usize]) else {
                return false;
            };
            // A dispatcher converts to a first-class function type only when it has that
            // specialization (Numba compiles it; a built module has what it has).
            if let (Type::Dispatcher(d), Type::FunctionType(sig)) = (&self.types[a as usize], &self.types[f as usize]) {
                if unsafe { crate::dispatcher::function_spec(d.id, sig) }.is_none() {
                    return false;
                }
            }
            self.compat.insert((a, f), conv);
            GENERATION.fetch_add(1, Ordering::Relaxed);
        }
        true
    }
}

/// What selection found for a tuple of argument typecodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The index of the one best specialization.
    One(usize),
    None,
    Ambiguous,
}

/// Numba's `TypeManager::selectOverload`: candidates are the specializations every argument
/// converts to (unsafely only when `allow_unsafe`), ranked by (unsafe, safe, promote) counts;
/// a tie for the best is ambiguous.
pub fn select_overload(reg: &Registry, args: &[u32], specs: &[Vec<u32>], allow_unsafe: bool) -> Selection {
    let mut best: Option<(Rating, usize)> = None;
    let mut count = 0;
    'specs: for (i, formal) in specs.iter().enumerate() {
        if formal.len() != args.len() {
            continue;
        }
        let mut r = Rating::default();
        for (&a, &f) in args.iter().zip(formal) {
            match reg.compatible(a, f) {
                None => continue 'specs,
                Some(Conversion::Exact) => {}
                Some(Conversion::Promote) => r.promote += 1,
                Some(Conversion::Safe) => r.safe_convert += 1,
                Some(Conversion::Unsafe) => {
                    if !allow_unsafe {
                        continue 'specs;
                    }
                    r.unsafe_convert += 1
                }
            }
        }
        match best {
            Some((b, _)) if r > b => {}
            Some((b, _)) if r == b => count += 1,
            _ => {
                best = Some((r, i));
                count = 1;
            }
        }
    }
    match (best, count) {
        (None, _) => Selection::None,
        (Some((_, i)), 1) => Selection::One(i),
        _ => Selection::Ambiguous,
    }
}

/// Numba's `resolve_overload(..., allow_ambiguous=False)` on types (used to explain an
/// ambiguity): the specializations tied for the best rating, in their order.
pub fn tied_best(actual: &[Type], specs: &[Vec<Type>]) -> Vec<usize> {
    let mut rated: Vec<(Rating, usize)> = specs
        .iter()
        .enumerate()
        .filter_map(|(i, formal)| Rating::rate(actual, formal, true, false).map(|r| (r, i)))
        .collect();
    rated.sort_by_key(|&(r, _)| r);
    match rated.first() {
        Some(&(best, _)) => rated.iter().take_while(|(r, _)| *r == best).map(|&(_, i)| i).collect(),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use numrs_types::parse_type;

    fn tc(reg: &mut Registry, s: &str) -> u32 {
        reg.intern(parse_type(s).unwrap())
    }

    #[test]
    fn ranking_prefers_fewer_unsafe_then_safe_then_promote() {
        let mut reg = registry();
        let specs = vec![
            vec![tc(&mut reg, "int64"), tc(&mut reg, "int64")],
            vec![tc(&mut reg, "float64"), tc(&mut reg, "float64")],
        ];
        let i64_ = tc(&mut reg, "int64");
        let f64_ = tc(&mut reg, "float64");
        let i32_ = tc(&mut reg, "int32");
        let f32_ = tc(&mut reg, "float32");
        assert_eq!(select_overload(&reg, &[i64_, i64_], &specs, true), Selection::One(0));
        assert_eq!(select_overload(&reg, &[f64_, i64_], &specs, true), Selection::One(1));
        // int32 → int64 promote twice beats int32 → float64 safe twice.
        assert_eq!(select_overload(&reg, &[i32_, i32_], &specs, true), Selection::One(0));
        // float32 → float64 promote beats float32 → int64 unsafe.
        assert_eq!(select_overload(&reg, &[f32_, f32_], &specs, true), Selection::One(1));
        let c128 = tc(&mut reg, "complex128");
        assert_eq!(select_overload(&reg, &[c128, i64_], &specs, true), Selection::None);
        // Unsafe only when allowed.
        assert_eq!(select_overload(&reg, &[f64_], &[vec![i64_]], false), Selection::None);
    }

    #[test]
    fn ties_are_ambiguous() {
        let mut reg = registry();
        let i32_ = tc(&mut reg, "int32");
        let f64_ = tc(&mut reg, "float64");
        let specs = vec![vec![i32_, f64_], vec![f64_, i32_]];
        assert_eq!(select_overload(&reg, &[i32_, i32_], &specs, true), Selection::Ambiguous);
        let tys: Vec<Vec<Type>> = vec![
            vec![parse_type("int32").unwrap(), parse_type("float64").unwrap()],
            vec![parse_type("float64").unwrap(), parse_type("int32").unwrap()],
        ];
        let args = [parse_type("int32").unwrap(), parse_type("int32").unwrap()];
        assert_eq!(tied_best(&args, &tys), vec![0, 1]);
    }

    #[test]
    fn array_conversions_are_installed_on_demand() {
        let mut reg = registry();
        let c = tc(&mut reg, "array(float32, 3d, C)");
        let a = tc(&mut reg, "array(float32, 3d, A)");
        let specs = vec![vec![a]];
        assert_eq!(select_overload(&reg, &[c], &specs, true), Selection::None);
        assert!(reg.install_possible_conversions(&[c], &[a]));
        assert_eq!(select_overload(&reg, &[c], &specs, true), Selection::One(0));
        let f = tc(&mut reg, "array(float32, 3d, F)");
        assert!(!reg.install_possible_conversions(&[f], &[c]));
    }
}
