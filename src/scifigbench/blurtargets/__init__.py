"""Which printed text of a figure to blur, and why: candidates, ranking, the layout rules, vetting.

Synthetic figures give candidates from their spec (``from_spec``), real ones from their layout
reading (``from_layout``); ``ranked`` scores the latter for review, ``selection`` boxes the first
usable candidate per mode and applies a person's decisions (``decisions``), ``validity`` checks a
blur hides its text, and ``vetting`` asks a declared model what role a candidate's text plays.
"""
