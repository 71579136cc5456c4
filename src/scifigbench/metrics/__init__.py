"""From judgments to the numbers a report shows: the paper's tables, breakdowns, header and
validity files under metrics/, the release's published models beside a run, and the statistics."""
