"""The pure rules, one package per ruleset (``umpire.rules.<name>``): plain values and dice in, a
:class:`~umpire.core.resolution.Resolution` out.

Each ruleset package has a ``calc`` module exposing ``PROCEDURES`` and ``CASE_MODELS`` (the
``umpire calc`` procedures, see :mod:`umpire.rules.answer`) and a ``scenario`` module with its
scenario checks (:mod:`umpire.rules.setup`). The rulesets themselves, found by name, are the
objects of :mod:`umpire.registry`, which sits above this package.
"""
