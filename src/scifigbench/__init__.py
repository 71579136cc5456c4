"""scifigbench: a data-versioned benchmark of how vision-language models read scientific figures.

The package mirrors the pipeline stages (corpus -> conditions -> probes -> setups -> respond ->
judge -> metrics -> report); every stage is a pure-function core with a thin CLI command around it.
"""

__version__ = "0.1.0"
