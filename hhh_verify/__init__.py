"""hhh-verify: executable board-game rule models, and engines that check them."""

__version__ = "0.1.0"
