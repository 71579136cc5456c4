"""Descriptions: a free description of a figure, scored by MQM against its spec or its reference."""
