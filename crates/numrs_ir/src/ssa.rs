//! SSA reconstruction in the manner of Numba's `ReconstructSSA`: only variables with more than
//! one definition are versioned; phi nodes are placed where a use is reached by several
//! definitions (trivial phis removed), and `None` incoming values are Numba's `UNDEFINED`.

use std::collections::HashMap;

use crate::{BlockId, FunctionIr, Stmt, StmtKind, Terminator, Value, Var, VarId};

/// Remove blocks not reachable from the entry and renumber the rest, keeping their order.
pub(crate) fn prune_unreachable(ir: &mut FunctionIr) {
    let n = ir.blocks.len();
    let mut reachable = vec![false; n];
    let mut stack = vec![0usize];
    while let Some(b) = stack.pop() {
        if b >= n || reachable[b] {
            continue;
        }
        reachable[b] = true;
        for s in ir.blocks[b].term.successors() {
            stack.push(s.0 as usize);
        }
    }
    let mut remap = vec![None; n];
    let mut next = 0u32;
    for (i, r) in reachable.iter().enumerate() {
        if *r {
            remap[i] = Some(BlockId(next));
            next += 1;
        }
    }
    let old = std::mem::take(&mut ir.blocks);
    for (i, mut b) in old.into_iter().enumerate() {
        if !reachable[i] {
            continue;
        }
        let m = |x: BlockId| remap[x.0 as usize].unwrap_or(BlockId(0));
        b.term = match b.term {
            Terminator::Jump(t) => Terminator::Jump(m(t)),
            Terminator::Branch { cond, truebr, falsebr } => Terminator::Branch { cond, truebr: m(truebr), falsebr: m(falsebr) },
            other => other,
        };
        ir.blocks.push(b);
    }
}

/// CPython's jump threading: a jump to an empty block that only jumps on (forward) goes to
/// where that one goes. Nested `if`s then meet at one join (`if a: if b: c = 1 else: c = 0
/// else: c = 2` has one phi of three values, as Numba's IR from the bytecode has), not at an
/// inner join first. Branches and backward jumps are left as they are.
pub(crate) fn thread_forward_jumps(ir: &mut FunctionIr) {
    let n = ir.blocks.len();
    let forward = |blocks: &[crate::Block], b: usize| -> Option<usize> {
        let blk = blocks.get(b)?;
        match blk.term {
            Terminator::Jump(t) if b != 0 && blk.stmts.is_empty() && (t.0 as usize) > b => Some(t.0 as usize),
            _ => None,
        }
    };
    let mut changed = false;
    for i in 0..n {
        let Terminator::Jump(t) = ir.blocks[i].term else { continue };
        let mut to = t.0 as usize;
        for _ in 0..n {
            match forward(&ir.blocks, to) {
                Some(next) => to = next,
                None => break,
            }
        }
        if to != t.0 as usize {
            ir.blocks[i].term = Terminator::Jump(BlockId(to as u32));
            changed = true;
        }
    }
    if changed {
        prune_unreachable(ir);
    }
}

struct SsaBuilder<'a> {
    ir: &'a mut FunctionIr,
    preds: Vec<Vec<BlockId>>,
    /// Last definition of each multi-defined variable at the end of each block.
    end_defs: HashMap<(VarId, BlockId), VarId>,
    entry_values: HashMap<(VarId, BlockId), Option<VarId>>,
    /// Phis created: (block, phi var, original var, incoming).
    phis: Vec<(BlockId, VarId, Vec<(BlockId, Option<VarId>)>)>,
    version_counter: HashMap<VarId, u32>,
    /// The block whose use is being resolved: Numba's `_find_def_from_top` gives a phi the
    /// location of that block (`states['block'].loc`), not of the block holding the phi.
    requesting: BlockId,
    phi_spans: HashMap<VarId, numrs_syntax::ast::Span>,
}

pub(crate) fn reconstruct_ssa(ir: &mut FunctionIr) {
    let mut def_count: HashMap<VarId, u32> = HashMap::new();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, .. } = &s.kind {
                *def_count.entry(*target).or_default() += 1;
            }
        }
    }
    let multi: std::collections::HashSet<VarId> =
        def_count.iter().filter(|(_, c)| **c > 1).map(|(v, _)| *v).collect();
    if multi.is_empty() {
        return;
    }
    let mut preds = ir.predecessors();
    add_exception_edges(ir, &mut preds);
    let mut builder = SsaBuilder {
        ir,
        preds,
        end_defs: HashMap::new(),
        entry_values: HashMap::new(),
        phis: Vec::new(),
        version_counter: HashMap::new(),
        requesting: BlockId(0),
        phi_spans: HashMap::new(),
    };

    // Pass 1: give every definition of a multi-defined variable its own version.
    let mut seen_first: std::collections::HashSet<VarId> = std::collections::HashSet::new();
    let mut def_versions: Vec<Vec<Option<VarId>>> = vec![Vec::new(); builder.ir.blocks.len()];
    // Numba's blocks are labelled by bytecode offset, and the first definition in that order
    // keeps the variable's name, which a use no definition reaches reads (`c += 1` on a path
    // where `c` was never set reads the `c` set elsewhere): blocks in source order.
    let mut order: Vec<usize> = (0..builder.ir.blocks.len()).collect();
    order.sort_by_key(|&bi| (bi != 0, builder.ir.blocks[bi].span.start));
    for bi in order {
        let mut versions = Vec::new();
        for si in 0..builder.ir.blocks[bi].stmts.len() {
            let target = match &builder.ir.blocks[bi].stmts[si].kind {
                StmtKind::Assign { target, .. } if multi.contains(target) => Some(*target),
                _ => None,
            };
            let version = target.map(|t| {
                let v = if seen_first.insert(t) { t } else { builder.new_version(t) };
                builder.end_defs.insert((t, BlockId(bi as u32)), v);
                v
            });
            versions.push(version);
        }
        def_versions[bi] = versions;
    }

    // Numba inlines a call of an inner function before its SSA pass: the inlined body reads
    // the enclosing variables it captures where the call is, so a call reads them (the phis
    // joining their definitions are placed; lowering finds the version reaching the call).
    let closure_reads = closure_call_reads(builder.ir, &def_count);

    // Pass 2: rewrite uses to the reaching definition, then definitions to their versions.
    for bi in 0..builder.ir.blocks.len() {
        let block = BlockId(bi as u32);
        builder.requesting = block;
        let mut current: HashMap<VarId, VarId> = HashMap::new();
        for si in 0..builder.ir.blocks[bi].stmts.len() {
            for u in closure_reads.get(&(bi, si)).into_iter().flatten() {
                if multi.contains(u) && !current.contains_key(u) {
                    builder.read_entry(*u, block);
                }
            }
            let uses = builder.ir.blocks[bi].stmts[si].kind.uses();
            let mut rename: HashMap<VarId, Option<VarId>> = HashMap::new();
            for u in uses {
                if multi.contains(&u) {
                    let r = match current.get(&u) {
                        Some(v) => Some(*v),
                        None => builder.read_entry(u, block),
                    };
                    rename.insert(u, r);
                }
            }
            let stmt = &mut builder.ir.blocks[bi].stmts[si];
            rewrite_stmt_uses(stmt, &rename);
            if let Some(version) = def_versions[bi][si] {
                if let StmtKind::Assign { target, .. } = &mut stmt.kind {
                    current.insert(*target, version);
                    *target = version;
                }
            }
        }
        let term_uses: Vec<VarId> = match &builder.ir.blocks[bi].term {
            Terminator::Branch { cond, .. } => vec![*cond],
            Terminator::Return(v) => vec![*v],
            Terminator::Raise { exc: Some(v) } => vec![*v],
            _ => vec![],
        };
        let mut rename = HashMap::new();
        for u in term_uses {
            if multi.contains(&u) {
                let r = match current.get(&u) {
                    Some(v) => Some(*v),
                    None => builder.read_entry(u, block),
                };
                rename.insert(u, r);
            }
        }
        rewrite_term_uses(&mut builder.ir.blocks[bi].term, &rename);
    }

    // Remove trivial phis (all incoming the same value, ignoring self-references) to a fixpoint.
    let mut replaced: HashMap<VarId, Option<VarId>> = HashMap::new();
    loop {
        let mut changed = false;
        for (_, phi, incoming) in &builder.phis {
            if replaced.contains_key(phi) {
                continue;
            }
            let mut unique: Option<Option<VarId>> = None;
            let mut trivial = true;
            for (_, v) in incoming {
                let v = resolve(*v, &replaced);
                if v == Some(*phi) {
                    continue;
                }
                match unique {
                    None => unique = Some(v),
                    Some(u) if u == v => {}
                    Some(_) => {
                        trivial = false;
                        break;
                    }
                }
            }
            if trivial {
                replaced.insert(*phi, unique.flatten());
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // Materialise the surviving phis at the top of their blocks, in creation order.
    let phis = std::mem::take(&mut builder.phis);
    let mut per_block: HashMap<BlockId, Vec<Stmt>> = HashMap::new();
    for (block, phi, incoming) in phis {
        if replaced.contains_key(&phi) {
            continue;
        }
        let incoming = incoming.into_iter().map(|(b, v)| (b, resolve(v, &replaced))).collect();
        let span = builder.phi_spans.get(&phi).copied().unwrap_or(builder.ir.blocks[block.0 as usize].span);
        per_block.entry(block).or_default().push(Stmt { span, kind: StmtKind::Assign { target: phi, value: Value::Phi(incoming) } });
    }
    for (block, stmts) in per_block {
        let b = &mut builder.ir.blocks[block.0 as usize];
        let rest = std::mem::take(&mut b.stmts);
        b.stmts = stmts;
        b.stmts.extend(rest);
    }
    // Rewrite uses of removed phis everywhere.
    if !replaced.is_empty() {
        let map: HashMap<VarId, Option<VarId>> =
            replaced.keys().map(|k| (*k, resolve(Some(*k), &replaced))).collect();
        for b in &mut builder.ir.blocks {
            for s in &mut b.stmts {
                rewrite_stmt_uses(s, &map);
            }
            rewrite_term_uses(&mut b.term, &map);
        }
    }
}

/// Numba's exception edges: in its IR every block of a `try` body may branch to the handler
/// (Python 3.11's exception table), so the handler reads a phi of the values the body's blocks
/// give a variable, not the value the `try` started with. Each block of a body (from the block
/// the `$exception_check` branch enters to those holding its `$try_exit`) counts as a
/// predecessor of the handler's block for placing phis (see [`FunctionIr::try_bodies`]);
/// lowering runs the phi copies at the end of those blocks (the handler is entered from
/// wherever the body failed).
fn add_exception_edges(ir: &FunctionIr, preds: &mut [Vec<BlockId>]) {
    for (handler, body) in ir.try_bodies() {
        for b in body {
            if !preds[handler].contains(&BlockId(b as u32)) {
                preds[handler].push(BlockId(b as u32));
            }
        }
    }
}

/// The calls of inner functions (by block and statement index), each with the enclosing
/// variables the inner function captures.
fn closure_call_reads(ir: &FunctionIr, def_count: &HashMap<VarId, u32>) -> HashMap<(usize, usize), Vec<VarId>> {
    let mut out = HashMap::new();
    if ir.closures.is_empty() {
        return out;
    }
    // Single definitions: a variable holding an inner function (`f = make_function`).
    let mut defs: HashMap<VarId, &Value> = HashMap::new();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value } = &s.kind {
                if def_count.get(target) == Some(&1) {
                    defs.insert(*target, value);
                }
            }
        }
    }
    let by_name: HashMap<&str, VarId> = (ir.vars.iter().enumerate())
        .filter(|(_, v)| v.user && v.name == v.base)
        .map(|(i, v)| (v.base.as_str(), VarId(i as u32)))
        .collect();
    for (bi, b) in ir.blocks.iter().enumerate() {
        for (si, s) in b.stmts.iter().enumerate() {
            let StmtKind::Assign { value: Value::Call { func, .. }, .. } = &s.kind else { continue };
            let Some(Value::MakeFunction { closure }) = crate::resolve_copies(&defs, *func) else { continue };
            let Some(info) = ir.closures.get(*closure as usize) else { continue };
            let reads: Vec<VarId> = info.captured().iter().filter_map(|n| by_name.get(n.as_str()).copied()).collect();
            if !reads.is_empty() {
                out.insert((bi, si), reads);
            }
        }
    }
    out
}

fn resolve(mut v: Option<VarId>, replaced: &HashMap<VarId, Option<VarId>>) -> Option<VarId> {
    let mut guard = 0;
    while let Some(x) = v {
        match replaced.get(&x) {
            Some(next) if guard < 10_000 => {
                v = *next;
                guard += 1;
            }
            _ => break,
        }
    }
    v
}

impl SsaBuilder<'_> {
    fn new_version(&mut self, original: VarId) -> VarId {
        let counter = self.version_counter.entry(original).or_insert(0);
        *counter += 1;
        let base = self.ir.vars[original.0 as usize].clone();
        let id = VarId(self.ir.vars.len() as u32);
        self.ir.vars.push(Var { name: format!("{}.{}", base.name, counter), base: base.base, user: base.user });
        id
    }

    /// The value of `var` on entry to `block`.
    fn read_entry(&mut self, var: VarId, block: BlockId) -> Option<VarId> {
        if let Some(v) = self.entry_values.get(&(var, block)) {
            return *v;
        }
        let preds = self.preds[block.0 as usize].clone();
        let result = if preds.is_empty() {
            None
        } else if preds.len() == 1 {
            let v = self.read_end(var, preds[0]);
            self.entry_values.insert((var, block), v);
            v
        } else {
            let phi = self.new_version(var);
            let span = self.ir.blocks[self.requesting.0 as usize].span;
            self.phi_spans.insert(phi, span);
            self.entry_values.insert((var, block), Some(phi));
            let idx = self.phis.len();
            self.phis.push((block, phi, Vec::new()));
            let mut incoming = Vec::new();
            for p in preds {
                incoming.push((p, self.read_end(var, p)));
            }
            self.phis[idx].2 = incoming;
            Some(phi)
        };
        self.entry_values.insert((var, block), result);
        result
    }

    fn read_end(&mut self, var: VarId, block: BlockId) -> Option<VarId> {
        if let Some(v) = self.end_defs.get(&(var, block)) {
            return Some(*v);
        }
        self.read_entry(var, block)
    }
}

fn sub(v: &mut VarId, map: &HashMap<VarId, Option<VarId>>) {
    if let Some(Some(new)) = map.get(v) {
        *v = *new;
    }
}

fn rewrite_stmt_uses(stmt: &mut Stmt, map: &HashMap<VarId, Option<VarId>>) {
    match &mut stmt.kind {
        StmtKind::Assign { value, .. } => rewrite_value(value, map),
        StmtKind::SetItem { target, index, value, .. } => {
            sub(target, map);
            sub(index, map);
            sub(value, map);
        }
        StmtKind::SetAttr { target, value, .. } => {
            sub(target, map);
            sub(value, map);
        }
        StmtKind::DelItem { target, index } => {
            sub(target, map);
            sub(index, map);
        }
        StmtKind::Del(v) => sub(v, map),
    }
}

fn rewrite_term_uses(term: &mut Terminator, map: &HashMap<VarId, Option<VarId>>) {
    match term {
        Terminator::Branch { cond, .. } => sub(cond, map),
        Terminator::Return(v) => sub(v, map),
        Terminator::Raise { exc: Some(v) } => sub(v, map),
        _ => {}
    }
}

fn rewrite_value(value: &mut Value, map: &HashMap<VarId, Option<VarId>>) {
    if let Value::Phi(incoming) = value {
        // A phi operand may become UNDEFINED when it was a removed trivial phi.
        for (_, v) in incoming.iter_mut() {
            if let Some(new) = v.and_then(|x| map.get(&x)) {
                *v = *new;
            }
        }
        return;
    }
    for v in value.uses_mut() {
        sub(v, map);
    }
}
