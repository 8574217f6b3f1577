"""A minimal third ruleset, Skirmish: one procedure (``shoot``), one phase (Fire).

It lives only here (its code in this package, its data in ``rules/``) and plugs into umpire by
one line, the registry's list of rulesets (the tests add it there for their run): it shows what
adding a ruleset takes.
"""
