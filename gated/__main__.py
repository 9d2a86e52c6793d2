"""`python -m gated`: see `gated.chapter.cli`."""

from .chapter.cli import main

raise SystemExit(main())
