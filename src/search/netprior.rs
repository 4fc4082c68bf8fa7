//! The policy network in the search: the root and every node visited
//! [`NetParams::visits`](super::params::NetParams) times ask the network
//! for their children's priors. A worker that reaches such a node queues
//! its position; the workers run the queue between playouts, shallowest
//! first, within a share of their time, so that no thread waits for an
//! evaluation and a slow network never holds a move past its time (a stop
//! waits at most for the one evaluation under way). When an evaluation
//! lands, the children's priors take the network's `sqrt(p)` times the
//! scale; where the move-prediction model's priors apply too, the two
//! share the learned prior ([`NetParams::weight`](super::params::NetParams)).

use super::node::{Node, NET_ASKED, NET_DONE, NET_NONE, PASS_CODE};
use super::params::{Bonus, PARAMS};
use super::priors;
use crate::board::Board;
use crate::predict::net::{self, Net};
use crate::types::Color;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One position waiting for the network.
struct Request<'a> {
    node: &'a Node,
    board: Board,
    color: Color,
    depth: usize,
}

/// The network's share of one search.
pub(super) struct NetPriors<'a> {
    net: &'a Net,
    queue: Mutex<Vec<Request<'a>>>,
    /// Nanoseconds the workers spent evaluating.
    busy: AtomicU64,
    started: Instant,
    threads: usize,
    /// Evaluate every request at once, whatever the time (deterministic
    /// searches: the time would make them differ from run to run).
    eager: bool,
    evaluations: AtomicU64,
    /// The root's move probabilities, by point, once evaluated.
    root_policy: Mutex<Option<Vec<f32>>>,
    root: &'a Node,
    /// The children's priors hold the move-prediction model's, which the
    /// network's then share with it.
    learned: bool,
}

/// Per-worker buffers.
#[derive(Default)]
pub(super) struct NetScratch {
    net: net::Scratch,
}

impl<'a> NetPriors<'a> {
    /// The network's part of a search from `root` (position `board`,
    /// `color` to move) on `threads` workers; the root's evaluation is
    /// queued at once (again on a kept root, for its reported policy).
    pub(super) fn new(
        net: &'a Net,
        root: &'a Node,
        board: &Board,
        color: Color,
        threads: usize,
        eager: bool,
        learned: bool,
    ) -> NetPriors<'a> {
        let p = NetPriors {
            net,
            queue: Mutex::new(Vec::new()),
            busy: AtomicU64::new(0),
            started: Instant::now(),
            threads: threads.max(1),
            eager,
            evaluations: AtomicU64::new(0),
            root_policy: Mutex::new(None),
            root,
            learned,
        };
        let _ =
            root.net
                .compare_exchange(NET_NONE, NET_ASKED, Ordering::Relaxed, Ordering::Relaxed);
        p.push(Request {
            node: root,
            board: board.clone(),
            color,
            depth: 0,
        });
        p
    }

    /// Queues `node` (position `board`, `color` to move, `depth` below the
    /// root) if it has children, has been visited often enough and was
    /// never asked for.
    #[inline]
    pub(super) fn consider(&self, node: &'a Node, board: &Board, color: Color, depth: usize) {
        if node.net.load(Ordering::Relaxed) != NET_NONE
            || node.visits.load(Ordering::Relaxed) < PARAMS.net.visits
            || node.kids().is_empty()
        {
            return;
        }
        if node
            .net
            .compare_exchange(NET_NONE, NET_ASKED, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            self.push(Request {
                node,
                board: board.clone(),
                color,
                depth,
            });
        }
    }

    fn push(&self, r: Request<'a>) {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.push(r);
        if q.len() > PARAMS.net.queue {
            // Drop the deepest (the last one of the deepest depth); it may
            // be asked for again.
            let (i, _) = q
                .iter()
                .enumerate()
                .max_by_key(|(i, r)| (r.depth, *i))
                .expect("the queue is not empty");
            let dropped = q.swap_remove(i);
            dropped.node.net.store(NET_NONE, Ordering::Relaxed);
        }
    }

    /// Whether the workers may spend more time on the network now.
    fn within_budget(&self) -> bool {
        if self.eager {
            return true;
        }
        let spent = self.busy.load(Ordering::Relaxed) as f64;
        let allowed =
            self.started.elapsed().as_nanos() as f64 * self.threads as f64 * PARAMS.net.time_share;
        spent <= allowed
    }

    /// Runs the shallowest queued request, if there is one and the budget
    /// allows (the root's always runs). Called by the workers between
    /// playouts.
    pub(super) fn work(&self, s: &mut NetScratch) {
        let r = {
            let Ok(mut q) = self.queue.try_lock() else {
                return;
            };
            let Some((i, first)) = q.iter().enumerate().min_by_key(|(i, r)| (r.depth, *i)) else {
                return;
            };
            if first.depth > 0 && !self.within_budget() {
                return;
            }
            q.swap_remove(i)
        };
        let t = Instant::now();
        self.apply(&r, s);
        self.busy
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.evaluations.fetch_add(1, Ordering::Relaxed);
    }

    /// Evaluates a request and replaces its node's children's priors.
    fn apply(&self, r: &Request<'a>, s: &mut NetScratch) {
        let probs = self.net.policy(&r.board, r.color, &mut s.net);
        let first = r.node.net.swap(NET_DONE, Ordering::Relaxed) != NET_DONE;
        if first {
            let size = r.board.size();
            let (share, model) = if self.learned {
                let w = PARAMS.net.weight;
                (w, Some((1.0 - w, priors::learned(&r.board, r.color))))
            } else {
                (1.0, None)
            };
            let scale = PARAMS.net.scale.get(size) * share;
            for kid in r.node.kids() {
                if kid.mv == PASS_CODE {
                    continue;
                }
                let (v, w) = kid.prior();
                let mut pr = priors::Prior {
                    visits: v as f32,
                    wins: w as f32,
                };
                if let Some((keep, bonus)) = &model {
                    // Take back the share of the model's bonus that goes
                    // to the network.
                    let b = bonus[kid.mv as usize];
                    pr.add(Bonus {
                        visits: -(1.0 - keep) * b.visits,
                        wins: -(1.0 - keep) * b.wins,
                    });
                }
                pr.add(Bonus::wins(probs[kid.mv as usize].sqrt() * scale));
                let clamp = |x: f32| x.round().clamp(0.0, u16::MAX as f32) as u16;
                kid.set_prior(clamp(pr.visits), clamp(pr.wins));
            }
        }
        if std::ptr::eq(r.node, self.root) {
            *self.root_policy.lock().unwrap_or_else(|e| e.into_inner()) = Some(probs);
        }
    }

    /// Puts back the nodes whose requests never ran, so that a later
    /// search on a kept tree asks for them again.
    pub(super) fn release(&self) {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        for r in q.drain(..) {
            let _ = r.node.net.compare_exchange(
                NET_ASKED,
                NET_NONE,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    /// The root's move probabilities by point, once evaluated.
    pub(super) fn root_policy(&self) -> Option<Vec<f32>> {
        self.root_policy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Evaluations run so far.
    pub(super) fn evaluations(&self) -> u64 {
        self.evaluations.load(Ordering::Relaxed)
    }
}
