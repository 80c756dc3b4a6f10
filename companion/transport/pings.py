"""Engine.IO's pings on a timer of gevent's loop instead of a greenlet per
socket (python-engineio 4.x ``Socket.schedule_ping``).

Engine.IO sends each socket a ping every ``ping_interval`` seconds from a
fresh greenlet that sleeps that long first: every idle phone keeps one more
greenlet alive, with its saved C stack and its own page of Python frames
(bench/idle.py --probe).  A timer does the same wait for a few hundred
bytes.  The ping itself only puts a packet on the socket's queue, which
never blocks, so it may run in the loop's callback.  Other async modes
keep Engine.IO's own."""
from __future__ import annotations

import time

from engineio import packet
from engineio import socket as eio_socket

_engineio_schedule_ping = eio_socket.Socket.schedule_ping


def schedule_ping(self) -> None:
    if self.server.async_mode != "gevent":
        return _engineio_schedule_ping(self)
    # only once the previous ping was answered, as Engine.IO does
    if self.last_ping:
        self.last_ping = None
        import gevent
        timer = gevent.get_hub().loop.timer(self.server.ping_interval)
        timer.start(_ping, self, timer)
    return None


def _ping(socket, timer) -> None:
    timer.close()
    if not socket.closing and not socket.closed:
        # set before send, so that send's timeout check never closes the
        # socket (and runs its disconnect handler) inside the loop
        socket.last_ping = time.time()
        socket.send(packet.Packet(packet.PING))


def install() -> None:
    eio_socket.Socket.schedule_ping = schedule_ping
