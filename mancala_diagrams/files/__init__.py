"""The file formats and the verifier.

:mod:`.yamlio` (YAML with line and column on every node), :mod:`.fields` and
:mod:`.formats` (the keys of rules and example files), :mod:`.schema` (JSON
Schemas generated from those tables, and validation by jsonschema),
:mod:`.schema_fast` (the same validation, quicker with jsonschema-rs: an
optional accelerator), :mod:`.loader` (rules files),
:mod:`.examples` (example files and their replay), :mod:`.verify` (published
diagrams against the replay), :mod:`.project` (where the project's folders
are), :mod:`.scaffold` (the ``new`` command's starting files) and
:mod:`.blockdocs` (the generated building-blocks page).

May import: :mod:`mancala_diagrams.errors`, :mod:`mancala_diagrams.atomic`, :mod:`mancala_diagrams.engine`,
PyYAML, jsonschema and jsonschema-rs; never the drawing, the solver, Sphinx or the CLI.
"""
