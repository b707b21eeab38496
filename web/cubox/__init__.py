"""Cubox's page: its session and view."""
