//! Reshaping an array without copying it: the strides of the new shape when the old array's
//! memory can be walked in C order by them (NumPy's `_attempt_nocopy_reshape`, which Numba
//! calls for `a.reshape(...)` of C- and F-layout arrays).

use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::values::{FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};

use crate::func::{CgError, R};

const NAME: &str = "numrs.nocopy_reshape";

/// `i32 numrs.nocopy_reshape(i64 nd, i64 *dims, i64 *strides, i64 newnd, i64 *newdims,
/// i64 *newstrides, i64 itemsize)`: 1 with `newstrides` filled in when the array of `dims` and
/// `strides` can be viewed with shape `newdims` (same number of items) in C order, else 0 (a
/// copy would be needed).
///
/// The algorithm: leave out the old axes of length 1, then match runs of new axes to runs of
/// old axes with the same number of items; a run of old axes must be contiguous (each stride
/// the next one's times its length), and the new axes of the run get the strides of a
/// contiguous block that ends with the run's last old stride. Trailing new axes (of length 1)
/// take the last stride. An empty array gets the item size for every stride.
pub(crate) fn nocopy_reshape_fn<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>) -> R<FunctionValue<'ctx>> {
    if let Some(f) = module.get_function(NAME) {
        return Ok(f);
    }
    let i64t = ctx.i64_type();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let ft = ctx.i32_type().fn_type(&[i64t.into(), ptr.into(), ptr.into(), i64t.into(), ptr.into(), ptr.into(), i64t.into()], false);
    let f = module.add_function(NAME, ft, Some(Linkage::Internal));
    let b = ctx.create_builder();
    let g = Gen { ctx, b: &b, f };
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let param = |i: u32| f.get_nth_param(i).ok_or_else(|| CgError { span: None, message: "internal error: nocopy_reshape parameter".into() });
    let nd = param(0)?.into_int_value();
    let dims = param(1)?.into_pointer_value();
    let strides = param(2)?.into_pointer_value();
    let newnd = param(3)?.into_int_value();
    let newdims = param(4)?.into_pointer_value();
    let newstrides = param(5)?.into_pointer_value();
    let itemsize = param(6)?.into_int_value();

    let olddims = b.build_array_alloca(i64t, nd, "olddims")?;
    let oldstrides = b.build_array_alloca(i64t, nd, "oldstrides")?;
    let var = |n: &str| b.build_alloca(i64t, n);
    let (oldnd, i, oi, oj, ni) = (var("oldnd")?, var("i")?, var("oi")?, var("oj")?, var("ni")?);
    let (nj, np, op, k) = (var("nj")?, var("np")?, var("op")?, var("k")?);
    let c = |v: u64| i64t.const_int(v, false);

    // The old axes of length other than 1.
    g.set(oldnd, c(0))?;
    g.for_range(i, c(0), nd, |g| {
        let iv = g.get(i)?;
        let d = g.load_at(dims, iv)?;
        let keep = b.build_int_compare(IntPredicate::NE, d, c(1), "")?;
        g.if_then(keep, |g| {
            let o = g.get(oldnd)?;
            g.store_at(olddims, o, d)?;
            g.store_at(oldstrides, o, g.load_at(strides, iv)?)?;
            g.set(oldnd, b.build_int_add(o, c(1), "")?)
        })
    })?;
    // An empty array: any strides will do.
    g.set(np, c(1))?;
    g.for_range(i, c(0), newnd, |g| {
        let d = g.load_at(newdims, g.get(i)?)?;
        g.set(np, b.build_int_mul(g.get(np)?, d, "")?)
    })?;
    let empty = b.build_int_compare(IntPredicate::EQ, g.get(np)?, c(0), "")?;
    g.if_then(empty, |g| {
        g.for_range(i, c(0), newnd, |g| g.store_at(newstrides, g.get(i)?, itemsize))?;
        b.build_return(Some(&ctx.i32_type().const_int(1, false)))?;
        Ok(())
    })?;

    for (v, x) in [(oi, 0), (oj, 1), (ni, 0), (nj, 1)] {
        g.set(v, c(x))?;
    }
    g.while_(
        |g| {
            let a = b.build_int_compare(IntPredicate::SLT, g.get(ni)?, newnd, "")?;
            let o = b.build_int_compare(IntPredicate::SLT, g.get(oi)?, g.get(oldnd)?, "")?;
            Ok(b.build_and(a, o, "")?)
        },
        |g| {
            g.set(np, g.load_at(newdims, g.get(ni)?)?)?;
            g.set(op, g.load_at(olddims, g.get(oi)?)?)?;
            // Grow the smaller side until both runs hold the same number of items.
            g.while_(
                |g| Ok(b.build_int_compare(IntPredicate::NE, g.get(np)?, g.get(op)?, "")?),
                |g| {
                    let less = b.build_int_compare(IntPredicate::SLT, g.get(np)?, g.get(op)?, "")?;
                    g.if_else(
                        less,
                        |g| {
                            let j = g.get(nj)?;
                            g.set(np, b.build_int_mul(g.get(np)?, g.load_at(newdims, j)?, "")?)?;
                            g.set(nj, b.build_int_add(j, c(1), "")?)
                        },
                        |g| {
                            let j = g.get(oj)?;
                            g.set(op, b.build_int_mul(g.get(op)?, g.load_at(olddims, j)?, "")?)?;
                            g.set(oj, b.build_int_add(j, c(1), "")?)
                        },
                    )
                },
            )?;
            // The old run must be contiguous in C order.
            let last_old = b.build_int_sub(g.get(oj)?, c(1), "")?;
            g.for_range(k, g.get(oi)?, last_old, |g| {
                let kv = g.get(k)?;
                let next = b.build_int_add(kv, c(1), "")?;
                let want = b.build_int_mul(g.load_at(olddims, next)?, g.load_at(oldstrides, next)?, "")?;
                let bad = b.build_int_compare(IntPredicate::NE, g.load_at(oldstrides, kv)?, want, "")?;
                g.if_then(bad, |_| {
                    b.build_return(Some(&ctx.i32_type().const_zero()))?;
                    Ok(())
                })
            })?;
            // The new run's strides, from its last axis back.
            let last_new = b.build_int_sub(g.get(nj)?, c(1), "")?;
            g.store_at(newstrides, last_new, g.load_at(oldstrides, last_old)?)?;
            g.set(k, last_new)?;
            g.while_(
                |g| Ok(b.build_int_compare(IntPredicate::SGT, g.get(k)?, g.get(ni)?, "")?),
                |g| {
                    let kv = g.get(k)?;
                    let prev = b.build_int_sub(kv, c(1), "")?;
                    let s = b.build_int_mul(g.load_at(newstrides, kv)?, g.load_at(newdims, kv)?, "")?;
                    g.store_at(newstrides, prev, s)?;
                    g.set(k, prev)
                },
            )?;
            let j = g.get(nj)?;
            g.set(ni, j)?;
            g.set(nj, b.build_int_add(j, c(1), "")?)?;
            let j = g.get(oj)?;
            g.set(oi, j)?;
            g.set(oj, b.build_int_add(j, c(1), "")?)
        },
    )?;
    // Trailing axes of length 1 repeat the last stride.
    let n = g.get(ni)?;
    let has = b.build_int_compare(IntPredicate::SGE, n, c(1), "")?;
    let prev = b.build_int_sub(n, c(1), "")?;
    let safe = b.build_select(has, prev, c(0), "")?.into_int_value();
    let last = g.load_at(newstrides, safe)?;
    let last = b.build_select(has, last, itemsize, "")?.into_int_value();
    g.for_range(i, n, newnd, |g| g.store_at(newstrides, g.get(i)?, last))?;
    b.build_return(Some(&ctx.i32_type().const_int(1, false)))?;
    Ok(f)
}

/// Structured control flow for a helper function built outside any specialization.
struct Gen<'a, 'ctx> {
    ctx: &'ctx Context,
    b: &'a Builder<'ctx>,
    f: FunctionValue<'ctx>,
}

impl<'ctx> Gen<'_, 'ctx> {
    fn get(&self, v: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.b.build_load(self.ctx.i64_type(), v, "")?.into_int_value())
    }

    fn set(&self, v: PointerValue<'ctx>, x: IntValue<'ctx>) -> R<()> {
        self.b.build_store(v, x)?;
        Ok(())
    }

    fn at(&self, base: PointerValue<'ctx>, i: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        // SAFETY (for LLVM): the index stays within the array the caller passed.
        Ok(unsafe { self.b.build_in_bounds_gep(self.ctx.i64_type(), base, &[i], "")? })
    }

    fn load_at(&self, base: PointerValue<'ctx>, i: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let p = self.at(base, i)?;
        self.get(p)
    }

    fn store_at(&self, base: PointerValue<'ctx>, i: IntValue<'ctx>, x: IntValue<'ctx>) -> R<()> {
        let p = self.at(base, i)?;
        self.set(p, x)
    }

    fn block(&self, name: &str) -> inkwell::basic_block::BasicBlock<'ctx> {
        self.ctx.append_basic_block(self.f, name)
    }

    /// Whether the builder's block already ends (a `return` inside the body).
    fn terminated(&self) -> bool {
        self.b.get_insert_block().and_then(|bb| bb.get_terminator()).is_some()
    }

    fn while_(&self, cond: impl Fn(&Self) -> R<IntValue<'ctx>>, body: impl Fn(&Self) -> R<()>) -> R<()> {
        let (head, body_bb, done) = (self.block("while"), self.block("while_body"), self.block("while_done"));
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let c = cond(self)?;
        self.b.build_conditional_branch(c, body_bb, done)?;
        self.b.position_at_end(body_bb);
        body(self)?;
        if !self.terminated() {
            self.b.build_unconditional_branch(head)?;
        }
        self.b.position_at_end(done);
        Ok(())
    }

    /// `for v in lo..hi` (signed), with `v` a variable of the function.
    fn for_range(&self, v: PointerValue<'ctx>, lo: IntValue<'ctx>, hi: IntValue<'ctx>, body: impl Fn(&Self) -> R<()>) -> R<()> {
        self.set(v, lo)?;
        self.while_(
            |g| Ok(g.b.build_int_compare(IntPredicate::SLT, g.get(v)?, hi, "")?),
            |g| {
                body(g)?;
                if !g.terminated() {
                    let next = g.b.build_int_add(g.get(v)?, g.ctx.i64_type().const_int(1, false), "")?;
                    g.set(v, next)?;
                }
                Ok(())
            },
        )
    }

    fn if_then(&self, c: IntValue<'ctx>, then: impl Fn(&Self) -> R<()>) -> R<()> {
        self.if_else(c, then, |_| Ok(()))
    }

    fn if_else(&self, c: IntValue<'ctx>, then: impl Fn(&Self) -> R<()>, other: impl Fn(&Self) -> R<()>) -> R<()> {
        let (t, e, done) = (self.block("then"), self.block("else"), self.block("endif"));
        self.b.build_conditional_branch(c, t, e)?;
        for (bb, arm) in [(t, &then as &dyn Fn(&Self) -> R<()>), (e, &other)] {
            self.b.position_at_end(bb);
            arm(self)?;
            if !self.terminated() {
                self.b.build_unconditional_branch(done)?;
            }
        }
        self.b.position_at_end(done);
        Ok(())
    }
}
