"""One sub-package per game, each with the same shape:

    __init__.py   GAME, the registered Game object
    cards.py / data/   components as data files
    actions.py    action values and their text notation
    notation.py   how each verb is written, for a typed line that names no action
    state.py      the immutable state
    rules.py      legal actions and their effects
    views.py      what each seat may know, and determinization
    rules.md      the rules in the project's words, with a Rulings section
"""
