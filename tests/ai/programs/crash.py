"""Reads a request, complains on stderr and exits without answering."""
import sys

sys.stdin.readline()
print("out of cheese", file=sys.stderr, flush=True)
sys.exit(3)
