//! KataGo's rules, as the analysis protocol names them (a rule-set name
//! or a JSON object of `ko`, `scoring`, `tax`, `suicide`, `hasButton`,
//! `whiteHandicapBonus`, `friendlyPassOk`), mapped onto the two rule sets
//! kosumi plays: area scoring (Chinese) and territory scoring (Japanese),
//! both with positional superko in the search and suicide illegal.
//!
//! Every well-formed rule set is analysed: by its scoring, with the
//! handicap bonus it gives White added to the komi. Where kosumi's play
//! differs from what the rules ask (suicide allowed, a button, a tax that
//! kosumi's count does not make) the query gets a warning saying so.
//! Ko rules are taken as they come: the search forbids every repetition,
//! and a record is replayed as it was played.

use kosumi::game::Rules;
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tax {
    None,
    Seki,
    All,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bonus {
    Zero,
    N,
    NMinusOne,
}

/// One of KataGo's rule sets.
#[derive(Clone, Debug, PartialEq)]
pub struct KataRules {
    territory: bool,
    tax: Tax,
    /// Suicide allowed: kosumi never plays it (see `approximation`).
    suicide: bool,
    button: bool,
    bonus: Bonus,
    komi: Option<f32>,
}

impl KataRules {
    /// KataGo's default for unset fields: Tromp-Taylor.
    fn tromp_taylor() -> KataRules {
        KataRules {
            territory: false,
            tax: Tax::None,
            suicide: true,
            button: false,
            bonus: Bonus::Zero,
            komi: None,
        }
    }

    /// A rule set by name, as KataGo's `tryParseRules` reads names (case,
    /// spaces, dashes and underscores aside).
    pub fn named(name: &str) -> Option<KataRules> {
        let key: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let area = |suicide, bonus| KataRules {
            suicide,
            bonus,
            ..KataRules::tromp_taylor()
        };
        Some(match key.as_str() {
            "japanese" | "korean" => KataRules {
                territory: true,
                tax: Tax::Seki,
                suicide: false,
                ..KataRules::tromp_taylor()
            },
            "chinese" | "chineseogs" | "chinesekgs" => area(false, Bonus::N),
            "aga" | "bga" | "french" => area(false, Bonus::NMinusOne),
            "agabutton" => KataRules {
                button: true,
                ..area(false, Bonus::NMinusOne)
            },
            "nz" | "newzealand" => area(true, Bonus::Zero),
            "tromptaylor" | "tt" | "goe" | "ing" => area(true, Bonus::Zero),
            "stonescoring" | "ancientarea" => KataRules {
                tax: Tax::All,
                ..area(false, Bonus::Zero)
            },
            "ancientterritory" => KataRules {
                territory: true,
                tax: Tax::All,
                suicide: false,
                ..KataRules::tromp_taylor()
            },
            // kosumi's own names.
            "area" => area(false, Bonus::Zero),
            "territory" => KataRules {
                territory: true,
                tax: Tax::Seki,
                suicide: false,
                ..KataRules::tromp_taylor()
            },
            _ => return None,
        })
    }

    /// The `rules` field: a name or an object.
    pub fn from_json(v: &Value) -> Result<KataRules, String> {
        match v {
            Value::String(s) => KataRules::named(s).ok_or_else(|| {
                format!(
                    "Could not parse rules: {s} (known: tromp-taylor, chinese, chinese-ogs, \
                     chinese-kgs, japanese, korean, stone-scoring, aga, bga, aga-button, \
                     new-zealand, or an object)"
                )
            }),
            Value::Object(o) => {
                let mut r = KataRules::tromp_taylor();
                let mut tax_given = false;
                for (k, val) in o {
                    let text = val.as_str().map(str::to_ascii_uppercase);
                    let bad = || format!("Could not parse rules: {k} {val} is not a valid value");
                    match k.as_str() {
                        "ko" => match text.as_deref() {
                            Some("SIMPLE" | "POSITIONAL" | "SITUATIONAL" | "SPIGHT") => {}
                            _ => return Err(bad()),
                        },
                        "scoring" | "score" => match text.as_deref() {
                            Some("AREA") => r.territory = false,
                            Some("TERRITORY") => r.territory = true,
                            _ => return Err(bad()),
                        },
                        "tax" => {
                            tax_given = true;
                            r.tax = match text.as_deref() {
                                Some("NONE") => Tax::None,
                                Some("SEKI") => Tax::Seki,
                                Some("ALL") => Tax::All,
                                _ => return Err(bad()),
                            }
                        }
                        "suicide" => r.suicide = val.as_bool().ok_or_else(bad)?,
                        "hasButton" => r.button = val.as_bool().ok_or_else(bad)?,
                        "friendlyPassOk" => {
                            val.as_bool().ok_or_else(bad)?;
                        }
                        "whiteHandicapBonus" => {
                            if !val.as_str().is_some_and(|s| r.set_white_handicap_bonus(s)) {
                                return Err(bad());
                            }
                        }
                        "komi" => match val.as_f64() {
                            Some(k) if k.abs() <= 150.0 && (k * 2.0).fract() == 0.0 => {
                                r.komi = Some(k as f32)
                            }
                            _ => return Err(bad()),
                        },
                        _ => return Err(format!("Could not parse rules: unknown rules option {k}")),
                    }
                }
                if !tax_given {
                    r.tax = if r.territory { Tax::Seki } else { Tax::None };
                }
                Ok(r)
            }
            other => Err(format!(
                "must be a rules name such as \"chinese\" or \"japanese\", or an object, not {other}"
            )),
        }
    }

    /// Sets `whiteHandicapBonus` from `"0"`, `"N"` or `"N-1"`; false for
    /// anything else.
    pub fn set_white_handicap_bonus(&mut self, s: &str) -> bool {
        self.bonus = match s.trim().to_ascii_uppercase().as_str() {
            "0" => Bonus::Zero,
            "N" => Bonus::N,
            "N-1" => Bonus::NMinusOne,
            _ => return false,
        };
        true
    }

    /// Points White receives for `handicap` stones.
    pub fn white_handicap_bonus(&self, handicap: usize) -> usize {
        match self.bonus {
            Bonus::Zero => 0,
            Bonus::N => handicap,
            Bonus::NMinusOne => handicap.saturating_sub(1),
        }
    }

    /// Komi when the query gives none: the rules' own, else KataGo's
    /// defaults (6.5 for territory, 7 with a button, 7.5).
    pub fn default_komi(&self) -> f32 {
        self.komi.unwrap_or(if self.territory {
            6.5
        } else if self.button {
            7.0
        } else {
            7.5
        })
    }

    /// The rules kosumi plays for these.
    pub fn kosumi(&self) -> Rules {
        if self.territory {
            Rules::Japanese
        } else {
            Rules::Chinese
        }
    }

    /// What kosumi's count differs in from these rules where it moves the
    /// score of ordinary games, if anything: a button (half a point) and
    /// the tax of stone scoring (two points a group). Suicide (kosumi never
    /// plays it; a record that does is refused as an illegal move) and the
    /// tax of eyes in seki are not warned about: they change nothing in
    /// nearly every game.
    pub fn approximation(&self) -> Option<String> {
        let mut diffs = Vec::new();
        if self.button {
            diffs.push("there is no button");
        }
        if self.tax == Tax::All {
            diffs.push("groups pay no tax for their eyes");
        }
        if diffs.is_empty() {
            return None;
        }
        Some(format!(
            "kosumi plays these rules as {} scoring: {}",
            if self.territory { "territory" } else { "area" },
            diffs.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn katrain_rule_names_map_onto_kosumi_rules() {
        for (name, rules, warns) in [
            ("japanese", Rules::Japanese, false),
            ("korean", Rules::Japanese, false),
            ("chinese", Rules::Chinese, false),
            ("aga", Rules::Chinese, false),
            ("tromp-taylor", Rules::Chinese, false),
            ("new zealand", Rules::Chinese, false),
            ("aga-button", Rules::Chinese, true),
            ("stone_scoring", Rules::Chinese, true),
        ] {
            let r = KataRules::from_json(&json!(name)).unwrap();
            assert_eq!(r.kosumi(), rules, "{name}");
            assert_eq!(r.approximation().is_some(), warns, "{name}");
        }
        assert!(KataRules::from_json(&json!("martian")).is_err());
    }

    #[test]
    fn a_rules_object_is_read_as_katago_reads_it() {
        let r = KataRules::from_json(
            &json!({"ko": "SIMPLE", "scoring": "TERRITORY", "tax": "SEKI",
            "suicide": false, "hasButton": false, "whiteHandicapBonus": "0"}),
        )
        .unwrap();
        assert_eq!(r, KataRules::named("japanese").unwrap());
        assert_eq!(r.default_komi(), 6.5);
        let r = KataRules::from_json(
            &json!({"scoring": "AREA", "whiteHandicapBonus": "N", "suicide": false}),
        )
        .unwrap();
        assert_eq!((r.kosumi(), r.white_handicap_bonus(4)), (Rules::Chinese, 4));
        assert!(r.approximation().is_none());
        // Tromp-Taylor's defaults for what is left out.
        let r = KataRules::from_json(&json!({"hasButton": true, "tax": "ALL"})).unwrap();
        let w = r.approximation().unwrap();
        assert!(w.contains("tax") && w.contains("button"), "{w}");
        assert!(r.suicide);
        assert_eq!(r.default_komi(), 7.0);
        for bad in [
            json!({"ko": "SUPER"}),
            json!({"scoring": 1}),
            json!({"suicide": "yes"}),
            json!({"colour": "blue"}),
            json!({"komi": 7.3}),
            json!(7),
        ] {
            assert!(KataRules::from_json(&bad).is_err(), "{bad}");
        }
    }
}
