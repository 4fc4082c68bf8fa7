#!/usr/bin/env bash
# The policy network's full training run, in one command on a GPU machine
# (the project's H200 lease: 15 minutes in all, 10 a command).
#
# Prepare here, in the repository's root (see train/README.md, "The GPU
# run"): a static kosumi binary and the game records in gpu/, a folder
# git ignores (.git/info/exclude), carried to the machine:
#
#   RUSTFLAGS="-C target-feature=+crt-static" cargo build --release \
#       --target x86_64-unknown-linux-gnu
#   mkdir -p gpu && cp target/x86_64-unknown-linux-gnu/release/kosumi gpu/
#   cp ../shared/data/go19/{pro,ai,tom9d}.sgf.xz gpu/
#
# then run `bash train/gpu-run.sh` there with carry ["gpu"]. What comes back
# under $OUT: the weights file, the training log, the checkpoint (to go on
# with --resume) and this run's output.
#
# Settings, from the environment: SECONDS_TRAIN (training time, default
# 330), CHANNELS (64), BLOCKS (6), BATCH (1024), LR (0.002), GAMES (all; a
# smaller number tries the script on a CPU in a minute).
set -euo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/kosumi-gpu-out}
mkdir -p "$OUT"
exec > >(tee "$OUT/run.log") 2>&1
data=/tmp/kosumi-netdata
mkdir -p "$data"
started=$(date +%s)
echo "== $(date -u) $(nproc) cores"
nvidia-smi -L || true
python3 -c "import jax, optax; print('jax', jax.__version__, jax.devices())"

echo "== positions"
# The files in the order of models/README.md: the same 500 held-out games
# as the move-prediction model's.
gpu/kosumi netdata gpu/pro.sgf.xz gpu/ai.sgf.xz gpu/tom9d.sgf.xz \
    ${GAMES:+--games "$GAMES"} \
    -o "$data/train.bin" --holdout-output "$data/holdout.bin" 2> >(grep -v WARN >&2)
python3 train/check_data.py "$data/holdout.bin"
echo "positions written after $(( $(date +%s) - started )) s"

echo "== training"
python3 train/train.py --data "$data/train.bin" --holdout "$data/holdout.bin" \
    --channels "${CHANNELS:-64}" --blocks "${BLOCKS:-6}" --stem 5 \
    --batch "${BATCH:-1024}" --lr "${LR:-0.002}" --bf16 --loaders 6 \
    --seconds "${SECONDS_TRAIN:-330}" --eval-every "${EVAL_EVERY:-2000}" --eval-positions 20000 \
    --out "$OUT/run" --export "$OUT/kosumi-19.net"
echo "== done after $(( $(date +%s) - started )) s"
ls -la "$OUT" "$OUT/run"
