//! NumPy functions from Numba's `arrayobj.py`/`arraymath.py` that pick items by position:
//! `np.ascontiguousarray`/`np.asfortranarray` (the array itself when it already has the
//! layout, checked at run time for `A` arrays as Numba's `is_contiguous`/`is_fortran` do,
//! else a copy), `np.take_along_axis`, `np.fill_diagonal` and `np.geomspace`.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.ascontiguousarray(a)` / `np.asfortranarray(a)` (`_as_layout_array`): a number
    /// becomes a 1-item array; a 0-d array a 1-d view of its item; an array with the layout
    /// (or a 1-d contiguous one) is returned as it is; an `A` array too when its strides are
    /// contiguous at run time; otherwise a copy in the layout.
    pub(crate) fn as_layout(&mut self, v: VarId, fortran: bool, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("a layout conversion producing {tt}")) };
        let layout = if fortran { Layout::F } else { Layout::C };
        let t = self.ty(v)?;
        let x = self.load(v)?;
        let Type::Array(a) = &t else {
            if numeric(&t).is_none() {
                return self.fail(format!("converting {t} to an array is not supported by numrs build yet"));
            }
            let out = self.alloc_array(&ra.dtype, &[self.i64(1)])?;
            let p = self.out_ptr(out, &ra.dtype, self.i64(0))?;
            self.store_element(p, x, &t, &ra.dtype)?;
            self.fresh = true;
            return self.cast(out, &array_type(&ra.dtype, 1, Layout::C), tt);
        };
        let a = (**a).clone();
        if a.ndim == 0 {
            let isz = self.field(x, 3)?.into_int_value();
            let mi = self.field(x, 0)?.into_pointer_value();
            let parent = self.field(x, 1)?.into_pointer_value();
            let data = self.field(x, 4)?.into_pointer_value();
            let view = self.make_array(1, mi, parent, isz, data, &[self.i64(1)], &[isz])?;
            return self.cast(view, &array_type(&a.dtype, 1, layout), tt);
        }
        let same = ArrayType { layout, readonly: false, ..a.clone() };
        let same_t = Type::Array(same.clone().into());
        if a.layout == layout || (a.ndim == 1 && a.layout != Layout::A) {
            return self.cast(x, &Type::Array(ArrayType { layout: a.layout, ..same.clone() }.into()), tt);
        }
        let copy = |cx: &mut Self| -> R<BV<'ctx>> {
            let shape = cx.dims(x, 5, a.ndim)?;
            let out = if fortran { cx.alloc_fortran(&a.dtype, &shape)? } else { cx.alloc_array(&a.dtype, &shape)? };
            cx.assign_broadcast(out, &same, x, &Type::Array(a.clone().into()))?;
            Ok(out)
        };
        if a.layout != Layout::A {
            let out = copy(self)?;
            self.fresh = true;
            return self.cast(out, &same_t, tt);
        }
        // An `A` array: itself when contiguous in the layout (a new reference), else a copy.
        let contiguous = self.has_layout(x, a.ndim, fortran)?;
        let copy_bb = self.new_block("layout_copy");
        let keep_bb = self.new_block("layout_keep");
        let join = self.new_block("layout_join");
        self.b.build_conditional_branch(contiguous, keep_bb, copy_bb)?;
        self.b.position_at_end(keep_bb);
        self.incref(x, &t)?;
        let Some(keep_end) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(copy_bb);
        let out = copy(self)?;
        let Some(copy_end) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(join);
        let phi = self.b.build_phi(x.get_type(), "")?;
        phi.add_incoming(&[(&x, keep_end), (&out, copy_end)]);
        self.fresh = true;
        self.cast(phi.as_basic_value(), &same_t, tt)
    }

    /// A new array (an owned reference, `self.fresh`) typed `t`: when `t` is a Fortran-ordered
    /// array of two or more dimensions whose producer laid it out in C order (a ufunc's or
    /// `astype`'s result allocated C-contiguous), a Fortran-ordered copy replaces it, so that
    /// the memory is what the type says (NumPy's and Numba's results of F operands are
    /// Fortran-ordered; code that reads an F array linearly, `b.T.ravel()`, relies on it).
    pub(crate) fn fortran_in_fact(&mut self, v: BV<'ctx>, t: &Type) -> R<BV<'ctx>> {
        let Type::Array(a) = t else { return Ok(v) };
        if !self.fresh || a.layout != Layout::F || a.ndim < 2 {
            return Ok(v);
        }
        let is_f = self.has_layout(v, a.ndim, true)?;
        let Some(from) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        let copy_bb = self.new_block("to_fortran");
        let join = self.new_block("to_fortran_join");
        self.b.build_conditional_branch(is_f, join, copy_bb)?;
        self.b.position_at_end(copy_bb);
        let shape = self.dims(v, 5, a.ndim)?;
        let out = self.alloc_fortran(&a.dtype, &shape)?;
        let src_t = Type::Array(ArrayType { layout: Layout::A, readonly: false, ..(**a).clone() }.into());
        self.assign_broadcast(out, a, v, &src_t)?;
        self.decref(v, t)?;
        let Some(copy_end) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(join);
        let phi = self.b.build_phi(v.get_type(), "fortran")?;
        phi.add_incoming(&[(&v, from), (&out, copy_end)]);
        self.fresh = true;
        Ok(phi.as_basic_value())
    }

    /// A new Fortran-ordered array (an owned reference) of `shape`, uninitialized.
    pub(crate) fn alloc_fortran(&self, dtype: &Type, shape: &[IntValue<'ctx>]) -> R<BV<'ctx>> {
        let c = self.alloc_array(dtype, shape)?;
        let isz = self.itemsize_of(dtype)?;
        let mut strides = Vec::new();
        let mut acc = self.i64(isz as i64);
        for s in shape {
            strides.push(acc);
            acc = self.b.build_int_mul(acc, *s, "")?;
        }
        let mi = self.field(c, 0)?.into_pointer_value();
        let parent = self.field(c, 1)?.into_pointer_value();
        let data = self.field(c, 4)?.into_pointer_value();
        self.make_array(shape.len() as u32, mi, parent, self.i64(isz as i64), data, shape, &strides)
    }

    /// Numba's `is_contiguous` (C) or `is_fortran` of an array's shape and strides: the
    /// innermost (C) or first (F) axis longer than 1 steps by the item size, and each axis
    /// between it and the outermost one longer than 1 steps by the next one's whole extent.
    pub(crate) fn has_layout(&self, x: BV<'ctx>, ndim: u32, fortran: bool) -> R<IntValue<'ctx>> {
        let mut dims = self.dims(x, 5, ndim)?;
        let mut strides = self.dims(x, 6, ndim)?;
        if fortran {
            dims.reverse();
            strides.reverse();
        }
        let isz = self.field(x, 3)?.into_int_value();
        let one = self.i64(1);
        let big: Vec<IntValue<'ctx>> = dims.iter().map(|d| self.b.build_int_compare(IntPredicate::SGT, *d, one, "")).collect::<Result<_, _>>()?;
        // inner: the last axis longer than 1 (-1: none); outer: the first one.
        let mut inner = self.i64(-1);
        let mut outer = self.i64(ndim as i64);
        for (d, b) in big.iter().enumerate() {
            inner = self.b.build_select(*b, self.i64(d as i64), inner, "")?.into_int_value();
        }
        for (d, b) in big.iter().enumerate().rev() {
            outer = self.b.build_select(*b, self.i64(d as i64), outer, "")?.into_int_value();
        }
        let none = self.b.build_int_compare(IntPredicate::SLT, inner, self.i64(0), "")?;
        let mut ok = self.ctx.bool_type().const_int(1, false);
        for d in 0..ndim as usize {
            let at_inner = self.b.build_int_compare(IntPredicate::EQ, inner, self.i64(d as i64), "")?;
            let step_ok = self.b.build_int_compare(IntPredicate::EQ, strides[d], isz, "")?;
            let bad = self.b.build_and(at_inner, self.b.build_not(step_ok, "")?, "")?;
            ok = self.b.build_and(ok, self.b.build_not(bad, "")?, "")?;
            if d > 0 {
                // outer < d <= inner: strides[d] * dims[d] == strides[d - 1]
                let di = self.i64(d as i64);
                let in_span = self.b.build_and(
                    self.b.build_int_compare(IntPredicate::SLT, outer, di, "")?,
                    self.b.build_int_compare(IntPredicate::SLE, di, inner, "")?,
                    "",
                )?;
                let ext = self.b.build_int_mul(strides[d], dims[d], "")?;
                let chain = self.b.build_int_compare(IntPredicate::EQ, ext, strides[d - 1], "")?;
                let bad = self.b.build_and(in_span, self.b.build_not(chain, "")?, "")?;
                ok = self.b.build_and(ok, self.b.build_not(bad, "")?, "")?;
            }
        }
        Ok(self.b.build_or(none, ok, "")?)
    }

    /// `np.take_along_axis(arr, indices, axis)` (`_take_along_axis_impl`): the two shapes
    /// broadcast with `arr`'s axis counted as 1, then `out[..., j, ...] = arr[..., indices[...,
    /// j, ...], ...]`; `axis=None` takes from the flattened array.
    pub(crate) fn take_along_axis(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.take_along_axis producing {tt}")) };
        let (Some(av), Some(iv)) = (arg_kw(args, kws, 0, "arr"), arg_kw(args, kws, 1, "indices")) else {
            return self.fail("np.take_along_axis without its arguments");
        };
        let (arr0, a0) = self.arr(av)?;
        let (idx, ia) = self.arr(iv)?;
        let axis_t = match arg_kw(args, kws, 2, "axis") {
            Some(v) => self.ty(v)?,
            None => return self.fail("np.take_along_axis without an axis"),
        };
        let (arr, a, axis) = match axis_t {
            Type::NoneType | Type::Omitted(_) => {
                let flat = self.copy_c(arr0, &a0)?;
                let n = self.field(flat, 2)?.into_int_value();
                let isz = self.field(flat, 3)?.into_int_value();
                let view = self.make_array(1, self.field(flat, 0)?.into_pointer_value(), self.field(flat, 1)?.into_pointer_value(), isz, self.field(flat, 4)?.into_pointer_value(), &[n], &[isz])?;
                let ft = ArrayType::new(a0.dtype.clone(), 1, Layout::C, false);
                self.hold_temp(view, &Type::Array(ft.clone().into()))?;
                (view, ft, 0usize)
            }
            Type::IntegerLiteral(k) => {
                let n = a0.ndim as i128;
                let k = if k < 0 { k + n } else { k };
                (arr0, a0.clone(), k as usize)
            }
            other => return self.fail(format!("np.take_along_axis with an axis of type {other}")),
        };
        let nd = a.ndim as usize;
        if ia.ndim as usize != nd || axis >= nd {
            return self.fail("np.take_along_axis of arrays of different dimensions");
        }
        let ashape = self.dims(arr, 5, a.ndim)?;
        let ishape = self.dims(idx, 5, ia.ndim)?;
        // The shape of the result: indices' length along the axis, elsewhere the broadcast
        // of the two (arr's axis counted as 1).
        let mut out_shape = Vec::new();
        for d in 0..nd {
            if d == axis {
                out_shape.push(ishape[d]);
                continue;
            }
            let (d1, d2) = (ashape[d], ishape[d]);
            let one = self.i64(1);
            let d1_one = self.b.build_int_compare(IntPredicate::EQ, d1, one, "")?;
            let d2_one = self.b.build_int_compare(IntPredicate::EQ, d2, one, "")?;
            let differ = self.b.build_int_compare(IntPredicate::NE, d1, d2, "")?;
            let bad = self.b.build_and(differ, self.b.build_not(self.b.build_or(d1_one, d2_one, "")?, "")?, "")?;
            self.guard(bad, ExcKind::ValueError, "`arr` and `indices` dimensions don't match")?;
            out_shape.push(self.b.build_select(d1_one, d2, d1, "")?.into_int_value());
        }
        let dt = ra.dtype.clone();
        let out = self.alloc_array(&dt, &out_shape)?;
        let total = self.field(out, 2)?.into_int_value();
        let (a2, ia2, dt2) = (a.clone(), ia.clone(), dt.clone());
        self.counted_loop(total, |cx, i| {
            let pos = cx.unravel_index(i, &out_shape)?;
            let one = cx.i64(1);
            let zero = cx.i64(0);
            let mut ipos = Vec::new();
            for d in 0..nd {
                let stretched = cx.b.build_int_compare(IntPredicate::EQ, ishape[d], one, "")?;
                let p = cx.b.build_select(stretched, zero, pos[d], "")?;
                ipos.push((p, Type::int64()));
            }
            let ip = cx.element_ptr(idx, ia2.ndim, &ipos)?;
            let k = cx.load_element(ip, &ia2.dtype)?;
            let mut apos = Vec::new();
            for d in 0..nd {
                if d == axis {
                    apos.push((k, ia2.dtype.clone()));
                } else {
                    let stretched = cx.b.build_int_compare(IntPredicate::EQ, ashape[d], one, "")?;
                    let p = cx.b.build_select(stretched, zero, pos[d], "")?;
                    apos.push((p, Type::int64()));
                }
            }
            let ap = cx.element_ptr(arr, a2.ndim, &apos)?;
            let x = cx.load_element(ap, &a2.dtype)?;
            let p = cx.out_ptr(out, &dt2, i)?;
            cx.store_element(p, x, &a2.dtype, &dt2)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&dt, nd as u32, Layout::C), tt)
    }

    /// The C-order multi-index of flat position `i` in `shape`.
    pub(crate) fn unravel_index(&self, i: IntValue<'ctx>, shape: &[IntValue<'ctx>]) -> R<Vec<IntValue<'ctx>>> {
        let mut idx = vec![self.i64(0); shape.len()];
        let mut rem = i;
        for d in (0..shape.len()).rev() {
            if d == 0 {
                idx[d] = rem;
            } else {
                idx[d] = self.b.build_int_unsigned_rem(rem, shape[d], "")?;
                rem = self.b.build_int_unsigned_div(rem, shape[d], "")?;
            }
        }
        Ok(idx)
    }

    /// `np.fill_diagonal(a, val, wrap=False)`: `val` (a number, or the items of an array
    /// cycled) written at flat positions `0, step, 2*step, ...` below `end`, after Numba's
    /// check that every value fits the array's dtype (integers: finite and within `iinfo`;
    /// floats: finite ones within `finfo`).
    pub(crate) fn fill_diagonal(&mut self, args: &[VarId], kws: &[(String, VarId)]) -> R<BV<'ctx>> {
        let (Some(av), Some(vv)) = (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "val")) else {
            return self.fail("np.fill_diagonal without its arguments");
        };
        let (arr, a) = self.arr(av)?;
        let Some(ak) = numeric(&a.dtype) else { return self.fail(format!("np.fill_diagonal of {}", a.dtype)) };
        let wrap = self.bool_arg(arg_kw(args, kws, 2, "wrap"))?;
        let vt = self.ty(vv)?;
        let vx = self.load(vv)?;
        // The values, as an array (a number: one item).
        let (vals, va) = match &vt {
            Type::Array(v) => (vx, (**v).clone()),
            t if numeric(t).is_some() => {
                let tu = t.unliteral();
                let one = self.alloc_array(&tu, &[self.i64(1)])?;
                let p = self.out_ptr(one, &tu, self.i64(0))?;
                self.store_element(p, vx, t, &tu)?;
                let at = ArrayType::new(tu.clone(), 1, Layout::C, false);
                self.hold_temp(one, &Type::Array(at.clone().into()))?;
                (one, at)
            }
            // A tuple or list of numbers: as the array `np.asarray` makes of it.
            Type::UniTuple(..) => self.arr(vv)?,
            Type::List { dtype, .. } if numeric(&dtype.unliteral()).is_some() => {
                let item = (**dtype).clone();
                let tu = item.unliteral();
                let made = self.sequence_array(vx, &vt, &item, &tu)?;
                let at = ArrayType::new(tu, 1, Layout::C, false);
                self.hold_temp(made, &Type::Array(at.clone().into()))?;
                (made, at)
            }
            other => return self.fail(format!("np.fill_diagonal with values of type {other} is not supported by numrs build yet")),
        };
        let Some(vk) = numeric(&va.dtype) else { return self.fail(format!("np.fill_diagonal with values of {}", va.dtype)) };
        let nv = self.field(vals, 2)?.into_int_value();
        // The dtype check.
        if (ak.is_integer() || ak.is_float()) && !vk.is_complex() {
            let (lo, hi) = dtype_bounds(ak);
            let f64t = self.ctx.f64_type();
            let bad = self.temp(self.ctx.bool_type().into())?;
            self.b.build_store(bad, self.ctx.bool_type().const_zero())?;
            let va2 = va.clone();
            self.counted_loop(nv, |cx, i| {
                let x = cx.elem_at(vals, &va2, i)?;
                let wrong = if vk.is_float() || ak.is_float() || ak == NumericKind::UInt64 || vk == NumericKind::UInt64 {
                    let xf = cx.cast(x, &va2.dtype, &Type::float64())?.into_float_value();
                    let finite = cx.b.build_float_compare(FloatPredicate::OLT, cx.fabs(xf)?, f64t.const_float(f64::INFINITY), "")?;
                    let below = cx.b.build_float_compare(FloatPredicate::OLT, xf, f64t.const_float(lo), "")?;
                    let above = cx.b.build_float_compare(FloatPredicate::OGT, xf, f64t.const_float(hi), "")?;
                    let out = cx.b.build_or(below, above, "")?;
                    if ak.is_integer() {
                        // Integers: every value finite and within bounds.
                        cx.b.build_or(out, cx.b.build_not(finite, "")?, "")?
                    } else {
                        // Floats: the finite values within bounds.
                        cx.b.build_and(out, finite, "")?
                    }
                } else {
                    let xi = cx.cast(x, &va2.dtype, &Type::int64())?.into_int_value();
                    let below = cx.b.build_int_compare(IntPredicate::SLT, xi, cx.i64(lo as i64), "")?;
                    let above = cx.b.build_int_compare(IntPredicate::SGT, xi, cx.i64(hi as i64), "")?;
                    cx.b.build_or(below, above, "")?
                };
                let cur = cx.b.build_load(cx.ctx.bool_type(), bad, "")?.into_int_value();
                cx.b.build_store(bad, cx.b.build_or(cur, wrong, "")?)?;
                Ok(())
            })?;
            let b = self.b.build_load(self.ctx.bool_type(), bad, "")?.into_int_value();
            self.guard(b, ExcKind::ValueError, "Unable to safely conform val to a.dtype")?;
        }
        // end and step
        let shape = self.dims(arr, 5, a.ndim)?;
        let (end, step) = if a.ndim == 2 {
            let (m, n) = (shape[0], shape[1]);
            let step = self.b.build_int_add(n, self.i64(1), "")?;
            let mn = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, m, n, "")?, m, n, "")?.into_int_value();
            let end = self.b.build_select(wrap, self.b.build_int_mul(n, m, "")?, self.b.build_int_mul(n, mn, "")?, "")?.into_int_value();
            (end, step)
        } else {
            let mut same = self.ctx.bool_type().const_int(1, false);
            for d in 1..shape.len() {
                same = self.b.build_and(same, self.b.build_int_compare(IntPredicate::EQ, shape[d], shape[d - 1], "")?, "")?;
            }
            self.guard(self.b.build_not(same, "")?, ExcKind::ValueError, "All dimensions of input must be of equal length")?;
            let mut step = self.i64(1);
            let mut prod = self.i64(1);
            for s in &shape[..shape.len() - 1] {
                prod = self.b.build_int_mul(prod, *s, "")?;
                step = self.b.build_int_add(step, prod, "")?;
            }
            let end = self.b.build_int_mul(prod, shape[shape.len() - 1], "")?;
            (end, step)
        };
        // for i in range(0, end, step): a.flat[i] = val[ctr % len(val)]
        let count = {
            let pos = self.b.build_int_compare(IntPredicate::SGT, end, self.i64(0), "")?;
            let q = self.b.build_int_signed_div(self.b.build_int_add(end, self.b.build_int_sub(step, self.i64(1), "")?, "")?, step, "")?;
            self.b.build_select(pos, q, self.i64(0), "")?.into_int_value()
        };
        let cyclic = matches!(vt, Type::Array(_) | Type::UniTuple(..) | Type::List { .. });
        if cyclic {
            let empty = self.b.build_int_compare(IntPredicate::EQ, nv, self.i64(0), "")?;
            let runs = self.b.build_int_compare(IntPredicate::SGT, count, self.i64(0), "")?;
            self.guard(self.b.build_and(empty, runs, "")?, ExcKind::ZeroDivisionError, "integer modulo by zero")?;
        }
        let (a2, va2) = (a.clone(), va.clone());
        self.counted_loop(count, |cx, k| {
            let at = cx.b.build_int_mul(k, step, "")?;
            let j = if cyclic { cx.b.build_int_signed_rem(k, nv, "")? } else { cx.i64(0) };
            let x = cx.elem_at(vals, &va2, j)?;
            let p = cx.flat_ptr(arr, &a2, at)?;
            cx.store_element(p, x, &va2.dtype, &a2.dtype)
        })?;
        Ok(self.ctx.const_struct(&[], false).into())
    }

    fn fabs(&self, x: inkwell::values::FloatValue<'ctx>) -> R<inkwell::values::FloatValue<'ctx>> {
        Ok(crate::ops::intrinsic_call(self, "llvm.fabs", &[x.into()])?.into_float_value())
    }

    /// `np.geomspace(start, stop, num=50)` of real numbers: zero refused, both negative
    /// mirrored, `logspace(log10(start), log10(stop), num)` (`log10` in the argument's own
    /// float type) with the ends set to `start` and `stop`, times the sign.
    pub(crate) fn geomspace(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.geomspace producing {tt}")) };
        let f = Type::float64();
        if let (Some(s), Some(e)) = (arg_kw(args, kws, 0, "start"), arg_kw(args, kws, 1, "stop")) {
            let (st, et) = (self.ty(s)?, self.ty(e)?);
            if st.is_complex() || et.is_complex() {
                let num = match arg_kw(args, kws, 2, "num") {
                    Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v)?,
                    _ => self.i64(50),
                };
                let (sv, ev) = (self.load(s)?, self.load(e)?);
                return self.complex_geomspace((sv, st), (ev, et), num, tt);
            }
        }
        let mut ends = Vec::new();
        for (i, name) in [(0, "start"), (1, "stop")] {
            let Some(v) = arg_kw(args, kws, i, name) else { return self.fail("np.geomspace without start and stop") };
            let t = self.ty(v)?;
            let Some(k) = numeric(&t) else { return self.fail(format!("np.geomspace of {t}")) };
            if k.is_complex() {
                return self.fail(format!("np.geomspace of {t} is not supported by numrs build yet"));
            }
            // The type `log10` computes in: float32 stays, everything else is float64.
            let lt = if k == NumericKind::Float32 { Type::float32() } else { f.clone() };
            let x = self.load(v)?;
            ends.push((self.cast(x, &t.unliteral(), &lt)?.into_float_value(), lt));
        }
        let num = match arg_kw(args, kws, 2, "num") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v)?,
            _ => self.i64(50),
        };
        let (s, st) = ends[0].clone();
        let (e, et) = ends[1].clone();
        let zero_s = self.b.build_float_compare(FloatPredicate::OEQ, s, s.get_type().const_zero(), "")?;
        let zero_e = self.b.build_float_compare(FloatPredicate::OEQ, e, e.get_type().const_zero(), "")?;
        self.guard(self.b.build_or(zero_s, zero_e, "")?, ExcKind::ValueError, "Geometric sequence cannot include zero")?;
        let neg_s = self.b.build_float_compare(FloatPredicate::OLT, s, s.get_type().const_zero(), "")?;
        let neg_e = self.b.build_float_compare(FloatPredicate::OLT, e, e.get_type().const_zero(), "")?;
        let both = self.b.build_and(neg_s, neg_e, "")?;
        let s = self.b.build_select(both, self.b.build_float_neg(s, "")?, s, "")?.into_float_value();
        let e = self.b.build_select(both, self.b.build_float_neg(e, "")?, e, "")?.into_float_value();
        let log10 = |cx: &mut Self, x: inkwell::values::FloatValue<'ctx>, t: &Type| -> R<inkwell::values::FloatValue<'ctx>> {
            let k = numeric(t).unwrap_or(NumericKind::Float64);
            let r = cx.ufunc_elem("log10", &[(x.into(), t.clone())], k)?;
            Ok(cx.cast(r, t, &Type::float64())?.into_float_value())
        };
        let ls = log10(self, s, &st)?;
        let le = log10(self, e, &et)?;
        let out = self.linspace_values(ls, le, num)?;
        let ten = self.ctx.f64_type().const_float(10.0);
        let sf = self.cast(s.into(), &st, &f)?;
        let ef = self.cast(e.into(), &et, &f)?;
        let sign = self.b.build_select(both, self.ctx.f64_type().const_float(-1.0), self.ctx.f64_type().const_float(1.0), "")?;
        let last = self.b.build_int_sub(num, self.i64(1), "")?;
        let f2 = f.clone();
        self.counted_loop(num, |cx, i| {
            let p = cx.out_ptr(out, &f2, i)?;
            let y = cx.load_element(p, &f2)?;
            let r = cx.ufunc_elem("power", &[(ten.into(), f2.clone()), (y, f2.clone())], NumericKind::Float64)?;
            let r = cx.geomspace_ends(i, last, sf, ef, r)?;
            let r = cx.b.build_float_mul(sign.into_float_value(), r.into_float_value(), "")?;
            cx.b.build_store(p, r)?;
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&f, 1, Layout::C), &Type::Array(ra.clone()))
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Item `i` of a geometric sequence with its ends exact: `result[0] = start` and, when
    /// there is more than one item, `result[-1] = stop` (index `last`).
    fn geomspace_ends(&self, i: IntValue<'ctx>, last: IntValue<'ctx>, start: BV<'ctx>, stop: BV<'ctx>, y: BV<'ctx>) -> R<BV<'ctx>> {
        let is_first = self.b.build_int_compare(IntPredicate::EQ, i, self.i64(0), "")?;
        let is_last = self.b.build_and(
            self.b.build_int_compare(IntPredicate::EQ, i, last, "")?,
            self.b.build_int_compare(IntPredicate::SGT, i, self.i64(0), "")?,
            "",
        )?;
        let y = self.b.build_select(is_last, stop, y, "")?;
        Ok(self.b.build_select(is_first, start, y, "")?)
    }

    /// `np.geomspace` with a complex end, NumPy 2's branch of Numba's implementation: zero
    /// refused, both ends converted to complex128 and divided by `np.sign(start)`,
    /// `logspace(log10(start), log10(stop), num)` with the ends set to `start` and `stop`,
    /// times that sign.
    fn complex_geomspace(&mut self, start: (BV<'ctx>, Type), stop: (BV<'ctx>, Type), num: IntValue<'ctx>, tt: &Type) -> R<BV<'ctx>> {
        // Numba's `np.result_type(start, stop, None)`: the `None` counts as float64, so the
        // common type is complex128 whatever the two are.
        let k = NumericKind::Complex128;
        let kt = Type::Number(k);
        let c = Type::Number(NumericKind::Complex128);
        let mut zero = self.ctx.bool_type().const_zero();
        let mut ends = Vec::new();
        for (v, t) in [&start, &stop] {
            let nt = numeric(t).unwrap_or(NumericKind::Float64);
            let z = self.truth_number(*v, nt)?;
            zero = self.b.build_or(zero, self.b.build_not(z, "")?, "")?;
            ends.push(self.cast(*v, t, &kt)?);
        }
        self.guard(zero, ExcKind::ValueError, "Geometric sequence cannot include zero")?;
        let sign = self.ufunc_elem("sign", &[(ends[0], kt.clone())], k)?;
        let s = self.scalar_op("operator.truediv", &[ends[0], sign], &kt)?;
        let e = self.scalar_op("operator.truediv", &[ends[1], sign], &kt)?;
        let ls = self.ufunc_elem("log10", &[(s, kt.clone())], k)?;
        let le = self.ufunc_elem("log10", &[(e, kt.clone())], k)?;
        let out = self.complex_logspace((ls, kt.clone()), (le, kt.clone()), num)?;
        let (sc, ec, signc) = (self.cast(s, &kt, &c)?, self.cast(e, &kt, &c)?, self.cast(sign, &kt, &c)?);
        let last = self.b.build_int_sub(num, self.i64(1), "")?;
        self.counted_loop(num, |cx, i| {
            let p = cx.out_ptr(out, &c, i)?;
            let y = cx.load_element(p, &c)?;
            let y = cx.geomspace_ends(i, last, sc, ec, y)?;
            let r = cx.scalar_op("operator.mul", &[signc, y], &c)?;
            cx.b.build_store(p, r)?;
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&c, 1, Layout::C), tt)
    }
}

/// `np.iinfo`/`np.finfo` bounds of a real dtype, as float64.
fn dtype_bounds(k: NumericKind) -> (f64, f64) {
    use NumericKind as K;
    match k {
        K::Int8 => (i8::MIN as f64, i8::MAX as f64),
        K::Int16 => (i16::MIN as f64, i16::MAX as f64),
        K::Int32 => (i32::MIN as f64, i32::MAX as f64),
        K::Int64 => (i64::MIN as f64, i64::MAX as f64),
        K::UInt8 => (0.0, u8::MAX as f64),
        K::UInt16 => (0.0, u16::MAX as f64),
        K::UInt32 => (0.0, u32::MAX as f64),
        K::UInt64 => (0.0, u64::MAX as f64),
        K::Float32 => (f32::MIN as f64, f32::MAX as f64),
        _ => (f64::MIN, f64::MAX),
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.split(ary, indices_or_sections, axis=0)` / `np.array_split`: a list of views of
    /// `ary` along the axis, cut at the given positions (Python slice bounds, so negative and
    /// out-of-range cuts clamp), or into `n` sections (`divmod(len, n)`: the first `rem` one
    /// item longer; `np.split` refuses a remainder).
    pub(crate) fn split(&mut self, strict: bool, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(av), Some(iv)) = (arg_kw(args, kws, 0, "ary"), arg_kw(args, kws, 1, "indices_or_sections")) else {
            return self.fail("np.split without its arguments");
        };
        let nd = self.arr(av)?.1.ndim as i64;
        let axis = match arg_kw(args, kws, 2, "axis") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => {
                let t = self.ty(v)?;
                if !numeric(&t).is_some_and(|k| k.is_integer()) {
                    return self.fail(format!("np.split with an axis of type {t} is not supported by numrs build yet"));
                }
                let raw = self.cast(self.load(v)?, &t, &Type::int64())?.into_int_value();
                let low = self.b.build_int_compare(IntPredicate::SLT, raw, self.i64(-nd), "")?;
                let high = self.b.build_int_compare(IntPredicate::SGE, raw, self.i64(nd), "")?;
                let out = self.b.build_or(low, high, "")?;
                // Sections read `ary.shape[axis]` first (a tuple's IndexError); cut positions go
                // straight to `normalize_axis`.
                if numeric(&self.ty(iv)?).is_some_and(|k| k.is_integer()) {
                    self.guard(out, ExcKind::IndexError, "tuple index out of range")?;
                } else {
                    self.guard(out, ExcKind::ValueError, "np.split: Argument axis out of bounds for dimensions of the array")?;
                }
                let neg = self.b.build_int_compare(IntPredicate::SLT, raw, self.i64(0), "")?;
                self.b.build_select(neg, self.b.build_int_add(raw, self.i64(nd), "")?, raw, "")?.into_int_value()
            }
            _ => self.i64(0),
        };
        self.split_at(strict, av, iv, axis, tt)
    }

    /// `np.split(ary, indices_or_sections, axis)` (`strict`) or `np.array_split` along
    /// `axis` (within the array's dimensions).
    pub(crate) fn split_at(&mut self, strict: bool, av: VarId, iv: VarId, axis: IntValue<'ctx>, tt: &Type) -> R<BV<'ctx>> {
        let Some(item_t) = crate::lists::dtype(tt).cloned() else { return self.fail(format!("np.split producing {tt}")) };
        let (x, a) = self.arr(av)?;
        let shape = self.dims(x, 5, a.ndim)?;
        let strides = self.dims(x, 6, a.ndim)?;
        let at_axis = |cx: &Self, v: &[IntValue<'ctx>]| -> R<IntValue<'ctx>> {
            let mut out = v.first().copied().unwrap_or(cx.i64(0));
            for (d, x) in v.iter().enumerate().skip(1) {
                let here = cx.b.build_int_compare(IntPredicate::EQ, axis, cx.i64(d as i64), "")?;
                out = cx.b.build_select(here, *x, out, "")?.into_int_value();
            }
            Ok(out)
        };
        let len = at_axis(self, &shape)?;
        let axis_stride = at_axis(self, &strides)?;
        let it = Type::int64();
        let i64t = self.ctx.i64_type();
        let ios_t = self.ty(iv)?;
        let ios = self.load(iv)?;
        // The cut positions, as a held int64 array.
        let cuts = if numeric(&ios_t).is_some_and(|k| k.is_integer()) {
            let n = self.cast(ios, &ios_t, &it)?.into_int_value();
            let zero = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
            self.guard(zero, ExcKind::ZeroDivisionError, "integer divmod by zero")?;
            // Python's floor divmod.
            let q = self.b.build_int_signed_div(len, n, "")?;
            let r = self.b.build_int_signed_rem(len, n, "")?;
            let adjust = self.b.build_and(
                self.b.build_int_compare(IntPredicate::NE, r, self.i64(0), "")?,
                self.b.build_int_compare(IntPredicate::NE, self.b.build_int_compare(IntPredicate::SLT, r, self.i64(0), "")?, self.b.build_int_compare(IntPredicate::SLT, n, self.i64(0), "")?, "")?,
                "",
            )?;
            let l = self.b.build_select(adjust, self.b.build_int_sub(q, self.i64(1), "")?, q, "")?.into_int_value();
            let rem = self.b.build_select(adjust, self.b.build_int_add(r, n, "")?, r, "")?.into_int_value();
            if strict {
                let uneven = self.b.build_int_compare(IntPredicate::NE, rem, self.i64(0), "")?;
                self.guard(uneven, ExcKind::ValueError, "array split does not result in an equal division")?;
            }
            let clamp0 = |cx: &Self, v: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                let neg = cx.b.build_int_compare(IntPredicate::SLT, v, cx.i64(0), "")?;
                Ok(cx.b.build_select(neg, cx.i64(0), v, "")?.into_int_value())
            };
            let longer = clamp0(self, rem)?;
            let rest = clamp0(self, self.b.build_int_sub(self.b.build_int_sub(n, rem, "")?, self.i64(1), "")?)?;
            let count = self.b.build_int_add(longer, rest, "")?;
            let cuts = self.alloc_array(&it, &[count])?;
            let acc = self.temp(i64t.into())?;
            self.b.build_store(acc, self.i64(0))?;
            let it2 = it.clone();
            self.counted_loop(count, |cx, j| {
                let first = cx.b.build_int_compare(IntPredicate::SLT, j, longer, "")?;
                let size = cx.b.build_select(first, cx.b.build_int_add(l, cx.i64(1), "")?, l, "")?.into_int_value();
                let s = cx.b.build_int_add(cx.b.build_load(i64t, acc, "")?.into_int_value(), size, "")?;
                cx.b.build_store(acc, s)?;
                cx.b.build_store(cx.out_ptr(cuts, &it2, j)?, s)?;
                Ok(())
            })?;
            cuts
        } else {
            self.concat_flat(&[(ios, ios_t)], &it)?
        };
        let ct = array_type(&it, 1, Layout::C);
        self.hold_temp(cuts, &ct)?;
        let ncuts = self.field(cuts, 2)?.into_int_value();
        let list = self.list_new(&item_t, self.i64(0), self.b.build_int_add(ncuts, self.i64(1), "")?)?;
        let isz = self.field(x, 3)?.into_int_value();
        let mi = self.field(x, 0)?.into_pointer_value();
        let parent = self.field(x, 1)?.into_pointer_value();
        let data = self.field(x, 4)?.into_pointer_value();
        let view_t = Type::Array(ArrayType { layout: Layout::A, ..a.clone() }.into());
        // Appends ary[..., start:stop, ...] (Python slice bounds along the axis).
        let append = |cx: &mut Self, start: IntValue<'ctx>, stop: Option<IntValue<'ctx>>| -> R<()> {
            let fix = |cx: &Self, v: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                let neg = cx.b.build_int_compare(IntPredicate::SLT, v, cx.i64(0), "")?;
                let v = cx.b.build_select(neg, cx.b.build_int_add(v, len, "")?, v, "")?.into_int_value();
                let lo = cx.b.build_int_compare(IntPredicate::SLT, v, cx.i64(0), "")?;
                let v = cx.b.build_select(lo, cx.i64(0), v, "")?.into_int_value();
                let hi = cx.b.build_int_compare(IntPredicate::SGT, v, len, "")?;
                Ok(cx.b.build_select(hi, len, v, "")?.into_int_value())
            };
            let s = fix(cx, start)?;
            let e = match stop {
                Some(e) => fix(cx, e)?,
                None => len,
            };
            let n = cx.b.build_int_sub(e, s, "")?;
            let n = cx.b.build_select(cx.b.build_int_compare(IntPredicate::SLT, n, cx.i64(0), "")?, cx.i64(0), n, "")?.into_int_value();
            let off = cx.b.build_int_mul(s, axis_stride, "")?;
            let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
            let mut sh = shape.clone();
            for (d, size) in sh.iter_mut().enumerate() {
                let here = cx.b.build_int_compare(IntPredicate::EQ, axis, cx.i64(d as i64), "")?;
                *size = cx.b.build_select(here, n, *size, "")?.into_int_value();
            }
            let view = cx.make_array(a.ndim, mi, parent, isz, p, &sh, &strides)?;
            let view = cx.cast(view, &view_t, &item_t)?;
            cx.list_append(list, &item_t, view)
        };
        let prev = self.temp(i64t.into())?;
        self.b.build_store(prev, self.i64(0))?;
        let it3 = it.clone();
        self.counted_loop(ncuts, |cx, j| {
            let cur = cx.load_element(cx.out_ptr(cuts, &it3, j)?, &it3)?.into_int_value();
            let p = cx.b.build_load(i64t, prev, "")?.into_int_value();
            append(cx, p, Some(cur))?;
            cx.b.build_store(prev, cur)?;
            Ok(())
        })?;
        // The last piece starts at the last cut (0 when there is none).
        let last = self.b.build_load(i64t, prev, "")?.into_int_value();
        append(self, last, None)?;
        self.fresh = true;
        Ok(list.into())
    }
}
