//! `np.random` in compiled code: the runtime's per-thread generator (`RuntimeApi::random`,
//! Numba's algorithms), here the calls that draw from it and the arrays they fill.

use inkwell::types::BasicType;
use inkwell::values::{BasicValueEnum, FloatValue, IntValue, PointerValue};
use inkwell::AddressSpace;
use numrs_abi::{Distribution, ExcKind, RandomOp};
use numrs_ir::VarId;
use numrs_types::Type;

use crate::func::{FnCx, R};
use crate::types::numeric;

/// `RuntimeApi::random`.
const API_RANDOM: u32 = 20;

/// Where the items of a probability vector are read (see `float_items`).
enum FloatItems<'ctx> {
    Stack(PointerValue<'ctx>),
    Array(BasicValueEnum<'ctx>, Type),
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `op` of NumPy's generator on `args`; the raw 64-bit result.
    fn random_op(&self, op: RandomOp, args: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        self.random_op_on(op, false, args)
    }

    /// `op` of NumPy's generator, or of Python's `random` module's (`py`), on `args`.
    fn random_op_on(&self, op: RandomOp, py: bool, args: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
        let code = op as u64 | if py { RandomOp::PY_STATE as u64 } else { 0 };
        Ok(self.random_call(code, args, 1)?[0])
    }

    /// `RuntimeApi::random` with operation word `code` on `args`; the `outs` words it writes.
    pub(crate) fn random_call(&self, code: u64, args: &[IntValue<'ctx>], outs: u32) -> R<Vec<IntValue<'ctx>>> {
        let i64t = self.ctx.i64_type();
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let arr_t = i64t.array_type(args.len().max(1) as u32);
        let buf = self.temp(arr_t.into())?;
        for (i, a) in args.iter().enumerate() {
            let p = unsafe { self.b.build_in_bounds_gep(arr_t, buf, &[self.i64(0), self.i64(i as i64)], "")? };
            self.b.build_store(p, *a)?;
        }
        let out_t = i64t.array_type(outs);
        let out = self.temp(out_t.into())?;
        let f = self.api_fn(API_RANDOM, true)?;
        let i32t = self.ctx.i32_type();
        let ft = self.ctx.void_type().fn_type(&[i32t.into(), ptr.into(), ptr.into()], false);
        self.b.build_indirect_call(ft, f, &[i32t.const_int(code, false).into(), buf.into(), out.into()], "")?;
        (0..outs)
            .map(|i| {
                let p = unsafe { self.b.build_in_bounds_gep(out_t, out, &[self.i64(0), self.i64(i as i64)], "")? };
                Ok(self.b.build_load(i64t, p, "")?.into_int_value())
            })
            .collect()
    }

    fn random_f64(&self, op: RandomOp) -> R<BasicValueEnum<'ctx>> {
        self.random_f64_on(op, false)
    }

    fn random_f64_on(&self, op: RandomOp, py: bool) -> R<BasicValueEnum<'ctx>> {
        let bits = self.random_op_on(op, py, &[])?;
        Ok(self.b.build_bit_cast(bits, self.ctx.f64_type(), "")?)
    }

    pub(crate) fn float_arg(&self, v: VarId) -> R<inkwell::values::FloatValue<'ctx>> {
        let t = self.ty(v)?;
        let x = self.load(v)?;
        Ok(self.cast(x, &t, &Type::float64())?.into_float_value())
    }

    /// A new array of `shape` (C order) of `dtype`, each item `item()` (which may raise: the
    /// array is then released).
    pub(crate) fn random_array(&mut self, shape: &[IntValue<'ctx>], dtype: &Type, item: &dyn Fn(&Self) -> R<BasicValueEnum<'ctx>>) -> R<BasicValueEnum<'ctx>> {
        let out = self.alloc_array(dtype, shape)?;
        let at = crate::npfuncs::array_type(dtype, shape.len() as u32, numrs_types::Layout::C);
        let held = self.hold_temp(out, &at)?;
        let n = self.field(out, 2)?.into_int_value();
        let dt = dtype.clone();
        self.counted_loop(n, |cx, i| {
            let x = item(cx)?;
            let p = cx.out_ptr(out, &dt, i)?;
            cx.store_element(p, x, &dt, &dt)
        })?;
        self.let_go(held, &at)?;
        self.fresh = true;
        Ok(out)
    }

    /// The items of `pvals`/`alpha`: a 1-d array (read in place), or a tuple of numbers (copied
    /// as float64 into a stack array); its length.
    fn float_items(&mut self, v: VarId) -> R<(IntValue<'ctx>, FloatItems<'ctx>)> {
        let f64t = self.ctx.f64_type();
        let t = self.ty(v)?;
        let x = self.load(v)?;
        if let Some(items) = t.tuple_items() {
            let buf = self.temp(f64t.array_type(items.len().max(1) as u32).into())?;
            for (i, it) in items.iter().enumerate() {
                let item = self.b.build_extract_value(x.into_struct_value(), i as u32, "")?;
                let f = self.cast(item, it, &Type::float64())?;
                let p = unsafe { self.b.build_in_bounds_gep(f64t, buf, &[self.i64(i as i64)], "")? };
                self.b.build_store(p, f)?;
            }
            return Ok((self.i64(items.len() as i64), FloatItems::Stack(buf)));
        }
        match &t {
            Type::Array(a) if a.ndim == 1 && numeric(&a.dtype).is_some() => {
                let n = self.dims(x, 5, 1)?[0];
                Ok((n, FloatItems::Array(x, a.dtype.clone())))
            }
            _ => self.fail(format!("np.random probabilities of type {t} are not supported by numrs build yet")),
        }
    }

    /// Item `i` of [`Self::float_items`] as float64.
    fn float_item(&self, items: &FloatItems<'ctx>, i: IntValue<'ctx>) -> R<inkwell::values::FloatValue<'ctx>> {
        let f64t = self.ctx.f64_type();
        match items {
            FloatItems::Stack(buf) => {
                let p = unsafe { self.b.build_in_bounds_gep(f64t, *buf, &[i], "")? };
                Ok(self.b.build_load(f64t, p, "")?.into_float_value())
            }
            FloatItems::Array(arr, dt) => {
                let p = self.element_ptr(*arr, 1, &[(i.into(), Type::int64())])?;
                let v = self.load_element(p, dt)?;
                Ok(self.cast(v, dt, &Type::float64())?.into_float_value())
            }
        }
    }

    /// `np.random.multinomial(n, pvals, size=None)` and `np.random.dirichlet(alpha,
    /// size=None)` (Numba's `multinomial_inner`, `dirichlet_arr`): one vector of the length of
    /// `pvals`/`alpha` per cell of `size`.
    fn np_vector_draws(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let multinomial = name == "multinomial";
        let params: &[&str] = if multinomial { &["n", "pvals", "size"] } else { &["alpha", "size"] };
        let bound = self.bind_random_args(name, params, args, kws)?;
        let vec_arg = bound[if multinomial { 1 } else { 0 }].ok_or_else(|| self.cg_err(format!("np.random.{name}() without its vector")))?;
        let (len, items) = self.float_items(vec_arg)?;
        let mut shape = match bound[params.len() - 1] {
            Some(sv) if !matches!(self.ty(sv)?, Type::NoneType | Type::Omitted(_)) => self.shape_arg(sv)?,
            _ => vec![],
        };
        shape.push(len);
        let f64t = self.ctx.f64_type();
        let dtype = if multinomial { Type::int64() } else { Type::float64() };
        let item = |cx: &Self, i: IntValue<'ctx>| cx.float_item(&items, i);
        if !multinomial {
            // Every alpha must be positive, before any draw.
            self.counted_loop(len, |cx, k| {
                let a = item(cx, k)?;
                let bad = cx.b.build_float_compare(inkwell::FloatPredicate::OLE, a, f64t.const_zero(), "")?;
                cx.guard(bad, ExcKind::ValueError, "dirichlet: alpha must be > 0.0")
            })?;
        }
        // Numba walks the output by `range(0, out.size, len(vector))`: an empty vector is
        // that range's ValueError.
        let no_items = self.b.build_int_compare(inkwell::IntPredicate::EQ, len, self.i64(0), "")?;
        self.guard(no_items, ExcKind::ValueError, "range() arg 3 must not be zero")?;
        let out = self.alloc_array(&dtype, &shape)?;
        let at = crate::npfuncs::array_type(&dtype, shape.len() as u32, numrs_types::Layout::C);
        let held = self.hold_temp(out, &at)?;
        let total = self.field(out, 2)?.into_int_value();
        let data = self.field(out, 4)?.into_pointer_value();
        let i64t = self.ctx.i64_type();
        let slot = |cx: &Self, k: IntValue<'ctx>| -> R<PointerValue<'ctx>> {
            Ok(unsafe { cx.b.build_in_bounds_gep(if multinomial { i64t.into() } else { f64t.as_basic_type_enum() }, data, &[k], "")? })
        };
        // One group per `len` items (none when the vector is empty).
        let is_empty = self.b.build_int_compare(inkwell::IntPredicate::EQ, len, self.i64(0), "")?;
        let safe_len = self.b.build_select(is_empty, self.i64(1), len, "")?.into_int_value();
        let groups = self.b.build_int_unsigned_div(total, safe_len, "")?;
        if multinomial {
            let n = self.int_arg(bound[0].ok_or_else(|| self.cg_err("np.random.multinomial() without n".to_string()))?)?;
            self.counted_loop(total, |cx, k| {
                cx.b.build_store(slot(cx, k)?, i64t.const_zero())?;
                Ok(())
            })?;
            let p_sum = self.temp(f64t.into())?;
            let n_exp = self.temp(i64t.into())?;
            let done = self.temp(self.ctx.bool_type().into())?;
            let last = self.b.build_int_sub(len, self.i64(1), "")?;
            let steps = self.b.build_select(is_empty, self.i64(0), last, "")?.into_int_value();
            self.counted_loop(groups, |cx, g| {
                let base = cx.b.build_int_mul(g, len, "")?;
                cx.b.build_store(p_sum, f64t.const_float(1.0))?;
                cx.b.build_store(n_exp, n)?;
                cx.b.build_store(done, cx.ctx.bool_type().const_zero())?;
                cx.counted_loop(steps, |cx, j| {
                    let skip = cx.b.build_load(cx.ctx.bool_type(), done, "")?.into_int_value();
                    let work = cx.new_block("multinomial_draw");
                    let next = cx.new_block("multinomial_next");
                    cx.b.build_conditional_branch(skip, next, work)?;
                    cx.b.position_at_end(work);
                    let p_j = item(cx, j)?;
                    let ps = cx.b.build_load(f64t, p_sum, "")?.into_float_value();
                    let ne = cx.b.build_load(i64t, n_exp, "")?.into_int_value();
                    let nf = cx.b.build_signed_int_to_float(ne, f64t, "")?;
                    let prob = cx.b.build_float_div(p_j, ps, "")?;
                    let n_j = cx.distribution_draw(Distribution::Binomial, false, &[nf, prob])?.into_int_value();
                    cx.b.build_store(slot(cx, cx.b.build_int_add(base, j, "")?)?, n_j)?;
                    let left = cx.b.build_int_sub(ne, n_j, "")?;
                    cx.b.build_store(n_exp, left)?;
                    let over = cx.b.build_int_compare(inkwell::IntPredicate::SLE, left, cx.i64(0), "")?;
                    cx.b.build_store(done, over)?;
                    cx.b.build_store(p_sum, cx.b.build_float_sub(ps, p_j, "")?)?;
                    cx.b.build_unconditional_branch(next)?;
                    cx.b.position_at_end(next);
                    Ok(())
                })?;
                let ne = cx.b.build_load(i64t, n_exp, "")?.into_int_value();
                let more = cx.b.build_int_compare(inkwell::IntPredicate::SGT, ne, cx.i64(0), "")?;
                let put = cx.new_block("multinomial_rest");
                let after = cx.new_block("multinomial_group_done");
                cx.b.build_conditional_branch(more, put, after)?;
                cx.b.position_at_end(put);
                cx.b.build_store(slot(cx, cx.b.build_int_add(base, last, "")?)?, ne)?;
                cx.b.build_unconditional_branch(after)?;
                cx.b.position_at_end(after);
                Ok(())
            })?;
        } else {
            let norm = self.temp(f64t.into())?;
            self.counted_loop(groups, |cx, g| {
                let base = cx.b.build_int_mul(g, len, "")?;
                cx.b.build_store(norm, f64t.const_zero())?;
                cx.counted_loop(len, |cx, k| {
                    let w = item(cx, k)?;
                    let v = cx.distribution_draw(Distribution::Gamma, false, &[w, f64t.const_float(1.0)])?.into_float_value();
                    cx.b.build_store(slot(cx, cx.b.build_int_add(base, k, "")?)?, v)?;
                    let acc = cx.b.build_load(f64t, norm, "")?.into_float_value();
                    cx.b.build_store(norm, cx.b.build_float_add(acc, v, "")?)?;
                    Ok(())
                })?;
                let total = cx.b.build_load(f64t, norm, "")?.into_float_value();
                // `flat[i + k] /= norm` with Python's error model (gammas that all underflow).
                let zero = cx.b.build_float_compare(inkwell::FloatPredicate::OEQ, total, f64t.const_zero(), "")?;
                let some = cx.b.build_int_compare(inkwell::IntPredicate::SGT, len, cx.i64(0), "")?;
                cx.guard(cx.b.build_and(zero, some, "")?, ExcKind::ZeroDivisionError, "division by zero")?;
                cx.counted_loop(len, |cx, k| {
                    let p = slot(cx, cx.b.build_int_add(base, k, "")?)?;
                    let v = cx.b.build_load(f64t, p, "")?.into_float_value();
                    cx.b.build_store(p, cx.b.build_float_div(v, total, "")?)?;
                    Ok(())
                })
            })?;
        }
        self.let_go(held, &at)?;
        self.fresh = true;
        self.cast(out, &at, tt)
    }

    /// `np.random.<name>`'s arguments bound to its parameters `params` (positional, then by
    /// keyword); a parameter left out is None.
    pub(crate) fn bind_random_args(&self, name: &str, params: &[&str], args: &[VarId], kws: &[(String, VarId)]) -> R<Vec<Option<VarId>>> {
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
        Ok(bound)
    }

    /// One draw of `d` with parameters `params`, raising Numba's exception for bad ones.
    fn distribution_draw(&self, d: Distribution, py: bool, params: &[FloatValue<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let code = RandomOp::Distribution as u64 | if py { RandomOp::PY_STATE as u64 } else { 0 };
        let mut args = vec![self.i64(d as i64)];
        for p in params {
            args.push(self.b.build_bit_cast(*p, self.ctx.i64_type(), "")?.into_int_value());
        }
        let out = self.random_call(code, &args, 2)?;
        for (k, (kind, msg)) in d.errors().iter().enumerate() {
            let is = self.b.build_int_compare(inkwell::IntPredicate::EQ, out[1], self.i64(k as i64 + 1), "")?;
            self.guard(is, *kind, msg)?;
        }
        Ok(if d.integer() { out[0].into() } else { self.b.build_bit_cast(out[0], self.ctx.f64_type(), "")? })
    }

    /// `np.random.<distribution>(params..., size=None)`: parameters bound by position or name,
    /// left-out ones taking NumPy's defaults.
    fn np_distribution(&mut self, d: Distribution, args: &[VarId], kws: &[(String, VarId)]) -> R<BasicValueEnum<'ctx>> {
        let name = d.name();
        let mut names: Vec<&str> = d.params().to_vec();
        names.push("size");
        if args.len() > names.len() {
            return self.fail(format!("np.random.{name}() takes at most {} arguments", names.len()));
        }
        let bound = self.bind_random_args(name, &names, args, kws)?;
        let mut given = Vec::new();
        for b in &bound {
            given.push(match b {
                Some(v) if !matches!(self.ty(*v)?, Type::Omitted(_) | Type::NoneType) => Some(*v),
                _ => None,
            });
        }
        let mut params = Vec::new();
        for (i, default) in d.defaults().iter().enumerate() {
            params.push(match (given[i], default) {
                (Some(v), _) => self.float_arg(v)?,
                (None, Some(x)) => self.ctx.f64_type().const_float(*x),
                (None, None) => return self.fail(format!("np.random.{name}() missing required argument '{}'", names[i])),
            });
        }
        let dtype = if d.integer() { Type::int64() } else { Type::float64() };
        let item = |cx: &Self| cx.distribution_draw(d, false, &params);
        self.random_draws(given[names.len() - 1], &dtype, &item)
    }

    /// `item()` once, or an array of them when a size is given (an integer or a tuple of
    /// integers; None: one value).
    pub(crate) fn random_draws(&mut self, size: Option<VarId>, dtype: &Type, item: &dyn Fn(&Self) -> R<BasicValueEnum<'ctx>>) -> R<BasicValueEnum<'ctx>> {
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
            // `size=()`: one draw in a 0-d array (Numba's `np.array(draw)`).
            t if t.tuple_items().is_some_and(|items| items.is_empty()) => self.random_array(&[], dtype, item),
            t => self.fail(format!("a size of type {t} in np.random is not supported by numrs build yet")),
        }
    }

    /// `np.random.<name>(...)` (`name` without the prefix); None: not handled here. Keyword
    /// arguments are bound to NumPy's parameter names.
    pub(crate) fn np_random(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if (name == "rand" || name == "randn") && kws.is_empty() {
            // Numba's aliases: `random(size)` / `standard_normal(size)` with the arguments
            // as the shape (none: one number).
            let item = |cx: &Self| -> R<BasicValueEnum<'ctx>> {
                if name == "rand" {
                    cx.random_f64(RandomOp::Double)
                } else {
                    cx.random_f64(RandomOp::Gauss)
                }
            };
            if args.is_empty() {
                return item(self).map(Some);
            }
            let shape = args.iter().map(|a| self.int_arg(*a)).collect::<R<Vec<_>>>()?;
            return self.random_array(&shape, &Type::float64(), &item).map(Some);
        }
        if let Some(d) = Distribution::named(name) {
            return self.np_distribution(d, args, kws).map(Some);
        }
        if name == "multinomial" || name == "dirichlet" {
            return self.np_vector_draws(name, args, kws, tt).map(Some);
        }
        let params: &[&str] = match name {
            "seed" => &["seed"],
            "random" | "random_sample" | "sample" | "ranf" | "standard_normal" | "standard_exponential" => &["size"],
            "randint" | "uniform" => &["low", "high", "size"],
            "normal" => &["loc", "scale", "size"],
            "exponential" => &["scale", "size"],
            "choice" => &["a", "size", "replace"],
            "shuffle" | "permutation" => &["x"],
            _ => return Ok(None),
        };
        if args.len() > params.len() {
            return Ok(None);
        }
        let bound = self.bind_random_args(name, params, args, kws)?;
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
                // Numba's `_randrange_impl`: `n = high - low` in int64 (wrapping), empty when
                // not positive.
                let n = self.b.build_int_sub(high, low, "")?;
                let empty = self.b.build_int_compare(inkwell::IntPredicate::SLE, n, self.i64(0), "")?;
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
            "choice" => {
                let Some(a) = given(0)? else { return Ok(None) };
                let replace = match given(2)? {
                    Some(r) => self.bool_arg(Some(r))?,
                    None => self.ctx.bool_type().const_int(1, false),
                };
                self.choice(a, given(1)?, replace, tt)?
            }
            "shuffle" => {
                let Some(x) = given(0)? else { return Ok(None) };
                let (arr, at) = self.arr(x)?;
                self.shuffle(arr, &at, false)?;
                self.ctx.const_struct(&[], false).into()
            }
            "permutation" => {
                let Some(x) = given(0)? else { return Ok(None) };
                let (p, pt) = self.permutation(x)?;
                self.fresh = true;
                self.cast(p, &pt, tt)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// `np.random.randint(0, n)`, or Python's `random.randrange(n)` (`py`): Numba's draws,
    /// raising for an empty range.
    fn randint_below(&self, n: IntValue<'ctx>, py: bool) -> R<IntValue<'ctx>> {
        let empty = self.b.build_int_compare(inkwell::IntPredicate::SLE, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "empty range for randrange()")?;
        if py {
            self.random_op_on(RandomOp::PyBelow, true, &[n])
        } else {
            self.random_op(RandomOp::RandInt, &[self.i64(0), n])
        }
    }

    /// Python's `random.<name>(...)` (Numba's `cpython/randomimpl.py`, on the `random`
    /// module's own state); None: not handled here.
    pub(crate) fn py_random(&mut self, name: &str, args: &[VarId], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let draw = |cx: &mut Self, d: Distribution, order: &[usize]| -> R<BasicValueEnum<'ctx>> {
            let params = order.iter().map(|i| cx.float_arg(args[*i])).collect::<R<Vec<_>>>()?;
            cx.distribution_draw(d, true, &params)
        };
        let v = match (name, args.len()) {
            ("seed", 1) => {
                let s = self.int_arg(args[0])?;
                self.random_op_on(RandomOp::Seed, true, &[s])?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            ("random", 0) => self.random_f64_on(RandomOp::Double, true)?,
            ("gauss" | "normalvariate", 2) => {
                let (mu, sigma) = (self.float_arg(args[0])?, self.float_arg(args[1])?);
                let g = self.random_f64_on(RandomOp::Gauss, true)?.into_float_value();
                self.b.build_float_add(mu, self.b.build_float_mul(sigma, g, "")?, "")?.into()
            }
            ("uniform", 2) => {
                let (a, b) = (self.float_arg(args[0])?, self.float_arg(args[1])?);
                let width = self.b.build_float_sub(b, a, "")?;
                let r = self.random_f64_on(RandomOp::Double, true)?.into_float_value();
                self.b.build_float_add(a, self.b.build_float_mul(width, r, "")?, "")?.into()
            }
            ("getrandbits", 1) => {
                let k = self.int_arg(args[0])?;
                let big = self.b.build_int_compare(inkwell::IntPredicate::UGE, k, self.i64(65), "")?;
                let zero = self.b.build_int_compare(inkwell::IntPredicate::EQ, k, self.i64(0), "")?;
                self.guard(self.b.build_or(big, zero, "")?, ExcKind::OverflowError, "getrandbits() limited to 64 bits")?;
                self.random_op_on(RandomOp::PyBits, true, &[k])?.into()
            }
            ("randrange", 1..=3) | ("randint", 2) => {
                let ints = args.iter().map(|a| self.int_arg(*a)).collect::<R<Vec<_>>>()?;
                let (start, stop, step) = match (name, ints.as_slice()) {
                    ("randint", [a, b]) => (*a, self.b.build_int_add(*b, self.i64(1), "")?, self.i64(1)),
                    (_, [stop]) => (self.i64(0), *stop, self.i64(1)),
                    (_, [start, stop]) => (*start, *stop, self.i64(1)),
                    (_, [start, stop, step]) => (*start, *stop, *step),
                    _ => return Ok(None),
                };
                // Numba's `_randrange_impl`: the number of values, then one drawn below it.
                let mut n = self.b.build_int_sub(stop, start, "")?;
                // Each division only where Numba's branch makes it (a step of 0 or 1 divides
                // by nothing): each branch's divisor is 1 outside it, so no division traps.
                let neg = self.b.build_int_compare(inkwell::IntPredicate::SLT, step, self.i64(0), "")?;
                let big = self.b.build_int_compare(inkwell::IntPredicate::SGT, step, self.i64(1), "")?;
                let down_by = self.b.build_select(neg, step, self.i64(1), "")?.into_int_value();
                let up_by = self.b.build_select(big, step, self.i64(1), "")?.into_int_value();
                let w = self.b.build_int_add(self.b.build_int_add(n, step, "")?, self.i64(1), "")?;
                let down = self.signed_div_rem(w, down_by)?.0;
                n = self.b.build_select(neg, down, n, "")?.into_int_value();
                let up = self.b.build_int_signed_div(self.b.build_int_sub(self.b.build_int_add(n, step, "")?, self.i64(1), "")?, up_by, "")?;
                n = self.b.build_select(big, up, n, "")?.into_int_value();
                let r = self.randint_below(n, true)?;
                let v = self.b.build_int_add(start, self.b.build_int_mul(r, step, "")?, "")?;
                return Ok(Some(self.cast(v.into(), &Type::int64(), tt)?));
            }
            ("shuffle", 1) => {
                let Type::Array(at) = self.ty(args[0])? else { return Ok(None) };
                let arr = self.load(args[0])?;
                self.shuffle(arr, &at, true)?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            ("gammavariate", 2) => draw(self, Distribution::Gamma, &[0, 1])?,
            ("betavariate", 2) => draw(self, Distribution::Beta, &[0, 1])?,
            ("vonmisesvariate", 2) => draw(self, Distribution::Vonmises, &[0, 1])?,
            ("lognormvariate", 2) => draw(self, Distribution::Lognormal, &[0, 1])?,
            ("paretovariate", 1) => draw(self, Distribution::PyPareto, &[0])?,
            ("weibullvariate", 2) => draw(self, Distribution::PyWeibull, &[0, 1])?,
            ("expovariate", 1) => draw(self, Distribution::PyExpovariate, &[0])?,
            ("triangular", 2) => draw(self, Distribution::PyTriangular, &[0, 1])?,
            // `triangular(low, high, mode)` is NumPy's `triangular(left, mode, right)`.
            ("triangular", 3) => draw(self, Distribution::Triangular, &[0, 2, 1])?,
            _ => return Ok(None),
        };
        Ok(Some(self.cast(v, &if name == "getrandbits" { Type::Number(numrs_types::NumericKind::UInt64) } else { Type::float64() }, tt)?))
    }

    /// Numba's `do_shuffle_impl`: from the last item down, swap item `i` with a random item
    /// `j <= i` (rows of an n-d array swap whole).
    fn shuffle(&mut self, arr: BasicValueEnum<'ctx>, at: &numrs_types::ArrayType, py: bool) -> R<()> {
        if at.ndim == 0 {
            return self.fail("np.random.shuffle of a 0-d array is not supported by numrs build yet");
        }
        let shape = self.dims(arr, 5, at.ndim)?;
        let strides = self.dims(arr, 6, at.ndim)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let et = crate::types::storage_type(self.ctx, &at.dtype).map_err(|m| self.cg_err(m))?;
        let n0 = shape[0];
        let steps = self.b.build_int_sub(n0, self.i64(1), "")?;
        let steps = self.b.build_select(self.b.build_int_compare(inkwell::IntPredicate::SGT, steps, self.i64(0), "")?, steps, self.i64(0), "")?.into_int_value();
        let rest: Vec<IntValue<'ctx>> = shape[1..].to_vec();
        let rstrides: Vec<IntValue<'ctx>> = strides[1..].to_vec();
        let mut inner = self.i64(1);
        for d in &rest {
            inner = self.b.build_int_mul(inner, *d, "")?;
        }
        self.counted_loop(steps, |cx, k| {
            let i = cx.b.build_int_sub(n0, cx.b.build_int_add(k, cx.i64(1), "")?, "")?;
            let j = cx.randint_below(cx.b.build_int_add(i, cx.i64(1), "")?, py)?;
            let pi = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[cx.b.build_int_mul(i, strides[0], "")?], "")? };
            let pj = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[cx.b.build_int_mul(j, strides[0], "")?], "")? };
            // Every item of the two rows, in C order.
            cx.counted_loop(inner, |cx, t| {
                let mut off = cx.i64(0);
                let mut rem = t;
                for d in (0..rest.len()).rev() {
                    let q = cx.b.build_int_unsigned_div(rem, rest[d], "")?;
                    let r = cx.b.build_int_unsigned_rem(rem, rest[d], "")?;
                    off = cx.b.build_int_add(off, cx.b.build_int_mul(r, rstrides[d], "")?, "")?;
                    rem = q;
                }
                let a = unsafe { cx.b.build_gep(cx.ctx.i8_type(), pi, &[off], "")? };
                let b = unsafe { cx.b.build_gep(cx.ctx.i8_type(), pj, &[off], "")? };
                let xa = cx.b.build_load(et, a, "")?;
                let xb = cx.b.build_load(et, b, "")?;
                cx.b.build_store(a, xb)?;
                cx.b.build_store(b, xa)?;
                Ok(())
            })
        })
    }

    /// `np.random.permutation(x)`: a shuffled `np.arange(x)` or copy of `x` (a new reference).
    fn permutation(&mut self, x: VarId) -> R<(BasicValueEnum<'ctx>, Type)> {
        let xt = self.ty(x)?;
        let (p, pa) = match &xt {
            Type::Array(_) => {
                let (arr, a) = self.arr(x)?;
                let c = self.copy_c(arr, &a)?;
                (c, numrs_types::ArrayType::new(a.dtype.clone(), a.ndim, numrs_types::Layout::C, false))
            }
            t if numeric(t).is_some_and(|k| k.is_integer()) => {
                // `np.arange(x)`: empty for x <= 0.
                let n = self.int_arg(x)?;
                let pos = self.b.build_int_compare(inkwell::IntPredicate::SGT, n, self.i64(0), "")?;
                let n = self.b.build_select(pos, n, self.i64(0), "")?.into_int_value();
                let out = self.alloc_array(&Type::int64(), &[n])?;
                self.counted_loop(n, |cx, i| {
                    let q = cx.out_ptr(out, &Type::int64(), i)?;
                    cx.b.build_store(q, i)?;
                    Ok(())
                })?;
                (out, numrs_types::ArrayType::new(Type::int64(), 1, numrs_types::Layout::C, false))
            }
            other => return self.fail(format!("np.random.permutation of {other} is not supported by numrs build yet")),
        };
        let pt = Type::Array(std::sync::Arc::new(pa.clone()));
        // A failing draw must not leave the copy behind.
        let slot = self.hold_temp(p, &pt)?;
        self.shuffle(p, &pa, false)?;
        self.let_go(slot, &pt)?;
        Ok((p, pt))
    }

    /// Numba's `choice(a, size=None, replace=True)` over an array or `np.arange(a)`.
    fn choice(&mut self, a: VarId, size: Option<VarId>, replace: IntValue<'ctx>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let at = self.ty(a)?;
        let (n, src) = match &at {
            Type::Array(x) if x.ndim == 1 => {
                let (arr, x) = self.arr(a)?;
                (self.dims(arr, 5, 1)?[0], Some((arr, x)))
            }
            t if numeric(t).is_some_and(|k| k.is_integer()) => (self.int_arg(a)?, None),
            other => return self.fail(format!("np.random.choice over {other} is not supported by numrs build yet")),
        };
        let item = |cx: &Self, j: IntValue<'ctx>| -> R<(BasicValueEnum<'ctx>, Type)> {
            match &src {
                Some((arr, x)) => Ok((cx.elem_at(*arr, x, j)?, x.dtype.clone())),
                None => Ok((j.into(), Type::int64())),
            }
        };
        let size = match size {
            Some(v) if !matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)) => v,
            _ => {
                let j = self.randint_below(n, false)?;
                let (x, xt) = item(self, j)?;
                return self.cast(x, &xt, tt);
            }
        };
        let Type::Array(ot) = tt else { return self.fail(format!("np.random.choice giving {tt}")) };
        let shape = match self.ty(size)? {
            t if numeric(&t).is_some_and(|k| k.is_integer()) => vec![self.int_arg(size)?],
            _ => self.shape_arg(size)?,
        };
        let dt = ot.dtype.clone();
        let out = self.alloc_array(&dt, &shape)?;
        let ct = crate::npfuncs::array_type(&dt, ot.ndim, numrs_types::Layout::C);
        let slot = self.hold_temp(out, &ct)?;
        let total = self.field(out, 2)?.into_int_value();
        let with = self.new_block("choice_replace");
        let without = self.new_block("choice_unique");
        let done = self.new_block("choice_done");
        self.b.build_conditional_branch(replace, with, without)?;
        self.b.position_at_end(with);
        self.counted_loop(total, |cx, i| {
            let j = cx.randint_below(n, false)?;
            let (x, xt) = item(cx, j)?;
            let q = cx.out_ptr(out, &dt, i)?;
            cx.store_element(q, x, &xt, &dt)
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(without);
        let big = self.b.build_int_compare(inkwell::IntPredicate::SGT, total, n, "")?;
        self.guard(big, ExcKind::ValueError, "Cannot take a larger sample than population when 'replace=False'")?;
        let (perm, pt) = self.permutation(a)?;
        let Type::Array(pa) = &pt else { return self.fail("permutation") };
        let pa = (**pa).clone();
        self.counted_loop(total, |cx, i| {
            let x = cx.elem_at(perm, &pa, i)?;
            let q = cx.out_ptr(out, &dt, i)?;
            cx.store_element(q, x, &pa.dtype, &dt)
        })?;
        self.decref(perm, &pt)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        self.let_go(slot, &ct)?;
        self.fresh = true;
        self.cast(out, &ct, tt)
    }
}
