//! `f(*t)` of a tuple `t`: Numba lowers the call with the tuple's items appended to the
//! positional arguments (`lower_call_normal`). Calls whose lowering takes the items itself (jit
//! functions, jitclasses, named tuple classes) are left alone; the others get one
//! `static_getitem` temporary per item before the call, and lower as plain calls.

use numrs_ir::{FunctionIr, StaticIndex, Stmt, StmtKind, Value, Var, VarId};
use numrs_types::Type;

/// Whether a call of a value of type `t` with a `*tuple` argument is rewritten here.
fn expands(t: &Type) -> bool {
    matches!(
        t,
        Type::Function(_)
            | Type::BoundFunction(..)
            | Type::NumberClass(_)
            | Type::ExceptionClass(_)
            | Type::FunctionType(_)
            | Type::ExternalFunctionPointer(..)
            | Type::TypeRef(_)
    )
}

/// `ir` and `typemap` with the `*tuple` arguments of calls expanded, or `None` when no call
/// needs it.
pub(crate) fn expand(ir: &FunctionIr, typemap: &[Option<Type>]) -> Option<(FunctionIr, Vec<Option<Type>>)> {
    let ty = |v: VarId| typemap.get(v.0 as usize).and_then(|t| t.as_ref());
    let needs = |s: &Stmt| match &s.kind {
        StmtKind::Assign { value: Value::Call { func, vararg: Some(t), .. }, .. } => {
            ty(*func).is_some_and(expands) && ty(*t).and_then(Type::tuple_items).is_some()
        }
        _ => false,
    };
    if !ir.blocks.iter().any(|b| b.stmts.iter().any(needs)) {
        return None;
    }
    let mut ir = ir.clone();
    let mut typemap = typemap.to_vec();
    typemap.resize(ir.vars.len(), None);
    for bi in 0..ir.blocks.len() {
        let stmts = std::mem::take(&mut ir.blocks[bi].stmts);
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in stmts {
            if needs(&s) {
                if let StmtKind::Assign { value: Value::Call { args, vararg, .. }, .. } = &mut s.kind {
                    let t = vararg.take().unwrap_or(VarId(0));
                    let items: Vec<Type> = typemap[t.0 as usize].as_ref().and_then(Type::tuple_items).unwrap_or_default();
                    for (i, item) in items.into_iter().enumerate() {
                        let v = VarId(ir.vars.len() as u32);
                        let name = format!("$star{}.{i}", t.0);
                        ir.vars.push(Var { name: name.clone(), base: name, user: false });
                        typemap.push(Some(item));
                        out.push(Stmt {
                            span: s.span,
                            kind: StmtKind::Assign { target: v, value: Value::StaticGetItem { value: t, index: StaticIndex::Int(i as i128), index_var: None } },
                        });
                        args.push(v);
                    }
                }
            }
            out.push(s);
        }
        ir.blocks[bi].stmts = out;
    }
    Some((ir, typemap))
}
