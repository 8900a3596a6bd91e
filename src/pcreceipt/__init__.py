"""pcreceipt: a PowerContext-compatible context runtime with explainable prepared context."""

__version__ = "0.4.0"
