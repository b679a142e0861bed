import type { ApplySilverRateResponse, SilverRateChange, SilverRateResponse, SilverRateState } from '@shared/api/catalogue-admin';
import type { ApplySilverRate } from '@shared/schemas/catalogue-admin';
import { formatIndiaDateTime } from '@shared/india-time';
import { formatINR } from '@shared/money';
import { priceFromRate, rateLabel } from '@shared/silver-rate';
import type { UserDoc } from '../collections';
import { AppError, conflict } from '../errors';
import { catalogueDraftsRepository as drafts } from '../repositories/catalogue-drafts.repository';
import { silverRateRepository, type StoredSilverRate } from '../repositories/silver-rate.repository';
import { catalogueEditorService, signature } from './catalogue-editor.service';

/** The rate as the API gives it. */
const toState = (r: StoredSilverRate): SilverRateState => ({
  rupeesPerGram: r.rupeesPerGram,
  version: r.version,
  setAt: r.setAt.toISOString(),
  setBy: r.setBy,
});

/** Every piece priced from the rate, as the form sees it (its saved draft, else the live product), at `rate`. */
async function pricesAt(rate: number): Promise<{ changes: SilverRateChange[]; unchanged: number }> {
  const forms = await Promise.all((await drafts.ratePricedIds()).map((id) => catalogueEditorService.get(id)));
  const changes: SilverRateChange[] = [];
  let unchanged = 0;
  for (const f of forms) {
    const p = f.product;
    // A draft that went back to a fixed price is not the rate's any more, whatever the live product says.
    if (!p.pricing || !p.weightGrams) continue;
    const to = priceFromRate(p.weightGrams, rate, p.pricing);
    if (to === p.price) unchanged += 1;
    else changes.push({ id: f._id, name: p.name, version: f.version, weightGrams: p.weightGrams, from: p.price, to });
  }
  changes.sort((a, b) => a.name.localeCompare(b.name));
  return { changes, unchanged };
}

/** What changed since the admin looked: the set of repricings shown differs from the one now. */
const sameChanges = (shown: ApplySilverRate['products'], now: SilverRateChange[]) =>
  shown.length === now.length && now.every((c) => shown.some((s) => s.id === c.id && s.version === c.version));

/**
 * The day's silver rate: what a rate would do to the prices of pieces priced from it, and setting it, which saves
 * each changed price as a draft (versioned like any save, by the admin) for Publish to put live together. Orders
 * keep the price they were placed at; a cart priced before is told of the change as with any price change.
 */
export const silverRateService = {
  /** The rate now, and the prices `rate` (or the rate now) gives the pieces priced from it. */
  async overview(rate?: number): Promise<Omit<SilverRateResponse, 'success'>> {
    const current = await silverRateRepository.current();
    const proposed = rate ?? current?.rupeesPerGram ?? null;
    const { changes, unchanged } = proposed === null ? { changes: [], unchanged: 0 } : await pricesAt(proposed);
    return { rate: current ? toState(current) : null, proposed, changes, unchanged };
  },

  /**
   * Sets the rate over the version the admin read and saves the prices they were shown. Refused with nothing
   * written when the rate was set by someone else since, or a piece's price or draft changed since (look again).
   */
  async apply(user: UserDoc, input: ApplySilverRate, at = new Date()): Promise<Omit<ApplySilverRateResponse, 'success'>> {
    const current = await silverRateRepository.current();
    if ((current?.version ?? 0) !== input.rateVersion) throw rateChangedSince(current);
    const { changes } = await pricesAt(input.rupeesPerGram);
    if (!sameChanges(input.products, changes))
      throw conflict('A piece priced from the silver rate was saved after these prices were worked out. Look at the new prices again.');
    if (!(await silverRateRepository.setIf(input.rateVersion, input.rupeesPerGram, signature(user).name, at)))
      throw rateChangedSince(await silverRateRepository.current());
    const skipped: string[] = [];
    for (const change of changes) {
      const form = await catalogueEditorService.get(change.id);
      try {
        // The save prices it at the rate now set; a save someone made since the check keeps theirs (409 here).
        await catalogueEditorService.save(user, change.id, change.version, form.product, at);
      } catch (err) {
        if (!(err instanceof AppError && err.status === 409)) throw err;
        skipped.push(change.name);
      }
    }
    const rate = (await silverRateRepository.current())!;
    const repriced = changes.length - skipped.length;
    const saved =
      repriced === 0 ? 'No price changes.' : `${repriced} new price${repriced === 1 ? '' : 's'} saved: publish to put them live.`;
    return { message: `The silver rate is ${rateLabel(rate.rupeesPerGram)}. ${saved}`, rate: toState(rate), repriced, skipped };
  },
};

/** The 409 of a rate set by someone else after the admin read it. */
function rateChangedSince(current: StoredSilverRate | null): AppError {
  if (!current) return conflict('The silver rate changed after you opened this page. Look at the new prices again.');
  return conflict(
    `${current.setBy} set the silver rate to ${formatINR(current.rupeesPerGram)} a gram at ${formatIndiaDateTime(current.setAt)}, after you opened this page. Look at the new prices again.`,
  );
}
