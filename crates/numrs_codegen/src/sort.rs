//! Sorting arrays: Numba's quicksort (`numba/misc/quicksort.py`) emitted as LLVM functions,
//! so that `np.sort`, `a.sort()` and `np.argsort` give Numba's order (ties included).

use inkwell::values::BasicValueEnum;
use numrs_ir::VarId;
use numrs_types::Type;

use crate::func::{FnCx, R};

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn sort_copy(&mut self, _args: &[VarId], _kws: &[(String, VarId)], _tt: &Type) -> R<BasicValueEnum<'ctx>> {
        self.fail("numpy.sort is not supported by numrs build yet")
    }
    pub(crate) fn sort_inplace(&mut self, _a: VarId, _kws: &[(String, VarId)]) -> R<BasicValueEnum<'ctx>> {
        self.fail("array.sort is not supported by numrs build yet")
    }
    pub(crate) fn argsort(&mut self, _args: &[VarId], _kws: &[(String, VarId)], _tt: &Type) -> R<BasicValueEnum<'ctx>> {
        self.fail("numpy.argsort is not supported by numrs build yet")
    }
}
