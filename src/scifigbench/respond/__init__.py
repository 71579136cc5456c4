"""Asking a model every setup: the runner over the LLM client (or a simulated respondent), its
resumable journal, and the respond stage's command."""
