"""``python -m fives_tools.render --regen-golden [DIR]``: rewrite the golden DOT files.

Run from the repository root after an intended change to the pictures, look at the diff
(and at a few PNGs), and commit the new files with the change.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from fives_tools.options import Parser
from fives_tools.render.golden import regenerate

DEFAULT = Path("tests") / "golden" / "render"


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m fives_tools.render", description=__doc__)
    parser.add_argument(
        "--regen-golden",
        nargs="?",
        const=str(DEFAULT),
        metavar="DIR",
        help=f"rewrite the golden DOT files (default folder: {DEFAULT})",
    )
    args = parser.parse_args(argv)
    if args.regen_golden is None:
        parser.print_help()
        return 2
    written = regenerate(Path(args.regen_golden))
    print(f"wrote {len(written)} golden DOT files to {args.regen_golden}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
