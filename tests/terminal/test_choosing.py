"""Choosing a game for ``hanabi play``: what ``hanabi variants`` and ``hanabi play --help`` say."""

from __future__ import annotations

import pytest

from openhanabi.cli import build_parser, main
from openhanabi.rules import PRESETS


@pytest.mark.parametrize("columns", [60, 80, 160])
def test_every_variant_s_names_are_listed_whole_at_any_width(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], columns: int
) -> None:
    # the names are what --variant takes, both of them: a name cut short cannot be typed
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["variants"]) == 0
    listed = capsys.readouterr().out
    assert max(map(len, listed.splitlines())) <= columns
    assert all(line == line.rstrip() for line in listed.splitlines())  # no padding to copy
    assert "…" not in listed
    for preset in PRESETS:
        assert preset.key in listed.split()
        assert not preset.hanab_live_name or preset.hanab_live_name in " ".join(listed.split())


def test_play_until_perfect_is_explained_for_six_suits_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    option = text.split("--play-until-perfect ")[1].split(" --")[0]
    assert "25" not in option  # a sixth suit makes the perfect score 30
    assert "every firework is complete" in option
