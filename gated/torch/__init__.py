"""The part of `gated` that needs PyTorch. Importing it imports torch.

`weights` moves weights between `torch.nn` modules and the numpy cells, the
bridge by which torch serves as the cells' oracle; `pinned` runs a function in a
fresh process whose numerics are the same on every x86-64 CPU, and keeps its
result while the code it used is unchanged.
"""
