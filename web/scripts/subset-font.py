#!/usr/bin/env python3
"""Subset Noto Sans CJK SC to the Chinese characters the client uses, as WOFF2.

The characters are every CJK ideograph, CJK punctuation mark and full-width form in web/src
(i18n.ts's Chinese table, places.zh.ts's names, ...). Run it after adding Chinese text:

    python web/scripts/subset-font.py [--regular PATH] [--bold PATH]

PATH: a Noto Sans CJK collection (.ttc, Debian's fonts-noto-cjk:
/usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc) or a Noto Sans SC / CJK SC
.otf. Needs fonttools with brotli (pip install 'fonttools[woff]'; the `fonts` extra of
pyproject.toml). Writes web/src/app/fonts/ttr-sans-sc-{400,700}.woff2; the vitest
tests/font.test.ts reads their cmaps and fails when a character of web/src is missing.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

WEB = Path(__file__).resolve().parent.parent
SRC = WEB / "src"
OUT = SRC / "app" / "fonts"
DEBIAN = Path("/usr/share/fonts/opentype/noto")

# the font's unicode-range in fonts.css: the Latin text keeps the system fonts
WIDE = re.compile("[\u2e80-\u2fff\u3000-\u303f\u3100-\u9fff\uf900-\ufaff\uff00-\uffef]")


def used_chars() -> list[str]:
    chars: set[str] = set()
    for p in sorted(SRC.rglob("*")):
        if p.suffix in {".ts", ".tsx", ".css", ".html"}:
            chars.update(WIDE.findall(p.read_text(encoding="utf-8")))
    return sorted(chars)


def load_sc(path: Path) -> TTFont:
    """The Simplified Chinese face of a collection, or the font itself."""
    if path.suffix.lower() == ".ttc":
        for f in TTCollection(str(path)).fonts:
            if f["name"].getDebugName(1) in ("Noto Sans CJK SC", "Source Han Sans SC"):
                return f
        sys.exit(f"{path}: no Noto Sans CJK SC face in the collection")
    return TTFont(str(path))


def write_subset(src: Path, chars: list[str], out: Path) -> None:
    font = load_sc(src)
    opts = subset.Options()
    opts.flavor = "woff2"
    opts.drop_tables += ["vhea", "vmtx", "VORG"]  # horizontal text only
    # the SC face's own glyphs are the Simplified forms: no other languages' (locl) alternates
    opts.layout_features = [f for f in opts.layout_features if f != "locl"]
    opts.name_IDs = ["*"]  # keeps the copyright and the OFL notice
    opts.notdef_outline = True
    opts.hinting = False  # CFF hints: little use in a browser, a fifth of the size
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    font.flavor = "woff2"
    font.recalcTimestamp = False  # the source's date: the same input makes the same file
    font.save(str(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regular", type=Path, default=DEBIAN / "NotoSansCJK-Regular.ttc")
    ap.add_argument("--bold", type=Path, default=DEBIAN / "NotoSansCJK-Bold.ttc")
    a = ap.parse_args()
    chars = used_chars()
    OUT.mkdir(parents=True, exist_ok=True)
    for weight, src in (("400", a.regular), ("700", a.bold)):
        out = OUT / f"ttr-sans-sc-{weight}.woff2"
        write_subset(src, chars, out)
        print(f"{out.relative_to(WEB)}: {len(chars)} characters, {out.stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
