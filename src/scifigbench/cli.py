"""The ``scifigbench`` command: one subcommand per pipeline stage, plus review and import tools.

Subcommands live beside their stage (``scifigbench/<stage>/cli.py``) and are imported only when
called, so ``scifigbench --help`` stays fast (great-expectations and OpenCV load lazily).
"""

from __future__ import annotations

import importlib

import click

# name -> ("module:attribute", one-line help shown by --help without importing the module)
COMMANDS: dict[str, tuple[str, str]] = {
    "check-params": ("scifigbench.pipeline.params_check:check_params", "Validate params.yaml before any stage runs."),
    "corpus": ("scifigbench.corpus.cli:corpus", "Build the figure corpus (synthetic, manifest or SciVQA import)."),
    "preset": ("scifigbench.corpus.cli:preset", "Write a named corpus design (paper, extended) into a params file."),
    "conditions": ("scifigbench.conditions.cli:conditions", "Render every figure under each evaluation condition."),
    "vet-blur": (
        "scifigbench.conditions.vetting_cli:vet_blur",
        "Ask conditions.vetting's model about each ranked blur candidate; re-rank them for review.",
    ),
    "review": ("scifigbench.review.cli:review", "Confirm, replace or reject blur targets, probes and verdicts."),
    "probes": ("scifigbench.probes.cli:probes", "Generate capability, resistance, caption-bias and blur probes."),
    "setups": ("scifigbench.setups:setups_command", "Build the model-agnostic request table."),
    "respond": ("scifigbench.respond.cli:respond", "Send every setup to one model and store its responses."),
    "plan": (
        "scifigbench.pipeline.plan:plan_command",
        "Requests, cache hits, tokens and cost per model and judge, before sending.",
    ),
    "ledger": (
        "scifigbench.respond.cli:ledger_command",
        "Calls, tokens and cost of every run so far, per model and judge.",
    ),
    "judge": ("scifigbench.judges.cli:judge", "Turn one model's responses into verdicts."),
    "audit": ("scifigbench.judges.cli:audit", "Re-judge a seeded share of one model's units with a second judge."),
    "judge-file": ("scifigbench.judges.cli:judge_file", "Judge JSONL records that come from elsewhere."),
    "metrics": ("scifigbench.metrics.cli:metrics", "Compute the paper's tables as JSON under metrics/."),
    "report": ("scifigbench.report.cli:report", "Write the HTML report and the per-unit explorer."),
    "tables": (
        "scifigbench.report.terminal:tables",
        "Print the paper's tables from metrics/, or deltas between two runs.",
    ),
    "dvc-deps": (
        "scifigbench.pipeline.dvc_deps:dvc_deps",
        "Write each stage's code deps in dvc.yaml from its import closure (--check: compare only).",
    ),
    "prune": (
        "scifigbench.pipeline.prune:prune",
        "Remove the data/ files and dvc.lock entries of models no longer under `models:`.",
    ),
    "gc": (
        "scifigbench.pipeline.gc:gc",
        "Report the untracked cache; drop what the current code and dvc.lock can no longer reach.",
    ),
    "import-release": (
        "scifigbench.metrics.release:import_release",
        "Import the paper's released verdicts as judgments.",
    ),
    "pin-release": (
        "scifigbench.metrics.release_pin:pin_release",
        "Write paper/release.dvc (a DVC import of the paper's release) from paper/params.yaml.",
    ),
    "release-beside": (
        "scifigbench.metrics.beside_cli:release_beside",
        "A model's Table 4 cells beside the eight published models, on the release's same items.",
    ),
    "release-agreement": (
        "scifigbench.validation.release_agreement_cli:release_agreement_command",
        "Our rule judge beside GPT-4o on the release's answers: agreement per family and model.",
    ),
    "paper-compare": (
        "scifigbench.metrics.paper_compare:paper_compare",
        "Recomputed Table 2 and 4 cells beside the paper's and the release's printed values.",
    ),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        target, _ = COMMANDS[name]
        module, attr = target.split(":")
        command = getattr(importlib.import_module(module), attr)
        return command if isinstance(command, click.Command) else command()

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scifigbench")
def main() -> None:
    """scifigbench: how vision-language models read, reason about and behave on scientific figures.

    Each subcommand is one stage of the dvc pipeline (see dvc.yaml); `dvc repro` runs them in
    order and reruns only what changed. Parameters come from params.yaml.
    """
    from scifigbench.caching import validated

    # a table content a previous stage (or run) validated is not run through GX again
    validated.enable(validated.default_folder())
