"""What one run of a model's calls did: the run log, appended to the ledger, never a tracked output.

Calls, cache hits, retries and timings change from one run to the next for the same content (a
rerun served from the cache makes no calls), so they live in the untracked ledger
(:mod:`scifigbench.llm.ledger`) and never in a table or file that dvc tracks.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scifigbench.llm.config import Effective


@dataclass
class RunStats:
    """What one invocation cost."""

    model: str
    backend: str
    model_id: str
    role: str = "respond"     # respond | judge | probes: who made the calls
    setups: int = 0
    calls: int = 0            # HTTP attempts actually sent in this run
    cache_hits: int = 0
    resumed: int = 0          # rows taken from the journal of an interrupted run
    retries: int = 0
    errors: int = 0           # setups (or judge calls) that finally failed
    failed_attempts: dict[str, int] = field(default_factory=dict)
    prompt_tokens: int = 0    # tokens of the calls sent in this run
    completion_tokens: int = 0
    cost_usd: float | None = 0.0  # spent in this run; None when the model has no price (unknown, not free)
    lowest_concurrency: int | None = None  # the adaptive limit's lowest value (throttling)
    wall_s: float = 0.0       # the whole stage
    call_s: float = 0.0       # the calling phase alone (throughput = calls / call_s)

    @classmethod
    def start(cls, eff: Effective, *, role: str = "respond", setups: int = 0) -> RunStats:
        """Empty statistics for model ``eff``: its cost starts at 0 when it has a price, else unknown."""
        m = eff.model
        return cls(eff.name, m.backend, m.model_id, role=role, setups=setups, cost_usd=None if m.price is None else 0.0)

    def add_cost(self, cost: float | None) -> None:
        """Add what one call cost (a reply without token counts adds nothing); stays unknown without a price."""
        if self.cost_usd is not None:
            self.cost_usd += cost or 0.0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["requests_per_s"] = round(self.calls / self.call_s, 3) if self.call_s > 0 else None
        out["wall_s"] = round(self.wall_s, 3)
        out["call_s"] = round(self.call_s, 3)
        out["cost_usd"] = None if self.cost_usd is None else round(self.cost_usd, 6)
        return out


def format_cost(cost: float | None) -> str:
    """Dollars for people to read; "unknown" when no price is set (never a misleading $0.0000)."""
    return "unknown (no price in params.yaml)" if cost is None else f"${cost:.4f}"
