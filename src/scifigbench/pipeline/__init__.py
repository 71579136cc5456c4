"""Running the pipeline as a whole: dvc deps, the warm worker, the cost plan, params checks, pruning.

Above the command line (they compose or inspect every stage), never imported by a stage.
"""
