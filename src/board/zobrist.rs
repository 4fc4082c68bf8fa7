//! Zobrist keys, generated at compile time with splitmix64.

use crate::types::MAX_POINTS;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x6B6F_7375_6D69_u64; // "kosumi"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, z) = splitmix(state);
            state = s;
            keys[c][i] = z;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// `KEYS[color index][point]`: the key of a stone of that colour there.
pub static KEYS: [[u64; MAX_POINTS]; 2] = make_keys();
