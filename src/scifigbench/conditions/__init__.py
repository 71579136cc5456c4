"""The image conditions a figure is shown under: transforms (noise, low contrast, rotation), the
in-paper page, selective blur, the released conditions of an imported release, and their stage."""
