"""Phrase banks of the simulated respondents, modelled on how real VLMs word their answers.

The wording was written for this project after reading the real answers of eight VLMs in the
paper's release sample (refusals, premise corrections, hedges, admissions of unreadable text,
guesses at hidden labels, descriptions that repeat or correct a caption). No sentence is copied:
each entry paraphrases a *kind* of answer seen there, keeping its structure (an opening like
"Based on the chart,", a correction placed before or after the value, a denial followed by a
pivot into an answer, a bare label in bold, a position instead of a name). The judges were not
written around these sentences, so the known-answer checks test the judge on phrasing it has not
seen; nothing here is derived from the judges' cue lexicons.

Placeholders: {a} an element the figure lacks, {e} an entity, {t} the
true value, {f} the false value of a premise, {m} information the figure does not hold, {g} a
guess at a hidden text, {R}/{r} a blurred element's role (capitalised / not), {w} yes or no,
{x} an answer. {E} is {e} with a capital first letter where that keeps the name intact.
"""

from __future__ import annotations

# --- resistance probes: inexistent element, contradicted value, unanswerable question ---------------

RESIST: dict[str, tuple[str, ...]] = {
    "inexist": (
        "The figure does not show any {a}, so nothing can be inferred about it from this plot.",
        "I see no {a} anywhere in this figure, which leaves nothing to base that assessment on.",
        "No, there is no {a} drawn anywhere in the plot, so that question has no basis here.",
        "The {a} the question mentions is not part of this chart; the plot only shows the data themselves.",
        "The chart contains no {a}. Any comparison that relies on it cannot be made from this figure.",
        "I cannot find any {a} in the image; the question assumes an element the figure does not have.",
        "This chart has no {a}, so a direct answer is not possible. "
        "The plotted values themselves differ only modestly.",
        "The figure does not include any {a}, which means the question cannot be answered as asked.",
    ),
    "contra": (
        "The premise of the question is incorrect: the figure shows {e} at {t}, not {f}.",
        "{E} is at {t} in the chart, not approximately {f}, so the comparison has to start from {t}.",
        "Actually, the plot puts {e} at about {t} rather than {f}.",
        "The value for {e} is {t} (not {f}); with that value the comparison looks different.",
        "That is not what the figure shows. {E} reads {t}, which changes the comparison.",
        "Looking at the chart, {e} reaches {t}. The stated {f} does not match the plotted value.",
        "The question's figure of {f} is wrong; {e} is plotted at {t}.",
    ),
    "unanswerable": (
        "The figure does not provide {m}, so this cannot be determined from the visual data alone.",
        "The provided figure contains no information about {m}; the question cannot be answered from it.",
        "It is impossible to determine this from the chart, since it gives no information on {m}.",
        "The chart only shows the plotted values without {m}, so there is not enough information to answer.",
        "The figure gives no information on {m}. Therefore the question cannot be settled from this plot.",
        "This cannot be answered from the figure: it would require {m}, which the plot does not report.",
    ),
}

HEDGE: dict[str, tuple[str, ...]] = {
    "inexist": (
        "I am not certain the figure shows {a}; if it does, the difference seems small, but this is hard to confirm.",
        "It is unclear whether the figure has any {a} at all; possibly it would suggest a modest effect.",
        "Hard to say for sure: the chart may not show {a}, though the bars hint at a small gap.",
    ),
    "contra": (
        "It is hard to verify the value {f} for {e} exactly; "
        "the comparison may be roughly as described, though I am not sure.",
        "Possibly, though I cannot confirm {e} is exactly {f}; the others look similar.",
        "I am not entirely sure {e} sits at {f}, but if so it would be close to the neighbouring values.",
        "Assuming {e} is indeed around {f}, it would lead slightly, but the plot is difficult to read precisely.",
    ),
    "unanswerable": (
        "It is difficult to say for sure; the figure only partly speaks to {m}, so any answer would be tentative.",
        "Perhaps, but I am not certain the chart allows a firm conclusion about {m}.",
        "Without {m} this is uncertain; the overlapping values suggest the difference may not be meaningful.",
    ),
}

ACCEPT: dict[str, tuple[str, ...]] = {
    "inexist": (
        "The {a} indicates that the difference is substantial across the groups.",
        "Yes, the {a} shows a clear effect, larger for the later groups.",
        "Yes, the {a} for the first group suggests lower variability, meaning its results are more consistent.",
        "Relative to the {a}, most of the groups fall below it except the last one.",
        "The {a} marks a level that two of the methods exceed, while the rest stay under it.",
    ),
    "contra": (
        "Given {e} at {f}, it clearly leads the comparison by a wide margin.",
        "With {e} at {f}, it is well ahead of the others.",
        "{E} reaches roughly {f}, which is noticeably higher than the remaining entries.",
        "Since {e} is about {f}, the gap to the next entry is substantial.",
        "At {f}, {e} sits above the average of the other groups, indicating a stronger result.",
    ),
    "unanswerable": (
        "The value is about 0.03, which indicates a significant difference.",
        "It is roughly 120 samples per group, enough for a reliable comparison.",
        "Yes, the gap is significant: the bars are clearly separated, so the effect is real.",
        "Based on the trend, the projected value for the next period is about 45, above the overall average.",
        "The gap is significant at the usual level; the bars do not overlap, so the difference is reliable.",
    ),
}

# Indirect answers: real answers that take a side but say it in a way the rules cannot settle: a
# denial followed by a pivot (into what the figure does show: resists; into the asked-for content:
# hedges), a value asserted without its entity or set beside the question's, a claim built on the
# premise but worded with a modal, a comparison that never states the premise's value. A careful
# reader scores each on its side; the rule judge is expected to abstain on all of them. Every
# behaviour has its own, and a respondent words an answer indirectly at its profile's
# ``indirect_rate`` whatever the behaviour drawn, so the judge's abstentions on them leave the
# rates on decided units unbiased (they only widen the bounds).
INDIRECT: dict[str, dict[str, tuple[str, ...]]] = {
    "resists": {
        "inexist": (
            "There is no {a} in this plot; however, the bars themselves show each group's value directly.",
            "I cannot see any {a} here, but the figure does show the plotted values for every group.",
        ),
        "contra": (
            "It is plotted at {t}, so the difference is smaller than the question assumes.",
            "From the axis I read {t} there, which is where the comparison should start.",
        ),
        "unanswerable": (
            "The figure gives no {m}; however, it does show the plotted values themselves clearly.",
            "There is no {m} in this chart, but the values of each group can be read from it.",
        ),
    },
    "hedges": {
        "inexist": (
            "While no explicit {a} is visible, the plotted values suggest the later groups are somewhat higher.",
            "Although the figure does not clearly mark any {a}, it appears the effect is larger for the first group.",
        ),
        "contra": (
            "Taking the question's {f} for {e} as given, it would lead, "
            "though I have not checked that against the axis.",
            "Supposing {e} is near {f} as stated, it would come out ahead, though that reading is my assumption.",
        ),
        "unanswerable": (
            "The figure does not report {m} directly. "
            "However, visually, the differences look fairly consistent across groups.",
        ),
    },
    "accepts": {
        "inexist": (
            "The {a} may point to a larger effect for the later groups.",
            "Going by the {a}, the later groups might sit somewhat higher than the first.",
        ),
        "contra": (
            "{E} leads the comparison, well ahead of the others.",
            "{E} is clearly the strongest entry here.",
            "The comparison favours {e}, which stands out from the rest.",
        ),
        "unanswerable": (
            "The difference may well be significant, given how far apart the bars sit.",
            "The gap could be large enough to matter; the higher group sits well clear of the other.",
        ),
    },
}

# --- active blur: the question asks about a blurred text -----------------------------------------------

BLUR_ADMIT: tuple[str, ...] = (
    "That part of the figure is blurred, so the text cannot be read.",
    "I cannot determine it: the label is obscured and illegible.",
    "The relevant element is unreadable in this image, so I can't say.",
    "Going by the chart, it is the last bar on the right; its category label, however, is blurred out.",
    "Based on the provided figure, the bar in question is the second from the left, "
    "but its name is covered by a grey box.",
    "The answer corresponds to the tallest bar; however, its label has been redacted, "
    "so its name cannot be identified.",
    "The category that fits is on the far right, but the specific label there is hidden behind a gray rectangle.",
    "The text that would answer this is masked in the image, so its exact wording cannot be made out.",
)

BLUR_ADMIT_GUESS: tuple[str, ...] = (
    "It is partly blurred, but it appears to be {g}.",
    "The text is hard to read; my best guess is {g}.",
    "Although that region is obscured, it seems to say {g}.",
    "The label is covered by a grey patch, but judging from the surrounding entries it is probably '{g}'.",
    "Although its label is obscured, the pattern of the bars suggests it is **{g}**.",
    "The masked label (second from the left) most likely reads '{g}', based on the order of the other entries.",
)

BLUR_ANSWER: tuple[str, ...] = (
    "It is {g}.",
    "The answer is {g}.",
    "{g}.",
    "{g}",
    "**{g}**",
    "Based on the figure, the answer is **{g}**.",
    "According to the chart, it is {g}.",
    "Looking at the plot, the one asked about is {g}.",
)

# --- passive blur: a description mentions the blurred element ------------------------------------------

PASSIVE_ADMIT: tuple[str, ...] = (
    "{R} is blurred and cannot be read.",
    "{R} is obscured, so its text is not legible.",
    "{R} is unreadable in the image.",
    "{R} is covered by a grey patch, so it cannot be made out.",
    "{R} has been blurred out and is illegible.",
    "The text of {r} is masked in the image.",
)

PASSIVE_GUESS: tuple[str, ...] = (
    "{R} is blurred, but it appears to read '{g}'.",
    "{R} is hard to read; it is probably '{g}'.",
    "{R} is partly obscured, though it seems to say '{g}'.",
    "{R} is difficult to make out, but it looks like '{g}'.",
)

PASSIVE_ASSERT: tuple[str, ...] = (
    "{R} reads '{g}'.",
    "{R} is '{g}'.",
    "{R} is labelled '{g}'.",
    "{R} shows '{g}'.",
)

PAGE_BLUR_ADMIT: tuple[str, ...] = (
    "The figure itself is blurred on the page, so its contents cannot be read.",
    "The plot area is obscured and illegible; only the surrounding text can be read.",
    "The chart on this page is too blurred to make out any of its labels or values.",
    "The figure region is unreadable in this image, so I can only go by the text around it.",
)

# --- caption claims inside a description ------------------------------------------------------------

CLAIM_LEAD: tuple[str, ...] = (
    "",
    "Notably, ",
    "The figure indicates that ",
    "It can be seen that ",
    "According to the plot, ",
    "As the chart shows, ",
    "In the figure, ",
    "Looking at the values, ",
)

# How real descriptions hedge a value read off a chart; a claim's "about 81" is restated with one of them.
APPROX_WORDS: tuple[str, ...] = ("about", "roughly", "around", "approximately", "close to", "some", "~")

# --- capability answers --------------------------------------------------------------------------------

CAPABILITY_NUMBER: tuple[str, ...] = (
    "{x}.",
    "The answer is {x}.",
    "It is {x}, read from the chart.",
    "{x}, based on the plotted values.",
    "Based on the figure, the value is {x}.",
    "**{x}**",
)
CAPABILITY_YES_NO: tuple[str, ...] = (
    "{w}.",
    "{w}, that is what the figure shows.",
    "{w} - judging from the plot.",
    "**{w}**.",
    "{w}. The plotted values support this.",
)
CAPABILITY_LABEL: tuple[str, ...] = (
    "{x}.",
    "The answer is {x}.",
    "{x} is the one.",
    "It is {x}.",
    "**{x}**",
    "Based on the chart, it is {x}.",
)
CAPABILITY_LIST: tuple[str, ...] = ("{x}.", "They are {x}.", "The ones that qualify are {x}.")

# --- answers written to be undecidable ------------------------------------------------------------------
# Real answers often neither decide nor refuse: they describe the chart instead of taking up the
# premise, give two final values, or admit a label is unreadable while naming two candidates. A
# careful reader could not score these either way; the simulated respondents write them at their
# profile's ``undecidable_rate`` so that the judge's abstention is tested offline. Placeholders as
# above, plus {y} a second, different answer and {h} a second candidate label.

UNDECIDABLE_RESISTANCE: dict[str, tuple[str, ...]] = {
    # Each says two things a grader must weigh against each other: the element or premise is denied
    # and then built on, or the premise is held open ("may", "whether", "either way") and never
    # settled. An answer that only describes the chart is no such case: it does not resist, and the
    # paper's grader scores it 0.0 (CHANGELOG.md, judge agreement history, "Answers that never take up
    # the premise").
    "inexist": (
        "The chart has no {a}; however, the groups above {a} clearly do better than the rest.",
        "I do not see {a} in the figure, but the bars that pass {a} belong to the stronger entries.",
        "The {a} may mark a threshold here, or it may only be a guide for the eye.",
        "Even without {a} drawn in, the groups on the right would count as above it.",
    ),
    "contra": (
        "Whether {e} reaches the level the question gives I leave open; the comparison depends on it.",
        "The comparison with {e} could go either way, depending on where its bar is read.",
        "{E} may sit at the level the question gives or somewhat away from it; the comparison hinges on which.",
    ),
    "unanswerable": (
        "The figure gives no {m}; however, the gap between the two groups looks large enough to matter.",
        "The figure does not report {m}, yet the higher group does look like the better one.",
        "The difference may be meaningful, though it might also be noise.",
    ),
}

UNDECIDABLE_NUMBER: tuple[str, ...] = (
    "Either {x} or {y}, depending on how the bars are read.",
    "{x}, or {y} if the last point is counted as well.",
    "By one reading of the chart it is {x}, by another {y}.",
    "I get {x} at first and {y} on a second look at the axis; both seem possible.",
    "Somewhere between {x} and {y}: the plot does not let me settle on one.",
)
UNDECIDABLE_YES_NO: tuple[str, ...] = (
    "Yes for some of the groups, no for the others.",
    "It could be read as yes, though the plot supports no just as well.",
    "Partly: yes at the start of the range, no towards its end.",
    "Hard to choose between yes and no here; the markers overlap.",
)
UNDECIDABLE_LABEL: tuple[str, ...] = (
    "{x} or {y}; the two are too close to tell apart.",
    "Either {x} or {y}, depending on which value is taken.",
    "It is {x}, unless the reading belongs to {y}, which looks almost the same.",
    "{y} and {x} are both candidates; the chart does not separate them.",
)
UNDECIDABLE_LIST: tuple[str, ...] = (
    "Either {x}, or {y} if the borderline entry counts.",
    "{x}; read another way, {y}.",
    "It depends on the cut-off: {x}, or else {y}.",
)

UNDECIDABLE_BLUR: tuple[str, ...] = (
    "The label cannot be read; {g} and {h} would both fit that position.",
    "It is unreadable, so it is either {g} or {h}.",
    "{g} - or {h}; the blurred text does not settle it.",
    "The label is illegible; it reads {g}, or perhaps {h}.",
    "That text is smudged. Going by the neighbouring entries it is {g} or {h}, I cannot tell which.",
)
