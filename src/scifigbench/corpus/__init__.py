"""The figures: synthetic charts drawn with exact ground truth (kinds, styles, scaffold), imported
figures (manifest, SciVQA, the paper's release), the subsets, and the corpus stage."""
