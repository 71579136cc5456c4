"""Allow ``python -m scifigbench``."""

from scifigbench.cli import main

main()
