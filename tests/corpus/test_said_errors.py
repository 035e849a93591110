"""The CR importer's and the search's own errors are messages (issue 17): Spanish as they always read, English
with --lang en."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.corpus.cr_en import CRFormatError, parse_cr_file
from judge.messages import error_text


def test_a_missing_cr_file_is_a_message_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(CRFormatError) as info:
        parse_cr_file(tmp_path / "nope.txt")
    assert info.value.said is not None and info.value.said.id == "corpus.cr.no_file"
    assert info.value.said.params["path"] == str(tmp_path / "nope.txt")


def test_rendering_a_cr_format_error_in_spanish_as_before_and_in_english(tmp_path: Path) -> None:
    bad = tmp_path / "rules.txt"
    bad.write_text("hello\n", encoding="utf-8")
    with pytest.raises(CRFormatError) as info:
        parse_cr_file(bad)
    assert str(info.value) == "rules.txt: no parece el texto de las Comprehensive Rules (primera línea: «hello»)"
    assert error_text(info.value, "en") == ("rules.txt: this does not look like the Comprehensive Rules text "
                                            "(first line: «hello»)")
