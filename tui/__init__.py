"""gemtable.tui: the Textual front end, the table runtime and the command line.

Imports gemtable.engine and gemtable.ai.
"""
