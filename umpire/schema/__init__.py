"""Pydantic models for every data file, and the loader that validates them."""
