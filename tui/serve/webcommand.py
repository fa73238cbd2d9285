"""`ssh host web [--sign-out-all]`: the SSH side of signing a browser in.

The link's code is made for the name the SSH login proved, and in key mode it
remembers the key, which the web server checks again at every session
(webserver.py). A key that may not open a terminal gets no link: a browser
page is a terminal.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .plain import printable
from .weblogin import LINK_LIFETIME

if TYPE_CHECKING:
    from .server import Server
    from .sshserver import GemtableSSHServer


def ssh_web_command(server: Server, login: GemtableSSHServer, args: list[str]) -> tuple[str, int]:
    """`ssh host web [--sign-out-all]`: a sign-in link, or every browser signed out.
    (the text to print, the exit status)"""
    front = server.web
    if front is None:
        return "gemtable: this server does not serve browsers (it was started without --web).\n", 1
    proof = login.proof
    if proof is None:
        return "gemtable: sign in first.\n", 1
    if args not in ([], ["--sign-out-all"]):
        return "gemtable: web takes no argument but --sign-out-all.\n", 1
    if not login.rules().pty:
        return "gemtable: your key may not open a terminal here, so not a browser either.\n", 1
    name = proof.user
    if args:
        count = front.sign_ins.sign_out_all(name)
        closed = front.close_sessions(lambda s: s.user == name,
                                      "Signed out of every browser (from SSH).")
        return (f"Signed {name} out of {count} browser(s); {closed} open page(s) closed.\n", 0)
    key = ""
    if server.keys is not None and proof.key is not None:
        key = proof.key.export_public_key().decode("ascii").strip()
    allowed, rejoin = login.claim()  # open mode: the name is bound here, as for a terminal
    if not allowed:
        return login.name_refusal() or "gemtable: this name is taken.\n", 1
    code = front.sign_ins.issue(name, key)
    lines = [f"Sign in as {name} in a browser (this link works once, for "
             f"{round(LINK_LIFETIME / 60)} minutes):", f"  {front.link(code)}"]
    if rejoin is not None:
        lines.append(f"Your rejoin code for {name}: {rejoin} (keep it to come back as {name}).")
    signed_in = front.sign_ins.of(name)
    if signed_in:
        lines.append(f"Browsers signed in as {name} now: {len(signed_in)}")
        lines += [f"  since {_when(s.created)} from {printable(s.address, 46)}, until "
                  f"{_when(s.expires)}" for s in signed_in]
        lines.append(f"Sign them all out: ssh -p {server.ssh_port} {server.public_host()} "
                     "web --sign-out-all")
    return "\n".join(lines) + "\n", 0


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))
