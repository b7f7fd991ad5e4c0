//! Numba's `dead_branch_prune` (numba/core/analysis.py): branches on `bool(cond)` whose
//! condition is known before typing are replaced by jumps, and the blocks that become
//! unreachable are dropped.
//!
//! Three shapes are pruned, exactly as Numba does:
//! - `bool(a OP b)` where both sides are constants (`Const`, `Global`, `FreeVar`): the operator
//!   is evaluated on the values (`prune_by_value`);
//! - `bool(a OP b)` where a side is an argument resolving to a constant (an argument typed
//!   `none`, or a literal's type) and one side is `None` (`prune_by_type`);
//! - `bool(x)` where `x` is itself a constant (`prune_by_predicate`).
//!
//! A pruned comparison in the branching block is rewritten to the constant of the branch taken
//! (Numba does so to keep the condition typeable). The pruning here runs on the SSA form; a
//! phi keeps only its incoming values from live blocks, which types exactly like Numba's
//! pre-SSA pruning followed by SSA reconstruction.

use std::collections::HashMap;

use numrs_syntax::ast::{BinOp, CmpOp, Constant};

use crate::{BlockId, FunctionIr, StmtKind, Terminator, Value, VarId};

/// What a constant operand is, as far as branch pruning can tell.
#[derive(Clone, Debug, PartialEq)]
pub enum PruneConst {
    Int(i128),
    Float(f64),
    Bool(bool),
    Str(String),
    /// `None` (or Numba's `types.none`).
    NoneType,
    /// A Numba type object that is not `none` (what a literal argument resolves to).
    TypeObj,
    /// Some other object known to be truthy (a module, a function, a class).
    Truthy,
}

impl PruneConst {
    pub fn from_constant(c: &Constant) -> Option<PruneConst> {
        Some(match c {
            Constant::None => PruneConst::NoneType,
            Constant::Bool(b) => PruneConst::Bool(*b),
            Constant::Int(i) => PruneConst::Int(*i),
            Constant::Float(f) => PruneConst::Float(f.get()),
            Constant::Str(s) => PruneConst::Str(s.clone()),
            _ => return None,
        })
    }

    fn truth(&self) -> bool {
        match self {
            PruneConst::Int(i) => *i != 0,
            PruneConst::Float(f) => *f != 0.0,
            PruneConst::Bool(b) => *b,
            PruneConst::Str(s) => !s.is_empty(),
            PruneConst::NoneType => false,
            PruneConst::TypeObj | PruneConst::Truthy => true,
        }
    }

    fn number(&self) -> Option<f64> {
        match self {
            PruneConst::Int(i) => Some(*i as f64),
            PruneConst::Float(f) => Some(*f),
            PruneConst::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
            _ => None,
        }
    }

    fn int(&self) -> Option<i128> {
        match self {
            PruneConst::Int(i) => Some(*i),
            PruneConst::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
}

/// What the pruner needs to know from outside the IR.
pub trait PruneOracle {
    /// Numba's `resolve_input_arg_const` for argument `index` (`None`: unknown).
    fn arg(&self, index: u32) -> Option<PruneConst>;
    /// The value of a global or free variable, when it is a known constant.
    fn global(&self, name: &str) -> Option<PruneConst>;
}

/// Python's `a OP b` for a comparison; `None` where Python would raise (or we cannot tell).
fn eval_compare(op: CmpOp, a: &PruneConst, b: &PruneConst) -> Option<bool> {
    use PruneConst as P;
    let equal = || -> Option<bool> {
        match (a, b) {
            (P::Int(x), P::Int(y)) => Some(x == y),
            (P::Str(x), P::Str(y)) => Some(x == y),
            (P::NoneType, P::NoneType) => Some(true),
            (P::TypeObj, _) | (_, P::TypeObj) | (P::Truthy, _) | (_, P::Truthy) => {
                // A type object equals nothing we model except possibly another type.
                if matches!((a, b), (P::TypeObj, P::TypeObj) | (P::Truthy, P::Truthy) | (P::TypeObj, P::Truthy) | (P::Truthy, P::TypeObj)) {
                    None
                } else {
                    Some(false)
                }
            }
            _ => match (a.number(), b.number()) {
                (Some(x), Some(y)) => Some(x == y),
                _ => Some(false),
            },
        }
    };
    let order = || -> Option<std::cmp::Ordering> {
        match (a, b) {
            (P::Int(x), P::Int(y)) => Some(x.cmp(y)),
            (P::Str(x), P::Str(y)) => Some(x.cmp(y)),
            _ => a.number()?.partial_cmp(&b.number()?),
        }
    };
    match op {
        CmpOp::Eq => equal(),
        CmpOp::NotEq => equal().map(|e| !e),
        CmpOp::Lt => order().map(|o| o.is_lt()),
        CmpOp::LtE => order().map(|o| o.is_le()),
        CmpOp::Gt => order().map(|o| o.is_gt()),
        CmpOp::GtE => order().map(|o| o.is_ge()),
        CmpOp::Is | CmpOp::IsNot => {
            let same = match (a, b) {
                (P::NoneType, P::NoneType) => true,
                (P::NoneType, _) | (_, P::NoneType) => false,
                (P::Bool(x), P::Bool(y)) => x == y,
                _ => return None,
            };
            Some(if op == CmpOp::Is { same } else { !same })
        }
        CmpOp::In | CmpOp::NotIn => None,
    }
}

/// Python's `a OP b` for integer operands of an arithmetic condition (`if N % 2:`).
fn eval_binop(op: BinOp, a: &PruneConst, b: &PruneConst) -> Option<PruneConst> {
    let (x, y) = (a.int()?, b.int()?);
    let v = match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mult => x.checked_mul(y)?,
        BinOp::Mod if y != 0 => x.rem_euclid(y) + if y < 0 && x.rem_euclid(y) != 0 { y } else { 0 },
        BinOp::FloorDiv if y != 0 => {
            let q = x / y;
            if (x % y != 0) && ((x < 0) != (y < 0)) {
                q - 1
            } else {
                q
            }
        }
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        _ => return None,
    };
    Some(PruneConst::Int(v))
}

/// Prune the branches of `ir` that are decided before typing. Returns the pruned IR, or `None`
/// when nothing changes. Variables keep their ids; dead blocks are emptied (no statements,
/// no successors) rather than removed, so block ids stay valid too.
pub fn dead_branch_prune(ir: &FunctionIr, oracle: &dyn PruneOracle) -> Option<FunctionIr> {
    // Single definitions (Numba's `get_definition` refuses variables defined several times).
    let mut defs: HashMap<VarId, Option<(usize, usize)>> = HashMap::new();
    for (bi, b) in ir.blocks.iter().enumerate() {
        for (si, s) in b.stmts.iter().enumerate() {
            if let StmtKind::Assign { target, .. } = &s.kind {
                defs.entry(*target).and_modify(|d| *d = None).or_insert(Some((bi, si)));
            }
        }
    }
    let value_of = |v: VarId| -> Option<&Value> {
        let (bi, si) = defs.get(&v).copied().flatten()?;
        match &ir.blocks[bi].stmts[si].kind {
            StmtKind::Assign { value, .. } => Some(value),
            _ => None,
        }
    };
    // Follow plain copies to the defining variable (bounded).
    let definition = |mut v: VarId| -> Option<(VarId, &Value)> {
        for _ in 0..64 {
            match value_of(v)? {
                Value::Var(next) => v = *next,
                other => return Some((v, other)),
            }
        }
        None
    };
    let find_const = |v: VarId| -> Option<PruneConst> {
        match definition(v)?.1 {
            Value::Const(c) => PruneConst::from_constant(c),
            Value::Global(name) | Value::FreeVar(name) => oracle.global(name),
            _ => None,
        }
    };

    // Decisions: (block, keep truebr?, optional rewrite of the condition statement).
    let mut decisions: Vec<(usize, bool, Option<(usize, Constant)>)> = Vec::new();
    for (bi, b) in ir.blocks.iter().enumerate() {
        let Terminator::Branch { cond, .. } = &b.term else { continue };
        let Some((_, Value::Call { func, args, .. })) = definition(*cond) else { continue };
        if !matches!(definition(*func), Some((_, Value::Global(n))) if n == "bool") || args.len() != 1 {
            continue;
        }
        let Some((cond_var, condition)) = definition(args[0]) else { continue };
        let operands = match condition {
            Value::Compare { lhs, rhs, .. } | Value::BinOp { lhs, rhs, .. } => Some((*lhs, *rhs)),
            _ => None,
        };
        match operands {
            Some((lhs, rhs)) => {
                let mut by_type = false;
                let mut resolve = |v: VarId| -> Option<PruneConst> {
                    match definition(v) {
                        Some((_, Value::Arg(i))) => {
                            by_type = true;
                            oracle.arg(*i)
                        }
                        _ => find_const(v),
                    }
                };
                let (l, r) = (resolve(lhs), resolve(rhs));
                let (Some(l), Some(r)) = (l, r) else { continue };
                if by_type && l != PruneConst::NoneType && r != PruneConst::NoneType {
                    continue;
                }
                let taken = match condition {
                    Value::Compare { op, .. } => eval_compare(*op, &l, &r).map(PruneConst::Bool),
                    Value::BinOp { op, .. } => eval_binop(*op, &l, &r),
                    _ => None,
                };
                let Some(taken) = taken else { continue };
                let take_true = taken.truth();
                // The condition's statement, when it is in this block, becomes the constant of
                // the branch taken (1/0 for a prune by type, the computed value otherwise).
                let rewritten = if by_type {
                    Constant::Int(take_true as i128)
                } else {
                    match taken {
                        PruneConst::Int(i) => Constant::Int(i),
                        _ => Constant::Bool(take_true),
                    }
                };
                let rewrite = defs
                    .get(&cond_var)
                    .copied()
                    .flatten()
                    .filter(|(dbi, _)| *dbi == bi)
                    .map(|(_, si)| (si, rewritten));
                decisions.push((bi, take_true, rewrite));
            }
            None => {
                let is_const = matches!(condition, Value::Const(_) | Value::Global(_) | Value::FreeVar(_));
                if !is_const {
                    continue;
                }
                let Some(value) = find_const(args[0]) else { continue };
                decisions.push((bi, value.truth(), None));
            }
        }
    }
    if decisions.is_empty() {
        return None;
    }
    let mut out = ir.clone();
    for (bi, take_true, rewrite) in decisions {
        let block = &mut out.blocks[bi];
        if let Terminator::Branch { truebr, falsebr, .. } = block.term {
            block.term = Terminator::Jump(if take_true { truebr } else { falsebr });
        }
        if let Some((si, c)) = rewrite {
            if let Some(StmtKind::Assign { value, .. }) = block.stmts.get_mut(si).map(|s| &mut s.kind) {
                *value = Value::Const(c);
            }
        }
    }
    // Blocks no longer reachable from the entry are dead.
    let n = out.blocks.len();
    let mut live = vec![false; n];
    let mut stack = vec![0usize];
    while let Some(b) = stack.pop() {
        if b >= n || live[b] {
            continue;
        }
        live[b] = true;
        stack.extend(out.blocks[b].term.successors().into_iter().map(|s| s.0 as usize));
    }
    for (i, block) in out.blocks.iter_mut().enumerate() {
        if !live[i] {
            block.stmts.clear();
            block.term = Terminator::Unreachable;
        }
    }
    // Phis keep only the values flowing in from live predecessors; one left: a plain copy.
    let preds = out.predecessors();
    for (i, block) in out.blocks.iter_mut().enumerate() {
        if !live[i] {
            continue;
        }
        let live_preds: Vec<BlockId> = preds[i].clone();
        for stmt in &mut block.stmts {
            if let StmtKind::Assign { value: value @ Value::Phi(_), .. } = &mut stmt.kind {
                let Value::Phi(incoming) = value else { continue };
                incoming.retain(|(b, _)| live_preds.contains(b));
                if live_preds.len() == 1 && incoming.len() == 1 {
                    *value = match incoming[0].1 {
                        Some(v) => Value::Var(v),
                        None => Value::Undefined,
                    };
                }
            }
        }
    }
    Some(out)
}
