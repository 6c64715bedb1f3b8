"""The package's layers import only in the allowed directions, and no module
imports another that (directly or not) imports it back.

The table below is the one the subpackages' docstrings state; a new import
that crosses a layer the wrong way (the engine reaching for a file loader, the
drawing for Sphinx ...) fails here with the module and the line.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mancala_diagrams"
NAME = "mancala_diagrams"

# layer -> the layers it may import (itself, errors, limits, atomic and languages always allowed)
ALLOWED = {
    "errors": set(),
    "limits": set(),
    "atomic": set(),
    "languages": set(),
    "engine": set(),
    "files": {"engine"},
    "drawing": {"engine"},
    "view": {"engine", "files", "drawing"},
    "solver": set(),
    "play": {"engine", "drawing"},      # the drawing's words only: tests/test_play_bundle.py
    "sphinx": {"engine", "files", "drawing", "view", "solver", "play"},
    "cli": {"engine", "files", "drawing", "view", "solver"},
    "": {"errors"},   # the package's own __init__
}
# third-party packages a layer must not use
FORBIDDEN_THIRD_PARTY = {
    "engine": {"yaml", "PIL", "sphinx", "docutils", "jsonschema", "jsonschema_rs"},
    "files": {"PIL", "sphinx", "docutils"},
    "drawing": {"yaml", "sphinx", "docutils", "jsonschema", "jsonschema_rs"},
    "view": {"sphinx", "docutils"},
    "solver": {"yaml", "PIL", "sphinx", "docutils", "jsonschema", "jsonschema_rs"},
    "play": {"yaml", "PIL", "babel", "sphinx", "docutils", "jsonschema", "jsonschema_rs"},
    "cli": {"sphinx", "docutils"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    # "from .. import __version__" names the package itself
    return parts[1] if len(parts) > 1 and not parts[1].startswith("__") else ""


def imports_of(path: Path):
    """(line, imported module, top-level?) for every import of the file, relative ones resolved."""
    mod = module_name(path)
    is_pkg = path.name == "__init__.py"
    package = mod if is_pkg else mod.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top = set(id(n) for n in tree.body)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name, id(node) in top
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module is None or node.level and not node.module:
                # "from . import x": each name may be a module
                for a in node.names:
                    yield node.lineno, f"{target}.{a.name}", id(node) in top
            else:
                yield node.lineno, target, id(node) in top


def all_modules():
    return sorted(p for p in PACKAGE.rglob("*.py"))


def test_every_subpackage_states_what_it_may_import():
    for sub in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").exists()):
        doc = ast.get_docstring(ast.parse((sub / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "May import" in doc, f"{sub.name}/__init__.py: the docstring must say what the layer may import"
        assert sub.name in ALLOWED, f"{sub.name}: a new layer needs its row in ALLOWED"


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: module_name(p))
def test_imports_follow_the_layers(path):
    mod = module_name(path)
    layer = layer_of(mod)
    wrong = []
    for line, target, _ in imports_of(path):
        if target.startswith(NAME + ".") or target == NAME:
            other = layer_of(target)
            if other in ("", "errors", "limits", "atomic", "languages", layer) or other in ALLOWED.get(layer, set()):
                continue
            wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {mod} ({layer or 'package'}) imports {target} ({other})")
        elif target.split(".")[0] in FORBIDDEN_THIRD_PARTY.get(layer, set()):
            wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {mod} ({layer}) imports {target}")
    assert not wrong, "\n".join(wrong)


def test_no_import_circle():
    """Module-level imports form no cycle (imports inside functions are not counted: they run later)."""
    modules = {module_name(p): p for p in all_modules()}
    graph = {}
    for mod, path in modules.items():
        deps = set()
        for _, target, at_top in imports_of(path):
            if not at_top:
                continue
            while target and target not in modules:
                target = target.rpartition(".")[0]
            # a package's __init__ importing its own modules is how a package is made, not a cycle
            if target and target != mod and not target.startswith(mod + "."):
                deps.add(target)
        graph[mod] = deps
    state, stack, cycles = {}, [], []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                cycles.append(" -> ".join(stack[stack.index(d):] + [d]))
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import circles:\n" + "\n".join(cycles)


def test_the_checker_sees_a_wrong_import(tmp_path, monkeypatch):
    """The test itself can fail: an engine module importing the drawing is reported."""
    global PACKAGE
    fake = tmp_path / NAME
    (fake / "engine").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "engine" / "__init__.py").write_text('"""May import: nothing."""\n')
    bad = fake / "engine" / "bad.py"
    bad.write_text("from ..drawing.render import render_png\nimport PIL\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    with pytest.raises(AssertionError) as info:
        test_imports_follow_the_layers(bad)
    assert "imports mancala_diagrams.drawing.render (drawing)" in str(info.value)
    assert "imports PIL" in str(info.value)
