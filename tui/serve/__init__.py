"""gemtable.tui.serve: shared tables over SSH (`gemtable serve`).

The server process runs an SSH server (asyncssh), the table hub that owns
every shared table, and a pool of bot worker processes. Each SSH session runs
the ordinary gemtable app in a process of its own on a pseudo-terminal; that
process reaches the hub over a private Unix socket. See docs/serve.md.
"""
