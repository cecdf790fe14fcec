"""A campaign kept in memory, its transactions handed to a keeper as they commit (Store.memory,
Recorder): the log rebuilds it exactly; a keeper that refuses a transaction leaves the campaign
as it was; a log without the actions is made whole by applying them again."""
from __future__ import annotations

import json

import pytest

from ttr.campaign import Campaign, CampaignError, bot_action, play
from ttr.campaign.store import ACTION_SQL, Store


def _campaign(log: list, seed: int = 3) -> Campaign:
    return Campaign.create_in(lambda fill: Store.memory("campaign m", lambda ch: log.append(json.loads(json.dumps(ch))),
                                                        fill=fill), [("Ann", "blue"), ("Bob", "red")], seed=seed)


def test_the_log_rebuilds_the_campaign_exactly():
    log: list = []
    c = _campaign(log)
    play(c, "planner", games=2)
    c.start_game()
    for _ in range(7):
        c.apply(bot_action(c, "random"))
    again = Campaign(Store.memory("campaign m", log=log))
    assert again.status() == c.status() and again.live_game().actions == c.live_game().actions
    # without the actions (a keeper that stores them elsewhere): applied again, the same campaign
    actions = [p[1][3] for t in log for p in t if p[0] == ACTION_SQL]
    bare = [[p for p in t if p[0] != ACTION_SQL] for t in log]
    rebuilt = Campaign(Store.memory("campaign m", log=[t for t in bare if t]))
    assert rebuilt.phase == "playing" and rebuilt.live_game().ply == 0
    for text in actions[-7:]:
        rebuilt.apply(text)
    assert rebuilt.status() == c.status()


def test_a_refused_transaction_changes_nothing():
    log: list = []
    c = _campaign(log)
    before, n = c.status(), len(log)

    class Refused(Exception):
        pass

    def refuse(changes):
        raise Refused("the keeper is down")
    c.store.conn._record = refuse  # type: ignore[attr-defined]  # the Recorder's keeper
    with pytest.raises(Refused):
        c.start_game()
    assert c.status() == before and len(log) == n and c.phase == "ready"
    c.store.conn._record = lambda ch: log.append(ch)  # type: ignore[attr-defined]
    c.start_game()  # the store is usable again: nothing was left half written
    assert c.phase == "playing" and len(log) == n + 1


def test_a_log_that_does_not_fit_is_damaged():
    log: list = []
    _campaign(log)
    with pytest.raises(CampaignError, match="campaign m is damaged"):
        Store.memory("campaign m", log=log + log)  # the campaign twice: its rows clash
