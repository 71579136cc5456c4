"""Reading the text printed in a figure image: the OCR engine, its caches and second readings.

The conditions stage reads every figure once (``engine``), through a store keyed by image and code
(``cache``), rotated lines again (``turned``), single crops again (``reread``), and writes the boxes
it found beside its tables (``boxes``); ``matching`` pairs a read box with a known text and
``geometry`` holds the pixel boxes both OCR and the blur targets speak in.
"""
