"""A strategy plugin module that cannot be imported (a missing dependency), for the reliability tests."""

raise ImportError("No module named 'torch_gwt' (a dependency this plugin needs)")
