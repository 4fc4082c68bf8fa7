"""Reading the positions `kosumi netdata` writes (src/learn/netdata.rs).

A file is a 64-byte header (b"KOSUMIND", then little-endian u32s: version,
board size, planes, bytes a point, bytes a record, records) and fixed-size
records: each point's plane code in 3 little-endian bytes (row by row from
the bottom), the move played as a u16, the result from the mover's side as
an i8, a zero byte.
"""

import queue
import threading

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

    def decode(self, idx):
        """Planes (B, size, size, planes) float32, moves (B,) int32 as
        y * size + x, results (B,) float32, for the records `idx`."""
        n = self.size
        nn = n * n
        rec = self.records[np.sort(np.asarray(idx))]
        codes = rec[:, : nn * self.point_bytes].reshape(len(rec), nn, self.point_bytes)
        bits = np.unpackbits(codes, axis=2, bitorder="little")[:, :, : self.planes]
        planes = bits.reshape(len(rec), n, n, self.planes).astype(np.float32)
        tail = rec[:, nn * self.point_bytes :]
        moves = (tail[:, 0].astype(np.int32) | (tail[:, 1].astype(np.int32) << 8))
        results = tail[:, 2].view(np.int8).astype(np.float32)
        return planes, moves, results


def symmetry(planes, moves, k):
    """Symmetry `k` (0..7) of a batch: `k & 4` transposes, then `k & 3`
    quarter turns. Moves are y * size + x."""
    n = planes.shape[1]
    target = np.zeros((len(moves), n * n), dtype=np.float32)
    target[np.arange(len(moves)), moves] = 1.0
    target = target.reshape(len(moves), n, n)
    if k & 4:
        planes = planes.transpose(0, 2, 1, 3)
        target = target.transpose(0, 2, 1)
    planes = np.rot90(planes, k & 3, axes=(1, 2))
    target = np.rot90(target, k & 3, axes=(1, 2))
    moves = target.reshape(len(moves), n * n).argmax(axis=1).astype(np.int32)
    return np.ascontiguousarray(planes), moves


def batches(data, batch, seed, augment=True):
    """Endless random batches (planes, moves, results), each under a random
    symmetry, prepared on a background thread."""
    q = queue.Queue(maxsize=4)
    rng = np.random.default_rng(seed)

    def work():
        while True:
            idx = rng.integers(0, len(data), size=batch)
            planes, moves, results = data.decode(idx)
            if augment:
                planes, moves = symmetry(planes, moves, int(rng.integers(8)))
            q.put((planes, moves, results))

    threading.Thread(target=work, daemon=True).start()
    while True:
        yield q.get()
