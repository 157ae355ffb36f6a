"""``python -m fives_tools.cli``: the ``fives`` command without its installed script."""

from __future__ import annotations

import sys

from fives_tools.cli import main

sys.exit(main())
