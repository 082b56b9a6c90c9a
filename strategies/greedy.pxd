from gwt_sim.engine.policy cimport CompiledPolicy


cdef class GreedyPolicy(CompiledPolicy):
    cdef readonly unsigned long long seed_offset   # `seed` parameter: a different stream per value
