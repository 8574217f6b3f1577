"""The reference of the file formats is generated from the schema: every field carries its
text, ``docs/formats.md`` is what ``umpire formats --markdown`` prints, and ``umpire formats``
shows it in the terminal."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tests.conftest import REPO
from umpire.ask.fields import field_lines
from umpire.inputs.reference import markdown, reference, sections

DOC = REPO / "docs" / "formats.md"


def untold(model: type[BaseModel]) -> list[str]:
    """The fields of a format (nested ones too) that carry no description."""
    return [f.path for f in field_lines(model, skip=()) if not f.text.strip()]


def test_every_field_of_every_format_carries_its_text():
    missing = [f"{s.title}: {f.path}" for s in sections() for f in s.fields if not f.text.strip()]
    assert missing == [], "give these fields a description= (it is their line in docs/formats.md)"


def test_a_field_without_its_text_is_found():
    class Told(BaseModel):
        a: int = Field(1, description="a number")

    class Untold(BaseModel):
        told: Told
        b: str = "x"
        items: dict[str, Told] = Field(default_factory=dict, description="told ones by id")

    assert untold(Untold) == ["told", "b"]
    assert [f.path for f in field_lines(Untold)] == ["told", "told.a", "b", "items", "items.ID.a"]


def test_every_kind_is_in_the_reference():
    kinds = {s.kind for s in sections()}
    assert kinds == set(reference())
    cases = [s.title for s in sections("case")]
    assert "case: auftragstaktik fire" in cases and "case: mbt fire" in cases and "case: mbt measure" in cases


def test_docs_formats_is_the_generated_reference():
    assert DOC.read_text(encoding="utf-8") == markdown() + "\n", (
        "docs/formats.md is out of date: umpire formats --markdown > docs/formats.md")


def test_umpire_formats_prints_it(cli):
    r = cli("formats", "orders-auftragstaktik")
    assert r.exit_code == 0
    assert "units.ID.fire_in" in r.output and "the combat phases it fires in" in r.output
    r = cli("formats", "scenario", "--markdown")
    assert r.exit_code == 0 and r.output.startswith("# File formats")
    assert "| `sides[].formations[].formations` | a list (each as sides[].formations[]) |" in r.output
    r = cli("formats", "charts")
    assert r.exit_code == 2 and r.stderr.startswith("Error: unknown kind of file 'charts' (did you mean 'chart'?")

