"""Run inside a copy of the package that has the toy probe family: the probes stage's spec writers
and the probes contract over the respondent figures. Prints the probes as JSON."""

from __future__ import annotations

import json

from helpers.spec_factory import RESPONDENT_FIGURES
from scifigbench.contracts import PROBES
from scifigbench.contracts.core import validate
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.probe import to_frame
from scifigbench.probes.stage import spec_probes, summary

probes = []
for make in RESPONDENT_FIGURES:
    got, _ = spec_probes(make(), True, ProbesConfig(), 42)
    probes += got
frame = to_frame(probes).sort_values("probe_id").reset_index(drop=True)
validate(frame, PROBES, where="toy probes")
print(json.dumps({"rows": frame.to_dict("records"), "by_family": summary(frame)["by_family"]}, default=str))
