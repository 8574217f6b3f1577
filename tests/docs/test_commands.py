"""Every command block of the README, the tutorials and the how-to guides runs as written, in order,
in a fresh folder, and prints what the page shows (tests/docs/blocks.py reads the blocks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.docs.blocks import REPO, Step, matches, pages, steps
from umpire.cli import app


def _run(step: Step, runner: CliRunner) -> str | None:
    """What went wrong with one step, or None."""
    if step.write:
        name, text = step.write
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text(text, encoding="utf-8")
        return None
    r = runner.invoke(app, step.args, input=step.input)
    if r.exception and not isinstance(r.exception, SystemExit):
        return f"raised {r.exception!r}\n{r.output}"
    if step.shown is None and r.exit_code != 0:  # a shown refusal (umpire check's exit 2) is its output
        return f"exit {r.exit_code}\n{r.output}"
    if step.shown is not None and not matches(step.shown, r.output):
        return "the page shows:\n" + "\n".join(step.shown) + "\nbut it printed:\n" + r.output
    return None


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_a_pages_commands_run_as_written(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("UMPIRE_DB", raising=False)
    runner = CliRunner()
    for step in steps(page.read_text(encoding="utf-8")):
        problem = _run(step, runner)
        assert problem is None, f"{page.relative_to(REPO)}: {step.line}\n{problem}"


def test_the_readme_starts_with_the_two_commands_ci_runs():
    """The first block: install and build the demo; install and run the tests, as .ci/run does."""
    first = (REPO / "README.md").read_text(encoding="utf-8").split("```bash\n", 1)[1].splitlines()
    assert first[0].endswith("pip install . && umpire demo")
    assert first[1].endswith('pip install ".[dev]" && python -m pytest')
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith("python -m pytest")


def test_the_readme_is_short():
    assert len((REPO / "README.md").read_text(encoding="utf-8").splitlines()) <= 150


def test_the_blocks_are_read_as_a_reader_reads_them():
    """A planted difference is caught: the matcher is not a test that cannot fail."""
    page = "```console\n$ umpire units abrams\nM1A1\n...\n```\n```bash\ncat > a.yaml <<'EOF'\nx: 1\nEOF\n" \
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && umpire demo\n" \
        "printf 'units\\nquit\\n' | umpire session\n```\n"
    got = steps(page)
    assert [s.line for s in got] == ["umpire units abrams", "cat > a.yaml <<'EOF'", "umpire demo",
                                     "umpire session"]
    assert got[0].shown == ["M1A1", "..."] and got[1].write == ("a.yaml", "x: 1\n")
    assert got[3].input == "units\nquit\n"
    assert matches(["a  b", "...", "z"], "a b\nc\nd\nz\n")
    assert not matches(["a b", "z"], "a b\nc\nz\n")
    assert not matches(["a b"], "a c\n")
    assert matches(["line 8: unknown 'x' (did you mean 'y'? ...)"], "line 8: unknown 'x' (did you mean 'y'? known: y)")
    assert not matches(["line 8: ... 'x'"], "line 9: unknown 'x'")


def test_each_tutorial_begins_from_pip_install_and_ends_with_what_the_reader_has():
    for page in sorted((REPO / "docs" / "tutorials").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        first = text.split("```bash\n", 1)[1].splitlines()[0]
        assert "pip install" in first, page.name
        assert text.split("\n## ")[-1].startswith("What you now have"), page.name


def test_the_readmes_links_reach_pages_of_the_site():
    """The README is read on GitHub, outside the site's strict build: its links are checked here."""
    import re

    text = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert len(links) >= 10
    missing = [link for link in links if not link.startswith("http") and not (REPO / link).exists()]
    assert missing == []
