"""Well-known groups of names whose members a reader lists once one of them is in view.

A blurred 'VGGNet' beside a visible 'AlexNet' and 'GoogLeNet' is not unrecoverable: anyone who
knows the field writes down the handful of image networks of that era, and one of them is right.
The same holds for the standard tagging tasks (POS, CHUNK, NER, SRL), the BERT variants, the
text-generation metrics (ROUGE-W beside METEOR), the datasets a field evaluates on together, the
devices or news media of a survey chart, how often something is done ('Weekly' between 'Daily' and
'Less often'), the sectors of an economy, the presidents. Such a label narrows to a few guesses
rather than to none, so the admittance rules rank it after every label without a visible sibling.

The groups below are a stated prior, written from what a reader of scientific and web-statistics
charts knows, not fitted to any labelled figure: each is small (a reader's guess list, at most
about a dozen names), and a label belongs to a group only when its whole name (up to a panel mark,
a trailing size or version such as '-50' or 'base', and a parenthesised note) is one of its
spellings. Unlike ``label_words.OPTION_SETS`` (a set complete but for the label, every other
member printed: a refusal), one visible sibling is enough here, because the guess list is short
whether or not the rest is printed. The metric and dataset groups were added after the SciVQA
development labels showed such names narrowed (session 19); their members are the field's usual
sets (a few of which those figures print), not lists of what they print.
"""

from __future__ import annotations

import re

from scifigbench.freetext.label_words import unmarked

# name of the group -> the spellings of its members, each as lower-case letters and digits only
KIN: dict[str, tuple[frozenset[str], ...]] = {
    "image-classification networks": (
        frozenset({"alexnet"}),
        frozenset({"vgg", "vggnet", "vgg16", "vgg19"}),
        frozenset({"googlenet", "inception", "inceptionv3"}),
        frozenset({"resnet", "resnet50", "resnet101", "resnet152"}),
        frozenset({"densenet", "densenet121"}),
        frozenset({"mobilenet", "mobilenetv2"}),
        frozenset({"squeezenet"}),
        frozenset({"efficientnet"}),
        frozenset({"lenet"}),
    ),
    "BERT variants": (
        frozenset({"bert"}),
        frozenset({"roberta"}),
        frozenset({"albert"}),
        frozenset({"deberta"}),
        frozenset({"distilbert"}),
        frozenset({"electra"}),
        frozenset({"xlnet"}),
        frozenset({"spanbert"}),
    ),
    "standard tagging tasks": (
        frozenset({"pos", "postagging"}),
        frozenset({"chunk", "chunking"}),
        frozenset({"ner"}),
        frozenset({"srl"}),
    ),
    "GLUE-style benchmarks": (
        frozenset({"sst", "sst2"}),
        frozenset({"rte"}),
        frozenset({"mnli"}),
        frozenset({"mrpc"}),
        frozenset({"cola"}),
        frozenset({"qnli"}),
        frozenset({"qqp"}),
        frozenset({"stsb"}),
        frozenset({"squad"}),
    ),
    "pre-training corpora": (
        frozenset({"c4"}),
        frozenset({"pile", "thepile"}),
        frozenset({"oscar"}),
        frozenset({"webtext", "openwebtext"}),
        frozenset({"wikipedia"}),
        frozenset({"bookcorpus", "books"}),
        frozenset({"commoncrawl"}),
    ),
    "ways to adapt a pre-trained model": (
        frozenset({"lora"}),
        frozenset({"adapters", "adapter"}),
        frozenset({"prompttuning"}),
        frozenset({"prefixtuning"}),
        frozenset({"finetuning", "fullfinetuning"}),
    ),
    "text-generation metrics": (
        frozenset({"bleu"}),
        frozenset({"rouge", "rougel", "rougew", "rougesu4", "rougelsum"}),
        frozenset({"meteor"}),
        frozenset({"cider"}),
        frozenset({"spice"}),
        frozenset({"bertscore"}),
        frozenset({"moverscore"}),
        frozenset({"bleurt"}),
        frozenset({"chrf"}),
        frozenset({"ter"}),
        frozenset({"nist"}),
    ),
    "image-classification datasets": (
        frozenset({"mnist"}),
        frozenset({"fashionmnist"}),
        frozenset({"cifar", "cifar10", "cifar100"}),
        frozenset({"svhn"}),
        frozenset({"imagenet", "tinyimagenet"}),
        frozenset({"stl", "stl10"}),
    ),
    "question-answering datasets": (
        frozenset({"squad", "squad2"}),
        frozenset({"triviaqa"}),
        frozenset({"naturalquestions", "nq"}),
        frozenset({"hotpotqa"}),
        frozenset({"newsqa"}),
        frozenset({"searchqa"}),
        frozenset({"narrativeqa"}),
        frozenset({"coqa"}),
        frozenset({"quac"}),
    ),
    "summarization datasets": (
        frozenset({"cnndm", "cnndailymail", "cnn"}),
        frozenset({"xsum"}),
        frozenset({"gigaword"}),
        frozenset({"duc"}),
        frozenset({"newsroom"}),
        frozenset({"multinews"}),
    ),
    "text-classification datasets": (
        frozenset({"imdb"}),
        frozenset({"yelp", "yelpp", "yelpf"}),
        frozenset({"agnews", "ag"}),
        frozenset({"dbpedia"}),
        frozenset({"yahoo", "yahooanswers"}),
        frozenset({"sst", "sst2", "sst5"}),
        frozenset({"trec"}),
    ),
    "devices": (
        frozenset({"smartphone", "smartphones", "mobilephone", "cellphone"}),
        frozenset({"tablet", "tablets"}),
        frozenset({"laptop", "laptops"}),
        frozenset({"desktopcomputer", "desktop", "computer", "desktoplaptop"}),
        frozenset({"ereader", "ereaders"}),
        frozenset({"gameconsole", "gamingconsole"}),
        frozenset({"smarttv"}),
        frozenset({"smartspeaker"}),
        frozenset({"smartwatch"}),
    ),
    "news media": (
        frozenset({"tv", "television", "localtvnews", "localtv", "networknews", "networktvnews"}),
        frozenset({"cablenews", "cabletv"}),
        frozenset({"radio"}),
        frozenset({"print", "newspapers", "printnewspapers"}),
        frozenset({"newswebsites", "newswebsitesorapps", "online", "onlinenews"}),
        frozenset({"socialmedia"}),
        frozenset({"podcasts"}),
    ),
    "social networks": (
        frozenset({"facebook"}),
        frozenset({"youtube"}),
        frozenset({"instagram"}),
        frozenset({"tiktok"}),
        frozenset({"twitter", "x", "twitterx"}),
        frozenset({"snapchat"}),
        frozenset({"pinterest"}),
        frozenset({"linkedin"}),
        frozenset({"reddit"}),
        frozenset({"whatsapp"}),
    ),
    "how often": (
        frozenset({"hourly"}),
        frozenset({"daily", "everyday", "almostdaily"}),
        frozenset({"weekly", "everyweek"}),
        frozenset({"monthly", "everymonth"}),
        frozenset({"yearly", "annually"}),
        frozenset({"lessoften", "rarely"}),
        frozenset({"never"}),
        frozenset({"often", "sometimes"}),
        frozenset({"always"}),
    ),
    "sectors of an economy": (
        frozenset({"agriculture"}),
        frozenset({"industry"}),
        frozenset({"services", "service"}),
    ),
    "US presidents": (
        frozenset({"biden", "joebiden"}),
        frozenset({"trump", "donaldtrump"}),
        frozenset({"obama", "barackobama"}),
        frozenset({"bush", "georgewbush", "gwbush"}),
        frozenset({"clinton", "billclinton"}),
        frozenset({"reagan", "ronaldreagan"}),
        frozenset({"carter", "jimmycarter"}),
    ),
    "major North American sports leagues": (
        frozenset({"nfl"}),
        frozenset({"nba"}),
        frozenset({"mlb"}),
        frozenset({"nhl"}),
        frozenset({"mls"}),
    ),
}

# Groups a reader lists whole, in their order or as a fixed set of a handful: once one member is
# in view, or the title or caption announces the group ('the four major leagues', 'by sector'),
# the blurred member is one of the few left, which is no unrecoverable label at all. Such a
# member is refused, not narrowed. Each group maps to the words that announce it.
CLOSED: dict[str, tuple[str, ...]] = {
    "how often": ("how often",),
    "sectors of an economy": ("sector", "sectors"),
    "US presidents": ("president", "presidents", "presidential"),
    "major North American sports leagues": ("league", "leagues"),
    "standard tagging tasks": ("tagging tasks",),  # the four of the classic multi-task benchmarks
}

# Answer scales: an intensity word before one pole of a scale ('Strongly agree', 'Somewhat
# dissatisfied'). Two steps of one scale in view reveal the scale, and every step is then one of a
# handful of fixed wordings. Each scale is named by its positive pole.
SCALE_POLES: dict[str, frozenset[str]] = {
    "agree": frozenset({"agree", "disagree"}),
    "satisfied": frozenset({"satisfied", "dissatisfied"}),
    "likely": frozenset({"likely", "unlikely"}),
    "favorable": frozenset({"favorable", "unfavorable", "favourable", "unfavourable"}),
    "important": frozenset({"important", "unimportant"}),
    "confident": frozenset({"confident"}),
    "concerned": frozenset({"concerned"}),
    "interested": frozenset({"interested"}),
    "support": frozenset({"support", "oppose"}),
}
INTENSITIES = frozenset(
    ("strongly", "somewhat", "very", "mostly", "fairly", "extremely", "slightly", "not too", "not very", "not at all")
)

# trailing words that say a model's size or version rather than which model it is ('BERT base')
_SIZES = frozenset("base large small tiny mini medium xl xxl v1 v2 v3".split())
_NOTE = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")


def _key(text: str) -> str:
    """The name a label gives, as letters and digits: its panel mark, a trailing parenthesised note
    and trailing size or version words dropped ('(b) CHUNK' -> 'chunk', 'ResNet-50' -> 'resnet',
    'BERT base (110M)' -> 'bert'); a one-word name keeps its digits ('C4', 'VGG16')."""
    words = re.findall(r"[a-z0-9]+", _NOTE.sub("", unmarked(text)).lower())
    while len(words) > 1 and (words[-1] in _SIZES or words[-1].isdigit()):
        words.pop()
    return "".join(words)


def _memberships(text: str) -> list[tuple[str, int]]:
    """Every (group, member) that ``text`` names: a name may belong to two groups ('SQuAD' is a
    benchmark task and a question-answering dataset)."""
    key = _key(text)
    return [(group, k) for group, members in KIN.items() for k, spellings in enumerate(members) if key in spellings]


def _member(text: str) -> tuple[str, int] | None:
    """The first (group, member) that ``text`` names, or None."""
    return next(iter(_memberships(text)), None)


def visible_kin(text: str, others: list[str], context: str = "") -> str | None:
    """'<group>: <sibling>, ...' when ``text`` names a member of a well-known group and another
    member of that group is among ``others`` (the labels that stay visible) or named in
    ``context`` (the title and the caption as shown with the blur), else None."""
    groups = _memberships(text)
    for mine in groups:
        if siblings := _siblings(mine, others):
            return f"{mine[0]}: {', '.join(siblings)}"
    return next((f"{mine[0]}: one named by the title or caption" for mine in groups if _named_in(mine, context)), None)


def _siblings(mine: tuple[str, int], others: list[str]) -> list[str]:
    """The texts among ``others`` naming another member of ``mine``'s group, each once, in order."""
    return list(dict.fromkeys(o for o in others if any(g == mine[0] and k != mine[1] for g, k in _memberships(o))))


def _named_in(mine: tuple[str, int], context: str) -> bool:
    """Another member of ``mine``'s group is named somewhere in ``context``."""
    spans = _spans(context)
    return any(spans & spellings for j, spellings in enumerate(KIN[mine[0]]) if j != mine[1])


def _spans(text: str) -> set[str]:
    """Every run of one to three words of ``text`` as letters and digits run together, the way
    ``KIN`` spells its members ('Desktop computer' -> 'desktopcomputer')."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {"".join(words[i : i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)}


def closed_member(text: str, others: list[str], context: str = "") -> str | None:
    """'<group>: <why>' when ``text`` names a member of a ``CLOSED`` group and the figure reveals
    the group: another member is one of the labels in view (``others``), or ``context`` (the
    title and the caption as shown with the blur) names another member or announces the group."""
    mine = _member(text)
    if mine is None or mine[0] not in CLOSED:
        return None
    group = mine[0]
    if siblings := _siblings(mine, others):
        return f"{group}: {', '.join(siblings)} in view"
    if _named_in(mine, context):
        return f"{group}: another member named by the title or caption"
    said = " ".join(re.findall(r"[a-z]+", context.lower()))
    if any(re.search(rf"\b{re.escape(w)}\b", said) for w in CLOSED[group]):
        return f"{group}: the title or caption announces the group"
    return None


def scale_step(text: str) -> str | None:
    """The answer scale ``text`` is one step of ('agree' for 'Strongly disagree'), else None."""
    words = " ".join(re.findall(r"[a-z]+", text.lower()))
    for intensity in sorted(INTENSITIES, key=len, reverse=True):
        if words.startswith(intensity + " "):
            pole = words[len(intensity) + 1 :]
            return next((name for name, poles in SCALE_POLES.items() if pole in poles), None)
    return None


def scale_revealed(text: str, others: list[str]) -> str | None:
    """'<scale> scale: <sibling>' when ``text`` is a step of an answer scale and another step of
    that scale is in view ('Somewhat agree' beside 'Strongly agree'), else None."""
    scale = scale_step(text)
    if scale is None:
        return None
    sibling = next((o for o in others if scale_step(o) == scale and o.strip() != text.strip()), None)
    return f"{scale} scale: {sibling}" if sibling else None
