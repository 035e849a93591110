"""The scenario format's building blocks, below both the engine and the loader: field-path errors (`errors`), the
checker every ruleset's schema validates with (`validate`), and the validated `Scenario` (`model`). Of judge it
imports only judge.messages (the `Message` its errors are made of, which itself imports nothing of judge: its
catalogs, this package's `messages` among them, are loaded when an id is rendered), so a ruleset's schema can use it
without importing the scenario loader (which imports the rulesets' registry), the engine or the web layer.
tests/engine/test_import_layers.py keeps it so."""
