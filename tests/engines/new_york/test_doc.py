"""The engine's docstring example runs."""

import doctest

from companion.engines import new_york


def test_module_docstring_example():
    assert doctest.testmod(new_york).failed == 0
