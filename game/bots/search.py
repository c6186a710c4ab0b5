"""Information-set Monte Carlo tree search (single observer, with determinization).

Each iteration samples a full state consistent with the searching seat's view (hidden
cards dealt, decks shuffled, a fresh generator for dice), walks down a tree of actions
(the same tree for every sample: a node is a sequence of actions, not a state), picking
among the children legal in this sample by UCB1 with availability counts, until it meets
a node not yet expanded. It expands it whole: each child is judged by the game's
evaluation after the action (a resolution it begins played on by the quick policy, plus
`depth` quick-policy steps), which seeds the child with one visit, and the best child's
values are backed up the path. Each node keeps the reward of the seat that chose its
action, so every seat in a many-player game plays for itself. Dice and hidden cards are
chance: a fresh sample each iteration averages over them with the rules' own odds.

When the game's kit gives a `turn` key, the tree stops where the current turn ends: a
position reached after the turn passed is a leaf, judged as it stands, so every leaf is
judged at the same point of the turn cycle (or mid-turn, with the energy still to spend).
"""

from __future__ import annotations

import math
from typing import Any

from game.bots.base import GameKit
from game.core.actions import Action
from game.core.rng import Rng


class Node:
    __slots__ = ("children", "visits", "total", "avail", "expanded")

    def __init__(self, visits: int = 0, total: float = 0.0) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = visits
        self.total = total  # summed reward of the seat that chose the action leading here
        self.avail = 1  # iterations in which this node's action was legal at its parent
        self.expanded = False


class Search:
    def __init__(self, kit: GameKit, view: Any, seat: int, rng: Rng, *, explore: float = 0.5, depth: int | None = None,
                 root: Node | None = None):
        self.kit = kit
        self.rules = kit.rules
        self.view = view
        self.seat = seat
        self.rng = rng
        self.explore = explore
        self.depth = kit.playout_depth if depth is None else depth
        self.root = Node() if root is None else root  # a subtree kept from the decision before (HardBot)

    def iterate(self) -> None:
        """One descent: sample a state, walk down by UCB1 to a node not yet expanded, judge all
        its children (each a one-move look), and back up the best of them for its mover."""
        kit, rules, rng = self.kit, self.rules, self.rng
        state = kit.determinize(self.view, self.seat, rng)
        turn = kit.turn
        this_turn = None if turn is None else turn(state)
        node = self.root
        path: list[tuple[Node, int]] = []
        while True:
            if state.to_move is None or (turn is not None and turn(state) != this_turn):
                values = kit.values(state)
                break
            legal = rules.legal_actions(state)
            if len(legal) == 1:  # forced: no node of its own
                state, _ = rules.apply(state, legal[0])
                continue
            mover = state.to_move
            options = kit.prune(state, legal)
            children = node.children
            if not node.expanded:
                node.expanded = True
                values = None  # type: ignore[assignment]  # options is never empty: set below
                for a in options:
                    vals = self.judge(state, a)
                    children[a] = Node(1, vals[mover])
                    if values is None or vals[mover] > values[mover]:
                        values = vals
                break
            for a in options:
                child = children.get(a)
                if child is None:  # legal in this sample only (hidden cards differ)
                    children[a] = Node(1, self.judge(state, a)[mover])
                else:
                    child.avail += 1
            c = self.explore
            best, best_ucb = options[0], -1.0
            for a in options:
                child = children[a]
                ucb = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if ucb > best_ucb:
                    best, best_ucb = a, ucb
            node = children[best]
            state, _ = rules.apply(state, best)
            path.append((node, mover))
        self.root.visits += 1
        for n, mover in path:
            n.visits += 1
            n.total += values[mover]

    def judge(self, state: Any, action: Action) -> list[float]:
        """Every seat's value after `action`, a resolution it begins played on by the quick policy,
        then `depth` more quick-policy steps."""
        kit, rules, rng = self.kit, self.rules, self.rng
        state, _ = rules.apply(state, action)
        steps = 0
        while state.to_move is not None and (steps < self.depth or (kit.midway(state) and steps < self.depth + 6)):
            legal = rules.legal_actions(state)
            a = legal[0] if len(legal) == 1 else kit.policy(state, legal, rng)
            state, _ = rules.apply(state, a)
            steps += 1
        return kit.values(state)

    def margin(self, legal: list[Action]) -> int:
        """How many more visits the most visited legal action at the root has than the next one."""
        children = self.root.children
        first = second = 0
        for a in legal:
            child = children.get(a)
            if child is not None:
                v = child.visits
                if v > first:
                    first, second = v, first
                elif v > second:
                    second = v
        return first - second

    def best(self, legal: list[Action]) -> tuple[Action, float | None]:
        """The most visited legal action at the root, and its average reward."""
        children = self.root.children
        tried = [(children[a].visits, children[a].total / children[a].visits, a) for a in legal if a in children and children[a].visits]
        if not tried:
            return legal[0], None
        _visits, mean, action = max(tried, key=lambda t: (t[0], t[1]))
        return action, mean
