"""42-cluster's page: its session and view."""
