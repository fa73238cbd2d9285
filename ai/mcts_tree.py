"""The nodes of the MCTS tree (ai/mcts.py), and the steps of a walk down it that
earn no reward: chance outcomes, forced moves, what the searching seat observes."""

from __future__ import annotations

import attrs


class Node:
    """Statistics of one action (or chance outcome) below its parent."""

    __slots__ = ("seat", "visits", "available", "reward", "prior", "children")

    def __init__(self, seat: int | None, prior: float = 0.0) -> None:
        self.seat = seat
        """The seat that acted to reach this node; None for the root and chance."""
        self.prior = prior
        """Progressive bias: the heuristic's opinion, fading with visits (root only)."""
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        """Sum of `seat`'s rewards over the iterations through this node."""
        self.children: dict[object, Node] = {}


def descend(node: Node, key: object, path: list[Node]) -> Node:
    """The rewardless child of `node` under `key` (a chance outcome, a forced
    move, something observed), made if new, added to the walk's path."""
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = Node(None)
    path.append(child)
    return child


def observed(node: Node, seen: object, path: list[Node]) -> Node:
    """Below `node`, the branch for what the seat saw (`seen`; None: nothing)."""
    return node if seen is None else descend(node, Seen(seen), path)


@attrs.frozen
class Seen:
    """The key of an observation branch, never equal to an action's."""

    what: object
