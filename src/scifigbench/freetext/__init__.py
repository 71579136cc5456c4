"""Reading free text without a model: numbers, colours, label words, cue lexicons; shared by the
rule judge, the simulated respondents and the layout reader."""
