"""Reading the layout of a figure that has no spec: which printed text plays which part.

OCR gives lines of text with boxes; :func:`read_layout` groups them into labels and gives each a
role from geometry, pixels and text, so that later stages can choose blur targets and ask about
them by role and position without a model. Depends only on numpy/OpenCV and the ground modules.
"""

from scifigbench.layout.elements import ROLES, Label, Layout, TextLine
from scifigbench.layout.reader import read_layout

__all__ = ["ROLES", "Label", "Layout", "TextLine", "read_layout"]
