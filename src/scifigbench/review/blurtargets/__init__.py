"""A person's review of the blur targets: the ``review blur`` commands (cli.py) and their page (page.py)."""
