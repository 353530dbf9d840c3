//! Helpers for the benchmarks in `bench/`. Not part of Docket itself.
