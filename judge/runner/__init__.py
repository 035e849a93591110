"""The engine's surfaces: `judge run`, `judge fuzz`, `judge bench engine`, and what the run page shares with them.

The runner never decides a rule: it loads a scenario, hands it to `judge.engine.run_scenario`, and shows the
trace with the text of every cited passage beside the step that cites it.
"""
