"""The one module that reads ``params.yaml``.

Stages never open the YAML themselves: they ask for their section as a typed dataclass, so an
unknown or mistyped key fails loudly with the file and key named instead of being ignored.
"""

from __future__ import annotations

import dataclasses
import io
import re
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

import yaml

T = TypeVar("T")

DEFAULT_PARAMS = Path("params.yaml")


class ParamsError(ValueError):
    """A params file is missing, unreadable, or has a key or value of the wrong shape."""


class _Yaml12Loader(yaml.SafeLoader):
    """PyYAML's safe loader with the scalars of YAML 1.2's core schema, the reading DVC's parser gives.

    Why: PyYAML reads YAML 1.1, where ``1e4`` is a string and ``on``/``no`` are booleans, while DVC
    (ruamel, YAML 1.2) reads ``1e4`` as 10000.0 and ``on`` as a string. The same params.yaml then
    meant two things: ``bootstrap: 1e4`` passed ``dvc repro`` and failed ``make repro``.
    """


_Yaml12Loader.yaml_implicit_resolvers = {
    first: [
        (tag, rx)
        for tag, rx in resolvers
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:float", "tag:yaml.org,2002:int")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^[-+]?(?:[0-9][0-9_]*|0o[0-7_]+|0x[0-9a-fA-F_]+|0b[01_]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9_]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
):
    _Yaml12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    text = str(loader.construct_scalar(node)).replace("_", "")
    sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
    base = {"0o": 8, "0x": 16, "0b": 2}.get(digits[:2], 10)
    return sign * int(digits[2:] if base != 10 else digits, base)


def _construct_float(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> float:
    text = str(loader.construct_scalar(node)).lower().replace("_", "")
    if text.endswith(("inf", "nan")):
        return float(text.replace(".", ""))
    return float(text)


_Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Yaml12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)


def read_yaml(text: str) -> Any:
    """``text`` read as DVC reads params.yaml (YAML 1.2 scalars)."""
    return yaml.load(text, Loader=_Yaml12Loader)  # noqa: S506 (a SafeLoader subclass)


def load_raw(path: Path | str = DEFAULT_PARAMS) -> dict[str, Any]:
    """Read the whole params file as a plain dict."""
    path = Path(path)
    if not path.exists():
        raise ParamsError(f"{path}: params file not found")
    try:
        data = read_yaml(path.read_text()) or {}
    except yaml.YAMLError as exc:
        raise ParamsError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ParamsError(f"{path}: top level must be a mapping")
    return data


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Convert a YAML value to the annotated type, recursing into dataclasses and containers."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(value, arg, where)
            except ParamsError as exc:
                errors.append(str(exc))
        raise ParamsError(errors[0] if errors else f"{where}: invalid value {value!r}")
    if dataclasses.is_dataclass(hint):
        return build(hint, value, where)
    if origin in (list, tuple):
        if not isinstance(value, (list, tuple)):
            raise ParamsError(f"{where}: expected a list, got {value!r}")
        inner = args[0] if args else Any
        items = [_coerce(v, inner, f"{where}[{i}]") for i, v in enumerate(value)]
        return items if origin is list else tuple(items)
    if origin is dict:
        if not isinstance(value, dict):
            raise ParamsError(f"{where}: expected a mapping, got {value!r}")
        vt = args[1] if len(args) == 2 else Any
        return {str(k): _coerce(v, vt, f"{where}.{k}") for k, v in value.items()}
    if origin is typing.Literal:
        if value not in args:
            raise ParamsError(f"{where}: {value!r} is not one of {list(args)}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ParamsError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if hint is int:
        if isinstance(value, float) and value.is_integer():
            return int(value)  # ``1e4``: a float in YAML 1.2, a whole number all the same
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParamsError(f"{where}: expected an integer, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise ParamsError(f"{where}: expected true/false, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ParamsError(f"{where}: expected a string, got {value!r}")
        return value
    return value


def build(cls: type[T], data: Any, where: str) -> T:
    """Build dataclass ``cls`` from a mapping, rejecting unknown keys (they are usually typos)."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ParamsError(f"{where}: expected a mapping, got {data!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ParamsError(f"{where}: unknown key(s) {unknown}; known keys are {sorted(fields)}")
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for name, value in data.items():
        kwargs[name] = _coerce(value, hints[name], f"{where}.{name}")
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ParamsError(f"{where}: {exc}") from None


def section(cls: type[T], name: str, path: Path | str = DEFAULT_PARAMS) -> T:
    """Return section ``name`` of the params file as an instance of dataclass ``cls``."""
    raw = load_raw(path)
    return build(cls, raw.get(name), f"{path}:{name}")


def model_names(path: Path | str = DEFAULT_PARAMS) -> list[str] | None:
    """The keys under ``models``: the only models whose outputs metrics and the report read.

    Files of a model removed from params.yaml may still lie in ``data/``; reading by name keeps
    them out of the results. None when the file declares no ``models`` section at all (e.g. a
    folder of imported release verdicts): then every table present is read.
    """
    raw = load_raw(path)
    if "models" not in raw:
        return None
    models = raw["models"]
    if not isinstance(models, dict) or not models:
        raise ParamsError(f"{path}:models: expected a mapping with at least one model, got {models!r}")
    return sorted(str(k) for k in models)


def judge_kind(path: Path | str = DEFAULT_PARAMS) -> str:
    """``judge.kind`` (default rule): the setups stage leaves out units that judge cannot judge.
    ``check-params`` has validated it (``judges/config.py``) before any stage reads it here."""
    judge = load_raw(path).get("judge") or {}
    return str(judge.get("kind", "rule")) if isinstance(judge, dict) else "rule"


def with_section_values(text: str, section: str, values: dict[str, Any]) -> str:
    """``text`` (a params file) with the keys ``values`` names set in ``section``, comments kept.

    Why a round trip (ruamel) rather than load-and-dump: params.yaml's end-of-line comments are its
    documentation, and a rewrite that drops them leaves the user a bare file. Changed keys keep their
    comment; new mappings and lists are written inline, as the file writes its own; ``null`` stays
    ``null``. Untouched keys keep their text.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.error import YAMLError as RoundTripError

    rt = YAML()
    rt.width = 4096  # one line per value, as the file has it
    rt.representer.add_representer(type(None), lambda rep, _v: rep.represent_scalar("tag:yaml.org,2002:null", "null"))
    try:
        doc = rt.load(text)
    except RoundTripError as exc:
        raise ParamsError(f"params: not valid YAML: {exc}") from None
    if doc is None:
        doc = CommentedMap()
    if not isinstance(doc, dict):
        raise ParamsError("params: top level must be a mapping")
    if doc.get(section) is None:
        doc[section] = CommentedMap()
    target = doc[section]
    if not isinstance(target, dict):
        raise ParamsError(f"params: section {section!r} must be a mapping")
    for key, value in values.items():
        if target.get(key) == value:
            continue  # unchanged: keep its text exactly
        if isinstance(value, dict | list):
            inline = CommentedMap(value) if isinstance(value, dict) else CommentedSeq(value)
            inline.fa.set_flow_style()
            value = inline
        target[key] = value
    out = io.StringIO()
    rt.dump(doc, out)
    return out.getvalue()
