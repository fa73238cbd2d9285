"""A complete gemtable bot: it plays every game, picking one legal action at random.

Run it at a table with `--seat "exec:python docs/examples/random_bot.py"`.
gemtable writes one JSON request a line to its standard input and reads one
JSON reply a line from its standard output; docs/bots.md has the details.
"""

import json
import random
import sys

for line in sys.stdin:
    request = json.loads(line)
    view = request["view"]  # what this seat may know (docs/bots.md lists the fields)
    legal = request["legal"]  # the text of every action allowed now
    # Seeded by the request itself: the same position always gets the same answer.
    rng = random.Random(line)
    action = rng.choice(legal)
    # One line per request, flushed at once: gemtable waits for it.
    print(json.dumps({"action": action}), flush=True)
