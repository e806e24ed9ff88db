"""CLI subcommands. Each module defines ``add_arguments(parser)`` and ``run(args) -> int``.

Modules import the core lazily inside ``run`` so that ``tfgpu-wizard --help`` stays fast.
"""
