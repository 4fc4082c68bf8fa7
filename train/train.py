#!/usr/bin/env python3
"""Trains kosumi's policy network on the positions `kosumi netdata` writes,
measures it on held-out positions, keeps checkpoints and exports the
weights file the engine reads (`kosumi --net FILE`).

    kosumi netdata ../shared/data/go19/*.sgf.xz --games 20000 \\
        -o data/train.bin --holdout-output data/holdout.bin
    python train/train.py --data data/train.bin --holdout data/holdout.bin \\
        --channels 32 --blocks 4 --steps 20000 --out runs/cpu --export net.kosumi

train/README.md has the runs that made the shipped nets.
"""

import argparse
import json
import os
import pickle
import sys
import time

# On a CPU, one XLA device per core and the batch split between them: XLA
# runs one convolution on one core, so this is what uses them all (1.5x on
# two cores). Harmless on a GPU, whose devices are used instead.
os.environ.setdefault(
    "XLA_FLAGS", f"--xla_force_host_platform_device_count={os.cpu_count() or 1}"
)

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402
import netdata  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", required=True, help="training positions (kosumi netdata)")
    p.add_argument("--holdout", help="held-out positions, measured every --eval-every steps")
    p.add_argument("--channels", type=int, default=32)
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--stem", type=int, default=5, help="stem convolution size")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--steps", type=int, default=10000)
    p.add_argument("--lr", type=float, default=2e-3, help="peak learning rate (AdamW)")
    p.add_argument("--warmup", type=int, default=500)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--eval-every", type=int, default=1000)
    p.add_argument("--eval-positions", type=int, default=20000,
                   help="held-out positions measured at each evaluation (all at the end)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, help="folder for the checkpoint, log and exports")
    p.add_argument("--export", help="also write the final weights file here")
    p.add_argument("--resume", action="store_true", help="continue from --out's checkpoint")
    p.add_argument("--seconds", type=float, default=0,
                   help="train for this many seconds instead of --steps, the learning-rate "
                        "schedule following the clock (for a fixed lease on a GPU)")
    p.add_argument("--bf16", action="store_true",
                   help="convolutions in bfloat16 (weights and statistics stay float32)")
    p.add_argument("--loaders", type=int, default=2, help="threads gathering batches")
    p.add_argument("--dump-logits", type=int, default=0,
                   help="write the final net's logits of the first N held-out positions "
                        "to OUT/logits.bin (f32) for the engine's check")
    return p.parse_args(argv)


def make_optimizer(a):
    """AdamW whose learning rate each step is given (see `learning_rate`)."""
    return optax.inject_hyperparams(optax.adamw)(learning_rate=a.lr, weight_decay=a.weight_decay)


def learning_rate(a, step, elapsed):
    """Linear warm-up, then cosine decay to 1% of the peak, over the steps
    or (with --seconds) over the clock; warm-up is --warmup steps, or 2%
    of the time."""
    if a.seconds > 0:
        f = min(elapsed / a.seconds, 1.0)
        w = 0.02
    else:
        f = min(step / max(a.steps, 1), 1.0)
        w = min(a.warmup, a.steps // 2) / max(a.steps, 1)
    if f < w:
        return a.lr * f / w
    t = (f - w) / max(1.0 - w, 1e-9)
    return a.lr * (0.01 + 0.99 * 0.5 * (1.0 + np.cos(np.pi * t)))


def loss_fn(params, state, planes, moves, dtype):
    logits, new_state = model.logits(params, state, planes, train=True, dtype=dtype)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, moves).mean()
    acc = (logits.argmax(axis=1) == moves).mean()
    return loss, (new_state, acc)


def make_step(opt, data, dtype):
    """The jitted training step on raw records: decode and symmetries on
    the device, then one AdamW update."""
    perm, inv = netdata.symmetry_tables(data.size)

    @jax.jit
    def step(params, state, opt_state, raw, ks, lr):
        opt_state.hyperparams["learning_rate"] = lr
        planes, moves = netdata.decode(raw, data.size, data.planes, data.point_bytes)
        planes, moves = netdata.symmetrize(planes, moves, ks, perm, inv)
        (loss, (state, acc)), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params, state, planes, moves, dtype
        )
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, state, opt_state, loss, acc

    return step


@jax.jit
def eval_logits(params, state, planes):
    return model.logits(params, state, planes, train=False)[0]


def evaluate(params, state, data, limit, batch=512):
    """(top-1, top-5, mean loss, positions) over the first `limit` records
    of `data` (all when `limit` is 0)."""
    n = len(data) if limit <= 0 else min(limit, len(data))
    top1 = top5 = 0
    loss = 0.0
    for start in range(0, n, batch):
        idx = np.arange(start, min(start + batch, n))
        planes, moves = data.decode(idx)
        logits = np.asarray(eval_logits(params, state, jnp.asarray(planes)))
        top = np.argsort(-logits, axis=1)[:, :5]
        top1 += int((top[:, 0] == moves).sum())
        top5 += int((top == moves[:, None]).any(axis=1).sum())
        m = logits.max(axis=1, keepdims=True)
        lse = np.log(np.exp(logits - m).sum(axis=1)) + m[:, 0]
        loss += float((lse - logits[np.arange(len(moves)), moves]).sum())
    return top1 / max(n, 1), top5 / max(n, 1), loss / max(n, 1), n


def save(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        pickle.dump(jax.device_get(obj), f)
    os.replace(tmp, path)


def main(argv=None):
    a = parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    data = netdata.NetData(a.data)
    holdout = netdata.NetData(a.holdout) if a.holdout else None
    opt = make_optimizer(a)
    ckpt = os.path.join(a.out, "checkpoint.pkl")
    if a.resume and os.path.exists(ckpt):
        with open(ckpt, "rb") as f:
            c = pickle.load(f)
        params, state, opt_state, step0 = c["params"], c["state"], c["opt_state"], c["step"]
        print(f"resumed at step {step0}", flush=True)
    else:
        params, state = model.init(
            jax.random.PRNGKey(a.seed), data.planes, a.channels, a.blocks, a.stem
        )
        opt_state = opt.init(params)
        step0 = 0
    with open(os.path.join(a.out, "config.json"), "w") as f:
        json.dump(vars(a), f, indent=1)
    step_fn = make_step(opt, data, jnp.bfloat16 if a.bf16 else jnp.float32)
    devices = jax.devices()
    if a.batch % len(devices):
        devices = devices[:1]
    mesh = Mesh(np.array(devices), ("batch",))
    whole = NamedSharding(mesh, PartitionSpec())
    split = NamedSharding(mesh, PartitionSpec("batch"))
    params, state, opt_state = jax.device_put((params, state, opt_state), whole)
    log = open(os.path.join(a.out, "log.tsv"), "a")
    if step0 == 0:
        log.write("step\tseconds\tpositions\ttrain_loss\ttrain_top1\tholdout_top1\tholdout_top5\tholdout_loss\n")
    started = time.time()
    losses, accs = [], []
    it = netdata.raw_batches(data, a.batch, a.seed + step0, a.loaders)
    step = step0
    print(
        f"{len(data)} training positions, {len(holdout) if holdout else 0} held out; "
        f"{a.blocks} blocks of {a.channels}, stem {a.stem}; devices {devices}",
        flush=True,
    )

    def measure(final):
        nonlocal log
        ev = ""
        if holdout is not None:
            t1, t5, hl, n = evaluate(params, state, holdout, 0 if final else a.eval_positions)
            ev = f"{t1:.4f}\t{t5:.4f}\t{hl:.4f}"
            print(f"  held out ({n} positions): top-1 {100 * t1:.2f}% top-5 {100 * t5:.2f}% "
                  f"loss {hl:.4f}", flush=True)
        else:
            ev = "\t\t"
        tl = float(np.mean(losses)) if losses else float("nan")
        ta = float(np.mean(accs)) if accs else float("nan")
        log.write(f"{step}\t{time.time() - started:.0f}\t{step * a.batch}\t{tl:.4f}\t{ta:.4f}\t{ev}\n")
        log.flush()
        save(ckpt, {"params": params, "state": state, "opt_state": opt_state, "step": step})
        model.export(params, state, os.path.join(a.out, "net.kosumi"))

    while a.seconds > 0 or step < a.steps:
        raw, ks = next(it)
        lr = learning_rate(a, step, time.time() - started)
        params, state, opt_state, loss, acc = step_fn(
            params, state, opt_state, jax.device_put(raw, split), jax.device_put(ks, split),
            jnp.float32(lr),
        )
        step += 1
        losses.append(float(loss))
        accs.append(float(acc))
        if step % 100 == 0:
            el = time.time() - started
            print(f"step {step} loss {np.mean(losses[-100:]):.4f} top-1 {100 * np.mean(accs[-100:]):.1f}% "
                  f"{(step - step0) * a.batch / el:.0f} positions/s", flush=True)
        out_of_time = a.seconds > 0 and time.time() - started > a.seconds
        if step % a.eval_every == 0 or step == a.steps or out_of_time:
            measure(final=False)
            losses, accs = [], []
        if out_of_time:
            print(f"{a.seconds:.0f} s of training done at step {step}", flush=True)
            break
    print("final measurement", flush=True)
    measure(final=True)
    if a.export:
        model.export(params, state, a.export)
        print(f"wrote {a.export}", flush=True)
    if a.dump_logits and holdout is not None:
        planes, _ = holdout.decode(np.arange(min(a.dump_logits, len(holdout))))
        logits = np.asarray(eval_logits(params, state, jnp.asarray(planes)))
        folded = model.folded_logits(model.fold(params, state), planes)
        legal = planes[..., model.LEGAL_PLANE].reshape(len(planes), -1) > 0
        gap = np.abs(np.where(legal, logits - folded, 0)).max()
        print(f"folded export matches the trained net within {gap:.2e}", flush=True)
        np.where(legal, folded, 0).astype("<f4").tofile(os.path.join(a.out, "logits.bin"))


if __name__ == "__main__":
    main()
