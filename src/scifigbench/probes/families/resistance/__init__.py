"""The resistance family: questions resting on a false premise (an absent element, a misquoted
value) or asking for what the figure does not give."""
