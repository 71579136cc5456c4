"""The release's ``dataset/`` folder read into typed records, with one-line errors on a wrong layout.

A folder the release always has that is missing, or a field a file must hold that it lacks, stops
the import with one line naming the path and the field: a renamed field in a new release must not
turn into silently empty families. Per-figure files are named ``fig_NNN.json`` / ``fig_NNN.png``
and the same id is the same figure in every folder.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scifigbench.concepts.kinds import kind_from_spelling

FIGURE_ID = re.compile(r"^fig_\d{3,}$")
GROUNDTRUTH = "groundtruth"
PROBES = "adversarial/probes"
#: blur mode -> folder of its blurred images
BLURRED = {"admittance": "adversarial/admittance", "inductance": "adversarial/inductance"}
RESISTANCE = "resistance_probes"
CAPTION_BIAS = "caption_bias"
CAPABILITY = "capability_questions"
CAPABILITY_ANSWERS = "capability_answers"
#: our condition -> the release's folder of that condition's images
TRANSFORMS = {
    "noise": "transforms/noise",
    "lowc": "transforms/low_contrast",
    "rot": "transforms/rotation",
    "inpaper": "transforms/in_paper",
    "inpaper_blur": "transforms/in_paper_blur",
}
PRIMARY = "sampled_100.json"
ABLATION = "ablation_50.json"
FOLDERS = (
    GROUNDTRUTH,
    PROBES,
    *BLURRED.values(),
    RESISTANCE,
    CAPTION_BIAS,
    CAPABILITY,
    CAPABILITY_ANSWERS,
    *TRANSFORMS.values(),
)


class ReleaseLayoutError(ValueError):
    """The release folder does not have the layout the importer reads; the message names path and field."""


@dataclass(frozen=True)
class BlurItem:
    mode: str
    question: str
    expected_answer: str  # the release's ``blurred_text``: the text hidden by the blur
    status: str
    reviewer_notes: str


@dataclass
class ReleaseFigure:
    """Everything the release holds about one figure (folders it is absent from stay empty)."""

    figure_id: str
    chart_type: str
    figure_filename: str
    caption: str | None
    expert_description: str | None
    arxiv_id: str | None
    blur: dict[str, BlurItem] = field(default_factory=dict)
    images: dict[str, Path] = field(default_factory=dict)  # condition (admb, indb, noise, ...) -> released PNG
    resistance: list[dict[str, Any]] = field(default_factory=list)
    caption_bias: dict[str, Any] | None = None
    capability: list[dict[str, Any]] = field(default_factory=list)
    capability_answers: dict[str, Any] = field(default_factory=dict)  # release category -> its annotations


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReleaseLayoutError(f"{path}: not readable JSON: {exc}") from None


def need(data: Any, key: str, path: Path | str, kind: type | tuple[type, ...] = str) -> Any:
    """``data[key]`` of the type the release writes; otherwise one line naming the file and field."""
    if not isinstance(data, dict) or key not in data:
        raise ReleaseLayoutError(f"{path}: missing field '{key}'")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ReleaseLayoutError(f"{path}: field '{key}' is {type(value).__name__}, expected {_names(kinds)}")
    return value


def _names(kind: type | tuple[type, ...]) -> str:
    return " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))


def dataset_dir(release: Path) -> Path:
    """The ``dataset/`` folder of an imported release (``release`` itself when it is that folder)."""
    for cand in (release / "dataset", release):
        if (cand / GROUNDTRUTH).is_dir():
            return cand
    raise ReleaseLayoutError(
        f"{release / 'dataset' / GROUNDTRUTH}: missing folder (is corpus.release_dir the imported release?)"
    )


def check_folders(dataset: Path) -> None:
    for rel in FOLDERS:
        if not (dataset / rel).is_dir():
            raise ReleaseLayoutError(f"{dataset / rel}: missing folder of the release layout")


def _per_figure(folder: Path, suffix: str) -> dict[str, Path]:
    return {p.stem: p for p in sorted(folder.glob(f"fig_*{suffix}")) if FIGURE_ID.match(p.stem)}


def _figure(path: Path) -> ReleaseFigure:
    data = read_json(path)
    raw_type = need(data, "figure_type", path)
    chart = kind_from_spelling(raw_type)
    if chart is None:
        raise ReleaseLayoutError(f"{path}: field 'figure_type' {raw_type!r} names no known chart kind")
    notes = need(data, "annotations", path, list)
    texts = [need(a, "annotation", f"{path}: annotations[{i}]") for i, a in enumerate(notes)]
    return ReleaseFigure(
        figure_id=path.stem,
        chart_type=chart,
        figure_filename=need(data, "figure_filename", path),
        caption=_text(data.get("caption")),
        expert_description=_text(texts[0]) if texts else None,
        arxiv_id=_text(data.get("arxiv_id")),
    )


def _text(v: Any) -> str | None:
    return v.strip() or None if isinstance(v, str) else None


def _blur(path: Path) -> dict[str, BlurItem]:
    data = read_json(path)
    sel = need(data, "selective_blur", path, dict)
    out = {}
    for mode in BLURRED:
        item = sel.get(mode)
        if not item:  # a figure may have a target in one mode only
            continue
        where = f"{path}: selective_blur.{mode}"
        out[mode] = BlurItem(
            mode,
            need(item, "question", where),
            str(need(item, "blurred_text", where, (str, int, float))),
            need(item, "status", where),
            str(item.get("reviewer_notes") or ""),
        )
    return out


def _listed(path: Path, key: str, item_keys: tuple[str, ...]) -> list[dict[str, Any]]:
    data = read_json(path)
    items = need(data, key, path, list)
    for i, item in enumerate(items):
        for k in item_keys:
            need(item, k, f"{path}: {key}[{i}]", (str, int, float))
    return items


def read_release(release: Path) -> list[ReleaseFigure]:
    """Every figure of the release with its items, in id order; a wrong layout raises
    :class:`ReleaseLayoutError`."""
    dataset = dataset_dir(release)
    check_folders(dataset)
    figures = {fid: _figure(p) for fid, p in _per_figure(dataset / GROUNDTRUTH, ".json").items()}
    if not figures:
        raise ReleaseLayoutError(f"{dataset / GROUNDTRUTH}: no fig_NNN.json file")

    def known(fid: str, path: Path) -> ReleaseFigure:
        if fid not in figures:
            raise ReleaseLayoutError(f"{path}: figure {fid} has no groundtruth file in {dataset / GROUNDTRUTH}")
        return figures[fid]

    for fid, p in _per_figure(dataset / PROBES, ".json").items():
        known(fid, p).blur = _blur(p)
    for mode, folder in BLURRED.items():
        for fid, p in _per_figure(dataset / folder, ".png").items():
            known(fid, p).images[{"admittance": "admb", "inductance": "indb"}[mode]] = p
    for cond, folder in TRANSFORMS.items():
        for fid, p in _per_figure(dataset / folder, ".png").items():
            known(fid, p).images[cond] = p
    for fid, p in _per_figure(dataset / RESISTANCE, ".json").items():
        known(fid, p).resistance = _listed(p, "probes", ("type", "question", "expected_behavior"))
    for fid, p in _per_figure(dataset / CAPTION_BIAS, ".json").items():
        data = read_json(p)
        need(data, "modified_caption", p)
        for i, m in enumerate(need(data, "modifications", p, list)):
            for k in ("claim", "reality", "type"):
                need(m, k, f"{p}: modifications[{i}]")
        known(fid, p).caption_bias = data
    for fid, p in _per_figure(dataset / CAPABILITY, ".json").items():
        known(fid, p).capability = _listed(p, "questions", ("question", "answer", "answer_type", "category"))
    for fid, p in _per_figure(dataset / CAPABILITY_ANSWERS, ".json").items():
        known(fid, p).capability_answers = need(read_json(p), "annotations", p, dict)
    return [figures[f] for f in sorted(figures)]


def subset_ids(release: Path) -> tuple[set[str] | None, set[str] | None]:
    """The release's primary (``sampled_100``) and ablation (``ablation_50``) figure ids; None when absent."""
    dataset = dataset_dir(release)
    out: list[set[str] | None] = []
    for name in (PRIMARY, ABLATION):
        path = dataset / name
        out.append({str(f) for f in need(read_json(path), "figures", path, list)} if path.is_file() else None)
    return out[0], out[1]
