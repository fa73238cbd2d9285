"""Answers the first request after starting a helper process (whose number it
tells on stderr), then hangs on the next one, deaf to its input closing."""
import json
import subprocess
import sys
import threading

line = sys.stdin.readline()
helper = subprocess.Popen([sys.executable, "-c", "import threading; threading.Event().wait()"])
print(f"helper {helper.pid}", file=sys.stderr, flush=True)
print(json.dumps({"action": json.loads(line)["legal"][0]}), flush=True)
sys.stdin.readline()
threading.Event().wait()  # forever: only being killed ends it
