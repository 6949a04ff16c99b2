"""The CGP formats: one module a format, its reader and writer side by side."""
