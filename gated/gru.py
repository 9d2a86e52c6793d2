"""The GRU cell, in both of its conventions.

The chapter's convention, which is Cho et al.'s reset placement:

    z_t = σ(W_z x_t + U_z h_{t-1} + b_z)                 update gate: the share rewritten
    r_t = σ(W_r x_t + U_r h_{t-1} + b_r)                 reset gate
    h̃_t = tanh(W_h x_t + U_h (r_t ⊙ h_{t-1}) + b_h)      reset before U_h
    h_t = (1 - z_t) ⊙ h_{t-1} + z_t ⊙ h̃_t

PyTorch's convention (`torch.nn.GRU`):

    z_t = σ(...)                                          update gate: the share kept
    n_t = tanh(W_n x_t + b_n + r_t ⊙ (U_n h_{t-1} + b_hn))   reset after U_n
    h_t = z_t ⊙ h_{t-1} + (1 - z_t) ⊙ n_t

The z gates convert exactly, since σ(-a) = 1 - σ(a); the candidates do not.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .gate import Gate, sigmoid

# ---------------------------------------------------------------- the chapter's convention


class GRUParams(NamedTuple):
    """A GRU in the chapter's convention: update z, reset r, candidate h."""

    z: Gate
    r: Gate
    h: Gate

    @classmethod
    def random(cls, rng: np.random.Generator, d: int, H: int, scale: float = 0.5) -> GRUParams:
        """A cell with every weight drawn uniformly from (-scale, scale)."""
        return cls(*(Gate.random(rng, d, H, scale) for _ in range(3)))


class GRUStep(NamedTuple):
    """Everything one GRU step computes, by name; each is (H,) or (B, H)."""

    z: np.ndarray
    r: np.ndarray
    h_tilde: np.ndarray
    h: np.ndarray

    @property
    def state(self) -> tuple[np.ndarray]:
        """What the next step reads: (h_t,)."""
        return (self.h,)


def gru_step(p: GRUParams, x: np.ndarray, h: np.ndarray) -> GRUStep:
    """One GRU step in the chapter's convention (reset before U_h; z rewrites).

    Parameters
    ----------
    p : GRUParams
    x : (d,) or (B, d) ndarray
    h : (H,) or (B, H) ndarray
        The previous state h_{t-1}.

    Returns
    -------
    GRUStep
        z, r, the candidate h̃ and the new h.
    """
    z = sigmoid(p.z(x, h))
    r = sigmoid(p.r(x, h))
    h_tilde = np.tanh(p.h(x, r * h))
    h_next = (1 - z) * h + z * h_tilde
    return GRUStep(z, r, h_tilde, h_next)


# ---------------------------------------------------------------- PyTorch's convention


class TorchGRUParams(NamedTuple):
    """A GRU in PyTorch's convention, with PyTorch's names r, z, n.

    `n.b` is the bias outside the reset (b_in) and `b_hn` the one inside it.
    The r and z biases are PyTorch's two bias vectors summed.
    """

    r: Gate
    z: Gate
    n: Gate
    b_hn: np.ndarray


class TorchGRUStep(NamedTuple):
    """Everything one PyTorch-convention GRU step computes, by name."""

    r: np.ndarray
    z: np.ndarray
    n: np.ndarray
    h: np.ndarray

    @property
    def state(self) -> tuple[np.ndarray]:
        """What the next step reads: (h_t,)."""
        return (self.h,)


def torch_gru_step(p: TorchGRUParams, x: np.ndarray, h: np.ndarray) -> TorchGRUStep:
    """One GRU step in PyTorch's convention (reset after U_n; z keeps).

    Parameters
    ----------
    p : TorchGRUParams
    x : (d,) or (B, d) ndarray
    h : (H,) or (B, H) ndarray

    Returns
    -------
    TorchGRUStep
        r, z, the candidate n and the new h, as `torch.nn.GRU` computes them.
    """
    r = sigmoid(p.r(x, h))
    z = sigmoid(p.z(x, h))
    n = np.tanh(x @ p.n.W.T + p.n.b + r * (h @ p.n.U.T + p.b_hn))
    h_next = z * h + (1 - z) * n
    return TorchGRUStep(r, z, n, h_next)


# ---------------------------------------------------------------- between the two


def flip(gate: Gate) -> Gate:
    """The gate that computes 1 - σ(a) where `gate` computes σ(a).

    σ(-a) = 1 - σ(a), so negating W, U and b converts an update gate exactly
    between "the share rewritten" (the chapter) and "the share kept" (PyTorch).
    """
    return Gate(-gate.W, -gate.U, -gate.b)


def to_torch_convention(p: GRUParams) -> TorchGRUParams:
    """The same weights, read by PyTorch's convention.

    The update gate is flipped, which is exact. The candidate keeps its weights
    but PyTorch resets after U_h, which is not the same function.
    """
    return TorchGRUParams(r=p.r, z=flip(p.z), n=p.h, b_hn=np.zeros_like(p.h.b))


class Candidates(NamedTuple):
    """The two candidates for the same weights, state and input."""

    reset_before: np.ndarray  # tanh(W_h x + U_h (r ⊙ h) + b_h), the chapter and Cho et al.
    reset_after: np.ndarray  # tanh(W_h x + b_h + r ⊙ (U_h h)), PyTorch


def candidates(p: GRUParams, x: np.ndarray, h: np.ndarray) -> Candidates:
    """Both candidates h̃ for one step: reset applied before U_h, and after it.

    They agree when h = 0 (PyTorch adds no b_hn here) and differ in general.

    Parameters
    ----------
    p : GRUParams
    x : (d,) or (B, d) ndarray
    h : (H,) or (B, H) ndarray

    Returns
    -------
    Candidates
    """
    r = sigmoid(p.r(x, h))
    before = np.tanh(p.h(x, r * h))
    after = np.tanh(x @ p.h.W.T + p.h.b + r * (h @ p.h.U.T))
    return Candidates(before, after)
