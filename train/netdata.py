"""Reading the positions `kosumi netdata` writes (src/learn/netdata.rs).

A file is a 64-byte header (b"KOSUMIND", then little-endian u32s: version,
board size, planes, bytes a point, bytes a record, records) and fixed-size
records: each point's plane code in 3 little-endian bytes (row by row from
the bottom), the move played as a u16, the result from the mover's side as
an i8, a zero byte.

Batches travel to the device as raw records (1.1 KB a position) and are
decoded there (`decode`), under a random symmetry for each position
(`symmetrize`): the host only gathers bytes, so a GPU is not kept waiting.
"""

import queue
import threading

import jax.numpy as jnp
import numpy as np

MAGIC = b"KOSUMIND"
HEADER_BYTES = 64


class NetData:
    """The records of one file, memory-mapped."""

    def __init__(self, path):
        with open(path, "rb") as f:
            head = f.read(HEADER_BYTES)
        if len(head) < HEADER_BYTES or head[:8] != MAGIC:
            raise ValueError(f"{path}: not a kosumi netdata file")
        version, size, planes, point_bytes, record_bytes, count = np.frombuffer(
            head[8:32], dtype="<u4"
        ).tolist()
        if version != 1:
            raise ValueError(f"{path}: netdata version {version}, this reads 1")
        if record_bytes != size * size * point_bytes + 4:
            raise ValueError(f"{path}: record size {record_bytes} does not fit the header")
        self.path = path
        self.size = size
        self.planes = planes
        self.point_bytes = point_bytes
        self.record_bytes = record_bytes
        raw = np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER_BYTES)
        self.count = len(raw) // record_bytes
        if count and count != self.count:
            raise ValueError(f"{path}: header says {count} records, the file holds {self.count}")
        self.records = raw[: self.count * record_bytes].reshape(self.count, record_bytes)

    def __len__(self):
        return self.count

    def raw(self, idx):
        """The records `idx` (sorted first: a memory map reads faster in
        order), as a (B, record_bytes) uint8 array."""
        return np.ascontiguousarray(self.records[np.sort(np.asarray(idx))])

    def decode(self, idx):
        """Planes (B, size, size, planes) float32 and moves (B,) int32 of
        the records `idx`, on the host (for checks and small evaluations)."""
        planes, moves = decode(jnp.asarray(self.raw(idx)), self.size, self.planes,
                               self.point_bytes)
        return np.asarray(planes), np.asarray(moves)


def decode(raw, size, planes, point_bytes):
    """Planes (B, size, size, planes) float32 and moves (B,) int32 (as
    y * size + x) of raw records (B, record_bytes) uint8; jit-able."""
    nn = size * size
    b = raw.shape[0]
    codes = raw[:, : nn * point_bytes].reshape(b, nn, point_bytes).astype(jnp.uint32)
    bits = (codes[..., :, None] >> jnp.arange(8, dtype=jnp.uint32)) & 1
    bits = bits.reshape(b, nn, point_bytes * 8)[..., :planes]
    x = bits.reshape(b, size, size, planes).astype(jnp.float32)
    tail = raw[:, nn * point_bytes :].astype(jnp.int32)
    moves = tail[:, 0] | (tail[:, 1] << 8)
    return x, moves


def symmetry_tables(size):
    """For each of the 8 symmetries k, `perm[k]` maps a point of the
    transformed board to the point it comes from, and `inv[k]` a point to
    where it goes; points are y * size + x. k & 4 transposes, then k & 3
    quarter turns."""
    idx = np.arange(size * size).reshape(size, size)
    perm, inv = [], []
    for k in range(8):
        t = idx.T if k & 4 else idx
        t = np.rot90(t, k & 3)
        p = t.reshape(-1)
        perm.append(p)
        q = np.empty_like(p)
        q[p] = np.arange(size * size)
        inv.append(q)
    return np.stack(perm).astype(np.int32), np.stack(inv).astype(np.int32)


def symmetrize(x, moves, ks, perm, inv):
    """Each position b under symmetry ks[b]; jit-able."""
    b, n, _, c = x.shape
    flat = x.reshape(b, n * n, c)
    p = jnp.asarray(perm)[ks]
    flat = jnp.take_along_axis(flat, p[:, :, None], axis=1)
    moves = jnp.take_along_axis(jnp.asarray(inv)[ks], moves[:, None], axis=1)[:, 0]
    return flat.reshape(b, n, n, c), moves


def raw_batches(data, batch, seed, threads=2):
    """Endless random batches of raw records and a symmetry for each
    position, gathered by background threads."""
    q = queue.Queue(maxsize=8)

    def work(i):
        rng = np.random.default_rng([seed, i])
        while True:
            idx = rng.integers(0, len(data), size=batch)
            ks = rng.integers(0, 8, size=batch).astype(np.int32)
            q.put((data.raw(idx), ks))

    for i in range(threads):
        threading.Thread(target=work, args=(i,), daemon=True).start()
    while True:
        yield q.get()
