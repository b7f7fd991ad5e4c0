//! Unit-level tests of `numrs_codegen`'s call binding and lowered-cache entries. They live in
//! this suite so that LLVM is linked into one test binary, not one more.

mod bind {
    use numrs_codegen::func::{bind_call, ArgSource};
    use numrs_types::Type;

    fn params() -> Vec<(String, Option<String>)> {
        vec![("x".into(), None), ("k".into(), Some("2".into())), ("off".into(), Some("0.5".into()))]
    }

    #[test]
    fn binds_positional_keywords_and_defaults() {
        let (types, sources) = bind_call("f", &params(), false, 0, &[Type::int64()], &[("off".into(), Type::int64())]).unwrap();
        assert_eq!(types, vec![Type::int64(), Type::IntegerLiteral(2), Type::int64()]);
        assert_eq!(sources, vec![ArgSource::Positional(0), ArgSource::Default("2".into()), ArgSource::Keyword(0)]);
        let (types, _) = bind_call("f", &params(), false, 0, &[], &[("x".into(), Type::float64())]).unwrap();
        assert_eq!(types, vec![Type::float64(), Type::IntegerLiteral(2), Type::float64()]);
    }

    #[test]
    fn refuses_bad_calls() {
        let e = |args: &[Type], kws: &[(String, Type)]| bind_call("f", &params(), false, 0, args, kws).unwrap_err();
        assert!(e(&[], &[]).contains("missing argument 'x'"));
        assert!(e(&[Type::int64()], &[("x".into(), Type::int64())]).contains("multiple values for argument 'x'"));
        assert!(e(&[Type::int64()], &[("scale".into(), Type::int64())]).contains("unexpected keyword argument 'scale'"));
        assert!(e(&vec![Type::int64(); 4], &[]).contains("takes 3 positional arguments, 4 given"));
        let (types, sources) = bind_call("h", &params()[..1], true, 0, &[Type::int64(), Type::float64(), Type::IntegerLiteral(1)], &[]).unwrap();
        assert_eq!(types, vec![Type::int64(), Type::tuple(vec![Type::float64(), Type::IntegerLiteral(1)])]);
        assert_eq!(sources, vec![ArgSource::Positional(0), ArgSource::Star(vec![1, 2])]);
        assert!(bind_call("g", &[], false, 0, &[Type::int64()], &[("k".into(), Type::int64())]).unwrap_err().contains("not supported"));
    }

    /// `def f(x, k=2, *rest, b, c)`: as Numba's `fold_arguments`, the call's last two positional
    /// arguments go to `b` and `c`, replacing keyword arguments of those names.
    #[test]
    fn keyword_only_take_the_last_positional_arguments() {
        let mut ps = params()[..2].to_vec();
        ps.extend([("b".into(), Some("1".into())), ("c".into(), None)]);
        let (i, f) = (Type::int64(), Type::float64());
        let (types, sources) = bind_call("f", &ps, true, 2, &[i.clone(), f.clone(), i.clone(), f.clone()], &[("b".into(), Type::IntegerLiteral(7))]).unwrap();
        assert_eq!(types, vec![i.clone(), f.clone(), Type::tuple(vec![]), i.clone(), f.clone()]);
        assert_eq!(sources, vec![ArgSource::Positional(0), ArgSource::Positional(1), ArgSource::Star(vec![]), ArgSource::Positional(2), ArgSource::Positional(3)]);
        let (types, sources) = bind_call("f", &ps[..1].iter().chain(&ps[2..]).cloned().collect::<Vec<_>>(), false, 2, &[f.clone(), i.clone()], &[("x".into(), i.clone())]).unwrap();
        assert_eq!(types, vec![i.clone(), f.clone(), i.clone()]);
        assert_eq!(sources, vec![ArgSource::Keyword(0), ArgSource::Positional(0), ArgSource::Positional(1)]);
        // Too few positional arguments for them; a keyword-only default is never used.
        assert!(bind_call("f", &ps, false, 2, &[i.clone()], &[]).unwrap_err().contains("keyword-only"));
        assert!(bind_call("f", &ps, false, 2, &[i.clone(), i.clone()], &[]).unwrap_err().contains("missing argument 'x'"));
    }
}

mod lowered_entries {
    use numrs_codegen::func::CgError;
    use numrs_codegen::lowered::{decode, encode, Entry};
    use numrs_syntax::ast::Span;

    #[test]
    fn entries_round_trip_and_damage_is_detected() {
        let entries = [
            Entry { called: vec![0, 3], raises: true, result: Ok(vec![b'B', b'C', 0xc0, 0xde]) },
            Entry { called: vec![], raises: false, result: Err(CgError { span: Some(Span::new(4, 9)), message: "no".into() }) },
            Entry { called: vec![1], raises: false, result: Err(CgError { span: None, message: String::new() }) },
        ];
        for e in entries {
            let bytes = encode(&e);
            assert_eq!(decode(&bytes).as_ref(), Some(&e));
            for cut in [0, 1, bytes.len() / 2, bytes.len() - 1] {
                assert!(decode(&bytes[..cut]).is_none(), "truncated at {cut}");
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(decode(&longer).is_none());
        }
    }
}
