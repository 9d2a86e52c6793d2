"""Pinned calls on a Dask cluster: `distributed`'s scheduler and workers in place of this machine's processes.

`gated.torch.pinned` sends a kept call here when a scheduler is named (Dask's own DASK_SCHEDULER_ADDRESS, or
a command's ``--scheduler``). The task is `pinned.process`: on a worker it starts the call's pinned process,
as a local run does, with the worker's checkout of `gated`, and returns the versions it ran with beside the
result. The pins make a result the same bits wherever it runs; the caller still checks that the worker ran
this checkout's versions and files before it keeps the result.

distributed is an extra (requirements.txt's last section): it is imported only when a cluster is named.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from typing import Any

_clients: dict[str, Any] = {}  # scheduler address -> its client, one per process
_lock = threading.Lock()


def client(address: str) -> Any:
    """This process's client of the scheduler at `address` (made the first time)."""
    with _lock:
        if address not in _clients:
            from distributed import Client

            _clients[address] = Client(address, set_as_default=False)
            atexit.register(close)  # before the interpreter's own teardown, which its loop would outlive
        return _clients[address]


def run(address: str, task: Callable[..., Any], *args: Any) -> Any:
    """`task(*args)` on a worker of the cluster at `address`; waits for it and returns what it returned.

    Not pure: the same call asked twice is computed twice (pinned runs each call once per process anyway)."""
    return client(address).submit(task, *args, pure=False).result()


def close() -> None:
    """Close this process's clients (the cluster goes on)."""
    with _lock:
        while _clients:
            _clients.popitem()[1].close()
