//! `np.random` in compiled code: the runtime's per-thread generator (`RuntimeApi::random`,
//! Numba's algorithms), here the calls that draw from it and the arrays they fill.

use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::AddressSpace;
use numrs_abi::{ExcKind, RandomOp};
use numrs_ir::VarId;
use numrs_types::Type;

use crate::func::{FnCx, R};
use crate::types::numeric;

/// `RuntimeApi::random`.
const API_RANDOM: u32 = 20;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `op` of the generator on `args`; the raw 64-bit result.
    fn random_op(&self, op: RandomOp, args: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        let i64t = self.ctx.i64_type();
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let arr_t = i64t.array_type(args.len().max(1) as u32);
        let buf = self.temp(arr_t.into())?;
        for (i, a) in args.iter().enumerate() {
            let p = unsafe { self.b.build_in_bounds_gep(arr_t, buf, &[self.i64(0), self.i64(i as i64)], "")? };
            self.b.build_store(p, *a)?;
        }
        let out: PointerValue<'ctx> = self.temp(i64t.into())?;
        let f = self.api_fn(API_RANDOM, true)?;
        let i32t = self.ctx.i32_type();
        let ft = self.ctx.void_type().fn_type(&[i32t.into(), ptr.into(), ptr.into()], false);
        self.b.build_indirect_call(ft, f, &[i32t.const_int(op as u64, false).into(), buf.into(), out.into()], "")?;
        Ok(self.b.build_load(i64t, out, "")?.into_int_value())
    }

    fn random_f64(&self, op: RandomOp) -> R<BasicValueEnum<'ctx>> {
        let bits = self.random_op(op, &[])?;
        Ok(self.b.build_bit_cast(bits, self.ctx.f64_type(), "")?)
    }

    fn float_arg(&self, v: VarId) -> R<inkwell::values::FloatValue<'ctx>> {
        let t = self.ty(v)?;
        let x = self.load(v)?;
        Ok(self.cast(x, &t, &Type::float64())?.into_float_value())
    }

    /// A new array of `shape` (C order) of `dtype`, each item `item()`.
    fn random_array(&mut self, shape: &[IntValue<'ctx>], dtype: &Type, item: &dyn Fn(&Self) -> R<BasicValueEnum<'ctx>>) -> R<BasicValueEnum<'ctx>> {
        let out = self.alloc_array(dtype, shape)?;
        let n = self.field(out, 2)?.into_int_value();
        let dt = dtype.clone();
        self.counted_loop(n, |cx, i| {
            let x = item(cx)?;
            let p = cx.out_ptr(out, &dt, i)?;
            cx.store_element(p, x, &dt, &dt)
        })?;
        self.fresh = true;
        Ok(out)
    }

    /// `item()` once, or an array of them when a size is given (an integer or a tuple of
    /// integers; None: one value).
    fn random_draws(&mut self, size: Option<VarId>, dtype: &Type, item: &dyn Fn(&Self) -> R<BasicValueEnum<'ctx>>) -> R<BasicValueEnum<'ctx>> {
        let Some(v) = size else { return item(self) };
        let t = self.ty(v)?;
        match &t {
            Type::NoneType | Type::Omitted(_) => item(self),
            t if numeric(t).is_some_and(|k| k.is_integer()) => {
                let n = self.int_arg(v)?;
                self.random_array(&[n], dtype, item)
            }
            t if t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(|i| i.unliteral().is_integer())) => {
                let shape = self.shape_arg(v)?;
                self.random_array(&shape, dtype, item)
            }
            t => self.fail(format!("a size of type {t} in np.random is not supported by numrs build yet")),
        }
    }

    /// `np.random.<name>(...)` (`name` without the prefix); None: not handled here. Keyword
    /// arguments are bound to NumPy's parameter names.
    pub(crate) fn np_random(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let params: &[&str] = match name {
            "seed" => &["seed"],
            "random" | "random_sample" | "sample" | "ranf" | "standard_normal" | "standard_exponential" => &["size"],
            "randint" | "uniform" => &["low", "high", "size"],
            "normal" => &["loc", "scale", "size"],
            "exponential" => &["scale", "size"],
            _ => return Ok(None),
        };
        if args.len() > params.len() {
            return Ok(None);
        }
        let mut bound: Vec<Option<VarId>> = args.iter().map(|a| Some(*a)).collect();
        bound.resize(params.len(), None);
        for (k, v) in kws {
            let Some(i) = params.iter().position(|p| p == k) else {
                return self.fail(format!("np.random.{name}() got an unexpected keyword argument '{k}'"));
            };
            if bound[i].is_some() {
                return self.fail(format!("np.random.{name}() got multiple values for argument '{k}'"));
            }
            bound[i] = Some(*v);
        }
        // Trailing parameters left out (or given as None) take their defaults.
        let given = |i: usize| -> R<Option<VarId>> {
            Ok(match bound.get(i).copied().flatten() {
                Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => Some(v),
                _ => None,
            })
        };
        let f64_arg = |cx: &Self, i: usize, default: f64| -> R<inkwell::values::FloatValue<'ctx>> {
            Ok(match given(i)? {
                Some(v) => cx.float_arg(v)?,
                None => cx.ctx.f64_type().const_float(default),
            })
        };
        let f64t = self.ctx.f64_type();
        let v = match name {
            "seed" => {
                let Some(sv) = given(0)? else { return Ok(None) };
                // Numba passes the seed as a uint32 (the runtime truncates).
                let s = self.int_arg(sv)?;
                self.random_op(RandomOp::Seed, &[s])?;
                self.ctx.const_struct(&[], false).into()
            }
            "random" | "random_sample" | "sample" | "ranf" => {
                let size = given(0)?;
                self.random_draws(size, &Type::float64(), &|cx| cx.random_f64(RandomOp::Double))?
            }
            "randint" => {
                let Some(first) = given(0)? else { return Ok(None) };
                let (low, high) = match given(1)? {
                    None => (self.i64(0), self.int_arg(first)?),
                    Some(h) => (self.int_arg(first)?, self.int_arg(h)?),
                };
                let empty = self.b.build_int_compare(inkwell::IntPredicate::SLE, high, low, "")?;
                self.guard(empty, ExcKind::ValueError, "empty range for randrange()")?;
                let dtype = match tt {
                    Type::Array(a) => a.dtype.clone(),
                    t => t.clone(),
                };
                let dt = dtype.clone();
                let draw = move |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let r = cx.random_op(RandomOp::RandInt, &[low, high])?;
                    cx.cast(r.into(), &Type::int64(), &dt)
                };
                let size = given(2)?;
                self.random_draws(size, &dtype, &draw)?
            }
            "normal" | "standard_normal" => {
                let (loc, scale, size) = if name == "normal" { (f64_arg(self, 0, 0.0)?, f64_arg(self, 1, 1.0)?, given(2)?) } else { (f64t.const_float(0.0), f64t.const_float(1.0), given(0)?) };
                let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let g = cx.random_f64(RandomOp::Gauss)?.into_float_value();
                    let scaled = cx.b.build_float_mul(scale, g, "")?;
                    Ok(cx.b.build_float_add(loc, scaled, "")?.into())
                };
                self.random_draws(size, &Type::float64(), &draw)?
            }
            "uniform" => {
                // low + (high - low) * random()
                let (low, high) = (f64_arg(self, 0, 0.0)?, f64_arg(self, 1, 1.0)?);
                let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let width = cx.b.build_float_sub(high, low, "")?;
                    let r = cx.random_f64(RandomOp::Double)?.into_float_value();
                    Ok(cx.b.build_float_add(low, cx.b.build_float_mul(width, r, "")?, "")?.into())
                };
                let size = given(2)?;
                self.random_draws(size, &Type::float64(), &draw)?
            }
            "exponential" | "standard_exponential" => {
                // -log(1 - random()) * scale
                let (scale, size) = if name == "exponential" { (f64_arg(self, 0, 1.0)?, given(1)?) } else { (f64t.const_float(1.0), given(0)?) };
                let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let r = cx.random_f64(RandomOp::Double)?.into_float_value();
                    let one_minus = cx.b.build_float_sub(f64t.const_float(1.0), r, "")?;
                    let l = crate::ops::intrinsic_call(cx, "llvm.log", &[one_minus.into()])?.into_float_value();
                    let e = cx.b.build_float_neg(l, "")?;
                    Ok(cx.b.build_float_mul(e, scale, "")?.into())
                };
                self.random_draws(size, &Type::float64(), &draw)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}
