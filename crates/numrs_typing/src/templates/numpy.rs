//! NumPy typing: array functions, ufuncs (from NumPy's own loop tables), array methods and
//! attributes, array operators and broadcasting.

use numrs_types::Type;

use crate::registry::AbstractFn;

/// Abstract templates for `numpy.*` functions, `array.*` methods and array operators.
pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[];

/// Attributes and methods of array types (and NumPy scalar/dtype objects).
pub(super) fn resolve_attr(_ty: &Type, _attr: &str) -> Option<Type> {
    None
}

/// Whether `numpy.<attr>` is a function numrs types.
pub(super) fn has_function(_attr: &str) -> bool {
    false
}
