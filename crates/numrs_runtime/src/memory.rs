//! The services compiled code calls ([`numrs_abi::RuntimeApi`]): NRT-style MemInfo allocations
//! and plain allocations, with counters the tests use to check that memory is freed.

use numrs_abi::{MemInfo, RuntimeApi, MAX_ABI_VERSION};
use std::alloc::{alloc, dealloc, Layout};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// The table handed to every built module; it lives as long as the runtime (the process).
pub static RUNTIME_API: RuntimeApi = RuntimeApi {
    abi_version: MAX_ABI_VERSION,
    meminfo_alloc: numrs_meminfo_alloc,
    meminfo_release: numrs_meminfo_release,
    alloc: numrs_alloc,
    free: numrs_free,
    num_threads: crate::parallel::numrs_num_threads,
    parallel_for: crate::parallel::numrs_parallel_for,
    dict_new: crate::dicts::api::new,
    dict_free: crate::dicts::api::free,
    dict_len: crate::dicts::api::len,
    dict_lookup: crate::dicts::api::lookup,
    dict_insert: crate::dicts::api::insert,
    dict_delete: crate::dicts::api::delete,
    dict_next: crate::dicts::api::next,
    dict_popitem: crate::dicts::api::popitem,
    dict_clear: crate::dicts::api::clear,
    dict_copy: crate::dicts::api::copy,
    set_op: crate::dicts::api::set_op,
    str_new: crate::strings::api_new,
    str_op: crate::strings::api_op,
    random: crate::random::api_random,
    set_presize: crate::dicts::api::set_presize,
    parallel_schedule: crate::parallel::numrs_parallel_schedule,
    objmode: crate::objmode::api_objmode,
    array_adopt: crate::boxing::api_array_adopt,
    linalg: crate::linalg::api_linalg,
    unraisable: crate::ccallback::api_unraisable,
    set_num_threads: crate::parallel::numrs_set_num_threads,
    parallel_chunksize: crate::parallel::numrs_parallel_chunksize,
};

pub static MEMINFO_ALLOCS: AtomicU64 = AtomicU64::new(0);
pub static MEMINFO_FREES: AtomicU64 = AtomicU64::new(0);
pub static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);
/// Plain allocations (exception messages) not freed yet.
pub static PLAIN_LIVE: AtomicI64 = AtomicI64::new(0);

/// A MemInfo and the data it owns are one block: this header, padding, then the data. A
/// MemInfo of memory owned elsewhere (a NumPy array stored into a typed container) has no
/// data in its block, and a destructor that lets the owner go.
#[repr(C)]
struct Block {
    mi: MemInfo,
    /// The block's allocation layout, to free it.
    total: usize,
    align: usize,
    /// For external memory: called with `dtor_arg` when the last reference goes.
    dtor: Option<unsafe extern "C" fn(*mut std::ffi::c_void)>,
    dtor_arg: *mut std::ffi::c_void,
}

/// The allocation of a block holding `size` bytes aligned to `align`: the block is allocated
/// with the allocator's plain alignment and room to align the data inside it, as Numba's NRT
/// does (`NRT_MemInfo_alloc_safe_aligned`): an aligned allocation (`posix_memalign`) of a
/// large array is mapped afresh on every call for a while, where `malloc` soon reuses the
/// memory freed by the previous call.
fn block_layout(size: usize, align: usize) -> Option<(Layout, usize)> {
    let align = align.max(1).next_power_of_two();
    let base = std::mem::align_of::<Block>();
    let slack = align.saturating_sub(base);
    let total = std::mem::size_of::<Block>().checked_add(slack)?.checked_add(size.max(1))?;
    Some((Layout::from_size_align(total, base).ok()?, align))
}

unsafe extern "C" fn numrs_meminfo_alloc(size: usize, align: usize) -> *mut MemInfo {
    let Some((layout, data_align)) = block_layout(size, align.max(1)) else { return std::ptr::null_mut() };
    let p = alloc(layout);
    if p.is_null() {
        return std::ptr::null_mut();
    }
    let header_end = p as usize + std::mem::size_of::<Block>();
    let data = p.add(header_end.next_multiple_of(data_align) - p as usize);
    let block = p as *mut Block;
    block.write(Block {
        mi: MemInfo { refcount: 1, data, size },
        total: layout.size(),
        align: layout.align(),
        dtor: None,
        dtor_arg: std::ptr::null_mut(),
    });
    MEMINFO_ALLOCS.fetch_add(1, Ordering::Relaxed);
    LIVE_BYTES.fetch_add(size as i64, Ordering::Relaxed);
    block as *mut MemInfo
}

pub(crate) unsafe extern "C" fn numrs_meminfo_release(mi: *mut MemInfo) {
    if mi.is_null() {
        return;
    }
    let block = mi as *mut Block;
    let layout = Layout::from_size_align_unchecked((*block).total, (*block).align);
    MEMINFO_FREES.fetch_add(1, Ordering::Relaxed);
    LIVE_BYTES.fetch_sub((*mi).size as i64, Ordering::Relaxed);
    if let Some(dtor) = (*block).dtor {
        dtor((*block).dtor_arg);
    }
    dealloc(block as *mut u8, layout);
}

/// A new MemInfo (refcount 1) for memory owned elsewhere: `data` is not freed with it;
/// `dtor(arg)` runs when its last reference goes (null on failure). Its size counts as 0.
///
/// # Safety
/// `dtor` must be callable with `arg` from any thread, once.
pub unsafe fn meminfo_external(data: *mut u8, dtor: unsafe extern "C" fn(*mut std::ffi::c_void), arg: *mut std::ffi::c_void) -> *mut MemInfo {
    let mi = numrs_meminfo_alloc(0, 1);
    if mi.is_null() {
        return mi;
    }
    let block = mi as *mut Block;
    (*block).mi.data = data;
    (*block).dtor = Some(dtor);
    (*block).dtor_arg = arg;
    mi
}

/// A new MemInfo (refcount 1) owning `size` bytes (null on failure).
pub fn meminfo_alloc(size: usize, align: usize) -> *mut MemInfo {
    unsafe { numrs_meminfo_alloc(size, align) }
}

/// A plain allocation compiled code frees with `RuntimeApi::free` (null on failure).
pub fn plain_alloc(size: usize) -> *mut u8 {
    unsafe { numrs_alloc(size) }
}

/// Drops one reference to `mi`, freeing it at zero (what compiled code does inline).
pub unsafe fn meminfo_decref(mi: *mut MemInfo) {
    let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
    if rc.fetch_sub(1, Ordering::AcqRel) == 1 {
        numrs_meminfo_release(mi);
    }
}

const PLAIN_HEADER: usize = 16;

unsafe extern "C" fn numrs_alloc(size: usize) -> *mut u8 {
    let Some(total) = size.checked_add(PLAIN_HEADER) else { return std::ptr::null_mut() };
    let Ok(layout) = Layout::from_size_align(total, PLAIN_HEADER) else { return std::ptr::null_mut() };
    let p = alloc(layout);
    if p.is_null() {
        return p;
    }
    (p as *mut usize).write(total);
    PLAIN_LIVE.fetch_add(1, Ordering::Relaxed);
    p.add(PLAIN_HEADER)
}

/// Frees what [`RuntimeApi::alloc`] returned (null is ignored).
pub unsafe extern "C" fn numrs_free(ptr: *mut u8) {
    if ptr.is_null() {
        return;
    }
    let p = ptr.sub(PLAIN_HEADER);
    let total = (p as *const usize).read();
    PLAIN_LIVE.fetch_sub(1, Ordering::Relaxed);
    dealloc(p, Layout::from_size_align_unchecked(total, PLAIN_HEADER));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_blocks_are_aligned_and_freed() {
        unsafe {
            let before = MEMINFO_FREES.load(Ordering::Relaxed);
            for align in [1usize, 8, 16, 64] {
                let mi = (RUNTIME_API.meminfo_alloc)(100, align);
                assert!(!mi.is_null());
                assert_eq!((*mi).data as usize % align, 0);
                assert_eq!((*mi).size, 100);
                std::ptr::write_bytes((*mi).data, 0xab, 100);
                meminfo_decref(mi);
            }
            assert!(MEMINFO_FREES.load(Ordering::Relaxed) >= before + 4);
            let p = (RUNTIME_API.alloc)(33);
            std::ptr::write_bytes(p, 1, 33);
            (RUNTIME_API.free)(p);
        }
    }
}
