"""A socket's allowance of messages: a burst at once, then its rate; past it, messages are not
handled and the sender is told once every few seconds; a sender that slows down is served
again, one that keeps flooding is closed."""

from __future__ import annotations

from openhanabi.server.allowance import (
    FLOOD_DEBT,
    TOLD_EVERY_SECONDS,
    MessageAllowance,
    Verdict,
)

HANDLE, REFUSE, IGNORE, CLOSE = Verdict.HANDLE, Verdict.REFUSE, Verdict.IGNORE, Verdict.CLOSE


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def allowance(clock: Clock, per_second: float = 10, burst: int = 30) -> MessageAllowance:
    return MessageAllowance(per_second, burst, clock)


def spend(allowance: MessageAllowance, messages: int) -> list[Verdict]:
    return [allowance.spend() for _ in range(messages)]


def test_a_burst_is_handled_at_once_then_messages_come_at_the_rate() -> None:
    clock = Clock()
    messages = allowance(clock)
    assert spend(messages, 30) == [HANDLE] * 30
    assert messages.spend() is REFUSE
    clock.now = 2.0  # 20 more, less the one refused
    assert spend(messages, 20) == [HANDLE] * 19 + [IGNORE]


def test_a_quiet_socket_saves_no_more_than_its_burst() -> None:
    clock = Clock()
    messages = allowance(clock)
    clock.now = 3600.0
    assert spend(messages, 31) == [HANDLE] * 30 + [REFUSE]


def test_a_sender_a_little_too_fast_is_told_once_every_interval_and_served_less() -> None:
    clock = Clock()
    messages = allowance(clock, burst=10)
    handled, told = [], []
    for second in range(20):  # eleven messages each second where ten are allowed
        clock.now = float(second)
        verdicts = spend(messages, 11)
        handled.append(verdicts.count(HANDLE))
        told += [second] * verdicts.count(REFUSE)
        assert CLOSE not in verdicts
    assert TOLD_EVERY_SECONDS == 5
    assert told == [0, 5, 10, 15]
    # what it was refused is spent too: until it slows down, it is served less and less
    assert handled[:4] == [10, 9, 8, 7]
    assert handled[-1] == 0


def test_a_sender_that_waits_is_served_again_having_paid_for_what_it_was_refused() -> None:
    clock = Clock()
    messages = allowance(clock)
    spend(messages, 30 + 50)  # 50 refused: the allowance is 50 in debt
    clock.now = 5.0  # 50 messages' worth: back to nothing
    assert messages.spend() is not HANDLE
    clock.now = 5.0 + 0.2  # (paid the one just refused, and one more)
    assert messages.spend() is HANDLE


def test_a_flood_is_closed_at_its_debt() -> None:
    clock = Clock()
    messages = allowance(clock)
    assert spend(messages, 30 + FLOOD_DEBT - 1).count(CLOSE) == 0
    assert messages.spend() is CLOSE


def test_a_page_twice_too_fast_is_closed_after_ten_seconds_of_it() -> None:
    clock = Clock()
    messages = allowance(clock)
    sent = 0
    while (verdict := messages.spend()) is not CLOSE:
        sent += 1
        clock.now = sent / 20  # twenty a second where ten are allowed
    # three seconds on its burst (30 more than the rate's 10 a second), then 100 in debt
    assert FLOOD_DEBT == 100
    assert 12.9 <= clock.now <= 13.1
    assert verdict is CLOSE
