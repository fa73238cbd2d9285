"""The few HTML pages of the browser path: the terminal page, sign-in and sign-out.

Every value from outside (a name, a code, a host) goes through `html.escape`;
the pages carry no inline script (the terminal is textual-serve's textual.js,
and webpage.js gives it the focus, both loaded from /static), so the content
security policy can forbid inline scripts altogether. Styles are in webpage.css
beside this file.
"""

from __future__ import annotations

from html import escape

HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>{title}</title>
<link rel="stylesheet" href="/static/xterm.css">
<link rel="stylesheet" href="/static/gemtable.css">
{extra}</head>
"""


def _page(title: str, body: str, extra: str = "") -> str:
    return HEAD.format(title=escape(title), extra=extra) + f"<body>\n{body}\n</body>\n</html>\n"


def _card(title: str, inner: str, csrf: str = "") -> str:
    # The form token in the head too: a client without forms of its own reads it there.
    extra = f'<meta name="csrf-token" content="{escape(csrf)}">\n' if csrf else ""
    return _page(title, f'<main class="card">\n<h1>gemtable</h1>\n{inner}\n</main>', extra)


def _token(csrf: str) -> str:
    return f'<input type="hidden" name="csrf" value="{escape(csrf)}">'




def terminal_page(name: str, websocket_url: str, csrf: str, font_size: int = 16) -> str:
    """The game: a bar naming who is signed in, and the terminal under it."""
    body = f"""<header class="bar">
<span class="who">gemtable &middot; signed in as <b id="signed-in-as">{escape(name)}</b></span>
<form method="post" action="/signout" class="signout">
<input type="hidden" name="csrf" value="{escape(csrf)}">
<button type="submit">Sign out</button>
</form>
</header>
<div class="closed-note">The session has ended. <a href="/">Open it again</a></div>
<div id="terminal" class="textual-terminal"
 data-session-websocket-url="{escape(websocket_url)}" data-font-size="{int(font_size)}"></div>"""
    return _page(f"gemtable: {name}", body,
                 '<script src="/static/textual.js" defer></script>\n'
                 '<script src="/static/gemtable.js" defer></script>\n')


def sign_in_page(ssh_command: str, open_mode: bool, csrf: str, message: str = "",
                 name: str = "") -> str:
    """Not signed in: how to get a link; in open mode, a name form as well."""
    note = f'<p class="message" role="alert">{escape(message)}</p>\n' if message else ""
    steps = (f"run <code>{escape(ssh_command)}</code> in a terminal and open the link it "
             "prints. The link works once, for a few minutes.")
    if not open_mode:
        return _card("gemtable: sign in", f"{note}<p>To play in this browser, {steps}</p>", csrf)
    form = f"""<p>This server is open: choose a name nobody has taken. Names are not verified.
A new name is given a rejoin code, shown in the lobby: keep it to come back as the same name.</p>
<form method="post" action="/open" class="name-form">
{_token(csrf)}
<label>Name <input name="name" maxlength="24" autocomplete="username" value="{escape(name)}"
 required autofocus></label>
<label>Rejoin code (only for a name you used before)
<input name="code" maxlength="32" autocomplete="off"></label>
<button type="submit">Play</button>
</form>
<p class="aside">With an SSH key instead, {steps}</p>"""
    return _card("gemtable: choose a name", note + form, csrf)


def redeem_page(name: str, code: str, csrf: str) -> str:
    """The page a sign-in link opens; the button spends the link (a preview cannot)."""
    return _card("gemtable: sign in", f"""<p>This link signs this browser in as
<b>{escape(name)}</b>.</p>
<form method="post" action="/signin">
{_token(csrf)}
<input type="hidden" name="code" value="{escape(code)}">
<button type="submit" autofocus>Sign in as {escape(name)}</button>
</form>""", csrf)


def message_page(title: str, message: str, status_hint: str = "") -> str:
    hint = f"<p>{escape(status_hint)}</p>" if status_hint else ""
    return _card(f"gemtable: {title}",
                 f'<p class="message" role="alert">{escape(message)}</p>{hint}'
                 '<p><a href="/">Back</a></p>')
