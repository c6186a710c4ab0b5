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

# Seats in Krom and Khrysos, in seat order
SEATS = (
    (214, 70, 60),    # red
    (62, 122, 216),   # blue
    (72, 170, 92),    # green
    (234, 194, 52),   # yellow
    (150, 92, 202),   # purple
    (236, 132, 42),   # orange
)
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")

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
