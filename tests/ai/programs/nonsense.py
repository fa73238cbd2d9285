"""Answers every request with a line that is not a JSON reply."""
import sys

for _ in sys.stdin:
    print("I would rather not", flush=True)
