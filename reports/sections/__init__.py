"""Report sections: each module has `build(ds, other=None) -> Section`."""
