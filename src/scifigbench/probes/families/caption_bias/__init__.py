"""The caption-bias family: a caption with false claims planted in it, shown with a describe request."""
