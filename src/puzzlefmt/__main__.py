"""``python -m puzzlefmt`` runs the command line."""

from puzzlefmt.cli import run

run()
