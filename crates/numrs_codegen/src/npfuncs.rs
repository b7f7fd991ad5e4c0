//! NumPy functions and array methods beyond the basics of `arrays.rs`: statistics
//! (`std`/`var`), `argmax`/`argmin`, scans (`cumsum`/`cumprod`), reductions along an axis,
//! reshaping (`reshape`/`ravel`/`flatten`/`transpose`), `astype`, `fill`, `clip`,
//! `linspace`, `nonzero`/`where`, `any`/`all`/`count_nonzero`, joining (`concatenate`,
//! `stack`, `hstack`, `vstack`, `column_stack`) and broadcasting assignment into views.
//!
//! Each follows Numba's implementation (`numba/np/arraymath.py`, `arrayobj.py`): the same
//! accumulation order and types, the same errors. The result types come from the type checker
//! (the target's type `tt`).

use std::sync::Arc;

use inkwell::values::{BasicValue, BasicValueEnum, IntValue, PointerValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::types::{self, numeric};

/// The argument at position `pos`, or given as keyword `name`.
pub(crate) fn arg_kw(args: &[VarId], kws: &[(String, VarId)], pos: usize, name: &str) -> Option<VarId> {
    args.get(pos).copied().or_else(|| kws.iter().find(|(k, _)| k == name).map(|(_, v)| *v))
}

pub(crate) fn array_type(dtype: &Type, ndim: u32, layout: Layout) -> Type {
    Type::Array(Arc::new(ArrayType::new(dtype.clone(), ndim, layout, false)))
}

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// An array variable's value and type.
    pub(crate) fn arr(&self, v: VarId) -> R<(BV<'ctx>, ArrayType)> {
        match self.ty(v)? {
            Type::Array(a) => Ok((self.load(v)?, (*a).clone())),
            // A tuple of numbers where typing took an array-like (`np.ediff1d((1, 3, 6))`):
            // `np.asarray` of it, a new 1-d array held until the function returns.
            Type::UniTuple(item, n) if numeric(&item.unliteral()).is_some() => {
                let dtype = item.unliteral();
                let tv = self.load(v)?.into_struct_value();
                let out = self.alloc_array(&dtype, &[self.i64(n as i64)])?;
                let et = crate::types::storage_type(self.ctx, &dtype).map_err(|m| self.cg_err(m))?;
                let data = self.field(out, 4)?.into_pointer_value();
                for k in 0..n {
                    let x = self.b.build_extract_value(tv, k, "")?;
                    let p = unsafe { self.b.build_gep(et, data, &[self.i64(k as i64)], "")? };
                    self.store_element(p, x, &item, &dtype)?;
                }
                let at = ArrayType::new(dtype, 1, Layout::C, false);
                self.hold_item(out, &Type::Array(std::sync::Arc::new(at.clone())))?;
                Ok((out, at))
            }
            other => self.fail(format!("expected an array, got {other}")),
        }
    }

    /// Whether `v` is absent or `None`.
    fn is_none_arg(&self, v: Option<VarId>) -> R<bool> {
        Ok(match v {
            None => true,
            Some(v) => matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)),
        })
    }

    /// An integer argument as i64.
    pub(crate) fn int_arg(&self, v: VarId) -> R<IntValue<'ctx>> {
        let t = self.ty(v)?;
        let int = |t: &Type| numeric(t).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean);
        // An optional integer is its value (Numba's cast raises TypeError for None).
        if !int(&t) && !matches!(&t, Type::Optional(inner) if int(inner)) {
            return self.fail(format!("integer argument of type {t} is not supported by numrs build yet"));
        }
        let x = self.load(v)?;
        Ok(self.cast(x, &t, &Type::int64())?.into_int_value())
    }

    /// A boolean argument's truth; absent or omitted: false.
    pub(crate) fn bool_arg(&self, v: Option<VarId>) -> R<IntValue<'ctx>> {
        match v {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => {
                let t = self.ty(v)?;
                let x = self.load(v)?;
                self.truth(x, &t)
            }
            _ => Ok(self.ctx.bool_type().const_zero()),
        }
    }

    /// `numpy.<name>(...)` calls handled here; None: not one of them.
    pub(crate) fn np_call(&mut self, key: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        if let Some(r) = key.strip_prefix("random.") {
            return self.py_random(r, args, tt);
        }
        let Some(name) = key.strip_prefix("numpy.") else { return Ok(None) };
        if let Some(r) = name.strip_prefix("random.") {
            return self.np_random(r, args, kws, tt);
        }
        if matches!(name, "dot" | "vdot" | "cov" | "corrcoef" | "roots") || name.starts_with("linalg.") {
            return self.linalg_call(name, args, kws, tt);
        }

        let first_array = match args.first() {
            Some(v) => matches!(self.ty(*v)?, Type::Array(_)),
            None => false,
        };
        let v = match name {
            // A number: a new 0-d array of it (the dtype argument is the result's dtype).
            "array" | "asarray" if matches!(tt, Type::Array(ra) if ra.ndim == 0) && numeric(&self.ty(args[0])?).is_some() => {
                let (x, xt) = (self.load(args[0])?, self.ty(args[0])?);
                self.zero_d(x, &xt, tt)?
            }
            // Numba's `np_asarray` of an array: the array itself, or `a.astype(dtype)` for
            // another dtype.
            "asarray" if first_array && args.len() + kws.len() <= 2 => {
                let (arr, at) = self.arr(args[0])?;
                match tt {
                    Type::Array(ra) if ra.dtype == at.dtype => self.cast(arr, &Type::Array(std::sync::Arc::new(at)), tt)?,
                    _ => self.astype(args[0], tt)?,
                }
            }
            "diff" if first_array && args.len() + kws.len() <= 2 && kws.iter().all(|(k, _)| k == "n") => {
                let n = arg_kw(args, kws, 1, "n");
                self.diff(args[0], n, tt)?
            }
            "array_equal" if args.len() == 2 && kws.is_empty() => self.array_equal(args[0], args[1], tt)?,
            "linspace" => self.linspace(args, kws, tt)?,
            "logspace" => self.logspace(args, kws, tt)?,
            "sinc" if args.len() == 1 && kws.is_empty() => self.sinc(args[0], tt)?,
            "bartlett" | "blackman" | "hamming" | "hanning" if args.len() == 1 && kws.is_empty() => self.window(name, args[0], tt)?,
            "ptp" if first_array && args.len() == 1 && kws.is_empty() => self.ptp(args[0], tt)?,
            "iscomplexobj" | "isrealobj" if args.len() == 1 && kws.is_empty() => {
                let t = self.ty(args[0])?;
                let complex = t.as_array().map_or_else(|| t.is_complex(), |a| a.dtype.is_complex());
                let r = self.ctx.bool_type().const_int((complex == (name == "iscomplexobj")) as u64, false);
                self.cast(r.into(), &Type::boolean(), tt)?
            }
            "isposinf" | "isneginf" if args.len() == 1 && kws.is_empty() => self.signed_inf(name == "isposinf", args[0], tt)?,
            "asarray_chkfinite" if (first_array || matches!(self.ty(args[0])?, Type::UniTuple(..))) && args.len() + kws.len() <= 2 => {
                let (arr, a) = self.arr(args[0])?;
                // `np.asarray(a, dtype)` first: another dtype is a converted copy.
                let (arr, a, held) = match tt {
                    Type::Array(ra) if ra.dtype != a.dtype && first_array => {
                        let c = self.astype(args[0], tt)?;
                        // Released if the check raises.
                        let slot = self.hold_temp(c, tt)?;
                        (c, (**ra).clone(), Some(slot))
                    }
                    _ => (arr, a, None),
                };
                let n = self.field(arr, 2)?.into_int_value();
                if numeric(&a.dtype).is_some_and(|k| k.is_float() || k.is_complex()) {
                    self.counted_loop(n, |cx, i| {
                        let x = cx.elem_at(arr, &a, i)?;
                        let parts: Vec<inkwell::values::FloatValue<'ctx>> = if a.dtype.is_complex() {
                            let s = x.into_struct_value();
                            vec![cx.b.build_extract_value(s, 0, "")?.into_float_value(), cx.b.build_extract_value(s, 1, "")?.into_float_value()]
                        } else {
                            vec![x.into_float_value()]
                        };
                        for p in parts {
                            // x - x is NaN exactly for an inf or a NaN.
                            let d = cx.b.build_float_sub(p, p, "")?;
                            let bad = cx.b.build_float_compare(inkwell::FloatPredicate::UNO, d, d, "")?;
                            cx.guard(bad, ExcKind::ValueError, "array must not contain infs or NaNs")?;
                        }
                        Ok(())
                    })?;
                }
                if let Some(slot) = held {
                    self.let_go(slot, tt)?;
                    self.fresh = true;
                }
                // The array itself (a tuple's new array, held by this function).
                self.cast(arr, &Type::Array(std::sync::Arc::new(a.clone())), tt)?
            }
            "angle" => self.angle(args, kws, tt)?,
            "average" if first_array => self.average(args, kws, tt)?,
            "real" | "imag" if args.len() + kws.len() == 1 && arg_kw(args, kws, 0, "val").is_some() => {
                let v = arg_kw(args, kws, 0, "val").unwrap_or(VarId(0));
                self.getattr(v, name, tt)?
            }
            "isclose" | "allclose" => self.closeness(name == "allclose", args, kws, tt)?,
            "round" | "around" if args.len() <= 3 && kws.iter().all(|(k, _)| k == "decimals" || k == "out") => {
                let d = arg_kw(args, kws, 1, "decimals");
                let out = arg_kw(args, kws, 2, "out");
                self.np_round(args[0], d, out, tt)?
            }
            "concatenate" | "stack" | "hstack" | "vstack" | "column_stack" | "dstack" => self.join(name, args, kws, tt)?,
            // NumPy's alias of `vstack`; `concat` of `concatenate`.
            "row_stack" => self.join("vstack", args, kws, tt)?,
            "concat" => self.join("concatenate", args, kws, tt)?,
            "where" if args.len() == 1 && first_array => self.nonzero(args[0], tt)?,
            // Three numbers: Numba's `np.where` makes a 0-d array of the one chosen.
            "where" if args.len() == 3 && kws.is_empty() && matches!(tt, Type::Array(ra) if ra.ndim == 0) && args.iter().all(|a| self.ty(*a).is_ok_and(|t| numeric(&t).is_some())) => {
                let Type::Array(ra) = tt else { return Ok(None) };
                let dt = ra.dtype.clone();
                let (c, ct) = (self.load(args[0])?, self.ty(args[0])?);
                let cond = self.truth_of(c, &ct)?;
                let x = self.cast(self.load(args[1])?, &self.ty(args[1])?, &dt)?;
                let y = self.cast(self.load(args[2])?, &self.ty(args[2])?, &dt)?;
                let v = self.b.build_select(cond, x, y, "")?;
                self.zero_d(v, &dt, tt)?
            }
            "nonzero" if first_array => self.nonzero(args[0], tt)?,
            "sort" if first_array => self.sort_copy(args, kws, tt)?,
            // A list: a sorted copy (Numba's `res = a.copy(); res.sort()`).
            "sort" if args.len() == 1 && kws.is_empty() && matches!(self.ty(args[0])?, Type::List { .. }) => {
                let lt = self.ty(args[0])?;
                let Some(dt) = crate::lists::dtype(&lt).cloned() else { return Ok(None) };
                let l = self.load(args[0])?.into_pointer_value();
                let n = self.list_len(l)?;
                let out = self.list_take(l, &dt, self.i64(0), n, self.i64(1))?;
                let f = self.ctx.bool_type().const_zero();
                self.list_sort(out, &dt, f)?;
                self.fresh = true;
                self.cast(out.into(), &Type::list(dt, false), tt)?
            }
            "median" | "nanmedian" if first_array && args.len() == 1 && kws.is_empty() => self.median(args[0], name == "nanmedian", tt)?,
            "percentile" | "nanpercentile" | "quantile" | "nanquantile" if first_array && args.len() == 2 && kws.is_empty() => {
                self.percentile(name, args[0], args[1], tt)?
            }
            "unique" if first_array && args.len() == 1 && kws.is_empty() => self.unique(args[0], tt)?,
            "searchsorted" => self.searchsorted(args, kws, tt)?,
            "bincount" if first_array => self.bincount(args, kws, tt)?,
            "digitize" if args.len() + kws.len() >= 2 => self.digitize(args, kws, tt)?,
            "roll" if first_array => self.roll(args, kws, tt)?,
            "flip" | "flipud" | "fliplr" if first_array && args.len() == 1 && kws.is_empty() => self.flip(name, args, tt)?,
            "interp" if args.len() == 3 && kws.is_empty() => self.interp(args, tt)?,
            "histogram" if first_array => self.histogram(args, kws, tt)?,
            "append" if (2..=3).contains(&args.len()) && kws.is_empty() => self.append(args, tt)?,
            "repeat" if first_array && args.len() == 2 && kws.is_empty() => self.repeat(args, tt)?,
            // A number repeated: `np.repeat(np.asarray(a), repeats)`.
            "repeat" if args.len() == 2 && kws.is_empty() && numeric(&self.ty(args[0])?).is_some() && numeric(&self.ty(args[1])?).is_some_and(|k| k.is_integer()) => {
                let Type::Array(ra) = tt else { return self.fail(format!("np.repeat producing {tt}")) };
                let (x, xt) = (self.load(args[0])?, self.ty(args[0])?);
                let n = self.int_arg(args[1])?;
                let neg = self.b.build_int_compare(IntPredicate::SLT, n, self.i64(0), "")?;
                self.guard(neg, ExcKind::ValueError, "negative dimensions not allowed")?;
                let x = self.cast(x, &xt, &ra.dtype)?;
                let out = self.alloc_array(&ra.dtype, &[n])?;
                let dt = ra.dtype.clone();
                self.counted_loop(n, |cx, i| {
                    let p = cx.out_ptr(out, &dt, i)?;
                    cx.store_element(p, x, &dt, &dt)
                })?;
                self.fresh = true;
                out
            }
            "resize" if first_array && args.len() == 2 && kws.is_empty() => self.resize(args, tt)?,
            "tri" => self.tri(args, kws, tt)?,
            "outer" if first_array && args.len() == 2 && kws.is_empty() => self.outer(args, tt)?,
            "ediff1d" if first_array || matches!(args.first().map(|a| self.ty(*a)).transpose()?, Some(Type::UniTuple(..))) => self.ediff1d(args, kws, tt)?,
            "isin" if args.len() + kws.len() >= 2 => self.isin(args, kws, tt)?,
            "asfortranarray" | "ascontiguousarray" if args.len() == 1 && kws.is_empty() => self.as_layout(args[0], name == "asfortranarray", tt)?,
            "take_along_axis" if first_array => self.take_along_axis(args, kws, tt)?,
            "fill_diagonal" if first_array => self.fill_diagonal(args, kws)?,
            "geomspace" => self.geomspace(args, kws, tt)?,
            "tril_indices" | "triu_indices" | "tril_indices_from" | "triu_indices_from" => self.tri_indices(name, args, kws, tt)?,
            "argwhere" | "flatnonzero" if args.len() == 1 && kws.is_empty() => self.where_nonzero(name == "flatnonzero", args[0], tt)?,
            "vander" => self.vander(args, kws, tt)?,
            "split" | "array_split" if first_array => self.split(name == "split", args, kws, tt)?,
            "frombuffer" if first_array => self.frombuffer(args, kws, tt)?,
            "partition" | "argpartition" if first_array => self.partition(name == "argpartition", args, kws, tt)?,
            "union1d" => self.set_routine(crate::setops::SetOp::Union, args, kws, tt)?,
            "intersect1d" => self.set_routine(crate::setops::SetOp::Intersect, args, kws, tt)?,
            "setxor1d" => self.set_routine(crate::setops::SetOp::Xor, args, kws, tt)?,
            "setdiff1d" => self.set_routine(crate::setops::SetOp::Diff, args, kws, tt)?,
            // Reductions of a number: the number, in the result type (a boolean's sum as an
            // integer; `np.cumsum` of a number is Numba's `acc_init + a`, a number too), and
            // `np.all` / `np.any` of one, Numba's `bool(a)`.
            "max" | "min" | "amax" | "amin" | "nanmax" | "nanmin" | "mean" | "prod" | "sum" | "cumsum" | "all" | "any"
                if args.len() == 1 && kws.is_empty() && numeric(&self.ty(args[0])?).is_some() && numeric(tt).is_some() =>
            {
                let (x, xt) = (self.load(args[0])?, self.ty(args[0])?);
                match name {
                    "all" | "any" => self.truth(x, &xt)?.into(),
                    _ => self.cast(x, &xt, tt)?,
                }
            }
            "convolve" | "correlate" => self.convolve(name == "convolve", args, kws, tt)?,
            "cross" if first_array && args.len() == 2 && kws.is_empty() => self.cross(args, tt)?,
            "expand_dims" if first_array && args.len() + kws.len() == 2 => match arg_kw(args, kws, 1, "axis") {
                Some(ax) => self.expand_dims(&[args[0], ax], tt)?,
                None => return Ok(None),
            },
            // `np.copy` of a number or a tuple: a new array of it (`np.asarray` then a copy).
            "copy" if args.len() == 1 && kws.is_empty() && !first_array => {
                let Type::Array(ra) = tt else { return self.fail(format!("np.copy producing {tt}")) };
                let ra = (**ra).clone();
                let src = self.flat_source(args[0])?;
                let z = self.alloc_array(&ra.dtype, &src.shape)?;
                let mut n = self.i64(1);
                for d in &src.shape {
                    n = self.b.build_int_mul(n, *d, "")?;
                }
                let dt = ra.dtype.clone();
                self.counted_loop(n, |cx, i| {
                    let x = cx.flat_item(&src, i)?;
                    let p = cx.out_ptr(z, &dt, i)?;
                    cx.store_element(p, x, &src.item, &dt)
                })?;
                self.fresh = true;
                self.cast(z, &array_type(&ra.dtype, src.shape.len() as u32, Layout::C), tt)?
            }
            "swapaxes" if first_array && args.len() == 3 && kws.is_empty() => self.swapaxes(args, tt)?,
            "moveaxis" if first_array && args.len() == 3 && kws.is_empty() => self.moveaxis(args, tt)?,
            "rot90" if first_array => self.rot90(args, kws, tt)?,
            "broadcast_arrays" if kws.is_empty() => self.broadcast_arrays(args, tt)?,
            "broadcast_shapes" if kws.is_empty() => self.broadcast_shapes_call(args, tt)?,
            "broadcast_to" if args.len() == 2 && kws.is_empty() => self.broadcast_to(args, tt)?,
            "atleast_1d" | "atleast_2d" | "atleast_3d" if first_array && kws.is_empty() => {
                let min = name.as_bytes()[8] - b'0';
                self.atleast(min as u32, args, tt)?
            }
            "identity" | "eye" | "diag" | "tril" | "triu" | "trace" | "nan_to_num" => match self.matrix_call(name, args, kws, tt)? {
                Some(v) => v,
                None => return Ok(None),
            },
            "nancumsum" | "nancumprod" if first_array && args.len() == 1 && kws.is_empty() => self.scan(name, args[0], tt)?,
            // (`ddof` of nanvar/nanstd, the only other argument Numba takes.)
            n if first_array && n.starts_with("nan") && (args.len() == 1 && kws.is_empty() || matches!(n, "nanvar" | "nanstd")) => match self.nan_reduction(n, args[0], arg_kw(args, kws, 4, "ddof"), tt)? {
                Some(v) => v,
                None => return Ok(None),
            },
            "isscalar" | "iscomplex" | "isreal" | "diagflat" | "indices" | "kaiser" | "trapezoid" | "extract" | "delete" | "insert" | "select" | "kron" | "trim_zeros"
            | "hsplit" | "vsplit" | "dsplit" | "unwrap" | "finfo" | "iinfo" | "dtype" | "polynomial.polynomial.polyval"
            | "polynomial.polynomial.polyadd" | "polynomial.polynomial.polysub" | "polynomial.polynomial.polymul"
            | "polynomial.polynomial.polydiv" | "polynomial.polynomial.polyint" | "polynomial.polyutils.trimseq" => {
                return self.arraylib_call(name, args, kws, tt)
            }
            _ if first_array => return self.array_op(name, args, kws, tt, false),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// `a.<m>(...)` array methods handled here; None: not one of them.
    pub(crate) fn np_method(&mut self, m: &str, recv: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BV<'ctx>>> {
        let mut all = vec![recv];
        all.extend_from_slice(args);
        self.array_op(m, &all, kws, tt, true)
    }

    /// `a.view(dtype)` to an item size `to` other than `from`: NumPy's checks as Numba runs
    /// them (`_compatible_view`: not 0-d, the last axis contiguous, sizes that divide), then
    /// `_change_dtype` on the last dimension (the first of an F array; an `A` array as C or F
    /// by its strides, else "new type not compatible with array").
    fn resize_view(&mut self, at: &numrs_types::ArrayType, from: u64, to: u64, shape: &mut [IntValue<'ctx>], strides: &mut [IntValue<'ctx>]) -> R<()> {
        let t = self.ctx.bool_type().const_int(1, false);
        if at.ndim == 0 {
            self.guard(t, ExcKind::ValueError, "Changing the dtype of a 0d array is only supported if the itemsize is unchanged")?;
            return Ok(());
        }
        let last = at.ndim as usize - 1;
        let (one, zero) = (self.i64(1), self.i64(0));
        let mut size = one;
        for d in shape.iter() {
            size = self.b.build_int_mul(size, *d, "")?;
        }
        let p1 = self.b.build_int_compare(IntPredicate::NE, shape[last], one, "")?;
        let p2 = self.b.build_int_compare(IntPredicate::NE, size, zero, "")?;
        let p3 = self.b.build_int_compare(IntPredicate::NE, strides[last], self.i64(from as i64), "")?;
        let bad = self.b.build_and(self.b.build_and(p1, p2, "")?, p3, "")?;
        self.guard(bad, ExcKind::ValueError, "To change to a dtype of a different size, the last axis must be contiguous")?;
        if to < from {
            if !from.is_multiple_of(to) {
                self.guard(t, ExcKind::ValueError, "When changing to a smaller dtype, its size must be a divisor of the size of original dtype")?;
            }
        } else {
            let bytes = self.b.build_int_mul(shape[last], self.i64(from as i64), "")?;
            let rem = self.b.build_int_signed_rem(bytes, self.i64(to as i64), "")?;
            let bad = self.b.build_int_compare(IntPredicate::NE, rem, zero, "")?;
            self.guard(bad, ExcKind::ValueError, "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.")?;
        }
        // Which dimension changes: the last of a C array, the first of an F one; an A array's
        // strides decide (neither contiguous: not compatible).
        let c_like = self.b.build_int_compare(IntPredicate::EQ, strides[last], self.i64(from as i64), "")?;
        let f_like = self.b.build_int_compare(IntPredicate::EQ, strides[0], self.i64(from as i64), "")?;
        let use_last = match at.layout {
            numrs_types::Layout::C => t,
            numrs_types::Layout::F => t.get_type().const_zero(),
            _ => {
                let neither = self.b.build_and(self.b.build_not(c_like, "")?, self.b.build_not(f_like, "")?, "")?;
                self.guard(neither, ExcKind::ValueError, "new type not compatible with array")?;
                c_like
            }
        };
        let i_dim = |cx: &Self, v: &[IntValue<'ctx>]| -> R<IntValue<'ctx>> { Ok(cx.b.build_select(use_last, v[last], v[0], "")?.into_int_value()) };
        let dim = i_dim(self, shape)?;
        let new_dim = if to < from {
            self.b.build_int_mul(dim, self.i64((from / to) as i64), "")?
        } else {
            let bytes = self.b.build_int_mul(dim, self.i64(from as i64), "")?;
            let rem = self.b.build_int_signed_rem(bytes, self.i64(to as i64), "")?;
            let bad = self.b.build_int_compare(IntPredicate::NE, rem, zero, "")?;
            self.guard(bad, ExcKind::ValueError, "new type not compatible with array")?;
            self.b.build_int_signed_div(bytes, self.i64(to as i64), "")?
        };
        let new_stride = self.i64(to as i64);
        for (d, (sh, st)) in shape.iter_mut().zip(strides.iter_mut()).enumerate() {
            if d != 0 && d != last {
                continue;
            }
            let here = if d == last && d == 0 {
                t
            } else if d == last {
                use_last
            } else {
                self.b.build_not(use_last, "")?
            };
            *sh = self.b.build_select(here, new_dim, *sh, "")?.into_int_value();
            *st = self.b.build_select(here, new_stride, *st, "")?.into_int_value();
        }
        Ok(())
    }

    /// Operations shared by `np.f(a, ...)` and `a.f(...)`: `args[0]` is the array.
    fn array_op(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type, method: bool) -> R<Option<BV<'ctx>>> {
        let a = args[0];
        let v = match name {
            "view" if method && args.len() == 2 && kws.is_empty() => {
                // Numba's `array_view`: the same fields with the data reinterpreted. A dtype of
                // another size changes the last dimension (`_change_dtype`).
                let (arr, at) = self.arr(a)?;
                let Type::Array(ra) = tt else { return self.fail(format!("array.view producing {tt}")) };
                let (from, to) = (self.itemsize_of(&at.dtype)?, self.itemsize_of(&ra.dtype)?);
                let mut shape = self.dims(arr, 5, at.ndim)?;
                let mut strides = self.dims(arr, 6, at.ndim)?;
                let data = self.field(arr, 4)?.into_pointer_value();
                let mut itemsize = self.field(arr, 3)?.into_int_value();
                if from != to {
                    self.resize_view(&at, from, to, &mut shape, &mut strides)?;
                    itemsize = self.i64(to as i64);
                }
                let v = self.view_of(arr, data, &shape, &strides, itemsize)?;
                let vt = Type::Array(std::sync::Arc::new(ArrayType::new(ra.dtype.clone(), at.ndim, at.layout, at.readonly)));
                self.cast(v, &vt, tt)?
            }
            "sum" if args.len() + kws.len() > 1 && kws.iter().all(|(k, _)| k == "axis" || k == "dtype") && args.len() <= 3 => {
                let axis = arg_kw(args, kws, 1, "axis");
                self.sum_axis(a, axis, false, tt)?
            }
            "sum" | "prod" | "mean" | "min" | "max" | "amin" | "amax" => {
                let axis = arg_kw(args, kws, 1, "axis");
                let m = match name {
                    "amin" => "min",
                    "amax" => "max",
                    m => m,
                };
                if self.is_none_arg(axis)? && !matches!(tt, Type::Array(_)) {
                    if kws.iter().any(|(k, _)| k != "axis") || args.len() > 2 {
                        return self.fail(format!("arguments of {name} other than axis are not supported by numrs build yet"));
                    }
                    self.array_method(m, a, &[], tt)?
                } else if let (Some(ax), Type::Array(_)) = (axis, tt) {
                    self.reduce_axis(m, a, ax, tt)?
                } else {
                    return self.fail(format!("{name} with these arguments is not supported by numrs build yet"));
                }
            }
            "std" | "var" if args.len() == 1 && kws.is_empty() => self.var_std(name, a, tt)?,
            "argmax" | "argmin" if self.is_none_arg(arg_kw(args, kws, 1, "axis"))? => {
                let (arr, at) = self.arr(a)?;
                let r = self.argminmax(name, arr, &at)?;
                self.cast(r, &Type::int64(), tt)?
            }
            "argmax" | "argmin" if args.len() + kws.len() == 2 => match arg_kw(args, kws, 1, "axis") {
                Some(ax) => self.argminmax_axis(name, a, ax, tt)?,
                None => return Ok(None),
            },
            "cumsum" | "cumprod" if self.is_none_arg(arg_kw(args, kws, 1, "axis"))? => self.scan(name, a, tt)?,
            "cumsum" if args.len() + kws.len() == 2 => match (arg_kw(args, kws, 1, "axis"), self.ty(a)?) {
                // Numba scans a 1-d array whole whatever the axis (after checking it).
                (Some(ax), Type::Array(at)) if at.ndim == 1 => {
                    let ax = self.int_arg(ax)?;
                    let bad = self.b.build_int_compare(IntPredicate::UGT, self.b.build_int_add(ax, self.i64(1), "")?, self.i64(1), "")?;
                    self.guard(bad, ExcKind::ValueError, "axis is out of bounds for array of dimension 1")?;
                    self.scan(name, a, tt)?
                }
                (Some(ax), Type::Array(_)) => self.cumsum_axis(a, ax, tt)?,
                _ => return Ok(None),
            },
            "fill" if method && args.len() == 2 => self.fill(a, args[1])?,
            "reshape" if method => self.reshape(a, &args[1..], tt)?,
            "reshape" => match arg_kw(args, kws, 1, "newshape").or_else(|| arg_kw(args, kws, 1, "shape")) {
                Some(s) => self.reshape(a, &[s], tt)?,
                None => return Ok(None),
            },
            "ravel" | "flatten" if args.len() == 1 && kws.is_empty() => self.ravel(name, a, tt)?,
            "astype" if args.len() == 2 => self.astype(a, tt)?,
            "transpose" if args.len() == 1 => self.transpose(a, tt)?,
            "transpose" if kws.is_empty() || (kws.len() == 1 && kws[0].0 == "axes") => {
                let mut rest: Vec<VarId> = args[1..].to_vec();
                rest.extend(kws.iter().map(|(_, v)| *v));
                if rest.len() == 1 && self.is_none_arg(Some(rest[0]))? {
                    self.transpose(a, tt)?
                } else {
                    self.transpose_axes(a, &rest, tt)?
                }
            }
            "clip" => {
                let (lo, hi) = (arg_kw(args, kws, 1, "a_min"), arg_kw(args, kws, 2, "a_max"));
                let out = arg_kw(args, kws, 3, "out");
                self.clip(a, lo, hi, out, tt)?
            }
            "any" | "all" | "count_nonzero" if args.len() == 1 && kws.is_empty() => self.any_all(name, a, tt)?,
            "count_nonzero" if args.len() + kws.len() == 2 && kws.iter().all(|(k, _)| k == "axis") => {
                let axis = arg_kw(args, kws, 1, "axis");
                self.sum_axis(a, axis, true, tt)?
            }
            "nonzero" if method && args.len() == 1 => self.nonzero(a, tt)?,
            "repeat" if method && args.len() == 2 && kws.is_empty() => self.repeat(args, tt)?,
            "sort" if method => self.sort_inplace(a, kws)?,
            "argsort" => self.argsort(args, kws, tt)?,
            "take" if args.len() + kws.len() >= 2 && kws.iter().all(|(k, _)| k == "axis" || k == "indices") => {
                let (Some(idx), axis) = (arg_kw(args, kws, 1, "indices"), arg_kw(args, kws, 2, "axis")) else { return Ok(None) };
                self.take(a, idx, axis, tt)?
            }
            // Numba's `array_item`: the element at the data pointer of an array of one item.
            "item" if method && args.len() == 1 && kws.is_empty() => {
                let (arr, at) = self.arr(a)?;
                let n = self.field(arr, 2)?.into_int_value();
                let not_one = self.b.build_int_compare(IntPredicate::NE, n, self.i64(1), "")?;
                self.guard(not_one, ExcKind::ValueError, "item(): can only convert an array of size 1 to a Python scalar")?;
                let p = self.field(arr, 4)?.into_pointer_value();
                let x = self.load_element(p, &at.dtype)?;
                self.cast(x, &at.dtype, tt)?
            }
            // `a.conj()`: the `np.conjugate` ufunc (a new array, in the loop's dtype).
            "conj" | "conjugate" if method && args.len() == 1 && kws.is_empty() => self.map_ufunc("conjugate", a, tt)?,
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    // ----- element access helpers -----

    /// Pointer to element `i` of a new C-contiguous array.
    pub(crate) fn out_ptr(&self, out: BV<'ctx>, dtype: &Type, i: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let data = self.field(out, 4)?.into_pointer_value();
        let et = types::storage_type(self.ctx, dtype).map_err(|m| self.cg_err(m))?;
        Ok(unsafe { self.b.build_gep(et, data, &[i], "")? })
    }

    /// Element `i` (C order) of any array, as a value of its dtype.
    pub(crate) fn elem_at(&self, arr: BV<'ctx>, a: &ArrayType, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        let p = self.flat_ptr(arr, a, i)?;
        self.load_element(p, &a.dtype)
    }

    /// Item `i` in the order of Numba's `np.nditer` (what its reductions loop over): memory
    /// order for a Fortran-ordered array, C order otherwise.
    pub(crate) fn nditer_elem_at(&self, arr: BV<'ctx>, a: &ArrayType, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        let p = self.nditer_ptr(arr, a, i)?;
        self.load_element(p, &a.dtype)
    }

    pub(crate) fn nditer_ptr(&self, arr: BV<'ctx>, a: &ArrayType, i: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        if a.layout == Layout::F && a.ndim > 1 {
            let data = self.field(arr, 4)?.into_pointer_value();
            let et = crate::types::storage_type(self.ctx, &a.dtype).map_err(|m| self.cg_err(m))?;
            return Ok(unsafe { self.b.build_gep(et, data, &[i], "")? });
        }
        self.flat_ptr(arr, a, i)
    }

    pub(crate) fn dot(&self, idx: &[IntValue<'ctx>], strides: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        let mut off = self.i64(0);
        for (i, s) in idx.iter().zip(strides) {
            let t = self.b.build_int_mul(*i, *s, "")?;
            off = self.b.build_int_add(off, t, "")?;
        }
        Ok(off)
    }

    /// A view struct with the given shape and strides over `data`, sharing `base`'s MemInfo
    /// and parent.
    /// `np.frombuffer(buffer, dtype, count, offset)` as Numba lowers it (`np_frombuffer`): the
    /// bytes left after `offset` items of the result's size, a multiple of that size, `count`
    /// of them (all when negative); the view starts `offset` items of the buffer's own type in.
    fn frombuffer(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(bv) = arg_kw(args, kws, 0, "buffer") else { return self.fail("np.frombuffer without its buffer") };
        let Type::Array(ra) = tt else { return self.fail(format!("np.frombuffer producing {tt}")) };
        let (buf, bt) = self.arr(bv)?;
        let count = self.opt_int(arg_kw(args, kws, 2, "count"))?.unwrap_or(self.i64(-1));
        let offset = self.opt_int(arg_kw(args, kws, 3, "offset"))?.unwrap_or(self.i64(0));
        let out_isz = self.i64(self.itemsize_of(&ra.dtype)? as i64);
        let nitems = self.field(buf, 2)?.into_int_value();
        let bisz = self.field(buf, 3)?.into_int_value();
        let b = &self.b;
        let nbytes = b.build_int_sub(b.build_int_mul(nitems, bisz, "")?, b.build_int_mul(offset, out_isz, "")?, "")?;
        let negative = b.build_int_compare(IntPredicate::SLT, nbytes, self.i64(0), "")?;
        self.guard(negative, ExcKind::ValueError, "offset must be non-negative and no greater than buffer length")?;
        let b = &self.b;
        let rem = b.build_int_signed_rem(nbytes, out_isz, "")?;
        let uneven = b.build_int_compare(IntPredicate::NE, rem, self.i64(0), "")?;
        self.guard(uneven, ExcKind::ValueError, "buffer size must be a multiple of element size")?;
        let b = &self.b;
        let whole = b.build_int_signed_div(nbytes, out_isz, "")?;
        let all = b.build_int_compare(IntPredicate::SLT, count, self.i64(0), "")?;
        let n = b.build_select(all, whole, count, "")?.into_int_value();
        let too_large = b.build_int_compare(IntPredicate::UGT, b.build_int_mul(n, out_isz, "")?, nbytes, "")?;
        self.guard(too_large, ExcKind::ValueError, "buffer is smaller than requested size")?;
        let data = self.field(buf, 4)?.into_pointer_value();
        let skip = self.b.build_int_mul(offset, self.i64(self.itemsize_of(&bt.dtype)? as i64), "")?;
        let data = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[skip], "")? };
        let v = self.view_of(buf, data, &[n], &[out_isz], out_isz)?;
        let vt = Type::Array(std::sync::Arc::new(ArrayType::new(ra.dtype.clone(), 1, Layout::C, bt.readonly)));
        self.cast(v, &vt, tt)
    }

    pub(crate) fn view_of(&self, base: BV<'ctx>, data: PointerValue<'ctx>, shape: &[IntValue<'ctx>], strides: &[IntValue<'ctx>], itemsize: IntValue<'ctx>) -> R<BV<'ctx>> {
        let mi = self.field(base, 0)?.into_pointer_value();
        let parent = self.field(base, 1)?.into_pointer_value();
        self.make_array(shape.len() as u32, mi, parent, itemsize, data, shape, strides)
    }

    /// Write `src` (an array broadcast to `dst`'s shape, or a scalar) into every element of
    /// the array `dst` (of type `da`), casting to its dtype. The source is read fully before
    /// anything is written when the two overlap.
    pub(crate) fn assign_broadcast(&mut self, dst: BV<'ctx>, da: &ArrayType, src: BV<'ctx>, st: &Type) -> R<()> {
        let r = da.ndim as usize;
        let dshape = self.dims(dst, 5, da.ndim)?;
        let dstrides = self.dims(dst, 6, da.ndim)?;
        let ddata = self.field(dst, 4)?.into_pointer_value();
        let n = self.field(dst, 2)?.into_int_value();
        let dtype = da.dtype.clone();
        match st {
            Type::Array(sa) => {
                let sa = (**sa).clone();
                let k = sa.ndim as usize;
                // A source of more dimensions than the view: its leading ones must be 1s.
                let lead = k.saturating_sub(r);
                // Datetimes move between arrays of their own type.
                let same_datetime = crate::datetime::is_datetime_like(&sa.dtype) && sa.dtype == dtype;
                // Strings move between unicode arrays (cut or NUL-padded to the item size).
                let chars = matches!((&sa.dtype, &dtype), (Type::UnicodeCharSeq(_), Type::UnicodeCharSeq(_)));
                if numeric(&sa.dtype).is_none() && !same_datetime && !chars {
                    return self.fail(format!("arrays of {} are not supported by numrs build yet", sa.dtype));
                }
                let src = self.unalias(src, &sa, dst)?;
                let sshape = self.dims(src, 5, sa.ndim)?;
                let sstrides = self.dims(src, 6, sa.ndim)?;
                let sdata = self.field(src, 4)?.into_pointer_value();
                // Effective source strides per destination dimension (0 where broadcast).
                let mut es = vec![self.i64(0); r];
                let mut bad = self.ctx.bool_type().const_zero();
                for dim in &sshape[..lead] {
                    let not1 = self.b.build_int_compare(IntPredicate::NE, *dim, self.i64(1), "")?;
                    bad = self.b.build_or(bad, not1, "")?;
                }
                for j in lead..k {
                    let d = r + j - k;
                    let is1 = self.b.build_int_compare(IntPredicate::EQ, sshape[j], self.i64(1), "")?;
                    let eq = self.b.build_int_compare(IntPredicate::EQ, sshape[j], dshape[d], "")?;
                    let ok = self.b.build_or(is1, eq, "")?;
                    bad = self.b.build_or(bad, self.b.build_not(ok, "")?, "")?;
                    es[d] = self.b.build_select(is1, self.i64(0), sstrides[j], "")?.into_int_value();
                }
                self.shape_mismatch_guard(bad, &dshape, &sshape)?;
                let both_c = da.layout == Layout::C && sa.layout == Layout::C && k == r && !chars;
                if both_c {
                    // Same shape (checked above up to broadcasting of 1s): a linear copy.
                    let sn = self.field(src, 2)?.into_int_value();
                    let same = self.b.build_int_compare(IntPredicate::EQ, sn, n, "")?;
                    let fast = self.new_block("assign_fast");
                    let general = self.new_block("assign_general");
                    let done = self.new_block("assign_done");
                    self.b.build_conditional_branch(same, fast, general)?;
                    self.b.position_at_end(fast);
                    let (sdt, ddt) = (sa.dtype.clone(), dtype.clone());
                    let set = types::storage_type(self.ctx, &sdt).map_err(|m| self.cg_err(m))?;
                    let det = types::storage_type(self.ctx, &ddt).map_err(|m| self.cg_err(m))?;
                    self.counted_loop(n, |cx, i| {
                        let sp = unsafe { cx.b.build_gep(set, sdata, &[i], "")? };
                        let x = cx.load_element(sp, &sdt)?;
                        let dp = unsafe { cx.b.build_gep(det, ddata, &[i], "")? };
                        cx.store_element(dp, x, &sdt, &ddt)
                    })?;
                    self.b.build_unconditional_branch(done)?;
                    self.b.position_at_end(general);
                    self.assign_general(ddata, &dshape, &dstrides, &dtype, n, Some((sdata, es, sa.dtype.clone())), None)?;
                    self.b.build_unconditional_branch(done)?;
                    self.b.position_at_end(done);
                    Ok(())
                } else {
                    self.assign_general(ddata, &dshape, &dstrides, &dtype, n, Some((sdata, es, sa.dtype.clone())), None)
                }
            }
            // A number, or a datetime/timedelta into an array of its own type.
            t if numeric(t).is_some() || (crate::datetime::is_datetime_like(t) && *t == dtype) => {
                let t = t.clone();
                if da.layout == Layout::C {
                    let et = types::storage_type(self.ctx, &dtype).map_err(|m| self.cg_err(m))?;
                    let v = self.cast(src, &t, &dtype)?;
                    self.counted_loop(n, |cx, i| {
                        let p = unsafe { cx.b.build_gep(et, ddata, &[i], "")? };
                        cx.store_element(p, v, &dtype, &dtype)
                    })
                } else {
                    self.assign_general(ddata, &dshape, &dstrides, &dtype, n, None, Some((src, t)))
                }
            }
            // A string into every item of a unicode array.
            t if matches!(dtype, Type::UnicodeCharSeq(_)) && matches!(t, Type::Unicode | Type::StringLiteral(_) | Type::UnicodeCharSeq(_)) => {
                let t = t.clone();
                self.assign_general(ddata, &dshape, &dstrides, &dtype, n, None, Some((src, t)))
            }
            // A homogeneous tuple (Numba's `Sequence` source) into a 1-d view: its items in
            // order, its length checked.
            // (A tuple of literal integers, `a[:] = (1, 2)`, is one of numbers too.)
            t if r == 1 && t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(|i| numeric(i).is_some())) => {
                let items = t.tuple_items().unwrap_or_default();
                let len = self.i64(items.len() as i64);
                let bad = self.b.build_int_compare(IntPredicate::NE, dshape[0], len, "")?;
                self.shape_mismatch_guard(bad, &dshape, &[len])?;
                let sv = src.into_struct_value();
                for (k, item) in items.iter().enumerate() {
                    let x = self.b.build_extract_value(sv, k as u32, "")?;
                    let off = self.b.build_int_mul(self.i64(k as i64), dstrides[0], "")?;
                    let p = unsafe { self.b.build_gep(self.ctx.i8_type(), ddata, &[off], "")? };
                    self.store_element(p, x, item, &dtype)?;
                }
                Ok(())
            }
            // A reflected list of numbers into a 1-d view (Numba's `Sequence` source): its
            // items in order, its length checked.
            Type::List { dtype: item, .. } if r == 1 && numeric(item).is_some() => {
                let item = (**item).clone();
                let l = src.into_pointer_value();
                let len = self.list_len(l)?;
                let bad = self.b.build_int_compare(IntPredicate::NE, dshape[0], len, "")?;
                self.shape_mismatch_guard(bad, &dshape, &[len])?;
                let stride = dstrides[0];
                self.counted_loop(len, |cx, i| {
                    let x = cx.list_get(l, &item, i)?;
                    let off = cx.b.build_int_mul(i, stride, "")?;
                    let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), ddata, &[off], "")? };
                    cx.store_element(p, x, &item, &dtype)
                })
            }
            other => self.fail(format!("assigning {other} into an array is not supported by numrs build yet")),
        }
    }

    /// Numba's `raise_with_shape_context` when `bad`: "cannot assign slice of shape (..) from
    /// input of shape (..)", the destination's and the source's shapes.
    fn shape_mismatch_guard(&mut self, bad: IntValue<'ctx>, dst: &[IntValue<'ctx>], src: &[IntValue<'ctx>]) -> R<()> {
        let fail = self.new_block("shape_mismatch");
        let ok = self.new_block("shape_ok");
        self.b.build_conditional_branch(bad, fail, ok)?;
        self.b.position_at_end(fail);
        let shape = |dims: &[IntValue<'ctx>], pieces: &mut Vec<crate::strings::Piece<'ctx>>| {
            pieces.push(crate::strings::Piece::Text("(".into()));
            for (i, d) in dims.iter().enumerate() {
                if i > 0 {
                    pieces.push(crate::strings::Piece::Text(", ".into()));
                }
                pieces.push(crate::strings::Piece::Str((*d).into(), Type::int64()));
            }
            pieces.push(crate::strings::Piece::Text(if dims.len() == 1 { ",)" } else { ")" }.into()));
        };
        let mut pieces = vec![crate::strings::Piece::Text("cannot assign slice of shape ".into())];
        shape(dst, &mut pieces);
        pieces.push(crate::strings::Piece::Text(" from input of shape ".into()));
        shape(src, &mut pieces);
        crate::strings::raise_values(self, ExcKind::ValueError, pieces)?;
        self.b.position_at_end(ok);
        Ok(())
    }

    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn assign_general(
        &mut self,
        ddata: PointerValue<'ctx>,
        dshape: &[IntValue<'ctx>],
        dstrides: &[IntValue<'ctx>],
        dtype: &Type,
        _n: IntValue<'ctx>,
        src: Option<(PointerValue<'ctx>, Vec<IntValue<'ctx>>, Type)>,
        scalar: Option<(BV<'ctx>, Type)>,
    ) -> R<()> {
        let dshape = dshape.to_vec();
        let dstrides = dstrides.to_vec();
        let dtype = dtype.clone();
        let r = dshape.len();
        if r == 0 {
            // One item.
            if let Some((sdata, _, sdt @ Type::UnicodeCharSeq(_))) = &src {
                return self.charseq_copy(*sdata, sdt, ddata, &dtype);
            }
            let (x, xt) = match (&src, &scalar) {
                (Some((sdata, _, sdt)), _) => (self.load_element(*sdata, sdt)?, sdt.clone()),
                (None, Some((v, t))) => (*v, t.clone()),
                _ => return self.fail("internal error: assignment without a source"),
            };
            return self.store_element(ddata, x, &xt, &dtype);
        }
        // In C order: a loop over the rows (every axis but the last, offsets computed once
        // per row) around one along the last axis.
        let mut rows = self.i64(1);
        for d in &dshape[..r - 1] {
            rows = self.b.build_int_mul(rows, *d, "")?;
        }
        let last = dshape[r - 1];
        self.counted_loop(rows, |cx, row| {
            let idx = cx.unravel_index(row, &dshape[..r - 1])?;
            let dbase = cx.dot(&idx, &dstrides[..r - 1])?;
            let sbase = match &src {
                Some((_, es, _)) => Some(cx.dot(&idx, &es[..r - 1])?),
                None => None,
            };
            cx.counted_loop(last, |cx, j| {
                let (x, xt) = match (&src, &scalar, sbase) {
                    (Some((sdata, es, sdt)), _, Some(sb)) => {
                        let off = cx.b.build_int_add(sb, cx.b.build_int_mul(j, es[r - 1], "")?, "")?;
                        let sp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), *sdata, &[off], "")? };
                        if let Type::UnicodeCharSeq(_) = sdt {
                            let off = cx.b.build_int_add(dbase, cx.b.build_int_mul(j, dstrides[r - 1], "")?, "")?;
                            let dp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), ddata, &[off], "")? };
                            return cx.charseq_copy(sp, sdt, dp, &dtype);
                        }
                        (cx.load_element(sp, sdt)?, sdt.clone())
                    }
                    (None, Some((v, t)), _) => (*v, t.clone()),
                    _ => return cx.fail("internal error: assignment without a source"),
                };
                let off = cx.b.build_int_add(dbase, cx.b.build_int_mul(j, dstrides[r - 1], "")?, "")?;
                let dp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), ddata, &[off], "")? };
                cx.store_element(dp, x, &xt, &dtype)
            })
        })
    }

    /// Copies the unicode array item at `sp` (of type `st`) into the one at `dp` (of type
    /// `dt`): its characters, cut to the destination's size or padded with NULs.
    fn charseq_copy(&self, sp: PointerValue<'ctx>, st: &Type, dp: PointerValue<'ctx>, dt: &Type) -> R<()> {
        let (Type::UnicodeCharSeq(m), Type::UnicodeCharSeq(n)) = (st, dt) else { return self.fail(format!("copying {st} into {dt}")) };
        let copied = u64::from((*m).min(*n)) * 4;
        self.b.build_memmove(dp, 1, sp, 1, self.i64(copied as i64)).map_err(|e| self.cg_err(e.to_string()))?;
        if n > m {
            let rest = unsafe { self.b.build_gep(self.ctx.i8_type(), dp, &[self.i64(copied as i64)], "")? };
            let pad = u64::from(n - m) * 4;
            self.b.build_memset(rest, 1, self.ctx.i8_type().const_zero(), self.i64(pad as i64)).map_err(|e| self.cg_err(e.to_string()))?;
        }
        Ok(())
    }

    /// `a == b` of two unicode arrays of one type (Numba's `CmpOpEqArray`) and
    /// `np.where(c, x, y)` of unicode arrays: a loop over the broadcast shape comparing or
    /// copying characters in place (`None`: another array expression).
    pub(crate) fn charseq_elementwise(&mut self, value: &numrs_ir::Value, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("an elementwise operation producing {tt}")) };
        let Some((operands, is_where)) = self.charseq_elementwise_operands(value, tt) else { return self.fail("an elementwise operation of unicode arrays") };
        // Arrays broadcast together; `np.where`'s scalars (a condition, strings) apply to
        // every item.
        let mut arrays = Vec::new();
        let mut scalars: Vec<Option<(BV<'ctx>, Type)>> = Vec::new();
        for v in &operands {
            match self.ty(*v)? {
                Type::Array(a) => {
                    arrays.push((self.load(*v)?, (*a).clone()));
                    scalars.push(None);
                }
                Type::StringLiteral(text) if is_where => scalars.push(Some((self.str_const(&text).into(), Type::Unicode))),
                Type::BooleanLiteral(b) if is_where => scalars.push(Some((self.ctx.bool_type().const_int(b as u64, false).into(), Type::boolean()))),
                t if is_where && (numeric(&t).is_some() || t == Type::Unicode) => scalars.push(Some((self.load(*v)?, t))),
                other => return self.fail(format!("an operand of type {other} beside unicode arrays is not supported by numrs build yet")),
            }
        }
        let r = ra.ndim as usize;
        if arrays.iter().any(|(_, a)| a.ndim as usize > r) {
            return self.fail("an operand with more dimensions than the result");
        }
        let shape = self.broadcast_shapes(&arrays, r)?;
        let out = self.alloc_array(&ra.dtype, &shape)?;
        let odata = self.field(out, 4)?.into_pointer_value();
        let isz = self.i64(self.itemsize_of(&ra.dtype)? as i64);
        let mut operands = Vec::new();
        for (arr, a) in &arrays {
            let k = a.ndim as usize;
            let sh = self.dims(*arr, 5, a.ndim)?;
            let st = self.dims(*arr, 6, a.ndim)?;
            let mut es = vec![self.i64(0); r];
            for j in 0..k {
                let is1 = self.b.build_int_compare(IntPredicate::EQ, sh[j], self.i64(1), "")?;
                es[r - k + j] = self.b.build_select(is1, self.i64(0), st[j], "")?.into_int_value();
            }
            operands.push((self.field(*arr, 4)?.into_pointer_value(), es, a.dtype.clone()));
        }
        let mut total = self.i64(1);
        for d in &shape {
            total = self.b.build_int_mul(total, *d, "")?;
        }
        let cmp = match arrays.first().map(|a| &a.1.dtype) {
            Some(Type::UnicodeCharSeq(n)) if !is_where => Some(self.charseq_cmp_fn(*n)?),
            _ => None,
        };
        let out_dtype = ra.dtype.clone();
        self.counted_loop(total, |cx, i| {
            let idx = cx.unravel_index(i, &shape)?;
            // Each operand's item: a pointer into its array, or the scalar.
            let mut items = Vec::new();
            let mut arrays = operands.iter();
            for sc in &scalars {
                items.push(match sc {
                    Some((v, t)) => Err((*v, t.clone())),
                    None => {
                        let Some((data, es, dt)) = arrays.next() else { return cx.fail("internal error: unicode operands") };
                        let off = cx.dot(&idx, es)?;
                        Ok((unsafe { cx.b.build_gep(cx.ctx.i8_type(), *data, &[off], "")? }, dt.clone()))
                    }
                });
            }
            let op = unsafe { cx.b.build_gep(cx.ctx.i8_type(), odata, &[cx.b.build_int_mul(i, isz, "")?], "")? };
            match (cmp, items.as_slice()) {
                (Some(cmp), [Ok((p, _)), Ok((q, _))]) => {
                    let e = cx.charseq_equal(cmp, *p, *q)?;
                    cx.b.build_store(op, cx.b.build_int_z_extend(e, cx.ctx.i8_type(), "")?)?;
                    Ok(())
                }
                (None, [c, x, y]) => {
                    let c = match c {
                        Ok((p, t)) => {
                            let v = cx.load_element(*p, t)?;
                            cx.truth_of(v, t)?
                        }
                        Err((v, t)) => cx.truth_of(*v, t)?,
                    };
                    let (yes, no, done) = (cx.new_block("where_x"), cx.new_block("where_y"), cx.new_block("where_done"));
                    cx.b.build_conditional_branch(c, yes, no)?;
                    for (block, item) in [(yes, x), (no, y)] {
                        cx.b.position_at_end(block);
                        match item {
                            Ok((p, t)) => cx.charseq_copy(*p, t, op, &out_dtype)?,
                            Err((v, t)) => cx.store_element(op, *v, t, &out_dtype)?,
                        }
                        cx.b.build_unconditional_branch(done)?;
                    }
                    cx.b.position_at_end(done);
                    Ok(())
                }
                _ => cx.fail("internal error: unicode operands"),
            }
        })?;
        self.fresh = true;
        let ot = array_type(&ra.dtype, ra.ndim, Layout::C);
        self.cast(out, &ot, tt)
    }

    /// Whether the unicode array items at `p` and `q` are equal (`cmp`: their
    /// [`Self::charseq_cmp_fn`]).
    fn charseq_equal(&self, cmp: inkwell::values::FunctionValue<'ctx>, p: PointerValue<'ctx>, q: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        let inkwell::values::ValueKind::Basic(c) = self.b.build_call(cmp, &[p.into(), q.into()], "")?.try_as_basic_value() else {
            return self.fail("internal error: charseq comparison");
        };
        Ok(self.b.build_int_compare(IntPredicate::EQ, c.into_int_value(), self.ctx.i32_type().const_zero(), "")?)
    }

    /// The operands of [`Self::charseq_elementwise`], and whether it is `np.where`: `None`
    /// for other operations.
    pub(crate) fn charseq_elementwise_operands(&self, value: &numrs_ir::Value, tt: &Type) -> Option<(Vec<VarId>, bool)> {
        let chars = |t: &Type| matches!(t, Type::Array(a) if matches!(a.dtype, Type::UnicodeCharSeq(_)));
        match value {
            numrs_ir::Value::Compare { op: numrs_syntax::ast::CmpOp::Eq, lhs, rhs } if chars(&self.ty(*lhs).ok()?) && chars(&self.ty(*rhs).ok()?) => {
                Some((vec![*lhs, *rhs], false))
            }
            numrs_ir::Value::Call { func, args, kws, vararg: None }
                if kws.is_empty() && args.len() == 3 && chars(tt) && matches!(self.ty(*func).ok()?, Type::Function(k) if &*k == "numpy.where") =>
            {
                Some((args.clone(), true))
            }
            _ => None,
        }
    }

    /// The byte range [lo, hi) an array's elements occupy.
    fn extent(&self, arr: BV<'ctx>, ndim: u32) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
        let shape = self.dims(arr, 5, ndim)?;
        let strides = self.dims(arr, 6, ndim)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let base = self.b.build_ptr_to_int(data, self.ctx.i64_type(), "")?;
        let mut lo = base;
        let mut hi = base;
        for d in 0..ndim as usize {
            let m = self.b.build_int_sub(shape[d], self.i64(1), "")?;
            let span = self.b.build_int_mul(m, strides[d], "")?;
            let neg = self.b.build_int_compare(IntPredicate::SLT, span, self.i64(0), "")?;
            let dl = self.b.build_select(neg, span, self.i64(0), "")?.into_int_value();
            let dh = self.b.build_select(neg, self.i64(0), span, "")?.into_int_value();
            lo = self.b.build_int_add(lo, dl, "")?;
            hi = self.b.build_int_add(hi, dh, "")?;
        }
        let isz = self.field(arr, 3)?.into_int_value();
        hi = self.b.build_int_add(hi, isz, "")?;
        Ok((lo, hi))
    }

    /// `src` itself, or a C-contiguous copy of it when its memory overlaps `dst`'s (the copy
    /// is released at the function's exits through a hidden slot).
    pub(crate) fn unalias(&mut self, src: BV<'ctx>, sa: &ArrayType, dst: BV<'ctx>) -> R<BV<'ctx>> {
        let dnd = dst.into_struct_value().get_type().get_field_type_at_index(5).map(|t| t.into_array_type().len()).unwrap_or(0);
        let (slo, shi) = self.extent(src, sa.ndim)?;
        let (dlo, dhi) = self.extent(dst, dnd)?;
        let a = self.b.build_int_compare(IntPredicate::ULT, slo, dhi, "")?;
        let b = self.b.build_int_compare(IntPredicate::ULT, dlo, shi, "")?;
        let overlap = self.b.build_and(a, b, "")?;
        let pre = self.b.get_insert_block();
        let copy_bb = self.new_block("unalias_copy");
        let join = self.new_block("unalias_join");
        self.b.build_conditional_branch(overlap, copy_bb, join)?;
        self.b.position_at_end(copy_bb);
        let c = self.copy_c(src, sa)?;
        let ct = array_type(&sa.dtype, sa.ndim, Layout::C);
        self.hold_temp(c, &ct)?;
        let c = self.cast(c, &ct, &Type::Array(Arc::new(sa.clone())))?;
        let copy_end = self.b.get_insert_block();
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(join);
        let phi = self.b.build_phi(src.get_type(), "")?;
        if let (Some(p), Some(c_end)) = (pre, copy_end) {
            phi.add_incoming(&[(&src, p), (&c, c_end)]);
        }
        Ok(phi.as_basic_value())
    }

    /// Keep `v`, a new reference of type `t` that no variable holds, alive until the function
    /// returns or raises: it goes into a hidden slot dropped at every exit. The slot belongs to
    /// this point of the code, so when the code runs again (in a loop) the value the slot held
    /// from the previous run is dropped first.
    /// Returns the slot, for [`Self::let_go`].
    pub(crate) fn hold_temp(&mut self, v: BV<'ctx>, t: &Type) -> R<PointerValue<'ctx>> {
        let lt = self.vt(t)?;
        let p = self.frame_alloca(lt, "hidden")?;
        self.zero_slot(p, lt)?;
        self.rc_slots.push((p, t.clone()));
        let old = self.b.build_load(lt, p, "old")?;
        self.b.build_store(p, v)?;
        self.decref(old, t)?;
        Ok(p)
    }

    /// Take the value out of a [`Self::hold_temp`] slot: from here on it is an owned reference
    /// again (one that can raise before this point is released on the error path).
    pub(crate) fn let_go(&mut self, slot: PointerValue<'ctx>, t: &Type) -> R<()> {
        let lt = self.vt(t)?;
        self.b.build_store(slot, lt.const_zero())?;
        Ok(())
    }

    /// A new C-contiguous copy of an array (an owned reference; `fresh` is not set).
    pub(crate) fn copy_c(&mut self, src: BV<'ctx>, sa: &ArrayType) -> R<BV<'ctx>> {
        let shape = self.dims(src, 5, sa.ndim)?;
        let out = self.alloc_array(&sa.dtype, &shape)?;
        let n = self.field(src, 2)?.into_int_value();
        let et = types::storage_type(self.ctx, &sa.dtype).map_err(|m| self.cg_err(m))?;
        let data = self.field(out, 4)?.into_pointer_value();
        if sa.layout == Layout::C {
            let sdata = self.field(src, 4)?.into_pointer_value();
            let isz = self.itemsize_of(&sa.dtype)?;
            let bytes = self.b.build_int_mul(n, self.i64(isz as i64), "")?;
            self.b.build_memcpy(data, 1, sdata, 1, bytes).map_err(|m| self.cg_err(m.to_string()))?;
            return Ok(out);
        }
        self.counted_loop(n, |cx, i| {
            let p = cx.flat_ptr(src, sa, i)?;
            let x = cx.b.build_load(et, p, "")?;
            let q = unsafe { cx.b.build_gep(et, data, &[i], "")? };
            cx.b.build_store(q, x)?;
            Ok(())
        })?;
        Ok(out)
    }

    // ----- statistics and reductions -----

    /// `np.average(a[, axis=None][, weights])` (Numba's `np_average`): `np.mean(a)`; with
    /// weights, `np.sum(np.multiply(a, weights)) / np.sum(weights)` after its checks (1-d
    /// weights when the shapes differ, a zero weight sum is ZeroDivisionError). Weights of
    /// another shape broadcast along `a`'s last axis, as `np.multiply` does.
    fn average(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let av = args[0];
        if let Some(axis) = arg_kw(args, kws, 1, "axis") {
            if !matches!(self.ty(axis)?, Type::NoneType | Type::Omitted(_)) {
                return self.fail("np.average with an axis is not supported by numrs build yet");
            }
        }
        let weights = match arg_kw(args, kws, 2, "weights") {
            Some(w) if !matches!(self.ty(w)?, Type::NoneType | Type::Omitted(_)) => w,
            _ => return self.array_method("mean", av, &[], tt),
        };
        let (arr, a) = self.arr(av)?;
        let Type::Array(w) = self.ty(weights)? else {
            return self.fail(format!("np.average with weights of type {} is not supported by numrs build yet", self.ty(weights)?));
        };
        let warr = self.load(weights)?;
        let resolved = |key: &str, args: &[Type]| match numrs_typing::resolve_call(key, args, &[]) {
            Ok(Some(sig)) => Some(sig.return_type),
            _ => None,
        };
        let product = resolved("numpy.multiply", &[a.dtype.clone(), w.dtype.clone()]);
        let sum_of = |t: &Type| resolved("numpy.sum", &[array_type(t, 1, Layout::C)]);
        let (Some(product), Some(wsum_t)) = (product, sum_of(&w.dtype)) else { return self.fail("np.average of these arrays") };
        let Some(psum_t) = sum_of(&product) else { return self.fail("np.average of these arrays") };
        let (Some(pk), Some(sk)) = (numeric(&product), numeric(&psum_t)) else { return self.fail("np.average of these arrays") };
        if [pk, sk].iter().chain(numeric(&wsum_t).as_ref()).any(|k| k.is_complex()) {
            return self.fail("np.average with complex weights or values is not supported by numrs build yet");
        }
        // The shapes: equal, else 1-d weights broadcast along the last axis.
        let ashape = self.dims(arr, 5, a.ndim)?;
        let wshape = self.dims(warr, 5, w.ndim)?;
        let mut same = self.ctx.bool_type().const_int((a.ndim == w.ndim) as u64, false);
        if a.ndim == w.ndim {
            for (x, y) in ashape.iter().zip(&wshape) {
                let eq = self.b.build_int_compare(IntPredicate::EQ, *x, *y, "")?;
                same = self.b.build_and(same, eq, "")?;
            }
        }
        let differ = self.b.build_not(same, "")?;
        if w.ndim != 1 {
            self.guard(differ, ExcKind::TypeError, "1D weights expected when shapes of a and weights differ.")?;
        }
        let (rows, alast, m, n) = if w.ndim == 1 && a.ndim >= 1 {
            let n = wshape[0];
            let alast = ashape[a.ndim as usize - 1];
            let ok = self.b.build_or(
                self.b.build_int_compare(IntPredicate::EQ, alast, n, "")?,
                self.b.build_or(
                    self.b.build_int_compare(IntPredicate::EQ, alast, self.i64(1), "")?,
                    self.b.build_int_compare(IntPredicate::EQ, n, self.i64(1), "")?,
                    "",
                )?,
                "",
            )?;
            self.guard(self.b.build_not(ok, "")?, ExcKind::ValueError, "operands could not be broadcast together")?;
            let mut rows = self.i64(1);
            for d in &ashape[..a.ndim as usize - 1] {
                rows = self.b.build_int_mul(rows, *d, "")?;
            }
            let m = self.b.build_select(self.b.build_int_compare(IntPredicate::EQ, alast, self.i64(1), "")?, n, alast, "")?.into_int_value();
            // Equal shapes walk both arrays in step.
            let m = self.b.build_select(same, alast, m, "")?.into_int_value();
            (rows, alast, m, n)
        } else {
            (self.field(arr, 2)?.into_int_value(), self.i64(1), self.i64(1), self.i64(1))
        };
        let scl = self.reduce_array("sum", warr, &w, &wsum_t)?;
        let lt = types::number_type(self.ctx, sk);
        let acc = self.temp(lt)?;
        let zero = self.cast(self.i64(0).into(), &Type::int64(), &psum_t)?;
        self.b.build_store(acc, zero)?;
        let total = self.b.build_int_mul(rows, m, "")?;
        let (adt, wdt) = (a.dtype.clone(), w.dtype.clone());
        let one_d = w.ndim == 1 && a.ndim >= 1;
        self.counted_loop(total, |cx, k| {
            let (ai, wi) = if one_d {
                let row = cx.b.build_int_signed_div(k, m, "")?;
                let j = cx.b.build_int_signed_rem(k, m, "")?;
                let aj = cx.b.build_select(cx.b.build_int_compare(IntPredicate::EQ, alast, cx.i64(1), "")?, cx.i64(0), j, "")?.into_int_value();
                let ai = cx.b.build_int_add(cx.b.build_int_mul(row, alast, "")?, aj, "")?;
                let wi = cx.b.build_select(cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(1), "")?, cx.i64(0), j, "")?.into_int_value();
                (ai, wi)
            } else {
                (k, k)
            };
            let x = cx.elem_at(arr, &a, ai)?;
            let y = cx.elem_at(warr, &w, wi)?;
            let (x, y) = (cx.cast(x, &adt, &product)?, cx.cast(y, &wdt, &product)?);
            let p = cx.ufunc_elem("multiply", &[(x, product.clone()), (y, product.clone())], pk)?;
            let p = cx.cast(p, &product, &psum_t)?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let r = cx.ufunc_elem("add", &[(cur, psum_t.clone()), (p, psum_t.clone())], sk)?;
            cx.b.build_store(acc, r)?;
            Ok(())
        })?;
        let s = self.b.build_load(lt, acc, "")?;
        let sclf = self.cast(scl, &wsum_t, &Type::float64())?.into_float_value();
        let is_zero = self.b.build_float_compare(FloatPredicate::OEQ, sclf, self.ctx.f64_type().const_zero(), "")?;
        self.guard(is_zero, ExcKind::ZeroDivisionError, "Weights sum to zero, can't be normalized.")?;
        let (q, qt) = self.binary("operator.truediv", s, &psum_t, scl, &wsum_t)?;
        self.cast(q, &qt, tt)
    }

    /// `a.var()` / `a.std()`: Numba's two passes (the mean, then the sum of squared
    /// deviations in float64 order), `std` as `var ** 0.5`.
    fn var_std(&mut self, name: &str, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Some(ek) = numeric(&a.dtype) else { return self.fail(format!("arrays of {}", a.dtype)) };
        let mean_t = if ek.is_float() || ek.is_complex() { a.dtype.clone() } else { Type::float64() };
        let m = self.array_method("mean", av, &[], &mean_t)?;
        let n = self.field(arr, 2)?.into_int_value();
        let f64t = self.ctx.f64_type();
        let acc = self.temp(f64t.into())?;
        self.b.build_store(acc, f64t.const_zero())?;
        let mk = numeric(&mean_t).unwrap_or(NumericKind::Float64);
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &a.dtype, &mean_t)?;
            // `np.real(val * np.conj(val))` of `val = x - m`, in the item's float type.
            let (sq, sqk) = if mk.is_complex() {
                let (xs, ms) = (x.into_struct_value(), m.into_struct_value());
                let part = |cx: &FnCx<'a, 'ctx>, v: inkwell::values::StructValue<'ctx>, k: u32| -> R<inkwell::values::FloatValue<'ctx>> {
                    Ok(cx.b.build_extract_value(v, k, "")?.into_float_value())
                };
                let dr = cx.b.build_float_sub(part(cx, xs, 0)?, part(cx, ms, 0)?, "")?;
                let di = cx.b.build_float_sub(part(cx, xs, 1)?, part(cx, ms, 1)?, "")?;
                let rr = cx.b.build_float_mul(dr, dr, "")?;
                let ii = cx.b.build_float_mul(di, cx.b.build_float_neg(di, "")?, "")?;
                (cx.b.build_float_sub(rr, ii, "")?, mk.underlying_float())
            } else {
                let d = cx.b.build_float_sub(x.into_float_value(), m.into_float_value(), "")?;
                (cx.b.build_float_mul(d, d, "")?, mk)
            };
            let sq = cx.cast(sq.into(), &Type::Number(sqk), &Type::float64())?.into_float_value();
            let cur = cx.b.build_load(f64t, acc, "")?.into_float_value();
            cx.b.build_store(acc, cx.b.build_float_add(cur, sq, "")?)?;
            Ok(())
        })?;
        let ssd = self.b.build_load(f64t, acc, "")?.into_float_value();
        // Numba's `ssd / arr.size`: a division by zero (its error model) for an empty array.
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ZeroDivisionError, "division by zero")?;
        let nf = self.b.build_signed_int_to_float(n, f64t, "")?;
        let var = self.b.build_float_div(ssd, nf, "")?;
        let r: BV<'ctx> = if name == "std" {
            crate::ops::intrinsic_call(self, "llvm.pow", &[var.into(), f64t.const_float(0.5).into()])?
        } else {
            var.into()
        };
        self.cast(r, &Type::float64(), tt)
    }

    /// `np.take(a, indices, axis=None)` / `a.take(...)` (Numba's `numpy_take`). Without an axis
    /// the indices pick items of the flattened array (IndexError outside `[-size, size)`); an
    /// integer gives the item, a sequence an array of the indices' shape. With an axis (checked:
    /// ValueError) the indices pick positions along it; a single integer removes the axis (an
    /// item for a 1-d array). A position outside the axis raises IndexError (Numba reads
    /// outside the array there).
    fn take(&mut self, av: VarId, iv: VarId, axis: Option<VarId>, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let it = self.ty(iv)?;
        // The indices: one integer, or a sequence read by position.
        enum Src<'ctx> {
            One(IntValue<'ctx>),
            Arr(BV<'ctx>, ArrayType),
            Items(PointerValue<'ctx>),
            List(PointerValue<'ctx>, Type),
        }
        let i64t = self.ctx.i64_type();
        let (src, count, idx_shape): (Src<'ctx>, IntValue<'ctx>, Vec<IntValue<'ctx>>) = match &it {
            t if numeric(t).is_some_and(|k| k.is_integer()) => (Src::One(self.int_arg(iv)?), self.i64(1), vec![]),
            Type::Array(ia) if numeric(&ia.dtype).is_some_and(|k| k.is_integer()) => {
                let x = self.load(iv)?;
                let n = self.field(x, 2)?.into_int_value();
                let shape = self.dims(x, 5, ia.ndim)?;
                (Src::Arr(x, (**ia).clone()), n, shape)
            }
            // A tuple of integers, or nested tuples of them (rectangular, as `np.array` of them):
            // their items in C order, shaped by the nesting.
            t if nested_int_tuple_shape(t).is_some() => {
                let shape = nested_int_tuple_shape(t).unwrap_or_default();
                let total: u64 = shape.iter().product();
                let buf = self.temp(i64t.array_type(total as u32).into())?;
                let mut leaves: Vec<(BV<'ctx>, Type)> = vec![(self.load(iv)?, t.clone())];
                while leaves.iter().any(|(_, lt)| lt.tuple_items().is_some()) {
                    let mut next = Vec::new();
                    for (v, lt) in leaves {
                        for (k, item) in lt.tuple_items().unwrap_or_default().iter().enumerate() {
                            next.push((self.tuple_item(v, k as u32)?, item.clone()));
                        }
                    }
                    leaves = next;
                }
                for (k, (x, xt)) in leaves.into_iter().enumerate() {
                    let x = self.cast(x, &xt, &Type::int64())?;
                    let p = unsafe { self.b.build_gep(i64t.array_type(total as u32), buf, &[self.i64(0), self.i64(k as i64)], "")? };
                    self.b.build_store(p, x)?;
                }
                (Src::Items(buf), self.i64(total as i64), shape.iter().map(|d| self.i64(*d as i64)).collect())
            }
            t if crate::lists::dtype(t).is_some_and(|d| numeric(d).is_some_and(|k| k.is_integer())) => {
                let dt = crate::lists::dtype(t).cloned().unwrap_or_else(Type::int64);
                let l = self.load(iv)?.into_pointer_value();
                let n = self.list_len(l)?;
                (Src::List(l, dt), n, vec![n])
            }
            t => return self.fail(format!("np.take with indices of type {t} is not supported by numrs build yet")),
        };
        let get = |cx: &mut Self, k: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            Ok(match &src {
                Src::One(x) => *x,
                Src::Arr(x, ia) => {
                    let v = cx.elem_at(*x, ia, k)?;
                    cx.cast(v, &ia.dtype, &Type::int64())?.into_int_value()
                }
                Src::Items(buf) => {
                    let p = unsafe { cx.b.build_gep(i64t, *buf, &[k], "")? };
                    cx.b.build_load(i64t, p, "")?.into_int_value()
                }
                Src::List(l, dt) => {
                    let v = cx.list_get(*l, dt, k)?;
                    cx.cast(v, dt, &Type::int64())?.into_int_value()
                }
            })
        };
        // An index within `[-n, n)`, from 0.
        let wrap = |cx: &mut Self, x: IntValue<'ctx>, n: IntValue<'ctx>, msg: &str| -> R<IntValue<'ctx>> {
            let hi = cx.b.build_int_compare(IntPredicate::SGE, x, n, "")?;
            let lo = cx.b.build_int_compare(IntPredicate::SLT, x, cx.b.build_int_neg(n, "")?, "")?;
            cx.guard(cx.b.build_or(hi, lo, "")?, ExcKind::IndexError, msg)?;
            let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
            Ok(cx.b.build_select(neg, cx.b.build_int_add(x, n, "")?, x, "")?.into_int_value())
        };
        let size = self.field(arr, 2)?.into_int_value();
        let axis = axis.filter(|v| !matches!(self.ty(*v), Ok(Type::NoneType | Type::Omitted(_))));
        let Some(axis) = axis else {
            if let Src::One(x) = src {
                let i = wrap(self, x, size, "Index out of bounds")?;
                let v = self.elem_at(arr, &a, i)?;
                return self.cast(v, &a.dtype, tt);
            }
            let out = self.alloc_array(&a.dtype, &idx_shape)?;
            let slot = self.hold_temp(out, &array_type(&a.dtype, idx_shape.len() as u32, Layout::C))?;
            let dt = a.dtype.clone();
            self.counted_loop(count, |cx, k| {
                let x = get(cx, k)?;
                let i = wrap(cx, x, size, "Index out of bounds")?;
                let v = cx.elem_at(arr, &a, i)?;
                let p = cx.out_ptr(out, &dt, k)?;
                cx.store_element(p, v, &dt, &dt)
            })?;
            let ot = array_type(&a.dtype, idx_shape.len() as u32, Layout::C);
            self.let_go(slot, &ot)?;
            self.fresh = true;
            return self.cast(out, &ot, tt);
        };
        if idx_shape.len() > 1 {
            return self.fail("np.take along an axis with indices of more than one dimension is not supported by numrs build yet");
        }
        let nd = a.ndim as usize;
        let raw = self.int_arg(axis)?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, raw, self.i64(0), "")?;
        let ax = self.b.build_select(neg, self.b.build_int_add(raw, self.i64(nd as i64), "")?, raw, "")?.into_int_value();
        let bad = self.b.build_or(
            self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?,
            self.b.build_int_compare(IntPredicate::SGE, ax, self.i64(nd as i64), "")?,
            "",
        )?;
        let fail = self.new_block("take_axis_error");
        let ok = self.new_block("take_axis_ok");
        self.b.build_conditional_branch(bad, fail, ok)?;
        self.b.position_at_end(fail);
        let pieces = vec![Ok("axis ".to_string()), Err((raw.into(), Type::int64())), Ok(format!(" is out of bounds for array of dimension {nd}"))];
        crate::strings::raise_values(self, ExcKind::ValueError, pieces)?;
        self.b.position_at_end(ok);
        let shape = self.dims(arr, 5, a.ndim)?;
        let squeeze = matches!(src, Src::One(_));
        let mut len = self.i64(0);
        for (d, sd) in shape.iter().enumerate() {
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(d as i64), "")?;
            len = self.b.build_select(is, *sd, len, "")?.into_int_value();
        }
        if squeeze && nd == 1 {
            let x = get(self, self.i64(0))?;
            let i = wrap(self, x, len, "index out of bounds")?;
            let v = self.elem_at(arr, &a, i)?;
            return self.cast(v, &a.dtype, tt);
        }
        // The result's shape: the axis replaced by the indices' count, or removed.
        let mut out_shape = Vec::new();
        for d in 0..nd {
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(d as i64), "")?;
            if squeeze {
                if d + 1 < nd {
                    let before = self.b.build_int_compare(IntPredicate::SLT, self.i64(d as i64), ax, "")?;
                    out_shape.push(self.b.build_select(before, shape[d], shape[d + 1], "")?.into_int_value());
                }
            } else {
                out_shape.push(self.b.build_select(is, count, shape[d], "")?.into_int_value());
            }
        }
        let on = out_shape.len() as u32;
        let ot = array_type(&a.dtype, on, Layout::C);
        let out = self.alloc_array(&a.dtype, &out_shape)?;
        let slot = self.hold_temp(out, &ot)?;
        let onum = self.field(out, 2)?.into_int_value();
        let strides = self.dims(arr, 6, a.ndim)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let dt = a.dtype.clone();
        self.counted_loop(onum, |cx, o| {
            let oidx = cx.unravel_index(o, &out_shape)?;
            let mut off = cx.i64(0);
            for d in 0..nd {
                let is = cx.b.build_int_compare(IntPredicate::EQ, ax, cx.i64(d as i64), "")?;
                // This dimension's input index when it is not the axis.
                let plain = if squeeze {
                    let before = cx.b.build_int_compare(IntPredicate::SLT, cx.i64(d as i64), ax, "")?;
                    let prev = if d > 0 { oidx[d - 1] } else { cx.i64(0) };
                    let same = if d < oidx.len() { oidx[d] } else { cx.i64(0) };
                    cx.b.build_select(before, same, prev, "")?.into_int_value()
                } else {
                    oidx[d]
                };
                // Along the axis: the chosen position (the k-th index; k = 0 when squeezed).
                let k = if squeeze { cx.i64(0) } else { oidx[d] };
                let pos = cx.b.build_select(is, k, plain, "")?.into_int_value();
                let chosen = {
                    let here = cx.new_block("take_axis_dim");
                    let other = cx.new_block("take_other_dim");
                    let join = cx.new_block("take_dim_join");
                    let from = cx.b.get_insert_block().ok_or_else(|| cx.cg_err("no block".to_string()))?;
                    let _ = from;
                    cx.b.build_conditional_branch(is, here, other)?;
                    cx.b.position_at_end(here);
                    let x = get(cx, pos)?;
                    let w = wrap(cx, x, len, "index out of bounds")?;
                    let here_end = cx.b.get_insert_block().ok_or_else(|| cx.cg_err("no block".to_string()))?;
                    cx.b.build_unconditional_branch(join)?;
                    cx.b.position_at_end(other);
                    cx.b.build_unconditional_branch(join)?;
                    cx.b.position_at_end(join);
                    let phi = cx.b.build_phi(cx.ctx.i64_type(), "")?;
                    phi.add_incoming(&[(&w, here_end), (&pos, other)]);
                    phi.as_basic_value().into_int_value()
                };
                off = cx.b.build_int_add(off, cx.b.build_int_mul(chosen, strides[d], "")?, "")?;
            }
            let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
            let v = cx.load_element(p, &dt)?;
            let q = cx.out_ptr(out, &dt, o)?;
            cx.store_element(q, v, &dt, &dt)
        })?;
        self.let_go(slot, &ot)?;
        self.fresh = true;
        self.cast(out, &ot, tt)
    }

    /// `np.asarray(v)` of an array-like argument: the array itself, or a new C array (held
    /// until the function exits) of a list or tuple of numbers, or of a list of equally long
    /// lists of numbers (2-d).
    pub(crate) fn as_array(&mut self, v: VarId) -> R<(BV<'ctx>, ArrayType)> {
        let t = self.ty(v)?;
        if let Type::Array(a) = &t {
            return Ok((self.load(v)?, (**a).clone()));
        }
        let rows = crate::lists::dtype(&t).and_then(crate::lists::dtype).cloned();
        if let Some(item) = rows.filter(|d| numeric(d).is_some()) {
            let at = ArrayType::new(item.unliteral(), 2, Layout::C, false);
            let tt = Type::Array(Arc::new(at.clone()));
            let out = crate::lists::np_array(self, v, &t, &tt, None)?;
            self.fresh = false;
            self.hold_temp(out, &tt)?;
            return Ok((out, at));
        }
        // A tuple of tuples of numbers, each as long: the rows of a 2-d array of their unified
        // type (`np.asarray`'s view of it).
        if let Some(rows) = t.tuple_items().filter(|r| !r.is_empty()) {
            let cols: Option<Vec<Vec<Type>>> = rows.iter().map(|r| r.tuple_items()).collect();
            if let Some(cols) = cols.filter(|c| c.iter().all(|r| r.len() == c[0].len())) {
                let all: Vec<Type> = cols.iter().flatten().map(Type::unliteral).collect();
                let Some(ut) = numrs_types::unify_many(&all).filter(|u| numeric(u).is_some()) else {
                    return self.fail(format!("{t} as an array is not supported by numrs build yet"));
                };
                let at = ArrayType::new(ut.clone(), 2, Layout::C, false);
                let width = cols[0].len();
                let out = self.alloc_array(&ut, &[self.i64(rows.len() as i64), self.i64(width as i64)])?;
                self.hold_temp(out, &Type::Array(Arc::new(at.clone())))?;
                let tv = self.load(v)?;
                for (r, items) in cols.iter().enumerate() {
                    let row = self.tuple_item(tv, r as u32)?;
                    for (c, it) in items.iter().enumerate() {
                        let x = self.tuple_item(row, c as u32)?;
                        let x = self.cast(x, it, &ut)?;
                        let p = self.out_ptr(out, &ut, self.i64((r * width + c) as i64))?;
                        self.store_element(p, x, &ut, &ut)?;
                    }
                }
                return Ok((out, at));
            }
        }
        let src = self.flat_source(v)?;
        if src.shape.len() != 1 {
            return self.fail(format!("{t} as an array is not supported by numrs build yet"));
        }
        let item = src.item.clone();
        let at = ArrayType::new(item.clone(), 1, Layout::C, false);
        let out = self.alloc_array(&item, &src.shape)?;
        self.hold_temp(out, &Type::Array(Arc::new(at.clone())))?;
        let n = src.shape[0];
        self.counted_loop(n, |cx, i| {
            let x = cx.flat_item(&src, i)?;
            let p = cx.out_ptr(out, &item, i)?;
            cx.store_element(p, x, &item, &item)
        })?;
        Ok((out, at))
    }

    /// An array-like read item by item in C order: its shape and a way to load item `i`
    /// (as its item type, returned beside it). Numbers are 0-d, tuples and lists 1-d
    /// (`np.asarray`'s view of them).
    pub(crate) fn flat_source(&mut self, v: VarId) -> R<FlatSource<'ctx>> {
        let t = self.ty(v)?;
        if let Type::Array(a) = &t {
            let x = self.load(v)?;
            let shape = self.dims(x, 5, a.ndim)?;
            return Ok(FlatSource { shape, item: a.dtype.clone(), kind: FlatKind::Arr(x, (**a).clone()) });
        }
        if numeric(&t).is_some() {
            let x = self.load(v)?;
            let item = t.unliteral();
            let x = self.cast(x, &t, &item)?;
            return Ok(FlatSource { shape: vec![], item, kind: FlatKind::One(x) });
        }
        if let Some(items) = t.tuple_items() {
            let Some(ut) = numrs_types::unify_many(&items.iter().map(|i| i.unliteral()).collect::<Vec<_>>()).filter(|u| numeric(u).is_some()) else {
                return self.fail(format!("{t} as an array is not supported by numrs build yet"));
            };
            let et = self.storage_t(&ut)?;
            let at = inkwell::types::BasicType::array_type(&et, items.len() as u32);
            let buf = self.temp(at.into())?;
            let tv = self.load(v)?;
            for (k, it) in items.iter().enumerate() {
                let x = self.tuple_item(tv, k as u32)?;
                let x = self.cast(x, it, &ut)?;
                let p = unsafe { self.b.build_gep(at, buf, &[self.i64(0), self.i64(k as i64)], "")? };
                self.store_element(p, x, &ut, &ut)?;
            }
            return Ok(FlatSource { shape: vec![self.i64(items.len() as i64)], item: ut, kind: FlatKind::Buf(buf) });
        }
        if let Some(dt) = crate::lists::dtype(&t).filter(|d| numeric(d).is_some()).cloned() {
            let l = self.load(v)?.into_pointer_value();
            let n = self.list_len(l)?;
            return Ok(FlatSource { shape: vec![n], item: dt, kind: FlatKind::List(l) });
        }
        self.fail(format!("{t} as an array is not supported by numrs build yet"))
    }

    pub(crate) fn flat_item(&mut self, s: &FlatSource<'ctx>, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        match &s.kind {
            FlatKind::Arr(x, a) => self.elem_at(*x, a, i),
            FlatKind::One(x) => Ok(*x),
            FlatKind::Buf(p) => {
                let et = self.storage_t(&s.item)?;
                let q = unsafe { self.b.build_gep(et, *p, &[i], "")? };
                self.load_element(q, &s.item)
            }
            FlatKind::List(l) => self.list_get(*l, &s.item, i),
        }
    }

    /// `np.array_equal(a1, a2)` (Numba's `np_array_equal`): two numbers compare with `==`;
    /// otherwise both as arrays, equal shapes and every item equal.
    fn array_equal(&mut self, x: VarId, y: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (xs, ys) = (self.flat_source(x)?, self.flat_source(y)?);
        // Unicode arrays of one item size compare their items' characters.
        let chars = match (&xs.kind, &ys.kind, &xs.item) {
            (FlatKind::Arr(..), FlatKind::Arr(..), Type::UnicodeCharSeq(n)) if xs.item == ys.item => Some(self.charseq_cmp_fn(*n)?),
            _ => None,
        };
        // Datetimes (timedeltas) compare by their own `==`, across units, NaT unequal.
        let dates = crate::datetime::is_datetime_like(&xs.item) && crate::datetime::is_datetime_like(&ys.item);
        let common = if dates || chars.is_some() { Some(xs.item.clone()) } else { numrs_types::unify_pairs(&xs.item, &ys.item) };
        let Some(common) = common.filter(|u| numeric(u).is_some() || dates || chars.is_some()) else {
            return self.fail(format!("np.array_equal of {} and {}", xs.item, ys.item));
        };
        if xs.shape.len() != ys.shape.len() {
            return self.cast(self.ctx.bool_type().const_zero().into(), &Type::boolean(), tt);
        }
        let mut same = self.ctx.bool_type().const_all_ones();
        for (p, q) in xs.shape.iter().zip(&ys.shape) {
            same = self.b.build_and(same, self.b.build_int_compare(IntPredicate::EQ, *p, *q, "")?, "")?;
        }
        let res = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(res, same)?;
        let go = self.new_block("array_equal_items");
        let done = self.new_block("array_equal_done");
        self.b.build_conditional_branch(same, go, done)?;
        self.b.position_at_end(go);
        let mut n = self.i64(1);
        for d in &xs.shape {
            n = self.b.build_int_mul(n, *d, "")?;
        }
        self.counted_loop(n, |cx, i| {
            if let (Some(cmp), FlatKind::Arr(xv, xa), FlatKind::Arr(yv, ya)) = (chars, &xs.kind, &ys.kind) {
                let e = cx.charseq_equal(cmp, cx.flat_ptr(*xv, xa, i)?, cx.flat_ptr(*yv, ya, i)?)?;
                let cur = cx.b.build_load(cx.ctx.bool_type(), res, "")?.into_int_value();
                cx.b.build_store(res, cx.b.build_and(cur, e, "")?)?;
                return Ok(());
            }
            let a = cx.flat_item(&xs, i)?;
            let b = cx.flat_item(&ys, i)?;
            let e = if dates {
                let (r, rt) = cx.binary("operator.eq", a, &xs.item, b, &ys.item)?;
                cx.truth(r, &rt)?
            } else {
                let a = cx.cast(a, &xs.item, &common)?;
                let b = cx.cast(b, &ys.item, &common)?;
                cx.ufunc_elem("equal", &[(a, common.clone()), (b, common.clone())], NumericKind::Boolean)?.into_int_value()
            };
            let cur = cx.b.build_load(cx.ctx.bool_type(), res, "")?.into_int_value();
            cx.b.build_store(res, cx.b.build_and(cur, e, "")?)?;
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let r = self.b.build_load(self.ctx.bool_type(), res, "")?;
        self.cast(r, &Type::boolean(), tt)
    }

    /// `np.diff(a, n=1)` (Numba's `np_diff_impl`): `n` rounds of differences along the last
    /// axis, each row through a scratch row; `n == 0` copies, `n < 0` raises ValueError. The
    /// difference is taken in the array's dtype (booleans: whether they differ).
    fn diff(&mut self, av: VarId, n: Option<VarId>, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        // Timedeltas: differences by the timedelta subtraction (NaT absorbing).
        let timedelta = matches!(a.dtype, Type::NPTimedelta(_));
        let Some(k) = numeric(&a.dtype).or(timedelta.then_some(NumericKind::Int64)) else { return self.fail(format!("np.diff of arrays of {}", a.dtype)) };
        let Type::Array(ra) = tt else { return self.fail(format!("np.diff producing {tt}")) };
        let ra = (**ra).clone();
        let n = match n {
            Some(v) => self.int_arg(v)?,
            None => self.i64(1),
        };
        let dt = a.dtype.clone();
        let nd = a.ndim as usize;
        let shape = self.dims(arr, 5, a.ndim)?;
        let ot = array_type(&dt, a.ndim, Layout::C);
        let res = self.temp(self.vt(&ot)?)?;
        let zero_n = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        let copy_bb = self.new_block("diff_copy");
        let work_bb = self.new_block("diff_work");
        let done = self.new_block("diff_done");
        self.b.build_conditional_branch(zero_n, copy_bb, work_bb)?;
        self.b.position_at_end(copy_bb);
        let c = self.alloc_array(&dt, &shape)?;
        self.assign_broadcast(c, &ArrayType::new(dt.clone(), a.ndim, Layout::C, false), arr, &Type::Array(Arc::new(a.clone())))?;
        self.b.build_store(res, c)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(work_bb);
        let neg = self.b.build_int_compare(IntPredicate::SLT, n, self.i64(0), "")?;
        self.guard(neg, ExcKind::ValueError, "diff(): order must be non-negative")?;
        let size = shape[nd - 1];
        let left = self.b.build_int_sub(size, n, "")?;
        let m = self.b.build_select(self.b.build_int_compare(IntPredicate::SGT, left, self.i64(0), "")?, left, self.i64(0), "")?.into_int_value();
        let mut out_shape = shape[..nd - 1].to_vec();
        out_shape.push(m);
        let out = self.alloc_array(&dt, &out_shape)?;
        self.b.build_store(res, out)?;
        let mut rows = self.i64(1);
        for d in &shape[..nd - 1] {
            rows = self.b.build_int_mul(rows, *d, "")?;
        }
        let empty = self.b.build_int_compare(IntPredicate::EQ, self.b.build_int_mul(rows, m, "")?, self.i64(0), "")?;
        let rows_bb = self.new_block("diff_rows");
        self.b.build_conditional_branch(empty, done, rows_bb)?;
        self.b.position_at_end(rows_bb);
        let work = self.alloc_array(&dt, &[size])?;
        let wt = array_type(&dt, 1, Layout::C);
        let sub = |cx: &mut Self, x: BV<'ctx>, y: BV<'ctx>| -> R<BV<'ctx>> {
            if timedelta {
                let sig = numrs_types::Signature::new(dt.clone(), vec![dt.clone(), dt.clone()]);
                let Some(f) = crate::ops::lookup("operator.sub", &sig) else { return cx.fail("timedelta subtraction") };
                f(cx, &sig, &[Some(x), Some(y)])
            } else if k == NumericKind::Boolean {
                Ok(cx.b.build_xor(x.into_int_value(), y.into_int_value(), "")?.into())
            } else {
                cx.ufunc_elem("subtract", &[(x, dt.clone()), (y, dt.clone())], k)
            }
        };
        self.counted_loop(rows, |cx, major| {
            let base = cx.b.build_int_mul(major, size, "")?;
            let first = cx.b.build_int_sub(size, cx.i64(1), "")?;
            cx.counted_loop(first, |cx, i| {
                let j = cx.b.build_int_add(base, i, "")?;
                let x0 = cx.elem_at(arr, &a, j)?;
                let x1 = cx.elem_at(arr, &a, cx.b.build_int_add(j, cx.i64(1), "")?)?;
                let r = sub(cx, x1, x0)?;
                let p = cx.out_ptr(work, &dt, i)?;
                cx.store_element(p, r, &dt, &dt)
            })?;
            let rounds = cx.b.build_int_sub(n, cx.i64(1), "")?;
            cx.counted_loop(rounds, |cx, r0| {
                let niter = cx.b.build_int_add(r0, cx.i64(1), "")?;
                let cnt = cx.b.build_int_sub(cx.b.build_int_sub(size, niter, "")?, cx.i64(1), "")?;
                cx.counted_loop(cnt, |cx, i| {
                    let p0 = cx.out_ptr(work, &dt, i)?;
                    let p1 = cx.out_ptr(work, &dt, cx.b.build_int_add(i, cx.i64(1), "")?)?;
                    let (x0, x1) = (cx.load_element(p0, &dt)?, cx.load_element(p1, &dt)?);
                    let r = sub(cx, x1, x0)?;
                    cx.store_element(p0, r, &dt, &dt)
                })
            })?;
            let obase = cx.b.build_int_mul(major, m, "")?;
            cx.counted_loop(m, |cx, i| {
                let p = cx.out_ptr(work, &dt, i)?;
                let x = cx.load_element(p, &dt)?;
                let q = cx.out_ptr(out, &dt, cx.b.build_int_add(obase, i, "")?)?;
                cx.store_element(q, x, &dt, &dt)
            })
        })?;
        self.decref(work, &wt)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let r = self.b.build_load(self.vt(&ot)?, res, "")?;
        self.fresh = true;
        let _ = ra;
        self.cast(r, &ot, tt)
    }

    /// Numba's `check_axis_bounds`: an axis outside `[-ndim, ndim)` raises AxisError.
    pub(crate) fn axis_bounds(&mut self, ax: IntValue<'ctx>, ndim: u32) -> R<()> {
        let nd = self.i64(ndim as i64);
        let lo = self.b.build_int_compare(IntPredicate::SLT, ax, self.b.build_int_neg(nd, "")?, "")?;
        let hi = self.b.build_int_compare(IntPredicate::SGE, ax, nd, "")?;
        let fail = self.new_block("axis_error");
        let ok = self.new_block("axis_ok");
        self.b.build_conditional_branch(self.b.build_or(lo, hi, "")?, fail, ok)?;
        self.b.position_at_end(fail);
        let pieces = vec![
            crate::strings::Piece::Text("axis ".to_string()),
            crate::strings::Piece::Str(ax.into(), Type::int64()),
            crate::strings::Piece::Text(format!(" is out of bounds for array of dimension {ndim}")),
        ];
        crate::strings::raise_values(self, ExcKind::AxisError, pieces)?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// `a.sum(axis, dtype)` / `np.sum(...)` with an axis or a dtype (Numba's `array_sum`): the
    /// axis is an integer, a tuple of integers, or None; each is checked (AxisError). An empty
    /// tuple copies the array (in the dtype); as many axes as dimensions (no duplicates) sum
    /// everything; fewer sum over those axes into a new array of the other dimensions.
    /// `nonzero`: each item counts as whether it is not zero (`np.count_nonzero(a, axis)`,
    /// which Numba computes as `np.sum(a.astype(np.bool_), axis=axis)`).
    fn sum_axis(&mut self, av: VarId, axis: Option<VarId>, nonzero: bool, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let axis_t = match axis {
            Some(v) => self.ty(v)?,
            None => Type::NoneType,
        };
        let axes: Option<Vec<IntValue<'ctx>>> = match (&axis_t, axis) {
            (Type::NoneType | Type::Omitted(_), _) | (_, None) => None,
            (t, Some(v)) if numeric(t).is_some_and(|k| k.is_integer()) => Some(vec![self.int_arg(v)?]),
            (t, Some(v)) => {
                let Some(items) = t.tuple_items().filter(|items| items.iter().all(|i| numeric(i).is_some_and(|k| k.is_integer()))) else {
                    return self.fail(format!("np.sum with an axis of type {t} is not supported by numrs build yet"));
                };
                let tv = self.load(v)?;
                let mut out = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    let x = self.tuple_item(tv, i as u32)?;
                    out.push(self.cast(x, it, &Type::int64())?.into_int_value());
                }
                Some(out)
            }
        };
        for ax in axes.iter().flatten() {
            self.axis_bounds(*ax, a.ndim)?;
        }
        let nd = a.ndim as usize;
        // Axes from 0, and no axis twice (Numba's `check_duplicates`).
        let mut norm = Vec::new();
        for ax in axes.iter().flatten() {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *ax, self.i64(0), "")?;
            norm.push(self.b.build_select(neg, self.b.build_int_add(*ax, self.i64(nd as i64), "")?, *ax, "")?.into_int_value());
        }
        if norm.len() > 1 {
            let mut dup = self.ctx.bool_type().const_zero();
            for i in 0..norm.len() {
                for j in i + 1..norm.len() {
                    dup = self.b.build_or(dup, self.b.build_int_compare(IntPredicate::EQ, norm[i], norm[j], "")?, "")?;
                }
            }
            self.guard(dup, ExcKind::ValueError, "duplicate value in 'axis'")?;
        }
        match axes {
            Some(axes) if axes.is_empty() && !nonzero => return self.astype(av, tt),
            Some(axes) if axes.is_empty() => return self.fail("np.count_nonzero with an empty axis tuple is not supported by numrs build yet"),
            Some(axes) if nd > axes.len() => {}
            _ if nonzero => return self.any_all("count_nonzero", av, tt),
            _ => return self.array_method("sum", av, &[], tt),
        }
        let Type::Array(ra) = tt else { return self.fail(format!("np.sum along axes producing {tt}")) };
        let ra = (**ra).clone();
        let Some(rk) = numeric(&ra.dtype) else { return self.fail(format!("np.sum producing {tt}")) };
        let shape = self.dims(arr, 5, a.ndim)?;
        // Per input dimension: whether it is summed over, and its position among the kept ones.
        let mut masked = Vec::new();
        let mut kept_pos = Vec::new();
        let mut count = self.i64(0);
        for d in 0..nd {
            let mut m = self.ctx.bool_type().const_zero();
            for ax in &norm {
                m = self.b.build_or(m, self.b.build_int_compare(IntPredicate::EQ, *ax, self.i64(d as i64), "")?, "")?;
            }
            masked.push(m);
            kept_pos.push(count);
            let inc = self.b.build_int_z_extend(self.b.build_not(m, "")?, self.ctx.i64_type(), "")?;
            count = self.b.build_int_add(count, inc, "")?;
        }
        let rn = ra.ndim as usize;
        let mut out_shape = vec![self.i64(1); rn];
        for (j, o) in out_shape.iter_mut().enumerate() {
            for d in 0..nd {
                let here = self.b.build_int_compare(IntPredicate::EQ, kept_pos[d], self.i64(j as i64), "")?;
                let take = self.b.build_and(here, self.b.build_not(masked[d], "")?, "")?;
                *o = self.b.build_select(take, shape[d], *o, "")?.into_int_value();
            }
        }
        // C strides (in items) of the result, then each input dimension's (0 when summed).
        let mut ostride = vec![self.i64(1); rn];
        for j in (0..rn.saturating_sub(1)).rev() {
            ostride[j] = self.b.build_int_mul(ostride[j + 1], out_shape[j + 1], "")?;
        }
        let mut istr = Vec::new();
        for d in 0..nd {
            let mut st = self.i64(0);
            for (j, os) in ostride.iter().enumerate() {
                let here = self.b.build_int_compare(IntPredicate::EQ, kept_pos[d], self.i64(j as i64), "")?;
                st = self.b.build_select(here, *os, st, "")?.into_int_value();
            }
            istr.push(self.b.build_select(masked[d], self.i64(0), st, "")?.into_int_value());
        }
        let rt = ra.dtype.clone();
        let out = self.alloc_array(&rt, &out_shape)?;
        let onum = self.field(out, 2)?.into_int_value();
        let zero = self.cast(self.i64(0).into(), &Type::int64(), &rt)?;
        self.counted_loop(onum, |cx, i| {
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, zero, &rt, &rt)
        })?;
        let n = self.field(arr, 2)?.into_int_value();
        self.counted_loop(n, |cx, i| {
            let idx = cx.unravel_index(i, &shape)?;
            let oi = cx.dot(&idx, &istr)?;
            let p = cx.out_ptr(out, &rt, oi)?;
            let cur = cx.load_element(p, &rt)?;
            let x = cx.elem_at(arr, &a, i)?;
            let x = if nonzero {
                let b = cx.truth(x, &a.dtype)?;
                cx.cast(b.into(), &Type::boolean(), &rt)?
            } else {
                cx.cast(x, &a.dtype, &rt)?
            };
            let r = if rk == NumericKind::Boolean {
                cx.b.build_or(cur.into_int_value(), x.into_int_value(), "")?.into()
            } else {
                cx.ufunc_elem("add", &[(cur, rt.clone()), (x, rt.clone())], rk)?
            };
            cx.store_element(p, r, &rt, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, ra.ndim, Layout::C), tt)
    }

    /// `a.argmax()` / `a.argmin()` over the flattened array: the first extreme; for floats
    /// the first NaN.
    pub(crate) fn argminmax(&mut self, name: &str, arr: BV<'ctx>, a: &ArrayType) -> R<BV<'ctx>> {
        let a = a.clone();
        if let Type::UnicodeCharSeq(n) = a.dtype {
            return self.charseq_argminmax(name, arr, &a, n);
        }
        // Datetimes: the first NaT, as floats' first NaN (`array_argmin_impl_datetime`).
        let datetime = crate::datetime::is_datetime_like(&a.dtype);
        let Some(ek) = numeric(&a.dtype).or(datetime.then_some(NumericKind::Int64)) else { return self.fail(format!("arrays of {}", a.dtype)) };
        if ek.is_complex() {
            return self.fail(format!("{name} of complex arrays is not supported by numrs build yet"));
        }
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, &format!("attempt to get {name} of an empty sequence"))?;
        let nat = self.i64(numrs_types::NAT);
        let lt = types::number_type(self.ctx, ek);
        let best = self.temp(lt)?;
        let bi = self.temp(self.ctx.i64_type().into())?;
        let stop = self.temp(self.ctx.bool_type().into())?;
        let x0 = self.elem_at(arr, &a, self.i64(0))?;
        self.b.build_store(best, x0)?;
        self.b.build_store(bi, self.i64(0))?;
        let nan0 = if ek.is_float() {
            self.b.build_float_compare(FloatPredicate::UNO, x0.into_float_value(), x0.into_float_value(), "")?
        } else if datetime {
            self.b.build_int_compare(IntPredicate::EQ, x0.into_int_value(), nat, "")?
        } else {
            self.ctx.bool_type().const_zero()
        };
        self.b.build_store(stop, nan0)?;
        let is_max = name == "argmax";
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let cur = cx.b.build_load(lt, best, "")?;
            let stopped = cx.b.build_load(cx.ctx.bool_type(), stop, "")?.into_int_value();
            let (better, nan) = if ek.is_float() {
                let (xv, cv) = (x.into_float_value(), cur.into_float_value());
                let p = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                (cx.b.build_float_compare(p, xv, cv, "")?, cx.b.build_float_compare(FloatPredicate::UNO, xv, xv, "")?)
            } else {
                let s = ek.is_signed_int();
                let p = match (is_max, s) {
                    (true, true) => IntPredicate::SGT,
                    (true, false) => IntPredicate::UGT,
                    (false, true) => IntPredicate::SLT,
                    (false, false) => IntPredicate::ULT,
                };
                let nan = if datetime { cx.b.build_int_compare(IntPredicate::EQ, x.into_int_value(), nat, "")? } else { cx.ctx.bool_type().const_zero() };
                (cx.b.build_int_compare(p, x.into_int_value(), cur.into_int_value(), "")?, nan)
            };
            let take = cx.b.build_and(cx.b.build_or(better, nan, "")?, cx.b.build_not(stopped, "")?, "")?;
            let nb = cx.b.build_select(take, x, cur, "")?;
            cx.b.build_store(best, nb)?;
            let old = cx.b.build_load(cx.ctx.i64_type(), bi, "")?;
            let ni = cx.b.build_select(take, i.into(), old, "")?;
            cx.b.build_store(bi, ni)?;
            cx.b.build_store(stop, cx.b.build_or(stopped, nan, "")?)?;
            Ok(())
        })?;
        Ok(self.b.build_load(self.ctx.i64_type(), bi, "")?)
    }

    /// `np.argmax`/`np.argmin` of a unicode array: the first position of the largest
    /// (smallest) string, items compared as strings are (their characters, NULs last).
    fn charseq_argminmax(&mut self, name: &str, arr: BV<'ctx>, a: &ArrayType, chars: u32) -> R<BV<'ctx>> {
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, &format!("attempt to get {name} of an empty sequence"))?;
        let cmp = self.charseq_cmp_fn(chars)?;
        let bi = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(bi, self.i64(0))?;
        let want: i64 = if name == "argmax" { 1 } else { -1 };
        self.counted_loop(n, |cx, i| {
            let best = cx.b.build_load(cx.ctx.i64_type(), bi, "")?.into_int_value();
            let (p, q) = (cx.flat_ptr(arr, a, i)?, cx.flat_ptr(arr, a, best)?);
            let inkwell::values::ValueKind::Basic(c) = cx.b.build_call(cmp, &[p.into(), q.into()], "")?.try_as_basic_value() else {
                return cx.fail("internal error: charseq comparison");
            };
            let better = cx.b.build_int_compare(IntPredicate::EQ, c.into_int_value(), cx.ctx.i32_type().const_int(want as u64, true), "")?;
            let ni = cx.b.build_select(better, i, best, "")?;
            cx.b.build_store(bi, ni)?;
            Ok(())
        })?;
        Ok(self.b.build_load(self.ctx.i64_type(), bi, "")?)
    }

    /// `a.argmax(axis)` / `a.argmin(axis)` (Numba's `build_argmax_or_argmin_with_axis_impl`):
    /// the axis is checked and wrapped; a 1-d array gives the flat answer, otherwise every
    /// position of the other dimensions (in C order) gets the flat answer of its line along the
    /// axis, which raises for an empty line.
    fn argminmax_axis(&mut self, name: &str, av: VarId, axis: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let r = a.ndim as usize;
        if r == 0 {
            return self.fail(format!("{name} with an axis of a 0-d array"));
        }
        let ax = self.int_arg(axis)?;
        let nd = self.i64(r as i64);
        let neg = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let ax = self.b.build_select(neg, self.b.build_int_add(ax, nd, "")?, ax, "")?.into_int_value();
        let lo = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let hi = self.b.build_int_compare(IntPredicate::SGE, ax, nd, "")?;
        self.guard(self.b.build_or(lo, hi, "")?, ExcKind::ValueError, "axis is out of bounds")?;
        if r == 1 {
            let v = self.argminmax(name, arr, &a)?;
            return self.cast(v, &Type::int64(), tt);
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        // The other dimensions in order (input dimension j, or j + 1 from the axis on), and the
        // line along the axis.
        let (mut out_shape, mut out_strides) = (Vec::new(), Vec::new());
        for j in 0..r - 1 {
            let before = self.b.build_int_compare(IntPredicate::SLT, self.i64(j as i64), ax, "")?;
            out_shape.push(self.b.build_select(before, shape[j], shape[j + 1], "")?.into_int_value());
            out_strides.push(self.b.build_select(before, strides[j], strides[j + 1], "")?.into_int_value());
        }
        let (mut len, mut step) = (self.i64(0), self.i64(0));
        for d in 0..r {
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(d as i64), "")?;
            len = self.b.build_select(is, shape[d], len, "")?.into_int_value();
            step = self.b.build_select(is, strides[d], step, "")?.into_int_value();
        }
        // Numba's `transposed_arr.size % m` with an empty axis (`m == 0`).
        let empty_axis = self.b.build_int_compare(IntPredicate::EQ, len, self.i64(0), "")?;
        self.guard(empty_axis, ExcKind::ZeroDivisionError, "integer modulo by zero")?;
        let out = self.alloc_array(&Type::int64(), &out_shape)?;
        let slot = self.hold_temp(out, &array_type(&Type::int64(), r as u32 - 1, Layout::C))?;
        let onum = self.field(out, 2)?.into_int_value();
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        let line_t = ArrayType::new(a.dtype.clone(), 1, Layout::A, a.readonly);
        self.counted_loop(onum, |cx, o| {
            let idx = cx.unravel_index(o, &out_shape)?;
            let off = cx.dot(&idx, &out_strides)?;
            let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
            let line = cx.view_of(arr, p, &[len], &[step], itemsize)?;
            let v = cx.argminmax(name, line, &line_t)?;
            let q = cx.out_ptr(out, &Type::int64(), o)?;
            cx.b.build_store(q, v)?;
            Ok(())
        })?;
        self.let_go(slot, &array_type(&Type::int64(), r as u32 - 1, Layout::C))?;
        self.fresh = true;
        self.cast(out, &array_type(&Type::int64(), r as u32 - 1, Layout::C), tt)
    }

    /// `np.cumsum(a)` / `np.cumprod(a)`: a 1-d array of running totals in the result dtype.
    fn scan(&mut self, name: &str, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("{name} producing {tt}")) };
        // `np.cumsum` of timedeltas: running sums from a zero timedelta, NaT absorbing.
        if name == "cumsum" && matches!(ra.dtype, Type::NPTimedelta(_)) && ra.dtype == a.dtype {
            let n = self.field(arr, 2)?.into_int_value();
            let out = self.alloc_array(&ra.dtype, &[n])?;
            let rt = ra.dtype.clone();
            let acc = self.temp(self.ctx.i64_type().into())?;
            self.b.build_store(acc, self.i64(0))?;
            let sig = numrs_types::Signature::new(rt.clone(), vec![rt.clone(), rt.clone()]);
            let Some(add) = crate::ops::lookup("operator.add", &sig) else { return self.fail("timedelta addition") };
            let src = a.clone();
            self.counted_loop(n, |cx, i| {
                let x = cx.elem_at(arr, &src, i)?;
                let cur = cx.b.build_load(cx.ctx.i64_type(), acc, "")?;
                let s = add(cx, &sig, &[Some(cur), Some(x)])?;
                cx.b.build_store(acc, s)?;
                let p = cx.out_ptr(out, &rt, i)?;
                cx.store_element(p, s, &rt, &rt)
            })?;
            self.fresh = true;
            return self.cast(out, &array_type(&rt, 1, Layout::C), tt);
        }
        let Some(rk) = numeric(&ra.dtype) else { return self.fail(format!("{name} producing {tt}")) };
        let n = self.field(arr, 2)?.into_int_value();
        let out = self.alloc_array(&ra.dtype, &[n])?;
        let rt = ra.dtype.clone();
        let lt = types::number_type(self.ctx, rk);
        let acc = self.temp(lt)?;
        let prod = name.ends_with("cumprod");
        // `np.nancumsum`/`np.nancumprod` of floats and complex numbers: NaNs (a NaN part)
        // leave the running value as it is.
        let skip_nan = name.starts_with("nan") && numeric(&a.dtype).is_some_and(|k| k.is_float() || k.is_complex());
        let init = if prod { 1 } else { 0 };
        let init = self.cast(self.i64(init).into(), &Type::int64(), &rt)?;
        self.b.build_store(acc, init)?;
        let op = if prod { "multiply" } else { "add" };
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &a.dtype, &rt)?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let r = cx.ufunc_elem(op, &[(cur, rt.clone()), (x, rt.clone())], rk)?;
            let r = if skip_nan {
                let nan = if rk.is_complex() {
                    cx.complex_parts(x, &rt)?.2
                } else {
                    let xf = x.into_float_value();
                    cx.b.build_float_compare(FloatPredicate::UNO, xf, xf, "")?
                };
                cx.b.build_select(nan, cur, r, "")?
            } else {
                r
            };
            cx.b.build_store(acc, r)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, r, &rt, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// The layout of a reduction along axis `ax` (negative counts from the end; out of range
    /// raises ValueError(`msg`)) of an array of shape `shape`: the axis normalized, the result's
    /// shape (the axis removed), per input dimension the result's element stride (0 along the
    /// axis), and the axis's length.
    #[allow(clippy::type_complexity)]
    pub(crate) fn axis_reduction(
        &self,
        ax: IntValue<'ctx>,
        shape: &[IntValue<'ctx>],
        msg: &str,
    ) -> R<(IntValue<'ctx>, Vec<IntValue<'ctx>>, Vec<IntValue<'ctx>>, IntValue<'ctx>)> {
        let r = shape.len();
        let nd = self.i64(r as i64);
        let neg = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let wrapped = self.b.build_int_add(ax, nd, "")?;
        let ax = self.b.build_select(neg, wrapped, ax, "")?.into_int_value();
        let lo = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let hi = self.b.build_int_compare(IntPredicate::SGE, ax, nd, "")?;
        let bad = self.b.build_or(lo, hi, "")?;
        self.guard(bad, ExcKind::ValueError, msg)?;
        let mut out_shape = Vec::new();
        for j in 0..r.saturating_sub(1) {
            // out dim j = input dim j if j < axis else j + 1
            let before = self.b.build_int_compare(IntPredicate::SLT, self.i64(j as i64), ax, "")?;
            out_shape.push(self.b.build_select(before, shape[j], shape[j + 1], "")?.into_int_value());
        }
        let mut len = self.i64(0);
        for (d, s) in shape.iter().enumerate() {
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(d as i64), "")?;
            len = self.b.build_select(is, *s, len, "")?.into_int_value();
        }
        let mut ostr = vec![self.i64(0); r];
        let mut acc = self.i64(1);
        for d in (0..r).rev() {
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(d as i64), "")?;
            ostr[d] = self.b.build_select(is, self.i64(0), acc, "")?.into_int_value();
            let m2 = self.b.build_int_mul(acc, shape[d], "")?;
            acc = self.b.build_select(is, acc, m2, "")?.into_int_value();
        }
        Ok((ax, out_shape, ostr, len))
    }

    /// `a.sum(axis=k)` and the like: one result per position of the other dimensions, each
    /// accumulated along the axis in order (Numba adds slices along the axis).
    fn reduce_axis(&mut self, m: &str, av: VarId, axis: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("{m} along an axis producing {tt}")) };
        let ra = (**ra).clone();
        let Some(rk) = numeric(&ra.dtype) else { return self.fail(format!("{m} producing {tt}")) };
        if numeric(&a.dtype).is_some_and(|k| k.is_complex()) && m != "sum" {
            return self.fail(format!("{m} of complex arrays along an axis is not supported by numrs build yet"));
        }
        let r = a.ndim as usize;
        if ra.ndim as usize + 1 != r {
            return self.fail(format!("{m} along an axis producing {tt} is not supported by numrs build yet"));
        }
        let ax = self.int_arg(axis)?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let (ax, out_shape, ostr, len) = self.axis_reduction(ax, &shape, "'axis' entry is out of bounds")?;
        if matches!(m, "min" | "max") {
            let empty = self.b.build_int_compare(IntPredicate::EQ, len, self.i64(0), "")?;
            let what = if m == "min" { "minimum" } else { "maximum" };
            self.guard(empty, ExcKind::ValueError, &format!("zero-size array to reduction operation {what} which has no identity"))?;
        }
        let out = self.alloc_array(&ra.dtype, &out_shape)?;
        let onum = self.field(out, 2)?.into_int_value();
        let rt = ra.dtype.clone();
        let et = types::storage_type(self.ctx, &rt).map_err(|m| self.cg_err(m))?;
        let odata = self.field(out, 4)?.into_pointer_value();
        // Initial values: 0 for sums and means, 1 for products, nothing for min/max (the
        // first slice along the axis is taken as it is).
        let first_slice = matches!(m, "min" | "max");
        if !first_slice {
            let init = self.cast(self.i64((m == "prod") as i64).into(), &Type::int64(), &rt)?;
            self.counted_loop(onum, |cx, i| {
                let p = unsafe { cx.b.build_gep(et, odata, &[i], "")? };
                cx.store_element(p, init, &rt, &rt)
            })?;
        }
        let n = self.field(arr, 2)?.into_int_value();
        let is_max = m == "max";
        let acc_t = if m == "mean" { rt.clone() } else { rt.clone() };
        self.counted_loop(n, |cx, i| {
            let idx = cx.unravel_index(i, &shape)?;
            let oi = cx.dot(&idx, &ostr)?;
            let op = unsafe { cx.b.build_gep(et, odata, &[oi], "")? };
            let x = cx.elem_at(arr, &a, i)?;
            let x = cx.cast(x, &a.dtype, &acc_t)?;
            if first_slice {
                // The first element along the axis starts the result.
                let mut k = cx.i64(0);
                for (d, v) in idx.iter().enumerate() {
                    let is = cx.b.build_int_compare(IntPredicate::EQ, ax, cx.i64(d as i64), "")?;
                    k = cx.b.build_select(is, *v, k, "")?.into_int_value();
                }
                let first = cx.b.build_int_compare(IntPredicate::EQ, k, cx.i64(0), "")?;
                let cur = cx.load_element(op, &rt)?;
                let r = if rk.is_float() {
                    let (c, v) = (cur.into_float_value(), x.into_float_value());
                    let p = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                    let better = cx.b.build_float_compare(p, v, c, "")?;
                    let vnan = cx.b.build_float_compare(FloatPredicate::UNO, v, v, "")?;
                    let cnan = cx.b.build_float_compare(FloatPredicate::UNO, c, c, "")?;
                    let take = cx.b.build_and(cx.b.build_or(better, vnan, "")?, cx.b.build_not(cnan, "")?, "")?;
                    cx.b.build_select(take, x, cur, "")?
                } else {
                    let s = rk.is_signed_int();
                    let p = match (is_max, s) {
                        (true, true) => IntPredicate::SGT,
                        (true, false) => IntPredicate::UGT,
                        (false, true) => IntPredicate::SLT,
                        (false, false) => IntPredicate::ULT,
                    };
                    let better = cx.b.build_int_compare(p, x.into_int_value(), cur.into_int_value(), "")?;
                    cx.b.build_select(better, x, cur, "")?
                };
                let r = cx.b.build_select(first, x, r, "")?;
                return cx.store_element(op, r, &rt, &rt);
            }
            let cur = cx.load_element(op, &rt)?;
            let f = if m == "prod" { "multiply" } else { "add" };
            let r = cx.ufunc_elem(f, &[(cur, rt.clone()), (x, rt.clone())], rk)?;
            cx.store_element(op, r, &rt, &rt)
        })?;
        if m == "mean" {
            if !rk.is_float() {
                return self.fail(format!("mean along an axis producing {tt} is not supported by numrs build yet"));
            }
            let lf = self.cast(len.into(), &Type::int64(), &rt)?.into_float_value();
            self.counted_loop(onum, |cx, i| {
                let p = unsafe { cx.b.build_gep(et, odata, &[i], "")? };
                let x = cx.load_element(p, &rt)?.into_float_value();
                let q = cx.b.build_float_div(x, lf, "")?;
                cx.store_element(p, q.into(), &rt, &rt)
            })?;
        }
        self.fresh = true;
        self.cast(out, &array_type(&rt, ra.ndim, Layout::C), tt)
    }

    /// `np.any(a)`, `np.all(a)`, `np.count_nonzero(a)`.
    pub(crate) fn any_all(&mut self, name: &str, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let n = self.field(arr, 2)?.into_int_value();
        let cnt = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(cnt, self.i64(0))?;
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let t = cx.truth_of(x, &a.dtype)?;
            let t = cx.b.build_int_z_extend(t, cx.ctx.i64_type(), "")?;
            let c = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
            cx.b.build_store(cnt, cx.b.build_int_add(c, t, "")?)?;
            Ok(())
        })?;
        let c = self.b.build_load(self.ctx.i64_type(), cnt, "")?.into_int_value();
        match name {
            "count_nonzero" => self.cast(c.into(), &Type::int64(), tt),
            "any" => {
                let r = self.b.build_int_compare(IntPredicate::NE, c, self.i64(0), "")?;
                self.cast(r.into(), &Type::boolean(), tt)
            }
            _ => {
                let r = self.b.build_int_compare(IntPredicate::EQ, c, n, "")?;
                self.cast(r.into(), &Type::boolean(), tt)
            }
        }
    }

    /// Whether an element is nonzero.
    fn truth_of(&self, x: BV<'ctx>, dtype: &Type) -> R<IntValue<'ctx>> {
        let Some(k) = numeric(dtype) else { return self.fail(format!("truth of {dtype}")) };
        if k.is_complex() {
            let sv = x.into_struct_value();
            let re = self.b.build_extract_value(sv, 0, "")?.into_float_value();
            let im = self.b.build_extract_value(sv, 1, "")?.into_float_value();
            let z = re.get_type().const_zero();
            let a = self.b.build_float_compare(FloatPredicate::UNE, re, z, "")?;
            let b = self.b.build_float_compare(FloatPredicate::UNE, im, z, "")?;
            return Ok(self.b.build_or(a, b, "")?);
        }
        if k.is_float() {
            let v = x.into_float_value();
            return Ok(self.b.build_float_compare(FloatPredicate::UNE, v, v.get_type().const_zero(), "")?);
        }
        let v = x.into_int_value();
        Ok(self.b.build_int_compare(IntPredicate::NE, v, v.get_type().const_zero(), "")?)
    }

    /// `np.nonzero(a)` / `np.where(a)`: a tuple of index arrays, one per dimension.
    fn nonzero(&mut self, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Some(items) = tt.tuple_items() else { return self.fail(format!("nonzero producing {tt}")) };
        if items.len() != a.ndim.max(1) as usize {
            return self.fail(format!("nonzero producing {tt} is not supported by numrs build yet"));
        }
        let c = self.any_all("count_nonzero", av, &Type::int64())?.into_int_value();
        let n = self.field(arr, 2)?.into_int_value();
        let shape = self.dims(arr, 5, a.ndim)?;
        let it = Type::int64();
        let mut outs = Vec::new();
        for _ in 0..items.len() {
            outs.push(self.alloc_array(&it, &[c])?);
        }
        let k = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(k, self.i64(0))?;
        let outs2 = outs.clone();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let t = cx.truth_of(x, &a.dtype)?;
            let yes = cx.new_block("nz_yes");
            let next = cx.new_block("nz_next");
            cx.b.build_conditional_branch(t, yes, next)?;
            cx.b.position_at_end(yes);
            let kv = cx.b.build_load(cx.ctx.i64_type(), k, "")?.into_int_value();
            let idx = if a.ndim == 0 { vec![cx.i64(0)] } else { cx.unravel_index(i, &shape)? };
            for (o, v) in outs2.iter().zip(&idx) {
                let p = cx.out_ptr(*o, &it, kv)?;
                cx.b.build_store(p, *v)?;
            }
            cx.b.build_store(k, cx.b.build_int_add(kv, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        let st = self.vt(tt)?.into_struct_type();
        let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
        let ct = array_type(&it, 1, Layout::C);
        for (j, o) in outs.iter().enumerate() {
            let o = self.cast(*o, &ct, &items[j])?;
            agg = self.b.build_insert_value(agg, o, j as u32, "")?;
        }
        self.fresh = true;
        Ok(agg.as_basic_value_enum())
    }

    // ----- element-wise helpers -----

    /// `a.fill(v)`.
    fn fill(&mut self, av: VarId, v: VarId) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        if a.readonly {
            return self.fail("fill of a read-only array");
        }
        let vt = self.ty(v)?;
        // A literal string's value is its type's.
        let (x, vt) = match &vt {
            Type::StringLiteral(text) => (self.str_const(text).into(), Type::Unicode),
            _ => (self.load(v)?, vt),
        };
        self.assign_broadcast(arr, &a, x, &vt)?;
        Ok(self.ctx.const_struct(&[], false).into())
    }

    /// `a.astype(dtype)`: a new C-contiguous array.
    fn astype(&mut self, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("astype producing {tt}")) };
        if numeric(&ra.dtype).is_none() || numeric(&a.dtype).is_none() {
            return self.fail(format!("astype producing {tt} is not supported by numrs build yet"));
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let out = self.alloc_array(&ra.dtype, &shape)?;
        let ot = array_type(&ra.dtype, ra.ndim, Layout::C);
        let Type::Array(oa) = &ot else { return self.fail("astype") };
        let oa = (**oa).clone();
        let at = Type::Array(Arc::new(a.clone()));
        self.assign_broadcast(out, &oa, arr, &at)?;
        self.fresh = true;
        self.cast(out, &ot, tt)
    }

    /// `np.clip(a, a_min, a_max, out=None)` and `a.clip(...)` (Numba's `np_clip`): a missing
    /// bound is None (both None raise ValueError); bounds are numbers or arrays broadcast with
    /// `a`. Each element is Python's `min(max(x, lo), hi)`, stored as `a`'s dtype into a new array
    /// shaped as `a` (or into `out`, whose shape must be the result's). A number bound beside
    /// an array bound is first made `a`'s dtype (`np.full_like`).
    fn clip(&mut self, av: VarId, lo: Option<VarId>, hi: Option<VarId>, out: Option<VarId>, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        // Both bounds None: typed `none` (Numba's `np_clip_nn` only raises).
        if !matches!(tt, Type::Array(_) | Type::NoneType) {
            return self.fail(format!("clip producing {tt}"));
        }
        // Each bound: None, a number, or an array (with its broadcast view once the shape is known).
        enum Bound<'ctx> {
            None,
            Num(BV<'ctx>, Type),
            Arr(BV<'ctx>, ArrayType),
        }
        let mut bounds = Vec::new();
        for v in [lo, hi] {
            let t = match v {
                Some(v) => self.ty(v)?,
                None => Type::NoneType,
            };
            bounds.push(match (&t, v) {
                (Type::NoneType | Type::Omitted(_), _) | (_, None) => Bound::None,
                (Type::Array(b), Some(v)) if numeric(&b.dtype).is_some_and(|k| !k.is_complex()) => Bound::Arr(self.load(v)?, (**b).clone()),
                (t, Some(v)) if numeric(t).is_some_and(|k| !k.is_complex()) => Bound::Num(self.load(v)?, t.clone()),
                (t, _) => return self.fail(format!("numpy.clip with a bound of {t} is not supported by numrs build yet")),
            });
        }
        if bounds.iter().all(|b| matches!(b, Bound::None)) {
            self.raise_const(ExcKind::ValueError, "array_clip: must set either max or min")?;
            let after = self.new_block("unreachable");
            self.b.position_at_end(after);
            return Ok(self.vt(tt)?.const_zero());
        }
        if numeric(&a.dtype).is_none_or(|k| k.is_complex()) {
            return self.fail(format!("numpy.clip of {} arrays is not supported by numrs build yet", a.dtype));
        }
        let any_array = bounds.iter().any(|b| matches!(b, Bound::Arr(..)));
        let shape = self.dims(arr, 5, a.ndim)?;
        if any_array {
            let mut all = vec![(arr, a.clone())];
            for b in &bounds {
                if let Bound::Arr(v, t) = b {
                    if t.ndim > a.ndim {
                        return self.fail(format!("numpy.clip with a bound of more dimensions than the array ({tt})"));
                    }
                    all.push((*v, t.clone()));
                }
            }
            let r = self.broadcast_shapes(&all, a.ndim as usize)?;
            // Numba writes a result shaped as `a` over the broadcast shape: only equal shapes are
            // defined behaviour.
            let mut differ = self.ctx.bool_type().const_zero();
            for (x, y) in r.iter().zip(&shape) {
                differ = self.b.build_or(differ, self.b.build_int_compare(IntPredicate::NE, *x, *y, "")?, "")?;
            }
            self.guard(differ, ExcKind::ValueError, "clip: the bounds broadcast the array to a larger shape")?;
            for b in bounds.iter_mut() {
                match b {
                    Bound::Arr(v, t) => {
                        let Some(view) = self.broadcast_view(*v, t, &shape)? else { return self.fail("numpy.clip bounds") };
                        *b = Bound::Arr(view, ArrayType::new(t.dtype.clone(), a.ndim, Layout::A, true));
                    }
                    Bound::Num(v, t) => {
                        let x = self.cast(*v, t, &a.dtype)?;
                        *b = Bound::Num(x, a.dtype.clone());
                    }
                    Bound::None => {}
                }
            }
        }
        let (dst, dst_t) = match out.filter(|v| !matches!(self.ty(*v), Ok(Type::NoneType | Type::Omitted(_)))) {
            Some(o) => {
                let (ov, ot) = self.arr(o)?;
                if ot.ndim != a.ndim {
                    return self.fail("numpy.clip with an out array of another dimension");
                }
                let oshape = self.dims(ov, 5, ot.ndim)?;
                let mut differ = self.ctx.bool_type().const_zero();
                for (x, y) in oshape.iter().zip(&shape) {
                    differ = self.b.build_or(differ, self.b.build_int_compare(IntPredicate::NE, *x, *y, "")?, "")?;
                }
                self.guard(differ, ExcKind::ValueError, "clip: the shape of the 'out' array does not match the shape of the result")?;
                (ov, ot)
            }
            None => {
                let o = self.alloc_array(&a.dtype, &shape)?;
                self.fresh = true;
                (o, ArrayType::new(a.dtype.clone(), a.ndim, Layout::C, false))
            }
        };
        let n = self.field(arr, 2)?.into_int_value();
        let bounds: Vec<_> = bounds.iter().map(|b| match b {
            Bound::None => None,
            Bound::Num(v, t) => Some((Ok(*v), t.clone())),
            Bound::Arr(v, t) => Some((Err((*v, t.clone())), t.dtype.clone())),
        }).collect();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let mut cur = (x, a.dtype.clone());
            for (k, b) in bounds.iter().enumerate() {
                let Some((v, t)) = b else { continue };
                let v = match v {
                    Ok(v) => *v,
                    Err((view, vt)) => cx.elem_at(*view, vt, i)?,
                };
                cur = cx.py_minmax(k == 0, cur, (v, t.clone()))?;
            }
            let p = cx.flat_ptr(dst, &dst_t, i)?;
            // A float bound chosen for an integer array (`a_min=np.inf`): converted as the
            // machine converts it (LLVM would fold a constant one to anything).
            if let (Some(fk), Some(tk)) = (numeric(&cur.1), numeric(&dst_t.dtype)) {
                if fk.is_float() && (tk.is_integer() && tk != NumericKind::Boolean) {
                    let f = cx.cast(cur.0, &cur.1, &Type::float64())?.into_float_value();
                    let x = cx.float_to_int_x86(f, tk)?;
                    return cx.store_element(p, x.into(), &dst_t.dtype, &dst_t.dtype);
                }
            }
            cx.store_element(p, cur.0, &cur.1, &dst_t.dtype)
        })?;
        // `out` is returned as a borrowed value (the assignment takes its reference).
        self.cast(dst, &Type::Array(std::sync::Arc::new(dst_t)), tt)
    }

    /// A new 0-d array (of `tt`) holding the number `x`.
    pub(crate) fn zero_d(&mut self, x: BV<'ctx>, xt: &Type, tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("a 0-d array producing {tt}")) };
        let z = self.alloc_array(&ra.dtype, &[])?;
        let p = self.field(z, 4)?.into_pointer_value();
        self.store_element(p, x, xt, &ra.dtype)?;
        self.fresh = true;
        self.cast(z, &array_type(&ra.dtype, 0, Layout::C), tt)
    }

    /// A one-input ufunc over every element of an array, into a new C array of `tt`'s dtype.
    fn map_ufunc(&mut self, name: &str, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("{name} producing {tt}")) };
        let Some(rk) = numeric(&ra.dtype) else { return self.fail(format!("{name} producing {tt}")) };
        let rt = ra.dtype.clone();
        let shape = self.dims(arr, 5, a.ndim)?;
        let out = self.alloc_array(&rt, &shape)?;
        let n = self.field(arr, 2)?.into_int_value();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let r = cx.ufunc_elem(name, &[(x, a.dtype.clone())], rk)?;
            let p = cx.out_ptr(out, &rt, i)?;
            cx.store_element(p, r, &rt, &rt)
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&rt, a.ndim, Layout::C), tt)
    }

    /// Python's `max(x, y)` (`is_max`) or `min(x, y)`: `y` only when strictly better.
    fn py_minmax(&self, is_max: bool, x: (BV<'ctx>, Type), y: (BV<'ctx>, Type)) -> R<(BV<'ctx>, Type)> {
        let common = numrs_types::unify_pairs(&x.1, &y.1).unwrap_or_else(|| x.1.clone());
        let Some(ck) = numeric(&common) else { return self.fail("min/max of these types") };
        let xv = self.cast(x.0, &x.1, &common)?;
        let yv = self.cast(y.0, &y.1, &common)?;
        let better = if ck.is_float() {
            let p = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
            self.b.build_float_compare(p, yv.into_float_value(), xv.into_float_value(), "")?
        } else {
            let s = ck.is_signed_int();
            let p = match (is_max, s) {
                (true, true) => IntPredicate::SGT,
                (true, false) => IntPredicate::UGT,
                (false, true) => IntPredicate::SLT,
                (false, false) => IntPredicate::ULT,
            };
            self.b.build_int_compare(p, yv.into_int_value(), xv.into_int_value(), "")?
        };
        Ok((self.b.build_select(better, yv, xv, "")?, common))
    }

    /// `np.linspace(start, stop[, num])` as Numba computes it (float64 only).
    fn linspace(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(s), Some(e)) = (arg_kw(args, kws, 0, "start"), arg_kw(args, kws, 1, "stop")) else {
            return self.fail("numpy.linspace without start and stop");
        };
        let Type::Array(ra) = tt else { return self.fail(format!("linspace producing {tt}")) };
        if numeric(&ra.dtype) == Some(NumericKind::Complex128) {
            let num = match arg_kw(args, kws, 2, "num") {
                Some(v) => self.int_arg(v)?,
                None => self.i64(50),
            };
            let (st, et) = (self.ty(s)?, self.ty(e)?);
            let (sv, ev) = (self.load(s)?, self.load(e)?);
            let out = self.complex_linspace((sv, st), (ev, et), num)?;
            self.fresh = true;
            return self.cast(out, &array_type(&ra.dtype, 1, Layout::C), tt);
        }
        if numeric(&ra.dtype) != Some(NumericKind::Float64) {
            return self.fail(format!("numpy.linspace producing {tt} is not supported by numrs build yet"));
        }
        let num = match arg_kw(args, kws, 2, "num") {
            Some(v) => self.int_arg(v)?,
            None => self.i64(50),
        };
        let f = Type::float64();
        let (st, et) = (self.ty(s)?, self.ty(e)?);
        if numeric(&st).is_none() || numeric(&et).is_none() {
            return self.fail("numpy.linspace of these types is not supported by numrs build yet");
        }
        let sv = self.load(s)?;
        let start = self.cast(sv, &st, &f)?.into_float_value();
        let ev = self.load(e)?;
        let stop = self.cast(ev, &et, &f)?.into_float_value();
        let out = self.linspace_values(start, stop, num)?;
        self.fresh = true;
        self.cast(out, &array_type(&f, 1, Layout::C), tt)
    }

    /// `np.logspace(start, stop, num=50)` of real numbers: `np.power(10.0, np.linspace(...))`.
    fn logspace(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let f = Type::float64();
        let mut ends = Vec::new();
        if let (Some(s), Some(e)) = (arg_kw(args, kws, 0, "start"), arg_kw(args, kws, 1, "stop")) {
            let (st, et) = (self.ty(s)?, self.ty(e)?);
            if st.is_complex() || et.is_complex() {
                let num = match arg_kw(args, kws, 2, "num") {
                    Some(v) => self.int_arg(v)?,
                    None => self.i64(50),
                };
                let (sv, ev) = (self.load(s)?, self.load(e)?);
                let out = self.complex_logspace((sv, st), (ev, et), num)?;
                self.fresh = true;
                return self.cast(out, &array_type(&Type::Number(NumericKind::Complex128), 1, Layout::C), tt);
            }
        }
        for (i, name) in [(0, "start"), (1, "stop")] {
            let Some(v) = arg_kw(args, kws, i, name) else { return self.fail("numpy.logspace without start and stop") };
            let t = self.ty(v)?;
            if numeric(&t).is_none_or(|k| k.is_complex()) {
                return self.fail(format!("numpy.logspace of {t} is not supported by numrs build yet"));
            }
            let x = self.load(v)?;
            ends.push(self.cast(x, &t, &f)?.into_float_value());
        }
        let num = match arg_kw(args, kws, 2, "num") {
            Some(v) => self.int_arg(v)?,
            None => self.i64(50),
        };
        let out = self.linspace_values(ends[0], ends[1], num)?;
        let ten = self.ctx.f64_type().const_float(10.0);
        self.counted_loop(num, |cx, i| {
            let p = cx.out_ptr(out, &f, i)?;
            let y = cx.load_element(p, &f)?;
            let r = cx.ufunc_elem("power", &[(ten.into(), f.clone()), (y, f.clone())], NumericKind::Float64)?;
            cx.b.build_store(p, r)?;
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&f, 1, Layout::C), tt)
    }

    /// `np.angle(z, deg=False)` as Numba's `ov_np_angle`: `arctan2(z.imag, z.real)` in the
    /// number's own float type, widened to float64 (times `180 / pi` with `deg`); of an array,
    /// each item's into a new array of the underlying float.
    fn angle(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(zv) = arg_kw(args, kws, 0, "z") else { return self.fail("np.angle without an argument") };
        let deg = match arg_kw(args, kws, 1, "deg") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => {
                let t = self.ty(v)?;
                let x = self.load(v)?;
                Some(self.truth_of(x, &t)?)
            }
            _ => None,
        };
        let zt = self.ty(zv)?;
        let z = self.load(zv)?;
        match &zt {
            Type::Array(a) => {
                let a = (**a).clone();
                let Type::Array(ra) = tt else { return self.fail(format!("np.angle of {zt} giving {tt}")) };
                let out_dtype = ra.dtype.clone();
                let shape = self.dims(z, 5, a.ndim)?;
                let out = self.alloc_array(&out_dtype, &shape)?;
                let n = self.field(z, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(z, &a, i)?;
                    let r = cx.angle_value(v, &a.dtype, deg)?;
                    let p = cx.out_ptr(out, &out_dtype, i)?;
                    cx.store_element(p, r, &Type::float64(), &out_dtype)
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&out_dtype, a.ndim, Layout::C), tt)
            }
            t if numeric(t).is_some() => {
                let r = self.angle_value(z, t, deg)?;
                self.cast(r, &Type::float64(), tt)
            }
            _ => self.fail(format!("np.angle of {zt} is not supported by numrs build yet")),
        }
    }

    /// `np.angle` of one number of type `t`, as a float64.
    fn angle_value(&mut self, v: BV<'ctx>, t: &Type, deg: Option<inkwell::values::IntValue<'ctx>>) -> R<BV<'ctx>> {
        let k = numeric(t).ok_or_else(|| self.cg_err(format!("np.angle of {t}")))?;
        let f64t = self.ctx.f64_type();
        let (re, im, f32) = if k.is_complex() {
            let sv = v.into_struct_value();
            let re = self.b.build_extract_value(sv, 0, "")?;
            let im = self.b.build_extract_value(sv, 1, "")?;
            (re, im, k == NumericKind::Complex64)
        } else if k == NumericKind::Float32 {
            (v, self.ctx.f32_type().const_zero().into(), true)
        } else {
            let x = self.cast(v, &t.unliteral(), &Type::float64())?;
            (x, f64t.const_zero().into(), false)
        };
        let r = crate::ops::libm(self, if f32 { "atan2f" } else { "atan2" }, &[im, re])?.into_float_value();
        let r = if f32 { self.b.build_float_ext(r, f64t, "")? } else { r };
        let r = match deg {
            Some(d) => {
                let scaled = self.b.build_float_mul(r, f64t.const_float(180.0 / std::f64::consts::PI), "")?;
                self.b.build_select(d, scaled, r, "")?.into_float_value()
            }
            None => r,
        };
        Ok(r.into())
    }

    /// `np.sinc(x)` of a real number (`sin(pi x) / (pi x)`, with 0 read as 1e-20 as Numba
    /// does), or of a real array into a new array of its dtype.
    /// `np.ptp(a)` of a real array, as Numba's: ValueError when empty, NaN when an item is
    /// NaN, else the largest item minus the smallest (in the array's type).
    fn ptp(&mut self, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        if numeric(&a.dtype).is_some_and(|k| k.is_complex()) {
            return self.complex_ptp(arr, &a, tt);
        }
        let Some(k) = numeric(&a.dtype).filter(|k| !k.is_complex() && *k != NumericKind::Boolean) else {
            return self.fail(format!("np.ptp of {} is not supported by numrs build yet", a.dtype));
        };
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "zero-size array reduction not possible")?;
        let vt = self.vt(&a.dtype)?;
        let (lo, hi) = (self.temp(vt)?, self.temp(vt)?);
        let first = self.elem_at(arr, &a, self.i64(0))?;
        self.b.build_store(lo, first)?;
        self.b.build_store(hi, first)?;
        let nan = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(nan, self.ctx.bool_type().const_zero())?;
        let dt = a.dtype.clone();
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, &a, i)?;
            let (l, h) = (cx.b.build_load(vt, lo, "")?, cx.b.build_load(vt, hi, "")?);
            let (less, more) = if k.is_float() {
                let (x, l, h) = (x.into_float_value(), l.into_float_value(), h.into_float_value());
                let isnan = cx.b.build_float_compare(inkwell::FloatPredicate::UNO, x, x, "")?;
                let seen = cx.b.build_load(cx.ctx.bool_type(), nan, "")?.into_int_value();
                cx.b.build_store(nan, cx.b.build_or(seen, isnan, "")?)?;
                (cx.b.build_float_compare(inkwell::FloatPredicate::OLT, x, l, "")?, cx.b.build_float_compare(inkwell::FloatPredicate::OGT, x, h, "")?)
            } else {
                let (x, l, h) = (x.into_int_value(), l.into_int_value(), h.into_int_value());
                let (lt, gt) = if k.is_signed_int() { (IntPredicate::SLT, IntPredicate::SGT) } else { (IntPredicate::ULT, IntPredicate::UGT) };
                (cx.b.build_int_compare(lt, x, l, "")?, cx.b.build_int_compare(gt, x, h, "")?)
            };
            cx.b.build_store(lo, cx.b.build_select(less, x, l, "")?)?;
            cx.b.build_store(hi, cx.b.build_select(more, x, h, "")?)?;
            Ok(())
        })?;
        let (l, h) = (self.b.build_load(vt, lo, "")?, self.b.build_load(vt, hi, "")?);
        // `a_max - a_min` with the scalar `-` (small integers promoted), in the result type.
        let (d, dtt) = self.binary("operator.sub", h, &dt, l, &dt)?;
        let d = self.cast(d, &dtt, tt)?;
        if k.is_float() {
            let seen = self.b.build_load(self.ctx.bool_type(), nan, "")?.into_int_value();
            let nanv = self.cast(self.ctx.f64_type().const_float(f64::NAN).into(), &Type::float64(), tt)?;
            return Ok(self.b.build_select(seen, nanv, d, "")?);
        }
        Ok(d)
    }

    /// `np.ptp(a)` of a complex array, as Numba's: ValueError when empty; the first item (in C
    /// order) whose real part is NaN gives `nan+nanj` (its imaginary part NaN too) or
    /// `nan+0j`; else the largest item minus the smallest in NumPy's lexicographic order (real
    /// parts, then imaginary parts when the real parts are equal).
    fn complex_ptp(&mut self, arr: BV<'ctx>, a: &ArrayType, tt: &Type) -> R<BV<'ctx>> {
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "zero-size array reduction not possible")?;
        let dt = a.dtype.clone();
        let vt = self.vt(&dt)?;
        let (lo, hi, early) = (self.temp(vt)?, self.temp(vt)?, self.temp(vt)?);
        let first = self.elem_at(arr, a, self.i64(0))?;
        self.b.build_store(lo, first)?;
        self.b.build_store(hi, first)?;
        let done = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(done, self.ctx.bool_type().const_zero())?;
        let f64t = self.ctx.f64_type();
        let c128 = Type::Number(NumericKind::Complex128);
        let complex = |cx: &Self, re: inkwell::values::FloatValue<'ctx>, im: inkwell::values::FloatValue<'ctx>| -> R<BV<'ctx>> {
            let st = cx.vt(&c128)?.into_struct_type();
            let z = cx.b.build_insert_value(st.get_undef(), re, 0, "")?;
            let z = cx.b.build_insert_value(z, im, 1, "")?;
            cx.cast(z.as_basic_value_enum(), &c128, &dt)
        };
        self.counted_loop(n, |cx, i| {
            let x = cx.elem_at(arr, a, i)?;
            let was_done = cx.b.build_load(cx.ctx.bool_type(), done, "")?.into_int_value();
            let (xr, xi, _) = cx.complex_parts(x, &dt)?;
            let real_nan = cx.b.build_float_compare(FloatPredicate::UNO, xr, xr, "")?;
            let imag_nan = cx.b.build_float_compare(FloatPredicate::UNO, xi, xi, "")?;
            let stop = cx.b.build_and(real_nan, cx.b.build_not(was_done, "")?, "")?;
            let nan = f64t.const_float(f64::NAN);
            let im = cx.b.build_select(imag_nan, nan, f64t.const_zero(), "")?.into_float_value();
            let e = complex(cx, nan, im)?;
            let old = cx.b.build_load(vt, early, "")?;
            cx.b.build_store(early, cx.b.build_select(stop, e, old, "")?)?;
            let now_done = cx.b.build_or(was_done, real_nan, "")?;
            cx.b.build_store(done, now_done)?;
            let live = cx.b.build_not(now_done, "")?;
            for (slot, pred) in [(hi, FloatPredicate::OGT), (lo, FloatPredicate::OLT)] {
                let cur = cx.b.build_load(vt, slot, "")?;
                let (cr, ci, _) = cx.complex_parts(cur, &dt)?;
                let take = cx.b.build_and(live, cx.complex_lex(pred, (xr, xi), (cr, ci))?, "")?;
                cx.b.build_store(slot, cx.b.build_select(take, x, cur, "")?)?;
            }
            Ok(())
        })?;
        let (l, h) = (self.b.build_load(vt, lo, "")?, self.b.build_load(vt, hi, "")?);
        let (d, dtt) = self.binary("operator.sub", h, &dt, l, &dt)?;
        let d = self.cast(d, &dtt, tt)?;
        let was_done = self.b.build_load(self.ctx.bool_type(), done, "")?.into_int_value();
        let e = self.b.build_load(vt, early, "")?;
        let e = self.cast(e, &dt, tt)?;
        Ok(self.b.build_select(was_done, e, d, "")?)
    }

    /// `np.isposinf(x)` (`positive`) / `np.isneginf(x)` of a real number or array.
    fn signed_inf(&mut self, positive: bool, xv: VarId, tt: &Type) -> R<BV<'ctx>> {
        let xt = self.ty(xv)?;
        let x = self.load(xv)?;
        let test = |cx: &mut FnCx<'_, 'ctx>, v: BV<'ctx>, t: &Type| -> R<IntValue<'ctx>> {
            if !numeric(t).is_some_and(|k| k.is_float()) {
                return Ok(cx.ctx.bool_type().const_zero());
            }
            let inf = if positive { f64::INFINITY } else { f64::NEG_INFINITY };
            let v = cx.cast(v, t, &Type::float64())?.into_float_value();
            Ok(cx.b.build_float_compare(inkwell::FloatPredicate::OEQ, v, cx.ctx.f64_type().const_float(inf), "")?)
        };
        match &xt {
            Type::Array(a) => {
                let a = (**a).clone();
                let shape = self.dims(x, 5, a.ndim)?;
                let bt = Type::boolean();
                let out = self.alloc_array(&bt, &shape)?;
                let n = self.field(x, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(x, &a, i)?;
                    let r = test(cx, v, &a.dtype)?;
                    let p = cx.out_ptr(out, &bt, i)?;
                    cx.store_element(p, r.into(), &bt, &bt)
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&bt, a.ndim, Layout::C), tt)
            }
            t => {
                let r = test(self, x, t)?;
                self.cast(r.into(), &Type::boolean(), tt)
            }
        }
    }

    /// `np.bartlett(M)`, `np.blackman`, `np.hamming`, `np.hanning`, as Numba computes them
    /// (`arraymath.py`): empty below 1, `[1.0]` for 1, else over `n = arange(1 - M, M, 2)`
    /// the window's formula, in its order of operations.
    fn window(&mut self, name: &str, mv: VarId, tt: &Type) -> R<BV<'ctx>> {
        let mt = self.ty(mv)?;
        let m = self.cast(self.load(mv)?, &mt, &Type::int64())?.into_int_value();
        let f64t = self.ctx.f64_type();
        let small = self.b.build_int_compare(IntPredicate::SLT, m, self.i64(1), "")?;
        let len = self.b.build_select(small, self.i64(0), m, "")?.into_int_value();
        let out = self.alloc_array(&Type::float64(), &[len])?;
        let mf = self.b.build_signed_int_to_float(m, f64t, "")?;
        let m1 = self.b.build_signed_int_to_float(self.b.build_int_sub(m, self.i64(1), "")?, f64t, "")?;
        let one = f64t.const_float(1.0);
        let start = self.b.build_float_sub(one, mf, "")?;
        let is_one = self.b.build_int_compare(IntPredicate::EQ, m, self.i64(1), "")?;
        let name = name.to_string();
        self.counted_loop(len, |cx, i| {
            let fi = cx.b.build_signed_int_to_float(i, f64t, "")?;
            let n = cx.b.build_float_add(start, cx.b.build_float_mul(fi, f64t.const_float(2.0), "")?, "")?;
            let pi = f64t.const_float(std::f64::consts::PI);
            let cos = |cx: &mut FnCx<'_, 'ctx>, x: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
                Ok(crate::ops::intrinsic_call(cx, "llvm.cos", &[x.into()])?.into_float_value())
            };
            let v = match name.as_str() {
                "bartlett" => {
                    let r = cx.b.build_float_div(n, m1, "")?;
                    let neg = cx.b.build_float_compare(inkwell::FloatPredicate::OLE, n, f64t.const_zero(), "")?;
                    let a = cx.b.build_float_add(one, r, "")?;
                    let b = cx.b.build_float_sub(one, r, "")?;
                    cx.b.build_select(neg, a, b, "")?.into_float_value()
                }
                "blackman" => {
                    let x1 = cx.b.build_float_div(cx.b.build_float_mul(pi, n, "")?, m1, "")?;
                    let x2 = cx.b.build_float_div(cx.b.build_float_mul(f64t.const_float(2.0 * std::f64::consts::PI), n, "")?, m1, "")?;
                    let c1 = cos(cx, x1)?;
                    let c2 = cos(cx, x2)?;
                    let t = cx.b.build_float_add(f64t.const_float(0.42), cx.b.build_float_mul(f64t.const_float(0.5), c1, "")?, "")?;
                    cx.b.build_float_add(t, cx.b.build_float_mul(f64t.const_float(0.08), c2, "")?, "")?
                }
                _ => {
                    let (a, b) = if name == "hamming" { (0.54, 0.46) } else { (0.5, 0.5) };
                    let x = cx.b.build_float_div(cx.b.build_float_mul(pi, n, "")?, m1, "")?;
                    let c = cos(cx, x)?;
                    cx.b.build_float_add(f64t.const_float(a), cx.b.build_float_mul(f64t.const_float(b), c, "")?, "")?
                }
            };
            let v = cx.b.build_select(is_one, one, v, "")?;
            let p = cx.out_ptr(out, &Type::float64(), i)?;
            cx.b.build_store(p, v)?;
            Ok(())
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&Type::float64(), 1, Layout::C), tt)
    }

    fn sinc(&mut self, xv: VarId, tt: &Type) -> R<BV<'ctx>> {
        let xt = self.ty(xv)?;
        let x = self.load(xv)?;
        match &xt {
            Type::Array(a) => {
                let a = (**a).clone();
                if numeric(&a.dtype).is_none() {
                    return self.fail(format!("np.sinc of {xt} is not supported by numrs build yet"));
                }
                let rt = if a.dtype.is_complex() { Type::Number(NumericKind::Complex128) } else { Type::float64() };
                let shape = self.dims(x, 5, a.ndim)?;
                let out = self.alloc_array(&a.dtype, &shape)?;
                let n = self.field(x, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(x, &a, i)?;
                    let r = cx.sinc_value(v, &a.dtype)?;
                    let p = cx.out_ptr(out, &a.dtype, i)?;
                    cx.store_element(p, r, &rt, &a.dtype)
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&a.dtype, a.ndim, Layout::C), tt)
            }
            t if numeric(t).is_some() => {
                let r = self.sinc_value(x, t)?;
                let rt = if t.is_complex() { Type::Number(NumericKind::Complex128) } else { Type::float64() };
                self.cast(r, &rt, tt)
            }
            _ => self.fail(format!("np.sinc of {xt} is not supported by numrs build yet")),
        }
    }

    /// `np.isclose` / `np.allclose` as Numba's implementations: `_isclose_item` element by
    /// element into a new boolean array (a number against an array: the array's shape; two
    /// arrays: 1-d, returned read-only as Numba's `broadcast_to` view), `_allclose_scalars`
    /// over the broadcast pairs until one fails.
    fn closeness(&mut self, all: bool, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(av), Some(bv)) = (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "b")) else {
            return self.fail("np.isclose without two arguments");
        };
        let f = |cx: &Self, i: usize, name: &str, d: f64| -> R<inkwell::values::FloatValue<'ctx>> {
            match arg_kw(args, kws, i, name) {
                Some(v) if !matches!(cx.ty(v)?, Type::Omitted(_)) => {
                    let t = cx.ty(v)?;
                    let x = cx.load(v)?;
                    Ok(cx.cast(x, &t.unliteral(), &Type::float64())?.into_float_value())
                }
                _ => Ok(cx.ctx.f64_type().const_float(d)),
            }
        };
        let rtol = f(self, 2, "rtol", 1e-05)?;
        let atol = f(self, 3, "atol", 1e-08)?;
        let equal_nan = match arg_kw(args, kws, 4, "equal_nan") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => {
                let t = self.ty(v)?;
                let x = self.load(v)?;
                self.truth_of(x, &t)?
            }
            _ => self.ctx.bool_type().const_zero(),
        };
        let (at, bt) = (self.ty(av)?, self.ty(bv)?);
        let (a, b) = (self.load(av)?, self.load(bv)?);
        let item = |cx: &Self, x: BV<'ctx>, xt: &Type, y: BV<'ctx>, yt: &Type| -> R<inkwell::values::IntValue<'ctx>> {
            cx.close_item(all, x, xt, y, yt, rtol, atol, equal_nan)
        };
        match (&at, &bt) {
            (Type::Array(aa), Type::Array(ba)) => {
                let (aa, ba) = ((**aa).clone(), (**ba).clone());
                if all {
                    return self.allclose_arrays(a, &aa, b, &ba, &item);
                }
                if aa.ndim != 1 || ba.ndim != 1 {
                    return self.fail("np.isclose of two arrays of more than one dimension (out of bounds in Numba) is not supported by numrs build yet");
                }
                let la = self.dims(a, 5, 1)?[0];
                let lb = self.dims(b, 5, 1)?[0];
                let one = self.i64(1);
                let eq = self.b.build_int_compare(IntPredicate::EQ, la, lb, "")?;
                let a1 = self.b.build_int_compare(IntPredicate::EQ, la, one, "")?;
                let b1 = self.b.build_int_compare(IntPredicate::EQ, lb, one, "")?;
                let ok = self.b.build_or(eq, self.b.build_or(a1, b1, "")?, "")?;
                self.guard(self.b.build_not(ok, "")?, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
                let n = self.b.build_select(a1, lb, la, "")?.into_int_value();
                let out = self.alloc_array(&Type::boolean(), &[n])?;
                self.counted_loop(n, |cx, i| {
                    let ia = cx.b.build_select(a1, cx.i64(0), i, "")?.into_int_value();
                    let ib = cx.b.build_select(b1, cx.i64(0), i, "")?.into_int_value();
                    let x = cx.elem_at(a, &aa, ia)?;
                    let y = cx.elem_at(b, &ba, ib)?;
                    let r = item(cx, x, &aa.dtype, y, &ba.dtype)?;
                    let p = cx.out_ptr(out, &Type::boolean(), i)?;
                    cx.store_element(p, r.into(), &Type::boolean(), &Type::boolean())
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&Type::boolean(), 1, Layout::C), tt)
            }
            (Type::Array(xa), yt) | (yt, Type::Array(xa)) => {
                let xa = (**xa).clone();
                let array_first = matches!(at, Type::Array(_));
                let (arr, s) = if array_first { (a, b) } else { (b, a) };
                let yt = yt.clone();
                let n = self.field(arr, 2)?.into_int_value();
                let shape = self.dims(arr, 5, xa.ndim)?;
                let out = if all { None } else { Some(self.alloc_array(&Type::boolean(), &shape)?) };
                let acc = self.temp(self.ctx.bool_type().into())?;
                self.b.build_store(acc, self.ctx.bool_type().const_int(1, false))?;
                self.counted_loop(n, |cx, i| {
                    let x = cx.elem_at(arr, &xa, i)?;
                    let r = if array_first { item(cx, x, &xa.dtype, s, &yt)? } else { item(cx, s, &yt, x, &xa.dtype)? };
                    match out {
                        Some(o) => {
                            let p = cx.out_ptr(o, &Type::boolean(), i)?;
                            cx.store_element(p, r.into(), &Type::boolean(), &Type::boolean())
                        }
                        None => {
                            let cur = cx.b.build_load(cx.ctx.bool_type(), acc, "")?.into_int_value();
                            cx.b.build_store(acc, cx.b.build_and(cur, r, "")?)?;
                            Ok(())
                        }
                    }
                })?;
                match out {
                    Some(o) => {
                        self.fresh = true;
                        self.cast(o, &array_type(&Type::boolean(), xa.ndim, Layout::C), tt)
                    }
                    None => {
                        let r = self.b.build_load(self.ctx.bool_type(), acc, "")?;
                        self.cast(r, &Type::boolean(), tt)
                    }
                }
            }
            _ => {
                let r = item(self, a, &at.unliteral(), b, &bt.unliteral())?;
                self.cast(r.into(), &Type::boolean(), tt)
            }
        }
    }

    /// `np.allclose` of two arrays: every broadcast pair (C order) close.
    fn allclose_arrays(&mut self, a: BV<'ctx>, aa: &ArrayType, b: BV<'ctx>, ba: &ArrayType, item: &CloseItem<'_, 'a, 'ctx>) -> R<BV<'ctx>> {
        let (ash, bsh) = (self.dims(a, 5, aa.ndim)?, self.dims(b, 5, ba.ndim)?);
        let bc = self.broadcast_pair(&ash, &bsh)?;
        self.guard(bc.bad, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
        let (ast, bst) = (self.dims(a, 6, aa.ndim)?, self.dims(b, 6, ba.ndim)?);
        let count = bc.count(self)?;
        let acc = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(acc, self.ctx.bool_type().const_int(1, false))?;
        self.counted_loop(count, |cx, i| {
            let idx = bc.unravel(cx, i)?;
            let mut vals = Vec::new();
            for (k, (x, xa, st)) in [(a, aa, &ast), (b, ba, &bst)].into_iter().enumerate() {
                let off = bc.offset(cx, k, st, &idx)?;
                let data = cx.field(x, 4)?.into_pointer_value();
                let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
                vals.push(cx.load_element(p, &xa.dtype)?);
            }
            let r = item(cx, vals[0], &aa.dtype, vals[1], &ba.dtype)?;
            let cur = cx.b.build_load(cx.ctx.bool_type(), acc, "")?.into_int_value();
            cx.b.build_store(acc, cx.b.build_and(cur, r, "")?)?;
            Ok(())
        })?;
        Ok(self.b.build_load(self.ctx.bool_type(), acc, "")?)
    }

    /// The broadcast of two shapes (right-aligned; an extent of 1 stretches), for loops that
    /// walk both operands in the result's C order.
    pub(crate) fn broadcast_pair(&self, a: &[IntValue<'ctx>], b: &[IntValue<'ctx>]) -> R<BroadcastPair<'ctx>> {
        let r = a.len().max(b.len());
        let one = self.i64(1);
        let pad = |sh: &[IntValue<'ctx>]| -> Vec<IntValue<'ctx>> { (0..r).map(|d| if d + sh.len() >= r { sh[d + sh.len() - r] } else { one }).collect() };
        let padded = [pad(a), pad(b)];
        let mut shape = Vec::with_capacity(r);
        let mut bad = self.ctx.bool_type().const_zero();
        for (&x, &y) in padded[0].iter().zip(&padded[1]) {
            let eq = self.b.build_int_compare(IntPredicate::EQ, x, y, "")?;
            let x1 = self.b.build_int_compare(IntPredicate::EQ, x, one, "")?;
            let y1 = self.b.build_int_compare(IntPredicate::EQ, y, one, "")?;
            let ok = self.b.build_or(eq, self.b.build_or(x1, y1, "")?, "")?;
            bad = self.b.build_or(bad, self.b.build_not(ok, "")?, "")?;
            shape.push(self.b.build_select(x1, y, x, "")?.into_int_value());
        }
        Ok(BroadcastPair { shape, padded, bad })
    }

    /// Numba's `_isclose_item` (`all` false) or `_allclose_scalars` (`all` true) of two numbers.
    #[allow(clippy::too_many_arguments)]
    fn close_item(&self, all: bool, x: BV<'ctx>, xt: &Type, y: BV<'ctx>, yt: &Type, rtol: inkwell::values::FloatValue<'ctx>, atol: inkwell::values::FloatValue<'ctx>, equal_nan: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let f = Type::float64();
        let common = numrs_types::unify_pairs(xt, yt).unwrap_or_else(|| f.clone());
        let ck = numeric(&common).unwrap_or(NumericKind::Float64);
        // Numba's `_allclose_scalars` of complex numbers: NaN or infinite when a part is,
        // infinities compared with `==`, else `|x - y| <= atol + rtol * |y|` by magnitudes
        // (in complex128).
        if all && ck.is_complex() {
            let (xr, xi, xn) = self.complex_parts(x, xt)?;
            let (yr, yi, yn) = self.complex_parts(y, yt)?;
            let b = &self.b;
            let inf = self.ctx.f64_type().const_float(f64::INFINITY);
            let fabs = |v: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> { Ok(crate::ops::intrinsic_call(self, "llvm.fabs", &[v.into()])?.into_float_value()) };
            let isinf = |re, im| -> R<IntValue<'ctx>> {
                Ok(b.build_or(b.build_float_compare(FloatPredicate::OEQ, fabs(re)?, inf, "")?, b.build_float_compare(FloatPredicate::OEQ, fabs(im)?, inf, "")?, "")?)
            };
            let any_inf = b.build_or(isinf(xr, xi)?, isinf(yr, yi)?, "")?;
            let same = b.build_and(b.build_float_compare(FloatPredicate::OEQ, xr, yr, "")?, b.build_float_compare(FloatPredicate::OEQ, xi, yi, "")?, "")?;
            let dr = b.build_float_sub(xr, yr, "")?;
            let di = b.build_float_sub(xi, yi, "")?;
            let diff = crate::ops::libm(self, "hypot", &[dr.into(), di.into()])?.into_float_value();
            let ymag = crate::ops::libm(self, "hypot", &[yr.into(), yi.into()])?.into_float_value();
            let tol = b.build_float_add(atol, b.build_float_mul(rtol, ymag, "")?, "")?;
            let far = b.build_float_compare(FloatPredicate::OGT, diff, tol, "")?;
            let r = b.build_select(any_inf, same, b.build_not(far, "")?, "")?.into_int_value();
            let both_nan = b.build_and(xn, yn, "")?;
            let r = b.build_select(both_nan, equal_nan, r, "")?.into_int_value();
            let one_nan = b.build_xor(xn, yn, "")?;
            return Ok(b.build_select(one_nan, self.ctx.bool_type().const_zero(), r, "")?.into_int_value());
        }
        let b = &self.b;
        let xf = self.cast(x, xt, &f)?.into_float_value();
        let yf = self.cast(y, yt, &f)?.into_float_value();
        let zero = self.ctx.f64_type().const_zero();
        let inf = self.ctx.f64_type().const_float(f64::INFINITY);
        let isnan = |v: inkwell::values::FloatValue<'ctx>| b.build_float_compare(FloatPredicate::UNO, v, v, "");
        let fabs = |v: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> { Ok(crate::ops::intrinsic_call(self, "llvm.fabs", &[v.into()])?.into_float_value()) };
        let isinf = |v: inkwell::values::FloatValue<'ctx>| -> R<IntValue<'ctx>> { Ok(b.build_float_compare(FloatPredicate::OEQ, fabs(v)?, inf, "")?) };
        // |x - y| in the operands' common type (integers wrap), then as a float.
        let diff = if ck.is_integer() {
            let (xi, yi) = (self.cast(x, xt, &common)?.into_int_value(), self.cast(y, yt, &common)?.into_int_value());
            let d = b.build_int_sub(xi, yi, "")?;
            let neg = b.build_int_compare(IntPredicate::SLT, d, d.get_type().const_zero(), "")?;
            let d = if ck.is_signed_int() { b.build_select(neg, b.build_int_neg(d, "")?, d, "")?.into_int_value() } else { d };
            self.cast(d.into(), &common, &f)?.into_float_value()
        } else {
            let (xc, yc) = (self.cast(x, xt, &common)?, self.cast(y, yt, &common)?);
            let d = b.build_float_sub(xc.into_float_value(), yc.into_float_value(), "")?;
            self.cast(fabs(d)?.into(), &common, &f)?.into_float_value()
        };
        let tol = b.build_float_add(atol, b.build_float_mul(rtol, fabs(yf)?, "")?, "")?;
        let (xn, yn) = (isnan(xf)?, isnan(yf)?);
        let (xi, yi) = (isinf(xf)?, isinf(yf)?);
        if all {
            let one_nan = b.build_xor(xn, yn, "")?;
            let both_nan = b.build_and(xn, yn, "")?;
            let any_inf = b.build_or(xi, yi, "")?;
            let same = b.build_float_compare(FloatPredicate::OEQ, xf, yf, "")?;
            let far = b.build_float_compare(FloatPredicate::OGT, diff, tol, "")?;
            let plain = b.build_not(far, "")?;
            let r = b.build_select(any_inf, same, plain, "")?.into_int_value();
            let r = b.build_select(both_nan, equal_nan, r, "")?.into_int_value();
            return Ok(b.build_select(one_nan, self.ctx.bool_type().const_zero(), r, "")?.into_int_value());
        }
        let both_nan = b.build_and(xn, yn, "")?;
        let both_inf = b.build_and(xi, yi, "")?;
        let any_inf = b.build_or(xi, yi, "")?;
        let xp = b.build_float_compare(FloatPredicate::OGT, xf, zero, "")?;
        let yp = b.build_float_compare(FloatPredicate::OGT, yf, zero, "")?;
        let same_sign = b.build_int_compare(IntPredicate::EQ, xp, yp, "")?;
        let near = b.build_float_compare(FloatPredicate::OLE, diff, tol, "")?;
        let r = b.build_select(any_inf, self.ctx.bool_type().const_zero(), near, "")?.into_int_value();
        let r = b.build_select(both_inf, same_sign, r, "")?.into_int_value();
        Ok(b.build_select(both_nan, equal_nan, r, "")?.into_int_value())
    }

    /// `np.round(a, decimals=0)` / `np.around`: Numba's `impl_np_round`, element by element
    /// into a new C array for arrays.
    fn np_round(&mut self, av: VarId, dv: Option<VarId>, out: Option<VarId>, tt: &Type) -> R<BV<'ctx>> {
        let at = self.ty(av)?;
        // Numba's `round_ndigits` takes any real number of decimals (`10.0 ** decimals`): an
        // int64, or a float64.
        let d = match dv {
            Some(v) if numeric(&self.ty(v)?).is_some_and(|k| k.is_float()) => {
                let (f, x) = (self.ty(v)?, self.load(v)?);
                (self.cast(x, &f, &Type::float64())?, Type::float64())
            }
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => (self.int_arg(v)?.into(), Type::int64()),
            _ => (self.i64(0).into(), Type::int64()),
        };
        let x = self.load(av)?;
        if let Some(o) = out.filter(|v| !matches!(self.ty(*v), Ok(Type::NoneType | Type::Omitted(_)))) {
            return self.np_round_into(x, &at, &d, o);
        }
        match &at {
            Type::Array(a) => {
                let a = (**a).clone();
                let Type::Array(ra) = tt else { return self.fail(format!("np.round producing {tt}")) };
                let rt = ra.dtype.clone();
                let shape = self.dims(x, 5, a.ndim)?;
                let out = self.alloc_array(&rt, &shape)?;
                let n = self.field(x, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(x, &a, i)?;
                    let (r, t) = cx.np_round_value(v, &a.dtype, &d)?;
                    let p = cx.out_ptr(out, &rt, i)?;
                    cx.store_element(p, r, &t, &rt)
                })?;
                self.fresh = true;
                self.cast(out, &array_type(&rt, a.ndim, Layout::C), tt)
            }
            t if numeric(t).is_some() => {
                let (r, rt) = self.np_round_value(x, &t.unliteral(), &d)?;
                self.cast(r, &rt, tt)
            }
            _ => self.fail(format!("np.round of {at} is not supported by numrs build yet")),
        }
    }

    /// `np.round(a, d, out)`: an array `a`, after Numba's `a.shape != out.shape` check, item by
    /// item (C order) into the same place of `out`; a number into `out[0]`. Returns `out`.
    fn np_round_into(&mut self, x: BV<'ctx>, at: &Type, d: &(BV<'ctx>, Type), o: VarId) -> R<BV<'ctx>> {
        let (ov, ot) = self.arr(o)?;
        match at {
            Type::Array(a) => {
                let a = (**a).clone();
                if ot.ndim != a.ndim {
                    return self.fail(format!("np.round of a {}-d array into a {}-d out", a.ndim, ot.ndim));
                }
                let shape = self.dims(x, 5, a.ndim)?;
                let oshape = self.dims(ov, 5, ot.ndim)?;
                let mut differ = self.ctx.bool_type().const_zero();
                for (p, q) in oshape.iter().zip(&shape) {
                    differ = self.b.build_or(differ, self.b.build_int_compare(IntPredicate::NE, *p, *q, "")?, "")?;
                }
                self.guard(differ, ExcKind::ValueError, "invalid output shape")?;
                let n = self.field(x, 2)?.into_int_value();
                self.counted_loop(n, |cx, i| {
                    let v = cx.elem_at(x, &a, i)?;
                    let (r, t) = cx.np_round_value(v, &a.dtype, d)?;
                    let p = cx.flat_ptr(ov, &ot, i)?;
                    cx.store_element(p, r, &t, &ot.dtype)
                })?;
            }
            t if numeric(t).is_some() && ot.ndim == 1 => {
                let (r, rt) = self.np_round_value(x, &t.unliteral(), d)?;
                let p = self.flat_ptr(ov, &ot, self.i64(0))?;
                self.store_element(p, r, &rt, &ot.dtype)?;
            }
            _ => return self.fail(format!("np.round of {at} into an array of {} dimensions is not supported by numrs build yet", ot.ndim)),
        }
        Ok(ov)
    }

    /// One number rounded to `d` decimals: `rint` when `d == 0` (in the value's own type),
    /// else Numba's `round_ndigits` in float64 (integers back through `int()`).
    fn np_round_value(&mut self, x: BV<'ctx>, t: &Type, d: &(BV<'ctx>, Type)) -> R<(BV<'ctx>, Type)> {
        let Some(k) = numeric(t) else { return self.fail(format!("np.round of {t}")) };
        let f = Type::float64();
        let (dv, dt) = (d.0, d.1.clone());
        let d0 = match dv {
            BasicValueEnum::FloatValue(d) => self.b.build_float_compare(FloatPredicate::OEQ, d, self.ctx.f64_type().const_zero(), "")?,
            d => self.b.build_int_compare(IntPredicate::EQ, d.into_int_value(), self.i64(0), "")?,
        };
        let nd = |cx: &mut Self, v: BV<'ctx>| -> R<BV<'ctx>> { cx.scalar_op_sig("builtins.round", &[v, dv], &[Type::float64(), dt.clone()], &Type::float64()) };
        if k.is_complex() {
            let fk = k.underlying_float();
            let zs = x.into_struct_value();
            let mut parts = Vec::new();
            for i in 0..2 {
                let p = self.b.build_extract_value(zs, i, "")?;
                let r0 = crate::ops::intrinsic_call(self, "llvm.rint", &[p])?;
                let r0 = self.cast(r0, &Type::Number(fk), &f)?;
                let pf = self.cast(p, &Type::Number(fk), &f)?;
                let r1 = nd(self, pf)?;
                parts.push(self.b.build_select(d0, r0, r1, "")?);
            }
            let c = self.complex(NumericKind::Complex128, parts[0], parts[1])?;
            return Ok((c, Type::Number(NumericKind::Complex128)));
        }
        if k.is_float() {
            let r0 = crate::ops::intrinsic_call(self, "llvm.rint", &[x])?;
            let r0 = self.cast(r0, t, &f)?;
            let xf = self.cast(x, t, &f)?;
            let r1 = nd(self, xf)?;
            return Ok((self.b.build_select(d0, r0, r1, "")?, f));
        }
        // Integers: themselves, or `int(round_ndigits(a, d))`; for uint64 the two unify to
        // float64 (so the value itself goes through a float).
        let xf = self.cast(x, t, &f)?;
        let r1 = nd(self, xf)?;
        if k == NumericKind::UInt64 {
            return Ok((self.b.build_select(d0, xf, r1, "")?, f));
        }
        let r1 = self.cast(r1, &f, &Type::int64())?;
        let x64 = self.cast(x, t, &Type::int64())?;
        Ok((self.b.build_select(d0, x64, r1, "")?, Type::int64()))
    }

    fn sinc_value(&mut self, x: BV<'ctx>, t: &Type) -> R<BV<'ctx>> {
        if numeric(t).is_some_and(|k| k.is_complex()) {
            // `x = 1e-20` makes `x` complex128; `x *= np.pi` multiplies by `pi + 0j`.
            let c = Type::Number(NumericKind::Complex128);
            let ft = self.ctx.f64_type();
            let z = self.cast(x, t, &c)?;
            let zs = z.into_struct_value();
            let re = self.b.build_extract_value(zs, 0, "")?.into_float_value();
            let im = self.b.build_extract_value(zs, 1, "")?.into_float_value();
            let re0 = self.b.build_float_compare(FloatPredicate::OEQ, re, ft.const_zero(), "")?;
            let im0 = self.b.build_float_compare(FloatPredicate::OEQ, im, ft.const_zero(), "")?;
            let is0 = self.b.build_and(re0, im0, "")?;
            let tiny = self.complex(NumericKind::Complex128, ft.const_float(1e-20).into(), ft.const_zero().into())?;
            let z = self.b.build_select(is0, tiny, z, "")?;
            let pi = self.complex(NumericKind::Complex128, ft.const_float(std::f64::consts::PI).into(), ft.const_zero().into())?;
            let y = self.scalar_op("operator.mul", &[z, pi], &c)?;
            let s = self.ufunc_elem("sin", &[(y, c.clone())], NumericKind::Complex128)?;
            return self.scalar_op("operator.truediv", &[s, y], &c);
        }
        let f = Type::float64();
        let ft = self.ctx.f64_type();
        let x = self.cast(x, t, &f)?.into_float_value();
        let zero = self.b.build_float_compare(FloatPredicate::OEQ, x, ft.const_zero(), "")?;
        let x = self.b.build_select(zero, ft.const_float(1e-20), x, "")?.into_float_value();
        let y = self.b.build_float_mul(x, ft.const_float(std::f64::consts::PI), "")?;
        let s = self.ufunc_elem("sin", &[(y.into(), f.clone())], NumericKind::Float64)?;
        Ok(self.b.build_float_div(s.into_float_value(), y, "")?.into())
    }

    /// `np.linspace` with a complex end, as Numba's implementation computes it: the ends times
    /// `1.0` (a complex multiplication for complex ends), `step = np.divide(stop - start,
    /// num - 1)`, `start + i * step`, the last item `stop`. A new complex128 array.
    pub(crate) fn complex_linspace(&mut self, start: (BV<'ctx>, Type), stop: (BV<'ctx>, Type), num: IntValue<'ctx>) -> R<BV<'ctx>> {
        let c = Type::Number(NumericKind::Complex128);
        let ft = self.ctx.f64_type();
        let one = self.complex(NumericKind::Complex128, ft.const_float(1.0).into(), ft.const_zero().into())?;
        let mut ends = Vec::new();
        for (v, t) in [start, stop] {
            let z = self.cast(v, &t, &c)?;
            ends.push(if t.is_complex() { self.scalar_op("operator.mul", &[z, one], &c)? } else { z });
        }
        let (s, e) = (ends[0], ends[1]);
        let out = self.alloc_array(&c, &[num])?;
        let div = self.b.build_int_sub(num, self.i64(1), "")?;
        let divf = self.b.build_signed_int_to_float(div, ft, "")?;
        let divc = self.complex(NumericKind::Complex128, divf.into(), ft.const_zero().into())?;
        let delta = self.scalar_op("operator.sub", &[e, s], &c)?;
        let step = self.np_complex_div(delta, divc)?;
        let spaced = self.b.build_int_compare(IntPredicate::SGT, div, self.i64(0), "")?;
        self.counted_loop(num, |cx, i| {
            let fi = cx.b.build_signed_int_to_float(i, ft, "")?;
            let ic = cx.complex(NumericKind::Complex128, fi.into(), ft.const_zero().into())?;
            let d = cx.scalar_op("operator.mul", &[ic, step], &c)?;
            let v = cx.scalar_op("operator.add", &[s, d], &c)?;
            let v = cx.b.build_select(spaced, v, s, "")?;
            let last = cx.b.build_and(spaced, cx.b.build_int_compare(IntPredicate::EQ, i, div, "")?, "")?;
            let v = cx.b.build_select(last, e, v, "")?;
            let p = cx.out_ptr(out, &c, i)?;
            cx.b.build_store(p, v)?;
            Ok(())
        })?;
        Ok(out)
    }

    /// `np.logspace` with a complex end: `np.power(10.0, np.linspace(start, stop, num))`, the
    /// power of complex numbers. A new complex128 array.
    pub(crate) fn complex_logspace(&mut self, start: (BV<'ctx>, Type), stop: (BV<'ctx>, Type), num: IntValue<'ctx>) -> R<BV<'ctx>> {
        let c = Type::Number(NumericKind::Complex128);
        let out = self.complex_linspace(start, stop, num)?;
        let ft = self.ctx.f64_type();
        let ten = self.complex(NumericKind::Complex128, ft.const_float(10.0).into(), ft.const_zero().into())?;
        self.counted_loop(num, |cx, i| {
            let p = cx.out_ptr(out, &c, i)?;
            let y = cx.load_element(p, &c)?;
            let r = cx.ufunc_elem("power", &[(ten, c.clone()), (y, c.clone())], NumericKind::Complex128)?;
            cx.b.build_store(p, r)?;
            Ok(())
        })?;
        Ok(out)
    }

    /// `np.linspace(start, stop, num)` of float64 values: a new 1-d C array.
    pub(crate) fn linspace_values(&mut self, start: inkwell::values::FloatValue<'ctx>, stop: inkwell::values::FloatValue<'ctx>, num: IntValue<'ctx>) -> R<BV<'ctx>> {
        let f = Type::float64();
        let out = self.alloc_array(&f, &[num])?;
        let f64t = self.ctx.f64_type();
        let div = self.b.build_int_sub(num, self.i64(1), "")?;
        let divf = self.b.build_signed_int_to_float(div, f64t, "")?;
        let delta = self.b.build_float_sub(stop, start, "")?;
        let step = self.b.build_float_div(delta, divf, "")?;
        let pos = self.b.build_int_compare(IntPredicate::SGT, div, self.i64(0), "")?;
        let fill = self.new_block("linspace_fill");
        let single = self.new_block("linspace_single");
        let last = self.new_block("linspace_last");
        let done = self.new_block("linspace_done");
        self.b.build_conditional_branch(pos, fill, single)?;
        self.b.position_at_end(fill);
        self.counted_loop(num, |cx, i| {
            let fi = cx.b.build_signed_int_to_float(i, f64t, "")?;
            let v = cx.b.build_float_add(start, cx.b.build_float_mul(fi, step, "")?, "")?;
            let p = cx.out_ptr(out, &f, i)?;
            cx.b.build_store(p, v)?;
            Ok(())
        })?;
        self.b.build_unconditional_branch(last)?;
        self.b.position_at_end(single);
        // num == 1: [start]; num == 0: empty.
        let one = self.b.build_int_compare(IntPredicate::EQ, num, self.i64(1), "")?;
        let set0 = self.new_block("linspace_set0");
        self.b.build_conditional_branch(one, set0, done)?;
        self.b.position_at_end(set0);
        let p0 = self.out_ptr(out, &f, self.i64(0))?;
        self.b.build_store(p0, start)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(last);
        let pl = self.out_ptr(out, &f, div)?;
        self.b.build_store(pl, stop)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(out)
    }

    // ----- shapes -----

    /// `a.reshape(...)` with integers (one may be -1) or one tuple: a view of a C-contiguous
    /// array.
    fn reshape(&mut self, av: VarId, shape_args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Type::Array(ra) = tt else { return self.fail(format!("reshape producing {tt}")) };
        // Typing refuses the other layouts ("reshape() supports contiguous array only").
        let strided = a.layout != Layout::C && a.ndim > 1;
        if strided && a.layout != Layout::F {
            return self.fail("reshape of a non-contiguous array is not supported by numrs build yet");
        }
        let dims: Vec<IntValue<'ctx>> = if shape_args.len() == 1 {
            self.shape_arg(shape_args[0])?
        } else {
            shape_args.iter().map(|v| self.int_arg(*v)).collect::<R<_>>()?
        };
        if dims.len() != ra.ndim as usize {
            return self.fail(format!("reshape producing {tt} with {} dimensions", dims.len()));
        }
        let n = self.field(arr, 2)?.into_int_value();
        // Infer a -1 dimension; Numba: "total size of new array must be unchanged" otherwise.
        let mut known = self.i64(1);
        let mut negs = self.i64(0);
        for d in &dims {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *d, self.i64(0), "")?;
            let f = self.b.build_select(neg, self.i64(1), *d, "")?.into_int_value();
            known = self.b.build_int_mul(known, f, "")?;
            negs = self.b.build_int_add(negs, self.b.build_int_z_extend(neg, self.ctx.i64_type(), "")?, "")?;
        }
        let many = self.b.build_int_compare(IntPredicate::SGT, negs, self.i64(1), "")?;
        self.guard(many, ExcKind::ValueError, "multiple negative shape values")?;
        let k0 = self.b.build_int_compare(IntPredicate::EQ, known, self.i64(0), "")?;
        let safe = self.b.build_select(k0, self.i64(1), known, "")?.into_int_value();
        let inferred = self.b.build_int_signed_div(n, safe, "")?;
        let mut out = Vec::new();
        for d in &dims {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *d, self.i64(0), "")?;
            out.push(self.b.build_select(neg, inferred, *d, "")?.into_int_value());
        }
        let mut total = self.i64(1);
        for d in &out {
            total = self.b.build_int_mul(total, *d, "")?;
        }
        let bad = self.b.build_int_compare(IntPredicate::NE, total, n, "")?;
        self.guard(bad, ExcKind::ValueError, "total size of new array must be unchanged")?;
        let isz = self.field(arr, 3)?.into_int_value();
        let strides = if strided {
            self.nocopy_strides(arr, a.ndim, &out, isz)?
        } else {
            let mut strides = vec![self.i64(0); out.len()];
            let mut acc = isz;
            for d in (0..out.len()).rev() {
                strides[d] = acc;
                acc = self.b.build_int_mul(acc, out[d], "")?;
            }
            strides
        };
        let data = self.field(arr, 4)?.into_pointer_value();
        let v = self.view_of(arr, data, &out, &strides, isz)?;
        let layout = if strided { Layout::F } else { Layout::C };
        let vt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), ra.ndim, layout, a.readonly)));
        self.cast(v, &vt, tt)
    }

    /// The strides of a view of `arr` (an F-layout array of `ndim` dimensions) with shape
    /// `shape` in C order, when its memory allows one (`numrs.nocopy_reshape`); otherwise
    /// Numba's `NotImplementedError("incompatible shape for array")`.
    fn nocopy_strides(&mut self, arr: BV<'ctx>, ndim: u32, shape: &[IntValue<'ctx>], isz: IntValue<'ctx>) -> R<Vec<IntValue<'ctx>>> {
        let i64t = self.ctx.i64_type();
        let slots = |cx: &Self, name: &str, n: usize| -> R<PointerValue<'ctx>> { Ok(cx.alloca_b.build_array_alloca(i64t, cx.i64(n.max(1) as i64), name)?) };
        let (olddims, oldstrides) = (slots(self, "olddims", ndim as usize)?, slots(self, "oldstrides", ndim as usize)?);
        let (newdims, newstrides) = (slots(self, "newdims", shape.len())?, slots(self, "newstrides", shape.len())?);
        let at = |cx: &Self, base: PointerValue<'ctx>, i: usize| -> R<PointerValue<'ctx>> {
            // SAFETY (for LLVM): `i` is below the array's length.
            Ok(unsafe { cx.b.build_in_bounds_gep(i64t, base, &[cx.i64(i as i64)], "")? })
        };
        let dims = self.dims(arr, 5, ndim)?;
        let strides = self.dims(arr, 6, ndim)?;
        for (i, (d, s)) in dims.iter().zip(&strides).enumerate() {
            self.b.build_store(at(self, olddims, i)?, *d)?;
            self.b.build_store(at(self, oldstrides, i)?, *s)?;
        }
        for (i, d) in shape.iter().enumerate() {
            self.b.build_store(at(self, newdims, i)?, *d)?;
        }
        let f = crate::reshape::nocopy_reshape_fn(self.ctx, self.module)?;
        let args = [
            self.i64(ndim as i64).into(),
            olddims.into(),
            oldstrides.into(),
            self.i64(shape.len() as i64).into(),
            newdims.into(),
            newstrides.into(),
            isz.into(),
        ];
        let ok = self.b.build_call(f, &args, "")?.try_as_basic_value();
        let inkwell::values::ValueKind::Basic(ok) = ok else { return self.fail("internal error: nocopy_reshape returns void") };
        let failed = self.b.build_int_compare(IntPredicate::EQ, ok.into_int_value(), self.ctx.i32_type().const_zero(), "")?;
        self.guard(failed, ExcKind::NotImplementedError, "incompatible shape for array")?;
        (0..shape.len()).map(|i| Ok(self.b.build_load(i64t, at(self, newstrides, i)?, "")?.into_int_value())).collect()
    }

    /// `a.ravel()` (a view when C-contiguous, else a copy) and `a.flatten()` (a copy).
    fn ravel(&mut self, name: &str, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let n = self.field(arr, 2)?.into_int_value();
        let isz = self.field(arr, 3)?.into_int_value();
        if name == "ravel" && a.layout == Layout::C {
            let data = self.field(arr, 4)?.into_pointer_value();
            let v = self.view_of(arr, data, &[n], &[isz], isz)?;
            let vt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), 1, Layout::C, a.readonly)));
            return self.cast(v, &vt, tt);
        }
        let c = self.copy_c(arr, &a)?;
        // The copy as a 1-d array.
        let data = self.field(c, 4)?.into_pointer_value();
        let mi = self.field(c, 0)?.into_pointer_value();
        let parent = self.field(c, 1)?.into_pointer_value();
        let v = self.make_array(1, mi, parent, isz, data, &[n], &[isz])?;
        self.fresh = true;
        self.cast(v, &array_type(&a.dtype, 1, Layout::C), tt)
    }

    /// `a.T` / `a.transpose()`: the dimensions reversed (a view).
    pub(crate) fn transpose(&self, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let mut shape = self.dims(arr, 5, a.ndim)?;
        let mut strides = self.dims(arr, 6, a.ndim)?;
        shape.reverse();
        strides.reverse();
        let data = self.field(arr, 4)?.into_pointer_value();
        let isz = self.field(arr, 3)?.into_int_value();
        let v = self.view_of(arr, data, &shape, &strides, isz)?;
        let layout = match (a.layout, a.ndim) {
            (l, 0 | 1) => l,
            (Layout::C, _) => Layout::F,
            (Layout::F, _) => Layout::C,
            _ => Layout::A,
        };
        let vt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), a.ndim, layout, a.readonly)));
        self.cast(v, &vt, tt)
    }

    /// `a.transpose(axes)` / `a.transpose(*axes)` / `np.transpose(a, axes)` (Numba's
    /// `array_transpose_tuple` and `permute_arrays`): a view with the shape and strides
    /// permuted; a repeated axis value or one out of bounds raises ValueError.
    fn transpose_axes(&mut self, av: VarId, axes: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let mut vals = Vec::new();
        for v in axes {
            let t = self.ty(*v)?;
            if let Some(items) = t.tuple_items() {
                let tv = self.load(*v)?;
                for (k, it) in items.iter().enumerate() {
                    if !numeric(it).is_some_and(|k| k.is_integer()) {
                        return self.fail(format!("transpose axes of type {t} are not supported by numrs build yet"));
                    }
                    let x = self.tuple_item(tv, k as u32)?;
                    vals.push(self.cast(x, it, &Type::int64())?.into_int_value());
                }
            } else {
                vals.push(self.int_arg(*v)?);
            }
        }
        let nd = a.ndim as usize;
        if vals.len() != nd {
            return self.fail(format!("transpose of a {nd}d array with {} axes", vals.len()));
        }
        let mut rep = self.ctx.bool_type().const_zero();
        for i in 0..nd {
            for j in i + 1..nd {
                rep = self.b.build_or(rep, self.b.build_int_compare(IntPredicate::EQ, vals[i], vals[j], "")?, "")?;
            }
        }
        self.guard(rep, ExcKind::ValueError, "repeated axis in transpose")?;
        let dim = self.i64(nd as i64);
        let mut bad = self.ctx.bool_type().const_zero();
        let mut norm = Vec::new();
        for x in &vals {
            let hi = self.b.build_int_compare(IntPredicate::SGE, *x, dim, "")?;
            let lo = self.b.build_int_compare(IntPredicate::SLT, *x, self.b.build_int_neg(dim, "")?, "")?;
            bad = self.b.build_or(bad, self.b.build_or(hi, lo, "")?, "")?;
            let neg = self.b.build_int_compare(IntPredicate::SLT, *x, self.i64(0), "")?;
            norm.push(self.b.build_select(neg, self.b.build_int_add(*x, dim, "")?, *x, "")?.into_int_value());
        }
        self.guard(bad, ExcKind::ValueError, "axis is out of bounds for array of given dimension")?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let (mut ns, mut nst) = (Vec::new(), Vec::new());
        for x in &norm {
            let (mut sh, mut st) = (self.i64(0), self.i64(0));
            for d in 0..nd {
                let is = self.b.build_int_compare(IntPredicate::EQ, *x, self.i64(d as i64), "")?;
                sh = self.b.build_select(is, shape[d], sh, "")?.into_int_value();
                st = self.b.build_select(is, strides[d], st, "")?.into_int_value();
            }
            ns.push(sh);
            nst.push(st);
        }
        let data = self.field(arr, 4)?.into_pointer_value();
        let isz = self.field(arr, 3)?.into_int_value();
        let v = self.view_of(arr, data, &ns, &nst, isz)?;
        let vt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), a.ndim, Layout::A, a.readonly)));
        self.cast(v, &vt, tt)
    }

    /// `z.real` / `z.imag` of a complex array (views of the parts); `.real` of a real array
    /// is the array itself.
    pub(crate) fn real_imag(&mut self, av: VarId, attr: &str, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(av)?;
        let Some(k) = numeric(&a.dtype) else { return self.fail(format!("{attr} of arrays of {}", a.dtype)) };
        if !k.is_complex() {
            if attr == "real" {
                let at = Type::Array(Arc::new(a.clone()));
                return self.cast(arr, &at, tt);
            }
            // Numba's `array.imag` of a real array: a new read-only array of zeros.
            let shape = self.dims(arr, 5, a.ndim)?;
            let z = self.alloc_zeroed(&a.dtype, &shape)?;
            self.fresh = true;
            let zt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), a.ndim, Layout::C, true)));
            return self.cast(z, &zt, tt);
        }
        let ft = Type::Number(k.underlying_float());
        let fsz = self.itemsize_of(&ft)?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let data = if attr == "imag" { unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[self.i64(fsz as i64)], "")? } } else { data };
        let v = self.view_of(arr, data, &shape, &strides, self.i64(fsz as i64))?;
        let vt = Type::Array(Arc::new(ArrayType::new(ft, a.ndim, Layout::A, a.readonly)));
        self.cast(v, &vt, tt)
    }

    // ----- joining -----

    /// The arrays of a tuple argument: (value, type) each.
    fn tuple_arrays(&self, v: VarId) -> R<Vec<(BV<'ctx>, ArrayType)>> {
        let t = self.ty(v)?;
        let Some(items) = t.tuple_items() else {
            return self.fail(format!("joining arrays given as {t} is not supported by numrs build yet"));
        };
        let sv = self.load(v)?.into_struct_value();
        let mut out = Vec::new();
        for (i, it) in items.iter().enumerate() {
            let Type::Array(a) = it else { return self.fail(format!("joining {it} is not supported by numrs build yet")) };
            out.push((self.b.build_extract_value(sv, i as u32, "")?, (**a).clone()));
        }
        if out.is_empty() {
            return self.fail("need at least one array to concatenate");
        }
        Ok(out)
    }

    /// `np.concatenate`, `np.stack`, `np.hstack`, `np.vstack`, `np.column_stack`.
    fn join(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(seq) = arg_kw(args, kws, 0, "arrays").or_else(|| arg_kw(args, kws, 0, "tup")) else {
            return self.fail(format!("numpy.{name} without arrays"));
        };
        let mut arrays = self.tuple_arrays(seq)?;
        let Type::Array(ra) = tt else { return self.fail(format!("{name} producing {tt}")) };
        let ra = (**ra).clone();
        // `hstack`/`vstack`/`dstack` of 0-d arrays: each as its 1-d array of one item
        // (`atleast_1d`; `dstack` of those is (1, 1, n) as of 0-d ones).
        if matches!(name, "hstack" | "vstack" | "dstack") && arrays.iter().all(|(_, a)| a.ndim == 0) {
            for (v, a) in arrays.iter_mut() {
                let isz = self.field(*v, 3)?.into_int_value();
                let data = self.field(*v, 4)?.into_pointer_value();
                *v = self.view_of(*v, data, &[self.i64(1)], &[isz], isz)?;
                *a = ArrayType { ndim: 1, layout: Layout::C, ..a.clone() };
            }
        }
        // `column_stack` of 1-d and 2-d arrays: the 1-d ones as columns.
        if name == "column_stack" && arrays.iter().any(|(_, a)| a.ndim == 2) && arrays.iter().all(|(_, a)| a.ndim == 1 || a.ndim == 2) {
            for (v, a) in arrays.iter_mut() {
                if a.ndim == 1 {
                    let isz = self.field(*v, 3)?.into_int_value();
                    let data = self.field(*v, 4)?.into_pointer_value();
                    let (n, st) = (self.dims(*v, 5, 1)?[0], self.dims(*v, 6, 1)?[0]);
                    *v = self.view_of(*v, data, &[n, self.i64(1)], &[st, isz], isz)?;
                    *a = ArrayType { ndim: 2, layout: Layout::A, ..a.clone() };
                }
            }
        }
        let nd = arrays[0].1.ndim;
        if arrays.iter().any(|(_, a)| a.ndim != nd) {
            return self.fail(format!("numpy.{name} of arrays of different dimensions is not supported by numrs build yet"));
        }
        let axis = match arg_kw(args, kws, 1, "axis") {
            Some(v) if name == "concatenate" || name == "stack" => {
                let t = self.ty(v)?;
                match t {
                    Type::IntegerLiteral(x) => x as i64,
                    t if t.is_integer() => {
                        let ax = self.int_arg(v)?;
                        return self.join_at_run_time(name, &arrays, &ra, ax, tt);
                    }
                    _ => return self.fail(format!("an axis of type {t} of numpy.{name} is not supported by numrs build yet")),
                }
            }
            _ => 0,
        };
        self.join_on(name, &arrays, &ra, axis, tt)
    }

    /// [`Self::join_on`] along an axis known when the program runs: one join per axis the
    /// result has, chosen by its value (Numba's `_normalize_axis`: IndexError out of bounds).
    pub(crate) fn join_at_run_time(&mut self, name: &str, arrays: &[(BV<'ctx>, ArrayType)], ra: &ArrayType, ax: IntValue<'ctx>, tt: &Type) -> R<BV<'ctx>> {
        let nd = arrays[0].1.ndim;
        let rnd = if name == "stack" { nd + 1 } else { nd } as i64;
        let neg = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let ax = self.b.build_select(neg, self.b.build_int_add(ax, self.i64(rnd), "")?, ax, "")?.into_int_value();
        let low = self.b.build_int_compare(IntPredicate::SLT, ax, self.i64(0), "")?;
        let high = self.b.build_int_compare(IntPredicate::SGE, ax, self.i64(rnd), "")?;
        self.guard(self.b.build_or(low, high, "")?, ExcKind::IndexError, &format!("np.{name}(): axis out of bounds"))?;
        let done = self.new_block("joined");
        let mut incoming = Vec::new();
        for k in 0..rnd {
            let (this, next) = (self.new_block("join.axis"), self.new_block("join.next"));
            let is = self.b.build_int_compare(IntPredicate::EQ, ax, self.i64(k), "")?;
            self.b.build_conditional_branch(is, this, next)?;
            self.b.position_at_end(this);
            let v = self.join_on(name, arrays, ra, k, tt)?;
            let end = self.b.get_insert_block().ok_or_else(|| self.cg_err("internal error: no insertion block".to_string()))?;
            self.b.build_unconditional_branch(done)?;
            incoming.push((v, end));
            self.b.position_at_end(next);
        }
        self.b.build_unreachable()?;
        self.b.position_at_end(done);
        let phi = self.b.build_phi(self.vt(tt)?, "")?;
        for (v, bb) in &incoming {
            phi.add_incoming(&[(v, *bb)]);
        }
        self.fresh = true;
        Ok(phi.as_basic_value())
    }

    /// [`Self::join`] along `axis` (for `concatenate` and `stack`; the others know theirs).
    pub(crate) fn join_on(&mut self, name: &str, arrays: &[(BV<'ctx>, ArrayType)], ra: &ArrayType, axis: i64, tt: &Type) -> R<BV<'ctx>> {
        let ra = ra.clone();
        let nd = arrays[0].1.ndim;
        // Each is (new axis?, axis): stacking inserts a dimension.
        let (stack, ax) = match (name, nd) {
            ("concatenate", _) => (false, axis),
            ("stack", _) => (true, axis),
            ("vstack", 1) => (true, 0),
            ("vstack", _) => (false, 0),
            ("hstack", 1) => (false, 0),
            ("hstack", _) => (false, 1),
            ("column_stack", 1) => (true, 1),
            ("column_stack", _) => (false, 1),
            // 1-d: `np.expand_dims(np.stack(arrays, axis=1), axis=0)` (the leading 1 below).
            ("dstack", 1) | ("dstack", 2) => (true, nd as i64),
            ("dstack", n) if n > 2 => (false, 2),
            _ => return self.fail(format!("numpy.{name} of {nd}-d arrays is not supported by numrs build yet")),
        };
        let lead1 = name == "dstack" && nd == 1;
        let ra = if lead1 { ArrayType { ndim: 2, ..ra } } else { ra };
        let rnd = if stack { nd + 1 } else { nd } as i64;
        if ra.ndim as i64 != rnd {
            return self.fail(format!("numpy.{name} producing {tt} is not supported by numrs build yet"));
        }
        let ax = if ax < 0 { ax + rnd } else { ax };
        if ax < 0 || ax >= rnd {
            // Numba's `_normalize_axis`, when the program runs.
            self.raise_const(ExcKind::IndexError, &format!("np.{name}(): axis out of bounds"))?;
            self.b.position_at_end(self.new_block("unreachable"));
            return Ok(self.vt(tt)?.const_zero());
        }
        let ax = ax as usize;
        let shapes: Vec<Vec<IntValue<'ctx>>> = arrays.iter().map(|(v, a)| self.dims(*v, 5, a.ndim)).collect::<R<_>>()?;
        // All shapes agree except (for concatenation) along the axis; Numba's messages, a
        // concatenation checking dimension by dimension (`column_stack` of 1-d arrays is one
        // of columns).
        let by_dim = !stack || name == "column_stack";
        let mut any = self.ctx.bool_type().const_zero();
        for d in 0..nd as usize {
            if !stack && d == ax {
                continue;
            }
            let mut bad = self.ctx.bool_type().const_zero();
            for s in &shapes[1..] {
                let ne = self.b.build_int_compare(IntPredicate::NE, s[d], shapes[0][d], "")?;
                bad = self.b.build_or(bad, ne, "")?;
            }
            if by_dim {
                self.guard(bad, ExcKind::ValueError, &format!("np.concatenate(): input sizes over dimension {d} do not match"))?;
            } else {
                any = self.b.build_or(any, bad, "")?;
            }
        }
        if !by_dim {
            self.guard(any, ExcKind::ValueError, "np.stack(): all input arrays must have the same shape")?;
        }
        let mut out_shape: Vec<IntValue<'ctx>> = shapes[0].clone();
        if stack {
            out_shape.insert(ax, self.i64(arrays.len() as i64));
        } else {
            let mut tot = self.i64(0);
            for s in &shapes {
                tot = self.b.build_int_add(tot, s[ax], "")?;
            }
            out_shape[ax] = tot;
        }
        let out = self.alloc_array(&ra.dtype, &out_shape)?;
        let ostr = self.dims(out, 6, ra.ndim)?;
        let odata = self.field(out, 4)?.into_pointer_value();
        let isz = self.field(out, 3)?.into_int_value();
        let mut pos = self.i64(0);
        for ((v, a), s) in arrays.iter().zip(&shapes) {
            // The destination region as a view with the source's shape.
            let off = self.b.build_int_mul(pos, ostr[ax], "")?;
            let data = unsafe { self.b.build_gep(self.ctx.i8_type(), odata, &[off], "")? };
            let (vshape, vstr): (Vec<_>, Vec<_>) = if stack {
                let mut st = ostr.clone();
                st.remove(ax);
                (s.clone(), st)
            } else {
                (s.clone(), ostr.clone())
            };
            let view = self.view_of(out, data, &vshape, &vstr, isz)?;
            let va = ArrayType::new(ra.dtype.clone(), a.ndim, Layout::A, false);
            let at = Type::Array(Arc::new(a.clone()));
            self.assign_broadcast(view, &va, *v, &at)?;
            pos = if stack { self.b.build_int_add(pos, self.i64(1), "")? } else { self.b.build_int_add(pos, s[ax], "")? };
        }
        self.fresh = true;
        if lead1 {
            // The (n, k) result seen as (1, n, k).
            let mut sh = out_shape.clone();
            sh.insert(0, self.i64(1));
            let mut st = ostr.clone();
            st.insert(0, self.b.build_int_mul(out_shape[0], ostr[0], "")?);
            let mi = self.field(out, 0)?.into_pointer_value();
            let parent = self.field(out, 1)?.into_pointer_value();
            let v = self.make_array(3, mi, parent, isz, odata, &sh, &st)?;
            return self.cast(v, &array_type(&ra.dtype, 3, Layout::C), tt);
        }
        self.cast(out, &array_type(&ra.dtype, ra.ndim, Layout::C), tt)
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// More ufuncs for array expressions (see `ufunc_elem`), with NumPy's (and Numba's
    /// `npyfuncs`) integer rules: division by zero gives 0. None: not handled here.
    pub(crate) fn ufunc_extra(&mut self, name: &str, args: &[(BV<'ctx>, Type)], out: NumericKind) -> R<Option<BV<'ctx>>> {
        let ot = Type::Number(out);
        let get = |cx: &FnCx<'a, 'ctx>, i: usize| -> R<BV<'ctx>> {
            match args.get(i) {
                Some((v, t)) => cx.cast(*v, t, &ot),
                None => cx.fail(format!("ufunc {name} with {} arguments", args.len())),
            }
        };
        let int_like = out.is_integer() || out == NumericKind::Boolean;
        let b = &self.b;
        let v: BV<'ctx> = match name {
            "where" => {
                let (c, ct) = &args[0];
                let cond = self.truth_of(*c, ct)?;
                let (x, y) = (get(self, 1)?, get(self, 2)?);
                self.b.build_select(cond, x, y, "")?
            }
            "conjugate" | "conj" => {
                let x = get(self, 0)?;
                if out.is_complex() {
                    let sv = x.into_struct_value();
                    let im = b.build_extract_value(sv, 1, "")?.into_float_value();
                    let n = b.build_float_neg(im, "")?;
                    b.build_insert_value(sv, n, 1, "")?.as_basic_value_enum()
                } else {
                    x
                }
            }
            "floor_divide" | "remainder" | "mod" | "fmod" if out.is_float() => {
                let (x, y) = (get(self, 0)?.into_float_value(), get(self, 1)?.into_float_value());
                match name {
                    "floor_divide" => {
                        let q = b.build_float_div(x, y, "")?;
                        crate::ops::intrinsic_call(self, "llvm.floor", &[q.into()])?
                    }
                    "fmod" => b.build_float_rem(x, y, "")?.into(),
                    _ => {
                        let z = x.get_type().const_zero();
                        let r = b.build_float_rem(x, y, "")?;
                        let rnz = b.build_float_compare(FloatPredicate::ONE, r, z, "")?;
                        let dneg = b.build_float_compare(FloatPredicate::OLT, y, z, "")?;
                        let rneg = b.build_float_compare(FloatPredicate::OLT, r, z, "")?;
                        let fix = b.build_and(rnz, b.build_xor(dneg, rneg, "")?, "")?;
                        let f = b.build_select(fix, y, z, "")?.into_float_value();
                        b.build_float_add(r, f, "")?.into()
                    }
                }
            }
            "floor_divide" | "remainder" | "mod" | "fmod" if out.is_integer() => {
                let (x, y) = (get(self, 0)?.into_int_value(), get(self, 1)?.into_int_value());
                let it = x.get_type();
                let zero = it.const_zero();
                let one = it.const_int(1, false);
                let den0 = b.build_int_compare(IntPredicate::EQ, y, zero, "")?;
                if !out.is_signed_int() {
                    let safe = b.build_select(den0, one, y, "")?.into_int_value();
                    let r = if name == "floor_divide" { b.build_int_unsigned_div(x, safe, "")? } else { b.build_int_unsigned_rem(x, safe, "")? };
                    b.build_select(den0, zero, r, "")?
                } else {
                    let m1 = it.const_all_ones();
                    let min = it.const_int(1u64 << (it.get_bit_width() - 1), false);
                    let ovf = b.build_and(b.build_int_compare(IntPredicate::EQ, y, m1, "")?, b.build_int_compare(IntPredicate::EQ, x, min, "")?, "")?;
                    let force = b.build_or(den0, ovf, "")?;
                    let safe = b.build_select(force, one, y, "")?.into_int_value();
                    let div = b.build_int_signed_div(x, safe, "")?;
                    let rem = b.build_int_signed_rem(x, safe, "")?;
                    let xg = b.build_int_compare(IntPredicate::SGT, x, zero, "")?;
                    let yg = b.build_int_compare(IntPredicate::SGT, y, zero, "")?;
                    let differ = b.build_xor(xg, yg, "")?;
                    let rnz = b.build_int_compare(IntPredicate::NE, rem, zero, "")?;
                    let fix = b.build_and(differ, rnz, "")?;
                    match name {
                        "floor_divide" => {
                            let adj = b.build_select(fix, m1, zero, "")?.into_int_value();
                            let q = b.build_int_add(div, adj, "")?;
                            b.build_select(force, zero, q, "")?
                        }
                        // Numba's `np_int_fmod_impl` is its unsigned remainder.
                        "fmod" => {
                            let safe = b.build_select(den0, one, y, "")?.into_int_value();
                            let urem = b.build_int_unsigned_rem(x, safe, "")?;
                            b.build_select(den0, zero, urem, "")?
                        }
                        _ => {
                            let adj = b.build_select(fix, y, zero, "")?.into_int_value();
                            let r = b.build_int_add(rem, adj, "")?;
                            b.build_select(den0, zero, r, "")?
                        }
                    }
                }
            }
            "bitwise_and" | "bitwise_or" | "bitwise_xor" if int_like => {
                let (x, y) = (get(self, 0)?.into_int_value(), get(self, 1)?.into_int_value());
                match name {
                    "bitwise_and" => b.build_and(x, y, "")?.into(),
                    "bitwise_or" => b.build_or(x, y, "")?.into(),
                    _ => b.build_xor(x, y, "")?.into(),
                }
            }
            "invert" | "bitwise_not" if int_like => b.build_not(get(self, 0)?.into_int_value(), "")?.into(),
            "logical_and" | "logical_or" | "logical_xor" | "logical_not" => {
                let x = self.truth_of(args[0].0, &args[0].1)?;
                let r = if name == "logical_not" {
                    self.b.build_not(x, "")?
                } else {
                    let y = self.truth_of(args[1].0, &args[1].1)?;
                    match name {
                        "logical_and" => self.b.build_and(x, y, "")?,
                        "logical_or" => self.b.build_or(x, y, "")?,
                        _ => self.b.build_xor(x, y, "")?,
                    }
                };
                self.cast(r.into(), &Type::boolean(), &ot)?
            }
            "sign" if out.is_float() => {
                // Numba's `real_sign_impl`: 1, -1, or the value itself (±0 and NaN).
                let x = get(self, 0)?.into_float_value();
                let ft = x.get_type();
                let z = ft.const_zero();
                let gt = b.build_float_compare(FloatPredicate::OGT, x, z, "")?;
                let lt = b.build_float_compare(FloatPredicate::OLT, x, z, "")?;
                let r = b.build_select(lt, ft.const_float(-1.0), x, "")?;
                b.build_select(gt, ft.const_float(1.0).into(), r, "")?
            }
            "sign" if out.is_integer() => {
                // Numba's `int_sign_impl` compares as signed whatever the type: an unsigned
                // value with its top bit set gives -1 (the maximum).
                let x = get(self, 0)?.into_int_value();
                let it = x.get_type();
                let z = it.const_zero();
                let is0 = b.build_int_compare(IntPredicate::EQ, x, z, "")?;
                let p = b.build_int_compare(IntPredicate::SGT, x, z, "")?;
                let r = b.build_select(p, it.const_int(1, false), it.const_all_ones(), "")?.into_int_value();
                b.build_select(is0, z, r, "")?
            }
            "left_shift" | "right_shift" | "gcd" if out.is_integer() => {
                let key = match name {
                    "left_shift" => "operator.lshift",
                    "right_shift" => "operator.rshift",
                    _ => "math.gcd",
                };
                let (x, y) = (get(self, 0)?, get(self, 1)?);
                if key != "math.gcd" && out.bitwidth() < 32 {
                    // NumPy's loops shift 8- and 16-bit items as C does, promoted to int: a
                    // count at least the item's width shifts every bit out.
                    let wide = Type::Number(if out.is_signed_int() { NumericKind::Int32 } else { NumericKind::UInt32 });
                    let (xw, yw) = (self.cast(x, &ot, &wide)?, self.cast(y, &ot, &wide)?);
                    let r = self.scalar_op(key, &[xw, yw], &wide)?;
                    self.cast(r, &wide, &ot)?
                } else {
                    self.scalar_op(key, &[x, y], &ot)?
                }
            }
            "lcm" if out.is_integer() => {
                // Numba's `0 if a == 0 else abs(a * (b // np.gcd(b, a)))`: the gcd at the loop
                // type, the rest at the promoted machine width, truncated back.
                let (x, y) = (get(self, 0)?, get(self, 1)?);
                let g = self.scalar_op("math.gcd", &[y, x], &ot)?;
                let wide = Type::Number(if out.is_signed_int() { NumericKind::Int64 } else { NumericKind::UInt64 });
                let (xw, yw, gw) = (self.cast(x, &ot, &wide)?, self.cast(y, &ot, &wide)?, self.cast(g, &ot, &wide)?);
                let q = self.scalar_op("operator.floordiv", &[yw, gw], &wide)?;
                let p = self.scalar_op("operator.mul", &[xw, q], &wide)?;
                let a = self.scalar_op("builtins.abs", &[p], &wide)?;
                let zero = x.into_int_value().get_type().const_zero();
                let x0 = self.b.build_int_compare(IntPredicate::EQ, x.into_int_value(), zero, "")?;
                let r = self.cast(a, &wide, &ot)?;
                self.b.build_select(x0, zero.into(), r, "")?
            }
            "reciprocal" if out.is_integer() => {
                let f = Type::float64();
                let x = self.cast(args[0].0, &args[0].1, &f)?.into_float_value();
                let r = self.b.build_float_div(self.ctx.f64_type().const_float(1.0), x, "")?;
                self.cast(r.into(), &f, &ot)?
            }
            "ldexp" if out.is_float() => {
                let x = get(self, 0)?;
                let (e, et) = &args[1];
                self.scalar_op_sig("math.ldexp", &[x, *e], &[ot.clone(), et.clone()], &ot)?
            }
            "copysign" if out.is_float() => {
                let (x, y) = (get(self, 0)?, get(self, 1)?);
                crate::ops::intrinsic_call(self, "llvm.copysign", &[x, y])?
            }
            "nextafter" if out.is_float() => {
                let (x, y) = (get(self, 0)?, get(self, 1)?);
                let sym = if out == NumericKind::Float32 { "nextafterf" } else { "nextafter" };
                crate::ops::libm(self, sym, &[x, y])?
            }
            "spacing" if out.is_float() => {
                // Numba's `nextafter(x, copysign(inf, x)) - x`.
                let x = get(self, 0)?.into_float_value();
                let inf = x.get_type().const_float(f64::INFINITY);
                let sinf = crate::ops::intrinsic_call(self, "llvm.copysign", &[inf.into(), x.into()])?;
                let sym = if out == NumericKind::Float32 { "nextafterf" } else { "nextafter" };
                let n = crate::ops::libm(self, sym, &[x.into(), sinf])?.into_float_value();
                self.b.build_float_sub(n, x, "")?.into()
            }
            // An integer or boolean goes through a float loop: its sign survives the cast.
            "signbit" if numeric(&args[0].1).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) => {
                let (x, xt) = &args[0];
                let neg = match numeric(xt) {
                    Some(k) if k.is_signed_int() => {
                        let x = x.into_int_value();
                        self.b.build_int_compare(IntPredicate::SLT, x, x.get_type().const_zero(), "")?
                    }
                    _ => self.ctx.bool_type().const_zero(),
                };
                self.cast(neg.into(), &Type::boolean(), &ot)?
            }
            "signbit" => {
                let (x, xt) = &args[0];
                let Some(k) = numeric(xt).filter(|k| k.is_float()) else { return Ok(None) };
                let x = x.into_float_value();
                let it = if k == NumericKind::Float32 { self.ctx.i32_type() } else { self.ctx.i64_type() };
                let bits = self.b.build_bit_cast(x, it, "")?.into_int_value();
                let neg = self.b.build_int_compare(IntPredicate::SLT, bits, it.const_zero(), "")?;
                self.cast(neg.into(), &Type::boolean(), &ot)?
            }
            "logaddexp" | "logaddexp2" if out.is_float() => {
                // NumPy's npy_logaddexp(2), as Numba writes it.
                let (x, y) = (get(self, 0)?.into_float_value(), get(self, 1)?.into_float_value());
                let ft = x.get_type();
                let f32 = out == NumericKind::Float32;
                let two = name == "logaddexp2";
                let shift = ft.const_float(if two { 1.0 } else { std::f64::consts::LN_2 });
                let tmp = self.b.build_float_sub(x, y, "")?;
                let term = |cx: &mut Self, t: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
                    let e = if two { crate::ops::intrinsic_call(cx, "llvm.exp2", &[t.into()])? } else { crate::ops::intrinsic_call(cx, "llvm.exp", &[t.into()])? };
                    let l = crate::ops::libm(cx, if f32 { "log1pf" } else { "log1p" }, &[e])?.into_float_value();
                    Ok(if two { cx.b.build_float_mul(ft.const_float(std::f64::consts::LOG2_E), l, "")? } else { l })
                };
                let ntmp = self.b.build_float_neg(tmp, "")?;
                let pos = term(self, ntmp)?;
                let pos = self.b.build_float_add(x, pos, "")?;
                let neg = term(self, tmp)?;
                let neg = self.b.build_float_add(y, neg, "")?;
                let zero = ft.const_zero();
                let b = &self.b;
                let gt = b.build_float_compare(FloatPredicate::OGT, tmp, zero, "")?;
                let le = b.build_float_compare(FloatPredicate::OLE, tmp, zero, "")?;
                let r = b.build_select(le, neg, tmp, "")?.into_float_value();
                let r = b.build_select(gt, pos, r, "")?.into_float_value();
                let same = b.build_float_compare(FloatPredicate::OEQ, x, y, "")?;
                b.build_select(same, b.build_float_add(x, shift, "")?, r, "")?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// A scalar operator or `math` function from the operator table, all operands of type `t`.
    pub(crate) fn scalar_op(&mut self, key: &str, vals: &[BV<'ctx>], t: &Type) -> R<BV<'ctx>> {
        let types = vec![t.clone(); vals.len()];
        self.scalar_op_sig(key, vals, &types, t)
    }

    pub(crate) fn scalar_op_sig(&mut self, key: &str, vals: &[BV<'ctx>], types: &[Type], ret: &Type) -> R<BV<'ctx>> {
        let sig = numrs_types::Signature { args: types.to_vec(), return_type: ret.clone() };
        let Some(f) = crate::ops::lookup(key, &sig) else { return self.fail(format!("{key} of {ret} in a ufunc kernel")) };
        let vals: Vec<Option<BV<'ctx>>> = vals.iter().map(|v| Some(*v)).collect();
        f(self, &sig, &vals)
    }
}

/// Two shapes broadcast together (see [`FnCx::broadcast_pair`]).
pub(crate) struct BroadcastPair<'ctx> {
    /// The result's shape.
    pub shape: Vec<IntValue<'ctx>>,
    /// Each operand's extents, padded on the left with 1 to the result's rank.
    pub padded: [Vec<IntValue<'ctx>>; 2],
    /// True when the shapes do not broadcast.
    pub bad: IntValue<'ctx>,
}

impl<'ctx> BroadcastPair<'ctx> {
    /// The number of items of the result.
    pub fn count(&self, cx: &FnCx<'_, 'ctx>) -> R<IntValue<'ctx>> {
        let mut n = cx.i64(1);
        for d in &self.shape {
            n = cx.b.build_int_mul(n, *d, "")?;
        }
        Ok(n)
    }

    /// The multi-index of item `i` (C order) of the result.
    pub fn unravel(&self, cx: &FnCx<'_, 'ctx>, i: IntValue<'ctx>) -> R<Vec<IntValue<'ctx>>> {
        let mut idx = vec![cx.i64(0); self.shape.len()];
        let mut rem = i;
        for d in (0..self.shape.len()).rev() {
            idx[d] = cx.b.build_int_unsigned_rem(rem, self.shape[d], "")?;
            rem = cx.b.build_int_unsigned_div(rem, self.shape[d], "")?;
        }
        Ok(idx)
    }

    /// The byte offset in operand `k` (its strides `strides`, one per axis of its own) of the
    /// result's multi-index `idx`: stretched axes stay at 0.
    pub fn offset(&self, cx: &FnCx<'_, 'ctx>, k: usize, strides: &[IntValue<'ctx>], idx: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        let (r, n) = (self.shape.len(), strides.len());
        let mut off = cx.i64(0);
        for (j, st) in strides.iter().enumerate() {
            let d = j + r - n;
            let single = cx.b.build_int_compare(IntPredicate::EQ, self.padded[k][d], cx.i64(1), "")?;
            let at = cx.b.build_select(single, cx.i64(0), idx[d], "")?.into_int_value();
            off = cx.b.build_int_add(off, cx.b.build_int_mul(at, *st, "")?, "")?;
        }
        Ok(off)
    }
}

/// The comparison of two numbers `np.allclose` applies (see `FnCx::close_item`).
type CloseItem<'f, 'a, 'ctx> = dyn Fn(&FnCx<'a, 'ctx>, BV<'ctx>, &Type, BV<'ctx>, &Type) -> R<IntValue<'ctx>> + 'f;

/// An array-like read item by item (see `FnCx::flat_source`).
pub(crate) struct FlatSource<'ctx> {
    pub shape: Vec<IntValue<'ctx>>,
    pub item: Type,
    kind: FlatKind<'ctx>,
}

enum FlatKind<'ctx> {
    Arr(BV<'ctx>, ArrayType),
    One(BV<'ctx>),
    Buf(PointerValue<'ctx>),
    List(PointerValue<'ctx>),
}

/// The shape of a non-empty tuple of integers (`(1, 5)`: `[2]`) or rectangular tuple of such
/// tuples (`((1, 5), (2, 3))`: `[2, 2]`).
fn nested_int_tuple_shape(t: &Type) -> Option<Vec<u64>> {
    fn shape(t: &Type) -> Option<Vec<u64>> {
        let Some(items) = t.tuple_items() else {
            return numeric(t).is_some_and(|k| k.is_integer()).then(Vec::new);
        };
        let first = shape(items.first()?)?;
        for it in &items[1..] {
            if shape(it)? != first {
                return None;
            }
        }
        Some(std::iter::once(items.len() as u64).chain(first).collect())
    }
    shape(t).filter(|s| !s.is_empty() && s.iter().all(|d| *d > 0))
}
