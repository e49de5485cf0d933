"""Boarding actions fought in the boarding phase (being written)."""
