//! NumPy library functions that build new arrays from pieces of others, as Numba's overloads
//! in `arraymath.py`, `arrayobj.py` and `linalg.py` compute them: `np.delete`, `np.insert`,
//! `np.extract`, `np.select`, `np.trim_zeros`, `np.diagflat`, `np.indices`, `np.kron`,
//! `np.trapezoid`, `np.kaiser`, `np.iscomplex`/`np.isreal`/`np.isscalar`, and the checks of
//! `np.hsplit`/`np.vsplit`/`np.dsplit` before `np.split`.
//!
//! The result types come from the type checker (`tt`); the errors are Numba's.

use inkwell::values::{BasicValueEnum, FloatValue, IntValue, PointerValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// Numba's `_i0A`/`_i0B`: the Chebyshev coefficients of the modified Bessel function of
/// order 0 (Cephes), for `|x| <= 8` and `|x| > 8`.
const I0A: [f64; 30] = [
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16, 1.71539128555513303061E-15,
    -1.16853328779934516808E-14, 7.67618549860493561688E-14, -4.85644678311192946090E-13, 2.95505266312963983461E-12,
    -1.72682629144155570723E-11, 9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7, 1.11738753912010371815E-6,
    -4.41673835845875056359E-6, 1.64484480707288970893E-5, -5.75419501008210370398E-5, 1.88502885095841655729E-4,
    -5.76375574538582365885E-4, 1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
    -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2, 1.71620901522208775349E-1,
    -3.04682672343198398683E-1, 6.76795274409476084995E-1,
];
const I0B: [f64; 25] = [
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17, 3.46122286769746109310E-17,
    -2.82762398051658348494E-16, -3.42548561967721913462E-16, 1.77256013305652638360E-15, 3.81168066935262242075E-15,
    -9.55484669882830764870E-15, -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
    7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11, -3.14991652796324136454E-11,
    1.18891471078464383424E-11, 4.94060238822496958910E-10, 3.39623202570838634515E-9, 2.26666899049817806459E-8,
    2.04891858946906374183E-7, 2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
    8.04490411014108831608E-1,
];

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `numpy.<name>(...)` calls of this module; None: not one of them.
    pub(crate) fn arraylib_call(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        let v = match name {
            "isscalar" => {
                let Type::BooleanLiteral(b) = tt else { return self.fail(format!("np.isscalar producing {tt}")) };
                self.ctx.bool_type().const_int(*b as u64, false).into()
            }
            "iscomplex" | "isreal" if args.len() + kws.len() == 1 => {
                let x = arg_kw(args, kws, 0, "x").unwrap_or(VarId(0));
                self.iscomplex(name == "iscomplex", x, tt)?
            }
            "diagflat" => self.diagflat(args, kws, tt)?,
            "indices" if args.len() + kws.len() == 1 => {
                let d = arg_kw(args, kws, 0, "dimensions").unwrap_or(VarId(0));
                self.indices(d, tt)?
            }
            "kaiser" if args.len() + kws.len() == 2 => {
                let (Some(m), Some(beta)) = (arg_kw(args, kws, 0, "M"), arg_kw(args, kws, 1, "beta")) else { return Ok(None) };
                self.kaiser(m, beta, tt)?
            }
            "trapezoid" => self.trapezoid(args, kws, tt)?,
            "extract" if args.len() + kws.len() == 2 => {
                let (Some(c), Some(a)) = (arg_kw(args, kws, 0, "condition"), arg_kw(args, kws, 1, "arr")) else { return Ok(None) };
                self.extract(c, a, tt)?
            }
            "delete" if args.len() + kws.len() == 2 => {
                let (Some(a), Some(o)) = (arg_kw(args, kws, 0, "arr"), arg_kw(args, kws, 1, "obj")) else { return Ok(None) };
                self.delete(a, o, tt)?
            }
            "insert" => {
                let (Some(a), Some(o), Some(vals)) = (arg_kw(args, kws, 0, "arr"), arg_kw(args, kws, 1, "obj"), arg_kw(args, kws, 2, "values")) else {
                    return Ok(None);
                };
                self.insert(a, o, vals, tt)?
            }
            "select" => self.select(args, kws, tt)?,
            "kron" if args.len() + kws.len() == 2 => {
                let (Some(a), Some(b)) = (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "b")) else { return Ok(None) };
                self.kron(a, b, tt)?
            }
            "trim_zeros" => self.trim_zeros(args, kws, tt)?,
            "hsplit" | "vsplit" | "dsplit" if args.len() + kws.len() == 2 => {
                let (Some(a), Some(ios)) = (arg_kw(args, kws, 0, "ary"), arg_kw(args, kws, 1, "indices_or_sections")) else { return Ok(None) };
                self.split_nd(name, a, ios, tt)?
            }
            "unwrap" => self.unwrap(args, kws, tt)?,
            "polynomial.polynomial.polyval" => self.polyval(args, kws, tt)?,
            "polynomial.polynomial.polyadd" => self.poly_arith("polyadd", args, kws, tt)?,
            "polynomial.polynomial.polysub" => self.poly_arith("polysub", args, kws, tt)?,
            "polynomial.polynomial.polymul" => self.poly_arith("polymul", args, kws, tt)?,
            "polynomial.polynomial.polydiv" => self.poly_div(args, kws, tt)?,
            "polynomial.polynomial.polyint" => self.poly_int(args, kws, tt)?,
            "polynomial.polyutils.trimseq" => self.poly_trimseq(args, kws, tt)?,
            "dtype" => self.vt(tt)?.const_zero(),
            "finfo" | "iinfo" if args.len() + kws.len() == 1 => {
                let v = args.first().copied().or(kws.first().map(|(_, v)| *v)).unwrap_or(VarId(0));
                let subject = match self.ty(v)? {
                    Type::NumberClass(t) | Type::DType(t) => t.as_number(),
                    Type::Array(a) => a.dtype.as_number(),
                    t => t.as_number(),
                };
                self.number_info(subject, tt)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// The number of items of an array-like read with [`Self::flat_source`].
    fn flat_count(&self, shape: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        let mut n = self.i64(1);
        for d in shape {
            n = self.b.build_int_mul(n, *d, "")?;
        }
        Ok(n)
    }

    /// `np.iscomplex(x)` (`complex`) / `np.isreal(x)`: `np.asarray(x).imag != 0` (`== 0`).
    fn iscomplex(&mut self, complex: bool, x: VarId, tt: &Type) -> R<BV<'ctx>> {
        let src = self.flat_source(x)?;
        let item = src.item.clone();
        let test = |cx: &Self, v: BV<'ctx>| -> R<IntValue<'ctx>> {
            if item.is_complex() {
                let im = cx.b.build_extract_value(v.into_struct_value(), 1, "")?.into_float_value();
                let zero = im.get_type().const_zero();
                let p = if complex { FloatPredicate::UNE } else { FloatPredicate::OEQ };
                Ok(cx.b.build_float_compare(p, im, zero, "")?)
            } else {
                Ok(cx.ctx.bool_type().const_int((!complex) as u64, false))
            }
        };
        if !matches!(tt, Type::Array(_)) {
            let v = self.flat_item(&src, self.i64(0))?;
            let r = test(self, v)?;
            return self.cast(r.into(), &Type::boolean(), tt);
        }
        let n = self.flat_count(&src.shape)?;
        let bt = Type::boolean();
        if let Type::Array(ra) = tt {
            if !item.is_complex() && ra.layout == Layout::F {
                // All false (true): the layout of `.imag` of a real array, F.
                let out = self.alloc_fortran(&bt, &src.shape)?;
                let data = self.field(out, 4)?.into_pointer_value();
                self.b.build_memset(data, 1, self.ctx.i8_type().const_int((!complex) as u64, false), n)?;
                self.fresh = true;
                return self.cast(out, tt, tt);
            }
        }
        let out = self.alloc_array(&Type::boolean(), &src.shape)?;
        self.counted_loop(n, |cx, i| {
            let v = cx.flat_item(&src, i)?;
            let r = test(cx, v)?;
            let p = cx.out_ptr(out, &bt, i)?;
            cx.store_element(p, r.into(), &bt, &bt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&bt, src.shape.len() as u32, Layout::C), tt)
    }

    /// `np.diagflat(v, k=0)`: `v` flattened onto the `k`-th diagonal of a square of zeros.
    fn diagflat(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(v) = arg_kw(args, kws, 0, "v") else { return self.fail("np.diagflat without its argument") };
        let Type::Array(ra) = tt else { return self.fail(format!("np.diagflat producing {tt}")) };
        let dt = ra.dtype.clone();
        let k = match arg_kw(args, kws, 1, "k") {
            Some(k) if !matches!(self.ty(k)?, Type::Omitted(_)) => self.int_arg(k)?,
            _ => self.i64(0),
        };
        let src = self.flat_source(v)?;
        let s = self.flat_count(&src.shape)?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, k, self.i64(0), "")?;
        let minus_k = self.b.build_int_neg(k, "")?;
        let abs_k = self.b.build_select(neg, minus_k, k, "")?.into_int_value();
        let n = self.b.build_int_add(s, abs_k, "")?;
        let out = self.alloc_zeroed(&dt, &[n, n])?;
        let i0 = self.b.build_select(neg, minus_k, self.i64(0), "")?.into_int_value();
        let j0 = self.b.build_select(neg, self.i64(0), k, "")?.into_int_value();
        self.counted_loop(s, |cx, t| {
            let x = cx.flat_item(&src, t)?;
            let row = cx.b.build_int_add(i0, t, "")?;
            let col = cx.b.build_int_add(j0, t, "")?;
            let at = cx.b.build_int_add(cx.b.build_int_mul(row, n, "")?, col, "")?;
            let p = cx.out_ptr(out, &dt, at)?;
            cx.store_element(p, x, &src.item, &dt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, 2, Layout::C), tt)
    }

    /// `np.indices(dimensions)`: `res[i]` holds each item's index along axis `i`.
    fn indices(&mut self, d: VarId, tt: &Type) -> R<BV<'ctx>> {
        let dt = self.ty(d)?;
        let Some(items) = dt.tuple_items() else { return self.fail(format!("np.indices of {dt}")) };
        let tv = self.load(d)?.into_struct_value();
        let mut dims = Vec::new();
        for (k, it) in items.iter().enumerate() {
            let x = self.b.build_extract_value(tv, k as u32, "")?;
            dims.push(self.cast(x, it, &Type::int64())?.into_int_value());
        }
        let mut shape = vec![self.i64(items.len() as i64)];
        shape.extend(dims.iter().copied());
        let it = Type::int64();
        let out = self.alloc_array(&it, &shape)?;
        let per = self.flat_count(&dims)?;
        for (axis, dim) in dims.iter().enumerate() {
            // The index along `axis` of flat position p: (p / inner) % dim.
            let inner = self.flat_count(&dims[axis + 1..])?;
            let base = self.b.build_int_mul(self.i64(axis as i64), per, "")?;
            let (dim, it2) = (*dim, it.clone());
            self.counted_loop(per, |cx, p| {
                let q = cx.b.build_int_signed_div(p, inner, "")?;
                let r = cx.b.build_int_signed_rem(q, dim, "")?;
                let at = cx.b.build_int_add(base, p, "")?;
                cx.store_element(cx.out_ptr(out, &it2, at)?, r.into(), &it2, &it2)
            })?;
        }
        self.fresh = true;
        self.cast(out, &array_type(&it, shape.len() as u32, Layout::C), tt)
    }

    /// Numba's `_chbevl(x, vals)`: a Chebyshev series.
    fn chbevl(&self, x: FloatValue<'ctx>, vals: &[f64]) -> R<FloatValue<'ctx>> {
        let f = self.ctx.f64_type();
        let mut b0 = f.const_float(vals[0]);
        let mut b1 = f.const_float(0.0);
        let mut b2 = b1;
        for v in &vals[1..] {
            b2 = b1;
            b1 = b0;
            let t = self.b.build_float_mul(x, b1, "")?;
            let t = self.b.build_float_sub(t, b2, "")?;
            b0 = self.b.build_float_add(t, f.const_float(*v), "")?;
        }
        let d = self.b.build_float_sub(b0, b2, "")?;
        Ok(self.b.build_float_mul(f.const_float(0.5), d, "")?)
    }

    /// Numba's `_i0(x)`: the modified Bessel function of order 0.
    fn bessel_i0(&mut self, x: FloatValue<'ctx>) -> R<FloatValue<'ctx>> {
        let f = self.ctx.f64_type();
        let ft = Type::float64();
        let neg = self.b.build_float_compare(FloatPredicate::OLT, x, f.const_zero(), "")?;
        let x = self.b.build_select(neg, self.b.build_float_neg(x, "")?, x, "")?.into_float_value();
        let res = self.temp(f.into())?;
        let small = self.b.build_float_compare(FloatPredicate::OLE, x, f.const_float(8.0), "")?;
        let (lo, hi, done) = (self.new_block("i0_small"), self.new_block("i0_large"), self.new_block("i0_done"));
        self.b.build_conditional_branch(small, lo, hi)?;
        self.b.position_at_end(lo);
        let y = self.b.build_float_sub(self.b.build_float_mul(f.const_float(0.5), x, "")?, f.const_float(2.0), "")?;
        let e = self.ufunc_elem("exp", &[(x.into(), ft.clone())], NumericKind::Float64)?.into_float_value();
        let r = self.b.build_float_mul(e, self.chbevl(y, &I0A)?, "")?;
        self.b.build_store(res, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(hi);
        let y = self.b.build_float_sub(self.b.build_float_div(f.const_float(32.0), x, "")?, f.const_float(2.0), "")?;
        let e = self.ufunc_elem("exp", &[(x.into(), ft.clone())], NumericKind::Float64)?.into_float_value();
        let r = self.b.build_float_mul(e, self.chbevl(y, &I0B)?, "")?;
        let s = self.ufunc_elem("sqrt", &[(x.into(), ft)], NumericKind::Float64)?.into_float_value();
        let r = self.b.build_float_div(r, s, "")?;
        self.b.build_store(res, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(f, res, "")?.into_float_value())
    }

    /// NumPy's broadcast of two 1-d lengths: equal, or one of them 1 (else its ValueError).
    fn guard_broadcast_len(&mut self, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<()> {
        let same = self.b.build_int_compare(IntPredicate::EQ, a, b, "")?;
        let a1 = self.b.build_int_compare(IntPredicate::EQ, a, self.i64(1), "")?;
        let b1 = self.b.build_int_compare(IntPredicate::EQ, b, self.i64(1), "")?;
        let ok = self.b.build_or(same, self.b.build_or(a1, b1, "")?, "")?;
        self.guard(self.b.build_not(ok, "")?, ExcKind::ValueError, "operands could not be broadcast together")
    }

    /// `np.polynomial.polynomial.polyval(x, c, tensor=True)` as Numba's `poly_polyval`: with
    /// `c` as an array of the result dtype, `y = c[l - 1] + x * 0`, then `y = c[i - 1] + y * x`
    /// down to `i = 1`, for a number `x` or item by item of an array-like one. A 2-d `c` holds
    /// one series per column `j`: with `tensor` (Numba reshapes `c` to `c.shape + (1,) *
    /// x.ndim`) the result is `[j, *x_index]`; without, column `j` meets `x[j]` (a 1-d `x`,
    /// broadcast against the columns).
    fn polyval(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(xv), Some(cv)) = (arg_kw(args, kws, 0, "x"), arg_kw(args, kws, 1, "c")) else { return self.fail("polyval without x and c") };
        let tensor = match arg_kw(args, kws, 2, "tensor").map(|v| self.ty(v)).transpose()? {
            Some(Type::BooleanLiteral(b)) => b,
            _ => true,
        };
        let kind_t = match tt {
            Type::Array(a) => a.dtype.clone(),
            t => t.clone(),
        };
        let Some(k) = numeric(&kind_t) else { return self.fail(format!("polyval giving {tt}")) };
        let c = self.flat_source(cv)?;
        if c.shape.len() > 2 {
            return self.fail("np.polynomial.polynomial.polyval with coefficients of more than two dimensions is not supported by numrs build yet");
        }
        // A number `c` is one coefficient (`c + x * 0`).
        let l = c.shape.first().copied().unwrap_or(self.i64(1));
        // The series (columns of a 2-d `c`).
        let m = c.shape.get(1).copied();
        let empty = self.b.build_int_compare(IntPredicate::EQ, l, self.i64(0), "")?;
        self.guard(empty, ExcKind::IndexError, "index out of bounds")?;
        // Horner's rule on series `col` (0 for a 1-d `c`) at `x`.
        let horner = |cx: &mut Self, x: BV<'ctx>, col: IntValue<'ctx>| -> R<BV<'ctx>> {
            let item = |cx: &mut Self, i: IntValue<'ctx>| -> R<BV<'ctx>> {
                let flat = match m {
                    Some(m) => cx.b.build_int_add(cx.b.build_int_mul(i, m, "")?, col, "")?,
                    None => i,
                };
                let v = cx.flat_item(&c, flat)?;
                cx.cast(v, &c.item, &kind_t)
            };
            let last = cx.b.build_int_sub(l, cx.i64(1), "")?;
            let cl = item(cx, last)?;
            let zero = cx.cast(cx.i64(0).into(), &Type::int64(), &kind_t)?;
            let xz = cx.ufunc_elem("multiply", &[(x, kind_t.clone()), (zero, kind_t.clone())], k)?;
            let y0 = cx.ufunc_elem("add", &[(cl, kind_t.clone()), (xz, kind_t.clone())], k)?;
            let y = cx.frame_alloca(cx.vt(&kind_t)?, "horner")?;
            cx.b.build_store(y, y0)?;
            cx.counted_loop(last, |cx, j| {
                // i = l - 1 - j, reading c[i - 1].
                let i1 = cx.b.build_int_sub(last, j, "")?;
                let i0 = cx.b.build_int_sub(i1, cx.i64(1), "")?;
                let ci = item(cx, i0)?;
                let cur = cx.b.build_load(cx.vt(&kind_t)?, y, "")?;
                let yx = cx.ufunc_elem("multiply", &[(cur, kind_t.clone()), (x, kind_t.clone())], k)?;
                let next = cx.ufunc_elem("add", &[(ci, kind_t.clone()), (yx, kind_t.clone())], k)?;
                cx.b.build_store(y, next)?;
                Ok(())
            })?;
            Ok(cx.b.build_load(cx.vt(&kind_t)?, y, "")?)
        };
        let xt = self.ty(xv)?;
        let scalar_x = numeric(&xt).is_some();
        match (tt, m) {
            (Type::Array(_), None) => {
                let xs = self.flat_source(xv)?;
                let out = self.alloc_array(&kind_t, &xs.shape)?;
                let n = self.field(out, 2)?.into_int_value();
                let item_t = xs.item.clone();
                self.counted_loop(n, |cx, i| {
                    let x = cx.flat_item(&xs, i)?;
                    let x = cx.cast(x, &item_t, &kind_t)?;
                    let y = horner(cx, x, cx.i64(0))?;
                    let p = cx.out_ptr(out, &kind_t, i)?;
                    cx.store_element(p, y, &kind_t, &kind_t)
                })?;
                self.fresh = true;
                Ok(out)
            }
            // A number `x`: one value per series.
            (Type::Array(_), Some(m)) if scalar_x => {
                let x = self.load(xv)?;
                let x = self.cast(x, &xt, &kind_t)?;
                let out = self.alloc_array(&kind_t, &[m])?;
                self.counted_loop(m, |cx, j| {
                    let y = horner(cx, x, j)?;
                    let p = cx.out_ptr(out, &kind_t, j)?;
                    cx.store_element(p, y, &kind_t, &kind_t)
                })?;
                self.fresh = true;
                Ok(out)
            }
            (Type::Array(_), Some(m)) if tensor => {
                let xs = self.flat_source(xv)?;
                let mut shape = vec![m];
                shape.extend(xs.shape.iter().copied());
                let out = self.alloc_array(&kind_t, &shape)?;
                let n = self.flat_count(&xs.shape)?;
                let item_t = xs.item.clone();
                self.counted_loop(m, |cx, j| {
                    cx.counted_loop(n, |cx, i| {
                        let x = cx.flat_item(&xs, i)?;
                        let x = cx.cast(x, &item_t, &kind_t)?;
                        let y = horner(cx, x, j)?;
                        let at = cx.b.build_int_add(cx.b.build_int_mul(j, n, "")?, i, "")?;
                        let p = cx.out_ptr(out, &kind_t, at)?;
                        cx.store_element(p, y, &kind_t, &kind_t)
                    })
                })?;
                self.fresh = true;
                Ok(out)
            }
            // `tensor=False`: `c[l - 1]` (the series' values) broadcast against a 1-d `x`.
            (Type::Array(_), Some(m)) => {
                let xs = self.flat_source(xv)?;
                if xs.shape.len() != 1 {
                    return self.fail("np.polynomial.polynomial.polyval with tensor=False of points of other than one dimension is not supported by numrs build yet");
                }
                let n = xs.shape[0];
                self.guard_broadcast_len(n, m)?;
                let n1 = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(1), "")?;
                let m1 = self.b.build_int_compare(IntPredicate::EQ, m, self.i64(1), "")?;
                let len = self.b.build_select(m1, n, m, "")?.into_int_value();
                let out = self.alloc_array(&kind_t, &[len])?;
                let item_t = xs.item.clone();
                self.counted_loop(len, |cx, j| {
                    let xi = cx.b.build_select(n1, cx.i64(0), j, "")?.into_int_value();
                    let col = cx.b.build_select(m1, cx.i64(0), j, "")?.into_int_value();
                    let x = cx.flat_item(&xs, xi)?;
                    let x = cx.cast(x, &item_t, &kind_t)?;
                    let y = horner(cx, x, col)?;
                    let p = cx.out_ptr(out, &kind_t, j)?;
                    cx.store_element(p, y, &kind_t, &kind_t)
                })?;
                self.fresh = true;
                Ok(out)
            }
            _ => {
                let x = self.load(xv)?;
                let x = self.cast(x, &xt, &kind_t)?;
                horner(self, x, self.i64(0))
            }
        }
    }

    /// `np.unwrap(p, discont=None, axis=-1, period=2π)` as Numba's `numpy_unwrap`: `p` as a
    /// new C array of the result dtype, each row along the last axis corrected by the running
    /// sum of `mod(dd - low, period) + low - dd` (zero where `|dd| < discont`), `dd` the
    /// differences of the row. Integer results (integer `p` and `period`) work in int64 with
    /// `divmod(period, 2)`'s bounds, others in float64.
    fn unwrap(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.unwrap producing {tt}")) };
        let dt = ra.dtype.clone();
        let Some(dk) = numeric(&dt).filter(|k| !k.is_complex()) else { return self.fail(format!("np.unwrap of {dt}")) };
        let given = |cx: &Self, k: usize, name: &str| -> R<Option<VarId>> {
            Ok(match arg_kw(args, kws, k, name) {
                Some(v) if !matches!(cx.ty(v)?, Type::Omitted(_) | Type::NoneType) => Some(v),
                _ => None,
            })
        };
        let (Some(p), discont, axis, period) = (arg_kw(args, kws, 0, "p"), given(self, 1, "discont")?, given(self, 2, "axis")?, given(self, 3, "period")?) else {
            return self.fail("np.unwrap without p");
        };
        if let Some(a) = axis {
            let a = self.int_arg(a)?;
            let other = self.b.build_int_compare(IntPredicate::NE, a, self.i64(-1), "")?;
            self.guard(other, ExcKind::ValueError, "Value for argument \"axis\" is not supported")?;
        }
        let integer = dk.is_integer() || dk == NumericKind::Boolean;
        let (wk, wt) = if integer { (NumericKind::Int64, Type::int64()) } else { (NumericKind::Float64, Type::float64()) };
        let f64t = Type::float64();
        let (per_v, per_t) = match period {
            Some(v) => (self.load(v)?, self.ty(v)?.unliteral()),
            None => (self.ctx.f64_type().const_float(std::f64::consts::TAU).into(), f64t.clone()),
        };
        let per = self.cast(per_v, &per_t, &wt)?;
        let per_f = self.cast(per_v, &per_t, &f64t)?;
        let half_f = self.ufunc_elem("divide", &[(per_f, f64t.clone()), (self.ctx.f64_type().const_float(2.0).into(), f64t.clone())], NumericKind::Float64)?;
        // `interval_high, rem = divmod(period, 2)` / `period / 2`.
        let (high, ambiguous) = if integer {
            let two: BV<'ctx> = self.i64(2).into();
            let high = self.scalar_op_sig("operator.floordiv", &[per, two], &[wt.clone(), wt.clone()], &wt)?;
            let rem = self.scalar_op_sig("operator.mod", &[per, two], &[wt.clone(), wt.clone()], &wt)?;
            (high, self.b.build_int_compare(IntPredicate::EQ, rem.into_int_value(), self.i64(0), "")?)
        } else {
            (half_f, self.ctx.bool_type().const_int(1, false))
        };
        let low = self.ufunc_elem("negative", &[(high, wt.clone())], wk)?;
        // `|dd| < discont` compares as int64 only when both are integers.
        let (disc_v, disc_t) = match discont {
            Some(v) => (self.load(v)?, self.ty(v)?.unliteral()),
            None => (half_f, f64t.clone()),
        };
        let ct = if integer && numeric(&disc_t).is_some_and(|k| k.is_integer()) { wt.clone() } else { f64t.clone() };
        let disc = self.cast(disc_v, &disc_t, &ct)?;
        let src = self.flat_source(p)?;
        let Some(&last) = src.shape.last() else { return self.fail("np.unwrap of a 0-d array") };
        let mut size = self.i64(1);
        for d in &src.shape {
            size = self.b.build_int_mul(size, *d, "")?;
        }
        let empty_rows = self.b.build_int_compare(IntPredicate::EQ, last, self.i64(0), "")?;
        self.guard(empty_rows, ExcKind::ZeroDivisionError, "integer division by zero")?;
        let rows = self.b.build_int_signed_div(size, last, "")?;
        let out = self.alloc_array(&dt, &src.shape)?;
        let acc = self.frame_alloca(self.vt(&wt)?, "unwrap_acc")?;
        let rest = self.b.build_int_sub(last, self.i64(1), "")?;
        let item_t = src.item.clone();
        let lt = |cx: &Self, a: BV<'ctx>, b: BV<'ctx>, t: &Type, pred: (IntPredicate, inkwell::FloatPredicate)| -> R<IntValue<'ctx>> {
            Ok(if numeric(t).is_some_and(|k| k.is_float()) {
                cx.b.build_float_compare(pred.1, a.into_float_value(), b.into_float_value(), "")?
            } else {
                cx.b.build_int_compare(pred.0, a.into_int_value(), b.into_int_value(), "")?
            })
        };
        self.counted_loop(rows, |cx, r| {
            let base = cx.b.build_int_mul(r, last, "")?;
            let x0 = cx.flat_item(&src, base)?;
            let x0 = cx.cast(x0, &item_t, &dt)?;
            let p0 = cx.out_ptr(out, &dt, base)?;
            cx.store_element(p0, x0, &dt, &dt)?;
            cx.b.build_store(acc, cx.vt(&wt)?.const_zero())?;
            cx.counted_loop(rest, |cx, k| {
                let at = cx.b.build_int_add(base, k, "")?;
                let at1 = cx.b.build_int_add(at, cx.i64(1), "")?;
                let a = cx.flat_item(&src, at)?;
                let a = cx.cast(a, &item_t, &dt)?;
                let b = cx.flat_item(&src, at1)?;
                let b = cx.cast(b, &item_t, &dt)?;
                // `np.diff(row)` in the dtype, then the correction in the working type.
                let dd = cx.ufunc_elem("subtract", &[(b, dt.clone()), (a, dt.clone())], dk)?;
                let ddw = cx.cast(dd, &dt, &wt)?;
                let shifted = cx.ufunc_elem("subtract", &[(ddw, wt.clone()), (low, wt.clone())], wk)?;
                let m = cx.ufunc_elem("remainder", &[(shifted, wt.clone()), (per, wt.clone())], wk)?;
                let ddmod = cx.ufunc_elem("add", &[(m, wt.clone()), (low, wt.clone())], wk)?;
                let at_low = lt(cx, ddmod, low, &wt, (IntPredicate::EQ, inkwell::FloatPredicate::OEQ))?;
                let zero = cx.vt(&wt)?.const_zero();
                let rising = lt(cx, ddw, zero, &wt, (IntPredicate::SGT, inkwell::FloatPredicate::OGT))?;
                let flip = cx.b.build_and(at_low, rising, "")?;
                let flip = cx.b.build_and(flip, ambiguous, "")?;
                let ddmod = cx.b.build_select(flip, high, ddmod, "")?;
                let ph = cx.ufunc_elem("subtract", &[(ddmod, wt.clone()), (ddw, wt.clone())], wk)?;
                let mag = cx.ufunc_elem("absolute", &[(dd, dt.clone())], dk)?;
                let mag = cx.cast(mag, &dt, &ct)?;
                let small = lt(cx, mag, disc, &ct, (IntPredicate::SLT, inkwell::FloatPredicate::OLT))?;
                let ph = cx.b.build_select(small, zero, ph, "")?;
                let sum = cx.b.build_load(cx.vt(&wt)?, acc, "")?;
                let sum = cx.ufunc_elem("add", &[(sum, wt.clone()), (ph, wt.clone())], wk)?;
                cx.b.build_store(acc, sum)?;
                let bw = cx.cast(b, &dt, &wt)?;
                let y = cx.ufunc_elem("add", &[(bw, wt.clone()), (sum, wt.clone())], wk)?;
                let q = cx.out_ptr(out, &dt, at1)?;
                cx.store_element(q, y, &wt, &dt)
            })
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&dt, src.shape.len() as u32, Layout::C), tt)
    }

    /// `np.kaiser(M, beta)` as Numba's `np_kaiser_impl` and `_i0n`.
    fn kaiser(&mut self, m: VarId, beta: VarId, tt: &Type) -> R<BV<'ctx>> {
        let f = self.ctx.f64_type();
        let ft = Type::float64();
        let mv = self.int_arg(m)?;
        let bt = self.ty(beta)?;
        let bv = self.load(beta)?;
        let beta = self.cast(bv, &bt, &ft)?.into_float_value();
        // M < 1: empty; M == 1: [1.0].
        let count = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, mv, self.i64(0), "")?, self.i64(0), mv, "")?.into_int_value();
        let out = self.alloc_array(&ft, &[count])?;
        let one = self.b.build_int_compare(IntPredicate::EQ, mv, self.i64(1), "")?;
        let (single, many, done) = (self.new_block("kaiser_one"), self.new_block("kaiser_many"), self.new_block("kaiser_done"));
        let more = self.b.build_int_compare(IntPredicate::SGT, mv, self.i64(1), "")?;
        let not_one = self.new_block("kaiser_not_one");
        self.b.build_conditional_branch(one, single, not_one)?;
        self.b.position_at_end(single);
        self.b.build_store(self.out_ptr(out, &ft, self.i64(0))?, f.const_float(1.0))?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(not_one);
        self.b.build_conditional_branch(more, many, done)?;
        self.b.position_at_end(many);
        let mf = self.b.build_signed_int_to_float(self.b.build_int_sub(mv, self.i64(1), "")?, f, "")?;
        let alpha = self.b.build_float_div(mf, f.const_float(2.0), "")?;
        let t = self.bessel_i0(beta)?;
        self.counted_loop(mv, |cx, i| {
            let nf = cx.b.build_signed_int_to_float(i, f, "")?;
            let r = cx.b.build_float_div(cx.b.build_float_sub(nf, alpha, "")?, alpha, "")?;
            let sq = cx.b.build_float_mul(r, r, "")?;
            let arg = cx.b.build_float_sub(f.const_float(1.0), sq, "")?;
            let s = cx.ufunc_elem("sqrt", &[(arg.into(), Type::float64())], NumericKind::Float64)?.into_float_value();
            let x = cx.b.build_float_mul(beta, s, "")?;
            let v = cx.bessel_i0(x)?;
            let v = cx.b.build_float_div(v, t, "")?;
            cx.b.build_store(cx.out_ptr(out, &Type::float64(), i)?, v)?;
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        self.fresh = true;
        self.cast(out, &array_type(&ft, 1, Layout::C), tt)
    }

    /// `np.trapezoid(y, x=None, dx=1.0)` of a 1-d `y`: `sum(d * (y[1:] + y[:-1]) / 2.0)`, with
    /// `d` the differences of `x` or `dx`.
    fn trapezoid(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(yv) = arg_kw(args, kws, 0, "y") else { return self.fail("np.trapezoid without its argument") };
        let ys = self.flat_source(yv)?;
        let nd = ys.shape.len();
        let result_dtype = match tt {
            Type::Array(ra) => ra.dtype.clone(),
            t => t.clone(),
        };
        // Complex128 items: NumPy's complex loops for `+`, `/ 2.0` and `d *`, summed part by part.
        let complex = result_dtype.is_complex() || ys.item.is_complex();
        if nd == 0 || (complex && numeric(&ys.item) != Some(NumericKind::Complex128)) {
            return self.fail("np.trapezoid of other than a real or complex128 array is not supported by numrs build yet");
        }
        let f = self.ctx.f64_type();
        let ft = if complex { Type::Number(NumericKind::Complex128) } else { Type::float64() };
        let c128 = NumericKind::Complex128;
        // Along the last axis: one sum per row (`np.sum(d * y_ave, -1)`), the rows in C order.
        let n = ys.shape[nd - 1];
        let rows = self.flat_count(&ys.shape[..nd - 1])?;
        let pairs = self.b.build_int_sub(n, self.i64(1), "")?;
        let pairs = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, pairs, self.i64(0), "")?, self.i64(0), pairs, "")?.into_int_value();
        let xv = arg_kw(args, kws, 1, "x").filter(|v| !matches!(self.ty(*v), Ok(Type::Omitted(_)) | Ok(Type::NoneType)));
        let dxv = arg_kw(args, kws, 2, "dx").filter(|v| !matches!(self.ty(*v), Ok(Type::Omitted(_))));
        let xs = match xv {
            Some(x) => {
                let xs = self.flat_source(x)?;
                if xs.shape.len() != 1 || xs.item.is_complex() {
                    return self.fail("np.trapezoid with an x that is not a 1-d real array is not supported by numrs build yet");
                }
                // `d * y_ave` broadcasts the two 1-d arrays of `len - 1` items.
                let dn = self.b.build_int_sub(xs.shape[0], self.i64(1), "")?;
                let dn = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, dn, self.i64(0), "")?, self.i64(0), dn, "")?.into_int_value();
                self.guard_broadcast_len(dn, pairs)?;
                Some((xs, dn))
            }
            None => None,
        };
        // `dx` a number, or (without `x`) an array-like Numba's `_get_d` takes as `np.asarray(dx)`:
        // its items are the spacings, broadcast against the pairs as `d * y_ave` does.
        let mut dxs = None;
        let dx = match dxv {
            Some(d) if xs.is_none() && numeric(&self.ty(d)?).is_none() => {
                let ds = self.flat_source(d)?;
                if ds.shape.len() != 1 || ds.item.is_complex() {
                    return self.fail(format!("np.trapezoid with dx of type {} is not supported by numrs build yet", self.ty(d)?));
                }
                let dn = ds.shape[0];
                self.guard_broadcast_len(dn, pairs)?;
                dxs = Some((ds, dn));
                f.const_float(1.0)
            }
            Some(d) => {
                let (v, t) = (self.load(d)?, self.ty(d)?);
                if numeric(&t).is_none_or(|k| k.is_complex()) {
                    return self.fail(format!("np.trapezoid with dx of type {t} is not supported by numrs build yet"));
                }
                self.cast(v, &t, &Type::float64())?.into_float_value()
            }
            None => f.const_float(1.0),
        };
        let total = match xs.as_ref().map(|(_, dn)| *dn).or(dxs.as_ref().map(|(_, dn)| *dn)) {
            Some(dn) => self.b.build_select(self.b.build_int_compare(IntPredicate::EQ, pairs, self.i64(1), "")?, dn, pairs, "")?.into_int_value(),
            None => pairs,
        };
        let acc_t = self.vt(&ft)?;
        let acc = self.temp(acc_t)?;
        let yk = numeric(&ys.item).unwrap_or(NumericKind::Float64);
        let out = match tt {
            Type::Array(_) => Some(self.alloc_array(&ft, &ys.shape[..nd - 1])?),
            _ => None,
        };
        self.counted_loop(rows, |cx, row| {
        cx.b.build_store(acc, acc_t.const_zero())?;
        let base = cx.b.build_int_mul(row, n, "")?;
        cx.counted_loop(total, |cx, i| {
            let yi = cx.b.build_select(cx.b.build_int_compare(IntPredicate::EQ, pairs, cx.i64(1), "")?, cx.i64(0), i, "")?.into_int_value();
            let yi = cx.b.build_int_add(base, yi, "")?;
            let a = cx.flat_item(&ys, cx.b.build_int_add(yi, cx.i64(1), "")?)?;
            let b = cx.flat_item(&ys, yi)?;
            // `(y[1:] + y[:-1]) / 2.0` is one fused array expression in Numba, computed with
            // scalar semantics: booleans and integers add as 64-bit integers (no wrapping).
            let ak = if yk == NumericKind::Boolean || yk.is_signed_int() {
                NumericKind::Int64
            } else if yk.is_integer() {
                NumericKind::UInt64
            } else {
                yk
            };
            let a = cx.cast(a, &ys.item, &Type::Number(ak))?;
            let b = cx.cast(b, &ys.item, &Type::Number(ak))?;
            let s = cx.ufunc_elem("add", &[(a, Type::Number(ak)), (b, Type::Number(ak))], ak)?;
            let s = cx.cast(s, &Type::Number(ak), &ft)?;
            let ave = if complex {
                let two = cx.cast(f.const_float(2.0).into(), &Type::float64(), &ft)?;
                cx.ufunc_elem("true_divide", &[(s, ft.clone()), (two, ft.clone())], c128)?
            } else {
                cx.b.build_float_div(s.into_float_value(), f.const_float(2.0), "")?.into()
            };
            let d = match &xs {
                Some((xs, dn)) => {
                    let xi = cx.b.build_select(cx.b.build_int_compare(IntPredicate::EQ, *dn, cx.i64(1), "")?, cx.i64(0), i, "")?.into_int_value();
                    let hi = cx.flat_item(xs, cx.b.build_int_add(xi, cx.i64(1), "")?)?;
                    let lo = cx.flat_item(xs, xi)?;
                    let xk = numeric(&xs.item).unwrap_or(NumericKind::Float64);
                    let dd = cx.ufunc_elem("subtract", &[(hi, xs.item.clone()), (lo, xs.item.clone())], xk)?;
                    cx.cast(dd, &Type::Number(xk), &Type::float64())?.into_float_value()
                }
                None => match &dxs {
                    Some((ds, dn)) => {
                        let di = cx.b.build_select(cx.b.build_int_compare(IntPredicate::EQ, *dn, cx.i64(1), "")?, cx.i64(0), i, "")?.into_int_value();
                        let v = cx.flat_item(ds, di)?;
                        cx.cast(v, &ds.item, &Type::float64())?.into_float_value()
                    }
                    None => dx,
                },
            };
            let cur = cx.b.build_load(acc_t, acc, "")?;
            let next: BV<'ctx> = if complex {
                let dc = cx.cast(d.into(), &Type::float64(), &ft)?;
                let term = cx.ufunc_elem("multiply", &[(dc, ft.clone()), (ave, ft.clone())], c128)?;
                cx.ufunc_elem("add", &[(cur, ft.clone()), (term, ft.clone())], c128)?
            } else {
                let term = cx.b.build_float_mul(d, ave.into_float_value(), "")?;
                cx.b.build_float_add(cur.into_float_value(), term, "")?.into()
            };
            cx.b.build_store(acc, next)?;
            Ok(())
        })?;
        if let Some(out) = out {
            let r = cx.b.build_load(acc_t, acc, "")?;
            let p = cx.out_ptr(out, &ft, row)?;
            cx.b.build_store(p, r)?;
        }
        Ok(())
        })?;
        match out {
            Some(out) => {
                self.fresh = true;
                self.cast(out, &array_type(&ft, (nd - 1) as u32, Layout::C), tt)
            }
            None => {
                let r = self.b.build_load(acc_t, acc, "")?;
                self.cast(r, &ft, tt)
            }
        }
    }

    /// `np.extract(condition, arr)`: the items of `arr` (C order) where `condition` is true.
    fn extract(&mut self, c: VarId, a: VarId, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.extract producing {tt}")) };
        let dt = ra.dtype.clone();
        let cs = self.flat_source(c)?;
        let asrc = self.flat_source(a)?;
        let cn = self.flat_count(&cs.shape)?;
        let an = self.flat_count(&asrc.shape)?;
        let empty = self.b.build_int_compare(IntPredicate::EQ, an, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "Cannot extract from an empty array")?;
        // A true condition past the end of `arr` is an error.
        let i64t = self.ctx.i64_type();
        let extra = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(extra, self.ctx.bool_type().const_zero())?;
        let rest = self.b.build_int_sub(cn, an, "")?;
        let rest = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, rest, self.i64(0), "")?, self.i64(0), rest, "")?.into_int_value();
        let citem = cs.item.clone();
        self.counted_loop(rest, |cx, j| {
            let x = cx.flat_item(&cs, cx.b.build_int_add(an, j, "")?)?;
            let t = cx.truth(x, &citem)?;
            let cur = cx.b.build_load(cx.ctx.bool_type(), extra, "")?.into_int_value();
            cx.b.build_store(extra, cx.b.build_or(cur, t, "")?)?;
            Ok(())
        })?;
        let bad = self.b.build_load(self.ctx.bool_type(), extra, "")?.into_int_value();
        self.guard(bad, ExcKind::ValueError, "condition shape inconsistent with arr shape")?;
        let m = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, an, cn, "")?, an, cn, "")?.into_int_value();
        let count = self.temp(i64t.into())?;
        self.b.build_store(count, self.i64(0))?;
        self.counted_loop(m, |cx, i| {
            let x = cx.flat_item(&cs, i)?;
            let t = cx.truth(x, &citem)?;
            let cur = cx.b.build_load(i64t, count, "")?.into_int_value();
            cx.b.build_store(count, cx.b.build_int_add(cur, cx.b.build_int_z_extend(t, i64t, "")?, "")?)?;
            Ok(())
        })?;
        let total = self.b.build_load(i64t, count, "")?.into_int_value();
        let out = self.alloc_array(&dt, &[total])?;
        self.b.build_store(count, self.i64(0))?;
        self.counted_loop(m, |cx, i| {
            let x = cx.flat_item(&cs, i)?;
            let t = cx.truth(x, &citem)?;
            let (yes, next) = (cx.new_block("extract_take"), cx.new_block("extract_next"));
            cx.b.build_conditional_branch(t, yes, next)?;
            cx.b.position_at_end(yes);
            let v = cx.flat_item(&asrc, i)?;
            let k = cx.b.build_load(i64t, count, "")?.into_int_value();
            cx.store_element(cx.out_ptr(out, &dt, k)?, v, &asrc.item, &dt)?;
            cx.b.build_store(count, cx.b.build_int_add(k, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, 1, Layout::C), tt)
    }

    /// A held boolean mask of `n` items, all `init`.
    fn mask(&mut self, n: IntValue<'ctx>, init: bool) -> R<(BV<'ctx>, PointerValue<'ctx>)> {
        let bt = Type::boolean();
        let m = self.alloc_array(&bt, &[n])?;
        let slot = self.hold_temp(m, &array_type(&bt, 1, Layout::C))?;
        let data = self.field(m, 4)?.into_pointer_value();
        self.b.build_memset(data, 1, self.ctx.i8_type().const_int(init as u64, false), n)?;
        Ok((m, slot))
    }

    fn mask_set(&self, m: BV<'ctx>, i: IntValue<'ctx>, v: bool) -> R<()> {
        let bt = Type::boolean();
        let p = self.out_ptr(m, &bt, i)?;
        self.store_element(p, self.ctx.bool_type().const_int(v as u64, false).into(), &bt, &bt)
    }

    fn mask_get(&self, m: BV<'ctx>, i: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let bt = Type::boolean();
        Ok(self.load_element(self.out_ptr(m, &bt, i)?, &bt)?.into_int_value())
    }

    /// A new 1-d array of the items of `src` where the mask `keep` is true.
    fn masked_copy(&mut self, src: &crate::npfuncs::FlatSource<'ctx>, n: IntValue<'ctx>, keep: BV<'ctx>, dt: &Type) -> R<BV<'ctx>> {
        let i64t = self.ctx.i64_type();
        let count = self.temp(i64t.into())?;
        self.b.build_store(count, self.i64(0))?;
        self.counted_loop(n, |cx, i| {
            let t = cx.mask_get(keep, i)?;
            let cur = cx.b.build_load(i64t, count, "")?.into_int_value();
            cx.b.build_store(count, cx.b.build_int_add(cur, cx.b.build_int_z_extend(t, i64t, "")?, "")?)?;
            Ok(())
        })?;
        let total = self.b.build_load(i64t, count, "")?.into_int_value();
        let out = self.alloc_array(dt, &[total])?;
        self.b.build_store(count, self.i64(0))?;
        self.counted_loop(n, |cx, i| {
            let t = cx.mask_get(keep, i)?;
            let (yes, next) = (cx.new_block("mask_take"), cx.new_block("mask_next"));
            cx.b.build_conditional_branch(t, yes, next)?;
            cx.b.position_at_end(yes);
            let v = cx.flat_item(src, i)?;
            let k = cx.b.build_load(i64t, count, "")?.into_int_value();
            cx.store_element(cx.out_ptr(out, dt, k)?, v, &src.item, dt)?;
            cx.b.build_store(count, cx.b.build_int_add(k, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        Ok(out)
    }

    /// `np.delete(arr, obj)` of the flattened `arr`.
    fn delete(&mut self, a: VarId, o: VarId, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.delete producing {tt}")) };
        let dt = ra.dtype.clone();
        let src = self.flat_source(a)?;
        let n = self.flat_count(&src.shape)?;
        let ot = self.ty(o)?;
        let ov = self.load(o)?;
        let (keep, slot) = self.mask(n, true)?;
        match &ot {
            Type::Slice2 | Type::Slice3 => {
                let (start, len, step) = self.fix_slice(ov.into_struct_value(), n)?;
                self.counted_loop(len, |cx, j| {
                    let i = cx.b.build_int_add(start, cx.b.build_int_mul(j, step, "")?, "")?;
                    cx.mask_set(keep, i, false)
                })?;
            }
            t if numeric(t).is_some_and(|k| k.is_integer()) => {
                let pos = self.cast(ov, t, &Type::int64())?.into_int_value();
                let lo = self.b.build_int_compare(IntPredicate::SLT, pos, self.b.build_int_neg(n, "")?, "")?;
                let hi = self.b.build_int_compare(IntPredicate::SGE, pos, n, "")?;
                self.guard(self.b.build_or(lo, hi, "")?, ExcKind::IndexError, "obj must be less than the len(arr)")?;
                let neg = self.b.build_int_compare(IntPredicate::SLT, pos, self.i64(0), "")?;
                let pos = self.b.build_select(neg, self.b.build_int_add(pos, n, "")?, pos, "")?.into_int_value();
                self.mask_set(keep, pos, false)?;
            }
            _ => {
                // `keep[obj] = False` with an array (or sequence) of integers.
                let idx = self.flat_source(o)?;
                let m = self.flat_count(&idx.shape)?;
                let it = idx.item.clone();
                self.counted_loop(m, |cx, j| {
                    let x = cx.flat_item(&idx, j)?;
                    let i = cx.cast(x, &it, &Type::int64())?.into_int_value();
                    let neg = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
                    let i = cx.b.build_select(neg, cx.b.build_int_add(i, n, "")?, i, "")?.into_int_value();
                    let bad = cx.b.build_int_compare(IntPredicate::UGE, i, n, "")?;
                    if cx.flags.boundscheck {
                        cx.guard(bad, ExcKind::IndexError, "index is out of bounds")?;
                        return cx.mask_set(keep, i, false);
                    }
                    // Numba's fancy assignment does not check the index: one out of range
                    // writes outside the mask, leaving every item kept. Here it is skipped.
                    let (set, next) = (cx.new_block("delete_set"), cx.new_block("delete_next"));
                    cx.b.build_conditional_branch(bad, next, set)?;
                    cx.b.position_at_end(set);
                    cx.mask_set(keep, i, false)?;
                    cx.b.build_unconditional_branch(next)?;
                    cx.b.position_at_end(next);
                    Ok(())
                })?;
            }
        }
        let out = self.masked_copy(&src, n, keep, &dt)?;
        let _ = slot;
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, 1, Layout::C), tt)
    }

    /// `np.insert(arr, obj, values)` of the flattened `arr`: `values` before the positions
    /// `obj` (all of them at one position, or one each, or one value at every position).
    fn insert(&mut self, a: VarId, o: VarId, vals: VarId, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.insert producing {tt}")) };
        let dt = ra.dtype.clone();
        let i64t = self.ctx.i64_type();
        let src = self.flat_source(a)?;
        let n = self.flat_count(&src.shape)?;
        let vs = self.flat_source(vals)?;
        let nv = self.flat_count(&vs.shape)?;
        let ot = self.ty(o)?;
        let oob = "index is out of bounds for the given array size";
        // One insertion position: every value goes there.
        let single = |cx: &mut Self, pos: IntValue<'ctx>| -> R<BV<'ctx>> {
            let lo = cx.b.build_int_compare(IntPredicate::SLT, pos, cx.b.build_int_neg(n, "")?, "")?;
            let hi = cx.b.build_int_compare(IntPredicate::SGT, pos, n, "")?;
            cx.guard(cx.b.build_or(lo, hi, "")?, ExcKind::IndexError, oob)?;
            let neg = cx.b.build_int_compare(IntPredicate::SLT, pos, cx.i64(0), "")?;
            let pos = cx.b.build_select(neg, cx.b.build_int_add(pos, n, "")?, pos, "")?.into_int_value();
            let out = cx.alloc_array(&dt, &[cx.b.build_int_add(n, nv, "")?])?;
            cx.counted_loop(pos, |cx, i| {
                let x = cx.flat_item(&src, i)?;
                cx.store_element(cx.out_ptr(out, &dt, i)?, x, &src.item, &dt)
            })?;
            cx.counted_loop(nv, |cx, i| {
                let x = cx.flat_item(&vs, i)?;
                let at = cx.b.build_int_add(pos, i, "")?;
                cx.store_element(cx.out_ptr(out, &dt, at)?, x, &vs.item, &dt)
            })?;
            cx.counted_loop(cx.b.build_int_sub(n, pos, "")?, |cx, i| {
                let x = cx.flat_item(&src, cx.b.build_int_add(pos, i, "")?)?;
                let at = cx.b.build_int_add(cx.b.build_int_add(pos, nv, "")?, i, "")?;
                cx.store_element(cx.out_ptr(out, &dt, at)?, x, &src.item, &dt)
            })?;
            Ok(out)
        };
        let out = if numeric(&ot).is_some_and(|k| k.is_integer()) {
            let pos = self.int_arg(o)?;
            single(self, pos)?
        } else {
            let idx = self.flat_source(o)?;
            let m = self.flat_count(&idx.shape)?;
            let res = self.temp(self.vt(&array_type(&dt, 1, Layout::C))?)?;
            let (one_bb, many_bb, done) = (self.new_block("insert_one"), self.new_block("insert_many"), self.new_block("insert_done"));
            let is_one = self.b.build_int_compare(IntPredicate::EQ, m, self.i64(1), "")?;
            self.b.build_conditional_branch(is_one, one_bb, many_bb)?;
            self.b.position_at_end(one_bb);
            let x = self.flat_item(&idx, self.i64(0))?;
            let pos = self.cast(x, &idx.item, &Type::int64())?.into_int_value();
            let r = single(self, pos)?;
            self.b.build_store(res, r)?;
            self.b.build_unconditional_branch(done)?;
            self.b.position_at_end(many_bb);
            let bad = self.b.build_and(
                self.b.build_int_compare(IntPredicate::NE, nv, self.i64(1), "")?,
                self.b.build_int_compare(IntPredicate::NE, nv, m, "")?,
                "",
            )?;
            self.guard(bad, ExcKind::ValueError, "shape mismatch: the number of values does not match the number of insertion indices")?;
            // The positions, normalised, then shifted by the number inserted before each
            // (ties in the order given, as the stable sort orders them).
            let it = Type::int64();
            let pos = self.alloc_array(&it, &[m])?;
            let pos_slot = self.hold_temp(pos, &array_type(&it, 1, Layout::C))?;
            let it2 = it.clone();
            self.counted_loop(m, |cx, j| {
                let x = cx.flat_item(&idx, j)?;
                let p = cx.cast(x, &idx.item, &Type::int64())?.into_int_value();
                let lo = cx.b.build_int_compare(IntPredicate::SLT, p, cx.b.build_int_neg(n, "")?, "")?;
                let hi = cx.b.build_int_compare(IntPredicate::SGT, p, n, "")?;
                cx.guard(cx.b.build_or(lo, hi, "")?, ExcKind::IndexError, oob)?;
                let neg = cx.b.build_int_compare(IntPredicate::SLT, p, cx.i64(0), "")?;
                let p = cx.b.build_select(neg, cx.b.build_int_add(p, n, "")?, p, "")?;
                cx.b.build_store(cx.out_ptr(pos, &it2, j)?, p)?;
                Ok(())
            })?;
            let shifted = self.alloc_array(&it, &[m])?;
            let sh_slot = self.hold_temp(shifted, &array_type(&it, 1, Layout::C))?;
            let rank = self.temp(i64t.into())?;
            self.counted_loop(m, |cx, j| {
                let pj = cx.load_element(cx.out_ptr(pos, &it2, j)?, &it2)?.into_int_value();
                cx.b.build_store(rank, cx.i64(0))?;
                cx.counted_loop(m, |cx, k| {
                    let pk = cx.load_element(cx.out_ptr(pos, &it2, k)?, &it2)?.into_int_value();
                    let less = cx.b.build_int_compare(IntPredicate::SLT, pk, pj, "")?;
                    let tie = cx.b.build_and(cx.b.build_int_compare(IntPredicate::EQ, pk, pj, "")?, cx.b.build_int_compare(IntPredicate::SLT, k, j, "")?, "")?;
                    let before = cx.b.build_or(less, tie, "")?;
                    let cur = cx.b.build_load(i64t, rank, "")?.into_int_value();
                    cx.b.build_store(rank, cx.b.build_int_add(cur, cx.b.build_int_z_extend(before, i64t, "")?, "")?)?;
                    Ok(())
                })?;
                let r = cx.b.build_load(i64t, rank, "")?.into_int_value();
                cx.b.build_store(cx.out_ptr(shifted, &it2, j)?, cx.b.build_int_add(pj, r, "")?)?;
                Ok(())
            })?;
            let total = self.b.build_int_add(n, m, "")?;
            let (mask, mask_slot) = self.mask(total, true)?;
            self.counted_loop(m, |cx, j| {
                let p = cx.load_element(cx.out_ptr(shifted, &it2, j)?, &it2)?.into_int_value();
                cx.mask_set(mask, p, false)
            })?;
            let out = self.alloc_array(&dt, &[total])?;
            // `out[mask] = arr`: the items in order into the unmasked places.
            let next = self.temp(i64t.into())?;
            self.b.build_store(next, self.i64(0))?;
            let dt2 = dt.clone();
            self.counted_loop(total, |cx, i| {
                let t = cx.mask_get(mask, i)?;
                let (yes, skip) = (cx.new_block("insert_keep"), cx.new_block("insert_skip"));
                cx.b.build_conditional_branch(t, yes, skip)?;
                cx.b.position_at_end(yes);
                let k = cx.b.build_load(i64t, next, "")?.into_int_value();
                let x = cx.flat_item(&src, k)?;
                cx.store_element(cx.out_ptr(out, &dt2, i)?, x, &src.item, &dt2)?;
                cx.b.build_store(next, cx.b.build_int_add(k, cx.i64(1), "")?)?;
                cx.b.build_unconditional_branch(skip)?;
                cx.b.position_at_end(skip);
                Ok(())
            })?;
            let one_value = self.b.build_int_compare(IntPredicate::EQ, nv, self.i64(1), "")?;
            self.counted_loop(m, |cx, j| {
                let p = cx.load_element(cx.out_ptr(shifted, &it2, j)?, &it2)?.into_int_value();
                let vi = cx.b.build_select(one_value, cx.i64(0), j, "")?.into_int_value();
                let x = cx.flat_item(&vs, vi)?;
                cx.store_element(cx.out_ptr(out, &dt2, p)?, x, &vs.item, &dt2)
            })?;
            let _ = (pos_slot, sh_slot, mask_slot);
            self.b.build_store(res, out)?;
            self.b.build_unconditional_branch(done)?;
            self.b.position_at_end(done);
            self.b.build_load(self.vt(&array_type(&dt, 1, Layout::C))?, res, "")?
        };
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, 1, Layout::C), tt)
    }

    /// The number of items of a list or homogeneous tuple of arrays, and item `i` of it
    /// (borrowed).
    fn seq_of_arrays(&mut self, v: VarId) -> R<(IntValue<'ctx>, ArrayType, Box<dyn Fn(&Self, IntValue<'ctx>) -> R<BV<'ctx>> + 'ctx>)> {
        let t = self.ty(v)?;
        match &t {
            Type::List { dtype, .. } | Type::ListType(dtype) => {
                let Type::Array(a) = &**dtype else { return self.fail(format!("np.select of {t}")) };
                let l = self.load(v)?.into_pointer_value();
                let n = self.list_len(l)?;
                let it = (**dtype).clone();
                Ok((n, (**a).clone(), Box::new(move |cx: &Self, i| cx.list_get(l, &it, i))))
            }
            Type::UniTuple(item, count) => {
                let Type::Array(a) = &**item else { return self.fail(format!("np.select of {t}")) };
                let et = self.vt(item)?;
                let at = inkwell::types::BasicType::array_type(&et, *count);
                let buf = self.temp(at.into())?;
                let tv = self.load(v)?;
                self.b.build_store(buf, tv)?;
                let n = self.i64(*count as i64);
                Ok((n, (**a).clone(), Box::new(move |cx: &Self, i| {
                    let p = unsafe { cx.b.build_gep(at, buf, &[cx.i64(0), i], "")? };
                    Ok(cx.b.build_load(et, p, "")?)
                })))
            }
            _ => self.fail(format!("np.select of {t}")),
        }
    }

    /// `np.select(condlist, choicelist, default=0)`: each item from the first choice whose
    /// condition holds there, else `default`.
    fn select(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.select producing {tt}")) };
        let dt = ra.dtype.clone();
        let (Some(cv), Some(hv)) = (arg_kw(args, kws, 0, "condlist"), arg_kw(args, kws, 1, "choicelist")) else {
            return self.fail("np.select without its arguments");
        };
        let (cn, ca, cond_at) = self.seq_of_arrays(cv)?;
        let (hn, ha, choice_at) = self.seq_of_arrays(hv)?;
        let differ = self.b.build_int_compare(IntPredicate::NE, cn, hn, "")?;
        self.guard(differ, ExcKind::ValueError, "list of cases must be same length as list of conditions")?;
        let default = match arg_kw(args, kws, 2, "default") {
            Some(d) if !matches!(self.ty(d)?, Type::Omitted(_)) => {
                let (v, t) = (self.load(d)?, self.ty(d)?);
                self.cast(v, &t, &dt)?
            }
            _ => self.cast(self.i64(0).into(), &Type::int64(), &dt)?,
        };
        let first = choice_at(self, self.i64(0))?;
        let shape = self.dims(first, 5, ha.ndim)?;
        // Every condition and choice of that shape (np.where's broadcasting of other shapes
        // is not done here).
        let ndim = ha.ndim;
        self.counted_loop(cn, |cx, i| {
            for (arr, nd) in [(cond_at(cx, i)?, ca.ndim), (choice_at(cx, i)?, ndim)] {
                let s = cx.dims(arr, 5, nd)?;
                for (p, q) in s.iter().zip(&shape) {
                    let ne = cx.b.build_int_compare(IntPredicate::NE, *p, *q, "")?;
                    // Sizes that do not broadcast: Numba's `np.where` refuses them.
                    let p1 = cx.b.build_int_compare(IntPredicate::EQ, *p, cx.i64(1), "")?;
                    let q1 = cx.b.build_int_compare(IntPredicate::EQ, *q, cx.i64(1), "")?;
                    let ones = cx.b.build_or(p1, q1, "")?;
                    let clash = cx.b.build_and(ne, cx.b.build_not(ones, "")?, "")?;
                    cx.guard(clash, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
                    cx.guard(ne, ExcKind::NotImplementedError, "np.select of arrays of different shapes is not supported by numrs build yet")?;
                }
            }
            Ok(())
        })?;
        let out = self.alloc_array(&dt, &shape)?;
        let n = self.field(out, 2)?.into_int_value();
        let i64t = self.ctx.i64_type();
        let at = self.temp(i64t.into())?;
        self.counted_loop(n, |cx, p| {
            cx.store_element(cx.out_ptr(out, &dt, p)?, default, &dt, &dt)?;
            // From the last choice to the first, as Numba's loop of `np.where`s.
            cx.b.build_store(at, cn)?;
            let (head, body, done) = (cx.new_block("select_head"), cx.new_block("select_body"), cx.new_block("select_done"));
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(head);
            let k = cx.b.build_load(i64t, at, "")?.into_int_value();
            let more = cx.b.build_int_compare(IntPredicate::SGT, k, cx.i64(0), "")?;
            cx.b.build_conditional_branch(more, body, done)?;
            cx.b.position_at_end(body);
            let i = cx.b.build_int_sub(k, cx.i64(1), "")?;
            cx.b.build_store(at, i)?;
            let c = cond_at(cx, i)?;
            let t = cx.elem_at(c, &ca, p)?;
            let t = cx.truth(t, &ca.dtype)?;
            let (take, skip) = (cx.new_block("select_take"), cx.new_block("select_skip"));
            cx.b.build_conditional_branch(t, take, skip)?;
            cx.b.position_at_end(take);
            let h = choice_at(cx, i)?;
            let x = cx.elem_at(h, &ha, p)?;
            cx.store_element(cx.out_ptr(out, &dt, p)?, x, &ha.dtype, &dt)?;
            cx.b.build_unconditional_branch(skip)?;
            cx.b.position_at_end(skip);
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(done);
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, ra.ndim, Layout::C), tt)
    }

    /// An operand of `np.kron` as a matrix: its rows, columns and item (i, j).
    fn kron_operand(&mut self, v: VarId) -> R<(IntValue<'ctx>, IntValue<'ctx>, crate::npfuncs::FlatSource<'ctx>, Vec<IntValue<'ctx>>)> {
        let src = self.flat_source(v)?;
        let (m, n) = match src.shape.len() {
            0 => (self.i64(1), self.i64(1)),
            1 => (self.i64(1), src.shape[0]),
            _ => (src.shape[0], src.shape[1]),
        };
        let shape = src.shape.clone();
        Ok((m, n, src, shape))
    }

    /// `np.kron(a, b)`: the blocks `a[i, j] * b`, in `a`'s dtype, shaped as Numba's
    /// `_kron_return` reshapes them.
    fn kron(&mut self, a: VarId, b: VarId, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("np.kron producing {tt}")) };
        let dt = ra.dtype.clone();
        let (am, an, asrc, ashape) = self.kron_operand(a)?;
        let (bm, bn, bsrc, bshape) = self.kron_operand(b)?;
        let cm = self.b.build_int_mul(am, bm, "")?;
        let cn = self.b.build_int_mul(an, bn, "")?;
        let shape: Vec<IntValue<'ctx>> = match (ashape.len(), bshape.len()) {
            (2, _) | (_, 2) if !ashape.is_empty() && !bshape.is_empty() => vec![cm, cn],
            (1, 1) => vec![self.b.build_int_mul(cm, cn, "")?],
            (0, 0) => vec![self.i64(1)],
            (_, 0) => ashape.clone(),
            _ => bshape.clone(),
        };
        let out = self.alloc_array(&dt, &shape)?;
        let (at, bt) = (asrc.item.clone(), bsrc.item.clone());
        self.counted_loop(am, |cx, i| {
            cx.counted_loop(an, |cx, j| {
                let x = cx.flat_item(&asrc, cx.b.build_int_add(cx.b.build_int_mul(i, an, "")?, j, "")?)?;
                cx.counted_loop(bm, |cx, k| {
                    cx.counted_loop(bn, |cx, l| {
                        let y = cx.flat_item(&bsrc, cx.b.build_int_add(cx.b.build_int_mul(k, bn, "")?, l, "")?)?;
                        let (p, pt) = cx.binary("operator.mul", x, &at, y, &bt)?;
                        let row = cx.b.build_int_add(cx.b.build_int_mul(i, bm, "")?, k, "")?;
                        let col = cx.b.build_int_add(cx.b.build_int_mul(j, bn, "")?, l, "")?;
                        let flat = cx.b.build_int_add(cx.b.build_int_mul(row, cn, "")?, col, "")?;
                        cx.store_element(cx.out_ptr(out, &dt, flat)?, p, &pt, &dt)
                    })
                })
            })
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&ra.dtype, shape.len() as u32, Layout::C), tt)
    }

    /// `np.trim_zeros(filt, trim='fb')`: the slice of `filt` without its leading (`f`) and
    /// trailing (`b`) zeros.
    fn trim_zeros(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(fv) = arg_kw(args, kws, 0, "filt") else { return self.fail("np.trim_zeros without its argument") };
        // The trim string when it is a constant; else the string, read at run time.
        let (trim, runtime) = match arg_kw(args, kws, 1, "trim") {
            None => ("fb".to_string(), None),
            Some(t) => match self.ty(t)? {
                Type::Omitted(_) => ("fb".to_string(), None),
                Type::StringLiteral(s) => (s.to_string(), None),
                _ => match self.const_of(t) {
                    Some((s, _)) => (s, None),
                    None if matches!(self.ty(t)?, Type::Unicode) => ("fb".to_string(), Some(self.load(t)?)),
                    None => return self.fail("np.trim_zeros with a trim of this type is not supported by numrs build yet"),
                },
            },
        };
        let trim = trim.to_lowercase();
        // `'f' in trim.lower()` of a string known at run time.
        let has = |cx: &Self, c: char| -> R<Option<IntValue<'ctx>>> {
            let Some(sv) = runtime else { return Ok(None) };
            let mut any = cx.ctx.bool_type().const_zero();
            for x in [c.to_string(), c.to_uppercase().to_string()] {
                let lit = cx.str_const(&x);
                let found = cx.str_op(numrs_abi::StrOp::Contains, &[sv, lit.into()])?.into_int_value();
                any = cx.b.build_or(any, found, "")?;
            }
            Ok(Some(any))
        };
        let (has_f, has_b) = (has(self, 'f')?, has(self, 'b')?);
        let (arr, a) = self.arr(fv)?;
        let n = self.dims(arr, 5, 1)?[0];
        let i64t = self.ctx.i64_type();
        let is_zero = |cx: &Self, x: BV<'ctx>| -> R<IntValue<'ctx>> {
            let z = cx.b.build_not(cx.truth(x, &a.dtype)?, "")?;
            // An item of a unicode array is read as a new string.
            if let Type::UnicodeCharSeq(_) = a.dtype {
                cx.decref(x, &a.dtype)?;
            }
            Ok(z)
        };
        let first = self.temp(i64t.into())?;
        self.b.build_store(first, self.i64(0))?;
        let last = self.temp(i64t.into())?;
        self.b.build_store(last, n)?;
        // Count along while the items are zero.
        let scan = |cx: &mut Self, slot: PointerValue<'ctx>, forward: bool| -> R<()> {
            let (head, body, done) = (cx.new_block("trim_head"), cx.new_block("trim_body"), cx.new_block("trim_done"));
            let steps = cx.temp(i64t.into())?;
            cx.b.build_store(steps, cx.i64(0))?;
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(head);
            let s = cx.b.build_load(i64t, steps, "")?.into_int_value();
            let more = cx.b.build_int_compare(IntPredicate::SLT, s, n, "")?;
            let check = cx.new_block("trim_check");
            cx.b.build_conditional_branch(more, check, done)?;
            cx.b.position_at_end(check);
            let i = if forward { s } else { cx.b.build_int_sub(cx.b.build_int_sub(n, cx.i64(1), "")?, s, "")? };
            let x = cx.elem_at(arr, &a, i)?;
            let z = is_zero(cx, x)?;
            cx.b.build_conditional_branch(z, body, done)?;
            cx.b.position_at_end(body);
            let cur = cx.b.build_load(i64t, slot, "")?.into_int_value();
            let next = if forward { cx.b.build_int_add(cur, cx.i64(1), "")? } else { cx.b.build_int_sub(cur, cx.i64(1), "")? };
            cx.b.build_store(slot, next)?;
            cx.b.build_store(steps, cx.b.build_int_add(s, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(done);
            Ok(())
        };
        for (c, flag, slot, forward) in [('f', has_f, first, true), ('b', has_b, last, false)] {
            match flag {
                Some(flag) => {
                    let (run, skip) = (self.new_block("trim_run"), self.new_block("trim_skip"));
                    self.b.build_conditional_branch(flag, run, skip)?;
                    self.b.position_at_end(run);
                    scan(self, slot, forward)?;
                    self.b.build_unconditional_branch(skip)?;
                    self.b.position_at_end(skip);
                }
                None if trim.contains(c) => scan(self, slot, forward)?,
                None => {}
            }
        }
        let f = self.b.build_load(i64t, first, "")?.into_int_value();
        let l = self.b.build_load(i64t, last, "")?.into_int_value();
        // `a_[first:last]` (last >= 0 always, first <= n).
        let len = self.b.build_int_sub(l, f, "")?;
        let len = self.b.build_select(self.b.build_int_compare(IntPredicate::SLT, len, self.i64(0), "")?, self.i64(0), len, "")?.into_int_value();
        let stride = self.dims(arr, 6, 1)?[0];
        let data = self.field(arr, 4)?.into_pointer_value();
        let off = self.b.build_int_mul(f, stride, "")?;
        let p = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? };
        let isz = self.field(arr, 3)?.into_int_value();
        let view = self.view_of(arr, p, &[len], &[stride], isz)?;
        let vt = Type::Array(std::sync::Arc::new(ArrayType { layout: a.layout, ..a.clone() }));
        self.cast(view, &vt, tt)
    }

    /// `np.hsplit` / `np.vsplit` / `np.dsplit`: `np.split` along axis 1 (axis 0 of a 1-d
    /// array), 0 or 2, after Numba's checks of the number of dimensions.
    fn split_nd(&mut self, name: &str, a: VarId, ios: VarId, tt: &Type) -> R<BV<'ctx>> {
        let at = self.ty(a)?;
        let Type::Array(arr) = &at else { return self.fail(format!("np.{name} of {at}")) };
        let (need, msg, axis) = match name {
            "hsplit" => (1, "hsplit only works on arrays of 1 or more dimensions", if arr.ndim > 1 { 1 } else { 0 }),
            "vsplit" => (2, "vsplit only works on arrays of 2 or more dimensions", 0),
            _ => (3, "dsplit only works on arrays of 3 or more dimensions", 2),
        };
        if arr.ndim < need {
            // Numba types the call and raises when it runs.
            self.guard(self.ctx.bool_type().const_all_ones(), ExcKind::ValueError, msg)?;
            return Ok(self.vt(tt)?.const_zero());
        }
        self.split_at(true, a, ios, self.i64(axis), tt)
    }

    /// `np.finfo(...)` / `np.iinfo(...)`: the named tuple of NumPy's values for the type,
    /// constants.
    fn number_info(&mut self, subject: Option<NumericKind>, tt: &Type) -> R<BV<'ctx>> {
        let Type::NamedTuple(nt) = tt else { return self.fail(format!("np.finfo producing {tt}")) };
        let mut values: Vec<BV<'ctx>> = Vec::new();
        for field in nt.fields.iter() {
            let v: BV<'ctx> = if &*nt.name == "finfo" {
                let single = nt.items.first() == Some(&Type::float32());
                let (e, p) = if single { (-23i32, 8u32) } else { (-52, 11) };
                let float = |x: f64| -> BV<'ctx> {
                    if single {
                        self.ctx.f32_type().const_float(x as f32 as f64).into()
                    } else {
                        self.ctx.f64_type().const_float(x).into()
                    }
                };
                let int = |x: i64| -> BV<'ctx> { self.i64(x).into() };
                let (max, tiny) = if single { (f32::MAX as f64, f32::MIN_POSITIVE as f64) } else { (f64::MAX, f64::MIN_POSITIVE) };
                match &**field {
                    "eps" => float(2f64.powi(e)),
                    "epsneg" => float(2f64.powi(e - 1)),
                    "iexp" | "nexp" => int(p as i64),
                    "machep" => int(e as i64),
                    "max" => float(max),
                    "min" => float(-max),
                    "maxexp" => int(if single { 128 } else { 1024 }),
                    "minexp" => int(if single { -126 } else { -1022 }),
                    "negep" => int(e as i64 - 1),
                    "nmant" => int(-e as i64),
                    "precision" => int(if single { 6 } else { 15 }),
                    "resolution" => float(if single { 1e-6 } else { 1e-15 }),
                    "tiny" => float(tiny),
                    "bits" => int(if single { 32 } else { 64 }),
                    other => return self.fail(format!("np.finfo field {other}")),
                }
            } else {
                let Some(k) = subject else { return self.fail("np.iinfo of an unknown type") };
                let bits = k.bitwidth() as i64;
                let signed = k.is_signed_int();
                match &**field {
                    "min" => self.i64(if signed { i64::MIN >> (64 - bits) } else { 0 }).into(),
                    "max" => {
                        let m: u64 = if signed { (i64::MAX >> (64 - bits)) as u64 } else { u64::MAX >> (64 - bits) };
                        self.ctx.i64_type().const_int(m, false).into()
                    }
                    "bits" => self.i64(bits).into(),
                    other => return self.fail(format!("np.iinfo field {other}")),
                }
            };
            values.push(v);
        }
        let st = self.vt(tt)?.into_struct_type();
        Ok(st.const_named_struct(&values).into())
    }
}
