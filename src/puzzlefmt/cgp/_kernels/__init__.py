"""The CGP kernels: numba functions over numpy arrays, loaded on first use."""
