"""tfgpu-wizard: set up TensorFlow on an NVIDIA GPU, verify it, and watch the GPU work."""

__version__ = "0.1.0"
