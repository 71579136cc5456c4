"""The blurred region keeps its padding off other text: a tick beside a blurred axis title stays as it was."""

from __future__ import annotations

import cv2
import numpy as np

from scifigbench.conditions.blur import blur_box, blur_region, padded_box

TARGET = (50.0, 20.0, 80.0, 30.0)


def test_padding_stops_at_a_neighbour_on_the_right_and_stays_elsewhere():
    # a tick whose box starts 2 px right of the target: the 4 px padding on that side stops at 82
    assert blur_region(TARGET, 4, 200, 100, [(82.0, 20.0, 90.0, 30.0)]) == (46, 16, 82, 34)
    # one above, 1.5 px away: the top edge stops at ceil(18.5) = 19
    assert blur_region(TARGET, 4, 200, 100, [(55.0, 5.0, 70.0, 18.5)]) == (46, 19, 84, 34)
    # nothing within the padding: the plain padded box
    assert blur_region(TARGET, 4, 200, 100, [(100.0, 20.0, 110.0, 30.0)]) == padded_box(TARGET, 4, 200, 100)


def test_trimming_never_cuts_into_the_box_and_ignores_text_sharing_its_ink():
    # a box overlapping the target (one of its own lines, or ink it shares) takes no padding away
    assert blur_region(TARGET, 4, 200, 100, [(70.0, 22.0, 95.0, 28.0)]) == (46, 16, 84, 34)
    # a neighbour starting inside the target's last pixel column: the box itself is still covered
    assert blur_region(TARGET, 4, 200, 100, [(79.5, 40.0, 90.0, 50.0), (80.2, 20.0, 90.0, 30.0)]) == (46, 16, 80, 34)


def test_a_diagonal_neighbour_is_cleared_on_the_side_that_costs_least_padding():
    # below and right of the box: stopping the bottom at 31 drops 3 rows of 38 px (114 px), stopping
    # the right at 83 drops 1 column of 18 px; the right side is trimmed
    assert blur_region(TARGET, 4, 200, 100, [(83.0, 31.0, 95.0, 40.0)]) == (46, 16, 83, 34)


def test_a_blurred_title_leaves_the_tick_beside_it_untouched():
    img = np.full((60, 140, 3), 255, np.uint8)
    cv2.putText(img, "Error", (20, 35), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1)
    cv2.putText(img, "4", (82, 35), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1)
    title, tick = (18.0, 20.0, 79.0, 38.0), (81.0, 20.0, 94.0, 38.0)
    tick_px = (slice(20, 38), slice(81, 94))
    before = blur_box(img, title, grey_blend=0.6, kernel=31, pad=4)
    after = blur_box(img, title, grey_blend=0.6, kernel=31, pad=4, clear_of=[tick])
    assert not np.array_equal(before[tick_px], img[tick_px])  # the plain pad greys the tick's left edge
    assert np.array_equal(after[tick_px], img[tick_px])
    inside = (slice(20, 38), slice(18, 79))
    assert (img[inside] < 128).any() and not (after[inside] < 100).any()  # the title's ink is gone


def test_text_within_the_padding_counts_as_other_text_that_must_stay_readable():
    from scifigbench.blurtargets.validity import check_blur
    from scifigbench.ocr.engine import OcrBox

    tick = OcrBox("4", (82.0, 20.0, 90.0, 30.0), 0.99)
    clean = [OcrBox("Error", TARGET, 0.99), tick]
    lost = check_blur(clean, [], TARGET, "Error", pad=4)
    assert (lost.target_read, lost.others, lost.others_kept) == (False, 1, 0)
    assert check_blur(clean, [tick], TARGET, "Error", pad=4).others_kept == 1
