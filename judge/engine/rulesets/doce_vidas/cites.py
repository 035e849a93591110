"""Passage ids of rules_corpus/doce-vidas-reglas.txt, as the corpus parser names them (fixed ids)."""
from __future__ import annotations

OBJETIVO = "dv/objetivo"                                   # gana quien reduzca las vidas del oponente a 0
PREPARACION = "dv/preparacion"                             # «Cada jugador:»
PREP_VIDAS = "dv/preparacion/1"                            # 12 vidas y 0 de maná
PREP_BARAJA = "dv/preparacion/2"                           # baraja su mazo
TURNO = "dv/turno"                                         # dos fases
FASE_PREPARACION = "dv/turno/preparacion"                  # «Fase 1: Preparación. En este orden:»
TURNO_MANA = "dv/turno/preparacion/1"                      # tu reserva de maná pasa a 1
TURNO_ENDEREZAR = "dv/turno/preparacion/2"                 # todos tus permanentes se enderezan
TURNO_DESCARTAR = "dv/turno/preparacion/3"                 # descarta hasta tener 2 cartas
TURNO_ROBAR = "dv/turno/preparacion/4"                     # roba dos (+1 el segundo jugador en su primer turno)
ACCION = "dv/turno/accion"                                 # acciones en el orden que quieras
ACCION_JUGAR = "dv/turno/accion/1"                         # jugar cartas pagando su coste
ACCION_ATACAR = "dv/turno/accion/2"                        # atacar con tus criaturas enderezadas
ACCION_QUEMAR = "dv/turno/accion/3"                        # descartar una carta por 1 de maná: quemarla
MANA_PAGAR = "dv/mana/1"                                   # el maná paga el coste de las cartas
MANA_RESERVA = "dv/mana/2"                                 # cada jugador tiene su propia reserva
MANA_QUEMAR = "dv/mana/3"                                  # quemar cualquier carta de tu mano por 1
MANA_PERMANECE = "dv/mana/4"                               # el maná no gastado permanece hasta tu siguiente turno
TIPOS = "dv/tipos"                                         # permanentes: criaturas, reliquias, encantamientos
CRIATURA_GIRADA = "dv/tipos/criaturas/1"                   # entran giradas
CRIATURA_ENDEREZA = "dv/tipos/criaturas/2"                 # se enderezan al comienzo del turno de su controlador
CRIATURA_SOLO_ENDEREZADA = "dv/tipos/criaturas/3"          # solo atacan enderezadas
CRIATURA_SOLO_SU_TURNO = "dv/tipos/criaturas/4"            # solo atacan en el turno de su controlador
CRIATURA_OBJETIVOS = "dv/tipos/criaturas/5"                # a cualquier jugador o criatura, incluso aliados
CRIATURA_VS_CRIATURA = "dv/tipos/criaturas/6"              # daño simultáneo
CRIATURA_VS_JUGADOR = "dv/tipos/criaturas/7"               # el jugador pierde tantas vidas como daño
CRIATURA_VARIAS = "dv/tipos/criaturas/8"                   # varias criaturas al mismo objetivo
CRIATURA_DANO_MARCADO = "dv/tipos/criaturas/9"             # el daño marcado desaparece al comienzo de su turno
RELIQUIAS = "dv/tipos/reliquias"
ENCANTAMIENTOS = "dv/tipos/encantamientos"
HECHIZOS = "dv/tipos/hechizos"
INSTANTANEOS = "dv/tipos/instantaneos"
STACK = "dv/stack/1"                                       # el stack define el orden de ejecución
STACK_LIFO = "dv/stack/2"                                  # lo apilado sobre una carta se lee LIFO
STACK_TABLERO = "dv/stack/3"                               # cartas que se aplican a todo el tablero
STACK_ORDEN = "dv/stack/4"                                 # izquierda→derecha, criaturas y luego reliquias, lado objetivo primero
STACK_DESCARTES = "dv/stack/5"                             # descartes simultáneos en orden de lectura
PILAS = "dv/generales/pilas"                               # solo mazo y pila de descartes fuera del juego
RECICLAR = "dv/generales/reciclar"                         # mazo vacío: pierde vidas, baraja los descartes
RECICLAR_COSTE = "dv/generales/reciclar-coste"             # 1, 2, 4, 8… se duplica
CURACION = "dv/generales/curacion"                         # máximo 24 vidas
FORMATOS = "dv/formatos"

TYPE_CITATION = {"criatura": TIPOS, "reliquia": RELIQUIAS, "encantamiento": ENCANTAMIENTOS,
                 "hechizo": HECHIZOS, "instantaneo": INSTANTANEOS}
