"""Untracked caches keyed by content and code: the code closure (``codedeps``), the per-figure step
store (``stepstore``) and the stamps of tables already validated (``validated``)."""
