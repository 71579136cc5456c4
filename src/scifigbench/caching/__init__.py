"""Untracked caches keyed by content and code: how a key is made (``keys``, with the code closure
from ``codedeps``), how a record is stored and found (``shelf``), and its uses here: the per-figure
step stores (``stepstore``) and the stamps of tables already validated (``validated``)."""
