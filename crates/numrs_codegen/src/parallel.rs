//! `parallel=True`: `prange` loops on the runtime's threads.
//!
//! A `for i in prange(...)` loop of a function compiled with `parallel=True` is *outlined*:
//! its body blocks are lowered into a chunk function (`numrs_abi::ChunkFn`) that runs
//! iterations `[start, stop)`, and the loop itself becomes one call of the runtime's
//! `parallel_for`, which runs the chunks on its threads (one chunk per thread, split evenly,
//! as Numba's default schedule). The chunk function reads the variables defined before the
//! loop through pointers to the caller's slots (the caller waits for every chunk, so its frame
//! outlives them); everything the body defines is private to the chunk.
//!
//! Values carried from one iteration to the next must be reductions, as in Numba's parfor
//! pass: `acc += x`, `acc -= x`, `acc *= x` (or `acc = acc + x`, ...) on a number, with the
//! accumulator used nowhere else in the body. Each chunk starts from the operation's identity
//! and leaves its partial result in the context; the caller combines the partials in chunk
//! order with the value before the loop (`-=` partials are negative sums, combined with `+`).
//! A variable the body reads and assigns without combining it with itself (`if a[i] > m: m =
//! a[i]`) is not a reduction for Numba but a parameter of the loop's gufunc: private to each
//! chunk, starting from the value before the loop, which it still has after the loop.
//! A loop that does not fit (another carried value, a `return` or `break` in the body, a
//! range step other than 1) is lowered as an ordinary loop: the same results, on one thread.
//!
//! An exception in a chunk is written to that chunk's own `ExcInfo`; the caller reports the
//! one of the lowest failing chunk.
//!
//! Array expressions of a `parallel=True` function (Numba turns them into parfors too) go
//! through [`FnCx::parallel_counted_loop`]: their contiguous element loop, when it cannot
//! raise, becomes a chunk function over the element indices reading the operands' data
//! pointers from a context struct.

use std::collections::{HashMap, HashSet};

use inkwell::values::{BasicValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::types::BasicType;
use inkwell::{AddressSpace, IntPredicate};
use numrs_ir::{BlockId, StmtKind, Terminator, Value, VarId};
use numrs_syntax::ast::BinOp;
use numrs_types::{NumericKind, Type};

use crate::func::{exc_info_type, FnCx, R};
use crate::types::{self, numeric};

/// At most this many chunks (and per-chunk results) per loop.
const MAX_CHUNKS: u64 = 256;

#[derive(Clone, Debug)]
pub(crate) struct Loop {
    header: usize,
    body_entry: BlockId,
    exit: BlockId,
    /// Blocks of the body (not the header).
    body: Vec<usize>,
    /// The loop variable (`pair_first` of the header's `iternext`).
    index: VarId,
    /// The `range` value the loop iterates over.
    range: VarId,
    reductions: Vec<Reduction>,
}

#[derive(Clone, Copy, Debug)]
struct Reduction {
    /// The header's phi of the accumulator.
    phi: VarId,
    /// `true`: combined with `*` (identity 1); else with `+` (identity 0).
    multiply: bool,
}

/// The loops of a function to run in parallel.
#[derive(Default)]
pub(crate) struct Plan {
    loops: HashMap<usize, Loop>,
    body: HashSet<usize>,
}

impl Plan {
    pub(crate) fn in_body(&self, block: usize) -> bool {
        self.body.contains(&block)
    }
    pub(crate) fn header(&self, block: usize) -> Option<Loop> {
        self.loops.get(&block).cloned()
    }
}

/// Find the `prange` loops of `cx`'s function that can run in parallel (outermost only).
pub(crate) fn plan(cx: &FnCx<'_, '_>) -> Plan {
    let ir = cx.ir;
    let mut plan = Plan::default();
    let mut found: Vec<Loop> = (0..ir.blocks.len()).filter_map(|h| loop_at(cx, h)).collect();
    // Outermost first: a loop inside another's body stays serial (inside its chunks).
    found.sort_by_key(|l| std::cmp::Reverse(l.body.len()));
    for l in found {
        if plan.body.contains(&l.header) {
            continue;
        }
        plan.body.extend(l.body.iter().copied());
        plan.loops.insert(l.header, l);
    }
    plan
}

/// Follow plain copies to the defining value.
fn definition<'a>(cx: &FnCx<'a, '_>, mut v: VarId) -> Option<&'a Value> {
    for _ in 0..64 {
        match cx.defs.get(&v)? {
            Value::Var(next) => v = *next,
            other => return Some(*other),
        }
    }
    None
}

fn root(cx: &FnCx<'_, '_>, mut v: VarId) -> VarId {
    for _ in 0..64 {
        match cx.defs.get(&v) {
            Some(Value::Var(next)) => v = *next,
            _ => break,
        }
    }
    v
}

/// The loop whose header is block `h`, if it is a `prange` loop that fits.
fn loop_at(cx: &FnCx<'_, '_>, h: usize) -> Option<Loop> {
    let ir = cx.ir;
    let block = &ir.blocks[h];
    let Terminator::Branch { cond, truebr, falsebr } = &block.term else { return None };
    // The header: phis, then `iternext`, `pair_first`, `pair_second`.
    let mut iter_value = None;
    let mut pair = None;
    let mut index = None;
    let mut phis = Vec::new();
    for stmt in &block.stmts {
        let StmtKind::Assign { target, value } = &stmt.kind else { return None };
        match value {
            Value::Phi(incoming) => phis.push((*target, incoming.clone())),
            Value::IterNext(it) => {
                iter_value = Some(*it);
                pair = Some(*target);
            }
            Value::PairFirst(p) if Some(*p) == pair => index = Some(*target),
            Value::PairSecond(p) if Some(*p) == pair && *target == *cond => {}
            _ => return None,
        }
    }
    let (iter_value, index) = (iter_value?, index?);
    let Some(Value::GetIter(range)) = definition(cx, iter_value) else { return None };
    let range = root(cx, *range);
    if !matches!(cx.ty(range).ok()?, Type::Range(_)) {
        return None;
    }
    let Some(Value::Call { func, args, kws, vararg: None }) = definition(cx, range) else { return None };
    if !kws.is_empty() || args.len() > 2 {
        return None;
    }
    let is_prange = match definition(cx, *func) {
        Some(Value::Global(n)) => n == "prange",
        Some(Value::GetAttr { value, attr }) => attr == "prange" && matches!(cx.ty(*value).ok(), Some(Type::Module(m)) if &*m == "numba"),
        _ => false,
    };
    if !is_prange {
        return None;
    }
    // The body: what the true branch reaches without passing the header; it must come back
    // only to the header, and not leave the function by `return`.
    let mut body: Vec<usize> = Vec::new();
    let mut stack = vec![truebr.0 as usize];
    while let Some(b) = stack.pop() {
        if b == h || body.contains(&b) {
            continue;
        }
        if b == falsebr.0 as usize {
            return None; // `break`
        }
        match &ir.blocks.get(b)?.term {
            Terminator::Return(_) => return None,
            t => stack.extend(t.successors().iter().map(|s| s.0 as usize)),
        }
        body.push(b);
    }
    body.sort_unstable();
    // Carried values: every phi with an incoming value from the body must be a reduction, or
    // a variable Numba's parfor pass leaves private to the chunk (see `carried_private`).
    let body_reads = |phi: VarId| {
        body.iter()
            .flat_map(|b| ir.blocks[*b].stmts.iter().flat_map(|s| s.kind.uses()).chain(ir.blocks[*b].term.uses()))
            .filter(|u| *u == phi)
            .count()
    };
    let mut reductions = Vec::new();
    for (phi, incoming) in phis {
        let from_body: Vec<VarId> = incoming.iter().filter(|(b, _)| body.contains(&(b.0 as usize))).filter_map(|(_, v)| *v).collect();
        if from_body.is_empty() {
            continue;
        }
        match reduction(cx, &body, phi, &from_body) {
            Some(r) => reductions.push(r),
            None if body_reads(phi) > 0 && plain_number(cx, phi) && !combines_itself(cx, phi, &from_body) => {}
            None => return None,
        }
    }
    Some(Loop { header: h, body_entry: *truebr, exit: *falsebr, body, index, range, reductions })
}

/// The reduction of the carried variable `phi`, whose values from the body are `from_body`:
/// `acc += x` (`-=`, `*=`, `acc = acc + x`, ...) on a number, maybe only on some paths through
/// the body (`if a[i] > 0: acc += a[i]`), the accumulator read by nothing but its updates.
fn reduction(cx: &FnCx<'_, '_>, l_body: &[usize], phi: VarId, from_body: &[VarId]) -> Option<Reduction> {
    let ir = cx.ir;
    // The joins of the body the accumulator's values go through (an inner loop's header phi
    // is one: `for j in range(k): acc += x` inside the prange body), and its updates.
    let (joins, updates) = accumulator_values(cx, phi, from_body);
    let family = |v: VarId| {
        let r = root(cx, v);
        r == phi || joins.contains(&r)
    };
    let mut multiply = None;
    for v in &updates {
        let (op, lhs) = match definition(cx, *v)? {
            Value::InplaceBinOp { op, lhs, .. } | Value::BinOp { op, lhs, .. } => (*op, *lhs),
            _ => return None,
        };
        if !family(lhs) {
            return None;
        }
        let m = match op {
            BinOp::Add | BinOp::Sub => false,
            BinOp::Mult => true,
            _ => return None,
        };
        if multiply.is_some_and(|x| x != m) {
            return None;
        }
        multiply = Some(m);
    }
    // Reads of the accumulator (or of a join of its values) other than by its joins: its
    // updates, once each, and nothing else.
    let reads = l_body
        .iter()
        .flat_map(|b| ir.blocks[*b].stmts.iter())
        .filter(|s| !matches!(&s.kind, StmtKind::Assign { target, value: Value::Phi(_) } if joins.contains(target)))
        .flat_map(|s| s.kind.uses())
        .filter(|u| family(*u))
        .count()
        + l_body.iter().flat_map(|b| ir.blocks[*b].term.uses()).filter(|u| family(*u)).count();
    let t = cx.ty(phi).ok()?;
    let numeric_ok = numeric(&t).is_some_and(|k| k != NumericKind::Boolean && !matches!(k, NumericKind::Complex64 | NumericKind::Complex128));
    if reads != updates.len() || !numeric_ok {
        return None;
    }
    Some(Reduction { phi, multiply: multiply? })
}

/// The values a carried variable `phi` takes in the loop body, from its values at the back
/// edges (`from_body`): the joins (phis, also those of inner loops' headers) and the other
/// values (its updates), each once, following joins' incoming values back to `phi`.
fn accumulator_values(cx: &FnCx<'_, '_>, phi: VarId, from_body: &[VarId]) -> (HashSet<VarId>, Vec<VarId>) {
    let mut joins: HashSet<VarId> = HashSet::new();
    let mut updates: Vec<VarId> = Vec::new();
    let mut seen: HashSet<VarId> = HashSet::new();
    let mut pending: Vec<VarId> = from_body.to_vec();
    while let Some(v) = pending.pop() {
        let v = root(cx, v);
        if v == phi || !seen.insert(v) {
            continue;
        }
        match definition(cx, v) {
            Some(Value::Phi(more)) => {
                joins.insert(v);
                pending.extend(more.iter().filter_map(|(_, x)| *x));
            }
            _ => {
                updates.push(v);
                // An update's own operand leads back to the joins (an inner loop's header).
                if let Some(Value::InplaceBinOp { lhs, .. } | Value::BinOp { lhs, .. }) = definition(cx, v) {
                    pending.push(*lhs);
                }
            }
        }
    }
    (joins, updates)
}

/// Whether `v` is a number or a boolean (no references to count when a chunk copies it).
fn plain_number(cx: &FnCx<'_, '_>, v: VarId) -> bool {
    cx.ty(v).ok().is_some_and(|t| numeric(&t).is_some())
}

/// Whether a new value of the carried variable `phi` is computed from it by an operator or a
/// call (through the body's joins and the values it is computed from): what Numba's `get_reduce_nodes` takes for a reduction.
/// A carried variable the body reads whose new values are not (`if a[i] > m: m = a[i]`) is
/// not a reduction in Numba's parfor pass but a parameter of the loop's gufunc: each chunk
/// starts from the value before the loop, and what the body assigns is lost with the chunk
/// (`_combine_params_races_for_ssa_names` drops it from the races written back), so after the
/// loop the variable still holds the value from before it. numrs lowers such a variable the
/// same way (chunk-private, not written back).
fn combines_itself(cx: &FnCx<'_, '_>, phi: VarId, from_body: &[VarId]) -> bool {
    let mut pending: Vec<VarId> = from_body.to_vec();
    let mut seen = HashSet::new();
    while let Some(v) = pending.pop() {
        let v = root(cx, v);
        if v == phi || !seen.insert(v) {
            continue;
        }
        match definition(cx, v) {
            Some(Value::Phi(more)) => pending.extend(more.iter().filter_map(|(_, x)| *x)),
            Some(other) => {
                for u in other.uses() {
                    if version_of(cx, u, phi) {
                        return true;
                    }
                    pending.push(u);
                }
            }
            None => {}
        }
    }
    false
}

/// Whether `v` is the carried variable `phi`, or a join whose incoming values lead back to it
/// through joins only: a version of the variable inside the body (an inner loop's header phi
/// of it).
fn version_of(cx: &FnCx<'_, '_>, v: VarId, phi: VarId) -> bool {
    let mut pending = vec![v];
    let mut seen = HashSet::new();
    while let Some(v) = pending.pop() {
        let v = root(cx, v);
        if v == phi {
            return true;
        }
        if !seen.insert(v) {
            continue;
        }
        if let Some(Value::Phi(more)) = definition(cx, v) {
            pending.extend(more.iter().filter_map(|(_, x)| *x));
        }
    }
    false
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Lower the parallel loop headed by `l.header` (positioned at the header's block).
    pub(crate) fn lower_parallel_loop(&mut self, l: &Loop, copies: &[Vec<(VarId, VarId)>]) -> R<()> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let nvars = self.ir.vars.len() as u32;
        let nred = l.reductions.len() as u32;
        // The context: a pointer per variable (its slot here, or null), then per reduction
        // its partial results, then the chunks' ExcInfos.
        let ctx_t = ptr.array_type(nvars + nred + 1);
        let ctx_p = self.temp(ctx_t.into())?;
        for v in 0..nvars {
            let p = self.slot_of(VarId(v)).unwrap_or(ptr.const_null());
            let at = unsafe { self.b.build_in_bounds_gep(ctx_t, ctx_p, &[self.i64(0), self.i64(v as i64)], "")? };
            self.b.build_store(at, p)?;
        }
        let mut partials = Vec::new();
        for (j, r) in l.reductions.iter().enumerate() {
            let t = self.vt(&self.ty(r.phi)?)?;
            let arr = self.temp(t.array_type(MAX_CHUNKS as u32).into())?;
            let at = unsafe { self.b.build_in_bounds_gep(ctx_t, ctx_p, &[self.i64(0), self.i64((nvars + j as u32) as i64)], "")? };
            self.b.build_store(at, arr)?;
            partials.push((arr, t));
        }
        let et = exc_info_type(self.ctx);
        let excs = self.temp(et.array_type(MAX_CHUNKS as u32).into())?;
        let at = unsafe { self.b.build_in_bounds_gep(ctx_t, ctx_p, &[self.i64(0), self.i64((nvars + nred) as i64)], "")? };
        self.b.build_store(at, excs)?;

        let body = self.chunk_function(l, copies, ctx_t)?;

        // Bounds: prange(stop) or prange(start, stop), step 1.
        let rt = self.ty(l.range)?;
        let Type::Range(kind) = rt else { return self.fail("prange over a non-range") };
        let rk = types::range_int(kind);
        let rv = self.load(l.range)?.into_struct_value();
        let lo = self.b.build_extract_value(rv, 0, "lo")?;
        let hi = self.b.build_extract_value(rv, 1, "hi")?;
        let lo = self.cast_number(lo, rk, NumericKind::Int64)?.into_int_value();
        let hi = self.cast_number(hi, rk, NumericKind::Int64)?.into_int_value();
        let nchunks = self.chunk_count()?;
        let failed = self.parallel_for(body, ctx_p, lo, hi, nchunks)?;
        // A chunk raised: report the lowest one's exception as this function's.
        let bad = self.b.build_int_compare(IntPredicate::NE, failed, i64t.const_zero(), "")?;
        let raise = self.new_block("prange_raise");
        let ok = self.new_block("prange_ok");
        self.b.build_conditional_branch(bad, raise, ok)?;
        self.b.position_at_end(raise);
        let k = self.b.build_int_sub(failed, i64t.const_int(1, false), "")?;
        let src = unsafe { self.b.build_in_bounds_gep(et.array_type(MAX_CHUNKS as u32), excs, &[self.i64(0), k], "")? };
        let info = self.b.build_load(et, src, "")?;
        self.b.build_store(self.exc_ptr(), info)?;
        self.raises.set(true);
        self.release_all()?;
        self.return_status(self.ctx.i32_type().const_int(1, false))?;
        self.b.position_at_end(ok);
        // Combine the partials, in chunk order, with the value before the loop.
        for (r, (arr, t)) in l.reductions.iter().zip(&partials) {
            let phi_t = self.ty(r.phi)?;
            let k = numeric(&phi_t).unwrap_or(NumericKind::Int64);
            let slot = self.slot_of(r.phi).ok_or_else(|| crate::func::CgError { span: self.span, message: "reduction without a slot".into() })?;
            let acc = self.temp(*t)?;
            let init = self.b.build_load(*t, slot, "")?;
            self.b.build_store(acc, init)?;
            let (arr, t, multiply) = (*arr, *t, r.multiply);
            self.counted_loop(nchunks, |cx, c| {
                let p = unsafe { cx.b.build_in_bounds_gep(t.array_type(MAX_CHUNKS as u32), arr, &[cx.i64(0), c], "")? };
                let x = cx.b.build_load(t, p, "")?;
                let a = cx.b.build_load(t, acc, "")?;
                let y = combine(cx, k, multiply, a, x)?;
                cx.b.build_store(acc, y)?;
                Ok(())
            })?;
            let v = self.b.build_load(t, acc, "")?;
            self.b.build_store(slot, v)?;
        }
        // What the header does on its last run: the copies into the exit's phis.
        for (target, src) in &copies[l.header] {
            self.assign_var(*target, *src)?;
        }
        let exit = self.block_of(l.exit.0 as usize);
        self.b.build_unconditional_branch(exit)?;
        Ok(())
    }

    /// Call field `field` of the RuntimeApi.
    pub(crate) fn runtime_call(&self, field: u32, ft: inkwell::types::FunctionType<'ctx>, args: &[inkwell::values::BasicMetadataValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let f = self.api_fn_ptr(field)?;
        match self.b.build_indirect_call(ft, f, args, "")?.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Ok(v),
            _ => self.fail("internal error: runtime service returned nothing"),
        }
    }

    /// The chunk function of loop `l`: `i32 (ptr ctx, i64 start, i64 stop, i64 chunk)`.
    fn chunk_function(&mut self, l: &Loop, copies: &[Vec<(VarId, VarId)>], ctx_t: inkwell::types::ArrayType<'ctx>) -> R<FunctionValue<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let ft = self.ctx.i32_type().fn_type(&[ptr.into(), i64t.into(), i64t.into(), i64t.into()], false);
        let name = format!("{}.prange{}", self.func.get_name().to_str().unwrap_or("f"), l.header);
        let f = self.module.add_function(&name, ft, Some(inkwell::module::Linkage::Internal));
        let entry = self.ctx.append_basic_block(f, "entry");
        let head = self.ctx.append_basic_block(f, "head");
        let step = self.ctx.append_basic_block(f, "iter");
        let latch = self.ctx.append_basic_block(f, "latch");
        let done = self.ctx.append_basic_block(f, "done");
        let dead = self.ctx.append_basic_block(f, "outside");
        let mut blocks = vec![dead; self.ir.blocks.len()];
        for b in &l.body {
            blocks[*b] = self.ctx.append_basic_block(f, &format!("b{b}"));
        }
        blocks[l.header] = latch;
        let p = |i: u32| f.get_nth_param(i).expect("declared parameter");
        let (ctx_p, start, stop, chunk) = (p(0).into_pointer_value(), p(1).into_int_value(), p(2).into_int_value(), p(3).into_int_value());
        let b0 = self.ctx.create_builder();
        b0.position_at_end(entry);
        let et = exc_info_type(self.ctx);
        let nvars = self.ir.vars.len() as u32;
        let nred = l.reductions.len() as u32;
        let field = |b: &inkwell::builder::Builder<'ctx>, i: u32| -> R<PointerValue<'ctx>> {
            let at = unsafe { b.build_in_bounds_gep(ctx_t, ctx_p, &[i64t.const_zero(), i64t.const_int(i as u64, false)], "")? };
            Ok(b.build_load(ptr, at, "")?.into_pointer_value())
        };
        let excs = field(&b0, nvars + nred)?;
        let exc_ptr = unsafe { b0.build_in_bounds_gep(et.array_type(MAX_CHUNKS as u32), excs, &[i64t.const_zero(), chunk], "exc")? };
        let mut cx = self.outlined(f, blocks, exc_ptr);
        cx.thread_index = Some(chunk);
        // Private: what the body defines, the loop variable, the accumulators.
        let mut private: HashSet<VarId> = HashSet::new();
        for b in &l.body {
            for s in &self.ir.blocks[*b].stmts {
                if let StmtKind::Assign { target, .. } = &s.kind {
                    private.insert(*target);
                }
            }
        }
        private.insert(l.index);
        private.extend(l.reductions.iter().map(|r| r.phi));
        // Variables of the caller the body reads are copied in once per chunk (the body never
        // assigns them: it defines new versions), so that they live in registers.
        let mut read: HashSet<VarId> = HashSet::new();
        for b in &l.body {
            for s in &self.ir.blocks[*b].stmts {
                read.extend(s.kind.uses());
                // A call of an inner function reads the variables it captures (see
                // `closures.rs`): every version, the one reaching the call is chosen there.
                if let StmtKind::Assign { value: Value::Call { func, .. }, .. } = &s.kind {
                    if let Ok(Type::MakeFunction(idx, _)) = self.ty(*func) {
                        if let Some(info) = self.ir.closures.get(idx as usize) {
                            let names = info.captured();
                            read.extend((0..nvars).map(VarId).filter(|v| {
                                let var = self.ir.var(*v);
                                var.user && names.contains(&var.base)
                            }));
                        }
                    }
                }
            }
            // (A body block never returns: such a loop is not run in parallel.)
            read.extend(self.ir.blocks[*b].term.uses());
            for (_, src) in &copies[*b] {
                read.insert(*src);
            }
        }
        for v in 0..nvars {
            let v = VarId(v);
            if private.contains(&v) {
                cx.own_slot(v, true)?;
            } else if read.contains(&v) && self.slot_of(v).is_some() && cx.own_slot(v, false)? {
                let shared = field(&b0, v.0)?;
                let lt = cx.vt(&cx.ty(v)?)?;
                let val = b0.build_load(lt, shared, "")?;
                if let Some(mine) = cx.slot_of(v) {
                    b0.build_store(mine, val)?;
                }
            }
        }
        for r in &l.reductions {
            let t = cx.ty(r.phi)?;
            let k = numeric(&t).unwrap_or(NumericKind::Int64);
            let one = if r.multiply { 1.0 } else { 0.0 };
            let id: BasicValueEnum = if k.is_float() {
                types::number_type(self.ctx, k).into_float_type().const_float(one).into()
            } else {
                cx.int_const(k, one as i128).into()
            };
            if let Some(s) = cx.slot_of(r.phi) {
                b0.build_store(s, id)?;
            }
        }
        let counter = b0.build_alloca(i64t, "i")?;
        b0.build_store(counter, start)?;
        b0.build_unconditional_branch(head)?;
        // Allocas of the body go before the branch: keep the entry builder there.
        if let Some(term) = entry.get_terminator() {
            cx.alloca_b.position_before(&term);
        }
        // head: i < stop ? iter : done
        cx.b.position_at_end(head);
        let i = cx.b.build_load(i64t, counter, "")?.into_int_value();
        let more = cx.b.build_int_compare(IntPredicate::SLT, i, stop, "")?;
        cx.b.build_conditional_branch(more, step, done)?;
        // iter: the loop variable, then the body.
        cx.b.position_at_end(step);
        let it = cx.ty(l.index)?;
        let iv = cx.cast_number(i.into(), NumericKind::Int64, numeric(&it).unwrap_or(NumericKind::Int64))?;
        if let Some(s) = cx.slot_of(l.index) {
            cx.b.build_store(s, iv)?;
        }
        cx.b.build_unconditional_branch(cx.block_of(l.body_entry.0 as usize))?;
        for b in &l.body {
            cx.b.position_at_end(cx.block_of(*b));
            cx.lower_block(*b, copies)?;
        }
        // latch: the body's jumps back to the header come here.
        cx.b.position_at_end(latch);
        let i = cx.b.build_load(i64t, counter, "")?.into_int_value();
        let next = cx.b.build_int_add(i, i64t.const_int(1, false), "")?;
        cx.b.build_store(counter, next)?;
        cx.b.build_unconditional_branch(head)?;
        // done: leave the partial results, drop private references.
        cx.b.position_at_end(done);
        for (j, r) in l.reductions.iter().enumerate() {
            let t = cx.vt(&cx.ty(r.phi)?)?;
            let arr = field_at(&cx, ctx_t, ctx_p, nvars + j as u32)?;
            let dst = unsafe { cx.b.build_in_bounds_gep(t.array_type(MAX_CHUNKS as u32), arr, &[cx.i64(0), chunk], "")? };
            if let Some(s) = cx.slot_of(r.phi) {
                let v = cx.b.build_load(t, s, "")?;
                cx.b.build_store(dst, v)?;
            }
        }
        cx.release_all()?;
        cx.b.build_return(Some(&self.ctx.i32_type().const_zero()))?;
        cx.b.position_at_end(dead);
        cx.b.build_unreachable()?;
        cx.finish_cleanups()?;
        // Raises in the body return `{status, {}}` through the context's return struct:
        // rewrite those returns to the chunk function's `i32`.
        fix_returns(f)?;
        self.called.extend(cx.called.iter().copied());
        if cx.raises.get() {
            self.raises.set(true);
        }
        Ok(f)
    }
}

/// Loops of at least this many iterations outside `prange` (array expressions) run on the
/// runtime's threads; shorter ones stay on the calling thread, where starting the chunks
/// would cost more than the loop.
const MIN_PARALLEL_ITEMS: u64 = 16384;

/// A chunk function being lowered (see [`FnCx::chunk_fn`]).
struct Chunk<'a, 'ctx> {
    f: FunctionValue<'ctx>,
    cx: FnCx<'a, 'ctx>,
    /// The context's values, loaded in the function.
    env: Vec<BasicValueEnum<'ctx>>,
    env_p: PointerValue<'ctx>,
    start: IntValue<'ctx>,
    stop: IntValue<'ctx>,
    chunk: IntValue<'ctx>,
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// How many chunks a loop is split into: the runtime's thread count, at most `MAX_CHUNKS`.
    fn chunk_count(&self) -> R<IntValue<'ctx>> {
        let i64t = self.ctx.i64_type();
        let threads = self.runtime_call(5, i64t.fn_type(&[], false), &[])?.into_int_value();
        let max = i64t.const_int(MAX_CHUNKS, false);
        let few = self.b.build_int_compare(IntPredicate::SLT, threads, max, "")?;
        Ok(self.b.build_select(few, threads, max, "nchunks")?.into_int_value())
    }

    /// `RuntimeApi::parallel_for`: the chunk function `f` over `[lo, hi)` in `nchunks` chunks
    /// with the context `ctx`; 0, or 1 + the lowest chunk that failed.
    fn parallel_for(&self, f: FunctionValue<'ctx>, ctx: PointerValue<'ctx>, lo: IntValue<'ctx>, hi: IntValue<'ctx>, nchunks: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let pf_t = i64t.fn_type(&[ptr.into(), ptr.into(), i64t.into(), i64t.into(), i64t.into()], false);
        let args = [f.as_global_value().as_pointer_value().into(), ctx.into(), lo.into(), hi.into(), nchunks.into()];
        Ok(self.runtime_call(6, pf_t, &args)?.into_int_value())
    }

    /// A new chunk function `i32 (ptr env, i64 start, i64 stop, i64 chunk)` of this function
    /// (`<name>.<stem>N`) and its lowering context, positioned in its body: the values `env`
    /// stands for are loaded from the first fields of the context struct `env_t`, and the
    /// body's allocas go in the entry block.
    fn chunk_fn(&self, stem: &str, env_t: inkwell::types::StructType<'ctx>, env: &[BasicValueEnum<'ctx>]) -> R<Chunk<'a, 'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let ft = self.ctx.i32_type().fn_type(&[ptr.into(), i64t.into(), i64t.into(), i64t.into()], false);
        let base = self.func.get_name().to_str().unwrap_or("f").to_string();
        let mut k = 0;
        while self.module.get_function(&format!("{base}.{stem}{k}")).is_some() {
            k += 1;
        }
        let f = self.module.add_function(&format!("{base}.{stem}{k}"), ft, Some(inkwell::module::Linkage::Internal));
        let entry = self.ctx.append_basic_block(f, "entry");
        let b0 = self.ctx.create_builder();
        b0.position_at_end(entry);
        let exc = b0.build_alloca(exc_info_type(self.ctx), "exc")?;
        let mut cx = self.outlined(f, Vec::new(), exc);
        cx.flags.parallel = false;
        cx.b.position_at_end(entry);
        let p = |i: u32| f.get_nth_param(i).expect("declared parameter");
        let env_p = p(0).into_pointer_value();
        let mut mine = Vec::new();
        for (j, v) in env.iter().enumerate() {
            mine.push(cx.b.build_load(v.get_type(), cx.b.build_struct_gep(env_t, env_p, j as u32, "")?, "")?);
        }
        let run = self.ctx.append_basic_block(f, "run");
        let br = cx.b.build_unconditional_branch(run)?;
        cx.alloca_b.position_before(&br);
        cx.b.position_at_end(run);
        Ok(Chunk { f, cx, env: mine, env_p, start: p(1).into_int_value(), stop: p(2).into_int_value(), chunk: p(3).into_int_value() })
    }

    /// Ends a chunk function's body (status 0; its exits' cleanups filled in, its error exits
    /// returning the status alone); what it calls is called from here.
    fn finish_chunk_fn(&mut self, f: FunctionValue<'ctx>, cx: FnCx<'a, 'ctx>) -> R<()> {
        cx.b.build_return(Some(&self.ctx.i32_type().const_zero()))?;
        cx.finish_cleanups()?;
        fix_returns(f)?;
        self.called.extend(cx.called.iter().copied());
        Ok(())
    }

    /// `for i in 0..n: body(i)` split into chunks on the runtime's threads (when `n` is large
    /// enough). `body` must not raise; it reads the values `env` (the caller's, or their
    /// copies in the chunk function, in the same order).
    pub(crate) fn parallel_counted_loop(
        &mut self,
        n: IntValue<'ctx>,
        env: &[BasicValueEnum<'ctx>],
        body: &mut dyn FnMut(&mut FnCx<'a, 'ctx>, IntValue<'ctx>, &[BasicValueEnum<'ctx>]) -> R<()>,
    ) -> R<()> {
        let i64t = self.ctx.i64_type();
        let env_t = self.ctx.struct_type(&env.iter().map(|v| v.get_type()).collect::<Vec<_>>(), false);
        let Chunk { f, mut cx, env: mine, start, stop, .. } = self.chunk_fn("chunk", env_t, env)?;
        let count = cx.b.build_int_sub(stop, start, "")?;
        cx.counted_loop(count, |cx, k| {
            let i = cx.b.build_int_add(start, k, "")?;
            body(cx, i, &mine)
        })?;
        self.finish_chunk_fn(f, cx)?;
        // Here: large loops go to the threads, small ones stay.
        let big = self.b.build_int_compare(IntPredicate::SGE, n, i64t.const_int(MIN_PARALLEL_ITEMS, false), "")?;
        let par = self.new_block("par_loop");
        let serial = self.new_block("serial_loop");
        let done = self.new_block("loop_done");
        self.b.build_conditional_branch(big, par, serial)?;
        self.b.position_at_end(par);
        let env_p = self.temp(env_t.into())?;
        for (j, v) in env.iter().enumerate() {
            let at = self.b.build_struct_gep(env_t, env_p, j as u32, "")?;
            self.b.build_store(at, *v)?;
        }
        let nchunks = self.chunk_count()?;
        self.parallel_for(f, env_p, i64t.const_zero(), n, nchunks)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(serial);
        self.counted_loop(n, |cx, i| body(cx, i, env))?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `a.sum()` / `a.prod()` (`op`: the ufunc) of a `parallel=True` function, as Numba's
    /// parfor reduction computes it: the items split into one chunk per thread by Numba's
    /// schedule, each chunk reduced in order from the identity, the partial results combined
    /// in chunk order with the identity, so that the result is Numba's bit for bit. Large
    /// arrays run the chunks on the runtime's threads; small ones run them one after the
    /// other here (the same arithmetic).
    pub(crate) fn parallel_array_reduce(&mut self, arr: BasicValueEnum<'ctx>, a: &numrs_types::ArrayType, acc_t: &Type, op: &str) -> R<BasicValueEnum<'ctx>> {
        let nitems = self.field(arr, 2)?.into_int_value();
        let dtype = a.dtype.clone();
        let mut elem = |cx: &mut FnCx<'a, 'ctx>, i: IntValue<'ctx>, env: &[BasicValueEnum<'ctx>]| -> R<(BasicValueEnum<'ctx>, Type)> {
            let pe = cx.flat_ptr(env[0], a, i)?;
            Ok((cx.load_element(pe, &dtype)?, dtype.clone()))
        };
        self.parallel_reduce(nitems, &[arr], &mut elem, acc_t, op)
    }

    /// [`Self::parallel_array_reduce`] of an array of two or more dimensions: Numba's parfor
    /// runs over the array's n-dimensional index space, split into boxes by its scheduler (the
    /// runtime's `parallel_schedule`), each box reduced in row-major order from the identity,
    /// the partial results combined in chunk order.
    pub(crate) fn parallel_array_reduce_nd(&mut self, arr: BasicValueEnum<'ctx>, a: &numrs_types::ArrayType, acc_t: &Type, op: &str) -> R<BasicValueEnum<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let nd = a.ndim as usize;
        let Some(ak) = numeric(acc_t) else { return self.fail(format!("a reduction to {acc_t}")) };
        let lt = types::number_type(self.ctx, ak);
        let identity = self.cast(self.i64(if op == "multiply" { 1 } else { 0 }).into(), &Type::int64(), acc_t)?;
        // The schedule: per chunk its first and last index in each dimension.
        let shape_t = i64t.array_type(nd as u32);
        let shape_p = self.temp(shape_t.into())?;
        for (d, s) in self.dims(arr, 5, a.ndim)?.into_iter().enumerate() {
            let at = unsafe { self.b.build_in_bounds_gep(shape_t, shape_p, &[self.i64(0), self.i64(d as i64)], "")? };
            self.b.build_store(at, s)?;
        }
        let nchunks = self.chunk_count()?;
        let sched_t = i64t.array_type((MAX_CHUNKS as usize * 2 * nd) as u32);
        let sched = self.temp(sched_t.into())?;
        let sched_fn = self.api_fn_ptr(crate::dicts::API_PARALLEL_SCHEDULE)?;
        let sched_ft = self.ctx.void_type().fn_type(&[i64t.into(), ptr.into(), i64t.into(), ptr.into()], false);
        self.b.build_indirect_call(sched_ft, sched_fn, &[self.i64(nd as i64).into(), shape_p.into(), nchunks.into(), sched.into()], "")?;
        // The context: the array, the schedule, then the partial results' array.
        let env = [arr, sched.into()];
        let env_t = self.ctx.struct_type(&[arr.get_type(), ptr.into(), ptr.into()], false);
        let parts_t = lt.array_type(MAX_CHUNKS as u32);
        let Chunk { f, mut cx, env: mine, env_p, chunk, .. } = self.chunk_fn("reduce", env_t, &env)?;
        let parts_c = cx.b.build_load(ptr, cx.b.build_struct_gep(env_t, env_p, 2, "")?, "parts")?.into_pointer_value();
        let acc = cx.alloca_b.build_alloca(lt, "acc")?;
        cx.b.build_store(acc, identity)?;
        let base = cx.b.build_int_mul(chunk, cx.i64(2 * nd as i64), "")?;
        let mut bounds = Vec::new();
        for d in 0..2 * nd {
            let at = cx.b.build_int_add(base, cx.i64(d as i64), "")?;
            let p = unsafe { cx.b.build_gep(i64t, mine[1].into_pointer_value(), &[at], "")? };
            bounds.push(cx.b.build_load(i64t, p, "")?.into_int_value());
        }
        let data = cx.field(mine[0], 4)?.into_pointer_value();
        let strides = cx.dims(mine[0], 6, a.ndim)?;
        let dtype = a.dtype.clone();
        let mut body = |cx: &mut FnCx<'a, 'ctx>, offset: IntValue<'ctx>| -> R<()> {
            let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[offset], "")? };
            let x = cx.load_element(p, &dtype)?;
            let x = cx.cast(x, &dtype, acc_t)?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let r = cx.ufunc_elem(op, &[(cur, acc_t.clone()), (x, acc_t.clone())], ak)?;
            cx.b.build_store(acc, r)?;
            Ok(())
        };
        cx.box_loop(&bounds[..nd], &bounds[nd..], &strides, cx.i64(0), &mut body)?;
        let dst = unsafe { cx.b.build_in_bounds_gep(parts_t, parts_c, &[cx.i64(0), chunk], "")? };
        let v = cx.b.build_load(lt, acc, "")?;
        cx.b.build_store(dst, v)?;
        self.finish_chunk_fn(f, cx)?;
        // Here: the context, the chunks (on the threads for large arrays), then the partial
        // results in order.
        let parts = self.temp(parts_t.into())?;
        let env_p = self.temp(env_t.into())?;
        self.b.build_store(self.b.build_struct_gep(env_t, env_p, 0, "")?, arr)?;
        self.b.build_store(self.b.build_struct_gep(env_t, env_p, 1, "")?, sched)?;
        self.b.build_store(self.b.build_struct_gep(env_t, env_p, 2, "")?, parts)?;
        let nitems = self.field(arr, 2)?.into_int_value();
        let big = self.b.build_int_compare(IntPredicate::SGE, nitems, i64t.const_int(MIN_PARALLEL_ITEMS, false), "")?;
        let par = self.new_block("reduce_threads");
        let here = self.new_block("reduce_here");
        let done = self.new_block("reduce_done");
        self.b.build_conditional_branch(big, par, here)?;
        self.b.position_at_end(par);
        // One chunk per index of [0, nchunks): chunk k's range is [k, k + 1).
        self.parallel_for(f, env_p, i64t.const_zero(), nchunks, nchunks)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(here);
        self.counted_loop(nchunks, |cx, k| {
            let k1 = cx.b.build_int_add(k, cx.i64(1), "")?;
            cx.b.build_call(f, &[env_p.into(), k.into(), k1.into(), k.into()], "")?;
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        self.combine_parts(parts, parts_t, nchunks, identity, acc_t, op)
    }

    /// The partial results `parts[0..nchunks]` of a parallel reduction combined in chunk order
    /// from `identity` (so that a float sum is Numba's bit for bit).
    fn combine_parts(
        &mut self,
        parts: PointerValue<'ctx>,
        parts_t: inkwell::types::ArrayType<'ctx>,
        nchunks: IntValue<'ctx>,
        identity: BasicValueEnum<'ctx>,
        acc_t: &Type,
        op: &str,
    ) -> R<BasicValueEnum<'ctx>> {
        let Some(ak) = numeric(acc_t) else { return self.fail(format!("a reduction to {acc_t}")) };
        let lt = types::number_type(self.ctx, ak);
        let acc = self.temp(lt)?;
        self.b.build_store(acc, identity)?;
        self.counted_loop(nchunks, |cx, k| {
            let pk = unsafe { cx.b.build_in_bounds_gep(parts_t, parts, &[cx.i64(0), k], "")? };
            let x = cx.b.build_load(lt, pk, "")?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let y = cx.ufunc_elem(op, &[(cur, acc_t.clone()), (x, acc_t.clone())], ak)?;
            cx.b.build_store(acc, y)?;
            Ok(())
        })?;
        Ok(self.b.build_load(lt, acc, "")?)
    }

    /// Nested loops over the box `first..=last` (per dimension, outermost first; empty when a
    /// last index is below its first), calling `body` with each item's byte offset.
    fn box_loop(
        &mut self,
        first: &[IntValue<'ctx>],
        last: &[IntValue<'ctx>],
        strides: &[IntValue<'ctx>],
        offset: IntValue<'ctx>,
        body: &mut dyn FnMut(&mut FnCx<'a, 'ctx>, IntValue<'ctx>) -> R<()>,
    ) -> R<()> {
        let Some((&lo, rest_first)) = first.split_first() else { return body(self, offset) };
        let count = self.b.build_int_add(self.b.build_int_sub(last[0], lo, "")?, self.i64(1), "")?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, count, self.i64(0), "")?;
        let count = self.b.build_select(neg, self.i64(0), count, "")?.into_int_value();
        self.counted_loop(count, |cx, k| {
            let i = cx.b.build_int_add(lo, k, "")?;
            let off = cx.b.build_int_add(offset, cx.b.build_int_mul(i, strides[0], "")?, "")?;
            cx.box_loop(rest_first, &last[1..], &strides[1..], off, body)
        })
    }

    /// The reduction with the ufunc `op` of the `n` elements `elem(i)` (reading the values
    /// `env`, the caller's or their copies in the chunk function), as
    /// [`Self::parallel_array_reduce`] describes.
    pub(crate) fn parallel_reduce(
        &mut self,
        nitems: IntValue<'ctx>,
        env: &[BasicValueEnum<'ctx>],
        elem: &mut dyn FnMut(&mut FnCx<'a, 'ctx>, IntValue<'ctx>, &[BasicValueEnum<'ctx>]) -> R<(BasicValueEnum<'ctx>, Type)>,
        acc_t: &Type,
        op: &str,
    ) -> R<BasicValueEnum<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let Some(ak) = numeric(acc_t) else { return self.fail(format!("a reduction to {acc_t}")) };
        let lt = types::number_type(self.ctx, ak);
        let identity = self.cast(self.i64(if op == "multiply" { 1 } else { 0 }).into(), &Type::int64(), acc_t)?;
        // The context: the values the elements read, then the partial results' array.
        let mut fields: Vec<inkwell::types::BasicTypeEnum<'ctx>> = env.iter().map(|v| v.get_type()).collect();
        fields.push(ptr.into());
        let env_t = self.ctx.struct_type(&fields, false);
        let parts_field = env.len() as u32;
        let parts_t = lt.array_type(MAX_CHUNKS as u32);
        let Chunk { f, mut cx, env: mine, env_p, start, stop, chunk } = self.chunk_fn("reduce", env_t, env)?;
        let parts_c = cx.b.build_load(ptr, cx.b.build_struct_gep(env_t, env_p, parts_field, "")?, "parts")?.into_pointer_value();
        let acc = cx.alloca_b.build_alloca(lt, "acc")?;
        cx.b.build_store(acc, identity)?;
        let count = cx.b.build_int_sub(stop, start, "")?;
        cx.counted_loop(count, |cx, k| {
            let i = cx.b.build_int_add(start, k, "")?;
            let (x, xt) = elem(cx, i, &mine)?;
            let x = cx.cast(x, &xt, acc_t)?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let r = cx.ufunc_elem(op, &[(cur, acc_t.clone()), (x, acc_t.clone())], ak)?;
            cx.b.build_store(acc, r)?;
            Ok(())
        })?;
        let dst = unsafe { cx.b.build_in_bounds_gep(parts_t, parts_c, &[cx.i64(0), chunk], "")? };
        let v = cx.b.build_load(lt, acc, "")?;
        cx.b.build_store(dst, v)?;
        self.finish_chunk_fn(f, cx)?;
        // Here: the context, the chunks, then the partial results in order.
        let parts = self.temp(parts_t.into())?;
        let env_p = self.temp(env_t.into())?;
        for (j, v) in env.iter().enumerate() {
            self.b.build_store(self.b.build_struct_gep(env_t, env_p, j as u32, "")?, *v)?;
        }
        self.b.build_store(self.b.build_struct_gep(env_t, env_p, parts_field, "")?, parts)?;
        let nchunks = self.chunk_count()?;
        let big = self.b.build_int_compare(IntPredicate::SGE, nitems, i64t.const_int(MIN_PARALLEL_ITEMS, false), "")?;
        let par = self.new_block("reduce_threads");
        let here = self.new_block("reduce_here");
        let done = self.new_block("reduce_done");
        self.b.build_conditional_branch(big, par, here)?;
        self.b.position_at_end(par);
        self.parallel_for(f, env_p, i64t.const_zero(), nitems, nchunks)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(here);
        // The runtime's split (`chunk_start`): chunk k starts at k*q + min(k, r).
        let q = self.b.build_int_signed_div(nitems, nchunks, "")?;
        let r = self.b.build_int_signed_rem(nitems, nchunks, "")?;
        self.counted_loop(nchunks, |cx, k| {
            let start_of = |cx: &FnCx<'a, 'ctx>, k: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                let kq = cx.b.build_int_mul(k, q, "")?;
                let lt_r = cx.b.build_int_compare(IntPredicate::SLT, k, r, "")?;
                let m = cx.b.build_select(lt_r, k, r, "")?.into_int_value();
                Ok(cx.b.build_int_add(kq, m, "")?)
            };
            let s0 = start_of(cx, k)?;
            let k1 = cx.b.build_int_add(k, cx.i64(1), "")?;
            let s1 = start_of(cx, k1)?;
            cx.b.build_call(f, &[env_p.into(), s0.into(), s1.into(), k.into()], "")?;
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        self.combine_parts(parts, parts_t, nchunks, identity, acc_t, op)
    }
}

fn field_at<'ctx>(cx: &FnCx<'_, 'ctx>, ctx_t: inkwell::types::ArrayType<'ctx>, ctx_p: PointerValue<'ctx>, i: u32) -> R<PointerValue<'ctx>> {
    let ptr = cx.ctx.ptr_type(AddressSpace::default());
    let at = unsafe { cx.b.build_in_bounds_gep(ctx_t, ctx_p, &[cx.i64(0), cx.i64(i as i64)], "")? };
    Ok(cx.b.build_load(ptr, at, "")?.into_pointer_value())
}

fn combine<'ctx>(cx: &FnCx<'_, 'ctx>, k: NumericKind, multiply: bool, a: BasicValueEnum<'ctx>, x: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
    Ok(if k.is_float() {
        let (a, x) = (a.into_float_value(), x.into_float_value());
        if multiply { cx.b.build_float_mul(a, x, "")?.into() } else { cx.b.build_float_add(a, x, "")?.into() }
    } else {
        let (a, x): (IntValue, IntValue) = (a.into_int_value(), x.into_int_value());
        if multiply { cx.b.build_int_mul(a, x, "")?.into() } else { cx.b.build_int_add(a, x, "")?.into() }
    })
}

/// The body's error exits return `{i32 status, {}}` (the context's return struct); the chunk
/// function returns the status alone.
fn fix_returns(f: FunctionValue<'_>) -> R<()> {
    use inkwell::values::InstructionOpcode;
    let ctx = f.get_type().get_context();
    for bb in f.get_basic_blocks() {
        let Some(term) = bb.get_terminator() else { continue };
        if term.get_opcode() != InstructionOpcode::Return || term.get_num_operands() == 0 {
            continue;
        }
        let Some(v) = term.get_operand(0).and_then(|o| o.value()) else { continue };
        if !v.is_struct_value() {
            continue;
        }
        let b = ctx.create_builder();
        b.position_before(&term);
        let status = b.build_extract_value(v.into_struct_value(), 0, "status")?;
        b.build_return(Some(&status))?;
        term.erase_from_basic_block();
    }
    Ok(())
}
