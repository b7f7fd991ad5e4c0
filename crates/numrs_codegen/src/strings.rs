//! Strings (`unicode_type`): a value is a pointer to a MemInfo holding a
//! `numrs_abi::StrPayload` (length, then UTF-32 code points), reference-counted like arrays.
//! String literals are static MemInfos whose count never reaches zero, so a
//! `Literal[str]` value costs nothing and needs no reference counting.
//!
//! `len` and truth read the payload inline; everything else calls the runtime's `str_op`
//! with the operands' bits. Which operation a Numba operator, builtin or method maps to is
//! data: the tables [`OPERATORS`] and [`METHODS`].

use inkwell::module::Linkage;
use inkwell::values::{BasicValue, BasicValueEnum, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};
use numrs_abi::{ExcKind, StrOp};
use numrs_ir::VarId;
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

/// `RuntimeApi::str_op`'s field.
pub(crate) const API_STR_OP: u32 = 19;

/// What an operation returns in `out[0]`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Out {
    Str,
    List,
    Int,
    Bool,
    Nothing,
}

fn out_of(op: StrOp) -> Out {
    use StrOp::*;
    match op {
        Compare | Count | Find | RFind | Index | RIndex | Ord | Hash => Out::Int,
        Contains | StartsWith | EndsWith | IsDigit | IsAlpha | IsAlnum | IsSpace | IsUpper | IsLower | IsDecimal
        | IsNumeric | IsTitle | IsAscii | IsIdentifier | IsPrintable | Equal => Out::Bool,
        Split | SplitSep | SplitSepMax | RSplitSep | RSplitSepMax | RSplit | SplitLines | SplitWsMax | RSplitWsMax | SplitLinesKeep => Out::List,
        Print | RaiseMessage => Out::Nothing,
        _ => Out::Str,
    }
}

/// `str.<name>` methods by the number of arguments after the receiver; `None` arguments
/// select the variant without them (`s.split(None)` is `s.split()`).
const METHODS: &[(&str, usize, StrOp)] = &[
    ("strip", 0, StrOp::Strip),
    ("lstrip", 0, StrOp::LStrip),
    ("rstrip", 0, StrOp::RStrip),
    ("strip", 1, StrOp::StripChars),
    ("lstrip", 1, StrOp::LStripChars),
    ("rstrip", 1, StrOp::RStripChars),
    ("lower", 0, StrOp::Lower),
    ("upper", 0, StrOp::Upper),
    ("capitalize", 0, StrOp::Capitalize),
    ("title", 0, StrOp::Title),
    ("swapcase", 0, StrOp::SwapCase),
    ("casefold", 0, StrOp::Casefold),
    ("isdigit", 0, StrOp::IsDigit),
    ("isalpha", 0, StrOp::IsAlpha),
    ("isalnum", 0, StrOp::IsAlnum),
    ("isspace", 0, StrOp::IsSpace),
    ("isupper", 0, StrOp::IsUpper),
    ("islower", 0, StrOp::IsLower),
    ("isdecimal", 0, StrOp::IsDecimal),
    ("isnumeric", 0, StrOp::IsNumeric),
    ("istitle", 0, StrOp::IsTitle),
    ("isascii", 0, StrOp::IsAscii),
    ("isidentifier", 0, StrOp::IsIdentifier),
    ("isprintable", 0, StrOp::IsPrintable),
    ("startswith", 1, StrOp::StartsWith),
    ("endswith", 1, StrOp::EndsWith),
    ("find", 1, StrOp::Find),
    ("rfind", 1, StrOp::RFind),
    ("index", 1, StrOp::Index),
    ("rindex", 1, StrOp::RIndex),
    ("count", 1, StrOp::Count),
    ("zfill", 1, StrOp::Zfill),
    ("ljust", 1, StrOp::Ljust),
    ("rjust", 1, StrOp::Rjust),
    ("center", 1, StrOp::Center),
    ("ljust", 2, StrOp::LjustFill),
    ("rjust", 2, StrOp::RjustFill),
    ("center", 2, StrOp::CenterFill),
    ("replace", 2, StrOp::Replace),
    ("replace", 3, StrOp::ReplaceCount),
    ("split", 0, StrOp::Split),
    ("split", 1, StrOp::SplitSep),
    ("split", 2, StrOp::SplitSepMax),
    ("rsplit", 0, StrOp::RSplit),
    ("rsplit", 1, StrOp::RSplitSep),
    ("rsplit", 2, StrOp::RSplitSepMax),
    ("splitlines", 0, StrOp::SplitLines),
    ("splitlines", 1, StrOp::SplitLinesKeep),
    ("expandtabs", 0, StrOp::ExpandTabs),
    ("expandtabs", 1, StrOp::ExpandTabsSize),
    ("join", 1, StrOp::Join),
];

/// Operators and builtins whose operands are all strings (or a string and an integer).
const OPERATORS: &[(&str, StrOp)] = &[
    ("operator.add", StrOp::Concat),
    ("operator.iadd", StrOp::Concat),
    ("operator.mul", StrOp::Repeat),
    ("operator.imul", StrOp::Repeat),
    ("operator.contains", StrOp::Contains),
    ("builtins.ord", StrOp::Ord),
    ("builtins.chr", StrOp::Chr),
    ("builtins.hash", StrOp::Hash),
];

pub fn is_str(t: &Type) -> bool {
    matches!(t, Type::Unicode | Type::StringLiteral(_))
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// The static string `s` (a MemInfo whose count never drops to zero).
    pub(crate) fn str_const(&self, s: &str) -> PointerValue<'ctx> {
        let mut h: u64 = 0xcbf29ce484222325;
        for b in s.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100000001b3);
        }
        let name = format!("numrs.str.{h:016x}.{}", s.len());
        if let Some(g) = self.module.get_global(&name) {
            return g.as_pointer_value();
        }
        let i64t = self.ctx.i64_type();
        let i32t = self.ctx.i32_type();
        let cps: Vec<_> = s.chars().map(|c| i32t.const_int(c as u64, false)).collect();
        let payload = self.ctx.const_struct(&[i64t.const_int(cps.len() as u64, false).into(), i64t.const_zero().into(), i32t.const_array(&cps).into()], false);
        let pg = self.module.add_global(payload.get_type(), None, &format!("{name}.data"));
        pg.set_initializer(&payload);
        pg.set_constant(true);
        pg.set_linkage(Linkage::Private);
        let size = 16 + 4 * cps.len() as u64;
        let mi = self.ctx.const_struct(&[i64t.const_int(1 << 60, false).into(), pg.as_pointer_value().into(), i64t.const_int(size, false).into()], false);
        let g = self.module.add_global(mi.get_type(), None, &name);
        g.set_initializer(&mi);
        g.set_linkage(Linkage::Private);
        g.as_pointer_value()
    }

    /// The number of code points of the string `s`.
    pub(crate) fn str_len(&self, s: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let dp = self.b.build_struct_gep(crate::lists::meminfo_type(self.ctx), s, 1, "")?;
        let data = self.b.build_load(ptr, dp, "str.data")?.into_pointer_value();
        Ok(self.b.build_load(self.ctx.i64_type(), data, "str.len")?.into_int_value())
    }

    /// `str_op(op, args)`; raises what the runtime reports. A string or list result is a new
    /// reference.
    pub(crate) fn str_op(&self, op: StrOp, args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let i64t = self.ctx.i64_type();
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let arr_t = i64t.array_type(args.len().max(1) as u32);
        let buf = self.temp(arr_t.into())?;
        for (i, a) in args.iter().enumerate() {
            let bits: IntValue<'ctx> = match a {
                BasicValueEnum::PointerValue(p) => self.b.build_ptr_to_int(*p, i64t, "")?,
                BasicValueEnum::IntValue(v) => {
                    let w = v.get_type().get_bit_width();
                    if w == 64 {
                        *v
                    } else if w == 1 {
                        self.b.build_int_z_extend(*v, i64t, "")?
                    } else {
                        self.b.build_int_s_extend(*v, i64t, "")?
                    }
                }
                BasicValueEnum::FloatValue(f) => {
                    let d = self.b.build_float_ext(*f, self.ctx.f64_type(), "")?;
                    self.b.build_bit_cast(d, i64t, "")?.into_int_value()
                }
                _ => return self.fail("internal error: a string operation's operand"),
            };
            let p = unsafe { self.b.build_in_bounds_gep(arr_t, buf, &[self.i64(0), self.i64(i as i64)], "")? };
            self.b.build_store(p, bits)?;
        }
        let out = self.temp(i64t.into())?;
        let f = self.api_fn(API_STR_OP, true)?;
        let i32t = self.ctx.i32_type();
        let ft = i32t.fn_type(&[i32t.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let call = self.b.build_indirect_call(ft, f, &[i32t.const_int(op as u64, false).into(), buf.into(), out.into(), self.exc_ptr().into()], "")?;
        let status = match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_int_value(),
            _ => return self.fail("internal error: str_op returns nothing"),
        };
        let failed = self.b.build_int_compare(IntPredicate::NE, status, i32t.const_zero(), "")?;
        let raise = self.new_block("str_raise");
        let ok = self.new_block("str_ok");
        self.b.build_conditional_branch(failed, raise, ok)?;
        self.b.position_at_end(raise);
        self.raises.set(true);
        self.error_exit(i32t.const_int(1, false))?;
        self.b.position_at_end(ok);
        let bits = self.b.build_load(i64t, out, "")?.into_int_value();
        Ok(match out_of(op) {
            Out::Str | Out::List => self.b.build_int_to_ptr(bits, ptr, "")?.into(),
            Out::Int | Out::Nothing => bits.into(),
            Out::Bool => self.b.build_int_compare(IntPredicate::NE, bits, i64t.const_zero(), "")?.into(),
        })
    }

    /// A new reference to `str(v)` for a value of type `t` (`print` and f-strings).
    fn str_of(&self, v: Option<BasicValueEnum<'ctx>>, t: &Type) -> R<(PointerValue<'ctx>, bool)> {
        if let Type::StringLiteral(s) = t {
            return Ok((self.str_const(s), false));
        }
        if let Type::NoneType = t {
            return Ok((self.str_const("None"), false));
        }
        let Some(v) = v else { return self.fail(format!("str() of {t} is not supported by numrs build yet")) };
        if let Type::Unicode = t {
            return Ok((v.into_pointer_value(), false));
        }
        // What Numba's print boxes and prints as Python does (`print(a)` of an array, a list,
        // a tuple, a dict, a set, a complex number): the runtime boxes a new reference.
        let boxed = matches!(t, Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) | Type::DictType(_) | Type::Set { .. })
            || numeric(t).is_some_and(|k| k.is_complex())
            || crate::datetime::is_datetime_like(t);
        if boxed && *t == t.unliteral() && numrs_abi::crosses(t) {
            self.incref(v, t)?;
            let slot = self.spill(v, t)?;
            let text = self.str_const(&t.to_string());
            let s = self.str_op(StrOp::OfValue, &[text.into(), slot.into()])?;
            return Ok((s.into_pointer_value(), true));
        }
        if let Type::Optional(inner) = t {
            // "None", or the string of the value.
            let sv = v.into_struct_value();
            let data = self.b.build_extract_value(sv, 0, "")?;
            let valid = self.b.build_extract_value(sv, 1, "")?.into_int_value();
            if matches!(&**inner, Type::Unicode) {
                let s = self.b.build_select(valid, data.into_pointer_value(), self.str_const("None"), "")?;
                return Ok((s.into_pointer_value(), false));
            }
            let none = self.str_const("None");
            self.incref(none.into(), &Type::Unicode)?;
            let Some(from) = self.b.get_insert_block() else { return self.fail("internal error: no insertion block") };
            let (some, join) = (self.new_block("str_opt_some"), self.new_block("str_opt_join"));
            self.b.build_conditional_branch(valid, some, join)?;
            self.b.position_at_end(some);
            let (x, owned) = self.str_of(Some(data), inner)?;
            if !owned {
                self.incref(x.into(), &Type::Unicode)?;
            }
            let Some(some_end) = self.b.get_insert_block() else { return self.fail("internal error: no insertion block") };
            self.b.build_unconditional_branch(join)?;
            self.b.position_at_end(join);
            let phi = self.b.build_phi(self.ctx.ptr_type(inkwell::AddressSpace::default()), "")?;
            phi.add_incoming(&[(&none, from), (&x, some_end)]);
            return Ok((phi.as_basic_value().into_pointer_value(), true));
        }
        let op = match numeric(t) {
            Some(NumericKind::Boolean) => StrOp::FromBool,
            Some(k) if k.is_integer() && k.is_signed_int() => StrOp::FromInt,
            Some(k) if k.is_integer() => StrOp::FromUInt,
            Some(k) if k.is_float() => StrOp::FromFloat,
            _ => return self.fail(format!("str() of {t} is not supported by numrs build yet")),
        };
        // Numba's `integer_str` negates a negative number in its own width: the smallest one
        // stays negative, its digit count is nonsense and the allocation fails.
        if let Some(k) = numeric(t).filter(|k| k.is_integer() && k.is_signed_int()) {
            let min = self.int_const(k, -(1i128 << (k.bitwidth() - 1)));
            let is_min = self.b.build_int_compare(inkwell::IntPredicate::EQ, v.into_int_value(), min, "")?;
            self.guard(is_min, numrs_abi::ExcKind::MemoryError, "Allocation failed (probably too large).")?;
        }
        let v = match numeric(t) {
            Some(k) if k.is_integer() && k.is_signed_int() => self.cast_number(v, k, NumericKind::Int64)?,
            Some(k) if k.is_integer() && k != NumericKind::Boolean => self.cast_number(v, k, NumericKind::UInt64)?,
            _ => v,
        };
        Ok((self.str_op(op, &[v])?.into_pointer_value(), true))
    }

    /// The string as the new reference an expression's result is (`fresh`): a borrowed one
    /// gets its own reference.
    fn str_result(&mut self, s: PointerValue<'ctx>, owned: bool) -> R<BasicValueEnum<'ctx>> {
        if !owned {
            self.incref(s.into(), &Type::Unicode)?;
        }
        self.fresh = true;
        Ok(s.into())
    }

    fn str_drop(&self, s: PointerValue<'ctx>, owned: bool) -> R<()> {
        if owned {
            self.decref(s.into(), &Type::Unicode)?;
        }
        Ok(())
    }

    /// `a + b` of two strings, dropping the operands that are owned temporaries.
    fn str_concat_owned(&self, a: (PointerValue<'ctx>, bool), b: (PointerValue<'ctx>, bool)) -> R<(PointerValue<'ctx>, bool)> {
        let r = self.str_op(StrOp::Concat, &[a.0.into(), b.0.into()])?.into_pointer_value();
        self.str_drop(a.0, a.1)?;
        self.str_drop(b.0, b.1)?;
        Ok((r, true))
    }

    /// `print(args...)`: the `str` of each argument joined by spaces, then a newline.
    fn str_print(&self, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
        let mut line: Option<(PointerValue<'ctx>, bool)> = None;
        for (i, t) in sig.args.iter().enumerate() {
            let part = self.str_of(vals.get(i).copied().flatten(), t)?;
            line = Some(match line {
                None => part,
                Some(l) => {
                    let sp = self.str_concat_owned(l, (self.str_const(" "), false))?;
                    self.str_concat_owned(sp, part)?
                }
            });
        }
        let (s, owned) = line.unwrap_or((self.str_const(""), false));
        self.str_op(StrOp::Print, &[s.into()])?;
        self.str_drop(s, owned)?;
        Ok(self.ctx.const_struct(&[], false).into())
    }

    /// `s[i]` / `s[a:b:c]` of a string.
    fn str_getitem(&self, s: BasicValueEnum<'ctx>, it: &Type, iv: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
        match it {
            Type::Slice2 | Type::Slice3 => {
                let sv = iv.into_struct_value();
                let parts: Vec<BasicValueEnum<'ctx>> = (0..3).map(|k| self.b.build_extract_value(sv, k, "")).collect::<Result<_, _>>()?;
                self.str_op(StrOp::Slice, &[s, parts[0], parts[1], parts[2]])
            }
            _ => match numeric(it) {
                Some(k) if k.is_integer() => {
                    let i = self.cast_number(iv, k, NumericKind::Int64)?;
                    self.str_op(StrOp::GetItem, &[s, i])
                }
                _ => self.fail(format!("indexing a string with {it} is not supported by numrs build yet")),
            },
        }
    }
}

/// Operators and builtins with string operands (`FnCx::apply`, operands already cast to
/// `sig`): the value and its type, or `None` when this is not a string operation.
pub(crate) fn apply<'ctx>(cx: &mut FnCx<'_, 'ctx>, key: &str, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<Option<(BasicValueEnum<'ctx>, Type)>> {
    if key == "builtins.print" {
        return Ok(Some((cx.str_print(sig, vals)?, Type::NoneType)));
    }
    // `x in c` is a string operation only when the container is a string.
    if key == "operator.contains" && !sig.args.first().is_some_and(is_str) {
        return Ok(None);
    }
    let any_str = sig.args.iter().any(is_str);
    let str_result = matches!(sig.return_type, Type::Unicode | Type::StringLiteral(_));
    if !any_str && !(key == "builtins.chr" || matches!(key, "builtins.str" | "builtins.repr") && str_result) {
        return Ok(None);
    }
    // Results Numba fixes at compile time (`"a" == 1` is `Literal[bool](False)`; `str(1.5)`
    // is a literal string in Numba 0.68).
    match &sig.return_type {
        Type::BooleanLiteral(b) => return Ok(Some((cx.ctx.bool_type().const_int(*b as u64, false).into(), Type::boolean()))),
        Type::StringLiteral(s) => return Ok(Some((cx.str_const(s).into(), Type::Unicode))),
        _ => {}
    }
    let val = |i: usize| -> R<BasicValueEnum<'ctx>> {
        match (vals.get(i).copied().flatten(), sig.args.get(i)) {
            (Some(v), _) => Ok(v),
            (None, Some(Type::StringLiteral(s))) => Ok(cx.str_const(s).into()),
            _ => cx.fail(format!("operand {i} of {key} has no run-time value")),
        }
    };
    let int = |cx: &FnCx<'_, 'ctx>, i: usize| -> R<BasicValueEnum<'ctx>> {
        let v = val(i)?;
        match sig.args.get(i).and_then(numeric) {
            Some(k) => cx.cast_number(v, k, NumericKind::Int64),
            None => cx.fail(format!("operand {i} of {key} is not an integer")),
        }
    };
    let (v, t): (BasicValueEnum<'ctx>, Type) = match key {
        "builtins.len" => (cx.str_len(val(0)?.into_pointer_value())?.into(), Type::int64()),
        "builtins.bool" | "operator.truth" | "operator.not_" => {
            let n = cx.str_len(val(0)?.into_pointer_value())?;
            let pred = if key == "operator.not_" { IntPredicate::EQ } else { IntPredicate::NE };
            (cx.b.build_int_compare(pred, n, cx.i64(0), "")?.into(), Type::boolean())
        }
        // Numba's `unicode_repr`: the string between single quotes, nothing escaped.
        "builtins.repr" if sig.args.first().is_some_and(is_str) => {
            let q = cx.str_const("'");
            let left = cx.str_op(StrOp::Concat, &[q.into(), val(0)?])?;
            let r = cx.str_op(StrOp::Concat, &[left, q.into()])?;
            cx.decref(left, &Type::Unicode)?;
            cx.fresh = true;
            (r, Type::Unicode)
        }
        // `repr` of an integer or a boolean is its `str`.
        "builtins.str" | "builtins.repr" => {
            let t0 = sig.args.first().cloned().unwrap_or(Type::Unicode);
            let (s, owned) = cx.str_of(vals.first().copied().flatten(), &t0)?;
            (cx.str_result(s, owned)?, Type::Unicode)
        }
        "operator.eq" | "operator.ne" => {
            let e = cx.str_op(StrOp::Equal, &[val(0)?, val(1)?])?.into_int_value();
            let e = if key == "operator.ne" { cx.b.build_not(e, "")? } else { e };
            (e.into(), Type::boolean())
        }
        "operator.lt" | "operator.le" | "operator.gt" | "operator.ge" => {
            let c = cx.str_op(StrOp::Compare, &[val(0)?, val(1)?])?.into_int_value();
            let pred = match key {
                "operator.lt" => IntPredicate::SLT,
                "operator.le" => IntPredicate::SLE,
                "operator.gt" => IntPredicate::SGT,
                _ => IntPredicate::SGE,
            };
            (cx.b.build_int_compare(pred, c, cx.i64(0), "")?.into(), Type::boolean())
        }
        "operator.getitem" => {
            let it = sig.args.get(1).cloned().unwrap_or(Type::int64());
            let r = cx.str_getitem(val(0)?, &it, val(1)?)?;
            cx.fresh = true;
            (r, Type::Unicode)
        }
        "operator.mul" | "operator.imul" => {
            let (s, n) = if is_str(&sig.args[0]) { (val(0)?, int(cx, 1)?) } else { (val(1)?, int(cx, 0)?) };
            let r = cx.str_op(StrOp::Repeat, &[s, n])?;
            cx.fresh = true;
            (r, Type::Unicode)
        }
        "builtins.chr" => {
            let r = cx.str_op(StrOp::Chr, &[int(cx, 0)?])?;
            cx.fresh = true;
            (r, Type::Unicode)
        }
        _ => {
            let Some(&(_, op)) = OPERATORS.iter().find(|(k, _)| *k == key) else { return Ok(None) };
            let args = (0..sig.args.len()).map(val).collect::<R<Vec<_>>>()?;
            let r = cx.str_op(op, &args)?;
            typed(cx, op, r)
        }
    };
    Ok(Some((v, t)))
}

/// The type of an operation's result (string and list results are new references).
fn typed<'ctx>(cx: &mut FnCx<'_, 'ctx>, op: StrOp, r: BasicValueEnum<'ctx>) -> (BasicValueEnum<'ctx>, Type) {
    match out_of(op) {
        Out::Str => {
            cx.fresh = true;
            (r, Type::Unicode)
        }
        Out::List => {
            cx.fresh = true;
            (r, Type::list(Type::Unicode, false))
        }
        Out::Int => (r, Type::int64()),
        Out::Bool => (r, Type::boolean()),
        Out::Nothing => (r, Type::NoneType),
    }
}

/// `s.method(...)` of a string receiver: `None` when `func` is not a string method.
/// `s.split(None, m)` / `s.rsplit(None, m)` with an integer `m`: Numba's whitespace splits
/// with a maximum (`None` when `m` is not an integer).
fn split_ws_max<'ctx>(cx: &mut FnCx<'_, 'ctx>, forward: bool, recv: BasicValueEnum<'ctx>, m: VarId, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let mt = cx.ty(m)?;
    let Some(k) = numeric(&mt).filter(|k| k.is_integer()) else { return Ok(None) };
    let mv = cx.load(m)?;
    let mv = cx.cast_number(mv, k, NumericKind::Int64)?;
    let op = if forward { StrOp::SplitWsMax } else { StrOp::RSplitWsMax };
    let r = cx.str_op(op, &[recv, mv])?;
    let (v, t) = typed(cx, op, r);
    cx.cast(v, &t, tt).map(Some)
}

pub(crate) fn call<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let ft = cx.ty(func)?;
    let Type::BoundFunction(b) = &ft else { return Ok(None) };
    // An item of a unicode array (`isascii` is bound to it) is a string here.
    if !is_str(&b.1) && !matches!(b.1, Type::UnicodeCharSeq(_)) {
        return Ok(None);
    }
    let Some(name) = b.0.strip_prefix("str.") else { return Ok(None) };
    let Some(numrs_ir::Value::GetAttr { value: recv, .. }) = cx.resolve_def(func) else {
        return cx.fail("a string method called through a variable is not supported by numrs build yet");
    };
    let recv = *recv;
    let rt = cx.ty(recv)?;
    let recv_v = if let Type::StringLiteral(s) = &rt { cx.str_const(s).into() } else { cx.load(recv)? };
    if !kws.is_empty() {
        // Bound to their positions (see `numrs_typing::string_keyword_params`); `split(maxsplit=n)`
        // leaves `sep` to its default, `None`.
        let Some(params) = numrs_typing::string_keyword_params(name) else {
            return cx.fail(format!("keyword arguments to str.{name} are not supported by numrs build yet"));
        };
        let mut pos: Vec<Option<VarId>> = args.iter().copied().map(Some).collect();
        for (k, v) in kws {
            let Some(i) = params.iter().position(|p| p == k) else { return cx.fail(format!("str.{name}() got an unexpected keyword argument '{k}'")) };
            if pos.len() <= i {
                pos.resize(i + 1, None);
            }
            pos[i] = Some(*v);
        }
        if let Some(all) = pos.iter().copied().collect::<Option<Vec<VarId>>>() {
            return call(cx, func, &all, &[], tt);
        }
        // A search's bound left out: its default.
        if let (true, Some(Some(sub))) = (matches!(name, "find" | "rfind" | "index" | "rindex" | "count" | "startswith" | "endswith"), pos.first()) {
            if pos.len() <= 3 && !matches!(cx.ty(*sub)?, Type::UniTuple(..) | Type::Tuple(_)) {
                let v = windowed_opt(cx, name, recv_v.into_pointer_value(), *sub, &pos[1..], tt)?;
                return Ok(Some(v));
            }
        }
        if let (true, [None, Some(m)]) = (matches!(name, "split" | "rsplit"), pos.as_slice()) {
            if let Some(v) = split_ws_max(cx, name == "split", recv_v, *m, tt)? {
                return Ok(Some(v));
            }
        }
        return cx.fail(format!("these keyword arguments to str.{name} are not supported by numrs build yet"));
    }
    if matches!(name, "startswith" | "endswith") && !args.is_empty() {
        let pt = cx.ty(args[0])?;
        if let Some(items) = pt.tuple_items() {
            // Any of the prefixes (suffixes), tried in order.
            // A tuple of string literals has no run-time value: its items are in its type.
            let tv = if items.iter().all(|t| matches!(t, Type::StringLiteral(_))) { None } else { Some(cx.load(args[0])?) };
            let mut any = cx.ctx.bool_type().const_zero();
            for (k, it) in items.iter().enumerate() {
                let item: BasicValueEnum<'ctx> = match (it, tv) {
                    (Type::StringLiteral(v), _) => cx.str_const(v).into(),
                    (_, Some(tv)) => cx.b.build_extract_value(tv.into_struct_value(), k as u32, "")?,
                    _ => return cx.fail("internal error: a tuple of strings without a value"),
                };
                let bounds: Vec<Option<VarId>> = args[1..].iter().copied().map(Some).collect();
                let hit = windowed_value(cx, name, recv_v.into_pointer_value(), item.into_pointer_value(), &bounds)?;
                any = cx.b.build_or(any, hit.into_int_value(), "")?;
            }
            return cx.cast(any.into(), &Type::boolean(), tt).map(Some);
        }
    }
    if matches!(name, "find" | "rfind" | "index" | "rindex" | "count" | "startswith" | "endswith") && (2..=3).contains(&args.len()) {
        return windowed(cx, name, recv_v.into_pointer_value(), args, tt).map(Some);
    }
    if matches!(name, "partition" | "rpartition") && args.len() == 1 {
        return partition(cx, name == "rpartition", recv_v.into_pointer_value(), args[0], tt).map(Some);
    }
    // `s.split(None, n)` / `s.rsplit(None, n)`: Numba's whitespace splits with a maximum.
    if matches!(name, "split" | "rsplit") && args.len() == 2 && matches!(cx.ty(args[0])?, Type::NoneType | Type::Omitted(_)) {
        if let Some(v) = split_ws_max(cx, name == "split", recv_v, args[1], tt)? {
            return Ok(Some(v));
        }
    }
    // `None` arguments select the variant without them.
    let mut operands = vec![recv_v];
    let mut n = 0;
    for a in args {
        let at = cx.ty(*a)?;
        match &at {
            Type::NoneType | Type::Omitted(_) => continue,
            // `"-".join("abc")`: the string's characters, as a list.
            Type::StringLiteral(_) | Type::Unicode if name == "join" => {
                let v = if let Type::StringLiteral(s) = &at { cx.str_const(s).into() } else { cx.load(*a)? };
                let l = cx.list_from(v, &Type::Unicode, &Type::Unicode)?;
                cx.hold_temp(l.into(), &Type::list(Type::Unicode, false))?;
                operands.push(l.into());
            }
            Type::StringLiteral(s) => operands.push(cx.str_const(s).into()),
            Type::Unicode | Type::List { .. } | Type::ListType(_) => operands.push(cx.load(*a)?),
            // `"-".join(("a", "b"))`: the tuple's strings, as a list.
            t if name == "join" && t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(is_str)) => {
                let items = t.tuple_items().unwrap_or_default();
                let tv = cx.load(*a)?.into_struct_value();
                let list_t = Type::list(Type::Unicode, false);
                let l = cx.list_new(&Type::Unicode, cx.i64(0), cx.i64(items.len() as i64))?;
                cx.hold_temp(l.into(), &list_t)?;
                for (k, it) in items.iter().enumerate() {
                    let x = match it {
                        Type::StringLiteral(v) => cx.str_const(v).into(),
                        _ => cx.b.build_extract_value(tv, k as u32, "")?,
                    };
                    cx.list_append(l, &Type::Unicode, x)?;
                }
                operands.push(l.into());
            }
            _ => match numeric(&at) {
                Some(k) if k.is_integer() || (k == NumericKind::Boolean && name == "splitlines") => {
                    let v = cx.load(*a)?;
                    operands.push(cx.cast_number(v, k, NumericKind::Int64)?);
                }
                _ => return cx.fail(format!("str.{name} with an argument of type {at} is not supported by numrs build yet")),
            },
        }
        n += 1;
    }
    let Some(&(_, _, op)) = METHODS.iter().find(|(m, k, _)| *m == name && *k == n) else {
        return cx.fail(format!("str.{name} with {n} arguments is not supported by numrs build yet"));
    };
    if op == StrOp::Join {
        let lt = cx.ty(args[0])?;
        let str_tuple = lt.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(is_str)) || is_str(&lt);
        if !str_tuple && !matches!(&lt, Type::List { dtype, .. } | Type::ListType(dtype) if is_str(dtype)) {
            return cx.fail(format!("str.join of {lt} is not supported by numrs build yet"));
        }
    }
    let r = cx.str_op(op, &operands)?;
    let (v, t) = typed(cx, op, r);
    cx.cast(v, &t, tt).map(Some)
}

/// `s.find(sub, start[, end])` and the other searches with a window: CPython's (and Numba's)
/// `ADJUST_INDICES` on `start`/`end` (None: the whole string), an empty result when the window
/// is shorter than `sub` (-1, 0, False, or `ValueError` for `index`/`rindex`), else the search
/// in the window's slice, positions counted from the string's start.
fn windowed<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, s: PointerValue<'ctx>, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let bounds: Vec<Option<VarId>> = args[1..].iter().copied().map(Some).collect();
    windowed_opt(cx, name, s, args[0], &bounds, tt)
}

/// [`windowed`] with bounds left out (`None`: the default, as a `None` argument).
fn windowed_opt<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, s: PointerValue<'ctx>, subv: VarId, bounds: &[Option<VarId>], tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let st = cx.ty(subv)?;
    let sub = match &st {
        Type::StringLiteral(v) => cx.str_const(v),
        Type::Unicode => cx.load(subv)?.into_pointer_value(),
        other => return cx.fail(format!("str.{name} of {other} is not supported by numrs build yet")),
    };
    let v = windowed_value(cx, name, s, sub, bounds)?;
    let boolean = matches!(name, "startswith" | "endswith");
    let vt = if boolean { Type::boolean() } else { Type::int64() };
    cx.cast(v, &vt, tt)
}

/// [`windowed`] for the string `sub` and the bounds `bounds` (none, `start`, or `start, end`):
/// an `int64`, or an `i1` for `startswith`/`endswith`.
fn windowed_value<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, s: PointerValue<'ctx>, sub: PointerValue<'ctx>, bounds: &[Option<VarId>]) -> R<BasicValueEnum<'ctx>> {
    let op = match name {
        "find" => StrOp::Find,
        "rfind" => StrOp::RFind,
        "index" => StrOp::Index,
        "rindex" => StrOp::RIndex,
        "count" => StrOp::Count,
        "startswith" => StrOp::StartsWith,
        _ => StrOp::EndsWith,
    };
    let len = cx.str_len(s)?;
    let bound = |cx: &mut FnCx<'_, 'ctx>, a: Option<&Option<VarId>>, default: IntValue<'ctx>| -> R<IntValue<'ctx>> {
        let Some(Some(a)) = a else { return Ok(default) };
        let at = cx.ty(*a)?;
        match numeric(&at) {
            _ if matches!(at, Type::NoneType | Type::Omitted(_)) => Ok(default),
            Some(k) if k.is_integer() || k == NumericKind::Boolean => {
                let v = cx.load(*a)?;
                Ok(cx.cast_number(v, k, NumericKind::Int64)?.into_int_value())
            }
            _ => cx.fail(format!("str.{name} with a bound of type {at} is not supported by numrs build yet")),
        }
    };
    let zero = cx.i64(0);
    let start = bound(cx, bounds.first(), zero)?;
    let end = bound(cx, bounds.get(1), len)?;
    let b = &cx.b;
    let max0 = |v: IntValue<'ctx>| -> R<IntValue<'ctx>> {
        let neg = b.build_int_compare(IntPredicate::SLT, v, zero, "")?;
        Ok(b.build_select(neg, zero, v, "")?.into_int_value())
    };
    // end: min(end, len), or end + len (at least 0) when negative; start likewise from below.
    let end_neg = b.build_int_compare(IntPredicate::SLT, end, zero, "")?;
    let end_wrapped = max0(b.build_int_add(end, len, "")?)?;
    let end_over = b.build_int_compare(IntPredicate::SGT, end, len, "")?;
    let end = b.build_select(end_over, len, end, "")?.into_int_value();
    let end = b.build_select(end_neg, end_wrapped, end, "")?.into_int_value();
    let start_neg = b.build_int_compare(IntPredicate::SLT, start, zero, "")?;
    let start_wrapped = max0(b.build_int_add(start, len, "")?)?;
    let start = b.build_select(start_neg, start_wrapped, start, "")?.into_int_value();
    let room = b.build_int_sub(end, start, "")?;
    let short = b.build_int_compare(IntPredicate::SLT, room, cx.str_len(sub)?, "")?;
    let boolean = matches!(op, StrOp::StartsWith | StrOp::EndsWith);
    let rt = if boolean { cx.ctx.bool_type() } else { cx.ctx.i64_type() };
    let result = cx.temp(rt.into())?;
    let empty = cx.new_block("str_window_empty");
    let search = cx.new_block("str_window_search");
    let done = cx.new_block("str_window_done");
    cx.b.build_conditional_branch(short, empty, search)?;
    cx.b.position_at_end(empty);
    if matches!(op, StrOp::Index | StrOp::RIndex) {
        cx.raise_const(ExcKind::ValueError, "substring not found")?;
    } else {
        let none = if matches!(op, StrOp::Find | StrOp::RFind) { rt.const_all_ones() } else { rt.const_zero() };
        cx.b.build_store(result, none)?;
        cx.b.build_unconditional_branch(done)?;
    }
    cx.b.position_at_end(search);
    let window = cx.str_op(StrOp::Slice, &[s.into(), start.into(), end.into(), cx.i64(1).into()])?;
    // `index`/`rindex` search as `find`/`rfind`, so that the window is released before raising.
    let search_op = match op {
        StrOp::Index => StrOp::Find,
        StrOp::RIndex => StrOp::RFind,
        other => other,
    };
    let r = cx.str_op(search_op, &[window, sub.into()])?;
    cx.decref(window, &Type::Unicode)?;
    let v: BasicValueEnum<'ctx> = match op {
        StrOp::Find | StrOp::RFind | StrOp::Index | StrOp::RIndex => {
            let r = r.into_int_value();
            let found = cx.b.build_int_compare(IntPredicate::SGE, r, zero, "")?;
            if matches!(op, StrOp::Index | StrOp::RIndex) {
                cx.guard(cx.b.build_not(found, "")?, ExcKind::ValueError, "substring not found")?;
            }
            cx.b.build_select(found, cx.b.build_int_add(r, start, "")?, r, "")?
        }
        _ => r,
    };
    cx.b.build_store(result, v)?;
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    Ok(cx.b.build_load(rt, result, "")?)
}

/// `s.partition(sep)` / `s.rpartition(sep)`: the parts around the first (last) `sep`, or the
/// string and two empty ones; an empty separator raises `ValueError`.
fn partition<'ctx>(cx: &mut FnCx<'_, 'ctx>, last: bool, s: PointerValue<'ctx>, sep_v: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let sep = match cx.ty(sep_v)? {
        Type::StringLiteral(v) => cx.str_const(&v),
        Type::Unicode => cx.load(sep_v)?.into_pointer_value(),
        other => return cx.fail(format!("str.partition of {other} is not supported by numrs build yet")),
    };
    let sep_len = cx.str_len(sep)?;
    let empty_sep = cx.b.build_int_compare(IntPredicate::EQ, sep_len, cx.i64(0), "")?;
    cx.guard(empty_sep, ExcKind::ValueError, "empty separator")?;
    let i = cx.str_op(if last { StrOp::RFind } else { StrOp::Find }, &[s.into(), sep.into()])?.into_int_value();
    let ptr = cx.ctx.ptr_type(AddressSpace::default());
    let slots: Vec<PointerValue<'ctx>> = (0..3).map(|_| cx.temp(ptr.into())).collect::<R<_>>()?;
    let found_bb = cx.new_block("partition_found");
    let missing_bb = cx.new_block("partition_missing");
    let done = cx.new_block("partition_done");
    let found = cx.b.build_int_compare(IntPredicate::SGE, i, cx.i64(0), "")?;
    cx.b.build_conditional_branch(found, found_bb, missing_bb)?;
    cx.b.position_at_end(found_bb);
    let head = cx.str_op(StrOp::Slice, &[s.into(), cx.i64(0).into(), i.into(), cx.i64(1).into()])?;
    let after = cx.b.build_int_add(i, sep_len, "")?;
    let tail = cx.str_op(StrOp::Slice, &[s.into(), after.into(), cx.str_len(s)?.into(), cx.i64(1).into()])?;
    cx.incref(sep.into(), &Type::Unicode)?;
    for (slot, v) in slots.iter().zip([head, sep.into(), tail]) {
        cx.b.build_store(*slot, v)?;
    }
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(missing_bb);
    cx.incref(s.into(), &Type::Unicode)?;
    let empty = cx.str_const("");
    let parts = if last { [empty, empty, s] } else { [s, empty, empty] };
    for (slot, v) in slots.iter().zip(parts) {
        cx.b.build_store(*slot, v)?;
    }
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    let ut = Type::unituple(Type::Unicode, 3);
    let st = cx.vt(&ut)?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
    for (k, slot) in slots.iter().enumerate() {
        let v = cx.b.build_load(ptr, *slot, "")?;
        agg = cx.b.build_insert_value(agg, v, k as u32, "")?;
    }
    cx.fresh = true;
    cx.cast(agg.as_basic_value_enum(), &ut, tt)
}

/// `f"..."`: the `str` of a formatted value (`FormatValue`), owned.
pub(crate) fn format_value<'ctx>(cx: &mut FnCx<'_, 'ctx>, v: VarId) -> R<BasicValueEnum<'ctx>> {
    let t = cx.ty(v)?;
    let val = if crate::types::is_phantom(&t) { None } else { Some(cx.load(v)?) };
    let (s, owned) = cx.str_of(val, &t)?;
    cx.str_result(s, owned)
}

/// `f"..."`: the concatenation of its parts (`BuildString`), owned.
pub(crate) fn build_string<'ctx>(cx: &mut FnCx<'_, 'ctx>, parts: &[VarId]) -> R<BasicValueEnum<'ctx>> {
    let mut acc: Option<(PointerValue<'ctx>, bool)> = None;
    for p in parts {
        let t = cx.ty(*p)?;
        let part = match &t {
            Type::StringLiteral(s) => (cx.str_const(s), false),
            Type::Unicode => (cx.load(*p)?.into_pointer_value(), false),
            _ => {
                let val = if crate::types::is_phantom(&t) { None } else { Some(cx.load(*p)?) };
                cx.str_of(val, &t)?
            }
        };
        acc = Some(match acc {
            None => part,
            Some(a) => cx.str_concat_owned(a, part)?,
        });
    }
    let (s, owned) = acc.unwrap_or((cx.str_const(""), false));
    cx.str_result(s, owned)
}

/// `iter(str)` state `{str, next index, last item}` and its step: each item is a new
/// one-character string the state owns until the next step (the variable it is assigned to
/// takes its own reference).
/// A string iterator's state: `{string, next index, current character}`. The iterator owns
/// its current character (the item it yields is borrowed) and drops it on the next step.
/// The character field is null from the call's start and is also dropped at every exit of
/// the function, for loops left before the end.
pub(crate) fn iter_init<'ctx>(cx: &FnCx<'_, 'ctx>, val: BasicValueEnum<'ctx>, st: inkwell::types::StructType<'ctx>, state: PointerValue<'ctx>) -> R<()> {
    cx.b.build_store(cx.b.build_struct_gep(st, state, 0, "")?, val)?;
    cx.b.build_store(cx.b.build_struct_gep(st, state, 1, "")?, cx.i64(0))?;
    let ptr = cx.ctx.ptr_type(AddressSpace::default());
    let pc = cx.b.build_struct_gep(st, state, 2, "")?;
    // The state lives for the whole call (in a generator, in its state): null the field
    // once, when the call starts, and here (a loop entered again) drop the character a
    // previous, unfinished loop left.
    let entry = cx.alloca_b.build_struct_gep(st, state, 2, "")?;
    cx.zero_slot(entry, ptr.into())?;
    let old = cx.b.build_load(ptr, pc, "")?;
    cx.decref(old, &Type::Unicode)?;
    // The entry block's address of the field dominates every exit.
    cx.iter_owned.borrow_mut().push((entry, Type::Unicode));
    cx.b.build_store(pc, ptr.const_null())?;
    Ok(())
}

pub(crate) fn iter_step<'ctx>(
    cx: &FnCx<'_, 'ctx>,
    state: PointerValue<'ctx>,
    st: inkwell::types::StructType<'ctx>,
    item_t: &Type,
    pt: inkwell::types::StructType<'ctx>,
) -> R<BasicValueEnum<'ctx>> {
    let ptr = cx.ctx.ptr_type(AddressSpace::default());
    let i64t = cx.ctx.i64_type();
    let ps = cx.b.build_struct_gep(st, state, 0, "")?;
    let pi = cx.b.build_struct_gep(st, state, 1, "")?;
    let pc = cx.b.build_struct_gep(st, state, 2, "")?;
    let prev = cx.b.build_load(ptr, pc, "")?;
    cx.decref(prev, &Type::Unicode)?;
    let s = cx.b.build_load(ptr, ps, "")?.into_pointer_value();
    let i = cx.b.build_load(i64t, pi, "")?.into_int_value();
    let n = cx.str_len(s)?;
    let valid = cx.b.build_int_compare(IntPredicate::SLT, i, n, "")?;
    let cur = cx.b.get_insert_block();
    let read = cx.new_block("str_iter_read");
    let join = cx.new_block("str_iter_join");
    cx.b.build_conditional_branch(valid, read, join)?;
    cx.b.position_at_end(read);
    let x = cx.str_op(StrOp::GetItem, &[s.into(), i.into()])?;
    cx.b.build_store(pi, cx.b.build_int_add(i, cx.i64(1), "")?)?;
    let read_end = cx.b.get_insert_block();
    cx.b.build_unconditional_branch(join)?;
    cx.b.position_at_end(join);
    let phi = cx.b.build_phi(ptr, "")?;
    if let (Some(c), Some(r)) = (cur, read_end) {
        phi.add_incoming(&[(&ptr.const_null(), c), (&x, r)]);
    }
    let item = phi.as_basic_value();
    cx.b.build_store(pc, item)?;
    let item = cx.cast(item, &Type::Unicode, item_t)?;
    let agg = cx.b.build_insert_value(pt.get_undef(), item, 0, "")?;
    let agg = cx.b.build_insert_value(agg, valid, 1, "")?;
    Ok(agg.as_basic_value_enum())
}

/// `s[i]` / `s[a:b]` from `FnCx::getitem`.
pub(crate) fn getitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, value: VarId, index: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let vt = cx.ty(value)?;
    let s = if let Type::StringLiteral(l) = &vt { cx.str_const(l).into() } else { cx.load(value)? };
    let it = cx.ty(index)?;
    let iv = cx.load(index)?;
    let r = cx.str_getitem(s, &it, iv)?;
    cx.fresh = true;
    cx.cast(r, &Type::Unicode, tt)
}

/// `s[3]` / `s[1:]` with a constant index (`StaticGetItem`).
pub(crate) fn static_getitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, value: VarId, index: &numrs_ir::StaticIndex, tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let vt = cx.ty(value)?;
    let s: BasicValueEnum<'ctx> = if let Type::StringLiteral(l) = &vt { cx.str_const(l).into() } else { cx.load(value)? };
    let r = match index {
        numrs_ir::StaticIndex::Int(i) => cx.str_op(StrOp::GetItem, &[s, cx.i64(*i as i64).into()])?,
        numrs_ir::StaticIndex::Slice(a, b, c) => {
            let step = c.unwrap_or(1) as i64;
            let start = a.map(|v| v as i64).unwrap_or(if step < 0 { i64::MAX } else { 0 });
            let stop = b.map(|v| v as i64).unwrap_or(if step < 0 { i64::MIN } else { i64::MAX });
            cx.str_op(StrOp::Slice, &[s, cx.i64(start).into(), cx.i64(stop).into(), cx.i64(step).into()])?
        }
        numrs_ir::StaticIndex::Str(_) | numrs_ir::StaticIndex::Slices(_) => {
            return cx.fail("this constant index of a string is not supported by numrs build yet")
        }
    };
    cx.fresh = true;
    cx.cast(r, &Type::Unicode, tt)
}

/// A piece of a message built at run time.
pub(crate) enum Piece<'ctx> {
    Text(String),
    /// A string this piece owns (released once joined).
    Owned(PointerValue<'ctx>),
    /// The `str()` of a number, boolean or string.
    Str(BasicValueEnum<'ctx>, Type),
    /// A string as a Python literal (inside an argument tuple, `numrs_abi::EXC_ARGS_PREFIX`).
    Repr(BasicValueEnum<'ctx>),
}

impl<'ctx> From<Result<String, (BasicValueEnum<'ctx>, Type)>> for Piece<'ctx> {
    fn from(p: Result<String, (BasicValueEnum<'ctx>, Type)>) -> Self {
        match p {
            Ok(text) => Piece::Text(text),
            Err((v, t)) => Piece::Str(v, t),
        }
    }
}

/// `raise Kind(args...)` with arguments known only at run time (Numba's dynamic exceptions):
/// the message (`FnCx::message_pieces`) is built as a string and handed to the runtime, which
/// raises with it. In an argument tuple (the message starts with `numrs_abi::EXC_ARGS_PREFIX`)
/// a string is written as a literal.
pub(crate) fn raise_dynamic<'ctx>(cx: &mut FnCx<'_, 'ctx>, kind: ExcKind, pieces: Vec<Result<String, VarId>>) -> R<()> {
    // After the class of the module raised, if it is one (`numrs_abi::EXC_CLASS_PREFIX`).
    let class = matches!(pieces.first(), Some(Ok(t)) if t.starts_with(numrs_abi::EXC_CLASS_PREFIX)) as usize;
    let literal = matches!(pieces.get(class), Some(Ok(t)) if t.starts_with(numrs_abi::EXC_ARGS_PREFIX));
    let single = pieces.len() == 1 + class;
    let mut vals = Vec::new();
    for p in pieces {
        let piece = match p {
            Ok(text) => Piece::Text(text),
            Err(v) if literal && cx.ty(v)?.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(|t| numeric(t).is_some_and(|k| !k.is_complex()))) => {
                // A tuple of numbers inside the argument tuple: its literal, item by item.
                let t = cx.ty(v)?;
                let items = t.tuple_items().unwrap_or_default();
                let tv = cx.load(v)?.into_struct_value();
                vals.push(Piece::Text("(".into()));
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        vals.push(Piece::Text(", ".into()));
                    }
                    let x = cx.b.build_extract_value(tv, i as u32, "")?;
                    vals.push(Piece::Str(x, it.clone()));
                }
                Piece::Text(if items.len() == 1 { ",)" } else { ")" }.into())
            }
            Err(v) => {
                let t = cx.ty(v)?;
                let string = matches!(t, Type::Unicode);
                // An optional string or number alone: its text, or "None".
                let optional = (single || literal)
                    && matches!(&t, Type::Optional(inner) if matches!(&**inner, Type::Unicode) || numeric(inner).is_some_and(|k| !k.is_complex()));
                let ok = optional || string && (single || literal) || numeric(&t).is_some_and(|k| !k.is_complex());
                if !ok {
                    return cx.fail(format!("a raised exception's argument of type {t} is not supported by numrs build yet"));
                }
                let x = cx.load(v)?;
                if let (true, Type::Optional(inner)) = (literal, &t) {
                    if matches!(&**inner, Type::Unicode) {
                        // In the argument tuple: the string's literal, or None.
                        let sv = x.into_struct_value();
                        let data = cx.b.build_extract_value(sv, 0, "")?;
                        let valid = cx.b.build_extract_value(sv, 1, "")?.into_int_value();
                        let none = cx.str_const("None");
                        cx.incref(none.into(), &Type::Unicode)?;
                        let Some(from) = cx.b.get_insert_block() else { return cx.fail("internal error: no insertion block") };
                        let (some, join) = (cx.new_block("repr_opt_some"), cx.new_block("repr_opt_join"));
                        cx.b.build_conditional_branch(valid, some, join)?;
                        cx.b.position_at_end(some);
                        let r = cx.str_op(StrOp::Repr, &[data])?;
                        let Some(some_end) = cx.b.get_insert_block() else { return cx.fail("internal error: no insertion block") };
                        cx.b.build_unconditional_branch(join)?;
                        cx.b.position_at_end(join);
                        let phi = cx.b.build_phi(cx.ctx.ptr_type(inkwell::AddressSpace::default()), "")?;
                        phi.add_incoming(&[(&none, from), (&r, some_end)]);
                        vals.push(Piece::Owned(phi.as_basic_value().into_pointer_value()));
                        continue;
                    }
                }
                if string && literal {
                    Piece::Repr(x)
                } else {
                    Piece::Str(x, t)
                }
            }
        };
        vals.push(piece);
    }
    raise_values(cx, kind, vals)
}

/// Raise `kind` with a message joined from text and the `str()` (or literal) of run-time
/// values (numbers, booleans, or strings).
pub(crate) fn raise_values<'ctx, P: Into<Piece<'ctx>>>(cx: &mut FnCx<'_, 'ctx>, kind: ExcKind, pieces: Vec<P>) -> R<()> {
    // Concatenate, releasing intermediate strings.
    let mut acc: Option<(PointerValue<'ctx>, bool)> = None;
    for p in pieces {
        let part = match p.into() {
            Piece::Text(text) => (cx.str_const(&text), false),
            Piece::Str(val, t) => cx.str_of(Some(val), &t)?,
            Piece::Repr(val) => (cx.str_op(StrOp::Repr, &[val])?.into_pointer_value(), true),
            Piece::Owned(p) => (p, true),
        };
        acc = Some(match acc {
            None => part,
            Some(a) => cx.str_concat_owned(a, part)?,
        });
    }
    let (msg, owned) = acc.unwrap_or((cx.str_const(""), false));
    if !owned {
        // The runtime takes over one reference.
        cx.incref(msg.into(), &Type::Unicode)?;
    }
    cx.str_op(StrOp::RaiseMessage, &[cx.ctx.i64_type().const_int(kind as u64, false).into(), msg.into()])?;
    cx.b.build_unreachable()?;
    Ok(())
}
