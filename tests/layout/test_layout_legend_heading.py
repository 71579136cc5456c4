"""A legend's heading set flush with its keys, each entry a key's width further right, heads the
legend: it is neither an entry nor a series named in place (``helpers.legend_charts``)."""

from __future__ import annotations

import pytest

from helpers.legend_charts import SERIES, headed_legend
from scifigbench.layout import read_layout


@pytest.mark.parametrize("key_length", [0.25, 1.0], ids=["dash-keys", "line-keys"])
def test_a_heading_over_keyed_entries_heads_the_legend(key_length):
    """With dash-like keys the reader misses them and reads the legend as a word column, heading
    and all; with longer keys it reads the swatches and leaves the heading a note in the plot.
    Either way the heading has no key, and a key stands under its start beside every entry."""
    layout = read_layout(*headed_legend("Approaches", key_length))
    heading = next(lb for lb in layout.labels if lb.text == "Approaches")
    assert (heading.role, heading.why) == ("annotation", "heads a legend's keyed entries, with no key of its own")
    legend = sorted((lb for lb in layout.labels if lb.role == "legend_entry"), key=lambda b: b.position)
    assert [lb.text for lb in legend] == list(SERIES)


def test_a_legend_without_heading_keeps_its_first_entry():
    """The same legend with no title: its first entry has entries below it but none indented past
    it, so it stays an entry."""
    layout = read_layout(*headed_legend(None))
    assert sorted(lb.text for lb in layout.labels if lb.role == "legend_entry") == sorted(SERIES)
