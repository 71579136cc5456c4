"""Click commands of the judge stage that this module owns: ``judge-file``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from tqdm import tqdm

from scifigbench.families.registry import FILE_FAMILIES
from scifigbench.judges.judge_file import RecordError, judge_records, read_records
from scifigbench.judges.peer_truth import DEFAULT_POLICY
from scifigbench.tableio import atomic_write_bytes


@click.command("judge-file")
@click.option("--family", type=click.Choice(FILE_FAMILIES), required=True, help="Which kind of unit the file holds.")
@click.option("--judge", "judge_kind", type=click.Choice(["rule", "llm"]), default="rule", show_default=True)
@click.option("--base-url", help="llm: OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
@click.option("--model", help="llm: judge model name")
@click.option("--api-key-env", help="llm: NAME of the environment variable holding the API key")
@click.option("--seed", default=42, show_default=True, help="llm: seed of the caption A/B order")
@click.option(
    "--peers/--no-peers",
    default=True,
    show_default=True,
    help="rule, resistance: judge a contra answer against the premise value other answers to its question agree on",
)
@click.argument("in_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("out_path", type=click.Path(dir_okay=False, path_type=Path))
def judge_file(
    family: str,
    judge_kind: str,
    base_url: str | None,
    model: str | None,
    api_key_env: str | None,
    seed: int,
    peers: bool,
    in_path: Path,
    out_path: Path,
) -> None:
    """Judge JSONL records IN_PATH of one FAMILY and write one verdict record per input to OUT_PATH.

    Fields starting with gold_ are ignored. A bad record stops the command before anything is
    written, naming its line and field. With --judge llm, units the judge fails on keep an error
    field and are counted at the end. With --judge rule, a contra answer whose record has no true
    value is judged against the value its peers (the other answers to the same question) agree on,
    unless --no-peers.
    """
    try:
        records = read_records(in_path, family)
    except RecordError as err:
        raise click.ClickException(str(err)) from None
    judge = None
    if judge_kind == "llm":
        if not (base_url and model):
            raise click.UsageError("--judge llm needs --base-url and --model")
        from scifigbench.judges.llm import LLMJudge, openai_complete

        judge = LLMJudge(openai_complete(base_url, model, api_key_env), model, seed=seed)
    outputs = list(
        tqdm(
            judge_records(records, family, judge, DEFAULT_POLICY if peers else None),
            total=len(records),
            file=sys.stderr,
            desc=f"judge {family}",
            disable=None,
        )
    )
    atomic_write_bytes(out_path, "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in outputs).encode("utf-8"))
    errors = sum(o["error"] is not None for o in outputs)
    click.echo(f"{len(outputs)} units judged -> {out_path}" + (f"; {errors} judge errors" if errors else ""), err=True)


@click.command("judge")
@click.argument("model")
@click.option("--params", "params_path", default="params.yaml", show_default=True, help="params file")
def judge(model: str, params_path: str) -> None:
    """Judge MODEL's responses (data/responses/MODEL.parquet) into data/judgments/MODEL.parquet."""
    from scifigbench import paths
    from scifigbench.judges.stage import run
    from scifigbench.llm import RunAborted
    from scifigbench.llm.terminate import sigterm_raises

    try:
        with sigterm_raises():  # a stopped LLM judge still writes what it spent to the ledger
            table = run(model, params_path)
    except RunAborted as exc:  # the judge model cannot work as configured: the previous judgments stay
        raise click.ClickException(f"judge {model}: {exc}") from None
    errors = int(table["error"].notna().sum())
    click.echo(f"judge {model}: {len(table)} units -> {paths.judgments(model)} ({errors} with errors)")
    judged = table[table["error"].isna()]
    undecided = judged["verdict"] == "undecided"
    decided = judged[~undecided]["judge_id"].str.split(":").str[0].value_counts()
    shares = [f"decided by the {kind} judge: {n}" for kind, n in decided.items()]
    click.echo(", ".join([*shares, f"undecided: {undecided.sum()}"]))
    click.echo(table.groupby("family").size().to_string())


@click.command("audit")
@click.argument("model")
@click.option("--params", "params_path", default="params.yaml", show_default=True, help="params file")
def audit(model: str, params_path: str) -> None:
    """Re-judge the seeded share of MODEL's units that judge.audit names with its LLM judge
    (data/audit/MODEL.parquet; empty without judge.audit)."""
    from scifigbench import paths
    from scifigbench.judges.audit import run
    from scifigbench.llm import RunAborted

    try:
        table = run(model, params_path)
    except RunAborted as exc:  # the audit model cannot work as configured: the previous table stays
        raise click.ClickException(f"audit {model}: {exc}") from None
    errors = int(table["error"].notna().sum())
    click.echo(f"audit {model}: {len(table)} units -> {paths.audit(model)} ({errors} with errors)")
