"""Packaged data files of Khrysos Hunters: tile cards and the hunter deck."""
