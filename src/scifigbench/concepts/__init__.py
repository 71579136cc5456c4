"""The open concepts of the benchmark, each defined once, on the ground floor of the house.

- :mod:`.names`: the closed vocabularies every stage shares (capability categories, resistance
  types, conditions, blur modes, probe and unit families), in the paper's order.
- :mod:`.kinds`: one record per chart kind (bar, line, pie, ...) with everything the stages need
  to know of it: its traits, its MQM checklist, its describe prompt, its words.
- :mod:`.families`: one record per judged unit family (description, capability, resistance,
  caption claim, active and passive blur): its task, verdict values, LLM prompt, booleans.

Stages look records up here; they branch on a record's traits, never on a kind's or a family's
name, so adding a kind or a family is a new record, not an edit of every stage.
"""
