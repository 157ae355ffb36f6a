"""The committed playthroughs: one per game, written by OpenSpiel's own generator and
re-checked by the tests, as OpenSpiel does for its games. After an intended change,
regenerate them with ``python -m fives_openspiel.playthroughs DIR`` and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

from open_spiel.python.algorithms import generate_playthrough

import fives_openspiel  # noqa: F401 - registers the games
from fives_tools import files

#: File name -> (game string, seed of the generator's random choices).
PLAYTHROUGHS = {
    "fives_five_up.txt": ("fives_five_up(per_hand=true)", 1),
    "fives_exact_61.txt": ("fives_exact_61(players=3,per_hand=true)", 2),
    "fives_all_fives.txt": ("fives_all_fives(target=50)", 2),  # a whole match: 3 hands, a block
}


def write(folder: Path) -> list[Path]:
    """(Re)write every playthrough into ``folder``, each atomically (:mod:`fives_tools.files`)."""
    files.make_dir(folder)
    written = []
    for name, (game, seed) in PLAYTHROUGHS.items():
        text = generate_playthrough.playthrough(game, None, seed=seed)
        files.write_text(folder / name, text)
        written.append(folder / name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m fives_openspiel.playthroughs DIR", file=sys.stderr)
        return 2
    for path in write(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
