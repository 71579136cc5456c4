"""The one module that reads ``params.yaml``.

Stages never open the YAML themselves: they ask for their section as a typed dataclass, so an
unknown or mistyped key fails loudly with the file and key named instead of being ignored.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

import yaml

T = TypeVar("T")

DEFAULT_PARAMS = Path("params.yaml")


class ParamsError(ValueError):
    """A params file is missing, unreadable, or has a key or value of the wrong shape."""


def load_raw(path: Path | str = DEFAULT_PARAMS) -> dict[str, Any]:
    """Read the whole params file as a plain dict."""
    path = Path(path)
    if not path.exists():
        raise ParamsError(f"{path}: params file not found")
    try:
        data = yaml.safe_load(path.read_text()) or {}
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
