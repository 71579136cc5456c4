"""Schema of ``data/responses/<model>.parquet``: one row per setup sent to one model.

A row with ``error`` set has no text: the call finally failed and is counted, never dropped.
``sim_trace`` is set only for simulated respondents: the behaviour they chose per unit (JSON),
which the known-answer tests compare with the judge's verdicts.

The table holds content only: what was asked, what came back and what the answer cost when it
was first obtained (its tokens are kept with it in the call cache). How this run got it — from
the cache or a call, after how many attempts, how fast — goes to the untracked ledger, so a rerun
served from the cache writes the same bytes and reruns nothing downstream.
"""

from scifigbench.contracts.core import Column, ForeignKey, TableSchema

RESPONSES = TableSchema(
    name="responses",
    key="setup_id",
    columns=(
        Column("setup_id", "str", unique=True),
        Column("model", "str", doc="the key under params.yaml: models"),
        Column("model_id", "str", doc="the provider's model id / deployment"),
        Column("backend", "str", allowed=frozenset({"openai", "azure", "simulated"})),
        Column("request_hash", "str", regex=r"^[0-9a-f]{64}$", doc="content address of the request"),
        Column("text", "str", nullable=True),
        Column("finish_reason", "str", nullable=True),
        Column("prompt_tokens", "int", nullable=True, min=0),
        Column("completion_tokens", "int", nullable=True, min=0),
        Column("cost_usd", "float", nullable=True, min=0),
        Column("error", "str", nullable=True),
        Column("sim_trace", "str", nullable=True),
    ),
    foreign_keys=(ForeignKey("setup_id", "setups", "setup_id"),),
)
