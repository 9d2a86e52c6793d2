"""The chapter's experiments on PyTorch, one module each, named after what it shows.

Each takes its settings as an argument (the published ones are the defaults),
returns typed results, renders its own table and states its claims. The
trainings run pinned (`gated.torch.pinned`), in processes of their own, and
their results are kept in the result store (`gated.store`).

An experiment that wants a GPU, or minutes, says so in its module,
``HEAVY = "trains for 40 minutes"``: then no build computes it (not
`mkdocs serve`, not CI); builds read it from the store, and the one command
that computes and publishes it is ``python -m gated.chapter.experiments
publish NAME`` (`__main__`). None of this chapter's is heavy.
"""

PUBLISHED = ("forget_bias", "scratch", "gradients", "practice")  # the experiments whose published runs `start` starts


def start() -> None:
    """Start every trained experiment's published run in the background, two at a time on two cores.

    The site's build calls this at the first block it has to run, so that the experiments train
    while pages render; a page's block then waits only for what is not finished. Results come
    from the store when nothing they depend on has changed, and when every run this started
    last time is kept and current, it imports nothing (torch included) and starts nothing.
    """
    from ...torch import pinned  # not at import: the package's data is read where only numpy is installed

    started = pinned.CACHE / "published.json"  # which calls this started last time
    if pinned.kept(started):
        return
    pinned.remember(started, [run for name in PUBLISHED for run in runs(name)])


def runs(name: str) -> list:
    """Start the published runs of experiment `name` (a module of this package); their `pinned.Pending`s."""
    import importlib

    started = importlib.import_module(f"{__name__}.{name}").start()
    return started if isinstance(started, list) else [started]
