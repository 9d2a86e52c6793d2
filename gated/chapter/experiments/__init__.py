"""The chapter's experiments on PyTorch, one module each, named after what it shows.

Each takes its settings as an argument (the published ones are the defaults),
returns typed results, renders its own table and states its claims. The
trainings run pinned (`gated.torch.pinned`), in processes of their own.
"""


def start() -> None:
    """Start every trained experiment's published run in the background, two at a time on two cores.

    The site's build calls this at the first block it has to run, so that the experiments train
    while pages render; a page's block then waits only for what is not finished. Results come
    from the cache under .cache/experiments when nothing they depend on has changed, and when
    every run this started last time is kept and current, it imports nothing (torch included)
    and starts nothing.
    """
    from ...torch import pinned  # not at import: the package's data is read where only numpy is installed

    started = pinned.CACHE / "published.json"  # which calls this started last time
    if pinned.kept(started):
        return
    from . import forget_bias, gradients, scratch

    pinned.remember(started, [*forget_bias.start(), scratch.start(), gradients.start()])
