"""The serve tests' fixtures; they live in serve_support.py, beside the helpers the
tests import from there by name (a module called conftest would be ambiguous
with every folder's conftest on the path)."""

from browser_support import browser, chromium
from serve_support import clients, hub, hub_factory, make_server, server
from web_client import web_clients

__all__ = ["browser", "chromium", "clients", "hub", "hub_factory", "make_server", "server",
           "web_clients"]
