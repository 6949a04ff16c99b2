"""Simon Tatham's shared machinery: his save-file format, his random source, his Latin squares."""
