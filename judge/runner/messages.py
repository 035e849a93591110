"""What the runner says about a citation, as message ids (judge/messages.py, prefix `runner`) in Spanish and English
(issue 17): the note of a rule whose document is not imported (citations.IMPORTABLE: how to load it), the short
form said again after the first time, a rule named by its number, a citation no loaded document has. The terminal
trace of `judge run --lang` (render.py) and the run and rule pages render them; Spanish is the wording they always
had (byte-identical). Folders, file names and rule numbers are parameters and stay as they are.
"""
from __future__ import annotations

ES: dict[str, str] = {
    # cr-en before `judge corpus import`: the folder is where the CR file ships beside the checkout
    "runner.cite.import.cr-en": "texto no cargado: importa el CR inglés, que viene en `{folder}` junto a la copia "
                                "del proyecto, con `judge corpus import {folder}MagicCompRules_EN_<fecha>.txt`",
    "runner.cite.not_loaded": "texto no cargado",
    "runner.cite.rule": "regla {number}",
    "runner.cite.outside": "fuera del corpus cargado",
}

EN: dict[str, str] = {
    "runner.cite.import.cr-en": "text not loaded: import the English CR, which ships in `{folder}` beside the "
                                "checkout, with `judge corpus import {folder}MagicCompRules_EN_<date>.txt`",
    "runner.cite.not_loaded": "text not loaded",
    "runner.cite.rule": "rule {number}",
    "runner.cite.outside": "outside the loaded corpus",
}
