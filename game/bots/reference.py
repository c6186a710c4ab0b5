"""The `reference` level: the Normal bot as it stood before issue 33, frozen as a fixed yardstick.

Progress of the other levels is measured against it (`python -m game.arena GAME --bots normal,reference`),
so nothing here may follow later changes: it is a copy, on purpose, of the one-move look of
game/bots/levels.py (`NormalBot`, `Look`, the memory of views) and of each game's evaluation
(features and weights of game/bots/<game>.py) as they were at commit 880db38. What it shares with
the live bots is only what the rules decide: the rule module, the sampling of hidden information
(`determinize`: a sample must agree with the view, whatever the level) and the quick policy the rules
give for playouts. Do not "fix" or tune this file; a better bot is a new level.
"""

from __future__ import annotations

from typing import Any

from game.bots.base import GameKit
from game.core.actions import Action
from game.core.rng import Rng

# -- the frozen one-move look (game/bots/levels.py at 880db38) -------------------------------------


class _FrozenMemory:
    def __init__(self, size: int = 12):
        self.size = size
        self.seen: list[tuple[Any, Action]] = []

    def fresh(self, view: Any, legal: list[Action]) -> list[Action]:
        done = {a for v, a in self.seen if v == view}
        return [a for a in legal if a not in done] or legal

    def remember(self, view: Any, action: Action) -> None:
        self.seen.append((view, action))
        del self.seen[: -self.size]


class _FrozenLook:
    def __init__(self, kit: GameKit, seat: int, rng: Rng, budget: int = 6):
        self.kit, self.seat, self.rng, self.budget = kit, seat, rng, budget
        self.work = 0

    def judge(self, state: Any) -> float:
        self.work += 1
        return self.kit.values(state)[self.seat]

    def value(self, state: Any, action: Action) -> float:
        return self.judge(self.after(state, action))

    def after(self, state: Any, action: Action) -> Any:
        kit, rules, seat = self.kit, self.kit.rules, self.seat
        state, _ = rules.apply(state, action)
        budget = self.budget
        while budget > 0 and state.to_move is not None and kit.midway(state):
            legal = rules.legal_actions(state)
            budget -= 1
            if len(legal) == 1:
                a = legal[0]
            elif state.to_move == seat:
                a = max(kit.prune(state, legal), key=lambda x: self.judge(rules.apply(state, x)[0]))
            else:
                a = kit.policy(state, legal, self.rng)
            state, _ = rules.apply(state, a)
        return state


class ReferenceBot:
    """Today's Normal, frozen: one move ahead over the evaluation of 880db38, each action tried on a few
    sampled states (the same samples and dice for every action), the best average wins."""

    name = "reference"

    def __init__(self, kit: GameKit, samples: int = 4, max_work: int = 300):
        self.kit = frozen_kit(kit)
        self.samples = samples
        self.max_work = max_work
        self.memory = _FrozenMemory()

    def choose(self, view_state: Any, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, str]:
        kit = self.kit
        if len(legal) == 1:
            return legal[0], f"{kit.words(view_state, legal[0])}: the only choice."
        options = kit.prune(view_state, self.memory.fresh(view_state, legal))
        totals = [0.0] * len(options)
        looker = _FrozenLook(kit, seat, rng)
        first = None
        k = 0
        while k < self.samples:
            state = kit.determinize(view_state, seat, rng)
            first = first or state
            for i, a in enumerate(options):
                totals[i] += looker.value(state, a)
            k += 1
            if looker.work * (k + 1) / k > self.max_work:
                break
        best_i = max(range(len(options)), key=lambda i: (totals[i], -i))
        best = options[best_i]
        self.memory.remember(view_state, best)
        return best, kit.reason(first, looker.after(first, best), seat, best, totals[best_i] / k)


def frozen_kit(live: GameKit) -> GameKit:
    """The live kit of a game with its evaluation (and pruning) replaced by the frozen copy below:
    only the rules, the sampler and the quick policy stay shared."""
    game = live.rules.GAME_ID
    frozen = _FROZEN.get(game)
    if frozen is None:
        raise LookupError(f"no reference bot for a game called {game!r}")
    features, weights, scale, midway, prune = frozen()
    return GameKit(
        rules=live.rules, determinize=live.determinize, features=features, weights=weights, phrases=live.phrases,
        scale=scale, policy=live.policy, midway=midway, prune=prune, playout_depth=0,
    )


# -- Krosmaster: Blast (game/bots/krosmaster.py at 880db38) ----------------------------------------


def _krosmaster():
    from game.krosmaster import DIST
    from game.krosmaster.content import CONTENT

    def features(s, seat: int) -> dict[str, float]:
        mine = [f for f in s.fighters if f.owner == seat and not f.out]
        heroes = [f for f in mine if not f.minion]
        left = [CONTENT.character(f.kind).hp - f.injuries for f in heroes]
        foes = [f for f in s.fighters if f.owner != seat and not f.out and not f.minion and f.cell >= 0]
        free_glyphs = [c for c, o in zip(s.board.glyphs, s.glyphs) if o != seat]
        approach = pressure = 0.0
        for f in heroes:
            if f.cell < 0:
                continue
            row = DIST[f.cell]
            if free_glyphs:
                approach -= min(row[c] for c in free_glyphs)
            if foes:
                pressure -= min(row[o.cell] for o in foes)
        progress = 1.0 - len(s.pile) / CONTENT.favor_turns
        tempo = 0.0
        if s.active >= 0 and s.to_move == seat and s.fighters[s.active].owner == seat:
            tempo = s.ap + 0.3 * s.mp
        return {
            "weakest": float(min(left)) if left else 0.0, "health": float(sum(left)),
            "glyphs": s.glyphs.count(seat) * (0.5 + progress), "minions": float(len(mine) - len(heroes)),
            "approach": approach, "pressure": pressure, "tempo": tempo,
        }

    weights = {"weakest": 1.0, "health": 0.4, "glyphs": 1.5, "minions": 0.6, "approach": 0.12, "pressure": 0.04,
               "tempo": 0.25}
    return features, weights, 3.0, (lambda state: state.phase == "decide"), (lambda state, legal: legal)


# -- Khrysos Hunters (game/bots/khrysos.py at 880db38) ---------------------------------------------


def _khrysos():
    from game.khrysos import WIN_TREASURE
    from game.khrysos.state import ACTIVE

    def features(s, seat: int) -> dict[str, float]:
        mine = [c for c in s.cards if c.seat == seat]
        treasures = sorted((c.treasure for c in mine), reverse=True)
        loot = s.loot
        endurance = near = markers = 0.0
        for c in mine:
            if c.at is None:
                continue
            endurance += c.endurance
            markers += len(c.guard) + len(c.boosts)
            if loot:
                dist = s.board.walk_distances(c.at)
                near -= min(dist.get(z, 12) for z in loot)
        energy = float(s.energy) if s.phase == ACTIVE and s.cards[s.turn].seat == seat else 0.0
        best = treasures[0] if treasures else 0
        return {
            "treasure": best + (0.08 * best * best if best < WIN_TREASURE else 0.0), "spare": float(sum(treasures[1:])),
            "endurance": endurance, "loot": near, "markers": markers, "energy": energy, "hand": float(len(s.hands[seat])),
        }

    weights = {"treasure": 1.0, "spare": 0.3, "endurance": 0.35, "loot": 0.25, "markers": 0.25, "energy": 0.18,
               "hand": 0.2}
    return features, weights, 2.5, (lambda state: state.res is not None), (lambda state, legal: legal)


# -- Krom: Evolution (game/bots/krom.py at 880db38) ------------------------------------------------


def _krom():
    from game.krom import (CAVE, EVOLUTIONS, FOREST, HUNTING, MOUNTAIN, RESOURCES, SAVANNA, hunt_odds, mountain_reward,
                           points, target_points)

    value = {"krom": 0.13, "wood": 0.4, "stone": 0.4, "bone": 0.4, "bonus": 0.25, "hp": 0.06}

    def bundle(b) -> float:
        return sum(value.get(k, 0.0) * n for k, n in b)

    def place_value(s, seat: int, place: int) -> float:
        p = s.players[seat]
        v = 0.0
        for card_id in s.evolution_row:
            if card_id >= 0:
                card = EVOLUTIONS[card_id]
                if card.place == place and all(getattr(p, k) >= n for k, n in card.cost):
                    v = max(v, 0.8 * card.points)
        if place == CAVE:
            v += 0.3 + (0.6 if p.hp <= 3 else 0.0) + (0.2 if p.krom >= 3 else 0.0)
        elif place == FOREST:
            v += 0.55
        elif place == SAVANNA:
            best = max((float(hunt_odds(c, 0)) * bundle(HUNTING[c].reward) for c in s.hunting_row if c >= 0), default=0.0)
            v += best + (0.0 if p.hp > 3 else -0.4)
        elif place == MOUNTAIN:
            v += 0.5
        return v

    def features(s, seat: int) -> dict[str, float]:
        p = s.players[seat]
        have = {k: getattr(p, k) for k in RESOURCES}
        progress = 0.0
        for card_id in s.evolution_row:
            if card_id >= 0:
                card = EVOLUTIONS[card_id]
                need = sum(n for _, n in card.cost)
                got = sum(min(have.get(k, p.krom if k == "krom" else 0), n) for k, n in card.cost)
                progress = max(progress, card.points * got / need if need else 0.0)
        pick = s.picks[seat] if s.phase == "move" else None
        plan = place_value(s, seat, pick) if pick is not None and pick >= 0 else 0.0
        fight = 0.0
        if s.combat is not None and seat in s.combat.fighters:
            mine = s.combat.score_of(seat)
            other = max(sc for f, sc in zip(s.combat.fighters, s.combat.scores) if f != seat)
            fight = max(-3, min(3, mine - other))
        dice = 0.0
        t = s.turn
        if t is not None and t.seat == seat and t.climb == "rolling":
            _, options = mountain_reward(t.dice)
            dice = max((bundle(b) for _, b in options), default=0.0)
            modal = max(set(t.dice), key=lambda d: (t.dice.count(d), d))
            dice += 0.05 * sum(1 if t.dice[i] == modal else -1 for i in t.kept)
        left = target_points(s.setup) - points(s, seat)
        return {
            "points": float(points(s, seat)) + (1.0 if left <= 2 else 0.0) * (3 - left), "progress": progress,
            "krom": float(p.krom), "resources": float(sum(have.values())), "bonus": float(len(p.hand)),
            "hp": float(min(p.hp, 5)), "plan": plan, "fight": float(fight), "dice": dice,
        }

    def prune(s, legal: list) -> list:
        kept = [a for a in legal if a.kind != "cancel"]
        t = s.turn
        if t is not None and t.climb == "rolling":
            modal = max(set(t.dice), key=lambda d: (t.dice.count(d), d))
            can_reroll = any(a.kind == "reroll" for a in legal)
            kept = [a for a in kept if a.kind not in ("keep", "free")
                    or (can_reroll and (t.dice[a.args[0]] == modal) == (a.kind == "keep"))]
        return kept or legal

    weights = {"points": 1.0, "progress": 0.15, "krom": value["krom"], "resources": value["wood"],
               "bonus": value["bonus"], "hp": 0.12, "plan": 0.6, "fight": 0.15, "dice": 1.0}
    return features, weights, 1.5, (lambda state: state.play is not None), prune


_FROZEN = {"krosmaster": _krosmaster, "khrysos": _khrysos, "krom": _krom}


__all__ = ["ReferenceBot", "frozen_kit"]
