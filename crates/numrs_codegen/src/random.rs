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

    /// A new 1-d array of `n` items of `dtype`, each `item()`.
    fn random_array(&mut self, n: IntValue<'ctx>, dtype: &Type, item: &dyn Fn(&Self) -> R<BasicValueEnum<'ctx>>) -> R<BasicValueEnum<'ctx>> {
        let out = self.alloc_array(dtype, &[n])?;
        let dt = dtype.clone();
        self.counted_loop(n, |cx, i| {
            let x = item(cx)?;
            let p = cx.out_ptr(out, &dt, i)?;
            cx.store_element(p, x, &dt, &dt)
        })?;
        self.fresh = true;
        Ok(out)
    }

    /// `np.random.<name>(...)` (`name` without the prefix); None: not handled here.
    pub(crate) fn np_random(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if !kws.is_empty() {
            return match name {
                "seed" | "random" | "random_sample" | "sample" | "ranf" | "randint" | "normal" | "standard_normal" => {
                    self.fail(format!("keyword arguments of np.random.{name} are not supported by numrs build yet"))
                }
                _ => Ok(None),
            };
        }
        let size_of = |cx: &Self, v: VarId| -> R<Option<IntValue<'ctx>>> {
            match cx.ty(v)? {
                Type::NoneType | Type::Omitted(_) => Ok(None),
                t if numeric(&t).is_some_and(|k| k.is_integer()) => Ok(Some(cx.int_arg(v)?)),
                t => cx.fail(format!("a size of type {t} in np.random is not supported by numrs build yet")),
            }
        };
        let v = match (name, args.len()) {
            ("seed", 1) => {
                // Numba passes the seed as a uint32 (the runtime truncates).
                let s = self.int_arg(args[0])?;
                self.random_op(RandomOp::Seed, &[s])?;
                self.ctx.const_struct(&[], false).into()
            }
            ("random" | "random_sample" | "sample" | "ranf", 0) => self.random_f64(RandomOp::Double)?,
            ("random" | "random_sample" | "sample" | "ranf", 1) => match size_of(self, args[0])? {
                None => self.random_f64(RandomOp::Double)?,
                Some(n) => self.random_array(n, &Type::float64(), &|cx| cx.random_f64(RandomOp::Double))?,
            },
            ("randint", 1..=3) => {
                let (low, high) = if args.len() == 1 { (self.i64(0), self.int_arg(args[0])?) } else { (self.int_arg(args[0])?, self.int_arg(args[1])?) };
                let empty = self.b.build_int_compare(inkwell::IntPredicate::SLE, high, low, "")?;
                self.guard(empty, ExcKind::ValueError, "empty range for randrange()")?;
                let dtype = match tt {
                    Type::Array(a) => a.dtype.clone(),
                    t => t.clone(),
                };
                let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let r = cx.random_op(RandomOp::RandInt, &[low, high])?;
                    cx.cast(r.into(), &Type::int64(), &dtype)
                };
                match if args.len() == 3 { size_of(self, args[2])? } else { None } {
                    None => draw(self)?,
                    Some(n) => {
                        let dt = dtype.clone();
                        self.random_array(n, &dt, &draw)?
                    }
                }
            }
            ("normal" | "standard_normal", 0..=3) => {
                let (loc, scale) = match (name, args.len()) {
                    ("normal", 2 | 3) => (Some(self.float_arg(args[0])?), Some(self.float_arg(args[1])?)),
                    ("normal", 1) => (Some(self.float_arg(args[0])?), None),
                    _ => (None, None),
                };
                let size = match (name, args.len()) {
                    ("normal", 3) => size_of(self, args[2])?,
                    ("standard_normal", 1) => size_of(self, args[0])?,
                    _ => None,
                };
                let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                    let g = cx.random_f64(RandomOp::Gauss)?.into_float_value();
                    let f64t = cx.ctx.f64_type();
                    let scaled = cx.b.build_float_mul(scale.unwrap_or(f64t.const_float(1.0)), g, "")?;
                    Ok(cx.b.build_float_add(loc.unwrap_or(f64t.const_float(0.0)), scaled, "")?.into())
                };
                match size {
                    None => draw(self)?,
                    Some(n) => self.random_array(n, &Type::float64(), &draw)?,
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}
