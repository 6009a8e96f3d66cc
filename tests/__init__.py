"""The tests, a package so that they share helpers by import (:mod:`tests.helpers`)."""
