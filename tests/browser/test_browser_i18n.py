"""Chinese in a browser without Chinese fonts (Debian's Chromium here has none): the board and
the tickets name the places in Chinese, with the map's Latin names on hover, and the text is drawn
in the font the client ships (web/src/app/fonts.css), all of it from the game's own server."""
from __future__ import annotations

import re
import subprocess

from browser_helpers import api, create_game, join_link, wait_my_move

LAPTOP = (1366, 768)
CJK = re.compile(r"[\u4e00-\u9fff]")
SHIPPED = "NotoSansCJKsc-"  # the subsets keep Noto Sans CJK SC's PostScript names


def _system_has_chinese() -> bool:
    try:
        out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.strip())


def _fonts_drawing(page, selector: str) -> list[dict]:
    """The fonts Chromium drew an element's text with (DevTools' platform fonts)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


def _drawn_in_chinese_font(page, selector: str) -> None:
    fonts = _fonts_drawing(page, selector)
    names = [f["postScriptName"] for f in fonts]
    if _system_has_chinese():
        # a system Chinese font comes first where there is one; whichever, no Latin font's boxes
        assert any("CJK" in n or "SC" in n or "Hei" in n for n in names), (selector, names)
    else:
        assert any(f["postScriptName"].startswith(SHIPPED) and f["isCustomFont"] for f in fonts), (selector, names)


def test_the_board_and_tickets_in_chinese_with_the_shipped_font(new_page, server, artifacts):
    page = new_page(lang="zh", size=LAPTOP)
    outside: list[str] = []
    page.on("request", lambda r: r.url.startswith(("http", "ws")) and not r.url.startswith((server, server.replace("http", "ws")))
            and outside.append(r.url))
    g = create_game(server, "europe", ["human", "planner"], seed=21)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    page.locator(".keep-panel").wait_for()
    page.evaluate("document.fonts.ready.then(() => 0)")
    assert page.evaluate("document.fonts.check('16px \"TTR Sans SC\"', '中文')")
    assert page.evaluate("document.fonts.check('bold 16px \"TTR Sans SC\"', '中文')")

    # every city's label is its Chinese name, the map's name on hover
    labels = page.evaluate("""[...document.querySelectorAll('.ttr-labels .ttr-label')].map(t =>
        [t.getAttribute('data-city'), t.firstChild.textContent, t.querySelector('title')?.textContent ?? null])""")
    assert len(labels) == 47
    for city, text, title in labels:
        assert CJK.search(text) and not re.search(r"[A-Za-z]", text), (city, text)
        assert title == city
    assert ["Lisboa", "里斯本", "Lisboa"] in labels
    assert page.evaluate("document.querySelector('.ttr-board').getAttribute('lang')") == "zh-CN"
    _drawn_in_chinese_font(page, '.ttr-labels .ttr-label[data-city="Lisboa"]')

    # the offered tickets name their cities in Chinese, the Latin names on hover
    tickets = {t["id"]: t["cities"] for t in api(server, "api/maps/europe")["tickets"]}
    offer = page.evaluate("window.__ttrShown.view.you.offer")
    shown = page.locator(".keep-panel .ticket-cities").all()
    assert len(shown) == len(offer)
    for el in shown:
        assert CJK.search(el.inner_text()) and not re.search(r"[A-Za-z]", el.inner_text()), el.inner_text()
    titles = [el.get_attribute("title") for el in shown]
    assert sorted(titles) == sorted(" → ".join(tickets[t]) for t in offer)
    _drawn_in_chinese_font(page, ".keep-panel .ticket-cities")
    _drawn_in_chinese_font(page, ".keep-panel .prompt-title")
    page.screenshot(path=str(artifacts / "europe-zh.png"))
    assert outside == []


def test_the_language_button_is_drawn_in_the_shipped_font_on_an_english_page(new_page, server, artifacts):
    page = new_page(lang="en")
    page.goto(server)
    button = page.locator('[data-action="lang"]')
    assert button.inner_text() == "中文"
    page.evaluate("document.fonts.ready.then(() => 0)")
    assert page.evaluate("document.fonts.check('16px \"TTR Sans SC\"', '中文')")
    _drawn_in_chinese_font(page, '[data-action="lang"]')
    # the board stays in the map's names in English
    g = create_game(server, "europe", ["human", "planner"], seed=21)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    assert page.evaluate("document.querySelector('.ttr-labels [data-city=\"Lisboa\"]').textContent") == "Lisboa"
    page.screenshot(path=str(artifacts / "lobby-en.png"))
