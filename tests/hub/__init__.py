"""Tests that start a real JupyterHub with learners as Unix users."""
