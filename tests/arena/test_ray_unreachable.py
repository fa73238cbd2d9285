"""A Ray address nobody answers is refused at once, with a clear message."""

from __future__ import annotations

import socket

import pytest

from gemtable.ai.ray_backend import ClusterError, RayBackend

ray = pytest.importorskip("ray", reason="the cluster extra is not installed")
# One worker runs every Ray test: a 2-CPU cluster each would overload the machine,
# and the unreachable-cluster test needs no cluster running in its process.
pytestmark = pytest.mark.xdist_group("ray")


def test_an_address_that_refuses_is_a_clear_error_at_once():
    assert not ray.is_initialized()
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    backend = RayBackend(address=f"127.0.0.1:{port}")
    with pytest.raises(ClusterError, match=f"cannot reach a Ray cluster at 127.0.0.1:{port}"):
        list(backend.run([]))
    assert not ray.is_initialized()
