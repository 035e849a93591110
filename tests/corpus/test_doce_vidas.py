"""The doce-vidas rules: the ids the engine cites are a contract."""
from __future__ import annotations

import pytest

from judge.corpus import Corpus

ENGINE_IDS = (
    ["dv/objetivo", "dv/preparacion/1", "dv/preparacion/2", "dv/turno"]
    + [f"dv/turno/preparacion/{n}" for n in range(1, 5)]
    + ["dv/turno/accion"] + [f"dv/turno/accion/{n}" for n in range(1, 4)]
    + [f"dv/mana/{n}" for n in range(1, 5)]
    + ["dv/tipos"] + [f"dv/tipos/criaturas/{n}" for n in range(1, 10)]
    + ["dv/tipos/reliquias", "dv/tipos/encantamientos", "dv/tipos/hechizos", "dv/tipos/instantaneos"]
    + [f"dv/stack/{n}" for n in range(1, 6)]
    + ["dv/generales/pilas", "dv/generales/reciclar", "dv/generales/reciclar-coste", "dv/generales/curacion",
       "dv/formatos"]
)


@pytest.mark.parametrize("pid", ENGINE_IDS)
def test_engine_ids_exist(corpus: Corpus, pid: str) -> None:
    passage = corpus.passage(pid)
    assert passage is not None and passage.doc == "doce-vidas-reglas" and passage.text


@pytest.mark.parametrize("pid, start", [
    ("dv/objetivo", "Gana quien consiga reducir las vidas del oponente a 0."),
    ("dv/preparacion/1", "Comienza con 12 vidas y 0 de maná."),
    ("dv/preparacion/2", "Baraja su mazo."),
    ("dv/turno", "Cada turno se divide en dos fases."),
    ("dv/turno/preparacion/1", "Tu reserva de maná pasa a 1."),
    ("dv/turno/preparacion/2", "Todos tus permanentes se enderezan."),
    ("dv/turno/preparacion/3", "Descarta cartas hasta tener 2 cartas en la mano."),
    ("dv/turno/preparacion/4", "Roba dos cartas. (El jugador que empieza segundo roba una carta adicional"),
    ("dv/turno/accion/1", "Jugar cartas"), ("dv/turno/accion/2", "Atacar con tus criaturas enderezadas."),
    ("dv/turno/accion/3", "Descartar una carta para obtener 1 de maná. A esto se llama quemarla."),
    ("dv/mana/4", "El maná que no gastes permanece en tu reserva"),
    ("dv/tipos/criaturas/1", "Entran al juego giradas."),
    ("dv/tipos/criaturas/6", "Cuando una criatura ataca a otra, ambas se infligen su daño"),
    ("dv/tipos/criaturas/9", "El daño marcado sobre una criatura desaparece"),
    ("dv/tipos/encantamientos", "Encantamientos: Permanecen unidos al permanente objetivo."),
    ("dv/stack/1", "El stack es el sistema"), ("dv/stack/2", "Sobre una misma carta pueden apilarse"),
    ("dv/stack/5", "Cuando se resuelve alguna situación y varias cartas deben ir a la pila de descartes"),
    ("dv/generales/reciclar", "Reciclar: Cuando un jugador deba roba una carta"),
    ("dv/generales/curacion", "Curación: Algunas cartas te permiten ganar vidas, el máximo de vidas es 24."),
    ("dv/formatos", "Existen varios formatos que puedes jugar."),
])
def test_texts(corpus: Corpus, pid: str, start: str) -> None:
    assert corpus.passage(pid).text.startswith(start)


def test_glued_recycle_cost_is_split(corpus: Corpus) -> None:
    cost = corpus.passage("dv/generales/reciclar-coste")
    assert cost.text == "El coste de vidas comienza en 1 y se duplica cada vez que recicla: 1, 2, 4, 8, 16, 32…"
    assert "Curación" not in cost.text and cost.parent == "dv/generales/reciclar"


def test_structure_and_titles(corpus: Corpus) -> None:
    assert [p.id for p in corpus.children("dv/tipos/criaturas")] == [f"dv/tipos/criaturas/{n}" for n in range(1, 10)]
    assert corpus.passage("dv/tipos/criaturas/10") is None and corpus.passage("dv/stack/6") is None
    assert corpus.passage("dv/turno/preparacion").parent == "dv/turno"
    assert corpus.passage("dv/turno/preparacion/2").title == "Estructura del turno › Fase 1: Preparación › 2"
    assert corpus.passage("dv/generales/curacion").title == "Reglas generales › Curación"
    every = [p.id for p in corpus.documents["doce-vidas-reglas"].passages]
    assert all(p.startswith("dv/") for p in every) and len(every) == len(set(every))
