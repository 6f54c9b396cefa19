"""Iris: long-term memory routing for chat assistants."""
