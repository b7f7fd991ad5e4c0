//! AST → pre-SSA IR, mirroring the shape CPython 3.11's compiler gives the bytecode Numba reads:
//! branch conditions go through `bool()`, `and`/`or`/`not` in conditions become jumps, `for`
//! loops use `getiter`/`iternext`/`pair_first`/`pair_second`, `return x` becomes
//! `$ret = cast(x); return $ret`, and code after `return`/`raise` is dropped.

use std::collections::{HashMap, HashSet};

use numrs_syntax::ast::{
    self, BoolOp, Comprehension, Constant, Expr, ExprKind, FunctionDef, Keyword, Parameters, Span, Stmt,
    StmtKind, UnaryOp, WithItem,
};

use crate::{
    Block, BlockId, ClosureInfo, FunctionIr, LowerError, StaticIndex, StmtKind as IrStmtKind, Terminator, Value,
    Var, VarId,
};

/// Lower one function. `base` is the byte offset all spans are made relative to (the start of
/// the `def` statement); `enclosing` are the local names of enclosing functions (for closures).
pub fn lower_function(def: &FunctionDef, base: u32) -> FunctionIr {
    lower_function_unrolled(def, base, &[])
}

/// [`lower_function`], with each loop over `literal_unroll(...)` whose `for` statement starts
/// at a position of `unroll` lowered as that many copies of its body, the `k`-th reading
/// item `k` of the container (Numba versions the loop body per item type).
pub fn lower_function_unrolled(def: &FunctionDef, base: u32, unroll: &[(u32, usize)]) -> FunctionIr {
    // Numba's function location is `co_firstlineno`: the first decorator's line.
    let entry = def.decorators.first().map_or(def.name_span, |d| d.span);
    let mut lowerer = Lowerer::new(&def.name, base, HashSet::new());
    lowerer.unroll = unroll.iter().copied().collect();
    let mut ir = finish_lowering(lowerer, &def.params, &def.body, entry);
    check_escaping_closures(&mut ir);
    ir
}

/// Where a function starts: its first decorator, or its `def`. IR spans are relative to it.
pub fn function_start(def: &FunctionDef) -> u32 {
    def.decorators.first().map_or(def.name_span.start, |d| d.span.start.min(def.name_span.start))
}

fn finish_lowering(mut lowerer: Lowerer, params: &Parameters, body: &[Stmt], name_span: Span) -> FunctionIr {
    lowerer.lower_body(params, body, name_span);
    let mut ir = lowerer.finish();
    crate::ssa::prune_unreachable(&mut ir);
    crate::ssa::thread_forward_jumps(&mut ir);
    crate::ssa::reconstruct_ssa(&mut ir);
    ir
}

struct LoopTargets {
    continue_to: BlockId,
    break_to: BlockId,
}

struct Lowerer {
    name: String,
    base: u32,
    vars: Vec<Var>,
    locals: HashMap<String, VarId>,
    local_names: HashSet<String>,
    global_names: HashSet<String>,
    enclosing: HashSet<String>,
    blocks: Vec<Block>,
    current: BlockId,
    /// Whether the current block already has its terminator (code after return/raise is dead).
    terminated: bool,
    /// The last `pass` statement of each block (function-relative): CPython's NOP there
    /// gives a line to the `return None` that follows it.
    pass_at: HashMap<BlockId, Span>,
    loops: Vec<LoopTargets>,
    /// The `finally` bodies around the code being lowered (innermost last), each with the
    /// number of loops around its `try`: `return` runs them all, `break` and `continue` those
    /// inside the loop they leave, before jumping.
    finally: Vec<(std::rc::Rc<[Stmt]>, usize)>,
    errors: Vec<LowerError>,
    temp_counter: u32,
    arg_names: Vec<String>,
    is_generator: bool,
    closures: Vec<ClosureInfo>,
    nonlocals: Vec<String>,
    map_literals: Vec<(VarId, std::sync::Arc<str>)>,
    /// Every name the function reads, with its position (object-mode blocks check which
    /// variables they assign are read after them).
    name_loads: Vec<(String, u32)>,
    /// Where each name is assigned (`name_loads`' counterpart).
    name_stores: Vec<(String, u32)>,
    objmode_blocks: Vec<crate::ObjModeInfo>,
    /// How many times to unroll each `literal_unroll` loop, by its `for` statement's position.
    unroll: HashMap<u32, usize>,
    literal_unroll: Vec<(u32, VarId)>,
    /// Lowering the body of a `literal_unroll` loop (Numba does not nest them).
    in_unroll: bool,
    /// How many `try` bodies the statement being lowered is in.
    try_depth: u32,
    /// The inner functions (`def` statements) of this function's body, and those of the
    /// functions around it, by name: an inner function that calls another one (a free
    /// variable naming a sibling `def`) gets its own copy of it (Numba inlines both).
    inner_defs: HashMap<String, std::sync::Arc<ast::FunctionDef>>,
    /// Inner functions of `inner_defs` copied into this one: name, index in `closures`.
    copied_defs: HashMap<String, u32>,
    /// The names of the copies being lowered (a copy does not copy itself again).
    copying: HashSet<String>,
}

/// Names declared `nonlocal` anywhere in a function body (not in nested functions).
fn collect_nonlocals(body: &[Stmt]) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in body {
        match &stmt.kind {
            StmtKind::Nonlocal(names) => out.extend(names.iter().cloned()),
            StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } | StmtKind::If { body, orelse, .. } => {
                out.extend(collect_nonlocals(body));
                out.extend(collect_nonlocals(orelse));
            }
            StmtKind::With { body, .. } => out.extend(collect_nonlocals(body)),
            StmtKind::Match { cases, .. } => {
                for case in cases {
                    out.extend(collect_nonlocals(&case.body));
                }
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                out.extend(collect_nonlocals(body));
                out.extend(collect_nonlocals(orelse));
                out.extend(collect_nonlocals(finalbody));
                for h in handlers {
                    out.extend(collect_nonlocals(&h.body));
                }
            }
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every name bound in a function's own scope (Python's rule for what is local).
fn collect_bound_names(body: &[Stmt], out: &mut HashSet<String>, globals: &mut HashSet<String>) {
    fn target(e: &Expr, out: &mut HashSet<String>) {
        match &e.kind {
            ExprKind::Name(n) => {
                out.insert(n.clone());
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().for_each(|i| target(i, out)),
            ExprKind::Starred(inner) => target(inner, out),
            _ => {}
        }
    }
    fn walrus(e: &Expr, out: &mut HashSet<String>) {
        numrs_syntax::visit::expr_in_scope(e, &mut |x| {
            if let ExprKind::NamedExpr { target: t, .. } = &x.kind {
                target(t, out);
            }
        });
    }
    for stmt in body {
        match &stmt.kind {
            StmtKind::FunctionDef(f) => {
                out.insert(f.name.clone());
            }
            StmtKind::ClassDef(c) => {
                out.insert(c.name.clone());
            }
            StmtKind::Assign { targets, value } => {
                targets.iter().for_each(|t| target(t, out));
                walrus(value, out);
            }
            StmtKind::AugAssign { target: t, value, .. } => {
                target(t, out);
                walrus(value, out);
            }
            StmtKind::AnnAssign { target: t, value, .. } => {
                if value.is_some() {
                    target(t, out);
                }
            }
            StmtKind::For { target: t, body, orelse, iter, .. } => {
                target(t, out);
                walrus(iter, out);
                collect_bound_names(body, out, globals);
                collect_bound_names(orelse, out, globals);
            }
            StmtKind::While { body, orelse, test } => {
                walrus(test, out);
                collect_bound_names(body, out, globals);
                collect_bound_names(orelse, out, globals);
            }
            StmtKind::If { body, orelse, test } => {
                walrus(test, out);
                collect_bound_names(body, out, globals);
                collect_bound_names(orelse, out, globals);
            }
            StmtKind::Match { subject, cases } => {
                walrus(subject, out);
                for case in cases {
                    out.extend(case.pattern.bound_names());
                    if let Some(g) = &case.guard {
                        walrus(g, out);
                    }
                    collect_bound_names(&case.body, out, globals);
                }
            }
            StmtKind::With { items, body, .. } => {
                for item in items {
                    if let Some(t) = &item.target {
                        target(t, out);
                    }
                }
                collect_bound_names(body, out, globals);
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                collect_bound_names(body, out, globals);
                for h in handlers {
                    if let Some(n) = &h.name {
                        out.insert(n.clone());
                    }
                    collect_bound_names(&h.body, out, globals);
                }
                collect_bound_names(orelse, out, globals);
                collect_bound_names(finalbody, out, globals);
            }
            StmtKind::Import(aliases) | StmtKind::ImportFrom { names: aliases, .. } => {
                for a in aliases {
                    let bound = a.asname.clone().unwrap_or_else(|| a.name.split('.').next().unwrap_or("").to_string());
                    out.insert(bound);
                }
            }
            StmtKind::Delete(targets) => targets.iter().for_each(|t| target(t, out)),
            StmtKind::Global(names) => globals.extend(names.iter().cloned()),
            StmtKind::Nonlocal(names) => out.extend(names.iter().cloned()),
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => walrus(e, out),
            _ => {}
        }
    }
}

fn contains_yield(body: &[Stmt]) -> bool {
    let mut found = false;
    fn check_expr(e: &Expr, found: &mut bool) {
        numrs_syntax::visit::expr_in_scope(e, &mut |x| {
            if matches!(x.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_)) {
                *found = true;
            }
        });
    }
    for s in body {
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => check_expr(e, &mut found),
            StmtKind::Assign { value, .. } | StmtKind::AugAssign { value, .. } => check_expr(value, &mut found),
            StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } | StmtKind::If { body, orelse, .. } => {
                found |= contains_yield(body) || contains_yield(orelse)
            }
            StmtKind::With { body, .. } => found |= contains_yield(body),
            StmtKind::Match { cases, .. } => found |= cases.iter().any(|c| contains_yield(&c.body)),
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                found |= contains_yield(body)
                    || contains_yield(orelse)
                    || contains_yield(finalbody)
                    || handlers.iter().any(|h| contains_yield(&h.body))
            }
            _ => {}
        }
    }
    found
}

fn const_index(e: &Expr) -> Option<StaticIndex> {
    fn int_of(e: &Expr) -> Option<i128> {
        match &e.kind {
            ExprKind::Constant(Constant::Int(v)) => Some(*v),
            ExprKind::UnaryOp { op: UnaryOp::USub, operand } => match &operand.kind {
                ExprKind::Constant(Constant::Int(v)) => Some(-*v),
                _ => None,
            },
            _ => None,
        }
    }
    match &e.kind {
        ExprKind::Constant(Constant::Str(s)) => Some(StaticIndex::Str(s.clone())),
        ExprKind::Slice { lower, upper, step } => {
            let part = |p: &Option<Box<Expr>>| -> Option<Option<i128>> {
                match p {
                    None => Some(None),
                    Some(x) if matches!(x.kind, ExprKind::Constant(Constant::None)) => Some(None),
                    Some(x) => int_of(x).map(Some),
                }
            };
            Some(StaticIndex::Slice(part(lower)?, part(upper)?, part(step)?))
        }
        ExprKind::Tuple(items) if !items.is_empty() => {
            let slices = items.iter().map(|i| match const_index(i) {
                Some(StaticIndex::Slice(a, b, c)) => Some((a, b, c)),
                _ => None,
            });
            slices.collect::<Option<Vec<_>>>().map(StaticIndex::Slices)
        }
        _ => int_of(e).map(StaticIndex::Int),
    }
}

impl Lowerer {
    fn new(name: &str, base: u32, enclosing: HashSet<String>) -> Self {
        Lowerer {
            name: name.to_string(),
            base,
            vars: Vec::new(),
            locals: HashMap::new(),
            local_names: HashSet::new(),
            global_names: HashSet::new(),
            enclosing,
            blocks: vec![Block { stmts: Vec::new(), term: Terminator::Unreachable, span: Span::default() }],
            current: BlockId(0),
            terminated: false,
            pass_at: HashMap::new(),
            loops: Vec::new(),
            finally: Vec::new(),
            errors: Vec::new(),
            temp_counter: 0,
            arg_names: Vec::new(),
            is_generator: false,
            closures: Vec::new(),
            nonlocals: Vec::new(),
            map_literals: Vec::new(),
            name_loads: Vec::new(),
            name_stores: Vec::new(),
            objmode_blocks: Vec::new(),
            unroll: HashMap::new(),
            literal_unroll: Vec::new(),
            in_unroll: false,
            try_depth: 0,
            inner_defs: HashMap::new(),
            copied_defs: HashMap::new(),
            copying: HashSet::new(),
        }
    }

    fn rel(&self, span: Span) -> Span {
        span.relative_to(self.base)
    }

    fn finish(self) -> FunctionIr {
        FunctionIr {
            name: self.name,
            arg_names: self.arg_names,
            vars: self.vars,
            blocks: self.blocks,
            errors: self.errors,
            is_generator: self.is_generator,
            closures: self.closures,
            nonlocals: self.nonlocals,
            map_literals: self.map_literals,
            objmode_blocks: self.objmode_blocks,
            literal_unroll: self.literal_unroll,
        }
    }

    fn error(&mut self, kind: &'static str, code: &'static str, message: impl Into<String>, span: Span) {
        let span = self.rel(span);
        self.errors.push(LowerError { kind, code, message: message.into(), span, line_known: true });
    }

    /// Numba's `UnsupportedBytecodeError` for an opcode it does not handle.
    fn unsupported_opcode(&mut self, opcode: &str, what: &str, span: Span) {
        self.error(
            "UnsupportedBytecodeError",
            "unsupported-syntax",
            format!("{what} is not supported in nopython mode (Numba: unsupported opcode {opcode})"),
            span,
        );
    }

    fn lower_body(&mut self, params: &Parameters, body: &[Stmt], name_span: Span) {
        let mut bound = HashSet::new();
        let mut globals = HashSet::new();
        collect_bound_names(body, &mut bound, &mut globals);
        for p in params.positional().chain(params.vararg.iter()).chain(params.kwonly.iter()).chain(params.kwarg.iter()) {
            bound.insert(p.name.clone());
        }
        for g in &globals {
            bound.remove(g);
        }
        self.local_names = bound;
        self.global_names = globals;
        self.nonlocals = collect_nonlocals(body);
        for stmt in body {
            if let StmtKind::FunctionDef(def) = &stmt.kind {
                self.inner_defs.insert(def.name.clone(), std::sync::Arc::new((**def).clone()));
            }
        }
        // Only object-mode blocks need to know where names are read and assigned.
        if contains_objmode(body) {
            (self.name_loads, self.name_stores) = name_uses(body);
        }
        self.is_generator = contains_yield(body);
        self.blocks[0].span = self.rel(name_span);

        let all_params: Vec<&ast::Param> =
            params.positional().chain(params.vararg.iter()).chain(params.kwonly.iter()).collect();
        for (i, p) in all_params.iter().enumerate() {
            self.arg_names.push(p.name.clone());
            let v = self.local(&p.name);
            self.emit(name_span, IrStmtKind::Assign { target: v, value: Value::Arg(i as u32) });
        }
        if params.kwarg.is_some() {
            self.error(
                "UnsupportedError",
                "unsupported-signature",
                "**kwargs parameters are not supported in nopython mode",
                name_span,
            );
        }
        // `nonlocal x` reads the enclosing function's `x` on entry.
        for name in self.nonlocals.clone() {
            let v = self.local(&name);
            self.emit(name_span, IrStmtKind::Assign { target: v, value: Value::FreeVar(name.clone()) });
        }
        self.lower_stmts(body);
        if !self.terminated {
            // Falling off the end returns None, at the line CPython gives that return.
            let span = self
                .implicit_return_span()
                .map(|s| s.offset_by(self.base))
                .unwrap_or_else(|| body.last().map(|s| Span::new(s.span.end, s.span.end)).unwrap_or(name_span));
            let none = self.temp("const", span, Value::Const(Constant::None));
            let ret = self.temp("return_value", span, Value::Cast(none));
            self.terminate(Terminator::Return(ret));
        }
    }

    // ----- variables and blocks -----

    fn new_var(&mut self, name: String, base: String, user: bool) -> VarId {
        let id = VarId(self.vars.len() as u32);
        self.vars.push(Var { name, base, user });
        id
    }

    fn local(&mut self, name: &str) -> VarId {
        if let Some(v) = self.locals.get(name) {
            return *v;
        }
        let v = self.new_var(name.to_string(), name.to_string(), true);
        self.locals.insert(name.to_string(), v);
        v
    }

    fn fresh_temp(&mut self, hint: &str) -> VarId {
        self.temp_counter += 1;
        let name = format!("${hint}{}", self.temp_counter);
        self.new_var(name.clone(), name, false)
    }

    /// A tuple or list display with starred items: runs of plain items as displays, each
    /// starred iterable as itself (a list display: `list(it)`), the pieces added left to right.
    fn lower_starred_display(&mut self, items: &[Expr], span: Span, list: bool) -> VarId {
        let mut pieces: Vec<VarId> = Vec::new();
        let mut run: Vec<VarId> = Vec::new();
        let flush = |cx: &mut Self, run: &mut Vec<VarId>, pieces: &mut Vec<VarId>| {
            if !run.is_empty() {
                let vs = std::mem::take(run);
                let v = if list { Value::BuildList(vs) } else { Value::BuildTuple(vs) };
                pieces.push(cx.temp(if list { "build_list" } else { "build_tuple" }, span, v));
            }
        };
        for i in items {
            let ExprKind::Starred(inner) = &i.kind else {
                run.push(self.lower_expr(i));
                continue;
            };
            flush(self, &mut run, &mut pieces);
            let x = self.lower_expr(inner);
            pieces.push(if list {
                let f = self.temp("list", span, Value::Global("list".into()));
                self.temp("call", span, Value::Call { func: f, args: vec![x], kws: vec![], vararg: None })
            } else {
                x
            });
        }
        flush(self, &mut run, &mut pieces);
        let mut acc = pieces[0];
        for p in &pieces[1..] {
            acc = self.temp("binop", span, Value::BinOp { op: ast::BinOp::Add, lhs: acc, rhs: *p });
        }
        acc
    }

    fn temp(&mut self, hint: &str, span: Span, value: Value) -> VarId {
        let v = self.fresh_temp(hint);
        self.emit(span, IrStmtKind::Assign { target: v, value });
        v
    }

    fn emit(&mut self, span: Span, kind: IrStmtKind) {
        if self.terminated {
            return;
        }
        let span = self.rel(span);
        let block = &mut self.blocks[self.current.0 as usize];
        // A block's location is its first statement's (Numba places phis there).
        if block.stmts.is_empty() && self.current.0 != 0 {
            block.span = span;
        }
        block.stmts.push(crate::Stmt { span, kind });
    }

    fn new_block(&mut self, span: Span) -> BlockId {
        let id = BlockId(self.blocks.len() as u32);
        let span = self.rel(span);
        self.blocks.push(Block { stmts: Vec::new(), term: Terminator::Unreachable, span });
        id
    }

    /// The (function-relative) place of the `return None` that falling off the end of the
    /// function runs, as CPython 3.11 numbers it: its exit block is copied for each jump to it
    /// and takes the line of the instruction before it. Numba reports the first copy: the one
    /// code falls through into (the last body to end without a jump, in source order), else
    /// the one of the first condition that jumps there. `None`: no predecessor to read.
    fn implicit_return_span(&self) -> Option<Span> {
        let mut falls: Option<Span> = None;
        let mut jumps: Option<Span> = None;
        let mut seen = vec![false; self.blocks.len()];
        let mut stack = vec![self.current];
        while let Some(target) = stack.pop() {
            for (i, b) in self.blocks.iter().enumerate() {
                let (is_pred, jump) = match b.term {
                    Terminator::Jump(t) => (t == target, true),
                    Terminator::Branch { truebr, falsebr, .. } => (truebr == target || falsebr == target, false),
                    _ => (false, false),
                };
                if !is_pred || seen[i] || BlockId(i as u32) == self.current {
                    continue;
                }
                seen[i] = true;
                let pass = self.pass_at.get(&BlockId(i as u32)).copied();
                let last = match (b.stmts.last().map(|s| s.span), pass) {
                    (Some(l), Some(p)) => Some(if p.start > l.start { p } else { l }),
                    (l, p) => l.or(p),
                };
                let Some(last) = last else {
                    // An empty join block: the jumps into it are jumps to the exit.
                    stack.push(BlockId(i as u32));
                    continue;
                };
                if jump {
                    falls = Some(match falls {
                        Some(f) if f.start > last.start => f,
                        _ => last,
                    });
                } else {
                    jumps = Some(match jumps {
                        Some(j) if j.start < last.start => j,
                        _ => last,
                    });
                }
            }
        }
        falls.or(jumps)
    }

    fn terminate(&mut self, term: Terminator) {
        if !self.terminated {
            self.blocks[self.current.0 as usize].term = term;
            self.terminated = true;
        }
    }

    fn switch_to(&mut self, block: BlockId) {
        self.current = block;
        self.terminated = false;
    }

    fn jump_to_new(&mut self, target: BlockId) {
        self.terminate(Terminator::Jump(target));
        self.switch_to(target);
    }

    // ----- statements -----

    fn lower_stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            if self.terminated {
                // Dead code after return/raise/break/continue: CPython emits no bytecode for it.
                break;
            }
            self.lower_stmt(s);
        }
    }

    fn lower_stmt(&mut self, stmt: &Stmt) {
        let span = stmt.span;
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.lower_expr(e);
            }
            StmtKind::Pass => {
                if !self.terminated {
                    let span = self.rel(stmt.span);
                    self.pass_at.insert(self.current, span);
                }
            }
            // `a, b = x, y` with up to three names: CPython swaps the values on its stack
            // instead of building and unpacking a tuple (unless the values are constants, which
            // it folds into one tuple), so each target is the value itself.
            StmtKind::Assign { targets, value }
                if matches!((targets.as_slice(), &value.kind), ([t], ExprKind::Tuple(values))
                    if matches!(&t.kind, ExprKind::Tuple(items) | ExprKind::List(items) if items.len() == values.len())
                        && (1..=3).contains(&values.len())
                        && !values.iter().all(folded_constant)
                        && !values.iter().chain(match &t.kind { ExprKind::Tuple(i) | ExprKind::List(i) => i.iter(), _ => [].iter() }).any(|e| matches!(e.kind, ExprKind::Starred(_)))) =>
            {
                let (ExprKind::Tuple(items) | ExprKind::List(items), ExprKind::Tuple(values)) = (&targets[0].kind, &value.kind) else { return };
                // Each value as it is when loaded (`a, b = b, a` swaps).
                let vs: Vec<VarId> = values
                    .iter()
                    .map(|v| {
                        let x = self.lower_expr(v);
                        self.temp("load", v.span, Value::Var(x))
                    })
                    .collect();
                for (t, v) in items.iter().zip(vs) {
                    self.assign_to(t, v, span);
                }
            }
            StmtKind::Assign { targets, value } => {
                let v = self.lower_expr(value);
                for t in targets {
                    self.assign_to(t, v, span);
                }
            }
            StmtKind::AnnAssign { target, value, .. } => {
                if let Some(value) = value {
                    let v = self.lower_expr(value);
                    self.assign_to(target, v, span);
                }
            }
            StmtKind::AugAssign { target, op, value } => self.lower_augassign(target, *op, value, span),
            StmtKind::Return(value) => {
                let v = match value {
                    Some(e) => self.lower_expr(e),
                    None => self.temp("const", span, Value::Const(Constant::None)),
                };
                let ret = self.temp("return_value", span, Value::Cast(v));
                self.run_finally(0);
                self.terminate(Terminator::Return(ret));
            }
            StmtKind::If { test, body, orelse } => self.lower_if(test, body, orelse, span),
            StmtKind::While { test, body, orelse } => self.lower_while(test, body, orelse, span),
            StmtKind::For { target, iter, body, orelse, is_async } => {
                if *is_async {
                    self.error("UnsupportedError", "unsupported-syntax", "async for is not supported", span);
                    return;
                }
                self.lower_for(target, iter, body, orelse, span)
            }
            StmtKind::Break => {
                if let Some(l) = self.loops.last() {
                    let t = l.break_to;
                    self.run_finally(self.loops.len());
                    self.terminate(Terminator::Jump(t));
                }
            }
            StmtKind::Continue => {
                if let Some(l) = self.loops.last() {
                    let t = l.continue_to;
                    self.run_finally(self.loops.len());
                    self.terminate(Terminator::Jump(t));
                }
            }
            StmtKind::Raise { exc, cause } => {
                match (exc, cause) {
                    (_, Some(_)) => {
                        self.error("ValueError", "unsupported-syntax", "Multiple argument raise is not supported. (`raise ... from ...`)", span);
                        if let Some(e) = self.errors.last_mut() {
                            e.line_known = false;
                        }
                    }
                    (None, None) => self.error(
                        "UnsupportedBytecodeError",
                        "unsupported-syntax",
                        "The re-raising of an exception is not yet supported (a bare `raise`).",
                        span,
                    ),
                    (Some(e), None) => match &e.kind {
                        ExprKind::Constant(c) if !matches!(c, Constant::None) => self.error(
                            "UnsupportedError",
                            "unsupported-syntax",
                            "Encountered unsupported constant type used for exception (only exception classes and instances can be raised)",
                            span,
                        ),
                        // Numba fails on raising an argument with an internal error.
                        ExprKind::Name(n) if self.arg_names.contains(n) => {
                            self.error(
                                "AttributeError",
                                "unsupported-syntax",
                                format!("raising the argument '{n}' fails in Numba ('Arg' object has no attribute 'func'): only exception classes and instances can be raised"),
                                span,
                            );
                            if let Some(e) = self.errors.last_mut() {
                                e.line_known = false;
                            }
                        }
                        _ => {}
                    },
                }
                let mut v = exc.as_ref().map(|e| self.lower_expr(e));
                // A raised variable is read at the `raise` (where Numba reports what it
                // refuses to raise).
                if let (Some(x), Some(Expr { kind: ExprKind::Name(_), .. })) = (v, exc.as_ref()) {
                    v = Some(self.temp("raise", span, Value::Var(x)));
                }
                self.terminate(Terminator::Raise { exc: v });
            }
            StmtKind::Assert { test, msg } => {
                let fail = self.new_block(span);
                let ok = self.new_block(span);
                self.lower_condition(test, ok, fail, span);
                self.switch_to(fail);
                let cls = self.temp("assert_error", span, Value::Global("AssertionError".into()));
                let exc = match msg {
                    Some(m) => {
                        let m = self.lower_expr(m);
                        self.temp("call", span, Value::Call { func: cls, args: vec![m], kws: vec![], vararg: None })
                    }
                    None => cls,
                };
                self.terminate(Terminator::Raise { exc: Some(exc) });
                self.switch_to(ok);
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    match &t.kind {
                        ExprKind::Name(n) => {
                            // Numba's bytecode analysis refuses deleting a variable.
                            self.error("CompilerError", "unsupported-syntax", format!("Illegal IR, del found at: del {n}"), span);
                            let v = self.local(n);
                            self.emit(span, IrStmtKind::Del(v));
                        }
                        ExprKind::Subscript { value, index } => {
                            let target = self.lower_expr(value);
                            let index = self.lower_expr(index);
                            self.emit(span, IrStmtKind::DelItem { target, index });
                        }
                        _ => self.error("UnsupportedError", "unsupported-syntax", "unsupported del target", span),
                    }
                }
            }
            StmtKind::Global(_) => {}
            // `nonlocal` names were bound from the enclosing function at entry.
            StmtKind::Nonlocal(_) => {}
            StmtKind::FunctionDef(def) => {
                let idx = self.lower_closure(&def.name, &def.params, &def.body, def.name_span);
                let f = self.temp("make_function", span, Value::MakeFunction { closure: idx });
                let target = self.local(&def.name);
                self.emit(span, IrStmtKind::Assign { target, value: Value::Var(f) });
            }
            StmtKind::ClassDef(_) => self.error(
                "UnsupportedBytecodeError",
                "unsupported-syntax",
                "class definitions are not supported in nopython mode",
                span,
            ),
            StmtKind::Import(_) | StmtKind::ImportFrom { .. } => {
                self.unsupported_opcode("IMPORT_NAME", "an import statement inside a jitted function", span)
            }
            StmtKind::With { items, body, .. } => {
                if let [WithItem { context, target: None }] = items.as_slice() {
                    if let Some(keywords) = objmode_call(context) {
                        self.lower_objmode(keywords, body, span);
                        return;
                    }
                    if let Some(args) = chunksize_call(context) {
                        // `with parallel_chunksize(n):` sets how many iterations of the
                        // `prange` loops inside a thread takes at a time, a scheduling hint
                        // that changes no result: `n` is evaluated, the body runs as written.
                        for a in args {
                            self.lower_expr(a);
                        }
                        self.lower_stmts(body);
                        return;
                    }
                }
                if items.iter().all(|i| i.target.is_none()) {
                    // Numba's with-lifting (before typing) accepts only its own context
                    // managers: any other object is its CompilerError at the `with`.
                    let context = &items[0].context;
                    let message = match &context.kind {
                        ExprKind::Name(n) if self.arg_names.contains(n) => "Illegal use of context-manager: a `with` in nopython mode takes only Numba's `objmode(...)` or `parallel_chunksize(n)`, not an argument".to_string(),
                        ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Call { .. } => {
                            "Unsupported context manager in use: nopython mode compiles only `with objmode(...)` and `with parallel_chunksize(n)`".to_string()
                        }
                        _ => "Illegal use of context-manager: a `with` in nopython mode takes only Numba's `objmode(...)` or `parallel_chunksize(n)`".to_string(),
                    };
                    self.error("CompilerError", "unsupported-syntax", message, span);
                    // Numba reports an argument at its definition: the function's first line
                    // (the start of the function, its decorators included).
                    if matches!(&context.kind, ExprKind::Name(n) if self.arg_names.contains(n)) {
                        if let Some(e) = self.errors.last_mut() {
                            e.span = Span::new(0, 0);
                        }
                    }
                    return;
                }
                if items.iter().any(|i| i.target.is_some()) {
                    self.error(
                        "UnsupportedBytecodeError",
                        "unsupported-syntax",
                        "`with <context manager> as <variable>:` is not supported in nopython mode",
                        span,
                    );
                    if let Some(e) = self.errors.last_mut() {
                        e.line_known = false;
                    }
                    return;
                }
                for item in items {
                    let ctx = self.lower_expr(&item.context);
                    let enter = self.temp("with_enter", span, Value::GetAttr { value: ctx, attr: "__enter__".into() });
                    if let Some(t) = &item.target {
                        self.assign_to(t, enter, span);
                    }
                }
                self.lower_stmts(body);
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                self.lower_try(body, handlers, orelse, finalbody, span)
            }
            StmtKind::Match { subject, cases } => self.lower_match(subject, cases, span),
            StmtKind::Unsupported(what) => {
                self.error("UnsupportedError", "unsupported-syntax", format!("{what} is not supported"), span)
            }
        }
    }

    /// `match subject: case ...` as CPython 3.11 compiles it: the subject once, then per case
    /// its pattern's tests (`==` for values, `is` for `None`/`True`/`False`, `|` trying each
    /// alternative), the captures bound, the guard, the body. Sequence, mapping and class
    /// patterns compile to `MATCH_SEQUENCE`/`MATCH_MAPPING`/`MATCH_CLASS`, which Numba does
    /// not support (UnsupportedBytecodeError at the `case`).
    fn lower_match(&mut self, subject: &Expr, cases: &[ast::MatchCase], span: Span) {
        let subj = self.lower_expr(subject);
        let exit = self.new_block(span);
        for case in cases {
            if let Some(op) = structural(&case.pattern) {
                self.error("UnsupportedBytecodeError", "unsupported-syntax", format!("Use of unsupported opcode ({op}) found"), case.span);
                return;
            }
            let body_block = self.new_block(case.body.first().map_or(case.span, |s| s.span));
            let next = self.new_block(case.span);
            let guard_block = case.guard.as_ref().map(|g| self.new_block(g.span));
            self.pattern_jump(&case.pattern, subj, guard_block.unwrap_or(body_block), next);
            if let (Some(g), Some(gb)) = (&case.guard, guard_block) {
                self.switch_to(gb);
                self.lower_condition(g, body_block, next, g.span);
            }
            self.switch_to(body_block);
            self.lower_stmts(&case.body);
            self.terminate(Terminator::Jump(exit));
            self.switch_to(next);
        }
        self.terminate(Terminator::Jump(exit));
        let exit = self.move_block_to_end(exit);
        self.switch_to(exit);
    }

    /// Branch to `ok` when `subj` matches `p` (its captures bound there), else to `fail`.
    fn pattern_jump(&mut self, p: &ast::Pattern, subj: VarId, ok: BlockId, fail: BlockId) {
        use ast::PatternKind as P;
        let span = p.span;
        match &p.kind {
            P::Capture(None) => self.terminate(Terminator::Jump(ok)),
            P::Capture(Some(name)) => {
                let target = Expr { kind: ExprKind::Name(name.clone()), span };
                self.assign_to(&target, subj, span);
                self.terminate(Terminator::Jump(ok));
            }
            P::As(inner, name) => {
                let bind = self.new_block(span);
                self.pattern_jump(inner, subj, bind, fail);
                self.switch_to(bind);
                let target = Expr { kind: ExprKind::Name(name.clone()), span };
                self.assign_to(&target, subj, span);
                self.terminate(Terminator::Jump(ok));
            }
            P::Or(alts) => {
                let Some((last, init)) = alts.split_last() else {
                    self.terminate(Terminator::Jump(fail));
                    return;
                };
                for alt in init {
                    let next = self.new_block(alt.span);
                    self.pattern_jump(alt, subj, ok, next);
                    self.switch_to(next);
                }
                self.pattern_jump(last, subj, ok, fail);
            }
            P::Value(e) => {
                let v = self.lower_expr(e);
                let c = self.temp("compare_op", span, Value::Compare { op: ast::CmpOp::Eq, lhs: subj, rhs: v });
                let b = self.temp("bool", span, Value::Global("bool".into()));
                let pred = self.temp("pred", span, Value::Call { func: b, args: vec![c], kws: vec![], vararg: None });
                self.terminate(Terminator::Branch { cond: pred, truebr: ok, falsebr: fail });
            }
            P::Singleton(c) => {
                let v = self.temp("const", span, Value::Const(c.clone()));
                let c = self.temp("compare_op", span, Value::Compare { op: ast::CmpOp::Is, lhs: subj, rhs: v });
                let b = self.temp("bool", span, Value::Global("bool".into()));
                let pred = self.temp("pred", span, Value::Call { func: b, args: vec![c], kws: vec![], vararg: None });
                self.terminate(Terminator::Branch { cond: pred, truebr: ok, falsebr: fail });
            }
            P::Structural(_) => self.terminate(Terminator::Jump(fail)),
        }
    }

    /// `with objmode(y="float64"):` (Numba's with-lifting): the block runs in the Python
    /// interpreter, so it is not typed; after it, each variable named in the call has the type
    /// its annotation declares. A variable the block assigns and the code after it reads must
    /// be one of them.
    fn lower_objmode(&mut self, keywords: &[Keyword], body: &[Stmt], span: Span) {
        // Numba lifts the blocks of the jitted function's own body only; in an inner function
        // its type inference meets the `with` (an `enter_with` it has no constraint for).
        if !self.enclosing.is_empty() {
            self.error("UnsupportedError", "unsupported-syntax", OBJMODE_IN_INNER, span);
            return;
        }
        // In a `try` body the block's head has the exception handler's jump too, which
        // Numba's with-lifting does not take.
        if self.try_depth > 0 {
            self.error("CompilerError", "unsupported-syntax", "with's head-block must have exactly 1 JUMP (an objmode block inside a try block is not supported by Numba)", span);
            return;
        }
        // Numba reads the whole function's bytecode before lifting the block: what its
        // interpreter refuses is refused inside the block too.
        if let Some(at) = first_import(body) {
            self.unsupported_opcode("IMPORT_NAME", "an import statement inside a jitted function (an objmode block included)", at);
            return;
        }
        let mut outputs = Vec::new();
        for kw in keywords {
            let Some(name) = &kw.arg else {
                self.error("UnsupportedError", "unsupported-syntax", "objmode() does not take **kwargs", kw.span);
                return;
            };
            let ty = match &kw.value.kind {
                ExprKind::Constant(Constant::Str(text)) => numrs_hir::numba_type(text).map(Value::ObjModeOut).map_err(|e| e.message),
                // A type object named by a global or an attribute (`types.float64`): typed
                // where it is evaluated. Numba takes no other expression.
                ExprKind::Name(_) | ExprKind::Attribute { .. } => Ok(Value::ObjModeOutOf(self.lower_expr(&kw.value))),
                _ => {
                    self.error(
                        "CompilerError",
                        "objmode-annotation",
                        format!(
                            "Error handling objmode argument '{name}'. The value must be a compile-time constant either as a non-local variable or a getattr expression that refers to a Numba type."
                        ),
                        span,
                    );
                    return;
                }
            };
            match ty {
                Ok(t) => outputs.push((name.clone(), t)),
                Err(message) => {
                    let (kind, message) = match message.split_once(": ") {
                        Some((k, m)) if k.ends_with("Error") && !k.contains(' ') => (python_error_kind(k), m.to_string()),
                        _ => ("TypingError", message),
                    };
                    self.error(kind, "objmode-annotation", message, kw.value.span);
                    if let Some(e) = self.errors.last_mut() {
                        e.line_known = false;
                    }
                    return;
                }
            }
        }
        let mut assigned = HashSet::new();
        let mut globals = HashSet::new();
        collect_bound_names(body, &mut assigned, &mut globals);
        let mut missing: Vec<&String> = assigned
            .iter()
            .filter(|n| !outputs.iter().any(|(o, _)| o == *n))
            .filter(|n| self.name_loads.iter().any(|(m, at)| m == *n && *at >= span.end))
            .collect();
        if !missing.is_empty() {
            missing.sort();
            let listed = missing.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
            self.error("TypingError", "objmode-annotation", format!("Missing type annotation on outgoing variable(s): [{listed}]"), span);
            if let Some(e) = self.errors.last_mut() {
                e.line_known = false;
            }
            return;
        }
        // What the block reads: the function's variables assigned before it (its inputs,
        // passed by value) and other names (module-level names and builtins).
        let (start, end) = (body.first().map_or(span.end, |s| s.span.start), body.last().map_or(span.end, |s| s.span.end));
        let mut inputs: Vec<String> = Vec::new();
        let mut globals: Vec<String> = Vec::new();
        // Names bound inside the block's expressions (comprehension variables, lambda
        // parameters) are neither.
        let mut scoped: HashSet<String> = HashSet::new();
        numrs_syntax::visit::for_each_expr(body, false, &mut |e| match &e.kind {
            ExprKind::ListComp { generators, .. }
            | ExprKind::SetComp { generators, .. }
            | ExprKind::DictComp { generators, .. }
            | ExprKind::GeneratorExp { generators, .. } => {
                for g in generators {
                    numrs_syntax::visit::expr(&g.target, &mut |t| {
                        if let ExprKind::Name(n) = &t.kind {
                            scoped.insert(n.clone());
                        }
                    });
                }
            }
            ExprKind::Lambda { params, .. } => {
                for p in params.positional().chain(params.vararg.iter()).chain(params.kwonly.iter()).chain(params.kwarg.iter()) {
                    scoped.insert(p.name.clone());
                }
            }
            _ => {}
        });
        for (name, at) in self.name_loads.clone() {
            if at < start || at >= end || inputs.contains(&name) || globals.contains(&name) {
                continue;
            }
            if scoped.contains(&name) && !self.local_names.contains(&name) {
                continue;
            }
            let local = self.local_names.contains(&name) || self.arg_names.contains(&name);
            let defined = self.arg_names.contains(&name) || self.name_stores.iter().any(|(n, a)| *n == name && *a < span.start);
            if local && defined {
                inputs.push(name);
            } else if !local {
                globals.push(name);
            }
        }
        let input_vars: Vec<VarId> =
            inputs.iter().map(|n| self.lower_expr(&Expr { span, kind: ExprKind::Name(n.clone()) })).collect();
        let block = self.objmode_blocks.len() as u32;
        self.objmode_blocks.push(crate::ObjModeInfo {
            body: self.rel(Span::new(start, end)),
            inputs,
            outputs: outputs.iter().map(|(n, _)| n.clone()).collect(),
            globals,
            leaves_early: leaves_early(body, false),
        });
        self.temp("objmode", span, Value::ObjModeBlock { block, inputs: input_vars });
        for (name, value) in outputs {
            let v = self.temp("objmode_out", span, value);
            let target = Expr { span, kind: ExprKind::Name(name) };
            self.assign_to(&target, v, span);
        }
    }

    fn lower_closure(&mut self, name: &str, params: &Parameters, body: &[Stmt], name_span: Span) -> u32 {
        let copying = self.copying.clone();
        self.lower_closure_with(name, params, body, name_span, copying)
    }

    fn lower_closure_with(&mut self, name: &str, params: &Parameters, body: &[Stmt], name_span: Span, copying: HashSet<String>) -> u32 {
        let mut enclosing = self.enclosing.clone();
        enclosing.extend(self.local_names.iter().cloned());
        let mut inner = Lowerer::new(name, self.base, enclosing);
        inner.unroll = self.unroll.clone();
        inner.inner_defs = self.inner_defs.clone();
        // Not its own copy (a recursive inner function stays a free variable).
        inner.copying = copying;
        inner.copying.insert(name.to_string());
        let ir = finish_lowering(inner, params, body, name_span);
        // Numba meets an inner function's `with objmode` while typing the function it is
        // inlined into: the error is the enclosing function's, at the `with`.
        if let Some(e) = ir.errors.iter().find(|e| e.message.starts_with(OBJMODE_IN_INNER) || e.message == RECURSIVE_INNER) {
            self.errors.push(e.clone());
        }
        let free_vars = ir
            .blocks
            .iter()
            .flat_map(|b| b.stmts.iter())
            .filter_map(|s| match &s.kind {
                IrStmtKind::Assign { value: Value::FreeVar(n), .. } => Some(n.clone()),
                _ => None,
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let defaults = params
            .positional()
            .map(|p| p.default.as_ref().and_then(|d| fold_constant(d).or_else(|| match &d.kind {
                ExprKind::Constant(c) => Some(c.clone()),
                _ => None,
            })))
            .collect();
        let default_vars = params
            .positional()
            .map(|p| match p.default.as_ref() {
                Some(d @ Expr { kind: ExprKind::Name(n), .. }) if self.local_names.contains(n) || self.arg_names.contains(n) => {
                    let v = self.lower_expr(d);
                    Some(self.temp("closure_default", d.span, Value::Var(v)))
                }
                _ => None,
            })
            .collect();
        let star = params.vararg.is_some();
        self.closures.push(ClosureInfo { name: name.to_string(), ir: Box::new(ir), free_vars, defaults, default_vars, star });
        (self.closures.len() - 1) as u32
    }

    /// Lowers the enclosing `finally` bodies of `try`s inside `loops` loops or more (innermost
    /// first), as a jump out of them runs them; each runs with only the bodies outside it
    /// still enclosing.
    fn run_finally(&mut self, loops: usize) {
        let saved = self.finally.clone();
        while let Some((body, depth)) = self.finally.last().cloned() {
            if depth < loops || self.terminated {
                break;
            }
            self.finally.pop();
            self.lower_stmts(&body);
        }
        self.finally = saved;
    }

    fn lower_try(&mut self, body: &[Stmt], handlers: &[ast::ExceptHandler], orelse: &[Stmt], finalbody: &[Stmt], span: Span) {
        if !finalbody.is_empty() {
            self.finally.push((finalbody.into(), self.loops.len()));
        }
        self.lower_try_inner(body, handlers, orelse, finalbody, span);
    }

    /// [`Self::lower_try`] with its `finally` body on [`Self::finally`] (taken off before it is
    /// lowered itself).
    fn lower_try_inner(&mut self, body: &[Stmt], handlers: &[ast::ExceptHandler], orelse: &[Stmt], finalbody: &[Stmt], span: Span) {
        let after = self.new_block(span);
        let body_block = self.new_block(span);
        let handler_blocks: Vec<BlockId> = handlers.iter().map(|h| self.new_block(h.span)).collect();
        // An exception that Python would re-raise after a `finally` (one no handler catches)
        // or out of a handler: Numba runs the bytecode's `RERAISE`, which it lowers as an
        // internal AssertionError, after the `finally` body.
        let reraise = (!finalbody.is_empty() || !handlers.is_empty()).then(|| self.new_block(span));
        // The exception edge: control may leave the body for any handler.
        let flag = self.temp("exception_check", span, Value::Const(Constant::Bool(true)));
        let first_handler = handler_blocks.first().copied().or(reraise).unwrap_or(after);
        self.terminate(Terminator::Branch { cond: flag, truebr: body_block, falsebr: first_handler });
        self.switch_to(body_block);
        self.try_depth += 1;
        self.lower_stmts(body);
        self.try_depth -= 1;
        // Where the protected region ends: the block holding `$try_exit` jumps out of it (to
        // the `else` clause, whose exceptions are not caught, or on).
        self.temp("try_exit", span, Value::Const(Constant::Bool(true)));
        if orelse.is_empty() {
            self.terminate(Terminator::Jump(after));
        } else {
            let else_block = self.new_block(orelse[0].span);
            self.terminate(Terminator::Jump(else_block));
            self.switch_to(else_block);
            // The handlers do not cover the `else` clause, but a `finally` does: what it
            // raises then ends at `RERAISE`.
            if let (false, Some(reraise)) = (finalbody.is_empty(), reraise) {
                let protected = self.new_block(orelse[0].span);
                let flag = self.temp("exception_check", orelse[0].span, Value::Const(Constant::Bool(true)));
                self.terminate(Terminator::Branch { cond: flag, truebr: protected, falsebr: reraise });
                self.switch_to(protected);
                self.lower_stmts(orelse);
                self.temp("try_exit", orelse[0].span, Value::Const(Constant::Bool(true)));
            } else {
                self.lower_stmts(orelse);
            }
            self.terminate(Terminator::Jump(after));
        }
        for (h, block) in handlers.iter().zip(handler_blocks) {
            self.switch_to(block);
            if let Some(t) = &h.type_ {
                let cls = self.lower_expr(t);
                let except_line = Span::new(h.span.start, h.span.start);
                self.temp("exc_match", except_line, Value::ExceptionMatch(cls));
            }
            if let Some(name) = &h.name {
                self.error(
                    "UnsupportedBytecodeError",
                    "unsupported-syntax",
                    format!("the exception object cannot be stored into a variable (`except ... as {name}`) in nopython mode"),
                    h.span,
                );
            }
            // The handler's body is protected too: what it raises ends at `RERAISE`.
            let handler_body = self.new_block(h.span);
            let flag = self.temp("exception_check", h.span, Value::Const(Constant::Bool(true)));
            self.terminate(Terminator::Branch { cond: flag, truebr: handler_body, falsebr: reraise.unwrap_or(after) });
            self.switch_to(handler_body);
            self.lower_stmts(&h.body);
            self.temp("try_exit", h.span, Value::Const(Constant::Bool(true)));
            self.terminate(Terminator::Jump(after));
        }
        if !finalbody.is_empty() {
            self.finally.pop();
        }
        if let Some(block) = reraise {
            self.switch_to(block);
            self.lower_stmts(finalbody);
            let cls = self.temp("reraise", span, Value::Global("AssertionError".into()));
            let msg = self.temp("reraise_msg", span, Value::Const(Constant::Str("Unreachable condition reached (op code RERAISE executed)".into())));
            let exc = self.temp("call", span, Value::Call { func: cls, args: vec![msg], kws: vec![], vararg: None });
            self.terminate(Terminator::Raise { exc: Some(exc) });
        }
        self.switch_to(after);
        self.lower_stmts(finalbody);
    }

    fn lower_if(&mut self, test: &Expr, body: &[Stmt], orelse: &[Stmt], span: Span) {
        if let Some(truth) = constant_truth(test) {
            // CPython folds constant conditions away.
            self.lower_stmts(if truth { body } else { orelse });
            return;
        }
        let then_block = self.new_block(body.first().map_or(span, |s| s.span));
        let else_block = if orelse.is_empty() { None } else { Some(self.new_block(orelse[0].span)) };
        let join_pending = self.new_block(span);
        self.lower_condition(test, then_block, else_block.unwrap_or(join_pending), span);
        self.switch_to(then_block);
        self.lower_stmts(body);
        self.terminate(Terminator::Jump(join_pending));
        if let Some(e) = else_block {
            self.switch_to(e);
            self.lower_stmts(orelse);
            self.terminate(Terminator::Jump(join_pending));
        }
        let join_pending = self.move_block_to_end(join_pending);
        self.switch_to(join_pending);
    }

    /// Keep label order = source order: a join block created early is moved after the blocks
    /// lowered since. Returns nothing; block ids are remapped in place.
    fn move_block_to_end(&mut self, block: BlockId) -> BlockId {
        let last = BlockId(self.blocks.len() as u32 - 1);
        if block == last {
            return block;
        }
        let from = block.0 as usize;
        let moved = self.blocks.remove(from);
        self.blocks.push(moved);
        let remap = |b: BlockId| -> BlockId {
            if b == block {
                last
            } else if b.0 as usize > from {
                BlockId(b.0 - 1)
            } else {
                b
            }
        };
        for b in &mut self.blocks {
            b.term = match &b.term {
                Terminator::Jump(t) => Terminator::Jump(remap(*t)),
                Terminator::Branch { cond, truebr, falsebr } => {
                    Terminator::Branch { cond: *cond, truebr: remap(*truebr), falsebr: remap(*falsebr) }
                }
                other => other.clone(),
            };
        }
        for l in &mut self.loops {
            l.continue_to = remap(l.continue_to);
            l.break_to = remap(l.break_to);
        }
        self.current = remap(self.current);
        last
    }

    /// Emit jumps for `test` the way CPython's `compiler_jump_if` does: `not` swaps targets,
    /// `and`/`or` short-circuit, everything else is `branch bool(test)`.
    fn lower_condition(&mut self, test: &Expr, truebr: BlockId, falsebr: BlockId, span: Span) {
        match &test.kind {
            ExprKind::UnaryOp { op: UnaryOp::Not, operand } => self.lower_condition(operand, falsebr, truebr, span),
            ExprKind::BoolOp { op, values } if values.len() >= 2 => {
                let (last, init) = match values.split_last() {
                    Some(x) => x,
                    None => return,
                };
                for v in init {
                    let next = self.new_block(v.span);
                    match op {
                        BoolOp::And => self.lower_condition(v, next, falsebr, span),
                        BoolOp::Or => self.lower_condition(v, truebr, next, span),
                    }
                    self.switch_to(next);
                }
                self.lower_condition(last, truebr, falsebr, span);
            }
            _ => {
                let v = self.lower_expr(test);
                let b = self.temp("bool", test.span, Value::Global("bool".into()));
                let pred = self.temp("pred", test.span, Value::Call { func: b, args: vec![v], kws: vec![], vararg: None });
                self.terminate(Terminator::Branch { cond: pred, truebr, falsebr });
            }
        }
    }

    fn lower_while(&mut self, test: &Expr, body: &[Stmt], orelse: &[Stmt], span: Span) {
        // The loop header is located at its test (one line), not the whole statement.
        let header = self.new_block(test.span);
        self.jump_to_new(header);
        let body_block = self.new_block(body.first().map_or(span, |s| s.span));
        let exit = self.new_block(span);
        let else_block = if orelse.is_empty() { exit } else { self.new_block(orelse[0].span) };
        match constant_truth(test) {
            Some(true) => self.terminate(Terminator::Jump(body_block)),
            Some(false) => self.terminate(Terminator::Jump(else_block)),
            None => self.lower_condition(test, body_block, else_block, span),
        }
        self.switch_to(body_block);
        self.finish_loop(body, orelse, header, else_block, exit);
    }

    /// The shared end of `while` and `for`: the body (with `break`/`continue` targets), the
    /// back edge, the `else` clause, and the exit block placed after everything lowered.
    fn finish_loop(&mut self, body: &[Stmt], orelse: &[Stmt], header: BlockId, else_block: BlockId, exit: BlockId) {
        self.loops.push(LoopTargets { continue_to: header, break_to: exit });
        self.lower_stmts(body);
        self.terminate(Terminator::Jump(header));
        self.loops.pop();
        if !orelse.is_empty() {
            self.switch_to(else_block);
            self.lower_stmts(orelse);
            self.terminate(Terminator::Jump(exit));
        }
        let exit = self.move_block_to_end(exit);
        self.switch_to(exit);
    }

    fn lower_for(&mut self, target: &Expr, iter: &Expr, body: &[Stmt], orelse: &[Stmt], span: Span) {
        if let Some((func, arg)) = literal_unroll_call(iter) {
            // A list display of constants is unrolled as the tuple of its items.
            let arg = match &arg.kind {
                ExprKind::List(items) => Expr { span: arg.span, kind: ExprKind::Tuple(items.clone()) },
                _ => arg.clone(),
            };
            // Numba's loop canonicalization binds the target to the loop's index, which a
            // tuple target then fails to unpack (numba#5412).
            if matches!(target.kind, ExprKind::Tuple(_) | ExprKind::List(_)) {
                self.error(
                    "TypingError",
                    "not-iterable",
                    "failed to unpack int64: a literal_unroll loop cannot unpack its items in the `for` target (Numba binds it to the loop's index); unpack the item in the body",
                    Span::new(span.start, span.start),
                );
                return;
            }
            if self.in_unroll {
                self.error("UnsupportedError", "unsupported-syntax", "Nesting of literal_unroll is unsupported", span);
                if let Some(e) = self.errors.last_mut() {
                    // At the `for` line.
                    e.span = Span::new(e.span.start, e.span.start);
                }
                return;
            }
            if let Some(&n) = self.unroll.get(&span.start) {
                let container = self.lower_expr(&arg);
                let outer = std::mem::replace(&mut self.in_unroll, true);
                self.lower_unrolled(target, container, n, body, orelse, span);
                self.in_unroll = outer;
                return;
            }
            let container = self.lower_expr(&arg);
            self.literal_unroll.push((span.start, container));
            let f = self.lower_expr(func);
            let iterable = self.temp("call", iter.span, Value::Call { func: f, args: vec![container], kws: vec![], vararg: None });
            let outer = std::mem::replace(&mut self.in_unroll, true);
            self.lower_for_over(target, iterable, iter.span, body, orelse, span);
            self.in_unroll = outer;
            return;
        }
        let iterable = self.lower_expr(&iterated_display(iter));
        self.lower_for_over(target, iterable, iter.span, body, orelse, span)
    }

    /// A `for` loop over `literal_unroll(container)` unrolled, as Numba's `literal_unroll`
    /// pass shapes it: still a loop over an index, whose body dispatches on the index to one
    /// of `n` copies of the body, the `k`-th with the target bound to item `k`. Variables the
    /// body carries from one iteration to the next meet at the loop's header, so their types
    /// must unify across the copies, as in Numba. `continue` goes to the next index, `break`
    /// to the end, the `else` clause runs after the last.
    fn lower_unrolled(&mut self, target: &Expr, container: VarId, n: usize, body: &[Stmt], orelse: &[Stmt], span: Span) {
        let index_name = format!("$unroll_index{}", span.start);
        let index = self.new_var(index_name.clone(), index_name, false);
        let zero = self.temp("const", target.span, Value::Const(Constant::Int(0)));
        self.emit(target.span, IrStmtKind::Assign { target: index, value: Value::Var(zero) });
        let header = self.new_block(target.span);
        self.jump_to_new(header);
        let count = self.temp("const", target.span, Value::Const(Constant::Int(n as i128)));
        let more = self.temp("compare", target.span, Value::Compare { op: ast::CmpOp::Lt, lhs: index, rhs: count });
        let dispatch = self.new_block(target.span);
        let exit = self.new_block(span);
        let else_block = if orelse.is_empty() { exit } else { self.new_block(orelse[0].span) };
        let latch = self.new_block(span);
        self.terminate(Terminator::Branch { cond: more, truebr: dispatch, falsebr: else_block });
        self.switch_to(dispatch);
        for k in 0..n {
            let copy = self.new_block(target.span);
            if k + 1 < n {
                let kv = self.temp("const", target.span, Value::Const(Constant::Int(k as i128)));
                let is_k = self.temp("compare", target.span, Value::Compare { op: ast::CmpOp::Eq, lhs: index, rhs: kv });
                let next_test = self.new_block(target.span);
                self.terminate(Terminator::Branch { cond: is_k, truebr: copy, falsebr: next_test });
                self.switch_to(copy);
                self.lower_unrolled_copy(target, container, k, body, latch, exit);
                self.switch_to(next_test);
            } else {
                self.jump_to_new(copy);
                self.lower_unrolled_copy(target, container, k, body, latch, exit);
            }
        }
        let latch = self.move_block_to_end(latch);
        self.switch_to(latch);
        let one = self.temp("const", span, Value::Const(Constant::Int(1)));
        let next = self.temp("binop", span, Value::BinOp { op: ast::BinOp::Add, lhs: index, rhs: one });
        self.emit(span, IrStmtKind::Assign { target: index, value: Value::Var(next) });
        self.terminate(Terminator::Jump(header));
        if !orelse.is_empty() {
            let else_block = self.move_block_to_end(else_block);
            self.switch_to(else_block);
            self.lower_stmts(orelse);
            self.terminate(Terminator::Jump(exit));
        }
        let exit = self.move_block_to_end(exit);
        self.switch_to(exit);
    }

    /// The `k`-th copy of an unrolled loop's body (see [`Self::lower_unrolled`]), from the
    /// current block to the loop's latch.
    fn lower_unrolled_copy(&mut self, target: &Expr, container: VarId, k: usize, body: &[Stmt], latch: BlockId, exit: BlockId) {
        let idx = self.temp("const", target.span, Value::Const(Constant::Int(k as i128)));
        let item = self.temp("static_getitem", target.span, Value::StaticGetItem { value: container, index: StaticIndex::Int(k as i128), index_var: Some(idx) });
        self.assign_to(target, item, target.span);
        self.loops.push(LoopTargets { continue_to: latch, break_to: exit });
        self.lower_stmts(body);
        self.loops.pop();
        self.terminate(Terminator::Jump(latch));
    }

    fn lower_for_over(&mut self, target: &Expr, iterable: VarId, iter_span: Span, body: &[Stmt], orelse: &[Stmt], span: Span) {
        let it = self.temp("get_iter", iter_span, Value::GetIter(iterable));
        // The loop header is located at the loop target (one line), not the whole statement.
        let header = self.new_block(target.span);
        self.jump_to_new(header);
        let next = self.temp("for_iter", target.span, Value::IterNext(it));
        let value = self.temp("for_iter", target.span, Value::PairFirst(next));
        let pred = self.temp("for_iter", target.span, Value::PairSecond(next));
        let body_block = self.new_block(body.first().map_or(span, |s| s.span));
        let exit = self.new_block(span);
        let else_block = if orelse.is_empty() { exit } else { self.new_block(orelse[0].span) };
        self.terminate(Terminator::Branch { cond: pred, truebr: body_block, falsebr: else_block });
        self.switch_to(body_block);
        self.assign_to(target, value, target.span);
        self.finish_loop(body, orelse, header, else_block, exit);
    }

    fn lower_augassign(&mut self, target: &Expr, op: ast::BinOp, value: &Expr, span: Span) {
        match &target.kind {
            ExprKind::Name(_) => {
                let lhs = self.lower_expr(target);
                let rhs = self.lower_expr(value);
                let result = self.temp("inplace_binop", span, Value::InplaceBinOp { op, lhs, rhs });
                self.assign_to(target, result, span);
            }
            ExprKind::Subscript { value: container, index } => {
                let c = self.lower_expr(container);
                let i = self.lower_expr(index);
                let cur = self.temp("getitem", span, Value::GetItem { value: c, index: i });
                let rhs = self.lower_expr(value);
                let result = self.temp("inplace_binop", span, Value::InplaceBinOp { op, lhs: cur, rhs });
                self.emit(span, IrStmtKind::SetItem { target: c, index: i, value: result, static_index: const_index(index) });
            }
            ExprKind::Attribute { value: obj, attr } => {
                let o = self.lower_expr(obj);
                let cur = self.temp("getattr", span, Value::GetAttr { value: o, attr: attr.clone() });
                let rhs = self.lower_expr(value);
                let result = self.temp("inplace_binop", span, Value::InplaceBinOp { op, lhs: cur, rhs });
                self.emit(span, IrStmtKind::SetAttr { target: o, attr: attr.clone(), value: result });
            }
            _ => self.error("UnsupportedError", "unsupported-syntax", "unsupported augmented assignment target", span),
        }
    }

    fn assign_to(&mut self, target: &Expr, value: VarId, span: Span) {
        match &target.kind {
            ExprKind::Name(n) => {
                if self.global_names.contains(n) {
                    self.error(
                        "UnsupportedBytecodeError",
                        "global-write",
                        format!("cannot assign to global variable '{n}': globals are compile-time constants in nopython mode"),
                        span,
                    );
                    return;
                }
                let v = self.local(n);
                self.emit(span, IrStmtKind::Assign { target: v, value: Value::Var(value) });
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                if items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) {
                    self.unsupported_opcode("UNPACK_EX", "starred assignment (`a, *b = ...`)", span);
                    // The names count as assigned (no second error where they are read).
                    for item in items {
                        let inner = match &item.kind {
                            ExprKind::Starred(e) => &**e,
                            _ => item,
                        };
                        if let ExprKind::Name(n) = &inner.kind {
                            self.local(n);
                        }
                    }
                    return;
                }
                let ex = self.temp("exhaust_iter", span, Value::ExhaustIter { value, count: items.len() as u32 });
                for (i, item) in items.iter().enumerate() {
                    let idx = self.temp("const", span, Value::Const(Constant::Int(i as i128)));
                    let v = self.temp(
                        "static_getitem",
                        span,
                        Value::StaticGetItem { value: ex, index: StaticIndex::Int(i as i128), index_var: Some(idx) },
                    );
                    self.assign_to(item, v, span);
                }
            }
            ExprKind::Subscript { value: container, index } => {
                let c = self.lower_expr(container);
                let i = self.lower_expr(index);
                self.emit(span, IrStmtKind::SetItem { target: c, index: i, value, static_index: const_index(index) });
            }
            ExprKind::Attribute { value: obj, attr } => {
                let o = self.lower_expr(obj);
                self.emit(span, IrStmtKind::SetAttr { target: o, attr: attr.clone(), value });
            }
            ExprKind::Starred(_) => self.error(
                "UnsupportedBytecodeError",
                "unsupported-syntax",
                "starred assignment targets are not supported",
                span,
            ),
            _ => self.error("UnsupportedError", "unsupported-syntax", "unsupported assignment target", span),
        }
    }

    // ----- expressions -----

    fn lower_name(&mut self, name: &str, span: Span) -> VarId {
        if self.local_names.contains(name) {
            // A local read before anything stores it in bytecode order (which lowering
            // follows): Numba's bytecode analysis does not know the variable yet.
            if !self.locals.contains_key(name) && !self.terminated {
                self.error(
                    "NotDefinedError",
                    "undefined-variable",
                    format!("Variable '{name}' is not defined: it is read here before any assignment to it (in the order the code is laid out)"),
                    span,
                );
            }
            return self.local(name);
        }
        // An inner function that calls itself: Numba's closure inlining cannot handle the cell
        // it reads itself from (reported for the enclosing function, without a line).
        if self.enclosing.contains(name) && !self.global_names.contains(name) && self.copying.contains(name) && self.inner_defs.contains_key(name) && name == self.name {
            self.error("NotImplementedError", "unsupported-syntax", RECURSIVE_INNER, span);
            if let Some(e) = self.errors.last_mut() {
                e.line_known = false;
            }
        }
        if self.enclosing.contains(name) && !self.global_names.contains(name) && !self.copying.contains(name) {
            // A sibling inner function: a copy of it inside this one.
            if let Some(def) = self.inner_defs.get(name).cloned() {
                let idx = match self.copied_defs.get(name) {
                    Some(i) => *i,
                    None => {
                        let mut copying = self.copying.clone();
                        copying.insert(name.to_string());
                        let i = self.lower_closure_with(&def.name, &def.params, &def.body, def.name_span, copying);
                        self.copied_defs.insert(name.to_string(), i);
                        i
                    }
                };
                return self.temp("make_function", span, Value::MakeFunction { closure: idx });
            }
        }
        if self.enclosing.contains(name) && !self.global_names.contains(name) {
            return self.temp(&format!("freevar_{name}"), span, Value::FreeVar(name.to_string()));
        }
        self.temp(&format!("load_global_{name}"), span, Value::Global(name.to_string()))
    }

    /// A value CPython's compiler folded ([`fold_value`]): a constant, or a tuple of constants
    /// (built item by item, nested tuples constants of their own, as Numba loads them).
    fn lower_folded(&mut self, v: numrs_hir::ConstValue, span: Span) -> VarId {
        use numrs_hir::ConstValue as C;
        let scalar = |c: C| -> Constant {
            match c {
                C::None => Constant::None,
                C::Bool(b) => Constant::Bool(b),
                C::Int(i) => Constant::Int(i),
                C::BigInt(s) => Constant::BigInt(s),
                C::Float(f) => Constant::Float(f),
                C::Complex { real, imag } => Constant::Complex { real, imag },
                C::Str(s) => Constant::Str(s),
                C::Tuple(_) => Constant::None,
            }
        };
        match v {
            C::Tuple(items) => {
                let vs = items
                    .into_iter()
                    .map(|i| match i {
                        t @ C::Tuple(_) => self.temp("const", span, Value::ConstTuple(t)),
                        other => self.temp("const", span, Value::Const(scalar(other))),
                    })
                    .collect();
                self.temp("build_tuple", span, Value::BuildTuple(vs))
            }
            other => self.temp("const", span, Value::Const(scalar(other))),
        }
    }

    fn lower_expr(&mut self, e: &Expr) -> VarId {
        let span = e.span;
        if let Some(c) = fold_constant(e) {
            return self.temp("const", span, Value::Const(c));
        }
        if matches!(e.kind, ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } | ExprKind::Subscript { .. }) {
            if let Some(v) = fold_value(e) {
                return self.lower_folded(v, span);
            }
        }
        match &e.kind {
            ExprKind::Name(n) => self.lower_name(n, span),
            ExprKind::Constant(c) => self.temp("const", span, Value::Const(c.clone())),
            ExprKind::Attribute { value, attr } => {
                let v = self.lower_expr(value);
                self.temp("getattr", span, Value::GetAttr { value: v, attr: attr.clone() })
            }
            ExprKind::Subscript { value, index } => {
                let v = self.lower_expr(value);
                let static_index = const_index(index);
                let i = self.lower_expr(index);
                match static_index {
                    Some(si) => self.temp(
                        "static_getitem",
                        span,
                        Value::StaticGetItem { value: v, index: si, index_var: Some(i) },
                    ),
                    None => self.temp("getitem", span, Value::GetItem { value: v, index: i }),
                }
            }
            ExprKind::Slice { lower, upper, step } => {
                let mut args = Vec::new();
                let parts: Vec<&Option<Box<Expr>>> =
                    if step.is_some() { vec![lower, upper, step] } else { vec![lower, upper] };
                for p in parts {
                    let v = match p {
                        Some(x) => self.lower_expr(x),
                        None => self.temp("const", span, Value::Const(Constant::None)),
                    };
                    args.push(v);
                }
                let f = self.temp("slice", span, Value::Global("slice".into()));
                self.temp("build_slice", span, Value::Call { func: f, args, kws: vec![], vararg: None })
            }
            // `getattr(x, "name")` with a constant name: the attribute (Numba's overload of
            // `getattr` resolves it as `x.name`, methods included).
            ExprKind::Call { func, args, keywords }
                if keywords.is_empty()
                    && matches!(&func.kind, ExprKind::Name(n) if n == "getattr" && !self.local_names.contains(n))
                    && constant_getattr(args).is_some() =>
            {
                let (obj, attr) = constant_getattr(args).unwrap_or((func, ""));
                let v = self.lower_expr(obj);
                self.temp(&crate::GETATTR_CALL_TEMP[1..], span, Value::GetAttr { value: v, attr: attr.to_string() })
            }
            ExprKind::Call { func, args, keywords } => {
                let f = self.lower_expr(func);
                let mut arg_vars = Vec::new();
                let mut vararg = None;
                for a in args {
                    if let ExprKind::Starred(inner) = &a.kind {
                        vararg = Some(self.lower_expr(inner));
                    } else {
                        arg_vars.push(self.lower_expr(a));
                    }
                }
                let mut kws = Vec::new();
                for k in keywords {
                    let v = self.lower_expr(&k.value);
                    match &k.arg {
                        Some(name) => kws.push((name.clone(), v)),
                        None => self.error(
                            "UnsupportedError",
                            "unsupported-syntax",
                            "`**kwargs` in a call is not supported",
                            k.span,
                        ),
                    }
                }
                let call = self.temp("call", span, Value::Call { func: f, args: arg_vars, kws, vararg });
                // Calling an inner function that writes `nonlocal` variables reassigns them here.
                if let ExprKind::Name(n) = &func.kind {
                    let written: Vec<String> = match self.closures.iter().rev().find(|c| &c.name == n) {
                        Some(c) if self.local_names.contains(n) => c.ir.nonlocals.clone(),
                        _ => Vec::new(),
                    };
                    // Numba inlines the call: not with `*args`, not of a generator (its
                    // `callee_ir_validator` refuses the first `yield`).
                    let first_yield = self.closures.iter().rev().find(|c| &c.name == n).filter(|_| self.local_names.contains(n)).map(|c| {
                        c.ir.blocks.iter().flat_map(|b| &b.stmts).find(|st| matches!(&st.kind, IrStmtKind::Assign { value: Value::Yield(_), .. })).map(|st| st.span)
                    });
                    if let Some(first_yield) = first_yield {
                        if vararg.is_some() {
                            self.error("UnsupportedError", "unsupported-syntax", "Calling a closure with *args is unsupported.", span);
                        }
                        if let Some(span) = first_yield {
                            self.errors.push(LowerError {
                                kind: "UnsupportedError",
                                code: "unsupported-syntax",
                                message: "The use of yield in a closure is unsupported.".into(),
                                span,
                                line_known: true,
                            });
                        }
                    }
                    // Numba inlines the call, and refuses a `nonlocal` the inner function
                    // assigns more than once (its interpreter versions it, `x.1`).
                    if let Some(c) = self.closures.iter().rev().find(|c| &c.name == n).filter(|_| self.local_names.contains(n)) {
                        let twice = c.ir.nonlocals.iter().find(|name| {
                            let stores = c.ir.blocks.iter().flat_map(|b| &b.stmts).filter(|st| match &st.kind {
                                IrStmtKind::Assign { target, value } => {
                                    c.ir.var(*target).user && c.ir.var(*target).base == **name && !matches!(value, Value::FreeVar(_) | Value::Phi(_))
                                }
                                _ => false,
                            });
                            stores.count() > 1
                        });
                        if let Some(name) = twice {
                            let message = format!(
                                "Reassigning the nonlocal variable '{name}' inside an inlined closure is unsupported. Assign it once instead."
                            );
                            self.error("UnsupportedError", "unsupported-syntax", message, span);
                        }
                    }
                    for name in written {
                        if self.local_names.contains(&name) {
                            let target = self.local(&name);
                            self.emit(span, IrStmtKind::Assign { target, value: Value::NonlocalOut { func: f, name } });
                        }
                    }
                }
                call
            }
            ExprKind::BinOp { left, op, right } => {
                let l = self.lower_expr(left);
                let r = self.lower_expr(right);
                if walrus_of_computed_value(left) || walrus_of_computed_value(right) {
                    return self.temp("binop", span, Value::Undefined);
                }
                self.temp("binop", span, Value::BinOp { op: *op, lhs: l, rhs: r })
            }
            ExprKind::UnaryOp { op, operand } => {
                let v = self.lower_expr(operand);
                self.temp("unary", span, Value::Unary { op: *op, operand: v })
            }
            ExprKind::Compare { left, ops, comparators } => {
                if ops.len() == 1 {
                    let l = self.lower_expr(left);
                    let r = match ops[0] {
                        ast::CmpOp::In | ast::CmpOp::NotIn => self.lower_expr(&iterated_display(&comparators[0])),
                        _ => self.lower_expr(&comparators[0]),
                    };
                    if walrus_of_computed_value(left) || walrus_of_computed_value(&comparators[0]) {
                        return self.temp("compare_op", span, Value::Undefined);
                    }
                    return self.temp("compare_op", span, Value::Compare { op: ops[0], lhs: l, rhs: r });
                }
                // Chained comparison: a < b < c  ==  (a < b) and (b < c), b evaluated once.
                let result = self.fresh_temp("chain");
                let done = self.new_block(span);
                let mut lhs = self.lower_expr(left);
                for (i, (op, comp)) in ops.iter().zip(comparators.iter()).enumerate() {
                    let rhs = if i + 1 == ops.len() && matches!(op, ast::CmpOp::In | ast::CmpOp::NotIn) {
                        self.lower_expr(&iterated_display(comp))
                    } else {
                        self.lower_expr(comp)
                    };
                    let c = self.temp("compare_op", span, Value::Compare { op: *op, lhs, rhs });
                    self.emit(span, IrStmtKind::Assign { target: result, value: Value::Var(c) });
                    if i + 1 < ops.len() {
                        let next = self.new_block(span);
                        let b = self.temp("bool", span, Value::Global("bool".into()));
                        let pred = self.temp("pred", span, Value::Call { func: b, args: vec![c], kws: vec![], vararg: None });
                        self.terminate(Terminator::Branch { cond: pred, truebr: next, falsebr: done });
                        self.switch_to(next);
                    }
                    lhs = rhs;
                }
                self.terminate(Terminator::Jump(done));
                let done = self.move_block_to_end(done);
                self.switch_to(done);
                result
            }
            ExprKind::BoolOp { op, values } => {
                let result = self.fresh_temp("boolop");
                let done = self.new_block(span);
                for (i, v) in values.iter().enumerate() {
                    let x = self.lower_expr(v);
                    self.emit(span, IrStmtKind::Assign { target: result, value: Value::Var(x) });
                    if i + 1 < values.len() {
                        let next = self.new_block(v.span);
                        let b = self.temp("bool", span, Value::Global("bool".into()));
                        let pred = self.temp("pred", span, Value::Call { func: b, args: vec![x], kws: vec![], vararg: None });
                        let term = match op {
                            BoolOp::And => Terminator::Branch { cond: pred, truebr: next, falsebr: done },
                            BoolOp::Or => Terminator::Branch { cond: pred, truebr: done, falsebr: next },
                        };
                        self.terminate(term);
                        self.switch_to(next);
                    }
                }
                self.terminate(Terminator::Jump(done));
                let done = self.move_block_to_end(done);
                self.switch_to(done);
                result
            }
            // A constant condition: CPython compiles only the branch taken (`compiler_ifexp`),
            // so the other never reaches Numba.
            ExprKind::IfExp { test, body, orelse } if constant_truth(test).is_some() => {
                let taken = if constant_truth(test) == Some(true) { body } else { orelse };
                self.lower_expr(taken)
            }
            ExprKind::IfExp { test, body, orelse } => {
                let result = self.fresh_temp("ifexp");
                let t = self.new_block(body.span);
                let f = self.new_block(orelse.span);
                let done = self.new_block(span);
                self.lower_condition(test, t, f, span);
                self.switch_to(t);
                let bv = self.lower_expr(body);
                self.emit(span, IrStmtKind::Assign { target: result, value: Value::Var(bv) });
                self.terminate(Terminator::Jump(done));
                self.switch_to(f);
                let ov = self.lower_expr(orelse);
                self.emit(span, IrStmtKind::Assign { target: result, value: Value::Var(ov) });
                self.terminate(Terminator::Jump(done));
                let done = self.move_block_to_end(done);
                self.switch_to(done);
                result
            }
            ExprKind::Tuple(items) if items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) => {
                // `(*t, 0)`: the pieces concatenated, as Numba's rewrite of CPython's list
                // building makes it (`t + (0,)`).
                self.lower_starred_display(items, span, false)
            }
            ExprKind::Tuple(items) => {
                // A display CPython folds into one constant: its nested tuples are constants
                // of their own (see `Value::ConstTuple`).
                let folded = folded_tuple(e).is_some();
                let vs = items
                    .iter()
                    .map(|i| match folded_tuple(i) {
                        Some(c) if folded => self.temp("const", i.span, Value::ConstTuple(c)),
                        _ => self.lower_expr(i),
                    })
                    .collect();
                self.temp("build_tuple", span, Value::BuildTuple(vs))
            }
            // `[*t, 5]`: a list of the starred iterable's items extended by the others
            // (`list(t) + [5]`).
            ExprKind::List(items) if items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) => self.lower_starred_display(items, span, true),
            ExprKind::List(items) => {
                let vs = items.iter().map(|i| self.lower_expr(i)).collect();
                self.temp("build_list", span, Value::BuildList(vs))
            }
            ExprKind::Set(items) => {
                let vs = items.iter().map(|i| self.lower_expr(i)).collect();
                self.temp("build_set", span, Value::BuildSet(vs))
            }
            ExprKind::Dict { keys, values } => {
                let mut pairs = Vec::new();
                for (k, v) in keys.iter().zip(values.iter()) {
                    match k {
                        Some(k) => {
                            let kv = self.lower_expr(k);
                            let vv = self.lower_expr(v);
                            pairs.push((kv, vv));
                        }
                        None => self.error("UnsupportedError", "unsupported-syntax", "`**` in a dict display is not supported", span),
                    }
                }
                let literal = keys.iter().map(|k| k.as_ref()).collect::<Option<Vec<&Expr>>>().and_then(|ks| map_literal_value(&ks, values));
                let v = self.temp("build_map", span, Value::BuildMap(pairs));
                if let Some(l) = literal {
                    self.map_literals.push((v, l.into()));
                }
                v
            }
            ExprKind::ListComp { elt, generators } => self.lower_comprehension(CompKind::List, elt, None, generators, span),
            ExprKind::SetComp { elt, generators } => self.lower_comprehension(CompKind::Set, elt, None, generators, span),
            ExprKind::DictComp { key, value, generators } => {
                self.lower_comprehension(CompKind::Dict, key, Some(value), generators, span)
            }
            ExprKind::GeneratorExp { .. } => {
                self.error(
                    "UnsupportedError",
                    "unsupported-syntax",
                    "generator expressions are not supported here; use a list comprehension or a loop",
                    span,
                );
                self.temp("undefined", span, Value::Undefined)
            }
            ExprKind::Lambda { params, body } => {
                let ret = Stmt { span: body.span, kind: StmtKind::Return(Some((**body).clone())) };
                let idx = self.lower_closure("<lambda>", params, std::slice::from_ref(&ret), span);
                self.temp("make_function", span, Value::MakeFunction { closure: idx })
            }
            ExprKind::Starred(inner) => {
                self.error("UnsupportedBytecodeError", "unsupported-syntax", "starred expression is not supported here", span);
                self.lower_expr(inner)
            }
            ExprKind::NamedExpr { target, value } => {
                let v = self.lower_expr(value);
                self.assign_to(target, v, span);
                v
            }
            ExprKind::Yield(value) => {
                let v = match value {
                    Some(x) => self.lower_expr(x),
                    None => self.temp("const", span, Value::Const(Constant::None)),
                };
                self.temp("yield", span, Value::Yield(v))
            }
            ExprKind::YieldFrom(_) | ExprKind::Await(_) => {
                self.unsupported_opcode("GET_YIELD_FROM_ITER", "`yield from` / `await`", span);
                self.temp("undefined", span, Value::Undefined)
            }
            // CPython emits BUILD_STRING only for other than one part: `f"{x}"` is the
            // formatted value itself (Numba's `str(x)`, with its type).
            ExprKind::JoinedStr(parts) if parts.len() == 1 => self.lower_expr(&parts[0]),
            // and folds `f""` to the constant "".
            ExprKind::JoinedStr(parts) if parts.is_empty() => self.temp("const", span, Value::Const(Constant::Str(String::new()))),
            ExprKind::JoinedStr(parts) => {
                let vs = parts.iter().map(|p| self.lower_expr(p)).collect();
                self.temp("build_string", span, Value::BuildString(vs))
            }
            ExprKind::FormattedValue { value, format_spec, conversion } => {
                if format_spec.is_some() {
                    self.error(
                        "UnsupportedBytecodeError",
                        "unsupported-syntax",
                        "format specs in f-strings (`f\"{x:.3f}\"`) are not supported by Numba yet",
                        span,
                    );
                } else if let Some(c) = conversion {
                    // Numba reads the conversion flag of FORMAT_VALUE as a format spec too.
                    self.error(
                        "UnsupportedBytecodeError",
                        "unsupported-syntax",
                        format!("conversions in f-strings (`!{c}`, and `{{x=}}`, which is `!r`) are not supported by Numba yet (Numba: format spec in f-strings not supported yet)"),
                        span,
                    );
                }
                let v = self.lower_expr(value);
                self.temp("format_value", span, Value::FormatValue(v))
            }
        }
    }

    /// Comprehensions are inlined as loops building a list/set/dict, as Numba's closure inlining
    /// does; their variables are temporaries (comprehensions are their own scope).
    fn lower_comprehension(
        &mut self,
        kind: CompKind,
        elt: &Expr,
        value: Option<&Expr>,
        generators: &[Comprehension],
        span: Span,
    ) -> VarId {
        let container = match kind {
            CompKind::List => self.temp("list_comp", span, Value::BuildList(vec![])),
            CompKind::Set => self.temp("set_comp", span, Value::BuildSet(vec![])),
            CompKind::Dict => self.temp("dict_comp", span, Value::BuildMap(vec![])),
        };
        // Comprehension targets shadow outer names within the comprehension only.
        let saved_locals = self.locals.clone();
        let saved_names = self.local_names.clone();
        self.lower_generators(kind, container, elt, value, generators, span, None);
        self.locals = saved_locals;
        self.local_names = saved_names;
        container
    }

    fn lower_generators(
        &mut self,
        kind: CompKind,
        container: VarId,
        elt: &Expr,
        value: Option<&Expr>,
        generators: &[Comprehension],
        span: Span,
        innermost_iter: Option<VarId>,
    ) {
        let Some((first, rest)) = generators.split_first() else {
            match kind {
                CompKind::List | CompKind::Set => {
                    let method = if kind == CompKind::List { "append" } else { "add" };
                    // Numba 0.68 on CPython 3.11 resolves a set comprehension's `add` on the
                    // loop's iterator instead of the set (so every set comprehension fails to
                    // type, "Unknown attribute 'add' of type range_iter_int64"); reproduce it.
                    let receiver = match (kind, innermost_iter) {
                        (CompKind::Set, Some(it)) => it,
                        _ => container,
                    };
                    let m = self.temp("getattr", span, Value::GetAttr { value: receiver, attr: method.into() });
                    let x = self.lower_expr(elt);
                    self.temp("call", span, Value::Call { func: m, args: vec![x], kws: vec![], vararg: None });
                }
                CompKind::Dict => {
                    let k = self.lower_expr(elt);
                    let v = match value {
                        Some(v) => self.lower_expr(v),
                        None => k,
                    };
                    self.emit(span, IrStmtKind::SetItem { target: container, index: k, value: v, static_index: None });
                }
            }
            return;
        };
        let iterable = self.lower_expr(&iterated_display(&first.iter));
        let it = self.temp("get_iter", span, Value::GetIter(iterable));
        let header = self.new_block(span);
        self.jump_to_new(header);
        let next = self.temp("for_iter", span, Value::IterNext(it));
        let item = self.temp("for_iter", span, Value::PairFirst(next));
        let pred = self.temp("for_iter", span, Value::PairSecond(next));
        let body = self.new_block(span);
        let exit = self.new_block(span);
        self.terminate(Terminator::Branch { cond: pred, truebr: body, falsebr: exit });
        self.switch_to(body);
        // Bind comprehension targets to fresh temporaries.
        let mut names = Vec::new();
        collect_target_names(&first.target, &mut names);
        for n in names {
            let tmp = self.fresh_temp(&format!("comp_{n}"));
            self.vars[tmp.0 as usize].base = format!("$comp_{n}");
            self.locals.insert(n.clone(), tmp);
            self.local_names.insert(n);
        }
        self.assign_to(&first.target, item, span);
        for cond in &first.ifs {
            let keep = self.new_block(span);
            self.lower_condition(cond, keep, header, span);
            self.switch_to(keep);
        }
        self.lower_generators(kind, container, elt, value, rest, span, Some(it));
        self.terminate(Terminator::Jump(header));
        let exit = self.move_block_to_end(exit);
        self.switch_to(exit);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CompKind {
    List,
    Set,
    Dict,
}

fn collect_target_names(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Name(n) => out.push(n.clone()),
        ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().for_each(|i| collect_target_names(i, out)),
        _ => {}
    }
}

/// Numba 0.68 on CPython 3.11 loses the result of an operator whose operand is an assignment
/// expression of a computed value (`(m := n * 2) > 5`: the `COPY` of a temporary); the
/// operation's result is never typed ("Type of variable ... cannot be determined"). A walrus of
/// a plain name or constant is fine.
fn walrus_of_computed_value(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::NamedExpr { value, .. } => !matches!(value.kind, ExprKind::Name(_) | ExprKind::Constant(_)),
        _ => false,
    }
}

/// CPython's AST optimiser folds operators on numeric constants (`-1`, `2 ** 10`, `1 << 4`)
/// into constants before bytecode is emitted; Numba therefore sees `Literal[int](-1)`.
/// The literal value Numba's interpreter records for a dict display (`op_BUILD_MAP`,
/// `op_BUILD_CONST_KEY_MAP`), as Python prints it; `None` when it records none, or when it
/// would name a temporary numrs cannot name as Numba does.
///
/// CPython 3.11 compiles a display of two or more items whose keys are all constants (tuples of
/// constants included) to `BUILD_CONST_KEY_MAP`: its keys are literal, and its values are
/// literal when each is a constant (not a tuple: Numba loads tuple constants as `build_tuple`),
/// else `_UNKNOWN_VALUE(<variable>)`, unless all are constants. Any other display is a
/// `BUILD_MAP`: the literal dict pairs the leading constant keys with the leading constant
/// values, or maps every key to `_UNKNOWN_VALUE` when all keys and not all values are
/// constants.
fn map_literal_value(keys: &[&Expr], values: &[Expr]) -> Option<String> {
    let repr = |e: &Expr| numrs_hir::ConstValue::from_expr(e).map(|c| c.python_repr());
    // `ir.Const`: a constant that is not a tuple.
    let scalar = |e: &Expr| if matches!(numrs_hir::ConstValue::from_expr(e), Some(numrs_hir::ConstValue::Tuple(_)) | None) { None } else { repr(e) };
    let unknown = |e: &Expr| match &e.kind {
        ExprKind::Name(n) => Some(format!("_UNKNOWN_VALUE({n})")),
        _ => None,
    };
    // A Python dict: a repeated key keeps its first position and takes the last value.
    let dict = |pairs: Vec<(String, String)>| {
        let mut out: Vec<(String, String)> = Vec::new();
        for (k, v) in pairs {
            match out.iter_mut().find(|(ok, _)| *ok == k) {
                Some(slot) => slot.1 = v,
                None => out.push((k, v)),
            }
        }
        format!("{{{}}}", out.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join(", "))
    };
    let n = keys.len();
    if n >= 2 && keys.iter().all(|k| repr(k).is_some()) {
        let pairs = keys
            .iter()
            .zip(values)
            .map(|(k, v)| Some((repr(k)?, scalar(v).or_else(|| unknown(v))?)))
            .collect::<Option<Vec<_>>>()?;
        return Some(dict(pairs));
    }
    let lk: Vec<String> = keys.iter().map_while(|k| scalar(k)).collect();
    let lv: Vec<String> = values.iter().map_while(scalar).collect();
    match (lk.len() == n, lv.len() == n) {
        (false, false) => None,
        (true, false) => {
            let pairs = lk.into_iter().zip(values).map(|(k, v)| Some((k, unknown(v)?))).collect::<Option<Vec<_>>>()?;
            Some(dict(pairs))
        }
        _ => Some(dict(lk.into_iter().zip(lv).collect())),
    }
}

fn fold_constant(e: &Expr) -> Option<Constant> {
    use ast::BinOp as B;
    use numrs_syntax::ast::FloatBits;
    enum N {
        I(i128),
        F(f64),
    }
    // Each operand is folded once (a chain `x + x + ... + x` is not folded twice per level).
    fn operand(e: &Expr) -> Option<Constant> {
        match &e.kind {
            ExprKind::Constant(c) => Some(c.clone()),
            ExprKind::UnaryOp { .. } | ExprKind::BinOp { .. } => fold_constant(e),
            _ => None,
        }
    }
    fn num(c: &Option<Constant>) -> Option<N> {
        match c.as_ref()? {
            Constant::Int(v) => Some(N::I(*v)),
            Constant::Float(f) => Some(N::F(f.get())),
            _ => None,
        }
    }
    let int = |v: i128| (v.unsigned_abs() < (1u128 << 100)).then_some(Constant::Int(v));
    let float = |v: f64| v.is_finite().then_some(Constant::Float(FloatBits::new(v)));
    // Complex arithmetic (`1 + 2j`): `+`, `-`, `*` and negation, as CPython folds them.
    fn complex_of(c: &Option<Constant>) -> Option<(f64, f64, bool)> {
        match c.as_ref()? {
            Constant::Int(v) if v.unsigned_abs() <= 1u128 << 53 => Some((*v as f64, 0.0, false)),
            Constant::Float(f) => Some((f.get(), 0.0, false)),
            Constant::Complex { real, imag } => Some((real.get(), imag.get(), true)),
            _ => None,
        }
    }
    let complex = |re: f64, im: f64| (re.is_finite() && im.is_finite()).then_some(Constant::Complex { real: FloatBits::new(re), imag: FloatBits::new(im) });
    let (first, second) = match &e.kind {
        ExprKind::UnaryOp { operand: o, .. } => (operand(o), None),
        ExprKind::BinOp { left, right, .. } => {
            let l = operand(left);
            // Nothing folds with an operand that does not.
            if l.is_none() {
                return None;
            }
            (l, operand(right))
        }
        _ => return None,
    };
    match &e.kind {
        ExprKind::UnaryOp { op: UnaryOp::USub, .. } => {
            if let Some((re, im, true)) = complex_of(&first) {
                return complex(-re, -im);
            }
        }
        ExprKind::BinOp { op, .. } => {
            if let (Some((a, b, ca)), Some((c, d, cb))) = (complex_of(&first), complex_of(&second)) {
                if ca || cb {
                    return match op {
                        B::Add => complex(a + c, b + d),
                        B::Sub => complex(a - c, b - d),
                        B::Mult => complex(a * c - b * d, a * d + b * c),
                        _ => None,
                    };
                }
            }
        }
        _ => {}
    }
    match &e.kind {
        ExprKind::UnaryOp { op, .. } => match (op, num(&first)?) {
            (UnaryOp::USub, N::I(v)) => int(-v),
            (UnaryOp::USub, N::F(v)) => float(-v),
            (UnaryOp::UAdd, N::I(v)) => int(v),
            (UnaryOp::UAdd, N::F(v)) => float(v),
            (UnaryOp::Invert, N::I(v)) => int(!v),
            _ => None,
        },
        ExprKind::BinOp { op, .. } => {
            let (l, r) = (num(&first)?, num(&second)?);
            match (l, r) {
                (N::I(a), N::I(b)) => match op {
                    B::Add => int(a.checked_add(b)?),
                    B::Sub => int(a.checked_sub(b)?),
                    B::Mult => int(a.checked_mul(b)?),
                    B::Pow if (0..=64).contains(&b) => int(a.checked_pow(b as u32)?),
                    // Python's: the remainder takes the divisor's sign (checked: no overflow).
                    B::FloorDiv if b != 0 => {
                        let (q, r) = (a.checked_div(b)?, a.checked_rem(b)?);
                        int(if r != 0 && (r < 0) != (b < 0) { q - 1 } else { q })
                    }
                    B::Mod if b != 0 => {
                        let r = a.checked_rem(b)?;
                        int(if r != 0 && (r < 0) != (b < 0) { r + b } else { r })
                    }
                    B::LShift if a == 0 && b >= 0 => int(0),
                    // CPython folds shifts whose result has at most 128 bits (`1 << 70`, which
                    // Numba then refuses: "Int value is too large").
                    B::LShift if (0..128).contains(&b) && (128 - a.unsigned_abs().leading_zeros()) as i128 + b < 127 => int(a << b),
                    B::Pow if b < 0 && a != 0 => float((a as f64).powf(b as f64)),
                    B::RShift if (0..128).contains(&b) => int(a >> b),
                    B::BitAnd => int(a & b),
                    B::BitOr => int(a | b),
                    B::BitXor => int(a ^ b),
                    B::Div if b != 0 => float(a as f64 / b as f64),
                    _ => None,
                },
                (l, r) => {
                    let a = match l { N::I(v) => v as f64, N::F(v) => v };
                    let b = match r { N::I(v) => v as f64, N::F(v) => v };
                    match op {
                        B::Add => float(a + b),
                        B::Sub => float(a - b),
                        B::Mult => float(a * b),
                        B::Div if b != 0.0 => float(a / b),
                        // A negative base to a fractional power is complex in Python
                        // (`(-8) ** (1 / 3)`): CPython's `_Py_c_pow` of `a + 0j`.
                        B::Pow if a < 0.0 && b.is_finite() && b.fract() != 0.0 => {
                            let (len, phase) = ((-a).powf(b), std::f64::consts::PI * b);
                            complex(len * phase.cos(), len * phase.sin())
                        }
                        _ => None,
                    }
                }
            }
        }
        _ => None,
    }
}

/// What CPython's AST optimizer folds an expression of constants into, beyond the numbers of
/// [`fold_constant`]: `not`/`~`/`-` of booleans (`not 0`, `~True`), arithmetic on booleans
/// (`True + True`), string and tuple concatenation and repetition (`"a" * 3`, `(1, 2) * 2`,
/// within its size limits: 4096 characters, 256 items), a constant indexed by an integer
/// (`"abc"[1]`), and tuple displays of constants.
fn fold_value(e: &Expr) -> Option<numrs_hir::ConstValue> {
    use ast::BinOp as B;
    use numrs_hir::ConstValue as C;
    let of_constant = |c: Constant| -> Option<C> {
        Some(match c {
            Constant::None => C::None,
            Constant::Bool(b) => C::Bool(b),
            Constant::Int(i) => C::Int(i),
            Constant::BigInt(s) => C::BigInt(s),
            Constant::Float(f) => C::Float(f),
            Constant::Complex { real, imag } => C::Complex { real, imag },
            Constant::Str(s) => C::Str(s),
            Constant::Bytes(_) | Constant::Ellipsis => return None,
        })
    };
    if let Some(c) = fold_constant(e) {
        return of_constant(c);
    }
    let truth = |c: &C| match c {
        C::None => Some(false),
        C::Bool(b) => Some(*b),
        C::Int(i) => Some(*i != 0),
        C::Float(f) => Some(f.get() != 0.0),
        C::Str(s) => Some(!s.is_empty()),
        C::Tuple(t) => Some(!t.is_empty()),
        _ => None,
    };
    let int = |c: &C| match c {
        C::Int(i) => Some(*i),
        C::Bool(b) => Some(*b as i128),
        _ => None,
    };
    match &e.kind {
        ExprKind::Constant(c) => of_constant(c.clone()),
        ExprKind::Tuple(_) => folded_tuple(e),
        ExprKind::UnaryOp { op, operand } => {
            let v = fold_value(operand)?;
            match (op, &v) {
                (UnaryOp::Not, v) => Some(C::Bool(!truth(v)?)),
                (UnaryOp::Invert, C::Bool(b)) => Some(C::Int(!(*b as i128))),
                (UnaryOp::USub, C::Bool(b)) => Some(C::Int(-(*b as i128))),
                (UnaryOp::UAdd, C::Bool(b)) => Some(C::Int(*b as i128)),
                _ => None,
            }
        }
        // Strings, tuples and booleans (numbers alone are `fold_constant`'s, with CPython's
        // limits on integers): Python's operation, repetition within CPython's limits.
        ExprKind::BinOp { left, op, right } => {
            let (a, b) = (fold_value(left)?, fold_value(right)?);
            if !matches!((&a, &b), (C::Str(_) | C::Tuple(_) | C::Bool(_), _) | (_, C::Str(_) | C::Tuple(_) | C::Bool(_))) {
                return None;
            }
            if *op == B::Mult {
                let within = match (&a, &b) {
                    (C::Str(x), n) | (n, C::Str(x)) => x.chars().count().saturating_mul(int(n)?.max(0) as usize) <= 4096,
                    (C::Tuple(x), n) | (n, C::Tuple(x)) => x.len().saturating_mul(int(n)?.max(0) as usize) <= 256,
                    _ => true,
                };
                if !within {
                    return None;
                }
            }
            numrs_hir::fold_binop(*op, a, b)
        }
        ExprKind::Subscript { value, index } => {
            let (v, i) = (fold_value(value)?, int(&fold_value(index)?)?);
            let at = |n: usize| if i < 0 { n.checked_sub(i.unsigned_abs() as usize) } else { (i as usize).lt(&n).then_some(i as usize) };
            match v {
                C::Str(s) => {
                    let chars: Vec<char> = s.chars().collect();
                    Some(C::Str(chars[at(chars.len())?].to_string()))
                }
                C::Tuple(t) => Some(t[at(t.len())?].clone()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The object and name of `getattr(obj, "name")` (two arguments, the name a constant).
fn constant_getattr(args: &[Expr]) -> Option<(&Expr, &str)> {
    match args {
        [obj, Expr { kind: ExprKind::Constant(Constant::Str(name)), .. }] => Some((obj, name.as_str())),
        _ => None,
    }
}

/// The bytecode instruction of the first sequence, mapping or class pattern in `p`.
fn structural(p: &ast::Pattern) -> Option<&'static str> {
    let mut stack = vec![p];
    while let Some(p) = stack.pop() {
        match &p.kind {
            ast::PatternKind::Structural(op) => return Some(op),
            ast::PatternKind::As(inner, _) => stack.push(inner),
            ast::PatternKind::Or(alts) => stack.extend(alts.iter().rev()),
            _ => {}
        }
    }
    None
}

/// CPython's AST optimizer (`fold_iter`) turns a list display that is iterated (`for x in
/// [a, b]`, a comprehension's iterable) or tested with `in`/`not in` into a tuple display
/// (a constant tuple when its items are constants), so Numba sees a tuple: `for x in [1,
/// 2.5]` is a heterogeneous tuple it cannot iterate.
fn iterated_display(e: &Expr) -> std::borrow::Cow<'_, Expr> {
    match &e.kind {
        ExprKind::List(items) if !items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) => {
            std::borrow::Cow::Owned(Expr { kind: ExprKind::Tuple(items.clone()), span: e.span })
        }
        _ => std::borrow::Cow::Borrowed(e),
    }
}

/// The value of a tuple display CPython's AST optimizer folds into one constant: every item a
/// constant, after folding (arithmetic on numbers, nested tuples).
fn folded_tuple(e: &Expr) -> Option<numrs_hir::ConstValue> {
    use numrs_hir::ConstValue as C;
    let ExprKind::Tuple(items) = &e.kind else { return None };
    items
        .iter()
        .map(|item| {
            if matches!(item.kind, ExprKind::Tuple(_)) {
                return folded_tuple(item);
            }
            fold_value(item)
        })
        .collect::<Option<Vec<_>>>()
        .map(C::Tuple)
}

/// The truth value of a constant condition (`while True`, `if 0`), as CPython folds it.
fn constant_truth(e: &Expr) -> Option<bool> {
    match &e.kind {
        ExprKind::Constant(c) => Some(match c {
            Constant::None => false,
            Constant::Bool(b) => *b,
            Constant::Int(i) => *i != 0,
            Constant::Float(f) => f.get() != 0.0,
            Constant::Str(s) => !s.is_empty(),
            _ => return None,
        }),
        _ => None,
    }
}


/// Numba's `InlineClosureLikes` + `MakeFunctionToJitFunction`: calls of an inner function
/// are inlined and the then-unused `make_function` is removed (only when some call was
/// inlined: dead-code elimination runs only then). Any `make_function` left is compiled as
/// a separate function, which requires every captured variable to be a constant of the
/// enclosing function (numba/core/ir_utils.py `convert_code_obj_to_function`). Run on a jit
/// function, and on the copy of an inner function that escaped (Numba compiles it as a jit
/// function); the inner functions of an inlined one are checked with the function it is
/// inlined into.
pub fn check_escaping_closures(ir: &mut FunctionIr) {
    let Some((uses, def_counts)) = closure_uses(ir) else { return };
    let any_inlined = uses.iter().any(|u| u.called && u.single_def);
    let mut error = None;
    for u in &uses {
        let Some(info) = ir.closures.get(u.closure as usize) else { continue };
        // Without any inlining there is no dead-code elimination: unused inner functions stay.
        let remains = u.escapes || (u.called && !u.single_def) || (!u.called && !any_inlined);
        error = if remains {
            capture_error(&info.captured(), &def_counts, &[], u.span)
        } else if u.called {
            // Inlined here: the inner functions it holds become this function's.
            let mut bound = Vec::new();
            inlined_capture_error(&info.ir, &def_counts, &mut bound, 0)
        } else {
            None
        };
        if error.is_some() {
            break;
        }
    }
    if let Some(e) = error {
        ir.errors.push(e);
    }
}

/// How a function uses one `make_function` of an inner function.
struct ClosureUse {
    closure: u32,
    /// The `def` statement.
    span: Span,
    /// Passed, stored or returned as a value.
    escapes: bool,
    /// Called directly.
    called: bool,
    /// Every variable holding it has one definition (its calls can be inlined).
    single_def: bool,
}

/// The uses of `ir`'s `make_function`s, and per user variable name its number of definitions
/// and whether all are constants (before SSA, versions are one variable). `None`: no inner
/// functions.
fn closure_uses(ir: &FunctionIr) -> Option<(Vec<ClosureUse>, HashMap<String, (u32, bool)>)> {
    use crate::StmtKind as S;
    let mut makes: Vec<(VarId, u32, Span)> = Vec::new();
    let mut copies: Vec<(VarId, VarId)> = Vec::new();
    for b in &ir.blocks {
        for s in &b.stmts {
            match &s.kind {
                S::Assign { target, value: Value::MakeFunction { closure } } => makes.push((*target, *closure, s.span)),
                S::Assign { target, value: Value::Var(src) } => copies.push((*target, *src)),
                _ => {}
            }
        }
    }
    if makes.is_empty() {
        return None;
    }
    // Definitions per user variable name (before SSA, versions are one variable).
    let mut def_counts: HashMap<String, (u32, bool)> = HashMap::new();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let S::Assign { target, value } = &s.kind {
                let var = ir.var(*target);
                if !var.user {
                    continue;
                }
                let is_const = match value {
                    Value::Const(_) => true,
                    Value::Var(src) => {
                        let src = *src;
                        ir.blocks.iter().flat_map(|b| b.stmts.iter()).any(|s| {
                            matches!(&s.kind, S::Assign { target, value: Value::Const(_) } if *target == src)
                        })
                    }
                    _ => false,
                };
                let e = def_counts.entry(var.base.clone()).or_insert((0, true));
                e.0 += 1;
                e.1 &= is_const;
            }
        }
    }
    let mut status = Vec::new();
    for (make_var, closure, span) in &makes {
        // The variables holding this function (plain copies, bounded).
        let mut aliases = vec![*make_var];
        for _ in 0..16 {
            let mut grew = false;
            for (t, s) in &copies {
                if aliases.contains(s) && !aliases.contains(t) {
                    aliases.push(*t);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let single_def = aliases.iter().all(|a| {
            let var = ir.var(*a);
            !var.user || def_counts.get(&var.base).is_none_or(|(n, _)| *n == 1)
        });
        let mut escapes = false;
        let mut called = false;
        for b in &ir.blocks {
            for s in &b.stmts {
                match &s.kind {
                    S::Assign { value: Value::Var(_), .. } | S::Assign { value: Value::NonlocalOut { .. }, .. } => {}
                    S::Assign { value: Value::Call { func, args, kws, vararg }, .. } => {
                        if aliases.contains(func) {
                            called = true;
                        }
                        if args.iter().chain(kws.iter().map(|(_, v)| v)).chain(vararg.iter()).any(|v| aliases.contains(v)) {
                            escapes = true;
                        }
                    }
                    S::Assign { value, .. } => escapes |= value.uses().iter().any(|v| aliases.contains(v)),
                    S::SetItem { target, index, value, .. } => {
                        escapes |= [target, index, value].iter().any(|v| aliases.contains(v))
                    }
                    S::SetAttr { target, value, .. } => escapes |= aliases.contains(target) || aliases.contains(value),
                    S::DelItem { .. } | S::Del(_) => {}
                }
            }
            match &b.term {
                Terminator::Return(v) => escapes |= aliases.contains(v),
                Terminator::Branch { cond, .. } => escapes |= aliases.contains(cond),
                Terminator::Raise { exc: Some(v) } => escapes |= aliases.contains(v),
                _ => {}
            }
        }
        status.push(ClosureUse { closure: *closure, span: *span, escapes, called, single_def });
    }
    Some((status, def_counts))
}

/// Numba's error for capturing `names` (sorted, as `co_freevars`) in a function compiled on
/// its own, defined at `span`: a name bound in a function inlined on the way (`bound`: Numba
/// renames their variables), not defined here, or defined several times has "multiple
/// definitions" (Numba finds no single definition of that name); a name whose one definition
/// is not a constant (an argument) is "non-constant".
fn capture_error(names: &[String], def_counts: &HashMap<String, (u32, bool)>, bound: &[String], span: Span) -> Option<LowerError> {
    for name in names {
        let message = match def_counts.get(name) {
            _ if bound.contains(name) => multiple_definitions(name),
            Some((n, _)) if *n > 1 => multiple_definitions(name),
            Some((_, true)) => continue,
            // No definition of that name here (a free variable of this function).
            None => multiple_definitions(name),
            _ => format!("Cannot capture the non-constant value associated with variable '{name}' in a function that may escape."),
        };
        return Some(LowerError { kind: "TypingError", code: "unsupported-syntax", message, span, line_known: true });
    }
    None
}

fn multiple_definitions(name: &str) -> String {
    format!("Cannot capture a constant value for variable '{name}' as there are multiple definitions present.")
}

/// The capture error of an inner function of `inlined`, an inner function whose calls are
/// inlined into the jit function (whose definitions are `def_counts`): its inner functions are
/// then the jit function's, and those left as values are compiled on their own.
fn inlined_capture_error(inlined: &FunctionIr, def_counts: &HashMap<String, (u32, bool)>, bound: &mut Vec<String>, depth: u32) -> Option<LowerError> {
    if depth > 16 {
        return None;
    }
    let (uses, own_defs) = closure_uses(inlined)?;
    let mark = bound.len();
    bound.extend(inlined.arg_names.iter().cloned());
    bound.extend(own_defs.keys().cloned());
    let mut error = None;
    for u in &uses {
        let Some(info) = inlined.closures.get(u.closure as usize) else { continue };
        error = if u.escapes || (u.called && !u.single_def) {
            capture_error(&info.captured(), def_counts, bound, u.span)
        } else if u.called {
            inlined_capture_error(&info.ir, def_counts, bound, depth + 1)
        } else {
            None
        };
        if error.is_some() {
            break;
        }
    }
    bound.truncate(mark);
    error
}

/// Whether `stmts` hold a `with objmode(...):` block (nested functions left out).
fn contains_objmode(stmts: &[Stmt]) -> bool {
    let mut found = false;
    numrs_syntax::visit::for_each_stmt(stmts, false, &mut |s| {
        if let StmtKind::With { items, .. } = &s.kind {
            found |= items.iter().any(|i| objmode_call(&i.context).is_some());
        }
    });
    found
}

/// The keywords of `objmode(...)` / `numba.objmode(...)` when `context` is that call.
fn objmode_call(context: &Expr) -> Option<&[Keyword]> {
    let ExprKind::Call { func, args, keywords } = &context.kind else { return None };
    let named = match &func.kind {
        ExprKind::Name(n) => n == "objmode",
        ExprKind::Attribute { attr, .. } => attr == "objmode",
        _ => false,
    };
    (named && args.is_empty()).then_some(keywords.as_slice())
}

/// The arguments of `parallel_chunksize(n)` / `numba.parallel_chunksize(n)` as a `with`
/// context.
fn chunksize_call(context: &Expr) -> Option<&[Expr]> {
    let ExprKind::Call { func, args, keywords } = &context.kind else { return None };
    let named = match &func.kind {
        ExprKind::Name(n) => n == "parallel_chunksize",
        ExprKind::Attribute { attr, .. } => attr == "parallel_chunksize",
        _ => false,
    };
    (named && keywords.is_empty()).then_some(args.as_slice())
}

/// The exception kind a Python error name stands for (Numba reports the errors it raises
/// while evaluating an annotation as they are).
fn python_error_kind(name: &str) -> &'static str {
    match name {
        "NameError" => "NameError",
        "SyntaxError" => "SyntaxError",
        "AttributeError" => "AttributeError",
        "TypeError" => "TypeError",
        "ValueError" => "ValueError",
        _ => "TypingError",
    }
}

/// The names `body` reads (not the names it assigns to), with their positions, nested
/// functions included.
fn name_uses(body: &[Stmt]) -> (Vec<(String, u32)>, Vec<(String, u32)>) {
    fn target(e: &Expr, out: &mut HashSet<u32>) {
        match &e.kind {
            ExprKind::Name(_) => {
                out.insert(e.span.start);
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().for_each(|i| target(i, out)),
            ExprKind::Starred(inner) => target(inner, out),
            _ => {}
        }
    }
    // Where names are only assigned, and where `x += 1` reads and assigns `x`.
    let (mut store_at, mut aug) = (HashSet::new(), HashSet::new());
    numrs_syntax::visit::for_each_stmt(body, true, &mut |s| match &s.kind {
        StmtKind::Assign { targets, .. } => targets.iter().for_each(|t| target(t, &mut store_at)),
        StmtKind::AnnAssign { target: t, .. } | StmtKind::For { target: t, .. } => target(t, &mut store_at),
        StmtKind::With { items, .. } => items.iter().filter_map(|i| i.target.as_ref()).for_each(|t| target(t, &mut store_at)),
        StmtKind::AugAssign { target: Expr { kind: ExprKind::Name(_), span }, .. } => {
            aug.insert(span.start);
        }
        _ => {}
    });
    let (mut loads, mut stored) = (Vec::new(), Vec::new());
    numrs_syntax::visit::for_each_expr(body, true, &mut |e| {
        if let ExprKind::Name(n) = &e.kind {
            if store_at.contains(&e.span.start) {
                stored.push((n.clone(), e.span.start));
            } else {
                loads.push((n.clone(), e.span.start));
            }
        }
    });
    stored.extend(loads.iter().filter(|(_, at)| aug.contains(at)).cloned());
    (loads, stored)
}


/// Whether `stmts` return, yield, or (outside loops of their own) break or continue.
fn leaves_early(stmts: &[Stmt], in_loop: bool) -> bool {
    let mut found = false;
    numrs_syntax::visit::for_each_expr(stmts, false, &mut |e| found |= matches!(e.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_)));
    found
        || stmts.iter().any(|s| match &s.kind {
            StmtKind::Return(_) => true,
            StmtKind::Break | StmtKind::Continue => !in_loop,
            StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } => leaves_early(body, true) || leaves_early(orelse, in_loop),
            StmtKind::If { body, orelse, .. } => leaves_early(body, in_loop) || leaves_early(orelse, in_loop),
            StmtKind::With { body, .. } => leaves_early(body, in_loop),
            StmtKind::Match { cases, .. } => cases.iter().any(|c| leaves_early(&c.body, in_loop)),
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                leaves_early(body, in_loop)
                    || handlers.iter().any(|h| leaves_early(&h.body, in_loop))
                    || leaves_early(orelse, in_loop)
                    || leaves_early(finalbody, in_loop)
            }
            _ => false,
        })
}

const RECURSIVE_INNER: &str = "Unsupported use of cell variable encountered (an inner function that calls itself)";

const OBJMODE_IN_INNER: &str =
    "`with objmode(...)` inside an inner function is not supported by Numba (it lifts the blocks of the jitted function's own body only)";

/// The first import statement of `stmts` (nested functions left out).
fn first_import(stmts: &[Stmt]) -> Option<Span> {
    let mut found = None;
    numrs_syntax::visit::for_each_stmt(stmts, false, &mut |s| {
        if found.is_none() && matches!(s.kind, StmtKind::Import(_) | StmtKind::ImportFrom { .. }) {
            found = Some(s.span);
        }
    });
    found
}

/// The function and argument of `literal_unroll(x)` (or `numba.literal_unroll(x)`).
fn literal_unroll_call(iter: &Expr) -> Option<(&Expr, &Expr)> {
    let ExprKind::Call { func, args, keywords } = &iter.kind else { return None };
    let named = match &func.kind {
        ExprKind::Name(n) => n == "literal_unroll",
        ExprKind::Attribute { attr, .. } => attr == "literal_unroll",
        _ => false,
    };
    match args.as_slice() {
        [arg] if named && keywords.is_empty() && !matches!(arg.kind, ExprKind::Starred(_)) => Some((func, arg)),
        _ => None,
    }
}

/// Whether CPython's AST optimizer folds `e` into a constant (a literal, a sign or `~` of one,
/// an arithmetic operation or tuple of them).
fn folded_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Constant(_) => true,
        ExprKind::UnaryOp { operand, .. } => folded_constant(operand),
        ExprKind::BinOp { left, right, .. } => folded_constant(left) && folded_constant(right),
        ExprKind::Tuple(items) => items.iter().all(folded_constant),
        _ => false,
    }
}
