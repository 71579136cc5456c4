"""The layout of web survey charts: densely set row names, names set flush left, value labels
over rising bars, direct labels at line ends, swatches read as glyphs.

Charts are drawn here with OpenCV (``helpers.layout_charts``), so every text box is known and the
expected roles follow from how each text was placed, not from the reader.
"""

from __future__ import annotations

import cv2
import numpy as np

from helpers.layout_charts import Line, draw_text, survey_bars, web_chart
from scifigbench.layout import pixels, read_layout
from scifigbench.layout.questions import question_for

EDUCATION = ("Total", "Postgrad", "College grad", "Some college", "HS or less", "White", "Black")


def _roles(layout) -> dict[str, str]:
    return {lb.text: lb.role for lb in layout.labels}


def test_densely_set_row_names_stay_apart_and_are_categories():
    # rows 20 px apart: closer than the gap the reader allows between two lines of one wrapped name
    img, lines = survey_bars(EDUCATION, pitch=20)
    layout = read_layout(img, lines)
    roles = _roles(layout)
    assert all(roles.get(row) == "axis_tick" for row in EDUCATION), roles
    run = next(r for r in layout.runs if r.axis == "y" and not r.numeric)
    assert [lb.text for lb in run.labels] == list(reversed(EDUCATION))  # bottom to top


def test_a_wrapped_row_name_in_a_sparse_column_is_still_one_label():
    rows = ("Gun violence", "Health care\ncosts", "Drug addiction", "Federal deficit")
    layout = read_layout(*survey_bars(rows, pitch=44))
    roles = _roles(layout)
    assert roles.get("Health care costs") == "axis_tick", roles
    assert "costs" not in roles


def test_row_names_set_flush_left_are_categories():
    rows = ("Gun\nviolence", "Climate change", "Drug\naddiction", "Federal\ndeficit", "Health care\ncosts")
    layout = read_layout(*survey_bars(rows, pitch=44, flush_left=True))
    roles = _roles(layout)
    assert all(roles.get(row.replace("\n", " ")) == "axis_tick" for row in rows), roles


def test_value_labels_over_rising_bars_are_no_tick_run():
    img = np.full((320, 420, 3), 255, np.uint8)
    cv2.line(img, (40, 280), (400, 280), (0, 0, 0), 1)
    cv2.line(img, (40, 40), (400, 40), (200, 200, 200), 1)  # the top gridline closes the plot area
    lines: list[Line] = []
    # each label 6 px higher than the last: close enough to share a row, not level like ticks
    for k, (value, top) in enumerate((("24", 150), ("26", 144), ("28", 138))):
        x = 80 + 100 * k
        cv2.rectangle(img, (x, top), (x + 50, 280), (60, 140, 200), -1)
        lines.append(draw_text(img, value, x + 14, top - 6))
    for k, month in enumerate(("Mar", "Apr", "May")):
        lines.append(draw_text(img, month, 90 + 100 * k, 300))
    layout = read_layout(img, lines)
    roles = _roles(layout)
    assert {roles[v] for v in ("24", "26", "28")} == {"value_label"}, roles
    assert not [r for r in layout.runs if r.numeric]


def test_a_line_ending_at_its_own_coloured_name_is_a_direct_label():
    img = np.full((300, 460, 3), 255, np.uint8)
    lines: list[Line] = []
    for colour, y, name in (((40, 40, 200), 80, "Nigeria"), ((30, 150, 60), 220, "Indonesia")):
        cv2.line(img, (40, y + 30), (300, y), colour, 2)
        lines.append(draw_text(img, name, 306, y + 5, colour=colour))
    cv2.line(img, (40, 260), (300, 260), (0, 0, 0), 1)
    lines += [draw_text(img, str(2010 + 2 * k), 30 + 60 * k, 280) for k in range(5)]
    layout = read_layout(img, lines)
    for name in ("Nigeria", "Indonesia"):
        lb = next(lb for lb in layout.labels if lb.text == name)
        assert (lb.role, lb.coloured_text) == ("legend_entry", True), (lb.role, lb.why)
        # its question names the colour it is printed in: it has no swatch to point at
        question = question_for(layout, lb)[0]
        assert question.startswith("Which series does the label printed in ") and question.endswith(" name?")


def test_names_at_line_ends_are_direct_labels_under_a_logo_wider_than_the_plot():
    """A site's logo box at the top right reaches past the plot's right edge, so the frame of all
    ink does too; the names where the lines end still stand past the plot, whose edge the x-axis
    ticks give."""
    img = np.full((330, 560, 3), 255, np.uint8)
    lines: list[Line] = []
    for colour, y, name in (((40, 40, 200), 110, "Nigeria"), ((30, 150, 60), 230, "Indonesia")):
        cv2.line(img, (40, y + 36), (280, y + 30), colour, 2)
        # a steep rise, then a level last stretch: the pixels take it for a key left of the name
        cv2.polylines(img, [np.array([(280, y + 30), (286, y), (300, y)])], False, colour, 2)
        lines.append(draw_text(img, name, 306, y + 5, colour=colour))
    cv2.line(img, (40, 282), (300, 282), (0, 0, 0), 1)
    lines += [draw_text(img, str(2010 + 2 * k), 30 + 60 * k, 304) for k in range(5)]
    cv2.rectangle(img, (440, 6), (552, 46), (99, 61, 29), -1)
    lines.append(draw_text(img, "Atlas", 470, 34, colour=(255, 255, 255)))
    layout = read_layout(img, lines)
    for name in ("Nigeria", "Indonesia"):
        lb = next(lb for lb in layout.labels if lb.text == name)
        assert (lb.role, lb.coloured_text) == ("legend_entry", True), (lb.role, lb.why)


def test_thin_names_of_lines_rising_steeply_into_them_are_direct_labels():
    """Thin coloured names blend their edges into the page, so all their ink reads greyish; their
    lines come in too steeply to leave a key beside them. The strokes' cores are coloured and a line
    of each hue runs through the plot: direct labels. A name in a hue no line is drawn in is not."""
    img = np.full((330, 460, 3), 255, np.uint8)
    lines: list[Line] = []
    for colour, y, name in (((150, 60, 140), 110, "Vietnam"), ((90, 140, 60), 200, "Peru")):
        cv2.polylines(img, [np.array([(40, y + 30), (280, y + 20), (296, y - 4)])], False, colour, 2)
        lines.append(draw_text(img, name, 306, y + 5, colour=colour))
    lines.append(draw_text(img, "Outlook", 306, 262, colour=(110, 160, 200)))  # pale orange: no orange line
    cv2.line(img, (40, 282), (300, 282), (0, 0, 0), 1)
    lines += [draw_text(img, str(2010 + 2 * k), 30 + 60 * k, 304) for k in range(5)]
    layout = read_layout(img, lines)
    for name in ("Vietnam", "Peru"):
        lb = next(lb for lb in layout.labels if lb.text == name)
        assert (lb.role, lb.coloured_text) == ("legend_entry", True), (lb.role, lb.why)
    outlook = next(lb for lb in layout.labels if lb.text == "Outlook")
    assert outlook.role != "legend_entry", outlook.why


def _opinion_bars(answers: tuple[str, str], catch_all: str) -> list:
    """Two rows of diverging bars under two coloured answers, and a black catch-all answer heading a
    column of plain numbers in the same row as the answers."""
    img = np.full((360, 560, 3), 255, np.uint8)
    lines = [draw_text(img, "Views of the ruling", 16, 28, 0.7)]
    green, blue = (30, 150, 90), (160, 100, 20)
    lines.append(draw_text(img, answers[0], 250, 120, colour=green))
    lines.append(draw_text(img, answers[1], 350, 120, colour=blue))
    lines.append(draw_text(img, catch_all, 460, 120))
    for k, (row, a, b, c) in enumerate((("Rep/Lean Rep", 39, 27, 5), ("Dem/Lean Dem", 43, 38, 9))):
        y = 170 + 80 * k
        lines.append(draw_text(img, row, 60, y + 5))
        cv2.rectangle(img, (340 - 2 * a, y - 20), (340, y + 20), green, -1)
        cv2.rectangle(img, (340, y - 20), (340 + 2 * b, y + 20), blue, -1)
        lines.append(draw_text(img, str(c), 480, y + 5))
    return _roles(read_layout(img, lines))


def test_a_catch_all_answer_in_the_row_of_the_answers_is_one_more_series():
    roles = _opinion_bars(("Disapprove", "Approve"), "Don't know")
    assert roles["Don't know"] == roles["Approve"] == "legend_entry", roles
    # beside two countries no scale is shown: the same words are no answer of it
    assert _opinion_bars(("Sweden", "Chile"), "Don't know")["Don't know"] != "legend_entry"


def test_a_logo_box_beside_the_title_is_no_part_of_the_drawing():
    """A site's logo at the top right, level with the chart's title: its filled block holds words,
    so it is no part of the drawing, and the title stays above the frame (not text inside it)."""
    img, lines = web_chart(legend=())
    cv2.rectangle(img, (464, 4), (552, 44), (99, 61, 29), -1)
    lines.append(draw_text(img, "Atlas", 488, 30, colour=(255, 255, 255)))
    layout = read_layout(img, lines)
    assert _roles(layout)["Views of the economy"] == "title", layout.frame
    assert layout.frame is not None and layout.frame[1] > 44


def test_a_legend_key_read_as_a_dash_starts_its_own_label_under_the_title():
    """'\u2014Tablet': OCR read the line key as a dash and boxed it with the name. The entry sits just
    under the title and in line with it, but a line opened by a key starts a label of its own: it
    is not the title's next line."""
    img = np.full((300, 460, 3), 255, np.uint8)
    title = draw_text(img, "Four years of reach", 30, 30, 0.6)
    cv2.line(img, (40, 49), (62, 49), (60, 60, 60), 3)  # low in the line: no key the pixels see
    entry = draw_text(img, "Tablet", 68, 50)
    keyed = Line("\u2014Tablet", (36.0, entry.box[1], entry.box[2], entry.box[3]))
    texts = {lb.text for lb in read_layout(img, [title, keyed]).labels}
    assert texts == {"Four years of reach", "Tablet"}, texts


def test_a_swatch_read_as_a_square_glyph_is_no_part_of_the_name():
    img, lines = survey_bars(("Men", "Women", "Total"), pitch=40)
    lines.append(Line("\u25a0Disagree", (300.0, 12.0, 380.0, 34.0)))
    layout = read_layout(img, lines)
    assert "Disagree" in {lb.text for lb in layout.labels}


def test_a_legend_square_boxed_with_its_text_is_a_swatch_left_out_of_the_label():
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    boxed = []
    for k, (name, colour) in enumerate((("Very unfavorable", (60, 90, 200)), ("Mostly favorable", (40, 160, 90)))):
        x = 200 + 170 * k
        cv2.rectangle(img, (x + 2, 14), (x + 14, 26), colour, -1)  # the square, 12 px
        text = draw_text(img, name, x + 20, 26)
        boxed.append(Line(name, (float(x), text.box[1], text.box[2], text.box[3])))  # OCR boxed both
    layout = read_layout(img, lines + boxed)
    for line in boxed:
        lb = next(lb for lb in layout.labels if lb.text == line.text)
        assert lb.role == "legend_entry" and lb.swatch is not None, (lb.role, lb.why)
        assert line.box[0] + 14 < lb.box[0] <= line.box[0] + 20  # starts after the square, before the text


def test_a_subtitle_ending_where_the_row_names_end_is_no_row():
    rows = ("Sweden", "Norway", "Chile", "Japan")
    img, lines = survey_bars(rows, pitch=40)
    (w, _), _ = cv2.getTextSize("Among adults in each", cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
    lines.append(draw_text(img, "Among adults in each", 190 - w, 30))  # right edge aligned with the rows
    layout = read_layout(img, lines)
    roles = _roles(layout)
    assert roles["Among adults in each"] == "title" and all(roles[r] == "axis_tick" for r in rows), roles


def test_two_answers_read_as_one_line_are_split_at_the_blank_between_them():
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    oppose = draw_text(img, "Oppose", 260, 26, colour=(40, 40, 200))
    favor = draw_text(img, "Favor", int(oppose.box[2]) + 10, 26, colour=(200, 120, 40))
    merged = Line("Oppose Favor", (oppose.box[0], oppose.box[1], favor.box[2], favor.box[3]))  # as OCR read it
    layout = read_layout(img, lines + [merged])
    found = {lb.text: lb.box for lb in layout.labels}
    assert "Oppose Favor" not in found
    assert found["Oppose"][2] <= oppose.box[2] + 2 and found["Favor"][0] >= favor.box[0] - 2
    assert found["Oppose"][0] == oppose.box[0] and found["Favor"][2] == favor.box[2]


def test_two_answers_with_a_swatch_between_them_are_split_around_the_swatch():
    """'Disagree ■ Agree': the second answer's key stands between the two names, so no blank gap
    is clearly the widest; the cut runs from the end of one name to the start of the next."""
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    disagree = draw_text(img, "Disagree", 240, 26)
    x = int(disagree.box[2]) + 6
    cv2.rectangle(img, (x, 14), (x + 11, 26), (40, 160, 210), -1)  # the swatch, a blank column each side
    agree = draw_text(img, "Agree", x + 14, 26)
    merged = Line("DisagreeAgree", (disagree.box[0], disagree.box[1], agree.box[2], agree.box[3]))  # as OCR read it
    found = {lb.text: lb.box for lb in read_layout(img, lines + [merged]).labels}
    assert "DisagreeAgree" not in found
    assert found["Disagree"][2] <= x and found["Agree"][0] >= x + 11  # neither box takes the swatch
    assert found["Disagree"][0] == disagree.box[0] and found["Agree"][2] == agree.box[2]


def test_one_phrase_with_ordinary_word_gaps_is_not_split():
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    lines.append(draw_text(img, "Men and women", 260, 26))
    assert "Men and women" in {lb.text for lb in read_layout(img, lines).labels}


def test_two_headers_whose_box_margins_cross_meet_at_the_blank_between_them():
    """OCR pads each box: two answers a word space apart get boxes that overlap at their ends.
    Each box is cut back to its ink, so neither blur reaches the other's letters."""
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    left = draw_text(img, "Illegal in most cases", 200, 26)
    right = draw_text(img, "Legal in most cases", int(left.box[2]) + 12, 26)
    padded = [
        Line(left.text, (left.box[0], left.box[1], left.box[2] + 8, left.box[3])),
        Line(right.text, (right.box[0] - 8, right.box[1], right.box[2], right.box[3])),
    ]
    found = {lb.text: lb.box for lb in read_layout(img, lines + padded).labels}
    inked = np.flatnonzero((img[10:32, int(left.box[0]) : int(right.box[2])] < 128).any(axis=(0, 2)))
    gap = np.diff(inked).argmax()  # the word space between the two answers, read off the drawn image
    last, first = int(left.box[0]) + inked[gap], int(left.box[0]) + inked[gap + 1]
    assert last < found[left.text][2] <= first and last < found[right.text][0] <= first
    assert found[left.text][2] <= found[right.text][0]


def test_slanted_words_with_overlapping_boxes_keep_their_boxes():
    """Words of unequal box heights are no line of text side by side: their boxes stay."""
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    a = draw_text(img, "premier", 300, 26)
    b = draw_text(img, "league", int(a.box[2]) + 12, 40)
    tall = [Line(a.text, (a.box[0], a.box[1] - 12, a.box[2] + 8, a.box[3])), Line(b.text, (b.box[0] - 8, *b.box[1:]))]
    found = {lb.text: lb.box for lb in read_layout(img, lines + tall).labels}
    assert found["premier"] == tall[0].box and found["league"] == tall[1].box


def test_headers_centred_over_the_drawing_are_legend_entries_even_when_wider_than_it():
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    lines.append(draw_text(img, "Views of the policy", 10, 12, 0.4))
    lines.append(draw_text(img, "Disagree", 140, 34))
    lines.append(draw_text(img, "Agree overall", 218, 34))  # centred over the bars, ending past the widest
    layout = read_layout(img, lines)
    agree = next(lb for lb in layout.labels if lb.text == "Agree overall")
    assert agree.cx < layout.frame[2] < agree.box[2]
    roles = _roles(layout)
    assert roles["Disagree"] == roles["Agree overall"] == "legend_entry", roles


def test_two_names_far_apart_over_a_one_panel_chart_head_its_columns_not_panels():
    """A dot plot names its two series in their colours over the first row, far apart: with one
    run of row names and no second panel, they are legend entries, not panel titles."""
    img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
    lines.append(draw_text(img, "Views of the policy", 10, 12, 0.4))
    lines.append(draw_text(img, "Firms", 140, 34))
    lines.append(draw_text(img, "Banks", 232, 34))  # over the drawing, more than two heights apart
    layout = read_layout(img, lines)
    firms, banks = (next(lb for lb in layout.labels if lb.text == t) for t in ("Firms", "Banks"))
    assert banks.box[0] - firms.box[2] >= 2 * firms.height and banks.cx <= layout.frame[2]
    roles = _roles(layout)
    assert roles["Firms"] == roles["Banks"] == "legend_entry", roles


def test_two_names_one_under_the_other_in_different_colours_are_two_labels():
    """A wrapped label keeps one colour; two series named in their lines' colours, stacked where
    the lines end close together, stay apart. The same two lines in one colour join."""
    for colours, joined in ((((40, 140, 60), (40, 170, 220)), False), (((40, 140, 60), (40, 140, 60)), True)):
        img, lines = survey_bars(("Sweden", "Norway", "Chile"), pitch=40)
        lines.append(draw_text(img, "Military", 420, 200, colour=colours[0]))
        lines.append(draw_text(img, "Public schools", 420, 219, colour=colours[1]))
        texts = {lb.text for lb in read_layout(img, lines).labels}
        assert ("Military Public schools" in texts) is joined, texts


def test_a_small_square_beside_a_label_with_descenders_is_its_swatch_but_a_short_dash_is_not():
    """A square legend key is often about half the height of an OCR box deepened by 'p' and 'g':
    narrower than most swatches, it is still one when it is solid and square. A dash of the same
    width is not (the end of a grid line or a tick mark may look like one)."""
    img = np.full((80, 400, 3), 255, np.uint8)
    line = draw_text(img, "Smartphone pgy", 60, 40)
    height = line.box[3] - line.box[1]
    side = round(0.5 * height)
    x1 = int(line.box[0]) - 1
    cv2.rectangle(img, (x1 - side + 1, 40 - side + 1), (x1, 40), (40, 160, 210), -1)
    ink = pixels.ink_mask(img)
    texts = pixels.text_mask(img.shape, [line.box])
    assert pixels.swatch_left(img, ink, texts, line.box) == (40, 160, 210)
    dashed = np.full_like(img, 255)
    cv2.putText(dashed, "Smartphone pgy", (60, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.rectangle(dashed, (x1 - side + 1, 32), (x1, 34), (40, 160, 210), -1)
    assert pixels.swatch_left(dashed, pixels.ink_mask(dashed), texts, line.box) is None


def test_words_on_a_filled_box_above_the_chart_are_a_logo_not_a_series_named_in_its_colour():
    """A site's logo prints light letters on a dark box at the top corner. Most of that box is ink
    of one colour, which reads like text printed in a colour (a direct series label) unless the
    fill under the letters is seen for what it is."""
    img, lines = web_chart()
    cv2.rectangle(img, (452, 6), (552, 44), (99, 61, 29), -1)
    logo = draw_text(img, "Data Atlas", 458, 32, colour=(255, 255, 255))
    layout = read_layout(img, [*lines, logo])
    lb = next(lb for lb in layout.labels if lb.text == "Data Atlas")
    assert (lb.filled, lb.coloured_text, lb.role) == (True, False, "page_furniture"), lb.why
    plain = next(lb for lb in layout.labels if lb.text == "Republicans")
    assert not plain.filled and plain.role == "legend_entry"


def test_a_point_named_beside_its_marker_next_to_a_legend_column_is_no_legend_entry():
    """A scatter names a point beside its marker, level with the second entry of a three-entry
    legend column: the marker looks like a swatch and the name sits in the entry's row, but a
    legend laid out in a column has no entries beside it."""
    img, lines = web_chart(legend=("Exporters", "Households", "Farmers"))
    cv2.circle(img, (260, 99), 6, (40, 120, 220), -1)
    lines.append(draw_text(img, "Kenya", 270, 104))
    layout = read_layout(img, lines)
    kenya = next(lb for lb in layout.labels if lb.text == "Kenya")
    assert kenya.role != "legend_entry" and kenya.swatch is None, (kenya.role, kenya.why)
    assert {lb.text for lb in layout.of_role("legend_entry")} >= {"Exporters", "Households", "Farmers"}


def test_a_logo_over_a_column_of_line_end_names_joins_no_column():
    """Names at the ends of lines stand in a column inside the drawing (a legend whose swatches
    the pixels do not show); a site's logo box at the top right, over that column, is no name of
    a line, however well it lines up."""
    img, lines = web_chart(legend=())
    for k, name in enumerate(("Kenya", "Chile", "Japan")):
        lines.append(draw_text(img, name, 470, 110 + 50 * k))
    cv2.rectangle(img, (464, 4), (552, 44), (99, 61, 29), -1)
    lines.append(draw_text(img, "Atlas", 470, 32, colour=(255, 255, 255)))
    layout = read_layout(img, lines)
    logo = next(lb for lb in layout.labels if lb.text == "Atlas")
    assert logo.role == "page_furniture", logo.why
    assert next(lb for lb in layout.labels if lb.text == "Chile").role == "legend_entry"


def test_a_legend_line_boxed_with_its_text_is_a_swatch_left_out_of_the_label():
    """A legend row of line keys ('— YouTube  — TikTok') under a line chart: OCR boxed the second
    key's stroke with its name. The stroke is a swatch (so the two names are a legend, not two
    x-axis titles) and the label starts after it."""
    img, lines = web_chart(legend=())
    boxed = []
    for k, (name, colour) in enumerate((("YouTube", (200, 120, 40)), ("TikTok", (60, 60, 60)))):
        x = 150 + 160 * k
        cv2.line(img, (x + 2, 358), (x + 24, 358), colour, 2)
        text = draw_text(img, name, x + 32, 363)
        boxed.append(Line(name, (float(x), text.box[1], text.box[2], text.box[3])))
    layout = read_layout(img, lines + boxed)
    for line in boxed:
        lb = next(lb for lb in layout.labels if lb.text == line.text)
        assert lb.role == "legend_entry" and lb.swatch is not None, (lb.role, lb.why)
        assert line.box[0] + 24 < lb.box[0] <= line.box[0] + 32


def test_a_data_table_under_the_chart_adds_no_axis_and_leaves_the_title_a_title():
    """The chart's data printed under it: years over columns of numbers. That header row is no
    second x-axis (a tick has no numbers stacked under it), nor is a table row that happens to
    rise evenly, so the chart keeps one panel and its title stays the title."""
    img = np.full((520, 600, 3), 255, np.uint8)
    lines = [draw_text(img, "Use over four years", 30, 30, 0.7)]
    cv2.line(img, (80, 260), (560, 260), (0, 0, 0), 1)
    cv2.line(img, (100, 200), (540, 90), (40, 160, 200), 2)
    years = ("2020", "2021", "2022", "2023")
    for k, y in enumerate(years):
        lines.append(draw_text(img, y, 100 + 140 * k, 282))
    for k, v in enumerate(("0", "50", "100")):
        lines.append(draw_text(img, v, 40, 264 - 80 * k))
    for k, y in enumerate(years):
        lines.append(draw_text(img, y, 200 + 100 * k, 340))
    for r, (name, row) in enumerate((("Tablet", (24, 89, 23, 15)), ("Crime", (55, 62, 76, 90)))):
        lines.append(draw_text(img, name, 30, 380 + 36 * r))
        lines += [draw_text(img, str(v), 210 + 100 * k, 380 + 36 * r) for k, v in enumerate(row)]
    layout = read_layout(img, lines)
    assert [[lb.text for lb in r.labels] for r in layout.runs if r.axis == "x"] == [list(years)]
    assert next(lb for lb in layout.labels if lb.text == "Use over four years").role == "title"


def _two_row_dots(joined: bool) -> tuple[np.ndarray, list]:
    """Two rows of dots under two grey names far apart; ``joined``: each row's two dots joined by a
    grey bar running under both names (one drawing, a dot plot of two rows: too few for a tick
    run); else each name over its own small drawing, blank page between them (two panels)."""
    img = np.full((300, 560, 3), 255, np.uint8)
    lines = [draw_text(img, "Two groups compared", 10, 24, 0.6)]
    lines.append(draw_text(img, "Dem/Lean Dem", 150, 80, 0.5, (70, 70, 70)))
    lines.append(draw_text(img, "Rep/Lean Rep", 330, 80, 0.5, (70, 70, 70)))
    spans = ((200, 380), (260, 470)) if joined else ((170, 250), (350, 430))
    for k, row in enumerate(("Men", "Women")):
        y = 130 + 70 * k
        lines.append(draw_text(img, row, 60, y + 5))
        pairs = [spans[k]] if joined else list(spans)
        for a, b in pairs:
            cv2.line(img, (a, y), (b, y), (200, 200, 200), 4)
            cv2.circle(img, (a, y), 8, (40, 90, 180), -1)
            cv2.circle(img, (b, y), 8, (90, 90, 90), -1)
    return img, lines


def test_names_over_one_drawing_without_tick_runs_head_its_columns_not_panels() -> None:
    """Without a tick run (two rows are too few for one) two names far apart over the drawing are
    panel titles only when the drawing parts beneath them; a bar running under both joins one
    drawing, whose two series they name."""
    roles = _roles(read_layout(*_two_row_dots(joined=True)))
    assert roles["Dem/Lean Dem"] == roles["Rep/Lean Rep"] == "legend_entry", roles
    roles = _roles(read_layout(*_two_row_dots(joined=False)))
    assert roles["Dem/Lean Dem"] == roles["Rep/Lean Rep"] == "panel_title", roles
