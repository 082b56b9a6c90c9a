# Shared integer types of the engine.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

ctypedef int8_t i8
ctypedef int16_t i16
ctypedef int32_t i32
ctypedef int64_t i64
ctypedef uint64_t u64
