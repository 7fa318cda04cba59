"""Raising an exception in another thread of this process: how a bot's move that ran past its
time is stopped where no signal can reach it (off the main thread, or on Windows).

CPython's ``PyThreadState_SetAsyncExc`` hands an exception class to a thread, which raises it at
its next step of Python: a thread asleep or waiting in compiled code raises it only once the wait
ends, and one that never comes back to Python never does. A handed exception not yet raised can
be taken back, which lets a caller that hands one as the work it meant to stop ends make sure
none is raised after that work."""

from __future__ import annotations

import ctypes


def can_interrupt() -> bool:
    """Whether this Python can raise an exception in another thread (CPython can)."""
    api = getattr(ctypes, "pythonapi", None)
    return api is not None and hasattr(api, "PyThreadState_SetAsyncExc")


def interrupt(thread: int, exception: type[BaseException]) -> None:
    """Have ``thread`` (a :func:`threading.get_ident`) raise ``exception``, made without
    arguments, at its next step of Python."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exception))


def take_back(thread: int) -> None:
    """Have ``thread`` not raise the exception handed to it, if it has not raised it yet."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), None)
