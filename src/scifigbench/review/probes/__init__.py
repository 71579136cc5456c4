"""A person's review of LLM-written probes: the ``review probes`` commands (cli.py) and their page (page.py)."""
