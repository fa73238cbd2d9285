"""Reads a request and never answers, deaf to its input closing."""
import sys
import threading

sys.stdin.readline()
threading.Event().wait()  # forever: only being killed ends it
