//! A text form of the IR in the spirit of Numba's `func_ir.dump()` (`numrs dump ir`).

use std::fmt::{self, Display, Formatter};

use numrs_syntax::ast::{BinOp, CmpOp, Constant, UnaryOp};

use crate::{FunctionIr, StaticIndex, StmtKind, Terminator, Value, VarId};

pub(crate) fn binop_symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mult => "*",
        BinOp::MatMult => "@",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "**",
        BinOp::LShift => "<<",
        BinOp::RShift => ">>",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::BitAnd => "&",
        BinOp::FloorDiv => "//",
    }
}

pub(crate) fn cmp_symbol(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::NotEq => "!=",
        CmpOp::Lt => "<",
        CmpOp::LtE => "<=",
        CmpOp::Gt => ">",
        CmpOp::GtE => ">=",
        CmpOp::Is => "is",
        CmpOp::IsNot => "is not",
        CmpOp::In => "in",
        CmpOp::NotIn => "not in",
    }
}

fn const_text(c: &Constant) -> String {
    match c {
        Constant::None => "const(NoneType, None)".into(),
        Constant::Bool(b) => format!("const(bool, {})", if *b { "True" } else { "False" }),
        Constant::Int(i) => format!("const(int, {i})"),
        Constant::BigInt(s) => format!("const(int, {s})"),
        Constant::Float(f) => format!("const(float, {:?})", f.get()),
        Constant::Complex { real, imag } => format!("const(complex, ({:?}+{:?}j))", real.get(), imag.get()),
        Constant::Str(s) => format!("const(str, {s})"),
        Constant::Bytes(b) => format!("const(bytes, {b:?})"),
        Constant::Ellipsis => "const(ellipsis, Ellipsis)".into(),
    }
}

fn static_index_text(i: &StaticIndex) -> String {
    let p = |x: &Option<i128>| x.map_or("None".to_string(), |v| v.to_string());
    match i {
        StaticIndex::Int(v) => v.to_string(),
        StaticIndex::Str(s) => format!("'{s}'"),
        StaticIndex::Slice(a, b, c) => format!("slice({}, {}, {})", p(a), p(b), p(c)),
        StaticIndex::Slices(s) => {
            format!("({})", s.iter().map(|(a, b, c)| format!("slice({}, {}, {})", p(a), p(b), p(c))).collect::<Vec<_>>().join(", "))
        }
    }
}

impl FunctionIr {
    fn n(&self, v: VarId) -> &str {
        &self.var(v).name
    }

    fn value_text(&self, value: &Value) -> String {
        let list = |items: &[VarId]| items.iter().map(|v| self.n(*v).to_string()).collect::<Vec<_>>().join(", ");
        match value {
            Value::Const(c) => const_text(c),
            Value::ConstTuple(c) => format!("const(tuple, {})", c.python_repr()),
            Value::Var(v) => self.n(*v).to_string(),
            Value::Global(g) => format!("global({g})"),
            Value::ObjModeOut(t) => format!("objmode_out({t})"),
            Value::Captured(t) => format!("captured({t})"),
            Value::ObjModeOutOf(v) => format!("objmode_out({})", self.n(*v)),
            Value::ObjModeBlock { block, inputs } => {
                format!("objmode_block({block}, {})", inputs.iter().map(|v| self.n(*v)).collect::<Vec<_>>().join(", "))
            }
            Value::FreeVar(g) => format!("freevar({g})"),
            Value::Arg(i) => format!("arg({i}, name={})", self.arg_names.get(*i as usize).map_or("?", |s| s)),
            Value::BinOp { op, lhs, rhs } => format!("{} {} {}", self.n(*lhs), binop_symbol(*op), self.n(*rhs)),
            Value::InplaceBinOp { op, lhs, rhs } => {
                format!("inplace_binop(fn={}=, lhs={}, rhs={})", binop_symbol(*op), self.n(*lhs), self.n(*rhs))
            }
            Value::Compare { op, lhs, rhs } => format!("{} {} {}", self.n(*lhs), cmp_symbol(*op), self.n(*rhs)),
            Value::Unary { op, operand } => {
                let s = match op {
                    UnaryOp::Invert => "~",
                    UnaryOp::Not => "not ",
                    UnaryOp::UAdd => "+",
                    UnaryOp::USub => "-",
                };
                format!("unary({s}{})", self.n(*operand))
            }
            Value::Call { func, args, kws, vararg } => {
                let kw = kws.iter().map(|(k, v)| format!("{k}={}", self.n(*v))).collect::<Vec<_>>().join(", ");
                let va = vararg.map_or("None".to_string(), |v| self.n(v).to_string());
                format!("call {}({}, kws=[{kw}], vararg={va})", self.n(*func), list(args))
            }
            Value::GetAttr { value, attr } => format!("getattr(value={}, attr={attr})", self.n(*value)),
            Value::GetItem { value, index } => format!("getitem(value={}, index={})", self.n(*value), self.n(*index)),
            Value::StaticGetItem { value, index, .. } => {
                format!("static_getitem(value={}, index={})", self.n(*value), static_index_text(index))
            }
            Value::BuildTuple(items) => format!("build_tuple(items=[{}])", list(items)),
            Value::BuildList(items) => format!("build_list(items=[{}])", list(items)),
            Value::BuildSet(items) => format!("build_set(items=[{}])", list(items)),
            Value::BuildString(items) => format!("build_string(items=[{}])", list(items)),
            Value::BuildMap(items) => format!(
                "build_map(items=[{}])",
                items.iter().map(|(k, v)| format!("({}, {})", self.n(*k), self.n(*v))).collect::<Vec<_>>().join(", ")
            ),
            Value::GetIter(v) => format!("getiter(value={})", self.n(*v)),
            Value::IterNext(v) => format!("iternext(value={})", self.n(*v)),
            Value::PairFirst(v) => format!("pair_first(value={})", self.n(*v)),
            Value::PairSecond(v) => format!("pair_second(value={})", self.n(*v)),
            Value::ExhaustIter { value, count } => format!("exhaust_iter(value={}, count={count})", self.n(*value)),
            Value::Cast(v) => format!("cast(value={})", self.n(*v)),
            Value::Phi(incoming) => format!(
                "phi(incoming_values=[{}], incoming_blocks=[{}])",
                incoming.iter().map(|(_, v)| v.map_or("UNDEFINED".to_string(), |v| self.n(v).to_string())).collect::<Vec<_>>().join(", "),
                incoming.iter().map(|(b, _)| b.0.to_string()).collect::<Vec<_>>().join(", ")
            ),
            Value::MakeFunction { closure } => {
                format!("make_function({})", self.closures.get(*closure as usize).map_or("?", |c| &c.name))
            }
            Value::Yield(v) => format!("yield {}", self.n(*v)),
            Value::FormatValue(v) => format!("format_value({})", self.n(*v)),
            Value::Undefined => "undefined".into(),
            Value::NonlocalOut { func, name } => format!("nonlocal_out({}, {name})", self.n(*func)),
            Value::ExceptionMatch(v) => format!("call exception_match($exc, {})", self.n(*v)),
        }
    }
}

impl Display for FunctionIr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, block) in self.blocks.iter().enumerate() {
            writeln!(f, "label {i}:")?;
            for stmt in &block.stmts {
                let text = match &stmt.kind {
                    StmtKind::Assign { target, value } => format!("{} = {}", self.n(*target), self.value_text(value)),
                    StmtKind::SetItem { target, index, value, .. } => {
                        format!("{}[{}] = {}", self.n(*target), self.n(*index), self.n(*value))
                    }
                    StmtKind::SetAttr { target, attr, value } => format!("({}).{attr} = {}", self.n(*target), self.n(*value)),
                    StmtKind::DelItem { target, index } => format!("del {}[{}]", self.n(*target), self.n(*index)),
                    StmtKind::Del(v) => format!("del {}", self.n(*v)),
                };
                writeln!(f, "    {text}")?;
            }
            let term = match &block.term {
                Terminator::Jump(b) => format!("jump {}", b.0),
                Terminator::Branch { cond, truebr, falsebr } => format!("branch {}, {}, {}", self.n(*cond), truebr.0, falsebr.0),
                Terminator::Return(v) => format!("return {}", self.n(*v)),
                Terminator::Raise { exc } => format!("raise {}", exc.map_or("", |v| self.n(v))),
                Terminator::Unreachable => "unreachable".into(),
            };
            writeln!(f, "    {term}")?;
        }
        Ok(())
    }
}
