"""The chart's store is bounded like the core sampler's ring buffer (issue 11): a long run cannot grow it."""

from __future__ import annotations

import numpy as np
import pytest

from tfgpu_wizard.gui.chart import SeriesStore

pytestmark = pytest.mark.gui


def test_store_keeps_at_most_max_rows_and_the_newest_ones():
    store = SeriesStore(capacity=16, max_rows=1000)
    for i in range(10_000):
        store.append(i * 0.05, {"gpu0.used": float(i), **({"tf.peak": 1.0} if i % 2 else {})})
    assert 750 <= len(store) <= 1000 and store.dropped == 10_000 - len(store)
    t = store.t()
    assert t[-1] == pytest.approx(9_999 * 0.05) and np.all(np.diff(t) > 0)
    used = store.col("gpu0.used")
    assert used[-1] == 9_999 and used[0] == 10_000 - len(store)  # contiguous: nothing lost inside the window
    ty, y = store.present("tf.peak", slice(0, len(store)))  # a series absent from half the rows stays so
    assert len(y) == len(store) // 2 and np.all(y == 1.0)
    assert store.nbytes() <= 1000 * (8 + 4 * 2)


def test_default_bound_is_two_hours_at_20_hz():
    store = SeriesStore()
    assert store.max_rows == 2 * 3600 * 20
