"""The scenario format's building blocks, below both the engine and the loader: field-path errors (`errors`), the
checker every ruleset's schema validates with (`validate`), and the validated `Scenario` (`model`). It imports
nothing of judge, so a ruleset's schema can use it without importing the scenario loader (which imports the
rulesets' registry)."""
