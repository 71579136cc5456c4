"""Allow ``python -m scifigbench``."""

from scifigbench.pipeline.warm import main

main()
