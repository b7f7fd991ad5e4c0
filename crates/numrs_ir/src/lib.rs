//! Numba-shaped IR for one function: basic blocks of assignments whose values are Numba's
//! expression kinds (`binop`, `call`, `getattr`, `static_getitem`, `phi`, `cast`, ...).
//!
//! The IR is lowered from the AST (`lower`), then put in SSA form (`ssa`) the way Numba's
//! `ReconstructSSA` does: a variable defined once keeps its name; one defined several times gets
//! versions `x`, `x.1`, ... and phi nodes only where a use is reached by several definitions.
//! Spans are relative to the function's `def` statement so that edits elsewhere in the file leave
//! the IR unchanged.

mod lower;
mod print;
mod prune;
mod ssa;

pub use lower::{check_escaping_closures, function_start, lower_function, lower_function_unrolled};
pub use prune::{dead_branch_prune, PruneConst, PruneOracle};

use numrs_syntax::ast::{BinOp, CmpOp, Constant, Span, UnaryOp};

pub use numrs_hir::ConstValue;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// The name prefix of the temporary a `getattr(x, "name")` call with a constant name is lowered
/// to (an attribute read): in Numba it stays a call, which its semantic-constant rewrite (`x.ndim`
/// of an array argument as a literal) does not see.
pub const GETATTR_CALL_TEMP: &str = "$call_getattr";

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Var {
    /// The SSA name as Numba would print it (`x`, `x.1`, `$const4.1`).
    pub name: String,
    /// The name without SSA suffix; for user variables, the Python name.
    pub base: String,
    /// A user-visible Python variable (not a `$` temporary).
    pub user: bool,
}

/// A lowered function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionIr {
    pub name: String,
    pub arg_names: Vec<String>,
    pub vars: Vec<Var>,
    /// Blocks in label order (Numba orders blocks by bytecode offset; we by source position).
    pub blocks: Vec<Block>,
    /// Constructs that cannot be lowered, reported as errors before typing.
    pub errors: Vec<LowerError>,
    pub is_generator: bool,
    /// Nested functions and lambdas defined in this function, referenced by `MakeFunction`.
    pub closures: Vec<ClosureInfo>,
    /// Names this (inner) function declares `nonlocal`.
    pub nonlocals: Vec<String>,
    /// Per `build_map` of a dict display, the literal value Numba's interpreter records for it
    /// (`ir.Expr.build_map(literal_value=...)`), as Python prints it (`{1: 2}`,
    /// `{1: _UNKNOWN_VALUE(x)}`): a display of literal values remembers it in its type.
    pub map_literals: Vec<(VarId, std::sync::Arc<str>)>,
    /// Its `with objmode(...):` blocks.
    pub objmode_blocks: Vec<ObjModeInfo>,
    /// Its loops over `literal_unroll(container)` lowered as loops: the `for` statement (its
    /// position in the module, the key of [`lower_function_unrolled`]) and the container's
    /// variable. Typing decides how many times each is unrolled.
    pub literal_unroll: Vec<(u32, VarId)>,
}

/// How many times each Python variable of `ir` is assigned (phis aside): what its name's
/// definitions were before SSA, where Numba's `get_definition` looks.
pub fn assignment_counts(ir: &FunctionIr) -> std::collections::HashMap<&str, usize> {
    let mut out: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                let var = ir.var(*target);
                if var.user && !matches!(value, Value::Phi(_)) {
                    *out.entry(var.base.as_str()).or_default() += 1;
                }
            }
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClosureInfo {
    pub name: String,
    pub ir: Box<FunctionIr>,
    /// Names of the enclosing function's variables it reads.
    pub free_vars: Vec<String>,
    /// Constant defaults of its parameters (positional order; `None`: no constant default).
    pub defaults: Vec<Option<numrs_syntax::ast::Constant>>,
    /// Defaults that name a variable of the enclosing function (`def f(x, k=m)`), by
    /// parameter (positional order): a copy of the variable made where the `def` is (Python
    /// and Numba evaluate defaults when the `def` runs).
    pub default_vars: Vec<Option<VarId>>,
    /// It takes `*args` (its last parameter in `ir.arg_names`).
    pub star: bool,
}

impl ClosureInfo {
    /// The names it takes from the functions around it, its own inner functions' included,
    /// sorted: CPython's `co_freevars`.
    pub fn captured(&self) -> Vec<String> {
        let mut names: std::collections::BTreeSet<String> = self.free_vars.iter().cloned().collect();
        for c in &self.ir.closures {
            names.extend(c.captured().into_iter().filter(|n| !self.ir.binds(n)));
        }
        names.into_iter().collect()
    }
}

pub use numrs_types::CLOSURE_ESCAPED as ESCAPED;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LowerError {
    /// Numba's exception kind, e.g. `UnsupportedError`, `UnsupportedBytecodeError`.
    pub kind: &'static str,
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    /// Numba reports some bytecode errors without a source line.
    pub line_known: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub term: Terminator,
    /// Span of the statement that starts the block (for diagnostics about the block).
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stmt {
    pub span: Span,
    pub kind: StmtKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    Assign { target: VarId, value: Value },
    SetItem { target: VarId, index: VarId, value: VarId, static_index: Option<StaticIndex> },
    SetAttr { target: VarId, attr: String, value: VarId },
    DelItem { target: VarId, index: VarId },
    /// `del x` of a local (no typing effect).
    Del(VarId),
}

impl StmtKind {
    /// Variables the statement reads (`del x` reads `x`).
    pub fn uses(&self) -> Vec<VarId> {
        match self {
            StmtKind::Assign { value, .. } => value.uses(),
            StmtKind::SetItem { target, index, value, .. } => vec![*target, *index, *value],
            StmtKind::SetAttr { target, value, .. } => vec![*target, *value],
            StmtKind::DelItem { target, index } => vec![*target, *index],
            StmtKind::Del(v) => vec![*v],
        }
    }
}

/// A compile-time-known index (`a[0]`, `t[1:3]`), as in Numba's `static_getitem`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StaticIndex {
    Int(i128),
    Slice(Option<i128>, Option<i128>, Option<i128>),
    Str(String),
    /// A tuple of constant slices (`float64[:, ::1]`); other constant tuples are not static.
    Slices(Vec<(Option<i128>, Option<i128>, Option<i128>)>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Const(Constant),
    /// A tuple constant nested in a constant tuple display (`(1, 2.0)` in `((1, 2.0), 3)`):
    /// Numba's `LOAD_CONST` of a tuple makes each top-level item an `ir.Const`, and a nested
    /// tuple one `ir.Const` typed by `typeof` (no literal items: `Tuple(int64, float64)`).
    ConstTuple(ConstValue),
    Var(VarId),
    /// A module-level (or builtin) name.
    Global(String),
    /// A variable of an enclosing function (closures).
    FreeVar(String),
    Arg(u32),
    BinOp { op: BinOp, lhs: VarId, rhs: VarId },
    InplaceBinOp { op: BinOp, lhs: VarId, rhs: VarId },
    Compare { op: CmpOp, lhs: VarId, rhs: VarId },
    Unary { op: UnaryOp, operand: VarId },
    Call { func: VarId, args: Vec<VarId>, kws: Vec<(String, VarId)>, vararg: Option<VarId> },
    GetAttr { value: VarId, attr: String },
    GetItem { value: VarId, index: VarId },
    StaticGetItem { value: VarId, index: StaticIndex, index_var: Option<VarId> },
    BuildTuple(Vec<VarId>),
    BuildList(Vec<VarId>),
    BuildSet(Vec<VarId>),
    BuildMap(Vec<(VarId, VarId)>),
    GetIter(VarId),
    IterNext(VarId),
    PairFirst(VarId),
    PairSecond(VarId),
    ExhaustIter { value: VarId, count: u32 },
    Cast(VarId),
    /// `(incoming block, value)`; `None` is Numba's `UNDEFINED`.
    Phi(Vec<(BlockId, Option<VarId>)>),
    MakeFunction { closure: u32 },
    Yield(VarId),
    /// f-string pieces → `build_string`.
    BuildString(Vec<VarId>),
    FormatValue(VarId),
    /// A value Numba never types (an operation whose result its front end loses); the
    /// variable stays undetermined.
    Undefined,
    /// `except <class>:` testing the raised exception against `class` (Numba's
    /// `exception_match` intrinsic, which only accepts `Exception`).
    ExceptionMatch(VarId),
    /// The value a `nonlocal` variable `name` has after a call of the inner function `func`
    /// (Numba inlines the call, so the enclosing variable is reassigned by it).
    NonlocalOut { func: VarId, name: String },
    /// A variable an object-mode block (`with objmode(y="float64"):`) assigns, of the type
    /// its annotation declares (the block runs in the Python interpreter).
    ObjModeOut(numrs_types::Type),
    /// [`Value::ObjModeOut`] with the type given by an expression (`y=types.float64`): an
    /// instance of the number class it evaluates to.
    ObjModeOutOf(VarId),
    /// Runs object-mode block `block` ([`FunctionIr::objmode_blocks`]) in the Python
    /// interpreter with these values of its input variables; the [`Value::ObjModeOut`]s that
    /// follow it read its outputs, in order.
    ObjModeBlock { block: u32, inputs: Vec<VarId> },
    /// A free variable an escaping inner function captures whose value is known only by its
    /// type, which has no run-time value: a NumPy dtype (`dtype(float64)`), NumPy scalar class
    /// or Numba type (`class(float64)`) an `@overload` typing function computed.
    Captured(numrs_types::Type),
}

/// A `with objmode(...):` block, run by the Python interpreter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ObjModeInfo {
    /// The statements of its body (relative to the function's start, as all IR spans).
    pub body: Span,
    /// The function's variables it reads (the values `ObjModeBlock` passes, in order).
    pub inputs: Vec<String>,
    /// The variables it hands back, in the order of the `objmode(...)` call.
    pub outputs: Vec<String>,
    /// The other names it reads: module-level names or builtins.
    pub globals: Vec<String>,
    /// Whether it has a `return`, `yield`, `break` or `continue` of its own.
    pub leaves_early: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Terminator {
    Jump(BlockId),
    Branch { cond: VarId, truebr: BlockId, falsebr: BlockId },
    Return(VarId),
    Raise { exc: Option<VarId> },
    /// A block that cannot be reached by falling through (after `return` in dead code).
    Unreachable,
}

impl Terminator {
    /// The variable the terminator reads, if any.
    pub fn uses(&self) -> Option<VarId> {
        match self {
            Terminator::Branch { cond, .. } => Some(*cond),
            Terminator::Return(v) | Terminator::Raise { exc: Some(v) } => Some(*v),
            _ => None,
        }
    }

    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Jump(b) => vec![*b],
            Terminator::Branch { truebr, falsebr, .. } => vec![*truebr, *falsebr],
            _ => vec![],
        }
    }
}

impl FunctionIr {
    /// The inner function at `path` ([`ESCAPED`] marks skipped).
    pub fn closure_at(&self, path: &[u32]) -> Option<&ClosureInfo> {
        let mut ir = self;
        let mut found = None;
        for &i in path.iter().filter(|&&i| i != ESCAPED) {
            let c = ir.closures.get(i as usize)?;
            ir = &c.ir;
            found = Some(c);
        }
        found
    }

    /// Whether `name` is one of its parameters or variables (not taken from a function
    /// around it).
    pub fn binds(&self, name: &str) -> bool {
        self.arg_names.iter().any(|a| a == name) || self.vars.iter().any(|v| v.user && v.base == name)
    }

    /// The literal value recorded for the `build_map` assigned to `target` (see
    /// [`FunctionIr::map_literals`]).
    pub fn map_literal(&self, target: VarId) -> Option<&std::sync::Arc<str>> {
        self.map_literals.iter().find(|(v, _)| *v == target).map(|(_, l)| l)
    }

    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.0 as usize]
    }
    /// The value each variable is assigned (the last assignment where there are several).
    pub fn definitions(&self) -> std::collections::HashMap<VarId, &Value> {
        let mut defs = std::collections::HashMap::new();
        for b in &self.blocks {
            for st in &b.stmts {
                if let StmtKind::Assign { target, value } = &st.kind {
                    defs.insert(*target, value);
                }
            }
        }
        defs
    }
    /// Number of declared parameters (positional, `*args` and keyword-only).
    pub fn args_count(&self) -> usize {
        self.arg_names.len()
    }
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }
    /// Every variable a statement or terminator reads.
    pub fn return_vars(&self) -> Vec<VarId> {
        self.blocks
            .iter()
            .filter_map(|b| match b.term {
                Terminator::Return(v) => Some(v),
                _ => None,
            })
            .collect()
    }
    /// The `try` statements as Numba's IR has them: a branch on an `$exception_check` flag to
    /// the body or the handler. Per `try`, its handler's block and the body's blocks: what is
    /// reachable from the body's entry without passing the handler or leaving through the
    /// block that holds `$try_exit` (an inner `try`'s blocks are in its outer one's too).
    pub fn try_bodies(&self) -> Vec<(usize, Vec<usize>)> {
        let n = self.blocks.len();
        let named = |v: VarId, prefix: &str| self.vars.get(v.0 as usize).is_some_and(|x| x.name.starts_with(prefix));
        let mut out = Vec::new();
        for block in &self.blocks {
            let Terminator::Branch { cond, truebr, falsebr } = &block.term else { continue };
            if !named(*cond, "$exception_check") {
                continue;
            }
            let (entry, handler) = (truebr.0 as usize, falsebr.0 as usize);
            let mut seen = vec![false; n];
            let mut stack = vec![entry];
            let mut body = Vec::new();
            while let Some(b) = stack.pop() {
                if b >= n || b == handler || seen[b] {
                    continue;
                }
                seen[b] = true;
                body.push(b);
                let exits = self.blocks[b].stmts.iter().any(|st| matches!(&st.kind, StmtKind::Assign { target, .. } if named(*target, "$try_exit")));
                if !exits {
                    stack.extend(self.blocks[b].term.successors().iter().map(|s| s.0 as usize));
                }
            }
            out.push((handler, body));
        }
        out
    }

    pub fn predecessors(&self) -> Vec<Vec<BlockId>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for (i, b) in self.blocks.iter().enumerate() {
            for s in b.term.successors() {
                preds[s.0 as usize].push(BlockId(i as u32));
            }
        }
        preds
    }
}

impl Value {
    /// Variables read by this value.
    pub fn uses(&self) -> Vec<VarId> {
        let mut copy = self.clone();
        copy.uses_mut().into_iter().map(|v| *v).collect()
    }

    /// Mutable references to the variables read by this value (the one visitor every pass
    /// that reads or rewrites uses goes through). `Phi` incoming `UNDEFINED`s are skipped.
    pub fn uses_mut(&mut self) -> Vec<&mut VarId> {
        match self {
            Value::Var(v)
            | Value::GetIter(v)
            | Value::IterNext(v)
            | Value::PairFirst(v)
            | Value::PairSecond(v)
            | Value::Cast(v)
            | Value::Yield(v)
            | Value::FormatValue(v)
            | Value::ExceptionMatch(v)
            | Value::NonlocalOut { func: v, .. }
            | Value::ObjModeOutOf(v)
            | Value::Unary { operand: v, .. }
            | Value::GetAttr { value: v, .. }
            | Value::ExhaustIter { value: v, .. } => vec![v],
            Value::BinOp { lhs, rhs, .. } | Value::InplaceBinOp { lhs, rhs, .. } | Value::Compare { lhs, rhs, .. } => {
                vec![lhs, rhs]
            }
            Value::GetItem { value, index } => vec![value, index],
            Value::StaticGetItem { value, index_var, .. } => {
                let mut out = vec![value];
                out.extend(index_var.as_mut());
                out
            }
            Value::Call { func, args, kws, vararg } => {
                let mut out = vec![func];
                out.extend(args.iter_mut());
                out.extend(kws.iter_mut().map(|(_, k)| k));
                out.extend(vararg.as_mut());
                out
            }
            Value::BuildTuple(items) | Value::BuildList(items) | Value::BuildSet(items) | Value::BuildString(items) => {
                items.iter_mut().collect()
            }
            Value::ObjModeBlock { inputs, .. } => inputs.iter_mut().collect(),
            Value::BuildMap(items) => items.iter_mut().flat_map(|(k, v)| [k, v]).collect(),
            Value::Phi(incoming) => incoming.iter_mut().filter_map(|(_, v)| v.as_mut()).collect(),
            Value::Const(_)
            | Value::ConstTuple(_)
            | Value::Global(_)
            | Value::FreeVar(_)
            | Value::Arg(_)
            | Value::MakeFunction { .. }
            | Value::ObjModeOut(_)
            | Value::Captured(_)
            | Value::Undefined => vec![],
        }
    }
}

/// Applies [`numrs_hir::mangle_private`] to the attribute names of a method of class `class` (and of its
/// inner functions), as CPython compiles them.
/// The value `v` holds, following plain copies (`Value::Var`) in `defs` (see
/// [`FunctionIr::definitions`]).
pub fn resolve_copies<'a>(defs: &std::collections::HashMap<VarId, &'a Value>, mut v: VarId) -> Option<&'a Value> {
    for _ in 0..64 {
        match defs.get(&v)? {
            Value::Var(src) => v = *src,
            other => return Some(*other),
        }
    }
    None
}

pub fn mangle_private_attrs(ir: &mut FunctionIr, class: &str) {
    for block in &mut ir.blocks {
        for stmt in &mut block.stmts {
            let attr = match &mut stmt.kind {
                StmtKind::SetAttr { attr, .. } => attr,
                StmtKind::Assign { value: Value::GetAttr { attr, .. }, .. } => attr,
                _ => continue,
            };
            if let Some(m) = numrs_hir::mangle_private(class, attr) {
                *attr = m;
            }
        }
    }
    for c in &mut ir.closures {
        mangle_private_attrs(&mut c.ir, class);
    }
}
