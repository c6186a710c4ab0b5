"""One module per game, each declaring `GAME = GameDeclaration(...)` (game/registry.py finds them all).

A new game adds its rules package (`game/<id>/`), its screens (`scenes/<id>/`) and one module here;
nothing else outside its packages names it.
"""
