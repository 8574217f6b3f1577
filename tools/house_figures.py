"""Print the house's figures, read from the code (its syntax trees), for one checkout or two
side by side.

    python tools/house_figures.py                     # this checkout
    python tools/house_figures.py --against ../other  # this one and another, side by side
    python tools/house_figures.py --list long         # the items behind one figure

What each figure counts (over ``umpire/`` unless said):

- ``state keys``: uses of a string key on the free-form state dicts, an attribute named
  ``extra`` or ``notes`` subscripted, or asked with ``.get``, ``.setdefault``, ``.pop`` or
  ``in`` (and the keys under such a key, ``x.extra["mbt"]["moved"]``); with the distinct keys
  and the files they are in.
- ``long``: functions over 60 lines (from ``def`` to the last line of the body).
- ``many params``: functions with 8 or more parameters (``self`` and ``cls`` not counted).
- ``private imports``: a private name (``_x``, not a dunder) of another module of the package,
  imported from it or read as an attribute of it; with the distinct names.
- ``dead``: functions and methods defined in ``umpire/`` whose name is never used anywhere in
  ``umpire/``, ``tests/`` or ``bench/`` (as a name, an attribute, an import, or a string that is
  an identifier or a ``module:function`` path); dunders, tests, ``visit_*`` and functions under
  a decorator that registers them (a call such as ``@app.command()``) are left out.
- ``cycles``: groups of modules that import one another (strongly connected components of the
  runtime import graph, imports inside functions included; ``TYPE_CHECKING`` imports are not
  runtime ones), with the largest; and those of module-level imports alone.
- ``imports in functions``: the share of runtime import statements that sit inside a function;
  and those that load only modules of the package their module loads at start anyway (through
  its module-level imports and its packages' ``__init__``, followed to the end): such an import
  keeps nothing lazy, it only hides a dependency. One whose line says why (``# lazy: ...``, for
  example a name its package makes after loading the module) is not counted.
- ``loose root modules``: modules directly under ``umpire/`` (beside ``__init__`` and ``__main__``).
- ``ruleset names``: string constants in generic code (outside a ruleset's own folders and
  modules) that are or hold a ruleset's name (``"mbt"``, ``"orders-mbt"``), sentences and
  docstrings left out; the rulesets are the folders of ``rulesets/`` with a ``ruleset.yaml``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

LONG = 60
MANY = 8
STATE_DICTS = ("extra", "notes")
SAFE_DECORATORS = {"cache", "lru_cache", "cached_property", "property", "staticmethod", "classmethod",
                   "abstractmethod", "contextmanager", "wraps", "recorded", "overload"}


@dataclass
class Module:
    name: str  # dotted
    path: Path
    tree: ast.Module
    is_package: bool


@dataclass
class Figures:
    values: dict[str, str] = field(default_factory=dict)
    items: dict[str, list[str]] = field(default_factory=dict)

    def put(self, name: str, value: object, items: list[str] | None = None) -> None:
        self.values[name] = str(value)
        if items is not None:
            self.items[name] = items


def read_tree(root: Path, folder: str) -> list[Module]:
    out = []
    for path in sorted((root / folder).rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = list(rel.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except SyntaxError:
            continue
        out.append(Module(".".join(parts), path, tree, is_package))
    return out


def functions(tree: ast.AST) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """Every function in ``tree`` with its qualified name inside the module."""
    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield child, prefix + child.name
                yield from walk(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)
    yield from walk(tree, "")


def type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of the import statements under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                or isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"):
            for sub in node.body:
                for inner in ast.walk(sub):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        out.add(id(inner))
    return out


def imports(module: Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every runtime import statement of a module, and whether it sits inside a function."""
    typing_only = type_checking_nodes(module.tree)

    def walk(node: ast.AST, inside: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                if id(child) not in typing_only and not (isinstance(child, ast.ImportFrom)
                                                         and child.module == "__future__"):
                    yield child, inside
            else:
                yield from walk(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))
    yield from walk(module.tree, False)


def absolute(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    if not module.is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def targets(module: Module, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[tuple[str, str | None]]:
    """The modules of the package an import statement loads, each with the name it takes from
    it (None: the module itself)."""
    out: list[tuple[str, str | None]] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                out.append((alias.name, None))
        return out
    base = absolute(module, node)
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in known:
            out.append((sub, None))
        elif base in known:
            out.append((base, alias.name))
    return out


# -- the figures --------------------------------------------------------------------------------
def state_keys(mods: list[Module]) -> tuple[int, int, int, list[str]]:
    uses: Counter[str] = Counter()
    files: dict[str, set[str]] = defaultdict(set)

    def rooted(node: ast.AST) -> bool:
        """Whether ``node`` is a state dict (``x.extra``) or a key's value under one."""
        while True:
            if isinstance(node, ast.Attribute) and node.attr in STATE_DICTS:
                return True
            if isinstance(node, ast.Subscript):
                node = node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "get", "setdefault"):
                node = node.func.value
            else:
                return False

    def key(node: ast.AST) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    for m in mods:
        for node in ast.walk(m.tree):
            k = None
            if isinstance(node, ast.Subscript) and rooted(node.value):
                k = key(node.slice)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                    "get", "setdefault", "pop") and node.args and rooted(node.func.value):
                k = key(node.args[0])
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn) \
                    and rooted(node.comparators[0]):
                k = key(node.left)
            if k is not None:
                uses[k] += 1
                files[k].add(str(m.path))
    every_file = set().union(*files.values()) if files else set()
    items = [f"{n:4} {k} ({len(files[k])} files)" for k, n in uses.most_common()]
    return sum(uses.values()), len(uses), len(every_file), items


def long_functions(mods: list[Module]) -> list[str]:
    out = []
    for m in mods:
        for fn, name in functions(m.tree):
            n = (fn.end_lineno or fn.lineno) - fn.lineno + 1
            if n > LONG:
                out.append((n, f"{n:4} {m.name}.{name}"))
    return [s for _, s in sorted(out, reverse=True)]


def many_params(mods: list[Module]) -> list[str]:
    out = []
    for m in mods:
        for fn, name in functions(m.tree):
            a = fn.args
            names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
            names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
            n = len([x for x in names if x not in ("self", "cls")])
            if n >= MANY:
                out.append((n, f"{n:4} {m.name}.{name}"))
    return [s for _, s in sorted(out, reverse=True)]


def private_imports(mods: list[Module]) -> tuple[int, list[str]]:
    known = {m.name for m in mods}
    private = re.compile(r"^_(?!_)")
    uses: Counter[str] = Counter()
    for m in mods:
        bound: dict[str, str] = {}  # a local name -> the module of the package it stands for
        for node, _inside in imports(m):
            for target, name in targets(m, node, known):
                if target == m.name:
                    continue
                if name is None:
                    alias = next((a for a in node.names if a.name == target or a.name == target.rsplit(".", 1)[1]),
                                 None)
                    if alias is not None and (alias.asname or isinstance(node, ast.ImportFrom)):
                        bound[alias.asname or alias.name] = target
                elif private.match(name):
                    uses[f"{target}.{name}"] += 1
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Attribute) and private.match(node.attr) and isinstance(node.value, ast.Name) \
                    and node.value.id in bound:
                uses[f"{bound[node.value.id]}.{node.attr}"] += 1
    return sum(uses.values()), [f"{n:4} {k}" for k, n in uses.most_common()]


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _decorator_name(node: ast.expr) -> tuple[str, bool]:
    """A decorator's last name, and whether it is called (``@app.command()``)."""
    called = isinstance(node, ast.Call)
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr, called
    if isinstance(node, ast.Name):
        return node.id, called
    return "", called


def _inherited(module: Module) -> dict[str, set[str]]:
    """By class of ``module``, the names its bases from outside the package (a library, the
    standard library, a builtin) define: an override of one is called by them."""
    import builtins
    import importlib

    where: dict[str, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level and \
                not node.module.startswith(module.name.split(".")[0]):
            for alias in node.names:
                where[alias.asname or alias.name] = f"{node.module}:{alias.name}"
    out: dict[str, set[str]] = {}
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.ClassDef):
            continue
        names: set[str] = set()
        for base in node.bases:
            base = base.value if isinstance(base, ast.Subscript) else base
            obj = None
            if isinstance(base, ast.Name) and base.id in where:
                mod, _, attr = where[base.id].partition(":")
                try:
                    obj = getattr(importlib.import_module(mod), attr, None)
                except ImportError:
                    obj = None
            elif isinstance(base, ast.Name):
                obj = getattr(builtins, base.id, None)
            if isinstance(obj, type) and obj.__module__ != "pydantic.main":
                names |= set(dir(obj))
        out[node.name] = names
    return out


def dead_functions(mods: list[Module], others: list[Module]) -> list[str]:
    used: Counter[str] = Counter()
    ident = re.compile(r"^[A-Za-z_][\w.:]*$")
    for m in [*mods, *others]:
        docs = _docstring_ids(m.tree)
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Name):
                used[node.id] += 1
            elif isinstance(node, ast.Attribute):
                used[node.attr] += 1
            elif isinstance(node, ast.alias):
                used[node.name.rsplit(".", 1)[-1]] += 1
            elif isinstance(node, ast.keyword) and node.arg:
                used[node.arg] += 1
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and ident.match(node.value):
                for word in re.split(r"[.:]", node.value):
                    used[word] += 1
    out = []
    for m in mods:
        inherited = _inherited(m)
        for fn, name in functions(m.tree):
            n = fn.name
            if n.startswith("__") and n.endswith("__") or n.startswith(("test_", "visit_")) or used[n]:
                continue
            if n in inherited.get(name.rpartition(".")[0], ()):
                continue  # an override a library calls (a completer's get_completions, a dict's popitem)
            if any(_decorator_name(d)[0] not in SAFE_DECORATORS or _decorator_name(d)[1] and
                   _decorator_name(d)[0] not in ("lru_cache", "wraps") for d in fn.decorator_list):
                continue
            out.append(f"{m.name}.{name} ({m.path.name}:{fn.lineno})")
    return sorted(out)


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan, iterative) of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return sorted(out, key=lambda g: (-len(g), g))


def cycles(mods: list[Module]) -> tuple[list[list[str]], list[list[str]], int, int]:
    known = {m.name for m in mods}
    every: dict[str, set[str]] = {m.name: set() for m in mods}
    top: dict[str, set[str]] = {m.name: set() for m in mods}
    inside = total = 0
    for m in mods:
        for node, in_fn in imports(m):
            total += 1
            inside += in_fn
            for target, _ in targets(m, node, known):
                if target != m.name:
                    every[m.name].add(target)
                    if not in_fn:
                        top[m.name].add(target)
    return _components(every), _components(top), inside, total


def loaded_at_start(mods: list[Module]) -> dict[str, set[str]]:
    """Per module, the modules of the package importing it loads: its module-level imports and
    its packages' ``__init__``, followed to the end."""
    known = {m.name for m in mods}
    top: dict[str, set[str]] = {m.name: set() for m in mods}
    for m in mods:
        for node, in_fn in imports(m):
            if not in_fn:
                top[m.name].update(t for t, _ in targets(m, node, known))

    def packages(name: str) -> list[str]:
        parts = name.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts))]

    out: dict[str, set[str]] = {}
    for name in top:
        seen: set[str] = set()
        todo = [name, *packages(name)]
        while todo:
            x = todo.pop()
            if x in seen or x not in top:
                continue
            seen.add(x)
            todo += [*top[x], *packages(x)]
        out[name] = seen
    return out


def needless_lazy_imports(mods: list[Module]) -> list[str]:
    """Imports inside functions that load only modules of the package their module has loaded
    at start anyway."""
    known = {m.name for m in mods}
    loaded = loaded_at_start(mods)
    out = []
    for m in mods:
        lines = m.path.read_text(encoding="utf-8").splitlines()
        for node, in_fn in imports(m):
            if in_fn and "# lazy:" in lines[(node.end_lineno or node.lineno) - 1]:
                continue
            found = targets(m, node, known) if in_fn else []
            if found and len(found) == len(node.names) and all(t in loaded[m.name] for t, _ in found):
                out.append(f"{m.name}:{node.lineno} {ast.unparse(node)}")
    return out


def ruleset_names(root: Path, mods: list[Module]) -> tuple[int, list[str]]:
    names = sorted(p.parent.name for p in (root / "rulesets").glob("*/ruleset.yaml"))
    if not names:
        return 0, []
    pattern = re.compile(rf"(?<![a-z])({'|'.join(map(re.escape, names))})(?![a-z])", re.IGNORECASE)
    out = []
    for m in mods:
        if any(pattern.search(part) for part in m.name.split(".")):
            continue  # a ruleset's own folder or module
        docs = _docstring_ids(m.tree)
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and not re.search(r"\s", node.value) and pattern.search(node.value):
                out.append(f"{m.name}:{node.lineno} {node.value!r}")
    return len(out), out


def figures(root: Path) -> Figures:
    mods = read_tree(root, "umpire")
    others = [*read_tree(root, "tests"), *read_tree(root, "bench")] if (root / "tests").exists() else []
    f = Figures()
    uses, keys, files, items = state_keys(mods)
    f.put("state keys: uses", uses, items)
    f.put("state keys: distinct", keys)
    f.put("state keys: files", files)
    f.put("functions over 60 lines", len(long := long_functions(mods)), long)
    f.put("functions with 8+ parameters", len(many := many_params(mods)), many)
    n, priv = private_imports(mods)
    f.put("private names across modules: uses", n, priv)
    f.put("private names across modules: distinct", len(priv))
    f.put("dead functions", len(dead := dead_functions(mods, others)), dead)
    every, top, inside, total = cycles(mods)
    f.put("import cycles", len(every), [f"{len(g):3} {' '.join(g)}" for g in every])
    f.put("import cycles: largest", max((len(g) for g in every), default=0))
    f.put("import cycles: module-level imports alone", len(top), [f"{len(g):3} {' '.join(g)}" for g in top])
    f.put("imports inside functions", f"{inside / total:.0%} ({inside} of {total})" if total else "0%")
    f.put("imports inside functions of modules loaded at start", len(lazy := needless_lazy_imports(mods)), lazy)
    loose = sorted(p.stem for p in (root / "umpire").glob("*.py") if p.stem not in ("__init__", "__main__"))
    f.put("loose root modules", len(loose), loose)
    n, quoted = ruleset_names(root, mods)
    f.put("ruleset names quoted in generic code", n, quoted)
    f.put("modules", len(mods))
    f.put("lines", sum(len(m.path.read_text(encoding="utf-8").splitlines()) for m in mods))
    return f


ALIASES = {"state": "state keys: uses", "long": "functions over 60 lines", "params": "functions with 8+ parameters",
           "private": "private names across modules: uses", "dead": "dead functions", "cycles": "import cycles",
           "cycles-top": "import cycles: module-level imports alone", "loose": "loose root modules",
           "names": "ruleset names quoted in generic code",
           "lazy": "imports inside functions of modules loaded at start"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], prog="house_figures")
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout to read (default: this one)")
    parser.add_argument("--against", help="another checkout, shown beside it")
    parser.add_argument("--list", choices=sorted(ALIASES), help="print the items behind one figure")
    args = parser.parse_args(argv)
    here = figures(Path(args.root))
    if args.list:
        for line in here.items.get(ALIASES[args.list], []):
            print(line)
        return 0
    other = figures(Path(args.against)) if args.against else None
    width = max(len(k) for k in here.values)
    col = max(len(v) for f in (here, other) if f is not None for v in f.values.values())
    head = f"{'figure':<{width}}  {'this':>{col}}" + (f"  {'against':>{col}}" if other else "")
    print(head)
    print("-" * len(head))
    for k, v in here.values.items():
        line = f"{k:<{width}}  {v:>{col}}"
        if other is not None:
            line += f"  {other.values.get(k, '-'):>{col}}"
        print(line)
    if other is not None:
        print(f"\nthis: {Path(args.root).resolve().name}, against: {Path(args.against).resolve().name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
