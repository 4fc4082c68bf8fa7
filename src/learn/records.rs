//! Game records for learning: files of SGF games, read whole, one game a
//! line, or xz-compressed; each game replayed from its first position.

use crate::game::{Game, Rules};
use crate::sgf;
use crate::types::{Color, Move};
use std::io::Read;
use std::path::Path;

/// One game to learn from or to measure on.
#[derive(Clone, Debug)]
pub struct Record {
    /// Where it came from: `file` or `file:line`.
    pub source: String,
    /// The SGF text.
    pub text: String,
}

/// A game ready to replay: the position before the first move and the
/// moves.
pub struct Replay {
    pub start: Game,
    pub moves: Vec<(Color, Move)>,
}

/// Reads the games of `path`: an `.xz` file is decompressed first; a file
/// with more than one line starting with `(;` holds one game a line.
pub fn read_file(path: &Path) -> Result<Vec<Record>, String> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: {e}"))?;
    if name.ends_with(".xz") {
        let mut out = Vec::new();
        lzma_rs::xz_decompress(&mut &bytes[..], &mut out)
            .map_err(|e| format!("{name}: not an xz file: {e}"))?;
        bytes = out;
    }
    let text = String::from_utf8_lossy(&bytes);
    let games = text
        .lines()
        .filter(|l| l.trim_start().starts_with("(;"))
        .count();
    if games > 1 {
        Ok(text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with("(;"))
            .map(|(i, l)| Record {
                source: format!("{name}:{}", i + 1),
                text: l.to_string(),
            })
            .collect())
    } else {
        Ok(vec![Record {
            source: name,
            text: text.into_owned(),
        }])
    }
}

/// Reads every file; a file that cannot be read is skipped with a
/// warning on stderr. Returns the games and the number of files skipped.
pub fn read_all(paths: &[std::path::PathBuf]) -> (Vec<Record>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    for p in paths {
        match read_file(p) {
            Ok(r) => out.extend(r),
            Err(e) => {
                log::warn!("skipped {e}");
                skipped += 1;
            }
        }
    }
    (out, skipped)
}

impl Record {
    /// The game to replay, or why it cannot be used: it does not parse,
    /// a move is illegal, or the board is not `size` x `size`.
    pub fn replay(&self, size: usize) -> Result<Replay, String> {
        let full = sgf::load_strict(&self.text, None, 7.5, Rules::Chinese)
            .map_err(|e| format!("{}: {e}", self.source))?;
        if full.size() != size {
            return Err(format!(
                "{}: a {}x{} game, not {size}x{size}",
                self.source,
                full.size(),
                full.size()
            ));
        }
        let start = sgf::load_strict(&self.text, Some(1), 7.5, Rules::Chinese)
            .map_err(|e| format!("{}: {e}", self.source))?;
        Ok(Replay {
            start,
            moves: full.moves().collect(),
        })
    }
}

impl Replay {
    /// Calls `f(game, colour, move)` before each move, then plays it.
    /// Stops with an error at a move the rules refuse.
    pub fn for_each_position(&self, mut f: impl FnMut(&Game, Color, Move)) -> Result<(), String> {
        let mut g = self.start.clone();
        for (i, &(c, m)) in self.moves.iter().enumerate() {
            f(&g, c, m);
            g.play(c, m)
                .map_err(|e| format!("move {} is illegal: {e:?}", i + 1))?;
        }
        Ok(())
    }
}
