"""numba kernels of the collection's shared pieces: its random source and Latin squares."""
