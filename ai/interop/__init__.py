"""Adapters that let other game-AI frameworks play gemtable's games, built on
the engine's action numbering (gemtable.engine.actionspace, docs/interop.md).
Each needs its optional extra: `pip install gemtable[pettingzoo]` for the
PettingZoo environments (`pettingzoo.py`), `pip install gemtable[openspiel]`
for the OpenSpiel games and the match against its ISMCTS (`openspiel*.py`)."""
