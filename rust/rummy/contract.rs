//! Contracts of contract rummy: "2 sets + 1 run" and friends.

use std::fmt;
use std::str::FromStr;

use super::search::ContractSpec;
use crate::error::{CoreError, CoreResult};

/// A contract: so many sets and so many runs, melded at once; the runs of one contract
/// are of different suits (docs/rules/rummy.md#c3).
///
/// ```
/// use _core::rummy::Contract;
/// let c: Contract = "2 sets + 1 run".parse().unwrap();
/// assert_eq!((c.sets, c.runs), (2, 1));
/// assert_eq!(Contract::deal(7).unwrap().to_string(), "3 runs");
/// assert!("2 flushes".parse::<Contract>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    pub sets: u8,
    pub runs: u8,
}

impl Contract {
    /// The contract of deal `n` (1..=7) of contract rummy: 2 sets; 1 set + 1 run; 2 runs;
    /// 3 sets; 2 sets + 1 run; 1 set + 2 runs; 3 runs.
    pub fn deal(n: u8) -> CoreResult<Contract> {
        const DEALS: [(u8, u8); 7] = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)];
        match n {
            1..=7 => {
                let (sets, runs) = DEALS[n as usize - 1];
                Ok(Contract { sets, runs })
            }
            _ => Err(CoreError::invalid_argument("deal", n, "contract rummy has deals 1..=7")),
        }
    }

    pub(crate) fn spec(self) -> ContractSpec {
        ContractSpec { sets: self.sets, runs: self.runs, distinct_run_suits: true }
    }
}

fn number(word: &str) -> Option<u8> {
    match word {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        _ => word.parse().ok().filter(|&n: &u8| n <= 8),
    }
}

impl FromStr for Contract {
    type Err = CoreError;
    fn from_str(text: &str) -> CoreResult<Contract> {
        let bad = |why: &str| CoreError::invalid_argument("contract", format!("{text:?}"), why);
        let lower = text.to_ascii_lowercase();
        let normalised = lower.replace(['+', ','], " + ").replace(" and ", " + ");
        let mut c = Contract { sets: 0, runs: 0 };
        let mut any = false;
        for term in normalised.split('+').map(str::trim) {
            if term.is_empty() {
                continue;
            }
            let words: Vec<&str> = term.split_whitespace().collect();
            let (n, kind) = match words.as_slice() {
                [n, kind] => (number(n).ok_or_else(|| bad(&format!("{n:?} is not a count")))?, *kind),
                [kind] => (1, *kind),
                _ => return Err(bad("expected terms like '2 sets' or '1 run' joined by '+'")),
            };
            match kind {
                "set" | "sets" | "group" | "groups" | "book" | "books" => c.sets = c.sets.saturating_add(n),
                "run" | "runs" | "sequence" | "sequences" => c.runs = c.runs.saturating_add(n),
                other => return Err(bad(&format!("{other:?} is neither sets nor runs"))),
            }
            any = true;
        }
        if !any || c.sets as u32 + c.runs as u32 == 0 {
            return Err(bad("a contract asks for at least one set or run, e.g. '2 sets + 1 run'"));
        }
        if c.sets as u32 + c.runs as u32 > 16 {
            return Err(bad("at most 16 melds"));
        }
        Ok(c)
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.sets > 0 {
            parts.push(format!("{} set{}", self.sets, if self.sets == 1 { "" } else { "s" }));
        }
        if self.runs > 0 {
            parts.push(format!("{} run{}", self.runs, if self.runs == 1 { "" } else { "s" }));
        }
        f.write_str(&parts.join(" + "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_deal_text() {
        for (text, sets, runs) in [
            ("2 sets", 2, 0),
            ("1 set + 1 run", 1, 1),
            ("2 runs", 0, 2),
            ("3 sets", 3, 0),
            ("2 sets, 1 run", 2, 1),
            ("one set and two runs", 1, 2),
            ("3 Runs", 0, 3),
        ] {
            let c: Contract = text.parse().unwrap();
            assert_eq!((c.sets, c.runs), (sets, runs), "{text}");
        }
        for n in 1..=7 {
            let c = Contract::deal(n).unwrap();
            assert_eq!(c.to_string().parse::<Contract>().unwrap(), c);
        }
    }

    #[test]
    fn rejects_unknown_text() {
        for text in ["", "2 flushes", "sets", "x sets", "2 sets + 1 flush", "0 sets"] {
            let r = text.parse::<Contract>();
            if text == "sets" {
                // a bare kind means one
                assert_eq!(r.unwrap(), Contract { sets: 1, runs: 0 });
                continue;
            }
            assert!(matches!(r, Err(CoreError::InvalidArgument { .. })), "{text}: {r:?}");
        }
        assert!(Contract::deal(8).is_err());
    }
}
