"""Choosing a game for ``hanabi play``: what ``hanabi variants`` and ``hanabi play --help`` say."""

from __future__ import annotations

import pytest

from openhanabi.cli import build_parser, main
from openhanabi.rules import PRESETS


def test_every_variant_s_name_is_listed_whole_on_an_80_column_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the name is what --variant takes: a name cut short cannot be typed
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["variants"]) == 0
    listed = capsys.readouterr().out
    assert max(map(len, listed.splitlines())) <= 80
    names = {line.split("│")[1].strip() for line in listed.splitlines() if line.startswith("│")}
    assert {preset.key for preset in PRESETS} <= names


def test_play_until_perfect_is_explained_for_six_suits_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    option = text.split("--play-until-perfect ")[1].split(" --")[0]
    assert "25" not in option  # a sixth suit makes the perfect score 30
    assert "every firework is complete" in option
