//! `np.convolve` and `np.correlate` as Numba computes them (`numba/np/arraymath.py`,
//! `_np_correlate_core`): the longer array slides along the shorter one and each output item is
//! an inner product summed in order from an integer 0 (`_innerprod`, used because Numba has no
//! BLAS without SciPy, as in the reference environment), so the accumulator's type is Numba's
//! unification of `int64` with `acc + x * y`. `correlate` conjugates a complex `v`; when `a` is
//! the shorter array the roles swap and the result is written backwards.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{unify_pairs, ArrayType, Layout, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// One operand of the core: an array read forwards or backwards, conjugated or not.
#[derive(Clone)]
struct Operand<'ctx> {
    arr: BV<'ctx>,
    ty: ArrayType,
    /// The dtype the core sees: `np.conj` of a boolean array is an `int8` array.
    elem: Type,
    len: IntValue<'ctx>,
    reversed: bool,
    conj: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode<'ctx> {
    Valid,
    Same,
    Full,
    /// Not one of the three: Numba raises ValueError once the operands are checked.
    Invalid,
    /// A string known at run time: its code (0 valid, 1 same, 2 full, 3 none of them).
    Runtime(IntValue<'ctx>),
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.convolve(a, v, mode="full")` / `np.correlate(a, v, mode="valid")`.
    pub(crate) fn convolve(&mut self, convolve: bool, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(av), Some(vv)) = (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "v")) else {
            return self.fail("np.convolve/np.correlate need two arrays");
        };
        let mode = match arg_kw(args, kws, 2, "mode") {
            None => if convolve { Mode::Full } else { Mode::Valid },
            Some(m) => match self.ty(m)? {
                Type::StringLiteral(s) => match &*s {
                    "valid" => Mode::Valid,
                    "same" => Mode::Same,
                    "full" => Mode::Full,
                    _ => Mode::Invalid,
                },
                Type::Unicode => {
                    let sv = self.load(m)?;
                    let mut code = self.i64(3);
                    for (name, c) in [("full", 2), ("same", 1), ("valid", 0)] {
                        let lit = self.str_const(name);
                        let eq = self.str_op(numrs_abi::StrOp::Equal, &[sv, lit.into()])?.into_int_value();
                        code = self.b.build_select(eq, self.i64(c), code, "")?.into_int_value();
                    }
                    Mode::Runtime(code)
                }
                other => return self.fail(format!("np.convolve/np.correlate with a mode of type {other} is not supported by numrs build yet")),
            },
        };
        let (a, at) = self.arr(av)?;
        let (v, vt) = self.arr(vv)?;
        let Type::Array(rt) = tt else { return self.fail(format!("np.convolve giving {tt}")) };
        let r = self.convolve_arrays(convolve, (a, &at), (v, &vt), mode, &rt.dtype)?;
        self.cast(r, &array_type(&rt.dtype, 1, Layout::C), tt)
    }

    /// `np.convolve(a, v)` (the full convolution) of two loaded 1-d arrays into a new array of
    /// `dtype`, as `np.polynomial`'s `polymul` runs it.
    pub(crate) fn convolve_full(&mut self, a: (BV<'ctx>, &ArrayType), v: (BV<'ctx>, &ArrayType), dtype: &Type) -> R<BV<'ctx>> {
        self.convolve_arrays(true, a, v, Mode::Full, dtype)
    }

    fn convolve_arrays(&mut self, convolve: bool, a: (BV<'ctx>, &ArrayType), v: (BV<'ctx>, &ArrayType), mode: Mode<'ctx>, dtype: &Type) -> R<BV<'ctx>> {
        let ((a, at), (v, vt)) = ((a.0, a.1.clone()), (v.0, v.1.clone()));
        if at.ndim != 1 || vt.ndim != 1 || numeric(&at.dtype).is_none() || numeric(&vt.dtype).is_none() {
            return self.fail(format!("np.convolve/np.correlate of {} and {} is not supported by numrs build yet", Type::Array(at.clone().into()), Type::Array(vt.clone().into())));
        }
        let la = self.dims(a, 5, 1)?[0];
        let lv = self.dims(v, 5, 1)?[0];
        let zero = self.i64(0);
        let e = self.b.build_int_compare(IntPredicate::EQ, la, zero, "")?;
        self.guard(e, ExcKind::ValueError, "'a' cannot be empty")?;
        let e = self.b.build_int_compare(IntPredicate::EQ, lv, zero, "")?;
        self.guard(e, ExcKind::ValueError, "'v' cannot be empty")?;
        let is_complex = |t: &ArrayType| numeric(&t.dtype).is_some_and(|k| k.is_complex());
        let op = |arr, ty: &ArrayType, len, reversed, conj: bool| {
            let bool_conj = conj && numeric(&ty.dtype) == Some(numrs_types::NumericKind::Boolean);
            let elem = if bool_conj { Type::Number(numrs_types::NumericKind::Int8) } else { ty.dtype.clone() };
            Operand { arr, ty: ty.clone(), elem, len, reversed, conj }
        };
        // convolve: (a, v[::-1]) or, when a is shorter, (v, a[::-1]); both written forwards.
        // correlate: (conj(a), v) when both are real, (a, conj(v)) when v is complex, forwards;
        // swapped and written backwards when a is shorter.
        let vconj = !convolve && is_complex(&vt);
        let aconj = !convolve && !is_complex(&at) && !is_complex(&vt);
        let (long_first, short_first) = if convolve {
            ((op(a, &at, la, false, false), op(v, &vt, lv, true, false), 1), (op(v, &vt, lv, false, false), op(a, &at, la, true, false), 1))
        } else {
            ((op(a, &at, la, false, aconj), op(v, &vt, lv, false, vconj), 1), (op(v, &vt, lv, false, vconj), op(a, &at, la, false, aconj), -1))
        };
        let shorter = self.b.build_int_compare(IntPredicate::SLT, la, lv, "")?;
        let yes = self.new_block("conv_swap");
        let no = self.new_block("conv_keep");
        let join = self.new_block("conv_join");
        self.b.build_conditional_branch(shorter, yes, no)?;
        let mut incoming = Vec::new();
        for (bb, (p, q, dir)) in [(yes, short_first), (no, long_first)] {
            self.b.position_at_end(bb);
            let r = self.correlate_core(&p, &q, mode, dir, dtype)?;
            incoming.push((r, self.b.get_insert_block()));
            self.b.build_unconditional_branch(join)?;
        }
        self.b.position_at_end(join);
        let phi = self.b.build_phi(incoming[0].0.get_type(), "")?;
        for (r, bb) in &incoming {
            if let Some(bb) = bb {
                phi.add_incoming(&[(r, *bb)]);
            }
        }
        self.fresh = true;
        Ok(phi.as_basic_value())
    }

    /// Numba's `_np_correlate_core(ap1, ap2, mode, direction)`: a new array of `dt`.
    fn correlate_core(&mut self, p: &Operand<'ctx>, q: &Operand<'ctx>, mode: Mode<'ctx>, direction: i64, dt: &Type) -> R<BV<'ctx>> {
        let (n1, n2) = (p.len, q.len);
        let bad = self.b.build_int_compare(IntPredicate::SLT, n1, n2, "")?;
        self.guard(bad, ExcKind::ValueError, "'len(ap1)' must greater than 'len(ap2)'")?;
        let n = n2;
        let one = self.i64(1);
        let nm1 = self.b.build_int_sub(n, one, "")?;
        let (length, n_left, n_right) = match mode {
            Mode::Valid => (self.b.build_int_add(self.b.build_int_sub(n1, n, "")?, one, "")?, self.i64(0), self.i64(0)),
            Mode::Full => (self.b.build_int_add(n1, nm1, "")?, nm1, nm1),
            Mode::Same => {
                let left = self.b.build_int_signed_div(n, self.i64(2), "")?;
                (n1, left, self.b.build_int_sub(nm1, left, "")?)
            }
            Mode::Invalid => {
                // Always raised; lowering goes on in the (unreachable) block after it.
                let always = self.ctx.bool_type().const_all_ones();
                self.guard(always, ExcKind::ValueError, "Invalid 'mode', valid are 'full', 'same', 'valid'")?;
                (self.i64(0), self.i64(0), self.i64(0))
            }
            Mode::Runtime(code) => {
                let invalid = self.b.build_int_compare(IntPredicate::EQ, code, self.i64(3), "")?;
                self.guard(invalid, ExcKind::ValueError, "Invalid 'mode', valid are 'full', 'same', 'valid'")?;
                let is = |cx: &Self, c: i64| cx.b.build_int_compare(IntPredicate::EQ, code, cx.i64(c), "");
                let left = self.b.build_int_signed_div(n, self.i64(2), "")?;
                let (valid, same) = (is(self, 0)?, is(self, 1)?);
                let pick = |cx: &Self, v: IntValue<'ctx>, s: IntValue<'ctx>, f: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                    let x = cx.b.build_select(same, s, f, "")?.into_int_value();
                    Ok(cx.b.build_select(valid, v, x, "")?.into_int_value())
                };
                let length = pick(self, self.b.build_int_add(self.b.build_int_sub(n1, n, "")?, one, "")?, n1, self.b.build_int_add(n1, nm1, "")?)?;
                let n_left = pick(self, self.i64(0), left, nm1)?;
                let n_right = pick(self, self.i64(0), self.b.build_int_sub(nm1, left, "")?, nm1)?;
                (length, n_left, n_right)
            }
        };
        let ret = self.alloc_zeroed(dt, &[length])?;
        let idx = self.temp(self.ctx.i64_type().into())?;
        let start = if direction == 1 { self.i64(0) } else { self.b.build_int_sub(length, one, "")? };
        self.b.build_store(idx, start)?;
        let dt = dt.clone();
        let put = |cx: &mut Self, off1: IntValue<'ctx>, off2: IntValue<'ctx>, k: IntValue<'ctx>| -> R<()> {
            let (x, xt) = cx.inner_product(p, off1, q, off2, k)?;
            let i = cx.b.build_load(cx.ctx.i64_type(), idx, "")?.into_int_value();
            let ptr = cx.out_ptr(ret, &dt, i)?;
            cx.store_element(ptr, x, &xt, &dt)?;
            cx.b.build_store(idx, cx.b.build_int_add(i, cx.i64(direction), "")?)?;
            Ok(())
        };
        // ret[idx] = innerprod(ap1[:k], ap2[-k:]) with k = i + n - n_left
        self.counted_loop(n_left, |cx, i| {
            let k = cx.b.build_int_sub(cx.b.build_int_add(i, n, "")?, n_left, "")?;
            let off2 = cx.b.build_int_sub(n2, k, "")?;
            put(cx, cx.i64(0), off2, k)
        })?;
        // ret[idx] = innerprod(ap1[i:i + n2], ap2)
        let mid = self.b.build_int_add(self.b.build_int_sub(n1, n2, "")?, one, "")?;
        self.counted_loop(mid, |cx, i| put(cx, i, cx.i64(0), n2))?;
        // ret[idx] = innerprod(ap1[-k:], ap2[:k]) with k = n - i - 1
        self.counted_loop(n_right, |cx, i| {
            let k = cx.b.build_int_sub(nm1, i, "")?;
            let off1 = cx.b.build_int_sub(n1, k, "")?;
            put(cx, off1, cx.i64(0), k)
        })?;
        Ok(ret)
    }

    /// Item `i` of an operand.
    fn operand_item(&mut self, o: &Operand<'ctx>, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        let i = if o.reversed { self.b.build_int_sub(self.b.build_int_sub(o.len, self.i64(1), "")?, i, "")? } else { i };
        let x = self.elem_at(o.arr, &o.ty, i)?;
        let x = self.cast(x, &o.ty.dtype, &o.elem)?;
        if o.conj {
            return self.conj_value(x, &o.elem);
        }
        Ok(x)
    }

    /// Numba's `_innerprod(a, b)`: `acc = 0; acc = acc + a[i] * b[i]` over `k` items, with the
    /// accumulator's type unified from `int64` and the sum's.
    fn inner_product(&mut self, p: &Operand<'ctx>, off1: IntValue<'ctx>, q: &Operand<'ctx>, off2: IntValue<'ctx>, k: IntValue<'ctx>) -> R<(BV<'ctx>, Type)> {
        let resolve = |key: &str, x: &Type, y: &Type| -> Option<Type> {
            numrs_typing::resolve_call(key, &[x.clone(), y.clone()], &[]).ok().flatten().map(|s| s.return_type)
        };
        let int64 = Type::int64();
        let acc_t = resolve("operator.mul", &p.elem, &q.elem)
            .and_then(|prod| resolve("operator.add", &int64, &prod))
            .and_then(|sum| unify_pairs(&int64, &sum));
        let Some(acc_t) = acc_t else {
            return self.fail(format!("inner products of {} and {} are not supported by numrs build yet", p.elem, q.elem));
        };
        let lt = self.vt(&acc_t)?;
        let acc = self.temp(lt)?;
        let z = self.cast(self.i64(0).into(), &int64, &acc_t)?;
        self.b.build_store(acc, z)?;
        let (pt, qt) = (p.elem.clone(), q.elem.clone());
        self.counted_loop(k, |cx, t| {
            let x = cx.operand_item(p, cx.b.build_int_add(off1, t, "")?)?;
            let y = cx.operand_item(q, cx.b.build_int_add(off2, t, "")?)?;
            let (m, mt) = cx.binary("operator.mul", x, &pt, y, &qt)?;
            let a = cx.b.build_load(lt, acc, "")?;
            let (s, st) = cx.binary("operator.add", a, &acc_t, m, &mt)?;
            let s = cx.cast(s, &st, &acc_t)?;
            cx.b.build_store(acc, s)?;
            Ok(())
        })?;
        Ok((self.b.build_load(lt, acc, "")?, acc_t.clone()))
    }
}
