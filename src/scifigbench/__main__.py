"""Allow ``python -m scifigbench``."""

from scifigbench.warm import main

main()
