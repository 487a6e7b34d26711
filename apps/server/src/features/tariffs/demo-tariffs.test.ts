import { describe, expect, it } from 'vitest';
import { savingFactorsInputSchema } from '@voltfleet/domain/plants';
import { tariffPlanIssues } from '@voltfleet/domain/tariffs';
import { demoFleetConfig } from '@voltfleet/simulator';
import { DEMO_SAVING_FACTORS } from './demo-tariffs.js';

describe('demo plant configuration', () => {
  const plants = demoFleetConfig({ startMs: Date.parse('2026-01-01T00:00:00Z') }).plants;

  it.each(plants.map((p) => [p.name, p.tariff] as const))('the tariff of %s keeps every day-plan rule', (_n, plan) => {
    expect(tariffPlanIssues(plan)).toEqual([]);
  });

  it.each(Object.entries(DEMO_SAVING_FACTORS))('the %s saving factors are valid input', (_currency, factors) => {
    expect(savingFactorsInputSchema.safeParse(factors).success).toBe(true);
  });
});
