"""Board and map files: maps/krosmaster (board sides), maps/khrysos (sample maps)."""
