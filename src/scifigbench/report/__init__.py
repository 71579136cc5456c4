"""The HTML report and explorer: tables laid out from the metrics files, the headline, the judge
card, value links to the units each value counts, and the pages' templates."""
