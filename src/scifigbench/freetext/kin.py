"""Well-known groups of names whose members a reader lists once one of them is in view.

A blurred 'VGGNet' beside a visible 'AlexNet' and 'GoogLeNet' is not unrecoverable: anyone who
knows the field writes down the handful of image networks of that era, and one of them is right.
The same holds for the standard tagging tasks (POS, CHUNK, NER, SRL), the BERT variants, the
devices or news media of a survey chart, how often something is done ('Weekly' between 'Daily' and
'Less often'), the sectors of an economy, the presidents. Such a label narrows to a few guesses
rather than to none, so the admittance rules rank it after every label without a visible sibling.

The groups below are a stated prior, written from what a reader of scientific and web-statistics
charts knows, not fitted to any labelled figure: each is small (a reader's guess list, at most
about a dozen names), and a label belongs to a group only when its whole name (up to a panel mark,
a trailing size or version such as '-50' or 'base', and a parenthesised note) is one of its
spellings. Unlike ``label_words.OPTION_SETS`` (a set complete but for the label, every other
member printed: a refusal), one visible sibling is enough here, because the guess list is short
whether or not the rest is printed.
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
}

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


def _member(text: str) -> tuple[str, int] | None:
    """(group, member) that ``text`` names, or None."""
    key = _key(text)
    for group, members in KIN.items():
        for k, spellings in enumerate(members):
            if key in spellings:
                return group, k
    return None


def visible_kin(text: str, others: list[str]) -> str | None:
    """'<group>: <sibling>, ...' when ``text`` names a member of a well-known group and another
    member of that group is among ``others`` (the labels that stay visible), else None."""
    mine = _member(text)
    if mine is None:
        return None
    siblings = []
    for o in others:
        theirs = _member(o)
        if theirs is not None and theirs[0] == mine[0] and theirs[1] != mine[1] and o not in siblings:
            siblings.append(o)
    return f"{mine[0]}: {', '.join(siblings)}" if siblings else None
