"""Cachex's page: its session, board view, controls, analysis, graph and links."""
