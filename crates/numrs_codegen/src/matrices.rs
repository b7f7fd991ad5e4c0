//! Matrix helpers as Numba implements them (`numba/np/arrayobj.py`, `arraymath.py`,
//! `linalg.py`): `np.identity`, `np.eye`, `np.diag` (1-d to 2-d and back, with an offset),
//! `np.tril`/`np.triu` (of a 1-d array broadcast to a square, and of every trailing matrix), `np.trace`, and `np.nan_to_num` (defaults: NaN to 0,
//! infinities to the dtype's largest finite values; integer input is returned as it is).

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_ir::VarId;
use numrs_types::{ArrayType, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::arg_kw;
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.<name>(...)` for the functions of this module; `None` for other names.
    pub(crate) fn matrix_call(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        let v = match name {
            "identity" | "eye" => {
                let Type::Array(ra) = tt else { return Ok(None) };
                let Some(nv) = arg_kw(args, kws, 0, "N").or_else(|| arg_kw(args, kws, 0, "n")) else { return Ok(None) };
                let n = self.int_arg(nv)?;
                let (m, k) = if name == "eye" {
                    let m = match arg_kw(args, kws, 1, "M") {
                        Some(v) if !matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)) => self.int_arg(v)?,
                        _ => n,
                    };
                    let k = self.opt_int_arg(arg_kw(args, kws, 2, "k"))?;
                    (m, k)
                } else {
                    (n, self.i64(0))
                };
                let out = self.alloc_zeroed(&ra.dtype, &[n, m])?;
                // k >= 0: d = min(N, M - k) ones at (i, i + k); else d = min(N + k, M) at (i - k, i).
                let pos = self.b.build_int_compare(IntPredicate::SGE, k, self.i64(0), "")?;
                let d_pos = self.smin(n, self.b.build_int_sub(m, k, "")?)?;
                let d_neg = self.smin(self.b.build_int_add(n, k, "")?, m)?;
                let d = self.b.build_select(pos, d_pos, d_neg, "")?.into_int_value();
                let row_off = self.b.build_select(pos, self.i64(0), self.b.build_int_neg(k, "")?, "")?.into_int_value();
                let col_off = self.b.build_select(pos, k, self.i64(0), "")?.into_int_value();
                let dt = ra.dtype.clone();
                self.counted_loop(d, |cx, i| {
                    let r = cx.b.build_int_add(i, row_off, "")?;
                    let c = cx.b.build_int_add(i, col_off, "")?;
                    let p = cx.at2(out, r, c)?;
                    cx.store_element(p, cx.i64(1).into(), &Type::int64(), &dt)
                })?;
                self.fresh = true;
                out
            }
            "diag" => {
                let Some(av) = args.first().copied() else { return Ok(None) };
                let (arr, a) = self.arr(av)?;
                let k = self.opt_int_arg(arg_kw(args, kws, 1, "k"))?;
                self.diag(arr, &a, k)?
            }
            "tril" | "triu" => {
                let Some(av) = args.first().copied() else { return Ok(None) };
                let (arr, a) = self.arr(av)?;
                if a.ndim == 0 {
                    return Ok(None);
                }
                let k = self.opt_int_arg(arg_kw(args, kws, 1, "k"))?;
                let src_shape = self.dims(arr, 5, a.ndim)?;
                // A 1-d array is first broadcast to a square (Numba's `_make_square`); more
                // dimensions: every trailing matrix (`np_tril_impl_multi`).
                let shape = if a.ndim == 1 { vec![src_shape[0], src_shape[0]] } else { src_shape.clone() };
                // `np.empty_like(m)` keeps a Fortran layout.
                let fortran = matches!(tt, Type::Array(r) if r.layout == numrs_types::Layout::F && r.ndim > 1);
                let out = if fortran { self.alloc_fortran(&a.dtype, &shape)? } else { self.alloc_array(&a.dtype, &shape)? };
                let n = self.field(out, 2)?.into_int_value();
                let dt = a.dtype.clone();
                let lower = name == "tril";
                let nd = shape.len();
                self.counted_loop(n, |cx, t| {
                    let mut idx = vec![cx.i64(0); nd];
                    let mut rem = t;
                    for d in (0..nd).rev() {
                        idx[d] = cx.b.build_int_unsigned_rem(rem, shape[d], "")?;
                        rem = cx.b.build_int_unsigned_div(rem, shape[d], "")?;
                    }
                    let (i, j) = (idx[nd - 2], idx[nd - 1]);
                    let ik = cx.b.build_int_add(i, k, "")?;
                    // tril keeps j <= i + k, triu keeps j >= i + k.
                    let keep = if lower { IntPredicate::SLE } else { IntPredicate::SGE };
                    let keep = cx.b.build_int_compare(keep, j, ik, "")?;
                    let at: Vec<(BV<'ctx>, Type)> = if a.ndim == 1 { vec![(j.into(), Type::uint64())] } else { idx.iter().map(|x| ((*x).into(), Type::uint64())).collect() };
                    let x = cx.load_element(cx.element_ptr(arr, a.ndim, &at)?, &dt)?;
                    let zero = cx.vt(&dt)?.const_zero();
                    let v = cx.b.build_select(keep, x, zero, "")?;
                    let oat: Vec<(BV<'ctx>, Type)> = idx.iter().map(|x| ((*x).into(), Type::uint64())).collect();
                    let p = cx.element_ptr(out, nd as u32, &oat)?;
                    cx.store_element(p, v, &dt, &dt)
                })?;
                self.fresh = true;
                out
            }
            "trace" => {
                let Some(av) = args.first().copied() else { return Ok(None) };
                let (arr, a) = self.arr(av)?;
                if a.ndim != 2 {
                    return Ok(None);
                }
                let k = self.opt_int_arg(arg_kw(args, kws, 1, "offset"))?;
                let (d, r0, c0) = self.diagonal(arr, k)?;
                let acc = self.temp(self.vt(tt)?)?;
                self.b.build_store(acc, self.cast(self.i64(0).into(), &Type::int64(), tt)?)?;
                let dt = a.dtype.clone();
                let rt = tt.clone();
                self.counted_loop(d, |cx, i| {
                    let x = cx.load_element(cx.at2(arr, cx.b.build_int_add(i, r0, "")?, cx.b.build_int_add(i, c0, "")?)?, &dt)?;
                    let s = cx.b.build_load(cx.vt(&rt)?, acc, "")?;
                    let (s2, st) = cx.binary("operator.add", s, &rt, x, &dt)?;
                    let s2 = cx.cast(s2, &st, &rt)?;
                    cx.b.build_store(acc, s2)?;
                    Ok(())
                })?;
                self.b.build_load(self.vt(tt)?, acc, "")?
            }
            "nan_to_num" => {
                let xv = args[0];
                let xt = self.ty(xv)?;
                // `copy` is known (absent, a literal) or tested at run time (`if copy:`).
                let copy_arg = arg_kw(args, kws, 1, "copy");
                let copy: Option<bool> = match copy_arg.map(|c| self.ty(c)).transpose()? {
                    None | Some(Type::Omitted(_)) | Some(Type::BooleanLiteral(true)) => Some(true),
                    Some(Type::BooleanLiteral(false)) => Some(false),
                    Some(Type::IntegerLiteral(v)) => Some(v != 0),
                    Some(_) => None,
                };
                let opts = [arg_kw(args, kws, 2, "nan"), arg_kw(args, kws, 3, "posinf"), arg_kw(args, kws, 4, "neginf")];
                match &xt {
                    Type::Array(a) => {
                        let a = (**a).clone();
                        match numeric(&a.dtype) {
                            // Floats item by item; complex arrays part by part, as Numba
                            // does through `.real` and `.imag`. Into the copy, or in place.
                            Some(k) if k.is_float() || k.is_complex() => {
                                let fk = k.underlying_float();
                                let (arr, _) = self.arr(xv)?;
                                let repl = self.nan_replacements(&opts, fk, fk)?;
                                let shape = self.dims(arr, 5, a.ndim)?;
                                let (out, out_a) = match copy {
                                    Some(true) => (self.alloc_array(&a.dtype, &shape)?, numrs_types::ArrayType { layout: numrs_types::Layout::C, readonly: false, ..a.clone() }),
                                    Some(false) => (arr, a.clone()),
                                    None => {
                                        // The copy, or the array itself as a new reference.
                                        let Some(c) = copy_arg else { return self.fail("np.nan_to_num copy") };
                                        let ct = self.ty(c)?;
                                        let cv = self.load(c)?;
                                        let yes = self.truth(cv, &ct)?;
                                        let copy_bb = self.new_block("nan_to_num_copy");
                                        let same_bb = self.new_block("nan_to_num_same");
                                        let join = self.new_block("nan_to_num_join");
                                        self.b.build_conditional_branch(yes, copy_bb, same_bb)?;
                                        self.b.position_at_end(copy_bb);
                                        let fresh_arr = self.alloc_array(&a.dtype, &shape)?;
                                        let copy_end = self.b.get_insert_block().ok_or_else(|| self.cg_err("no block".to_string()))?;
                                        self.b.build_unconditional_branch(join)?;
                                        self.b.position_at_end(same_bb);
                                        self.incref(arr, &xt)?;
                                        let same_end = self.b.get_insert_block().ok_or_else(|| self.cg_err("no block".to_string()))?;
                                        self.b.build_unconditional_branch(join)?;
                                        self.b.position_at_end(join);
                                        let phi = self.b.build_phi(arr.get_type(), "")?;
                                        phi.add_incoming(&[(&fresh_arr, copy_end), (&arr, same_end)]);
                                        let layout = if a.layout == numrs_types::Layout::C { a.layout } else { numrs_types::Layout::A };
                                        (phi.as_basic_value(), numrs_types::ArrayType { layout, readonly: false, ..a.clone() })
                                    }
                                };
                                let n = self.field(arr, 2)?.into_int_value();
                                let dt = a.dtype.clone();
                                self.counted_loop(n, |cx, i| {
                                    let x = cx.elem_at(arr, &a, i)?;
                                    let y = if k.is_complex() { cx.complex_nan_to_num(x, k, repl)? } else { cx.nan_to_num(x, k, repl)? };
                                    let p = cx.flat_ptr(out, &out_a, i)?;
                                    cx.store_element(p, y, &dt, &dt)
                                })?;
                                self.fresh = copy != Some(false);
                                self.cast(out, &Type::Array(std::sync::Arc::new(out_a)), tt)?
                            }
                            // Integers have no NaN: the array itself.
                            Some(_) => self.load(xv)?,
                            _ => return self.fail(format!("np.nan_to_num of {xt} is not supported by numrs build yet")),
                        }
                    }
                    t => match numeric(t) {
                        // A scalar computes in its result type (float64 when `nan` is a
                        // Python float), with `np.finfo` of its own type as defaults.
                        Some(k) if k.is_float() => {
                            let vk = numeric(tt).filter(|r| r.is_float()).unwrap_or(k);
                            let repl = self.nan_replacements(&opts, k, vk)?;
                            let x = self.load(xv)?;
                            let x = self.cast(x, t, &Type::Number(vk))?;
                            let y = self.nan_to_num(x, vk, repl)?;
                            self.cast(y, &Type::Number(vk), tt)?
                        }
                        Some(k) if k.is_complex() => {
                            let vk = numeric(tt).filter(|r| r.is_complex()).unwrap_or(k);
                            let repl = self.nan_replacements(&opts, k.underlying_float(), vk.underlying_float())?;
                            let x = self.load(xv)?;
                            let x = self.cast(x, t, &Type::Number(vk))?;
                            let y = self.complex_nan_to_num(x, vk, repl)?;
                            self.cast(y, &Type::Number(vk), tt)?
                        }
                        Some(k) if !k.is_complex() => {
                            let x = self.load(xv)?;
                            self.cast(x, t, tt)?
                        }
                        _ => return self.fail(format!("np.nan_to_num of {xt} is not supported by numrs build yet")),
                    },
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// The values `nan=`, `posinf=`, `neginf=` stand for, as floats of kind `k` (defaults: 0,
    /// the largest and the lowest finite values of `dk`, `np.finfo(dtype)`).
    fn nan_replacements(&self, opts: &[Option<VarId>; 3], dk: NumericKind, k: NumericKind) -> R<[inkwell::values::FloatValue<'ctx>; 3]> {
        let big = if dk == NumericKind::Float32 { f32::MAX as f64 } else { f64::MAX };
        let ft = crate::types::number_type(self.ctx, k).into_float_type();
        let defaults = [0.0, big, -big];
        let mut out = [ft.const_zero(); 3];
        for (i, o) in opts.iter().enumerate() {
            out[i] = match o {
                Some(v) if !matches!(self.ty(*v)?, Type::NoneType | Type::Omitted(_)) => {
                    let t = self.ty(*v)?;
                    let x = self.load(*v)?;
                    self.cast(x, &t, &Type::Number(k))?.into_float_value()
                }
                _ => ft.const_float(defaults[i]),
            };
        }
        Ok(out)
    }

    /// Both parts of a complex number of kind `k` through [`Self::nan_to_num`].
    fn complex_nan_to_num(&self, z: BV<'ctx>, k: NumericKind, repl: [inkwell::values::FloatValue<'ctx>; 3]) -> R<BV<'ctx>> {
        let zs = z.into_struct_value();
        let re = self.b.build_extract_value(zs, 0, "")?;
        let im = self.b.build_extract_value(zs, 1, "")?;
        let fk = k.underlying_float();
        let re = self.nan_to_num(re, fk, repl)?;
        let im = self.nan_to_num(im, fk, repl)?;
        self.complex(k, re, im)
    }

    /// NaN, +inf and -inf replaced by `repl` (see `nan_replacements`).
    fn nan_to_num(&self, x: BV<'ctx>, _k: NumericKind, repl: [inkwell::values::FloatValue<'ctx>; 3]) -> R<BV<'ctx>> {
        let x = x.into_float_value();
        let ft = x.get_type();
        let nan = self.b.build_float_compare(FloatPredicate::UNO, x, x, "")?;
        let pinf = self.b.build_float_compare(FloatPredicate::OEQ, x, ft.const_float(f64::INFINITY), "")?;
        let ninf = self.b.build_float_compare(FloatPredicate::OEQ, x, ft.const_float(f64::NEG_INFINITY), "")?;
        let y = self.b.build_select(pinf, repl[1], x, "")?;
        let y = self.b.build_select(ninf, repl[2].into(), y, "")?;
        Ok(self.b.build_select(nan, repl[0].into(), y, "")?)
    }

    /// `np.diag(v, k)`: a 1-d array's square matrix, or a 2-d array's k-th diagonal.
    fn diag(&mut self, arr: BV<'ctx>, a: &ArrayType, k: IntValue<'ctx>) -> R<BV<'ctx>> {
        let dt = a.dtype.clone();
        if a.ndim == 1 {
            let len = self.dims(arr, 5, 1)?[0];
            let neg = self.b.build_int_compare(IntPredicate::SLT, k, self.i64(0), "")?;
            let abs_k = self.b.build_select(neg, self.b.build_int_neg(k, "")?, k, "")?.into_int_value();
            let n = self.b.build_int_add(len, abs_k, "")?;
            let out = self.alloc_zeroed(&dt, &[n, n])?;
            let (r0, c0) = (
                self.b.build_select(neg, abs_k, self.i64(0), "")?.into_int_value(),
                self.b.build_select(neg, self.i64(0), k, "")?.into_int_value(),
            );
            self.counted_loop(len, |cx, i| {
                let x = cx.elem_at(arr, a, i)?;
                let p = cx.at2(out, cx.b.build_int_add(i, r0, "")?, cx.b.build_int_add(i, c0, "")?)?;
                cx.store_element(p, x, &dt, &dt)
            })?;
            self.fresh = true;
            return Ok(out);
        }
        if a.ndim != 2 {
            return self.fail("np.diag of arrays with more than 2 dimensions");
        }
        let (d, r0, c0) = self.diagonal(arr, k)?;
        let out = self.alloc_array(&dt, &[d])?;
        self.counted_loop(d, |cx, i| {
            let x = cx.load_element(cx.at2(arr, cx.b.build_int_add(i, r0, "")?, cx.b.build_int_add(i, c0, "")?)?, &dt)?;
            let p = cx.out_ptr(out, &dt, i)?;
            cx.store_element(p, x, &dt, &dt)
        })?;
        self.fresh = true;
        Ok(out)
    }

    /// The length and start (row, column) of the k-th diagonal of a 2-d array.
    fn diagonal(&self, arr: BV<'ctx>, k: IntValue<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>)> {
        let shape = self.dims(arr, 5, 2)?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, k, self.i64(0), "")?;
        let rows = self.b.build_select(neg, self.b.build_int_add(shape[0], k, "")?, shape[0], "")?.into_int_value();
        let pos = self.b.build_int_compare(IntPredicate::SGT, k, self.i64(0), "")?;
        let cols = self.b.build_select(pos, self.b.build_int_sub(shape[1], k, "")?, shape[1], "")?.into_int_value();
        let d = self.smin(rows, cols)?;
        let dneg = self.b.build_int_compare(IntPredicate::SLT, d, self.i64(0), "")?;
        let d = self.b.build_select(dneg, self.i64(0), d, "")?.into_int_value();
        let r0 = self.b.build_select(neg, self.b.build_int_neg(k, "")?, self.i64(0), "")?.into_int_value();
        let c0 = self.b.build_select(neg, self.i64(0), k, "")?.into_int_value();
        Ok((d, r0, c0))
    }

    /// An optional integer argument (absent or left to its default: 0).
    fn opt_int_arg(&self, v: Option<VarId>) -> R<IntValue<'ctx>> {
        match v {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v),
            _ => Ok(self.i64(0)),
        }
    }

    fn smin(&self, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let lt = self.b.build_int_compare(IntPredicate::SLT, a, b, "")?;
        Ok(self.b.build_select(lt, a, b, "")?.into_int_value())
    }

    /// The address of `m[i, j]` of a 2-d array (indices known to be in range).
    fn at2(&self, m: BV<'ctx>, i: IntValue<'ctx>, j: IntValue<'ctx>) -> R<inkwell::values::PointerValue<'ctx>> {
        self.element_ptr(m, 2, &[(i.into(), Type::uint64()), (j.into(), Type::uint64())])
    }
}
