//! `@cuda.jit` code for the GPU (`Flags::cuda`): the CUDA intrinsics Numba's CUDA target
//! lowers (thread and block indices as NVVM special registers, `cuda.grid`/`gridsize`,
//! barriers, shared and local arrays, atomics), and the PTX kernel entry points: each takes
//! its arguments flattened as Numba's CUDA kernels do (an array as meminfo, parent, nitems,
//! itemsize, data, then its shape and strides; a number by value) and calls the internal
//! function. Kernels have no runtime: arrays are never owned (no reference counts) and
//! anything that needs the numrs runtime is refused.

use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, IntValue};
use inkwell::AddressSpace;
use numrs_ir::VarId;
use numrs_types::{NumericKind, Type};

use crate::func::{CgError, FnCx, R};
use crate::types::{self, numeric};

/// The NVVM special register of `cuda.<dim3>.<xyz>` (`threadIdx.x` is `tid.x`).
fn sreg(dim3: &str, xyz: &str) -> Option<String> {
    let reg = match dim3 {
        "threadIdx" => "tid",
        "blockIdx" => "ctaid",
        "blockDim" => "ntid",
        "gridDim" => "nctaid",
        _ => return None,
    };
    matches!(xyz, "x" | "y" | "z").then(|| format!("llvm.nvvm.read.ptx.sreg.{reg}.{xyz}"))
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// A call of an `i32`-returning NVVM intrinsic without arguments.
    fn nvvm_i32(&self, name: &str) -> R<IntValue<'ctx>> {
        let i32t = self.ctx.i32_type();
        let f = self.module.get_function(name).unwrap_or_else(|| self.module.add_function(name, i32t.fn_type(&[], false), None));
        let v = self.b.build_call(f, &[], "")?.try_as_basic_value();
        match v {
            inkwell::values::ValueKind::Basic(v) => Ok(v.into_int_value()),
            _ => self.fail(format!("internal error: {name} returned nothing")),
        }
    }

    fn nvvm_void(&self, name: &str, args: &[BasicMetadataValueEnum<'ctx>]) -> R<()> {
        let types: Vec<BasicMetadataTypeEnum<'ctx>> = args
            .iter()
            .map(|a| match a {
                BasicMetadataValueEnum::IntValue(v) => v.get_type().into(),
                _ => self.ctx.i32_type().into(),
            })
            .collect();
        let f = self.module.get_function(name).unwrap_or_else(|| self.module.add_function(name, self.ctx.void_type().fn_type(&types, false), None));
        self.b.build_call(f, args, "")?;
        Ok(())
    }

    /// A special register widened to `int64`.
    fn sreg64(&self, dim3: &str, xyz: &str) -> R<IntValue<'ctx>> {
        let Some(name) = sreg(dim3, xyz) else { return self.fail(format!("cuda.{dim3}.{xyz}")) };
        let v = self.nvvm_i32(&name)?;
        Ok(self.b.build_int_s_extend(v, self.ctx.i64_type(), "")?)
    }

    /// `cuda.threadIdx.x` and friends, `cuda.warpsize`, `cuda.laneid`; None: not a CUDA value.
    pub(crate) fn cuda_getattr(&self, module: &str, attr: &str, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if !self.flags.cuda {
            return Ok(None);
        }
        let v = match (module, attr) {
            ("numba.cuda", "warpsize") => self.nvvm_i32("llvm.nvvm.read.ptx.sreg.warpsize")?,
            ("numba.cuda", "laneid") => self.nvvm_i32("llvm.nvvm.read.ptx.sreg.laneid")?,
            (m, xyz) => match m.strip_prefix("numba.cuda.").and_then(|d| sreg(d, xyz)) {
                Some(name) => self.nvvm_i32(&name)?,
                None => return Ok(None),
            },
        };
        Ok(Some(self.cast(v.into(), &Type::int32(), tt)?))
    }

    /// A call of `cuda.<key>` in a kernel or device function; None: not one of them.
    pub(crate) fn cuda_call(&mut self, key: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if key == "builtins.print" {
            self.cuda_print(args)?;
            return Ok(Some(self.vt(tt)?.const_zero()));
        }
        let Some(name) = key.strip_prefix("cuda.") else { return Ok(None) };
        if !self.flags.cuda {
            return self.fail(format!("cuda.{name} outside a CUDA kernel"));
        }
        let dims = ["x", "y", "z"];
        let ndim_arg = |cx: &Self| -> R<usize> {
            match args.first().map(|a| cx.ty(*a)).transpose()? {
                Some(Type::IntegerLiteral(n @ 1..=3)) => Ok(n as usize),
                other => cx.fail(format!("cuda.{name} of {other:?}: the number of dimensions must be a literal 1, 2 or 3")),
            }
        };
        let v: BasicValueEnum<'ctx> = match name {
            "grid" | "gridsize" => {
                let n = ndim_arg(self)?;
                let mut items = Vec::new();
                for xyz in &dims[..n] {
                    let ntid = self.sreg64("blockDim", xyz)?;
                    let nctaid = self.sreg64(if name == "grid" { "blockIdx" } else { "gridDim" }, xyz)?;
                    let prod = self.b.build_int_mul(ntid, nctaid, "")?;
                    items.push(if name == "grid" { self.b.build_int_add(prod, self.sreg64("threadIdx", xyz)?, "")? } else { prod });
                }
                if n == 1 {
                    items[0].into()
                } else {
                    let st = self.vt(tt)?.into_struct_type();
                    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                    for (i, x) in items.into_iter().enumerate() {
                        agg = self.b.build_insert_value(agg, x, i as u32, "")?;
                    }
                    agg.as_basic_value_enum()
                }
            }
            "syncthreads" => {
                self.nvvm_void("llvm.nvvm.barrier0", &[])?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            "syncwarp" => {
                let mask = match args.first() {
                    Some(m) => self.int32_arg(*m)?,
                    None => self.ctx.i32_type().const_all_ones(),
                };
                self.nvvm_void("llvm.nvvm.bar.warp.sync", &[mask.into()])?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            "threadfence_block" | "threadfence_system" => {
                self.nvvm_void(if name == "threadfence_block" { "llvm.nvvm.membar.cta" } else { "llvm.nvvm.membar.sys" }, &[])?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            "syncthreads_count" | "syncthreads_and" | "syncthreads_or" => {
                let Some(p) = args.first() else { return self.fail(format!("cuda.{name} without a predicate")) };
                let p = self.int32_arg(*p)?;
                let which = &name["syncthreads_".len()..];
                let intrinsic = format!("llvm.nvvm.barrier0.{}", if which == "count" { "popc" } else { which });
                let i32t = self.ctx.i32_type();
                let r = self.nvvm_call(&intrinsic, i32t.into(), &[p.into()])?;
                self.cast(r, &Type::int32(), tt)?
            }
            "shfl_sync" | "shfl_up_sync" | "shfl_down_sync" | "shfl_xor_sync" => self.cuda_shfl(name, args, tt)?,
            // A module-level array is already a constant of the module (read-only global
            // memory here, where Numba copies it to the constant bank): the same array.
            "const.array_like" => {
                let Some(a) = args.first() else { return self.fail("cuda.const.array_like without an array") };
                let at = self.ty(*a)?;
                let v = self.load(*a)?;
                self.cast(v, &at, tt)?
            }
            "all_sync" | "any_sync" | "eq_sync" | "ballot_sync" => {
                let [mask, pred] = args else { return self.fail(format!("cuda.{name} takes (mask, predicate)")) };
                let mask = self.int32_arg(*mask)?;
                let pt = self.ty(*pred)?;
                let pv = self.load(*pred)?;
                let pv = self.cast(pv, &pt, &Type::boolean())?;
                let (intrinsic, ret): (&str, BasicTypeEnum<'ctx>) = match name {
                    "all_sync" => ("llvm.nvvm.vote.all.sync", self.ctx.bool_type().into()),
                    "any_sync" => ("llvm.nvvm.vote.any.sync", self.ctx.bool_type().into()),
                    "eq_sync" => ("llvm.nvvm.vote.uni.sync", self.ctx.bool_type().into()),
                    _ => ("llvm.nvvm.vote.ballot.sync", self.ctx.i32_type().into()),
                };
                let r = self.nvvm_call(intrinsic, ret, &[mask.into(), pv])?;
                let rt = if name == "ballot_sync" { Type::int32() } else { Type::boolean() };
                self.cast(r, &rt, tt)?
            }
            "match_any_sync" | "match_all_sync" => {
                let [mask, value] = args else { return self.fail(format!("cuda.{name} takes (mask, value)")) };
                let mask = self.int32_arg(*mask)?;
                let vt = self.ty(*value)?;
                let pt = self.param_types(key, args)?.get(1).cloned().unwrap_or_else(|| vt.unliteral());
                let v = self.load(*value)?;
                let v = self.cast(v, &vt, &pt)?;
                let width = if matches!(pt.as_number(), Some(NumericKind::Int64 | NumericKind::Float64)) { 64 } else { 32 };
                let it: inkwell::types::IntType<'ctx> = if width == 64 { self.ctx.i64_type() } else { self.ctx.i32_type() };
                let v = self.b.build_bit_cast(v, it, "")?;
                if name == "match_any_sync" {
                    let r = self.nvvm_call(&format!("llvm.nvvm.match.any.sync.i{width}"), self.ctx.i32_type().into(), &[mask.into(), v])?;
                    self.cast(r, &Type::int32(), tt)?
                } else {
                    let st = self.ctx.struct_type(&[self.ctx.i32_type().into(), self.ctx.bool_type().into()], false);
                    let r = self.nvvm_call(&format!("llvm.nvvm.match.all.sync.i{width}p"), st.into(), &[mask.into(), v])?.into_struct_value();
                    let (m, pred) = (self.b.build_extract_value(r, 0, "")?, self.b.build_extract_value(r, 1, "")?);
                    let out_t = self.vt(tt)?.into_struct_type();
                    let items = tt.tuple_items().unwrap_or_default();
                    let m = self.cast(m, &Type::int32(), items.first().unwrap_or(&Type::int32()))?;
                    let pred = self.cast(pred, &Type::boolean(), items.get(1).unwrap_or(&Type::boolean()))?;
                    let agg = self.b.build_insert_value(out_t.get_undef(), m, 0, "")?;
                    let agg = self.b.build_insert_value(agg, pred, 1, "")?;
                    agg.as_basic_value_enum()
                }
            }
            "activemask" | "lanemask_lt" | "nanosleep" => {
                let i32t = self.ctx.i32_type();
                if name == "nanosleep" {
                    let Some(ns) = args.first() else { return self.fail("cuda.nanosleep without a duration") };
                    let ns = self.int32_arg(*ns)?;
                    let ft = self.ctx.void_type().fn_type(&[i32t.into()], false);
                    let asm = self.ctx.create_inline_asm(ft, "nanosleep.u32 $0;".into(), "r".into(), true, false, None, false);
                    self.b.build_indirect_call(ft, asm, &[ns.into()], "")?;
                    return Ok(Some(self.vt(tt)?.const_zero()));
                }
                let text = if name == "activemask" { "activemask.b32 $0;" } else { "mov.u32 $0, %lanemask_lt;" };
                let ft = i32t.fn_type(&[], false);
                let asm = self.ctx.create_inline_asm(ft, text.into(), "=r".into(), true, false, None, false);
                let inkwell::values::ValueKind::Basic(r) = self.b.build_indirect_call(ft, asm, &[], "")?.try_as_basic_value() else {
                    return self.fail(format!("internal error: cuda.{name}"));
                };
                self.cast(r, &Type::Number(NumericKind::UInt32), tt)?
            }
            "popc" | "clz" | "brev" | "ffs" => {
                let Some(a) = args.first() else { return self.fail(format!("cuda.{name} without an argument")) };
                let at = self.ty(*a)?;
                let pt = self.param_types(key, args)?.first().cloned().unwrap_or_else(|| at.unliteral());
                let v = self.load(*a)?;
                let v = self.cast(v, &at, &pt)?.into_int_value();
                let it = v.get_type();
                let bits = it.get_bit_width();
                let r = match name {
                    "popc" => self.nvvm_call(&format!("llvm.ctpop.i{bits}"), it.into(), &[v.into()])?,
                    "brev" => self.nvvm_call(&format!("llvm.bitreverse.i{bits}"), it.into(), &[v.into()])?,
                    "clz" => self.nvvm_call(&format!("llvm.ctlz.i{bits}"), it.into(), &[v.into(), self.ctx.bool_type().const_zero().into()])?,
                    _ => {
                        // 1 + the index of the lowest set bit, 0 for none (`__nv_ffs`).
                        let tz = self.nvvm_call(&format!("llvm.cttz.i{bits}"), it.into(), &[v.into(), self.ctx.bool_type().const_zero().into()])?;
                        let tz = self.b.build_int_z_extend_or_bit_cast(tz.into_int_value(), self.ctx.i64_type(), "")?;
                        let tz = self.b.build_int_truncate(tz, self.ctx.i32_type(), "")?;
                        let one = self.b.build_int_add(tz, self.ctx.i32_type().const_int(1, false), "")?;
                        let zero = self.b.build_int_compare(inkwell::IntPredicate::EQ, v, it.const_zero(), "")?;
                        let r = self.b.build_select(zero, self.ctx.i32_type().const_zero(), one, "")?;
                        return Ok(Some(self.cast(r, &Type::Number(NumericKind::UInt32), tt)?));
                    }
                };
                self.cast(r, &pt, tt)?
            }
            "fma" | "cbrt" => {
                let mut vals = Vec::new();
                for a in args {
                    let t = self.ty(*a)?;
                    let v = self.load(*a)?;
                    vals.push(self.cast(v, &t, tt)?);
                }
                crate::ops::intrinsic_call(self, if name == "fma" { "llvm.fma" } else { "cbrt" }, &vals)?
            }
            "selp" => {
                let [test, a, b] = args else { return self.fail("cuda.selp takes (test, a, b)") };
                let t = self.ty(*test)?;
                let c = self.load(*test)?;
                let c = self.cast(c, &t, &Type::boolean())?.into_int_value();
                let (at, bt) = (self.ty(*a)?, self.ty(*b)?);
                let (x, y) = (self.load(*a)?, self.load(*b)?);
                let (x, y) = (self.cast(x, &at, tt)?, self.cast(y, &bt, tt)?);
                self.b.build_select(c, x, y, "")?
            }
            "threadfence" => {
                self.nvvm_void("llvm.nvvm.membar.gl", &[])?;
                return Ok(Some(self.vt(tt)?.const_zero()));
            }
            "shared.array" | "local.array" => {
                let shape = args.first().copied().or_else(|| kws.iter().find(|(k, _)| k == "shape").map(|(_, v)| *v));
                let Some(shape) = shape else { return self.fail(format!("cuda.{name} without a shape")) };
                self.cuda_array(name == "shared.array", shape, tt)?
            }
            _ if name.starts_with("atomic.") => self.cuda_atomic(&name["atomic.".len()..], args, tt)?,
            _ => return self.fail(format!("cuda.{name} is not supported by numrs build yet")),
        };
        Ok(Some(v))
    }

    /// A call of the LLVM/NVVM intrinsic `name` returning `ret`.
    fn nvvm_call(&self, name: &str, ret: BasicTypeEnum<'ctx>, args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let params: Vec<BasicMetadataTypeEnum<'ctx>> = args.iter().map(|a| a.get_type().into()).collect();
        let f = self.module.get_function(name).unwrap_or_else(|| self.module.add_function(name, ret.fn_type(&params, false), None));
        let margs: Vec<BasicMetadataValueEnum<'ctx>> = args.iter().map(|a| (*a).into()).collect();
        match self.b.build_call(f, &margs, "")?.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Ok(v),
            _ => self.fail(format!("internal error: {name} returned nothing")),
        }
    }

    /// An argument converted to `int32` (masks, lanes, predicates of the warp intrinsics, which
    /// truncate as Numba's lowering does).
    fn int32_arg(&self, v: VarId) -> R<IntValue<'ctx>> {
        let t = self.ty(v)?;
        let x = self.load(v)?;
        let x = match t.as_number() {
            Some(NumericKind::Boolean) => self.cast(x, &t, &Type::int32())?,
            _ => {
                let wide = self.cast(x, &t, &Type::Number(NumericKind::UInt64))?.into_int_value();
                self.b.build_int_truncate(wide, self.ctx.i32_type(), "")?.into()
            }
        };
        Ok(x.into_int_value())
    }

    /// The parameter types of the signature `cuda.<key>` is typed with for these arguments.
    fn param_types(&self, key: &str, args: &[VarId]) -> R<Vec<Type>> {
        let types = args.iter().map(|a| self.ty(*a)).collect::<R<Vec<_>>>()?;
        match numrs_typing::resolve_call(key, &types, &[]) {
            Ok(Some(sig)) => Ok(sig.args),
            _ => self.fail(format!("{key} of ({})", types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))),
        }
    }

    /// `cuda.shfl_sync` (mode idx), `shfl_up_sync`, `shfl_down_sync`, `shfl_xor_sync` (bfly):
    /// NVVM's 32-bit shuffle, a float bit-cast to an integer, a 64-bit value as two 32-bit
    /// halves (as numba-cuda's `shfl_sync_intrinsic`).
    fn cuda_shfl(&self, name: &str, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let [mask, value, lane] = args else { return self.fail(format!("cuda.{name} takes (mask, value, lane)")) };
        let (mode, c) = match name {
            "shfl_sync" => ("idx", 0x1f),
            "shfl_up_sync" => ("up", 0),
            "shfl_down_sync" => ("down", 0x1f),
            _ => ("bfly", 0x1f),
        };
        let i32t = self.ctx.i32_type();
        let mask = self.int32_arg(*mask)?;
        let lane = self.int32_arg(*lane)?;
        let vt = self.ty(*value)?;
        let v = self.load(*value)?;
        let v = self.cast(v, &vt, tt)?;
        let bits = match tt.as_number() {
            Some(NumericKind::Int64 | NumericKind::Float64) => 64,
            _ => 32,
        };
        let it = if bits == 64 { self.ctx.i64_type() } else { i32t };
        let v = self.b.build_bit_cast(v, it, "")?.into_int_value();
        let intrinsic = format!("llvm.nvvm.shfl.sync.{mode}.i32");
        let cv = i32t.const_int(c, false);
        let shuffle = |x: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            Ok(self.nvvm_call(&intrinsic, i32t.into(), &[mask.into(), x.into(), lane.into(), cv.into()])?.into_int_value())
        };
        let r = if bits == 32 {
            shuffle(v)?
        } else {
            let i64t = self.ctx.i64_type();
            let lo = self.b.build_int_truncate(v, i32t, "")?;
            let hi = self.b.build_int_truncate(self.b.build_right_shift(v, i64t.const_int(32, false), false, "")?, i32t, "")?;
            let (lo, hi) = (shuffle(lo)?, shuffle(hi)?);
            let lo = self.b.build_int_z_extend(lo, i64t, "")?;
            let hi = self.b.build_int_z_extend(hi, i64t, "")?;
            self.b.build_or(self.b.build_left_shift(hi, i64t.const_int(32, false), "")?, lo, "")?
        };
        let out = self.vt(tt)?;
        Ok(self.b.build_bit_cast(r, out, "")?)
    }

    /// `cuda.shared.array(shape, dtype)` (a block's shared memory, address space 3) or
    /// `cuda.local.array` (the thread's stack): a C array of the literal shape.
    fn cuda_array(&self, shared: bool, shape: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Array(at) = tt else { return self.fail(format!("a CUDA array of type {tt}")) };
        let shape_t = self.ty(shape)?;
        let et = types::storage_type(self.ctx, &at.dtype).map_err(|m| self.cg_err(m))?;
        let isz = self.itemsize_of(&at.dtype)?;
        // Numba's rule: a one-dimensional shared array of no items is dynamic.
        let one = match &shape_t {
            Type::IntegerLiteral(n) => Some(*n),
            t => t.tuple_items().filter(|items| items.len() == 1).and_then(|items| match items[0] {
                Type::IntegerLiteral(n) => Some(n),
                _ => None,
            }),
        };
        if shared && one.is_some_and(|n| n <= 0) {
            return self.dynamic_shared_array(et, isz);
        }
        let shape = self.cuda_array_shape(&shape_t)?;
        let n = shape.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d)).filter(|n| n.checked_mul(isz).is_some_and(|b| b <= u32::MAX as u64));
        let Some(n) = n else { return self.fail(format!("a CUDA array of shape {shape:?} is too large")) };
        let arr_t = et.array_type(n as u32);
        let data = if shared {
            let name = format!("numrs.shared.{}", self.module.get_globals().count());
            let g = self.module.add_global(arr_t, Some(AddressSpace::from(3u16)), &name);
            g.set_linkage(Linkage::Internal);
            g.set_initializer(&arr_t.get_undef());
            g.set_alignment(16);
            self.b.build_address_space_cast(g.as_pointer_value(), self.ctx.ptr_type(AddressSpace::default()), "")?
        } else {
            self.frame_alloca(arr_t.into(), "local_array")?
        };
        let mut strides = vec![isz; shape.len()];
        for d in (0..shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * shape[d + 1];
        }
        let null = self.ctx.ptr_type(AddressSpace::default()).const_null();
        let shape_v: Vec<IntValue<'ctx>> = shape.iter().map(|s| self.i64(*s as i64)).collect();
        let strides_v: Vec<IntValue<'ctx>> = strides.iter().map(|s| self.i64(*s as i64)).collect();
        self.make_array(at.ndim, null, null, self.i64(isz as i64), data, &shape_v, &strides_v)
    }

    /// `cuda.shared.array(0, dtype)`: the block's dynamic shared memory, sized by the launch
    /// (`kernel[griddim, blockdim, stream, sharedmem]`). As in Numba, every such array of a
    /// kernel starts at the same address (an external `.shared` array each), and its length is
    /// the dynamic size (the `%dynamic_smem_size` register) divided by the item size.
    fn dynamic_shared_array(&self, et: BasicTypeEnum<'ctx>, isz: u64) -> R<BasicValueEnum<'ctx>> {
        let name = format!("numrs_dynshared_{}", self.module.get_globals().count());
        let g = self.module.add_global(et.array_type(0), Some(AddressSpace::from(3u16)), &name);
        g.set_linkage(Linkage::External);
        g.set_alignment(16);
        let data = self.b.build_address_space_cast(g.as_pointer_value(), self.ctx.ptr_type(AddressSpace::default()), "")?;
        let fn_t = self.ctx.i32_type().fn_type(&[], false);
        let asm = self.ctx.create_inline_asm(fn_t, "mov.u32 $0, %dynamic_smem_size;".into(), "=r".into(), true, false, None, false);
        let size = self.b.build_indirect_call(fn_t, asm, &[], "dynamic_smem_size")?;
        let inkwell::values::ValueKind::Basic(size) = size.try_as_basic_value() else { return self.fail("internal error: reading %dynamic_smem_size") };
        let size = self.b.build_int_z_extend(size.into_int_value(), self.ctx.i64_type(), "")?;
        let len = self.b.build_int_unsigned_div(size, self.i64(isz as i64), "")?;
        let null = self.ctx.ptr_type(AddressSpace::default()).const_null();
        self.make_array(1, null, null, self.i64(isz as i64), data, &[len], &[self.i64(isz as i64)])
    }

    /// The literal shape of a CUDA array, from the type of its shape argument.
    fn cuda_array_shape(&self, shape_t: &Type) -> R<Vec<u64>> {
        let lit = |t: &Type| match t {
            Type::IntegerLiteral(n) if *n > 0 => Some(*n as u64),
            _ => None,
        };
        let shape = match shape_t {
            Type::IntegerLiteral(_) => lit(shape_t).map(|n| vec![n]),
            t => t.tuple_items().and_then(|items| items.iter().map(lit).collect()),
        };
        match shape {
            Some(s) => Ok(s),
            None => self.fail(format!("a CUDA array's shape must be a positive literal integer or a tuple of them, not {shape_t}")),
        }
    }

    /// `cuda.atomic.<op>(ary, idx, val)`: the old value, after the operation on `ary[idx]`.
    fn cuda_atomic(&self, op: &str, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if op == "compare_and_swap" || op == "cas" {
            return self.cuda_cas(op, args, tt);
        }
        let [ary, idx, val] = args else { return self.fail(format!("cuda.atomic.{op} takes (array, index, value)")) };
        let Type::Array(at) = self.ty(*ary)? else { return self.fail(format!("cuda.atomic.{op} of a non-array")) };
        let Some(k) = numeric(&at.dtype).filter(|k| *k != NumericKind::Boolean && !k.is_complex()) else {
            return self.fail(format!("cuda.atomic.{op} on an array of {} is not supported by numrs build yet", at.dtype));
        };
        let arr = self.load(*ary)?;
        let it = self.ty(*idx)?;
        let iv = self.load(*idx)?;
        let indices: Vec<(BasicValueEnum<'ctx>, Type)> = match it.tuple_items() {
            Some(items) => {
                let sv = iv.into_struct_value();
                items.iter().enumerate().map(|(i, t)| Ok((self.b.build_extract_value(sv, i as u32, "")?, t.clone()))).collect::<R<_>>()?
            }
            None => vec![(iv, it.clone())],
        };
        let p = self.element_ptr(arr, at.ndim, &indices)?;
        let vt = self.ty(*val)?;
        let v = self.load(*val)?;
        let v = self.cast(v, &vt, &at.dtype)?;
        let float = k.is_float();
        let signed = k.is_signed_int();
        if float && (op == "max" || op == "min") {
            let old = self.float_minmax_loop(p, v.into_float_value(), op == "max")?;
            return self.cast(old.into(), &at.dtype, tt);
        }
        use llvm_sys::LLVMAtomicRMWBinOp as Op;
        let rmw = match (op, float) {
            ("add", false) => Op::LLVMAtomicRMWBinOpAdd,
            ("add", true) => Op::LLVMAtomicRMWBinOpFAdd,
            ("sub", false) => Op::LLVMAtomicRMWBinOpSub,
            ("sub", true) => Op::LLVMAtomicRMWBinOpFSub,
            ("max" | "nanmax", false) if signed => Op::LLVMAtomicRMWBinOpMax,
            ("max" | "nanmax", false) => Op::LLVMAtomicRMWBinOpUMax,
            // NaN in the array is replaced, a NaN value ignored: LLVM's maxnum.
            ("nanmax", true) => Op::LLVMAtomicRMWBinOpFMax,
            ("min" | "nanmin", false) if signed => Op::LLVMAtomicRMWBinOpMin,
            ("min" | "nanmin", false) => Op::LLVMAtomicRMWBinOpUMin,
            ("nanmin", true) => Op::LLVMAtomicRMWBinOpFMin,
            // `old >= val ? 0 : old + 1` and `(old == 0 || old > val) ? val : old - 1`.
            ("inc", false) if !signed => Op::LLVMAtomicRMWBinOpUIncWrap,
            ("dec", false) if !signed => Op::LLVMAtomicRMWBinOpUDecWrap,
            ("and_", false) => Op::LLVMAtomicRMWBinOpAnd,
            ("or_", false) => Op::LLVMAtomicRMWBinOpOr,
            ("xor", false) => Op::LLVMAtomicRMWBinOpXor,
            ("exch", _) => Op::LLVMAtomicRMWBinOpXchg,
            _ => return self.fail(format!("cuda.atomic.{op} on {} is not supported by numrs build yet", at.dtype)),
        };
        // inkwell builds integer read-modify-writes only: LLVM's C API takes any.
        use inkwell::values::AsValueRef;
        let raw = unsafe {
            llvm_sys::core::LLVMBuildAtomicRMW(
                self.b.as_mut_ptr(),
                rmw,
                p.as_value_ref(),
                v.as_value_ref(),
                llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic,
                0,
            )
        };
        let old: BasicValueEnum<'ctx> = if float {
            unsafe { inkwell::values::FloatValue::new(raw) }.into()
        } else {
            unsafe { IntValue::new(raw) }.into()
        };
        self.cast(old, &at.dtype, tt)
    }

    /// Numba's float `cuda.atomic.max`/`min` (`___numba_atomic_double_max`): nothing happens
    /// when the value or the item is NaN; otherwise the value is swapped in while the item is
    /// below (above) it. The item read first is returned.
    fn float_minmax_loop(&self, p: inkwell::values::PointerValue<'ctx>, v: inkwell::values::FloatValue<'ctx>, max: bool) -> R<inkwell::values::FloatValue<'ctx>> {
        let ft = v.get_type();
        let it = if ft == self.ctx.f32_type() { self.ctx.i32_type() } else { self.ctx.i64_type() };
        let first = self.b.build_load(ft, p, "item")?;
        if let Some(i) = first.as_instruction_value() {
            let _ = i.set_volatile(true);
        }
        let first = first.into_float_value();
        let entry = self.b.get_insert_block().ok_or_else(|| self.cg_err("no block".into()))?;
        let check = self.new_block("atomic_check");
        let attempt = self.new_block("atomic_attempt");
        let done = self.new_block("atomic_done");
        let nan = self.b.build_float_compare(inkwell::FloatPredicate::UNO, v, first, "")?;
        self.b.build_conditional_branch(nan, done, check)?;
        self.b.position_at_end(check);
        let cur = self.b.build_phi(ft, "cur")?;
        cur.add_incoming(&[(&first, entry)]);
        let pred = if max { inkwell::FloatPredicate::OLT } else { inkwell::FloatPredicate::OGT };
        let again = self.b.build_float_compare(pred, cur.as_basic_value().into_float_value(), v, "")?;
        self.b.build_conditional_branch(again, attempt, done)?;
        self.b.position_at_end(attempt);
        let old_i = self.b.build_bit_cast(cur.as_basic_value(), it, "")?.into_int_value();
        let new_i = self.b.build_bit_cast(v, it, "")?.into_int_value();
        // Monotonic, as numba-cuda's atomics.
        let seq = inkwell::AtomicOrdering::Monotonic;
        let pair = self.b.build_cmpxchg(p, old_i, new_i, seq, seq)?;
        let seen = self.b.build_extract_value(pair, 0, "")?;
        let seen = self.b.build_bit_cast(seen, ft, "")?.into_float_value();
        cur.add_incoming(&[(&seen, attempt)]);
        self.b.build_unconditional_branch(check)?;
        self.b.position_at_end(done);
        Ok(first)
    }

    /// `cuda.atomic.cas(ary, idx, old, val)` / `compare_and_swap(ary, old, val)` (item 0): the
    /// item is set to `val` if it equals `old`; the item seen is returned.
    fn cuda_cas(&self, op: &str, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let (ary, idx, old, val) = match (op, args) {
            ("cas", [a, i, o, v]) => (*a, Some(*i), *o, *v),
            ("compare_and_swap", [a, o, v]) => (*a, None, *o, *v),
            _ => return self.fail(format!("cuda.atomic.{op} with {} arguments", args.len())),
        };
        let Type::Array(at) = self.ty(ary)? else { return self.fail(format!("cuda.atomic.{op} of a non-array")) };
        if !numeric(&at.dtype).is_some_and(|k| k.is_integer()) {
            return self.fail(format!("cuda.atomic.{op} on an array of {} is not supported by numrs build yet", at.dtype));
        }
        let arr = self.load(ary)?;
        let indices: Vec<(BasicValueEnum<'ctx>, Type)> = match idx {
            None => vec![(self.i64(0).into(), Type::int64())],
            Some(i) => {
                let it = self.ty(i)?;
                let iv = self.load(i)?;
                match it.tuple_items() {
                    Some(items) => {
                        let sv = iv.into_struct_value();
                        items.iter().enumerate().map(|(k, t)| Ok((self.b.build_extract_value(sv, k as u32, "")?, t.clone()))).collect::<R<_>>()?
                    }
                    None => vec![(iv, it.clone())],
                }
            }
        };
        let p = self.element_ptr(arr, at.ndim, &indices)?;
        let (ot, vt) = (self.ty(old)?, self.ty(val)?);
        let o = self.load(old)?;
        let o = self.cast(o, &ot, &at.dtype)?.into_int_value();
        let v = self.load(val)?;
        let v = self.cast(v, &vt, &at.dtype)?.into_int_value();
        // Monotonic, as numba-cuda's atomics.
        let seq = inkwell::AtomicOrdering::Monotonic;
        let pair = self.b.build_cmpxchg(p, o, v, seq, seq)?;
        let seen = self.b.build_extract_value(pair, 0, "")?;
        self.cast(seen, &at.dtype, tt)
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `print(...)` in a kernel, as Numba's CUDA target prints: one `vprintf` of the items
    /// joined by spaces and a newline, integers as `%lld` (`%llu` unsigned), floats as `%f`
    /// (widened to float64), string literals as `%s`; other items are refused.
    pub(crate) fn cuda_print(&self, args: &[VarId]) -> R<BasicValueEnum<'ctx>> {
        let i64t = self.ctx.i64_type();
        let f64t = self.ctx.f64_type();
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let mut formats = Vec::new();
        let mut items: Vec<BasicValueEnum<'ctx>> = Vec::new();
        for a in args {
            let t = &self.ty(*a)?;
            match t {
                Type::StringLiteral(s) => {
                    formats.push("%s".to_string());
                    let g = self.b.build_global_string_ptr(s, "numrs.cuda_print.str")?;
                    items.push(g.as_pointer_value().into());
                }
                _ => {
                    let Some(k) = t.as_number() else { return self.fail(format!("print of {t} in a CUDA kernel is not supported by numrs build yet")) };
                    let v: BasicValueEnum<'ctx> = match t {
                        Type::IntegerLiteral(n) => i64t.const_int(*n as u64, true).into(),
                        Type::BooleanLiteral(b) => self.ctx.bool_type().const_int(*b as u64, false).into(),
                        _ => self.load(*a)?,
                    };
                    let base = t.unliteral();
                    if k.is_float() {
                        formats.push("%f".to_string());
                        items.push(self.cast(v, &base, &Type::float64())?);
                    } else if k.is_integer() || k == NumericKind::Boolean {
                        let unsigned = k.is_integer() && !k.is_signed_int();
                        formats.push(if unsigned { "%llu" } else { "%lld" }.to_string());
                        let to = if unsigned { Type::Number(NumericKind::UInt64) } else { Type::int64() };
                        items.push(self.cast(v, &base, &to)?);
                    } else {
                        return self.fail(format!("print of {t} in a CUDA kernel is not supported by numrs build yet"));
                    }
                }
            }
        }
        let fmt = format!("{}\n", formats.join(" "));
        let fmt_p = self.b.build_global_string_ptr(&fmt, "numrs.cuda_print.fmt")?;
        let fields: Vec<inkwell::types::BasicTypeEnum<'ctx>> = items
            .iter()
            .map(|v| match v {
                BasicValueEnum::PointerValue(_) => ptr.into(),
                BasicValueEnum::FloatValue(_) => f64t.into(),
                _ => i64t.into(),
            })
            .collect();
        let st = self.ctx.struct_type(&fields, false);
        let buf = self.frame_alloca(st.into(), "print_args")?;
        for (k, v) in items.iter().enumerate() {
            let p = self.b.build_struct_gep(st, buf, k as u32, "")?;
            self.b.build_store(p, *v)?;
        }
        let vprintf = self
            .module
            .get_function("vprintf")
            .unwrap_or_else(|| self.module.add_function("vprintf", self.ctx.i32_type().fn_type(&[ptr.into(), ptr.into()], false), None));
        let args_p: BasicMetadataValueEnum = if items.is_empty() { ptr.const_null().into() } else { buf.into() };
        self.b.build_call(vprintf, &[fmt_p.as_pointer_value().into(), args_p], "")?;
        Ok(self.ctx.const_struct(&[], false).into())
    }
}

/// The flattened kernel parameters of one argument type (Numba's CUDA kernel ABI).
fn flat_params<'ctx>(ctx: &'ctx inkwell::context::Context, t: &Type) -> Result<Vec<BasicMetadataTypeEnum<'ctx>>, String> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    match t {
        Type::Array(a) => {
            if numeric(&a.dtype).is_none() {
                return Err(format!("a CUDA kernel parameter of type {t} is not supported by numrs build yet"));
            }
            let mut out: Vec<BasicMetadataTypeEnum> = vec![ptr.into(), ptr.into(), i64t.into(), i64t.into(), ptr.into()];
            out.extend((0..2 * a.ndim).map(|_| BasicMetadataTypeEnum::from(i64t)));
            Ok(out)
        }
        t if numeric(t).is_some_and(|k| !k.is_complex()) => {
            let vt = types::value_type(ctx, t)?;
            Ok(vec![vt.into()])
        }
        // A complex number as its real and imaginary parts.
        t if numeric(t).is_some_and(|k| k.is_complex()) => {
            let part = if numeric(t) == Some(NumericKind::Complex64) { ctx.f32_type() } else { ctx.f64_type() };
            Ok(vec![part.into(), part.into()])
        }
        // A tuple as its items, one after the other (the launcher passes numbers in tuples).
        t if t.tuple_items().is_some() => {
            let items = t.tuple_items().unwrap_or_default();
            if items.iter().any(|i| !(i.is_number() || i.tuple_items().is_some())) {
                return Err(format!("a CUDA kernel parameter of type {t} (a tuple holding other than numbers) is not supported by numrs build yet"));
            }
            let mut out = Vec::new();
            for item in items.iter() {
                out.extend(flat_params(ctx, item)?);
            }
            Ok(out)
        }
        other => Err(format!("a CUDA kernel parameter of type {other} is not supported by numrs build yet")),
    }
}

/// The value of a kernel argument of type `t` from its flattened parameters (`next` gives
/// them in order).
fn rebuild_param<'ctx>(
    ctx: &'ctx inkwell::context::Context,
    b: &inkwell::builder::Builder<'ctx>,
    t: &Type,
    next: &mut dyn FnMut() -> Option<BasicValueEnum<'ctx>>,
) -> Result<BasicValueEnum<'ctx>, CgError> {
    let cg = |m: String| CgError { span: None, message: m };
    let err = |e: inkwell::builder::BuilderError| cg(format!("internal LLVM builder error: {e}"));
    let missing = || cg("internal error: kernel parameters".into());
    match t {
        Type::Array(a) => {
            let st = types::array_struct(ctx, a.ndim);
            let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
            for field in 0..5u32 {
                let p = next().ok_or_else(missing)?;
                agg = b.build_insert_value(agg, p, field, "").map_err(err)?;
            }
            for field in 5..7u32 {
                let dims_t = ctx.i64_type().array_type(a.ndim);
                let mut dims: inkwell::values::AggregateValueEnum = dims_t.get_undef().into();
                for d in 0..a.ndim {
                    let p = next().ok_or_else(missing)?;
                    dims = b.build_insert_value(dims, p, d, "").map_err(err)?;
                }
                agg = b.build_insert_value(agg, dims.as_basic_value_enum(), field, "").map_err(err)?;
            }
            Ok(agg.as_basic_value_enum())
        }
        t if numeric(t).is_some_and(|k| k.is_complex()) || t.tuple_items().is_some() => {
            let st = types::value_type(ctx, t).map_err(cg)?.into_struct_type();
            let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
            let items: Vec<Type> = match t.tuple_items() {
                Some(items) => items.to_vec(),
                None => {
                    let part = if numeric(t) == Some(NumericKind::Complex64) { Type::float32() } else { Type::float64() };
                    vec![part.clone(), part]
                }
            };
            for (i, item) in items.iter().enumerate() {
                let v = rebuild_param(ctx, b, item, next)?;
                agg = b.build_insert_value(agg, v, i as u32, "").map_err(err)?;
            }
            Ok(agg.as_basic_value_enum())
        }
        _ => next().ok_or_else(missing),
    }
}

/// The PTX entry point `name` of kernel `f` (an internal function taking `args`): its
/// parameters flattened, the values rebuilt and passed on, the status dropped (a kernel
/// cannot raise to its launcher, as in Numba without `debug=True`). Marked a kernel for NVVM.
pub(crate) fn build_kernel_entry<'ctx>(
    ctx: &'ctx inkwell::context::Context,
    module: &Module<'ctx>,
    f: FunctionValue<'ctx>,
    args: &[Type],
    name: &str,
) -> Result<FunctionValue<'ctx>, CgError> {
    let cg = |m: String| CgError { span: None, message: m };
    let mut params = Vec::new();
    for t in args {
        params.extend(flat_params(ctx, t).map_err(cg)?);
    }
    let entry = module.add_function(name, ctx.void_type().fn_type(&params, false), Some(Linkage::External));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(entry, "entry"));
    let err = |e: inkwell::builder::BuilderError| cg(format!("internal LLVM builder error: {e}"));
    let exc_t = crate::func::exc_info_type(ctx);
    let exc = b.build_alloca(exc_t, "exc").map_err(err)?;
    b.build_store(exc, exc_t.const_zero()).map_err(err)?;
    let mut call_args: Vec<BasicMetadataValueEnum> = vec![exc.into()];
    let mut k = 0u32;
    let mut next = || {
        let p = entry.get_nth_param(k);
        k += 1;
        p
    };
    for t in args {
        call_args.push(rebuild_param(ctx, &b, t, &mut next)?.into());
    }
    b.build_call(f, &call_args, "").map_err(err)?;
    b.build_return(None).map_err(err)?;
    let md = ctx.metadata_node(&[
        entry.as_global_value().as_pointer_value().into(),
        ctx.metadata_string("kernel").into(),
        ctx.i32_type().const_int(1, false).into(),
    ]);
    module.add_global_metadata("nvvm.annotations", &md).map_err(|e| cg(format!("internal error: {e}")))?;
    Ok(entry)
}
