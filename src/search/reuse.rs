//! Tree reuse: the tree of one search serves the next when the game
//! continued from its position; what cannot be reused is freed on another
//! thread, since freeing millions of nodes takes a while.

use super::node::Node;
use super::params::PARAMS;
use super::simulate::{code_of, move_of};
use super::Searcher;
use crate::game::{Game, Rules};
use crate::types::{Color, Move};

/// The kept tree and the game position it was built for.
pub(super) struct Tree {
    pub root: Box<Node>,
    pub moves: Vec<(Color, Move)>,
    pub setup_hash: u64,
    pub komi: f32,
    /// The rules the tree's values were counted under.
    pub rules: Rules,
    pub size: usize,
    /// Side to move at the root.
    pub to_move: Color,
}

impl Searcher {
    pub(super) fn drop_tree(&mut self) {
        if let Some(t) = self.tree.take() {
            drop_in_background(t);
        }
    }

    /// Takes the kept tree for `game` if the game continues the position
    /// it was built for (same setup and rules, the kept moves a prefix of
    /// the game's, colours alternating as the tree assumes) and its search komi is
    /// within two points of `komi` (dynamic komi moves a little every
    /// move); otherwise a fresh root.
    pub(super) fn take_root(&mut self, game: &Game, komi: f32) -> (Box<Node>, bool) {
        let fresh = (Box::new(Node::default()), false);
        let Some(t) = self.tree.take() else {
            return fresh;
        };
        let moves: Vec<(Color, Move)> = game.moves().collect();
        let setup_hash = game.position_hashes().first().copied().unwrap_or(0);
        let k = t.moves.len();
        if t.size != game.size()
            || t.rules != game.rules()
            || (t.komi - komi).abs() > PARAMS.reuse_komi_tolerance
            || t.setup_hash != setup_hash
            || moves.len() < k
            || moves[..k] != t.moves[..]
        {
            drop_in_background(t);
            return fresh;
        }
        let mut expected = t.to_move;
        let mut root = t.root;
        for &(c, m) in &moves[k..] {
            let kids = if c == expected {
                root.children.take()
            } else {
                None
            };
            let Some(kids) = kids else {
                drop_in_background(root);
                return fresh;
            };
            let mut kids = kids.into_vec();
            let Some(i) = kids.iter().position(|n| n.mv == code_of(m)) else {
                drop_in_background(kids);
                return fresh;
            };
            let child = kids.swap_remove(i);
            drop_in_background(kids);
            root = Box::new(child);
            expected = !expected;
        }
        if expected != game.to_move() {
            drop_in_background(root);
            return fresh;
        }
        (root, true)
    }

    /// Removes root children that positional superko forbids.
    pub(super) fn sanitize_root(root: &mut Node, game: &Game) {
        let c = game.to_move();
        if let Some(kids) = root.children.take() {
            let before = kids.len();
            let kept: Vec<Node> = kids
                .into_vec()
                .into_iter()
                .filter(|k| game.is_legal(c, move_of(k.mv)))
                .collect();
            if kept.len() != before {
                log::debug!("superko removed {} root moves", before - kept.len());
            }
            if !kept.is_empty() {
                let _ = root.children.set(kept.into_boxed_slice());
            }
        }
    }
}

/// Frees `x` on a thread of its own: not on the clock.
fn drop_in_background<T: Send + 'static>(x: T) {
    std::thread::spawn(move || drop(x));
}
