"""What the corpus's own modules say, as message ids (judge/messages.py, prefix `corpus`) in Spanish and English
(issue 17): why a file is not the Comprehensive Rules (cr_en.py's CRFormatError), why an import is refused or an
imported document cannot be read back (importer.py). `judge corpus import|diff|impact --lang` and the pages render
them; Spanish is the wording they always had (byte-identical). Paths, rule numbers, versions and the quoted lines of
the file are parameters and stay as they are. (The manifest's and the parsers' errors, English developer messages
about the bundled corpus, are left as they are.)
"""
from __future__ import annotations

ES: dict[str, str] = {
    # cr_en.py: reading the file
    "corpus.cr.no_file": "no existe el archivo {path}",
    "corpus.cr.not_a_file": "{path} no es un archivo",
    "corpus.cr.too_big": "{path} ocupa {size} bytes: demasiado grande para ser las reglas",
    "corpus.cr.not_utf8": "{path} no es texto UTF-8 (byte {byte}): no son las Comprehensive Rules",
    "corpus.cr.in_file": "{name}: {error}",
    # cr_en.py: parsing its text
    "corpus.cr.no_date": "no se encuentra la fecha de vigencia (\"These rules are effective as of …\")",
    "corpus.cr.bad_month": "fecha de vigencia ilegible: mes desconocido «{month}»",
    "corpus.cr.bad_date": "fecha de vigencia imposible: «{date}»",
    "corpus.cr.empty": "el texto está vacío",
    "corpus.cr.not_cr": "no parece el texto de las Comprehensive Rules (primera línea: «{head}»)",
    "corpus.cr.no_rules": "no se encontró ninguna regla numerada (como «100.1. …»)",
    "corpus.cr.twice": "la regla {number} aparece dos veces",
    "corpus.cr.stray": "texto fuera de cualquier regla: «{line}»",
    "corpus.cr.no_definition": "el término del glosario «{term}» no tiene definición",
    # importer.py
    "corpus.import.unreadable": "{path}: no se puede leer el documento importado ({error})",
    "corpus.import.no_version": "{path}: el documento importado no tiene versión",
    "corpus.import.older": "ya está cargada la versión {previous}, más reciente que {version}; usa --force para "
                           "reemplazarla de todos modos",
}

EN: dict[str, str] = {
    "corpus.cr.no_file": "the file {path} does not exist",
    "corpus.cr.not_a_file": "{path} is not a file",
    "corpus.cr.too_big": "{path} is {size} bytes: too big to be the rules",
    "corpus.cr.not_utf8": "{path} is not UTF-8 text (byte {byte}): it is not the Comprehensive Rules",
    "corpus.cr.in_file": "{name}: {error}",
    "corpus.cr.no_date": "the effective date is missing (\"These rules are effective as of …\")",
    "corpus.cr.bad_month": "unreadable effective date: unknown month «{month}»",
    "corpus.cr.bad_date": "impossible effective date: «{date}»",
    "corpus.cr.empty": "the text is empty",
    "corpus.cr.not_cr": "this does not look like the Comprehensive Rules text (first line: «{head}»)",
    "corpus.cr.no_rules": "no numbered rule found (such as «100.1. …»)",
    "corpus.cr.twice": "rule {number} appears twice",
    "corpus.cr.stray": "text outside any rule: «{line}»",
    "corpus.cr.no_definition": "the glossary term «{term}» has no definition",
    "corpus.import.unreadable": "{path}: the imported document cannot be read ({error})",
    "corpus.import.no_version": "{path}: the imported document has no version",
    "corpus.import.older": "version {previous}, newer than {version}, is already loaded; use --force to replace it "
                           "anyway",
}
