#!/usr/bin/env python3
"""Checks a `kosumi netdata` file and the trainer's reading of it: every
move played lands on a legal point under each of the 8 symmetries, the
symmetries are the 8 distinct ones, and each undoes its inverse.

    python train/check_data.py data/holdout.bin
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netdata  # noqa: E402

LEGAL_PLANE = 13


def main(path, positions=256):
    data = netdata.NetData(path)
    n = data.size
    perm, inv = netdata.symmetry_tables(n)
    assert len({tuple(p) for p in perm}) == 8, "the 8 symmetries are distinct"
    for k in range(8):
        assert (perm[k][inv[k]] == np.arange(n * n)).all(), f"symmetry {k} inverts"
    idx = np.arange(min(positions, len(data)))
    planes, moves = data.decode(idx)
    ref = planes.reshape(len(idx), n * n, -1)
    assert (ref[np.arange(len(idx)), moves, LEGAL_PLANE] == 1).all(), "moves are legal"
    for k in range(8):
        ks = np.full(len(idx), k, dtype=np.int32)
        x, m = netdata.symmetrize(planes, moves, ks, perm, inv)
        x = np.asarray(x).reshape(len(idx), n * n, -1)
        m = np.asarray(m)
        assert (x[np.arange(len(idx)), m, LEGAL_PLANE] == 1).all(), f"symmetry {k}: legal"
        # The same stones, moved.
        assert np.allclose(x.sum(axis=1), ref.sum(axis=1)), f"symmetry {k}: counts"
        # Symmetry 5 (transpose, one quarter turn) is a reflection: it moves
        # some stones.
    x5, _ = netdata.symmetrize(planes, moves, np.full(len(idx), 5, np.int32), perm, inv)
    assert not np.allclose(np.asarray(x5), planes), "a reflection moves the stones"
    print(f"{path}: {len(data)} positions, {len(idx)} checked under 8 symmetries")


if __name__ == "__main__":
    main(sys.argv[1])
