import type { Counter, CounterConfiguration, Gauge, GaugeConfiguration, Histogram, HistogramConfiguration, Registry } from "prom-client";

export function metricsRegistry(): Registry;
export function counter<T extends string>(config: CounterConfiguration<T>): Counter<T>;
export function gauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T>;
export function histogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T>;
