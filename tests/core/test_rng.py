"""The seeded generator kept inside states."""

import pytest

from game.core import COMBAT_DIE, D6, Rng
from game.core.rng import ScriptError


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_different_seeds_differ():
    assert Rng(1).next64() != Rng(2).next64()


def test_copy_is_independent():
    a = Rng(7)
    b = a.copy()
    a.randint(1, 6)
    assert a != b
    assert b.copy() == b


def test_round_trip_continues_the_same_sequence():
    a = Rng(99)
    a.randint(1, 100)
    b = Rng.from_dict(a.to_dict())
    assert [a.randint(1, 1000) for _ in range(20)] == [b.randint(1, 1000) for _ in range(20)]


def test_from_dict_rejects_bad_state():
    with pytest.raises(ValueError):
        Rng.from_dict({"state": -1})


def test_below_stays_in_range_and_covers_it():
    rng = Rng(3)
    seen = {rng.below(6) for _ in range(600)}
    assert seen == set(range(6))


def test_d6_is_roughly_uniform():
    rng = Rng(5)
    counts = [0] * 7
    for _ in range(6000):
        counts[rng.roll(D6)] += 1
    assert all(850 < c < 1150 for c in counts[1:]), counts


def test_combat_die_has_six_faces():
    assert len(COMBAT_DIE.faces) == 6 and len(set(COMBAT_DIE.faces)) == 6
    rng = Rng(8)
    assert {rng.roll(COMBAT_DIE) for _ in range(300)} == set(COMBAT_DIE.faces)


def test_scripted_results_come_first_then_the_generator():
    rng = Rng(11).scripted([6, 3, "shield"])
    plain = Rng(11)
    assert rng.roll(D6) == 6
    assert rng.randint(1, 6) == 3
    assert rng.roll(COMBAT_DIE) == "shield"
    assert rng.roll(D6) == plain.roll(D6)


def test_scripted_value_must_fit_the_draw():
    with pytest.raises(ScriptError):
        Rng(1).scripted([7]).roll(D6)
    with pytest.raises(ScriptError):
        Rng(1).scripted(["x"]).choice(["a", "b"])


def test_scripted_choice():
    assert Rng(1).scripted(["b"]).choice(["a", "b", "c"]) == "b"


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(20))
    a, b = Rng(4).shuffled(items), Rng(4).shuffled(items)
    assert a == b and sorted(a) == items and a != items


def test_script_survives_serialization():
    rng = Rng(2).scripted([4, 5])
    again = Rng.from_dict(rng.to_dict())
    assert again.roll(D6) == 4 and again.roll(D6) == 5


def test_a_scripted_order_is_the_next_shuffle_then_the_generator_takes_over():
    from game.core.rng import Rng, ScriptError

    rng = Rng(4).scripted([[2, 0, 1], 5])
    assert rng.shuffled(["a", "b", "c"]) == ["c", "a", "b"]
    assert rng.randint(1, 6) == 5
    assert sorted(rng.shuffled(range(5))) == [0, 1, 2, 3, 4]
    import pytest

    with pytest.raises(ScriptError):
        Rng(1).scripted([[0, 0]]).shuffled("ab")
