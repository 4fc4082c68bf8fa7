"""The policy network in JAX, and its export to the weights file the engine
reads (src/predict/net.rs).

A stem convolution (k x k), `blocks` residual blocks of two 3x3
convolutions with batch normalisation, a 1x1 head with a bias giving one
logit a point. Layout NHWC, weights HWIO. Illegal points are masked with
the input's legal plane before the softmax, as the engine does.
"""

import struct

import jax
import jax.numpy as jnp
import numpy as np

LEGAL_PLANE = 13
BN_EPS = 1e-5
BN_MOMENTUM = 0.99


def init(key, planes, channels, blocks, stem_k):
    """Parameters and batch-norm state of a fresh net (He initialisation;
    the second convolution of each block starts at zero scale, so the
    tower starts as the identity)."""

    def conv(key, k, cin, cout):
        std = np.sqrt(2.0 / (k * k * cin))
        return jax.random.normal(key, (k, k, cin, cout), jnp.float32) * std

    def bn(c, gamma=1.0):
        return {"gamma": jnp.full((c,), gamma, jnp.float32), "beta": jnp.zeros((c,), jnp.float32)}

    def stats(c):
        return {"mean": jnp.zeros((c,), jnp.float32), "var": jnp.ones((c,), jnp.float32)}

    keys = jax.random.split(key, 2 * blocks + 2)
    params = {
        "stem": {"w": conv(keys[0], stem_k, planes, channels), **bn(channels)},
        "blocks": [
            [
                {"w": conv(keys[1 + 2 * i], 3, channels, channels), **bn(channels)},
                {"w": conv(keys[2 + 2 * i], 3, channels, channels), **bn(channels, 0.0)},
            ]
            for i in range(blocks)
        ],
        "head": {"w": conv(keys[-1], 1, channels, 1) * 0.1, "b": jnp.zeros((1,), jnp.float32)},
    }
    state = {
        "stem": stats(channels),
        "blocks": [[stats(channels), stats(channels)] for _ in range(blocks)],
    }
    return params, state


def _conv(x, w, dtype=jnp.float32):
    y = jax.lax.conv_general_dilated(
        x.astype(dtype), w.astype(dtype), (1, 1), "SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
        preferred_element_type=jnp.float32,
    )
    return y


def _bn(x, p, s, train):
    if train:
        mean = x.mean(axis=(0, 1, 2))
        var = x.var(axis=(0, 1, 2))
        new = {
            "mean": BN_MOMENTUM * s["mean"] + (1 - BN_MOMENTUM) * mean,
            "var": BN_MOMENTUM * s["var"] + (1 - BN_MOMENTUM) * var,
        }
    else:
        mean, var, new = s["mean"], s["var"], s
    y = (x - mean) * jax.lax.rsqrt(var + BN_EPS) * p["gamma"] + p["beta"]
    return y, new


def logits(params, state, planes, train, dtype=jnp.float32):
    """Logits (B, size * size), illegal points at -1e9, and the new state.
    `dtype` is the convolutions' (bfloat16 on a GPU); they add in float32."""
    conv = lambda x, w: _conv(x, w, dtype)  # noqa: E731
    x, s_stem = _bn(conv(planes, params["stem"]["w"]), params["stem"], state["stem"], train)
    x = jax.nn.relu(x)
    s_blocks = []
    for (p1, p2), (s1, s2) in zip(params["blocks"], state["blocks"]):
        y, n1 = _bn(conv(x, p1["w"]), p1, s1, train)
        y = jax.nn.relu(y)
        y, n2 = _bn(conv(y, p2["w"]), p2, s2, train)
        x = jax.nn.relu(x + y)
        s_blocks.append([n1, n2])
    out = _conv(x, params["head"]["w"])[..., 0] + params["head"]["b"][0]
    b = planes.shape[0]
    out = out.reshape(b, -1)
    legal = planes[..., LEGAL_PLANE].reshape(b, -1) > 0
    out = jnp.where(legal, out, -1e9)
    return out, {"stem": s_stem, "blocks": s_blocks}


def fold(params, state):
    """The weights in the engine's order, batch norm folded into each
    convolution: a list of (w OIHW, bias) pairs, stem, blocks, head."""

    def folded(p, s):
        scale = np.asarray(p["gamma"]) / np.sqrt(np.asarray(s["var"]) + BN_EPS)
        w = np.asarray(p["w"]) * scale  # HWIO, scaled by output channel
        b = np.asarray(p["beta"]) - np.asarray(s["mean"]) * scale
        return w.transpose(3, 2, 0, 1), b

    convs = [folded(params["stem"], state["stem"])]
    for (p1, p2), (s1, s2) in zip(params["blocks"], state["blocks"]):
        convs += [folded(p1, s1), folded(p2, s2)]
    head = params["head"]
    convs.append((np.asarray(head["w"]).transpose(3, 2, 0, 1), np.asarray(head["b"])))
    return convs


def export(params, state, path):
    """Writes the weights file: b"KOSUMINN", u32 version 1, planes,
    channels, blocks, stem size, then every weight as f32, little-endian,
    each convolution's weights (OIHW) then its bias."""
    convs = fold(params, state)
    stem_w = convs[0][0]
    channels, planes, stem_k = stem_w.shape[0], stem_w.shape[1], stem_w.shape[2]
    blocks = len(params["blocks"])
    with open(path, "wb") as f:
        f.write(b"KOSUMINN")
        f.write(struct.pack("<5I", 1, planes, channels, blocks, stem_k))
        for w, b in convs:
            f.write(np.ascontiguousarray(w, dtype="<f4").tobytes())
            f.write(np.ascontiguousarray(b, dtype="<f4").tobytes())


def folded_logits(convs, planes):
    """The forward pass of the exported weights in numpy (what the engine
    computes), for checking an export: logits (B, size * size)."""
    x = planes
    def conv(x, w, b):
        y = np.asarray(_conv(jnp.asarray(x), jnp.asarray(w.transpose(2, 3, 1, 0))))
        return y + b
    x = np.maximum(conv(x, *convs[0]), 0)
    for i in range(1, len(convs) - 1, 2):
        y = np.maximum(conv(x, *convs[i]), 0)
        x = np.maximum(x + conv(y, *convs[i + 1]), 0)
    out = conv(x, *convs[-1])[..., 0]
    return out.reshape(out.shape[0], -1)
