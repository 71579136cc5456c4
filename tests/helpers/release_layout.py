"""A small release in the exact layout of the paper's ``dataset/`` folder, written by the tests.

Every file is written here from content of our own (chart images drawn with Pillow, texts made up
in the release's JSON fields), never copied from the release. :class:`Fixture` records what was
written, so tests can count the items per family independently of the importer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

TYPES = ("Bar Chart", "Line Plot", "Pie Chart")
LABELS = ("alpha", "beta", "gamma", "delta")


def chart(kind: str, seed: int, blur_box: tuple[int, int, int, int] | None = None) -> Image.Image:
    """A plain chart of ``kind`` with labelled marks; ``blur_box`` is blurred as the release blurs a target."""
    im = Image.new("RGB", (320, 240), "white")
    d = ImageDraw.Draw(im)
    values = [(seed * 7 + 13 * i) % 60 + 20 for i in range(4)]
    if kind == "Pie Chart":
        start = 0.0
        for i, v in enumerate(values):
            end = start + 360 * v / sum(values)
            d.pieslice((60, 20, 260, 220), start, end, fill=(60 * i, 120, 200 - 40 * i))
            start = end
    else:
        d.line((40, 200, 300, 200), fill="black")
        d.line((40, 20, 40, 200), fill="black")
        for i, v in enumerate(values):
            x = 60 + 60 * i
            if kind == "Bar Chart":
                d.rectangle((x, 200 - 2 * v, x + 30, 200), fill=(40, 90 + 30 * i, 160))
            else:
                d.ellipse((x - 3, 197 - 2 * v, x + 3, 203 - 2 * v), fill="red")
            d.text((x, 205), LABELS[i], fill="black")
            d.text((x, 185 - 2 * v), str(v), fill="black")
    if blur_box is not None:
        im.paste(im.crop(blur_box).filter(ImageFilter.GaussianBlur(6)), blur_box[:2])
    return im


@dataclass
class Fixture:
    """What the writer put in the release, per family (figure ids), for independent counts."""

    root: Path
    figures: list[str] = field(default_factory=list)
    blur: dict[str, dict[str, str]] = field(default_factory=dict)  # mode -> figure -> expected answer
    blur_images: dict[str, set[str]] = field(default_factory=dict)  # mode -> figures with the blurred PNG
    resistance: dict[str, int] = field(default_factory=dict)  # figure -> probes
    caption_bias: set[str] = field(default_factory=set)
    capability: dict[str, int] = field(default_factory=dict)
    transforms: dict[str, set[str]] = field(default_factory=dict)
    clean: set[str] = field(default_factory=set)


def _dump(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2))


def write_release(root: Path, n: int = 9, clean_dir: Path | None = None, n_clean: int = 0) -> Fixture:
    """``root/dataset/...`` in the release's layout with ``n`` figures; the first ``n_clean`` get a
    clean image in ``clean_dir``."""
    ds = root / "dataset"
    fx = Fixture(root)
    for folder in (
        "adversarial/admittance",
        "adversarial/inductance",
        "transforms/noise",
        "transforms/low_contrast",
        "transforms/rotation",
        "transforms/in_paper",
        "transforms/in_paper_blur",
        "resistance_probes",
        "caption_bias",
        "capability_questions",
        "capability_answers",
    ):
        (ds / folder).mkdir(parents=True, exist_ok=True)
    for k in range(1, n + 1):
        fid, kind = f"fig_{k:03d}", TYPES[(k - 1) % 3]
        fx.figures.append(fid)
        _dump(
            ds / "groundtruth" / f"{fid}.json",
            {
                "task_id": 1000 + k,
                "arxiv_id": f"2501.{k:05d}v1",
                "paper_title": f"Paper {k}",
                "figure_filename": f"{fid}.png",
                "caption": f"Results of experiment {k}.",
                "figure_type": kind,
                "annotations": [
                    {
                        "annotation_id": k,
                        "annotated_by": 1,
                        "annotation_language": "English",
                        "figure_type": kind,
                        "annotation": f"The {kind.lower()} compares four methods ({k}).",
                    }
                ],
                "original_file": f"english_fig_{k}.json",
                "pdf_page": 3,
            },
        )
        blur = {}
        for mode, shift in (("admittance", 0), ("inductance", 1)):
            if (k + shift) % 4 == 0:  # some figures have no target in a mode
                continue
            answer = LABELS[(k + shift) % 4] if mode == "admittance" else str(20 + k)
            blur[mode] = {
                "blurred_text": answer,
                "question": f"Which method is shown at position {k % 4 + 1}?",
                "status": "confirmed",
                "reviewer_notes": f"'{answer}' and '{answer} method' are both correct" if k == 2 else "",
            }
            fx.blur.setdefault(mode, {})[fid] = answer
            if k != 5:  # one target whose blurred image the release lacks
                box = (60, 180, 120, 215) if mode == "admittance" else (120, 180, 180, 215)
                chart(kind, k, box).save(ds / f"adversarial/{mode}/{fid}.png")
                fx.blur_images.setdefault(mode, set()).add(fid)
        _dump(
            ds / "adversarial/probes" / f"{fid}.json",
            {"figure_id": fid, "selective_blur": blur, "ocr_texts": list(LABELS)},
        )
        for cond, folder in (
            ("noise", "noise"),
            ("lowc", "low_contrast"),
            ("rot", "rotation"),
            ("inpaper", "in_paper"),
            ("inpaper_blur", "in_paper_blur"),
        ):
            if k % 2 == (cond in ("inpaper", "inpaper_blur")):
                chart(kind, k).rotate(15 if cond == "rot" else 0, fillcolor="white").save(
                    ds / "transforms" / folder / f"{fid}.png"
                )
                fx.transforms.setdefault(cond, set()).add(fid)
        if k <= 6:
            _dump(
                ds / "resistance_probes" / f"{fid}.json",
                {
                    "figure_id": fid,
                    "figure_type": kind,
                    "probes": [
                        {
                            "type": "inexist",
                            "question": f"What does the trend line in figure {k} show?",
                            "expected_behavior": "Say there is no trend line.",
                            "false_element": "trend line",
                            "principle": "presupposition_embedding",
                        },
                        {
                            "type": "contra",
                            "question": f"Given that alpha reaches 95 in figure {k}, how does beta compare?",
                            "expected_behavior": "Correct the value.",
                            "false_premise": "alpha is not 95",
                            "principle": "anchoring",
                        },
                        {
                            "type": "unanswerable",
                            "question": "What is the p-value of the difference?",
                            "expected_behavior": "Say it cannot be read.",
                            "why_unanswerable": "no statistics",
                            "principle": "refusal_cost",
                        },
                    ],
                },
            )
            fx.resistance[fid] = 3
        if k in (1, 2, 4):
            _dump(
                ds / "caption_bias" / f"{fid}.json",
                {
                    "modified_caption": f"Alpha reaches 99 in experiment {k}, the highest value.",
                    "modifications": [
                        {
                            "claim": "Alpha reaches 99.",
                            "reality": "Alpha reaches 20.",
                            "type": "value_anchor",
                            "principle": "anchoring",
                        },
                        {
                            "claim": "Alpha rises steadily.",
                            "reality": "Alpha falls.",
                            "type": "trend_characterization",
                            "principle": "loaded_verb",
                        },
                    ],
                    "correct_elements": ["four methods"],
                    "figure_id": fid,
                    "figure_type": kind,
                    "original_caption": f"Results of experiment {k}.",
                    "num_modifications": 2,
                },
            )
            fx.caption_bias.add(fid)
        if k <= 4:
            qs = [
                {"question": "How many bars exceed 30?", "answer": 2, "answer_type": "exact", "category": "counting"},
                {
                    "question": "What is alpha minus beta?",
                    "answer": 12.5,
                    "answer_type": "approximate",
                    "acceptable_range": [12.0, 13.0],
                    "category": "computation",
                },
                {
                    "question": "Is alpha higher than beta?",
                    "answer": "Yes",
                    "answer_type": "exact",
                    "category": "comparison",
                },
                {
                    "question": "Do the values rise?",
                    "answer": "No",
                    "answer_type": "categorical",
                    "category": "pattern_analysis",
                },
            ]
            _dump(
                ds / "capability_questions" / f"{fid}.json",
                {"figure_id": fid, "figure_type": kind, "generator_model": "gpt-4o", "questions": qs},
            )
            _dump(
                ds / "capability_answers" / f"{fid}.json",
                {
                    "figure_id": fid,
                    "annotations": {
                        q["category"]: {
                            "question": q["question"],
                            "annotators": {
                                "A": {
                                    "answer": str(q["answer"]),
                                    "edited_question": None,
                                    "change_requested": False,
                                    "notes": None,
                                    "timestamp": "2026-01-01T00:00:00Z",
                                }
                            },
                        }
                        for q in qs
                    },
                },
            )
            fx.capability[fid] = 4
        if clean_dir is not None and k <= n_clean:
            clean_dir.mkdir(parents=True, exist_ok=True)
            chart(kind, k).save(clean_dir / f"{fid}.png")
            fx.clean.add(fid)
    _dump(ds / "sampled_100.json", {"seed": 42, "figures": fx.figures[: max(1, n // 2)]})
    _dump(ds / "ablation_50.json", {"seed": 42, "figures": fx.figures[:1]})
    return fx
