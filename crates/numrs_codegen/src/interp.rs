//! `np.interp(x, xp, fp)` as Numba implements it (`np_interp_impl_inner` in
//! `numba/np/arraymath.py`, a facsimile of NumPy's `arr_interp`): every value is read as
//! float64, each `x` is located with `binary_search_with_guess` starting from the previous
//! answer (so unsorted `xp` gives Numba's answers too), and a NaN from one side of the
//! interval is retried from the other. Complex `fp` (`np_interp_impl_complex_inner`):
//! complex128 results, the real and imaginary parts interpolated apart with a slope made by
//! multiplying by `1 / (xp[j+1] - xp[j])`, each NaN-retried on its own.

use inkwell::values::{BasicValue, BasicValueEnum, FloatValue, IntValue, PointerValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::array_type;
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// `LIKELY_IN_CACHE_SIZE` of NumPy's search.
const CACHE: i64 = 8;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn interp(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let [xv, xpv, fpv] = args else { return self.fail("np.interp takes three arguments") };
        // Sample points may be lists or tuples (`np.asarray`'d).
        let (xp, xpa) = self.as_array(*xpv)?;
        let (fp, fpa) = self.as_array(*fpv)?;
        for (a, complex_ok) in [(&xpa, false), (&fpa, true)] {
            if a.ndim != 1 || numeric(&a.dtype).is_none_or(|k| k.is_complex() && !complex_ok) {
                return self.fail(format!("np.interp with sample points of type {} is not supported by numrs build yet", Type::Array(a.clone().into())));
            }
        }
        // The result's items: float64, or complex128 for complex `fp`.
        let complex = fpa.dtype.is_complex();
        let rt = if complex { Type::complex128() } else { Type::float64() };
        let f64t = Type::float64();
        let out_t = match tt {
            Type::Array(ra) if ra.dtype == rt => Some((**ra).clone()),
            t if *t == rt => None,
            _ => return self.fail(format!("np.interp producing {tt} is not supported by numrs build yet")),
        };
        // `x` may be a list or tuple too (`np.interp(list(range(n)), ...)`, sktime).
        let (xt, x) = match self.ty(*xv)? {
            t if matches!(t, Type::Array(_)) || numeric(&t).is_some() => (t, self.load(*xv)?),
            _ => {
                let (a, at) = self.as_array(*xv)?;
                (Type::Array(std::sync::Arc::new(at)), a)
            }
        };
        let lenxp = self.dims(xp, 5, 1)?[0];
        let lenfp = self.dims(fp, 5, 1)?[0];
        let empty = self.b.build_int_compare(IntPredicate::EQ, lenxp, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "array of sample points is empty")?;
        let differ = self.b.build_int_compare(IntPredicate::NE, lenxp, lenfp, "")?;
        self.guard(differ, ExcKind::ValueError, "fp and xp are not of the same size.")?;
        let guess = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(guess, self.i64(0))?;
        let pts = Points { xp, xpa, fp, fpa, len: lenxp, complex };
        match (&xt, out_t) {
            (Type::Array(xa), Some(ra)) => {
                let xa = (**xa).clone();
                let shape = self.dims(x, 5, xa.ndim)?;
                let out = self.alloc_array(&rt, &shape)?;
                let n = self.field(x, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(x, &xa, i)?;
                    let v = cx.cast(v, &xa.dtype, &f64t)?.into_float_value();
                    let r = cx.interp_one(v, &pts, guess)?;
                    let p = cx.out_ptr(out, &rt, i)?;
                    cx.store_element(p, r, &rt, &rt)
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&rt, ra.ndim, Layout::C), tt)
            }
            (t, None) if numeric(t).is_some_and(|k| !k.is_complex()) => {
                let v = self.cast(x, t, &f64t)?.into_float_value();
                self.interp_one(v, &pts, guess)
            }
            _ => self.fail(format!("np.interp of {xt} producing {tt} is not supported by numrs build yet")),
        }
    }

    /// One interpolated value (`guess`: the previous search result, updated): float64, or
    /// complex128 for complex `fp`.
    fn interp_one(&mut self, x: FloatValue<'ctx>, p: &Points<'ctx>, guess: PointerValue<'ctx>) -> R<BV<'ctx>> {
        let vt = self.vt(&if p.complex { Type::complex128() } else { Type::float64() })?;
        let slot = self.temp(vt)?;
        let done = self.new_block("interp_done");
        let dy0 = self.fp_value(p, self.i64(0))?;
        // A single sample point: its value everywhere.
        let single = self.b.build_int_compare(IntPredicate::EQ, p.len, self.i64(1), "")?;
        let many = self.new_block("interp_many");
        let one = self.new_block("interp_single");
        self.b.build_conditional_branch(single, one, many)?;
        self.b.position_at_end(one);
        self.b.build_store(slot, dy0)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(many);
        // NaN in, NaN out (`nan + 1j * 0.0` for complex `fp`).
        let nan = self.b.build_float_compare(FloatPredicate::UNO, x, x, "")?;
        let search = self.new_block("interp_search");
        let is_nan = self.new_block("interp_nan");
        self.b.build_conditional_branch(nan, is_nan, search)?;
        self.b.position_at_end(is_nan);
        let v = if p.complex { self.complex_of_parts(x, self.ctx.f64_type().const_zero())? } else { x.into() };
        self.b.build_store(slot, v)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(search);
        let g = self.b.build_load(self.ctx.i64_type(), guess, "")?.into_int_value();
        let j = self.search_with_guess(x, p, g)?;
        self.b.build_store(guess, j)?;
        let last = self.b.build_int_sub(p.len, self.i64(1), "")?;
        let left = self.b.build_int_compare(IntPredicate::EQ, j, self.i64(-1), "")?;
        let right = self.b.build_int_compare(IntPredicate::EQ, j, p.len, "")?;
        let at_last = self.b.build_int_compare(IntPredicate::EQ, j, last, "")?;
        let edge = self.new_block("interp_edge");
        let inside = self.new_block("interp_inside");
        let outside = self.b.build_or(left, right, "")?;
        let outside = self.b.build_or(outside, at_last, "")?;
        self.b.build_conditional_branch(outside, edge, inside)?;
        self.b.position_at_end(edge);
        let rval = self.fp_value(p, last)?;
        // j == lenxp - 1: dy[j], the last value too.
        let v = self.b.build_select(left, dy0, rval, "")?;
        self.b.build_store(slot, v)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(inside);
        let xj = self.sample(p.xp, &p.xpa, j)?;
        let j1 = self.b.build_int_add(j, self.i64(1), "")?;
        let xj1 = self.sample(p.xp, &p.xpa, j1)?;
        // On a sample point: its value (no interpolation that could be non-finite).
        let exact = self.b.build_float_compare(FloatPredicate::OEQ, xj, x, "")?;
        let yj = self.fp_value(p, j)?;
        let r = if p.complex { self.between_complex(x, p, j, j1, xj, xj1)? } else { self.between_real(x, p, j, j1, xj, xj1)?.into() };
        let r = self.b.build_select(exact, yj, r, "")?;
        self.b.build_store(slot, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(vt, slot, "")?)
    }

    /// `fp[i]` as the result's item type (float64 or complex128).
    fn fp_value(&self, p: &Points<'ctx>, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        let rt = if p.complex { Type::complex128() } else { Type::float64() };
        let v = self.elem_at(p.fp, &p.fpa, i)?;
        self.cast(v, &p.fpa.dtype, &rt)
    }

    /// Real `fp` between `xp[j]` and `xp[j+1]`: the slope from the left end; a NaN from the
    /// left end is retried from the right, still NaN with a flat step is the value.
    fn between_real(&self, x: FloatValue<'ctx>, p: &Points<'ctx>, j: IntValue<'ctx>, j1: IntValue<'ctx>, xj: FloatValue<'ctx>, xj1: FloatValue<'ctx>) -> R<FloatValue<'ctx>> {
        let yj = self.sample(p.fp, &p.fpa, j)?;
        let yj1 = self.sample(p.fp, &p.fpa, j1)?;
        let slope = self.b.build_float_div(self.b.build_float_sub(yj1, yj, "")?, self.b.build_float_sub(xj1, xj, "")?, "")?;
        self.retried(x, slope, yj, yj1, xj, xj1)
    }

    /// `s * (x - xj) + y`; NaN: `s * (x - xj1) + y1`; still NaN and `y == y1`: `y`.
    fn retried(&self, x: FloatValue<'ctx>, s: FloatValue<'ctx>, y: FloatValue<'ctx>, y1: FloatValue<'ctx>, xj: FloatValue<'ctx>, xj1: FloatValue<'ctx>) -> R<FloatValue<'ctx>> {
        let a = self.b.build_float_add(self.b.build_float_mul(s, self.b.build_float_sub(x, xj, "")?, "")?, y, "")?;
        let a_nan = self.b.build_float_compare(FloatPredicate::UNO, a, a, "")?;
        let b = self.b.build_float_add(self.b.build_float_mul(s, self.b.build_float_sub(x, xj1, "")?, "")?, y1, "")?;
        let b_nan = self.b.build_float_compare(FloatPredicate::UNO, b, b, "")?;
        let flat = self.b.build_float_compare(FloatPredicate::OEQ, y, y1, "")?;
        let b = self.b.build_select(self.b.build_and(b_nan, flat, "")?, y, b, "")?.into_float_value();
        Ok(self.b.build_select(a_nan, b, a, "")?.into_float_value())
    }

    /// Complex `fp` between `xp[j]` and `xp[j+1]`: each part with the slope made by
    /// multiplying by `1 / (xp[j+1] - xp[j])`, NaN-retried on its own.
    fn between_complex(&self, x: FloatValue<'ctx>, p: &Points<'ctx>, j: IntValue<'ctx>, j1: IntValue<'ctx>, xj: FloatValue<'ctx>, xj1: FloatValue<'ctx>) -> R<BV<'ctx>> {
        let (yr, yi) = self.sample_parts(p, j)?;
        let (yr1, yi1) = self.sample_parts(p, j1)?;
        let one = self.ctx.f64_type().const_float(1.0);
        let inv_dx = self.b.build_float_div(one, self.b.build_float_sub(xj1, xj, "")?, "")?;
        let (dr, di) = self.parts_difference(p, j1, j)?;
        let sr = self.b.build_float_mul(dr, inv_dx, "")?;
        let si = self.b.build_float_mul(di, inv_dx, "")?;
        let slope = self.complex_of_parts(sr, si)?.into_struct_value();
        let sr = self.b.build_extract_value(slope, 0, "")?.into_float_value();
        let si = self.b.build_extract_value(slope, 1, "")?.into_float_value();
        let re = self.retried(x, sr, yr, yr1, xj, xj1)?;
        let im = self.retried(x, si, yi, yi1, xj, xj1)?;
        self.complex_of_parts(re, im)
    }

    /// Numba's `real + 1j * imag` of two floats: `1j * imag` is the complex product
    /// `(0*imag - 1*0, 0*0 + 1*imag)`, to which `real` is added (so an infinite `imag` makes
    /// the real part NaN, as there).
    fn complex_of_parts(&self, re: FloatValue<'ctx>, im: FloatValue<'ctx>) -> R<BV<'ctx>> {
        let zero = self.ctx.f64_type().const_zero();
        let one = self.ctx.f64_type().const_float(1.0);
        let pr = self.b.build_float_sub(self.b.build_float_mul(zero, im, "")?, self.b.build_float_mul(one, zero, "")?, "")?;
        let pi = self.b.build_float_add(self.b.build_float_mul(zero, zero, "")?, self.b.build_float_mul(one, im, "")?, "")?;
        let r = self.b.build_float_add(re, pr, "")?;
        let i = self.b.build_float_add(zero, pi, "")?;
        let st = self.vt(&Type::complex128())?.into_struct_type();
        let agg = self.b.build_insert_value(st.get_undef(), r, 0, "")?;
        let agg = self.b.build_insert_value(agg, i, 1, "")?;
        Ok(agg.as_basic_value_enum())
    }

    /// Sample `i` of the complex `fp` as its two float64 parts.
    fn sample_parts(&self, p: &Points<'ctx>, i: IntValue<'ctx>) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
        let v = self.fp_value(p, i)?.into_struct_value();
        let re = self.b.build_extract_value(v, 0, "")?.into_float_value();
        let im = self.b.build_extract_value(v, 1, "")?.into_float_value();
        Ok((re, im))
    }

    /// `fp[i].real - fp[k].real` and the same of the imaginary parts, subtracted in `fp`'s own
    /// precision (complex64 parts are float32), as float64.
    fn parts_difference(&self, p: &Points<'ctx>, i: IntValue<'ctx>, k: IntValue<'ctx>) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
        let a = self.elem_at(p.fp, &p.fpa, i)?.into_struct_value();
        let b = self.elem_at(p.fp, &p.fpa, k)?.into_struct_value();
        let part = |n: u32| -> R<FloatValue<'ctx>> {
            let x = self.b.build_extract_value(a, n, "")?.into_float_value();
            let y = self.b.build_extract_value(b, n, "")?.into_float_value();
            let d = self.b.build_float_sub(x, y, "")?;
            if d.get_type() == self.ctx.f64_type() {
                return Ok(d);
            }
            Ok(self.b.build_float_ext(d, self.ctx.f64_type(), "")?)
        };
        Ok((part(0)?, part(1)?))
    }

    /// Sample `i` of a 1-d array as float64.
    fn sample(&self, arr: BV<'ctx>, a: &ArrayType, i: IntValue<'ctx>) -> R<FloatValue<'ctx>> {
        let v = self.elem_at(arr, a, i)?;
        Ok(self.cast(v, &a.dtype, &Type::float64())?.into_float_value())
    }

    /// NumPy's `binary_search_with_guess(key, xp, len, guess)` (len >= 2 here): -1 below the
    /// first point, `len` above the last, else the index found from the guess outwards.
    fn search_with_guess(&mut self, key: FloatValue<'ctx>, p: &Points<'ctx>, guess: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let i64t = self.ctx.i64_type();
        let res = self.temp(i64t.into())?;
        let imin = self.temp(i64t.into())?;
        let imax = self.temp(i64t.into())?;
        let done = self.new_block("bsg_done");
        let at = |cx: &Self, i: IntValue<'ctx>| cx.sample(p.xp, &p.xpa, i);
        let lt = |cx: &Self, a: FloatValue<'ctx>, b: FloatValue<'ctx>| cx.b.build_float_compare(FloatPredicate::OLT, a, b, "");
        let ge = |cx: &Self, a: FloatValue<'ctx>, b: FloatValue<'ctx>| cx.b.build_float_compare(FloatPredicate::OGE, a, b, "");
        let gt = |cx: &Self, a: FloatValue<'ctx>, b: FloatValue<'ctx>| cx.b.build_float_compare(FloatPredicate::OGT, a, b, "");
        // Returns `v` from the current block.
        let ret = |cx: &Self, v: IntValue<'ctx>| -> R<()> {
            cx.b.build_store(res, v)?;
            cx.b.build_unconditional_branch(done)?;
            Ok(())
        };
        let branch = |cx: &Self, cond: IntValue<'ctx>, name: &str| -> R<(inkwell::basic_block::BasicBlock<'ctx>, inkwell::basic_block::BasicBlock<'ctx>)> {
            let t = cx.new_block(&format!("{name}_yes"));
            let f = cx.new_block(&format!("{name}_no"));
            cx.b.build_conditional_branch(cond, t, f)?;
            Ok((t, f))
        };
        let len = p.len;
        let last = self.b.build_int_sub(len, self.i64(1), "")?;
        // Outside the range.
        let (above, next) = branch(self, gt(self, key, at(self, last)?)?, "bsg_above")?;
        self.b.position_at_end(above);
        ret(self, len)?;
        self.b.position_at_end(next);
        let (below, next) = branch(self, lt(self, key, at(self, self.i64(0))?)?, "bsg_below")?;
        self.b.position_at_end(below);
        ret(self, self.i64(-1))?;
        self.b.position_at_end(next);
        self.b.build_store(imin, self.i64(0))?;
        self.b.build_store(imax, len)?;
        // len <= 4: a linear search.
        let small = self.b.build_int_compare(IntPredicate::SLE, len, self.i64(4), "")?;
        let (linear, guessed) = branch(self, small, "bsg_linear")?;
        self.b.position_at_end(linear);
        let i = self.temp(i64t.into())?;
        self.b.build_store(i, self.i64(1))?;
        let head = self.new_block("bsg_lin_head");
        let body = self.new_block("bsg_lin_body");
        let exit = self.new_block("bsg_lin_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let iv = self.b.build_load(i64t, i, "")?.into_int_value();
        let in_range = self.b.build_int_compare(IntPredicate::SLT, iv, len, "")?;
        let check = self.new_block("bsg_lin_check");
        self.b.build_conditional_branch(in_range, check, exit)?;
        self.b.position_at_end(check);
        let more = ge(self, key, at(self, iv)?)?;
        self.b.build_conditional_branch(more, body, exit)?;
        self.b.position_at_end(body);
        self.b.build_store(i, self.b.build_int_add(iv, self.i64(1), "")?)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        let iv = self.b.build_load(i64t, i, "")?.into_int_value();
        ret(self, self.b.build_int_sub(iv, self.i64(1), "")?)?;
        // The guess, clamped to [1, len - 3].
        self.b.position_at_end(guessed);
        let hi = self.b.build_int_sub(len, self.i64(3), "")?;
        let g = self.b.build_select(self.b.build_int_compare(IntPredicate::SGT, guess, hi, "")?, hi, guess, "")?.into_int_value();
        let g = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, g, self.i64(1), "")?, self.i64(1), g, "")?.into_int_value();
        let bisect = self.new_block("bsg_bisect");
        let g1 = self.b.build_int_sub(g, self.i64(1), "")?;
        let (low_side, high_side) = branch(self, lt(self, key, at(self, g)?)?, "bsg_lowside")?;
        // key < arr[guess]
        self.b.position_at_end(low_side);
        let (below_prev, at_prev) = branch(self, lt(self, key, at(self, g1)?)?, "bsg_belowprev")?;
        self.b.position_at_end(at_prev);
        ret(self, g1)?;
        self.b.position_at_end(below_prev);
        self.b.build_store(imax, g1)?;
        let far = self.b.build_int_compare(IntPredicate::SGT, g, self.i64(CACHE), "")?;
        let (check_far, _) = (self.new_block("bsg_far"), ());
        self.b.build_conditional_branch(far, check_far, bisect)?;
        self.b.position_at_end(check_far);
        let back = self.b.build_int_sub(g, self.i64(CACHE), "")?;
        let within = ge(self, key, at(self, back)?)?;
        let set_min = self.new_block("bsg_setmin");
        self.b.build_conditional_branch(within, set_min, bisect)?;
        self.b.position_at_end(set_min);
        self.b.build_store(imin, back)?;
        self.b.build_unconditional_branch(bisect)?;
        // key >= arr[guess]
        self.b.position_at_end(high_side);
        let g_1 = self.b.build_int_add(g, self.i64(1), "")?;
        let g_2 = self.b.build_int_add(g, self.i64(2), "")?;
        let (in_g, after_g) = branch(self, lt(self, key, at(self, g_1)?)?, "bsg_ing")?;
        self.b.position_at_end(in_g);
        ret(self, g)?;
        self.b.position_at_end(after_g);
        let (in_g1, after_g1) = branch(self, lt(self, key, at(self, g_2)?)?, "bsg_ing1")?;
        self.b.position_at_end(in_g1);
        ret(self, g_1)?;
        self.b.position_at_end(after_g1);
        self.b.build_store(imin, g_2)?;
        let limit = self.b.build_int_sub(len, self.i64(CACHE + 1), "")?;
        let near_end = self.b.build_int_compare(IntPredicate::SLT, g, limit, "")?;
        let check_ahead = self.new_block("bsg_ahead");
        self.b.build_conditional_branch(near_end, check_ahead, bisect)?;
        self.b.position_at_end(check_ahead);
        let ahead = self.b.build_int_add(g, self.i64(CACHE), "")?;
        let before_ahead = lt(self, key, at(self, ahead)?)?;
        let set_max = self.new_block("bsg_setmax");
        self.b.build_conditional_branch(before_ahead, set_max, bisect)?;
        self.b.position_at_end(set_max);
        self.b.build_store(imax, ahead)?;
        self.b.build_unconditional_branch(bisect)?;
        // Bisection: the first index whose point is above the key, minus one.
        self.b.position_at_end(bisect);
        let head = self.new_block("bsg_bis_head");
        let body = self.new_block("bsg_bis_body");
        let exit = self.new_block("bsg_bis_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let lo = self.b.build_load(i64t, imin, "")?.into_int_value();
        let hi = self.b.build_load(i64t, imax, "")?.into_int_value();
        let open = self.b.build_int_compare(IntPredicate::SLT, lo, hi, "")?;
        self.b.build_conditional_branch(open, body, exit)?;
        self.b.position_at_end(body);
        let half = self.b.build_right_shift(self.b.build_int_sub(hi, lo, "")?, self.i64(1), true, "")?;
        let mid = self.b.build_int_add(lo, half, "")?;
        let up = ge(self, key, at(self, mid)?)?;
        let lo2 = self.b.build_select(up, self.b.build_int_add(mid, self.i64(1), "")?, lo, "")?;
        let hi2 = self.b.build_select(up, hi, mid, "")?;
        self.b.build_store(imin, lo2)?;
        self.b.build_store(imax, hi2)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        let lo = self.b.build_load(i64t, imin, "")?.into_int_value();
        ret(self, self.b.build_int_sub(lo, self.i64(1), "")?)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(i64t, res, "")?.into_int_value())
    }
}

/// The sample points of an interpolation.
struct Points<'ctx> {
    xp: BV<'ctx>,
    xpa: ArrayType,
    fp: BV<'ctx>,
    fpa: ArrayType,
    len: IntValue<'ctx>,
    /// Complex `fp`: complex128 results.
    complex: bool,
}
