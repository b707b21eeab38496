"""Benchmarks and strength matches: measured and reported, never asserted."""
