"""Writing and reading plain files safely: atomic writes and content hashes (``atomic``), JSON Lines (``jsonl``)."""
