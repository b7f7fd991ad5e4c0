//! The salsa queries of the checking pipeline: module symbols → jit functions → per-function
//! IR → per-signature inference.

use std::sync::Arc;

use numrs_db::{Db, SourceFile};
use numrs_hir::{JitFunction, ModuleSymbols};
use numrs_ir::FunctionIr;
use numrs_types::Type;

/// Module-level bindings and the jit functions of a file.
#[derive(Debug, PartialEq, Eq)]
pub struct ModuleInfo {
    pub symbols: ModuleSymbols,
    pub functions: Vec<JitFunction>,
}

#[salsa::tracked(returns(ref))]
pub fn module_info(db: &dyn Db, file: SourceFile) -> Arc<ModuleInfo> {
    let parsed = numrs_db::parse(db, file);
    let symbols = numrs_hir::module_symbols(&parsed.module);
    let functions = numrs_hir::jit_functions(&parsed.module, &symbols, &numrs_db::extra_decorators(db));
    Arc::new(ModuleInfo { symbols, functions })
}

/// A function of a file, by the byte offset of its `def` keyword.
#[salsa::interned(debug)]
pub struct FunctionKey {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub def_offset: u32,
}

/// The IR of one top-level function; spans are relative to its `def`, so edits elsewhere in
/// the file produce an equal value and dependents are not re-run.
#[salsa::tracked(returns(ref))]
pub fn function_ir(db: &dyn Db, key: FunctionKey<'_>) -> Option<Arc<FunctionIr>> {
    let parsed = numrs_db::parse(db, key.file(db));
    let def = numrs_hir::find_def(&parsed.module, key.def_offset(db))?;
    Some(Arc::new(numrs_ir::lower_function(def, def.name_span.start)))
}

/// One specialisation request: function, argument types, optional declared return type.
#[salsa::interned(debug)]
pub struct SpecKey {
    #[returns(copy)]
    pub function: FunctionKey<'db>,
    #[returns(ref)]
    pub args: Vec<Type>,
    #[returns(ref)]
    pub return_type: Option<Type>,
    /// Typing happens at decoration time: only names bound before this offset are visible.
    #[returns(copy)]
    pub visible_before: Option<u32>,
}

#[salsa::tracked(returns(ref), cycle_result = recursion_fallback)]
pub fn infer_spec(db: &dyn Db, key: SpecKey<'_>) -> Arc<numrs_infer::InferResult> {
    let func = key.function(db);
    let Some(ir) = function_ir(db, func) else {
        return Arc::new(numrs_infer::InferResult {
            outcome: Err(numrs_infer::InferError::typing("internal", "function not found", None)),
            typemap: vec![],
            extra_locals: vec![],
            calls: vec![],
        });
    };
    let info = module_info(db, func.file(db));
    let jit = info.functions.iter().find(|f| f.def_line_offset == func.def_offset(db));
    let locals: Vec<(String, Type)> = jit
        .map(|f| f.options.locals.iter().filter_map(|(n, t)| t.as_ref().ok().map(|t| (n.clone(), t.clone()))).collect())
        .unwrap_or_default();
    let env = crate::env::FileEnv {
        db,
        file: func.file(db),
        info,
        visible_before: key.visible_before(db),
        calls: Default::default(),
    };
    let _guard = crate::env::InferenceStack::enter(func.def_offset(db), key.args(db).clone());
    let req = numrs_infer::InferRequest {
        ir,
        args: key.args(db),
        return_type: key.return_type(db).as_ref(),
        locals: &locals,
        env: &env,
        partial: false,
    };
    let mut result = numrs_infer::infer_function(&req);
    result.calls = env.calls.take();
    Arc::new(result)
}

fn recursion_fallback<'db>(_db: &'db dyn Db, _id: salsa::Id, _key: SpecKey<'db>) -> Arc<numrs_infer::InferResult> {
    Arc::new(numrs_infer::InferResult {
        outcome: Err(numrs_infer::InferError::typing(
            "recursion-without-signature",
            "cannot type a recursive call whose return type is not yet known; give the function an explicit signature with a return type",
            None,
        )),
        typemap: vec![],
            extra_locals: vec![],
            calls: vec![],
    })
}
