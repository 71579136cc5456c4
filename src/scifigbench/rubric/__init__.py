"""The MQM rubric for descriptions: which checks apply to a figure, and the penalties by severity."""
