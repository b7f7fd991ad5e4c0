//! NumPy functions whose Numba implementations begin with `np.asarray(x)` of an array-like
//! parameter (`numrs_typing::asarray_params`): a list or tuple given there is converted by an
//! `np.asarray` call inserted before the call, which then lowers as the call of an array.

use numrs_ir::{FunctionIr, Stmt, StmtKind, Value, Var, VarId};
use numrs_types::Type;

/// `ir` and `typemap` with the list and tuple arguments of those calls converted, or `None`
/// when no call needs it.
pub(crate) fn convert(ir: &FunctionIr, typemap: &[Option<Type>]) -> Option<(FunctionIr, Vec<Option<Type>>)> {
    let ty = |tm: &[Option<Type>], v: VarId| tm.get(v.0 as usize).and_then(|t| t.clone());
    let positions = |tm: &[Option<Type>], s: &Stmt| -> Vec<usize> {
        let StmtKind::Assign { value: Value::Call { func, args, vararg: None, .. }, .. } = &s.kind else { return Vec::new() };
        let Some(Type::Function(key)) = ty(tm, *func) else { return Vec::new() };
        numrs_typing::asarray_params(&key).iter().copied().filter(|i| args.get(*i).and_then(|a| ty(tm, *a)).is_some_and(|t| numrs_typing::converted_to_array(&key, *i, &t))).collect()
    };
    if !ir.blocks.iter().any(|b| b.stmts.iter().any(|s| !positions(typemap, s).is_empty())) {
        return None;
    }
    let mut ir = ir.clone();
    let mut typemap = typemap.to_vec();
    typemap.resize(ir.vars.len(), None);
    let asarray = Type::function("numpy.asarray");
    for bi in 0..ir.blocks.len() {
        let stmts = std::mem::take(&mut ir.blocks[bi].stmts);
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in stmts {
            let at = positions(&typemap, &s);
            if !at.is_empty() {
                if let StmtKind::Assign { value: Value::Call { args, .. }, .. } = &mut s.kind {
                    for i in at {
                        let a = args[i];
                        let Some(t) = ty(&typemap, a) else { continue };
                        let Ok(Some(sig)) = numrs_typing::resolve_call("numpy.asarray", std::slice::from_ref(&t), &[]) else { continue };
                        let fresh = |ir: &mut FunctionIr, typemap: &mut Vec<Option<Type>>, name: String, t: Type| {
                            let v = VarId(ir.vars.len() as u32);
                            ir.vars.push(Var { name: name.clone(), base: name, user: false });
                            typemap.push(Some(t));
                            v
                        };
                        let f = fresh(&mut ir, &mut typemap, format!("$asarray_fn{}", a.0), asarray.clone());
                        let arr = fresh(&mut ir, &mut typemap, format!("$asarray{}", a.0), sig.return_type);
                        out.push(Stmt { span: s.span, kind: StmtKind::Assign { target: f, value: Value::Global("numpy.asarray".into()) } });
                        out.push(Stmt { span: s.span, kind: StmtKind::Assign { target: arr, value: Value::Call { func: f, args: vec![a], kws: vec![], vararg: None } } });
                        args[i] = arr;
                    }
                }
            }
            out.push(s);
        }
        ir.blocks[bi].stmts = out;
    }
    Some((ir, typemap))
}
