"""Active blur: a question about a blurred chart element, judged by whether the answer admits it
cannot be read, fabricates a reading, and (then) is right."""
