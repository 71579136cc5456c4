"""The one failure that stops a whole run, in a module light enough for any stage to import."""


class RunAborted(RuntimeError):
    """The run cannot work as configured (wrong key, model or URL; nothing listening): stop it all.

    Raised by the client after a few identical fatal failures, and by the respond stage when more
    rows failed than ``run.max_error_share`` allows; the stage then keeps its previous outputs.
    """
