"""Data contracts: declarative table schemas checked with great-expectations.

A :class:`TableSchema` says what a stage's table must look like. :func:`validate` turns it into a
great-expectations suite, runs it on the dataframe, adds the checks GX cannot express (types,
files on disk, foreign keys across tables) and raises :class:`ContractError` with a readable list
of failing rows and fields. Stages call it before writing and after reading a table, so a bad
table never replaces a good one and never flows downstream.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from scifigbench.caching import codedeps, validated
from scifigbench.caching.keys import content_key, library_versions

Dtype = Literal["str", "int", "float", "bool"]
MAX_LISTED = 8


class ContractError(ValueError):
    """A table broke its contract; the message lists the failing rows and fields."""


@dataclass(frozen=True)
class Column:
    """One column: its type, whether it may be null, and the values it may take."""

    name: str
    dtype: Dtype
    nullable: bool = False
    allowed: frozenset[Any] | None = None
    min: float | None = None
    max: float | None = None
    unique: bool = False
    regex: str | None = None
    is_path: bool = False  # a path relative to the data root that must exist
    doc: str = ""


@dataclass(frozen=True)
class ForeignKey:
    """``column`` of this table must take values from ``ref_column`` of table ``ref_table``."""

    column: str
    ref_table: str
    ref_column: str


@dataclass(frozen=True)
class TableSchema:
    name: str
    columns: tuple[Column, ...]
    key: str | None = None
    foreign_keys: tuple[ForeignKey, ...] = field(default_factory=tuple)
    doc: str = ""

    @property
    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def empty(self) -> pd.DataFrame:
        """An empty dataframe with this schema's columns and dtypes."""
        return conform(pd.DataFrame({c.name: [] for c in self.columns}), self)


_PANDAS_DTYPES = {"str": "string", "int": "Int64", "float": "Float64", "bool": "boolean"}


def conform(df: pd.DataFrame, schema: TableSchema) -> pd.DataFrame:
    """Order columns as the schema does and cast to nullable pandas dtypes.

    Casting failures are reported as contract errors naming the column, never silently coerced.
    """
    missing = [c for c in schema.column_names if c not in df.columns]
    extra = [c for c in df.columns if c not in schema.column_names]
    if missing or extra:
        raise ContractError(
            f"table '{schema.name}': columns do not match the contract"
            + (f"; missing {missing}" if missing else "")
            + (f"; unexpected {extra}" if extra else "")
        )
    out = df[schema.column_names].copy()
    for col in schema.columns:
        try:
            out[col.name] = out[col.name].astype(_PANDAS_DTYPES[col.dtype])
        except (TypeError, ValueError) as exc:
            raise ContractError(f"table '{schema.name}': column '{col.name}' is not {col.dtype}: {exc}") from None
    return out.reset_index(drop=True)


def _row_label(df: pd.DataFrame, idx: int, key: str | None) -> str:
    if key is not None and key in df.columns:
        return f"row {idx} ({key}={df.at[idx, key]!r})"
    return f"row {idx}"


@functools.lru_cache(maxsize=1)
def _gx_context():
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
    import great_expectations as gx

    logging.getLogger("great_expectations").setLevel(logging.ERROR)
    ctx = gx.get_context(mode="ephemeral")
    try:
        ctx.variables.progress_bars = {"globally": False, "metric_calculations": False}
    except Exception:  # progress-bar settings moved between GX releases; silence is cosmetic
        pass
    return ctx


def _expectations(schema: TableSchema, refs: dict[str, set[Any]]) -> list[Any]:
    import great_expectations.expectations as gxe

    exps: list[Any] = [gxe.ExpectTableColumnsToMatchOrderedList(column_list=schema.column_names)]
    for c in schema.columns:
        if not c.nullable:
            exps.append(gxe.ExpectColumnValuesToNotBeNull(column=c.name))
        if c.allowed is not None:
            exps.append(gxe.ExpectColumnValuesToBeInSet(column=c.name, value_set=sorted(c.allowed, key=str)))
        if c.min is not None or c.max is not None:
            exps.append(gxe.ExpectColumnValuesToBeBetween(column=c.name, min_value=c.min, max_value=c.max))
        if c.unique:
            exps.append(gxe.ExpectColumnValuesToBeUnique(column=c.name))
        if c.regex is not None:
            exps.append(gxe.ExpectColumnValuesToMatchRegex(column=c.name, regex=c.regex))
    for fk in schema.foreign_keys:
        if fk.ref_table in refs:
            exps.append(
                gxe.ExpectColumnValuesToBeInSet(column=fk.column, value_set=sorted(refs[fk.ref_table], key=str))
            )
    return exps


def _describe_failure(res: Any, df: pd.DataFrame, schema: TableSchema) -> str:
    cfg = res.expectation_config
    kind = cfg.type
    col = cfg.kwargs.get("column")
    result = res.result or {}
    idxs = result.get("partial_unexpected_index_list") or []
    vals = result.get("partial_unexpected_list") or []
    count = result.get("unexpected_count")
    head = f"column '{col}': {kind.replace('expect_column_values_to_', '').replace('_', ' ')}" if col else kind
    if kind == "expect_column_values_to_be_in_set":
        vs = cfg.kwargs.get("value_set") or []
        shown = vs if len(vs) <= 12 else vs[:12] + ["..."]
        head += f" {shown}"
    if kind == "expect_column_values_to_be_between":
        head += f" [{cfg.kwargs.get('min_value')}, {cfg.kwargs.get('max_value')}]"
    lines = [f"{head} — {count if count is not None else '?'} failing"]
    for i, idx in enumerate(idxs[:MAX_LISTED]):
        if isinstance(idx, dict):  # GX reports index dicts for some expectations
            idx = next(iter(idx.values()))
        val = vals[i] if i < len(vals) else None
        lines.append(f"    {_row_label(df, int(idx), schema.key)}: {col}={val!r}")
    if not idxs and kind == "expect_table_columns_to_match_ordered_list":
        lines.append(f"    got columns {list(df.columns)}")
    return "\n  ".join(lines)


def _python_checks(df: pd.DataFrame, schema: TableSchema, root: Path | None) -> list[str]:
    """Checks GX cannot express on a dataframe: files referenced by path columns exist."""
    problems = []
    if root is None:
        return problems
    for c in schema.columns:
        if not c.is_path:
            continue
        bad = []
        for idx, value in df[c.name].items():
            if pd.isna(value):
                continue
            if not (root / str(value)).is_file():
                bad.append((idx, value))
        if bad:
            lines = [f"column '{c.name}': file does not exist — {len(bad)} failing"]
            lines += [f"    {_row_label(df, i, schema.key)}: {c.name}={v!r}" for i, v in bad[:MAX_LISTED]]
            problems.append("\n  ".join(lines))
    return problems


def validate(
    df: pd.DataFrame,
    schema: TableSchema,
    *,
    where: str,
    refs: dict[str, Iterable[Any]] | None = None,
    root: Path | str | None = None,
) -> pd.DataFrame:
    """Check ``df`` against ``schema`` and return it conformed; raise ContractError otherwise.

    ``where`` names the file (or stage) in the message; ``refs`` maps a referenced table name to the
    set of ids it holds, for the foreign keys; ``root`` is the directory path columns are relative to.
    """
    return checked(df, schema, where=where, refs=refs, root=root)[0]


def checked(
    df: pd.DataFrame,
    schema: TableSchema,
    *,
    where: str,
    refs: dict[str, Iterable[Any]] | None = None,
    root: Path | str | None = None,
    content: str | None = None,
) -> tuple[pd.DataFrame, str]:
    """:func:`validate`, also giving the conformed table's content digest ("" for an empty table).

    ``content`` is that digest when the caller knows it already (the same file, read before in this
    process): hashing every cell is half the cost of reading a table again. The checks that depend
    on more than the table's bytes (dtypes conformed, path columns naming existing files) always run.
    """
    try:
        df = conform(df, schema)
    except ContractError as exc:
        raise ContractError(f"{where}: {exc}") from None
    problems = _python_checks(df, schema, Path(root) if root is not None else None)
    if len(df):
        refsets = {k: set(v) for k, v in (refs or {}).items()}
        content = content or _content_digest(df)
        if not validated.seen(suite_key(content, schema, refsets)):
            failed = _run_gx(df, schema, refsets)
            if not failed:  # a passed suite vouches for each suite with fewer foreign-key checks too
                for subset in _fk_subsets(schema, refsets):
                    validated.record(suite_key(content, schema, subset))
            problems += failed
    if problems:
        raise ContractError(
            f"{where}: contract '{schema.name}' violated ({len(problems)} check(s) failed):\n  " + "\n  ".join(problems)
        )
    return df, content or ""


@functools.cache
def _engine_version() -> str:
    """What decides a suite's verdict besides the table: the code that builds and runs the
    expectations (this module's import closure) and the installed great-expectations version."""
    return content_key(codedeps.files_digest(__name__), library_versions(("great-expectations",)))


def _plain(value: Any) -> Any:
    """JSON-able form of a schema field (a frozenset sorted, so the same schema gives the same text)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _content_digest(df: pd.DataFrame) -> str:
    """Every cell of the conformed table, with its column names and dtypes."""
    digest = hashlib.sha256(json.dumps([[c, str(t)] for c, t in df.dtypes.items()]).encode())
    digest.update(pd.util.hash_pandas_object(df, index=False).to_numpy().tobytes())
    return digest.hexdigest()


def _fk_subsets(schema: TableSchema, refs: dict[str, set[Any]]) -> list[dict[str, set[Any]]]:
    """``refs`` restricted to each subset of the foreign keys it checks (a reader often checks fewer)."""
    names = sorted({fk.ref_table for fk in schema.foreign_keys if fk.ref_table in refs})
    return [{n: refs[n] for n in chosen} for k in range(len(names) + 1) for chosen in itertools.combinations(names, k)]


def suite_key(content: str, schema: TableSchema, refs: dict[str, set[Any]]) -> str:
    """Key of one GX verdict: the table's content digest, the schema, the id sets its foreign keys
    check against (only those the schema declares), and the engine version."""
    used = {fk.ref_table: sorted(refs[fk.ref_table], key=str) for fk in schema.foreign_keys if fk.ref_table in refs}
    return content_key(_engine_version(), _schema_fields(schema), used, content)


@functools.cache
def _schema_fields(schema: TableSchema) -> Any:
    """The schema as plain JSON-able fields, once per schema (a frozen, hashable record)."""
    return _plain(dataclasses.asdict(schema))


def _run_gx(df: pd.DataFrame, schema: TableSchema, refs: dict[str, set[Any]]) -> list[str]:
    import great_expectations as gx

    ctx = _gx_context()
    # GX compares plain Python objects; nullable extension dtypes are given as objects/floats.
    plain = df.copy()
    for c in schema.columns:
        if c.dtype in ("int", "float"):
            plain[c.name] = plain[c.name].astype("float64")
        else:
            plain[c.name] = plain[c.name].astype(object).where(plain[c.name].notna(), None)
    name = f"{schema.name}_{id(df)}"
    source = ctx.data_sources.add_or_update_pandas(name=name)
    asset = source.add_dataframe_asset(name=name)
    batch_def = asset.add_batch_definition_whole_dataframe(name)
    suite = ctx.suites.add_or_update(gx.ExpectationSuite(name=name, expectations=_expectations(schema, refs)))
    vd = ctx.validation_definitions.add_or_update(gx.ValidationDefinition(name=name, data=batch_def, suite=suite))
    try:
        result = vd.run(batch_parameters={"dataframe": plain}, result_format="COMPLETE")
    finally:
        ctx.validation_definitions.delete(name)
        ctx.suites.delete(name)
        ctx.data_sources.delete(name)
    return [_describe_failure(r, plain, schema) for r in result.results if not r.success]
