"""A save folder that cannot be written (issue 34): the message says what is wrong and where ("permission denied
on PATH", not "free some disk space"), it is said once, and nothing claims a save that did not happen (the pause
overlay's Quit and Main menu). A finished game can be saved under a name and opened again from the list."""

from __future__ import annotations

import errno

import pytest

import game.krom as krom
from game.core import save as core_save
from game.core.match import Match
from scenes import saves
from scenes.board import GameOverScene
from scenes.board.saveload import SavesScene
from scenes.overlays import PauseScene
from tests.scenes.helpers import button, click_widget
from tests.scenes.test_krom_secrecy import random_game, table_at


WRITE_AUTOSAVE = saves.write_autosave


def denied(monkeypatch) -> None:
    def refuse(path, save):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(saves, "write_save", refuse)


def test_a_read_only_folder_is_named_with_its_path_not_blamed_on_the_disk(dirs, monkeypatch):
    denied(monkeypatch)
    match = Match.new(krom, krom.Setup(players=3), 1)
    message = saves.write_autosave(match.save())
    assert message is not None and "permission denied on" in message and str(saves.autosave_path("krom")) in message
    assert "disk" not in message
    named = saves.write_named("mine", match.save())
    assert "permission denied on" in named and str(saves.save_path("mine")) in named
    full = saves.write_problem(OSError(errno.ENOSPC, "No space left on device", "/x/y.json"), "The game")
    assert "No space left on device: /x/y.json" in full and "Free some disk space" in full


def test_quit_never_claims_a_save_that_did_not_happen(make_app, dirs, monkeypatch):
    setup, actions = random_game(3, 5, rounds=1)
    app, board = table_at(make_app, monkeypatch, setup, 5, actions[:1])
    board.autosave = True
    monkeypatch.setattr(saves, "write_autosave", WRITE_AUTOSAVE)  # table_at turned it off
    denied(monkeypatch)
    assert board.act(next(iter(board.snap.legal)))
    assert board.save_warning and "permission denied" in board.save_warning
    board.pause()
    app.run_frames(3)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    tips = {key: " ".join(pause.spots.tip_of(pause.spots.get(key))) for key in ("button:quit", "button:menu")}
    assert all("NOT saved" in tip and "is saved" not in tip for tip in tips.values()), tips
    assert "permission denied" in pause.note


@pytest.mark.slow
def test_a_finished_game_is_saved_and_opened_again_from_the_list(make_app, dirs, monkeypatch):
    setup, actions = random_game(3, 2, rounds=99)
    app, board = table_at(make_app, monkeypatch, setup, 2, actions[:-1])
    other = Match.new(krom, krom.Setup(players=3), 9)  # a game in progress, autosaved, must survive
    core_save.write_save(saves.autosave_path("krom"), other.save())
    board.autosave = False
    assert board.act(actions[-1])
    app.run_frames(200)
    end = app.stack.top
    assert isinstance(end, GameOverScene)
    click_widget(app, button(end, "Save this game"))
    listing = app.stack.top
    assert isinstance(listing, SavesScene) and listing.name_entry is not None, "a finished game can be named"
    listing.name_entry.set_text("Won on the Mountain")
    click_widget(app, listing.save_button)
    assert [i.name for i in saves.list_saves()] == ["Won on the Mountain"]
    click_widget(app, button(listing, "Load"))
    app.run_frames(200)
    assert isinstance(app.stack.top, GameOverScene), "the finished game opens on its end screen"
    assert saves.has_autosave("krom"), "opening a finished save leaves the game in progress autosaved"
    click_widget(app, button(app.stack.top, "Watch the replay"))
    app.run_frames(3)
    assert app.stack.top.replay is not None and app.stack.top.replay.full.actions == actions


def test_the_saved_games_list_shows_six_players_names_whole(make_app, dirs, monkeypatch):
    """Issue 34: "Red, Blue, Green, Yello…" in Saved games (a six-seat Krom game)."""
    from scenes.board import saveload
    from scenes.board.saveload import SavesScene
    from tests.scenes.kitcheck import record_texts

    names = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
    match = Match.new(krom, krom.Setup(players=6), 1)
    save = match.save()
    save.table["seats"] = [{"name": n} for n in names]
    assert saves.write_named("Six at the table", save) is None
    app = make_app()
    drawn = record_texts(monkeypatch, saveload)
    app.push(SavesScene(app))
    app.run_frames(2)
    words = " ".join(value for value, _ in drawn).replace(",", " ").split()
    assert all(name in words for name in names), words


def test_a_choice_of_six_shows_every_label_whole(make_app, monkeypatch):
    """Issue 34: Krom's steal choice read "A random Bonus ca…" (four 176-pixel buttons to a row)."""
    from scenes import registry
    from scenes.board.furniture import ChoiceOverlay, Option

    monkeypatch.setattr(saves, "write_autosave", lambda save: None)
    app = make_app()
    board = registry.make_scene("krom.board", app, 3)
    app.push(board)
    app.run_frames(2)
    monkeypatch.setattr(board, "refusal", lambda action: None)  # every option playable: only the labels matter here
    labels = ["One Wood", "One Stone", "One Bone", "Half their Krom (3)", "A random Bonus card", "Take nothing"]
    overlay = ChoiceOverlay(app, board, "Steal", "What do you steal?",
                            [Option(i, label, "tip") for i, label in enumerate(labels)], number=board.snap.number)
    app.push(overlay)
    app.run_frames(2)
    assert sorted(b.text for b in overlay.buttons) == sorted(labels)
    rects = [b.rect for b in overlay.buttons]
    assert all(overlay.box.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
