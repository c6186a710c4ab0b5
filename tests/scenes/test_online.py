"""Play online (issue 32) in the app: the Play online scene, hosting through a game's own setup, the lobby, and
the boards over a RemoteMatch (a live server on a thread of this process, over the loopback only)."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game import registry as rules_registry
from game.core.rng import Rng
from net.client import TableClient
from scenes.board.seats import Seat
from scenes.menu import MenuScene
from scenes.online import hub, memory, session
from scenes.online.connecting import ConnectingScene
from scenes.online.lobby import FILL_LEVEL, LobbyScene
from scenes.online.tablepanel import TablePanel
from scenes.overlays import MessageScene
from scenes.settings import Settings
from scenes.widgets.handoff import HandOffScene
from tests.scenes.helpers import button, click_widget, top
from tests.scenes.kitcheck import check_hotspots

KROS = rules_registry.load("krosmaster")


@pytest.fixture(autouse=True)
def closed_clients(monkeypatch):
    """Every client a test opens is closed after it (their threads and connections end with the test)."""
    made = []
    init = TableClient.__init__

    def recording(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(TableClient, "__init__", recording)
    yield
    for client in made:
        client.close()
    session._clients.clear()


@pytest.fixture
def quiet_lan(monkeypatch):
    """No mDNS in scene tests: nothing leaves this computer."""
    monkeypatch.setattr(hub, "make_finder", lambda: None)


@pytest.fixture
def fast_app(make_app):
    return make_app(settings=Settings(animation_speed="instant"), persist_settings=False, audio=False)


def wait_for(app, condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        app.run_frames(1)
        time.sleep(0.005)


def answered(app, seconds=10.0):
    """The scene on top once the Connecting… dialog has its answer (the window drew frames meanwhile)."""
    app.run_frames(1)
    wait_for(app, lambda: not isinstance(top(app), ConnectingScene), seconds)
    return top(app)


def tips_say_why(scene) -> None:
    """Every control of an online scene has a tip, and a greyed one says why."""
    for spot in scene.spots:
        lines = scene.spots.tip_of(spot)
        assert lines and all(line.strip() for line in lines), spot.key
        if not scene.spots.is_enabled(spot):
            assert scene.spots.reason_of(spot), f"{spot.key} is greyed without a reason"


def test_menu_offers_play_online_with_a_tip(fast_app, quiet_lan):
    fast_app.push(MenuScene(fast_app))
    fast_app.run_frames(2)
    menu = top(fast_app)
    assert "Host a table" in " ".join(menu.spots.tip_of(menu.spots.get("button:online")))
    click_widget(fast_app, button(menu, "Play online"))
    fast_app.run_frames(2)
    assert isinstance(top(fast_app), hub.PlayOnlineScene)


def test_play_online_scene_explains_every_control_and_refuses_bad_input(fast_app, quiet_lan):
    fast_app.push(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(2)
    scene = top(fast_app)
    tips_say_why(scene)
    for game in ("krosmaster", "krom", "khrysos"):
        assert f"button:host:{game}" in scene.spots
    assert not scene.spots.is_enabled(scene.spots.get("button:join_code"))
    assert "code" in scene.spots.reason_of(scene.spots.get("button:join_code"))
    scene.port_entry.set_text("eighty")
    scene.look()
    assert "whole number" in scene.message
    scene.port_entry.set_text("1")
    scene.address_entry.set_text("127.0.0.1")
    scene.look()  # nothing listens on port 1: a sentence, never a traceback
    assert answered(fast_app) is scene and scene.message and "whole number" not in scene.message


def test_hosting_goes_through_the_games_setup_with_a_kind_per_seat(fast_app, quiet_lan, threaded_server, monkeypatch):
    _, port = threaded_server
    def ready(port_=None):  # the test's server stands for this program's
        return port
        yield

    monkeypatch.setattr(session, "server_ready", ready)
    fast_app.push(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(2)
    top(fast_app).name_entry.set_text("Ann")  # typed in Play online: the host's own seat's name
    click_widget(fast_app, button(top(fast_app), "Host Krosmaster: Blast"))
    fast_app.run_frames(2)
    setup = top(fast_app)
    assert setup.online is not None and setup.kinds[:2] == ["Human here", "Remote player"]
    assert setup.names[0] == "Ann"
    assert "another computer" in " ".join(setup.spots.tip_of(setup.spots.get("menu:seat:0")))
    click_widget(fast_app, button(setup, "Open the table"))
    lobby = answered(fast_app)
    assert isinstance(lobby, LobbyScene) and lobby.match.host
    tips_say_why(lobby)
    start = lobby.spots.get("button:start")
    assert not lobby.spots.is_enabled(start) and lobby.match.code in lobby.spots.reason_of(start)
    # the seat token is kept for a rejoin
    kept = memory.find(lobby.match.code)
    assert kept is not None and kept.hosted and kept.host_token == lobby.match.host_token
    # a friend joins: the seat fills live, Start opens
    bob = TableClient("127.0.0.1", port).join(lobby.match.code, name="Bob")
    wait_for(fast_app, lambda: lobby.spots.is_enabled(lobby.spots.get("button:start")))
    assert [s["name"] for s in lobby.match.seat_info] == ["Ann", "Bob"]
    from scenes.krosmaster import art

    assert lobby.colours()[:2] == list(art.SIDE_COLOURS[:2]), "the seats' colours are the board's (blue, pink)"
    bob.send_chat("hello\x07 there")
    wait_for(fast_app, lambda: lobby.match.chat and lobby.match.chat[-1]["text"] == "hello there")
    assert lobby.match.status == "waiting" and bob.status == "waiting"
    click_widget(fast_app, button(lobby, "Start"))
    wait_for(fast_app, lambda: type(top(fast_app)).__name__ == "KrosmasterBoard")
    deadline = time.monotonic() + 10
    while bob.status != "playing" and time.monotonic() < deadline:
        bob.wait(1)
    assert bob.status == "playing"
    bob.close()


def open_board(app, port, seats=None):
    """Ann at this screen (the host), Bob a bare remote match playing from 'another computer'."""
    client = TableClient("127.0.0.1", port)
    seats = seats or [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    ann = client.create("krosmaster", KROS.bench_setup().to_dict(), seats, wait=True)
    bob = TableClient("127.0.0.1", port).join(ann.code, name="Bob")
    lobby = LobbyScene(app, ann)
    app.push(lobby)
    wait_for(app, lambda: lobby.why_not_start() is None)
    lobby.start()
    wait_for(app, lambda: top(app) is not lobby)
    return top(app), ann, bob


def play_some(app, board, bob, rng, until):
    """Both sides play random legal actions until `until()`; a hand-off screen must never show."""
    deadline = time.monotonic() + 60
    while not until():
        assert time.monotonic() < deadline, "timed out"
        assert not isinstance(top(app), HandOffScene), "a hand-off screen showed for a remote seat"
        bob.poll()
        if bob.legal_actions():
            legal = bob.legal_actions()
            bob.play(legal[rng.below(len(legal))])
        if top(app) is not board and not isinstance(top(app), (MessageScene,)) and type(top(app)).__name__ == "ChoiceOverlay":
            app.stack.pop(top(app))
            app.run_frames(1)
        if top(app) is board and board.snap.mine and not board.busy and not board.sending:
            legal = list(board.snap.legal)
            board.act(legal[rng.below(len(legal))])
        app.run_frames(2)


def test_board_over_a_remote_match_plays_the_other_seats_moves_and_asks_for_undo(fast_app, threaded_server):
    server, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    assert board.online and board.viewer == 0 and not board.bots and not board.autosave
    rng = Rng(5)
    play_some(fast_app, board, bob, rng, lambda: board.snap.seat == 1 and len(ann.actions) > 3)
    text, _ = board.status_text()
    assert "Bob is deciding, at another computer" in text
    assert board.lock_reason() == "It is Bob's decision, at another computer."
    assert check_hotspots(board) > 10
    assert "chat" in " ".join(board.spots.tip_of(board.spots.get("button:table")))
    # Bob's moves arrive and animate on Ann's board, until Bob may ask to take his last step back
    table = server.tables[ann.code]

    def bob_may_undo():
        bob.poll()
        return len(bob.actions) > 4 and bob.why_no_undo() is None and table.match.why_no_undo() is None

    play_some(fast_app, board, bob, rng, bob_may_undo)
    wait_for(fast_app, lambda: board.snap.number == len(table.match.actions) and not board.busy)
    n = len(ann.actions)
    bob.request_undo()
    wait_for(fast_app, lambda: isinstance(top(fast_app), MessageScene))
    dialog = top(fast_app)
    assert "Bob asks to take back" in " ".join(dialog.message_lines)
    click_widget(fast_app, button(dialog, "Accept"))
    wait_for(fast_app, lambda: len(ann.actions) == n - 1 and board.snap.number == n - 1)
    assert isinstance(top(fast_app), type(board))
    bob.close()


def test_the_pause_overlay_and_the_saves_list_say_where_an_online_game_is_kept(fast_app, threaded_server):
    from scenes.board.saveload import SavesScene
    from scenes.overlays import PauseScene

    _, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    board.pause()
    fast_app.run_frames(2)
    pause = top(fast_app)
    assert isinstance(pause, PauseScene) and ann.code in pause.note
    tips_say_why(pause)
    assert "rejoin" in " ".join(pause.spots.tip_of(pause.spots.get("button:menu")))
    fast_app.open_saves(board)
    fast_app.run_frames(2)
    listing = top(fast_app)
    assert isinstance(listing, SavesScene) and listing.save_button is None and "server keeps" in listing.message
    bob.close()


def test_connection_lost_shows_a_banner_and_the_table_panel_explains_itself(fast_app, threaded_server):
    _, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    ann._inbox.put({"t": "_disconnected"})
    fast_app.run_frames(2)
    assert not ann.connected
    assert any("Reconnecting" in s for s in [ann.status_text])
    ann._inbox.put({"t": "_connected"})
    fast_app.run_frames(2)
    assert ann.connected
    bob.close()  # Bob goes away: the status line says so, and the host may hand his seat to the computer
    wait_for(fast_app, lambda: "Away: Bob" in board.status_text()[0] or "Bob is away" in board.status_text()[0])
    assert board.status_text()[0].startswith(("Away: Bob · ", "Bob is away")), "said first: a long line is cut at its end"
    board.open_table_panel()
    fast_app.run_frames(2)
    panel = top(fast_app)
    assert isinstance(panel, TablePanel)
    tips_say_why(panel)
    assert panel.spots.is_enabled(panel.spots.get("button:handover:1"))
    assert "at the table" in panel.spots.reason_of(panel.spots.get("button:handover:0"))
    board.plan_handover(1, "random", 0.0)
    wait_for(fast_app, lambda: board.seats[1].bot == "random")


def test_a_restarted_program_rejoins_its_seat_from_the_user_data(fast_app, quiet_lan, threaded_server):
    _, port = threaded_server
    client = TableClient("127.0.0.1", port)
    ann = client.create("krosmaster", KROS.bench_setup().to_dict(),
                        [{"kind": "remote", "name": "Ann"}, {"kind": "remote", "name": "Bob"}], wait=True)
    bob = TableClient("127.0.0.1", port).join(ann.code, 1, "Bob")
    lobby = LobbyScene(fast_app, bob)
    fast_app.push(lobby)
    wait_for(fast_app, lambda: lobby.named)
    bob.close()  # the program is closed (or killed): only the user data remembers the seat
    fast_app.stack.reset(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(2)
    scene = top(fast_app)
    rejoin = button(scene, f"Rejoin table {ann.code}: Krosmaster: Blast, as Bob")
    tips_say_why(scene)
    click_widget(fast_app, rejoin)
    lobby = answered(fast_app)
    assert isinstance(lobby, LobbyScene) and lobby.match.seats == (1,)
    ann.close()


def test_a_table_that_has_ended_leaves_the_rejoin_list(fast_app, quiet_lan, threaded_server):
    _, port = threaded_server
    ann = TableClient("127.0.0.1", port).create("krosmaster", KROS.bench_setup().to_dict(),
                                                [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}])
    memory.remember(memory.Entry(ann.code, "127.0.0.1", port, "krosmaster", "Ann", {}, ann.host_token))
    ann.end()
    fast_app.push(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(2)
    click_widget(fast_app, button(top(fast_app), f"Rejoin table {ann.code}: Krosmaster: Blast, as Ann"))
    scene = answered(fast_app)
    assert "ended" in scene.message and memory.find(ann.code) is None and not scene.rejoin_buttons


def test_memory_keeps_tokens_and_reads_a_damaged_file_as_empty(dirs):
    entry = memory.Entry("ABC123", "127.0.0.1", 8765, "krom", "Ann", {"0": "tok"})
    assert memory.remember(entry) is None
    assert memory.find("ABC123").token == "tok"
    memory.path().write_text("{not json", encoding="utf-8")
    assert memory.load() == []
    memory.path().write_text(json.dumps([{"code": "X"}, {"code": "Y", "host": "h", "port": 1, "game": "krom",
                                                         "tokens": {"1": "t"}}]), encoding="utf-8")
    assert [e.code for e in memory.load()] == ["Y"]


@pytest.mark.slow
def test_a_finished_online_game_is_in_the_saves_list_and_replays(fast_app, threaded_server):
    from scenes import saves

    _, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    play_some(fast_app, board, bob, Rng(11), lambda: type(top(fast_app)).__name__ == "GameOverScene")
    wait_for(fast_app, lambda: any(s.name.startswith(f"Online {ann.code}") for s in saves.list_saves()))
    info = next(s for s in saves.list_saves() if s.name.startswith(f"Online {ann.code}"))
    assert info.error is None and "online" not in json.loads(info.path.read_text())["table"]
    match = saves.load_named(info.path)
    assert match.over and len(match.actions) == len(ann.actions)
    assert "Play again" not in [b.text for b in top(fast_app).actions]
    save_tip = " ".join(top(fast_app).spots.tip_of(top(fast_app).spots.get("button:save_this_game")))
    assert f"keeps it by itself as “{info.name}”" in save_tip, save_tip
    assert memory.find(ann.code) is None  # nothing left to rejoin
    click_widget(fast_app, button(top(fast_app), "Watch the replay"))
    fast_app.run_frames(3)
    assert top(fast_app).replay is not None
    bob.close()


def test_seats_offline_are_unchanged(fast_app):
    """Offline, every human seat is 'here': the kit's hot-seat rules stay as they were."""
    from game.core.match import Match
    from scenes.krosmaster.board import KrosmasterBoard

    board = KrosmasterBoard(fast_app, Match.new(KROS, KROS.bench_setup(), 3),
                            [Seat("A", (200, 0, 0)), Seat("B", (0, 0, 200))])
    assert not board.online and board.here(0) and board.here(1) and board.viewer is None
    fast_app.push(board)
    fast_app.run_frames(2)
    assert board.table_button is None and "button:table" not in board.spots
    pygame.event.clear()


def test_a_spectator_watches_the_board_and_nothing_on_it_can_be_used(fast_app, threaded_server):
    _, port = threaded_server
    client = TableClient("127.0.0.1", port)
    ann = client.create("krosmaster", KROS.bench_setup().to_dict(),
                        [{"kind": "host", "name": "Ann"}, {"kind": "computer", "name": "Cro", "level": "random"}], wait=True)
    watcher = TableClient("127.0.0.1", port).spectate(ann.code)
    lobby = LobbyScene(fast_app, watcher)
    fast_app.push(lobby)
    fast_app.run_frames(2)
    wait_for(fast_app, lambda: lobby.match.seat_info)
    tips_say_why(lobby)
    assert not lobby.spots.is_enabled(lobby.spots.get("button:send"))
    watch = lobby.spots.get("button:start")
    assert not lobby.spots.is_enabled(watch) and "host starts" in lobby.spots.reason_of(watch)
    ann.start()  # the host starts: the watcher's lobby goes to the board by itself
    wait_for(fast_app, lambda: top(fast_app) is not lobby)
    board = top(fast_app)
    assert board.viewer is None and not board.snap.mine
    assert check_hotspots(board) > 10
    assert all(not board.spots.is_enabled(s) for s in board.spots if not s.always)


def test_two_seats_at_the_hosts_screen_hand_off_and_a_remote_turn_shows_only_the_public_view(fast_app, threaded_server):
    """Hot-seat mixed with remote: a hand-off between the host's two seats, never for the remote one, and while
    the remote seat decides the screen shows what the whole table sees (no hand of Ann's or Bea's)."""
    krom = rules_registry.load("krom")
    server, port = threaded_server
    client = TableClient("127.0.0.1", port)
    ann = client.create("krom", krom.Setup(players=3).to_dict(),
                        [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Bea"}, {"kind": "remote", "name": "Bob"}],
                        wait=True)
    bob = TableClient("127.0.0.1", port).join(ann.code, name="Bob")
    lobby = LobbyScene(fast_app, ann)
    fast_app.push(lobby)
    wait_for(fast_app, lambda: lobby.why_not_start() is None)
    lobby.start()
    wait_for(fast_app, lambda: any(hasattr(s, "snap") for s in fast_app.stack.scenes))
    board = next(s for s in fast_app.stack.scenes if hasattr(s, "snap"))
    rng, handoffs, public = Rng(2), set(), 0
    deadline = time.monotonic() + 60
    while len(ann.actions) < 25:
        assert time.monotonic() < deadline, (f"timed out at {len(ann.actions)}: {type(top(fast_app)).__name__} "
                                             f"{board.status_text()} viewer={board.viewer} mine={board.snap.mine} "
                                             f"busy={board.busy} ann.viewer={ann.viewer} bob={bob.legal_actions()[:2]}")
        scene = top(fast_app)
        if isinstance(scene, HandOffScene):
            handoffs.add(scene.name if hasattr(scene, "name") else str(board.snap.seat))
            scene.on_ready()
            fast_app.stack.pop(scene)
            fast_app.run_frames(2)
            continue
        if scene is not board:
            fast_app.stack.pop(scene)
        bob.poll()
        if bob.legal_actions():
            legal = bob.legal_actions()
            bob.play(legal[rng.below(len(legal))])
        fast_app.run_frames(2)
        if board.busy:
            continue
        if board.snap.seat == 2 and board.viewer is None:
            public += 1
            shown = board.snap.view.to_dict()
            assert shown == server.tables[ann.code].match.view(None).to_dict() or len(ann.actions) != len(
                server.tables[ann.code].match.actions)
        if board.snap.mine:
            legal = list(board.snap.legal)
            board.act(legal[rng.below(len(legal))])
    assert handoffs, "the host's two seats never handed the mouse over"
    assert public, "the remote seat never decided with the public view on screen"


@pytest.mark.slow
def test_the_hosts_own_server_killed_mid_game_starts_again_and_the_board_goes_on(fast_app, dirs, monkeypatch):
    """Host a table (a real server process on the loopback), kill -9 that process: the board says it is
    reconnecting, the host's program starts its server again on the same port (the tables are on disk), the
    connection comes back by itself and the game goes on from where it was."""
    import signal
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("TABLETRIO_SERVER_LISTEN", "127.0.0.1")
    monkeypatch.setenv("TABLETRIO_SERVER_PORT", str(port))
    try:
        assert session.start_server() == port
        ann = session.client(session.LOOPBACK, port).create(
            "krosmaster", KROS.bench_setup().to_dict(),
            [{"kind": "host", "name": "Ann"}, {"kind": "computer", "name": "Cro", "level": "random"}], wait=True)
        lobby = LobbyScene(fast_app, ann)
        fast_app.push(lobby)
        wait_for(fast_app, lambda: lobby.why_not_start() is None)
        lobby.start()
        lobby.start()  # twice: one start is sent, one board opens
        wait_for(fast_app, lambda: top(fast_app) is not lobby)
        board = top(fast_app)
        assert not ann.conn.closed
        rng = Rng(4)
        wait_for(fast_app, lambda: board.snap.mine and not board.busy, 30)
        board.act(board.snap.legal[0])
        wait_for(fast_app, lambda: not board.busy and not board.sending)
        n = len(ann.actions)
        session._server.process.send_signal(signal.SIGKILL)
        lost = []  # what the board said while the server was gone

        def back() -> bool:
            if top(fast_app) is not board:  # a choice of Ann's put up over the board: the board takes news under none
                fast_app.stack.pop(top(fast_app))
            if not ann.connected:
                lost.append(ann.status_text)
            return ann.connected and ann.conn.reconnects >= 1 and session.hosting() == port

        wait_for(fast_app, back, 90)
        # The banner's words while the link is down (the banner test above pins them too); a reconnect quick enough
        # to land between two frames (one poll takes in the drop and the return) shows no frame without the server.
        assert all("Reconnecting" in text for text in lost), lost
        assert len(ann.actions) >= n
        deadline = time.monotonic() + 30
        while len(ann.actions) < n + 3:
            assert time.monotonic() < deadline, "the game did not go on"
            if board.snap.mine and not board.busy and top(fast_app) is board:
                legal = list(board.snap.legal)
                board.act(legal[rng.below(len(legal))])
            elif top(fast_app) is not board:
                fast_app.stack.pop(top(fast_app))
            fast_app.run_frames(2)
    finally:
        session.stop_server()


class FakeFinder:
    """What net.lan.Finder would have heard: one server on the loopback."""

    def __init__(self, port):
        from net import PROGRAM_VERSION
        from net.lan import Found
        from net.protocol import PROTOCOL

        self.found = [Found("Ann's table", "127.0.0.1", port, PROGRAM_VERSION, PROTOCOL),
                      Found("Old table", "127.0.0.1", 1, "0.0.1", PROTOCOL)]
        self.revision = 1

    def servers(self):
        return self.found

    def stop(self):
        pass


def test_joining_from_the_local_network_list_then_chatting_from_the_table_panel(fast_app, threaded_server, monkeypatch):
    _, port = threaded_server
    ann = TableClient("127.0.0.1", port).create("krosmaster", KROS.bench_setup().to_dict(),
                                                [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Seat 2"}],
                                                wait=True)
    monkeypatch.setattr(hub, "make_finder", lambda: FakeFinder(port))
    fast_app.push(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(3)
    scene = top(fast_app)
    tips_say_why(scene)
    old = scene.spots.get("button:server:127.0.0.1:1")
    assert not scene.spots.is_enabled(old) and "same version" in scene.spots.reason_of(old)
    scene.name_entry.set_text("Bob")
    click_widget(fast_app, button(scene, f"Ann's table: 127.0.0.1 port {port}"))
    scene = answered(fast_app)
    assert [t["code"] for t in scene.tables] == [ann.code]
    assert f"button:sit:{ann.code}:1" in scene.spots and f"button:watch:{ann.code}" in scene.spots
    click_widget(fast_app, button(scene, "Sit: Seat 2"))
    lobby = answered(fast_app)
    assert isinstance(lobby, LobbyScene) and lobby.match.seats == (1,)
    wait_for(fast_app, lambda: lobby.match.seat_info[1]["name"] == "Bob")
    start = lobby.spots.get("button:start")
    assert not lobby.spots.is_enabled(start) and lobby.spots.reason_of(start) == "Only the host starts the game."
    ann.start()
    wait_for(fast_app, lambda: top(fast_app) is not lobby)
    board = top(fast_app)
    board.open_table_panel()
    fast_app.run_frames(2)
    panel = top(fast_app)
    panel.chat.entry.set_text("good luck\x1b[31m")
    panel.chat.send()
    wait_for(fast_app, lambda: ann.poll() is not None and ann.chat and ann.chat[-1]["name"] == "Bob")
    assert "\x1b" not in ann.chat[-1]["text"]
    assert "Hand over" in [b.text for b in panel.hand_buttons]
    assert not panel.spots.is_enabled(panel.spots.get("button:handover:0"))
    assert "host" in panel.spots.reason_of(panel.spots.get("button:handover:0"))


def test_a_server_heard_while_the_screen_naps_wakes_it_and_shows_in_the_list(fast_app, monkeypatch):
    """The list on the Play online screen changes without any input (mDNS answers come on zeroconf's thread): the
    napping app is woken for it, not left showing the old list until the mouse moves."""
    finder = FakeFinder(5000)
    heard, finder.found = finder.found, []
    monkeypatch.setattr(hub, "make_finder", lambda: finder)
    fast_app.push(hub.PlayOnlineScene(fast_app))
    fast_app.run_frames(3)
    scene = top(fast_app)
    assert scene.servers == [] and fast_app.idle()
    finder.found, finder.revision = heard[:1], finder.revision + 1
    assert not fast_app.idle()  # the app draws a frame for the news
    fast_app.run_frames(1)
    assert [f.name for f in scene.servers] == ["Ann's table"] and "button:server:127.0.0.1:5000" in scene.spots
    fast_app.run_frames(3)
    assert fast_app.idle()  # and naps again once the new list is drawn


def test_an_undo_the_others_decline_is_said_on_the_asking_screen(fast_app, threaded_server):
    server, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    table = server.tables[ann.code]

    def ann_may_undo():
        return board.snap.mine and not board.busy and not board.sending and len(ann.actions) > 2 \
            and board.why_no_undo() is None and table.match.why_no_undo() is None

    rng = Rng(9)
    deadline = time.monotonic() + 60
    while not ann_may_undo():
        assert time.monotonic() < deadline, "timed out"
        play_some(fast_app, board, bob, rng, lambda: board.snap.mine and not board.busy and not board.sending)
        if not ann_may_undo():
            board.act(board.snap.legal[rng.below(len(board.snap.legal))])
            wait_for(fast_app, lambda: not board.busy and not board.sending)
    n = len(ann.actions)
    assert board.undo()
    assert "Asked the other players" in board.flash_text
    wait_for(fast_app, lambda: bob.poll() is not None and bob.undo_request is not None)
    bob.answer_undo(False)
    wait_for(fast_app, lambda: board.flash_text and "declined" in board.flash_text)
    assert len(ann.actions) == n


def test_a_table_waits_for_the_hosts_start_and_then_every_lobby_goes_to_the_board(fast_app, threaded_server):
    """Before the host's Start, no board opens and no computer moves (Krom's seat 0, a computer, decides first);
    Start is greyed with the reason: a joiner's screen is not the host's. Once the host starts, the joiner's lobby
    goes to the board by itself and the computer plays."""
    krom = rules_registry.load("krom")
    _, port = threaded_server
    ann = TableClient("127.0.0.1", port).create(
        "krom", krom.Setup(players=3).to_dict(),
        [{"kind": "computer", "name": "Cro", "level": "random"}, {"kind": "host", "name": "Ann"},
         {"kind": "remote", "name": "Bob"}], wait=True)
    assert ann.why_no_start() == "Waiting for someone to take Bob's seat."
    bob = TableClient("127.0.0.1", port).join(ann.code, name="Bob")
    lobby = LobbyScene(fast_app, bob)
    fast_app.push(lobby)
    wait_for(fast_app, lambda: lobby.named)
    tips_say_why(lobby)
    start = lobby.spots.get("button:start")
    assert not lobby.spots.is_enabled(start) and lobby.spots.reason_of(start) == "Only the host starts the game."
    assert not lobby.fill_button.visible and "button:start_fill" not in lobby.spots  # the host's only
    lobby.start()  # greyed: nothing happens
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        fast_app.run_frames(1)
    ann.poll()
    assert top(fast_app) is lobby and bob.played == 0 and ann.played == 0, "nothing moves before the host's Start"
    assert ann.why_no_start() is None
    ann.start()
    wait_for(fast_app, lambda: top(fast_app) is not lobby)
    board = top(fast_app)
    assert type(board).__name__ == "KromBoard" and board.match is bob
    wait_for(fast_app, lambda: bob.played > 0)  # the computer's first move, once started
    ann.close()


def test_a_server_that_never_answers_shows_connecting_while_the_window_keeps_drawing(fast_app, quiet_lan, monkeypatch):
    """No network call on the UI thread: joining a server that takes the connection and never answers shows
    "Connecting…" over the screen, frames keep coming (none waits for the network), Cancel is explained, and the
    attempt ends by itself with a sentence."""
    import socket

    made: list[TableClient] = []

    def short_client(host, port_):  # the client's timeout, shortened for the test (10 s in the program)
        made.append(TableClient(host, port_, timeout=1.5))
        return made[-1]

    monkeypatch.setattr(session, "client", short_client)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)  # the connection is taken, never answered
        fast_app.push(hub.PlayOnlineScene(fast_app))
        fast_app.run_frames(2)
        scene = top(fast_app)
        scene.port_entry.set_text(str(silent.getsockname()[1]))
        scene.join("ABC123", None, False)
        frames, started = 0, time.monotonic()
        while time.monotonic() - started < 0.8:
            before = time.monotonic()
            fast_app.run_frames(1)
            frames += 1
            assert time.monotonic() - before < 0.5, "a frame waited for the network"
        connecting = top(fast_app)
        assert isinstance(connecting, ConnectingScene) and frames >= 5
        assert "Connecting to table ABC123" in connecting.doing
        tips_say_why(connecting)
        assert answered(fast_app, 10) is scene
        assert "did not answer in time" in scene.message
    for c in made:
        c.close()


def test_a_move_on_its_way_holds_the_board_without_holding_the_window(fast_app, threaded_server, monkeypatch):
    """No network call on the UI thread: a click's move goes to the table without waiting; meanwhile frames keep
    coming, the board takes no other move and says why, and a refusal that comes later is said in the rules'
    words with nothing changed."""
    import concurrent.futures

    from net.client import NetError, Pending

    _, port = threaded_server
    board, ann, bob = open_board(fast_app, port)
    deadline = time.monotonic() + 30
    while not (board.snap.mine and not board.busy):  # Bob may be the first to play (the Glyph toss)
        assert time.monotonic() < deadline, "Ann's turn never came"
        bob.poll()
        if bob.legal_actions():
            bob.play(bob.legal_actions()[0])
        fast_app.run_frames(1)
    future: concurrent.futures.Future = concurrent.futures.Future()
    sent = []
    monkeypatch.setattr(ann, "begin_play", lambda action: sent.append(action) or Pending(future))
    n = len(ann.actions)
    assert board.act(board.snap.legal[0])
    started = time.monotonic()
    for _ in range(10):
        fast_app.run_frames(1)
    assert time.monotonic() - started < 5 and board.sending and board.locked
    assert board.lock_reason() == "Your move is on its way to the table."
    assert check_hotspots(board) > 10  # every control held, each saying why
    assert not board.act(board.snap.legal[0]) and len(sent) == 1, "one move in flight at a time"
    future.set_exception(NetError("That fighter has no action point left."))
    wait_for(fast_app, lambda: not board.sending)
    assert board.flash_text == "That fighter has no action point left." and len(ann.actions) == n
    assert not board.locked and board.snap.mine
    bob.close()


def test_the_host_may_start_with_the_computer_in_a_seat_still_open(fast_app, threaded_server):
    """A friend is late: "Start with the computer" (the host's, while a seat is open) starts the table with the
    computer playing the open seat; the seat stays open for the friend to take over. Nobody else sees it."""
    _, port = threaded_server
    ann = TableClient("127.0.0.1", port).create(
        "krosmaster", KROS.bench_setup().to_dict(), [{"kind": "host", "name": "Ann"}, {"kind": "remote", "name": "Bob"}],
        wait=True)
    lobby = LobbyScene(fast_app, ann)
    fast_app.push(lobby)
    wait_for(fast_app, lambda: lobby.named)
    tips_say_why(lobby)
    start, fill = lobby.spots.get("button:start"), lobby.spots.get("button:start_fill")
    assert not lobby.spots.is_enabled(start) and "Bob" in lobby.spots.reason_of(start)
    assert lobby.fill_button.visible and lobby.spots.is_enabled(fill)
    assert "plays Bob's seat until a friend joins" in " ".join(lobby.spots.tip_of(fill))
    click_widget(fast_app, lobby.fill_button)
    wait_for(fast_app, lambda: top(fast_app) is not lobby)
    assert ann.status == "playing" and ann.seat_info[1].get("computer") == FILL_LEVEL
    ann.close()


def test_the_one_player_at_this_screen_keeps_their_secrets_in_view_while_the_table_moves_on(fast_app, threaded_server):
    """Seen in a real window: while Ann's move animated towards Green's (a computer's) decision, Bob's own screen
    hid his Bonus hand and said he would see it "after the hand-off screen", which never comes online. With one
    human at this screen nobody else looks at it: the viewer's secrets stay drawn."""
    _, port = threaded_server
    board, _, bob = open_board(fast_app, port)
    fast_app.settings.animation_speed = "normal"
    rng, deadline = Rng(3), time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "Ann's move never led to Bob's decision"
        bob.poll()
        if bob.legal_actions():
            bob.play(bob.legal_actions()[rng.below(len(bob.legal_actions()))])
        if board.snap.mine and not board.busy and not board.sending:
            board.act(board.snap.legal[rng.below(len(board.snap.legal))])
            wait_for(fast_app, lambda: board.busy or not board.sending)
            if board.busy and board.upcoming is not None and board.upcoming.seat == 1:
                assert board.viewer == 0 and board.secrets_shown()
                break
        fast_app.run_frames(1)
    bob.close()
