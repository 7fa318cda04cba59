"""The browser tests' own Chromium: a browser that stops answering while a test's pages are
closed is killed, so that the test ends, and the next test gets a browser launched anew; a
browser that answers is left alone."""

from __future__ import annotations

import os
import signal
import time

from chromium import Chromium


def test_a_chromium_stuck_closing_a_page_is_killed_and_launched_again(chromium: Chromium) -> None:
    stuck = chromium.browser
    context = stuck.new_context()
    context.new_page().set_content("<p>before</p>")
    pid = chromium.process()
    assert pid is not None
    killed = chromium.killed
    os.kill(pid, signal.SIGSTOP)  # the browser stops answering, as a hung one does

    started = time.monotonic()
    assert chromium.close_context(context, seconds=2)
    assert time.monotonic() - started < 30
    assert chromium.killed == killed + 1
    assert not stuck.is_connected()

    fresh = chromium.browser
    assert fresh is not stuck and fresh.is_connected()
    assert chromium.process() not in (None, pid)
    context = fresh.new_context()
    page = context.new_page()
    page.set_content("<p>after</p>")
    assert page.text_content("p") == "after"
    assert not chromium.close_context(context)


def test_a_chromium_that_answers_is_left_alone(chromium: Chromium) -> None:
    browser = chromium.browser
    pid = chromium.process()
    context = browser.new_context()
    context.new_page().set_content("<p>page</p>")
    killed = chromium.killed

    assert not chromium.close_context(context, seconds=30)
    assert chromium.killed == killed
    assert browser.is_connected() and chromium.browser is browser
    assert chromium.process() == pid
