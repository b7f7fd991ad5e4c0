//! numrs_hir (being written).
