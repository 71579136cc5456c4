"""The blur family: a question about the text a confirmed blur target hides."""
