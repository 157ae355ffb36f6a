"""The API reference: pdoc's pages of ``fives_engine`` and ``fives_tools`` from their
docstrings, written by ``fives docs`` beside the rule books, in ``api/``.

What is documented is what pdoc calls public: modules, classes, functions and attributes
whose names do not start with an underscore, and where a module has ``__all__`` only the
names it lists (so ``fives_engine`` is one page, its public names). The module list is
walked, not written down, so a module added or moved is documented where it now lives.
The pages are rendered in memory and each is written atomically, as the books are; pdoc
(with Jinja) is imported only here, so no other command pays for loading it.
"""

from __future__ import annotations

import functools
import re
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

from fives_tools import files
from fives_tools.book.html import page

PACKAGES = ("fives_engine", "fives_tools")
FOLDER = "api"  #: beside the books: ``<out>/api/index.html``
TEMPLATES = Path(__file__).with_name("api_templates")

_ROLE = re.compile(r"(?::py)?:([a-z]+):`~?([^`]+)`")


class ApiError(Exception):
    """The API reference cannot be built (pdoc missing, or a module that fails to import)."""


def summary(docstring: str) -> str:
    """The first paragraph of a docstring as plain text, its reST roles and literals
    unmarked as pdoc shows them (``:func:`draw``` as ``draw()``)."""
    first = docstring.strip().split("\n\n", 1)[0]
    text = _ROLE.sub(lambda m: m[2] + ("()" if m[1] in ("func", "meth") else ""), first)
    return " ".join(text.replace("``", "").split())


@functools.lru_cache(maxsize=1)
def api_pages() -> tuple[tuple[str, str], ...]:
    """(path under ``api/``, HTML) of every page: the index, then one page per module.

    Rendered once per process: the pages depend only on the code being documented.
    """
    try:
        import pdoc.doc
        import pdoc.extract
        import pdoc.render
    except ImportError as exc:
        raise ApiError(f"the API reference needs pdoc ({exc}): pip install pdoc") from None
    pdoc.render.configure(
        docformat="restructuredtext",  # the docstrings' ``literals`` and :class:`roles`
        show_source=False,  # the reference is read beside the source, not instead of it
        search=False,  # no script and no 1.5 MB index: the pages stay plain HTML
        template_directory=TEMPLATES,
    )
    with warnings.catch_warnings():
        # an annotation naming a type only imported for typing is shown as written
        warnings.filterwarnings("ignore", "Error parsing type annotation", UserWarning)
        try:
            modules = {
                name: pdoc.doc.Module.from_name(name)
                for name in pdoc.extract.walk_specs(list(PACKAGES))
            }
        except (ImportError, RuntimeError) as exc:
            raise ApiError(f"the API reference cannot import a module: {exc}") from None
        for module in modules.values():
            _name_tuple_constructors(module.obj)
        pages = [
            (f"{name.replace('.', '/')}.html", pdoc.render.html_module(module, modules))
            for name, module in modules.items()
        ]
    return (("index.html", index_html(modules)), *pages)


def _name_tuple_constructors(module: ModuleType) -> None:
    """Point each named tuple's generated constructor at its class's module.

    ``NamedTuple`` makes ``__new__`` in a module of its own (``namedtuple_Tile``), where
    pdoc cannot resolve the postponed annotations of the fields (``tile: Tile``) and
    would print them as ``ForwardRef('Tile')``; nothing else reads that attribute.
    """
    for value in vars(module).values():
        new = getattr(value, "__new__", None) if isinstance(value, type) else None
        if hasattr(value, "_fields") and getattr(new, "__module__", "").startswith("namedtuple_"):
            new.__module__ = value.__module__


def _entry(href: str, name: str, docstring: str) -> tuple[str, str, str]:
    return href, name, summary(docstring)


def index_html(modules: dict[str, Any]) -> str:
    """The reference's first page, in the books' style: each package, its summary, and its
    public classes and functions or its modules, each linking its documentation."""
    packages = []
    for name in PACKAGES:
        module = modules[name]
        entries = [
            _entry(f"{name}.html#{member.qualname}", member.qualname, member.docstring)
            for member in module.members.values()
            if member.kind in ("class", "function") and not member.name.startswith("_")
        ] + [
            _entry(f"{sub.fullname.replace('.', '/')}.html", sub.fullname, sub.docstring)
            for sub in module.submodules
            if sub.fullname in modules
        ]
        packages.append((name, summary(module.docstring), entries))
    return page("api_index.html.jinja2", "The Fives family — API reference", packages=packages)


def write_api(out: Path) -> list[Path]:
    """Write the API reference into ``out`` (made if missing); returns the files written."""
    written = []
    for rel, html in api_pages():
        target = out / rel
        files.make_dir(target.parent)
        files.write_text(target, html)
        written.append(target)
    return written
