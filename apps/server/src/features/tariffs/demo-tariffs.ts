import { minuteOfDay, orderedPlan, tariffPlanIssues, type TariffPeriodDraft } from '@voltfleet/domain/tariffs';
import { type Currency, type SavingFactorsInput } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { insertSavingFactors } from './savings.repository.js';
import { upsertTariffVersion } from './tariffs.repository.js';

/**
 * Demo configuration only: grid-specific energy-saving factors for the European demo plants (grids with less coal
 * than the default convention assumes), so the demo shows both configured and default factors.
 */
export const DEMO_SAVING_FACTORS: Partial<Record<Currency, SavingFactorsInput>> = {
  CZK: { coalKgPerKwh: 0.35, co2KgPerKwh: 0.45, treesPerKwh: 0.0246 },
  EUR: { coalKgPerKwh: 0.3, co2KgPerKwh: 0.38, treesPerKwh: 0.0208 },
};

/**
 * Gives a demo plant the tariff its simulation pays (from `effectiveFrom` on) and, for its currency where set, its
 * saving factors. A tariff that breaks a day-plan rule is a bug in the demo data and stops the seeding.
 */
export async function seedDemoPlantConfig(
  db: Queryable,
  plant: { plantId: number; currency: Currency; effectiveFrom: string; userId: number; tariff: TariffPeriodDraft[] },
): Promise<void> {
  const issues = tariffPlanIssues(plant.tariff);
  if (issues.length > 0) throw new Error(`demo tariff of plant ${plant.plantId} breaks ${issues[0]!.key}`);
  await upsertTariffVersion(db, {
    plantId: plant.plantId,
    effectiveFrom: plant.effectiveFrom,
    currency: plant.currency,
    userId: plant.userId,
    periods: orderedPlan(plant.tariff).map((x) => ({
      type: x.type,
      startMinute: minuteOfDay(x.start) as number,
      endMinute: minuteOfDay(x.end) as number,
      price: x.price,
    })),
  });
  const factors = DEMO_SAVING_FACTORS[plant.currency];
  if (factors) await insertSavingFactors(db, plant.plantId, factors, plant.userId);
}
