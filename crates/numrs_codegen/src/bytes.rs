//! The methods of `bytes` values Numba types (`charseq.py`): `startswith`/`endswith` of
//! another `bytes` (byte by byte) and `isascii`. A `bytes` value is an array of `uint8`.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_ir::{Value, VarId};
use numrs_types::Type;

use crate::func::{FnCx, R};

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `b.<method>(...)` of a `bytes` value; `None`: not such a call.
    pub(crate) fn bytes_call(&mut self, func: VarId, args: &[VarId], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let Type::BoundFunction(b) = self.ty(func)? else { return Ok(None) };
        let Some(method) = b.0.strip_prefix("bytes.") else { return Ok(None) };
        let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
            return self.fail(format!("method {method} of an unknown bytes value"));
        };
        let (x, xa) = self.arr(*recv)?;
        let n = self.field(x, 2)?.into_int_value();
        let i64t = self.ctx.i64_type();
        // The answer so far (true), cleared by the loop.
        let answer = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(answer, self.ctx.bool_type().const_int(1, false))?;
        match method {
            "isascii" => {
                self.counted_loop(n, |cx, i| {
                    let c = cx.elem_at(x, &xa, i)?.into_int_value();
                    let c = cx.b.build_int_z_extend(c, i64t, "")?;
                    let high = cx.b.build_int_compare(IntPredicate::UGT, c, cx.i64(127), "")?;
                    let cur = cx.b.build_load(cx.ctx.bool_type(), answer, "")?.into_int_value();
                    cx.b.build_store(answer, cx.b.build_and(cur, cx.b.build_not(high, "")?, "")?)?;
                    Ok(())
                })?;
            }
            "startswith" | "endswith" => {
                let Some(&ov) = args.first() else { return self.fail(format!("bytes.{method} without its argument")) };
                let (y, ya) = self.arr(ov)?;
                let m = self.field(y, 2)?.into_int_value();
                let longer = self.b.build_int_compare(IntPredicate::SGT, m, n, "")?;
                self.b.build_store(answer, self.b.build_not(longer, "")?)?;
                // Where the other bytes would start (0 for a prefix).
                let start: IntValue<'ctx> = if method == "startswith" { self.i64(0) } else { self.b.build_int_sub(n, m, "")? };
                let count = self.b.build_select(longer, self.i64(0), m, "")?.into_int_value();
                self.counted_loop(count, |cx, i| {
                    let a = cx.elem_at(x, &xa, cx.b.build_int_add(start, i, "")?)?.into_int_value();
                    let c = cx.elem_at(y, &ya, i)?.into_int_value();
                    let same = cx.b.build_int_compare(IntPredicate::EQ, a, c, "")?;
                    let cur = cx.b.build_load(cx.ctx.bool_type(), answer, "")?.into_int_value();
                    cx.b.build_store(answer, cx.b.build_and(cur, same, "")?)?;
                    Ok(())
                })?;
            }
            other => return self.fail(format!("bytes.{other} is not supported by numrs build yet")),
        }
        let r = self.b.build_load(self.ctx.bool_type(), answer, "")?;
        self.cast(r, &Type::boolean(), tt).map(Some)
    }
}
