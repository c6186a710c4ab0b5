"""Information-set Monte Carlo tree search (single observer, with determinization).

Each iteration samples a full state consistent with the searching seat's view (hidden
cards dealt, decks shuffled, a fresh generator for dice), walks down a tree of actions
(the same tree for every sample: a node is a sequence of actions, not a state), picks
among the children legal in this sample by UCB1 with availability counts, adds one new
node, plays a short playout with the game's quick policy and scores the end with the
game's evaluation (exact when the game ends). Each node keeps the reward of the seat
that chose its action, so every seat in a many-player game plays for itself.
"""

from __future__ import annotations

import math
from typing import Any

from game.bots.base import GameKit
from game.core.actions import Action
from game.core.rng import Rng


class Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0  # summed reward of the seat that chose the action leading here
        self.avail = 0  # iterations in which this node's action was legal at its parent


class Search:
    def __init__(self, kit: GameKit, view: Any, seat: int, rng: Rng, *, explore: float = 0.7, depth: int | None = None):
        self.kit = kit
        self.rules = kit.rules
        self.view = view
        self.seat = seat
        self.rng = rng
        self.explore = explore
        self.depth = kit.playout_depth if depth is None else depth
        self.root = Node()

    def iterate(self) -> None:
        rules, rng = self.rules, self.rng
        state = self.kit.determinize(self.view, self.seat, rng)
        node = self.root
        path: list[tuple[Node, int]] = []
        while state.to_move is not None:
            legal = rules.legal_actions(state)
            mover = state.to_move
            if len(legal) == 1:  # forced: no node of its own
                state, _ = rules.apply(state, legal[0])
                continue
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[rng.below(len(untried))]
                child = children[a] = Node()
                child.avail = 1
                state, _ = rules.apply(state, a)
                path.append((child, mover))
                break
            log_c = self.explore
            best, best_ucb = None, -1.0
            for a in legal:
                child = children[a]
                ucb = child.total / child.visits + log_c * math.sqrt(math.log(child.avail) / child.visits)
                if ucb > best_ucb:
                    best, best_ucb = a, ucb
            node = children[best]
            state, _ = rules.apply(state, best)
            path.append((node, mover))
        values = self.playout(state)
        self.root.visits += 1
        for n, mover in path:
            n.visits += 1
            n.total += values[mover]

    def playout(self, state: Any) -> list[float]:
        rules, policy, rng = self.rules, self.kit.policy, self.rng
        for _ in range(self.depth):
            if state.to_move is None:
                break
            legal = rules.legal_actions(state)
            a = legal[0] if len(legal) == 1 else policy(state, legal, rng)
            state, _ = rules.apply(state, a)
        return self.kit.values(state)

    def best(self, legal: list[Action]) -> tuple[Action, float | None]:
        """The most visited legal action at the root, and its average reward."""
        children = self.root.children
        tried = [(children[a].visits, children[a].total / children[a].visits, a) for a in legal if a in children and children[a].visits]
        if not tried:
            return legal[0], None
        visits, mean, action = max(tried, key=lambda t: (t[0], t[1]))
        return action, mean
