"""kosumi driven by KaTrain's own engine class, headless.

Usage: python katrain_test.py KOSUMI_BINARY GAME.sgf

KaTrain (`pip install katrain`) reaches an analysis engine other than
its bundled KataGo through its `altcommand` setting: the command line,
started through a shell. This script does what KaTrain does with it,
through KaTrain's own classes (KataGoEngine, Game, the AI strategies),
and checks what KaTrain ends up with:

1. load a real record and analyse every node, as KaTrain does when a
   game is opened: every node gets a complete analysis (candidates,
   ownership with no exact 0 on a stone, policy, score and win rate),
   and no error is logged;
2. ponder on a node and stop pondering: partial answers arrive while it
   ponders, and the ponder ends, the engine idle, soon after the stop;
3. a fresh query is answered promptly after the stopped ponder;
4. the "simple ownership" AI, which needs per-move ownership, picks a
   move;
5. shut the engine down as KaTrain does when it quits (it terminates the
   shell): the kosumi process is gone within a few seconds.

Prints "katrain checks passed" at the end; any failure raises.
"""

import gc
import math
import os
import sys
import tempfile
import time

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kosumi-kivy-"))

from katrain.core.ai import generate_ai_move  # noqa: E402
from katrain.core.base_katrain import KaTrainBase  # noqa: E402
from katrain.core.constants import AI_SIMPLE_OWNERSHIP, OUTPUT_ERROR  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game import Game, KaTrainSGF  # noqa: E402

VISITS = 100


class HeadlessKaTrain(KaTrainBase):
    """KaTrain without its window: records errors and popups."""

    def __init__(self):
        self.errors = []
        super().__init__(force_package_config=True, debug_level=0)

    def log(self, message, level=0):
        if level == OUTPUT_ERROR:
            self.errors.append(str(message))

    def __call__(self, message, *args):
        # KaTrain's GUI dispatch: the engine calls this for its recovery
        # popup when the engine dies or fails.
        self.errors.append(f"popup {message}: {args}")


def wait(what, condition, timeout):
    start = time.time()
    while not condition():
        if time.time() - start > timeout:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)
    return time.time() - start


def children_of(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1].split()[0] != "Z"
    except OSError:
        return False


def check_node(node, size):
    where = f"node {node.depth} ({node.move.gtp() if node.move else 'root'})"
    assert node.analysis_complete, f"{where}: analysis not complete"
    root = node.analysis["root"]
    assert root["visits"] >= VISITS, f"{where}: {root['visits']} visits"
    for key in ("winrate", "scoreLead"):
        assert math.isfinite(root[key]), f"{where}: {key} {root[key]}"
    assert node.candidate_moves, f"{where}: no candidate moves"
    ownership = node.ownership
    assert ownership and len(ownership) == size * size, f"{where}: ownership {ownership and len(ownership)}"
    assert all(-1 <= o <= 1 for o in ownership), f"{where}: ownership out of range"
    # KaTrain draws a stone whose ownership is exactly 0 as if it had none
    # (badukpan.draw_stone), and fails on it: never send one.
    assert all(o != 0 for o in ownership), f"{where}: an exact 0 in the ownership"
    policy = node.policy
    assert policy and len(policy) == size * size + 1, f"{where}: policy"
    assert abs(sum(p for p in policy if p > 0) - 1) < 1e-3, f"{where}: policy sums to {sum(p for p in policy if p > 0)}"


def main():
    kosumi, sgf = sys.argv[1], sys.argv[2]
    katrain = HeadlessKaTrain()
    config = dict(katrain.config("engine"))
    config.update(
        {
            "altcommand": f'"{kosumi}" analysis --threads 2',
            "max_visits": VISITS,
            "fast_visits": 25,
            "max_time": 8.0,
            "_enable_ownership": True,
        }
    )
    engine = KataGoEngine(katrain, config)
    shell = engine.katago_process
    assert shell and shell.poll() is None, "the engine did not start"

    # 1. Open a record: KaTrain analyses every node at once.
    game = Game(katrain, engine, move_tree=KaTrainSGF.parse_file(sgf))
    nodes = game.root.nodes_in_tree
    size = game.board_size[0]
    took = wait("every node's analysis", lambda: all(n.analysis_complete for n in nodes) and engine.is_idle(), 600)
    for n in nodes:
        check_node(n, size)
    assert not katrain.errors, f"KaTrain logged errors: {katrain.errors[:5]}"
    print(f"analysed {len(nodes)} nodes at {VISITS} visits in {took:.1f} s")

    # 2. Ponder on a middle node, then stop, as the ponder button does.
    node = nodes[len(nodes) // 2]
    game.set_current_node(node)
    before = node.root_visits
    game.analyze_extra("ponder")
    wait("partial answers while pondering", lambda: node.root_visits > before + VISITS, 20)
    grown = node.root_visits
    assert not node.analysis_complete or grown > before, "pondering showed nothing"
    game.analyze_extra("stop")
    stopped = wait("the ponder to end after the stop", engine.is_idle, 5)
    assert engine.ponder_query is None
    print(f"pondered to {node.root_visits} visits; idle {stopped:.2f} s after the stop")

    # 3. A fresh query after the stopped ponder.
    fresh = nodes[len(nodes) // 3]
    fresh.analysis["completed"] = False
    fresh.analyze(engine, visits=VISITS, time_limit=True)
    answered = wait("a fresh query after the ponder", lambda: fresh.analysis_complete and engine.is_idle(), 20)
    print(f"a {VISITS}-visit query after the ponder took {answered:.2f} s")

    # 4. The simple-ownership AI needs ownership for each candidate move.
    game.set_current_node(nodes[40])
    settings = katrain.config(f"ai/{AI_SIMPLE_OWNERSHIP}")
    move, played = generate_ai_move(game, AI_SIMPLE_OWNERSHIP, settings)
    assert move is not None and played is not None, "the simple ownership AI chose nothing"
    wait("the analysis of the AI's move", engine.is_idle, 60)
    assert not katrain.errors, f"KaTrain logged errors: {katrain.errors[:5]}"
    print(f"simple ownership AI played {move.gtp()}")

    # 5. Quit as KaTrain does: terminate the shell, drop the process.
    kids = children_of(shell.pid)
    engine.shutdown(finish=False)
    del engine, shell, game
    gc.collect()
    wait("kosumi to exit after KaTrain quit", lambda: not any(alive(k) for k in kids), 10)
    print("katrain checks passed")


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        # Kivy may take over sys.stderr (KIVY_NO_CONSOLELOG), where the
        # traceback would be lost: say on stdout what failed, and what
        # KaTrain logged as errors.
        import traceback

        sys.__stdout__.write("katrain check failed:\n" + traceback.format_exc())
        sys.__stdout__.flush()
        raise
