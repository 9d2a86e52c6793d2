"""Compute experiments' published runs and publish them to the result store, heavy ones included.

    python -m gated.chapter.experiments publish NAME [NAME ...]     # or --all
        [--store URL]         # where to publish: GATED_STORE's, else the checkout's .cache/
        [--scheduler ADDRESS] # a Dask scheduler to run them on: DASK_SCHEDULER_ADDRESS's, else local processes

A build never computes a heavy experiment (its module's HEAVY): it reads it from the store. This is the
command that computes it, on a machine fit for it, and keeps it where the builds look. A run whose current
version the store holds already is not computed again. It prints what each run cost: computed, or found.
"""

from __future__ import annotations

import argparse
import os
import sys

from . import PUBLISHED, runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gated.chapter.experiments", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    publish = commands.add_parser("publish", help="compute the experiments' published runs and keep them in the store")
    publish.add_argument("names", nargs="*", metavar="NAME", help=f"experiments: {', '.join(PUBLISHED)}")
    publish.add_argument("--all", action="store_true", help="every experiment")
    publish.add_argument("--store", help="the store's folder or URL (default: GATED_STORE, else .cache/)")
    publish.add_argument("--scheduler", help="a Dask scheduler's address (default: DASK_SCHEDULER_ADDRESS)")
    args = parser.parse_args(argv)
    names = list(PUBLISHED) if args.all else args.names
    if not names or set(names) - set(PUBLISHED):
        parser.error(f"name experiments among {', '.join(PUBLISHED)}, or --all")
    if os.environ.get("EXEC_CACHE", "on") == "off":
        parser.error("EXEC_CACHE=off keeps nothing: there would be nothing to publish")
    if args.store:
        os.environ["GATED_STORE"] = args.store
    from ... import store
    from ...torch import cluster, pinned

    pinned.publishing = True  # heavy experiments are computed here, and only here
    pinned.scheduler = args.scheduler or pinned.scheduler
    where = pinned.cluster_address() or "local processes"
    try:
        started = [(name, runs(name)) for name in names]
        for name, pending in started:
            origins = [p.origin() for p in pending]  # waits; raises if a run failed
            print(f"{name}: {origins.count('computed')} computed on {where}, {origins.count('stored')} current"
                  f" already; {len(pending)} in {store.default().name}", flush=True)
    finally:
        cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
