# Compiled tables (gwt_sim.tables.Tables, duck-typed: arrays, scalars) -> the fixed-size Rules struct.

from gwt_sim.engine.state cimport Rules

# Fill `r` from the tables; raises ValueError naming an engine limit the content exceeds.
cdef int load_rules(Rules* r, object t) except -1
