//! The build cache's entry format and keys.

use numrs_build::cache::{decode, encode, key};
use numrs_codegen::{CgError, Output, SpecOutcome};

#[test]
fn entries_round_trip_and_damage_is_detected() {
    let output = Output {
        llvm_ir: "define void @f() {}".into(),
        asm: Some("ret".into()),
        object: vec![0x7f, b'E', b'L', b'F', 0, 1],
        specs: vec![
            SpecOutcome::Built { c_symbol: "numrs_m__f__0".into() },
            SpecOutcome::Failed(CgError { span: Some(numrs_syntax::ast::Span::new(3, 9)), message: "cannot".into() }),
            SpecOutcome::Failed(CgError { span: None, message: "no line".into() }),
        ],
        lowered: vec![false; 3],
    };
    let bytes = encode(&output);
    let back = decode(&bytes).expect("decodes");
    assert_eq!(encode(&back), bytes);
    for cut in [0, 1, bytes.len() / 2, bytes.len() - 1] {
        assert!(decode(&bytes[..cut]).is_none(), "truncated at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(decode(&longer).is_none());
}

#[test]
fn keys_depend_on_the_input() {
    assert_eq!(key(&("a", 1)), key(&("a", 1)));
    assert_ne!(key(&("a", 1)), key(&("a", 2)));
}
