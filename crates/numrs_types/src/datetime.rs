//! NumPy's datetime units and Numba's rules for combining them (`npdatetime_helpers`).

/// A datetime unit, by Numba's code (`DATETIME_UNITS`): years 0 through attoseconds 13, and
/// 14 for the generic (unit-less) `datetime64[]`. Code 3 is unused, as in NumPy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DtUnit(u8);

const NAMES: [&str; 15] = ["Y", "M", "W", "", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", ""];

/// The value NumPy stores for NaT (`np.timedelta64('nat').astype(np.int64)`).
pub const NAT: i64 = i64::MIN;

impl DtUnit {
    pub const GENERIC: DtUnit = DtUnit(14);

    /// The unit named `name` (`"D"`, `"ns"`, `""` for generic).
    pub fn from_name(name: &str) -> Option<DtUnit> {
        if name.is_empty() {
            return Some(DtUnit::GENERIC);
        }
        NAMES[..14].iter().position(|n| *n == name && !n.is_empty()).map(|i| DtUnit(i as u8))
    }

    /// The unit of NumPy's `NPY_DATETIMEUNIT` number (`NPY_FR_Y` 0 … `NPY_FR_as` 13,
    /// `NPY_FR_GENERIC` 14); NumPy's business-day unit 3 has no Numba type.
    pub fn from_npy(code: i32) -> Option<DtUnit> {
        match code {
            0..=2 | 4..=14 => Some(DtUnit(code as u8)),
            _ => None,
        }
    }

    pub fn code(self) -> u8 {
        self.0
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    pub fn is_generic(self) -> bool {
        self.0 == 14
    }
}

/// `can_cast_timedelta_units(src, dest)`: NumPy's "safe" casting of timedelta units.
pub fn can_cast_timedelta_units(src: DtUnit, dest: DtUnit) -> bool {
    let (s, d) = (src.0, dest.0);
    if s == d || s == 14 {
        return true;
    }
    if s > d || d == 14 {
        return false;
    }
    !(s <= 1 && d > 1)
}

/// `_get_conversion_multiplier`: the integer factor from a coarser unit to a finer one, if the
/// conversion is an exact multiplication.
fn conversion_multiplier(big: u8, small: u8) -> Option<i64> {
    if big == 14 {
        return Some(1);
    }
    let step = |c: u8| -> Option<(u8, i64)> {
        Some(match c {
            0 => (1, 12),
            2 => (4, 7),
            4 => (5, 24),
            5 => (6, 60),
            6 => (7, 60),
            7..=12 => (c + 1, 1000),
            _ => return None,
        })
    };
    let (mut c, mut factor) = (big, 1i64);
    while c < small {
        let (next, mult) = step(c)?;
        c = next;
        factor = factor.checked_mul(mult)?;
    }
    (c == small).then_some(factor)
}

/// `get_timedelta_conversion_factor(src, dest)`.
pub fn timedelta_conversion_factor(src: DtUnit, dest: DtUnit) -> Option<i64> {
    conversion_multiplier(src.0, dest.0)
}

/// `combine_datetime_timedelta_units`: the unit of a datetime plus or minus a timedelta, or
/// `None` when NumPy forbids the combination (a year or month timedelta with a finer date).
pub fn combine_datetime_timedelta_units(dt: DtUnit, td: DtUnit) -> Option<DtUnit> {
    if dt.0 == 14 {
        return Some(td);
    }
    if td.0 == 14 {
        return Some(dt);
    }
    if td.0 < 2 && dt.0 >= 2 {
        return None;
    }
    Some(if dt.0 > td.0 { dt } else { td })
}

/// `get_best_unit`: the finer of two units (generic yields to the other).
pub fn best_unit(a: DtUnit, b: DtUnit) -> DtUnit {
    if a.0 == 14 {
        return b;
    }
    if b.0 == 14 {
        return a;
    }
    if b.0 > a.0 {
        b
    } else {
        a
    }
}

/// How a datetime of one unit is brought to another for arithmetic (`convert_datetime_for_arith`):
/// years or months are first turned into days (or weeks) by the calendar, then multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatetimeConversion {
    /// The calendar step first applied: from years or months to days (`Some(false)`) or
    /// weeks (`Some(true)`).
    pub calendar: Option<(DtUnit, bool)>,
    /// The constant factor applied after it.
    pub factor: i64,
}

/// `convert_datetime_for_arith`'s plan for `src` to `dest` (`None`: not an exact conversion).
pub fn datetime_conversion(src: DtUnit, dest: DtUnit) -> Option<DatetimeConversion> {
    let (s, d) = (src.0, dest.0);
    if d < 2 || s >= 2 {
        return Some(DatetimeConversion { calendar: None, factor: timedelta_conversion_factor(src, dest)? });
    }
    let weeks = d == 2;
    let via = if weeks { 2 } else { 4 };
    Some(DatetimeConversion { calendar: Some((src, weeks)), factor: conversion_multiplier(via, d)? })
}

/// Days since 1970-01-01 of the first day of year `1970 + year` (NumPy's
/// `get_datetimestruct_days` as Numba's `year_to_days` computes it).
pub fn year_to_days(year: i64) -> i64 {
    let days = year.wrapping_mul(365);
    if year >= 0 {
        let from_1968 = year + 1;
        let from_1900 = from_1968 + 68;
        let from_1600 = from_1900 + 300;
        days + from_1968 / 4 - from_1900 / 100 + from_1600 / 400
    } else {
        let from_1972 = year - 2;
        let from_2000 = from_1972 - 28;
        days + from_1972 / 4 - from_2000 / 100 + from_2000 / 400
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_round_trip() {
        for n in ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", ""] {
            assert_eq!(DtUnit::from_name(n).map(DtUnit::name), Some(n));
        }
        assert_eq!(DtUnit::from_name("B"), None);
        assert_eq!(DtUnit::from_npy(3), None);
    }

    #[test]
    fn factors_and_combinations() {
        let u = |n| DtUnit::from_name(n).unwrap();
        assert_eq!(timedelta_conversion_factor(u("D"), u("h")), Some(24));
        assert_eq!(timedelta_conversion_factor(u("W"), u("s")), Some(7 * 86400));
        assert_eq!(timedelta_conversion_factor(u("M"), u("D")), None);
        assert_eq!(combine_datetime_timedelta_units(u("M"), u("D")), Some(u("D")));
        assert_eq!(combine_datetime_timedelta_units(u("D"), u("M")), None);
        assert!(!can_cast_timedelta_units(u("M"), u("D")));
        assert!(can_cast_timedelta_units(u("D"), u("h")));
        assert_eq!(year_to_days(54), 19723); // 2024-01-01
        assert_eq!(year_to_days(-1), -365); // 1969-01-01
    }
}
