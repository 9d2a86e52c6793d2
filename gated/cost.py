"""Parameter counts, by formula.

Each block of a cell has an H×d matrix on the input, an H×H matrix on the
state and its bias: H·d + H² + H numbers. A plain RNN has one block, a GRU
three and an LSTM four. PyTorch keeps two bias vectors per block, so there a
block costs H·d + H² + 2H. Layer l > 1 reads the D·H outputs of the layer
below, where D = 2 for a bidirectional stack.
"""

from __future__ import annotations

BLOCKS = {"rnn": 1, "gru": 3, "lstm": 4}


def count(
    cell: str,
    d: int,
    H: int,
    *,
    biases: int = 1,
    layers: int = 1,
    bidirectional: bool = False,
) -> int:
    """Parameters of a recurrent layer stack.

    Parameters
    ----------
    cell : {"rnn", "gru", "lstm"}
    d : int
        Input size of the first layer.
    H : int
        Hidden size.
    biases : {1, 2}
        Bias vectors per block: 1 in the chapter's equations, 2 in PyTorch.
    layers : int
    bidirectional : bool

    Returns
    -------
    int
    """
    if cell not in BLOCKS:
        raise ValueError(f"unknown cell {cell!r}; expected one of {', '.join(BLOCKS)}")
    if biases not in (1, 2):
        raise ValueError(f"biases must be 1 or 2, not {biases!r}")
    for name, n in (("d", d), ("H", H), ("layers", layers)):
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"{name} must be a positive integer, not {n!r}")
    if not isinstance(bidirectional, bool):
        raise ValueError(f"bidirectional must be True or False, not {bidirectional!r}")
    D = 2 if bidirectional else 1
    total = 0
    for layer in range(layers):
        d_l = d if layer == 0 else D * H
        total += D * BLOCKS[cell] * (H * d_l + H * H + biases * H)
    return total


def block(d: int, H: int) -> int:
    """One block with one bias: H(H + d) + H, the cost of one gate."""
    return count("rnn", d, H)
