// The libraries loaded on first use (a workspace that never needs them never pays for them), each loaded in
// one place: cel-js for CRD rules and CEL expressions, Prometheus's PromQL grammar for PromQL expressions.
import type * as CelJs from '@marcbachmann/cel-js';
import type * as LezerPromql from '@prometheus-io/lezer-promql';
import { lazy } from './memo';

export const loadCel = lazy(() => require('@marcbachmann/cel-js') as typeof CelJs);

export const promqlParser = lazy(() => (require('@prometheus-io/lezer-promql') as typeof LezerPromql).parser);
