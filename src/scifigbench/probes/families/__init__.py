"""One package per probe family (what is *asked*): the writers of its probes, in one folder.

Each folder holds how its family's probes are written: ``from_spec`` for a synthetic figure (exact
answers from the spec, status ``confirmed``), ``from_layout`` for a real figure's layout reading
(status ``proposed``), ``from_targets`` for a confirmed blur target. What a probe family *is*
(categories, delivery, task, writers) stays in :mod:`scifigbench.concepts.probe_families`,
because the probes contract on the ground floor reads it.
"""
