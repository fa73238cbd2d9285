"""Always the first legal action; says how many requests this process has seen."""
import json
import sys

for count, line in enumerate(sys.stdin, start=1):
    print(f"request {count}", file=sys.stderr, flush=True)
    print(json.dumps({"action": json.loads(line)["legal"][0]}), flush=True)
