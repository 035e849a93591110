"""The engine core's messages (judge/messages.py): the run loop's limit, choice and unplayed steps, the expectation
steps and the common expectations (judge/engine/expect.py), the refusal of an illegal action, and the verdict and
stop reasons of judge/runner/execute.py. Spanish is the wording the traces always had (byte-identical); the stop
values («fin», «limite»…) and action lines stay as the scenario format writes them."""
from __future__ import annotations

ES: dict[str, str] = {
    # run loop (judge/engine/run.py)
    "core.limit.setup": "límite de pasos alcanzado ({limit}) durante la preparación del escenario, antes de su primera "
                        "acción: la ejecución se detiene aquí",
    "core.limit.time": "límite de tiempo alcanzado ({seconds} s) antes de la acción «{action}»: la ejecución se "
                       "detiene aquí",
    "core.limit.steps": "límite de pasos alcanzado ({limit}): la ejecución se detiene aquí",
    "core.limit.setup_time": "límite de tiempo alcanzado ({seconds} s) durante la preparación del escenario, antes "
                             "de su primera acción: la ejecución se detiene aquí",
    "core.limit.action_time": "límite de tiempo alcanzado ({seconds} s) durante la acción «{action}»: la ejecución se "
                              "detiene aquí y lo que quedara de esa acción no se aplica",
    "core.limit.action": "límite de pasos alcanzado ({limit}) durante la acción «{action}»: la ejecución se detiene "
                         "aquí y lo que quedara de esa acción no se aplica",
    "core.choice.missing": "falta una elección: {prompt}",
    # the builder's dry run (judge/runner/dryrun.py): where it stopped before the end of the script
    "core.dryrun.time_setup": "límite de tiempo de la validación alcanzado ({seconds} s) al preparar el escenario: el "
                              "guion no se ha probado",
    "core.dryrun.steps_setup": "límite de pasos alcanzado ({limit}) al preparar el escenario",
    "core.dryrun.after_the_end": "no se puede: la partida ha terminado antes de esta acción",
    "core.dryrun.time_before": "límite de tiempo de la validación alcanzado ({seconds} s) antes de esta acción: ni "
                               "ella ni las siguientes se han probado",
    "core.dryrun.time_during": "límite de tiempo de la validación alcanzado ({seconds} s) durante esta acción: lo que "
                               "quedaba de ella y las acciones siguientes no se han probado",
    "core.dryrun.steps": "límite de pasos alcanzado ({limit})",
    "core.unplayed.one": "no se puede: la partida ha terminado; no se juega la acción que queda en el guion "
                         "({actions:join=; }{more})",
    "core.unplayed.many": "no se puede: la partida ha terminado; no se juegan las {count} acciones que quedan en el "
                          "guion ({actions:join=; }{more})",
    "core.unplayed.more": "; y {count} más",
    # a `- expect: [...]` between the script's actions, named as a line of the script (judge.engine.action.Checkpoint)
    "core.checkpoint": "comprobación entre acciones",
    # the title of each ruleset's `template` scenario (describe(): `template_title` in both languages; the builder's
    # builder.default_title is the same text)
    "core.template.title": "Nuevo escenario",
    "core.illegal": "no se puede: {reason} ({action})",
    # expectation steps
    "core.expect.held": "se cumple: {check}",
    "core.expect.failed": "NO se cumple: {check}",
    "core.expect.winner": "ganador: {got} (se esperaba {want})",
    "core.expect.nobody": "nadie",
    "core.expect.none_yet": "ninguno todavía",
    "core.expect.stopped": "la ejecución terminó por «{got}» (se esperaba «{want}»)",
    "core.expect.turn": "turno {got} (se esperaba {want})",
    "core.expect.active": "jugador activo {got} (se esperaba {want})",
    "core.expect.phase": "{got} (se esperaba {want})",
    "core.expect.steps": "{got} pasos de tipo {kind} (se esperaban {count})",
    "core.expect.steps_citing": "{got} pasos de tipo {kind} que citan {cite} (se esperaban {count})",
    # validation of the common expectations (judge/engine/expect.py), shared by both rulesets' parsers
    "core.check.stopped_in_script": "«stopped» solo se comprueba al final (en `expect:`), no entre acciones",
    "core.check.ruling": "se esperaba el id de un pasaje (como faq-shm/cartas/apartar/1) o una lista de ids",
    "core.check.one_of": "se esperaba exactamente una de: player, object, {keys}",
    "core.check.nothing": "falta qué comprobar: {fields}",
    # verdict (judge/runner/execute.py)
    "core.verdict.ok_no_checks": "{head} la ejecución terminó sin expectativas que comprobar ({steps} pasos, final: "
                                 "{stopped}).",
    "core.verdict.ok_one": "{head} se cumple la expectativa ({steps} pasos, final: {stopped}).",
    "core.verdict.ok_many": "{head} se cumplen las {total} expectativas ({steps} pasos, final: {stopped}).",
    "core.verdict.fail": "{head} {reasons:join=; }.",
    "core.verdict.good": "BIEN:",
    "core.verdict.bad": "FALLA:",
    "core.verdict.good_unmodelled": "BIEN, con texto no modelado: {notes:join=; } —",
    "core.verdict.bad_unmodelled": "FALLA, con texto no modelado: {notes:join=; } —",
    # card text the engine does not model (Step.unmodelled, a Note each; the card's own text stays as printed)
    "core.unmodelled.text": "{card}: «{text}» (texto no modelado)",
    "core.unmodelled.ability": "{card}: {ability} (habilidad no modelada)",
    "core.unmodelled.text_short": "{card}: «{text}»",
    "core.verdict.one_failed": "la expectativa no se cumple",
    "core.verdict.some_failed": "{failed} de {total} expectativas no se cumple{failed:plural=|n}",
    "core.verdict.stop_unexpected": "la ejecución {reason} y el escenario no lo espera",
    "core.verdict.unexpected_end": "la ejecución no terminó como se esperaba",
    "core.stop.limite": "se detuvo en el límite de pasos",
    "core.stop.eleccion": "se detuvo esperando una elección que el guion no da",
    # how a run stopped, as `{stopped: …}` and the verdict name it (judge.engine.step.STOPPED)
    # `judge run` without a corpus (judge/runner/commands.py)
    "core.cli.no_corpus": "aviso: no se pudo cargar el corpus ({detail}); las citas se muestran sin su texto",
    "core.stopped.end": "fin",
    "core.stopped.limit": "limite",
    "core.stopped.choice": "eleccion",
    "core.stopped.game_over": "partida terminada",
}

EN: dict[str, str] = {
    "core.limit.setup": "step limit reached ({limit}) while the scenario was set up, before its first action: the "
                        "run stops here",
    "core.limit.time": "time limit reached ({seconds} s) before the action «{action}»: the run stops here",
    "core.limit.steps": "step limit reached ({limit}): the run stops here",
    "core.limit.setup_time": "time limit reached ({seconds} s) while the scenario was set up, before its first "
                             "action: the run stops here",
    "core.limit.action_time": "time limit reached ({seconds} s) during the action «{action}»: the run stops here and "
                              "the rest of that action is not applied",
    "core.limit.action": "step limit reached ({limit}) during the action «{action}»: the run stops here and the rest "
                         "of that action is not applied",
    "core.choice.missing": "a choice is missing: {prompt}",
    "core.dryrun.time_setup": "the validation's time limit was reached ({seconds} s) while the scenario was set up: "
                              "the script has not been tried",
    "core.dryrun.steps_setup": "step limit reached ({limit}) while the scenario was set up",
    "core.dryrun.after_the_end": "not allowed: the game ended before this action",
    "core.dryrun.time_before": "the validation's time limit was reached ({seconds} s) before this action: neither it "
                               "nor the following ones have been tried",
    "core.dryrun.time_during": "the validation's time limit was reached ({seconds} s) during this action: the rest of "
                               "it and the following actions have not been tried",
    "core.dryrun.steps": "step limit reached ({limit})",
    "core.unplayed.one": "not allowed: the game is over; the action left in the script is not played "
                         "({actions:join=; }{more})",
    "core.unplayed.many": "not allowed: the game is over; the {count} actions left in the script are not played "
                          "({actions:join=; }{more})",
    "core.unplayed.more": "; and {count} more",
    "core.checkpoint": "check between actions",
    "core.template.title": "New scenario",
    "core.illegal": "not allowed: {reason} ({action})",
    "core.expect.held": "holds: {check}",
    "core.expect.failed": "does NOT hold: {check}",
    "core.expect.winner": "winner: {got} (expected {want})",
    "core.expect.nobody": "nobody",
    "core.expect.none_yet": "none yet",
    "core.expect.stopped": "the run ended with «{got}» (expected «{want}»)",
    "core.expect.turn": "turn {got} (expected {want})",
    "core.expect.active": "active player {got} (expected {want})",
    "core.expect.phase": "{got} (expected {want})",
    "core.expect.steps": "{got} steps of kind {kind} (expected {count})",
    "core.expect.steps_citing": "{got} steps of kind {kind} citing {cite} (expected {count})",
    "core.check.stopped_in_script": "«stopped» is only checked at the end (in `expect:`), not between actions",
    "core.check.ruling": "expected a passage id (such as faq-shm/cartas/apartar/1) or a list of ids",
    "core.check.one_of": "expected exactly one of: player, object, {keys}",
    "core.check.nothing": "nothing to check: name one of {fields}",
    "core.verdict.ok_no_checks": "{head} the run ended with no expectations to check ({steps} steps, end: "
                                 "{stopped}).",
    "core.verdict.ok_one": "{head} the expectation holds ({steps} steps, end: {stopped}).",
    "core.verdict.ok_many": "{head} all {total} expectations hold ({steps} steps, end: {stopped}).",
    "core.verdict.fail": "{head} {reasons:join=; }.",
    "core.verdict.good": "PASS:",
    "core.verdict.bad": "FAIL:",
    "core.verdict.good_unmodelled": "PASS, with unmodelled text: {notes:join=; } —",
    "core.verdict.bad_unmodelled": "FAIL, with unmodelled text: {notes:join=; } —",
    "core.unmodelled.text": "{card}: «{text}» (text not modelled)",
    "core.unmodelled.ability": "{card}: {ability} (ability not modelled)",
    "core.unmodelled.text_short": "{card}: «{text}»",
    "core.verdict.one_failed": "the expectation does not hold",
    "core.verdict.some_failed": "{failed} of {total} expectations {failed:plural=does|do} not hold",
    "core.verdict.stop_unexpected": "the run {reason} and the scenario does not expect it",
    "core.verdict.unexpected_end": "the run did not end as expected",
    "core.stop.limite": "stopped at the step limit",
    "core.stop.eleccion": "stopped waiting for a choice the script does not give",
    "core.cli.no_corpus": "warning: the corpus could not be loaded ({detail}); citations are shown without their "
                          "text",
    "core.stopped.end": "end",
    "core.stopped.limit": "limit",
    "core.stopped.choice": "choice",
    "core.stopped.game_over": "game over",
}

# An illegal step whose message is one of these already says it was refused ("no se puede: …"), so a page shows it
# as it is; any other illegal step's text (a ruleset's own reason) gets the page's "no se puede:" before it.
SAYS_REFUSAL: frozenset[str] = frozenset({
    "core.illegal", "core.unplayed.one", "core.unplayed.many", "core.dryrun.after_the_end",
})
