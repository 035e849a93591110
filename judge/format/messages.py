"""The scenario format's messages (judge/messages.py): the checker's shape errors (judge/format/validate.py) and the
head of an invalid scenario's answer. Spanish is the wording the errors always had; English is new. Keys, values
and option lists are quoted as the document writes them."""
from __future__ import annotations

ES: dict[str, str] = {
    "format.invalid": "escenario no válido",
    "format.type.null": "nada (null)", "format.type.bool": "un booleano", "format.type.int": "un entero",
    "format.type.float": "un número decimal", "format.type.str": "un texto", "format.type.map": "un mapa",
    "format.type.list": "una lista", "format.type.other": "{name}",
    "format.quoted": "«{value}»",
    "format.not_mapping": "se esperaba un mapa (clave: valor), no {got}",
    "format.key_not_text": "clave no válida {key}: las claves son textos",
    "format.unknown_key": "clave desconocida «{key}»; se esperaba una de: {allowed}",
    "format.missing": "falta este campo obligatorio",
    "format.not_list": "se esperaba una lista, no {got}",
    "format.list_too_long": "lista demasiado larga: {n} {what} (máximo {max})",
    "format.not_integer": "se esperaba un entero, no {got}",
    "format.not_integer_min": "se esperaba un entero ≥ {min}, no {got}",
    "format.integer_below": "se esperaba un entero ≥ {min}, no {got}",
    "format.integer_above": "se esperaba un entero ≤ {max}, no {got}",
    "format.not_boolean": "se esperaba true o false, no {got}",
    "format.not_text": "se esperaba un texto, no {got}",
    "format.empty_text": "el texto no puede estar vacío",
    "format.text_too_long": "texto demasiado largo: {n} caracteres (máximo {max})",
    "format.not_choice": "se esperaba {options}, no {got}",
}

EN: dict[str, str] = {
    "format.invalid": "invalid scenario",
    "format.type.null": "nothing (null)", "format.type.bool": "a boolean", "format.type.int": "an integer",
    "format.type.float": "a decimal number", "format.type.str": "a text", "format.type.map": "a mapping",
    "format.type.list": "a list", "format.type.other": "{name}",
    "format.quoted": "«{value}»",
    "format.not_mapping": "expected a mapping (key: value), not {got}",
    "format.key_not_text": "invalid key {key}: keys are texts",
    "format.unknown_key": "unknown key «{key}»; expected one of: {allowed}",
    "format.missing": "this required field is missing",
    "format.not_list": "expected a list, not {got}",
    "format.list_too_long": "list too long: {n} {what} (at most {max})",
    "format.not_integer": "expected an integer, not {got}",
    "format.not_integer_min": "expected an integer ≥ {min}, not {got}",
    "format.integer_below": "expected an integer ≥ {min}, not {got}",
    "format.integer_above": "expected an integer ≤ {max}, not {got}",
    "format.not_boolean": "expected true or false, not {got}",
    "format.not_text": "expected a text, not {got}",
    "format.empty_text": "the text can't be empty",
    "format.text_too_long": "text too long: {n} characters (at most {max})",
    "format.not_choice": "expected {options}, not {got}",
}
