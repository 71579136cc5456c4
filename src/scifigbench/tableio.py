"""Reading and writing stage tables: validated on both sides, written atomically.

A stage builds its table in memory, validates it, and only then replaces the file (write to a
temporary sibling, fsync, ``os.replace``), so a crash or a contract violation leaves the previous
good output in place.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench.contracts import SCHEMAS, ContractError, TableSchema, validate
from scifigbench.files.atomic import (  # noqa: F401 (re-exported)
    _publish,
    atomic_write_bytes,
    atomic_write_text,
    sha256_bytes,
    sha256_file,
)


def write_json(path: Path | str, obj: Any) -> None:
    """Write JSON with sorted keys so that identical content is byte-identical."""
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def _schema(schema: TableSchema | str) -> TableSchema:
    return SCHEMAS[schema] if isinstance(schema, str) else schema


def write_table(
    df: pd.DataFrame,
    path: Path | str,
    schema: TableSchema | str,
    *,
    refs: dict[str, Iterable[Any]] | None = None,
    root: Path | str | None = ".",
) -> pd.DataFrame:
    """Validate ``df`` and atomically write it as parquet; return the conformed frame."""
    path = Path(path)
    df = validate(df, _schema(schema), where=str(path), refs=refs, root=root)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        df.to_parquet(tmp, index=False)
        _publish(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return df


def read_table(
    path: Path | str,
    schema: TableSchema | str,
    *,
    refs: dict[str, Iterable[Any]] | None = None,
    root: Path | str | None = ".",
) -> pd.DataFrame:
    """Read a parquet table and check it against its contract (the consuming side's check)."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path}: table not found — run the stage that produces it first")
    try:
        df = pd.read_parquet(path)
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise ContractError(
            f"{path}: not a readable parquet table ({type(exc).__name__}: {exc}); rerun the stage that produces it"
        ) from None
    return validate(df, _schema(schema), where=str(path), refs=refs, root=root)


def load_judgments(judgments_dir: Path, models: list[str] | None = None) -> pd.DataFrame:
    """The ``<model>.parquet`` judgment tables of ``models`` (all in the folder when None), each
    checked against the contract. A named model without a table is an error naming the file."""
    if models is None:
        files = sorted(judgments_dir.glob("*.parquet"))
    else:
        files = [judgments_dir / f"{m}.parquet" for m in models]
        missing = [f for f in files if not f.is_file()]
        if missing:
            raise FileNotFoundError(
                f"{missing[0]}: no judgment table for model '{missing[0].stem}' "
                "named in params.yaml — run its judge stage first"
            )
    if not files:
        raise FileNotFoundError(f"{judgments_dir}: no judgment tables (*.parquet) — run the judge stage first")
    frames = [read_table(f, "judgments", root=None) for f in files]
    return pd.concat(frames, ignore_index=True)
