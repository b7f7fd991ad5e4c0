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

/// A datetime or timedelta dtype string (`datetime64[D]`, `<M8[ns]`, `m8`, `timedelta64`) as
/// its Numba type.
pub fn datetime_dtype(s: &str) -> Option<crate::Type> {
    let s = s.strip_prefix(['<', '=']).unwrap_or(s);
    let (name, unit) = match s.split_once('[') {
        Some((n, rest)) => (n, rest.strip_suffix(']')?),
        None => (s, ""),
    };
    let unit = DtUnit::from_name(unit)?;
    match name {
        "datetime64" | "M8" | "M" => Some(crate::Type::NPDatetime(unit)),
        "timedelta64" | "m8" | "m" => Some(crate::Type::NPTimedelta(unit)),
        _ => None,
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
        assert_eq!(days_from_civil(2024, 1, 1), 19723);
        assert_eq!(days_from_civil(1969, 1, 1), -365);
    }
}

/// Days from 1970-01-01 to the proleptic Gregorian date `y-m-d`.
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

fn is_leap_year(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// A NumPy datetime string (`2024-01-05`, `2024-01-05T10:30`, `2024-01-05T10:30:00.250`,
/// `NaT`) as a count of `unit`, or of the unit the string spells when `unit` is `None`;
/// `None` when numrs does not read the string (other forms, `today`/`now`, weeks). A string
/// finer than the unit is truncated to it, as NumPy does.
pub fn parse_datetime(s: &str, unit: Option<DtUnit>) -> Option<(i64, DtUnit)> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("nat") || s.is_empty() {
        return Some((NAT, unit.unwrap_or(DtUnit::GENERIC)));
    }
    let s = s.strip_suffix('Z').unwrap_or(s);
    let (date, time) = match s.split_once(['T', ' ']) {
        Some((d, t)) => (d, Some(t)),
        None => (s, None),
    };
    let num = |t: &str, len: usize| -> Option<i64> { (t.len() == len && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok()).flatten() };
    let mut parts = date.split('-');
    let year = num(parts.next()?, 4)?;
    let month = parts.next().map(|m| num(m, 2)).unwrap_or(Some(1))?;
    let day = parts.next().map(|d| num(d, 2)).unwrap_or(Some(1))?;
    if parts.next().is_some() || !(1..=12).contains(&month) {
        return None;
    }
    let month_days = [31, if is_leap_year(year) { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if day < 1 || day > month_days[(month - 1) as usize] {
        return None;
    }
    let date_fields = 1 + date.matches('-').count();
    let mut spelled = match date_fields {
        1 => DtUnit::from_name("Y")?,
        2 => DtUnit::from_name("M")?,
        _ => DtUnit::from_name("D")?,
    };
    // Nanoseconds within the day, and the finest unit the time spells.
    let mut nanos: i128 = 0;
    if let Some(t) = time {
        if date_fields != 3 {
            return None;
        }
        let (hms, frac) = match t.split_once('.') {
            Some((a, b)) => (a, Some(b)),
            None => (t, None),
        };
        let fields: Vec<&str> = hms.split(':').collect();
        let limits = [24, 60, 60];
        for (i, f) in fields.iter().enumerate() {
            let v = num(f, 2)?;
            if i >= 3 || v >= limits[i] {
                return None;
            }
            nanos += i128::from(v) * [3_600_000_000_000i128, 60_000_000_000, 1_000_000_000][i];
        }
        spelled = DtUnit::from_name(["h", "m", "s"][fields.len() - 1])?;
        if let Some(frac) = frac {
            if fields.len() != 3 || frac.is_empty() || frac.len() > 9 || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let padded: i128 = format!("{frac:0<9}").parse().ok()?;
            nanos += padded;
            spelled = DtUnit::from_name(match frac.len() {
                1..=3 => "ms",
                4..=6 => "us",
                _ => "ns",
            })?;
        }
    }
    let unit = unit.unwrap_or(spelled);
    if unit.is_generic() || unit.code() == 2 {
        return None;
    }
    let count: i128 = match unit.name() {
        "Y" => i128::from(year - 1970),
        "M" => i128::from((year - 1970) * 12 + month - 1),
        _ => {
            let days = i128::from(days_from_civil(year, month, day));
            let per_day: i128 = match unit.name() {
                "D" => 1,
                "h" => 24,
                "m" => 1440,
                "s" => 86_400,
                "ms" => 86_400_000,
                "us" => 86_400_000_000,
                "ns" => 86_400_000_000_000,
                _ => return None,
            };
            let per_unit_ns: i128 = 86_400_000_000_000 / per_day;
            days * per_day + nanos / per_unit_ns
        }
    };
    Some((i64::try_from(count).ok().filter(|c| *c != NAT)?, unit))
}

#[cfg(test)]
mod parse_tests {
    use super::*;

    #[test]
    fn dates() {
        let u = |n| DtUnit::from_name(n).unwrap();
        assert_eq!(parse_datetime("2000-01-01", None), Some((10957, u("D"))));
        assert_eq!(parse_datetime("2024-02-29", Some(u("D"))), Some((19782, u("D"))));
        assert_eq!(parse_datetime("1969-12-31", None), Some((-1, u("D"))));
        assert_eq!(parse_datetime("2024-01-01T05", None), Some((473_357, u("h"))));
        assert_eq!(parse_datetime("2024-01", None), Some((648, u("M"))));
        assert_eq!(parse_datetime("2024-01-01T00:00:00.5", None), Some((1_704_067_200_500, u("ms"))));
        assert_eq!(parse_datetime("2024-01-01T05", Some(u("D"))), Some((19723, u("D"))));
        assert_eq!(parse_datetime("NaT", None), Some((NAT, DtUnit::GENERIC)));
        assert_eq!(parse_datetime("2023-02-29", None), None);
        assert_eq!(parse_datetime("today", None), None);
    }
}
