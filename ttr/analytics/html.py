"""HTML pieces of the reports: one self-contained page (inline style, a few lines of script to sort
tables; images as data URIs). Every number shown in a table or in the run's facts is written by
`num`, which tags it with its key and exact value (`data-k`, `data-v`), so tests can check each
one against the raw records, and readers can copy exact values."""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape

from . import board_js
from .common import Diff, Rate

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1060px;padding:0 18px 40px;
color:#222;line-height:1.45}
h1{font-size:1.5em;margin:18px 0 2px}h2{margin-top:2em;border-bottom:2px solid #4c78a8;padding-bottom:3px}
h3{margin:1.3em 0 .3em}
.facts{font-size:1.05em;margin:4px 0}.glance{font-size:.95em;background:#f6f8fb;padding:8px 8px 8px 28px;border-radius:4px}.facts b{font-weight:600}.sub{color:#555;margin:2px 0 10px}
p.doc{color:#444;max-width:56em}nav{display:flex;flex-wrap:wrap;gap:.25em .9em}nav a{white-space:nowrap}
table{border-collapse:collapse;font-size:.86em;margin:6px 0}
th,td{padding:2px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
th{background:#f3f5f8;position:sticky;top:0;cursor:pointer;font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.scroll{max-height:30em;overflow-y:auto;border:1px solid #e3e3e3;display:inline-block}
img{max-width:100%;height:auto;display:block;margin:8px 0}
.flag{color:#b3261e;font-weight:600}.warn{background:#fff4d6;padding:6px 10px;border-left:4px solid #e0a400}
code{background:#f3f3f3;padding:1px 4px;border-radius:3px}
""" + board_js.STYLE

# Printing (or saving as PDF) shows everything: tables unscrolled, their headers repeated on each
# page, rows and figures never cut across pages, no buttons.
PRINT = """
@media print{
@page{margin:14mm 12mm}
body{max-width:none;padding:0;font-size:10pt}nav,.bctl,.board .tip{display:none}
.scroll{max-height:none;overflow:visible;display:block;border:none}
th{position:static;cursor:auto}thead{display:table-header-group}tr,img,svg,figure,.glance{break-inside:avoid}
h2,h3{break-after:avoid}p.doc{break-after:avoid}
img{max-width:100%;max-height:23cm;width:auto;height:auto;margin-left:auto;margin-right:auto}
.bsvg{width:100%;max-height:23cm}
.bsvg{border:none}
a[href^="http"]{color:#111;text-decoration:none}
}
"""

SORT = """
document.querySelectorAll("th").forEach(function(th){th.addEventListener("click",function(){
var t=th.closest("table"),b=t.tBodies[0],i=Array.prototype.indexOf.call(th.parentNode.children,th);
var d=th.dataset.dir==="a"?"d":"a";th.dataset.dir=d;var rows=Array.prototype.slice.call(b.rows);
function v(r){var c=r.cells[i];if(!c)return"";var x=c.dataset.v;if(x===undefined)return c.textContent;
var f=parseFloat(x);return isNaN(f)?x:f;}
rows.sort(function(p,q){var a=v(p),c=v(q);var s=(typeof a==="number"&&typeof c==="number")?a-c:
String(a).localeCompare(String(c));return d==="a"?s:-s;});rows.forEach(function(r){b.appendChild(r);});});});
"""


def esc(x: object) -> str:
    return escape(str(x), quote=True)


def _v(value: object) -> str:
    if isinstance(value, (tuple, list)):
        return ",".join(_v(x) for x in value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


def num(key: str, value: object, text: str, tag: str = "td") -> str:
    cls = ' class="n"' if tag == "td" else ""
    return f'<{tag}{cls} data-k="{esc(key)}" data-v="{esc(_v(value))}">{esc(text)}</{tag}>'


def pct(key: str, v: float, tag: str = "td") -> str:
    return num(key, v, f"{v * 100:.1f}%", tag)


def signed_pct(key: str, v: float) -> str:
    return num(key, v, f"{v * 100:+.1f}%")


def interval(key: str, ci: tuple[float, float], tag: str = "td") -> str:
    lo, hi = ci
    return num(key, (lo, hi), f"{lo * 100:.1f}–{hi * 100:.1f}%", tag)


def signed_interval(key: str, ci: tuple[float, float]) -> str:
    lo, hi = ci
    return num(key, (lo, hi), f"{lo * 100:+.1f}…{hi * 100:+.1f}%")


def rate(key: str, r: Rate) -> str:
    """Two cells: the rate and its 95% interval."""
    return pct(key, r.value) + interval(f"{key}.ci", r.ci)


def diff(key: str, d: Diff) -> str:
    """Four cells: A, B, B - A and its 95% interval."""
    return pct(f"{key}.a", d.a.value) + pct(f"{key}.b", d.b.value) + signed_pct(f"{key}.diff", d.value) + \
        signed_interval(f"{key}.diff.ci", d.ci)


def dec(key: str, v: float, tag: str = "td") -> str:
    return num(key, v, f"{v:.1f}", tag)


def signed_dec(key: str, v: float) -> str:
    return num(key, v, f"{v:+.1f}")


def count(key: str, v: float, tag: str = "td") -> str:
    return num(key, v, f"{v:g}", tag)


def text(s: object, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f"<td{c}>{esc(s)}</td>"


def table(headers: Sequence[str], rows: Iterable[str], scroll: bool = False) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = "".join(f"<tr>{r}</tr>" for r in rows)
    t = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="scroll">{t}</div>' if scroll else t


def image(uri: str, alt: str) -> str:
    return f'<img src="{uri}" alt="{esc(alt)}">'


def doc(s: str) -> str:
    """Explanations (may hold fixed numbers such as 95%: they are no results)."""
    return f'<p class="doc">{s}</p>'


def section(sid: str, title: str, *parts: str) -> str:
    return f'<section id="{sid}"><h2>{esc(title)}</h2>{"".join(parts)}</section>'


def page(title: str, head: str, sections: Sequence[tuple[str, str, str]]) -> str:
    """sections: (id, title, html)."""
    nav = "<nav>" + "".join(f'<a href="#{sid}">{esc(t)}</a>' for sid, t, _ in sections) + "</nav>"
    body = "".join(section(sid, t, h) for sid, t, h in sections)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>'
            f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{STYLE}{PRINT}</style></head>'
            f"<body>{head}{nav}{body}<script>{SORT}{board_js.SCRIPT}</script></body></html>")


def facts(items: Sequence[str], sep: str = " · ", cls: str = "facts") -> str:
    return f'<p class="{cls}">{sep.join(items)}</p>'


def fact(key: str, value: object, shown: str | None = None) -> str:
    """A number in the run's facts (a span)."""
    return num(key, json.dumps(value) if isinstance(value, list) else value,
               shown if shown is not None else str(value), tag="span")


__all__ = ["count", "dec", "diff", "doc", "esc", "fact", "facts", "image", "interval", "num", "page", "pct", "rate",
           "section", "signed_dec", "table", "text"]
