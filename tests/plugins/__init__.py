"""Example strategy plugins used by the tests (importable as `tests.plugins.<module>`)."""
