"""Everything on screen: the app loop, the scene stack, widgets and one folder of scenes per game."""
