"""Tests that drive a real JupyterLab or Jupyter Notebook 7 in headless Chromium."""
