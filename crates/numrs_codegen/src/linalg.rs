//! `np.dot`, `a @ b`, `a.dot(b)`, `np.vdot` and `np.linalg` (Numba's `numba/np/linalg.py`):
//! the operands are described to the runtime (`RuntimeApi::linalg`), which calls SciPy's BLAS
//! and LAPACK as Numba does and allocates the results.

use inkwell::values::BasicValue;
use inkwell::values::{BasicValueEnum, PointerValue};
use inkwell::IntPredicate;
use numrs_abi::LinalgOp;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::arg_kw;

type BV<'ctx> = BasicValueEnum<'ctx>;

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

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `name` is `dot`, `vdot` or `linalg.<function>`; `None` where this module does not
    /// build the call.
    pub(crate) fn linalg_call(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        let Some(&first) = args.first() else { return Ok(None) };
        let Type::Array(a) = self.ty(first)? else { return Ok(None) };
        let Some(kind) = kind_code(&a.dtype) else { return Ok(None) };
        let unsupported = |cx: &Self| cx.fail(format!("np.{name} with these arguments is not supported by numrs build yet"));
        let (op, operands, scalar_in): (LinalgOp, Vec<VarId>, Option<VarId>) = match name {
            "dot" if args.len() == 2 && kws.is_empty() => (LinalgOp::Dot, args.to_vec(), None),
            "dot" => return unsupported(self),
            "vdot" if args.len() == 2 && kws.is_empty() => (LinalgOp::Vdot, args.to_vec(), None),
            "linalg.inv" | "linalg.det" | "linalg.slogdet" | "linalg.cholesky" | "linalg.eigh" | "linalg.eigvalsh" if args.len() == 1 && kws.is_empty() => {
                let op = match name {
                    "linalg.inv" => LinalgOp::Inv,
                    "linalg.det" => LinalgOp::Det,
                    "linalg.slogdet" => LinalgOp::Slogdet,
                    "linalg.cholesky" => LinalgOp::Cholesky,
                    "linalg.eigh" => LinalgOp::Eigh,
                    _ => LinalgOp::Eigvalsh,
                };
                (op, vec![first], None)
            }
            "linalg.solve" => match (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "b")) {
                (Some(x), Some(y)) if args.len() + kws.len() == 2 => (LinalgOp::Solve, vec![x, y], None),
                _ => return unsupported(self),
            },
            "linalg.norm" if args.len() + kws.len() <= 2 => (LinalgOp::Norm, vec![first], arg_kw(args, kws, 1, "ord")),
            "linalg.svd" if args.len() + kws.len() <= 2 => {
                let full = arg_kw(args, kws, 1, "full_matrices");
                (LinalgOp::Svd, vec![first], full)
            }
            _ => return self.fail(format!("np.{name} is not supported by numrs build yet")),
        };
        let n_out = match op {
            LinalgOp::Dot => 1,
            LinalgOp::Inv | LinalgOp::Solve | LinalgOp::Cholesky | LinalgOp::Eigvalsh => 1,
            LinalgOp::Eigh => 2,
            LinalgOp::Svd => 3,
            LinalgOp::Vdot | LinalgOp::Det | LinalgOp::Slogdet | LinalgOp::Norm => 0,
        };
        let i64t = self.ctx.i64_type();
        let f64t = self.ctx.f64_type();
        let slots = operands.len() as u32 + n_out;
        let desc_t = i64t.array_type(WORDS * slots);
        let desc = self.temp(desc_t.into())?;
        let word = |cx: &Self, i: u32| -> R<PointerValue<'ctx>> { Ok(unsafe { cx.b.build_in_bounds_gep(desc_t, desc, &[cx.i64(0), cx.i64(i as i64)], "")? }) };
        for (k, v) in operands.iter().enumerate() {
            let (arr, at) = self.arr(*v)?;
            let base = k as u32 * WORDS;
            let data = self.field(arr, 4)?.into_pointer_value();
            let shape = self.dims(arr, 5, at.ndim)?;
            let strides = self.dims(arr, 6, at.ndim)?;
            let layout = match at.layout {
                Layout::C => 0,
                Layout::F => 1,
                Layout::A => 2,
            };
            let vals = [
                i64t.const_zero(),
                self.b.build_ptr_to_int(data, i64t, "")?,
                self.i64(at.ndim as i64),
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
        let flag = match scalar_in {
            // The order of a norm, and what it is (`linalg::norm` of the runtime).
            Some(v) if op == LinalgOp::Norm => {
                let t = self.ty(v)?.unliteral();
                let s1 = unsafe { self.b.build_in_bounds_gep(scalars_t, scalars, &[self.i64(0), self.i64(1)], "")? };
                let (value, what) = match &t {
                    Type::NoneType | Type::Omitted(_) => (f64t.const_zero(), 0.0),
                    t if t.is_integer() => {
                        let x = self.load(v)?;
                        let x = self.cast(x, t, &Type::int64())?.into_int_value();
                        (self.b.build_signed_int_to_float(x, f64t, "")?, 1.0)
                    }
                    t if t.is_float() => {
                        let x = self.load(v)?;
                        (self.cast(x, t, &Type::float64())?.into_float_value(), 2.0)
                    }
                    // A string order ('fro', 'nuc') equals none of the numbers Numba tests.
                    Type::Unicode => (f64t.const_float(f64::NAN), 2.0),
                    other => return self.fail(format!("np.linalg.norm with an order of type {other} is not supported by numrs build yet")),
                };
                self.b.build_store(s1, f64t.const_float(what))?;
                value
            }
            Some(v) => {
                let t = self.ty(v)?;
                let x = self.load(v)?;
                let truth = self.truth(x, &t)?;
                self.b.build_unsigned_int_to_float(truth, f64t, "")?
            }
            None => f64t.const_float(1.0),
        };
        self.b.build_store(s0, flag)?;
        let f = self.api_fn(API_LINALG, true)?;
        let i32t = self.ctx.i32_type();
        let ptr = self.ptr_t();
        let ft = i32t.fn_type(&[i32t.into(), i32t.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let call = self.b.build_indirect_call(
            ft,
            f,
            &[i32t.const_int(op as u64, false).into(), i32t.const_int(kind as u64, false).into(), desc.into(), scalars.into(), self.exc_ptr().into()],
            "",
        )?;
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
            LinalgOp::Dot if !matches!(tt, Type::Array(_)) => number(self, tt, 0)?,
            LinalgOp::Vdot | LinalgOp::Det | LinalgOp::Norm => number(self, tt, 0)?,
            LinalgOp::Slogdet => {
                let items = items.unwrap_or_default();
                let sign = number(self, items.first().unwrap_or(tt), 0)?;
                let logdet = scalar(self, 2)?.into();
                self.tuple_value(tt, &[sign, logdet])?
            }
            LinalgOp::Dot | LinalgOp::Inv | LinalgOp::Solve | LinalgOp::Cholesky | LinalgOp::Eigvalsh => {
                self.fresh = true;
                result_array(self, 0, &as_array(tt)?)?
            }
            LinalgOp::Eigh | LinalgOp::Svd => {
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
