"""The one colour palette shared by the art script and every scene (plain RGB tuples, no pygame)."""

# Table and panels
BG = (24, 28, 38)
BG_LIGHT = (34, 40, 54)
PANEL = (44, 50, 66)
PANEL_LIGHT = (62, 70, 92)
PANEL_EDGE = (92, 102, 128)
SHADOW = (10, 12, 18)

# Text
TEXT = (238, 234, 222)
TEXT_DIM = (160, 164, 176)
TEXT_DARK = (30, 30, 36)

# Accents and overlays
GOLD = (240, 184, 64)
GOLD_DARK = (176, 124, 30)
LEGAL = (92, 196, 112)       # a cell or target that can be chosen
BLOCKED = (222, 82, 82)      # in range but blocked (line of sight, wall)
HOVER = (255, 255, 255)
SELECT = (250, 214, 90)

# Krosmaster sides
KROSMASTER_BLUE = (66, 140, 232)
KROSMASTER_PINK = (232, 98, 168)

# Seats in Krom and Khrysos, in seat order. Chosen from the Okabe-Ito colour-blind-safe set
# and nudged (a seeded search, at most 10 CIELAB units from each Okabe-Ito anchor) so that
# every pair stays at least 24 CIELAB units apart for normal vision and under simulated
# deuteranopia and protanopia (Machado 2009); tests/scenes/test_art.py checks the pairs.
SEAT_COLOURS = (
    (187, 77, 0),     # red (vermilion)
    (26, 95, 161),    # blue
    (23, 143, 97),    # green (bluish green)
    (255, 238, 48),   # yellow
    (211, 122, 176),  # purple (reddish purple)
    (229, 154, 28),   # orange
)
SEATS = SEAT_COLOURS  # the older name
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
# The second cue besides colour: the mark printed on a seat's plinth and standee plate
# ("standees/mark_<pattern>" sprites), one shape per seat.
SEAT_PATTERNS = ("circle", "square", "triangle", "diamond", "star", "cross")
# Krosmaster's two sides get marks too.
SIDE_PATTERNS = {"blue": "circle", "pink": "star"}

# Krosmaster elements
ELEMENTS = {
    "fire": (230, 92, 52),
    "water": (60, 150, 230),
    "earth": (152, 112, 62),
    "air": (122, 204, 124),
}

# Krom places
PLACES = {
    "cave": (128, 104, 92),
    "forest": (62, 132, 72),
    "savanna": (212, 172, 82),
    "mountain": (142, 152, 172),
}

# Terrain
TREE = (46, 110, 60)
BUSH = (96, 150, 70)
ICE = (170, 220, 245)
FIRE = (240, 110, 40)
FOG = (200, 200, 210)
FLOOR = (78, 84, 102)
FLOOR_ALT = (70, 76, 94)
WALL = (20, 20, 26)
PILLAR = (120, 112, 100)
TREASURE = (250, 204, 60)

# Art materials (used by sprites/make_sprites.py; scenes may use them too)
OUTLINE = (14, 16, 22)       # the soft dark outline around drawn shapes
WHITE = (255, 255, 255)
IVORY = (242, 232, 206)      # the ordinary six-sided die
PIP_DARK = (38, 34, 42)
PIP_GREY = (120, 126, 140)
DIE_DARK = (66, 62, 84)      # Krosmaster combat die body
CRITICAL = (234, 62, 46)     # combat die critical starburst
SHIELD = (70, 150, 240)      # combat die shield, guard marker
INJURY = (204, 38, 50)
HEART = (226, 56, 78)
AP = (248, 150, 30)          # action points
MP = (74, 184, 80)           # movement points
TOKEN = (232, 220, 192)      # cardboard face of round markers
PARCHMENT = (238, 228, 204)  # card text panels
BRONZE = (186, 120, 62)
WOOD = (142, 94, 54)
STONE = (146, 148, 156)
BONE = (234, 226, 204)
METAL = (176, 184, 198)
DOFUS = (178, 228, 170)
GEM = (84, 214, 226)

# Card families: border colour of each card frame
CARD_FAMILIES = {
    "favor": (56, 160, 150),
    "favor_superior": (40, 132, 124),
    "challenge": (196, 66, 60),
    "minion": (124, 94, 172),
    "krosmaster": (66, 108, 192),
    "bonus": (230, 128, 46),
    "evolution": (82, 158, 78),
    "hunting": (164, 80, 56),
    "picking": (198, 166, 64),
    "destination": (106, 122, 150),
    "hunter": (150, 112, 52),
}
