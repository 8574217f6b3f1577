"""The quick answer: one situation asked and answered without a game.

- :mod:`umpire.ask.calc`: a case (a YAML file or the fields a line gives) resolved by its
  ruleset's procedure, with the dice chosen and recorded;
- :mod:`umpire.ask.line`: the words of a one-line question (``umpire fire T-80B M1A1 7 side``)
  turned into a case;
- :mod:`umpire.ask.fields`: the fields a procedure's case takes, with their defaults, as
  ``umpire calc fields`` lists them and an answer names what it leaned on;
- :mod:`umpire.ask.lookup`: what umpire knows by name (``umpire units|cards|rulings|procedures``).
"""
