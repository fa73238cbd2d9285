"""Answers with JSON that is not an object holding an action text."""
import json
import sys

for _ in sys.stdin:
    print(json.dumps({"move": 1}), flush=True)
