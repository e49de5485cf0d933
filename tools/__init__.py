"""Maintenance tools: fuzzing, soak runs, auditor strictness, the screenshot planner."""
