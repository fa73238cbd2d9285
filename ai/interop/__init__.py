"""Adapters that let other game-AI frameworks play gemtable's games, built on
the engine's action numbering (gemtable.engine.actionspace, docs/interop.md).
Each needs its optional extra: `pip install gemtable[pettingzoo]`."""
