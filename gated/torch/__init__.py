"""The part of `gated` that needs PyTorch. Importing it imports torch.

`weights` moves weights between `torch.nn` modules and the numpy cells; the
other modules are the chapter's experiments, each named after what it shows.
"""
