"""The paper's released benchmark (``dataset/`` of its public repository) as a corpus source.

The release holds human-confirmed blur targets with questions, expected answers and reviewer
notes, the blurred images, perceptual transforms and in-paper renders, original captions and
expert descriptions, resistance probes, caption-bias captions and capability questions, but not
the clean figure images (a user may supply them in a folder of their own). ``layout`` reads and
checks the folders and fields; ``items`` turns each released item into our table rows, keeping
the release's ids, texts, expected answers and statuses; ``build`` writes them for the stages.
"""
