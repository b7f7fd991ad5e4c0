//! `np.dot`, `a @ b`, `a.dot(b)`, `np.vdot` and `np.linalg` (Numba's `numba/np/linalg.py`):
//! the operands are described to the runtime (`RuntimeApi::linalg`), which calls SciPy's BLAS
//! and LAPACK as Numba does and allocates the results.

use inkwell::types::BasicType;
use inkwell::values::BasicValue;
use inkwell::values::{BasicValueEnum, PointerValue};
use inkwell::IntPredicate;
use numrs_abi::LinalgOp;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::arg_kw;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// The prefix of the module globals holding the addresses of BLAS routines compiled code
/// calls directly.
pub(crate) const ROUTINE_GLOBAL: &str = "numrs.blas.";

/// `RuntimeApi::linalg`'s field.
const API_LINALG: u32 = 25;
/// The fields of a `numrs_abi::LinalgArray`, as i64 words.
const WORDS: u32 = 8;

fn kind_code(dtype: &Type) -> Option<u32> {
    match dtype.as_number()? {
        NumericKind::Float32 => Some(0),
        NumericKind::Float64 => Some(1),
        NumericKind::Complex64 => Some(2),
        NumericKind::Complex128 => Some(3),
        _ => None,
    }
}

/// How a scalar operand travels in `scalars[0]` (and what it is in `scalars[1]`).
#[derive(Clone, Copy)]
enum Scalar {
    /// A truth value (`full_matrices`).
    Truth,
    /// An order or a tolerance that may be None (`norm`, `cond`, `matrix_rank`).
    Order,
    /// A number (`rcond`, the power).
    Float,
    /// A default, the argument being left out.
    Const(f64),
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `name` is `dot`, `vdot` or `linalg.<function>`; `None` where this module does not
    /// build the call.
    pub(crate) fn linalg_call(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        let Some(&first) = args.first() else { return Ok(None) };
        // `np.cov`, `np.corrcoef` and `np.roots` take arrays of any numbers (and lists and
        // tuples of them, as arrays); the runtime works in the result's type.
        let any_numbers = matches!(name, "cov" | "corrcoef" | "roots");
        let a = match self.ty(first)? {
            Type::Array(a) => a,
            _ if any_numbers => std::sync::Arc::new(ArrayType::new(Type::float64(), 1, Layout::C, false)),
            _ => return Ok(None),
        };
        let result_dtype = match tt {
            Type::Array(r) => r.dtype.clone(),
            other => other.clone(),
        };
        let Some(kind) = kind_code(if any_numbers { &result_dtype } else { &a.dtype }) else { return Ok(None) };
        let unsupported = |cx: &Self| cx.fail(format!("np.{name} with these arguments is not supported by numrs build yet"));
        let n_args = args.len() + kws.len();
        let one_arg = n_args == 1 && kws.is_empty();
        let second = |p: &str| arg_kw(args, kws, 1, p);
        let mut scalars_extra: Vec<(u64, Option<VarId>, Scalar)> = Vec::new();
        let mut missing_y = false;
        let (op, operands, scalar_in): (LinalgOp, Vec<VarId>, Option<(VarId, Scalar)>) = match name {
            "dot" if args.len() == 2 && kws.is_empty() => (LinalgOp::Dot, args.to_vec(), None),
            "dot" if args.len() == 3 && kws.is_empty() => (LinalgOp::DotOut, args.to_vec(), None),
            "dot" => return unsupported(self),
            "vdot" if args.len() == 2 && kws.is_empty() => (LinalgOp::Vdot, args.to_vec(), None),
            "linalg.inv" | "linalg.det" | "linalg.slogdet" | "linalg.cholesky" | "linalg.eigh" | "linalg.eigvalsh" | "linalg.eig" | "linalg.eigvals"
            | "linalg.qr"
                if one_arg =>
            {
                let op = match name {
                    "linalg.inv" => LinalgOp::Inv,
                    "linalg.det" => LinalgOp::Det,
                    "linalg.slogdet" => LinalgOp::Slogdet,
                    "linalg.cholesky" => LinalgOp::Cholesky,
                    "linalg.eigh" => LinalgOp::Eigh,
                    "linalg.eig" => LinalgOp::Eig,
                    "linalg.eigvals" => LinalgOp::Eigvals,
                    "linalg.qr" => LinalgOp::Qr,
                    _ => LinalgOp::Eigvalsh,
                };
                (op, vec![first], None)
            }
            "linalg.solve" | "linalg.lstsq" => match (arg_kw(args, kws, 0, "a"), second("b")) {
                (Some(x), Some(y)) if name == "linalg.solve" && n_args == 2 => (LinalgOp::Solve, vec![x, y], None),
                (Some(x), Some(y)) if name == "linalg.lstsq" && n_args <= 3 => {
                    (LinalgOp::Lstsq, vec![x, y], arg_kw(args, kws, 2, "rcond").map(|v| (v, Scalar::Float)).or(Some((x, Scalar::Const(-1.0)))))
                }
                _ => return unsupported(self),
            },
            "linalg.norm" | "linalg.cond" if n_args <= 2 => {
                let op = if name == "linalg.norm" { LinalgOp::Norm } else { LinalgOp::Cond };
                (op, vec![first], second(if name == "linalg.norm" { "ord" } else { "p" }).map(|v| (v, Scalar::Order)))
            }
            "linalg.svd" if n_args <= 2 => (LinalgOp::Svd, vec![first], second("full_matrices").map(|v| (v, Scalar::Truth))),
            "linalg.pinv" if n_args <= 2 => {
                (LinalgOp::Pinv, vec![first], second("rcond").map(|v| (v, Scalar::Float)).or(Some((first, Scalar::Const(1e-15)))))
            }
            "linalg.matrix_rank" if n_args <= 2 => (LinalgOp::MatrixRank, vec![first], second("tol").map(|v| (v, Scalar::Order))),
            "linalg.matrix_power" if n_args == 2 => match second("n") {
                Some(nv) => (LinalgOp::MatrixPower, vec![first], Some((nv, Scalar::Float))),
                None => return unsupported(self),
            },
            "roots" if one_arg => (LinalgOp::Roots, vec![first], None),
            "cov" | "corrcoef" => {
                let params: &[&str] = if name == "cov" { &["m", "y", "rowvar", "bias", "ddof"] } else { &["x", "y", "rowvar"] };
                if args.len() > params.len() || kws.iter().any(|(k, _)| !params.contains(&k.as_str())) {
                    return unsupported(self);
                }
                let y = arg_kw(args, kws, 1, "y");
                let y = match y {
                    Some(v) if matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)) => None,
                    other => other,
                };
                let op = if name == "cov" { LinalgOp::Cov } else { LinalgOp::Corrcoef };
                scalars_extra.push((0, arg_kw(args, kws, 2, "rowvar"), Scalar::Truth));
                if name == "cov" {
                    scalars_extra.push((1, arg_kw(args, kws, 3, "bias"), Scalar::Truth));
                    scalars_extra.push((2, arg_kw(args, kws, 4, "ddof"), Scalar::Order));
                }
                let mut ops = vec![first];
                // (The runtime reads `ndim` -1 for a missing `y`.)
                ops.push(y.unwrap_or(first));
                if y.is_none() {
                    missing_y = true;
                }
                (op, ops, None)
            }
            _ => return self.fail(format!("np.{name} is not supported by numrs build yet")),
        };
        // Two contiguous vectors of floats: BLAS's `?dot` called directly, as Numba's
        // `numba_xxdot` does (the runtime only looks its address up, once).
        if op == LinalgOp::Dot && kind <= 1 && !self.flags.cuda {
            let (xt, yt) = (self.ty(operands[0])?, self.ty(operands[1])?);
            if let (Type::Array(x), Type::Array(y)) = (&xt, &yt) {
                if x.ndim == 1 && y.ndim == 1 && x.layout != Layout::A && y.layout != Layout::A {
                    return self.blas_dot(kind, operands[0], operands[1]).map(Some);
                }
            }
        }
        let n_out = match op {
            LinalgOp::Cov | LinalgOp::Corrcoef => {
                if matches!(tt, Type::Array(_)) {
                    1
                } else {
                    0
                }
            }
            LinalgOp::Roots => 1,
            LinalgOp::Dot | LinalgOp::Inv | LinalgOp::Solve | LinalgOp::Cholesky | LinalgOp::Eigvalsh | LinalgOp::Eigvals | LinalgOp::Pinv | LinalgOp::MatrixPower => 1,
            LinalgOp::Eigh | LinalgOp::Eig | LinalgOp::Qr => 2,
            LinalgOp::Svd | LinalgOp::Lstsq => 3,
            LinalgOp::Vdot | LinalgOp::Det | LinalgOp::Slogdet | LinalgOp::Norm | LinalgOp::DotOut | LinalgOp::Cond | LinalgOp::MatrixRank | LinalgOp::Routine => 0,
        };
        let i64t = self.ctx.i64_type();
        let f64t = self.ctx.f64_type();
        let slots = operands.len() as u32 + n_out;
        let desc_t = i64t.array_type(WORDS * slots);
        let desc = self.temp(desc_t.into())?;
        let word = |cx: &Self, i: u32| -> R<PointerValue<'ctx>> { Ok(unsafe { cx.b.build_in_bounds_gep(desc_t, desc, &[cx.i64(0), cx.i64(i as i64)], "")? }) };
        for (k, v) in operands.iter().enumerate() {
            let (arr, at) = if any_numbers { self.as_array(*v)? } else { self.arr(*v)? };
            let base = k as u32 * WORDS;
            let data = self.field(arr, 4)?.into_pointer_value();
            let shape = self.dims(arr, 5, at.ndim)?;
            let strides = self.dims(arr, 6, at.ndim)?;
            let layout = match at.layout {
                Layout::C => 0,
                Layout::F => 1,
                Layout::A => 2,
            } | at.dtype.as_number().and_then(|k| NumericKind::ALL.iter().position(|x| *x == k)).unwrap_or(0) as i64 * 256;
            let missing = missing_y && k == 1;
            let vals = [
                i64t.const_zero(),
                self.b.build_ptr_to_int(data, i64t, "")?,
                self.i64(if missing { -1 } else { at.ndim as i64 }),
                self.i64(layout),
                shape.first().copied().unwrap_or(self.i64(1)),
                shape.get(1).copied().unwrap_or(self.i64(1)),
                strides.first().copied().unwrap_or(self.i64(0)),
                strides.get(1).copied().unwrap_or(self.i64(0)),
            ];
            for (i, x) in vals.into_iter().enumerate() {
                self.b.build_store(word(self, base + i as u32)?, x)?;
            }
        }
        let scalars_t = f64t.array_type(4);
        let scalars = self.temp(scalars_t.into())?;
        let s0 = unsafe { self.b.build_in_bounds_gep(scalars_t, scalars, &[self.i64(0), self.i64(0)], "")? };
        let s1 = unsafe { self.b.build_in_bounds_gep(scalars_t, scalars, &[self.i64(0), self.i64(1)], "")? };
        let (value, what) = match scalar_in {
            None => (f64t.const_float(1.0), 0.0),
            Some((_, Scalar::Const(c))) => (f64t.const_float(c), 0.0),
            Some((v, enc)) => {
                let t = self.ty(v)?.unliteral();
                match (enc, &t) {
                    (Scalar::Truth, _) => {
                        let x = self.load(v)?;
                        let truth = self.truth(x, &t)?;
                        (self.b.build_unsigned_int_to_float(truth, f64t, "")?, 0.0)
                    }
                    // An order or a tolerance: what it is in `scalars[1]` (`linalg::order` of the
                    // runtime).
                    (Scalar::Order, Type::NoneType | Type::Omitted(_)) => (f64t.const_zero(), 0.0),
                    // A string order ('fro', 'nuc') equals none of the numbers Numba tests.
                    (Scalar::Order, Type::Unicode) => (f64t.const_float(f64::NAN), 2.0),
                    (Scalar::Order | Scalar::Float, t) if t.is_number() && !t.is_complex() => {
                        let x = self.load(v)?;
                        let x = self.cast(x, t, &Type::float64())?.into_float_value();
                        (x, if t.is_float() { 2.0 } else { 1.0 })
                    }
                    (Scalar::Float, Type::NoneType | Type::Omitted(_)) => return unsupported(self),
                    (_, other) => return self.fail(format!("np.{name} with an argument of type {other} is not supported by numrs build yet")),
                }
            }
        };
        self.b.build_store(s0, value)?;
        self.b.build_store(s1, f64t.const_float(what))?;
        // `np.cov`/`np.corrcoef`: rowvar, bias, ddof (and what ddof is, in `scalars[3]`).
        for (i, v, enc) in scalars_extra {
            let at = |cx: &Self, k: u64| -> R<PointerValue<'ctx>> { Ok(unsafe { cx.b.build_in_bounds_gep(scalars_t, scalars, &[cx.i64(0), cx.i64(k as i64)], "")? }) };
            let default = if i == 0 { 1.0 } else { 0.0 };
            let (x, what) = match v {
                None => (f64t.const_float(default), 0.0),
                Some(v) => {
                    let t = self.ty(v)?.unliteral();
                    match (enc, &t) {
                        (_, Type::NoneType | Type::Omitted(_)) => (f64t.const_float(default), 0.0),
                        (Scalar::Truth, _) => {
                            let x = self.load(v)?;
                            let truth = self.truth(x, &t)?;
                            (self.b.build_unsigned_int_to_float(truth, f64t, "")?, 0.0)
                        }
                        (_, t) if t.is_number() && !t.is_complex() => {
                            let x = self.load(v)?;
                            (self.cast(x, t, &Type::float64())?.into_float_value(), if t.is_float() { 2.0 } else { 1.0 })
                        }
                        (_, other) => return self.fail(format!("np.{name} with an argument of type {other} is not supported by numrs build yet")),
                    }
                }
            };
            self.b.build_store(at(self, i)?, x)?;
            if i == 2 {
                self.b.build_store(at(self, 3)?, f64t.const_float(what))?;
            }
        }
        self.call_linalg(op, kind, desc, scalars)?;
        let ptr = self.ptr_t();

        // The results.
        let scalar = |cx: &Self, i: u64| -> R<inkwell::values::FloatValue<'ctx>> {
            let p = unsafe { cx.b.build_in_bounds_gep(scalars_t, scalars, &[cx.i64(0), cx.i64(i as i64)], "")? };
            Ok(cx.b.build_load(f64t, p, "")?.into_float_value())
        };
        let number = |cx: &Self, t: &Type, re: u64| -> R<BV<'ctx>> {
            let k = t.as_number().unwrap_or(NumericKind::Float64);
            let r = scalar(cx, re)?;
            match k {
                NumericKind::Float32 => Ok(cx.b.build_float_trunc(r, cx.ctx.f32_type(), "")?.into()),
                NumericKind::Complex64 | NumericKind::Complex128 => {
                    let ft = if k == NumericKind::Complex64 { cx.ctx.f32_type() } else { f64t };
                    let i = scalar(cx, re + 1)?;
                    let (r, i) = if k == NumericKind::Complex64 {
                        (cx.b.build_float_trunc(r, ft, "")?, cx.b.build_float_trunc(i, ft, "")?)
                    } else {
                        (r, i)
                    };
                    let st = cx.ctx.struct_type(&[ft.into(), ft.into()], false);
                    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                    agg = cx.b.build_insert_value(agg, r, 0, "")?;
                    agg = cx.b.build_insert_value(agg, i, 1, "")?;
                    Ok(agg.as_basic_value_enum())
                }
                _ => Ok(r.into()),
            }
        };
        let result_array = |cx: &Self, slot: u32, at: &ArrayType| -> R<BV<'ctx>> {
            let base = (operands.len() as u32 + slot) * WORDS;
            let load = |i: u32| -> R<inkwell::values::IntValue<'ctx>> { Ok(cx.b.build_load(i64t, word(cx, base + i)?, "")?.into_int_value()) };
            let mi = cx.b.build_int_to_ptr(load(0)?, ptr, "")?;
            let data = cx.b.build_int_to_ptr(load(1)?, ptr, "")?;
            let nd = at.ndim as usize;
            let shape: Vec<_> = (0..nd).map(|d| load(4 + d as u32)).collect::<R<_>>()?;
            let strides: Vec<_> = (0..nd).map(|d| load(6 + d as u32)).collect::<R<_>>()?;
            let isz = cx.itemsize_of(&at.dtype)?;
            cx.make_array(at.ndim, mi, ptr.const_null(), cx.i64(isz as i64), data, &shape, &strides)
        };
        let as_array = |t: &Type| -> R<ArrayType> {
            match t {
                Type::Array(a) => Ok((**a).clone()),
                other => Err(crate::func::CgError { span: None, message: format!("internal error: a linear algebra result of type {other}") }),
            }
        };
        let items = tt.tuple_items();
        let v: BV<'ctx> = match op {
            // The output array itself (a new reference is taken where it is stored).
            LinalgOp::DotOut => self.load(operands[2])?,
            LinalgOp::Routine => return self.fail("internal error: a routine's address as a value"),
            LinalgOp::Cond => number(self, tt, 0)?,
            LinalgOp::Corrcoef if !matches!(tt, Type::Array(_)) => number(self, tt, 0)?,
            LinalgOp::Cov | LinalgOp::Corrcoef | LinalgOp::Roots => {
                let at = as_array(tt)?;
                let v = result_array(self, 0, &at)?;
                self.fresh = true;
                v
            }
            LinalgOp::MatrixRank => self.b.build_float_to_signed_int(scalar(self, 0)?, i64t, "")?.into(),
            LinalgOp::MatrixPower => {
                let Type::Optional(inner) = tt else { return self.fail(format!("internal error: matrix_power producing {tt}")) };
                let Type::Array(ia) = &**inner else { return self.fail(format!("internal error: matrix_power producing {tt}")) };
                let c = ArrayType { layout: Layout::C, ..(**ia).clone() };
                let v = result_array(self, 0, &c)?;
                self.fresh = true;
                self.cast(v, &Type::Array(std::sync::Arc::new(c)), tt)?
            }
            LinalgOp::Lstsq => {
                let items = items.unwrap_or_default();
                if items.len() != 4 {
                    return self.fail(format!("internal error: lstsq producing {tt}"));
                }
                let x = result_array(self, 0, &as_array(&items[0])?)?;
                let res = result_array(self, 1, &as_array(&items[1])?)?;
                let s = result_array(self, 2, &as_array(&items[3])?)?;
                let rank = self.b.build_float_to_signed_int(scalar(self, 0)?, self.ctx.i32_type(), "")?.into();
                self.fresh = true;
                self.tuple_value(tt, &[x, res, rank, s])?
            }
            LinalgOp::Dot if !matches!(tt, Type::Array(_)) => number(self, tt, 0)?,
            LinalgOp::Vdot | LinalgOp::Det | LinalgOp::Norm => number(self, tt, 0)?,
            LinalgOp::Slogdet => {
                let items = items.unwrap_or_default();
                let sign = number(self, items.first().unwrap_or(tt), 0)?;
                let logdet = scalar(self, 2)?.into();
                self.tuple_value(tt, &[sign, logdet])?
            }
            LinalgOp::Dot | LinalgOp::Inv | LinalgOp::Solve | LinalgOp::Cholesky | LinalgOp::Eigvalsh | LinalgOp::Eigvals | LinalgOp::Pinv => {
                self.fresh = true;
                result_array(self, 0, &as_array(tt)?)?
            }
            LinalgOp::Eigh | LinalgOp::Svd | LinalgOp::Eig | LinalgOp::Qr => {
                let items = items.unwrap_or_default();
                let mut vals = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    vals.push(result_array(self, i as u32, &as_array(it)?)?);
                }
                self.fresh = true;
                self.tuple_value(tt, &vals)?
            }
        };
        Ok(Some(v))
    }

    /// `np.dot` of two contiguous float vectors: `sdot`/`ddot` through its address, kept in a
    /// module global after the first call.
    fn blas_dot(&mut self, kind: u32, x: VarId, y: VarId) -> R<BV<'ctx>> {
        let ptr = self.ptr_t();
        let i32t = self.ctx.i32_type();
        let f64t = self.ctx.f64_type();
        let name = format!("{ROUTINE_GLOBAL}{}dot", if kind == 0 { 's' } else { 'd' });
        let g = match self.module.get_global(&name) {
            Some(g) => g,
            None => {
                let g = self.module.add_global(ptr, None, &name);
                g.set_initializer(&ptr.const_null());
                g.set_linkage(inkwell::module::Linkage::LinkOnceODR);
                g
            }
        };
        // (Threads of a `prange` loop may look the address up at once: relaxed atomics.)
        let known = self.b.build_load(ptr, g.as_pointer_value(), "dot_fn")?;
        if let Some(i) = known.as_instruction_value() {
            i.set_alignment(8).and_then(|_| i.set_atomic_ordering(inkwell::AtomicOrdering::Monotonic)).map_err(|e| crate::func::CgError { span: None, message: format!("internal error: {e}") })?;
        }
        let known = known.into_pointer_value();
        let missing = self.b.build_is_null(known, "")?;
        let Some(here) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        let fetch = self.new_block("dot_lookup");
        let call_block = self.new_block("dot_call");
        self.b.build_conditional_branch(missing, fetch, call_block)?;
        self.b.position_at_end(fetch);
        let scalars_t = f64t.array_type(4);
        let scalars = self.temp(scalars_t.into())?;
        let s0 = unsafe { self.b.build_in_bounds_gep(scalars_t, scalars, &[self.i64(0), self.i64(0)], "")? };
        self.b.build_store(s0, f64t.const_zero())?;
        self.call_linalg(LinalgOp::Routine, kind, ptr.const_null(), scalars)?;
        let bits = self.b.build_load(self.ctx.i64_type(), s0, "")?.into_int_value();
        let fetched = self.b.build_int_to_ptr(bits, ptr, "")?;
        let st = self.b.build_store(g.as_pointer_value(), fetched)?;
        st.set_alignment(8).and_then(|_| st.set_atomic_ordering(inkwell::AtomicOrdering::Monotonic)).map_err(|e| crate::func::CgError { span: None, message: format!("internal error: {e}") })?;
        let Some(after_fetch) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(call_block)?;
        self.b.position_at_end(call_block);
        let phi = self.b.build_phi(ptr, "dot_fn")?;
        phi.add_incoming(&[(&known, here), (&fetched, after_fetch)]);
        let fp = phi.as_basic_value().into_pointer_value();
        let (xa, _) = self.arr(x)?;
        let (ya, _) = self.arr(y)?;
        let n = self.dims(xa, 5, 1)?[0];
        let m = self.dims(ya, 5, 1)?[0];
        let differ = self.b.build_int_compare(IntPredicate::NE, n, m, "")?;
        self.guard(differ, numrs_abi::ExcKind::ValueError, "incompatible array sizes for np.dot(a, b) (vector * vector)")?;
        let too_big = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(i32::MAX as i64), "")?;
        self.guard(too_big, numrs_abi::ExcKind::OverflowError, "array size too large to fit in C int")?;
        let n_slot = self.temp(i32t.into())?;
        let inc_slot = self.temp(i32t.into())?;
        self.b.build_store(n_slot, self.b.build_int_truncate(n, i32t, "")?)?;
        self.b.build_store(inc_slot, i32t.const_int(1, false))?;
        let xd = self.field(xa, 4)?.into_pointer_value();
        let yd = self.field(ya, 4)?.into_pointer_value();
        let rt: inkwell::types::BasicTypeEnum<'ctx> = if kind == 0 { self.ctx.f32_type().into() } else { f64t.into() };
        let dft = rt.fn_type(&[ptr.into(), ptr.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let r = self.b.build_indirect_call(dft, fp, &[n_slot.into(), xd.into(), inc_slot.into(), yd.into(), inc_slot.into()], "dot")?;
        match r.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Ok(v),
            _ => self.fail("internal error: dot returns nothing"),
        }
    }

    /// `RuntimeApi::linalg(op, kind, arrays, scalars)`, raising its exception on a failure.
    fn call_linalg(&self, op: LinalgOp, kind: u32, arrays: PointerValue<'ctx>, scalars: PointerValue<'ctx>) -> R<()> {
        let f = self.api_fn(API_LINALG, true)?;
        let i32t = self.ctx.i32_type();
        let ptr = self.ptr_t();
        let ft = i32t.fn_type(&[i32t.into(), i32t.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let args = [i32t.const_int(op as u64, false).into(), i32t.const_int(kind as u64, false).into(), arrays.into(), scalars.into(), self.exc_ptr().into()];
        let call = self.b.build_indirect_call(ft, f, &args, "")?;
        let status = match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_int_value(),
            _ => return self.fail("internal error: linalg returns nothing"),
        };
        let failed = self.b.build_int_compare(IntPredicate::NE, status, i32t.const_zero(), "")?;
        let raise = self.new_block("linalg_raise");
        let ok = self.new_block("linalg_ok");
        self.b.build_conditional_branch(failed, raise, ok)?;
        self.b.position_at_end(raise);
        self.raises.set(true);
        self.error_exit(i32t.const_int(1, false))?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// A tuple value of type `t` holding `items`.
    fn tuple_value(&self, t: &Type, items: &[BV<'ctx>]) -> R<BV<'ctx>> {
        let st = crate::types::value_type(self.ctx, t).map_err(|m| crate::func::CgError { span: None, message: m })?;
        let mut agg: inkwell::values::AggregateValueEnum = st.into_struct_type().get_undef().into();
        for (i, x) in items.iter().enumerate() {
            agg = self.b.build_insert_value(agg, *x, i as u32, "")?;
        }
        Ok(agg.as_basic_value_enum())
    }
}
