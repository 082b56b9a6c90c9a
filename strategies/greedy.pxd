from gwt_sim.engine.policy cimport Policy


cdef class GreedyPolicy(Policy):
    cdef readonly unsigned long long seed_offset   # `seed` parameter: a different stream per value
