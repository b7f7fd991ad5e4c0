//! Counting, reordering and combining NumPy functions, as Numba implements them
//! (`numba/np/arraymath.py`, `numba/np/arrayobj.py`): `np.bincount`, `np.digitize`,
//! `np.histogram`, `np.roll`, `np.cumsum` along an axis, `np.append`, `np.cross` of vectors,
//! `np.repeat` by a number, `np.resize`, `np.tri`, `np.outer`, `np.ediff1d`, `np.isin`.

use inkwell::values::{BasicValue, BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, Type};

use numrs_abi::ExcKind;

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.bincount(a, weights=None, minlength=0)`: counts (int64) or summed weights (float64)
    /// of the values of a 1-d integer array.
    pub(crate) fn bincount(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.bincount producing {tt}")) };
        let rt = ra.dtype.clone();
        let (arr, a) = self.arr(args[0])?;
        if a.ndim != 1 || !numeric(&a.dtype).is_some_and(|k| k.is_integer()) {
            return self.fail(format!("np.bincount of {} is not supported by numrs build yet", Type::Array(a.into())));
        }
        let weights = match arg_kw(args, kws, 1, "weights") {
            Some(w) if !matches!(self.ty(w)?, Type::NoneType | Type::Omitted(_)) => Some(self.arr(w)?),
            _ => None,
        };
        let minlength = match arg_kw(args, kws, 2, "minlength") {
            Some(m) if !matches!(self.ty(m)?, Type::Omitted(_)) => self.int_arg(m)?,
            _ => self.i64(0),
        };
        let n = self.field(arr, 2)?.into_int_value();
        if let Some((w, _)) = &weights {
            let wn = self.field(*w, 2)?.into_int_value();
            let differ = self.b.build_int_compare(IntPredicate::NE, wn, n, "")?;
            self.guard(differ, ExcKind::ValueError, "bincount(): weights and list don't have the same length")?;
        }
        let negative = self.b.build_int_compare(IntPredicate::SLT, minlength, self.i64(0), "")?;
        self.guard(negative, ExcKind::ValueError, "'minlength' must not be negative")?;
        let i64t = self.ctx.i64_type();
        // a_max = a[0] if n > 0 else -1; later items must be non-negative (Numba does not
        // check the first).
        let amax = self.temp(i64t.into())?;
        self.b.build_store(amax, self.i64(-1))?;
        let kt = a.dtype.clone();
        let has = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let first = self.new_block("bincount_first");
        let scan = self.new_block("bincount_scan");
        self.b.build_conditional_branch(has, first, scan)?;
        self.b.position_at_end(first);
        let x0 = self.elem_at(arr, &a, self.i64(0))?;
        let x0 = self.cast(x0, &kt, &Type::int64())?;
        self.b.build_store(amax, x0)?;
        self.b.build_unconditional_branch(scan)?;
        self.b.position_at_end(scan);
        let rest = self.b.build_int_sub(n, self.i64(1), "")?;
        let rest = self.b.build_select(has, rest, self.i64(0), "")?.into_int_value();
        self.counted_loop(rest, |cx, j| {
            let i = cx.b.build_int_add(j, cx.i64(1), "")?;
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &kt, &Type::int64())?.into_int_value();
            let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
            cx.guard(neg, ExcKind::ValueError, "bincount(): first argument must be non-negative")?;
            let m = cx.b.build_load(i64t, amax, "")?.into_int_value();
            let bigger = cx.b.build_int_compare(IntPredicate::SGT, x, m, "")?;
            cx.b.build_store(amax, cx.b.build_select(bigger, x, m, "")?)?;
            Ok(())
        })?;
        let m = self.b.build_load(i64t, amax, "")?.into_int_value();
        let len = self.b.build_int_add(m, self.i64(1), "")?;
        let longer = self.b.build_int_compare(IntPredicate::SGT, len, minlength, "")?;
        let len = self.b.build_select(longer, len, minlength, "")?.into_int_value();
        let out = self.alloc_zeroed(&rt, &[len])?;
        let et = crate::types::storage_type(self.ctx, &rt).map_err(|m| self.cg_err(m))?;
        let data = self.field(out, 4)?.into_pointer_value();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &kt, &Type::int64())?.into_int_value();
            // Numba indexes the result with wraparound and without a bounds check; an index
            // that is still out of range is skipped here rather than written.
            let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
            let wrapped = cx.b.build_int_add(x, len, "")?;
            let k = cx.b.build_select(neg, wrapped, x, "")?.into_int_value();
            let lo = cx.b.build_int_compare(IntPredicate::SGE, k, cx.i64(0), "")?;
            let hi = cx.b.build_int_compare(IntPredicate::SLT, k, len, "")?;
            let ok = cx.b.build_and(lo, hi, "")?;
            let write = cx.new_block("bincount_add");
            let next = cx.new_block("bincount_next");
            cx.b.build_conditional_branch(ok, write, next)?;
            cx.b.position_at_end(write);
            let p = unsafe { cx.b.build_gep(et, data, &[k], "")? };
            let cur = cx.load_element(p, &rt)?;
            let add: BV<'ctx> = match &weights {
                Some((w, wa)) => {
                    let v = cx.elem_at(*w, wa, i)?;
                    cx.cast(v, &wa.dtype, &rt)?
                }
                None => cx.cast(cx.i64(1).into(), &Type::int64(), &rt)?,
            };
            let k = numeric(&rt).ok_or_else(|| cx.cg_err(format!("np.bincount producing {rt}")))?;
            let r = cx.ufunc_elem("add", &[(cur, rt.clone()), (add, rt.clone())], k)?;
            cx.store_element(p, r, &rt, &rt)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// A new C-contiguous array of zeros.
    pub(crate) fn alloc_zeroed(&self, dtype: &Type, shape: &[IntValue<'ctx>]) -> R<BV<'ctx>> {
        let out = self.alloc_array(dtype, shape)?;
        let n = self.field(out, 2)?.into_int_value();
        let size = self.field(out, 3)?.into_int_value();
        let bytes = self.b.build_int_mul(n, size, "")?;
        let data = self.field(out, 4)?.into_pointer_value();
        self.b.build_memset(data, 1, self.ctx.i8_type().const_zero(), bytes)?;
        Ok(out)
    }

    /// `np.digitize(x, bins, right=False)`: Numba checks that the bins are monotonic, then
    /// searches them (reversed when decreasing) with `np.searchsorted`.
    pub(crate) fn digitize(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(xv), Some(bv)) = (args.first().copied(), arg_kw(args, kws, 1, "bins")) else {
            return self.fail("np.digitize without bins");
        };
        let right = self.bool_arg(arg_kw(args, kws, 2, "right"))?;
        let (bins, ba) = self.arr(bv)?;
        if ba.ndim != 1 || numeric(&ba.dtype).is_none_or(|k| k.is_complex()) {
            return self.fail(format!("np.digitize with bins of type {} is not supported by numrs build yet", Type::Array(ba.into())));
        }
        let xt = self.ty(xv)?;
        let x = self.load(xv)?;
        let mono = self.monotonicity(bins, &ba)?;
        let zero = self.b.build_int_compare(IntPredicate::EQ, mono, self.i64(0), "")?;
        self.guard(zero, ExcKind::ValueError, "bins must be monotonically increasing or decreasing")?;
        let decreasing = self.b.build_int_compare(IntPredicate::EQ, mono, self.i64(-1), "")?;
        let len = self.dims(bins, 5, 1)?[0];
        // The bins reversed: a view from the last item with the stride negated.
        let stride = self.dims(bins, 6, 1)?[0];
        let data = self.field(bins, 4)?.into_pointer_value();
        let last = self.b.build_int_sub(len, self.i64(1), "")?;
        let last = self.b.build_select(self.b.build_int_compare(IntPredicate::SGT, len, self.i64(0), "")?, last, self.i64(0), "")?;
        let off = self.b.build_int_mul(last.into_int_value(), stride, "")?;
        let rdata = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? };
        let neg = self.b.build_int_neg(stride, "")?;
        let itemsize = self.field(bins, 3)?.into_int_value();
        let reversed = self.view_of(bins, rdata, &[len], &[neg], itemsize)?;
        let ra = ArrayType { layout: Layout::A, ..ba.clone() };
        let slot = self.temp(self.vt(tt)?)?;
        let done = self.new_block("digitize_done");
        // `right` searches with side 'left', else 'right' (the arguments are swapped).
        for (dec, side_right) in [(false, false), (false, true), (true, false), (true, true)] {
            let here = self.new_block("digitize_case");
            let other = self.new_block("digitize_next");
            let want_dec = if dec { decreasing } else { self.b.build_not(decreasing, "")? };
            let want_side = if side_right { self.b.build_not(right, "")? } else { right };
            let cond = self.b.build_and(want_dec, want_side, "")?;
            self.b.build_conditional_branch(cond, here, other)?;
            self.b.position_at_end(here);
            let (arr, at) = if dec { (reversed, &ra) } else { (bins, &ba) };
            let r = self.search_values(arr, at, x, &xt, side_right, tt)?;
            let r = if dec { self.subtract_from(len, r, tt)? } else { r };
            self.b.build_store(slot, r)?;
            self.b.build_unconditional_branch(done)?;
            self.b.position_at_end(other);
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        if matches!(tt, Type::Array(_)) {
            self.fresh = true;
        }
        Ok(self.b.build_load(self.vt(tt)?, slot, "")?)
    }

    /// `len - r` for a search result: a number, or a new int64 array changed in place.
    fn subtract_from(&mut self, len: IntValue<'ctx>, r: BV<'ctx>, tt: &Type) -> R<BV<'ctx>> {
        match tt {
            Type::Array(ra) => {
                let n = self.field(r, 2)?.into_int_value();
                let data = self.field(r, 4)?.into_pointer_value();
                let i64t = self.ctx.i64_type();
                let rt = ra.dtype.clone();
                self.counted_loop(n, |cx, i| {
                    let p = unsafe { cx.b.build_gep(i64t, data, &[i], "")? };
                    let v = cx.load_element(p, &rt)?;
                    let v = cx.cast(v, &rt, &Type::int64())?.into_int_value();
                    let d = cx.b.build_int_sub(len, v, "")?;
                    cx.store_element(p, d.into(), &Type::int64(), &rt)
                })?;
                Ok(r)
            }
            _ => {
                let v = self.cast(r, tt, &Type::int64())?.into_int_value();
                let d = self.b.build_int_sub(len, v, "")?;
                self.cast(d.into(), &Type::int64(), tt)
            }
        }
    }

    /// Numba's `_monotonicity(bins)`: 1 (increasing, or all equal), -1 (decreasing) or 0. The
    /// direction is that of the first item differing from the first (`!=`, so a NaN counts as
    /// decreasing); any later step the other way makes it 0.
    fn monotonicity(&mut self, bins: BV<'ctx>, ba: &ArrayType) -> R<IntValue<'ctx>> {
        let len = self.dims(bins, 5, 1)?[0];
        let bt = self.ctx.bool_type();
        let found = self.temp(bt.into())?;
        let inc = self.temp(bt.into())?;
        let bad = self.temp(bt.into())?;
        for p in [found, inc, bad] {
            self.b.build_store(p, bt.const_zero())?;
        }
        let dt = ba.dtype.clone();
        let has = self.b.build_int_compare(IntPredicate::SGT, len, self.i64(0), "")?;
        let steps = self.b.build_int_sub(len, self.i64(1), "")?;
        let steps = self.b.build_select(has, steps, self.i64(0), "")?.into_int_value();
        let ba = ba.clone();
        self.counted_loop(steps, |cx, j| {
            let i = cx.b.build_int_add(j, cx.i64(1), "")?;
            let first = cx.elem_at(bins, &ba, cx.i64(0))?;
            let prev = cx.elem_at(bins, &ba, j)?;
            let cur = cx.elem_at(bins, &ba, i)?;
            let lt = |cx: &Self, x: BV<'ctx>, y: BV<'ctx>| cx.compare_items(x, y, &dt, Cmp::Lt);
            let f = cx.b.build_load(bt, found, "")?.into_int_value();
            let up = cx.b.build_load(bt, inc, "")?.into_int_value();
            // Not found yet: does this item differ from the first?
            let same = cx.compare_items(cur, first, &dt, Cmp::Eq)?;
            let starts = cx.b.build_and(cx.b.build_not(f, "")?, cx.b.build_not(same, "")?, "")?;
            let start_up = lt(cx, first, cur)?;
            // Found before: a step against the direction.
            let against_up = lt(cx, cur, prev)?;
            let against_down = lt(cx, prev, cur)?;
            let against = cx.b.build_select(up, against_up, against_down, "")?.into_int_value();
            let violates = cx.b.build_and(f, against, "")?;
            let was_bad = cx.b.build_load(bt, bad, "")?.into_int_value();
            cx.b.build_store(bad, cx.b.build_or(was_bad, violates, "")?)?;
            cx.b.build_store(inc, cx.b.build_select(starts, start_up, up, "")?)?;
            cx.b.build_store(found, cx.b.build_or(f, starts, "")?)?;
            Ok(())
        })?;
        let f = self.b.build_load(bt, found, "")?.into_int_value();
        let up = self.b.build_load(bt, inc, "")?.into_int_value();
        let b = self.b.build_load(bt, bad, "")?.into_int_value();
        let dir = self.b.build_select(up, self.i64(1), self.i64(-1), "")?.into_int_value();
        let dir = self.b.build_select(f, dir, self.i64(1), "")?.into_int_value();
        Ok(self.b.build_select(b, self.i64(0), dir, "")?.into_int_value())
    }

    /// `x < y` or `x == y` of two items of a real dtype.
    pub(crate) fn compare_items(&self, x: BV<'ctx>, y: BV<'ctx>, dt: &Type, cmp: Cmp) -> R<IntValue<'ctx>> {
        let Some(k) = numeric(dt) else { return self.fail(format!("comparing items of {dt}")) };
        // Complex numbers: equal parts; ordered by real parts, then imaginary parts.
        if k.is_complex() {
            let (xr, xi, _) = self.complex_parts(x, dt)?;
            let (yr, yi, _) = self.complex_parts(y, dt)?;
            return match cmp {
                Cmp::Eq => Ok(self.b.build_and(
                    self.b.build_float_compare(FloatPredicate::OEQ, xr, yr, "")?,
                    self.b.build_float_compare(FloatPredicate::OEQ, xi, yi, "")?,
                    "",
                )?),
                Cmp::Lt => self.complex_lex(FloatPredicate::OLT, (xr, xi), (yr, yi)),
            };
        }
        Ok(if k.is_float() {
            let p = if cmp == Cmp::Lt { FloatPredicate::OLT } else { FloatPredicate::OEQ };
            self.b.build_float_compare(p, x.into_float_value(), y.into_float_value(), "")?
        } else {
            let p = match cmp {
                Cmp::Eq => IntPredicate::EQ,
                Cmp::Lt if k.is_signed_int() => IntPredicate::SLT,
                Cmp::Lt => IntPredicate::ULT,
            };
            self.b.build_int_compare(p, x.into_int_value(), y.into_int_value(), "")?
        })
    }

    /// `np.histogram(a, bins=10, range=None)`: with a number of bins, equal bins over `range`
    /// (default: the smallest and largest values, NaNs skipped), each value placed by
    /// `floor((v - min) * bins / (max - min))`; with an array of edges, by bisection (values
    /// outside them skipped). Returns the counts and the edges.
    pub(crate) fn histogram(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        if numeric(&a.dtype).is_none_or(|k| k.is_complex()) {
            return self.fail(format!("np.histogram of {} is not supported by numrs build yet", Type::Array(a.into())));
        }
        let Some(items) = tt.tuple_items() else { return self.fail(format!("np.histogram producing {tt}")) };
        let [count_t, edges_t] = items.as_slice() else { return self.fail(format!("np.histogram producing {tt}")) };
        let count_dt = match count_t {
            Type::Array(c) => c.dtype.clone(),
            _ => return self.fail(format!("np.histogram producing {tt}")),
        };
        let bins = arg_kw(args, kws, 1, "bins");
        let range = arg_kw(args, kws, 2, "range").filter(|r| !matches!(self.ty(*r), Ok(Type::NoneType | Type::Omitted(_))));
        let f64t = Type::float64();
        let n = self.field(arr, 2)?.into_int_value();
        let (counts, edges) = match bins.map(|b| self.ty(b)).transpose()? {
            Some(Type::Array(_)) => {
                let bv = bins.ok_or_else(|| self.cg_err("np.histogram bins".into()))?;
                let (edges, ba) = self.arr(bv)?;
                // Numba makes `np.zeros(len(bins) - 1)`: no edges is a negative size.
                let n_edges = self.field(edges, 2)?.into_int_value();
                let none = self.b.build_int_compare(inkwell::IntPredicate::EQ, n_edges, self.i64(0), "")?;
                self.guard(none, ExcKind::ValueError, "negative dimensions not allowed")?;
                let counts = self.histogram_edges(arr, &a, edges, &ba, &count_dt)?;
                // The edges are the argument itself: the result holds a new reference.
                self.incref(edges, &Type::Array(ba.into()))?;
                (counts, edges)
            }
            bt => {
                let nbins = match (bins, bt) {
                    (Some(b), Some(t)) if !matches!(t, Type::Omitted(_)) => self.int_arg(b)?,
                    _ => self.i64(10),
                };
                let (lo, hi) = match range {
                    Some(r) => {
                        let rt = self.ty(r)?;
                        let Some(rs) = rt.tuple_items().filter(|i| i.len() == 2) else {
                            return self.fail(format!("np.histogram with range of type {rt} is not supported by numrs build yet"));
                        };
                        let rv = self.load(r)?.into_struct_value();
                        let lo = self.b.build_extract_value(rv, 0, "")?;
                        let hi = self.b.build_extract_value(rv, 1, "")?;
                        (self.cast(lo, &rs[0], &f64t)?.into_float_value(), self.cast(hi, &rs[1], &f64t)?.into_float_value())
                    }
                    None => self.value_range(arr, &a)?,
                };
                let nonpos = self.b.build_int_compare(IntPredicate::SLE, nbins, self.i64(0), "")?;
                self.guard(nonpos, ExcKind::ValueError, "histogram(): `bins` should be a positive integer")?;
                let ordered = self.b.build_float_compare(FloatPredicate::OLE, lo, hi, "")?;
                let msg = "histogram(): max must be larger than min in range parameter";
                self.guard(self.b.build_not(ordered, "")?, ExcKind::ValueError, msg)?;
                let counts = self.alloc_zeroed(&count_dt, &[nbins])?;
                let wide = self.b.build_float_compare(FloatPredicate::OGT, hi, lo, "")?;
                let fill = self.new_block("hist_fill");
                let after = self.new_block("hist_edges");
                self.b.build_conditional_branch(wide, fill, after)?;
                self.b.position_at_end(fill);
                let fbins = self.b.build_signed_int_to_float(nbins, self.ctx.f64_type(), "")?;
                let ratio = self.b.build_float_div(fbins, self.b.build_float_sub(hi, lo, "")?, "")?;
                let cdata = self.field(counts, 4)?.into_pointer_value();
                let ct = crate::types::storage_type(self.ctx, &count_dt).map_err(|m| self.cg_err(m))?;
                let last = self.b.build_int_sub(nbins, self.i64(1), "")?;
                let dt = a.dtype.clone();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(arr, &a, i)?;
                    let v = cx.cast(v, &dt, &f64t)?.into_float_value();
                    let x = cx.b.build_float_mul(cx.b.build_float_sub(v, lo, "")?, ratio, "")?;
                    let b = crate::ops::intrinsic_call(cx, "llvm.floor", &[x.into()])?.into_float_value();
                    let ge0 = cx.b.build_float_compare(FloatPredicate::OGE, b, cx.ctx.f64_type().const_zero(), "")?;
                    let below = cx.b.build_float_compare(FloatPredicate::OLT, b, fbins, "")?;
                    let inside = cx.b.build_and(ge0, below, "")?;
                    let at_max = cx.b.build_float_compare(FloatPredicate::OEQ, v, hi, "")?;
                    let counted = cx.b.build_or(inside, at_max, "")?;
                    let bi = cx.b.build_float_to_signed_int(cx.b.build_select(inside, b, cx.ctx.f64_type().const_zero(), "")?.into_float_value(), cx.ctx.i64_type(), "")?;
                    let k = cx.b.build_select(inside, bi, last, "")?.into_int_value();
                    let add = cx.new_block("hist_add");
                    let next = cx.new_block("hist_next");
                    cx.b.build_conditional_branch(counted, add, next)?;
                    cx.b.position_at_end(add);
                    cx.count_at(cdata, ct, k, &count_dt)?;
                    cx.b.build_unconditional_branch(next)?;
                    cx.b.position_at_end(next);
                    Ok(())
                })?;
                self.b.build_unconditional_branch(after)?;
                self.b.position_at_end(after);
                let num = self.b.build_int_add(nbins, self.i64(1), "")?;
                let edges = self.linspace_values(lo, hi, num)?;
                (counts, edges)
            }
        };
        let st = self.vt(tt)?.into_struct_type();
        let c = self.cast(counts, &array_type(&count_dt, 1, Layout::C), count_t)?;
        let e = match edges_t {
            Type::Array(ea) if ea.dtype == f64t && bins.is_none_or(|b| !matches!(self.ty(b), Ok(Type::Array(_)))) => {
                self.cast(edges, &array_type(&f64t, 1, Layout::C), edges_t)?
            }
            _ => edges,
        };
        let agg = self.b.build_insert_value(st.get_undef(), c, 0, "")?;
        let agg = self.b.build_insert_value(agg, e, 1, "")?;
        self.fresh = true;
        Ok(agg.as_basic_value_enum())
    }

    /// Adds one to the count at index `k` of `data`.
    fn count_at(&mut self, data: inkwell::values::PointerValue<'ctx>, et: inkwell::types::BasicTypeEnum<'ctx>, k: IntValue<'ctx>, dt: &Type) -> R<()> {
        let p = unsafe { self.b.build_gep(et, data, &[k], "")? };
        let cur = self.load_element(p, dt)?;
        let cur = self.cast(cur, dt, &Type::int64())?.into_int_value();
        let next = self.b.build_int_add(cur, self.i64(1), "")?;
        self.store_element(p, next.into(), &Type::int64(), dt)
    }

    /// The smallest and largest values of an array as float64 (NaNs never chosen; an empty
    /// array gives inf and -inf).
    fn value_range(&mut self, arr: BV<'ctx>, a: &ArrayType) -> R<(inkwell::values::FloatValue<'ctx>, inkwell::values::FloatValue<'ctx>)> {
        let ft = self.ctx.f64_type();
        let lo = self.temp(ft.into())?;
        let hi = self.temp(ft.into())?;
        self.b.build_store(lo, ft.const_float(f64::INFINITY))?;
        self.b.build_store(hi, ft.const_float(f64::NEG_INFINITY))?;
        let n = self.field(arr, 2)?.into_int_value();
        let a = a.clone();
        self.counted_loop(n, |cx, i| {
            let v = cx.elem_at(arr, &a, i)?;
            let v = cx.cast(v, &a.dtype, &Type::float64())?.into_float_value();
            let l = cx.b.build_load(ft, lo, "")?.into_float_value();
            let h = cx.b.build_load(ft, hi, "")?.into_float_value();
            let smaller = cx.b.build_float_compare(FloatPredicate::OGT, l, v, "")?;
            let larger = cx.b.build_float_compare(FloatPredicate::OLT, h, v, "")?;
            cx.b.build_store(lo, cx.b.build_select(smaller, v, l, "")?)?;
            cx.b.build_store(hi, cx.b.build_select(larger, v, h, "")?)?;
            Ok(())
        })?;
        Ok((self.b.build_load(ft, lo, "")?.into_float_value(), self.b.build_load(ft, hi, "")?.into_float_value()))
    }

    /// Counts of `a`'s values between consecutive `edges` (which must not decrease), found by
    /// Numba's bisection; values outside the edges (and NaNs) are skipped.
    fn histogram_edges(&mut self, arr: BV<'ctx>, a: &ArrayType, edges: BV<'ctx>, ea: &ArrayType, count_dt: &Type) -> R<BV<'ctx>> {
        if ea.ndim != 1 || numeric(&ea.dtype).is_none_or(|k| k.is_complex()) {
            return self.fail(format!("np.histogram with bins of type {} is not supported by numrs build yet", Type::Array(ea.clone().into())));
        }
        let f64t = Type::float64();
        let len = self.dims(edges, 5, 1)?[0];
        let nbins = self.b.build_int_sub(len, self.i64(1), "")?;
        let ea = ea.clone();
        let edge = |cx: &Self, i: IntValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
            let v = cx.elem_at(edges, &ea, i)?;
            Ok(cx.cast(v, &ea.dtype, &f64t)?.into_float_value())
        };
        let steps = self.b.build_select(self.b.build_int_compare(IntPredicate::SGT, nbins, self.i64(0), "")?, nbins, self.i64(0), "")?.into_int_value();
        self.counted_loop(steps, |cx, i| {
            let x = edge(cx, i)?;
            let y = edge(cx, cx.b.build_int_add(i, cx.i64(1), "")?)?;
            let ok = cx.b.build_float_compare(FloatPredicate::OLE, x, y, "")?;
            cx.guard(cx.b.build_not(ok, "")?, ExcKind::ValueError, "histogram(): bins must increase monotonically")
        })?;
        let counts = self.alloc_zeroed(count_dt, &[steps])?;
        let any = self.b.build_int_compare(IntPredicate::SGT, nbins, self.i64(0), "")?;
        let fill = self.new_block("hist_edges_fill");
        let done = self.new_block("hist_edges_done");
        self.b.build_conditional_branch(any, fill, done)?;
        self.b.position_at_end(fill);
        let lo_edge = edge(self, self.i64(0))?;
        let hi_edge = edge(self, nbins)?;
        let cdata = self.field(counts, 4)?.into_pointer_value();
        let ct = crate::types::storage_type(self.ctx, count_dt).map_err(|m| self.cg_err(m))?;
        let i64t = self.ctx.i64_type();
        let lo = self.temp(i64t.into())?;
        let hi = self.temp(i64t.into())?;
        let n = self.field(arr, 2)?.into_int_value();
        let a = a.clone();
        let count_dt = count_dt.clone();
        self.counted_loop(n, |cx, i| {
            let v = cx.elem_at(arr, &a, i)?;
            let v = cx.cast(v, &a.dtype, &f64t)?.into_float_value();
            let above = cx.b.build_float_compare(FloatPredicate::OLE, lo_edge, v, "")?;
            let below = cx.b.build_float_compare(FloatPredicate::OLE, v, hi_edge, "")?;
            let inside = cx.b.build_and(above, below, "")?;
            let search = cx.new_block("hist_bisect");
            let next = cx.new_block("hist_bisect_next");
            cx.b.build_conditional_branch(inside, search, next)?;
            cx.b.position_at_end(search);
            cx.b.build_store(lo, cx.i64(0))?;
            cx.b.build_store(hi, cx.b.build_int_sub(nbins, cx.i64(1), "")?)?;
            let head = cx.new_block("hist_bis_head");
            let body = cx.new_block("hist_bis_body");
            let exit = cx.new_block("hist_bis_exit");
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(head);
            let l = cx.b.build_load(i64t, lo, "")?.into_int_value();
            let h = cx.b.build_load(i64t, hi, "")?.into_int_value();
            cx.b.build_conditional_branch(cx.b.build_int_compare(IntPredicate::SLT, l, h, "")?, body, exit)?;
            cx.b.position_at_end(body);
            let mid = cx.b.build_right_shift(cx.b.build_int_add(cx.b.build_int_add(l, h, "")?, cx.i64(1), "")?, cx.i64(1), true, "")?;
            let less = cx.b.build_float_compare(FloatPredicate::OLT, v, edge(cx, mid)?, "")?;
            cx.b.build_store(hi, cx.b.build_select(less, cx.b.build_int_sub(mid, cx.i64(1), "")?, h, "")?)?;
            cx.b.build_store(lo, cx.b.build_select(less, l, mid, "")?)?;
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(exit);
            let k = cx.b.build_load(i64t, lo, "")?.into_int_value();
            cx.count_at(cdata, ct, k, &count_dt)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(counts)
    }

    /// `np.append(arr, values)` (no axis): both flattened in C order, then joined, in a new
    /// 1-d array of the result's dtype. A number counts as one item.
    pub(crate) fn append(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.append producing {tt}")) };
        let rt = ra.dtype.clone();
        // With an axis: `np.concatenate((arr, values), axis=axis)` (arrays of the same
        // dimensions, as Numba's typing requires).
        if let Some(axv) = args.get(2).copied().filter(|v| !matches!(self.ty(*v), Ok(Type::NoneType | Type::Omitted(_)))) {
            let mut arrays = Vec::new();
            for v in &args[..2] {
                let (x, a) = self.arr(*v)?;
                arrays.push((x, a));
            }
            let ra = (**ra).clone();
            return match self.ty(axv)? {
                Type::IntegerLiteral(k) => self.join_on("concatenate", &arrays, &ra, k as i64, tt),
                _ => {
                    let ax = self.int_arg(axv)?;
                    self.join_at_run_time("concatenate", &arrays, &ra, ax, tt)
                }
            };
        }
        let mut parts = Vec::new();
        for v in &args[..2] {
            parts.push((self.load(*v)?, self.ty(*v)?));
        }
        let out = self.concat_flat(&parts, &rt)?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// A new 1-d C-contiguous array of `rt` (an owned reference) holding the items of each
    /// part in turn: an array's items in C order (cast to `rt`), or a number.
    pub(crate) fn concat_flat(&mut self, parts: &[(BV<'ctx>, Type)], rt: &Type) -> R<BV<'ctx>> {
        // Tuples of numbers count as their items.
        let mut flat: Vec<(BV<'ctx>, Type)> = Vec::new();
        for (x, t) in parts {
            match t.tuple_items() {
                Some(items) if !matches!(t, Type::Array(_)) && items.iter().all(|i| numeric(i).is_some()) => {
                    for (k, it) in items.iter().enumerate() {
                        flat.push((self.b.build_extract_value(x.into_struct_value(), k as u32, "")?, it.clone()));
                    }
                }
                _ => flat.push((*x, t.clone())),
            }
        }
        let parts = &flat[..];
        let mut counts = Vec::new();
        for (x, t) in parts {
            counts.push(match t {
                Type::Array(_) => self.field(*x, 2)?.into_int_value(),
                Type::List { dtype, .. } | Type::ListType(dtype) if numeric(dtype).is_some() => self.list_len(x.into_pointer_value())?,
                t if numeric(t).is_some() => self.i64(1),
                _ => return self.fail(format!("joining items of {t} is not supported by numrs build yet")),
            });
        }
        let mut total = self.i64(0);
        for n in &counts {
            total = self.b.build_int_add(total, *n, "")?;
        }
        let out = self.alloc_array(rt, &[total])?;
        let mut start = self.i64(0);
        for ((x, t), n) in parts.iter().zip(counts) {
            match t {
                Type::Array(a) => {
                    let a = (**a).clone();
                    let base = start;
                    let x = *x;
                    self.counted_loop(n, |cx, i| {
                        let v = cx.elem_at(x, &a, i)?;
                        let p = cx.out_ptr(out, rt, cx.b.build_int_add(base, i, "")?)?;
                        cx.store_element(p, v, &a.dtype, rt)
                    })?;
                }
                Type::List { dtype, .. } | Type::ListType(dtype) => {
                    let (base, l, dt) = (start, x.into_pointer_value(), (**dtype).clone());
                    self.counted_loop(n, |cx, i| {
                        let v = cx.list_get(l, &dt, i)?;
                        let p = cx.out_ptr(out, rt, cx.b.build_int_add(base, i, "")?)?;
                        cx.store_element(p, v, &dt, rt)
                    })?;
                }
                _ => {
                    let p = self.out_ptr(out, rt, start)?;
                    self.store_element(p, *x, t, rt)?;
                }
            }
            start = self.b.build_int_add(start, n, "")?;
        }
        Ok(out)
    }

    /// `np.cross(a, b)` of vectors of 2 or 3 items (not both 2) along the last axis, in the
    /// promoted dtype: a missing third item is `0 * x[0]`, as Numba's `_cross_preprocessing`
    /// makes it.
    pub(crate) fn cross(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.cross producing {tt}")) };
        let rt = ra.dtype.clone();
        let (a, aa) = self.arr(args[0])?;
        let (b, ba) = self.arr(args[1])?;
        let la = *self.dims(a, 5, aa.ndim)?.last().ok_or_else(|| self.cg_err("np.cross of a 0-d array".into()))?;
        let lb = *self.dims(b, 5, ba.ndim)?.last().ok_or_else(|| self.cg_err("np.cross of a 0-d array".into()))?;
        let ok_len = |cx: &Self, l: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let two = cx.b.build_int_compare(IntPredicate::EQ, l, cx.i64(2), "")?;
            let three = cx.b.build_int_compare(IntPredicate::EQ, l, cx.i64(3), "")?;
            Ok(cx.b.build_or(two, three, "")?)
        };
        let ok = self.b.build_and(ok_len(self, la)?, ok_len(self, lb)?, "")?;
        self.guard(self.b.build_not(ok, "")?, ExcKind::ValueError, "Incompatible dimensions for cross product\n(dimension must be 2 or 3)")?;
        let both2 = self.b.build_and(
            self.b.build_int_compare(IntPredicate::EQ, la, self.i64(2), "")?,
            self.b.build_int_compare(IntPredicate::EQ, lb, self.i64(2), "")?,
            "",
        )?;
        let msg = "Dimensions for both inputs is 2.\nPlease replace your numpy.cross(a, b) call with a call to `cross2d(a, b)` from `numba.np.extensions`.";
        self.guard(both2, ExcKind::ValueError, msg)?;
        self.cross_vectors((a, &aa, la), (b, &ba, lb), &rt, tt)
    }

    /// The products of `np.cross`: the axes before the last broadcast together as
    /// `np.add(a[..., 0], b[..., 0])` does, into a new array of that shape plus `(3,)` (a
    /// 1-d `(3,)` for two vectors).
    fn cross_vectors(&mut self, a: (BV<'ctx>, &ArrayType, IntValue<'ctx>), b: (BV<'ctx>, &ArrayType, IntValue<'ctx>), rt: &Type, tt: &Type) -> R<BV<'ctx>> {
        let Some(rk) = numeric(rt) else { return self.fail(format!("np.cross producing {tt}")) };
        // The leading axes broadcast; the last holds the vectors.
        let lead = |cx: &Self, x: BV<'ctx>, xa: &ArrayType| -> R<Vec<IntValue<'ctx>>> {
            let mut v = cx.dims(x, 5, xa.ndim)?;
            v.pop();
            Ok(v)
        };
        let bc = self.broadcast_pair(&lead(self, a.0, a.1)?, &lead(self, b.0, b.1)?)?;
        // `np.add(a[..., 0], b[..., 0])` names its second argument.
        self.guard(bc.bad, ExcKind::ValueError, "unable to broadcast argument 1 to output array")?;
        let r = bc.shape.len();
        let mut full = bc.shape.clone();
        full.push(self.i64(3));
        let out = self.alloc_array(rt, &full)?;
        let count = bc.count(self)?;
        let rt = rt.clone();
        self.counted_loop(count, |cx, i| {
            let idx = bc.unravel(cx, i)?;
            let mut comps = Vec::new();
            for (k, (x, xa, len)) in [a, b].into_iter().enumerate() {
                let n = xa.ndim as usize;
                let st = cx.dims(x, 6, xa.ndim)?;
                let off = bc.offset(cx, k, &st[..n - 1], &idx)?;
                let data = cx.field(x, 4)?.into_pointer_value();
                let item = |cx: &mut Self, c: i64| -> R<BV<'ctx>> {
                    let o = cx.b.build_int_add(off, cx.b.build_int_mul(cx.i64(c), st[n - 1], "")?, "")?;
                    let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[o], "")? };
                    let v = cx.load_element(p, &xa.dtype)?;
                    cx.cast(v, &xa.dtype, &rt)
                };
                let x0 = item(cx, 0)?;
                let x1 = item(cx, 1)?;
                // The third item only when the vectors have one; else `0 * x0`.
                let three = cx.b.build_int_compare(IntPredicate::EQ, len, cx.i64(3), "")?;
                let third = cx.b.build_select(three, cx.i64(2), cx.i64(0), "")?.into_int_value();
                let o = cx.b.build_int_add(off, cx.b.build_int_mul(third, st[n - 1], "")?, "")?;
                let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[o], "")? };
                let v = cx.load_element(p, &xa.dtype)?;
                let v = cx.cast(v, &xa.dtype, &rt)?;
                let zero = cx.cast(cx.i64(0).into(), &Type::int64(), &rt)?;
                let z = cx.ufunc_elem("multiply", &[(zero, rt.clone()), (x0, rt.clone())], rk)?;
                let x2 = cx.b.build_select(three, v, z, "")?;
                comps.push([x0, x1, x2]);
            }
            let ([a0, a1, a2], [b0, b1, b2]) = (comps[0], comps[1]);
            for (c, (p, q, r_, s)) in [(a1, b2, a2, b1), (a2, b0, a0, b2), (a0, b1, a1, b0)].into_iter().enumerate() {
                let m1 = cx.ufunc_elem("multiply", &[(p, rt.clone()), (q, rt.clone())], rk)?;
                let m2 = cx.ufunc_elem("multiply", &[(r_, rt.clone()), (s, rt.clone())], rk)?;
                let d = cx.ufunc_elem("subtract", &[(m1, rt.clone()), (m2, rt.clone())], rk)?;
                let at = cx.b.build_int_add(cx.b.build_int_mul(i, cx.i64(3), "")?, cx.i64(c as i64), "")?;
                let ptr = cx.out_ptr(out, &rt, at)?;
                cx.store_element(ptr, d, &rt, &rt)?;
            }
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, (r + 1) as u32, Layout::C), tt)
    }

    /// `np.repeat(a, n)` / `a.repeat(n)` with a number: each item of `a` (C order) `n` times,
    /// in a new 1-d array.
    pub(crate) fn repeat(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.repeat producing {tt}")) };
        let (arr, a) = self.arr(args[0])?;
        let rt0 = self.ty(args[1])?;
        if let Type::Array(ca) = &rt0 {
            if ca.ndim == 1 && numeric(&ca.dtype).is_some_and(|k| k.is_integer()) {
                return self.repeat_each(arr, &a, args[1], tt);
            }
        }
        if !numeric(&rt0).is_some_and(|k| k.is_integer()) {
            return self.fail(format!("np.repeat with repeats of type {rt0} is not supported by numrs build yet"));
        }
        let reps = self.int_arg(args[1])?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, reps, self.i64(0), "")?;
        self.guard(neg, ExcKind::ValueError, "negative dimensions are not allowed")?;
        let n = self.field(arr, 2)?.into_int_value();
        let total = self.b.build_int_mul(n, reps, "")?;
        let rt = ra.dtype.clone();
        let out = self.alloc_array(&rt, &[total])?;
        self.counted_loop(total, |cx, i| {
            let src = cx.b.build_int_signed_div(i, reps, "")?;
            let v = cx.elem_at(arr, &a, src)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, v, &a.dtype, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// `np.repeat(a, counts)` with a 1-d integer array of counts, as Numba's
    /// `np_repeat_impl_repeats_array_like`: one count is the number form; a negative count or
    /// as many counts as `a` has items otherwise is a ValueError; each item (C order) its
    /// count of times.
    fn repeat_each(&mut self, arr: BV<'ctx>, a: &ArrayType, cv: VarId, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.repeat producing {tt}")) };
        let (counts, ca) = self.arr(cv)?;
        let it = Type::int64();
        let m = self.field(counts, 2)?.into_int_value();
        let n = self.field(arr, 2)?.into_int_value();
        let i64t = self.ctx.i64_type();
        // One count: every item that many times.
        let single = self.b.build_int_compare(IntPredicate::EQ, m, self.i64(1), "")?;
        let total_slot = self.temp(i64t.into())?;
        self.b.build_store(total_slot, self.i64(0))?;
        let neg_slot = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(neg_slot, self.ctx.bool_type().const_zero())?;
        let ca2 = ca.clone();
        self.counted_loop(m, |cx, j| {
            let c = cx.elem_at(counts, &ca2, j)?;
            let c = cx.cast(c, &ca2.dtype, &it)?.into_int_value();
            let neg = cx.b.build_int_compare(IntPredicate::SLT, c, cx.i64(0), "")?;
            let seen = cx.b.build_load(cx.ctx.bool_type(), neg_slot, "")?.into_int_value();
            cx.b.build_store(neg_slot, cx.b.build_or(seen, neg, "")?)?;
            let t = cx.b.build_load(i64t, total_slot, "")?.into_int_value();
            cx.b.build_store(total_slot, cx.b.build_int_add(t, c, "")?)?;
            Ok(())
        })?;
        let neg = self.b.build_load(self.ctx.bool_type(), neg_slot, "")?.into_int_value();
        self.guard(neg, ExcKind::ValueError, "negative dimensions are not allowed")?;
        let mismatch = self.b.build_int_compare(IntPredicate::NE, m, n, "")?;
        let mismatch = self.b.build_and(mismatch, self.b.build_not(single, "")?, "")?;
        self.guard(mismatch, ExcKind::ValueError, "operands could not be broadcast together")?;
        // The one count, read only when there is one.
        let first_slot = self.temp(i64t.into())?;
        self.b.build_store(first_slot, self.i64(0))?;
        let (read, after) = (self.new_block("repeat_one"), self.new_block("repeat_counted"));
        self.b.build_conditional_branch(single, read, after)?;
        self.b.position_at_end(read);
        let c0 = self.elem_at(counts, &ca, self.i64(0))?;
        let c0 = self.cast(c0, &ca.dtype, &it)?;
        self.b.build_store(first_slot, c0)?;
        self.b.build_unconditional_branch(after)?;
        self.b.position_at_end(after);
        let first = self.b.build_load(i64t, first_slot, "")?.into_int_value();
        let per_item = self.b.build_int_mul(n, first, "")?;
        let total = self.b.build_load(i64t, total_slot, "")?.into_int_value();
        let total = self.b.build_select(single, per_item, total, "")?.into_int_value();
        let rt = ra.dtype.clone();
        let out = self.alloc_array(&rt, &[total])?;
        let pos = self.temp(i64t.into())?;
        self.b.build_store(pos, self.i64(0))?;
        let a2 = a.clone();
        self.counted_loop(n, |cx, i| {
            let c = cx.b.build_select(single, cx.i64(0), i, "")?.into_int_value();
            let c = cx.elem_at(counts, &ca, c)?;
            let c = cx.cast(c, &ca.dtype, &it)?.into_int_value();
            let v = cx.elem_at(arr, &a2, i)?;
            let dt = a2.dtype.clone();
            let rt2 = rt.clone();
            cx.counted_loop(c, |cx, _k| {
                let p0 = cx.b.build_load(i64t, pos, "")?.into_int_value();
                let p = cx.out_ptr(out, &rt2, p0)?;
                cx.store_element(p, v, &dt, &rt2)?;
                cx.b.build_store(pos, cx.b.build_int_add(p0, cx.i64(1), "")?)?;
                Ok(())
            })
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// `np.resize(a, new_shape)`: `a`'s items (C order) repeated to fill the new shape (zeros
    /// when `a` is empty).
    pub(crate) fn resize(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.resize producing {tt}")) };
        let (arr, a) = self.arr(args[0])?;
        let dims = self.shape_arg(args[1])?;
        let mut size = self.i64(1);
        for d in &dims {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *d, self.i64(0), "")?;
            self.guard(neg, ExcKind::ValueError, "All elements of `new_shape` must be non-negative")?;
            size = self.b.build_int_mul(size, *d, "")?;
        }
        let rt = ra.dtype.clone();
        let out = self.alloc_zeroed(&rt, &dims)?;
        let n = self.field(arr, 2)?.into_int_value();
        let has = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let fill = self.new_block("resize_fill");
        let done = self.new_block("resize_done");
        self.b.build_conditional_branch(has, fill, done)?;
        self.b.position_at_end(fill);
        self.counted_loop(size, |cx, i| {
            let src = cx.b.build_int_signed_rem(i, n, "")?;
            let v = cx.elem_at(arr, &a, src)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, v, &a.dtype, &rt)
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        self.fresh = true;
        self.cast(out, &array_type(&rt, dims.len() as u32, Layout::C), tt)
    }

    /// `np.tri(N, M=None, k=0)`: ones at and below the `k`-th diagonal, float64.
    pub(crate) fn tri(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(nv) = arg_kw(args, kws, 0, "N") else { return self.fail("np.tri without N") };
        let rows = self.int_arg(nv)?;
        let cols = match arg_kw(args, kws, 1, "M") {
            Some(m) if !matches!(self.ty(m)?, Type::NoneType | Type::Omitted(_)) => self.int_arg(m)?,
            _ => rows,
        };
        let k = match arg_kw(args, kws, 2, "k") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v)?,
            _ => self.i64(0),
        };
        let clamp = |cx: &Self, x: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
            Ok(cx.b.build_select(neg, cx.i64(0), x, "")?.into_int_value())
        };
        let (rows, cols) = (clamp(self, rows)?, clamp(self, cols)?);
        let f64t = Type::float64();
        let out = self.alloc_array(&f64t, &[rows, cols])?;
        let n = self.field(out, 2)?.into_int_value();
        let ft = self.ctx.f64_type();
        self.counted_loop(n, |cx, i| {
            let r = cx.b.build_int_signed_div(i, cols, "")?;
            let c = cx.b.build_int_signed_rem(i, cols, "")?;
            let lim = cx.b.build_int_add(r, k, "")?;
            let one = cx.b.build_int_compare(IntPredicate::SLE, c, lim, "")?;
            let v = cx.b.build_select(one, ft.const_float(1.0), ft.const_zero(), "")?;
            let p = cx.out_ptr(out, &f64t, i)?;
            cx.b.build_store(p, v)?;
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&f64t, 2, Layout::C), tt)
    }

    /// `np.outer(a, b)`: `a.ravel()[i] * b.ravel()[j]` in the promoted dtype, a new 2-d array.
    pub(crate) fn outer(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.outer producing {tt}")) };
        let rt = ra.dtype.clone();
        let Some(rk) = numeric(&rt) else { return self.fail(format!("np.outer producing {tt}")) };
        let (a, aa) = self.arr(args[0])?;
        let (b, ba) = self.arr(args[1])?;
        let na = self.field(a, 2)?.into_int_value();
        let nb = self.field(b, 2)?.into_int_value();
        let out = self.alloc_array(&rt, &[na, nb])?;
        let n = self.field(out, 2)?.into_int_value();
        self.counted_loop(n, |cx, i| {
            let r = cx.b.build_int_signed_div(i, nb, "")?;
            let c = cx.b.build_int_signed_rem(i, nb, "")?;
            let x = cx.elem_at(a, &aa, r)?;
            let x = cx.cast(x, &aa.dtype, &rt)?;
            let y = cx.elem_at(b, &ba, c)?;
            let y = cx.cast(y, &ba.dtype, &rt)?;
            let v = cx.ufunc_elem("multiply", &[(x, rt.clone()), (y, rt.clone())], rk)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, v, &rt, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 2, Layout::C), tt)
    }

    /// `np.ediff1d(ary, to_end=None, to_begin=None)`: `to_begin`, the differences of
    /// consecutive items of `ary` (flattened), then `to_end`, in `ary`'s dtype. The ends may
    /// be numbers or arrays (flattened).
    pub(crate) fn ediff1d(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.ediff1d producing {tt}")) };
        let rt = ra.dtype.clone();
        let Some(rk) = numeric(&rt) else { return self.fail(format!("np.ediff1d producing {tt}")) };
        let (arr, a) = self.arr(args[0])?;
        // Each end: (value, type, item count), or none.
        let mut ends = Vec::new();
        for (pos, name) in [(2, "to_begin"), (1, "to_end")] {
            let part = match arg_kw(args, kws, pos, name) {
                // A tuple of numbers: as the array `np.asarray` makes of it.
                Some(v) if matches!(self.ty(v)?, Type::UniTuple(..)) => {
                    let (x, xa) = self.arr(v)?;
                    let n = self.field(x, 2)?.into_int_value();
                    Some((x, Type::Array(std::sync::Arc::new(xa)), n))
                }
                Some(v) if !matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)) => {
                    let t = self.ty(v)?;
                    let x = self.load(v)?;
                    let n = match &t {
                        Type::Array(_) => self.field(x, 2)?.into_int_value(),
                        t if numeric(t).is_some() => self.i64(1),
                        _ => return self.fail(format!("np.ediff1d with {name} of type {t} is not supported by numrs build yet")),
                    };
                    Some((x, t, n))
                }
                _ => None,
            };
            ends.push(part);
        }
        let n = self.field(arr, 2)?.into_int_value();
        let has = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let diffs = self.b.build_select(has, self.b.build_int_sub(n, self.i64(1), "")?, self.i64(0), "")?.into_int_value();
        let count = |p: &Option<(BV<'ctx>, Type, IntValue<'ctx>)>| p.as_ref().map(|x| x.2);
        let nb = count(&ends[0]).unwrap_or(self.i64(0));
        let ne = count(&ends[1]).unwrap_or(self.i64(0));
        let total = self.b.build_int_add(self.b.build_int_add(nb, diffs, "")?, ne, "")?;
        let out = self.alloc_array(&rt, &[total])?;
        let put = |cx: &mut Self, part: &Option<(BV<'ctx>, Type, IntValue<'ctx>)>, start: IntValue<'ctx>| -> R<()> {
            let Some((x, t, n)) = part else { return Ok(()) };
            match t {
                Type::Array(xa) => {
                    let xa = (**xa).clone();
                    cx.counted_loop(*n, |cx, i| {
                        let v = cx.elem_at(*x, &xa, i)?;
                        let p = cx.out_ptr(out, &rt, cx.b.build_int_add(start, i, "")?)?;
                        cx.store_element(p, v, &xa.dtype, &rt)
                    })
                }
                t => {
                    let p = cx.out_ptr(out, &rt, start)?;
                    cx.store_element(p, *x, t, &rt)
                }
            }
        };
        put(self, &ends[0], self.i64(0))?;
        let dt = a.dtype.clone();
        self.counted_loop(diffs, |cx, i| {
            let x0 = cx.elem_at(arr, &a, i)?;
            let x1 = cx.elem_at(arr, &a, cx.b.build_int_add(i, cx.i64(1), "")?)?;
            let x0 = cx.cast(x0, &dt, &rt)?;
            let x1 = cx.cast(x1, &dt, &rt)?;
            let d = cx.ufunc_elem("subtract", &[(x1, rt.clone()), (x0, rt.clone())], rk)?;
            let p = cx.out_ptr(out, &rt, cx.b.build_int_add(nb, i, "")?)?;
            cx.store_element(p, d, &rt, &rt)
        })?;
        let end_at = self.b.build_int_add(nb, diffs, "")?;
        put(self, &ends[1], end_at)?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// `np.isin(element, test_elements, assume_unique=False, invert=False)`: whether each
    /// item of `element` equals (`==`, so NaN never does) some test element, in an array of
    /// `element`'s shape. The test elements are sorted once (NumPy's quicksort, NaN last) and
    /// each item is found by bisection; `invert` negates the answers.
    pub(crate) fn isin(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.isin producing {tt}")) };
        let Some(tv) = arg_kw(args, kws, 1, "test_elements") else { return self.fail("np.isin without test elements") };
        // The test elements as a flat array (`np.asarray(test_elements).ravel()`).
        let test = self.flat_source(tv)?;
        let ta = numrs_types::ArrayType::new(test.item.clone(), 1, numrs_types::Layout::C, false);
        let et = self.ty(args[0])?;
        let ek = match &et {
            Type::Array(a) => numeric(&a.dtype),
            t => numeric(t),
        };
        let (Some(ek), Some(tk)) = (ek, numeric(&ta.dtype)) else { return self.fail(format!("np.isin producing {tt}")) };
        let invert = self.bool_arg(arg_kw(args, kws, 3, "invert"))?;
        // Compared as complex128 when either side is complex, as float64 when either is a
        // float or an unsigned 64-bit integer (complex numbers sort with NaNs last, as floats).
        use numrs_types::NumericKind as K;
        let as_float = [ek, tk].iter().any(|k| k.is_float() || *k == K::UInt64);
        let ct = if ek.is_complex() || tk.is_complex() {
            Type::Number(K::Complex128)
        } else if as_float {
            Type::float64()
        } else {
            Type::int64()
        };
        let mut m = self.i64(1);
        for d in &test.shape {
            m = self.b.build_int_mul(m, *d, "")?;
        }
        let sorted = self.alloc_array(&ct, &[m])?;
        let data = self.field(sorted, 4)?.into_pointer_value();
        let ta2 = ta.clone();
        let ct2 = ct.clone();
        self.counted_loop(m, |cx, i| {
            let v = cx.flat_item(&test, i)?;
            let p = cx.out_ptr(sorted, &ct2, i)?;
            cx.store_element(p, v, &ta2.dtype, &ct2)
        })?;
        let sort = self.sort_fn(&ct, false, false, false)?;
        self.b.build_call(sort, &[data.into(), data.into(), m.into()], "")?;
        let bt = Type::Number(K::Boolean);
        let x = self.load(args[0])?;
        let (n, shape, xa) = match &et {
            Type::Array(a) => (self.field(x, 2)?.into_int_value(), self.dims(x, 5, a.ndim)?, Some((**a).clone())),
            _ => (self.i64(1), Vec::new(), None),
        };
        let out = self.alloc_array(&bt, &shape)?;
        let i64t = self.ctx.i64_type();
        let lo = self.temp(i64t.into())?;
        let hi = self.temp(i64t.into())?;
        self.counted_loop(n, |cx, i| {
            let v = match &xa {
                Some(a) => {
                    let v = cx.elem_at(x, a, i)?;
                    cx.cast(v, &a.dtype, &ct)?
                }
                None => cx.cast(x, &et, &ct)?,
            };
            // The first sorted item not below v.
            cx.b.build_store(lo, cx.i64(0))?;
            cx.b.build_store(hi, m)?;
            let head = cx.new_block("isin_head");
            let body = cx.new_block("isin_body");
            let exit = cx.new_block("isin_exit");
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(head);
            let l = cx.b.build_load(i64t, lo, "")?.into_int_value();
            let h = cx.b.build_load(i64t, hi, "")?.into_int_value();
            cx.b.build_conditional_branch(cx.b.build_int_compare(IntPredicate::SLT, l, h, "")?, body, exit)?;
            cx.b.position_at_end(body);
            let mid = cx.b.build_int_add(l, cx.b.build_right_shift(cx.b.build_int_sub(h, l, "")?, cx.i64(1), false, "")?, "")?;
            let y = cx.load_element(cx.out_ptr(sorted, &ct, mid)?, &ct)?;
            let below = cx.compare_items(y, v, &ct, Cmp::Lt)?;
            cx.b.build_store(lo, cx.b.build_select(below, cx.b.build_int_add(mid, cx.i64(1), "")?, l, "")?)?;
            cx.b.build_store(hi, cx.b.build_select(below, h, mid, "")?)?;
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(exit);
            let at = cx.b.build_load(i64t, lo, "")?.into_int_value();
            let inside = cx.b.build_int_compare(IntPredicate::SLT, at, m, "")?;
            // Read a valid slot either way; the answer needs `inside`.
            let safe = cx.b.build_select(inside, at, cx.i64(0), "")?.into_int_value();
            let found = cx.new_block("isin_cmp");
            let join = cx.new_block("isin_join");
            let slot = cx.temp(cx.ctx.bool_type().into())?;
            cx.b.build_store(slot, cx.ctx.bool_type().const_zero())?;
            cx.b.build_conditional_branch(inside, found, join)?;
            cx.b.position_at_end(found);
            let y = cx.load_element(cx.out_ptr(sorted, &ct, safe)?, &ct)?;
            let eq = cx.compare_items(y, v, &ct, Cmp::Eq)?;
            cx.b.build_store(slot, eq)?;
            cx.b.build_unconditional_branch(join)?;
            cx.b.position_at_end(join);
            let hit = cx.b.build_load(cx.ctx.bool_type(), slot, "")?.into_int_value();
            let r = cx.b.build_xor(hit, invert, "")?;
            let p = cx.out_ptr(out, &bt, i)?;
            cx.store_element(p, r.into(), &bt, &bt)
        })?;
        self.decref(sorted, &array_type(&ct, 1, Layout::C))?;
        self.fresh = true;
        self.cast(out, &array_type(&bt, ra.ndim, Layout::C), tt)
    }

    /// `np.roll(a, shift)`: item `i` (C order) moves to `(i + shift) % a.size`, into a new
    /// C-contiguous array of `a`'s shape.
    pub(crate) fn roll(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(sv) = arg_kw(args, kws, 1, "shift") else { return self.fail("np.roll without a shift") };
        let (arr, a) = self.arr(args[0])?;
        let shift = self.int_arg(sv)?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let out = self.alloc_array(&a.dtype, &shape)?;
        let n = self.field(arr, 2)?.into_int_value();
        let dt = a.dtype.clone();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            // Python's modulo: the sign of the divisor (positive here).
            let s = cx.b.build_int_add(i, shift, "")?;
            let r = cx.b.build_int_signed_rem(s, n, "")?;
            let neg = cx.b.build_int_compare(IntPredicate::SLT, r, cx.i64(0), "")?;
            let fixed = cx.b.build_int_add(r, n, "")?;
            let idx = cx.b.build_select(neg, fixed, r, "")?.into_int_value();
            let p = cx.out_ptr(out, &dt, idx)?;
            cx.store_element(p, x, &dt, &dt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&a.dtype, a.ndim, Layout::C), tt)
    }

    /// `np.cumsum(a, axis=k)` of an array of 2 or more dimensions: a new C-contiguous array of
    /// `a`'s shape, each item the running sum along the axis (Numba's `_numpy_cumsum_axis`:
    /// sums start from zero).
    pub(crate) fn cumsum_axis(&mut self, av: VarId, axis: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("np.cumsum producing {tt}")) };
        let rt = ra.dtype.clone();
        let Some(rk) = numeric(&rt) else { return self.fail(format!("np.cumsum producing {tt}")) };
        let r = a.ndim as i64;
        let ax = self.int_arg(axis)?;
        let low = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(-r), "")?;
        let high = self.b.build_int_compare(IntPredicate::SGE, ax, self.i64(r), "")?;
        let msg = format!("axis is out of bounds for array of dimension {r}");
        self.guard(self.b.build_or(low, high, "")?, ExcKind::ValueError, &msg)?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let ax = self.b.build_select(neg, self.b.build_int_add(ax, self.i64(r), "")?, ax, "")?.into_int_value();
        let shape = self.dims(arr, 5, a.ndim)?;
        // Items after the axis (the distance between neighbours along it, in C order) and
        // the length of the axis.
        let mut inner = self.i64(1);
        let mut axis_len = self.i64(1);
        for (d, s) in shape.iter().enumerate().rev() {
            let after = self.b.build_int_compare(IntPredicate::SGT, self.i64(d as i64), ax, "")?;
            let times = self.b.build_int_mul(inner, *s, "")?;
            inner = self.b.build_select(after, times, inner, "")?.into_int_value();
            let here = self.b.build_int_compare(IntPredicate::EQ, self.i64(d as i64), ax, "")?;
            axis_len = self.b.build_select(here, *s, axis_len, "")?.into_int_value();
        }
        let out = self.alloc_array(&rt, &shape)?;
        let n = self.field(arr, 2)?.into_int_value();
        let lt = crate::types::number_type(self.ctx, rk);
        let zero = lt.const_zero();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &a.dtype, &rt)?;
            // The position along the axis: (i / inner) % axis_len.
            let pos = cx.b.build_int_unsigned_rem(cx.b.build_int_unsigned_div(i, inner, "")?, axis_len, "")?;
            let first = cx.b.build_int_compare(IntPredicate::EQ, pos, cx.i64(0), "")?;
            let back = cx.b.build_int_sub(i, inner, "")?;
            let back = cx.b.build_select(first, i, back, "")?.into_int_value();
            let pp = cx.out_ptr(out, &rt, back)?;
            let prev = cx.load_element(pp, &rt)?;
            let prev = cx.b.build_select(first, zero, prev, "")?;
            let s = cx.ufunc_elem("add", &[(prev, rt.clone()), (x, rt.clone())], rk)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, s, &rt, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, a.ndim, Layout::C), tt)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    Lt,
    Eq,
}
