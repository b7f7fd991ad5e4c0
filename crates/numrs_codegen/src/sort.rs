//! Sorting arrays: Numba's quicksort (`numba/misc/quicksort.py`: median-of-three partitions,
//! insertion sort below 15 items, an explicit stack of 100 partitions) emitted as one LLVM
//! function per element type, so that `np.sort`, `a.sort()` and `np.argsort` put items
//! (ties in `argsort` included) where Numba does. Floats compare as `lt_floats` (NaNs last).
//! `kind="mergesort"`/`"stable"` argsort is the unique stable order: the same quicksort with
//! ties broken by index.

use inkwell::values::{BasicValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::{self, numeric};

/// Numba's `SMALL_QUICKSORT` and `MAX_STACK`.
const SMALL: i64 = 15;
const MAX_STACK: u32 = 100;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// The sort kind of a `kind=` argument: whether it asks for a stable sort.
    fn stable_kind(&self, kind: Option<VarId>) -> R<bool> {
        let Some(k) = kind else { return Ok(false) };
        match self.ty(k)? {
            Type::StringLiteral(s) => match s.as_ref() {
                "quicksort" => Ok(false),
                "mergesort" | "stable" => Ok(true),
                other => self.fail(format!("sort kind '{other}' is not supported by numrs build yet")),
            },
            Type::Omitted(_) | Type::NoneType => Ok(false),
            other => self.fail(format!("sort kind of type {other} is not supported by numrs build yet")),
        }
    }

    /// `a.sort()`: in place, along the last axis.
    pub(crate) fn sort_inplace(&mut self, av: VarId, kws: &[(String, VarId)]) -> R<BasicValueEnum<'ctx>> {
        let _ = self.stable_kind(kws.iter().find(|(k, _)| k == "kind").map(|(_, v)| *v))?;
        let (arr, a) = self.arr(av)?;
        if a.readonly {
            return self.fail("sorting a read-only array");
        }
        if a.layout != Layout::C {
            // Sort a contiguous copy (each last-axis row) and write it back.
            let c = self.copy_c(arr, &a)?;
            let ct = array_type(&a.dtype, a.ndim, Layout::C);
            self.hold_temp(c, &ct)?;
            self.sort_rows(c, &a.dtype, a.ndim)?;
            self.assign_broadcast(arr, &a, c, &ct)?;
        } else {
            self.sort_rows(arr, &a.dtype, a.ndim)?;
        }
        Ok(self.ctx.const_struct(&[], false).into())
    }

    /// `np.sort(a)`: a sorted C-contiguous copy.
    pub(crate) fn sort_copy(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let _ = self.stable_kind(arg_kw(args, kws, 2, "kind"))?;
        let (arr, a) = self.arr(args[0])?;
        if arg_kw(args, kws, 1, "axis").is_some() {
            return self.fail("numpy.sort with an axis is not supported by numrs build yet");
        }
        let c = self.copy_c(arr, &a)?;
        self.sort_rows(c, &a.dtype, a.ndim)?;
        self.fresh = true;
        self.cast(c, &array_type(&a.dtype, a.ndim, Layout::C), tt)
    }

    /// `np.argsort(a)` / `a.argsort()` of a 1-d array.
    pub(crate) fn argsort(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let stable = self.stable_kind(arg_kw(args, kws, 2, "kind"))?;
        if arg_kw(args, kws, 1, "axis").is_some_and(|v| !matches!(self.ty(v), Ok(Type::Omitted(_)) | Ok(Type::IntegerLiteral(-1)))) {
            return self.fail("argsort with an axis is not supported by numrs build yet");
        }
        let (arr, a) = self.arr(args[0])?;
        if a.ndim != 1 {
            return self.fail("argsort of a multi-dimensional array is not supported by numrs build yet");
        }
        let vals = if a.layout == Layout::C {
            arr
        } else {
            let c = self.copy_c(arr, &a)?;
            self.hold_temp(c, &array_type(&a.dtype, 1, Layout::C))?;
            c
        };
        let n = self.field(arr, 2)?.into_int_value();
        let it = Type::int64();
        let out = self.alloc_array(&it, &[n])?;
        self.counted_loop(n, |cx, i| {
            let p = cx.out_ptr(out, &it, i)?;
            cx.b.build_store(p, i)?;
            Ok(())
        })?;
        let f = self.sort_fn(&a.dtype, true, stable, false)?;
        let vd = self.field(vals, 4)?;
        let od = self.field(out, 4)?;
        self.b.build_call(f, &[vd.into(), od.into(), n.into()], "")?;
        self.fresh = true;
        self.cast(out, &array_type(&it, 1, Layout::C), tt)
    }

    /// A sorted flat C-contiguous copy of `arr` and its length; the copy is kept in a hidden
    /// slot, so that it is released at every exit (a raise included).
    fn sorted_copy(&mut self, arr: BasicValueEnum<'ctx>, a: &numrs_types::ArrayType) -> R<(BasicValueEnum<'ctx>, IntValue<'ctx>)> {
        let c = self.copy_c(arr, a)?;
        self.hold_temp(c, &array_type(&a.dtype, a.ndim, Layout::C))?;
        let n = self.field(c, 2)?.into_int_value();
        let f = self.sort_fn(&a.dtype, false, false, false)?;
        let data = self.field(c, 4)?;
        self.b.build_call(f, &[data.into(), data.into(), n.into()], "")?;
        Ok((c, n))
    }

    /// `np.median(a)` as Numba's `median_impl`: a flat copy, then `_median_inner` (Numba's
    /// `_select` of the middle item by plain `<`, or `_select_two` of the middle two and
    /// `(x + y) / 2`), so NaNs give what Numba's partitions give; NaN for an empty array.
    /// `skip_nan`: `np.nanmedian`, the same over the items that are not NaN, kept in order
    /// (NaN when none is).
    pub(crate) fn median(&mut self, av: VarId, skip_nan: bool, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let (arr, a) = self.arr(av)?;
        // Timedeltas: computed in their own type (`(x + y) / 2` a timedelta over an int).
        let timedelta = matches!(a.dtype, Type::NPTimedelta(_)) && !skip_nan;
        let Some(k) = numeric(&a.dtype).or(timedelta.then_some(NumericKind::Int64)) else { return self.fail(format!("median of arrays of {}", a.dtype)) };
        if k.is_complex() {
            return self.fail(format!("median of arrays of {} is not supported by numrs build yet", a.dtype));
        }
        let c = self.copy_c(arr, &a)?;
        self.hold_temp(c, &array_type(&a.dtype, a.ndim, Layout::C))?;
        let total = self.field(c, 2)?.into_int_value();
        let dt = a.dtype.clone();
        let n = if skip_nan && k.is_float() {
            // The items that are not NaN moved to the front, in order.
            let count = self.temp(self.ctx.i64_type().into())?;
            self.b.build_store(count, self.i64(0))?;
            self.counted_loop(total, |cx, i| {
                let x = cx.load_element(cx.out_ptr(c, &dt, i)?, &dt)?;
                let num = cx.b.build_float_compare(inkwell::FloatPredicate::ORD, x.into_float_value(), x.into_float_value(), "")?;
                let cur = cx.b.build_load(cx.ctx.i64_type(), count, "")?.into_int_value();
                let keep = cx.new_block("nanmedian_keep");
                let next = cx.new_block("nanmedian_next");
                cx.b.build_conditional_branch(num, keep, next)?;
                cx.b.position_at_end(keep);
                cx.store_element(cx.out_ptr(c, &dt, cur)?, x, &dt, &dt)?;
                cx.b.build_store(count, cx.b.build_int_add(cur, cx.i64(1), "")?)?;
                cx.b.build_unconditional_branch(next)?;
                cx.b.position_at_end(next);
                Ok(())
            })?;
            self.b.build_load(self.ctx.i64_type(), count, "")?.into_int_value()
        } else {
            total
        };
        let f64t = if timedelta { a.dtype.clone() } else { Type::float64() };
        let res = self.temp(self.vt(&f64t)?)?;
        let empty_value: BasicValueEnum<'ctx> = if timedelta { self.i64(numrs_types::NAT).into() } else { self.ctx.f64_type().const_float(f64::NAN).into() };
        self.b.build_store(res, empty_value)?;
        let nonempty = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let work = self.new_block("median");
        let done = self.new_block("median_done");
        self.b.build_conditional_branch(nonempty, work, done)?;
        self.b.position_at_end(work);
        let data = self.field(c, 4)?;
        let high = self.b.build_int_sub(n, self.i64(1), "")?;
        let half = self.b.build_right_shift(n, self.i64(1), false, "")?;
        let odd = self.b.build_and(n, self.i64(1), "")?;
        let is_odd = self.b.build_int_compare(IntPredicate::NE, odd, self.i64(0), "")?;
        let even_bb = self.new_block("median_even");
        let odd_bb = self.new_block("median_odd");
        self.b.build_conditional_branch(is_odd, odd_bb, even_bb)?;
        self.b.position_at_end(odd_bb);
        let one = self.median_select_fn(&dt, false)?;
        self.b.build_call(one, &[data.into(), data.into(), self.i64(0).into(), high.into(), half.into()], "")?;
        let x = self.load_element(self.out_ptr(c, &dt, half)?, &dt)?;
        let xf = self.cast(x, &dt, &f64t)?;
        self.b.build_store(res, xf)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(even_bb);
        let hm1 = self.b.build_int_sub(half, self.i64(1), "")?;
        let two = self.median_select_fn(&dt, true)?;
        self.b.build_call(two, &[data.into(), data.into(), self.i64(0).into(), high.into(), hm1.into()], "")?;
        let x = self.load_element(self.out_ptr(c, &dt, hm1)?, &dt)?;
        let y = self.load_element(self.out_ptr(c, &dt, half)?, &dt)?;
        let (s, st) = self.binary("operator.add", x, &dt, y, &dt)?;
        let (q, qt) = self.binary("operator.truediv", s, &st, self.i64(2).into(), &Type::int64())?;
        let q = self.cast(q, &qt, &f64t)?;
        self.b.build_store(res, q)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let r = self.b.build_load(self.vt(&f64t)?, res, "")?;
        self.cast(r, &f64t, tt)
    }

    /// `np.percentile(a, q)`, `np.quantile(a, q)` and their `nan` forms for a scalar `q`, as
    /// Numba's `_collect_percentiles`: `q` checked (ValueError), the items as float64 sorted
    /// (NaNs last, dropped by the `nan` forms, else any NaN gives NaN), then the 0 and 100
    /// percentiles as min and max with Numba's infinity heuristics, others by linear
    /// interpolation between the closest ranks.
    pub(crate) fn percentile(&mut self, name: &str, av: VarId, qv: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Some(k) = numeric(&a.dtype).filter(|k| !k.is_complex()) else {
            return self.fail(format!("{name} of arrays of {} is not supported by numrs build yet", a.dtype));
        };
        let qt = self.ty(qv)?;
        let f64t = self.ctx.f64_type();
        let fty = Type::float64();
        let quantile = name.ends_with("quantile");
        let skip_nan = name.starts_with("nan");
        let (upper, msg) = if quantile { (1.0, "Quantiles must be in the range [0, 1]") } else { (100.0, "Percentiles must be in the range [0, 100]") };
        let factor = if quantile { 100.0 } else { 1.0 };
        // Numba's `_collect_percentiles`: every q checked first, then scaled to a percentage.
        let check = |cx: &Self, q: inkwell::values::FloatValue<'ctx>| -> R<()> {
            let bad_lo = cx.b.build_float_compare(FloatPredicate::ULT, q, f64t.const_float(0.0), "")?;
            let bad_hi = cx.b.build_float_compare(FloatPredicate::UGT, q, f64t.const_float(upper), "")?;
            let bad = cx.b.build_or(bad_lo, bad_hi, "")?;
            cx.guard(bad, ExcKind::ValueError, msg)
        };
        let qv_val = self.load(qv)?;
        // Err: one q (as a float64); Ok: an array of them.
        let qs: Result<(BasicValueEnum<'ctx>, numrs_types::ArrayType), inkwell::values::FloatValue<'ctx>> = match &qt {
            t if numeric(t).is_some_and(|k| !k.is_complex()) => {
                let q = self.cast(qv_val, &qt, &fty)?.into_float_value();
                check(self, q)?;
                Err(q)
            }
            Type::Array(qa) if numeric(&qa.dtype).is_some_and(|k| !k.is_complex()) => {
                let qa = (**qa).clone();
                let nq = self.field(qv_val, 2)?.into_int_value();
                self.counted_loop(nq, |cx, i| {
                    let x = cx.elem_at(qv_val, &qa, i)?;
                    let q = cx.cast(x, &qa.dtype, &Type::float64())?.into_float_value();
                    check(cx, q)
                })?;
                Ok((qv_val, qa))
            }
            // A list of numbers: its items as a float64 array (released at every exit).
            t if crate::lists::dtype(t).is_some_and(|d| numeric(d).is_some_and(|k| !k.is_complex())) => {
                let d = crate::lists::dtype(t).cloned().unwrap_or_else(Type::float64);
                let l = qv_val.into_pointer_value();
                let nq = self.list_len(l)?;
                let f64t = Type::float64();
                let qarr = self.alloc_array(&f64t, &[nq])?;
                let at = array_type(&f64t, 1, Layout::C);
                self.hold_temp(qarr, &at)?;
                self.counted_loop(nq, |cx, i| {
                    let x = cx.list_get(l, &d, i)?;
                    let q = cx.cast(x, &d, &Type::float64())?.into_float_value();
                    check(cx, q)?;
                    let p = cx.out_ptr(qarr, &Type::float64(), i)?;
                    cx.b.build_store(p, q)?;
                    Ok(())
                })?;
                let Type::Array(qa) = at else { return self.fail("internal error: q array") };
                Ok((qarr, (*qa).clone()))
            }
            // A tuple of numbers: its items as a float64 array (released at every exit).
            t if t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(|i| numeric(i).is_some_and(|k| !k.is_complex()))) => {
                let items = t.tuple_items().unwrap_or_default();
                let f64t = Type::float64();
                let qarr = self.alloc_array(&f64t, &[self.i64(items.len() as i64)])?;
                let at = array_type(&f64t, 1, Layout::C);
                self.hold_temp(qarr, &at)?;
                for (i, it) in items.iter().enumerate() {
                    let x = self.b.build_extract_value(qv_val.into_struct_value(), i as u32, "")?;
                    let q = self.cast(x, it, &f64t)?.into_float_value();
                    check(self, q)?;
                    let p = self.out_ptr(qarr, &f64t, self.i64(i as i64))?;
                    self.b.build_store(p, q)?;
                }
                let Type::Array(qa) = at else { return self.fail("internal error: q array") };
                Ok((qarr, (*qa).clone()))
            }
            _ => return self.fail(format!("{name} with q of type {qt} is not supported by numrs build yet")),
        };
        let (c, total) = self.sorted_copy(arr, &a)?;
        let dt = a.dtype.clone();
        let item = |cx: &mut Self, i: IntValue<'ctx>| cx.sorted_item(c, &dt, i);
        // Items that are not NaN (they sort last).
        let n = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(n, total)?;
        if k.is_float() {
            let i = self.temp(self.ctx.i64_type().into())?;
            self.b.build_store(i, total)?;
            let head = self.new_block("pct_nan");
            let body = self.new_block("pct_nan_check");
            let dec = self.new_block("pct_nan_dec");
            let out = self.new_block("pct_nan_done");
            self.b.build_unconditional_branch(head)?;
            self.b.position_at_end(head);
            let cur = self.b.build_load(self.ctx.i64_type(), i, "")?.into_int_value();
            let more = self.b.build_int_compare(IntPredicate::SGT, cur, self.i64(0), "")?;
            self.b.build_conditional_branch(more, body, out)?;
            self.b.position_at_end(body);
            let last = self.b.build_int_sub(cur, self.i64(1), "")?;
            let x = item(self, last)?;
            let isnan = self.b.build_float_compare(FloatPredicate::UNO, x, x, "")?;
            self.b.build_conditional_branch(isnan, dec, out)?;
            self.b.position_at_end(dec);
            self.b.build_store(i, last)?;
            self.b.build_unconditional_branch(head)?;
            self.b.position_at_end(out);
            let kept = self.b.build_load(self.ctx.i64_type(), i, "")?;
            self.b.build_store(n, kept)?;
        }
        let n = self.b.build_load(self.ctx.i64_type(), n, "")?.into_int_value();
        let pct_of = |cx: &Self, q: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
            Ok(if factor != 1.0 { cx.b.build_float_mul(q, f64t.const_float(factor), "")? } else { q })
        };
        match qs {
            Err(q) => {
                let pct = pct_of(self, q)?;
                let r = self.one_percentile(c, &dt, total, n, pct, skip_nan)?;
                self.cast(r.into(), &fty, tt)
            }
            Ok((qarr, qa)) => {
                // One result per q, in a 1-d array (q flattened).
                let nq = self.field(qarr, 2)?.into_int_value();
                let out = self.alloc_array(&fty, &[nq])?;
                let ot = crate::npfuncs::array_type(&fty, 1, Layout::C);
                let slot = self.hold_temp(out, &ot)?;
                self.counted_loop(nq, |cx, i| {
                    let x = cx.elem_at(qarr, &qa, i)?;
                    let q = cx.cast(x, &qa.dtype, &Type::float64())?.into_float_value();
                    let pct = pct_of(cx, q)?;
                    let r = cx.one_percentile(c, &dt, total, n, pct, skip_nan)?;
                    let p = cx.out_ptr(out, &Type::float64(), i)?;
                    cx.b.build_store(p, r)?;
                    Ok(())
                })?;
                self.let_go(slot, &ot)?;
                self.fresh = true;
                self.cast(out, &ot, tt)
            }
        }
    }

    /// Item `i` of the sorted copy `c` (of `dt`) as a float64.
    fn sorted_item(&self, c: BasicValueEnum<'ctx>, dt: &Type, i: IntValue<'ctx>) -> R<inkwell::values::FloatValue<'ctx>> {
        let x = self.load_element(self.out_ptr(c, dt, i)?, dt)?;
        Ok(self.cast(x, dt, &Type::float64())?.into_float_value())
    }

    /// One percentage `pct` of the sorted copy `c` (`total` items, the first `n` not NaN), as
    /// Numba's `_can_collect_percentiles` and `_collect_percentiles_inner` compute it.
    #[allow(clippy::too_many_arguments)]
    fn one_percentile(
        &mut self,
        c: BasicValueEnum<'ctx>,
        dt: &Type,
        total: IntValue<'ctx>,
        n: IntValue<'ctx>,
        pct: inkwell::values::FloatValue<'ctx>,
        skip_nan: bool,
    ) -> R<inkwell::values::FloatValue<'ctx>> {
        let f64t = self.ctx.f64_type();
        let item = |cx: &mut Self, i: IntValue<'ctx>| cx.sorted_item(c, dt, i);
        let res = self.temp(f64t.into())?;
        self.b.build_store(res, f64t.const_float(f64::NAN))?;
        let done = self.new_block("pct_done");
        // Numba's `_can_collect_percentiles`: NaNs present (not skipped), none left, or a
        // single item that is not finite give NaN.
        let nan_free = if skip_nan { self.ctx.bool_type().const_int(1, false) } else { self.b.build_int_compare(IntPredicate::EQ, n, total, "")? };
        let nonempty = if skip_nan { self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")? } else { self.ctx.bool_type().const_int(1, false) };
        let ok = self.b.build_and(nan_free, nonempty, "")?;
        let go = self.new_block("pct_collect");
        self.b.build_conditional_branch(ok, go, done)?;
        self.b.position_at_end(go);
        let one_item = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(1), "")?;
        let single = self.new_block("pct_single");
        let many = self.new_block("pct_many");
        self.b.build_conditional_branch(one_item, single, many)?;
        self.b.position_at_end(single);
        let x0 = item(self, self.i64(0))?;
        let fin = crate::cmath::is_finite(self, x0)?;
        let v = self.b.build_select(fin, x0, f64t.const_float(f64::NAN), "")?;
        self.b.build_store(res, v)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(many);
        // No items (an empty array): np.max / np.min of nothing, or `_select_two`'s assert.
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        let is100 = self.b.build_float_compare(FloatPredicate::OEQ, pct, f64t.const_float(100.0), "")?;
        let is0 = self.b.build_float_compare(FloatPredicate::OEQ, pct, f64t.const_float(0.0), "")?;
        let e100 = self.b.build_and(empty, is100, "")?;
        self.guard(e100, ExcKind::ValueError, "zero-size array to reduction operation maximum which has no identity")?;
        let e0 = self.b.build_and(empty, is0, "")?;
        self.guard(e0, ExcKind::ValueError, "zero-size array to reduction operation minimum which has no identity")?;
        self.guard(empty, ExcKind::AssertionError, "")?;
        let last = self.b.build_int_sub(n, self.i64(1), "")?;
        let lo = item(self, self.i64(0))?;
        let hi = item(self, last)?;
        let b100 = self.new_block("pct_100");
        let rest = self.new_block("pct_rest");
        self.b.build_conditional_branch(is100, b100, rest)?;
        // q = 100: the maximum; NaN when it is infinite (there are non-finite items then).
        self.b.position_at_end(b100);
        let fin = crate::cmath::is_finite(self, hi)?;
        let v = self.b.build_select(fin, hi, f64t.const_float(f64::NAN), "")?;
        self.b.build_store(res, v)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(rest);
        let b0 = self.new_block("pct_0");
        let interp = self.new_block("pct_interp");
        self.b.build_conditional_branch(is0, b0, interp)?;
        // q = 0: the minimum, with Numba's heuristics when there are infinities.
        self.b.position_at_end(b0);
        let ninf = self.temp(self.ctx.i64_type().into())?;
        let pinf = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(ninf, self.i64(0))?;
        self.b.build_store(pinf, self.i64(0))?;
        self.counted_loop(n, |cx, i| {
            let x = item(cx, i)?;
            let f64t = cx.ctx.f64_type();
            for (slot, inf) in [(pinf, f64::INFINITY), (ninf, f64::NEG_INFINITY)] {
                let eq = cx.b.build_float_compare(FloatPredicate::OEQ, x, f64t.const_float(inf), "")?;
                let c = cx.b.build_load(cx.ctx.i64_type(), slot, "")?.into_int_value();
                let c = cx.b.build_int_add(c, cx.b.build_int_z_extend(eq, cx.ctx.i64_type(), "")?, "")?;
                cx.b.build_store(slot, c)?;
            }
            Ok(())
        })?;
        let np_ = self.b.build_load(self.ctx.i64_type(), pinf, "")?.into_int_value();
        let nn = self.b.build_load(self.ctx.i64_type(), ninf, "")?.into_int_value();
        let nfin = self.b.build_int_sub(n, self.b.build_int_add(np_, nn, "")?, "")?;
        let eq = |cx: &Self, x: IntValue<'ctx>, v: i64| cx.b.build_int_compare(IntPredicate::EQ, x, cx.i64(v), "");
        let c1 = eq(self, nfin, 0)?;
        let c2 = self.b.build_and(eq(self, np_, 1)?, eq(self, n, 2)?, "")?;
        let c3 = self.b.build_int_compare(IntPredicate::SGT, nn, self.i64(1), "")?;
        let c4 = self.b.build_and(
            eq(self, nfin, 1)?,
            self.b.build_and(self.b.build_int_compare(IntPredicate::SGT, np_, self.i64(1), "")?, self.b.build_int_compare(IntPredicate::NE, nn, self.i64(1), "")?, "")?,
            "",
        )?;
        let nan = self.b.build_or(self.b.build_or(c1, c2, "")?, self.b.build_or(c3, c4, "")?, "")?;
        let v = self.b.build_select(nan, f64t.const_float(f64::NAN), lo, "")?;
        self.b.build_store(res, v)?;
        self.b.build_unconditional_branch(done)?;
        // Otherwise: linear interpolation between the closest ranks.
        self.b.position_at_end(interp);
        let nm1 = self.b.build_signed_int_to_float(last, f64t, "")?;
        let frac = self.b.build_float_div(pct, f64t.const_float(100.0), "")?;
        let rank = self.b.build_float_add(f64t.const_float(1.0), self.b.build_float_mul(nm1, frac, "")?, "")?;
        let floor = crate::ops::intrinsic_call(self, "llvm.floor", &[rank.into()])?.into_float_value();
        let m = self.b.build_float_sub(rank, floor, "")?;
        let kk = self.b.build_float_to_signed_int(self.b.build_float_sub(floor, f64t.const_float(1.0), "")?, self.ctx.i64_type(), "")?;
        let lower = item(self, kk)?;
        let upper = item(self, self.b.build_int_add(kk, self.i64(1), "")?)?;
        let one_m = self.b.build_float_sub(f64t.const_float(1.0), m, "")?;
        let v = self.b.build_float_add(self.b.build_float_mul(lower, one_m, "")?, self.b.build_float_mul(upper, m, "")?, "")?;
        self.b.build_store(res, v)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(f64t, res, "")?.into_float_value())
    }

    /// `np.unique(a)`: the sorted distinct items (NaNs count as one), a 1-d array.
    pub(crate) fn unique(&mut self, av: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        // (`unique_owned` refuses the items it cannot compare.)
        let (arr, a) = self.arr(av)?;
        let c = self.copy_c(arr, &a)?;
        self.unique_owned(c, &a.dtype, tt)
    }

    /// `np.unique` of `c`, a new C-contiguous array of `dtype` whose reference this takes
    /// (it is sorted and compacted in place).
    pub(crate) fn unique_owned(&mut self, c: BasicValueEnum<'ctx>, dtype: &Type, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        // Datetimes: their counts (neighbouring NaTs are one, as Numba's `np_unique` keeps them).
        let datetime = crate::datetime::is_datetime_like(dtype);
        let charseq = match dtype {
            Type::UnicodeCharSeq(n) => Some(self.charseq_cmp_fn(*n)?),
            _ => None,
        };
        let Some(k) = numeric(dtype).or(datetime.then_some(NumericKind::Int64)).or(charseq.map(|_| NumericKind::Int64)) else {
            return self.fail(format!("unique of arrays of {dtype}"));
        };
        let a = numrs_types::ArrayType::new(dtype.clone(), 1, Layout::C, false);
        let n = self.field(c, 2)?.into_int_value();
        let f = self.sort_fn(&a.dtype, false, false, false)?;
        let data = self.field(c, 4)?;
        self.b.build_call(f, &[data.into(), data.into(), n.into()], "")?;
        // Compact in place: keep an item when it differs from the one before it.
        let cnt = self.temp(self.ctx.i64_type().into())?;
        let first = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let first = self.b.build_int_z_extend(first, self.ctx.i64_type(), "")?;
        self.b.build_store(cnt, first)?;
        let dt = a.dtype.clone();
        let m = self.b.build_int_sub(n, self.i64(1), "")?;
        let m = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, m, self.i64(0), "")?, self.i64(0), m, "")?.into_int_value();
        self.counted_loop(m, |cx, i| {
            let i1 = cx.b.build_int_add(i, cx.i64(1), "")?;
            let (pp, px) = (cx.out_ptr(c, &dt, i)?, cx.out_ptr(c, &dt, i1)?);
            let keep = if let Some(f) = charseq {
                // Items of a unicode array: compared as their code points.
                let inkwell::values::ValueKind::Basic(r) = cx.b.build_call(f, &[pp.into(), px.into()], "")?.try_as_basic_value() else {
                    return cx.fail("internal error: charseq comparison");
                };
                cx.b.build_int_compare(IntPredicate::NE, r.into_int_value(), cx.ctx.i32_type().const_zero(), "")?
            } else if k.is_float() {
                let (prev, x) = (cx.load_element(pp, &dt)?, cx.load_element(px, &dt)?);
                let (p, v) = (prev.into_float_value(), x.into_float_value());
                let ne = cx.b.build_float_compare(FloatPredicate::UNE, p, v, "")?;
                let pn = cx.b.build_float_compare(FloatPredicate::UNO, p, p, "")?;
                let vn = cx.b.build_float_compare(FloatPredicate::UNO, v, v, "")?;
                cx.b.build_and(ne, cx.b.build_not(cx.b.build_and(pn, vn, "")?, "")?, "")?
            } else if k.is_complex() {
                // Different in a part, unless both hold a NaN (those sort last, kept once).
                let (prev, x) = (cx.load_element(pp, &dt)?, cx.load_element(px, &dt)?);
                let part = |z: BasicValueEnum<'ctx>, i: u32| -> R<inkwell::values::FloatValue<'ctx>> {
                    Ok(cx.b.build_extract_value(z.into_struct_value(), i, "")?.into_float_value())
                };
                let (pr, pi, vr, vi) = (part(prev, 0)?, part(prev, 1)?, part(x, 0)?, part(x, 1)?);
                let ne = cx.b.build_or(
                    cx.b.build_float_compare(FloatPredicate::UNE, pr, vr, "")?,
                    cx.b.build_float_compare(FloatPredicate::UNE, pi, vi, "")?,
                    "",
                )?;
                let nan = |re, im| -> R<inkwell::values::IntValue<'ctx>> {
                    Ok(cx.b.build_or(cx.b.build_float_compare(FloatPredicate::UNO, re, re, "")?, cx.b.build_float_compare(FloatPredicate::UNO, im, im, "")?, "")?)
                };
                let both = cx.b.build_and(nan(pr, pi)?, nan(vr, vi)?, "")?;
                cx.b.build_and(ne, cx.b.build_not(both, "")?, "")?
            } else {
                let (prev, x) = (cx.load_element(pp, &dt)?, cx.load_element(px, &dt)?);
                cx.b.build_int_compare(IntPredicate::NE, prev.into_int_value(), x.into_int_value(), "")?
            };
            let yes = cx.new_block("unique_keep");
            let next = cx.new_block("unique_next");
            cx.b.build_conditional_branch(keep, yes, next)?;
            cx.b.position_at_end(yes);
            // The kept item moves as it is stored.
            let j = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
            let et = types::storage_type(cx.ctx, &dt).map_err(|m| cx.cg_err(m))?;
            let x = cx.b.build_load(et, px, "")?;
            cx.b.build_store(cx.out_ptr(c, &dt, j)?, x)?;
            cx.b.build_store(cnt, cx.b.build_int_add(j, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        let k_items = self.b.build_load(self.ctx.i64_type(), cnt, "")?.into_int_value();
        // The first `k_items` of the copy, as a 1-d array owning the copy's reference.
        let isz = self.field(c, 3)?.into_int_value();
        let mi = self.field(c, 0)?.into_pointer_value();
        let parent = self.field(c, 1)?.into_pointer_value();
        let dp = self.field(c, 4)?.into_pointer_value();
        let out = self.make_array(1, mi, parent, isz, dp, &[k_items], &[isz])?;
        self.fresh = true;
        self.cast(out, &array_type(&a.dtype, 1, Layout::C), tt)
    }

    /// `i32 cmp(a*, b*)`: the order of two items of a unicode array (`[unichr x n]`, UCS4 code
    /// units padded with zeros): negative, zero or positive, as Python orders the strings they
    /// spell (a padding zero sorts before every character).
    pub(crate) fn charseq_cmp_fn(&self, n: u32) -> R<FunctionValue<'ctx>> {
        let name = format!("numrs.charseq_cmp.{n}");
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let ctx = self.ctx;
        let (ptr, i32t, i64t) = (ctx.ptr_type(AddressSpace::default()), ctx.i32_type(), ctx.i64_type());
        let f = self.module.add_function(&name, i32t.fn_type(&[ptr.into(), ptr.into()], false), Some(inkwell::module::Linkage::Internal));
        let b = ctx.create_builder();
        let (entry, head, body, differ, same) =
            (ctx.append_basic_block(f, "entry"), ctx.append_basic_block(f, "head"), ctx.append_basic_block(f, "body"), ctx.append_basic_block(f, "differ"), ctx.append_basic_block(f, "same"));
        let (Some(pa), Some(pb)) = (f.get_nth_param(0), f.get_nth_param(1)) else { return self.fail("internal error: charseq parameters") };
        let (pa, pb) = (pa.into_pointer_value(), pb.into_pointer_value());
        b.position_at_end(entry);
        b.build_unconditional_branch(head)?;
        b.position_at_end(head);
        let i = b.build_phi(i64t, "i")?;
        i.add_incoming(&[(&i64t.const_zero(), entry)]);
        let iv = i.as_basic_value().into_int_value();
        let more = b.build_int_compare(IntPredicate::ULT, iv, i64t.const_int(u64::from(n), false), "")?;
        b.build_conditional_branch(more, body, same)?;
        b.position_at_end(body);
        let load = |p: PointerValue<'ctx>| -> R<IntValue<'ctx>> {
            let q = unsafe { b.build_gep(i32t, p, &[iv], "")? };
            let v = b.build_load(i32t, q, "")?.into_int_value();
            if let Some(inst) = v.as_instruction() {
                let _ = inst.set_alignment(1);
            }
            Ok(v)
        };
        let (x, y) = (load(pa)?, load(pb)?);
        let next = b.build_int_add(iv, i64t.const_int(1, false), "")?;
        i.add_incoming(&[(&next, body)]);
        let ne = b.build_int_compare(IntPredicate::NE, x, y, "")?;
        b.build_conditional_branch(ne, differ, head)?;
        b.position_at_end(differ);
        let lt = b.build_int_compare(IntPredicate::ULT, x, y, "")?;
        b.build_return(Some(&b.build_select(lt, i32t.const_int(u64::MAX, true), i32t.const_int(1, false), "")?))?;
        b.position_at_end(same);
        b.build_return(Some(&i32t.const_zero()))?;
        Ok(f)
    }

    /// Sort each last-axis row of a C-contiguous array in place.
    fn sort_rows(&mut self, arr: BasicValueEnum<'ctx>, dtype: &Type, ndim: u32) -> R<()> {
        let f = self.sort_fn(dtype, false, false, false)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        if ndim == 0 {
            return Ok(());
        }
        let shape = self.dims(arr, 5, ndim)?;
        let len = shape[ndim as usize - 1];
        let mut rows = self.i64(1);
        for s in &shape[..ndim as usize - 1] {
            rows = self.b.build_int_mul(rows, *s, "")?;
        }
        let et = types::storage_type(self.ctx, dtype).map_err(|m| self.cg_err(m))?;
        self.counted_loop(rows, |cx, r| {
            let off = cx.b.build_int_mul(r, len, "")?;
            let p = unsafe { cx.b.build_gep(et, data, &[off], "")? };
            cx.b.build_call(f, &[p.into(), p.into(), len.into()], "")?;
            Ok(())
        })
    }

    /// `void sort(vals*, R*, n)`: quicksort `R[0..n]`; with `argsort`, R holds indices into
    /// `vals` (compared by value), else R is the values themselves; `descending` orders by
    /// `>` instead of `<` (Numba's `make_jit_quicksort(lt=gt)`).
    pub(crate) fn sort_fn(&self, dtype: &Type, argsort: bool, stable: bool, descending: bool) -> R<FunctionValue<'ctx>> {
        self.quick_fn(dtype, argsort, stable, descending, Select::No, false)
    }

    /// `void sort(_, items*, n)`: Numba's quicksort of a list's numbers in place, as
    /// `list.sort` runs it (`make_jit_quicksort()`, or `lt=gt` when `descending`): by plain `<`
    /// (`>`), so NaNs stay where the partitions leave them, and equal items (`0.0`, `-0.0`)
    /// in the order the partitions give.
    pub(crate) fn list_sort_fn(&self, dtype: &Type, descending: bool) -> R<FunctionValue<'ctx>> {
        self.quick_fn(dtype, false, false, descending, Select::No, true)
    }

    /// `void sort(keys*, order*, n)`: Numba's argsort quicksort of a list's keys, as `list.sort`
    /// with a `key` runs it (`make_jit_quicksort(is_argsort=True, is_list=True)`): by plain `<`
    /// (`>` when `descending`).
    pub(crate) fn list_argsort_fn(&self, dtype: &Type, descending: bool) -> R<FunctionValue<'ctx>> {
        self.quick_fn(dtype, true, false, descending, Select::No, true)
    }

    /// `void select(vals*, R*, low, high, k)`: Numba's `_select_w_nan` (or, with `argsort`,
    /// `_arg_select_w_nan`): partitions `R[low..=high]` around median-of-three pivots, as the
    /// quicksort does, until the item at `k` is in its sorted place. NaNs order last.
    pub(crate) fn select_fn(&self, dtype: &Type, argsort: bool) -> R<FunctionValue<'ctx>> {
        self.quick_fn(dtype, argsort, false, false, Select::One, false)
    }

    /// `void select(vals*, items*, low, high, k)`: Numba's `_select` by plain `<` (with `two`,
    /// its `_select_two`: the items at `k` and `k + 1` placed), as `np.median` runs them; NaNs
    /// stay where the partitions leave them.
    pub(crate) fn median_select_fn(&self, dtype: &Type, two: bool) -> R<FunctionValue<'ctx>> {
        self.quick_fn(dtype, false, false, false, if two { Select::Two } else { Select::One }, true)
    }

    /// `plain`: compare by `<` alone (Numba's `default_lt`), not NaN-last `lt_floats`.
    fn quick_fn(&self, dtype: &Type, argsort: bool, stable: bool, descending: bool, mode: Select, plain: bool) -> R<FunctionValue<'ctx>> {
        // Tuples of real numbers (keys of `list.sort(key=...)`), compared as Numba compares
        // tuples: by the first items that are not equal.
        // Their items may be strings, as may be the keys themselves (compared by the runtime's
        // string comparison, which cannot fail).
        let tuple_items: Option<Vec<Option<NumericKind>>> = if plain {
            dtype.tuple_items().and_then(|items| {
                items
                    .iter()
                    .map(|t| match t {
                        Type::Unicode => Some(None),
                        t => numeric(t).filter(|k| !k.is_complex()).map(Some),
                    })
                    .collect()
            })
        } else {
            None
        };
        let is_str = plain && matches!(dtype, Type::Unicode);
        // Items of a unicode array (`[unichr x n]`): their code points compared in order, as
        // Python compares the strings they spell.
        let charseq = match dtype {
            Type::UnicodeCharSeq(n) => Some(self.charseq_cmp_fn(*n)?),
            _ => None,
        };
        let has_str = is_str || tuple_items.as_ref().is_some_and(|items| items.iter().any(Option::is_none));
        // Datetimes and timedeltas: their counts by Numba's `default_lt` (`<`, false with a NaT).
        let datetime = crate::datetime::is_datetime_like(dtype);
        let Some(k) = numeric(dtype)
            .or(tuple_items.as_ref().map(|_| NumericKind::Int64))
            .or(is_str.then_some(NumericKind::Int64))
            .or(datetime.then_some(NumericKind::Int64))
            .or(charseq.map(|_| NumericKind::Int64))
        else {
            return self.fail(format!("sorting arrays of {dtype} is not supported by numrs build yet"));
        };
        let select = mode != Select::No;
        let name = format!(
            "numrs.{}.{dtype}.{}{}",
            match mode {
                Select::No => "quicksort",
                Select::One => "select",
                Select::Two => "select_two",
            },
            if argsort { if stable { "argstable" } else { "arg" } } else { "val" },
            if descending { ".desc" } else { "" }
        ) + if plain { ".plain" } else { "" };
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let ctx = self.ctx;
        let ptr = ctx.ptr_type(AddressSpace::default());
        let i64t = ctx.i64_type();
        let ft = if select {
            ctx.void_type().fn_type(&[ptr.into(), ptr.into(), i64t.into(), i64t.into(), i64t.into()], false)
        } else {
            ctx.void_type().fn_type(&[ptr.into(), ptr.into(), i64t.into()], false)
        };
        let f = self.module.add_function(&name, ft, Some(inkwell::module::Linkage::Internal));
        let vt = types::storage_type(ctx, dtype).map_err(|m| self.cg_err(m))?;
        let rt: inkwell::types::BasicTypeEnum = if argsort { i64t.into() } else { vt };
        let b = ctx.create_builder();
        let bb = |n: &str| ctx.append_basic_block(f, n);
        let entry = bb("entry");
        b.position_at_end(entry);
        let (Some(vals), Some(rp), Some(n)) = (f.get_nth_param(0), f.get_nth_param(1), f.get_nth_param(2)) else {
            return self.fail("internal error: sort parameters");
        };
        let (vals, rp, n) = (vals.into_pointer_value(), rp.into_pointer_value(), n.into_int_value());
        let c = |v: i64| i64t.const_int(v as u64, true);
        let var = |nm: &str| -> R<PointerValue<'ctx>> { Ok(b.build_alloca(i64t, nm)?) };
        let pair_t = ctx.struct_type(&[i64t.into(), i64t.into()], false);
        let stack = b.build_alloca(pair_t.array_type(MAX_STACK), "stack")?;
        let (lowv, highv, spv, iv, jv) = (var("low")?, var("high")?, var("sp")?, var("i")?, var("j")?);
        // Select::Two: 1 while in `_select_two`'s loop, 0 once it has gone on to `_select`.
        let twov = var("two")?;
        // `str_op(Compare, [x, y])`: negative, zero or positive.
        let str_slots = if has_str {
            Some((b.build_alloca(i64t.array_type(2), "str_args")?, b.build_alloca(i64t, "str_out")?, b.build_alloca(crate::func::exc_info_type(ctx), "str_exc")?))
        } else {
            None
        };
        let api_t = self.api_type();
        let str_cmp = |x: BasicValueEnum<'ctx>, y: BasicValueEnum<'ctx>| -> R<IntValue<'ctx>> {
            let Some((args, out, exc)) = str_slots else { return self.fail("internal error: string comparison slots") };
            for (i, v) in [x, y].iter().enumerate() {
                let bits = b.build_ptr_to_int(v.into_pointer_value(), i64t, "")?;
                let p = unsafe { b.build_in_bounds_gep(i64t.array_type(2), args, &[c(0), c(i as i64)], "")? };
                b.build_store(p, bits)?;
            }
            let slot = crate::lists::runtime_slot(ctx, self.module);
            let api = b.build_load(ptr, slot, "rt")?.into_pointer_value();
            let fp = b.build_struct_gep(api_t, api, crate::strings::API_STR_OP, "")?;
            let fv = b.build_load(ptr, fp, "")?.into_pointer_value();
            let i32t = ctx.i32_type();
            let ft = i32t.fn_type(&[i32t.into(), ptr.into(), ptr.into(), ptr.into()], false);
            b.build_indirect_call(ft, fv, &[i32t.const_int(numrs_abi::StrOp::Compare as u64, false).into(), args.into(), out.into(), exc.into()], "")?;
            Ok(b.build_load(i64t, out, "")?.into_int_value())
        };
        let charseq_slots = match charseq {
            Some(_) => Some((b.build_alloca(vt, "charseq_x")?, b.build_alloca(vt, "charseq_y")?)),
            None => None,
        };
        let pivv = b.build_alloca(rt, "pivot")?;
        // R[i] load/store and GET (the value compared).
        let rptr = |i: IntValue<'ctx>| -> R<PointerValue<'ctx>> { Ok(unsafe { b.build_gep(rt, rp, &[i], "")? }) };
        let rload = |i: IntValue<'ctx>| -> R<BasicValueEnum<'ctx>> { Ok(b.build_load(rt, rptr(i)?, "")?) };
        let get = |r: BasicValueEnum<'ctx>| -> R<BasicValueEnum<'ctx>> {
            if argsort {
                let p = unsafe { b.build_gep(vt, vals, &[r.into_int_value()], "")? };
                Ok(b.build_load(vt, p, "")?)
            } else {
                Ok(r)
            }
        };
        // LT on values.
        let vlt = |x: BasicValueEnum<'ctx>, y: BasicValueEnum<'ctx>| -> R<IntValue<'ctx>> {
            if let (Some(f), Some((px, py))) = (charseq, charseq_slots) {
                b.build_store(px, x)?;
                b.build_store(py, y)?;
                let inkwell::values::ValueKind::Basic(r) = b.build_call(f, &[px.into(), py.into()], "")?.try_as_basic_value() else {
                    return self.fail("internal error: charseq comparison");
                };
                return Ok(b.build_int_compare(IntPredicate::SLT, r.into_int_value(), ctx.i32_type().const_zero(), "")?);
            }
            if is_str {
                let r = str_cmp(x, y)?;
                return Ok(b.build_int_compare(IntPredicate::SLT, r, c(0), "")?);
            }
            if let Some(items) = &tuple_items {
                let (x, y) = (x.into_struct_value(), y.into_struct_value());
                let mut r = ctx.bool_type().const_zero();
                for (i, ik) in items.iter().enumerate().rev() {
                    let (a, c2) = (b.build_extract_value(x, i as u32, "")?, b.build_extract_value(y, i as u32, "")?);
                    let Some(ik) = ik else {
                        let s = str_cmp(a, c2)?;
                        let (lt, eq) = (b.build_int_compare(IntPredicate::SLT, s, c(0), "")?, b.build_int_compare(IntPredicate::EQ, s, c(0), "")?);
                        r = b.build_select(eq, r, lt, "")?.into_int_value();
                        continue;
                    };
                    let c = c2;
                    let (lt, eq) = if ik.is_float() {
                        let (a, c) = (a.into_float_value(), c.into_float_value());
                        (b.build_float_compare(FloatPredicate::OLT, a, c, "")?, b.build_float_compare(FloatPredicate::OEQ, a, c, "")?)
                    } else {
                        let (a, c) = (a.into_int_value(), c.into_int_value());
                        let p = if ik.is_signed_int() { IntPredicate::SLT } else { IntPredicate::ULT };
                        (b.build_int_compare(p, a, c, "")?, b.build_int_compare(IntPredicate::EQ, a, c, "")?)
                    };
                    r = b.build_select(eq, r, lt, "")?.into_int_value();
                }
                return Ok(r);
            }
            if k.is_complex() {
                // Numba's `lt_complex`: lexicographic, NaNs (real part first) last.
                let (x, y) = (x.into_struct_value(), y.into_struct_value());
                let part = |v: inkwell::values::StructValue<'ctx>, i: u32| -> R<inkwell::values::FloatValue<'ctx>> { Ok(b.build_extract_value(v, i, "")?.into_float_value()) };
                let (ar, ai, br, bi) = (part(x, 0)?, part(x, 1)?, part(y, 0)?, part(y, 1)?);
                let nan = |v: inkwell::values::FloatValue<'ctx>| b.build_float_compare(FloatPredicate::UNO, v, v, "");
                let (arn, ain, brn, bin) = (nan(ar)?, nan(ai)?, nan(br)?, nan(bi)?);
                let flt = |p: FloatPredicate, u: inkwell::values::FloatValue<'ctx>, v: inkwell::values::FloatValue<'ctx>| b.build_float_compare(p, u, v, "");
                let or = |u: IntValue<'ctx>, v: IntValue<'ctx>| b.build_or(u, v, "");
                let and = |u: IntValue<'ctx>, v: IntValue<'ctx>| b.build_and(u, v, "");
                let not = |u: IntValue<'ctx>| b.build_not(u, "");
                let sel = |c: IntValue<'ctx>, u: IntValue<'ctx>, v: IntValue<'ctx>| -> R<IntValue<'ctx>> { Ok(b.build_select(c, u, v, "")?.into_int_value()) };
                let imag_lt = flt(FloatPredicate::OLT, ai, bi)?;
                // a.real is NaN: only against a NaN real part, by the imaginary parts.
                let a_nan = and(brn, and(not(ain)?, or(bin, imag_lt)?)?)?;
                let real_lt = flt(FloatPredicate::OLT, ar, br)?;
                let real_eq = flt(FloatPredicate::OEQ, ar, br)?;
                let both = or(real_lt, and(real_eq, imag_lt)?)?;
                let num = sel(ain, and(bin, real_lt)?, sel(bin, ctx.bool_type().const_all_ones(), both)?)?;
                let a_num = sel(brn, ctx.bool_type().const_all_ones(), num)?;
                sel(arn, a_nan, a_num)
            } else if k.is_float() && plain {
                Ok(b.build_float_compare(FloatPredicate::OLT, x.into_float_value(), y.into_float_value(), "")?)
            } else if k.is_float() {
                let (x, y) = (x.into_float_value(), y.into_float_value());
                let lt = b.build_float_compare(FloatPredicate::OLT, x, y, "")?;
                let ynan = b.build_float_compare(FloatPredicate::UNO, y, y, "")?;
                let xnum = b.build_float_compare(FloatPredicate::ORD, x, x, "")?;
                Ok(b.build_or(lt, b.build_and(ynan, xnum, "")?, "")?)
            } else if datetime {
                let (x, y) = (x.into_int_value(), y.into_int_value());
                let nat = i64t.const_int(numrs_types::NAT as u64, true);
                let lt = b.build_int_compare(IntPredicate::SLT, x, y, "")?;
                let xn = b.build_int_compare(IntPredicate::NE, x, nat, "")?;
                let yn = b.build_int_compare(IntPredicate::NE, y, nat, "")?;
                Ok(b.build_and(lt, b.build_and(xn, yn, "")?, "")?)
            } else {
                let p = if k.is_signed_int() { IntPredicate::SLT } else { IntPredicate::ULT };
                Ok(b.build_int_compare(p, x.into_int_value(), y.into_int_value(), "")?)
            }
        };
        // LT on R entries (with the index tie-break for a stable argsort).
        let lt = |x: BasicValueEnum<'ctx>, y: BasicValueEnum<'ctx>| -> R<IntValue<'ctx>> {
            let (gx, gy) = if descending { (get(y)?, get(x)?) } else { (get(x)?, get(y)?) };
            let l = vlt(gx, gy)?;
            if argsort && stable {
                let g = vlt(gy, gx)?;
                let ki = b.build_int_compare(IntPredicate::SLT, x.into_int_value(), y.into_int_value(), "")?;
                let tie = b.build_and(b.build_not(g, "")?, ki, "")?;
                return Ok(b.build_or(l, tie, "")?);
            }
            Ok(l)
        };
        let swap = |i: IntValue<'ctx>, j: IntValue<'ctx>| -> R<()> {
            let (pi, pj) = (rptr(i)?, rptr(j)?);
            let (x, y) = (b.build_load(rt, pi, "")?, b.build_load(rt, pj, "")?);
            b.build_store(pi, y)?;
            b.build_store(pj, x)?;
            Ok(())
        };
        let ld = |p: PointerValue<'ctx>| -> R<IntValue<'ctx>> { Ok(b.build_load(i64t, p, "")?.into_int_value()) };
        let push = |lo: IntValue<'ctx>, hi: IntValue<'ctx>| -> R<()> {
            let sp = ld(spv)?;
            let p = unsafe { b.build_gep(pair_t.array_type(MAX_STACK), stack, &[c(0), sp], "")? };
            let p0 = b.build_struct_gep(pair_t, p, 0, "")?;
            b.build_store(p0, lo)?;
            let p1 = b.build_struct_gep(pair_t, p, 1, "")?;
            b.build_store(p1, hi)?;
            b.build_store(spv, b.build_int_add(sp, c(1), "")?)?;
            Ok(())
        };
        let ret = bb("ret");
        let start = bb("start");
        let part = bb("partition");
        if select {
            // low, high and k are the parameters; partition until k is placed.
            let (Some(hi), Some(kk)) = (f.get_nth_param(3), f.get_nth_param(4)) else { return self.fail("internal error: select parameters") };
            b.build_store(lowv, n)?;
            b.build_store(highv, hi.into_int_value())?;
            b.build_store(spv, kk.into_int_value())?;
            b.build_store(twov, c((mode == Select::Two) as i64))?;
            b.build_unconditional_branch(part)?;
            // The sort's driver below is not used: emit it where nothing reaches.
            b.position_at_end(bb("sort_driver_unused"));
        }
        let small = b.build_int_compare(IntPredicate::SLT, n, c(2), "")?;
        b.build_conditional_branch(small, ret, start)?;
        b.position_at_end(start);
        b.build_store(spv, c(0))?;
        push(c(0), b.build_int_sub(n, c(1), "")?)?;
        let outer = bb("outer");
        let pop = bb("pop");
        b.build_unconditional_branch(outer)?;
        b.position_at_end(outer);
        let more = b.build_int_compare(IntPredicate::SGT, ld(spv)?, c(0), "")?;
        b.build_conditional_branch(more, pop, ret)?;
        b.position_at_end(pop);
        let sp = b.build_int_sub(ld(spv)?, c(1), "")?;
        b.build_store(spv, sp)?;
        let p = unsafe { b.build_gep(pair_t.array_type(MAX_STACK), stack, &[c(0), sp], "")? };
        let p0 = b.build_struct_gep(pair_t, p, 0, "")?;
        b.build_store(lowv, ld(p0)?)?;
        let p1 = b.build_struct_gep(pair_t, p, 1, "")?;
        b.build_store(highv, ld(p1)?)?;
        let inner = bb("inner");
        let ins = bb("insertion");
        b.build_unconditional_branch(inner)?;
        b.position_at_end(inner);
        let span = b.build_int_sub(ld(highv)?, ld(lowv)?, "")?;
        let big = b.build_int_compare(IntPredicate::SGE, span, c(SMALL), "")?;
        b.build_conditional_branch(big, part, ins)?;
        // ----- partition(low, high) -----
        b.position_at_end(part);
        let (low, high) = (ld(lowv)?, ld(highv)?);
        let mid = b.build_right_shift(b.build_int_add(low, high, "")?, c(1), true, "mid")?;
        let cond_swap = |x: IntValue<'ctx>, y: IntValue<'ctx>, name: &str| -> R<()> {
            // if LT(R[x], R[y]): swap(x, y)
            let l = lt(rload(x)?, rload(y)?)?;
            let yes = bb(name);
            let no = bb("noswap");
            b.build_conditional_branch(l, yes, no)?;
            b.position_at_end(yes);
            swap(x, y)?;
            b.build_unconditional_branch(no)?;
            b.position_at_end(no);
            Ok(())
        };
        cond_swap(mid, low, "swap_ml")?;
        cond_swap(high, mid, "swap_hm")?;
        cond_swap(mid, low, "swap_ml2")?;
        b.build_store(pivv, rload(mid)?)?;
        swap(high, mid)?;
        b.build_store(iv, low)?;
        b.build_store(jv, b.build_int_sub(high, c(1), "")?)?;
        let scan_i = bb("scan_i");
        let scan_i_body = bb("scan_i_body");
        let scan_j = bb("scan_j");
        let scan_j_body = bb("scan_j_body");
        let cross = bb("cross");
        let step = bb("step");
        let placed = bb("placed");
        b.build_unconditional_branch(scan_i)?;
        // while i < high and LT(R[i], pivot): i += 1
        b.position_at_end(scan_i);
        let i = ld(iv)?;
        let in_range = b.build_int_compare(IntPredicate::SLT, i, high, "")?;
        let check_i = bb("check_i");
        b.build_conditional_branch(in_range, check_i, scan_j)?;
        b.position_at_end(check_i);
        let piv = b.build_load(rt, pivv, "")?;
        let l = lt(rload(i)?, piv)?;
        b.build_conditional_branch(l, scan_i_body, scan_j)?;
        b.position_at_end(scan_i_body);
        b.build_store(iv, b.build_int_add(i, c(1), "")?)?;
        b.build_unconditional_branch(scan_i)?;
        // while j >= low and LT(pivot, R[j]): j -= 1
        b.position_at_end(scan_j);
        let j = ld(jv)?;
        let in_range = b.build_int_compare(IntPredicate::SGE, j, low, "")?;
        let check_j = bb("check_j");
        b.build_conditional_branch(in_range, check_j, cross)?;
        b.position_at_end(check_j);
        let piv = b.build_load(rt, pivv, "")?;
        let l = lt(piv, rload(j)?)?;
        b.build_conditional_branch(l, scan_j_body, cross)?;
        b.position_at_end(scan_j_body);
        b.build_store(jv, b.build_int_sub(j, c(1), "")?)?;
        b.build_unconditional_branch(scan_j)?;
        // if i >= j: break; swap; i += 1; j -= 1
        b.position_at_end(cross);
        let (i, j) = (ld(iv)?, ld(jv)?);
        let done = b.build_int_compare(IntPredicate::SGE, i, j, "")?;
        b.build_conditional_branch(done, placed, step)?;
        b.position_at_end(step);
        swap(i, j)?;
        b.build_store(iv, b.build_int_add(i, c(1), "")?)?;
        b.build_store(jv, b.build_int_sub(j, c(1), "")?)?;
        b.build_unconditional_branch(scan_i)?;
        b.position_at_end(placed);
        let i = ld(iv)?;
        swap(i, high)?;
        if mode == Select::Two {
            // `_select_two`: i < k: low = i + 1; i > k + 1: high = i - 1; partition again.
            // i == k: `_select(k + 1, i + 1, high)`; i == k + 1: `_select(k, low, i - 1)`.
            let in_two = b.build_int_compare(IntPredicate::NE, ld(twov)?, c(0), "")?;
            let two_bb = bb("select_two");
            let one_bb = bb("select_one");
            b.build_conditional_branch(in_two, two_bb, one_bb)?;
            b.position_at_end(two_bb);
            let kk = ld(spv)?;
            let k1 = b.build_int_add(kk, c(1), "")?;
            let below = b.build_int_compare(IntPredicate::SLT, i, kk, "")?;
            let above = b.build_int_compare(IntPredicate::SGT, i, k1, "")?;
            let at_k = b.build_int_compare(IntPredicate::EQ, i, kk, "")?;
            let ip1 = b.build_int_add(i, c(1), "")?;
            let im1 = b.build_int_sub(i, c(1), "")?;
            let narrow = b.build_or(below, above, "")?;
            // Narrowed: still two; else on to `_select` (k + 1 on the right, k on the left).
            b.build_store(twov, b.build_int_z_extend(narrow, i64t, "")?)?;
            let new_low = b.build_select(below, ip1, b.build_select(at_k, ip1, low, "")?.into_int_value(), "")?;
            let at_k1 = b.build_int_compare(IntPredicate::EQ, i, k1, "")?;
            let new_high = b.build_select(b.build_or(above, at_k1, "")?, im1, high, "")?;
            let new_k = b.build_select(narrow, kk, b.build_select(at_k, k1, kk, "")?.into_int_value(), "")?;
            b.build_store(lowv, new_low)?;
            b.build_store(highv, new_high)?;
            b.build_store(spv, new_k)?;
            b.build_unconditional_branch(part)?;
            b.position_at_end(one_bb);
        }
        if select {
            // i == k: done; i < k: low = i + 1; else high = i - 1; partition again.
            let kk = ld(spv)?;
            let found = b.build_int_compare(IntPredicate::EQ, i, kk, "")?;
            let again = bb("select_again");
            b.build_conditional_branch(found, ret, again)?;
            b.position_at_end(again);
            let below = b.build_int_compare(IntPredicate::SLT, i, kk, "")?;
            let new_low = b.build_select(below, b.build_int_add(i, c(1), "")?, low, "")?;
            let new_high = b.build_select(below, high, b.build_int_sub(i, c(1), "")?, "")?;
            b.build_store(lowv, new_low)?;
            b.build_store(highv, new_high)?;
            b.build_unconditional_branch(part)?;
            b.position_at_end(bb("sort_rest_unused"));
        }
        // Push the larger side, continue with the smaller.
        let right_larger = b.build_int_compare(IntPredicate::SGT, b.build_int_sub(high, i, "")?, b.build_int_sub(i, low, "")?, "")?;
        let rl = bb("right_larger");
        let ll = bb("left_larger");
        b.build_conditional_branch(right_larger, rl, ll)?;
        b.position_at_end(rl);
        let has = b.build_int_compare(IntPredicate::SGT, high, i, "")?;
        let pushr = bb("push_right");
        let after_r = bb("after_right");
        b.build_conditional_branch(has, pushr, after_r)?;
        b.position_at_end(pushr);
        push(b.build_int_add(i, c(1), "")?, high)?;
        b.build_unconditional_branch(after_r)?;
        b.position_at_end(after_r);
        b.build_store(highv, b.build_int_sub(i, c(1), "")?)?;
        b.build_unconditional_branch(inner)?;
        b.position_at_end(ll);
        let has = b.build_int_compare(IntPredicate::SGT, i, low, "")?;
        let pushl = bb("push_left");
        let after_l = bb("after_left");
        b.build_conditional_branch(has, pushl, after_l)?;
        b.position_at_end(pushl);
        push(low, b.build_int_sub(i, c(1), "")?)?;
        b.build_unconditional_branch(after_l)?;
        b.position_at_end(after_l);
        b.build_store(lowv, b.build_int_add(i, c(1), "")?)?;
        b.build_unconditional_branch(inner)?;
        // ----- insertion_sort(low, high) -----
        b.position_at_end(ins);
        let (low, high) = (ld(lowv)?, ld(highv)?);
        b.build_store(iv, b.build_int_add(low, c(1), "")?)?;
        let ihead = bb("ins_head");
        let ibody = bb("ins_body");
        let jhead = bb("ins_j");
        let jcheck = bb("ins_j_check");
        let jbody = bb("ins_j_body");
        let jdone = bb("ins_j_done");
        b.build_unconditional_branch(ihead)?;
        b.position_at_end(ihead);
        let i = ld(iv)?;
        let go = b.build_int_compare(IntPredicate::SLE, i, high, "")?;
        b.build_conditional_branch(go, ibody, outer)?;
        b.position_at_end(ibody);
        let kval = rload(i)?;
        b.build_store(pivv, kval)?;
        b.build_store(jv, i)?;
        b.build_unconditional_branch(jhead)?;
        b.position_at_end(jhead);
        let j = ld(jv)?;
        let gt = b.build_int_compare(IntPredicate::SGT, j, low, "")?;
        b.build_conditional_branch(gt, jcheck, jdone)?;
        b.position_at_end(jcheck);
        let kv = b.build_load(rt, pivv, "")?;
        let jm1 = b.build_int_sub(j, c(1), "")?;
        let prev = rload(jm1)?;
        let l = lt(kv, prev)?;
        b.build_conditional_branch(l, jbody, jdone)?;
        b.position_at_end(jbody);
        b.build_store(rptr(j)?, prev)?;
        b.build_store(jv, jm1)?;
        b.build_unconditional_branch(jhead)?;
        b.position_at_end(jdone);
        let j = ld(jv)?;
        let kv = b.build_load(rt, pivv, "")?;
        b.build_store(rptr(j)?, kv)?;
        b.build_store(iv, b.build_int_add(ld(iv)?, c(1), "")?)?;
        b.build_unconditional_branch(ihead)?;
        b.position_at_end(ret);
        b.build_return(None)?;
        let _ = NumericKind::Int64;
        Ok(f)
    }
}

/// Which of Numba's routines `quick_fn` builds: the quicksort, `_select` or `_select_two`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Select {
    No,
    One,
    Two,
}
