"""The part of `gated` that needs PyTorch. Importing it imports torch.

`weights` moves weights between `torch.nn` modules and the numpy cells; the
other modules are the chapter's experiments, each named after what it shows.
"""


def start() -> None:
    """Start every experiment's published run in the background, two at a time on two cores.

    The site's build calls this first, so that the experiments train while pages render;
    a page's block then waits only for what is not finished. Results come from the
    cache under .cache/experiments when nothing they depend on has changed.
    """
    from . import forget_bias, gradients, scratch

    for experiment in (forget_bias, scratch, gradients):
        experiment.start()
