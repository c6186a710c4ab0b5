"""Learning to play on screen: the rules reference overlay, its diagrams, and text with glossary words marked."""
