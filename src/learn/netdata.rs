//! Training positions for the policy network (`kosumi netdata`): every
//! move played in the records, as the input planes of
//! [`crate::predict::net::encode`] before it, the move, and the game's
//! result from the mover's side. The trainer (`train/` in the
//! repository) reads the file with numpy as fixed-size records.
//!
//! The file: a 64-byte header (`KOSUMIND`, then little-endian u32s:
//! version, board size, planes, bytes a point, bytes a record, number of
//! records; zeros to 64), then the records. A record: each point's code
//! in 3 little-endian bytes, row by row from the bottom (`y * size + x`),
//! the move as a little-endian u16 (`y * size + x`), the result as an i8
//! (1: the mover won, -1: lost, 0: unknown or a draw), and a zero byte.

use super::records::Record;
use crate::predict::net::{encode, PLANES};
use crate::types::{Color, Move};
use rayon::prelude::*;
use std::io::Write;

pub const MAGIC: &[u8; 8] = b"KOSUMIND";
pub const VERSION: u32 = 1;
pub const HEADER_BYTES: usize = 64;
/// Bytes of one point's code: the planes fit in 24 bits.
pub const POINT_BYTES: usize = 3;
const _: () = assert!(PLANES <= 8 * POINT_BYTES);

/// Bytes of one record on a `size` x `size` board.
pub fn record_bytes(size: usize) -> usize {
    size * size * POINT_BYTES + 4
}

/// What a write found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    pub games: u64,
    pub skipped: u64,
    pub positions: u64,
}

/// The winner a record names in `RE` (`B+...`, `W+...`), if any.
pub fn winner(sgf: &str) -> Option<Color> {
    let at = sgf.find("RE[")? + 3;
    match sgf.as_bytes().get(at)?.to_ascii_uppercase() {
        b'B' => Some(Color::Black),
        b'W' => Some(Color::White),
        _ => None,
    }
}

/// The header of a file of `records` records.
pub fn header(size: usize, records: u64) -> [u8; HEADER_BYTES] {
    let mut h = [0u8; HEADER_BYTES];
    h[..8].copy_from_slice(MAGIC);
    let words = [
        VERSION,
        size as u32,
        PLANES as u32,
        POINT_BYTES as u32,
        record_bytes(size) as u32,
        records.min(u32::MAX as u64) as u32,
    ];
    for (i, w) in words.iter().enumerate() {
        h[8 + 4 * i..12 + 4 * i].copy_from_slice(&w.to_le_bytes());
    }
    h
}

/// The records of one game: one position in `stride` (counting from
/// `offset`), passes skipped.
fn game_records(
    r: &Record,
    size: usize,
    stride: usize,
    offset: usize,
) -> Result<(Vec<u8>, u64), String> {
    let replay = r.replay(size)?;
    let won = winner(&r.text);
    let mut out = Vec::new();
    let mut codes = Vec::with_capacity(size * size);
    let mut n = 0u64;
    let mut i = offset;
    replay
        .for_each_position(|g, c, m| {
            i += 1;
            let Move::Play(p) = m else { return };
            if !i.is_multiple_of(stride) {
                return;
            }
            let board = g.board();
            encode(board, c, &mut codes);
            for &code in &codes {
                out.extend_from_slice(&code.to_le_bytes()[..POINT_BYTES]);
            }
            let (x, y) = board.geometry().coords(p);
            out.extend_from_slice(&((y * size + x) as u16).to_le_bytes());
            let result: i8 = match won {
                Some(w) if w == c => 1,
                Some(_) => -1,
                None => 0,
            };
            out.push(result as u8);
            out.push(0);
            n += 1;
        })
        .map_err(|e| format!("{}: {e}", r.source))?;
    Ok((out, n))
}

/// Writes the header and the records of `games` to `out` (a header of
/// zero records first; `count` rewrites it when the caller can seek).
/// Games that cannot be used are skipped with a warning. Games are
/// encoded on all cores, in batches, and written in their order.
pub fn write(
    games: &[Record],
    size: usize,
    stride: usize,
    out: &mut dyn Write,
    progress: &dyn Fn(u64),
) -> std::io::Result<Report> {
    let stride = stride.max(1);
    out.write_all(&header(size, 0))?;
    let mut report = Report::default();
    for (b, batch) in games.chunks(512).enumerate() {
        let encoded: Vec<Result<(Vec<u8>, u64), String>> = batch
            .par_iter()
            .enumerate()
            .map(|(i, r)| game_records(r, size, stride, b * 512 + i))
            .collect();
        for e in encoded {
            match e {
                Ok((bytes, n)) => {
                    out.write_all(&bytes)?;
                    report.games += 1;
                    report.positions += n;
                }
                Err(e) => {
                    log::warn!("skipped {e}");
                    report.skipped += 1;
                }
            }
        }
        progress(batch.len() as u64);
    }
    Ok(report)
}
