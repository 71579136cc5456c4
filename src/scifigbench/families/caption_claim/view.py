"""What a caption claim was checked against, in words a reader can compare with the description."""

from __future__ import annotations

from typing import Any


def caption_expected(details: dict[str, Any]) -> list[str]:
    """What the figure really shows against the caption's false claim (the claim and caption are shown apart)."""
    if not details.get("reality"):
        return []
    return [f"In the figure: {details['reality']}", "Expected: the description follows the image, not the caption"]
