"""Passive blur: a description of a chart with a blurred element, judged by whether it mentions
the element, admits it cannot be read, fabricates a reading, and (then) is right."""
