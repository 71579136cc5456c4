"""Caption claims: a false claim planted in the caption, judged by whether the description follows
the image, the caption, or neither."""
