"""`python -m gated`: see `gated.cli`."""

from .cli import main

raise SystemExit(main())
