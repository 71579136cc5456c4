"""One package per judged unit family, and the registry of them.

A family's folder holds what the family *does*: its rule judge (``rule.py`` and the modules it is
split into) and its adapter to the judges stage (``judge.py``: the rule's entry point, how the LLM
judge is asked and read, its judgments columns, its ``judge-file`` record). What it *is* (task,
verdict fields and words, prompt id, metric cells) stays in :mod:`scifigbench.concepts.families`,
because the table contracts on the floor below read it. :mod:`.registry` lists the families;
stages look a family up there instead of branching on its name.
"""
