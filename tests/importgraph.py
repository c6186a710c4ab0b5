"""Import graphs of the project's packages, read from the source (lazy imports inside functions included)."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(folder: pathlib.Path) -> dict[str, pathlib.Path]:
    """Every module of a package folder, by its dotted name."""
    return {_module_name(p): p for p in sorted(folder.rglob("*.py"))}


def imports(name: str, path: pathlib.Path, MODULES: dict[str, pathlib.Path]) -> set[str]:
    """The game modules `name` imports (at any depth of its code, lazy imports included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            # `from pkg import mod` imports the submodule pkg.mod when there is one
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    # A submodule's own parent packages are initialised before it: not an edge of a cycle.
    return {t for t in found if not name.startswith(t + ".")}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def graph(folder: pathlib.Path) -> dict[str, set[str]]:
    mods = modules(folder)
    return {name: imports(name, path, mods) for name, path in mods.items()}
