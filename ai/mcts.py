"""Information-set Monte Carlo tree search (single observer) for any game.

Why this shape:
- The bot sees only its view. Each iteration samples one full position that
  agrees with the view (`view.determinize(rng)`) and walks the tree with it,
  so the tree's statistics average over the hidden cards instead of trusting
  one guess (SO-ISMCTS, Cowling, Powley and Whitehouse 2012).
- Nodes are keyed by the actions taken from the root. A child is only
  available in the determinizations where its action is legal, so UCT uses
  the child's availability count in place of its parent's visit count.
- Each node stores the reward of the seat whose action led to it, and a
  playout returns one reward per seat: with three or four players every seat
  maximises its own share of the win.
- Chance steps are never decisions: the walk samples an outcome and follows
  (or creates) the child for it.
- Random playouts to the end are long (about 70 actions in Jowhari) and say
  little, so playouts are truncated: after `heuristic.playout_depth` plies of
  `heuristic.playout_action` the game's heuristic estimates each seat's share
  of the win (`heuristic.rewards`); finished games give the real outcome.
- A node below the root may wait for `heuristic.expand_after` visits before
  it branches: until then each visit judges its position directly (with a
  fresh determinization and chance outcomes each time). Where the heuristic
  already accounts for the best next move, this averages over what is
  unknown instead of over random untried moves.
- With a few hundred iterations the root's twenty-odd moves get only a
  dozen visits each, so a game may add a progressive bias there: greedy's
  opinion of each first move (`heuristic.root_prior`), fading as 1/(n+1).

- The tree is kept between moves where the new position follows from it:
  when the bot moves again and everything played since its last move was
  open to it (no chance step, nothing revealed, no secret move), the node
  reached by those moves becomes the new root with its statistics, and the
  budget is spent on top of them (`keep_tree`; see `_follow`).

Budgets: a number of iterations (reproducible: same seed and view, same
action) or a number of seconds (as many iterations as fit).

Workers: with `workers` above 1 the decision is searched root-parallel in that
many processes (ai/parallel.py), each with the full budget; None lets the
machine decide (`auto_search_workers`). One worker is exactly the search
above; a kept tree lives in one process, so only a one-worker search starts
from one.

Reproducible: a fresh bot with the same seed and budget makes the same move
from the same view. A bot that keeps its tree also depends on the views it
was shown earlier in the game, and on them alone, so the same game replays
the same; a game resumed from its log starts the bot with no tree.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from gemtable.engine import CHANCE, IllegalAction, State

from .base import check_view, decision_rng
from .heuristics import Heuristic, advance_chance
from .mcts_tree import Node, Seen, descend, observed
from .parallel import auto_search_workers

DEFAULT_ITERATIONS = 1500
"""Budget of a plain `mcts` bot. Jowhari runs about 4,500 iterations a second
on one idle core of the reference machine (0.3 s a move, 0.4 s at most), so
a move stays under a second even when other work halves the speed. An
iteration budget, not a time limit, so that the default bot is reproducible."""


def default_iterations(heuristic: Heuristic[Any]) -> int:
    """Budget of a plain `mcts` bot for the game this heuristic knows: its own
    (`Heuristic.search_iterations`, where each iteration costs more) or
    DEFAULT_ITERATIONS."""
    return heuristic.search_iterations or DEFAULT_ITERATIONS


FOLLOW_LIMIT = 4096
"""Nodes of the kept tree looked at to find the new position; past this the
search starts afresh (a cost of a few milliseconds at most)."""


class MctsBot:
    """SO-ISMCTS with UCT, availability counts and truncated playouts."""

    def __init__(
        self,
        heuristic: Heuristic[Any],
        *,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        kind: str = "mcts",
        exploration: float | None = None,
        playout_depth: int | None = None,
        prior_weight: float | None = None,
        expand_after: int | None = None,
        workers: int | None = 1,
        keep_tree: bool = True,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = default_iterations(heuristic)
        self.kind = kind
        self.seed = seed
        self.heuristic = heuristic
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = heuristic.exploration if exploration is None else exploration
        self.playout_depth = heuristic.playout_depth if playout_depth is None else playout_depth
        self.prior_weight = heuristic.root_prior if prior_weight is None else prior_weight
        self.expand_after = expand_after
        """None: the heuristic's `expansion_delay` for each position searched."""
        self.last_iterations = 0
        """Iterations the latest `choose` ran (0 when only one action was legal)."""
        self.last_root: Node | None = None
        self.workers = workers
        """Search processes per decision; None: decided at each move."""
        self.last_workers = 1
        self.progress: Callable[[Node, State[Any], int], None] | None = None
        """Called as (root, view, iterations) every `progress_every` iterations
        of a one-process search, and once with the merged root of a parallel
        one: what a watching screen shows (ai/hints.py `watch`)."""
        self.progress_every = 100
        self._expand_after = 0
        self.keep_tree = keep_tree
        """Start from the previous tree where the new position follows from it."""
        self.last_reused = 0
        """Visits the latest search inherited from the previous one (0: a fresh tree)."""
        self._kept: tuple[State[Any], object, Node] | None = None

    def choose(self, view: State[Any]) -> object:
        check_view(view)
        return self.decide(view)

    def decide(self, view: State[Any]) -> object:
        """The search's move from `view`, unchecked. Tables, arenas and hints
        call `choose`; only analysis tools pass a true state here, to measure
        what seeing everything is worth (tools/solo_bound.py)."""
        legal = view.legal_actions()
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        forced = self.heuristic.policy_action(view)
        if forced is not None:
            return forced
        workers = auto_search_workers() if self.workers is None else self.workers
        self.last_workers = workers
        if workers > 1:
            root = self.search_parallel(view, workers)
            if self.progress is not None:
                self.progress(root, view, self.last_iterations)
        else:
            root = self.search(view, decision_rng(self.seed, view))
        self.last_root = root
        # Most visited wins; the mean reward breaks ties, then the legal order.
        action = max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits,
                           root.children[a].reward / max(1, root.children[a].visits)),
        )
        self._kept = (view, action, root.children[action]) if self.keep_tree and workers == 1 else None
        return action

    def search(self, view: State[Any], rng: random.Random) -> Node:
        """Grow a tree from `view` until the budget is spent; returns its root."""
        root = self._follow(view) if self._kept is not None else None
        self.last_reused = root.visits if root is not None else 0
        if root is None:
            root = Node(None)
        self._expand_after = (self.heuristic.expansion_delay(view)
                              if self.expand_after is None else self.expand_after)
        priors = self._root_priors(view, rng) if self.prior_weight > 0 else {}
        for action, child in root.children.items():
            child.prior = priors.get(action, 0.0)
        self._seed_root(root, view)
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        progress, every = self.progress, self.progress_every
        while True:
            self._iterate(root, view.determinize(rng), rng, priors)
            done += 1
            if progress is not None and done % every == 0:
                progress(root, view, done)
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _seed_root(self, root: Node, view: State[Any]) -> None:
        """Give each first move the visits its game's own reckoning is worth
        (`Heuristic.prior_visits`), at the reward that reckoning expects. A
        budget smaller than those visits searches without it: the reckoning
        of every move costs about as much, and a level below the full search
        is that short search on its own."""
        visits = self.heuristic.prior_visits
        if not visits or (self.iterations is not None and self.iterations < visits):
            return
        known = self.heuristic.first_move_rewards(view)
        if not known:
            return
        mover = view.to_move
        assert isinstance(mover, int), "a bot chooses for the seat to move"
        for action, reward in known.items():
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node(mover)
            child.visits += visits
            child.available += visits
            child.reward += visits * reward

    def _follow(self, view: State[Any]) -> Node | None:
        """The node of the kept tree whose position is `view`, reached from the
        previous move through moves this seat saw in full; None if there is none.

        Breadth first over the kept subtree, applying its moves to the previous
        view, so the node found is the one nearest the old root. Chance steps,
        moves that reveal something and secret moves end a branch: past them
        the tree's statistics mix positions this seat can now tell apart.
        """
        assert self._kept is not None
        before, played, node = self._kept
        self._kept = None
        seat = view.to_move
        if before.viewer != view.viewer or before.to_move != seat:
            return None
        if before.reveals(played) or before.secret_action(played):
            return None
        try:
            frontier = [(node, before.apply(played))]
        except IllegalAction:  # the previous view cannot play it
            return None
        seen = 0
        while frontier and seen < FOLLOW_LIMIT:
            following = []
            for node, state in frontier:
                seen += 1
                if self._same_position(state, view):
                    return node
                if state.is_over or state.to_move is CHANCE:
                    continue
                for action, child in node.children.items():
                    if not child.visits or state.reveals(action) or state.secret_action(action):
                        continue
                    try:
                        following.append((child, state.apply(action)))
                    except IllegalAction:  # a move only some determinizations allow
                        continue
            frontier = following
        return None

    @staticmethod
    def _same_position(state: State[Any], view: State[Any]) -> bool:
        if view.viewer is None:  # an analysis tool's true state (`decide`)
            return state == view
        return state.to_move == view.to_move and state.view(view.viewer) == view

    def search_parallel(self, view: State[Any], workers: int) -> Node:
        """A root whose children hold the statistics of `workers` trees."""
        from .parallel import SearchJob, bot_heuristic_for_job, search_parallel

        sent = bot_heuristic_for_job(self.heuristic, view)
        merged = search_parallel([
            SearchJob(view=view, worker=k, seed=self.seed, iterations=self.iterations,
                      seconds=self.seconds, exploration=self.exploration,
                      playout_depth=self.playout_depth, prior_weight=self.prior_weight,
                      expand_after=self.expand_after, heuristic=sent)
            for k in range(workers)
        ])
        root = Node(None)
        mover = view.to_move
        assert isinstance(mover, int)
        for action, visits, reward in zip(view.legal_actions(), merged.visits, merged.rewards,
                                          strict=True):
            if visits:
                child = root.children[action] = Node(mover)
                child.visits, child.reward = visits, reward
        root.visits = merged.iterations
        self.last_iterations = merged.iterations
        return root

    def _root_priors(self, view: State[Any], rng: random.Random) -> dict[object, float]:
        """Greedy's opinion of each first move, scaled to [0, 1] times the weight."""
        sample = view.determinize(rng)
        seat = view.to_move
        assert isinstance(seat, int), "a bot chooses for the seat to move"
        h = self.heuristic
        values = {a: h.value(advance_chance(sample.apply(a), rng), seat)
                  for a in view.legal_actions()}
        low, high = min(values.values()), max(values.values())
        span = high - low or 1.0
        return {a: self.prior_weight * (v - low) / span for a, v in values.items()}

    def _iterate(self, root: Node, state: State[Any], rng: random.Random,
                 priors: dict[object, float]) -> None:
        """One walk down the tree with one determinization, then one playout."""
        node = root
        path: list[Node] = []
        c = self.exploration
        expand_after = self._expand_after
        policy = self.heuristic.policy_action
        observe = self.heuristic.observation if self.heuristic.observes else None
        log = math.log
        sqrt = math.sqrt
        while not state.is_over:
            mover = state.to_move
            forced = policy(state) if isinstance(mover, int) else None
            if forced is not None or not isinstance(mover, int):
                # CHANCE, or a move the game's policy makes: followed, not searched.
                outcome = state.sample_chance(rng) if forced is None else forced
                after = state.apply(outcome)
                node = descend(node, outcome, path)  # counts visits, earns no reward
                if observe is not None:
                    node = observed(node, observe(state, after), path)
                state = after
                continue
            if node is not root and node.visits < expand_after:
                break  # judge this position itself a few times before branching
            children = node.children
            legal = state.legal_actions()
            untried = []
            best_child = None
            best_action = None
            best_score = -1.0
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.available += 1
                if untried:
                    continue  # expanding this time: scores are not needed
                visits = child.visits
                score = (child.reward / visits + c * sqrt(log(child.available) / visits)
                         + child.prior / (visits + 1))
                if score > best_score:
                    best_score, best_child, best_action = score, child, action
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = children[action] = Node(
                    mover, priors.get(action, 0.0) if node is root else 0.0)
                child.available = 1
                path.append(child)
                state = state.apply(action)
                break
            assert best_child is not None  # every legal action has a child by now
            path.append(best_child)
            after = state.apply(best_action)
            node = best_child
            if observe is not None:
                node = observed(node, observe(state, after), path)
            state = after
        rewards = self._playout(state, rng)
        for child in path:
            child.visits += 1
            if child.seat is not None:
                child.reward += rewards[child.seat]

    def _playout(self, state: State[Any], rng: random.Random) -> tuple[float, ...]:
        """Play `playout_depth` plies with the heuristic's policy, then judge."""
        heuristic = self.heuristic
        for _ in range(self.playout_depth):
            if state.is_over:
                break
            if state.to_move is CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(heuristic.playout_action(state, rng))
        while state.to_move is CHANCE:  # judge decisions, never a pending roll
            state = state.apply(state.sample_chance(rng))
        return heuristic.playout_rewards(state, rng)


__all__ = ["DEFAULT_ITERATIONS", "MctsBot", "Node", "Seen", "default_iterations"]
