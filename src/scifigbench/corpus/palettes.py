"""Colour palettes seen in ML papers, each colour tagged with its basic colour family.

The MQM checklist judges colours by family (red, orange, yellow, green, blue, purple, pink, brown,
grey, black, white), so the spec stores the family next to the hex value; tagging by hand avoids
a brittle hue-threshold classifier.
"""

from __future__ import annotations

COLOR_FAMILIES = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "grey", "black", "white")

PALETTES: dict[str, tuple[tuple[str, str], ...]] = {
    "tab10": (("#1f77b4", "blue"), ("#ff7f0e", "orange"), ("#2ca02c", "green"), ("#d62728", "red"),
              ("#9467bd", "purple"), ("#8c564b", "brown"), ("#e377c2", "pink"), ("#7f7f7f", "grey")),
    "deep": (("#4c72b0", "blue"), ("#dd8452", "orange"), ("#55a868", "green"), ("#c44e52", "red"),
             ("#8172b3", "purple"), ("#937860", "brown"), ("#da8bc3", "pink"), ("#8c8c8c", "grey")),
    "set2": (("#66c2a5", "green"), ("#fc8d62", "orange"), ("#8da0cb", "blue"), ("#e78ac3", "pink"),
             ("#a6d854", "green"), ("#ffd92f", "yellow"), ("#e5c494", "brown"), ("#b3b3b3", "grey")),
    "muted": (("#4878d0", "blue"), ("#ee854a", "orange"), ("#6acc64", "green"), ("#d65f5f", "red"),
              ("#956cb4", "purple"), ("#8c613c", "brown"), ("#dc7ec0", "pink"), ("#797979", "grey")),
    "paper": (("#2b5d8a", "blue"), ("#e6a141", "orange"), ("#7a9e3d", "green"), ("#b8312f", "red"),
              ("#5e4b8b", "purple"), ("#333333", "black"), ("#e2c044", "yellow"), ("#9e9e9e", "grey")),
}
