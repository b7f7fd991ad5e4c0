//! Methods of a `numpy.random.Generator` argument drawn in compiled code: each distribution by
//! NumPy's own C function for it ([`GenDraw`]; the runtime finds them in
//! `numpy.random._generator`) on the Generator's bit generator, which is what Numba's ports of
//! those functions compute, parameters unchecked as in Numba; `integers` by NumPy's bounded
//! fills after Numba's `_randint_arg_check`. `shuffle` and `permutation` go through the
//! interpreter (`objmode::generator_call`).

use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, IntValue, PointerValue};
use numrs_abi::{DrawShape, ExcKind, GenDraw, RandomOp, BINOMIAL_T_SIZE, GEN_UNAVAILABLE, INTEGERS_ERRORS};
use numrs_ir::VarId;
use numrs_types::{NumericKind, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

const UNAVAILABLE: &str = "numpy.random.Generator: NumPy's distribution functions (numpy.random._generator) were not found";

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `rng.<method>(args, kws)` of the Generator at address `obj`, of type `tt`. `None`: a
    /// call drawn otherwise (`shuffle`, `permutation`, a `method=` not known when compiling).
    pub(crate) fn generator_native(&mut self, method: &str, obj: IntValue<'ctx>, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if method == "integers" {
            return self.generator_integers(obj, args, kws, tt).map(Some);
        }
        let Some((params, has_dtype)) = numrs_typing::generator_params(method) else { return Ok(None) };
        let mut names: Vec<&str> = params.iter().map(|(p, _)| *p).collect();
        names.push("size");
        if has_dtype {
            names.push("dtype");
        }
        let exponential = method == "standard_exponential";
        if exponential {
            names.push("method");
        }
        let bound = self.bind_random_args(method, &names, args, kws)?;
        let mut given = Vec::with_capacity(bound.len());
        for b in &bound {
            given.push(match b {
                Some(v) if !matches!(self.ty(*v)?, Type::Omitted(_) | Type::NoneType) => Some(*v),
                _ => None,
            });
        }
        let item = match tt {
            Type::Array(a) => a.dtype.clone(),
            t => t.clone(),
        };
        let f32 = item == Type::float32();
        // `standard_exponential(method=...)`: "zig" or "inv", else Numba's ValueError; `Some`:
        // whether it is "inv", known only when the program runs.
        let mut inv_at_run_time = None;
        let inv = match given.last().copied().flatten().filter(|_| exponential) {
            None => false,
            Some(v) => match self.ty(v)? {
                Type::StringLiteral(s) if &*s == "zig" => false,
                Type::StringLiteral(s) if &*s == "inv" => true,
                t => {
                    let text: BasicValueEnum<'ctx> = match &t {
                        Type::StringLiteral(s) => self.str_const(s).into(),
                        _ => self.load(v)?,
                    };
                    let is = |cx: &Self, name: &str| -> R<IntValue<'ctx>> {
                        let e = cx.str_op(numrs_abi::StrOp::Equal, &[text, cx.str_const(name).into()])?.into_int_value();
                        Ok(cx.b.build_int_compare(inkwell::IntPredicate::NE, e, e.get_type().const_zero(), "")?)
                    };
                    let (zig, inv) = (is(self, "zig")?, is(self, "inv")?);
                    let neither = self.b.build_not(self.b.build_or(zig, inv, "")?, "")?;
                    self.guard(neither, ExcKind::ValueError, "Method must be either 'zig' or 'inv'")?;
                    inv_at_run_time = Some(inv);
                    false
                }
            },
        };
        let Some(d) = GenDraw::of_method(method, f32, inv) else { return Ok(None) };
        let f64t = self.ctx.f64_type();
        let mut ps = Vec::new();
        for (i, (name, default)) in params.iter().enumerate() {
            ps.push(match (given[i], default) {
                (Some(v), _) => self.float_arg(v)?,
                (None, Some(x)) => f64t.const_float(*x),
                (None, None) => return self.fail(format!("Generator.{method}() missing required argument '{name}'")),
            });
        }
        // NumPy's parameters: the width of a uniform's interval; a binomial's `p`, then `n`.
        let params_len = params.len();
        let params: Vec<BasicValueEnum<'ctx>> = match d {
            GenDraw::Uniform => vec![ps[0].into(), self.b.build_float_sub(ps[1], ps[0], "")?.into()],
            GenDraw::Binomial => vec![ps[1].into(), self.b.build_float_to_signed_int(ps[0], self.ctx.i64_type(), "")?.into()],
            _ => ps.iter().map(|p| (*p).into()).collect(),
        };
        let bitgen = self.generator_bitgen(obj)?;
        let by_inversion = GenDraw::of_method(method, f32, true);
        let draw = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
            let (Some(inv), Some(by_inversion)) = (inv_at_run_time, by_inversion) else {
                return cx.generator_draw(d, bitgen, &params, &item);
            };
            let (zig_b, inv_b, done) = (cx.new_block("zig"), cx.new_block("inv"), cx.new_block("drawn"));
            cx.b.build_conditional_branch(inv, inv_b, zig_b)?;
            cx.b.position_at_end(zig_b);
            let a = cx.generator_draw(d, bitgen, &params, &item)?;
            let a_end = cx.b.get_insert_block().ok_or_else(|| cx.cg_err("internal error: no insertion block".to_string()))?;
            cx.b.build_unconditional_branch(done)?;
            cx.b.position_at_end(inv_b);
            let b = cx.generator_draw(by_inversion, bitgen, &params, &item)?;
            let b_end = cx.b.get_insert_block().ok_or_else(|| cx.cg_err("internal error: no insertion block".to_string()))?;
            cx.b.build_unconditional_branch(done)?;
            cx.b.position_at_end(done);
            let phi = cx.b.build_phi(a.get_type(), "")?;
            phi.add_incoming(&[(&a, a_end), (&b, b_end)]);
            Ok(phi.as_basic_value())
        };
        let size = given[params_len];
        self.random_draws(size, &item, &draw).map(Some)
    }

    /// The `bitgen_t *` of the Generator at address `obj`: asked of the runtime the first time
    /// this call site draws from that Generator in the function's call (a slot of the frame
    /// keeps it; RuntimeError where the Generator has none).
    fn generator_bitgen(&self, obj: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let (i64t, ptr) = (self.ctx.i64_type(), self.ptr_t());
        let seen = self.frame_alloca(i64t.into(), "rng.obj")?;
        self.zero_slot(seen, i64t.into())?;
        let slot = self.frame_alloca(ptr.into(), "rng.bitgen")?;
        self.zero_slot(slot, ptr.into())?;
        let (lookup, done) = (self.new_block("bitgen.lookup"), self.new_block("bitgen"));
        let last = self.b.build_load(i64t, seen, "")?.into_int_value();
        let same = self.b.build_int_compare(inkwell::IntPredicate::EQ, last, obj, "")?;
        self.b.build_conditional_branch(same, done, lookup)?;
        self.b.position_at_end(lookup);
        let bits = self.random_call(RandomOp::GeneratorBitgen as u64, &[obj], 1)?[0];
        let none = self.b.build_int_compare(inkwell::IntPredicate::EQ, bits, self.i64(0), "")?;
        self.guard(none, ExcKind::RuntimeError, "numpy.random.Generator: its bit generator has no bitgen_t capsule numrs can draw from")?;
        self.b.build_store(seen, obj)?;
        self.b.build_store(slot, self.b.build_int_to_ptr(bits, ptr, "")?)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(ptr, slot, "bitgen")?.into_pointer_value())
    }

    /// The address of NumPy's C function for `d`: a global of the module caches it (the same
    /// address for every thread), asked of the runtime while it is null.
    fn generator_fn(&self, d: GenDraw) -> R<PointerValue<'ctx>> {
        let ptr = self.ptr_t();
        let name = format!("numrs.npyrandom.{}", d.symbol());
        let g = self.module.get_global(&name).unwrap_or_else(|| {
            let g = self.module.add_global(ptr, None, &name);
            g.set_initializer(&ptr.const_null());
            g.set_linkage(inkwell::module::Linkage::Internal);
            g
        });
        let load = self.b.build_load(ptr, g.as_pointer_value(), "npyrandom")?;
        if let Some(i) = load.as_instruction_value() {
            i.set_alignment(8).map_err(|e| self.cg_err(e.to_string()))?;
            i.set_atomic_ordering(inkwell::AtomicOrdering::Monotonic).map_err(|e| self.cg_err(e.to_string()))?;
        }
        let cached = load.into_pointer_value();
        let entry = self.b.get_insert_block().ok_or_else(|| self.cg_err("internal error: no insertion block".to_string()))?;
        let (resolve, done) = (self.new_block("npyrandom.resolve"), self.new_block("npyrandom"));
        self.b.build_conditional_branch(self.b.build_is_null(cached, "")?, resolve, done)?;
        self.b.position_at_end(resolve);
        let bits = self.random_call(RandomOp::GeneratorFn as u64, &[self.i64(d as i64)], 1)?[0];
        let none = self.b.build_int_compare(inkwell::IntPredicate::EQ, bits, self.i64(0), "")?;
        self.guard(none, ExcKind::RuntimeError, UNAVAILABLE)?;
        let resolved = self.b.build_int_to_ptr(bits, ptr, "")?;
        let store = self.b.build_store(g.as_pointer_value(), resolved)?;
        store.set_alignment(8).map_err(|e| self.cg_err(e.to_string()))?;
        store.set_atomic_ordering(inkwell::AtomicOrdering::Monotonic).map_err(|e| self.cg_err(e.to_string()))?;
        let resolved_end = self.b.get_insert_block().ok_or_else(|| self.cg_err("internal error: no insertion block".to_string()))?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let phi = self.b.build_phi(ptr, "")?;
        phi.add_incoming(&[(&cached, entry), (&resolved, resolved_end)]);
        Ok(phi.as_basic_value().into_pointer_value())
    }

    /// One draw of `d` from `bitgen` with NumPy's parameters `params` (`f64`s; a binomial's `n`
    /// an `i64`), as `item`.
    fn generator_draw(&self, d: GenDraw, bitgen: PointerValue<'ctx>, params: &[BasicValueEnum<'ctx>], item: &Type) -> R<BasicValueEnum<'ctx>> {
        let f = self.generator_fn(d)?;
        let (ptr, i64t, f64t, f32t) = (self.ptr_t(), self.ctx.i64_type(), self.ctx.f64_type(), self.ctx.f32_type());
        let call = |ft: inkwell::types::FunctionType<'ctx>, args: &[BasicMetadataValueEnum<'ctx>]| -> R<Option<BasicValueEnum<'ctx>>> {
            let mut all: Vec<BasicMetadataValueEnum<'ctx>> = vec![bitgen.into()];
            all.extend_from_slice(args);
            Ok(match self.b.build_indirect_call(ft, f, &all, "draw")?.try_as_basic_value() {
                inkwell::values::ValueKind::Basic(v) => Some(v),
                _ => None,
            })
        };
        let floats = |n: u8| -> Vec<BasicMetadataTypeEnum<'ctx>> { std::iter::once(ptr.into()).chain((0..n).map(|_| f64t.into())).collect() };
        let as_args = |ps: &[BasicValueEnum<'ctx>]| -> Vec<BasicMetadataValueEnum<'ctx>> { ps.iter().map(|p| (*p).into()).collect() };
        let (v, from) = match d.shape() {
            DrawShape::Double(n) => (call(f64t.fn_type(&floats(n), false), &as_args(params))?, Type::float64()),
            DrawShape::Int(n) => (call(i64t.fn_type(&floats(n), false), &as_args(params))?, Type::int64()),
            DrawShape::Float(n) => {
                let types: Vec<BasicMetadataTypeEnum<'ctx>> = std::iter::once(ptr.into()).chain((0..n).map(|_| f32t.into())).collect();
                let mut args = Vec::new();
                for p in params {
                    args.push(self.b.build_float_trunc(p.into_float_value(), f32t, "")?.into());
                }
                (call(f32t.fn_type(&types, false), &args)?, Type::float32())
            }
            DrawShape::Binomial => {
                // NumPy's cache of the constants of the last `(n, p)` (in words, for the
                // alignment of its doubles), kept by the call site for the function's call:
                // zeroed when it starts.
                let cache_t = i64t.array_type(BINOMIAL_T_SIZE / 8);
                let cache = self.temp(cache_t.into())?;
                self.zero_slot(cache, cache_t.into())?;
                let ft = i64t.fn_type(&[ptr.into(), f64t.into(), i64t.into(), ptr.into()], false);
                (call(ft, &[params[0].into(), params[1].into(), cache.into()])?, Type::int64())
            }
            DrawShape::FillDouble | DrawShape::FillFloat => {
                let (t, from): (BasicTypeEnum<'ctx>, Type) =
                    if d.shape() == DrawShape::FillDouble { (f64t.into(), Type::float64()) } else { (f32t.into(), Type::float32()) };
                let out = self.temp(t)?;
                call(self.ctx.void_type().fn_type(&[ptr.into(), i64t.into(), ptr.into()], false), &[self.i64(1).into(), out.into()])?;
                (Some(self.b.build_load(t, out, "")?), from)
            }
        };
        let v = v.ok_or_else(|| self.cg_err("internal error: a draw without a value".to_string()))?;
        self.cast(v, &from, item)
    }

    /// `rng.integers(low, high, size=None, dtype=np.int64, endpoint=False)`.
    fn generator_integers(&mut self, obj: IntValue<'ctx>, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let bound = self.bind_random_args("integers", &["low", "high", "size", "dtype", "endpoint"], args, kws)?;
        let item = match tt {
            Type::Array(a) => a.dtype.clone(),
            t => t.clone(),
        };
        let Some(k) = numeric(&item) else { return self.fail(format!("Generator.integers() of {item}")) };
        let (bits, signed) = if k == NumericKind::Boolean { (0, false) } else { (k.bitwidth() as i64, k.is_signed_int()) };
        // A bound as an i64 word, and whether it is a uint64.
        let word = |cx: &Self, v: Option<VarId>, name: &str| -> R<(IntValue<'ctx>, bool)> {
            let Some(v) = v else { return cx.fail(format!("Generator.integers() without {name}")) };
            let t = cx.ty(v)?;
            let unsigned = numeric(&t) == Some(NumericKind::UInt64);
            Ok((cx.int_arg(v)?, unsigned))
        };
        let (low, low_u) = word(self, bound[0], "low")?;
        let (high, high_u) = word(self, bound[1], "high")?;
        let endpoint = self.bool_arg(bound[4])?;
        let endpoint = self.b.build_int_z_extend(endpoint, self.ctx.i64_type(), "")?;
        let bitgen = self.generator_bitgen(obj)?;
        let bitgen = self.b.build_ptr_to_int(bitgen, self.ctx.i64_type(), "")?;
        let fill = |cx: &Self, count: IntValue<'ctx>, to: IntValue<'ctx>| -> R<()> {
            let words = [bitgen, cx.i64(bits), cx.i64(signed as i64), low, cx.i64(low_u as i64), high, cx.i64(high_u as i64), endpoint, count, to];
            let status = cx.random_call(RandomOp::GeneratorIntegers as u64, &words, 1)?[0];
            for (i, msg) in INTEGERS_ERRORS.iter().enumerate() {
                let is = cx.b.build_int_compare(inkwell::IntPredicate::EQ, status, cx.i64(i as i64 + 1), "")?;
                cx.guard(is, ExcKind::ValueError, msg)?;
            }
            let missing = cx.b.build_int_compare(inkwell::IntPredicate::EQ, status, cx.i64(GEN_UNAVAILABLE as i64), "")?;
            cx.guard(missing, ExcKind::RuntimeError, UNAVAILABLE)
        };
        let size = match bound[2] {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_) | Type::NoneType) => Some(v),
            _ => None,
        };
        let Some(size) = size else {
            let slot = self.temp(self.ctx.i64_type().into())?;
            let addr = self.b.build_ptr_to_int(slot, self.ctx.i64_type(), "")?;
            fill(self, self.i64(1), addr)?;
            return self.load_element(slot, &item);
        };
        let shape = self.shape_arg(size)?;
        let out = self.alloc_array(&item, &shape)?;
        let at = crate::npfuncs::array_type(&item, shape.len() as u32, numrs_types::Layout::C);
        let held = self.hold_temp(out, &at)?;
        let n = self.field(out, 2)?.into_int_value();
        let data = self.field(out, 4)?.into_pointer_value();
        let addr = self.b.build_ptr_to_int(data, self.ctx.i64_type(), "")?;
        fill(self, n, addr)?;
        self.let_go(held, &at)?;
        self.fresh = true;
        Ok(out)
    }
}
