"""game/learn/advice.py: Suggest speaks to the player (issue 34) and says what the rules' tactics queries see
(issue 33): a knockout there to take, an enemy's reach to leave. Tests named after the rulebook section the
advice rests on."""

from game.core.actions import Action
from game.krosmaster.testing import build
from game.learn.advice import advice, in_your_voice


def test_suggest_speaks_to_the_player_not_as_the_computer():
    for said in ("it shifts the balance of hit points our way", "it heads where we can do the most this round",
                 "it protects our most wounded Krosmaster or hurts theirs", "nothing better to do now",
                 "it puts a Minion to work for us"):
        text = in_your_voice(said)
        assert not any(w in text.split() for w in ("our", "we", "us", "theirs")), text
    assert in_your_voice("nothing better to do now") == "no other move gains more now"
    do, why = advice("krom", None, 0, Action("go", ("forest",)), "Go to the Forest",
                     "Go to the Forest: it heads where we can do the most this round (win chance about 37%).")
    assert (do, why) == ("Go to the Forest",
                         "It heads where you can do the most this round (your chance to win: about 37%).")


def test_knockouts_advice_names_the_knockout_and_the_hp_left():
    # Golda Purse (seat 0) next to Felix Dicebag with 1 HP left: Shovel Slam (1 damage, range 1) knocks him out.
    s = build([{"kind": "golda_purse", "owner": 0, "cell": [3, 5]},
               {"kind": "felix_dicebag", "owner": 1, "cell": [3, 6], "injuries": 6}], active=0)
    cast = Action("cast", (0, "shovel_slam", 3, 6))
    do, why = advice("krosmaster", s, 0, cast, "Cast Shovel Slam with Golda Purse at D7", "Cast …: our way.")
    assert do == "Cast Shovel Slam with Golda Purse at D7"
    assert why.startswith("Knock out Felix Dicebag: only 1 HP left")


def test_spell_range_advice_says_stay_out_of_reach():
    # Bravo Stormblade (seat 1) reaches E5 and D4 next turn (4 MP, then Pressure at 1 cell: see
    # tests/krosmaster/test_tactics.py); Felix stands on E5 and can step out of reach to a far cell.
    s = build([("felix_dicebag", 0, (4, 4)), ("bravo_stormblade", 1, (4, 0))], active=0)
    from game import krosmaster as K

    assert K.danger_at(s, 0, (4, 4), ignore=[0])
    far = next(c for c in [(0, 9), (1, 9), (7, 9), (4, 9)] if not K.danger_at(s, 0, c, ignore=[0]))
    step = Action("move", (0, *far))
    _, why = advice("krosmaster", s, 0, step, "Move Felix Dicebag", "Move …: it keeps our Krosmasters safe.")
    assert why.startswith("Stay out of Bravo Stormblade's reach: up to "), why
    assert "on E5, none on" in why


def test_spell_range_danger_map_says_who_can_reach_a_cell_and_how_much():
    from game.learn.advice import danger_map

    s = build([("felix_dicebag", 0, (4, 4)), ("bravo_stormblade", 1, (4, 0))], active=0)
    shown = danger_map("krosmaster", s, 0, ignore=(0,))
    line, grade = shown[(4, 4)]
    assert line.startswith("Bravo Stormblade can reach you here: ") and "damage" in line
    assert grade in (1, 2, 3)
    assert (4, 9) not in shown  # 9 cells away: out of his walk and spells
    assert danger_map("krom", None, 0) == {}
